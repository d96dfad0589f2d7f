"""The data folder's Parquet tables: pinned schemas, atomic parts, a ledger, one writer at a time.

    tables.py   the layout, schemas, part names, the Folder
    ledger.py   each part's rows and SHA-256
    lock.py     the write lock, and the tidying of what a killed writer left
    parts.py    write and read parts
    audit.py    the ledger against the parts: audit, repair, adopt
    asks.py     the budgets each board was asked to be solved at

A part is written to .tmp/, its ledger entry is written, then the part is moved into place with
os.replace (pipeline/files.py), so a reader (or DuckDB) never sees half a file; a killed run resumes.
The modules here import one another, never this face; the rest of the pipeline imports the face.
"""

from pipeline.store.asks import read_asks, record_asks
from pipeline.store.audit import Dropped, adopt, audit, repair, require_sound
from pipeline.store.ledger import ledger, ledger_path, record
from pipeline.store.lock import clear_tmp, holds_lock, read_only, reader, recover, writer
from pipeline.store.parts import listed_parts, read_part, read_table, write_part
from pipeline.store.tables import (
    ASKED,
    DEALS,
    DEALS_SCHEMA,
    GRADES,
    GRADES_SCHEMA,
    LAYOUT_DIRS,
    LEDGER,
    LOCK,
    SCHEMA_VERSION,
    SCHEMAS,
    SLICE,
    TMP,
    VERDICT_VALUES,
    VERDICTS,
    VERDICTS_SCHEMA,
    Folder,
    metadata,
    part_stem,
    sorted_rows,
    verdict_part_name,
)

__all__ = [
    "ASKED", "DEALS", "DEALS_SCHEMA", "Dropped", "GRADES", "GRADES_SCHEMA", "LAYOUT_DIRS", "LEDGER", "LOCK", "SCHEMA_VERSION", "SCHEMAS", "SLICE", "TMP", "VERDICT_VALUES",
    "VERDICTS", "VERDICTS_SCHEMA", "Folder", "adopt", "audit", "clear_tmp", "holds_lock", "ledger", "ledger_path", "listed_parts",
    "metadata", "part_stem", "read_asks", "read_part", "read_table", "read_only", "record_asks", "reader", "record", "recover", "repair", "require_sound",
    "sorted_rows", "verdict_part_name", "write_part", "writer",
]  # fmt: skip
