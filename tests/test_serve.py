"""`dealpool serve`: what it serves (the page, the kit, the pool, nothing else) and its one-line
refusals. The page itself in a browser: tests/test_web_viewer.py."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_helpers import env, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose pool is a hand-made folder (serve reads no table, only files)."""
    pool = tmp_path / "data" / "pool"
    pool.mkdir(parents=True)
    (pool / "manifest.json").write_text(json.dumps({"format": "dealpool-pool/3", "boards": {}, "files": {}}))
    (pool / "a b.json").write_text('{"x": 1}')
    return tmp_path / "data"


def _get(url: str) -> tuple[int, bytes, Any]:
    """(status, body, headers) of a GET, redirects not followed; headers read in any case."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


def test_serves_the_page_the_kit_and_the_pool_and_nothing_else(data: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "pipeline", "serve", str(data), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)  # fmt: skip
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "/web/" in first and str(data / "pool") in first, first
        url = next(w for w in first.split() if w.startswith("http://127.0.0.1:"))
        base = url.removesuffix("/web/")
        status, body, _ = _get(url)
        assert status == 200 and body == (ROOT / "clients/web/index.html").read_bytes()
        status, body, headers = _get(base + "/js/src/index.js")
        assert status == 200 and body == (ROOT / "clients/js/src/index.js").read_bytes()
        assert "javascript" in headers["Content-Type"]
        assert _get(base + "/web/app.js")[1] == (ROOT / "clients/web/app.js").read_bytes()
        assert _get(base + "/pool/manifest.json")[1] == (data / "pool/manifest.json").read_bytes()
        assert _get(base + "/pool/a%20b.json")[1] == b'{"x": 1}'
        status, listing, _ = _get(base + "/pool/")  # the folder's listing, which the page reads
        assert status == 200 and b'href="manifest.json"' in listing and b'href="a%20b.json"' in listing
        status, _, headers = _get(base + "/")
        assert status == 302 and headers["Location"] == "/web/"
        for path in ("/pool/../../README.md", "/pool/%2e%2e/%2e%2e/README.md", "/README.md", "/pyproject.toml",
                     "/web/../../pyproject.toml", "/engine/__init__.py"):  # fmt: skip
            assert _get(base + path)[0] == 404, path
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("argv, says", [
    (["--port", "70000"], "70000"),
    (["--port", "-1"], "--port"),
    (["--port", "http"], "--port"),
])  # fmt: skip
def test_a_bad_port_is_one_line(data: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, "serve", str(data), *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_a_taken_port_is_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, out, err = run(capsys, "serve", str(data), "--port", str(port))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"127.0.0.1:{port}" in err and "--port 0" in err


def test_no_pool_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--data", str(tmp_path / "nothing"), "serve")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no exported pool" in err and "make pool" in err
