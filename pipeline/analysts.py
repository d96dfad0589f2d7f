"""The analysts' DuckDB file and `dealpool sql`: views over the Parquet tables, never a copy.

`<data>/dealpool.duckdb` holds only the views of reports/views.sql (`deals`, `verdicts_all`,
`verdicts`, `board_counts`, `pass_rates`, `published`, `boards`; the `wilson` macro) and of
reports/grades_views.sql (`gradings`, `grades_all`, `grades`, `grade_counts`; docs/grades.md). The views name
the tables *relative to the data folder* (`deals/*.parquet`) and DuckDB resolves a relative path
against its `file_search_path` setting, which `connect` sets to the folder the file sits in: a
copied or moved folder queries its own files, and a folder name with glob or quote characters
(`*`, `[`, `'`) never enters a glob. The published figures and the boards are written into the
views as values, so the file needs nothing outside its folder. A plain `duckdb` session needs the
same one setting (`SET file_search_path = '<the folder>'`; reports/README.md).

`dealpool sql` is read only by DuckDB's own means, not a keyword list: the file opened read only,
`enable_external_access` off with only the table folders allowed (no file written or read
elsewhere, no extension installed or loaded, no database attached), the configuration locked, and
the query parsed by DuckDB into exactly one statement of a reading type (SELECT, EXPLAIN; so no
COPY into the folder either).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.store import DEALS, GRADES, GRADES_SCHEMA, VERDICTS, Folder

REPORTS = Path(__file__).resolve().parent.parent / "reports"
DB_NAME = "dealpool.duckdb"
VIEWS = ("deals", "verdicts_all", "verdicts", "board_counts", "pass_rates", "published", "boards",
         "gradings", "grades_all", "grades", "grade_counts")  # fmt: skip
READING = ("SELECT", "EXPLAIN")
"""The statement types `sql` runs (DuckDB's parser says which; DESCRIBE, SHOW, SUMMARIZE are SELECTs)."""


def _sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def _sql_value(v: object) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"CAST({v!r} AS DOUBLE)"
    return _sql_str(str(v))


def _values(cols: list[str], rows: list[tuple[object, ...]]) -> str:
    """A SELECT of literal rows with named columns (a view that reads no file)."""
    body = ", ".join("(" + ", ".join(_sql_value(v) for v in r) + ")" for r in rows)
    return f"SELECT * FROM (VALUES {body}) t({', '.join(cols)})"


def published_rows() -> tuple[list[str], list[tuple[object, ...]]]:
    """reports/published.csv (generated from the games' facts by `make docs`), numbered in its order
    (a board's first figure is its most comparable); `winnable_pct` the figure's number, a DOUBLE."""
    with open(REPORTS / "published.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    cols = ["ordinal", "board", "winnable", "winnable_pct", "n", "rules", "source"]
    return cols, [(i, r["board"], r["winnable"], float(r["winnable_pct"]) if r["winnable_pct"] else None,
                   r["n"], r["rules"], r["source"]) for i, r in enumerate(rows, 1)]  # fmt: skip


def board_rows() -> tuple[list[str], list[tuple[object, ...]]]:
    """The registry's boards: id, game, label, and whether "won" foresees the redeals (a `seeded`
    game's redeals shuffle with the deal's seed, which the search knows and a player does not)."""
    return (["board", "game", "label", "redeals_foreseen"],
            [(b.id, b.game, b.label, engine.game(b.game).seeded) for b in engine.BOARDS.values()])  # fmt: skip


def grading_rows() -> tuple[list[str], list[tuple[object, ...]]]:
    """The registry's boards with their grading (the engine's: engine.grading), or why not graded."""
    cols = ["board", "graded", "version", "playouts", "thresholds", "easy", "medium", "hard", "note"]
    rows: list[tuple[object, ...]] = []
    for b in engine.BOARDS:
        g = engine.board_grading(b)
        if g is None:
            rows.append((b, False, None, None, None, None, None, None, engine.grading_note(b)))
        else:
            rows.append((b, True, g.version, g.playouts, f"{g.easy!r},{g.medium!r},{g.hard!r}",
                         float(g.easy), float(g.medium), float(g.hard), ""))  # fmt: skip
    return cols, rows


_DUCK_TYPES = {"string": "VARCHAR", "int64": "BIGINT", "double": "DOUBLE"}


def _no_grades() -> str:
    """An empty table of the grades' columns (the `grades_all` view of a folder with no grade part:
    read_parquet of an empty glob is an error)."""
    cols = ", ".join(f"CAST(NULL AS {_DUCK_TYPES[str(f.type)]}) AS {f.name}" for f in GRADES_SCHEMA)
    return f"SELECT {cols} WHERE false"


def grades_glob(folder: Folder) -> str | None:
    """The grades' read glob relative to the data folder, or None while it has no grade part."""
    return f"{GRADES}/*.parquet" if folder.parts(GRADES) else None


def views_sql(deals: str = f"{DEALS}/*.parquet", verdicts: str = f"{VERDICTS}/*.parquet", grades: str | None = None) -> str:
    """reports/views.sql with the tables' read globs (by default relative to the data folder, which
    `connect` makes DuckDB's search path), the published figures and the boards as values; then
    reports/grades_views.sql with the grades' glob (None: no grades yet, an empty table)."""
    # the grades' columns named: a part written before a column was added would not line up
    read = (f"SELECT {', '.join(f.name for f in GRADES_SCHEMA)} FROM read_parquet({_sql_str(grades)})"
            if grades is not None else _no_grades())  # fmt: skip
    return (REPORTS / "views.sql").read_text().format(
        deals=_sql_str(deals), verdicts=_sql_str(verdicts),
        published=_values(*published_rows()), boards=_values(*board_rows()),
    ) + "\n" + (REPORTS / "grades_views.sql").read_text().format(
        grades=read, gradings=_values(*grading_rows()),
    )  # fmt: skip


def _search_path(folder: Folder) -> str:
    """The data folder as DuckDB's file_search_path: absolute; a comma would split it in two."""
    folder.glob(DEALS)  # refuses a path DuckDB cannot open (a backslash, a '?'), in one line
    root = str(folder.root.resolve())
    if "," in root:
        raise engine.BadInput(f"the data folder {root!r} has a comma in its path, which DuckDB's search path "
                              "cannot hold; rename it")  # fmt: skip
    return root


def connect(folder: Folder, database: str = ":memory:", read_only: bool = False) -> Any:
    """A DuckDB connection whose relative paths resolve in `folder` (the views' table globs)."""
    import duckdb

    return duckdb.connect(database, read_only=read_only, config={"file_search_path": _search_path(folder)})


def write_duckdb(folder: Folder) -> Path:
    """Write `<data>/dealpool.duckdb` (views only), atomically: built beside, then renamed."""
    dest = folder.root / DB_NAME
    folder.glob(DEALS)  # refuses a path DuckDB cannot open, before any work
    import duckdb

    with files.atomic(dest) as tmp:
        try:
            con = connect(folder, str(tmp))
            try:
                con.execute(views_sql(grades=grades_glob(folder)))
            finally:
                con.close()
        except duckdb.Error as e:  # its own writes: a full disk or a read-only folder, one line
            if "No space left" in str(e) or "Disk quota" in str(e):
                raise files.disk_full(dest, None) from None
            raise engine.RunFailed(f"cannot write {str(dest)!r}: {one_line(e)}") from None
        finally:
            files.remove(Path(str(tmp) + ".wal"))  # never left behind, whatever happened
    return dest


def one_line(e: BaseException) -> str:
    """DuckDB's whole message on one line (its "Did you mean" and the LINE pointer kept)."""
    return " | ".join(ln.strip() for ln in str(e).splitlines() if ln.strip())


def _locked(folder: Folder, db: Path) -> Any:
    """The file opened read only with no file access but the two tables' folders, locked."""
    import duckdb

    con = connect(folder, str(db), read_only=True)
    try:
        root = folder.root.resolve()
        allowed = [f"{root / t}/" for t in (DEALS, VERDICTS, GRADES)] + [f"{t}/" for t in (DEALS, VERDICTS, GRADES)]
        con.execute("SET allowed_directories = [" + ", ".join(map(_sql_str, allowed)) + "]")
        for setting in ("autoinstall_known_extensions", "autoload_known_extensions", "enable_external_access"):
            con.execute(f"SET {setting} = false")
        con.execute("SET lock_configuration = true")
    except duckdb.Error:
        con.close()
        raise
    return con


def query(folder: Folder, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one reading SQL statement on `<data>/dealpool.duckdb`, read only; (columns, rows)."""
    import duckdb

    db = folder.require().root / DB_NAME
    if not db.is_file():
        raise engine.BadInput(f"no {DB_NAME} in {str(folder.root)!r} yet (run `dealpool report` first)")
    accepted = f"accepted: one reading statement ({', '.join(READING)}) over {', '.join(VIEWS)}"
    con = _locked(folder, db)
    try:
        try:
            statements = con.extract_statements(sql)
        except duckdb.Error as e:
            raise engine.BadInput(f"bad SQL: {one_line(e)}; {accepted}") from None
        if len(statements) != 1:
            raise engine.BadInput(f"bad SQL: {len(statements)} statements; {accepted}")
        kind = statements[0].type.name
        if kind not in READING:
            raise engine.BadInput(f"refused: a {kind} statement (read only); {accepted}")
        try:
            cur = con.execute(sql)
        except duckdb.IOException as e:  # the views' files are gone
            raise engine.BadInput(f"{one_line(e)} (tables missing in {str(folder.root)!r}?)") from None
        except duckdb.Error as e:
            raise engine.BadInput(f"bad SQL: {one_line(e)}; {accepted}") from None
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
