"""Rummikub round scores (rules.md section 6): racks valued by their numbers, a joker 30.

* A player goes out: every other loses his rack value; the finisher gains their sum.
* Pool empty and all pass (blocked): the lowest rack wins; every other loses (own - lowest); the
  winner gains the sum; several lowest share it, each rounded down (the remainder is lost).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from okeytool.errors import RoundError
from okeytool.score.items import ScoreItem
from okeytool.score.result import RoundScore
from okeytool.values import rack_value

if TYPE_CHECKING:
    from okeytool.score.round import Round

FINISHES = ("out", "blocked")


def complete(round_: Round) -> Round:
    """Check every rack the finish needs is given; set the finish (``out`` or ``blocked``).

    Raises :class:`RoundError` for a missing rack, or a finisher who still holds tiles.
    """
    if round_.winner is not None and round_.racks.get(round_.winner):
        raise RoundError(f"{round_.winner} went out, so his rack is empty")
    needed = round_.others if round_.winner is not None else round_.players
    missing = [p for p in needed if p not in round_.racks]
    if missing:
        raise RoundError(
            f'the rack of {missing[0]} is needed to score the round ("racks": {{"{missing[0]}": "R5 K9"}})'
        )
    return replace(round_, finish="out" if round_.winner is not None else "blocked")


def going_out_items(round_: Round) -> tuple[ScoreItem, ...]:
    """Others lose their rack value; the finisher gains the sum."""
    assert round_.winner is not None
    losses = [ScoreItem(p, "rack", -rack_value(round_.racks[p]), "rack value") for p in round_.others]
    gain = -sum(item.points for item in losses)
    return (*losses, ScoreItem(round_.winner, "went_out", gain, "sum of the other racks"))


def blocked_items(round_: Round) -> tuple[ScoreItem, ...]:
    """Blocked game: others lose (own - lowest); the lowest rack(s) share the sum, rounded down."""
    values = {p: rack_value(round_.racks[p]) for p in round_.players}
    lowest = min(values.values())
    winners = [p for p in round_.players if values[p] == lowest]
    losses = [
        ScoreItem(p, "rack_over_lowest", lowest - values[p], f"{values[p]} - {lowest}")
        for p in round_.players
        if values[p] > lowest
    ]
    pot = -sum(item.points for item in losses)
    share = pot // len(winners)
    note = f"lowest rack ({lowest})" + (f", {pot} shared by {len(winners)}" if len(winners) > 1 else "")
    gains = [ScoreItem(p, "blocked_win", share, note) for p in winners if share]
    return (*losses, *gains)


def score(round_: Round) -> RoundScore:
    """A Rummikub round: going out, or a blocked game."""
    items = going_out_items(round_) if round_.winner is not None else blocked_items(round_)
    return RoundScore.of(round_, items)
