"""The games a rules profile plays: the registry, and what every game says about itself.

As a chess library picks a variant board from a variant's name, a rules profile names its game
(``Rules.game``) and :func:`game_of` looks it up here, the one place that reads it: classic Okey
hands (``classic``, played by the classic and okeygg profiles), Okey 101 (``101``) and
Rummikub-style tables (``rummikub``). Each game is one class in its own wing
(:class:`~okeytool.solver.classic.game.ClassicGame`,
:class:`~okeytool.solver.okey101.game.Okey101Game`,
:class:`~okeytool.solver.rummikub.game.RummikubGame`), a subclass of :class:`Game` overriding what
differs: which questions (commands) it answers, which fields each takes and how it answers them
(:meth:`Game.answer`; a followed round's advice, :meth:`Game.advise`, is the answer to the question
the round asks), the scoring schemes it is scored by, and its turn rules (hand sizes; whether a
turn throws, takes a discard, opens, lays; what the table holds), which a followed round
(:mod:`okeytool.round.state`) reads instead of asking which game it is. A wing's module is imported
the first time its game is asked for, so a command loads only the game it plays.

A question or field a game does not take is refused by :func:`refuse_question` with one line,
before any work is done.

>>> from okeytool.rules import get_rules
>>> game_of(get_rules("okeygg")).name
'classic'
>>> sorted(game_of(get_rules("101")).questions)
['discard', 'open']
>>> game_of(get_rules("joypip")).takes("play", "goal")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Literal

from okeytool.errors import InputError, RulesError
from okeytool.rules import Rules

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.finish import Finish
    from okeytool.solver.advice import Grades
    from okeytool.solver.questions import Answer, ChanceAsk, Question
    from okeytool.tiles import Tile

#: Fields every question takes, in every game.
COMMON_FIELDS = frozenset({"rules", "options", "indicator", "okey", "tiles", "time_limit"})
#: The fields of the win-chance model (classic hands; in 101 the chance to open): ``chance`` asks for
#: it, the others set it.
CHANCE_FIELDS = frozenset({"chance", "draws", "pile", "risk"})
#: The profile each question is asked in when it names none.
DEFAULT_RULES = {"check": "classic", "waits": "classic", "discard": "classic", "open": "101", "play": "rummikub"}
#: Every question any game answers, in the order they are listed to users.
QUESTIONS = ("check", "waits", "discard", "open", "play")

#: Where a player is in a turn: ``draw`` (holding ``hand_size`` tiles), ``throw`` (one more, a tile
#: must be thrown), ``play`` (a turn without a throw: draw or lay), ``ended``.
Phase = Literal["draw", "throw", "play", "ended"]
#: What the melds on the table are to a round: ``none`` (no table melds), ``added`` (each event
#: adds the melds others laid), ``whole`` (the table is rebuilt every turn: each event gives all of it).
TableRule = Literal["none", "added", "whole"]


@dataclass(frozen=True)
class Dealt:
    """A round dealt from shuffled tiles: the indicator, each seat's hand, and the stock in the
    order it is drawn (next draw first)."""

    indicator: Tile | None
    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    starter: int


def deal_under_indicator(rules: Rules, shuffled: Sequence[Tile], starter: int, seats: int) -> Dealt:
    """A round of the Okey games dealt from ``shuffled``: the first tile that is not a false joker
    is turned up as the indicator; then the starter gets ``drawn_size`` tiles and each other seat
    ``hand_size``, in the order of play from the starter; the rest are the stock, drawn in the
    order they lie."""
    at = next(k for k, t in enumerate(shuffled) if not t.is_false_joker)
    indicator = shuffled[at]
    rest = [*shuffled[:at], *shuffled[at + 1 :]]
    hands: list[tuple[Tile, ...]] = [()] * seats
    taken = 0
    for k in range(seats):
        seat = (starter + k) % seats
        size = rules.drawn_size if k == 0 else rules.hand_size
        hands[seat] = tuple(rest[taken : taken + size])
        taken += size
    return Dealt(indicator, tuple(hands), tuple(rest[taken:]), starter)


@dataclass(frozen=True)
class Going:
    """How a hand goes out with one throw: the finish kind, and whether it is a Kafa."""

    finish: Finish
    kafa: bool


class Game:
    """One game: its questions and fields, its scoring schemes, and its turn rules.

    Subclasses set the class attributes and override the methods where their game differs; the
    defaults are the rules of a game where a turn draws (or takes the previous discard) and throws.
    """

    #: The game's name, as a profile's ``Rules.game`` names it.
    name: str = ""
    #: What the game's hands are, for messages: "14-tile Okey hands (classic, okeygg)".
    hands: str = ""
    #: Question (command) name -> the fields it takes besides :data:`COMMON_FIELDS`.
    questions: Mapping[str, frozenset[str]] = {}
    #: The questions that read the chance fields (:data:`CHANCE_FIELDS`) for a chance model of the
    #: game's own (101: ``discard``, the chance to open) rather than the win chance of classic hands
    #: (rules.md 4.1). They are read (:meth:`reads`) but not in :meth:`takes`, which the classic
    #: win-chance model asks whether a game has classic win chances (the quiz asks :meth:`reads`:
    #: it deals positions of both kinds).
    own_chance: frozenset[str] = frozenset()
    #: The scoring schemes (``Rules.scheme``) that score this game's rounds.
    schemes: frozenset[str] = frozenset()

    # -- the turn rules --------------------------------------------------------------------------

    #: A turn ends with a throw (else it draws or lays, and the hand never holds one tile more).
    throws: bool = True
    #: A turn may take the previous player's discard instead of drawing.
    takes_discards: bool = True
    #: A player opens by laying melds worth ``Rules.open_points`` (or ``Rules.open_pairs`` pairs).
    opens: bool = False
    #: A turn may lay tiles from the rack onto the table.
    lays: bool = False
    #: What the melds on the table are (see :data:`TableRule`).
    table: TableRule = "none"

    # -- the rules of play: a round played out from a shuffle (the arena) -----------------------

    #: Seats at the table, numbered in the order of play.
    seats: int = 4

    def tiles(self, rules: Rules) -> tuple[Tile, ...]:
        """Every tile of the game, in canonical order (a shuffle of them is a deal).

        Raises :class:`InputError` in a game that cannot be played out yet."""
        raise InputError(f"rounds of {rules.name} cannot be played out")

    def deal_round(self, rules: Rules, shuffled: Sequence[Tile], starter: int) -> Dealt:
        """Deal a round from ``shuffled`` (every tile of :meth:`tiles`, in a random order).
        Raises :class:`InputError` in a game that cannot be played out yet."""
        raise InputError(f"rounds of {rules.name} cannot be played out")

    def may_show(self, deal: Deal, hand: Sequence[Tile]) -> bool:
        """True when a seat holding ``hand`` may make a show (gösterme) before its first draw."""
        return False

    def going_out(self, deal: Deal, hand: Sequence[Tile], throw: Tile) -> Going | None:
        """How ``hand`` (the tiles held, ``throw`` among them) goes out by throwing ``throw``, or
        None when the tiles left do not win."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def answers(self, command: str) -> bool:
        """True when the game answers the question ``command``."""
        return command in self.questions

    def takes(self, command: str, field: str) -> bool:
        """True when the question ``command`` of this game reads ``field``."""
        return field in COMMON_FIELDS or field in self.questions.get(command, frozenset())

    def reads(self, command: str, field: str) -> bool:
        """True when a question ``command`` of this game may be given ``field``: a field it takes,
        or a chance field of its own chance model (:attr:`own_chance`)."""
        return self.takes(command, field) or (command in self.own_chance and field in CHANCE_FIELDS)

    def fields(self, command: str) -> frozenset[str]:
        """Every field the question ``command`` of this game reads."""
        own = CHANCE_FIELDS if command in self.own_chance else frozenset()
        return COMMON_FIELDS | self.questions.get(command, frozenset()) | own

    def answer(self, question: Question) -> Answer:
        """The typed answer to ``question`` (see :mod:`okeytool.solver.questions`), one of the
        questions this game answers; each game imports the solver it asks only here, so that a
        command loads only the solver of its question.

        Raises the solvers' errors (:class:`InputError` for a hand of the wrong size ...), and
        :class:`InputError` for a question the game does not answer.
        """
        refuse_question(question.deal.rules, question.command)
        raise NotImplementedError(f"{type(self).__name__} does not answer {question.command}")

    def chance_ask(self, deal: Deal, *, draws: int | None, pile: int | None, risk: float | None) -> ChanceAsk:
        """What a question asks of the game's win-chance model (the ``chance`` fields): ``draws`` own
        draws left, or those a ``pile`` of tiles left in the middle gives, and the ``risk`` per draw
        (None: the model's defaults).

        Raises :class:`InputError` (naming ``--draws``, ``--pile``, ``--risk``) for a value outside
        the model, and in a game without one.
        """
        raise InputError(f"there are no win chances in {deal.rules.name}")

    def check_supply(self, deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile], table: Sequence[Tile]) -> None:
        """The one supply check of a question: the hand, the tiles seen out of play and the tiles on
        the table, together (the table's tiles count as seen). Raises :class:`SupplyError`."""
        from okeytool.parse.supply import check_supply

        check_supply(deal, hand, [*seen, *table])

    def start_sizes(self, rules: Rules) -> tuple[int, ...]:
        """How many tiles a hand may hold when a round starts (before or after the first draw)."""
        return (rules.hand_size, rules.drawn_size) if self.throws else (rules.hand_size,)

    def start_phase(self, rules: Rules, held: int) -> Phase:
        """The phase of a round that starts with ``held`` tiles."""
        if not self.throws:
            return "play"
        return "throw" if held == rules.drawn_size else "draw"

    def after_draw(self) -> Phase:
        """The phase after a draw (or a take): the tile to throw, or the rest of a turn without one."""
        return "throw" if self.throws else "play"

    def check_melds(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> None:
        """Refuse a meld laid on the table that is not valid in this game. Raises :class:`InputError`."""
        raise InputError(f"there are no table melds in {deal.rules.name}")

    def opening_value(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[int, int]:
        """What opening melds are worth: their points and how many pairs they hold."""
        raise InputError(f"there is no opening in {deal.rules.name}")

    def melds_in_play(
        self, table: Sequence[Sequence[Tile]], own: Sequence[Sequence[Tile]]
    ) -> tuple[Sequence[Tile], ...]:
        """Every meld on the table for the advice: the others' (``table``) and the player's own."""
        return (*table, *own)

    # -- a followed round: the advice after each event and the grade of a throw --------------------

    def advise(
        self,
        deal: Deal,
        hand: Sequence[Tile],
        seen: Sequence[Tile],
        *,
        table: Sequence[Sequence[Tile]],
        opened: bool,
        to_throw: bool,
        draws: int | None,
    ) -> Answer:
        """The advice for a hand (not empty): what to throw when a tile must be thrown (``to_throw``),
        else what the hand needs; as far as a stand-alone question asks the same, its answer
        (:meth:`answer`). ``table``: every meld on the table (:meth:`melds_in_play`); ``draws``: the
        own draws left for a win chance (None: the chance model's default)."""
        raise NotImplementedError(f"{type(self).__name__} gives no advice")

    def grade_discards(
        self,
        deal: Deal,
        hand: Sequence[Tile],
        seen: Sequence[Tile],
        *,
        table: Sequence[Sequence[Tile]],
        draws: int | None,
        deadline: float | None,
    ) -> Grades:
        """Every distinct throw of a hand that must throw, graded (see :class:`~okeytool.solver.advice.Grades`),
        the work stopping at ``deadline`` (a ``time.perf_counter`` value; None: the model's default).
        Raises :class:`InputError` in a game without throws."""
        raise InputError(f"there are no throws to grade in {deal.rules.name}")


# The registry: every game by name. A wing's game is found by importing the module named here,
# whose ``GAME`` is its one instance; :func:`register` adds a game defined elsewhere.
_WINGS: dict[str, str] = {
    "classic": "okeytool.solver.classic.game",
    "101": "okeytool.solver.okey101.game",
    "rummikub": "okeytool.solver.rummikub.game",
}
_LOADED: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add ``game`` to the registry under its name (a game defined outside the wings, e.g. in a test)."""
    _LOADED[game.name] = game


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (the wings' games stay)."""
    if name not in _WINGS:
        _LOADED.pop(name, None)


def game_named(name: str) -> Game:
    """The game called ``name``. Raises :class:`RulesError` for a name no game has."""
    game = _LOADED.get(name)
    if game is not None:
        return game
    module = _WINGS.get(name)
    if module is None:
        raise RulesError(f"unknown game {name!r} (known: {', '.join(sorted({*_WINGS, *_LOADED}))})")
    found = import_module(module).GAME
    assert isinstance(found, Game) and found.name == name, module
    _LOADED[name] = found
    return found


def game_of(rules: Rules) -> Game:
    """The game a rules profile plays (the one place that reads the profile's kind of game)."""
    return game_named(rules.game)


class _Registry(Mapping[str, Game]):
    """Every game by name, each imported when first looked at."""

    def __getitem__(self, name: str) -> Game:
        try:
            return game_named(name)
        except RulesError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*_WINGS, *_LOADED]))

    def __len__(self) -> int:
        return len({*_WINGS, *_LOADED})


#: Every game by name.
GAMES: Mapping[str, Game] = _Registry()


def all_fields() -> frozenset[str]:
    """Every field any question of any game reads."""
    return frozenset().union(COMMON_FIELDS, *(f for g in GAMES.values() for f in g.questions.values()))


def __getattr__(name: str) -> Game:
    """``CLASSIC``, ``OKEY101`` and ``RUMMIKUB``: the three games, imported when first named."""
    wings = {"CLASSIC": "classic", "OKEY101": "101", "RUMMIKUB": "rummikub"}
    if name in wings:
        return game_named(wings[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def refuse_question(rules: Rules, command: str) -> None:
    """Refuse a question the profile's game does not answer.

    Raises :class:`InputError` naming the games that answer it and the questions this one answers.
    """
    game = game_of(rules)
    if game.answers(command):
        return
    games = " and ".join(g.hands for g in GAMES.values() if g.answers(command))
    answered = ", ".join(q for q in QUESTIONS if game.answers(q))
    raise InputError(f"{command} is for {games}; not for the {rules.name} rules, which answer {answered}")
