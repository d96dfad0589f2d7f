"""The generated parts of the docs (docs/make.py: docs/games.md's codes, decks and boards, the
notation and solver tables, each game README's boards, reports/published.csv) are as the registry
and the game folders make them now: a committed part gone stale fails here, so CI catches drift.
Fix: `make docs`."""

from __future__ import annotations

import importlib.util
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
