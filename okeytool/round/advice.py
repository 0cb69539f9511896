"""Every call from a followed round into the analysis, in one place.

The round keeps the hand; the questions about it are answered by the existing analysis:

* classic / okeygg: :func:`okeytool.solver.classic.chance.chance_ranking` for 15 tiles (the discard
  ranking with each throw's win chance and expected points over the own draws left, see
  :func:`draws_left`; :func:`~okeytool.solver.classic.analysis.rank_discards` for a profile without
  win chances) and :func:`~okeytool.solver.classic.analysis.analyse_waits` for 14;
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
from typing import TYPE_CHECKING, Any

from okeytool.deal import Deal
from okeytool.solver.games import game_of
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.round.state import RoundState
    from okeytool.solver.classic.chance import ChanceRanking, Effort
    from okeytool.solver.okey101.layoffs import TableMeld

#: How many rows of a discard ranking a round shows.
TOP_ROWS = 5


def draws_left(state: RoundState) -> int:
    """The own draws a player has left at this point of a round (the win chance's horizon).

    The middle holds :data:`okeytool.solver.classic.chance.MIDDLE` (48) tiles after the deal, and
    each own draw or take stands for one round of four draws (the player's and the three others'),
    so with *n* tiles drawn or taken so far about 48 − 4·n are left, of which the player gets every
    fourth:
    ``max(1, (48 − 4·n) // 4) = max(1, 12 − n)``. The floor of 1: a round that has gone on longer
    than the count says (others took discards instead of drawing) still has a draw to play for.
    ``state`` is a :class:`okeytool.round.state.RoundState`.

    >>> from okeytool.parse.notation import parse_tile, parse_tiles
    >>> from okeytool.round.events import Start
    >>> from okeytool.round.state import start_state
    >>> draws_left(start_state(Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1"))))
    12
    """
    from okeytool.solver.classic.chance import MIDDLE, PLAYERS, draws_from_pile

    return max(1, draws_from_pile(max(0, MIDDLE - PLAYERS * state.drawn)))


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
    #: What a throw with a reason costs (``Rules.discard_penalty``).
    penalty: int

    def to_json(self) -> dict[str, object]:
        """``{"discards": [{"tile", "penalty", "reasons"}, ...]}``, penalty-free throws first."""
        cost = self.penalty
        return {"discards": [{"tile": str(t), "penalty": cost if r else 0, "reasons": list(r)} for t, r in self.rows]}


def _table(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[TableMeld, ...]:
    from okeytool.solver.okey101.game import laid_melds

    return laid_melds(deal, melds)


def advise(
    deal: Deal,
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    *,
    table: Sequence[Sequence[Tile]] = (),
    opened: bool = False,
    to_throw: bool,
    draws: int | None = None,
) -> Advice:
    """The advice for a hand: a discard ranking when a tile must be thrown, else what it waits for.

    ``table``: every meld on the table (101: for işler taş; Rummikub: the table to play on).
    ``draws``: the own draws left for the win chance of a classic ranking (None: the chance
    model's default, :data:`okeytool.solver.classic.chance.DEFAULT_DRAWS`).
    Raises the analysis' input errors (none for a state that :mod:`okeytool.round.state` accepted).
    """
    game = game_of(deal.rules)
    if not hand:
        return Advice("none", None)
    if game.table == "whole":
        from okeytool.solver.rummikub.play import best_play

        return Advice("play", best_play(deal, hand, table, opened=opened))
    if game.opens:
        from okeytool.solver.okey101 import opening

        melds = _table(deal, table)
        if to_throw and len(hand) == deal.rules.drawn_size:
            return Advice("discard101", opening.discard_101(deal, hand, table=melds))
        if to_throw:
            rows = sorted(
                ((t, opening.discard_penalty(deal, t, melds)) for t in set(hand)), key=lambda r: (bool(r[1]), r[0])
            )
            return Advice("penalties", Penalties(tuple(rows), deal.rules.discard_penalty))
        on_table = [t for m in table for t in m]
        others = list(seen)
        for tile in on_table:
            if tile in others:
                others.remove(tile)
        return Advice("open", opening.analyse_opening(deal, hand, seen=others, table=melds, opened=opened, options=0))
    from okeytool.solver.classic.analysis import analyse_waits

    if to_throw:  # classic and okey.gg hands all have win chances (rules.md 4.1)
        return Advice("discard", _chance_ranking(deal, hand, seen, draws))
    return Advice("waits", analyse_waits(deal, hand, seen))


def _chance_ranking(
    deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile], draws: int | None, effort: Effort | None = None
) -> ChanceRanking:
    """The chance ranking of a 15-tile hand at ``draws`` own draws left (None: the model's default),
    within ``effort`` (None: the model's default, as ``discard --chance`` without a time limit)."""
    from okeytool.solver.classic.chance import DEFAULT_DRAWS, chance_ranking

    return chance_ranking(deal, hand, seen, draws=DEFAULT_DRAWS if draws is None else draws, effort=effort)


# -- grading a throw ------------------------------------------------------------------------------


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


def grade_discards(
    deal: Deal,
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    *,
    table: Sequence[Sequence[Tile]] = (),
    draws: int | None = None,
    effort: Effort | None = None,
) -> Grades:
    """Grade every distinct throw of a hand that must throw (15 tiles; 22 or fewer in 101).

    The one source of grades for :mod:`okeytool.round.review`. Classic and okeygg: a throw's grade
    is its win chance within ``draws`` own draws (None: the chance model's default), the throw
    counted as seen (rules.md 4.1), within ``effort`` (an :class:`~okeytool.solver.classic.chance.Effort`;
    None: the model's default); the best is the highest chance, ties in the chance ranking's order,
    and a throw whose chance was not computed has none. 101: the 101 discard ranking (see
    :class:`Grades`). Raises the analysis' input errors.
    """
    if game_of(deal.rules).opens:
        from okeytool.solver.okey101 import opening

        melds = _table(deal, table)
        if len(hand) == deal.rules.drawn_size:
            result = opening.discard_101(deal, hand, table=melds)
            top = max(1, max(r.open_points for r in result.discards))
            rows = [(r.tile, 1.0 if r.wins else (0.0 if r.penalty else 0.5 + 0.5 * r.open_points / max(top, 101)))
                    for r in result.discards]  # fmt: skip
        else:
            rows = [(t, 0.0 if opening.discard_penalty(deal, t, melds) else 1.0) for t in sorted(set(hand))]
        rows.sort(key=lambda r: -r[1])
        return Grades("ranking-101", tuple(Grade(t, v, (-v,)) for t, v in rows))
    from okeytool.solver.classic.analysis import plain_rank

    chances = _chance_ranking(deal, hand, seen, draws, effort)
    grades = tuple(Grade(r.tile, r.chance, plain_rank(deal, r.option)) for r in chances.rows)
    return Grades(f"chance:{chances.model.method}", grades, chances.model.draws)


def document(advice: Advice, rows: int | None = TOP_ROWS) -> Mapping[str, Any]:
    """The advice's JSON document, the discard ranking cut to ``rows`` (None: all)."""
    doc = advice.to_json()
    if rows is not None and "discards" in doc:
        doc = {**doc, "discards": doc["discards"][:rows]}
    return doc


def state_advice(state: RoundState, *, draws: int | None = None) -> Advice:
    """The advice for a round's state (:class:`okeytool.round.state.RoundState`); none once it has ended.

    ``draws``: the own draws left for a win chance (None: :func:`draws_left` of the state).
    """
    if state.end is not None:
        return Advice("none", None)
    return advise(
        state.deal,
        state.hand,
        state.seen,
        table=state.table if game_of(state.deal.rules).table == "whole" else (*state.table, *state.own_melds),
        opened=state.opened,
        to_throw=state.phase == "throw",
        draws=draws_left(state) if draws is None else draws,
    )
