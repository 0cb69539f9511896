"""Score items: the named pieces a round's scores are the sum of.

Every scoring rule (a finish, gösterme, an unopened 101 hand, a discard penalty ...) is one small
function returning :class:`ScoreItem` values; a player's round score is the sum of his items.

>>> items = [ScoreItem("P1", "normal_win", -2), ScoreItem("P1", "gosterme", -1)]
>>> totals(["P1", "P2"], items)
{'P1': -3, 'P2': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreItem:
    """``points`` for ``player`` under the rule named ``code``; ``note`` says how they were reached."""

    player: str
    code: str
    points: int
    note: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"player", "code", "points", "note"}``."""
        return {"player": self.player, "code": self.code, "points": self.points, "note": self.note}


def totals(players: Sequence[str], items: Iterable[ScoreItem]) -> dict[str, int]:
    """Each player's sum of items, every player present (0 when he has none), in seating order.

    Raises :class:`KeyError` for an item of a player not in ``players`` (a bug, not bad input).
    """
    sums = {player: 0 for player in players}
    for item in items:
        if item.player not in sums:
            raise KeyError(f"score item for unknown player {item.player!r}")
        sums[item.player] += item.points
    return sums


def charge_each(players: Iterable[str], code: str, points: int, note: str = "") -> tuple[ScoreItem, ...]:
    """The same item for each of ``players``."""
    return tuple(ScoreItem(player, code, points, note) for player in players)
