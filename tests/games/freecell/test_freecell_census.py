"""The FreeCell census (bench/games/freecell/census.py): chunks written as they finish, a second run
resumes after them, a torn last line is solved again, a file of other settings is refused, and the
impossible deals come from the solver, set beside the published list."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.games.freecell import census

# C11982 is lost (proved by an exhaustive search, about 0.1 s); the deals around it are won quickly.
DEALS = ["--deals", "11980-11984", "--chunk", "2"]


def rows(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text().splitlines()[1:]]


def test_finds_the_lost_deal_and_agrees_with_the_published_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "c.tsv"
    assert census.main([*DEALS, "--state", str(state), "--replay", "1"]) == 0
    got = rows(state)
    assert [(r[0], r[1]) for r in got] == [("11980", "11981"), ("11982", "11983"), ("11984", "11984")]
    assert [r[3] for r in got] == ["", "11982", ""], "the lost deal, in its chunk only"
    assert sum(int(r[2]) for r in got) == 4
    out = capsys.readouterr().out
    assert "impossible found (proved lost): 11982" in out
    assert "agrees with the published list" in out


def test_resumes_after_the_chunks_written_and_redoes_a_torn_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = tmp_path / "c.tsv"
    assert census.main([*DEALS, "--state", str(state)]) == 0
    whole = state.read_text()
    # a run killed while writing the last chunk: its line is torn
    lines = whole.splitlines()
    state.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:5])
    solved: list[tuple[int, int]] = []
    real = census.solve_chunk

    def spy(lo: int, hi: int, budget: int, replay: int) -> tuple[int, list[int], list[int], float, int, list[str]]:
        solved.append((lo, hi))
        return real(lo, hi, budget, replay)

    monkeypatch.setattr(census, "solve_chunk", spy)
    assert census.main([*DEALS, "--state", str(state)]) == 0
    assert solved == [(11984, 11984)], "only the chunk whose line was torn"
    first = [line.split("\t") for line in whole.splitlines()[1:]]
    again = rows(state)
    assert [r[:5] + r[6:] for r in again] == [r[:5] + r[6:] for r in first], "the same verdicts and positions (CPU aside)"
    # nothing left: a third run solves nothing and reports the same
    solved.clear()
    assert census.main([*DEALS, "--state", str(state)]) == 0
    assert solved == []


def test_a_file_of_other_settings_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "c.tsv"
    assert census.main([*DEALS, "--state", str(state)]) == 0
    with pytest.raises(SystemExit) as e:
        census.main([*DEALS, "--state", str(state), "--budget", "1000"])
    assert e.value.code == 2
    assert "other settings" in capsys.readouterr().err


def test_an_undecided_deal_is_listed_and_not_called_impossible(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # at 1,000 positions C11982's loss cannot be proved: it stays undecided, the run says it differs
    state = tmp_path / "c.tsv"
    assert census.main(["--deals", "11982", "--budget", "1000", "--state", str(state)]) == 1
    out = capsys.readouterr().out
    assert "impossible found (proved lost): none" in out
    assert "undecided at the budget: 11982" in out
    assert "published but not found lost: 11982" in out
