"""The review of a round: every own throw beside the best one, and what the difference cost.

The round's events are replayed; before each ``throw`` the hand that had to throw is graded
(:func:`okeytool.round.advice.grade_discards`, the one source of grades) and the throw made is set
beside the best throw. In classic and okeygg a grade is the throw's win chance (rules.md 4.1)
within the own draws left at that point of the round (:func:`okeytool.round.advice.draws_left`),
so ``chance_thrown`` and ``chance_best`` are win chances and ``lost`` is the chance given up; in
101 they are the 101 ranking's grades. ``lost`` is the best grade minus the grade of the throw
made (0 when the throw was as good as the best).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okeytool.round.advice import draws_left, grade_discards
from okeytool.round.events import Event, EventError, Start, Throw
from okeytool.round.state import apply, start_state
from okeytool.tiles import Tile

#: How many of the costliest decisions the summary names.
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One own throw: the hand before it, the throw made, the best throw and their grades."""

    event: int  # the throw's number among the round's events (the start is 1)
    hand: tuple[Tile, ...]
    thrown: Tile
    best: Tile
    chance_thrown: float
    chance_best: float
    method: str
    draws: int | None = None  # the own draws left the chances were computed for (None: no chance)

    @property
    def lost(self) -> float:
        """How much the throw made gave up against the best one (0 when it was as good)."""
        return max(0.0, self.chance_best - self.chance_thrown)

    @property
    def matched(self) -> bool:
        """True when the throw made was as good as the best one."""
        return self.lost == 0.0

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
            "method": self.method,
            "draws": self.draws,
        }


@dataclass(frozen=True)
class Review:
    """Every decision of a round and the summary."""

    round_id: int
    decisions: tuple[Decision, ...]

    @property
    def matched(self) -> int:
        """How many throws were as good as the best."""
        return sum(d.matched for d in self.decisions)

    @property
    def total_lost(self) -> float:
        """The sum of every decision's loss."""
        return sum(d.lost for d in self.decisions)

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The (up to) three decisions that lost the most, costliest first (only those that lost)."""
        losing = [d for d in self.decisions if d.lost > 0]
        return tuple(sorted(losing, key=lambda d: (-d.lost, d.event))[:COSTLIEST])

    def to_json(self) -> dict[str, object]:
        """cli.md's ``round review`` document."""
        return {
            "round": self.round_id,
            "decisions": [d.to_json() for d in self.decisions],
            "matched": self.matched,
            "decisions_total": len(self.decisions),
            "total_lost": self.total_lost,
            "costliest": [d.event for d in self.costliest],
        }


def review(round_id: int, events: Sequence[Event], *, draws: int | None = None) -> Review:
    """Replay ``events`` and grade every own throw (none in Rummikub, which has no throw).

    ``draws``: the own draws left for every throw's win chance (None: :func:`draws_left` at each throw).
    Raises as :func:`okeytool.round.state.replay`.
    """
    if not events or not isinstance(events[0], Start):
        raise EventError("a round begins with a start event")
    state = start_state(events[0])
    decisions = []
    for number, event in enumerate(events[1:], start=2):
        if isinstance(event, Throw) and not state.deal.rules.table_game:
            tile = state.deal.resolve([event.tile])[0]
            table = (*state.table, *state.own_melds)
            horizon = draws_left(state) if draws is None else draws
            grades = grade_discards(state.deal, state.hand, state.seen, table=table, draws=horizon)
            top, thrown = grades.rows[0][1], grades.grade(tile)
            best = tile if thrown >= top else grades.best  # a throw tied with the best is the best
            decisions.append(Decision(number, state.hand, tile, best, thrown, top, grades.method, grades.draws))
        state = apply(state, event)
    return Review(round_id, tuple(decisions))
