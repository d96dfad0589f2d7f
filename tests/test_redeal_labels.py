"""A board whose game redeals with the deal's seed (the registry's `seeded`, never a name) is labelled
"won with the redeals foreseen" in the report's tables and pages and the DuckDB views; a board
without redeals is not. (The exported manifest does not say it yet: both verifiers, Python's and the
JS kit's, require a board entry's exact keys, so it needs a format change of its own.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import run  # noqa: E402

import engine

SEEDED = [b.id for b in engine.BOARDS.values() if engine.game(b.game).seeded and engine.solvable(b.game)]
PLAIN = "klondike-1"  # the method's example game, no redeals


@pytest.mark.skipif(not SEEDED, reason="no solvable game with seeded redeals in the registry")
def test_seeded_board_is_labelled_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    boards = f"{SEEDED[0]},{PLAIN}"
    for argv in (["build", "--boards", boards, "--numbers", "1-3", "--budget", "20000", "--workers", "1", "--quiet"],
                 ["report"]):  # fmt: skip
        code, _, err = run(capsys, "--data", str(data), *argv)
        assert code == 0, err
    code, out, err = run(capsys, "--data", str(data), "sql", "SELECT board, redeals_foreseen FROM pass_rates", "--json")
    assert code == 0, err
    assert {r["board"]: r["redeals_foreseen"] for r in json.loads(out)} == {SEEDED[0]: True, PLAIN: False}
    page = (data / "report.html").read_text()
    assert page.count("won with the redeals foreseen") >= 1
    md = (data / "report.md").read_text()
    assert f"| {SEEDED[0]} |" in md and "with the redeals foreseen |" in md
