"""The games a rules profile plays, and the questions each game answers.

As a chess library picks a variant board from a variant's name, a rules profile names its game:
classic Okey hands (``classic``, ``okeygg``), Okey 101 (``101``) and Rummikub-style tables
(``rummikub``). The game says which questions (commands) it answers and which fields each question
takes besides the common ones; a question or field it does not take is refused by
:meth:`Game.refuse` with one line, before any work is done.

>>> from okeytool.rules import get_rules
>>> game_of(get_rules("okeygg")).name
'classic'
>>> sorted(game_of(get_rules("101")).questions)
['discard', 'open']
>>> game_of(get_rules("joypip")).takes("play", "goal")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from okeytool.errors import InputError
from okeytool.rules import Rules

#: Fields every question takes, in every game.
COMMON_FIELDS = frozenset({"rules", "options", "indicator", "okey", "tiles", "time_limit"})
#: The fields of the win-chance model (classic hands only): ``chance`` asks for it, the others set it.
CHANCE_FIELDS = frozenset({"chance", "draws", "pile", "risk"})
#: The profile each question is asked in when it names none.
DEFAULT_RULES = {"check": "classic", "waits": "classic", "discard": "classic", "open": "101", "play": "rummikub"}


@dataclass(frozen=True)
class Game:
    """One game: its name, what its hands are called, and its questions with the fields they take."""

    name: str
    #: What the game's hands are, for messages: "14-tile Okey hands (classic, okeygg)".
    hands: str
    #: Question (command) name -> the fields it takes besides :data:`COMMON_FIELDS`.
    questions: Mapping[str, frozenset[str]]

    def answers(self, command: str) -> bool:
        """True when the game answers the question ``command``."""
        return command in self.questions

    def takes(self, command: str, field: str) -> bool:
        """True when the question ``command`` of this game reads ``field``."""
        return field in COMMON_FIELDS or field in self.questions.get(command, frozenset())

    def fields(self, command: str) -> frozenset[str]:
        """Every field the question ``command`` of this game reads."""
        return COMMON_FIELDS | self.questions.get(command, frozenset())


CLASSIC = Game(
    "classic",
    "14-tile Okey hands (classic, okeygg)",
    {
        # ``chance``, ``draws``, ``pile``, ``risk``: the win-chance model (rules.md 4.1); ``goal``
        # orders a chance ranking (chance or points).
        "check": frozenset({"seen", "solver", *CHANCE_FIELDS}),
        "waits": frozenset({"seen", "solver"}),
        "discard": frozenset({"seen", "solver", "deep", *CHANCE_FIELDS, "goal"}),
    },
)
OKEY101 = Game(
    "101",
    "Okey 101 hands (101)",
    {
        "open": frozenset({"seen", "table", "opened", "alternatives", "take", "solver"}),
        "discard": frozenset({"seen", "table"}),
    },
)
RUMMIKUB = Game(
    "rummikub",
    "Rummikub racks (rummikub)",
    {
        "check": frozenset({"table", "opened"}),
        "play": frozenset({"table", "opened", "goal"}),
    },
)

GAMES: dict[str, Game] = {game.name: game for game in (CLASSIC, OKEY101, RUMMIKUB)}
#: Every question any game answers, in the order they are listed to users.
QUESTIONS = ("check", "waits", "discard", "open", "play")
#: Every field any question of any game reads, and the fields a batch line adds.
ALL_FIELDS = frozenset().union(COMMON_FIELDS, *(f for g in GAMES.values() for f in g.questions.values()))


def game_of(rules: Rules) -> Game:
    """The game a rules profile plays (the one place that reads the profile's kind of game)."""
    if rules.table_game:
        return RUMMIKUB
    if rules.opening:
        return OKEY101
    return CLASSIC


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
