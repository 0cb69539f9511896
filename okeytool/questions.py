"""One frozen, typed question per command, built once from its fields and answered by one path.

The command line and a ``batch`` line both give a question as *fields* (``tiles``, ``seen``,
``table`` ...): the command line the options the user typed, a batch line its JSON object.
:func:`read_question` checks them once (the fields the profile's game takes for that question, their
types, the notation, the supply of hand + seen + table together) and builds the typed question
(:mod:`okeytool.solver.questions`); :func:`answer` has the profile's game answer it
(:meth:`okeytool.solver.games.Game.answer`, the one path every question takes) within its time
limit. Nothing is written back to text to be read again.

>>> q = read_question("check", {"indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"})
>>> type(q).__name__, len(q.tiles), q.time_limit
('CheckQuestion', 15, 30.0)
>>> answer(q).to_json()["winning"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.goals import CHANCE_GOALS, PLAY_GOALS, PlayGoal
from okeytool.limits import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, TimeLimitExceeded, deadline, expired
from okeytool.parse.notation import parse_melds, parse_tile, parse_tiles
from okeytool.rules import Rules, get_rules
from okeytool.solver.games import COMMON_FIELDS, DEFAULT_RULES, QUESTIONS, Game, all_fields, game_of, refuse_question
from okeytool.solver.questions import (
    DEFAULT_ALTERNATIVES,
    SOLVERS,
    Answer,
    ChanceAsk,
    CheckQuestion,
    DiscardQuestion,
    Melds,
    OpenQuestion,
    PlayQuestion,
    Question,
    Solver,
    WaitsQuestion,
)
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.okey101.layoffs import TableMeld

__all__ = [
    "BATCH_LINE",
    "CHANCE_SHARE",
    "COMMAND_LINE",
    "DEFAULT_ALTERNATIVES",
    "SOLVERS",
    "Answer",
    "ChanceAsk",
    "CheckQuestion",
    "DiscardQuestion",
    "OpenQuestion",
    "PlayQuestion",
    "Question",
    "Solver",
    "Spelling",
    "WaitsQuestion",
    "answer",
    "document",
    "read_deal",
    "read_question",
    "read_time_limit",
]

#: The share of a time limit the user gave that a chance ranking may spend in work (counted the same
#: on every machine); the rows it could not compute are marked, so that it ends within the limit.
CHANCE_SHARE = 0.5
#: The most exchanges ``--extra`` allows beyond the fewest (the middle gives at most 12 own draws).
MAX_EXTRA = 12


# -- how fields are named to the user --------------------------------------------------------------


@dataclass(frozen=True)
class Spelling:
    """How a field is named in messages: ``--seen`` on the command line, ``field 'seen'`` in batch."""

    options: Mapping[str, str] | None = None  # field -> option name; None: batch fields

    def __call__(self, field: str) -> str:
        if self.options is None:
            return f"field {field!r}"
        return self.options.get(field, "--" + field.replace("_", "-"))


#: Command-line names of the fields whose option is not ``--`` + the field's name.
COMMAND_LINE = Spelling({"options": "--option", "alternatives": "--options", "tiles": "TILES"})
BATCH_LINE = Spelling()


# -- reading a question ----------------------------------------------------------------------------

_TEXT = ("rules", "indicator", "okey", "tiles", "seen", "table", "take", "goal", "solver")
_FLAGS = ("opened", "deep", "chance")
_COUNTS = ("draws", "pile", "extra")


def read_question(command: str, fields: Mapping[str, Any], spelling: Spelling = BATCH_LINE) -> Question:
    """The typed question ``command`` asks with ``fields`` (a batch line's object, or the options
    typed on the command line; a field left out or null takes its default).

    Raises :class:`InputError` (or a subclass: notation, supply, rules) naming the field for an
    unknown command or field, a field the profile's game does not take for this question, a value
    of the wrong type, bad notation and tiles that cannot exist together.
    """
    if command not in QUESTIONS:
        raise InputError(f"unknown command {command!r} (known: {', '.join(QUESTIONS)})")
    # A command line gives only its own options; a batch line may name any field (known to some game
    # or not: every game is looked at, which the command line need not do).
    unknown = [f for f in fields if f not in COMMON_FIELDS] if spelling.options is None else []
    if unknown and not set(unknown) <= all_fields():
        field = next(f for f in unknown if f not in all_fields())
        raise InputError(f"unknown {spelling(field)} (known: {', '.join(sorted(all_fields()))})")
    given = {key: value for key, value in fields.items() if value is not None}
    _check_types(given, spelling)
    rules = get_rules(given.get("rules") or DEFAULT_RULES[command], _options(given, spelling))
    refuse_question(rules, command)
    game = game_of(rules)
    for field in given:
        if not game.reads(command, field):
            takes = ", ".join(spelling(f) for f in sorted(game.fields(command)))
            raise InputError(
                f"{spelling(field)} is not part of a {command} question in the {rules.name} rules (it takes {takes})"
            )
    deal = read_deal(rules, given.get("indicator"), given.get("okey"), spelling)
    reader = _Reader(deal, game, given, spelling)
    return _BUILDERS[command](reader)


def _check_types(given: Mapping[str, Any], spelling: Spelling) -> None:
    for key in _TEXT:
        if key in given and not isinstance(given[key], str):
            raise InputError(f'{spelling(key)} must be text, e.g. "R1 R2 R3", not {_shown(given[key])}')
    for key in _FLAGS:
        if key in given and not isinstance(given[key], bool):
            raise InputError(f"{spelling(key)} must be true or false, not {_shown(given[key])}")
    if "options" in given and not isinstance(given["options"], Mapping):
        raise InputError(f"{spelling('options')} must be an object of rule options like {{\"wrap\": false}}, "
                         f"not {_shown(given['options'])}")  # fmt: skip
    for key in _COUNTS:
        value = given.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InputError(f"{spelling(key)} must be a whole number, not {_shown(value)}")
    risk = given.get("risk")
    if risk is not None and (isinstance(risk, bool) or not isinstance(risk, int | float)):
        raise InputError(f"{spelling('risk')} must be a number (a chance per draw, e.g. 0.05), not {_shown(risk)}")
    count = given.get("alternatives")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise InputError(f"{spelling('alternatives')} must be a whole number 0 or more, not {_shown(count)}")
    if "time_limit" in given:
        read_time_limit(given["time_limit"], spelling)


def read_time_limit(value: object, spelling: Spelling = COMMAND_LINE) -> float:
    """A time limit in seconds: more than 0, at most :data:`~okeytool.limits.MAX_TIME_LIMIT`.

    Raises :class:`InputError` for anything else.
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_TIME_LIMIT:
        raise InputError(f"{spelling('time_limit')} takes seconds, more than 0 and at most {MAX_TIME_LIMIT:g}, "
                         f"not {_shown(value)}")  # fmt: skip
    return float(value)


def _shown(value: object) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _options(given: Mapping[str, Any], spelling: Spelling) -> Mapping[str, Any]:
    options: Mapping[str, Any] = given.get("options") or {}
    for key in options:
        if not isinstance(key, str):
            raise InputError(f"{spelling('options')}: option names are text, not {_shown(key)}")
    return options


def read_deal(rules: Rules, indicator: str | None, okey: str | None, spelling: Spelling) -> Deal:
    """The deal from an indicator or an okey (exactly one of them in okey profiles).

    Raises :class:`InputError` when both are given or a tile is not one tile.
    """
    if indicator and okey:
        raise InputError(f"give either {spelling('indicator')} or {spelling('okey')}, not both")
    if okey:
        return Deal.from_okey(rules, _one_tile(okey, spelling("okey")))
    if indicator:
        return Deal(rules, _one_tile(indicator, spelling("indicator")))
    return Deal(rules, None)


def _one_tile(text: str, name: str) -> Tile:
    try:
        return parse_tile(text)
    except InputError as err:
        raise InputError(f"{name}: {err}") from None


@dataclass(frozen=True)
class _Reader:
    """The checked fields of one question, read into typed values."""

    deal: Deal
    game: Game
    given: Mapping[str, Any]
    spelling: Spelling

    def tiles(self, key: str = "tiles") -> tuple[Tile, ...]:
        text = self.given.get(key, "")
        try:
            return self.deal.resolve(parse_tiles(text, wrap=self.deal.rules.wrap)) if text or key == "tiles" else ()
        except InputError as err:
            if key == "tiles":
                raise
            raise type(err)(f"{self.spelling(key)}: {err}") from None

    def melds(self) -> Melds:
        text = self.given.get("table", "")
        if not text.strip():
            return ()
        try:
            return tuple(self.deal.resolve(m) for m in parse_melds(text, wrap=self.deal.rules.wrap))
        except InputError as err:
            raise type(err)(f"{self.spelling('table')}: {err}") from None

    def table_melds(self) -> tuple[TableMeld, ...]:
        """The table of a 101 question, each meld checked to be a set or a run."""
        melds = self.melds()
        if not melds:
            return ()
        from okeytool.solver.okey101.layoffs import table_melds

        try:
            return tuple(table_melds(self.deal, melds))
        except InputError as err:
            raise type(err)(f"{self.spelling('table')}: {err}") from None

    def flag(self, key: str, default: bool) -> bool:
        value = self.given.get(key, default)
        return bool(value)

    def solver(self) -> Solver:
        name = self.given.get("solver", "search")
        for solver in SOLVERS:
            if name == solver:
                return solver
        raise InputError(f"{self.spelling('solver')} takes search or cpsat, not {name!r}")

    def goal(self) -> PlayGoal:
        name = self.given.get("goal", "tiles")
        for goal in PLAY_GOALS:
            if name == goal:
                return goal
        raise InputError(f"{self.spelling('goal')} takes tiles or value, not {name!r}")

    def time_limit(self) -> float:
        return float(self.given.get("time_limit", DEFAULT_TIME_LIMIT))

    def chance(self) -> ChanceAsk | None:
        """The win-chance model asked for (``chance`` true), or None.

        Raises :class:`InputError` for a model field without ``chance``, ``draws`` with ``pile``,
        values outside the model, and fields that do not go with a chance ranking.
        """
        spell, given = self.spelling, self.given
        setting = [f for f in ("draws", "pile", "risk", "goal", "extra") if f in given]
        if not self.flag("chance", False):
            if setting:
                raise InputError(f"{spell(setting[0])} sets the win-chance model; it needs {spell('chance')}")
            return None
        if "draws" in given and "pile" in given:
            raise InputError(f"give either {spell('draws')} or {spell('pile')}, not both ({spell('draws')} "
                             f"follows from {spell('pile')} for a four-player table)")  # fmt: skip
        for field, value in (("deep", given.get("deep")), ("solver", given.get("solver"))):
            if value not in (None, False, "search"):
                raise InputError(f"{spell(field)} does not go with {spell('chance')} "
                                 "(a chance ranking uses the search)")  # fmt: skip
        try:
            draws, pile, risk = (given.get(f) for f in ("draws", "pile", "risk"))
            ask = self.game.chance_ask(
                self.deal,
                draws=None if draws is None else int(draws),
                pile=None if pile is None else int(pile),
                risk=None if risk is None else float(risk),
            )
        except InputError as err:
            text = str(err)
            for field in ("draws", "pile", "risk"):
                text = text.replace(f"--{field}", spell(field))
            raise InputError(text) from None
        name = given.get("goal", "chance")
        for goal in CHANCE_GOALS:
            if name == goal:
                typed = "time_limit" in given  # the user's own limit lifts (or lowers) the default work
                seconds = CHANCE_SHARE * self.time_limit() if typed else None
                extra = given.get("extra")
                if extra is not None and not 0 <= extra <= MAX_EXTRA:
                    raise InputError(f"{spell('extra')} takes a number of exchanges from 0 to {MAX_EXTRA}, not {extra}")
                return replace(ask, goal=goal, seconds=seconds, extra=extra)
        raise InputError(f"{spell('goal')} takes chance or points, not {name!r}")

    def supply(self, hand: Sequence[Tile], seen: Sequence[Tile], table: Sequence[Tile]) -> None:
        """The one supply check of a question: hand, seen tiles and table tiles together."""
        self.game.check_supply(self.deal, hand, seen, table)


def _check(read: _Reader) -> CheckQuestion:
    tiles, seen, table = read.tiles(), read.tiles("seen"), read.melds()
    read.supply(tiles, seen, [t for meld in table for t in meld])
    opened = read.flag("opened", bool(table))
    chance = read.chance()
    rules = read.deal.rules
    if chance is not None and len(tiles) == rules.hand_size:
        size, drawn = rules.hand_size, rules.drawn_size
        raise InputError(f"{read.spelling('chance')} in check weighs finishing now against holding, a choice "
                         f"of {drawn} tiles, not {size} (for {size} tiles ask waits)")  # fmt: skip
    return CheckQuestion(read.deal, tiles, seen, table, opened, read.solver(), read.time_limit(), chance)


def _waits(read: _Reader) -> WaitsQuestion:
    tiles, seen = read.tiles(), read.tiles("seen")
    read.supply(tiles, seen, ())
    return WaitsQuestion(read.deal, tiles, seen, read.solver(), read.time_limit())


def _discard(read: _Reader) -> DiscardQuestion:
    tiles, seen, table = read.tiles(), read.tiles("seen"), read.table_melds()
    read.supply(tiles, seen, [t for meld in table for t in meld.tiles])
    return DiscardQuestion(
        read.deal,
        tiles,
        seen,
        table,
        read.solver(),
        read.flag("deep", False),
        read.time_limit(),
        read.chance(),
        read.flag("opened", False),
    )


def _open(read: _Reader) -> OpenQuestion:
    tiles, seen, table = read.tiles(), read.tiles("seen"), read.table_melds()
    take_text = read.given.get("take", "")
    take = read.deal.resolve([_one_tile(take_text, read.spelling("take"))])[0] if take_text.strip() else None
    read.supply((*tiles, take) if take else tiles, seen, [t for meld in table for t in meld.tiles])
    alternatives = int(read.given.get("alternatives", DEFAULT_ALTERNATIVES))
    return OpenQuestion(
        read.deal, tiles, seen, table, read.flag("opened", False), alternatives, take, read.solver(), read.time_limit()
    )


def _play(read: _Reader) -> PlayQuestion:
    tiles, table = read.tiles(), read.melds()
    read.supply(tiles, (), [t for meld in table for t in meld])
    return PlayQuestion(read.deal, tiles, table, read.flag("opened", False), read.goal(), read.time_limit())


_BUILDERS: dict[str, Callable[[_Reader], Question]] = {
    "check": _check,
    "waits": _waits,
    "discard": _discard,
    "open": _open,
    "play": _play,
}


# -- answering a question --------------------------------------------------------------------------


def answer(question: Question) -> Answer:
    """The typed answer to ``question`` by the game its rules play (the one path every question
    takes), found within its time limit.

    Raises :class:`~okeytool.limits.TimeLimitExceeded` when the time is up, and the solvers' errors
    (:class:`InputError` for a hand of the wrong size, :class:`~okeytool.errors.SolverError`).
    """
    with deadline(question.time_limit):
        try:
            return game_of(question.deal.rules).answer(question)
        except TimeLimitExceeded:
            raise
        except Exception as err:
            # The timer may interrupt code that wraps what it raises (a solver's C++ bindings): an
            # error once the time is up is the time limit's.
            if expired():
                raise TimeLimitExceeded(question.time_limit) from err
            raise


def document(command: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON document answering the question ``command`` asks with batch ``fields``.

    Raises as :func:`read_question` and :func:`answer`.
    """
    return dict(answer(read_question(command, fields)).to_json())
