"""The generated parts of the docs (docs/make.py: docs/games.md's codes, decks and boards, the
notation and solver tables, each game README's boards, reports/published.csv) are as the registry
and the game folders make them now: a committed part gone stale fails here, so CI catches drift.
Fix: `make docs`."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("docs_make", ROOT / "docs" / "make.py")
assert _spec and _spec.loader
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

GENERATED = make.generated()


@pytest.mark.parametrize("path", sorted(GENERATED), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_file_is_as_generated(path: Path) -> None:
    assert path.read_text() == GENERATED[path], f"{path.relative_to(ROOT)} is stale: run make docs"


def test_a_stale_part_is_found_and_rewritten(tmp_path: Path) -> None:
    """The check can fail: a row edited by hand inside a marked part is put back."""
    path = ROOT / "docs" / "notation.md"
    text = path.read_text()
    first = next(line for line in text.splitlines() if line.startswith("| ") and "README.md#notation" in line)
    edited = text.replace(first, first + " edited by hand |")
    assert edited != text and make.rewrite(path, edited) == text


def test_markers_must_match_the_parts() -> None:
    """A generated part missing its markers is an error, not a silent skip."""
    path = ROOT / "docs" / "solver.md"
    with pytest.raises(SystemExit, match="generated parts"):
        make.rewrite(path, "no markers here\n")


def test_every_game_readme_has_its_boards_part() -> None:
    import engine

    for g in engine.GAMES:
        readme = ROOT / "engine" / "games" / g / "README.md"
        assert readme in make.PARTS and "boards" in make.PARTS[readme]
        assert f"`{next(b.id for b in engine.BOARDS.values() if b.game == g)}`" in GENERATED[readme]


def test_a_redealing_games_readme_says_what_won_means() -> None:
    """A game whose redeals shuffle with the deal's seed (the search foresees them) says in its
    README that "won" means with the redeals foreseen, with its published figures beside (each
    figure's percentage, as its facts give it) or that it has none."""
    import engine
    from engine.gamekit.facts import facts

    seeded = [g for g in engine.GAMES.values() if g.seeded]
    assert seeded
    for g in seeded:
        text = (ROOT / "engine" / "games" / g.id / "README.md").read_text()
        assert '## What "won" means here' in text and "won with the redeals foreseen" in text, g.id
        figures = facts(g.id).published
        for fig in figures:
            assert fig.pct is not None and f"{fig.pct:.1f} %" in text, (g.id, fig.winnable)
        if not figures:
            assert "No published player's win rate" in text, g.id


def test_each_solvitaire_format_is_told_in_its_readme() -> None:
    """Every game's README says whether it has a Solvitaire format; one that has names the presets
    to run Solvitaire with; one that has none says Solvitaire has no such game."""
    import engine

    for g in engine.GAMES.values():
        text = (ROOT / "engine" / "games" / g.id / "README.md").read_text()
        assert "## Solvitaire's format" in text, g.id
        section = text.split("## Solvitaire's format", 1)[1].split("\n## ", 1)[0]
        if g.solvitaire is not None:
            presets = {g.solvitaire.preset(dict(b.options)) for b in engine.BOARDS.values() if b.game == g.id} - {None}
            named = {p for p in presets if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", section)}
            assert presets and named == presets, (g.id, presets - named)
        else:
            assert "None" in section, g.id
