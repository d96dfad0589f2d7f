"""Shared pytest set-up.

Hypothesis runs derandomized (a fixed example sequence per test) so `make test` is repeatable:
a CI failure can be reproduced exactly, and a test's cost does not depend on the day's luck.
Set HYPOTHESIS_PROFILE=explore to search with fresh random examples instead.

`counts`: the dealer's own steps counted, for the tests that a path deals once (issue 27).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any, Callable

import pytest
from hypothesis import settings

from engine import codes, dealer

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of each step of dealing: a code parsed, a numbered seed hashed, an order shuffled, a
    Deal laid out (by deal or redeal)."""
    seen: Counter[str] = Counter()

    def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            seen[name] += 1
            return fn(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(codes, "parse", counted("parse", codes.parse))
    monkeypatch.setattr(dealer, "numbered_seed", counted("seed", dealer.numbered_seed))
    monkeypatch.setattr(dealer, "shuffle", counted("shuffle", dealer.shuffle))
    monkeypatch.setattr(dealer, "_laid_out", counted("deal", dealer._laid_out))
    return seen
