"""The shape docs/architecture.md promises, checked: no import circle in engine/ or pipeline/; the
pipeline imports `engine` and nothing below it; the CLI's command modules never import one another
and the library never imports the CLI; every game of the registry has its folder and
nothing of a game lives outside it; engine/deal.py's own table of deal facts matches the registry."""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
from pathlib import Path

import pytest

import engine
from engine import GAMES, method
from pipeline import spec_values

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "pipeline")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The project modules `path` imports at module level or in functions (a `from X import y`
    counts y when it is a module itself)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known}
            out.update(subs)
            if len(subs) < len(node.names):  # a name defined in `base` itself
                out.add(base)
    return {m for m in out if m in known} - {name}


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods) | {"engine._native"}  # the compiled module imports nothing of ours
    graph = {name: _imports(path, name, known) for name, path in mods.items()}
    graph["engine._native"] = set()
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_checker_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_circle() -> None:
    graph = _graph()
    assert "engine.codes" in graph["engine.boards"] and "engine.games" in graph["engine.codes"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def _folders(graph: dict[str, set[str]], packages: set[str]) -> dict[str, set[str]]:
    """The graph between folders: each module counts as the deepest package folder below the top
    level that holds it (a module right under engine/ or pipeline/ stands for itself)."""

    def unit(name: str) -> str:
        parts = name.split(".")
        return next((".".join(parts[:i]) for i in range(len(parts), 1, -1) if ".".join(parts[:i]) in packages), name)

    out: dict[str, set[str]] = {}
    for a, deps in graph.items():
        out.setdefault(unit(a), set()).update(unit(d) for d in deps if unit(d) != unit(a))
    for deps in list(out.values()):
        for d in deps:
            out.setdefault(d, set())
    return out


def test_no_import_circle_between_folders() -> None:
    """A folder's modules and another's import one way: e.g. the registry imports each game's folder,
    a game imports engine/gamekit/, never the folder that lists it."""
    packages = {name for name, path in _modules().items() if path.name == "__init__.py"}
    folders = _folders(_graph(), packages)
    assert "engine.gamekit" in folders["engine.games.klondike"] and "engine.games.klondike" in folders["engine.games"]
    assert _cycle(folders) is None, " -> ".join(_cycle(folders) or [])
    # the check can fail: a game's folder importing its registry's folder back
    folders["engine.gamekit"].add("engine.games")
    assert _cycle(folders) is not None


def test_the_pipeline_imports_engine_and_nothing_below_it() -> None:
    graph = _graph()
    below = {m: sorted(d for d in deps if d.startswith("engine.")) for m, deps in graph.items() if m.startswith("pipeline")}
    assert {m: d for m, d in below.items() if d} == {}
    assert all("engine" in graph[m] for m in ("pipeline.solve", "pipeline.cli", "pipeline.cli.deal", "pipeline.store.parts"))


def _command_modules() -> set[str]:
    """The CLI's command modules: those under pipeline/cli/ that define COMMANDS (what the group adds)."""
    out = set()
    for name, path in _modules().items():
        if name.startswith("pipeline.cli."):
            tree = ast.parse(path.read_text())
            if any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMMANDS" for t in n.targets)
                   for n in tree.body):  # fmt: skip
                out.add(name)
    return out


def _cross_commands(graph: dict[str, set[str]], commands: set[str]) -> dict[str, list[str]]:
    """Each module under pipeline.cli (the group itself aside) with the command modules it imports."""
    found = {m: sorted(deps & commands) for m, deps in graph.items() if m.startswith("pipeline.cli.")}
    return {m: d for m, d in found.items() if d}


def test_the_cross_command_checker_finds_one() -> None:
    graph = {"pipeline.cli": {"pipeline.cli.a", "pipeline.cli.b"}, "pipeline.cli.a": {"pipeline.cli.common"},
             "pipeline.cli.b": {"pipeline.cli.a", "pipeline.cli.common"}, "pipeline.cli.common": set()}  # fmt: skip
    assert _cross_commands(graph, {"pipeline.cli.a", "pipeline.cli.b"}) == {"pipeline.cli.b": ["pipeline.cli.a"]}


def test_no_command_module_imports_another() -> None:
    """The group (pipeline/cli/__init__.py) adds every command module's COMMANDS; a command module
    imports the shared helpers (common.py, steps.py) and the library, never another command module,
    and the helpers import no command module either."""
    graph = _graph()
    commands = _command_modules()
    assert {"pipeline.cli.deal", "pipeline.cli.solve", "pipeline.cli.build"} <= commands
    assert "pipeline.cli.common" not in commands and commands <= graph["pipeline.cli"]
    assert _cross_commands(graph, commands) == {}


def test_the_library_never_imports_the_cli() -> None:
    """One way: the CLI reads options and calls the library; no library module reaches back up, nor
    uses Click."""
    graph = _graph()
    up = {m: sorted(d for d in deps if d == "pipeline.cli" or d.startswith("pipeline.cli."))
          for m, deps in graph.items() if m.startswith("pipeline") and not m.startswith("pipeline.cli")}  # fmt: skip
    assert {m: d for m, d in up.items() if d and m != "pipeline.__main__"} == {}
    library = {m: p for m, p in _modules().items() if m.startswith("pipeline") and not m.startswith("pipeline.cli")}
    assert sorted(m for m, p in library.items() if _imports_click(p)) == []  # errors are engine's; the CLI prints


def _imports_click(path: Path) -> bool:
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.Import) and any(a.name == "click" for a in n.names):
            return True
        if isinstance(n, ast.ImportFrom) and n.module == "click":
            return True
    return False


def test_pipeline_subpackages_never_import_their_own_face() -> None:
    """A subpackage's __init__ (pipeline.store, pipeline.export, pipeline.fair, pipeline.cli) imports
    its modules; a module importing its own package would run the face half-built."""
    graph = _graph()
    faces = {m for m, p in _modules().items() if m.startswith("pipeline.") and p.name == "__init__.py"}
    assert {"pipeline.store", "pipeline.export", "pipeline.fair", "pipeline.cli"} <= faces
    assert [(m, f) for f in sorted(faces) for m in sorted(graph) if m.startswith(f + ".") and f in graph[m]] == []


def _native_importers(path: Path, name: str) -> list[int]:
    """The lines of `path` (module `name`) that import the compiled module `engine._native` or its
    submodule `testing`, however spelled (`import engine._native`, `from engine import _native`,
    `from engine._native import x`, `from . import _native` inside engine/)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            if any(a.name == "engine._native" or a.name.startswith("engine._native.") for a in node.names):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if base == "engine._native" or base.startswith("engine._native.") or (
                base == "engine" and any(a.name == "_native" for a in node.names)
            ):
                lines.append(node.lineno)
    return lines


def test_the_native_module_is_imported_by_engine_native_alone() -> None:
    """The crossing to Rust has one module (engine/native.py: typed records, the seed and tuning as
    named arguments, the test hooks): the engine, the pipeline, the tests and the benchmarks call it,
    never `engine._native` itself."""
    paths = [p for d in (*PACKAGES, "tests", "bench", "reports") for p in sorted((ROOT / d).rglob("*.py"))]
    found = {f"{p.relative_to(ROOT)}:{n}" for p in paths for n in _native_importers(p, _module_name(p))}
    assert {f.rpartition(":")[0] for f in found} == {"engine/native.py"}, sorted(found)


def test_the_native_importer_check_sees_every_spelling(tmp_path: Path) -> None:
    spellings = ["import engine._native", "import engine._native.testing as t", "from engine import _native",
                 "from engine import cards, _native", "from engine._native import testing", "from . import _native",
                 "def f():\n    from engine import _native"]  # fmt: skip
    for text in spellings:
        (tmp_path / "m.py").write_text(text + "\n")
        assert _native_importers(tmp_path / "m.py", "engine.m"), text
    for text in ["import engine", "from engine import native", "from engine.native import solve", "from . import native"]:
        (tmp_path / "m.py").write_text(text + "\n")
        assert _native_importers(tmp_path / "m.py", "engine.m") == [], text


def test_engine_submodules_never_import_the_face() -> None:
    """A submodule importing `engine` itself would run the face half-built."""
    graph = _graph()
    assert [m for m, deps in graph.items() if m.startswith("engine.") and "engine" in deps] == []


def test_every_name_of_the_face_exists() -> None:
    assert len(set(engine.__all__)) == len(engine.__all__)
    assert [n for n in engine.__all__ if not hasattr(engine, n)] == []
    assert callable(engine.deal) and callable(engine.solve) and callable(engine.replay)


def test_every_game_is_a_folder_and_every_folder_a_game() -> None:
    folders = {p.parent.name for p in (ROOT / "engine" / "games").glob("*/__init__.py")}
    assert folders == set(GAMES)
    assert [g.id for g in GAMES.values() if g.classic] == [method.CLASSIC_GAME]
    native = ROOT / "engine" / "native" / "src" / "games"
    for g in engine.solvable_games():
        assert (native / g).is_dir(), f"{g} is solvable but has no engine/native/src/games/{g}/"
        assert GAMES[g].rules is not None, f"{g} is solvable but has no referee rules"
    assert all(b.game in GAMES for b in engine.BOARDS.values())


def test_no_game_is_named_outside_its_folders() -> None:
    """Nothing of a game lives elsewhere: outside the game's folders and the registries, no
    engine or pipeline module names a game id in its code (docstrings and comments aside)."""
    # the registry; the published method, which stands alone with its own table; its test values
    registries = {ROOT / "engine" / "games" / "__init__.py", ROOT / "engine" / "deal.py", ROOT / "pipeline" / "spec_values.py"}
    offenders = []
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            if path in registries or (ROOT / "engine" / "games") in path.parents and path.parent.name in GAMES:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAMES:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert offenders == []


# ---------------------------------------------------------------- a game is its folders

# A game's folders (docs/architecture.md, "Add a game"): all of it lives there.
FOLDERS = ("engine/games/{g}", "engine/native/src/games/{g}", "tests/games/{g}", "bench/games/{g}")
# The registries, one line a game: the games, the solvers, and the published method's own table
# (engine/deal.py stands alone); the method's published test values (seed 000, section 8).
REGISTRIES = ("engine/games/__init__.py", "engine/native/src/games/mod.rs", "engine/deal.py", "pipeline/spec_values.py")
# Made by docs/make.py from the registry and the folders (tests/test_docs.py keeps them current).
GENERATED = ("reports/published.csv",)
# The games seed 000 itself names in its test values (Klondike's deals, FreeCell's both numberings):
# shared code, tests and docs may use them as their examples, as the method does.
EXAMPLES = frozenset(v.game for v in spec_values.VALUES)
# Rust outside a game's folder naming one in code today: the crate's per-game tuning tools in cargo's
# examples/ folder (moving each into its game's folder takes a Cargo.toml line). The list may
# shrink, never grow (the test below).
RUST_KNOWN = frozenset({"engine/native/examples/cfbench.rs", "engine/native/examples/spbench.rs"})
MARKED = re.compile(r"<!-- generated: (\S+) by docs/make\.py.*?<!-- end generated: \1 -->", re.S)


def _names(games: dict[str, engine.Game] | None = None) -> dict[str, re.Pattern[str]]:
    """Each game's names as whole words, any case: its id and its label (words apart by any space)."""
    out = {}
    for g in (games or GAMES).values():
        words = {re.escape(g.id), r"\s+".join(map(re.escape, g.label.split()))}
        out[g.id] = re.compile(r"(?<![a-z0-9])(?:" + "|".join(sorted(words)) + r")(?![a-z0-9])", re.I)
    return out


def _owner(rel: str, games: dict[str, engine.Game]) -> str | None:
    """The game whose folder holds `rel`, if any."""
    for pattern in FOLDERS:
        head, _, _ = pattern.partition("{g}")
        if rel.startswith(head):
            game = rel[len(head) :].split("/", 1)[0]
            if game in games and (rel == pattern.format(g=game) or rel.startswith(pattern.format(g=game) + "/")):
                return game
    return None


def _python_text(source: str) -> str:
    """What a Python module says in code: its strings (docstrings aside) and the modules it imports."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }  # fmt: skip
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out += [f"{node.module or ''}.{a.name}" for a in node.names]
    return "\n".join(out)


def _rust_code(source: str) -> str:
    """Rust source without its comments (strings and identifiers kept)."""
    return re.sub(r"//[^\n]*|/\*.*?\*/", " ", source, flags=re.S)


def _checked_text(rel: str, text: str) -> str:
    """The part of a shared file a game's name may not appear in: code (strings, imports,
    identifiers) of Python and Rust, all of a doc outside its generated parts."""
    if rel.endswith((".py", ".pyi")):
        return _python_text(text)
    if rel.endswith(".rs"):
        return _rust_code(text)
    return MARKED.sub("", text)


def mentions(files: dict[str, str], games: dict[str, engine.Game] | None = None) -> dict[str, set[str]]:
    """{file: games it names} for shared files (relative path -> text) naming a game that is not
    theirs: outside the game's folders, the registries and the generated files, the method's
    example games aside."""
    games = games or GAMES
    names = _names(games)
    out: dict[str, set[str]] = {}
    for rel, text in files.items():
        if rel in REGISTRIES or rel in GENERATED:
            continue
        checked = _checked_text(rel, text)
        found = {g for g, pattern in names.items() if g not in EXAMPLES and g != _owner(rel, games) and pattern.search(checked)}
        if found:
            out[rel] = found
    return out


def _shared_files() -> dict[str, str]:
    """Every tracked text file the check reads: Python, Rust, Markdown, SQL, shell, the Makefile,
    the package and crate manifests (git's list, tracked or new but not ignored: build output and caches
    are never read)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    keep = (".py", ".pyi", ".rs", ".md", ".sql", ".sh", ".toml", "Makefile")
    return {rel: (ROOT / rel).read_text() for rel in listed if rel.endswith(keep) and (ROOT / rel).is_file()}


def test_no_game_is_named_outside_its_folders_and_the_registries() -> None:
    """Adding a game is its folders and one line a registry (docs/architecture.md): no other file,
    Python, Rust, docs (outside their generated parts), SQL, Makefile, manifests, names a game,
    but the method's examples. The Rust tools of RUST_KNOWN are the only exception."""
    found = mentions(_shared_files())
    assert {rel: gs for rel, gs in found.items() if rel not in RUST_KNOWN} == {}


def test_the_name_check_can_fail() -> None:
    """A new game named in a shared test, a doc, a Rust core file or a Makefile is caught; in its own
    folders, a registry, a generated part or a comment it is not."""
    toy = {"toy": engine.Game("toy", "Toy Patience", (), lambda order, options: {})}
    files = {
        "tests/test_codes.py": 'CODE = "SOL1-toy-N1"\n"""a docstring naming toy is fine"""\n',
        "docs/solver.md": "The Toy Patience searches depth-first.\n",
        "engine/native/src/search.rs": "// toy in a comment is fine\nfn f() { toy::solve(); }\n",
        "Makefile": "bench-toy:\n\tpython -m bench --games toy\n",
        "tests/games/toy/test_toy.py": 'CODE = "SOL1-toy-N1"\n',
        "bench/games/toy/__init__.py": 'GAME = "toy"\n',
        "engine/games/__init__.py": "from engine.games import toy\n",
        "docs/games.md": "<!-- generated: games by docs/make.py x -->\n| Toy Patience |\n<!-- end generated: games -->\n",
        "pipeline/x.py": "# toy\nX = 1\n",
        "tests/test_other.py": 'X = "toys and toy-1 boards"\n',
    }
    assert mentions(files, toy) == {
        "tests/test_codes.py": {"toy"}, "docs/solver.md": {"toy"}, "engine/native/src/search.rs": {"toy"},
        "Makefile": {"toy"}, "tests/test_other.py": {"toy"},
    }  # fmt: skip


def test_every_game_has_its_folders() -> None:
    """A game of the registry has its test folder and, once solvable, its bench section; and no
    folder there is not a game's."""
    for pattern in ("tests/games/{g}", "bench/games/{g}"):
        head = ROOT / pattern.partition("{g}")[0]
        assert {p.name for p in head.iterdir() if p.is_dir() and not p.name.startswith("__")} <= set(GAMES), pattern
    for g in GAMES:
        assert (ROOT / "tests" / "games" / g).is_dir(), f"{g} has no tests/games/{g}/"
        assert (ROOT / "engine" / "games" / g / "facts.py").is_file(), f"{g} has no engine/games/{g}/facts.py"
    for g in engine.solvable_games():
        assert (ROOT / "bench" / "games" / g / "__init__.py").is_file(), f"{g} is solvable but has no bench/games/{g}/"
        assert (ROOT / "tests" / "games" / g / "golden.json").is_file(), f"{g} is solvable but has no golden file"


def _option_sets(g: engine.Game) -> list[dict[str, str]]:
    """Every combination of the options that change the cards dealt (others at their defaults)."""
    dealing = [o for o in g.options if o.deals]
    return [dict(zip((o.name for o in dealing), values)) for values in itertools.product(*(o.values for o in dealing))]


def test_the_methods_table_matches_the_registry() -> None:
    """engine/deal.py stands alone with its own games, decks and deal keys: they must be the
    registry's, for every game and every option that deals other cards."""
    assert method.GAMES == tuple(GAMES)
    for g in GAMES.values():
        for options in _option_sets(g):
            assert method.fresh_deck(g.id, options) == g.deck(g.canonical(options)), (g.id, options)
            assert method.deal_key(g.id, options) == g.deal_key(g.canonical(options)), (g.id, options)
            assert len(g.deck(g.canonical(options))) == g.deck_size


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_deals_its_numbered_deal_1_as_the_method_does(game_id: str) -> None:
    g = GAMES[game_id]
    for options in _option_sets(g):
        d = engine.deal(engine.DealCode.numbered(game_id, options, 1))
        assert d.order == method.numbered_order(game_id, options, 1)
