"""The figures of an Okey 101 run (rules.md 5.6: lower is better), beside arena.md's summary.

From each game's ``end`` event (its scores, how each seat opened, each seat's discard penalties):

* **score**: each side's mean round score (the champion's per seat) and the difference, challenger
  minus champion, with its 95 % interval clustered by deal (:func:`~okeytool.arena.stats.clustered_mean`);
  a negative difference favours the challenger;
* **finish_rate** (rounds someone went out) and **aborted_rate** (rules.md 5.7);
* per side, the share of its seats that never opened (**unopened_rate**), that opened with pairs
  (**pairs_rate**), and the discard penalties per round (**penalties_per_round**); the differences
  of the first and the last, challenger minus champion, and the finish rate, each with its 95 %
  interval clustered by deal;
* **matches**: the games with the challenger in one seat, taken deal after deal, make matches of
  ``rounds`` counted rounds (rules.md 5.7: an aborted round does not count) scored as the ledger
  scores a game (:func:`okeytool.score.standings`: the totals, the lowest wins, ties all win); each
  side's match wins (the champion's per seat) and the difference with its 95 % interval, the
  matches that start at one deal taken as one cluster; and the same matches scored two against two
  (``teams``: partners opposite, a team's total the sum of its partners', as the ledger scores a
  partnership game), the challenger's team (the challenger and the champion opposite) against the
  other two seats. A match not finished by the last deal is not counted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from okeytool.arena.stats import DIGITS, SEATS, clustered_mean
from okeytool.rules import Rules
from okeytool.score import RoundScore, ScoreItem, Standings, extended, standings
from okeytool.score.teams import Teams, team_standings

PLAYERS = tuple(str(s) for s in range(SEATS))
#: Partnership 101 at the table: partners sit opposite (seats 0 and 2 against 1 and 3).
TEAMS = Teams((("0", "2"), ("1", "3")))


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS) + 0.0


def _interval(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else [round(end, DIGITS) + 0.0 for end in pair]


@dataclass
class SideFigures:
    """One side's sums over its seats: seat-rounds, scores, seats never opened, seats opened with
    pairs, discard penalties."""

    seats: int = 0
    score: int = 0
    unopened: int = 0
    pairs: int = 0
    penalties: int = 0

    def add(self, score: int, opened: str | None, penalties: int) -> None:
        self.seats += 1
        self.score += score
        self.unopened += opened is None
        self.pairs += opened == "pairs"
        self.penalties += penalties

    def to_json(self) -> dict[str, Any]:
        """``{"score", "unopened_rate", "pairs_rate", "penalties_per_round"}`` (per seat)."""
        n = self.seats
        return {
            "score": _rounded(self.score / n) if n else None,
            "unopened_rate": _rounded(self.unopened / n) if n else None,
            "pairs_rate": _rounded(self.pairs / n) if n else None,
            "penalties_per_round": _rounded(self.penalties / n) if n else None,
        }


def _by_start(values: Iterable[tuple[int, float]]) -> tuple[float | None, tuple[float, float] | None]:
    """The mean of per-match values and its 95 % interval, the matches that start at one deal taken
    as one cluster (:func:`~okeytool.arena.stats.clustered_mean`)."""
    clusters: dict[int, list[float]] = {}
    for start, value in values:
        clusters.setdefault(start, []).append(value)
    return clustered_mean(list(clusters.values()))


@dataclass
class Matches:
    """The matches of ``rounds`` counted rounds played so far, per challenger seat."""

    rules: Rules
    running: dict[int, tuple[int, Standings]] = field(default_factory=dict)
    #: Per finished match: (the deal it started at, challenger won 1/0, champion seats that won).
    done: list[tuple[int, int, int]] = field(default_factory=list)
    #: Per finished match, scored by team: (the deal it started at, the challenger's team won 1/0,
    #: the other team won 1/0; both win when level).
    teams_done: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, deal: int, game: int, winner: int | None, finish: str | None, scores: Sequence[int]) -> None:
        start, before = self.running.get(game, (deal, standings(self.rules, PLAYERS, ())))
        round_ = RoundScore(
            rules=self.rules.name,
            scheme=str(self.rules.scheme),
            players=PLAYERS,
            winner=None if winner is None else str(winner),
            finish=finish,
            items=tuple(ScoreItem(p, "round", s) for p, s in zip(PLAYERS, scores)),
            counted=winner is not None,  # an aborted round does not count (rules.md 5.7)
        )
        after = extended(before, round_)
        if not after.finished:
            self.running[game] = (start, after)
            return
        del self.running[game]
        won = {int(p) for p in after.winners}
        self.done.append((start, int(game in won), len(won - {game})))
        ours = TEAMS.team_of(str(game))
        winners = team_standings(TEAMS, after).winners
        self.teams_done.append((start, int(ours in winners), int(any(w != ours for w in winners))))

    def to_json(self) -> dict[str, Any]:
        """``{"rounds", "played", "challenger": {"wins", "win_rate"}, "champion": {...}, "difference":
        {"win_rate", "win_rate_ci95"}}``."""
        played = len(self.done)
        wins = sum(c for _, c, _ in self.done)
        champion = sum(k for _, _, k in self.done) / (SEATS - 1)
        difference, interval = _by_start((start, won - others / (SEATS - 1)) for start, won, others in self.done)
        return {
            "rounds": self.rules.rounds,
            "played": played,
            "challenger": {"wins": wins, "win_rate": _rounded(wins / played) if played else None},
            "champion": {"wins": _rounded(champion), "win_rate": _rounded(champion / played) if played else None},
            "difference": {"win_rate": _rounded(difference), "win_rate_ci95": _interval(interval)},
            "teams": self._teams_json(),
        }

    def _teams_json(self) -> dict[str, Any]:
        """The same matches scored two against two (partners opposite, as ``game new --teams``
        scores them): the challenger's team (the challenger and a champion) against two champions."""
        played = len(self.teams_done)
        ours = sum(o for _, o, _ in self.teams_done)
        theirs = sum(t for _, _, t in self.teams_done)
        difference, interval = _by_start((start, won - lost) for start, won, lost in self.teams_done)
        return {
            "played": played,
            "challenger_team": {"wins": ours, "win_rate": _rounded(ours / played) if played else None},
            "other_team": {"wins": theirs, "win_rate": _rounded(theirs / played) if played else None},
            "difference": {"win_rate": _rounded(difference), "win_rate_ci95": _interval(interval)},
        }


@dataclass
class Tally101:
    """What a 101 run's games add up to so far (forfeited games left out, as in the summary)."""

    rules: Rules
    rounds: int = 0
    finished: int = 0
    aborted: int = 0
    challenger: SideFigures = field(default_factory=SideFigures)
    champion: SideFigures = field(default_factory=SideFigures)
    differences: dict[int, list[float]] = field(default_factory=dict)
    #: Per deal, per game: the challenger's figure minus the champion seats' mean (never opened:
    #: 1/0; discard penalties), and whether the round was finished (1/0).
    unopened: dict[int, list[float]] = field(default_factory=dict)
    penalties: dict[int, list[float]] = field(default_factory=dict)
    finishes: dict[int, list[float]] = field(default_factory=dict)
    matches: Matches | None = None

    def __post_init__(self) -> None:
        if self.matches is None:
            self.matches = Matches(self.rules)

    def add(self, deal: int, game: int, end: dict[str, Any]) -> None:
        """Count one game (the challenger in seat ``game``) from its ``end`` event."""
        if end.get("finish") == "forfeit":
            return
        scores = [int(s) for s in end["scores"]]
        opened = end.get("opened") or [None] * SEATS
        penalties = end.get("penalties") or [0] * SEATS
        self.rounds += 1
        self.finished += end.get("winner") is not None
        self.aborted += end.get("winner") is None
        for seat in range(SEATS):
            side = self.challenger if seat == game else self.champion
            side.add(scores[seat], opened[seat], int(penalties[seat]))
        self.differences.setdefault(deal, []).append(_less_others(scores, game))
        self.unopened.setdefault(deal, []).append(_less_others([o is None for o in opened], game))
        self.penalties.setdefault(deal, []).append(_less_others([int(p) for p in penalties], game))
        self.finishes.setdefault(deal, []).append(float(end.get("winner") is not None))
        assert self.matches is not None
        self.matches.add(deal, game, end.get("winner"), end.get("finish"), scores)

    def to_json(self) -> dict[str, Any]:
        """The ``okey101`` object of the summary."""
        n = self.rounds
        assert self.matches is not None
        difference: dict[str, Any] = {}
        for key, values in (
            ("score", self.differences), ("unopened_rate", self.unopened), ("penalties_per_round", self.penalties)
        ):  # fmt: skip
            mean, interval = clustered_mean(list(values.values()))
            difference[key] = _rounded(mean)
            difference[f"{key}_ci95"] = _interval(interval)
        return {
            "finish_rate": _rounded(self.finished / n) if n else None,
            "finish_rate_ci95": _interval(clustered_mean(list(self.finishes.values()))[1]),
            "aborted_rate": _rounded(self.aborted / n) if n else None,
            "challenger": self.challenger.to_json(),
            "champion": self.champion.to_json(),
            "difference": difference,
            "matches": self.matches.to_json(),
        }


def _less_others(values: Sequence[float], game: int) -> float:
    """The challenger's value (seat ``game``) minus the mean of the other seats'."""
    others = math.fsum(v for seat, v in enumerate(values) if seat != game) / (SEATS - 1)
    return values[game] - others
