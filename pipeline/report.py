"""`dealpool report`: the SQL files in reports/ run by DuckDB over the Parquet tables, rendered by
the Jinja2 templates of reports/templates/ as report.md and report.html, with PNG plots, into the
data folder.

The HTML page leads with the answer: a headline card per board (won share with its 95 % Wilson
interval, deals, unknown, the published figure beside it), the provenance (date, engine build and
commit, budgets, deal sample), then the plots, the tables last. Each board has its own page inside
the same file (`report.html#board-<id>`, shown by CSS `:target`), so the report stays one
self-contained file (plots inline as data: URIs) that works wherever it is copied or mailed.
"""

from __future__ import annotations

import base64
import datetime
import math
import os
from pathlib import Path
from typing import Any, Callable

import duckdb

import engine
from pipeline import analysts, files, provenance, store
from pipeline.analysts import write_duckdb
from pipeline.store import DEALS, VERDICTS, Folder

REPORTS = Path(__file__).resolve().parent.parent / "reports"
SECTIONS = (
    ("summary", "Verdicts and pass rate (95 % Wilson interval)"),
    ("published", "Beside the published figures"),
    ("nodes", "Positions searched"),
    ("lines", "Winning line lengths (moves)"),
    ("budget_curve", "Pass rate by node budget (exact, from each won deal's node count)"),
    ("grades", "Grades of the won deals (visible-information playouts; docs/grades.md)"),
)
EXTRA = ("budget_steps", "board_deals", "sample", "provenance", "grade_counts", "grade_deals")
"""Queries the plots, the headline and the board pages read (not shown as tables themselves)."""
PALETTE = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
    "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#e7ba52",
)  # fmt: skip
"""Twelve qualitative colours (tab10 and two darker ones), a board's fixed by its place in the
registry; past twelve the line style changes too, so no two boards look alike."""
STYLES = ("-", "--", ":", "-.")
HARDEST = 10
"""Won deals listed per board page, most positions searched first."""
UNKNOWN_SHOWN = 200
"""Unknown deals listed per board page (the count says how many more)."""
REDEALS_NOTE = ("won with every redeal foreseen: the redeals shuffle with the deal's seed, which the "
                "search knows and a player does not, so this is not a player's chance of winning")  # fmt: skip

Results = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def query_all(folder: Folder) -> Results:
    """Run every report query; {name: (columns, rows)}."""
    # Validate every part first: a foreign or broken file is a clean error, not a DuckDB trace.
    store.require_sound(folder, "report")
    store.read_table(folder, DEALS)
    if not store.read_table(folder, VERDICTS).num_rows:
        raise engine.BadInput(f"no verdicts in {str(folder.root)!r} yet (run `dealpool solve` first)")
    con = analysts.connect(folder)
    try:
        try:
            con.execute(analysts.views_sql(grades=analysts.grades_glob(folder)))
        except duckdb.Error as e:  # a path DuckDB cannot read: one line, never its trace
            raise engine.BadInput(f"report: DuckDB cannot read the tables of {str(folder.root)!r}: {analysts.one_line(e)}") from None
        out = {}
        for name in [n for n, _ in SECTIONS] + list(EXTRA):
            cur = con.execute((REPORTS / f"{name}.sql").read_text())
            cols = [d[0] for d in cur.description]
            out[name] = (cols, cur.fetchall())
        return out
    finally:
        con.close()


def _fmt(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        if math.isnan(v):
            return "–"
        return f"{v:.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _sort_key(v: Any) -> str:
    """The value a table column sorts by (numbers as numbers: the page's script compares them so)."""
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v)):
        return repr(v)
    return "" if v is None else str(v)


def _table(name: str, title: str, cols: list[str], rows: list[tuple[Any, ...]]) -> dict[str, Any]:
    return {"id": name, "title": title, "cols": cols,
            "rows": [[(_fmt(v), _sort_key(v)) for v in r] for r in rows]}  # fmt: skip


def _colour(board: str) -> tuple[str, str]:
    """A board's colour and line style, fixed by its place in the registry."""
    order = list(engine.BOARDS)
    i = order.index(board) if board in order else len(order) + sum(map(ord, board))
    return PALETTE[i % len(PALETTE)], STYLES[(i // len(PALETTE)) % len(STYLES)]


MARGINS = {"left": 0.07, "right": 0.99, "bottom": 0.16, "top": 0.87}
"""Fixed margins of the per-board figures (two panels, 9 inches wide): `tight_layout` would fit them
to the labels, but it draws each figure once more to measure it, and with 20 such figures in a
default pool that was about 6 of the report's 12 seconds (cProfile)."""


def _save(fig: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    with files.atomic(path) as tmp:
        fig.savefig(tmp, dpi=100, format="png")
    plt.close(fig)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def headline(results: Results) -> list[dict[str, Any]]:
    """A card per board: its counts, won share and interval, and its first published figure."""
    cols, rows = results["summary"]
    pcols, prows = results["published"]
    first: dict[str, dict[str, Any]] = {}
    for r in prows:
        first.setdefault(r[pcols.index("board")], dict(zip(pcols, r)))
    labels = {b.id: b.label for b in engine.BOARDS.values()}
    cards = []
    for r in rows:
        d = dict(zip(cols, r))
        pub = first.get(d["board"])
        cards.append({**d, "label": labels.get(d["board"], d["board"]), "colour": _colour(d["board"])[0],
                      "published": pub, "page": f"board-{d['board']}"})  # fmt: skip
    return cards


def plots(results: Results, out: Path) -> list[tuple[str, str]]:
    """The overview's PNGs: won share per board beside its interval and published figure, and the
    won share by node budget."""
    plt = _pyplot()
    files.real_dir(out)
    made = []

    cards = headline(results)
    fig, ax = plt.subplots(figsize=(9, 4.4))
    top = 100.0
    for x, c in enumerate(cards):
        lo, hi = c["pass_lo_pct"], c["pass_hi_pct"]
        ax.bar(x, c["pass_pct"], color=c["colour"], hatch="//" if c["redeals_foreseen"] else None,
               edgecolor="white" if c["redeals_foreseen"] else None)  # fmt: skip
        # Rounded SQL figures can put the interval a hair past the point: clamp so matplotlib accepts it.
        ax.errorbar(x, c["pass_pct"], yerr=[[max(c["pass_pct"] - lo, 0.0)], [max(hi - c["pass_pct"], 0.0)]],
                    color="black", capsize=5, lw=1.2)  # fmt: skip
        top = max(top, hi)
        p = c["published"]
        if p and p["published_pct"] is not None:
            ax.plot([x - 0.42, x + 0.42], [p["published_pct"]] * 2, color="black", lw=2.5, ls=(0, (1, 1)))
            top = max(top, p["published_pct"])
    from matplotlib.lines import Line2D
    from matplotlib.artist import Artist
    from matplotlib.patches import Patch

    keys: list[Artist] = [Line2D([], [], color="black", lw=2.5, ls=(0, (1, 1)), label="published (its first figure)"),
            Line2D([], [], color="black", marker="_", markersize=10, label="ours, 95 % Wilson interval")]  # fmt: skip
    if any(c["redeals_foreseen"] for c in cards):
        keys.append(Patch(facecolor="#888", hatch="//", edgecolor="white", label="won with the redeals foreseen"))
    ax.set_xticks(range(len(cards)), [c["board"] for c in cards], rotation=25, ha="right")
    ax.set_ylabel("won share (% of deals)")
    ax.set_ylim(0, top + 8)  # room above 100 %: nothing at the top is clipped
    ax.axhline(100, color="#bbb", lw=0.8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(handles=keys, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title("Won share per board")
    fig.tight_layout()
    _save(fig, out / "pass_rate.png")
    made.append(("pass_rate.png", "Won share per board, its 95 % interval and the published figure"))

    _, steps = results["budget_steps"]
    _, curve = results["budget_curve"]
    cap = {r[0]: r[1] for r in curve}  # the last grid point of a board is its exact cap
    fig, ax = plt.subplots(figsize=(9, 4.4))
    for board in sorted({r[0] for r in steps}, key=lambda b: list(engine.BOARDS).index(b) if b in engine.BOARDS else 99):
        xs = [r[1] for r in steps if r[0] == board]
        ys = [r[2] for r in steps if r[0] == board]
        xs, ys = [max(1, xs[0])] + xs + [max(cap.get(board, xs[-1]), xs[-1])], [0.0] + ys + [ys[-1]]
        colour, style = _colour(board)
        ax.plot(xs, ys, drawstyle="steps-post", label=board, color=colour, ls=style, lw=1.6)
    ax.set_xscale("log")
    ax.set_ylim(0, 105)
    ax.set_xlabel("node budget (positions)")
    ax.set_ylabel("won share (% of deals)")
    ax.set_title("Won share by node budget")
    ax.grid(True, alpha=0.3)
    if steps:  # a folder with no won deal has no curve to name (matplotlib warned on stderr)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    _save(fig, out / "budget_curve.png")
    made.append(("budget_curve.png", "Won share by node budget"))
    return made


def board_plot(board: str, deals: list[dict[str, Any]], out: Path) -> str:
    """A board page's PNG: positions searched by verdict (log bins) and the won lines' lengths."""
    plt = _pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.2))
    colours = {"won": "#2ca02c", "lost": "#d62728", "unknown": "#7f7f7f"}
    nodes = {v: [max(d["nodes"], 1) for d in deals if d["verdict"] == v] for v in colours}
    top = max([n for ns in nodes.values() for n in ns] or [10])
    bins = [10 ** (k / 4) for k in range(0, int(4 * math.log10(top)) + 2)]
    a.hist([nodes[v] for v in colours], bins=bins, stacked=True, color=list(colours.values()), label=list(colours))
    a.set_xscale("log")
    a.set_xlabel("positions searched")
    a.set_ylabel("deals")
    a.legend(fontsize=8)
    a.set_title("Positions searched, by verdict")
    lengths = [d["line_length"] for d in deals if d["verdict"] == "won"]
    b.hist(lengths or [0], bins=30, color=_colour(board)[0])
    b.set_xlabel("moves in the winning line")
    b.set_ylabel("won deals")
    b.set_title("Winning line length")
    fig.subplots_adjust(**MARGINS)
    name = f"board-{board}.png"
    _save(fig, out / name)
    return name


def grade_plot(board: str, deals: list[dict[str, Any]], out: Path) -> str:
    """A graded board's PNG: each won deal's share of playouts won against its winning line's length
    and against the positions searched, coloured by grade (does the grade follow either?)."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.0), sharey=True)
    colours = dict(zip(engine.GRADES, ("#2ca02c", "#1f77b4", "#ff7f0e", "#d62728")))
    for ax, key, label in ((axes[0], "line_length", "moves in the winning line"), (axes[1], "nodes", "positions searched")):
        for g, colour in colours.items():
            pts = [d for d in deals if d["grade"] == g]
            ax.scatter([max(d[key], 1) for d in pts], [d["share"] for d in pts], s=12, color=colour, label=g, alpha=0.8)
        ax.set_xlabel(label)
        ax.grid(True, alpha=0.3)
    axes[1].set_xscale("log")
    axes[0].set_ylabel("share of playouts won")
    axes[1].legend(fontsize=8, loc="upper right")
    fig.suptitle("Grade against line length and positions searched", fontsize=10)
    fig.subplots_adjust(**MARGINS, wspace=0.08)
    name = f"grades-{board}.png"
    _save(fig, out / name)
    return name


def _graded_deals(b: str, results: Results) -> list[dict[str, Any]] | None:
    """A graded board's won deals with their grades (what its grade plot draws); None when the
    board is not graded."""
    gcols, grows = results["grades"]
    row = next((dict(zip(gcols, r)) for r in grows if r[0] == b), None)
    if row is None or not row["graded"]:
        return None
    dcols, drows = results["grade_deals"]
    return [dict(zip(dcols, r)) for r in drows if r[0] == b]


def grade_page(b: str, results: Results, plot_dir: Path) -> dict[str, Any]:
    """A board page's grades: its grading's table and plot (drawn already: `plot_jobs`), or why
    the board is not graded."""
    gcols, grows = results["grades"]
    deals = _graded_deals(b, results)
    if deals is None:
        row = next((dict(zip(gcols, r)) for r in grows if r[0] == b), None)
        note = row["not_graded_because"] if row else engine.grading_note(b) if b in engine.BOARDS else "unknown board"
        return {"grades_note": f"Not graded: {note}.", "grades_plot": None, "grades_plot_file": None, "grades_tables": []}
    ccols, crows = results["grade_counts"]
    png = f"grades-{b}.png" if deals else None
    g = engine.board_grading(b)
    how = (f"Graded by {g.version}'s player, {g.playouts} playouts a deal: easy from {g.easy:.0%} of them won, "
           f"medium from {g.medium:.0%}, hard from {g.hard:.0%}, expert below." if g else "")  # fmt: skip
    return {"grades_note": how, "grades_plot": _data_uri(plot_dir / png) if png else None, "grades_plot_file": png,
            "grades_tables": [_table(f"{b}-grades", "Grades: won deals, share of playouts won, median line and positions searched",
                                     ccols[1:], [r[1:] for r in crows if r[0] == b])]}  # fmt: skip


def _deals_by_board(results: Results) -> dict[str, list[dict[str, Any]]]:
    dcols, drows = results["board_deals"]
    by_board: dict[str, list[dict[str, Any]]] = {}
    for r in drows:
        d = dict(zip(dcols, r))
        by_board.setdefault(d["board"], []).append(d)
    return by_board


PlotJob = tuple[Callable[[str, list[dict[str, Any]], Path], str], str, list[dict[str, Any]]]
"""A board page's PNG to draw: (board_plot or grade_plot, board, its deals)."""


def plot_jobs(results: Results, cards: list[dict[str, Any]]) -> list[PlotJob]:
    """Every board page's PNGs, in page order: the board's plot, then its grades' plot when it is
    graded and has won deals (`board_pages` names the same files)."""
    by_board = _deals_by_board(results)
    jobs: list[PlotJob] = []
    for c in cards:
        b = c["board"]
        jobs.append((board_plot, b, by_board.get(b, [])))
        graded = _graded_deals(b, results)
        if graded:
            jobs.append((grade_plot, b, graded))
    return jobs


HELPER_FROM = 8
"""Board pages' PNGs at least, for the drawing to be shared with a helper process (`Painter`):
below, starting one (a new interpreter importing matplotlib) costs about what it saves."""


PAINTERS = {"board_plot": board_plot, "grade_plot": grade_plot}


def _draw(jobs: list[tuple[str, str, list[dict[str, Any]], Path]]) -> None:
    """Draw (painter's name, board, deals, folder) jobs: the helper's work (`Painter`)."""
    for name, b, deals, out in jobs:
        PAINTERS[name](b, deals, out)


HELPER_WAIT = 600.0
"""Seconds the report waits for its helper after drawing its own share; then it draws the rest."""
HELPER = "import pickle, sys; from pipeline import report; report._draw(pickle.loads(open(sys.argv[1], 'rb').read()))"
"""The helper process's program: draw the jobs pickled in the file named by its argument."""


class Painter:
    """Draws the board pages' PNGs, every other one in a helper process when there are many: the
    drawing (matplotlib's, pure Python) was about 85 % of the report's time (cProfile), one PNG
    never depends on another, and the second core was idle. The helper is a new interpreter
    (`python -c HELPER`), not a fork: this process has run DuckDB and pyarrow threads, and a fork
    taken while one holds a lock can hang the child (a CI run did, commit 602de1c); nor
    multiprocessing's spawn, which imports the caller's main script again. The PNGs are the same
    bytes wherever they are drawn (the same function, data, backend and defaults;
    tests/test_report_browser.py), and a helper that fails costs only time: its share is then
    drawn here, so the report never depends on it."""

    def __init__(self, helper: bool) -> None:
        self.helper = helper
        self.proc: Any = None
        self.theirs: list[PlotJob] = []
        self.mine: list[PlotJob] = []
        self.out = Path()
        self.tmp: list[Path] = []

    def start(self, jobs: list[PlotJob], out: Path) -> None:
        """Hand the helper (if any) the even jobs; `finish` draws the rest here into `out`."""
        self.out, self.mine = out, jobs
        if not self.helper:
            return
        import pickle
        import subprocess
        import sys
        import tempfile

        theirs, mine = jobs[0::2], jobs[1::2]
        try:
            fd, name = tempfile.mkstemp(prefix="dealpool-plots-", suffix=".pickle")
            self.tmp.append(Path(name))
            with open(fd, "wb") as f:
                pickle.dump([(fn.__name__, b, deals, out) for fn, b, deals in theirs], f)
            err_fd, err = tempfile.mkstemp(prefix="dealpool-plots-", suffix=".err")
            self.tmp.append(Path(err))
            # this source tree first, as here (the helper imports `pipeline.report` by name)
            paths = [str(REPORTS.parent)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
            self.proc = subprocess.Popen([sys.executable, "-c", HELPER, name], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=err_fd, env=env)  # fmt: skip
            os.close(err_fd)
        except OSError:  # no process or temporary file to be had: draw everything here
            self.proc = None
            return
        self.theirs, self.mine = theirs, mine

    def finish(self) -> None:
        """Draw this process's share, then wait for the helper's (drawn here if the helper failed)."""
        for fn, b, deals in self.mine:
            fn(b, deals, self.out)
        if self.proc is None:
            return
        import subprocess

        try:
            code = self.proc.wait(timeout=HELPER_WAIT)
        except subprocess.TimeoutExpired:  # stuck: stopped, and its share drawn here
            self.proc.kill()
            self.proc.wait()
            code = -1
        self.proc = None
        said = self.tmp[1].read_bytes() if len(self.tmp) > 1 and self.tmp[1].exists() else b""
        if code == 0:
            if said:  # matplotlib's warnings, as drawing here would print them
                import sys

                sys.stderr.write(said.decode(errors="replace"))
            return
        for fn, b, deals in self.theirs:
            fn(b, deals, self.out)

    def close(self) -> None:
        """Stop a helper still running (an error here) and remove the temporary files."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
        for t in self.tmp:
            t.unlink(missing_ok=True)


def _data_uri(png: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(png.read_bytes()).decode("ascii")


def board_pages(results: Results, cards: list[dict[str, Any]], plot_dir: Path) -> list[dict[str, Any]]:
    """A page per board: counts, distributions, the hardest won deals, the unknown deals, the
    published figures with their rules. Its PNGs are drawn already (`plot_jobs`, `Painter`)."""
    ncols, nrows = results["nodes"]
    lcols, lrows = results["lines"]
    pcols, prows = results["published"]
    by_board = _deals_by_board(results)
    pages = []
    for c in cards:
        b = c["board"]
        deals = by_board.get(b, [])
        png = f"board-{b}.png"
        won = sorted((d for d in deals if d["verdict"] == "won"), key=lambda d: (-d["nodes"], d["code"]))[:HARDEST]
        unknown = [d for d in deals if d["verdict"] in ("unknown", "error")]
        keep = ["code", "nodes", "budget", "line_length"]
        pages.append({
            **c, **grade_page(b, results, plot_dir),
            "plot": _data_uri(plot_dir / png), "plot_file": png,
            "tables": [
                _table(f"{b}-counts", "Verdicts", ["verdict", "deals"],
                       [(v, c[v]) for v in ("won", "lost", "unknown", "error")]),
                _table(f"{b}-nodes", "Positions searched", ncols[1:], [r[1:] for r in nrows if r[0] == b]),
                _table(f"{b}-lines", "Winning line lengths (moves)", lcols[1:], [r[1:] for r in lrows if r[0] == b]),
                _table(f"{b}-hardest", f"The {HARDEST} hardest won deals (most positions searched)", keep,
                       [tuple(d[k] for k in keep) for d in won]),
                _table(f"{b}-unknown", f"Undecided deals ({len(unknown):,}"
                       + (f", the first {UNKNOWN_SHOWN} shown" if len(unknown) > UNKNOWN_SHOWN else "") + ")",
                       ["code", "verdict", "reason", "nodes", "budget"],
                       [(d["code"], d["verdict"], d["reason"], d["nodes"], d["budget"]) for d in unknown[:UNKNOWN_SHOWN]]),
                _table(f"{b}-published", "Published figures and their rules",
                       ["published", "published_pct", "published_n", "rules", "source"],
                       [tuple(r[pcols.index(k)] for k in ("published", "published_pct", "published_n", "rules", "source"))
                        for r in prows if r[0] == b]),
            ],
        })  # fmt: skip
    return pages


def provenance_of(results: Results, folder: Folder) -> dict[str, Any]:
    """Date, engine builds, commit, budgets and the deal sample, for the top of the report."""
    cols, rows = results["summary"]
    budgets = {r[0]: r[cols.index("budget")] for r in rows}
    scols, srows = results["sample"]
    sample = []
    for r in srows:
        d = dict(zip(scols, r))
        what = []
        if d["numbered"]:
            what.append(f"{d['numbered']:,} numbered ({d['first_number']:,}–{d['last_number']:,})")
        if d["random"]:
            what.append(f"{d['random']:,} random")
        sample.append((d["board"], d["sampled"], ", ".join(what)))
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "engines": [r[0] for r in results["provenance"][1]],
        "commit": provenance.commit(),
        "budgets": budgets,
        "sample": sample,
        "folder": folder.root.name,
    }


def _env() -> Any:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(REPORTS / "templates"),
        autoescape=jinja2.select_autoescape(["html.j2"]),
        undefined=jinja2.StrictUndefined,  # a name the template expects and the code forgot fails loudly
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fmt"] = _fmt
    env.filters["pct"] = lambda v, d=2: "–" if v is None else f"{v:.{d}f} %"
    return env


def write_report(folder: Folder) -> list[Path]:
    """Write report.md, report.html (self-contained), plots/ and dealpool.duckdb (views for analysts)
    into the data folder; return the written paths."""
    folder.require()
    results = query_all(folder)
    plot_dir = folder.root / "plots"
    files.real_dir(plot_dir)
    cards = headline(results)
    jobs = plot_jobs(results, cards)
    painter = Painter(helper=len(jobs) >= HELPER_FROM)
    try:
        painter.start(jobs, plot_dir)  # the helper's share first: it draws while this process does the rest
        pngs = plots(results, plot_dir)
        painter.finish()
    finally:
        painter.close()
    pages = board_pages(results, cards, plot_dir)
    tables = [_table(name, title, *results[name]) for name, title in SECTIONS]
    context = {
        "cards": cards,
        "prov": provenance_of(results, folder),
        "plots": [{"file": f, "title": t, "uri": _data_uri(plot_dir / f)} for f, t in pngs],
        "tables": tables,
        "pages": pages,
        "redeals_note": REDEALS_NOTE,
    }
    env = _env()
    mdp, hp = folder.root / "report.md", folder.root / "report.html"
    files.write_atomic(hp, env.get_template("report.html.j2").render(context).encode())
    files.write_atomic(mdp, env.get_template("report.md.j2").render(context).encode())
    db = write_duckdb(folder)
    return ([mdp, hp, db] + [plot_dir / f for f, _ in pngs] + [plot_dir / p["plot_file"] for p in pages]
            + [plot_dir / p["grades_plot_file"] for p in pages if p["grades_plot_file"]])  # fmt: skip
