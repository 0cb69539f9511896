"""Every call from a followed round into the analysis, in one place: the round's game answers.

The round keeps the hand; the advice after each event and the grade of a throw come from the game
the round's rules play (:func:`okeytool.solver.games.game_of`, its :meth:`~okeytool.solver.games.Game.advise`
and :meth:`~okeytool.solver.games.Game.grade_discards`). The advice is the typed answer the
stand-alone command gives to the same question (rendered by the same renderer,
:func:`okeytool.render.results.result_renderable`), or None for an empty hand or a round that has ended:

* classic / okeygg (:class:`~okeytool.solver.classic.game.ClassicGame`): ``discard --chance`` for 15
  tiles (the discard ranking with each throw's win chance and expected points over the own draws
  left, see :func:`draws_left`) and ``waits`` for 14;
* 101 (:class:`~okeytool.solver.okey101.game.Okey101Game`): ``discard`` for 22 tiles (penalties
  for işler taş from the table melds, the opening each throw leaves), what each throw costs for
  fewer that must throw, ``open`` for 21;
* Rummikub (:class:`~okeytool.solver.rummikub.game.RummikubGame`): ``play``, the best play with the
  rack and the table.

:func:`grade_discards` is the one place where a throw's grade comes from (the review compares the
throw made with the best one by it). Solver modules are imported inside the games' methods so that
a command starts fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.deal import Deal
from okeytool.solver.advice import Grade, Grades
from okeytool.solver.games import game_of
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.round.state import RoundState
    from okeytool.solver.questions import Answer

__all__ = ["Grade", "Grades", "advise", "draws_left", "grade_discards", "state_advice"]


def draws_left(state: RoundState) -> int:
    """The own draws a player has left at this point of a round (the win chance's horizon; in 101
    the opening chance's).

    The middle holds the set less four hands, the starter's extra tile and the indicator after the
    deal (classic: :data:`okeytool.solver.classic.chance.MIDDLE`, 48 tiles; 101: 20), and each own
    draw or take stands for one round of four draws (the player's and the three others'), so with
    *n* tiles drawn or taken so far about middle − 4·n are left, of which the player gets every
    fourth: classic ``max(1, (48 − 4·n) // 4) = max(1, 12 − n)``, 101 ``max(1, 5 − n)``. The floor
    of 1: a round that has gone on longer than the count says (others took discards instead of
    drawing) still has a draw to play for. ``state`` is a :class:`okeytool.round.state.RoundState`.

    A round followed for the whole table knows the stock: the player gets every fourth of the
    tiles left in it (:func:`okeytool.solver.classic.chance.draws_from_pile`), 0 when fewer than
    four are left after his draw.

    >>> from okeytool.parse.notation import parse_tile, parse_tiles
    >>> from okeytool.round.events import Start
    >>> from okeytool.round.state import start_state
    >>> draws_left(start_state(Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1"))))
    12
    """
    from okeytool.solver.classic.chance import PLAYERS, SET_SIZE, draws_from_pile

    if state.seats is not None:
        return draws_from_pile(state.seats.stock)
    middle = SET_SIZE - PLAYERS * state.deal.rules.hand_size - 2
    return max(1, max(0, middle - PLAYERS * state.drawn) // PLAYERS)


def advise(
    deal: Deal,
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    *,
    table: Sequence[Sequence[Tile]] = (),
    opened: bool = False,
    to_throw: bool,
    draws: int | None = None,
) -> Answer | None:
    """The advice for a hand: a discard ranking when a tile must be thrown, else what it waits for
    (None for an empty hand).

    ``table``: every meld on the table (101: for işler taş; Rummikub: the table to play on).
    ``draws``: the own draws left for the win chance of a classic ranking (None: the chance
    model's default, :data:`okeytool.solver.classic.chance.DEFAULT_DRAWS`).
    Raises the analysis' input errors (none for a state that :mod:`okeytool.round.state` accepted).
    """
    if not hand:
        return None
    game = game_of(deal.rules)
    return game.advise(deal, hand, seen, table=table, opened=opened, to_throw=to_throw, draws=draws)


def grade_discards(
    deal: Deal,
    hand: Sequence[Tile],
    seen: Sequence[Tile],
    *,
    table: Sequence[Sequence[Tile]] = (),
    draws: int | None = None,
    deadline: float | None = None,
) -> Grades:
    """Grade every distinct throw of a hand that must throw (15 tiles; 22 or fewer in 101).

    The one source of grades for :mod:`okeytool.round.review`. Classic and okeygg: a throw's grade
    is its win chance within ``draws`` own draws (None: the chance model's default), the throw
    counted as seen (rules.md 4.1), the work stopping at ``deadline`` (a ``time.perf_counter``
    value; None: the model's default); the best is the highest chance, ties in the chance ranking's
    order, and a throw whose chance was not computed has none. 101: the 101 discard ranking (see
    :class:`Grades`). Raises the analysis' input errors.
    """
    game = game_of(deal.rules)
    return game.grade_discards(deal, hand, seen, table=table, draws=draws, deadline=deadline)


def state_advice(state: RoundState, *, draws: int | None = None) -> Answer | None:
    """The advice for a round's state (:class:`okeytool.round.state.RoundState`); None once it has ended.

    ``draws``: the own draws left for a win chance (None: :func:`draws_left` of the state).
    """
    if state.end is not None:
        return None
    return advise(
        state.deal,
        state.hand,
        state.seen,
        table=game_of(state.deal.rules).melds_in_play(state.table, state.own_melds),
        opened=state.opened,
        to_throw=state.phase == "throw",
        draws=draws_left(state) if draws is None else draws,
    )
