"""`dealpool report` (report.md, report.html, plots/, dealpool.duckdb: pipeline/report.py) and
`dealpool sql` (a query on the DuckDB views: pipeline/analysts.py)."""

from __future__ import annotations

import click

import engine
from pipeline import analysts
from pipeline.cli import common, steps


@click.command("report")
@click.pass_context
def report_cmd(ctx: click.Context) -> None:
    """Write report.md, report.html and plots/ from the SQL in reports/."""
    steps.report(ctx)


@click.command("sql")
@click.argument("query")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV (a header line, then one line a row).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON array of objects.")
@click.pass_context
def sql_cmd(ctx: click.Context, query: str, as_csv: bool, as_json: bool) -> None:
    """Run QUERY on <data>/dealpool.duckdb (written by `dealpool report`) and print the result.

    Views: deals, verdicts (the row that counts per deal), verdicts_all (every attempt),
    board_counts, pass_rates (per board, 95 % Wilson interval), published. Read only.
    """
    if as_csv and as_json:
        raise engine.BadInput("give --csv or --json, not both")
    cols, rows = analysts.query(common.folder(ctx), query)
    fmt = analysts.as_csv if as_csv else analysts.as_json if as_json else analysts.as_table
    click.echo(fmt(cols, rows))


COMMANDS = (report_cmd, sql_cmd)
