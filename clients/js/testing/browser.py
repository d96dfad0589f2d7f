"""The kit in Chromium, for tests/test_js_browser.py and bench/js.py: a temp folder holding the kit's
modules, a page that imports them, and any pool folders, served by Python's standard library on
127.0.0.1 (WebCrypto needs a secure context, and 127.0.0.1 is one; modules do not load from file://).
Debian's chromium driven by playwright, as tests/test_report_browser.py does.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

KIT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PAGE = """<!doctype html><meta charset="utf-8"><title>dealpool kit</title><link rel="icon" href="data:,">
<script type="module">
  import * as kit from './kit/src/index.js';
  window.kit = kit;
  /** Every file of a pool folder served beside the page, as the Map verifyPool takes. */
  window.loadPool = async (dir, names) => new Map(await Promise.all(names.map(async (n) => {
    const r = await fetch(`${dir}/${n}`);
    if (!r.ok) throw new Error(`${dir}/${n}: ${r.status}`);
    return [n, new Uint8Array(await r.arrayBuffer())];
  })));
  document.title = 'ready';
</script>"""


def site(root: Path, pools: dict[str, Path]) -> None:
    """Lay out the served folder: index.html, kit/src/ (a copy, so the page reaches nothing else),
    and each pool folder under its name."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(KIT / "src", root / "kit" / "src")
    (root / "index.html").write_text(PAGE)
    for name, folder in pools.items():
        shutil.copytree(folder, root / name)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002  (the library's name)
        pass


@contextlib.contextmanager
def serve(root: Path) -> Iterator[str]:
    """Serve `root` on 127.0.0.1 (a free port) while the block runs; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def kit_page(root: Path) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium page with the kit loaded as `window.kit` (and `window.loadPool`); yields (page,
    errors: console errors and page errors seen)."""
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with serve(root) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(base + "index.html", wait_until="load")
            page.wait_for_function("document.title === 'ready'", timeout=20_000)
            yield page, errors
        finally:
            browser.close()
