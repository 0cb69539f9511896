"""What a game advises in a followed round, and how it grades a throw: the typed results of the
game's round hooks (:meth:`okeytool.solver.games.Game.advise`, :meth:`~okeytool.solver.games.Game.grade_discards`).

:mod:`okeytool.round.advice` asks the round's game for them; :mod:`okeytool.round.review` compares
the throw made with the best one by the grades.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from okeytool.tiles import Tile


class Document(Protocol):
    """A solver's typed answer, which renders as a JSON document."""

    def to_json(self) -> Mapping[str, object]: ...


@dataclass(frozen=True)
class Advice:
    """The analysis of the current hand: which question was asked (``kind``) and its typed answer."""

    kind: str  # "discard", "waits", "discard101", "open", "play", "penalties", "none"
    #: The solver's frozen result (its own ``to_json``), or None.
    answer: Document | None

    def to_json(self) -> dict[str, Any]:
        """The answer's document (cli.md's ``discard`` / ``waits`` / ``open`` / ``play``)."""
        if self.answer is None:
            return {}
        return dict(self.answer.to_json())


#: The advice for an empty hand, or a round that has ended.
NO_ADVICE = Advice("none", None)


@dataclass(frozen=True)
class Penalties:
    """101 after opening, with fewer than 22 tiles: what each distinct throw would cost."""

    rows: tuple[tuple[Tile, tuple[str, ...]], ...]
    #: What a throw with a reason costs (``Rules.discard_penalty``).
    penalty: int

    def to_json(self) -> dict[str, object]:
        """``{"discards": [{"tile", "penalty", "reasons"}, ...]}``, penalty-free throws first."""
        cost = self.penalty
        return {"discards": [{"tile": str(t), "penalty": cost if r else 0, "reasons": list(r)} for t, r in self.rows]}


@dataclass(frozen=True)
class Grade:
    """One throw's grade (higher is better; None: its chance was not computed) and its place in
    the plain ranking (``rank``, lower is better: equal keys are as good by deficiency, acceptance
    and the ranking's tie-breaks)."""

    tile: Tile
    value: float | None
    rank: tuple[object, ...] = ()


@dataclass(frozen=True)
class Grades:
    """Every distinct throw of a hand with its grade, best first (the graded throws first, by
    grade; those not computed after them, in the plain ranking's order).

    ``method``: where the grades come from (``"chance:METHOD"``: the win chance over the draws
    left, ``draws``, METHOD the chance model's method, e.g. ``chance:exact`` or the lower bound
    ``chance:advance``; ``"ranking-101"``: the 101 discard ranking, 1 for a winning throw,
    0 for one that costs a penalty, else 0.5 plus half the opening value left over the best or 101).
    """

    method: str
    rows: tuple[Grade, ...]
    draws: int | None = None

    @property
    def best(self) -> Grade:
        """The best throw."""
        return self.rows[0]

    @property
    def plain_best(self) -> Grade:
        """The best throw by the plain ranking alone."""
        return min(self.rows, key=lambda g: g.rank)

    def grade(self, tile: Tile) -> Grade:
        """The grade of throwing ``tile``. Raises :class:`KeyError` for a tile not in the hand."""
        for row in self.rows:
            if row.tile == tile:
                return row
        raise KeyError(tile)
