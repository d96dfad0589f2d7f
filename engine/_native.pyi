"""The native engine (Rust, engine/native/): the solver and a second deal."""

VERSION: str

def deal_positions(seed: bytes, size: int) -> list[int]:
    """Fisher-Yates positions for a 64-byte seed: order[k] is the fresh-deck position dealt k-th."""

def solve(
    game: str,
    layout: dict[str, list[list[int]]],
    options: dict[str, int],
    nodes: int,
    max_bytes: int,
) -> tuple[str, int, list[str], str]:
    """(verdict won|lost|unknown, nodes, line, reason '' | 'nodes' | 'memory'); GIL released."""

def solvable(game: str) -> bool:
    """Whether a solver for `game` is built."""

def walk(
    game: str,
    layout: dict[str, list[list[int]]],
    options: dict[str, int],
    seed: int,
    steps: int,
) -> list[tuple[list[str], list[str]]]:
    """Random play for differential tests: [(line so far, sorted legal single moves there)]."""

def _klondike_reconcretize(
    layout: dict[str, list[list[int]]],
    options: dict[str, int],
    line: list[str],
) -> list[str] | None:
    """Test hook: a Klondike line taken to its abstract line and concretized back (None if not)."""
