"""Each game's benchmark section: `bench/games/<game>/` (its `main(argv) -> int`, and optionally
`MEMORY`, the deals `python -m bench --games memory` measures), found by the game's id; its dated
measurements are in the folder's `log.md` (indexed by docs/bench-log.md)."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import engine

HERE = Path(__file__).resolve().parent


def ids() -> list[str]:
    """The games with a section, in the registry's order."""
    return [g for g in engine.GAMES if (HERE / g / "__init__.py").exists()]


def module(game: str) -> ModuleType:
    return importlib.import_module(f"bench.games.{game}")
