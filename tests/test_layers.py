"""The layers: no import cycle between the package's packages, and one place that reads which game is played.

A *package* here is a subpackage of ``okeytool`` (``okeytool.solver``, ``okeytool.score`` ...) or a
top-level module (``okeytool.questions``); a module of a subpackage counts as that subpackage. The
imports are read as :mod:`test_imports` reads them (every import statement, lazy ones too).

The game a profile plays is ``Rules.game``, looked up by :func:`okeytool.solver.games.game_of`; the
rest of the package asks the game object (its questions, turn rules and schemes) and never reads the
name, nor the booleans it replaced, nor compares a game with one of the three.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

from test_imports import ROOT, describe_cycles, import_graph, module_files

#: The source tree (pyproject.toml, docs/), wherever the package under test was installed.
SOURCE = Path(__file__).parent.parent

#: The modules allowed to read the game's kind: the registry, and the rules that name it.
REGISTRY = {"okeytool.solver.games", "okeytool.rules"}
#: Attributes of a rules object that say which game it is (``game``, and the booleans it replaced).
KIND_ATTRIBUTES = {"game", "opening", "table_game", "classic_hand"}
#: Names that stand for one game; comparing with them asks which game it is.
GAME_NAMES = {"CLASSIC", "OKEY101", "RUMMIKUB", "game_named"}


def package_of(module: str) -> str:
    """``okeytool.solver.classic.chance`` -> ``okeytool.solver``; a top-level module is its own package."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 else module


def package_graph(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The import graph between packages (an import inside one package left out)."""
    out: dict[str, set[str]] = {}
    for module, imported in graph.items():
        mine = package_of(module)
        out.setdefault(mine, set()).update(package_of(m) for m in imported if package_of(m) != mine)
    for targets in list(out.values()):
        for target in targets:
            out.setdefault(target, set())
    return out


def _is_rules(node: ast.expr) -> bool:
    """``rules``, ``deal.rules``, ``self.rules``, ``round_.rules`` ...: an expression naming a rules object."""
    if isinstance(node, ast.Name):
        return node.id == "rules"
    return isinstance(node, ast.Attribute) and node.attr == "rules"


def kind_reads(source: str, filename: str = "<source>") -> list[str]:
    """Where a module reads which game is played: ``rules.game`` (or a replaced boolean), or a game
    compared with (or looked up as) one of the three by name. Each as ``line: text``."""
    tree = ast.parse(source, filename=filename)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in KIND_ATTRIBUTES and _is_rules(node.value):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.module == "okeytool.solver.games":
            named = [a.name for a in node.names if a.name in GAME_NAMES]
            if named:
                found.append(f"{node.lineno}: imports {', '.join(named)}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "name" and "game" in ast.unparse(s.value) for s in sides):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda read: int(read.split(":")[0]))


def test_the_package_graph_is_read() -> None:
    graph = package_graph(import_graph(module_files()))
    assert package_of("okeytool.solver.classic.chance") == "okeytool.solver"
    assert package_of("okeytool.questions") == "okeytool.questions"
    assert "okeytool.solver" in graph["okeytool.questions"]
    assert "okeytool.rules" in graph["okeytool.solver"]


def test_no_import_cycle_between_packages() -> None:
    graph = package_graph(import_graph(module_files()))
    assert not describe_cycles(graph), f"import cycles between packages: {describe_cycles(graph)}"


def test_the_scan_sees_each_kind_of_read() -> None:
    source = (
        "from okeytool.solver.games import RUMMIKUB, game_of\n"
        "if deal.rules.game == '101': pass\n"
        "if rules.table_game: pass\n"
        "if self.rules.opening: pass\n"
        "if game_of(rules).name == 'classic': pass\n"
        "ok = game_of(rules).throws and store.game(3) and result.opening.melds\n"
    )
    assert [line.split(":")[0] for line in kind_reads(source)] == ["1", "2", "3", "4", "5"]


def test_only_the_registry_reads_which_game_is_played() -> None:
    reads = {}
    for name, path in module_files().items():
        if name in REGISTRY:
            continue
        found = kind_reads(path.read_text(encoding="utf-8"), str(path))
        if found:
            reads[str(Path(path).relative_to(ROOT.parent))] = found
    assert not reads, f"the game's kind read outside the registry: {reads}"


def test_the_package_ships_that_it_is_typed() -> None:
    assert (ROOT / "py.typed").is_file()  # PEP 561
    pyproject = (SOURCE / "pyproject.toml").read_text(encoding="utf-8")
    assert '"py.typed"' in pyproject.split("[tool.setuptools.package-data]", 1)[1].split("\n[", 1)[0]


def documented_floors() -> list[set[str]]:
    """The packages of each floor of docs/architecture.md's table, top floor first."""
    text = (SOURCE / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| floor | modules | what it does |", 1)[1].split("\n\n", 1)[0]
    floors = []
    for row in table.strip().splitlines()[1:]:
        paths = re.findall(r"`(okeytool/[^`]*)`", row.split("|")[2])
        names = {p.removesuffix("/").removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in paths}
        floors.append(names)
    return floors


def test_each_floor_imports_only_the_floors_below_it() -> None:
    floors = documented_floors()
    floor_of = {name: k for k, names in enumerate(floors) for name in names}
    graph = package_graph(import_graph(module_files()))
    assert set(graph) <= set(floor_of), f"packages on no floor: {sorted(set(graph) - set(floor_of))}"
    upward = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets if floor_of[b] < floor_of[a])
    assert not upward, f"imports of a higher floor: {upward}"
