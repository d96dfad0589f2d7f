"""The one error type the engine raises for bad input."""

from __future__ import annotations


class DealpoolError(ValueError):
    """Bad input: the message is one line naming what was wrong and what is accepted.

    The CLI prints it as it is and exits with status 2; library callers catch it.
    """
