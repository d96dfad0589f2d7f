"""The golden fixtures, tests/games/<game>/golden.json (schema: tests/golden/README.md): every fixture's
code, solved at its budget, still gives the pinned verdict, node count, line length and line digest,
and a won line replays in the referee. Regenerate after an intended change of search behaviour:
`make golden` (tests/golden/make.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import engine
from engine.gamekit.facts import facts

HERE = Path(__file__).parent / "golden"
_spec = importlib.util.spec_from_file_location("golden_make", HERE / "make.py")
assert _spec and _spec.loader
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

FILES = {p.parent.name: json.loads(p.read_text()) for p in sorted(make.GAMES_DIR.glob("*/golden.json"))}
FIXTURES = [(game, f) for game, data in FILES.items() for f in data["fixtures"]]


def test_one_golden_file_per_solvable_game() -> None:
    assert set(FILES) == set(engine.solvable_games())


@pytest.mark.parametrize("game", FILES)
def test_schema(game: str) -> None:
    path = make.path_of(game)
    data = FILES[game]
    assert tuple(data) == make.FILE_KEYS
    assert data["game"] == game and data["about"]
    assert path.read_text() == make.dump(data), "not in make.py's formatting: run make golden"
    for f in data["fixtures"]:
        assert tuple(f) == make.FIELDS, f
        assert engine.parse_code(f["code"]).game == game
        assert engine.canonical_code(f["code"]) == f["code"]
        assert f["board"] == engine.board_for(f["code"]).id
        assert isinstance(f["budget"], int) and f["budget"] >= 1
    verdicts = {f["verdict"] for f in data["fixtures"]}
    # A game may lack a verdict its facts say why it cannot pin (engine/games/<game>/facts.py).
    assert {"won", "lost"} - set(facts(game).golden_unpinned) <= verdicts, "each game pins a won and a lost deal"


@pytest.mark.parametrize("game", FILES)
def test_an_unpinned_verdict_is_truly_missing(game: str) -> None:
    """A verdict a game's facts excuse must really be absent: an excuse outlives no fixture."""
    assert set(facts(game).golden_unpinned) <= {"won", "lost"}
    assert not set(facts(game).golden_unpinned) & {f["verdict"] for f in FILES[game]["fixtures"]}


@pytest.mark.parametrize("game,fixture", FIXTURES, ids=[f"{g}-{f['code'].rsplit('-', 1)[1]}-{f['board']}" for g, f in FIXTURES])
def test_fixture(game: str, fixture: dict) -> None:
    now, line = make.measure(fixture)
    assert now == fixture
    if fixture["verdict"] == "won":
        assert engine.replay(fixture["code"], line).ok
    else:
        assert line == []
