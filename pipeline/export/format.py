"""What an export folder holds, shared by the writer and the checker: file names, the manifest's
fields, the board files' Parquet schema.

An export folder holds, per board, `<board>.json` and `<board>.parquet` (the proven-winnable codes
with their budgets and lines, and the engine and rules versions) and `manifest.json` (counts,
engine and rules versions, budgets, the SHA-256 of every file), and with `export --sign KEY`
`manifest.json.sig` (Ed25519 over manifest.json's bytes). The manifest's `sequence` (1, 2, ... one
more at each export of a data folder) and `created` (UTC, ISO 8601 to the second) let a client
refuse an older pool than one it has seen (`verify --min-sequence`, `--not-before`).

Grades (format 3, issue 33): each deal of a graded board carries its `grade` (easy, medium, hard,
expert), `wins` and `playouts` (null on a board the engine does not grade); each board entry its
`grading` ({version, playouts, thresholds: {easy, medium, hard}} or null) and `redeals_foreseen`
(true when "won" foresees the redeals' shuffles, which a player cannot: a seeded game); the
manifest's `grade` is the grade an `export --grade G` kept (null: every grade). A grade is its
wins out of playouts read off the thresholds: the least share won for easy, medium, hard, else
expert (docs/grades.md).
"""

from __future__ import annotations

import re

import pyarrow as pa

FORMAT = "dealpool-pool/3"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.sig"
MANIFEST_KEYS = {"format", "engine_version", "rules_version", "boards", "files", "sequence", "created", "grade"}
CREATED = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
"""The manifest's `created`: UTC to the second, e.g. 2025-01-31T12:00:00Z (compares as text)."""
MAX_MANIFEST = 64 << 20
"""The most bytes of a manifest, a board's JSON or sample.json `verify` reads (a pool of a million deals
is well under it)."""
BOARD_KEYS = {"count", "budgets", "json", "parquet", "grading", "redeals_foreseen"}
GRADING_KEYS = {"version", "playouts", "thresholds"}
THRESHOLD_KEYS = ("easy", "medium", "hard")
POOL_SCHEMA = pa.schema(
    [
        pa.field("code", pa.string(), nullable=False),
        pa.field("nodes", pa.int64(), nullable=False),
        pa.field("budget", pa.int64(), nullable=False),
        pa.field("line", pa.list_(pa.string()), nullable=False),
        pa.field("grade", pa.string()),  # null on a board that is not graded
        pa.field("wins", pa.int64()),
        pa.field("playouts", pa.int64()),
    ]
)


def plain(name: str) -> bool:
    """A plain file name inside the export folder: no folder part, not hidden, not `..`."""
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".") and "\0" not in name
