"""The review of a round: every own throw beside the best one, and what the difference cost.

The round's events are replayed; before each ``throw`` the hand that had to throw is graded
(:func:`okeytool.round.advice.grade_discards`, the one source of grades) and the throw made is set
beside the best throw. In classic and okeygg a grade is the throw's win chance (rules.md 4.1)
within the own draws left at that point of the round (:func:`okeytool.round.advice.draws_left`),
so ``chance_thrown`` and ``chance_best`` are win chances and ``lost`` is the chance given up; in
101 they are the 101 ranking's grades. ``lost`` is the best grade minus the grade of the throw
made (0 when the throw was as good as the best).

Only what was computed is graded. A throw whose chance was not computed (the chance ranking's work
ran out) matches when the plain ranking holds it as good as its best (the same deficiency,
acceptance and tie-breaks: it lost nothing there either); otherwise it is ungraded, shown as such
and left out of the totals. A review has a time limit: past it, the throws graded so far are kept
and the review says that it stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter

from okeytool.round.advice import Grades, draws_left, grade_discards
from okeytool.round.events import Event, EventError, Start, Throw
from okeytool.round.state import apply, other_seat, start_state
from okeytool.tiles import Tile

#: How many of the costliest decisions the summary names.
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One own throw: the hand before it, the throw made, the best throw and their grades.

    ``chance_thrown`` / ``chance_best`` are None where they were not computed; ``graded`` is False
    for a throw that could not be graded (its chance not computed, and not as good as the best in
    the plain ranking).
    """

    event: int  # the throw's number among the round's events (the start is 1)
    hand: tuple[Tile, ...]
    thrown: Tile
    best: Tile
    chance_thrown: float | None
    chance_best: float | None
    method: str
    draws: int | None = None  # the own draws left the chances were computed for (None: no chance)
    graded: bool = True
    penalty: int = 0  # the discard penalty the throw pays that the best throw avoids (101)

    @property
    def lost(self) -> float | None:
        """How much the throw made gave up against the best one (0 when it was as good; None when
        it could not be graded)."""
        if not self.graded:
            return None
        if self.chance_thrown is None or self.chance_best is None:
            return 0.0  # as good as the best by the plain ranking, where no chance was computed
        return max(0.0, self.chance_best - self.chance_thrown)

    @property
    def matched(self) -> bool:
        """True when the throw made was as good as the best one: nothing lost and no penalty the
        best avoids (never for an ungraded throw)."""
        return self.lost == 0.0 and not self.penalty

    def to_json(self) -> dict[str, object]:
        """One row of cli.md's ``round review --json`` ``decisions``."""
        return {
            "event": self.event,
            "hand": [str(t) for t in self.hand],
            "thrown": str(self.thrown),
            "best": str(self.best),
            "chance_thrown": self.chance_thrown,
            "chance_best": self.chance_best,
            "lost": self.lost,
            "matched": self.matched,
            "graded": self.graded,
            "method": self.method,
            "draws": self.draws,
            "penalty": self.penalty,
        }


@dataclass(frozen=True)
class Review:
    """Every decision of a round (up to where the time limit stopped it) and the summary."""

    round_id: int
    decisions: tuple[Decision, ...]
    #: True when the time limit stopped the review before every throw was graded.
    stopped: bool = False

    @property
    def graded(self) -> tuple[Decision, ...]:
        """The decisions that could be graded (the totals count only these)."""
        return tuple(d for d in self.decisions if d.graded)

    @property
    def matched(self) -> int:
        """How many throws were as good as the best."""
        return sum(d.matched for d in self.decisions)

    @property
    def total_lost(self) -> float:
        """The sum of every graded decision's loss."""
        return sum(d.lost or 0.0 for d in self.graded)

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The (up to) three decisions that lost the most, costliest first (only those that lost)."""
        losing = [d for d in self.graded if (d.lost or 0.0) > 0]
        return tuple(sorted(losing, key=lambda d: (-(d.lost or 0.0), d.event))[:COSTLIEST])

    def to_json(self) -> dict[str, object]:
        """cli.md's ``round review`` document (``decisions_total`` counts the graded decisions)."""
        return {
            "round": self.round_id,
            "decisions": [d.to_json() for d in self.decisions],
            "matched": self.matched,
            "decisions_total": len(self.graded),
            "ungraded": len(self.decisions) - len(self.graded),
            "total_lost": self.total_lost,
            "costliest": [d.event for d in self.costliest],
            "stopped": self.stopped,
        }


def review(
    round_id: int,
    events: Sequence[Event],
    *,
    draws: int | None = None,
    time_limit: float | None = None,
    stored: bool = False,
) -> Review:
    """Replay ``events`` and grade every own throw (none in Rummikub, which has no throw; in a round
    followed for the whole table the other seats' throws are not graded).

    ``draws``: the own draws left for every throw's win chance (None: :func:`draws_left` at each throw).
    ``time_limit``: seconds the review may take (None: no limit); past it the review stops with the
    throws graded so far (``stopped``), the throw being graded left out. ``stored``: the events were
    read back from the ledger (as :func:`okeytool.round.state.replay` takes them).
    Raises as :func:`okeytool.round.state.replay`.
    """
    if not events or not isinstance(events[0], Start):
        raise EventError("a round begins with a start event")
    clock = None if time_limit is None else perf_counter() + time_limit
    state = start_state(events[0])
    decisions: list[Decision] = []
    for number, event in enumerate(events[1:], start=2):
        after = apply(state, event, stored=stored)  # the game's turn rules refuse a throw where there is none
        if isinstance(event, Throw) and other_seat(state, event.seat) is None:  # the player's own throws only
            if clock is not None and perf_counter() >= clock:
                return Review(round_id, tuple(decisions), stopped=True)
            tile = state.deal.resolve([event.tile])[0]
            table = (*state.table, *state.own_melds)
            horizon = draws_left(state) if draws is None else draws
            grades = grade_discards(state.deal, state.hand, state.seen, table=table, draws=horizon, deadline=clock)
            if clock is not None and perf_counter() >= clock:
                return Review(round_id, tuple(decisions), stopped=True)  # this throw's grades are cut short
            decisions.append(decide(number, state.hand, tile, grades))
        state = after
    return Review(round_id, tuple(decisions))


def decide(number: int, hand: tuple[Tile, ...], tile: Tile, grades: Grades) -> Decision:
    """The decision of throwing ``tile`` from ``hand``, graded by ``grades`` (``number``: the throw's
    event; the quiz grades its throws by the same rule)."""
    top, mine = grades.best, grades.grade(tile)
    penalty = max(0, mine.penalty - top.penalty)
    if penalty:  # a penalty the best throw avoids: never as good, whatever its chance
        return Decision(number, hand, tile, top.tile, mine.value, top.value, grades.method, grades.draws, True, penalty)
    if top.value is not None and mine.value is not None:
        best = tile if mine.value >= top.value else top.tile  # a throw tied with the best is the best
        return Decision(number, hand, tile, best, mine.value, top.value, grades.method, grades.draws)
    plain = grades.plain_best
    as_good = mine.rank == plain.rank  # lost nothing by the only measure computed for it
    best = tile if as_good else top.tile
    return Decision(number, hand, tile, best, mine.value, top.value, grades.method, grades.draws, graded=as_good)
