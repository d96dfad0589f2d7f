"""The `dealpool` command line (Click). Library errors become one clean line."""

from __future__ import annotations

import click


@click.group()
def main() -> None:
    """dealpool: proven-winnable solitaire deals."""
