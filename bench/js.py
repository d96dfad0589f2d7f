"""The JavaScript kit's benchmark (issue 28): verifying the default pool in Node and in Chromium beside
`dealpool verify` (target <= 2 s each), and deals dealt a second per board in Node (target >= 10,000).

    python -m bench.js [--pool DIR] [--key PUB] [--deals A-B] [--repeat N]
    make bench   (the `js` section of `python -m bench`)

The pool: --pool DIR (an export, e.g. data/pool after `make pool`; --key its KEY.pub if signed), else
`data/pool` when there is one, else the default pool is built in a temp folder as `make pool` builds
it (`dealpool pool`; a few minutes) and exported signed with a fresh key. Every verify is timed from
a cold start of its tool (a new process, or a new page whose files are already fetched) and each
figure is the median of --repeat runs (default 3), the fastest beside it. Deals a second: the codes of
numbers A..B (--deals, default 1-10000) of every board, dealt by `deal(code)` in one Node process.
--budgets is taken as every section takes it and has no use here (the kit solves nothing).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import engine
from bench.args import add_shared

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "clients" / "js"
NODE = shutil.which("node")
sys.path.insert(0, str(KIT / "testing"))

DEAL_RATE = """
import { deal } from %s;
const [boards, lo, hi] = JSON.parse(process.argv[1]);
const out = {};
for (const [id, head] of boards) {
  const codes = [];
  for (let n = lo; n <= hi; n++) codes.push(head + n);
  deal(codes[0]);
  const t = performance.now();
  for (const c of codes) deal(c);
  out[id] = codes.length / ((performance.now() - t) / 1000);
}
process.stdout.write(JSON.stringify(out));
"""


def _timed(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"bench js: {' '.join(cmd[:3])} ... failed: {(r.stderr or r.stdout).strip()[:300]}")
    return wall


def _fresh_pool(tmp: Path) -> tuple[Path, Path]:
    """The default pool, as `make pool` builds it, exported signed with a fresh key."""
    dealpool = str(Path(sys.executable).with_name("dealpool"))
    data, key = tmp / "data", tmp / "keys" / "op"
    print("  building the default pool (dealpool pool) in a temp folder: a few minutes", flush=True)
    for args in (["--data", str(data), "pool"], ["keygen", str(key)], ["--data", str(data), "export", "--sign", str(key)]):
        subprocess.run([dealpool, *args], check=True, capture_output=True)
    return data / "pool", Path(f"{key}.pub")


def _chromium_verify(pool: Path, key: Path | None, repeat: int) -> list[float] | None:
    import browser  # clients/js/testing/browser.py

    if not Path(browser.CHROMIUM).exists():
        print("  chromium: skipped (not installed; `make browser`)")
        return None
    names = sorted(p.name for p in pool.iterdir())
    times = []
    with tempfile.TemporaryDirectory(prefix="dealpool-bench-js-") as tmp:
        root = Path(tmp) / "site"
        browser.site(root, {"pool": pool})
        for _ in range(repeat):
            with browser.kit_page(root) as (page, errors):
                ms, ok = page.evaluate(
                    """async ([names, key]) => {
                         const files = await loadPool('pool', names);
                         const t = performance.now();
                         const r = await kit.verifyPool(files, key ? { publicKey: key } : {});
                         return [performance.now() - t, r.ok];
                       }""",
                    [names, key.read_text() if key else None],
                )
                if not ok or errors:
                    raise SystemExit(f"bench js: chromium did not verify the pool ({errors})")
                times.append(ms / 1000)
    return times


def _row(name: str, times: list[float], note: str = "") -> None:
    print(f"  {name:<34} {statistics.median(times):7.2f} s median  {min(times):6.2f} s fastest{note}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.js", description=__doc__.splitlines()[0])
    add_shared(p, deals="1-10000")
    p.add_argument("--pool", type=Path, default=None, help="an exported pool folder (default: data/pool, else a fresh default pool)")
    p.add_argument("--key", type=Path, default=None, help="the pool's KEY.pub: verify its signature too")
    p.add_argument("--repeat", type=int, default=3, help="runs of each verify (the median is printed)")
    a = p.parse_args(argv)
    if NODE is None:
        print("  node is not installed: the JS kit's bench is skipped")
        return 0
    deals = a.deals
    with tempfile.TemporaryDirectory(prefix="dealpool-bench-js-") as tmp:
        pool, key = a.pool, a.key
        if pool is None and (ROOT / "data" / "pool" / "manifest.json").is_file():
            pool = ROOT / "data" / "pool"
        if pool is None:
            pool, key = _fresh_pool(Path(tmp))
        manifest = json.loads((pool / "manifest.json").read_text())
        count = sum(b["count"] for b in manifest["boards"].values())
        print(f"  pool {pool}: {count} deals of {len(manifest['boards'])} boards{', signed' if key else ''}; node {subprocess.run([NODE, '--version'], capture_output=True, text=True).stdout.strip()}")
        keyargs = ["--key", str(key)] if key else []
        dealpool = str(Path(sys.executable).with_name("dealpool"))
        py = [_timed([dealpool, "verify", str(pool), *keyargs]) for _ in range(a.repeat)]
        js = [_timed([NODE, str(KIT / "bin" / "dealpool.mjs"), "verify", str(pool), *keyargs]) for _ in range(a.repeat)]
        _row("dealpool verify (Python)", py)
        _row("node dealpool.mjs verify", js, f"   {statistics.median(py) / statistics.median(js):.1f}x Python's speed")
        chrome = _chromium_verify(pool, key, a.repeat)
        if chrome:
            _row("Chromium verifyPool (files fetched)", chrome, f"   {statistics.median(py) / statistics.median(chrome):.1f}x Python's speed")
    heads = [[b.id, engine.board_code(b.id, 1)[: -len("1")]] for b in engine.BOARDS.values()]
    script = DEAL_RATE % json.dumps((KIT / "src" / "index.js").as_uri())
    r = subprocess.run([NODE, "--input-type=module", "-e", script, json.dumps([heads, deals.start, deals.stop - 1])],
                       capture_output=True, text=True, check=True)  # fmt: skip
    rates = json.loads(r.stdout)
    print(f"  deals a second in Node, numbers {deals.start}-{deals.stop - 1} of each board (target >= 10,000):")
    for board, rate in rates.items():
        print(f"    {board:<14} {rate:10,.0f} /s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
