"""The typed questions every game answers, and what an answer is.

One frozen question per command (``check``, ``waits``, ``discard``, ``open``, ``play``), as
:mod:`okeytool.questions` reads it from a command line or a batch line; the game a profile plays
answers it (:meth:`okeytool.solver.games.Game.answer`) with one of its solvers' typed results, each an
:class:`Answer`. The questions live here, beneath the games, so that each game's wing can take them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from okeytool.deal import Deal
from okeytool.goals import ChanceGoal, PlayGoal
from okeytool.limits import DEFAULT_TIME_LIMIT
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.okey101.layoffs import TableMeld

Solver = Literal["search", "cpsat"]
SOLVERS: tuple[Solver, ...] = ("search", "cpsat")
DEFAULT_ALTERNATIVES = 3
Melds = tuple[tuple[Tile, ...], ...]


class Answer(Protocol):
    """A game's typed answer to a question (a solver's frozen result), which renders as a JSON document."""

    def to_json(self) -> Mapping[str, object]: ...


@dataclass(frozen=True)
class ChanceAsk:
    """What a question asks of the win-chance model (rules.md 4.1; in 101 the opening-chance model
    of 5.8): own draws left, the risk per draw, and what orders the discards (win chance or expected
    points)."""

    draws: int
    risk: float
    goal: ChanceGoal = "chance"
    #: Seconds of work the ranking may do (None: the model's default,
    #: :data:`~okeytool.solver.classic.chance.TIME_LIMIT`): :data:`okeytool.questions.CHANCE_SHARE`
    #: of a time limit the user gave.
    seconds: float | None = None
    #: Classic hands: rank by the ``extra`` method with this many exchanges beyond the fewest
    #: (:mod:`okeytool.solver.classic.chance`); None: the default methods.
    extra: int | None = None


@dataclass(frozen=True)
class CheckQuestion:
    """Is the hand winning (14 or 15 tiles)? In Rummikub: can the whole rack be laid now?"""

    command: ClassVar[str] = "check"

    deal: Deal
    tiles: tuple[Tile, ...]
    seen: tuple[Tile, ...] = ()
    table: Melds = ()
    opened: bool = False
    solver: Solver = "search"
    time_limit: float = DEFAULT_TIME_LIMIT
    #: ``--chance``: a winning 15-tile hand is also told whether to finish now or hold.
    chance: ChanceAsk | None = None


@dataclass(frozen=True)
class WaitsQuestion:
    """What completes these 14 tiles?"""

    command: ClassVar[str] = "waits"

    deal: Deal
    tiles: tuple[Tile, ...]
    seen: tuple[Tile, ...] = ()
    solver: Solver = "search"
    time_limit: float = DEFAULT_TIME_LIMIT


@dataclass(frozen=True)
class DiscardQuestion:
    """Which tile to throw (15 tiles; 22 in 101, with the table's melds)?"""

    command: ClassVar[str] = "discard"

    deal: Deal
    tiles: tuple[Tile, ...]
    seen: tuple[Tile, ...] = ()
    table: tuple[TableMeld, ...] = ()
    solver: Solver = "search"
    deep: bool = False
    time_limit: float = DEFAULT_TIME_LIMIT
    #: ``--chance``: rank by win chance (or expected points; in 101, the chance to open) instead of acceptance.
    chance: ChanceAsk | None = None
    #: 101: the player has opened (refused: the discard ranking is of a hand before it opens).
    opened: bool = False


@dataclass(frozen=True)
class OpenQuestion:
    """Can this 101 hand open, and (``take``) can the previous player's discard be taken?"""

    command: ClassVar[str] = "open"

    deal: Deal
    tiles: tuple[Tile, ...]
    seen: tuple[Tile, ...] = ()
    table: tuple[TableMeld, ...] = ()
    opened: bool = False
    alternatives: int = DEFAULT_ALTERNATIVES
    take: Tile | None = None
    solver: Solver = "search"
    time_limit: float = DEFAULT_TIME_LIMIT


@dataclass(frozen=True)
class PlayQuestion:
    """What to lay from a Rummikub rack at this table?"""

    command: ClassVar[str] = "play"

    deal: Deal
    tiles: tuple[Tile, ...]
    table: Melds = ()
    opened: bool = False
    goal: PlayGoal = "tiles"
    time_limit: float = DEFAULT_TIME_LIMIT


Question = CheckQuestion | WaitsQuestion | DiscardQuestion | OpenQuestion | PlayQuestion
