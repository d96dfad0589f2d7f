"""What `verify` must refuse beyond a changed byte (issue 31): a file it did not expect (one merely
named like a reveal), a symlink in the pool, a deal listed twice under another spelling of its
code, a sample.json contradicting the pool, and an older pool than the client has seen (the
manifest's sequence and creation time, `--min-sequence`, `--not-before`). Each test fails on the
code before the fix: the pool verified. Every file a test makes is inside its tmp_path.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402

import engine  # noqa: E402
from pipeline import files  # noqa: E402

BOARD = "klondike-1"


def _ok(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def _refused(capsys, pool: Path, says: str, *extra: str) -> None:
    code, out, err = run(capsys, "verify", str(pool), *extra)
    assert code == 1, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err and says in lines[0], err


def _export(capsys, data: Path, committed: bool = False) -> Path:
    d = ("--data", str(data))
    if committed:
        _ok(capsys, *d, "fair", "commit")
        _ok(capsys, *d, "sample", "--boards", BOARD, "--committed", "--client-seed", "alice", "--random", "6")
    else:
        _ok(capsys, *d, "sample", "--boards", BOARD, "--numbers", "1-6")
    _ok(capsys, *d, "solve", "--budget", "3000", "--workers", "1", "--quiet")
    _ok(capsys, *d, "export")
    pool = data / "pool"
    _ok(capsys, "verify", str(pool))
    return pool


def _rehash(pool: Path, name: str) -> None:
    """Give the manifest the file's new SHA-256, as a forger would (no signature asked)."""
    m = json.loads((pool / "manifest.json").read_text())
    m["files"][name] = files.sha256(pool / name)
    (pool / "manifest.json").write_text(json.dumps(m, indent=1, sort_keys=True) + "\n")


def test_an_unlisted_file_named_like_a_reveal_is_refused(capsys, tmp_path):
    pool = _export(capsys, tmp_path / "d")
    fake = "0" * 64
    (pool / f"reveal-{fake}.json").write_text(json.dumps({"commitment": fake, "server_seed": "x"}))
    _refused(capsys, pool, f"not the reveal of commitment {fake}")


def test_a_true_reveal_beside_the_pool_still_verifies(capsys, tmp_path):
    pool = _export(capsys, tmp_path / "d")
    seed = "a server seed"
    c = hashlib.sha256(seed.encode()).hexdigest()
    (pool / f"reveal-{c}.json").write_text(json.dumps({"commitment": c, "server_seed": seed}))
    _ok(capsys, "verify", str(pool))


@pytest.mark.parametrize("what", ["manifest", "extra", "board"])
def test_a_symlink_anywhere_in_the_pool_is_refused(capsys, tmp_path, what):
    pool = _export(capsys, tmp_path / "d")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    name = {"manifest": "manifest.json", "extra": "notes.txt", "board": f"{BOARD}.json"}[what]
    (elsewhere / name).write_bytes((pool / name).read_bytes() if (pool / name).exists() else b"x")
    (pool / name).unlink(missing_ok=True)
    (pool / name).symlink_to(elsewhere / name)
    code, out, err = run(capsys, "verify", str(pool))
    assert code == 1 and f"{name}: a symlink in the pool" in err and "Traceback" not in err, (out, err)


def test_a_deal_listed_twice_under_another_spelling_is_refused(capsys, tmp_path):
    pool = _export(capsys, tmp_path / "d")
    doc = json.loads((pool / f"{BOARD}.json").read_text())
    first = doc["deals"][0]
    other = first["code"].lower()
    assert other != first["code"] and engine.canonical_code(other) == first["code"]
    doc["deals"].append({**first, "code": other})
    (pool / f"{BOARD}.json").write_text(json.dumps(doc, indent=1) + "\n")
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pipeline.export import POOL_SCHEMA

    t = pq.read_table(pool / f"{BOARD}.parquet")
    rows = t.to_pylist() + [{**t.to_pylist()[0], "code": other}]
    pq.write_table(pa.Table.from_pylist(rows, schema=POOL_SCHEMA.with_metadata(t.schema.metadata)), pool / f"{BOARD}.parquet")
    m = json.loads((pool / "manifest.json").read_text())
    m["boards"][BOARD]["count"] += 1
    (pool / "manifest.json").write_text(json.dumps(m, indent=1, sort_keys=True) + "\n")
    _rehash(pool, f"{BOARD}.json")
    _rehash(pool, f"{BOARD}.parquet")
    _refused(capsys, pool, "listed twice")


def test_a_sample_calling_a_shipped_won_deal_lost_is_refused(capsys, tmp_path):
    pool = _export(capsys, tmp_path / "d", committed=True)
    doc = json.loads((pool / "sample.json").read_text())
    won_codes = {d["code"] for d in json.loads((pool / f"{BOARD}.json").read_text())["deals"]}
    deals = doc["boards"][BOARD]["deals"]
    d = next(d for d in deals if d["code"] in won_codes)
    d["verdict"] = "lost"
    doc["boards"][BOARD]["counts"] = {v: sum(x["verdict"] == v for x in deals) for v in ("won", "lost", "unknown")}
    (pool / "sample.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    _rehash(pool, "sample.json")
    _refused(capsys, pool, "contradiction")


def test_each_export_has_a_larger_sequence_and_an_older_pool_is_refused(capsys, tmp_path):
    data = tmp_path / "d"
    pool = _export(capsys, data)
    first = json.loads((pool / "manifest.json").read_text())
    elsewhere = tmp_path / "other"
    _ok(capsys, "--data", str(data), "export", "--out", str(elsewhere))
    _ok(capsys, "--data", str(data), "export")
    second = json.loads((elsewhere / "manifest.json").read_text())
    third = json.loads((pool / "manifest.json").read_text())
    assert (first["sequence"], second["sequence"], third["sequence"]) == (1, 2, 3)
    assert first["created"] <= third["created"]
    _ok(capsys, "verify", str(pool), "--min-sequence", "3", "--not-before", first["created"])
    _refused(capsys, elsewhere, "below --min-sequence 3", "--min-sequence", "3")
    _refused(capsys, pool, "before --not-before", "--not-before", "2999-01-01")
    code, out, err = run(capsys, "verify", str(pool), "--not-before", "yesterday")
    assert code == 2 and "bad --not-before" in err


@pytest.mark.parametrize("edit", [{"sequence": 0}, {"sequence": "7"}, {"created": "today"}, {"drop": "sequence"}])
def test_a_manifest_without_a_good_sequence_or_time_is_refused(capsys, tmp_path, edit):
    pool = _export(capsys, tmp_path / "d")
    m = json.loads((pool / "manifest.json").read_text())
    if "drop" in edit:
        m.pop(edit["drop"])
    else:
        m.update(edit)
    (pool / "manifest.json").write_text(json.dumps(m))
    code, out, err = run(capsys, "verify", str(pool))
    assert code == 1 and "manifest" in err and "Traceback" not in err, err


@pytest.mark.parametrize("flag", ["--key", "manifest"])
def test_verify_never_reads_a_device_or_a_huge_file(capsys, tmp_path, flag):
    """/dev/zero as the key or behind the manifest is refused before a byte is read. Run in a child
    with its address space capped at 2 GiB, so the code before the fix (which read it whole) fails
    with a MemoryError instead of taking the machine's memory."""
    import resource
    import subprocess

    pool = _export(capsys, tmp_path / "d")
    argv = ["verify", str(pool)]
    if flag == "--key":
        argv += ["--key", "/dev/zero"]
    else:
        (pool / "manifest.json").unlink()
        (pool / "manifest.json").symlink_to("/dev/zero")
    cap = lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # noqa: E731
    r = subprocess.run([sys.executable, "-m", "pipeline", *argv], capture_output=True, text=True, timeout=120,
                       preexec_fn=cap, cwd=Path(__file__).resolve().parent.parent)  # fmt: skip
    assert r.returncode in (1, 2) and "Traceback" not in r.stderr, r.stderr[-300:]
    assert ("not a regular file" if flag == "--key" else "symlink") in r.stderr, r.stderr
