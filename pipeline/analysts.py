"""The analysts' DuckDB file and `dealpool sql`: views over the Parquet tables, never a copy.

`<data>/dealpool.duckdb` holds only the views of reports/views.sql (`deals`, `verdicts_all`,
`verdicts`, `board_counts`, `pass_rates`, `published`; the `wilson` macro). DuckDB resolves a
relative path in a view against the working directory of whoever opens the file, not against the
file, so the views name the tables by absolute path: the file then works from the repository
(`duckdb data/dealpool.duckdb`), from the data folder, or from anywhere. A moved data folder needs
`dealpool report` again (it rewrites the file); `dealpool sql` says so rather than print DuckDB's
trace.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.store import DEALS, VERDICTS, Folder

REPORTS = Path(__file__).resolve().parent.parent / "reports"
DB_NAME = "dealpool.duckdb"
VIEWS = ("deals", "verdicts_all", "verdicts", "board_counts", "pass_rates", "published")


def _sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def views_sql(folder: Folder) -> str:
    """reports/views.sql with the tables' globs and the published CSV as absolute paths."""
    root = Folder(folder.root.resolve())
    return (REPORTS / "views.sql").read_text().format(
        deals=_sql_str(root.glob(DEALS)),
        verdicts=_sql_str(root.glob(VERDICTS)),
        published=_sql_str(str((REPORTS / "published.csv").resolve())),
    )


def write_duckdb(folder: Folder) -> Path:
    """Write `<data>/dealpool.duckdb` (views only), atomically: built beside, then renamed."""
    import duckdb

    dest = folder.root / DB_NAME
    folder.glob(DEALS)  # refuses a path DuckDB cannot open, before any work
    with files.atomic(dest) as tmp:
        con = duckdb.connect(str(tmp))
        try:
            con.execute(views_sql(folder))
        finally:
            con.close()
        files.remove(Path(str(tmp) + ".wal"))
    return dest


def query(folder: Folder, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one SQL statement on `<data>/dealpool.duckdb` (read only); (columns, rows)."""
    import duckdb

    db = folder.require().root / DB_NAME
    if not db.is_file():
        raise engine.BadInput(f"no {DB_NAME} in {str(folder.root)!r} yet (run `dealpool report` first)")
    con = duckdb.connect(str(db), read_only=True)
    try:
        try:
            cur = con.execute(sql)
        except duckdb.IOException as e:  # the views' files are gone: the folder moved
            first = str(e).splitlines()[0]
            raise engine.BadInput(f"{first} (moved the data folder? run `dealpool report` again)") from None
        except duckdb.Error as e:
            first = str(e).splitlines()[0]
            raise engine.BadInput(f"bad SQL: {first}; accepted: one DuckDB statement over {', '.join(VIEWS)}") from None
        if cur.description is None:
            return [], []
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        con.close()


def _cell(v: Any) -> Any:
    """A value JSON and CSV can hold: bytes as hex, lists kept, the rest as DuckDB gave it."""
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).hex()
    if isinstance(v, float) and v != v:
        return None
    if isinstance(v, (int, float, str, bool, list)) or v is None:
        return v
    return str(v)


def as_table(cols: list[str], rows: list[tuple[Any, ...]]) -> str:
    """A plain text table: a header, a rule, one line a row, columns padded."""
    def text(v: Any) -> str:
        v = _cell(v)
        if v is None:
            return "NULL"
        if isinstance(v, float):
            return f"{v:.4g}" if abs(v) < 1e6 else f"{v:.6g}"
        return str(v)

    cells = [[text(v) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(cols)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(cols, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]  # fmt: skip
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines)


def as_csv(cols: list[str], rows: list[tuple[Any, ...]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow([json.dumps(c) if isinstance(c, list) else ("" if c is None else c) for c in map(_cell, r)])
    return buf.getvalue().rstrip("\n")


def as_json(cols: list[str], rows: list[tuple[Any, ...]]) -> str:
    """One JSON array of objects, a key per column."""
    return json.dumps([{c: _cell(v) for c, v in zip(cols, r)} for r in rows])
