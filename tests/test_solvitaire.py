"""Solvitaire's JSON format, every game that has one (taken from the registry: `Game.solvitaire`).

What a bug would break: a document we write that Solvitaire's deal schema refuses (a "cells" key,
foundations as lists of lists, "" for a card); a deal written and read back that is another
position; a position in play that comes back changed; a bad document that ends in a traceback.
Each game's own hand-made documents are in tests/games/<game>/ (its exact shapes, in and out).

Solvitaire's own example files are read when SOLVITAIRE_EXAMPLES names its checkout (the folder
holding src/test/resources and resources/deal-presets); CI has none, so that test is skipped there.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine.gamekit import solvitaire as fmt_kit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402

FORMATS = {g.id: g.solvitaire for g in engine.GAMES.values() if g.solvitaire is not None}
BOARDS = [b.id for b in engine.BOARDS.values() if b.game in FORMATS]


def _view(game: str, state: Any) -> tuple[Any, list[str]]:
    """What a position is, for any game: its layout as the format module gives it, and its moves."""
    rules = engine.rules_for(game)
    return FORMATS[game].layout_of(state), rules.legal_moves(state)


def _state(game: str, layout: Any, options: Any, seed: bytes | None) -> Any:
    return engine.rules_for(game).new_state(layout, options, seed=seed)


def test_the_formats_are_the_ones_we_promise() -> None:
    """Five games have a format (README and docs say which); the others say why not."""
    assert len(FORMATS) == 5
    for g, fmt in FORMATS.items():
        assert fmt.FORM and fmt.EXAMPLES and callable(fmt.claims) and callable(fmt.preset), g


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(1, 1_000_000))
def test_a_deal_written_is_solvitaires_format_and_reads_back(board: str, number: int) -> None:
    code = engine.board_code(board, number)
    d = engine.deal(code)
    text = engine.position_json(code)
    doc = json.loads(text)
    assert fmt_kit.check_doc(doc) == []
    # the game (and the board, when the cards tell it) comes from the document's shape alone
    pos = engine.read_position(text, board)
    assert pos.game == d.game and engine.read_position(text).game == d.game
    assert _view(d.game, _state(d.game, pos.layout, d.options, d.seed)) == _view(d.game, _state(d.game, d.layout, d.options, d.seed))
    assert FORMATS[d.game].to_doc(pos.layout) == doc  # document -> layout -> the same document


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(1, 10_000), st.integers(0, 80), st.randoms(use_true_random=False))
def test_positions_in_play_round_trip(board: str, number: int, steps: int, rnd) -> None:  # type: ignore[no-untyped-def]
    """Random legal play, then the position as Solvitaire JSON, read back: the same position. A
    position the format cannot hold (a card in a free cell, two runs of a suit off) is refused
    with one line, never written wrong."""
    d = engine.deal(engine.board_code(board, number))
    rules = engine.rules_for(d.game)
    s = rules.new_state(d.layout, d.options, seed=d.seed)
    line = []
    for _ in range(steps):
        moves = rules.legal_moves(s)
        if not moves or rules.is_won(s):
            break
        line.append(rnd.choice(moves))
        rules.play(s, line[-1])
    fmt = FORMATS[d.game]
    layout = fmt.layout_of(s)
    try:
        doc = fmt.to_doc(layout)
    except engine.BadInput as e:
        assert "Solvitaire's format" in str(e) and "\n" not in str(e)
        with pytest.raises(engine.BadInput):
            engine.position_after(d, line)
        return
    assert fmt_kit.check_doc(doc) == []
    assert json.loads(engine.position_after(d, line)) == doc
    pos = engine.read_position(json.dumps(doc), board)
    got = _state(d.game, pos.layout, d.options, d.seed)
    want = _view(d.game, s)
    if hasattr(s, "redeals"):  # what no document carries: the redeals used (read back: none)
        s.redeals = getattr(got, "redeals")
        want = _view(d.game, s)
    assert _view(d.game, got) == want
    assert fmt.to_doc(pos.layout) == doc


def test_replay_writes_the_position_reached(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    code = engine.board_code("klondike-3", 5)
    monkeypatch.setattr("sys.stdin", io.StringIO("d d d"))
    c, out, err = run(capsys, "replay", code, "--format", "solvitaire")
    assert c == 0, err
    doc = json.loads(out)
    assert fmt_kit.check_doc(doc) == [] and len(doc["waste"]) == 9 and len(doc["stock"]) == 15
    monkeypatch.setattr("sys.stdin", io.StringIO("d zz"))
    c, out, err = run(capsys, "replay", code, "--format", "solvitaire")
    assert c == 2 and out == "" and err.count("\n") == 1 and "move 1 (zz)" in err


def test_the_schema_check_can_fail() -> None:
    """check_doc is Solvitaire's schema: what it refused when run is refused here too."""
    assert fmt_kit.check_doc({"tableau piles": [["AS"]], "cells": ["2S"]}) == ["key 'cells' is not in Solvitaire's deal schema"]
    assert fmt_kit.check_doc({"foundations": [["AS"]]}) != []  # lists of lists: its schema wants one flat list
    assert fmt_kit.check_doc({"tableau piles": [["AS", ""]]}) != []  # "" is a gap in "sequences" only
    assert fmt_kit.check_doc({"stock": ["TS"]}) != []  # no T for ten
    assert fmt_kit.check_doc({"sequences": [["2S", ""]], "hole": "KD", "foundations": ["AS", "10h"]}) == []


def test_a_pile_reads_face_down_cards_first_and_its_top_face_up() -> None:
    """down_pile, which the games with face-down piles share: the lower-case cards first are face
    down, the top turns up even when written face down, and a face-down card above a face-up one
    is refused naming its pile."""
    assert fmt_kit.down_pile(["As", "2h", "3C"], 0) == ([0, 14, 41], 2)
    assert fmt_kit.down_pile(["As", "2h"], 0) == ([0, 14], 1)  # the top turns up, as at the table
    assert fmt_kit.down_pile(["AS", "2H"], 0) == ([0, 14], 0)
    assert fmt_kit.down_pile([], 0) == ([], 0)
    with pytest.raises(engine.BadInput, match="pile 3: a face-down card"):
        fmt_kit.down_pile(["As", "2H", "3c"], 2)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


BAD = [
    ("{", "not valid JSON"),
    (_nested(100_000), "nested too deeply"),
    ('{"tableau piles": ' + _nested(50_000) + "}", "nested too deeply"),
    ('{"tableau piles": [[' + "9" * 5000 + "]]}", "not a Solvitaire document"),
    ('{"tableau piles": [[{"a": 1}]]}', "no game has"),
    ('{"tableau piles": [[1], [], [], [], [], [], []]}', "unknown card name 1"),
    ('{"tableau piles": [[], [], [], [], [], [], []], "stock": "AS"}', "must be a list"),
    ('{"tableau piles": [[], [], [], [], [], [], []], "foundations": 3}', "one list"),
    ('{"tableau piles": [["' + "A" * 100_000 + 'S"], [], [], [], [], [], []]}', "unknown card name"),
    ('{"tableau piles": [[], [], [], [], [], [], []], "cells": []}', "no game has"),
    ('"just a string"', "JSON object"),
]


@pytest.mark.parametrize("text, says", BAD)
def test_a_malformed_document_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, says: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(text)
    code, out, err = run(capsys, "solve", "--position", str(f))
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err and len(err) < 600, err


def _examples() -> list[tuple[str, Path]]:
    """(game, file) for each of Solvitaire's example files of a game we have (SOLVITAIRE_EXAMPLES)."""
    root = os.environ.get("SOLVITAIRE_EXAMPLES")
    if not root:
        return []
    base = Path(root)
    out = []
    for g, fmt in FORMATS.items():
        for name in fmt.EXAMPLES:
            out += [(g, p) for p in sorted((base / "src" / "test" / "resources" / name).glob("*.json"))]
            out += [(g, p) for p in sorted((base / "resources" / "deal-presets").glob(f"{name}*.json"))]
    return out


@pytest.mark.skipif(not os.environ.get("SOLVITAIRE_EXAMPLES"), reason="SOLVITAIRE_EXAMPLES names no Solvitaire checkout")
def test_solvitaires_own_examples_load() -> None:
    """Every example document Solvitaire ships for our games: its schema accepts it (as our check
    says), and we read it: a full deck into the game's layout that the referee accepts, or, for
    its test games of a smaller deck (ranks up to 3 or 4, fewer piles), one clear line saying so."""
    files = _examples()
    assert files, "no example files found under SOLVITAIRE_EXAMPLES"
    loaded, small = [], []
    for g, path in files:
        doc = json.loads(path.read_text())
        problems = fmt_kit.check_doc(doc)
        if path.name.startswith("err_"):  # its deal preset named an error: lists of lists as foundations
            assert problems, path
        else:
            assert problems == [], (path, problems)
        board = next(b for b in engine.BOARDS.values() if b.game == g)
        try:
            layout = FORMATS[g].from_doc(doc)
        except engine.BadInput as e:
            assert "\n" not in str(e)
            entries = sum(len(v) if isinstance(v, list) and not any(isinstance(p, list) for p in v) else
                          sum(map(len, v)) if isinstance(v, list) else 1 for v in doc.values())  # fmt: skip
            assert entries < 52, (path, e)  # refused only for its smaller deck
            small.append((path, str(e)))
            continue
        opts = dict(board.options) | (FORMATS[g].options_of(doc) if hasattr(FORMATS[g], "options_of") else {})
        engine.rules_for(g).new_state(layout, opts, seed=bytes(64))
        assert FORMATS[g].to_doc(layout) is not None
        loaded.append(path)
    print(f"\nSolvitaire examples: {len(files)} files, {len(loaded)} read into layouts, {len(small)} refused in one line")
    for path, why in small:
        print(f"  {path.parent.name}/{path.name}: {why}")
    full = [p for p in loaded if p.parent.name == "deal-presets"]
    assert full, "Solvitaire's full-deck deal presets of our games load"
