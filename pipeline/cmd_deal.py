"""Commands registered on the dealpool group (see pipeline/cli.py)."""

from __future__ import annotations

from pipeline.cli import main_group  # noqa: F401
