"""The data folder's tables: where each part lives, the pinned schemas, the metadata every part
carries, and the part names.

Layout under the data folder (every file a complete, immutable part):

    deals/<board>.N<lo>-<hi>.parquet          numbered deals lo..hi (those new when sampled)
    deals/<board>.R<digest>.parquet           random deals (named by a digest of their seeds)
    deals/<board>.S<seed>.<i>-<j>.parquet     numbered deals drawn i..j by `sample --numbers-from SEED`
    deals/<board>.C<lo>-<hi>.parquet          classic FreeCell deals lo..hi (C codes, no seed)
    deals/<board>.F<commitment, 16 hex>.<start>.parquet   a committed sample's deals (pipeline/fair/)
    verdicts/<deals part>.b<budget>.s<k>.parquet   slice k of a deals part solved at one budget
    grades/<board>.g<digest>.parquet          grades of won deals (pipeline/grades.py; named by a
                                              digest of the grading and the codes graded)
    ledger/<table>/<part>.json                each part's rows and SHA-256 (what `check` compares)
    ledger/asked/<board>.b<budget>.json       each budget a run was asked to solve a board at (asks.py)
    .tmp/                                     half-written parts (outside every read glob)
    .lock                                     held (flock) by the one run writing the folder

A part name is a function of its content's identity, so a retry after a kill replaces a part
instead of adding a second copy.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import pyarrow as pa

import engine

SCHEMA_VERSION = "1"
DEALS = "deals"
VERDICTS = "verdicts"
GRADES = "grades"
TMP = ".tmp"
LEDGER = "ledger"
LOCK = ".lock"
ASKED = "asked"
SLICE = int(os.environ.get("DEALPOOL_SLICE", "64"))
"""Deals per verdicts part: the most a kill can cost is one slice per worker. Part names depend on it,
but which deals a run solves does not (pipeline/plan.py solves every deal not yet covered, whatever
part it lands in), so a resume with another DEALPOOL_SLICE (for tests and tuning) still solves each
deal once."""
VERDICT_VALUES = ("won", "lost", "unknown", "error")

DEALS_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("seed", pa.binary(64)),  # null for classic FreeCell (C) codes
        pa.field("number", pa.int64()),  # null for random deals; the classic number for C codes
        pa.field("order", pa.binary(), nullable=False),  # the dealt order, one byte a position
    ]
)

VERDICTS_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("verdict", pa.string(), nullable=False),  # won | lost | unknown | error
        pa.field("reason", pa.string(), nullable=False),  # '' | nodes | memory | why it erred
        pa.field("nodes", pa.int64(), nullable=False),
        pa.field("budget", pa.int64(), nullable=False),
        pa.field("max_mb", pa.int64(), nullable=False),
        pa.field("line", pa.list_(pa.string()), nullable=False),
        pa.field("line_length", pa.int32(), nullable=False),
        pa.field("referee", pa.string(), nullable=False),  # ok | '' (nothing to replay) | refused ...
        pa.field("seconds", pa.float64(), nullable=False),  # wall time of the solve (not deterministic)
        pa.field("engine_version", pa.string(), nullable=False),
    ]
)

GRADES_SCHEMA = pa.schema(
    [
        pa.field("board", pa.string(), nullable=False),
        pa.field("code", pa.string(), nullable=False),
        pa.field("grade", pa.string(), nullable=False),  # easy | medium | hard | expert
        pa.field("wins", pa.int64(), nullable=False),
        pa.field("playouts", pa.int64(), nullable=False),
        pa.field("low", pa.float64(), nullable=False),  # the share's 95 % Wilson interval
        pa.field("high", pa.float64(), nullable=False),
        pa.field("won_moves", pa.float64(), nullable=False),  # mean length of the won playouts (0: none)
        pa.field("version", pa.string(), nullable=False),  # the player's, <game>-<VERSION>
        pa.field("thresholds", pa.string(), nullable=False),  # the least share for easy,medium,hard
        pa.field("seconds", pa.float64(), nullable=False),  # wall time of the playouts (not deterministic)
    ]
)
"""A row per graded won deal (pipeline/grades.py). Line length and nodes are the verdicts' (joined
in the `grades` view), not copied."""

SCHEMAS = {DEALS: DEALS_SCHEMA, VERDICTS: VERDICTS_SCHEMA, GRADES: GRADES_SCHEMA}
LAYOUT_DIRS = (TMP, DEALS, VERDICTS, GRADES, LEDGER, f"{LEDGER}/{DEALS}", f"{LEDGER}/{VERDICTS}", f"{LEDGER}/{GRADES}",
               f"{LEDGER}/{ASKED}", "fair", "fair/secret", "plots")  # fmt: skip
"""The folders dealpool writes into inside a data folder (Folder.check_layout checks each)."""


@dataclass(frozen=True)
class Folder:
    """The data folder: where the tables live."""

    root: Path

    def table(self, name: str) -> Path:
        return self.root / name

    def glob(self, name: str) -> str:
        """The read glob of a table (DuckDB's read_parquet argument), the folder's own path escaped
        so that a folder named with `*` or `[` matches only itself (DuckDB reads `[c]` as the
        character c). A backslash or `?`, which DuckDB cannot take in a path, is refused (BadInput)."""
        root = str(self.root)
        for c, what in (("\\", "a backslash"), ("?", "a question mark")):
            if c in str(self.root.resolve()):
                raise engine.BadInput(
                    f"data folder {root!r} has {what} in its path, which DuckDB cannot take in a file name "
                    "(it reads a backslash as an escape and '?' as the start of a URL query); rename the folder"
                )
        escaped = "".join(f"[{c}]" if c in "*?[" else c for c in root)
        return f"{escaped}/{name}/*.parquet"

    def parts(self, name: str) -> list[Path]:
        d = self.table(name)
        return sorted(d.glob("*.parquet")) if d.is_dir() else []

    def require(self) -> "Folder":
        """This folder, or BadInput if it is missing (commands that read need one) or holds a hostile
        entry (check_layout)."""
        if not self.root.is_dir():
            raise engine.BadInput(
                f"data folder {str(self.root)!r} does not exist (run `dealpool sample` or pass --data DIR)"
            )
        return self.check_layout()

    def check_layout(self) -> "Folder":
        """Every folder dealpool writes into is a real folder and `.lock` a regular file, checked with
        lstat (nothing followed): a symlink there would make a write, a repair or the tidying of
        `.tmp/` reach files outside the data folder. BadInput, one line, naming the entry."""
        if not self.root.is_dir():
            return self
        for sub in LAYOUT_DIRS:
            path = self.root / sub
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                continue
            if not stat.S_ISDIR(st.st_mode):
                what = "a symlink" if stat.S_ISLNK(st.st_mode) else "not a folder"
                raise engine.BadInput(f"{str(path)!r} in the data folder is {what}; refused: remove it (dealpool makes its own)")
        try:
            st = os.lstat(self.root / LOCK)
        except FileNotFoundError:
            return self
        if not stat.S_ISREG(st.st_mode):
            what = "a symlink" if stat.S_ISLNK(st.st_mode) else "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise engine.BadInput(f"{str(self.root / LOCK)!r} is {what}; refused: remove it (dealpool makes its own lock)")
        return self


def metadata(table: str, **extra: Any) -> dict[bytes, bytes]:
    """Key/value metadata every part carries: which table, schema, engine and rules versions."""
    meta = {
        "dealpool.table": table,
        "dealpool.schema": SCHEMA_VERSION,
        "engine_version": engine.engine_version(),
        "rules_version": engine.RULES_VERSION,
    }
    meta.update({k: str(v) for k, v in extra.items()})
    return {k.encode(): v.encode() for k, v in meta.items()}


def part_stem(path: Path) -> str:
    return path.name[: -len(".parquet")]


def verdict_part_name(deals_stem: str, budget: int, slice_no: int) -> str:
    return f"{deals_stem}.b{budget}.s{slice_no:05d}"


def sorted_rows(rows_: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows_, key=lambda r: (r["board"], r["code"]))
