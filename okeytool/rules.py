"""Rule profiles: frozen, validated sets of rule options, looked up by name.

A profile (rules.md section 0) fixes the hand size, whether runs wrap 12-13-1, what the wild tiles
are and the default scoring scheme. Options where sources disagree (rules.md section 8) can be
changed one by one with :meth:`Rules.with_options`. Code asks the rules object (``rules.wrap``,
``rules.hand_size``, ``rules.open_points``) instead of comparing profile names or writing the numbers
again: every size and every number of the game is stated once, here (the tile set's, such as the two
wilds, in :mod:`okeytool.tiles`).

>>> get_rules("joypip").name
'rummikub'
>>> get_rules("classic").with_options({"wrap": "false"}).wrap
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

from okeytool.errors import RulesError, quoted
from okeytool.tiles import MAX_WILDS, Colour, Tile

WildKind = Literal["okey", "joker"]


class SchemeName(str, Enum):
    """The scoring schemes a profile may name (option ``scheme``; score/schemes.py holds what each counts)."""

    PAGAT = "pagat"
    PENALTY = "penalty"
    OKEYGG = "okeygg"
    OKEY101 = "101"
    RUMMIKUB = "rummikub"

    def __str__(self) -> str:
        return self.value


#: The scheme names, in the order they are listed to users.
SCHEME_NAMES = tuple(scheme.value for scheme in SchemeName)


class KafaMode(str, Enum):
    """How a Kafa hand counts (rules.md 3.2, option ``kafa``)."""

    #: An ordinary meld win (okey.gg scores it so).
    ORDINARY = "ordinary"
    #: It wins the whole game at once (as at a real table).
    MATCH_WIN = "match-win"

    def __str__(self) -> str:
        return self.value


class PenaltyEnd(str, Enum):
    """How a game of the ``penalty`` scheme ends (rules.md 7, option ``end``)."""

    #: A player above 20 is out; the last player left wins.
    ELIMINATION = "elimination"
    #: The game ends when someone passes 20; the two lowest totals win.
    TWO_LOWEST = "two_lowest"

    def __str__(self) -> str:
        return self.value


#: A rule option's value: a text option's is an enum member (which is also its text).
OptionValue = bool | int | str | Enum


@dataclass(frozen=True)
class Option:
    """How one rule option is read from text and which values it accepts.

    ``kind`` is ``bool``, ``int`` (between ``low`` and ``high``), an enum of the fixed values, or
    ``str`` with the fixed values in ``names``.
    """

    kind: type
    profiles: tuple[str, ...]
    names: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    #: Per profile, the only values allowed (a Rummikub match is 1, 3 or 5 rounds).
    only: tuple[tuple[str, tuple[OptionValue, ...]], ...] = ()

    @property
    def choices(self) -> tuple[str, ...]:
        """Every value the option takes, as text (empty for a whole number: see ``low`` and ``high``).

        >>> OPTIONS["kafa"].choices
        ('ordinary', 'match-win')
        """
        if self.kind is bool:
            return ("true", "false")
        if issubclass(self.kind, Enum):
            return tuple(str(member.value) for member in self.kind)
        return self.names

    def choices_in(self, profile: str) -> tuple[str, ...]:
        """The values the option takes in one profile, as text (empty for a whole number without a list).

        >>> OPTIONS["rounds"].choices_in("rummikub")
        ('1', '3', '5')
        """
        only = dict(self.only).get(profile)
        if only is not None:
            return tuple(str(value) for value in only)
        return self.choices


CLASSIC = ("classic", "okeygg")
ALL_PROFILES = ("classic", "okeygg", "101", "rummikub")

#: Every option a user may set with ``--option KEY=VALUE`` (rules.md section 8), with the profiles
#: it belongs to: an option of another game is refused rather than silently ignored.
OPTIONS: dict[str, Option] = {
    "wrap": Option(bool, CLASSIC),  # runs may continue 12-13-1
    "seven_pairs": Option(bool, CLASSIC),  # seven pairs is a winning hand
    "stack_multipliers": Option(bool, (*CLASSIC, "101")),  # pairs + okey finish counts x4 (else x2)
    "kafa": Option(KafaMode, CLASSIC),  # how a Kafa hand scores
    "renkli": Option(bool, CLASSIC),  # a red or black indicator doubles the finish values
    "scheme": Option(  # the scoring scheme
        SchemeName,
        ALL_PROFILES,
        only=(
            ("classic", ("pagat", "penalty", "okeygg")),
            ("okeygg", ("pagat", "penalty", "okeygg")),
            ("101", ("101",)),
            ("rummikub", ("rummikub",)),
        ),
    ),
    "start": Option(int, CLASSIC, low=0, high=1000),  # starting points (pagat: 20)
    "target": Option(int, CLASSIC, low=7, high=31),  # okeygg: points that win the game
    "end": Option(PenaltyEnd, CLASSIC),  # penalty: how the game ends
    "open_points": Option(int, ("101",), low=1, high=1000),  # points needed to open with melds
    "open_pairs": Option(int, ("101",), low=1, high=11),  # pairs needed to open with pairs
    "jokers_in_pairs": Option(bool, ("101",)),  # a real okey may complete an opening pair
    "unopened_cap": Option(int, ("101",), low=0, high=10000),  # cap on a never-opened hand's score
    "rounds": Option(int, ("101", "rummikub"), low=1, high=100, only=(("rummikub", (1, 3, 5)),)),  # counted rounds
    "initial_meld": Option(int, ("rummikub",), low=0, high=1000),  # value of the first meld
}

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Rules:
    """One profile with all its options. Build with :func:`get_rules`, change with :meth:`with_options`."""

    name: str
    description: str
    #: Tiles a hand holds between turns: 14 in classic Okey (the tiles a winning hand shows; the 15th,
    #: drawn, is the finishing discard), 21 in 101, 14 at the start in Rummikub.
    hand_size: int
    wrap: bool
    wild: WildKind
    scheme: SchemeName
    #: The game the profile plays, by its name in the registry of games
    #: (:func:`okeytool.solver.games.game_of`): ``classic`` (classic and okeygg), ``101``, ``rummikub``.
    game: str = "classic"
    seven_pairs: bool = True
    lone_tile_run: bool = False
    gosterme: bool = False
    stack_multipliers: bool = True
    kafa: KafaMode = KafaMode.ORDINARY
    renkli: bool = False
    #: The indicator colours that make a round renkli (doubling its finish values) when ``renkli`` is on.
    renkli_colours: tuple[Colour, ...] = (Colour.RED, Colour.BLACK)
    #: A classic finish's points before its multiplier (rules.md 7: a normal win is 2).
    finish_points: int = 2
    start: int | None = None
    target: int = 21
    end: PenaltyEnd = PenaltyEnd.ELIMINATION
    # Okey 101's numbers (rules.md 5.2, 5.5, 5.6).
    #: Points of new melds that open (option).
    open_points: int = 101
    open_pairs: int = 5
    jokers_in_pairs: bool = True
    #: A never-opened hand's score before the multiplier ...
    unopened_points: int = 202
    #: ... and its cap after it (option).
    unopened_cap: int = 404
    #: The winner's score before the multiplier is minus this.
    win_points: int = 101
    #: Each discard penalty (a real okey or an işler taş thrown), never multiplied.
    discard_penalty: int = 101
    #: Going out in one turn (elden): the winner's score is minus ``elden_win``, every other's ``elden_loss``.
    elden_win: int = 202
    elden_loss: int = 404
    rounds: int = 5
    initial_meld: int = 30

    # ``lone_tile_run``: one number tile with two wilds is a run, never a set (S004).
    # ``gosterme``: a player holding the indicator's twin may show it at the start (rules.md 3.3).

    @property
    def drawn_size(self) -> int:
        """Tiles a hand holds on its turn, after drawing (hand_size + 1: 15 in classic, 22 in 101)."""
        return self.hand_size + 1

    def multiplier(self, doublings: int) -> int:
        """A finish's multiplier from its doublings (an okey finish, pairs): they multiply (x2, x4),
        unless ``stack_multipliers`` is off, when two give x2 as one does (rules.md 7, 5.6).

        >>> get_rules("classic").multiplier(2), get_rules("classic", {"stack_multipliers": False}).multiplier(2)
        (4, 2)
        """
        if doublings >= 2 and not self.stack_multipliers:
            return 2
        return 1 << doublings

    def renkli_factor(self, indicator: Tile | None) -> int:
        """2 where ``renkli`` is on and ``indicator`` has one of :attr:`renkli_colours`, else 1.

        >>> get_rules("classic", {"renkli": True}).renkli_factor(Tile.face(Colour.RED, 4))
        2
        """
        return 2 if self.renkli and indicator is not None and indicator.colour in self.renkli_colours else 1

    @property
    def has_indicator(self) -> bool:
        """True where an indicator decides the wild (okey profiles); False in Rummikub."""
        return self.wild == "okey"

    @property
    def max_wilds(self) -> int:
        """How many wild tiles exist in the game (the two real okeys, or the two jokers)."""
        return MAX_WILDS

    @property
    def starting_points(self) -> int:
        """Points each player starts a game with: ``start`` if set, else 20 in ``pagat`` and 0 elsewhere."""
        if self.start is not None:
            return self.start
        return 20 if self.scheme == SchemeName.PAGAT else 0

    @property
    def options(self) -> dict[str, OptionValue]:
        """The current value of every user-settable option."""
        return {name: getattr(self, name) for name in OPTIONS}

    def with_options(self, values: Mapping[str, object]) -> Rules:
        """A copy with options changed; values may be typed or text (``"true"``, ``"404"``).

        Raises :class:`RulesError` for an unknown option or a value it does not accept.
        """
        changes = {key: _coerce(key, value) for key, value in values.items()}
        for key, value in changes.items():
            option = OPTIONS[key]
            if self.name not in option.profiles:
                games = ", ".join(option.profiles)
                raise RulesError(f"option {key} is not part of the {self.name} rules (only {games})")
            allowed = dict(option.only).get(self.name)
            if allowed is not None and value not in allowed:
                listed = ", ".join(str(v) for v in allowed)
                raise RulesError(f"option {key} takes {listed} in the {self.name} rules, not {value}")
        return replace(self, **changes)  # type: ignore[arg-type]  # each value has its option's kind (_coerce)


def _shown(value: object) -> str:
    """A value as an error message quotes it (user text cut when long)."""
    return quoted(value) if isinstance(value, str) else repr(value)


def _coerce(key: str, value: object) -> OptionValue:
    option = OPTIONS.get(key)
    if option is None:
        known = ", ".join(sorted(OPTIONS))
        raise RulesError(f"unknown rule option {quoted(key)} (known: {known})")
    if option.kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError(f"option {key} takes true or false, not {_shown(value)}")
    if option.kind is int:
        if isinstance(value, bool):
            raise RulesError(f"option {key} takes a whole number, not {_shown(value)}")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise RulesError(f"option {key} takes a whole number, not {_shown(value)}") from None
        if (option.low is not None and number < option.low) or (option.high is not None and number > option.high):
            raise RulesError(f"option {key} must be between {option.low} and {option.high}, not {number}")
        return number
    text = str(value).strip().lower()
    if text not in option.choices:
        raise RulesError(f"option {key} takes one of {', '.join(option.choices)}, not {_shown(value)}")
    if issubclass(option.kind, Enum):
        return option.kind(text)
    return text


PROFILES: dict[str, Rules] = {
    "classic": Rules(
        name="classic",
        description="Okey as Pagat and Wikipedia describe it",
        hand_size=14,
        wrap=True,
        wild="okey",
        scheme=SchemeName.PAGAT,
        gosterme=True,
    ),
    "okeygg": Rules(
        name="okeygg",
        description="classic Okey as okey.gg plays it",
        hand_size=14,
        wrap=True,
        wild="okey",
        scheme=SchemeName.OKEYGG,
    ),
    "101": Rules(
        name="101",
        description="Okey 101: open with 101 points or five pairs, penalty scoring",
        hand_size=21,
        wrap=False,
        wild="okey",
        scheme=SchemeName.OKEY101,
        game="101",
        seven_pairs=False,
    ),
    "rummikub": Rules(
        name="rummikub",
        description="Rummikub-style tables (JoyPip): jokers, table rearrangement",
        hand_size=14,
        wrap=False,
        wild="joker",
        scheme=SchemeName.RUMMIKUB,
        game="rummikub",
        seven_pairs=False,
        lone_tile_run=True,
        rounds=1,
    ),
}

ALIASES = {"joypip": "rummikub", "okey": "classic", "okey101": "101"}


def get_rules(name: str, options: Mapping[str, object] | None = None) -> Rules:
    """The profile called ``name`` (or an alias), with ``options`` applied.

    Raises :class:`RulesError` for an unknown name or option.
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    rules = PROFILES.get(key)
    if rules is None:
        known = ", ".join([*PROFILES, *ALIASES])
        raise RulesError(f"unknown rules profile {quoted(name)} (known: {known})")
    if options:
        rules = rules.with_options(options)
    return rules
