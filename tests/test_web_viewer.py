"""The pool viewer (clients/web) in a real browser (Debian's chromium driven by playwright), served by
`dealpool serve` on a small signed pool exported by the real engine.

What a bug would break here: the banner (the kit's verdict, with and without the operator's key, and
on a tampered pool picked as files), and the drawn table. For one deal of every board the page is
stepped to move k and every pile's cards, read from the DOM (data-pile, data-cards, data-down), are
compared with the Python referee's position after the same k moves; the comparison per game is
`expected` below, written from engine/games/<game>/rules.py's state, not from the kit's view.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import env  # noqa: E402

import engine  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
def _viewer(game: str) -> Any:
    """The game's tests/games/<game>/viewer.py: what the page must draw for a referee position."""
    path = ROOT / "tests" / "games" / game / "viewer.py"
    spec = importlib.util.spec_from_file_location(f"viewer_{game}", path)
    assert spec and spec.loader, f"no {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOARDS = [b.id for b in engine.BOARDS.values() if b.pooled]
# Numbers every board wins within a few thousand positions, so the pool is built in seconds: 2-3, or
# what a game's tests/games/<game>/viewer.py says (POOL_NUMBERS).
NUMBERS = {b: n for b in BOARDS if (n := getattr(_viewer(engine.BOARDS[b].game), "POOL_NUMBERS", None))}


def _cli(*argv: str) -> None:
    from pipeline.cli import main

    with pytest.raises(SystemExit) as e:
        main(list(argv))
    assert e.value.code == 0, argv


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A signed pool of every board (deals 2-3, or NUMBERS) in a data folder; its public key."""
    tmp = tmp_path_factory.mktemp("web")
    data = tmp / "data"
    rest = [b for b in BOARDS if b not in NUMBERS]
    _cli("--data", str(data), "build", "--boards", ",".join(rest), "--numbers", "2-3", "--workers", "1", "--quiet")
    for board, numbers in NUMBERS.items():
        _cli("--data", str(data), "build", "--boards", board, "--numbers", numbers, "--workers", "1", "--quiet")
    _cli("keygen", str(tmp / "keys" / "operator"))
    _cli("--data", str(data), "export", "--sign", str(tmp / "keys" / "operator"))
    manifest = json.loads((data / "pool" / "manifest.json").read_text())
    assert sorted(manifest["boards"]) == sorted(BOARDS)
    # a player's fair draw from the pool, and the reveal of its server seed (seed 002's scheme)
    _cli("--data", str(data), "fair", "commit")
    out = subprocess.run([sys.executable, "-m", "pipeline", "--data", str(data), "fair", "draw", str(data / "pool"),
                          "--board", "freecell", "--client-seed", "alice", "--json"],
                         capture_output=True, text=True, env=env(), cwd=ROOT, check=True)  # fmt: skip
    _cli("--data", str(data), "fair", "reveal")
    return {"tmp": tmp, "data": data, "key": (tmp / "keys" / "operator.pub").read_text(), "draw": json.loads(out.stdout)}


@pytest.fixture(scope="module")
def served(pool: dict[str, Any]) -> Iterator[str]:
    """`dealpool serve DATA --port 0` running; the URL it prints."""
    proc = subprocess.Popen([sys.executable, "-m", "pipeline", "serve", str(pool["data"]), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        yield next(w for w in line.split() if w.startswith("http://127.0.0.1:"))
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: `make test` installs it (make browser)")
        pytest.skip("Debian's chromium is not installed (make browser)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


class Page:
    """A page with every console error and page error kept (the tests assert there is none)."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 800) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url}"))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]", timeout=60_000)

    def banner(self) -> tuple[str, str]:
        self.page.wait_for_selector("#banner:not([data-state=busy])", timeout=60_000)
        return self.page.get_attribute("#banner", "data-state") or "", self.page.inner_text("#banner")

    def piles(self) -> dict[str, tuple[list[int], int]]:
        rows = self.page.eval_on_selector_all(
            "#board [data-pile]", "ps => ps.map(p => [p.dataset.pile, p.dataset.cards, p.dataset.down])")
        out = {name: ([int(c) for c in cards.split()], int(down)) for name, cards, down in rows}
        assert len(out) == len(rows), "two piles of one name"
        return out

    def close(self) -> None:
        self.page.close()


# ---------------------------------------------------------------- the referee's side


def _state_after(code: str, line: list[str], k: int) -> tuple[str, Any]:
    """(game, the Python referee's state after the first k moves of the line)."""
    d = engine.deal(code)
    rules = engine.rules_for(d.game)
    seeded = "seed" in inspect.signature(rules.new_state).parameters  # the redealing games, once the seed crosses apart
    state = rules.new_state(d.layout, d.options, seed=d.seed) if seeded else rules.new_state(d.layout, d.options)
    for move in line[:k]:
        rules.play(state, move)
    return d.game, state


def expected(game: str, s: Any) -> dict[str, tuple[list[int], int]]:
    """Every pile the page must draw for the referee's state `s`: name -> (cards bottom first, face-down count)."""
    return _viewer(game).piles(s)


def _first_deal(data: Path, board: str) -> dict[str, Any]:
    deals = json.loads((data / "pool" / f"{board}.json").read_text())["deals"]
    return min(deals, key=lambda d: engine.deal(d["code"]).number or 0)


# ---------------------------------------------------------------- the tests


def test_the_page_verifies_the_pool_and_draws_every_board_as_the_referee_does(
        pool: dict[str, Any], served: str, browser: Any) -> None:  # fmt: skip
    t0 = time.monotonic()
    page = Page(browser)
    page.open(served)
    state, text = page.banner()
    assert state == "warn" and "signature is not checked" in text, text  # good, but no key given yet
    page.page.click("#key-box summary")
    page.page.fill("#key", pool["key"])
    page.page.click("#reverify")
    state, text = page.banner()
    assert state == "good" and "signed by this key" in text, text
    assert page.page.is_hidden("#problems")
    listed = page.page.eval_on_selector_all("#boards button", "bs => bs.map(b => [b.dataset.board, b.innerText])")
    manifest = json.loads((pool["data"] / "pool" / "manifest.json").read_text())
    assert [b for b, _ in listed] == sorted(BOARDS)
    assert [t.split()[-1] for _, t in listed] == [str(manifest["boards"][b]["count"]) for b in sorted(BOARDS)]

    shots = pool["tmp"] / "screens"
    shots.mkdir(exist_ok=True)
    for board in sorted(BOARDS):
        deal = _first_deal(pool["data"], board)
        line = deal["line"]
        page.page.click(f'#boards button[data-board="{board}"]')
        page.page.click(f'#deals tbody tr[data-code="{deal["code"]}"]')
        page.page.wait_for_selector(f'#board[data-code="{deal["code"]}"]')
        assert "Won in" in page.page.inner_text("#deal-status")
        for k in (0, len(line) // 2, len(line)):  # the deal, move k, the win
            page.page.fill("#jump", str(k))
            page.page.press("#jump", "Enter")
            page.page.wait_for_selector(f'#board[data-k="{k}"]')
            game, s = _state_after(deal["code"], line, k)
            assert page.piles() == {n: (list(c), d) for n, (c, d) in expected(game, s).items()}, (board, k)
        assert page.page.get_attribute("#board", "data-won") == "true"
        page.page.fill("#jump", str(len(line) // 2))
        page.page.press("#jump", "Enter")
        page.page.screenshot(path=str(shots / f"{board}.png"))
        # one step back and forth by the buttons lands on the referee's positions too
        page.page.click("#prev")
        _, s = _state_after(deal["code"], line, len(line) // 2 - 1)
        assert page.piles() == {n: (list(c), d) for n, (c, d) in expected(game, s).items()}, (board, "prev")
        page.page.click("#next")
        page.page.wait_for_selector(f'#board[data-k="{len(line) // 2}"]')
    assert sorted(p.name for p in shots.glob("*.png")) == sorted(f"{b}.png" for b in BOARDS)
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in shots.glob("*.png"))
    assert page.errors == []
    page.close()
    assert time.monotonic() - t0 < 90


def test_the_deal_list_sorts_and_filters(pool: dict[str, Any], served: str, browser: Any) -> None:
    page = Page(browser)
    page.open(served)
    page.banner()
    board = engine.board_for(engine.board_code("freecell", 1)).id  # the method's example game
    deals = json.loads((pool["data"] / "pool" / f"{board}.json").read_text())["deals"]
    page.page.click(f'#boards button[data-board="{board}"]')

    def shown() -> list[str]:
        return page.page.eval_on_selector_all("#deals tbody tr", "rs => rs.map(r => r.dataset.code)")

    assert shown() == [d["code"] for d in sorted(deals, key=lambda d: engine.deal(d["code"]).number)]
    page.page.click('#deals th[data-sort="nodes"]')  # most nodes first
    assert shown() == [d["code"] for d in sorted(deals, key=lambda d: -d["nodes"])]
    page.page.click('#deals th[data-sort="moves"]')
    assert shown() == [d["code"] for d in sorted(deals, key=lambda d: -len(d["line"]))]
    page.page.click('#deals th[data-sort="moves"]')  # again: fewest first
    assert shown() == [d["code"] for d in sorted(deals, key=lambda d: len(d["line"]))]
    cut = sorted(len(d["line"]) for d in deals)[0]
    page.page.fill("#f-len-min", str(cut + 1))
    assert sorted(shown()) == sorted(d["code"] for d in deals if len(d["line"]) > cut)
    page.page.fill("#f-len-min", "")
    cut = max(d["nodes"] for d in deals)
    page.page.fill("#f-nodes-max", str(cut - 1))
    assert sorted(shown()) == sorted(d["code"] for d in deals if d["nodes"] < cut)
    # any code: a deal not in the pool is drawn as dealt (no line), and the referee's position matches
    code = engine.board_code("freecell", 77)
    page.page.fill("#code", code)
    page.page.click("#code-form button")
    page.page.wait_for_selector(f'#board[data-code="{code}"]')
    game, s = _state_after(code, [], 0)
    assert page.piles() == {n: (list(c), d) for n, (c, d) in expected(game, s).items()}
    assert "No line" in page.page.inner_text("#deal-status")
    page.page.fill("#code", "SOL1-nonsense-N1")
    page.page.click("#code-form button")
    page.page.wait_for_selector("#deal-status[data-state=bad]")
    assert "Not a deal code" in page.page.inner_text("#deal-status")
    assert page.errors == []
    page.close()


def test_face_down_cards_are_backs_until_the_toggle(pool: dict[str, Any], served: str, browser: Any) -> None:
    page = Page(browser)
    code = _first_deal(pool["data"], "klondike-1")["code"]
    page.open(f"{served}#deal={code}&move=0")
    backs = page.page.eval_on_selector_all('[data-pile="tableau-7"] .card', "cs => cs.map(c => c.className)")
    assert len(backs) == 7 and sum("down" in c for c in backs) == 6 and not any("shown" in c for c in backs)
    assert page.page.eval_on_selector('[data-pile="tableau-7"] .card.down', "c => c.title") == "face down"
    page.page.check("#show-down")
    shown = page.page.eval_on_selector_all('[data-pile="tableau-7"] .card.down', "cs => cs.map(c => c.title)")
    d = engine.deal(code)
    assert shown == [engine.card_name(c) for c in d.layout["tableau"][6][:6]]
    assert page.errors == []
    page.close()


def test_play_runs_the_line_and_pause_stops_it(pool: dict[str, Any], served: str, browser: Any) -> None:
    page = Page(browser)
    deal = _first_deal(pool["data"], engine.board_for(engine.board_code("freecell", 1)).id)
    page.open(f"{served}#deal={deal['code']}&move=0")
    page.page.fill("#speed", "30")
    page.page.click("#play")
    page.page.wait_for_function("Number(document.querySelector('#board').dataset.k) >= 5")
    page.page.click("#play")  # pause
    k = int(page.page.get_attribute("#board", "data-k") or -1)
    page.page.wait_for_timeout(300)
    assert int(page.page.get_attribute("#board", "data-k") or -1) == k and 5 <= k < len(deal["line"])
    game, s = _state_after(deal["code"], deal["line"], k)
    assert page.piles() == {n: (list(c), d) for n, (c, d) in expected(game, s).items()}
    page.page.keyboard.press("ArrowRight")
    page.page.wait_for_selector(f'#board[data-k="{k + 1}"]')
    page.page.keyboard.press("End")
    page.page.wait_for_selector(f'#board[data-k="{len(deal["line"])}"][data-won="true"]')
    assert page.errors == []
    page.close()


def test_a_data_folder_picked_opens_the_pool_inside_it(pool: dict[str, Any], served: str, browser: Any) -> None:
    page = Page(browser)
    page.open(served)
    page.banner()
    page.page.set_input_files("#pick-folder", str(pool["data"]))  # the data folder: the pool is data/pool
    page.page.wait_for_function("document.querySelector('#banner').textContent.includes('files picked')")
    state, text = page.banner()
    assert state == "warn" and "Good" in text, text
    assert page.page.eval_on_selector_all("#boards button", "bs => bs.map(b => b.dataset.board)") == sorted(BOARDS)
    assert page.errors == []
    page.close()


def test_a_phone_width_draws_every_board_without_a_sideways_page(pool: dict[str, Any], served: str, browser: Any) -> None:
    page = Page(browser, 390, 844)
    page.open(served)
    page.banner()
    for board in sorted(BOARDS):
        code = _first_deal(pool["data"], board)["code"]
        page.page.click(f'#boards button[data-board="{board}"]')
        page.page.click(f'#deals tbody tr[data-code="{code}"]')
        page.page.wait_for_selector(f'#board[data-code="{code}"]')
        cw = page.page.eval_on_selector("#board", "b => parseFloat(b.style.getPropertyValue('--cw'))")
        assert 28 <= cw <= 60, (board, cw)
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 390, board
    page.page.screenshot(path=str(pool["tmp"] / f"screens-phone-{board}.png"), full_page=True)
    assert page.errors == []
    page.close()


def test_a_tampered_pool_picked_as_files_shows_what_failed(pool: dict[str, Any], served: str, browser: Any) -> None:
    bad = pool["tmp"] / "tampered"
    shutil.copytree(pool["data"] / "pool", bad)
    doc = json.loads((bad / "klondike-1.json").read_text())
    victim = doc["deals"][0]
    victim["line"] = victim["line"][:-1]  # the line stops one move short of the win
    (bad / "klondike-1.json").write_text(json.dumps(doc, indent=1) + "\n")
    page = Page(browser)
    page.open(served)
    page.banner()
    page.page.set_input_files("#pick-files", sorted(str(p) for p in bad.iterdir()))
    page.page.wait_for_function("document.querySelector('#banner').dataset.state === 'bad'", timeout=60_000)
    assert "FAILED" in page.page.inner_text("#banner")
    rows = page.page.eval_on_selector_all("#problems tbody tr", "rs => rs.map(r => [r.dataset.file, r.dataset.code, r.innerText])")
    assert any(f == "klondike-1.json" for f, _, _ in rows), rows  # its SHA-256 is not the manifest's
    assert any(c == victim["code"] for _, c, _ in rows), rows  # and its line does not win
    assert "failed" in (page.page.get_attribute('#boards button[data-board="klondike-1"]', "class") or "")
    page.page.click('#boards button[data-board="klondike-1"]')
    assert "failed" in (page.page.get_attribute(f'#deals tr[data-code="{victim["code"]}"]', "class") or "")
    page.page.click(f'#deals tr[data-code="{victim["code"]}"]')
    page.page.wait_for_selector(f'#board[data-code="{victim["code"]}"]')
    assert page.page.get_attribute("#deal-status", "data-state") == "bad"
    assert "Not won" in page.page.inner_text("#deal-status")
    assert page.errors == []
    page.close()


def test_the_fair_tab_shows_the_shoe_of_seed_002_and_checks_a_pool_draw(
        pool: dict[str, Any], browser: Any, served: str) -> None:  # fmt: skip
    server, clients = "server seed 7", ["alice", "bob"]
    shoe = engine.fair.shoe([server, *clients])
    page = Page(browser)
    page.open(served)
    page.banner()
    page.page.click('.tab[data-tab="fair"]')
    page.page.fill("#server-seed", server)
    page.page.fill("#client-seeds", "\n".join(clients))
    page.page.fill("#commitment", engine.fair.commitment(server))
    page.page.fill("#draw", ",".join(shoe[:12]))
    page.page.click("#fair-form button")
    page.page.wait_for_function("document.querySelector('#fair-result').dataset.state !== 'idle'")
    assert page.page.get_attribute("#fair-result", "data-state") == "good", page.page.inner_text("#fair-result")
    assert page.page.eval_on_selector_all("#fair-shoe span", "ss => ss.map(s => s.textContent)") == shoe
    wrong = [*shoe[:5], shoe[6], *shoe[6:12]]
    page.page.fill("#draw", ",".join(wrong))
    page.page.click("#fair-form button")
    page.page.wait_for_function("document.querySelector('#fair-result').dataset.state === 'bad'")
    assert "card 6" in page.page.inner_text("#fair-result")
    # the pool's draw: from its reveal file (no server seed given), as `dealpool fair verify-draw`
    drawn = pool["draw"]
    page.page.fill("#server-seed", "")
    page.page.fill("#commitment", "")
    page.page.select_option("#draw-board", "freecell")
    page.page.fill("#draw-client", "alice")
    page.page.fill("#draw-code", drawn["code"])
    page.page.click("#draw-form button")
    page.page.wait_for_function("document.querySelector('#draw-result').dataset.state === 'good'")
    assert drawn["code"] in page.page.inner_text("#draw-result")
    other = next(d["code"] for d in json.loads((pool["data"] / "pool" / "freecell.json").read_text())["deals"]
                 if d["code"] != drawn["code"])  # fmt: skip
    page.page.fill("#draw-code", other)
    page.page.click("#draw-form button")
    page.page.wait_for_function("document.querySelector('#draw-result').dataset.state === 'bad'")
    assert f"given {other}" in page.page.inner_text("#draw-result")
    assert page.errors == []
    page.close()
