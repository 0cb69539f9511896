"""The scores of one round: per-player points together with the items they are the sum of."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from okeytool.score.items import ScoreItem, totals

if TYPE_CHECKING:
    from okeytool.score.round import Round


@dataclass(frozen=True)
class RoundScore:
    """One scored round.

    ``scores`` are this round's points per player as the scheme counts them (negative in ``pagat``,
    where players count down). ``counted`` is False for an aborted 101 round (its points stand but it
    does not count toward the match length). ``match_winner`` names a player who won the whole game
    in this round (a Kafa under ``kafa = match-win``).
    """

    rules: str
    scheme: str
    players: tuple[str, ...]
    winner: str | None
    finish: str | None
    items: tuple[ScoreItem, ...]
    counted: bool = True
    match_winner: str | None = None

    @classmethod
    def of(cls, round_: Round, items: tuple[ScoreItem, ...], **extra: Any) -> RoundScore:
        """The score of ``round_`` made of ``items`` (``extra``: ``counted``, ``match_winner``)."""
        return cls(
            rules=round_.rules.name,
            scheme=round_.rules.scheme,
            players=round_.players,
            winner=round_.winner,
            finish=round_.finish,
            items=items,
            **extra,
        )

    @property
    def scores(self) -> dict[str, int]:
        """Each player's points this round (the sum of his items), in seating order."""
        return totals(self.players, self.items)

    def items_of(self, player: str) -> tuple[ScoreItem, ...]:
        """The items of one player, in the order they were scored."""
        return tuple(item for item in self.items if item.player == player)

    def to_json(self) -> dict[str, object]:
        """The ``score --json`` document: ``scores`` and ``items`` plus what the round was."""
        return {
            "rules": self.rules,
            "scheme": self.scheme,
            "players": list(self.players),
            "winner": self.winner,
            "finish": self.finish,
            "counted": self.counted,
            "match_winner": self.match_winner,
            "scores": self.scores,
            "items": [item.to_json() for item in self.items],
        }
