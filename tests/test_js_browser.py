"""The JavaScript kit in a real browser (Debian's chromium driven by playwright): a page served
from a temp folder imports clients/js/src/index.js as a module, deals codes of every board as the
engine deals them, replays a won line and refuses a bad one, verifies a freshly exported signed pool
(the signature through Chromium's WebCrypto Ed25519), refuses a tampered copy, and draws a shoe.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "clients" / "js" / "testing"))
import browser  # noqa: E402  (clients/js/testing/browser.py)

# Seed 000's two example games, a redealing game (its redeal streams) and a two-deck one (104 cards).
BOARDS = ",".join(
    ["klondike-3", "freecell"]
    + [next(b.id for b in engine.BOARDS.values() if test(engine.game(b.game))) for test in (lambda g: g.seeded, lambda g: g.deck_size > 52)]
)
REDEALING = BOARDS.split(",")[2]


@pytest.fixture(scope="module")
def signed_pool(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small pool exported and signed by the CLI: (export folder, public key)."""
    from pipeline.cli import main

    base = tmp_path_factory.mktemp("jsbrowser")
    data, key = base / "data", base / "keys" / "op"
    for argv in (["--data", str(data), "build", "--boards", BOARDS, "--numbers", "1-3", "--budget", "100000", "--workers", "1", "--quiet"],
                 ["keygen", str(key)], ["--data", str(data), "export", "--sign", str(key)]):  # fmt: skip
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code in (0, None), argv
    return data / "pool", Path(f"{key}.pub")


def _chromium() -> None:
    if not os.path.exists(browser.CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: `make test` installs it (make browser)")
        pytest.skip("Debian's chromium is not installed (make browser)")


def test_the_kit_in_chromium(signed_pool: tuple[Path, Path], tmp_path: Path) -> None:
    _chromium()
    pool, pub = signed_pool
    tampered = tmp_path / "tampered"
    shutil.copytree(pool, tampered)
    doc = json.loads((tampered / "freecell.json").read_text())
    doc["deals"][0]["line"] = doc["deals"][0]["line"][:-1]
    (tampered / "freecell.json").write_text(json.dumps(doc))
    names = sorted(p.name for p in pool.iterdir())
    codes = [engine.board_code(b, n) for b in engine.BOARDS for n in (1, 999_999)] + ["SOL1-freecell-C11982"]
    won = json.loads((pool / f"{REDEALING}.json").read_text())["deals"][0]
    root = tmp_path / "site"
    browser.site(root, {"pool": pool, "tampered": tampered})
    with browser.kit_page(root) as (page, errors):
        dealt = page.evaluate("codes => codes.map((c) => { const d = kit.deal(c); return [d.code, d.order, d.layout]; })", codes)
        replays = page.evaluate(
            "([code, line]) => [kit.replay(code, line), kit.replay(code, ['9>f', ...line]), kit.replay(code, line.slice(0, 3))]",
            [won["code"], won["line"]],
        )
        good = page.evaluate(
            "async ([names, key]) => kit.verifyPool(await loadPool('pool', names), { publicKey: key })", [names, pub.read_text()]
        )
        other = page.evaluate("async (names) => kit.verifyPool(await loadPool('tampered', names))", names)
        forged = page.evaluate(
            """async ([names, key]) => {
                 const files = await loadPool('pool', names);
                 const m = JSON.parse(new TextDecoder().decode(files.get('manifest.json')));
                 m.boards['freecell'].count += 1;
                 files.set('manifest.json', new TextEncoder().encode(JSON.stringify(m)));
                 return kit.verifyPool(files, { publicKey: key });
               }""",
            [names, pub.read_text()],
        )
        shoe = page.evaluate("async () => kit.shoe('server-seed-1', ['alice', 'bob'])")
        bad_code = page.evaluate("() => { try { kit.deal('SOL1-klondike-N0'); return null; } catch (e) { return [e.name, e.message]; } }")
    assert errors == []
    for code, (canonical, order, layout) in zip(codes, dealt):
        d = engine.deal(code)
        assert (canonical, order) == (d.code, d.order), code
        assert layout == {k: v for k, v in d.layout.items() if k != "seed"}, code
    ok, refused, short = replays
    assert ok["won"] and ok["refused"] is None and ok["moves"] == len(won["line"])
    py = engine.replay(won["code"], ["9>f", *won["line"]])
    assert refused["won"] is False and (refused["refused"]["at"], refused["refused"]["reason"]) == (py.at, py.error)
    assert short["won"] is False and short["refused"] is None
    assert good["problems"] == [] and good["ok"] is True
    assert good["deals"] == sum(len(json.loads((pool / f"{b}.json").read_text())["deals"]) for b in json.loads((pool / "manifest.json").read_text())["boards"])
    assert other["ok"] is False
    assert any("freecell.json: SHA-256 differs from the manifest (changed)" in p for p in other["problems"]), other
    assert any("freecell SOL1-freecell" in p and "the referee refused" in p for p in other["problems"]), other
    assert forged["ok"] is False and any(p.startswith("manifest.json.sig: not a signature") for p in forged["problems"]), forged
    assert shoe["commitment"] == engine.fair.commitment("server-seed-1")
    assert shoe["positions"] == engine.fair.shuffle(["server-seed-1", "alice", "bob"], 416)
    assert bad_code == ["BadInput", "deal number 0 is out of range; accepted: 1..1,000,000"]
