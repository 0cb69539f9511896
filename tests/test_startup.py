"""Start-up: a process builds only the command it runs.

Every command is a whole process at the table. The top-level group knows its commands from a table
(``okeytool.cli.COMMANDS``), held here to the commands themselves; a command's module is imported and
its parameters built only when it is run, completed or asked for its help. What a process imports is
read from ``python -X importtime`` of a real ``okeytool`` process. Speed itself is measured by
``benchmarks/bench_startup.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys

from okeytool.cli import COMMANDS, Commands
from okeytool.commands.lazy import LazyGroup, registered

HAND = ["-i", "Y7", "R1-4", "B9-11", "K5", "Y5", "R5", "K11-13", "K1", "B2"]
COMPLETE_RULES = {"_OKEYTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "okeytool check --rules c", "COMP_CWORD": "3"}
#: The modules a command's process has no use for unless it is that command.
COMMAND_MODULES = sorted({entry.module for entry in COMMANDS})


def imported(*args: str, env: dict[str, str] | None = None) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The modules an ``okeytool ARGS`` process imports, and the process."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "okeytool", *args],
        capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})},
    )  # fmt: skip
    modules = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return modules, done


def loaded(modules: set[str], *prefixes: str) -> set[str]:
    return {name for name in modules if any(name == p or name.startswith(p + ".") for p in prefixes)}


# -- the table of commands --------------------------------------------------------------------------


def test_the_table_lists_every_command_in_order_with_its_help() -> None:
    real = [(name, module) for module in dict.fromkeys(e.module for e in COMMANDS) for name, _ in registered(module)]
    assert [(entry.name, entry.module) for entry in COMMANDS] == real
    for entry in COMMANDS:
        command = Commands(name="okeytool").built(entry.name)
        assert command.name == entry.name
        assert (command.help or "").split("\n\n")[0] == entry.help, entry.name
        assert not command.hidden and not command.deprecated


def test_a_sub_application_builds_only_the_command_used() -> None:
    group = Commands(name="okeytool").built("game")
    assert isinstance(group, LazyGroup) and group._built == {}
    names = group.list_commands(None)  # type: ignore[arg-type]
    assert "new" in names and "list" in names
    listed = group.get_command(None, "list")  # type: ignore[arg-type]
    assert listed is not None and listed.params == []  # a stub: its name and help only
    built = group.built("list")
    assert set(group._built) == {"list"} and any(param.name == "db" for param in built.params)


def test_the_version_imports_no_command() -> None:
    modules, done = imported("--version")
    assert done.returncode == 0 and done.stdout.startswith("okeytool ")
    assert loaded(modules, *COMMAND_MODULES, "sqlite3", "ortools", "okeytool.solver") == set()


def test_the_help_lists_every_command_without_building_one() -> None:
    modules, done = imported("--help", env={"COLUMNS": "200"})
    assert done.returncode == 0
    for entry in COMMANDS:
        assert f" {entry.name} " in done.stdout and entry.help.split("\n")[0] in done.stdout
    assert loaded(modules, *COMMAND_MODULES, "sqlite3") == set()


def test_a_command_imports_its_own_module_only() -> None:
    modules, done = imported("check", *HAND)
    assert done.returncode == 0 and "best: throw B2" in done.stdout
    others = [module for module in COMMAND_MODULES if module != "okeytool.commands.analysis"]
    assert loaded(modules, *others, "sqlite3", "ortools", "multiprocessing") == set()


def test_completing_an_option_builds_that_command_only() -> None:
    modules, done = imported(env=COMPLETE_RULES)
    assert done.returncode == 0 and done.stdout.split() == ["classic"]
    others = [module for module in COMMAND_MODULES if module != "okeytool.commands.analysis"]
    assert loaded(modules, *others, "sqlite3") == set()


def test_completing_a_command_name_builds_none() -> None:
    env = {"_OKEYTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "okeytool ", "COMP_CWORD": "1"}
    modules, done = imported(env=env)
    assert done.returncode == 0 and done.stdout.split() == [entry.name for entry in COMMANDS]
    assert loaded(modules, *COMMAND_MODULES) == set()
