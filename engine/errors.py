"""dealpool's one error hierarchy. The CLI converts it once, at its edge (pipeline/cli/__init__.py):

    DealpoolError          anything dealpool raises on purpose (never a traceback at the CLI)
    ├── BadInput           bad input: one line naming what was wrong and what is accepted (exit 2)
    │   └── IllegalMove    a move that is not legal where it is made (the referee's reason)
    └── RunFailed          the run completed but found something wrong, e.g. a refused line (exit 1)

engine/deal.py stands alone (standard library only), so it raises its own `DealError(ValueError)`;
the engine turns it into BadInput where it calls the method (`from_method`).
"""

from __future__ import annotations

from typing import Callable, TypeVar

from engine.deal import DealError

T = TypeVar("T")


class DealpoolError(Exception):
    """The root: `exit_status` is what the CLI exits with when one reaches it."""

    exit_status = 1


class BadInput(DealpoolError, ValueError):
    """Bad input: the message is one line naming what was wrong and what is accepted."""

    exit_status = 2


class IllegalMove(BadInput):
    """A move that is not legal here; the message says why (for the referee's report)."""


class RunFailed(DealpoolError):
    """The run completed but found something wrong (a line the referee refused, a round that won
    nothing): one loud line, exit 1."""

    exit_status = 1


def from_method(fn: Callable[..., T], *args: object) -> T:
    """Call a function of the published method (engine/deal.py), its DealError as BadInput."""
    try:
        return fn(*args)
    except DealError as e:
        raise BadInput(str(e)) from None
