"""Rule profiles: frozen, validated sets of rule options, looked up by name.

A profile (rules.md section 0) fixes the hand size, whether runs wrap 12-13-1, what the wild tiles
are and the default scoring scheme. Options where sources disagree (rules.md section 8) can be
changed one by one with :meth:`Rules.with_options`. Code asks the rules object (``rules.wrap``,
``rules.open_points``) instead of comparing profile names.

>>> get_rules("joypip").name
'rummikub'
>>> get_rules("classic").with_options({"wrap": "false"}).wrap
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from okeytool.errors import RulesError
from okeytool.tiles import MAX_WILDS

WildKind = Literal["okey", "joker"]

SCHEMES = ("pagat", "penalty", "okeygg", "101", "rummikub")


@dataclass(frozen=True)
class Option:
    """How one rule option is read from text and which values it accepts."""

    kind: type
    profiles: tuple[str, ...]
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    help: str = ""
    #: Per profile, the only values allowed (a Rummikub match is 1, 3 or 5 rounds).
    only: tuple[tuple[str, tuple[Any, ...]], ...] = ()


CLASSIC = ("classic", "okeygg")
ALL_PROFILES = ("classic", "okeygg", "101", "rummikub")

#: Every option a user may set with ``--option KEY=VALUE`` (rules.md section 8), with the profiles
#: it belongs to: an option of another game is refused rather than silently ignored.
OPTIONS: dict[str, Option] = {
    "wrap": Option(bool, CLASSIC, help="runs may continue 12-13-1"),
    "seven_pairs": Option(bool, CLASSIC, help="seven pairs is a winning hand"),
    "stack_multipliers": Option(bool, (*CLASSIC, "101"), help="pairs + okey finish counts x4 (else x2)"),
    "kafa": Option(str, CLASSIC, choices=("ordinary", "match-win"), help="how a Kafa hand scores"),
    "renkli": Option(bool, CLASSIC, help="a red or black indicator doubles the finish values"),
    "scheme": Option(
        str,
        ALL_PROFILES,
        choices=SCHEMES,
        help="scoring scheme",
        only=(
            ("classic", ("pagat", "penalty", "okeygg")),
            ("okeygg", ("pagat", "penalty", "okeygg")),
            ("101", ("101",)),
            ("rummikub", ("rummikub",)),
        ),
    ),
    "start": Option(int, CLASSIC, low=0, high=1000, help="starting points (pagat: 20)"),
    "target": Option(int, CLASSIC, low=7, high=31, help="okeygg: points that win the game"),
    "end": Option(str, CLASSIC, choices=("elimination", "two_lowest"), help="penalty: how the game ends"),
    "open_points": Option(int, ("101",), low=1, high=1000, help="points needed to open with melds"),
    "open_pairs": Option(int, ("101",), low=1, high=11, help="pairs needed to open with pairs"),
    "jokers_in_pairs": Option(bool, ("101",), help="a real okey may complete an opening pair"),
    "unopened_cap": Option(int, ("101",), low=0, high=10000, help="cap on a never-opened hand's score"),
    "rounds": Option(
        int, ("101", "rummikub"), low=1, high=100, help="rounds counted in a match", only=(("rummikub", (1, 3, 5)),)
    ),
    "initial_meld": Option(int, ("rummikub",), low=0, high=1000, help="value of the first meld"),
}

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Rules:
    """One profile with all its options. Build with :func:`get_rules`, change with :meth:`with_options`."""

    name: str
    description: str
    hand_size: int
    wrap: bool
    wild: WildKind
    scheme: str
    seven_pairs: bool = True
    opening: bool = False
    table_game: bool = False
    lone_tile_run: bool = False
    gosterme: bool = False
    stack_multipliers: bool = True
    kafa: str = "ordinary"
    renkli: bool = False
    start: int | None = None
    target: int = 21
    end: str = "elimination"
    open_points: int = 101
    open_pairs: int = 5
    jokers_in_pairs: bool = True
    unopened_cap: int = 404
    rounds: int = 5
    initial_meld: int = 30

    # ``opening``: players open with melds or pairs and lay off; discards can cost penalties (101).
    # ``table_game``: every turn may rebuild the melds on the table; going out lays the whole rack.
    # ``lone_tile_run``: one number tile with two wilds is a run, never a set (S004).
    # ``gosterme``: a player holding the indicator's twin may show it at the start (rules.md 3.3).

    @property
    def classic_hand(self) -> bool:
        """True where a hand wins by showing 14 tiles in melds or pairs (classic, okeygg)."""
        return not self.opening and not self.table_game

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
        return 20 if self.scheme == "pagat" else 0

    @property
    def options(self) -> dict[str, Any]:
        """The current value of every user-settable option."""
        return {name: getattr(self, name) for name in OPTIONS}

    def with_options(self, values: Mapping[str, Any]) -> Rules:
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
        return replace(self, **changes)


def _coerce(key: str, value: Any) -> Any:
    option = OPTIONS.get(key)
    if option is None:
        known = ", ".join(sorted(OPTIONS))
        raise RulesError(f"unknown rule option {key!r} (known: {known})")
    if option.kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError(f"option {key} takes true or false, not {value!r}")
    if option.kind is int:
        if isinstance(value, bool):
            raise RulesError(f"option {key} takes a whole number, not {value!r}")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise RulesError(f"option {key} takes a whole number, not {value!r}") from None
        if (option.low is not None and number < option.low) or (option.high is not None and number > option.high):
            raise RulesError(f"option {key} must be between {option.low} and {option.high}, not {number}")
        return number
    text = str(value).strip().lower()
    if text not in option.choices:
        raise RulesError(f"option {key} takes one of {', '.join(option.choices)}, not {value!r}")
    return text


PROFILES: dict[str, Rules] = {
    "classic": Rules(
        name="classic",
        description="Okey as Pagat and Wikipedia describe it",
        hand_size=14,
        wrap=True,
        wild="okey",
        scheme="pagat",
        gosterme=True,
    ),
    "okeygg": Rules(
        name="okeygg",
        description="classic Okey as okey.gg plays it",
        hand_size=14,
        wrap=True,
        wild="okey",
        scheme="okeygg",
    ),
    "101": Rules(
        name="101",
        description="Okey 101: open with 101 points or five pairs, penalty scoring",
        hand_size=21,
        wrap=False,
        wild="okey",
        scheme="101",
        seven_pairs=False,
        opening=True,
    ),
    "rummikub": Rules(
        name="rummikub",
        description="Rummikub-style tables (JoyPip): jokers, table rearrangement",
        hand_size=14,
        wrap=False,
        wild="joker",
        scheme="rummikub",
        seven_pairs=False,
        table_game=True,
        lone_tile_run=True,
        rounds=1,
    ),
}

ALIASES = {"joypip": "rummikub", "okey": "classic", "okey101": "101"}


def get_rules(name: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The profile called ``name`` (or an alias), with ``options`` applied.

    Raises :class:`RulesError` for an unknown name or option.
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    rules = PROFILES.get(key)
    if rules is None:
        known = ", ".join([*PROFILES, *ALIASES])
        raise RulesError(f"unknown rules profile {name!r} (known: {known})")
    if options:
        rules = rules.with_options(options)
    return rules
