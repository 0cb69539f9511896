"""Every call from a followed round into the analysis, in one place.

The round keeps the hand; the questions about it are answered by the existing analysis:

* classic / okeygg: :func:`okeytool.solver.classic.analysis.rank_discards` for 15 tiles and
  :func:`~okeytool.solver.classic.analysis.analyse_waits` for 14;
* 101: :func:`okeytool.solver.okey101.opening.discard_101` for 22 tiles (penalties for işler taş
  from the table melds), :func:`~okeytool.solver.okey101.opening.analyse_opening` for 21;
* Rummikub: :func:`okeytool.solver.rummikub.play.best_play` with the rack and the table.

:func:`grade_discards` is the one place where a throw's grade comes from (the review compares the
throw made with the best one by it). Solver modules are imported inside the functions so that a
command starts fast.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from okeytool.deal import Deal
from okeytool.tiles import Tile

#: How many rows of a discard ranking a round shows.
TOP_ROWS = 5


@dataclass(frozen=True)
class Advice:
    """The analysis of the current hand: which question was asked (``kind``) and its typed answer."""

    kind: str  # "discard", "waits", "discard101", "open", "play", "penalties", "none"
    answer: Any  # the solver's frozen result (its own to_json), or None

    def to_json(self) -> dict[str, Any]:
        """The answer's document (cli.md's ``discard`` / ``waits`` / ``open`` / ``play``)."""
        if self.answer is None:
            return {}
        return dict(self.answer.to_json())


@dataclass(frozen=True)
class Penalties:
    """101 after opening, with fewer than 22 tiles: what each distinct throw would cost."""

    rows: tuple[tuple[Tile, tuple[str, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"discards": [{"tile", "penalty", "reasons"}, ...]}``, penalty-free throws first."""
        return {"discards": [{"tile": str(t), "penalty": 101 if r else 0, "reasons": list(r)} for t, r in self.rows]}


def _pairs(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[list[Sequence[Tile]], list[Sequence[Tile]]]:
    """Split opening melds into pairs (two identical tiles, or a tile and a real okey) and the rest."""
    pairs, rest = [], []
    for meld in melds:
        if len(meld) == 2 and (meld[0] == meld[1] or any(deal.is_wild(t) for t in meld)):
            pairs.append(meld)
        else:
            rest.append(meld)
    return pairs, rest


def check_melds(deal: Deal, melds: Sequence[Sequence[Tile]]) -> None:
    """Refuse a meld that is not a valid set or run (a pair is accepted in 101). Raises :class:`InputError`."""
    if deal.rules.table_game:
        from okeytool.solver.rummikub.play import read_table

        read_table(deal, melds)
        return
    from okeytool.solver.okey101.layoffs import table_melds

    table_melds(deal, _pairs(deal, melds)[1])


def opening_value(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[int, int]:
    """The value of opening melds (rules.md 2) and how many pairs they hold."""
    from okeytool.solver.okey101.layoffs import table_melds

    pairs, rest = _pairs(deal, melds)
    return sum(m.meld.value for m in table_melds(deal, rest)), len(pairs)


def _table(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[Any, ...]:
    from okeytool.solver.okey101.layoffs import table_melds

    return table_melds(deal, _pairs(deal, melds)[1])


def advise(
    deal: Deal,
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    *,
    table: Sequence[Sequence[Tile]] = (),
    opened: bool = False,
    to_throw: bool,
) -> Advice:
    """The advice for a hand: a discard ranking when a tile must be thrown, else what it waits for.

    ``table``: every meld on the table (101: for işler taş; Rummikub: the table to play on).
    Raises the analysis' input errors (none for a state that :mod:`okeytool.round.state` accepted).
    """
    rules = deal.rules
    if not hand:
        return Advice("none", None)
    if rules.table_game:
        from okeytool.solver.rummikub.play import best_play

        return Advice("play", best_play(deal, hand, table, opened=opened))
    if rules.opening:
        from okeytool.solver.okey101 import opening

        melds = _table(deal, table)
        if to_throw and len(hand) == opening.DISCARD_HAND:
            return Advice("discard101", opening.discard_101(deal, hand, table=melds))
        if to_throw:
            rows = sorted(
                ((t, opening.discard_penalty(deal, t, melds)) for t in set(hand)), key=lambda r: (bool(r[1]), r[0])
            )
            return Advice("penalties", Penalties(tuple(rows)))
        on_table = [t for m in table for t in m]
        others = list(seen)
        for tile in on_table:
            if tile in others:
                others.remove(tile)
        return Advice("open", opening.analyse_opening(deal, hand, seen=others, table=melds, opened=opened, options=0))
    from okeytool.solver.classic.analysis import analyse_waits, rank_discards

    if to_throw:
        return Advice("discard", rank_discards(deal, hand, seen))
    return Advice("waits", analyse_waits(deal, hand, seen))


# -- grading a throw ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grades:
    """Every distinct throw of a hand with its grade (higher is better), best first.

    ``method``: where the grades come from (``"ranking"``: the discard ranking's order, see
    :func:`ranking_grade`; ``"ranking-101"``: the 101 discard ranking, 1 for a winning throw,
    0 for one that costs a penalty, else 0.5 plus half the opening value left over the best or 101).
    """

    method: str
    rows: tuple[tuple[Tile, float], ...]

    @property
    def best(self) -> Tile:
        """The best throw."""
        return self.rows[0][0]

    def grade(self, tile: Tile) -> float:
        """The grade of throwing ``tile``. Raises :class:`KeyError` for a tile not in the hand."""
        return dict(self.rows)[tile]


def ranking_grade(wins: bool, deficiency: int, acceptance: int, pool: int) -> float:
    """A discard ranking row as a number in 0..1 that keeps the ranking's order.

    1 for a winning throw; else ``(1 + acceptance / pool) / 3 ** deficiency``: a lower deficiency is
    always better (``(1 + a/U) / 3**d > 2 / 3**(d+1)``), and at equal deficiency the share of the
    unseen tiles that bring the hand closer decides. It stands in for a win chance where none is
    computed.

    >>> ranking_grade(False, 1, 8, 80)
    0.3666666666666667
    """
    if wins:
        return 1.0
    return float((1 + acceptance / max(1, pool)) / 3**deficiency)


def grade_discards(
    deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile], *, table: Sequence[Sequence[Tile]] = ()
) -> Grades:
    """Grade every distinct throw of a hand that must throw (15 tiles; 22 or fewer in 101).

    The one source of grades for :mod:`okeytool.round.review`. Raises the analysis' input errors.
    """
    if deal.rules.opening:
        from okeytool.solver.okey101 import opening

        melds = _table(deal, table)
        if len(hand) == opening.DISCARD_HAND:
            result = opening.discard_101(deal, hand, table=melds)
            top = max(1, max(r.open_points for r in result.discards))
            rows = [(r.tile, 1.0 if r.wins else (0.0 if r.penalty else 0.5 + 0.5 * r.open_points / max(top, 101)))
                    for r in result.discards]  # fmt: skip
        else:
            rows = [(t, 0.0 if opening.discard_penalty(deal, t, melds) else 1.0) for t in sorted(set(hand))]
        rows.sort(key=lambda r: -r[1])
        return Grades("ranking-101", tuple(rows))
    from okeytool.solver.classic.analysis import rank_discards

    ranking = rank_discards(deal, hand, seen)
    pool = _pool(deal, hand, seen)
    return Grades(
        "ranking",
        tuple((o.tile, ranking_grade(o.wins, o.deficiency, o.acceptance, pool)) for o in ranking.options),
    )


def _pool(deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile]) -> int:
    """Tiles a player may still draw: 106 less the hand (one tile to be thrown), the seen tiles and the indicator."""
    from okeytool.tiles import FACE_COUNT

    total = FACE_COUNT * 2 + 2
    return total - (len(hand) - 1) - len(seen) - (1 if deal.indicator is not None else 0)


def document(advice: Advice, rows: int | None = TOP_ROWS) -> Mapping[str, Any]:
    """The advice's JSON document, the discard ranking cut to ``rows`` (None: all)."""
    doc = advice.to_json()
    if rows is not None and "discards" in doc:
        doc = {**doc, "discards": doc["discards"][:rows]}
    return doc


def state_advice(state: Any) -> Advice:
    """The advice for a round's state (:class:`okeytool.round.state.RoundState`); none once it has ended."""
    if state.end is not None:
        return Advice("none", None)
    return advise(
        state.deal,
        state.hand,
        state.seen,
        table=state.table if state.deal.rules.table_game else (*state.table, *state.own_melds),
        opened=state.opened,
        to_throw=state.phase == "throw",
    )
