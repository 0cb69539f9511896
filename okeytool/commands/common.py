"""What the question commands share: their options, reading the options typed into a question,
and printing the answer (a rich rendering, or its JSON document).

Options with a fixed set of values are choices (:func:`one_of`): ``--help`` lists the values and
the shell completes them. The values come from the library's data (the rule profiles and their
aliases, the schemes, the solvers), never written out again here.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from okeytool.commands import completion
from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.goals import CHANCE_GOALS, PLAY_GOALS
from okeytool.questions import SOLVERS
from okeytool.render.rows import PLAIN_ROWS, Top
from okeytool.rules import ALIASES, OPTIONS, PROFILES, SCHEME_NAMES, Rules, get_rules

#: Help panels of the commands with many options (``score``, ``game round``, ``discard`` ...).
PANEL_RULES = "Rules"
PANEL_DEAL = "The deal"
PANEL_ROUND = "The round"
PANEL_HANDS = "Hands left (101, rummikub)"
PANEL_SOLVER = "Solver"
PANEL_LEDGER = "Ledger"
PANEL_OUTPUT = "Input and output"


def one_of(*values: str) -> Any:
    """The type of an option that takes one of ``values`` (typer reads a ``Literal`` as a choice).

    A value is accepted in any case and comes back as written in ``values``; any other value is a
    usage error: one line, exit code 2.
    """
    return Literal[tuple(dict.fromkeys(values))]


if TYPE_CHECKING:  # a choice is a str to the type checker; typer sees the Literal
    RulesName = str
    SchemeName = str
    SolverName = str
    GoalName = str
    ChanceGoalName = str
else:
    RulesName = one_of(*PROFILES, *ALIASES)
    SchemeName = one_of(*SCHEME_NAMES)
    SolverName = one_of(*SOLVERS)
    GoalName = one_of(*PLAY_GOALS)
    ChanceGoalName = one_of(*CHANCE_GOALS)

_CLASSIC_SCHEMES = ", ".join(OPTIONS["scheme"].choices_in("classic"))
_ALIASES_TEXT = ", ".join(f"{alias} is {name}" for alias, name in ALIASES.items())


def said(values: Sequence[str], last: str = "or") -> str:
    """``a, b or c``: the values a choice takes, as its help says them."""
    return f"{', '.join(values[:-1])} {last} {values[-1]}" if len(values) > 1 else "".join(values)


#: The profiles, as the help of ``--rules`` names them (its value is named PROFILE, not listed).
PROFILES_TEXT = f"{said(list(PROFILES))} ({_ALIASES_TEXT})"

RulesOpt = Annotated[
    RulesName,
    typer.Option(
        "--rules", "-r", metavar="PROFILE", help=f"Rule profile: {PROFILES_TEXT}.", case_sensitive=False,
        autocompletion=completion.rules_names, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip
SchemeOpt = Annotated[
    SchemeName | None,
    typer.Option(
        "--scheme", metavar="SCHEME", case_sensitive=False, show_default=False,
        help=f"Scoring scheme: {said(list(SCHEME_NAMES))}; default: the profile's own (classic rules take "
        f"{said(_CLASSIC_SCHEMES.split(', '))}).",
        autocompletion=completion.scheme_names, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip
IndicatorOpt = Annotated[
    str | None,
    typer.Option(
        "--indicator", "-i", metavar="TILE", help="The face-up indicator tile, e.g. R4 (its okey is R5).",
        rich_help_panel=PANEL_DEAL,
    ),
]  # fmt: skip
OkeyOpt = Annotated[
    str | None,
    typer.Option(
        "--okey", "-o", metavar="TILE", help="The okey tile instead of the indicator, e.g. R5.",
        rich_help_panel=PANEL_DEAL,
    ),
]  # fmt: skip
SeenOpt = Annotated[
    str | None,
    typer.Option(
        "--seen", "-s", metavar="TILES", help="Tiles visible elsewhere (discards, shown tiles), e.g. 'R5 K9'.",
        rich_help_panel=PANEL_DEAL,
    ),
]  # fmt: skip
TableOpt = Annotated[
    str | None,
    typer.Option(
        "--table", "-t", metavar="MELDS",
        help="Melds on the table (101, rummikub), ';' between melds, e.g. 'R1-3; K7 B7 Y7'.",
        rich_help_panel=PANEL_DEAL,
    ),
]  # fmt: skip
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-O", metavar="KEY=VALUE", help="A rule option (repeatable), e.g. wrap=false.",
        autocompletion=completion.rule_options, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip
SolverOpt = Annotated[
    SolverName | None,
    typer.Option(
        "--solver", metavar="SOLVER", help="search (the default): fast exact search; cpsat: the CP-SAT model.",
        case_sensitive=False, rich_help_panel=PANEL_SOLVER,
    ),
]  # fmt: skip
#: Whether the asking player has opened (a question's ``opened``); each player's opening in a 101 round
#: to score is ``score --opened NAME=melds`` (:data:`okeytool.commands.score.OpeningsOpt`).
HasOpenedOpt = Annotated[
    bool | None,
    typer.Option(
        "--opened/--not-opened",
        help="The player has opened (made his initial meld). Default: not opened; in check, opened when --table "
        "is given.",
        rich_help_panel=PANEL_DEAL,
    ),
]
GoalOpt = Annotated[
    GoalName,
    typer.Option(
        "--goal", "-g", metavar="GOAL", help="tiles: lay the most tiles; value: lay the most points.",
        case_sensitive=False,
    ),
]  # fmt: skip
TimeLimitOpt = Annotated[
    float | None,
    typer.Option(
        "--time-limit", metavar="SECONDS", rich_help_panel=PANEL_SOLVER,
        help="Seconds the answer may take (default 30); past it the command stops with exit code 3.",
    ),
]  # fmt: skip


def _ledger_path(value: str) -> Path:
    """``--db``'s value as a path; an empty one is refused (as a path it would be the current directory)."""
    if not value:
        raise typer.BadParameter("an empty name is no ledger file")
    return Path(value)


DbOpt = Annotated[
    Path | None,
    typer.Option(
        "--db", envvar="OKEYTOOL_DB", show_default=False, rich_help_panel=PANEL_LEDGER, metavar="FILE",
        parser=_ledger_path,
        help="Ledger file (default: $OKEYTOOL_DB, else games.sqlite3 in your data directory).",
    ),
]  # fmt: skip
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document instead of tables.", rich_help_panel=PANEL_OUTPUT)
]
TilesArg = Annotated[
    list[str], typer.Argument(metavar="TILES", help="The tiles, e.g. 'R1 R2 R3 K7 B7 Y7 ...' or R1-3 RBK7.")
]
TopOpt = Annotated[
    int | None,
    typer.Option(
        "--top", metavar="N", show_default=False, rich_help_panel=PANEL_OUTPUT,
        help="Rows of the ranking shown: the best N (default: as many as fit on the screen; "
        f"{PLAIN_ROWS} when the output is not a terminal). --json lists every row.",
    ),
]  # fmt: skip
HtmlOpt = Annotated[
    Path | None,
    typer.Option(
        "--html", metavar="FILE", show_default=False, rich_help_panel=PANEL_OUTPUT,
        help="Also write one self-contained HTML page to FILE, to look at and share (opens on a phone).",
    ),
]  # fmt: skip
AllOpt = Annotated[
    bool, typer.Option("--all", "-a", help="Show every row of the ranking.", rich_help_panel=PANEL_OUTPUT)
]


def write_page(path: Path, text: str) -> None:
    """Write the page ``text`` to ``path`` (UTF-8). Raises :class:`InputError` when it cannot be written."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write the page {str(path)!r}: {err.strerror or err}") from None


def read_top(top: int | None, all_rows: bool) -> Top:
    """The rows asked for with ``--top N`` or ``--all`` (neither: one screen, see
    :mod:`okeytool.render.rows`). Raises :class:`InputError` for both, or N below 1."""
    if top is not None and all_rows:
        raise InputError("--top N shows the best N rows, --all every row: give one, not both")
    if top is not None and top < 1:
        raise InputError(f"--top takes a number of rows, 1 or more, not {top}")
    return "all" if all_rows else "screen" if top is None else top


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``KEY=VALUE`` strings as a dict (the values are read by the rules). Raises :class:`InputError`
    for a malformed pair."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def load_rules(name: str, options: Sequence[str] | None) -> Rules:
    """The named profile with ``--option`` values applied (for the scoring commands)."""
    return get_rules(name, parse_options(options))


def load_deal(rules: Rules, indicator: str | None, okey: str | None) -> Deal:
    """The deal from ``--indicator`` or ``--okey`` (for the scoring commands).

    Raises :class:`InputError` for both given or bad notation.
    """
    from okeytool.questions import COMMAND_LINE, read_deal

    return read_deal(rules, indicator, okey, COMMAND_LINE)


@dataclass(frozen=True)
class TypedQuestion:
    """A question as typed on the command line: each option the user typed, None for each he did not.

    A command passes its typed parameters on in one of these; the question reader
    (:func:`~okeytool.questions.read_question`) applies the defaults, as it does for the fields a batch
    line leaves out, so that a game can refuse an option it does not take only when it was typed.
    The attributes are the question's fields, named as a batch line names them (``options``: the
    ``--option`` pairs; ``alternatives``: ``open --options``).
    """

    #: The tile arguments, as typed (one or several).
    tiles: Sequence[str]
    rules: str | None = None
    indicator: str | None = None
    okey: str | None = None
    seen: str | None = None
    table: str | None = None
    opened: bool | None = None
    alternatives: int | None = None
    take: str | None = None
    #: The ``--option`` pairs as typed (``KEY=VALUE``), read into a mapping by :meth:`fields`.
    options: Sequence[str] | None = None
    solver: SolverName | None = None
    deep: bool | None = None
    chance: bool | None = None
    draws: int | None = None
    pile: int | None = None
    risk: float | None = None
    goal: str | None = None
    extra: int | None = None
    time_limit: float | None = None

    def __post_init__(self) -> None:
        # Held as tuples, so that the object stays as it was typed (typer passes lists).
        object.__setattr__(self, "tiles", tuple(self.tiles))
        if self.options is not None:
            object.__setattr__(self, "options", tuple(self.options))

    def fields(self) -> dict[str, object]:
        """The question's fields: the options typed, by field name (the tiles joined into one text,
        the ``--option`` pairs read into a mapping). Raises :class:`InputError` for a malformed
        ``--option``."""
        given: dict[str, object] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is None:
                continue
            if field.name == "tiles":
                value = " ".join(value)
            elif field.name == "options":
                value = parse_options(value)
            given[field.name] = value
        return given


def ask(command: str, typed: TypedQuestion, json_output: bool, top: Top = "all") -> None:
    """Read the question ``typed`` on the command line, answer it, print the answer, all within its
    time limit (``--time-limit``; the output is held until the command is done, so a question
    stopped while its answer is printed shows no half answer). ``top``: the rows of a ranking shown
    as text (:func:`read_top`); the JSON document has every row.

    Raises :class:`InputError` for a bad question, :class:`~okeytool.limits.TimeLimitExceeded` when
    the time limit passes, and the solvers' errors.
    """
    from okeytool.limits import DEFAULT_TIME_LIMIT, deadline
    from okeytool.questions import COMMAND_LINE, answer, read_question, read_time_limit

    fields = typed.fields()
    limit = DEFAULT_TIME_LIMIT if typed.time_limit is None else typed.time_limit
    with deadline(read_time_limit(limit, COMMAND_LINE)):
        question = read_question(command, fields, COMMAND_LINE)
        result = answer(question)
        if json_output:
            print_json(result.to_json())
            return
        from okeytool.render.results import render_result

        render_result(question.deal, result, top=top)


def print_json(document: object) -> None:
    """Write one JSON document to stdout; characters that do not show as ``\\u`` escapes (the same data).

    Where the output's encoding cannot show a character (an ASCII terminal), it is written as a
    ``\\u`` escape too, so that the document is whole and the same data.
    """
    import json as jsonlib

    from okeytool.user_text import json_text

    text = json_text(document)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = jsonlib.dumps(jsonlib.loads(text))
    except LookupError:
        pass  # an encoding Python does not know: the stream reports it when written
    sys.stdout.write(text + "\n")
