"""The steps `pool` runs after it builds, each printing what its own command prints: check, report,
export, verify. Their commands (pipeline/cli/check.py, report.py, export.py) and `pool`
(pipeline/cli/build.py) call these, so no command module imports another.

A step that finds something wrong raises engine.RunFailed (exit 1), its line the message.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import click

import engine
from pipeline import limits, store
from pipeline.check import run_check
from pipeline.cli import common
from pipeline.export import export_pool, verify_fair, verify_pool
from pipeline.repair import repair as repair_folder
from pipeline.report import write_report

CHECK_DEALS = 20
"""`check --deals`: codes re-dealt per board."""
CHECK_SOLVES = 10
"""`check --solves`: verdicts re-solved per board."""
CHECK_SEED = 0
"""`check --seed`: the seed of the sample's choice."""


def check(ctx: click.Context, n_deals: int = CHECK_DEALS, n_solves: int = CHECK_SOLVES, seed: int = CHECK_SEED,
          repair: bool = False, adopt: bool = False, grades: bool = True) -> None:  # fmt: skip
    """`check`: the ledger, re-deals, re-solves, the spec's test values, no error rows left, a grade
    for every won deal of a graded board (not with `grades=False`: `pool --no-grade`). One line."""
    limits.check_check(n_deals, n_solves, seed)
    folder = common.folder(ctx).require()
    with store.writer(folder) if repair or adopt else store.reader(folder):  # a read-only folder is checked too
        if repair:
            for line in repair_folder(folder).lines(shlex.quote(str(folder.root))):
                click.echo(f"check --repair: {line}")
            return
        if adopt:
            click.echo(f"check --adopt: {store.adopt(folder)} part(s) recorded in the ledger")
        res = run_check(folder, n_deals, n_solves, seed, common.solver(ctx), grades)
    if not res.ok:
        raise engine.RunFailed(res.line())
    click.echo(res.line())


def report(ctx: click.Context) -> None:
    """`report`: report.md, report.html, plots/ and dealpool.duckdb."""
    with store.writer(common.folder(ctx).require()) as folder:
        paths = write_report(folder)
    click.echo("report: " + ", ".join(str(p) for p in paths[:2]))


def export(ctx: click.Context, out: Path | None = None, sign: Path | None = None, grade: str | None = None) -> None:
    """`export`: the proven-winnable deals with their lines and grades, and manifest.json (default
    <data>/pool); with `grade`, only the deals of that grade."""
    folder = common.folder(ctx).require()
    out = out or folder.root / "pool"
    with store.writer(folder):
        m = export_pool(folder, out, sign, grade)
    counts = ", ".join(f"{b} {i['count']}" for b, i in m["boards"].items()) or ("no won deals" if grade is None else f"no {grade} deals")
    ungraded = [b for b, i in m["boards"].items() if i["grading"] is None]
    click.echo(f"export: {out}: {counts}" + (f" (only {grade} deals)" if grade else "")
               + (f"; not graded: {', '.join(ungraded)}" if ungraded else ""))  # fmt: skip


def verify(ctx: click.Context, directory: Path, key: Path | None = None, not_before: str | None = None,
           min_sequence: int | None = None) -> None:  # fmt: skip
    """`verify`: re-deal and replay an exported pool from its files alone; fail on any change."""
    limits.in_range("--min-sequence", min_sequence, 0, limits.MAX_SEED, "a sequence number of")
    n, problems = verify_pool(directory, common.solver(ctx), key, not_before, min_sequence)
    fair_problems, fair_line = verify_fair(directory)  # the committed sample, if shipped (issue 17)
    problems += fair_problems
    if problems:
        raise engine.RunFailed(f"verify: FAILED, {len(problems)} problem(s) in {directory}: " + "; ".join(problems[:5]))
    signed = f", signature by {key} good" if key is not None else ""
    click.echo(f"verify: OK, {n} deals re-dealt and replayed from {directory}{signed}")
    if fair_line:
        click.echo(fair_line)
