"""Where a result came from: the engine build and the source commit, for `dealpool --version` and
the report's provenance line.

The engine version (engine.engine_version) carries a digest of the solver's source, so it names the
build exactly; the commit adds where to read that source. An installed copy outside a git checkout
has no commit to give and says so rather than guess.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commit() -> str:
    """The source's commit (12 hex digits, `+dirty` with uncommitted changes), or 'unknown'."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, timeout=10)  # fmt: skip
        if head.returncode != 0:
            return "unknown (not a git checkout)"
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=30)  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def version_line() -> str:
    """`dealpool --version`: the package's, the engine build's and the commit."""
    import engine

    return f"dealpool {engine.ENGINE_VERSION}, engine {engine.engine_version()}, rules {engine.RULES_VERSION}, commit {commit()}"
