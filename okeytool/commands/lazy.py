"""Commands built when they are used, so that a process pays only for the command it runs.

Every command is a whole process at the table, and most of typer's start-up went into importing the
modules of all 36 commands and building their parameters (reading each function's signature and type
hints). A :class:`LazyGroup` knows its commands by name and one-line help only (what ``--help`` of the
group and TAB on a command name show); a command is built, and its module imported, when it is
resolved to be run, to show its own help or to complete its options. The top-level group reads its
names from a table (:data:`okeytool.cli.COMMANDS`, held to the real commands by a test); a
sub-application such as ``game`` is read from its typer instance, its commands built one at a time
in the same way.

Typer reads every value with a pydantic validator, built at the first value, and importing pydantic
and building those costs a command about as much as typer and rich themselves. The values of the
usual parameters (text, numbers, paths, choices, lists of text, flags, a parser's text) are read by
:class:`PlainValues` in plain Python, exactly as typer's validators read them; anything else, and
every value those would refuse, goes to typer's own validator, so that the error messages stay typer's.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup
from typer.main import get_command_from_info, get_command_name, get_group_from_info, solve_typer_info_help
from typer.models import CommandInfo, DefaultPlaceholder, TyperInfo

#: A click command or group (typer bundles its own click; the type is the one the installed typer uses).
Command = Any


class Entry(NamedTuple):
    """A command known by name before it is built."""

    name: str
    #: The module whose ``register(app)`` adds the command (a function or a sub-application).
    module: str
    #: The first paragraph of its help, as ``okeytool --help`` lists it.
    help: str


class LazyGroup(TyperGroup):
    """A typer group whose commands are built only when one is resolved to be run (or completed).

    Until then each is a stub holding its name and help, enough for the group's ``--help``, for
    "did you mean" and for TAB on a command name. A subclass lists its commands in :attr:`entries`;
    :func:`lazy_group` builds one for a typer sub-application.
    """

    #: The commands a subclass knows from a table, in the order ``--help`` lists them.
    entries: Sequence[Entry] = ()

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._builders: dict[str, Callable[[], Command]] = {}
        self._built: dict[str, Command] = {}
        for entry in self.entries:
            self.add_lazy(entry.name, stub(entry.name, entry.help, self.rich_markup_mode), _from_module(entry))

    def add_lazy(self, name: str, placeholder: Command, build: Callable[[], Command]) -> None:
        """Know command ``name`` by ``placeholder`` until it is resolved; then ``build()`` makes it."""
        self.commands[name] = placeholder
        self._builders[name] = build

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with_plain_values(self.get_params(ctx))  # --help and typer's completion options included
        return super().parse_args(ctx, args)

    def get_params(self, ctx: Any) -> list[Any]:
        return named_values(super().get_params(ctx))  # --help and typer's completion options included

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and name in self._builders:
            command = self.built(name)
        return name, command, rest

    def built(self, name: str) -> Command:
        """Command ``name`` itself (built at the first call)."""
        if name not in self._built:
            self._built[name] = self._builders[name]()
        return self._built[name]


def stub(name: str, help_text: str, markup: Any, **attrs: Any) -> Command:
    """A command with only a name and a help text: what a group's help and completion read of it."""
    return TyperCommand(name, help=flowing(help_text), rich_markup_mode=markup, **attrs)


# -- help that reads well at any width -------------------------------------------------------------

#: A line of a command's examples: kept as written, where the rest of the help flows.
_EXAMPLE = re.compile(r"^\s*(okeytool|echo) ")


def flowing(text: str) -> str:
    """Help text whose paragraphs flow: the lines of each paragraph joined into one.

    A docstring is written in lines that fit the source; typer's rich help keeps every line break
    after a command's first paragraph, so at 80 columns each source line would end a printed line
    early (ragged lines). A paragraph of example command lines keeps its lines.

    >>> flowing("First line\\n    and its end.\\n\\n    Example:\\n\\n      okeytool check R1\\n      okeytool waits")
    'First line and its end.\\n\\nExample:\\n\\n  okeytool check R1\\n  okeytool waits'
    """
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        paragraph if any(_EXAMPLE.match(line) for line in paragraph.splitlines())
        else " ".join(line.strip() for line in paragraph.splitlines())
        for paragraph in paragraphs
    )  # fmt: skip


class NamedArgument(TyperArgument):
    """An argument whose help shows the name of its value (its metavar, ``TILES``) and no Python type."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def named_values(params: list[Any]) -> list[Any]:
    """``params`` (changed in place) with help that names values, never Python types.

    typer's help shows an option without a metavar by its type (``<str>``, ``<list[str]>``, a flag
    as ``<bool>``) and an argument by its name and its type. Options and arguments that take a
    value set their metavar (``TILES``, ``NAME``, ``SECONDS``; tests/test_help_text.py holds every
    one to it); here a flag shows nothing in that column, and an argument its metavar alone.
    """
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
        elif type(param) is TyperArgument:
            param.__class__ = NamedArgument
    return params


def _from_module(entry: Entry) -> Callable[[], Command]:
    def build() -> Command:
        for name, make in registered(entry.module):
            if name == entry.name:
                return make()
        raise LookupError(f"{entry.module} does not register a command {entry.name!r}")

    return build


@cache
def registered(module: str) -> tuple[tuple[str, Callable[[], Command]], ...]:
    """The commands ``module``'s ``register(app)`` adds, in order: each name with what builds it."""
    holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    importlib.import_module(module).register(holder)
    commands = [(_command_name(info), _command_builder(info)) for info in holder.registered_commands]
    groups = [(_group_name(info), _group_builder(info)) for info in holder.registered_groups]
    return tuple(commands + groups)


def _command_name(info: CommandInfo) -> str:
    assert info.callback is not None, "a command has a callback"
    return info.name or get_command_name(info.callback.__name__)


def _group_name(info: TyperInfo) -> str:
    name = info.name
    if isinstance(name, DefaultPlaceholder) or not name:
        assert info.typer_instance is not None
        name = info.typer_instance.info.name
    assert isinstance(name, str) and name, "a sub-application has a name"
    return name


def _command_builder(info: CommandInfo) -> Callable[[], Command]:
    def build() -> Command:
        from okeytool.commands.completion import match_folded

        if info.cls in (None, TyperCommand):  # typer's own class: read the usual values in plain Python
            info_here = copy.copy(info)
            info_here.cls = PlainCommand
            command = get_command_from_info(info_here, pretty_exceptions_short=True, rich_markup_mode="rich")
        else:
            command = get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode="rich")
        match_folded(command.params)  # TAB offers names in any case, with or without the Turkish letters
        return command

    return build


class PlainCommand(TyperCommand):
    """A typer command whose usual parameters are read by :class:`PlainValues`, its help flowing
    (:func:`flowing`) and naming values (:func:`named_values`)."""

    def __init__(self, *args: Any, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        if self.help is not None:
            self.help = flowing(self.help)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with_plain_values(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def get_params(self, ctx: Any) -> list[Any]:
        return named_values(super().get_params(ctx))


def _group_builder(info: TyperInfo) -> Callable[[], Command]:
    return lambda: lazy_group(info)


def lazy_group(info: TyperInfo) -> Command:
    """The group of sub-application ``info`` (``app.add_typer``), each of its commands built when used."""
    app = info.typer_instance
    assert app is not None, "a sub-application has its typer instance"
    own_class = info.cls if not isinstance(info.cls, DefaultPlaceholder) else app.info.cls
    if not isinstance(own_class, DefaultPlaceholder) and own_class not in (None, TyperGroup):
        group = get_group_from_info(info, pretty_exceptions_short=True, rich_markup_mode="rich", suggest_commands=True)
        return group  # a group class of its own: built as typer builds it
    hollow = copy.copy(app)  # the group itself (options, callback, help) without its commands
    hollow.registered_commands = []
    hollow.registered_groups = []
    shell = copy.copy(info)
    shell.typer_instance = hollow
    shell.cls = LazyGroup
    group = get_group_from_info(shell, pretty_exceptions_short=True, rich_markup_mode="rich", suggest_commands=True)
    assert isinstance(group, LazyGroup)
    for command in app.registered_commands:
        name = _command_name(command)
        text = command.help if command.help is not None else inspect.getdoc(command.callback) or ""
        placeholder = stub(
            name, inspect.cleandoc(text), group.rich_markup_mode, short_help=command.short_help,
            hidden=command.hidden, deprecated=command.deprecated, rich_help_panel=command.rich_help_panel,
        )  # fmt: skip
        group.add_lazy(name, placeholder, _command_builder(command))
    for sub in app.registered_groups:
        placeholder = stub(_group_name(sub), solve_typer_info_help(sub), group.rich_markup_mode)
        group.add_lazy(_group_name(sub), placeholder, _group_builder(sub))
    return group


# -- values read in plain Python -------------------------------------------------------------------

try:  # typer reads values with pydantic since 0.2x; an older typer reads them with click's types
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer._param_types import coerce_cli_choice, coerce_cli_path
except ImportError:  # pragma: no cover - another typer: its own reading is kept
    PLAIN_VALUES = False
else:
    PLAIN_VALUES = True

    @dataclass(frozen=True)
    class PlainValues(RuntimeParam):
        """Reads a parameter's value in plain Python where typer's validator would take it as it is;
        every other value goes to that validator (built only then), errors and all."""

        descriptor: TypeDescriptor

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            read = _read(_plain_kind(self.descriptor), value, self.descriptor, param, ctx)
            if read is not _UNREAD:
                return read
            return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def with_plain_values(params: Sequence[Any]) -> None:
    """Have :class:`PlainValues` read the values of the usual ones of ``params`` (once each)."""
    if not PLAIN_VALUES:
        return
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", False) is None and _plain_kind(descriptor):
            param._runtime_param = PlainValues(descriptor.parameter_info, descriptor.annotation, descriptor)


#: The numbers read here (anything else, "1_000", " 5", "inf", goes to typer's validator).
_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?")
#: Lone surrogates: the bytes of an argument that did not decode.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: Nothing was read: the value goes to typer's validator.
_UNREAD = object()


def _plain_kind(descriptor: Any) -> str:
    """What :func:`_read` reads for a parameter ("" for nothing: typer's validator reads it)."""
    info = descriptor.parameter_info
    if descriptor.is_file or descriptor.is_ranged or getattr(info, "click_type", None):
        return ""
    annotation = descriptor.annotation
    if info.parser is not None:
        return "" if descriptor.is_list or descriptor.is_tuple else "parsed"
    if descriptor.is_list:
        return "texts" if annotation == list[str] else ""
    if descriptor.is_choice:
        return "choice" if all(isinstance(choice, str) for choice in descriptor.choices or ()) else ""
    if descriptor.is_path:
        return "path" if annotation is Path and info.path_type is None else ""
    kinds: dict[Any, str] = {str: "text", int: "int", float: "float", bool: "flag"}
    return kinds.get(annotation, "")


def _read(kind: str, value: Any, descriptor: Any, param: Any, ctx: Any) -> Any:
    """``value`` read as typer's validator reads it, or :data:`_UNREAD` where that is not certain."""
    if kind == "texts":
        if isinstance(value, (list, tuple)) and all(_plain_text(item) for item in value):
            return list(value)
        return _UNREAD
    if kind == "flag":
        return value if type(value) is bool else _UNREAD  # "yes", "1" ... from a variable: typer reads them
    if kind == "int":
        if type(value) is int:
            return value
        return int(value) if isinstance(value, str) and _INTEGER.fullmatch(value) else _UNREAD
    if kind == "float":
        if type(value) is float or type(value) is int:
            return float(value)
        return float(value) if isinstance(value, str) and _DECIMAL.fullmatch(value) else _UNREAD
    if not _plain_text(value):
        return _UNREAD
    if kind == "parsed":
        try:
            return descriptor.parameter_info.parser(value)
        except (ValueError, AssertionError):
            return _UNREAD  # typer's validator words the error
    if kind == "text":
        return value
    if kind == "choice":
        try:
            return coerce_cli_choice(
                value, choices=descriptor.choices, case_sensitive=descriptor.case_sensitive, ctx=ctx
            )
        except ValueError:
            return _UNREAD  # not one of them: typer's validator says so
    if kind == "path" and "\x00" not in value and str(Path(value)) == value:
        return coerce_cli_path(Path(value), descriptor.parameter_info, path_type=Path, param=param, ctx=ctx)
    return _UNREAD


def _plain_text(value: Any) -> bool:
    """A ``str`` that every reader takes as it is (no lone surrogates from undecodable bytes)."""
    return isinstance(value, str) and (value.isascii() or _SURROGATE.search(value) is None)
