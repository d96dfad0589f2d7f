"""Write the generated parts of the docs from the registry and the game folders: `make docs`, or

    python docs/make.py           rewrite every generated part that is stale
    python docs/make.py --check   list the stale parts, write nothing (exit 1 if any)

A generated part of a Markdown file sits between two markers,

    <!-- generated: NAME by docs/make.py from the game folders; edit those, then `make docs` -->
    ...
    <!-- end generated: NAME -->

and reports/published.csv is generated whole. What each part is made from: PARTS below. Nothing
of a game is written by hand in a shared file, so adding a game is its folders and a registry line;
tests/test_docs.py fails when a committed part is stale, so CI catches drift.
"""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import os
import re
import sys
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.gamekit.facts import facts  # noqa: E402

BEGIN = "<!-- generated: {name} by docs/make.py from the game folders; edit those, then `make docs` -->"
END = "<!-- end generated: {name} -->"
MARKED = re.compile(r"<!-- generated: (\S+) by docs/make\.py[^\n]*-->\n(.*?)<!-- end generated: \1 -->", re.S)


def _link(text: str, target: Path, doc: Path, anchor: str = "") -> str:
    """A Markdown link from `doc` to `target` (both under the root), shown as `text`."""
    rel = os.path.relpath(target, doc.parent).replace(os.sep, "/")
    return f"[{text}]({rel}{anchor})"


def _python_folder(game: str) -> Path:
    return ROOT / "engine" / "games" / game


def _solver_folder(game: str) -> Path:
    return ROOT / "engine" / "native" / "src" / "games" / game


def _readme_link(game: str, doc: Path, anchor: str = "") -> str:
    return _link(f"engine/games/{game}/", _python_folder(game) / "README.md", doc, anchor)


def _solver_link(game: str, doc: Path) -> str:
    return _link(f"engine/native/src/games/{game}/", _solver_folder(game) / "README.md", doc)


def _table(head: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    head = list(head)
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _dealing_option_sets(g: engine.Game) -> list[dict[str, str]]:
    """Every combination of the options that change the cards dealt."""
    dealing = [o for o in g.options if o.deals]
    return [dict(zip((o.name for o in dealing), vs)) for vs in itertools.product(*(o.values for o in dealing))]


def _deal_keys(g: engine.Game) -> str:
    keys: dict[str, list[str]] = {}
    for opts in _dealing_option_sets(g):
        keys.setdefault(g.deal_key(g.canonical(opts)), []).append(";".join(f"{k}={v}" for k, v in opts.items()))
    if len(keys) == 1:
        return f"`{next(iter(keys))}`"
    return ", ".join(f"`{k}` ({', '.join(f'`{w}`' for w in when)})" for k, when in keys.items())


def _options(g: engine.Game) -> str:
    if not g.options:
        return "none"
    bar = " \\| "  # a | inside a table cell
    return "; ".join(f"`{o.name}` = {bar.join(o.values)} (default {o.default})" for o in g.options)


def _codes(doc: Path) -> str:
    """docs/games.md: each game's id, options in canonical order, deck, deal keys, kinds of code."""
    rows = []
    for g in engine.GAMES.values():
        deck = facts(g.id).deck or f"one deck, {g.deck_size} cards"
        kinds = "N, S, C" if g.classic else "N, S"
        example = engine.format_code(engine.DealCode.numbered(g.id, g.defaults(), 1))
        rows.append([_link(g.label, _python_folder(g.id) / "README.md", doc), f"`{g.id}`", _options(g), deck,
                     _deal_keys(g), kinds, "yes" if g.seeded else "no", f"`{example}`"])  # fmt: skip
    return _table(["game", "id", "options, in canonical order", "fresh deck", "deal keys", "codes", "redeals",
                   "deal 1 of the defaults"], rows)  # fmt: skip


def _boards_rows(boards: Iterable[engine.Board]) -> list[list[str]]:
    return [[f"`{b.id}`", f"`{b.options_text()}`" if b.options else "none", f"{b.budget:,}",
             "yes" if b.pooled else "no (`--boards all`)", b.label] for b in boards]  # fmt: skip


BOARD_HEAD = ["board", "options", "default node budget", "in the default pool", "label"]


def _boards(doc: Path) -> str:
    """docs/games.md: every board, in the registry's order."""
    head = BOARD_HEAD[:1] + ["game"] + BOARD_HEAD[1:]
    rows = [r[:1] + [engine.GAMES[b.game].label] + r[1:] for b, r in zip(engine.BOARDS.values(), _boards_rows(engine.BOARDS.values()))]
    return _table(head, rows)


def _game_boards(game: str) -> Callable[[Path], str]:
    """A game folder's README: its own boards."""
    return lambda doc: _table(BOARD_HEAD, _boards_rows(b for b in engine.BOARDS.values() if b.game == game))


def _games(doc: Path) -> str:
    """docs/games.md: where each game's rules and solver are told."""
    rows = [[g.label, _readme_link(g.id, doc), _solver_link(g.id, doc) if engine.solvable(g.id) else "none yet"]
            for g in engine.GAMES.values()]  # fmt: skip
    return _table(["game", "rules, options, boards, layout, notation", "solver"], rows)


def _notation(doc: Path) -> str:
    """docs/notation.md: where each game's tokens are told."""
    rows = [[g.label, _readme_link(g.id, doc, "#notation")] for g in engine.GAMES.values()]
    return _table(["game", "notation"], rows)


def _searches(doc: Path) -> str:
    """docs/solver.md: how each solvable game searches, and where its soundness is argued."""
    rows = [[g.label, facts(g.id).search, _solver_link(g.id, doc)] for g in engine.GAMES.values() if engine.solvable(g.id)]
    return _table(["game", "how it searches", "soundness and budget"], rows)


def _viewer(doc: Path) -> str:
    """clients/web/README.md: what the pool viewer draws of each game's position."""
    rows = [[g.label, facts(g.id).viewer] for g in engine.GAMES.values() if facts(g.id).viewer]
    return _table(["game", "drawn"], rows)


ENTRY = re.compile(r"^### (\S+) · (.+?) · (.+)$", re.M)


def bench_logs() -> list[tuple[str, Path]]:
    """The bench logs, (title, path): the shared sections' first, then each game's in the registry's
    order (bench/games/<game>/log.md, for the games that have one)."""
    logs = [("", ROOT / "bench" / "log.md")]
    logs += [(g.label, p) for g in engine.GAMES.values() if (p := ROOT / "bench" / "games" / g.id / "log.md").exists()]
    return logs


def _bench_index(doc: Path) -> str:
    """docs/bench-log.md: every entry's id (an anchor, so `bench-log.md#k42` still lands on it), date
    and commit, and title, linked to where it lives."""
    out = []
    for title, path in bench_logs():
        text = path.read_text()
        # a shared log has sections of its own (## Memory cap); a game's log is one section
        sections = re.split(r"^## (.+)$", text, flags=re.M)
        groups = [(title, sections[0])] if title else list(zip(sections[1::2], sections[2::2]))
        for name, body in groups:
            rows = [[f'<a id="{eid.lower()}"></a>{_link(eid, path, doc, "#" + eid.lower())}', when, what]
                    for eid, when, what in ENTRY.findall(body)]  # fmt: skip
            if rows:
                out.append(f"## {name}\n\nIn {_link(str(path.relative_to(ROOT)), path, doc)}.\n\n" + _table(["id", "date, commit", "what"], rows))
    return "\n".join(out)


def published_csv() -> str:
    """reports/published.csv: every game's published figures, in the registry's order (the report
    orders them itself). The source is always quoted, the other fields only when they must be."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["board", "winnable", "n", "rules", "source"])
    for g in engine.GAMES:
        for f in facts(g).published:
            row = io.StringIO()
            csv.writer(row, lineterminator="").writerow([f.board, f.winnable, f.n, f.rules])
            out.write(row.getvalue() + ',"' + f.source.replace('"', '""') + '"\n')
    return out.getvalue()


# file -> {part name: its text}; a part is written between its markers.
PARTS: dict[Path, dict[str, Callable[[Path], str]]] = {
    ROOT / "docs" / "games.md": {"codes": _codes, "boards": _boards, "games": _games},
    ROOT / "docs" / "notation.md": {"notation": _notation},
    ROOT / "docs" / "solver.md": {"games": _searches},
    ROOT / "docs" / "bench-log.md": {"index": _bench_index},
    ROOT / "clients" / "web" / "README.md": {"viewer": _viewer},
    **{_python_folder(g) / "README.md": {"boards": _game_boards(g)} for g in engine.GAMES},
}
WHOLE: dict[Path, Callable[[], str]] = {ROOT / "reports" / "published.csv": published_csv}


def rewrite(path: Path, text: str) -> str:
    """`text` (the file at `path`) with every generated part made anew. A part PARTS names that the
    file lacks, or a marked part it does not name, is an error: the markers are placed by hand."""
    parts = PARTS.get(path, {})
    found = [m.group(1) for m in MARKED.finditer(text)]
    if sorted(found) != sorted(parts):
        raise SystemExit(f"{path.relative_to(ROOT)}: generated parts {sorted(found)}, expected {sorted(parts)}")

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        return f"{BEGIN.format(name=name)}\n{parts[name](path)}{END.format(name=name)}"

    return MARKED.sub(fill, text)


def generated() -> dict[Path, str]:
    """Every generated file's text as it should be."""
    out = {path: rewrite(path, path.read_text()) for path in PARTS}
    out.update({path: make() for path, make in WHOLE.items()})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python docs/make.py", description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="list the stale files, write nothing (exit 1 if any)")
    a = p.parse_args(argv)
    stale = []
    for path, text in generated().items():
        if not path.exists() or path.read_text() != text:
            stale.append(path)
            if not a.check:
                path.write_text(text)
    for path in stale:
        print(f"{path.relative_to(ROOT)}: {'stale' if a.check else 'rewritten'}")
    return 1 if a.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
