"""Shared pytest set-up.

Hypothesis runs derandomized (a fixed example sequence per test) so `make test` is repeatable:
a CI failure can be reproduced exactly, and a test's cost does not depend on the day's luck.
Set HYPOTHESIS_PROFILE=explore to search with fresh random examples instead.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
