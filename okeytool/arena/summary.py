"""A run's games turned into the figures of arena.md's summary (:mod:`okeytool.arena.stats`), with
the finishes a player would ask about (how often a round ends with no winner, with an okey thrown).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from okeytool.arena.run import ArenaRun, GameRecord
from okeytool.arena.stats import GameOutcome, Prediction, Summary, summarise
from okeytool.arena.summary101 import Tally101
from okeytool.rules import Rules
from okeytool.solver.games import game_of


@dataclass
class Tally:
    """What a run's games add up to so far: the outcomes, the challenger's predictions, the finishes."""

    rules: Rules
    outcomes: list[GameOutcome] = field(default_factory=list)
    predictions: list[Prediction] = field(default_factory=list)
    finishes: Counter[str] = field(default_factory=Counter)
    #: The challenger's points minus the champion's per seat, summed (for a running figure).
    difference: float = 0.0
    #: The Okey 101 figures (:mod:`okeytool.arena.summary101`), for a game whose players open.
    okey101: Tally101 | None = None

    def __post_init__(self) -> None:
        if self.okey101 is None and game_of(self.rules).opens:
            self.okey101 = Tally101(self.rules)

    def add(self, games: Iterable[GameRecord]) -> None:
        """Count the games of one deal."""
        for record in games:
            played = record.played
            if self.okey101 is not None:
                self.okey101.add(record.deal, record.game, played.events[-1])
            forfeit = played.forfeit is not None
            points = played.points(self.rules)
            outcome = GameOutcome(record.deal, record.game, played.winner, points, forfeit)  # type: ignore[arg-type]
            self.outcomes.append(outcome)
            self.finishes["forfeit" if forfeit else (played.finish or "null")] += 1
            if not forfeit:
                self.difference += outcome.points_difference
                won = played.winner == record.game
                self.predictions += [Prediction(record.deal, c, won) for s, c in played.chances if s == record.game]

    @property
    def rounds(self) -> int:
        """Games counted so far."""
        return len(self.outcomes)

    def summary(self) -> Summary:
        """The figures of the games counted."""
        return summarise(self.outcomes, self.predictions if self.predictions else None)

    def to_json(self, run: ArenaRun, seconds: float) -> dict[str, Any]:
        """arena.md's summary, with ``finishes`` (games by how they ended), ``null_rate`` (rounds
        without a winner: null, or aborted in 101), ``okey_finish_rate`` (of the rounds won) and
        ``rounds_per_second`` added; in 101 the ``okey101`` figures (:mod:`okeytool.arena.summary101`)."""
        won = sum(n for kind, n in self.finishes.items() if kind not in ("null", "forfeit", "aborted"))
        okey = sum(n for kind, n in self.finishes.items() if kind in ("okey", "pairs+okey", "elden+okey"))
        scored = self.rounds - self.finishes["forfeit"]
        nulls = self.finishes["null"] + self.finishes["aborted"]
        document = self.summary().to_json(
            challenger=run.challenger,
            champion=run.champion,
            rules=run.rules,
            options=dict(run.options),
            seed=run.seed,
            deals=run.deals,
            seconds=round(seconds, 1),
            finishes=dict(sorted(self.finishes.items())),
            null_rate=round(nulls / scored, 6) if scored else None,
            okey_finish_rate=round(okey / won, 6) if won else None,
            rounds_per_second=round(self.rounds / seconds, 2) if seconds > 0 else None,
            settings=run.settings(),
        )
        if self.okey101 is not None:
            document["okey101"] = self.okey101.to_json()
        return document
