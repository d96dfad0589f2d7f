"""Fault injection (issue 12): the faults a demanding operator tries, run against the real CLI, one
table row each. `python -m bench.faults [--fuzz N] [--keep DIR]`; exits 1 if any row is not as
expected. Not part of `make test` (the same faults are pinned by tests/test_pipeline_faults.py,
test_pipeline_fuzz.py and test_pipeline_resume.py); this script is the operator's rerun.

Rows: a worker killed by kill -9 mid-deal, a deleted deals part, a verdicts part one row short, two
writers at once, tampered manifests, signature checks, bad options that used to poison the folder
or trace back, classic FreeCell codes, hostile entries in the data and export folders, verify's
gaps and fair races (issue 31), completeness (a run killed before any verdict, repair at two budgets,
a flipped byte in a deals part, a resume with another DEALPOOL_SLICE), bounded inputs and one-line OS
errors (/dev/zero, deep JSON, 300 digits, bad keys, a full disk, a read-only folder, a killed Dask
scheduler; issue 31), and N fuzzed inputs in process (no traceback allowed).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
FAKE = ROOT / "tests" / "pipeline_fake.py"  # the CLI on the real engine, slowed (DEALPOOL_FAKE_MODE=real)
HUGE = "9" * 5000

Row = tuple[str, str, str, bool]  # fault, expected, got, as expected


def cli(*argv: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    e = dict(os.environ) | (env or {})
    e.pop("DEALPOOL_DATA", None)
    return subprocess.run([sys.executable, "-m", "pipeline", *argv], cwd=ROOT, env=e, input=stdin,
                          capture_output=True, text=True)  # fmt: skip


def last(r: subprocess.CompletedProcess[str]) -> str:
    """`exit N: <the last line>`, without the error prefix and the temp folder's path."""
    text = (r.stderr.strip() or r.stdout.strip()).splitlines()
    line = re.sub(r"'?/tmp/dealpool-faults-\w+/?([\w/.-]*)'?", r"\1", text[-1] if text else "")
    return f"exit {r.returncode}: {line.removeprefix('dealpool: error: ')[:110]}"


def clean(r: subprocess.CompletedProcess[str]) -> bool:
    return "Traceback" not in r.stderr and "Traceback" not in r.stdout


def verdicts(data: Path) -> list[dict[str, Any]]:
    from pipeline import store

    return store.read_table(store.Folder(data), store.VERDICTS).to_pylist()


def children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def fresh_pool(base: Path, name: str, boards: str = "klondike-1,klondike-3", numbers: str = "1-20") -> Path:
    data = base / name
    r = cli("--data", str(data), "build", "--boards", boards, "--numbers", numbers, "--budget", "20000", "--quiet")
    assert r.returncode == 0, r.stderr
    return data


# ---------------------------------------------------------------- the faults


def worker_killed(base: Path) -> list[Row]:
    data = base / "kill9"
    e = {"DEALPOOL_FAKE_MODE": "real", "DEALPOOL_FAKE_SLEEP": "0.4", "DEALPOOL_SLICE": "4"}
    run = [sys.executable, str(FAKE), "--data", str(data)]
    subprocess.run(run + ["sample", "--boards", "klondike-3", "--numbers", "1-8"], check=True, capture_output=True)
    p = subprocess.Popen(run + ["solve", "--budget", "20000", "--workers", "2", "--quiet"], env=os.environ | e,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    killed = 0
    deadline = time.monotonic() + 30
    while not killed and time.monotonic() < deadline:
        time.sleep(0.2)
        for c in children(p.pid):
            os.kill(c, signal.SIGKILL)
            killed += 1
            break
    out, err = p.communicate()
    rows = verdicts(data)
    errors = sum(r["verdict"] == "error" for r in rows)
    chk = cli("--data", str(data), "check", "--solves", "2")
    got = f"exit {p.returncode}, killed {killed}, {len(rows)} rows, {errors} error; {out.strip()[-40:]}; check exit {chk.returncode}"
    return [("kill -9 of a worker mid-deal", "retried: exit 0, 8 rows, 0 error, check 0", got,
             killed == 1 and p.returncode == 0 and len(rows) == 8 and errors == 0 and chk.returncode == 0)]  # fmt: skip


def damaged_storage(base: Path) -> list[Row]:
    out: list[Row] = []
    data = fresh_pool(base, "lost-deals")
    part = sorted((data / "deals").glob("klondike-3.*.parquet"))[0]
    part.unlink()
    for cmd in (["check", "--solves", "0"], ["export"], ["report"]):
        r = cli("--data", str(data), *cmd)
        out.append((f"deals part deleted; {cmd[0]}", "exit 1 naming the part / check --repair",
                    last(r), r.returncode == 1 and clean(r) and (part.name in r.stderr or "check --repair" in r.stderr)))  # fmt: skip
    data = fresh_pool(base, "short-verdicts")
    import pyarrow.parquet as pq

    vpart = sorted((data / "verdicts").glob("*.parquet"))[0]
    t = pq.read_table(vpart)
    pq.write_table(t.slice(0, t.num_rows - 1), vpart)
    for cmd in (["check", "--solves", "0"], ["report"]):
        r = cli("--data", str(data), *cmd)
        out.append((f"verdicts part one row short; {cmd[0]}", "exit 1 naming what changed", last(r),
                    r.returncode == 1 and clean(r) and ("has changed" in r.stderr or "damaged" in r.stderr)))  # fmt: skip
    r = cli("--data", str(data), "check", "--repair")
    r2 = cli("--data", str(data), "solve", "--budget", "20000", "--quiet")
    r3 = cli("--data", str(data), "check", "--solves", "0")
    out.append(("... then check --repair, solve, check", "exit 0, the row back", f"{last(r2)}; check exit {r3.returncode}",
                r.returncode == 0 and r2.returncode == 0 and r3.returncode == 0 and len(verdicts(data)) == 40))  # fmt: skip
    return out


def two_writers(base: Path) -> list[Row]:
    data = base / "two"
    e = os.environ | {"DEALPOOL_FAKE_MODE": "real", "DEALPOOL_FAKE_SLEEP": "0.05"}
    run = [sys.executable, str(FAKE), "--data", str(data)]
    subprocess.run(run + ["sample", "--boards", "klondike-1", "--numbers", "1-40"], check=True, capture_output=True)
    first = subprocess.Popen(run + ["solve", "--budget", "20000", "--quiet"], env=e, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)  # fmt: skip
    time.sleep(1.0)
    second = subprocess.run(run + ["solve", "--budget", "20000", "--quiet"], env=e, capture_output=True, text=True)
    o1, e1 = first.communicate()
    ok = first.returncode == 0 and second.returncode == 1 and "another dealpool run" in second.stderr
    return [("two solve runs on one folder", "second stops: exit 1, clear message; first exit 0",
             f"first exit {first.returncode}; second {last(second)}", ok and clean(second))]  # fmt: skip


def tampered_exports(base: Path) -> list[Row]:
    data = fresh_pool(base, "export")
    out: list[Row] = []
    pool = data / "pool"
    r = cli("--data", str(data), "export")
    assert r.returncode == 0, r.stderr
    saved = (pool / "manifest.json").read_text()
    edits: dict[str, Callable[[dict[str, Any]], Any]] = {
        "engine_version edited": lambda m: m.update(engine_version="0.0.0"),
        "rules_version edited": lambda m: m.update(rules_version="SOL0"),
        "budgets edited": lambda m: m["boards"]["klondike-3"].update(budgets=[5]),
        "a board removed": lambda m: m["boards"].pop("klondike-3"),
        "json path ../../x": lambda m: m["boards"]["klondike-3"].update(json="../../x"),
        '"boards": {"klondike-3": "x"}': lambda m: m["boards"].update({"klondike-3": "x"}),
        '"files": ["a"]': lambda m: m.update(files=["a"]),
    }
    for name, edit in edits.items():
        m = json.loads(saved)
        edit(m)
        (pool / "manifest.json").write_text(json.dumps(m))
        r = cli("verify", str(pool))
        out.append((f"verify: {name}", "exit 1, one line", last(r), r.returncode == 1 and clean(r)))
    (pool / "manifest.json").write_text(saved)
    (pool / "extra.txt").write_text("x")
    r = cli("verify", str(pool))
    out.append(("verify: an extra unlisted file", "exit 1, one line", last(r), r.returncode == 1 and clean(r)))
    (pool / "extra.txt").unlink()
    key = base / "keys" / "operator"
    cli("keygen", str(key))
    cli("--data", str(data), "export", "--sign", str(key))
    r = cli("verify", str(pool), "--key", f"{key}.pub")
    out.append(("verify --key: signed by the operator", "exit 0", last(r), r.returncode == 0))
    m = json.loads((pool / "manifest.json").read_text())
    m["engine_version"] += "x"
    (pool / "manifest.json").write_text(json.dumps(m, indent=1, sort_keys=True) + "\n")
    r = cli("verify", str(pool), "--key", f"{key}.pub")
    out.append(("verify --key: manifest edited after signing", "exit 1", last(r), r.returncode == 1 and clean(r)))
    return out


def bad_options(base: Path) -> list[Row]:
    data = base / "opts"
    cli("--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "1-5")
    cases = [
        ("solve --max-mb 0", ["--data", str(data), "solve", "--max-mb", "0"], ""),
        ("solve --nodes 2^64", ["--data", str(data), "solve", "--nodes", str(2**64)], ""),
        ("sample --random 99999999999999999999", ["--data", str(data), "sample", "--boards", "klondike-1", "--random", "99999999999999999999"], ""),
        ("code with a 5,000-digit number", ["solve", f"SOL1-klondike-N{HUGE}"], ""),
        ("replay: JSON nested 1,000 deep", ["replay", "SOL1-freecell-cells=4-C1"], "[" * 1000 + "]" * 1000),
        ("replay: undo token u<5,000 digits>", ["replay", "SOL1-freecell-cells=4-C1"], f"u{HUGE}"),
    ]  # fmt: skip
    out: list[Row] = []
    for name, argv, stdin in cases:
        r = cli(*argv, stdin=stdin)
        want = 2  # bad input, a refused move included
        out.append((name, f"exit {want}, one line, nothing written", last(r),
                    r.returncode == want and clean(r) and len(r.stderr) < 600))  # fmt: skip
    out.append(("... the folder after them", "no verdict rows", f"{len(verdicts(data))} rows", not verdicts(data)))
    return out


def classic(base: Path) -> list[Row]:
    data = base / "classic"
    r1 = cli("solve", "SOL1-freecell-cells=4-C11982")
    r2 = cli("--data", str(data), "build", "--boards", "freecell", "--classic", "1-10", "--quiet")
    r3 = cli("--data", str(data), "check")
    r4 = cli("--data", str(data), "export")
    r5 = cli("verify", str(data / "pool"))
    return [
        ("solve SOL1-freecell-cells=4-C11982", "exit 0, a verdict", last(r1), r1.returncode == 0),
        ("build --boards freecell --classic 1-10", "exit 0", last(r2), r2.returncode == 0),
        ("... check, export, verify", "exit 0 each", f"{r3.returncode}, {r4.returncode}, {r5.returncode}: {last(r5)}",
         r3.returncode == r4.returncode == r5.returncode == 0),
    ]  # fmt: skip


def hostile(base: Path) -> list[Row]:
    """Issue 31: hostile entries in the data and export folders, verify's gaps, fair races."""
    out: list[Row] = []
    victim = base / "outside" / "precious.txt"
    victim.parent.mkdir(parents=True, exist_ok=True)
    victim.write_text("keep\n")
    data = fresh_pool(base, "hostile", boards="klondike-1", numbers="1-6")
    (data / ".lock").unlink()
    (data / ".lock").symlink_to(victim)
    r = cli("--data", str(data), "check", "--solves", "0")
    out.append((".lock a symlink to a file outside; check", "exit 2, one line, target kept", last(r),
                r.returncode == 2 and clean(r) and victim.read_text() == "keep\n"))  # fmt: skip
    (data / ".lock").unlink()
    (data / ".lock").mkdir()
    r = cli("--data", str(data), "solve")
    out.append((".lock a folder; solve", "exit 2, one line", last(r), r.returncode == 2 and clean(r)))
    (data / ".lock").rmdir()
    stale = victim.parent / "verdicts~x~1~y.tmp"
    stale.write_text("keep\n")
    shutil.rmtree(data / ".tmp", ignore_errors=True)
    (data / ".tmp").symlink_to(victim.parent, target_is_directory=True)
    r = cli("--data", str(data), "check", "--solves", "0")
    out.append((".tmp a symlink to a folder outside; check", "exit 2, nothing outside deleted", last(r),
                r.returncode == 2 and clean(r) and stale.exists()))  # fmt: skip
    (data / ".tmp").unlink()
    r = cli("--data", str(data), "export", "--out", str(data / "deals"))
    out.append(("export --out <data>/deals", "exit 2, one line", last(r), r.returncode == 2 and clean(r)))
    glob = fresh_pool(base, "a*b", boards="klondike-1", numbers="1-3")
    fresh_pool(base, "aXb", boards="klondike-1", numbers="1-5")
    cli("--data", str(glob), "report")
    r = cli("--data", str(glob), "sql", "select count(*) AS n from verdicts_all", "--csv")
    out.append(("data folder named a*b beside aXb; sql count", "3 (its own rows only)", last(r),
                r.returncode == 0 and r.stdout.split() == ["n", "3"]))  # fmt: skip
    odd = fresh_pool(base, "new\nline", boards="klondike-1", numbers="1-2")
    r = cli("--data", str(odd), "report")
    out.append(("data folder named with a newline; report", "exit 0", last(r).replace("\n", " "), r.returncode == 0 and clean(r)))
    damaged = fresh_pool(base, "unlisted", boards="klondike-1", numbers="1-4")
    import pyarrow.parquet as pq

    src = sorted((damaged / "deals").glob("*.parquet"))[0]
    pq.write_table(pq.read_table(src), damaged / "deals" / "klondike-1.N0000009-0000012.parquet")
    r = cli("--data", str(damaged), "solve", "--budget", "20000", "--quiet")
    out.append(("an unlisted deals part; solve", "exit 1: not in the ledger, never read", last(r),
                r.returncode == 1 and clean(r) and "not in the ledger" in r.stderr))  # fmt: skip

    r = cli("--data", str(data), "export")
    pool = data / "pool"
    (pool / f"reveal-{'0' * 64}.json").write_text('{"commitment": "%s", "server_seed": "x"}' % ("0" * 64))
    r = cli("verify", str(pool))
    out.append(("verify: unlisted file named like a reveal", "exit 1", last(r), r.returncode == 1 and clean(r)))
    (pool / f"reveal-{'0' * 64}.json").unlink()
    (pool / "notes").symlink_to(victim)
    r = cli("verify", str(pool))
    out.append(("verify: a symlink in the pool", "exit 1", last(r), r.returncode == 1 and "symlink" in r.stderr))
    (pool / "notes").unlink()
    seq = json.loads((pool / "manifest.json").read_text())["sequence"]
    r = cli("verify", str(pool), "--min-sequence", str(seq + 1))
    out.append(("verify --min-sequence (an older pool)", "exit 1", last(r), r.returncode == 1 and "older pool" in r.stderr))
    r = cli("verify", str(pool), "--key", "/dev/zero")
    out.append(("verify --key /dev/zero", "exit 2 at once, one line", last(r), r.returncode == 2 and clean(r)))
    r = cli("--data", str(data), "fair", "commit")
    c = r.stdout.split()[1] if r.returncode == 0 else ""
    draws = [subprocess.Popen([sys.executable, "-m", "pipeline", "--data", str(data), "fair", "draw", str(pool),
                               "--client-seed", f"p{i}"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for i in range(8)]  # fmt: skip
    codes = [p.wait() for p in draws]
    for p in draws:
        p.communicate()
    rec = json.loads((data / "fair" / f"{c}.json").read_text()) if c else {"draws": []}
    out.append(("8 concurrent fair draws", "8 recorded", f"{len(rec['draws'])} recorded, exits {sorted(set(codes))}",
                len(rec["draws"]) == 8 and codes == [0] * 8))  # fmt: skip
    fresh = base / "commits"
    fresh.mkdir()
    commits = [subprocess.Popen([sys.executable, "-m", "pipeline", "--data", str(fresh), "fair", "commit"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]  # fmt: skip
    codes = [p.wait() for p in commits]
    for p in commits:
        p.communicate()
    out.append(("4 concurrent fair commits", "1 succeeds", f"{codes.count(0)} succeeded", codes.count(0) == 1))
    return out


PATCHED = """
import errno, os, sys
sys.path.insert(0, {root!r})
mode, root = sys.argv[1], os.path.abspath(sys.argv[2])
def refuse(name, real, err):
    def f(path, *a, **k):
        writes = name != "open" or (a and a[0] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
        if writes and os.path.abspath(os.fspath(path)).startswith(root):
            if name == "mkdir" and os.path.isdir(path):
                raise FileExistsError(errno.EEXIST, "File exists", path)
            raise OSError(err, os.strerror(err), os.fspath(path))
        return real(path, *a, **k)
    return f
if mode == "full":  # a disk with no room left: the first fsync of a written file says so
    def fsync(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    os.fsync = fsync
else:  # a read-only mount: every write under the folder refused
    for name in ("open", "mkdir", "replace", "rename", "unlink"):
        setattr(os, name, refuse(name, getattr(os, name), errno.EROFS))
from pipeline.cli import main
main(sys.argv[3:])
"""


def patched(mode: str, data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """The CLI with the disk full (`full`) or the data folder read-only (`ro`), as the OS would say it
    (ENOSPC on fsync, EROFS on every write under the folder): no mount needed, so it runs anywhere."""
    e = dict(os.environ)
    e.pop("DEALPOOL_DATA", None)
    code = PATCHED.format(root=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, mode, str(data), "--data", str(data), *argv], cwd=ROOT, env=e,
                          capture_output=True, text=True)  # fmt: skip


def one_line(r: subprocess.CompletedProcess[str]) -> bool:
    return clean(r) and len(r.stderr.strip().splitlines()) == 1


def next_commands(out: str) -> list[list[str]]:
    """The `next:` commands `check --repair` printed, as argv after `dealpool`."""
    import shlex

    cmds = [shlex.split(ln.split("next: ", 1)[1]) for ln in out.splitlines() if " next: " in ln]
    return [c[1:] for c in cmds if c and c[0] == "dealpool" and "check" not in c]


def completeness(base: Path) -> list[Row]:
    """Issue 31, item 1: check proves every sampled deal has its verdict at each budget asked."""
    import shlex
    from collections import Counter

    out: list[Row] = []
    e = {"DEALPOOL_FAKE_MODE": "real", "DEALPOOL_FAKE_SLEEP": "30"}
    data = base / "killed-early"
    run = [sys.executable, str(FAKE), "--data", str(data)]
    subprocess.run(run + ["sample", "--boards", "klondike-3", "--numbers", "1-6"], check=True, capture_output=True)
    p = subprocess.Popen(run + ["solve", "--budget", "20000", "--workers", "1", "--quiet"], env=os.environ | e,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 60
    while not list((data / "ledger" / "asked").glob("*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    p.kill()
    p.wait()
    r = cli("--data", str(data), "check", "--solves", "0")
    cmd = r.stderr.split("run `")[-1].split("`")[0] if "run `" in r.stderr else ""
    r2 = cli(*shlex.split(cmd)[1:], "--quiet") if cmd.startswith("dealpool") else r
    r3 = cli("--data", str(data), "check", "--solves", "0")
    out.append(("run killed before any verdict; check, its command, check", "exit 1 naming `solve ... --budget`; 6 solved; 0",
                f"{last(r)[:60]}...; {last(r2)[:28]}; check exit {r3.returncode}",
                r.returncode == 1 and one_line(r) and "--budget 20000" in cmd and r2.stdout.startswith("solve: 6 deals")
                and r3.returncode == 0))  # fmt: skip

    data = base / "two-budgets"
    for budget in ("2000", "200000"):  # klondike-3 leaves some unknown at 2,000
        r = cli("--data", str(data), "build", "--boards", "klondike-1,klondike-3", "--numbers", "1-16", "--budget", budget, "--quiet")
        assert r.returncode == 0, r.stderr

    def table() -> set[tuple[Any, ...]]:
        return {(r["board"], r["code"], r["budget"], r["verdict"], r["nodes"], tuple(r["line"])) for r in verdicts(data)}

    before = table()
    parts = sorted((data / "verdicts").glob("klondike-3.*.parquet"))  # every klondike-3 row, at both budgets
    for part in parts:
        b = bytearray(part.read_bytes())
        b[len(b) // 2] ^= 0x40
        part.write_bytes(bytes(b))
    r = cli("--data", str(data), "check", "--repair")
    said = [ln.split("to re-solve: ")[1].split(": ")[:2] for ln in r.stdout.splitlines() if "to re-solve:" in ln]
    solved = []
    for argv in next_commands(r.stdout):
        s = cli(*argv, "--quiet")
        solved.append(int(s.stdout.split()[1]) if s.returncode == 0 and s.stdout.startswith("solve:") else -1)
    c = cli("--data", str(data), "check", "--solves", "2")
    listed = ", ".join(f"{n.split(' deal')[0]}{' + the unknown' if 'unknown' in n else ''} at {w.split()[-1]}" for w, n in said)
    first = int(said[0][1].split()[0]) if said else -1
    out.append((f"{len(parts)} verdicts parts damaged (2k, 200k); repair, its commands", "exactly those re-solved; the table back",
                f"listed {listed}; re-solved {solved}; table {'back' if table() == before else 'differs'}; check {c.returncode}",
                bool(said) and solved[:1] == [first] and table() == before and c.returncode == 0))  # fmt: skip

    data = fresh_pool(base, "flipped-deals", boards="klondike-1", numbers="1-10")
    rows = len(verdicts(data))
    part = sorted((data / "deals").glob("*.parquet"))[0]
    b = bytearray(part.read_bytes())
    b[len(b) // 2] ^= 0x40
    part.write_bytes(bytes(b))
    r = cli("--data", str(data), "check", "--repair")
    c = cli("--data", str(data), "check", "--solves", "2")
    out.append(("a flipped byte in a deals part; check --repair", "deals rebuilt, every verdict kept, check 0",
                f"{len(verdicts(data))} of {rows} verdicts kept; {'rebuilt' if 'rebuilt deals: 1' in r.stdout else 'not rebuilt'}; "
                f"check exit {c.returncode}", len(verdicts(data)) == rows and "rebuilt deals: 1" in r.stdout and c.returncode == 0))  # fmt: skip

    data = base / "slices"
    e = {"DEALPOOL_FAKE_MODE": "real", "DEALPOOL_FAKE_SLEEP": "0.05", "DEALPOOL_SLICE": "4"}
    run = [sys.executable, str(FAKE), "--data", str(data)]
    args = ["solve", "--boards", "klondike-3", "--budget", "20000", "--workers", "2", "--quiet"]
    subprocess.run(run + ["sample", "--boards", "klondike-3", "--numbers", "1-40"], check=True, capture_output=True)
    p = subprocess.Popen(run + args, env=os.environ | e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(list((data / "verdicts").glob("*.parquet"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    alive = p.poll() is None
    p.kill()
    p.wait()
    time.sleep(0.3)
    done = len(verdicts(data))
    r = subprocess.run(run + args, env=os.environ | e | {"DEALPOOL_SLICE": "64"}, capture_output=True, text=True)
    counts = Counter(r["code"] for r in verdicts(data))
    c = cli("--data", str(data), "check", "--solves", "2")
    out.append(("kill (DEALPOOL_SLICE=4), resume with 64, check", "every deal solved once; check 0",
                f"{done} before, {len(counts)} deals after, max {max(counts.values(), default=0)} a deal; check exit {c.returncode}",
                alive and len(counts) == 40 and set(counts.values()) == {1} and c.returncode == 0))  # fmt: skip
    return out


def inputs(base: Path) -> list[Row]:
    """Issue 31, item 4: every input read capped, every OS error one line."""
    out: list[Row] = []
    t0 = time.monotonic()
    r = cli("solve", "--position", "/dev/zero")
    took = time.monotonic() - t0
    out.append(("solve --position /dev/zero", "exit 2, one line, at once", f"{last(r)} ({took:.1f} s)",
                r.returncode == 2 and one_line(r) and took < 30))  # fmt: skip
    r = cli("replay", "SOL1-klondike-N1", stdin="w>f " * (1 << 21))
    out.append(("replay: 8 MB of moves on stdin", "exit 2, one line", last(r), r.returncode == 2 and one_line(r)))
    deep = base / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    r = cli("solve", "--position", str(deep))
    out.append(("solve --position: JSON nested 200,000 deep", "exit 2, one line", last(r), r.returncode == 2 and one_line(r)))
    data = base / "numbers-from"
    r = cli("--data", str(data), "sample", "--boards", "klondike-1", "--numbers-from", "9" * 300, "--count", "3")
    out.append(("sample --numbers-from <300 digits>", "exit 2, one line, nothing written", last(r),
                r.returncode == 2 and one_line(r) and not data.exists()))  # fmt: skip
    pool = fresh_pool(base, "keys", boards="klondike-1", numbers="1-3")
    cli("--data", str(pool), "export")
    for argv, name in ((["--data", str(pool), "export", "--sign", "/dev/zero"], "export --sign /dev/zero"),
                       (["--data", str(pool), "export", "--sign", str(base / "no" / "key")], "export --sign <no such file>"),
                       (["verify", str(pool / "pool"), "--key", str(base)], "verify --key <a folder>")):  # fmt: skip
        r = cli(*argv)
        out.append((name, "exit 2, one line", last(r), r.returncode == 2 and one_line(r)))
    data = base / "full"
    cli("--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "1-5")
    r = patched("full", data, "solve", "--budget", "3000", "--quiet")
    out.append(("disk full (ENOSPC) during solve", "exit 1, one line: path, free space, needed", last(r),
                r.returncode == 1 and one_line(r) and "free there" in r.stderr and "needed" in r.stderr and str(data) in r.stderr))  # fmt: skip
    data = fresh_pool(base, "ro", boards="klondike-1", numbers="1-4")
    cli("--data", str(data), "report")
    (data / ".lock").unlink()
    r1 = patched("ro", data, "check", "--solves", "1")
    r2 = patched("ro", data, "sql", "SELECT count(*) AS n FROM verdicts", "--csv")
    r3 = patched("ro", data, "solve", "--budget", "5000")
    out.append(("read-only data folder: check, sql, solve", "0, 0 (4 rows), 1 in one line",
                f"{r1.returncode}, {r2.returncode} ({r2.stdout.split()[-1:]}), {last(r3)[:60]}",
                r1.returncode == 0 and r2.returncode == 0 and r2.stdout.split() == ["n", "4"] and r3.returncode == 1
                and one_line(r3)))  # fmt: skip
    out += killed_scheduler(base)
    return out


def killed_scheduler(base: Path) -> list[Row]:
    """A `dask scheduler` killed mid-run: the client ends in one line, the parts kept."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "dask").exists():
        return [("Dask scheduler killed mid-run", "exit 1, one line", "skipped: no dask here", True)]
    e = os.environ | {"DEALPOOL_SLICE": "4", "DEALPOOL_FAKE_SLEEP": "0.15", "DEALPOOL_FAKE_MODE": "real",
                      "PYTHONPATH": str(ROOT / "tests"), "DASK_TEMPORARY_DIRECTORY": str(base / "dask-scratch")}  # fmt: skip
    sched_file = base / "scheduler.json"
    common = ["--no-dashboard", "--dashboard-address", ":0"]
    procs = [subprocess.Popen([str(bin_dir / "dask"), "scheduler", "--port", "0", "--scheduler-file", str(sched_file)]
                              + common, env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        procs.append(subprocess.Popen([str(bin_dir / "dask"), "worker", address, "--nthreads", "1", "--no-nanny",
                                       "--local-directory", str(base / "dask-scratch")] + common, env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))  # fmt: skip
        data = base / "dask"
        run = [sys.executable, str(FAKE), "--data", str(data)]
        subprocess.run(run + ["sample", "--boards", "klondike-3", "--numbers", "1-60"], check=True, capture_output=True)
        client = subprocess.Popen(run + ["solve", "--budget", "20000", "--quiet", "--cluster", address], env=e,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        deadline = time.monotonic() + 60
        while not list((data / "verdicts").glob("*.parquet")) and time.monotonic() < deadline:
            time.sleep(0.05)
        procs[0].kill()
        o, err = client.communicate(timeout=120)
    finally:
        for p in procs:
            p.kill()
            p.wait()
    r = subprocess.CompletedProcess(client.args, client.returncode or 0, o, err)
    return [("Dask scheduler killed mid-run", "exit 1, one line", last(r),
             r.returncode == 1 and one_line(r) and "stopped answering" in err)]  # fmt: skip


def fuzz(base: Path, n: int) -> list[Row]:
    """`n` random command lines in process: any exception past the CLI's edge is a traceback."""
    import engine
    from pipeline.cli import main

    rng = random.Random(12)
    nasty = ["0", "-1", "1", str(2**63), str(2**64), HUGE, "x", "", "1-", "5-2", f"1-{HUGE}", "[" * 1000]
    codes = ["SOL1-klondike-N1", "SOL1-freecell-cells=4-C1", f"SOL1-klondike-N{HUGE}", "SOL1-x-N1", "SOL1-freecell-C0",
             "SOL1-klondike-S" + "A" * 103, "", "-", "SOL1-klondike-draw=9-N1"]  # fmt: skip
    codes += [f"SOL1-{g}-N1" for g in engine.GAMES]  # every game of the registry

    def argv() -> tuple[list[str], str]:
        k = rng.randrange(6)
        mangle = lambda s: s if rng.random() < 0.5 else s[: rng.randrange(len(s) + 1)] + rng.choice(nasty)[:20]  # noqa: E731
        if k == 0:
            return ["deal", "--code", mangle(rng.choice(codes))], ""
        if k == 1:
            line = rng.choice(["[" * 1000 + "]" * 1000, f"u{HUGE}", "[1]", '["u0"]', "w>f 1>2", "{", ""])
            return ["replay", rng.choice(codes)], line
        if k == 2:
            return ["solve", mangle(rng.choice(codes)), "--budget", rng.choice(["50", *nasty])], ""
        if k == 3:
            return ["sample", "--boards", rng.choice(["klondike-1", "freecell", "x"]),
                    rng.choice(["--numbers", "--random", "--classic"]), rng.choice(nasty)], ""  # fmt: skip
        if k == 4:
            return [rng.choice(["solve", "build", "pool"]),
                    rng.choice(["--budget", "--nodes", "--max-mb", "--workers", "--target"]), rng.choice(nasty)], ""  # fmt: skip
        return ["check", rng.choice(["--deals", "--solves", "--seed"]), rng.choice(nasty)], ""

    tracebacks: list[str] = []
    status: dict[int, int] = {}
    old = sys.stdin, sys.stdout, sys.stderr
    for _ in range(n):
        args, stdin = argv()
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), io.StringIO(), io.StringIO()
        try:
            main(["--data", str(base / "fuzz"), *args])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
            status[code] = status.get(code, 0) + 1
        except BaseException as e:  # noqa: BLE001  (what the fuzz looks for)
            tracebacks.append(f"{args[:3]}: {type(e).__name__}")
        finally:
            sys.stdin, sys.stdout, sys.stderr = old
    got = f"{len(tracebacks)} tracebacks; exits " + ", ".join(f"{k}: {v}" for k, v in sorted(status.items()))
    return [(f"{n} fuzzed inputs (codes, lines, options)", "0 tracebacks", got + ("; " + tracebacks[0] if tracebacks else ""),
             not tracebacks)]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.faults", description=__doc__.splitlines()[0])
    p.add_argument("--fuzz", type=int, default=2000, help="fuzzed inputs (default 2000)")
    p.add_argument("--keep", type=Path, default=None, help="keep the data folders here (default: a temp folder)")
    a = p.parse_args(argv)
    base = a.keep or Path(tempfile.mkdtemp(prefix="dealpool-faults-"))
    rows: list[Row] = []
    try:
        for step in (worker_killed, damaged_storage, two_writers, tampered_exports, bad_options, classic, hostile,
                     completeness, inputs):
            rows += step(base)
        rows += fuzz(base, a.fuzz)
    finally:
        if a.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    w = [max(len(r[i]) for r in rows) for i in range(3)]
    print(f"| {'fault':<{w[0]}} | {'expected':<{w[1]}} | {'got':<{w[2]}} | ok |")
    print(f"|{'-' * (w[0] + 2)}|{'-' * (w[1] + 2)}|{'-' * (w[2] + 2)}|----|")
    for f, e, g, ok in rows:
        print(f"| {f:<{w[0]}} | {e:<{w[1]}} | {g:<{w[2]}} | {'yes' if ok else 'NO'} |")
    bad = sum(not r[3] for r in rows)
    print(f"faults: {len(rows) - bad} of {len(rows)} as expected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
