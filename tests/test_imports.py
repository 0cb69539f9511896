"""The package's modules import each other without a cycle (the layers show in the imports).

What counts as an import: every ``import okeytool...`` and ``from okeytool... import ...`` statement
in a module, wherever it stands: at module level, inside a function (a lazy import defers the cost,
not the dependency) and under ``if TYPE_CHECKING:`` (a type names the module it comes from).
``from okeytool.pkg import name`` is an import of the module ``okeytool.pkg.name`` when that is a
module, else of ``okeytool.pkg``; relative imports are resolved the same way. Not counted: the
implicit import of a package's ``__init__`` that comes with importing one of its modules (a package
that re-exports its modules would otherwise form a cycle with each of them).

The modules are read from the source files of the installed package, not imported.
"""

from __future__ import annotations

import ast
import pkgutil
from collections.abc import Collection, Mapping
from pathlib import Path

import okeytool

PACKAGE = "okeytool"
ROOT = Path(okeytool.__file__).parent


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__.py``)."""
    files = {PACKAGE: ROOT / "__init__.py"}
    for info in pkgutil.walk_packages([str(ROOT)], f"{PACKAGE}."):
        relative = info.name.split(".")[1:]
        path = ROOT.joinpath(*relative)
        if info.ispkg:
            files[info.name] = path / "__init__.py"
        elif path.with_suffix(".py").exists():  # a compiled extension has no source to read
            files[info.name] = path.with_suffix(".py")
    return files


def imported_modules(name: str, path: Path, modules: Collection[str]) -> set[str]:
    """The package's modules that the import statements of module ``name`` (source ``path``) import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: ``.`` is this package, ``..`` its parent ...
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                module = f"{source}.{alias.name}"
                if module in modules:
                    found.add(module)
                elif source in modules:
                    found.add(source)
    return found - {name}


def import_graph(files: Mapping[str, Path]) -> dict[str, set[str]]:
    """For each module of the package, the package's modules it imports (itself excluded)."""
    return {name: imported_modules(name, path, files) for name, path in files.items()}


def cycle_groups(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The groups of modules that reach each other through imports (strongly connected, 2 or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups, key=min)


def find_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One shortest cycle through each group of :func:`cycle_groups`, starting and ending at its first module."""
    return [_cycle_in(graph, group) for group in cycle_groups(graph)]


def describe_cycles(graph: Mapping[str, set[str]]) -> str:
    """Each cycle as ``a -> b -> a``, with the whole group when more modules are caught in it."""
    lines = []
    for group in cycle_groups(graph):
        cycle = _cycle_in(graph, group)
        line = " -> ".join(cycle)
        if len(group) > len(cycle) - 1:
            line += f" (one cycle among {len(group)} modules: {', '.join(sorted(group))})"
        lines.append(line)
    return "; ".join(lines)


def _cycle_in(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module, staying inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle through {start} in {sorted(group)}")  # cannot happen for a group


def test_every_module_is_read() -> None:
    files = module_files()
    for name in ("okeytool", "okeytool.tiles", "okeytool.parse.notation", "okeytool.solver.classic.cover"):
        assert name in files
    assert len(files) > 40


def test_the_graph_sees_each_kind_of_import(tmp_path: Path) -> None:
    source = tmp_path / "__init__.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import okeytool.a\n"
        "from okeytool.b import thing\n"
        "from okeytool import c\n"
        "from . import d\n"
        "from .e import other\n"
        "if TYPE_CHECKING:\n"
        "    from okeytool.f import Type\n"
        "def later() -> None:\n"
        "    from okeytool.g import helper\n",
        encoding="utf-8",
    )
    modules = {f"okeytool.{m}" for m in "abcdefgh"} | {"okeytool"}
    expected = {f"okeytool.{m}" for m in "abcdefg"}
    assert imported_modules("okeytool", source, modules) == expected
    graph = import_graph(module_files())
    assert "okeytool.tiles" in graph["okeytool.parse.notation"]
    assert "okeytool.solver.classic.model" in graph["okeytool.solver.classic.check"]  # inside a function
    assert {"okeytool.parse.notation", "okeytool.parse.supply"} <= graph["okeytool.parse"]


def test_find_cycles_names_each_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"f"}, "f": {"e"}}
    assert find_cycles(graph) == [["a", "b", "c", "a"], ["e", "f", "e"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []
    wide = {"a": {"b", "c"}, "b": {"a"}, "c": {"b"}}
    assert describe_cycles(wide) == "a -> b -> a (one cycle among 3 modules: a, b, c)"


def test_no_import_cycle_in_the_package() -> None:
    graph = import_graph(module_files())
    assert not find_cycles(graph), f"import cycles: {describe_cycles(graph)}"
