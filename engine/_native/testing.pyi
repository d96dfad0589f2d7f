"""The native engine's test hooks (`engine._native.testing`): the tests compare the solver's inner
state with the referee's through them; the pipeline never calls them."""

__all__ = ["position", "klondike_reconcretize"]

def position(game: str, layout: dict[str, list[list[int]]], options: dict[str, int], line: list[str], *,
             seed: bytes | None = None) -> list[list[int]]:  # fmt: skip
    """The piles the solver holds after playing `line` (redeals too), for the games with one (La
    Belle Lucie's fans bottom first, Gaps' rows with -1 a gap)."""

def klondike_reconcretize(layout: dict[str, list[list[int]]], options: dict[str, int], line: list[str]) -> list[str] | None:
    """A Klondike line taken to its abstract line and concretized back (None if not)."""
