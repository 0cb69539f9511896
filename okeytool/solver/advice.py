"""The results of a game's round hooks that no stand-alone question gives: what each throw of a
101 hand costs (:class:`Penalties`, advice of :meth:`okeytool.solver.games.Game.advise`), and the
grade of every throw (:meth:`~okeytool.solver.games.Game.grade_discards`).

The rest of a round's advice is the answer to the question the round asks its game, the same typed
answer the stand-alone command gives (:mod:`okeytool.solver.questions`). :mod:`okeytool.round.review`
compares the throw made with the best one by the grades.
"""

from __future__ import annotations

from dataclasses import dataclass

from okeytool.tiles import Tile


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
    """One throw's grade (higher is better; None: its chance was not computed), its place in the
    plain ranking (``rank``, lower is better: equal keys are as good by deficiency, acceptance and
    the ranking's tie-breaks) and the discard penalty it costs (101, rules.md 5.5; 0 for none): a
    throw that pays a penalty the best throw avoids is never as good as the best."""

    tile: Tile
    value: float | None
    rank: tuple[object, ...] = ()
    penalty: int = 0


@dataclass(frozen=True)
class Grades:
    """Every distinct throw of a hand with its grade, best first (the graded throws first, by
    grade; those not computed after them, in the plain ranking's order).

    ``method``: where the grades come from (``"chance:METHOD"``: the win chance over the draws
    left, ``draws``, METHOD the chance model's method, e.g. ``chance:exact`` or the lower bound
    ``chance:advance``; ``"opening-chance:METHOD"``: a 22-tile 101 hand's chance to open within
    the draws left, METHOD the opening-chance model's, e.g. ``opening-chance:climb``;
    ``"ranking-101"``: a 101 hand after opening, 0 for a throw that costs a penalty, else 1).
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
