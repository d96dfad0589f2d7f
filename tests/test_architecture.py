"""The shape docs/architecture.md promises, checked: no import circle in engine/ or pipeline/; the
pipeline imports `engine` and nothing below it; the CLI's command modules never import one another
and the library never imports the CLI; every game of the registry has its folder and
nothing of a game lives outside it; engine/deal.py's own table of deal facts matches the registry."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

import engine
from engine import GAMES, method

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
    """Nothing of a game lives elsewhere: outside the game's two folders and the registries, no
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
    spider = GAMES["spider"].option("suits")
    assert (spider.values, spider.default) == (method.SPIDER_SUITS, method.SPIDER_DEFAULT_SUITS)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_deals_its_numbered_deal_1_as_the_method_does(game_id: str) -> None:
    g = GAMES[game_id]
    for options in _option_sets(g):
        d = engine.deal(engine.DealCode.numbered(game_id, options, 1))
        assert d.order == method.numbered_order(game_id, options, 1)
