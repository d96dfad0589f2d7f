"""The engine-build guard: a data folder holds the verdicts of one engine build.

Another build may count other nodes or find another line, so a table mixing builds would no longer
say what one solver does (and `check`'s re-solves would fail). Every engine_version carries a digest
of the solver's source (engine.engine_version), so a folder of another build is refused before any
work: solve into a fresh folder.
"""

from __future__ import annotations

import engine
from pipeline import store
from pipeline.store import VERDICTS, Folder


def check_one_build(folder: Folder, versions: set[str] | None = None) -> None:
    """Refuse to add verdicts to a folder holding verdicts of another engine build. `versions`: the
    stored rows' engine_version values, when the caller has read them already."""
    if versions is None:
        versions = set(store.read_table(folder, VERDICTS).column("engine_version").unique().to_pylist())
    mine = engine.engine_version()
    other = sorted(versions - {mine})
    if other:
        raise engine.BadInput(
            f"{str(folder.root)!r} holds verdicts of engine build {', '.join(other)}; this is {mine}: "
            "solve into a fresh folder (--data DIR) or move the old one aside"
        )
