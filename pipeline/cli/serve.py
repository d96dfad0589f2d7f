"""`dealpool serve [DATA]`: the pool viewer and DATA/pool on 127.0.0.1 (pipeline/serve.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pipeline.serve import DEFAULT_PORT, HOST, make_server


@click.command("serve")
@click.argument("data", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")  # fmt: skip
@click.pass_context
def serve_cmd(ctx: click.Context, data: Path | None, port: int) -> None:
    """Serve DATA/pool and the pool viewer on 127.0.0.1 and print the page's URL (Ctrl-C stops).

    DATA defaults to the --data folder. The page verifies the pool with the JavaScript kit, lists
    its deals and plays any of them on a drawn board."""
    folder = data if data is not None else Path(ctx.obj["data"])
    server = make_server(folder / "pool", port)
    url = f"http://{HOST}:{server.server_address[1]}/web/"
    click.echo(f"serving {folder / 'pool'} and the pool viewer at {url}  (Ctrl-C stops)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.server_close()


COMMANDS = (serve_cmd,)
