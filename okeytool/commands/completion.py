"""Shell completion of option values: rule profiles and options, and from the game ledger the
players' names, the game ids and the round numbers.

Each callback is an ``autocompletion`` of typer: ``(ctx, args, incomplete)`` to a list of
``(value, help)``. Of those, a command offers the ones that begin with what is typed compared as
names are (:func:`offered`, :func:`~okeytool.user_text.fold`: in any case, with or without the
Turkish letters), not typer's exact prefix: ``--winner s`` offers ``Şule``, ``--winner f`` ``Fatma``.
The players' callbacks are made by :func:`players` and its kin, given the players of a command that
has ``--players``. The ledger is opened read-only
and never created, and a callback never fails loudly: a missing, locked or corrupt ledger completes
nothing. Everything is imported when a callback runs, so that building the command line (and
``okeytool --help``) stays fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from okeytool.ledger import GameInfo, Ledger

#: What a callback returns: each value with a short help text (shown by zsh and fish).
Completions = list[tuple[str, str]]
#: A completion callback of typer.
Callback = Callable[[object, Sequence[str], str], Completions]
#: A click ``shell_complete`` function: (context, parameter, what is typed) to click's completion items.
ShellComplete = Callable[[object, object, str], list[object]]


def offered(values: Completions, incomplete: str) -> Completions:
    """The ``values`` that begin with ``incomplete``, both folded (:func:`~okeytool.user_text.fold`).

    >>> offered([("Şule", ""), ("İlker", ""), ("Fatma", "")], "s") == [("Şule", "")]
    True
    >>> [value for value, _ in offered([("Şule", ""), ("İlker", ""), ("Fatma", "")], "I")]
    ['İlker']
    """
    from okeytool.user_text import fold

    typed = fold(incomplete)
    return [(value, help_text) for value, help_text in values if fold(value).startswith(typed)]


def match_folded(params: Sequence[object]) -> None:
    """Have each of ``params`` that completes with a callback offer what :func:`offered` keeps.

    Typer keeps a callback's values that start with what is typed, exactly: ``s`` would not offer
    ``Şule``, nor ``f`` ``Fatma``. A parameter whose completion typer set up from its callback
    completes through :func:`offered` instead; any other parameter is left as it is.
    """
    for param in params:
        info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
        callback = getattr(info, "autocompletion", None)
        if callback is not None and getattr(param, "_custom_shell_complete", None) is not None:
            setattr(param, "_custom_shell_complete", _folded(callback))  # noqa: B010 - typer's attribute, on an object


def _folded(callback: Callback) -> ShellComplete:
    """A click ``shell_complete`` function offering what :func:`offered` keeps of ``callback``'s values."""

    def complete(ctx: object, param: object, incomplete: str) -> list[object]:
        item = _completion_item()
        return [item(value, help=help_text) for value, help_text in offered(callback(ctx, [], incomplete), incomplete)]

    return complete


def _completion_item() -> Callable[..., object]:
    """click's ``CompletionItem``, of the click typer uses (its own copy since typer 0.2x)."""
    for module in ("typer._click.shell_completion", "click.shell_completion"):
        with suppress(ImportError):
            item: Callable[..., object] = import_module(module).CompletionItem
            return item
    raise ImportError("no click shell completion to offer values with")


def rules_names(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """The rule profiles with their descriptions, then the aliases (``joypip``: rummikub)."""
    from okeytool.rules import ALIASES, PROFILES

    return [(name, rules.description) for name, rules in PROFILES.items()] + [
        (alias, f"the {name} rules") for alias, name in ALIASES.items()
    ]


def scheme_names(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """The scoring schemes with their descriptions."""
    from okeytool.rules import SCHEME_NAMES
    from okeytool.score import SCHEMES

    return [(name, SCHEMES[name].description if name in SCHEMES else "") for name in SCHEME_NAMES]


def rule_options(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """``--option`` keys as ``KEY=``; after ``KEY=`` the values the option takes."""
    from okeytool.rules import OPTIONS

    key, sep, _ = incomplete.partition("=")
    option = OPTIONS.get(key.strip().replace("-", "_"))
    if not sep or option is None:
        return [(f"{name}=", _rules_of(option.profiles)) for name, option in OPTIONS.items()]
    return [(f"{key}={value}", _rules_of(option.profiles)) for value in option.choices]


def _rules_of(profiles: Sequence[str]) -> str:
    return f"rules {', '.join(profiles)}"


def share_formats(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """The formats of ``game share``."""
    from okeytool.render.game import SHARE_FORMATS

    return [(fmt, "") for fmt in SHARE_FORMATS]


def players(default: str = "") -> Callback:
    """The callback completing a player's name: in a command with ``--players`` (``score``) those
    typed before it, else ``default``; in the ``game`` commands those of the game in the ledger
    (``--game``, else the current one)."""

    def names(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
        return [(name, "player") for name in _players(ctx, default)]

    return names


def player_pairs(default: str = "") -> Callback:
    """The callback completing ``NAME=`` for each player (``--hand NAME=TILES``), as :func:`players`."""

    def pairs(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
        return [(f"{name}=", "player") for name in _players(ctx, default)]

    return pairs


def opened_pairs(default: str = "") -> Callback:
    """The callback completing ``NAME=melds`` and ``NAME=pairs`` (``--opened``), as :func:`players`."""

    def opened(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
        from okeytool.score.document import OPENINGS

        return [(f"{name}={how}", f"{name} opened with {how}") for name in _players(ctx, default) for how in OPENINGS]

    return opened


def game_ids(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """The ids of the games in the ledger, each with its title (the current game marked)."""
    with _reading(ctx) as ledger:
        if ledger is None:
            return []
        current = ledger.current_id()
        return [(str(info.id), _title(info) + (" (current)" if info.id == current else "")) for info in ledger.games()]
    return []  # an error while reading: nothing


def round_numbers(ctx: object, args: Sequence[str], incomplete: str) -> Completions:
    """The round numbers of the game (``--game``, else the current one), each with its winner."""
    with _reading(ctx) as ledger:
        if ledger is None:
            return []
        info = ledger.game(_game(ctx))
        out = []
        for record in ledger.records(info.id):
            winner = record.document.get("winner")
            out.append((str(record.seq), f"won by {_shown(winner)}" if isinstance(winner, str) else "no winner"))
        return out
    return []


def _players(ctx: object, default: str) -> tuple[str, ...]:
    """A command with ``--players`` (``score``): those typed, else ``default``; else the ledger's game."""
    params = getattr(ctx, "params", None)
    if isinstance(params, dict) and "players" in params:
        from okeytool.score.document import parse_players

        typed = params["players"]
        with suppress(Exception):
            return parse_players(typed if isinstance(typed, str) and typed.strip() else default)
        return ()
    with _reading(ctx) as ledger:
        if ledger is None:
            return ()
        return tuple(ledger.game(_game(ctx)).players)
    return ()


@contextmanager
def _reading(ctx: object) -> Iterator[Ledger | None]:
    """The ledger of ``--db`` (typed before), ``$OKEYTOOL_DB`` or the default file, read-only; ``None``
    when there is none. An error inside the block is swallowed: completion then offers nothing."""
    ledger = None
    try:
        from okeytool.ledger import db_path, open_ledger

        db = _param(ctx, "db")
        path = db_path(db if isinstance(db, (str, Path)) else None)
        if path.is_file():  # never create a ledger (nor its directory) to complete a word
            ledger = open_ledger(path, create=False, write=False)
    except Exception:  # noqa: BLE001 - completion never fails loudly
        ledger = None
    try:
        yield ledger
    except Exception:  # noqa: BLE001 - an error while reading: nothing is offered
        pass
    finally:
        if ledger is not None:
            with suppress(Exception):
                ledger.close()


def _param(ctx: object, name: str) -> object:
    """The value of parameter ``name`` as parsed so far (``None`` when absent)."""
    params = getattr(ctx, "params", None)
    return params.get(name) if isinstance(params, dict) else None


def _game(ctx: object) -> int | None:
    """The game id of ``--game`` as parsed so far (``None``: the current game)."""
    game = _param(ctx, "game")
    return game if isinstance(game, int) else None


def _title(info: GameInfo) -> str:
    return _shown(info.title)


def _shown(text: str) -> str:
    """User text as a completion's help: hidden characters as escapes, markup kept literal."""
    from rich.markup import escape

    from okeytool.render.text import inert

    return escape(inert(text))


#: The shells typer writes a completion script for.
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
COMPLETION_OPTIONS = ("--show-completion", "--install-completion")


def completion_shell_error(args: Sequence[str]) -> str | None:
    """For ``--show-completion`` / ``--install-completion`` (the shell named after it or, else, the
    shell this runs in): a one-line error when that shell has no completion script, else None
    (typer would print its own words and end with exit code 1)."""
    for k, arg in enumerate(args):
        option, sep, value = arg.partition("=")
        if option not in COMPLETION_OPTIONS:
            continue
        if not sep and k + 1 < len(args) and not args[k + 1].startswith("-"):
            value = args[k + 1]
        if not sep and not value:
            try:
                from typer._completion_shared import _get_shell_name
            except ImportError:  # pragma: no cover - typer without it: let typer decide
                return None
            value = _get_shell_name() or ""
            if not value:
                return f"{option}: the shell this runs in could not be told; name it: {option} bash|zsh|fish|powershell"
        if value.lower() not in SHELLS:
            return f"{option} takes bash, zsh, fish or powershell, not {value!r}"
        return None
    return None
