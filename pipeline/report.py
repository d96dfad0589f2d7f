"""`dealpool report`: the SQL files in reports/ run by DuckDB over the Parquet tables, written as
Markdown and HTML with PNG plots into the data folder."""

from __future__ import annotations

import base64
import html
import math
import re
from pathlib import Path
from typing import Any

import engine
from pipeline import files, store
from pipeline.analysts import write_duckdb
from pipeline.store import DEALS, VERDICTS, Folder

REPORTS = Path(__file__).resolve().parent.parent / "reports"
SECTIONS = (
    ("summary", "Verdicts and pass rate (95 % Wilson interval)"),
    ("published", "Beside the published figures"),
    ("nodes", "Positions searched"),
    ("lines", "Winning line lengths (moves)"),
    ("budget_curve", "Pass rate by node budget (exact, from each won deal's node count)"),
)


def _sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def query_all(folder: Folder) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Run every report query; {name: (columns, rows)}."""
    import duckdb

    # Validate every part first: a foreign or broken file is a clean error, not a DuckDB trace.
    store.require_sound(folder, "report")
    store.read_table(folder, DEALS)
    if not store.read_table(folder, VERDICTS).num_rows:
        raise engine.BadInput(f"no verdicts in {str(folder.root)!r} yet (run `dealpool solve` first)")
    con = duckdb.connect()
    try:
        views = (REPORTS / "views.sql").read_text().format(
            deals=_sql_str(folder.glob(DEALS)),
            verdicts=_sql_str(folder.glob(VERDICTS)),
            published=_sql_str(str(REPORTS / "published.csv")),
        )
        try:
            con.execute(views)
        except duckdb.Error as e:  # a path DuckDB cannot read: one line, never its trace
            raise engine.BadInput(f"report: DuckDB cannot read the tables of {str(folder.root)!r}: {str(e).splitlines()[0]}") from None
        out = {}
        for name in [n for n, _ in SECTIONS] + ["budget_steps"]:
            cur = con.execute((REPORTS / f"{name}.sql").read_text())
            cols = [d[0] for d in cur.description]
            out[name] = (cols, cur.fetchall())
        return out
    finally:
        con.close()


def _fmt(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        if math.isnan(v):
            return "–"
        return f"{v:.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _markdown(cols: list[str], rows: list[tuple[Any, ...]]) -> str:
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(_fmt(v).replace("|", "\\|") for v in r) + " |" for r in rows]
    return "\n".join(out)


def _html_table(cols: list[str], rows: list[tuple[Any, ...]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def plots(results: dict[str, tuple[list[str], list[tuple[Any, ...]]]], out: Path) -> list[tuple[str, str]]:
    """Two PNGs: pass rate by budget, and pass rate per board beside its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files.real_dir(out)
    made = []
    _, steps = results["budget_steps"]
    _, curve = results["budget_curve"]
    cap = {r[0]: r[1] for r in curve}  # the last grid point of a board is its exact cap
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for board in sorted({r[0] for r in steps}):
        xs = [r[1] for r in steps if r[0] == board]
        ys = [r[2] for r in steps if r[0] == board]
        xs, ys = [max(1, xs[0])] + xs + [max(cap.get(board, xs[-1]), xs[-1])], [0.0] + ys + [ys[-1]]
        ax.plot(xs, ys, drawstyle="steps-post", label=board)
    ax.set_xscale("log")
    ax.set_xlabel("node budget (positions)")
    ax.set_ylabel("pass rate (% won)")
    ax.set_title("Pass rate by node budget")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    with files.atomic(out / "budget_curve.png") as tmp:
        fig.savefig(tmp, dpi=110, format="png")
    plt.close(fig)
    made.append(("budget_curve.png", "Pass rate by node budget"))

    cols, summary = results["summary"]
    i_b, i_p, i_lo, i_hi = (cols.index(c) for c in ("board", "pass_pct", "pass_lo_pct", "pass_hi_pct"))
    fig, ax = plt.subplots(figsize=(7, 4.2))
    xs = list(range(len(summary)))
    ps = [r[i_p] for r in summary]
    # Rounded SQL figures can put the interval a hair past the point: clip so matplotlib accepts it.
    err = [[max(r[i_p] - r[i_lo], 0.0) for r in summary], [max(r[i_hi] - r[i_p], 0.0) for r in summary]]
    ax.bar(xs, ps, yerr=err, capsize=4, color="#4a7bb7", label="ours (won / solved)")
    pcols, prows = results["published"]
    ib, iw = pcols.index("board"), pcols.index("published")
    boards = [r[i_b] for r in summary]
    marked = False
    for r in prows:
        m = re.match(r"\s*([0-9.]+)\s*%", r[iw] or "")
        if m and r[ib] in boards and "pass rate" not in (r[iw] or ""):
            x = boards.index(r[ib])
            ax.plot([x - 0.4, x + 0.4], [float(m.group(1))] * 2, color="#d62728", lw=2,
                    label=None if marked else "published winnable")  # fmt: skip
            marked = True
    ax.legend(fontsize=8, loc="lower right")
    ax.set_xticks(xs, [r[i_b] for r in summary], rotation=20)
    ax.set_ylabel("pass rate (% won), 95 % Wilson interval")
    ax.set_ylim(0, 100)
    ax.set_title("Pass rate per board")
    fig.tight_layout()
    with files.atomic(out / "pass_rate.png") as tmp:
        fig.savefig(tmp, dpi=110, format="png")
    plt.close(fig)
    made.append(("pass_rate.png", "Pass rate per board"))
    return made


def _data_uri(png: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(png.read_bytes()).decode("ascii")


def write_report(folder: Folder) -> list[Path]:
    """Write report.md, report.html (self-contained), plots/ and dealpool.duckdb (views for analysts)
    into the data folder; return the written paths."""
    folder.require()
    results = query_all(folder)
    pngs = plots(results, folder.root / "plots")
    md = ["# dealpool report", "",
          "Generated by `dealpool report` from the SQL in `reports/` over the Parquet tables. "
          "A deal counts once, by its decided verdict or else its largest budget; pass rate = won / solved "
          "(unknown deals count as not won, so it is a floor of winnability). Published figures: "
          "`reports/published.csv`, each row with its source and rules.", ""]  # fmt: skip
    body = []
    for name, title in SECTIONS:
        cols, rows = results[name]
        md += [f"## {title}", "", _markdown(cols, rows), ""]
        body.append(f"<h2>{html.escape(title)}</h2>{_html_table(cols, rows)}")
    md += ["## Plots", ""] + [f"![{t}](plots/{f})" for f, t in pngs] + [""]
    # The PNGs go inline (data: URIs) so the page is whole wherever it is copied or mailed.
    body += ["<h2>Plots</h2>"] + [f'<p><img src="{_data_uri(folder.root / "plots" / f)}" alt="{html.escape(t)}"></p>'
                                  for f, t in pngs]
    style = (
        "body{font-family:sans-serif;max-width:70em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}th{background:#eee}"
    )
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>dealpool report</title>"
        f"<style>{style}</style></head><body><h1>dealpool report</h1><p>{html.escape(md[2])}</p>"
        f"{''.join(body)}</body></html>\n"
    )
    mdp, hp = folder.root / "report.md", folder.root / "report.html"
    files.write_atomic(mdp, "\n".join(md).encode())
    files.write_atomic(hp, page.encode())
    db = write_duckdb(folder)
    return [mdp, hp, db] + [folder.root / "plots" / f for f, _ in pngs]
