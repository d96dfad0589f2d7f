"""The solve and grade steps fork their workers after making their progress bar, so the bar must
not leave a Python thread running: a fork while another Python thread runs can hang the child in
CPython 3.11's after-fork clean-up (a test run hung so, tqdm's monitor the only other thread)."""

from __future__ import annotations

import io
import threading

from pipeline.progress import bar


def test_a_progress_bar_starts_no_thread_drawn_or_not() -> None:
    before = {t.ident for t in threading.enumerate()}
    for disable in (True, False, None):
        b = bar(total=3, disable=disable, file=io.StringIO())
        b.update(2)
        assert {t.ident for t in threading.enumerate()} == before
        b.close()
