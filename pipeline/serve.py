"""Serving the pool viewer (clients/web) and DATA/pool on 127.0.0.1, with nothing but the standard
library's http.server (the command: pipeline/cli/serve.py).

Why a server at all: Chromium refuses ES modules from file:// pages, and a page cannot list a
folder by itself. Served, the viewer opens `../pool/` on its own and reads the folder's listing
(the standard directory page) to find files the manifest does not list.

What is served, read only, to this machine alone:
  /web/...   clients/web (the page)          /js/...  clients/js (the kit the page imports)
  /pool/...  DATA/pool (the exported pool)   /        a redirect to /web/
Nothing else: every path is looked up under one of those folders (`..` never leaves it).
"""

from __future__ import annotations

import http.server
from functools import partial
from pathlib import Path
from typing import Any

import engine

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
# clients/ beside the packages: present in a clone (and an editable install), not in a wheel.
CLIENTS = Path(__file__).resolve().parent.parent / "clients"


def routes(pool: Path, clients: Path = CLIENTS) -> dict[str, Path]:
    """URL prefix -> folder served under it. BadInput (one line) when a folder is missing."""
    if not (pool / "manifest.json").is_file():
        raise engine.BadInput(
            f"{str(pool)!r} holds no exported pool (no manifest.json); accepted: a data folder after "
            "`make pool` or `dealpool --data DATA export`"
        )
    if not (clients / "web" / "index.html").is_file() or not (clients / "js" / "src").is_dir():
        raise engine.BadInput(
            f"the viewer's files are not at {str(clients)!r} (clients/web, clients/js): serve from a "
            "clone of dealpool (pip install -e .)"
        )
    return {"/web": clients / "web", "/js": clients / "js", "/pool": pool}


class Handler(http.server.SimpleHTTPRequestHandler):
    """GET and HEAD of files under the routes' folders; `/` redirects to the page; quiet."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".css": "text/css",
        ".svg": "image/svg+xml",
        ".parquet": "application/octet-stream",
        ".sig": "text/plain",
        ".pub": "text/plain",
    }

    def __init__(self, *args: Any, routes: dict[str, Path], **kwargs: Any) -> None:
        self.routes = routes
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        """The file of a URL path, inside the folder of its route ('' for no route: 404). The base
        class drops `..`, `.` and query parts, and joins what is left under self.directory."""
        bare = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, folder in self.routes.items():
            if bare == prefix or bare.startswith(prefix + "/"):
                self.directory = str(folder)
                return super().translate_path(path[len(prefix):] or "/")
        return ""

    def send_head(self) -> Any:
        bare = self.path.split("?", 1)[0]
        if bare in ("", "/"):
            self.send_response(302)
            self.send_header("Location", "/web/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if self.translate_path(self.path) == "":
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a pool exported again is read again
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass


def make_server(pool: Path, port: int, clients: Path = CLIENTS) -> http.server.ThreadingHTTPServer:
    """The server bound to 127.0.0.1:port (0: any free port); BadInput when the port is taken."""
    handler = partial(Handler, routes=routes(pool, clients))
    try:
        return http.server.ThreadingHTTPServer((HOST, port), handler)
    except OSError as e:
        raise engine.BadInput(
            f"cannot listen on {HOST}:{port} ({e.strerror or e}); accepted: a free port, or --port 0 for any"
        ) from None
