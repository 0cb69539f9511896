"""What the chance answers of every game share: the model an answer was computed in, and the work
a ranking may do.

Classic Okey's win chance (rules.md 4.1, :mod:`okeytool.solver.classic.chance`) and Okey 101's
opening chance (5.8, :mod:`okeytool.solver.okey101.chance`) are answered in the same form: own
draws left, a risk per draw, a pool, and a method that names how exact the answer is. Each game's
methods are its own (``M``); the model and the budget are one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Generic, Literal, TypeVar

from okeytool.deal import Deal
from okeytool.tiles import FACE_COUNT, Tile

#: Why some rows were not computed: the ranking's work ran out (``work``), the clock did (the
#: question's time limit, ``time``), or a compiled recursion reached its memory limit (``memory``).
Stop = Literal["work", "time", "memory"]

#: A game's methods (a literal type of names).
M = TypeVar("M", bound=str)

#: Draw slots: 0..51 a plain face (the okey's face held as a false joker ``F``), 52 a real okey.
WILD_SLOT = FACE_COUNT
SLOTS = FACE_COUNT + 1
#: A hand in the recursions' form: the count of each slot.
State = tuple[int, ...]


def slot_of(deal: Deal, tile: Tile) -> int:
    """The draw slot of a tile as held."""
    face = deal.plays_as(tile)
    return WILD_SLOT if face is None else face.index


@lru_cache(maxsize=64)
def slots_of(deal: Deal) -> tuple[int, ...]:
    """:func:`slot_of` every tile, by its index (asked once a deal, not once a solver)."""
    return tuple(WILD_SLOT if face < 0 else face for face in deal.face_index)


def state_of(deal: Deal, tiles: Sequence[Tile]) -> State:
    """A hand in the recursions' form: counts per slot."""
    counts = [0] * SLOTS
    for tile in tiles:
        counts[slot_of(deal, tile)] += 1
    return tuple(counts)


@dataclass(frozen=True)
class ChanceModel(Generic[M]):
    """The model an answer was computed in: draws left, risk, pool size and the method."""

    draws: int
    risk: float
    pool: int
    method: M
    #: In a ranking: why some rows were not computed (None: every row was).
    stopped: Stop | None = None
    #: For the ``extra`` method: the exchanges allowed beyond the fewest, and the work the answer
    #: took (states expanded, and each hand's facts found first as its cost in states); None otherwise.
    extra: int | None = None
    states: int | None = None

    @property
    def exact(self) -> bool:
        """True when the answer is exact in the model (not a lower bound)."""
        return self.method == "exact"

    def to_json(self) -> dict[str, object]:
        """cli.md's ``model`` object; with ``extra`` also ``extra`` and ``states``."""
        out: dict[str, object] = {
            "draws": self.draws, "risk": self.risk, "pool": self.pool, "method": self.method, "stopped": self.stopped
        }  # fmt: skip
        if self.extra is not None:
            out["extra"], out["states"] = self.extra, self.states
        return out


@dataclass(frozen=True)
class WorkBudget:
    """How much a ranking may compute: ``seconds`` of work, counted in the states its recursion
    visits at the game's rate (so the same rows are computed on every machine, however busy), and
    the clock's ``deadline`` (a ``time.perf_counter`` value) as a backstop, None for none. Each
    game's ``Effort`` says how many seconds it allows when none are given."""

    seconds: float | None = None
    deadline: float | None = None

    #: The seconds of work when ``seconds`` is None: each game's ``Effort`` sets its own.
    default_seconds: ClassVar[float]

    @property
    def budget(self) -> float:
        """The seconds of work allowed."""
        return self.default_seconds if self.seconds is None else self.seconds


__all__ = ["SLOTS", "WILD_SLOT", "ChanceModel", "State", "Stop", "WorkBudget", "slot_of", "state_of"]
