"""The arena's statistics: wins, points and their differences with intervals clustered by deal, and the
calibration of the challenger's win chances.

The arena plays each deal four times, the challenger in seat 0, 1, 2 and 3 in turn and the champion in
the other three seats. The games come here as :class:`GameOutcome` values, the challenger's decisions
as :class:`Prediction` values; :func:`summarise` turns them into one frozen :class:`Summary`, whose
:meth:`Summary.to_json` is the arena's ``--json`` answer once the caller adds what only it knows (rules,
options, seed, deals, seconds and the policies' names).

Conventions, used throughout:

* A **scored game** is a game that was not forfeited. A forfeited game (a seated program that answered
  wrongly or too late) is counted in ``forfeits`` and left out of every win, points and difference
  figure: it says nothing about how the policies play. A **null round** (nobody won) is a scored game.
* **Per seat**: the champion holds three seats of each game, so its wins are divided by three (and its
  points averaged over its three seats) to be compared with the challenger's one seat.
* Rates and means with nothing to average (no scored game) are ``None``, written ``null``.
* The intervals are 95 % normal intervals (z = :data:`Z95` = 1.96). The difference intervals treat the
  games of one deal as one cluster (:func:`clustered_mean`); a calibration bin's interval is Wilson's
  score interval (:func:`wilson_interval`).

Nothing here plays a game or imports the engine: these are pure functions of the outcomes.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from okeytool.errors import InputError

#: The normal quantile of the 95 % intervals (two-sided).
Z95 = 1.96
#: Seats at an Okey table; the champion holds all but the challenger's.
SEATS = 4
#: Decimal places of the floats in :meth:`Summary.to_json` (rounded half to even, as :func:`round`).
DIGITS = 6
#: Calibration bins: ten of equal width over [0, 1], the last one closed ([0.9, 1.0]).
BINS = 10
#: The bins' edges as written in the JSON answer (``0.0, 0.1, ..., 1.0``); bin k is [EDGES[k], EDGES[k+1]).
EDGES = tuple(k / BINS for k in range(BINS + 1))

#: An interval, lower end first.
Interval = tuple[float, float]


@dataclass(frozen=True)
class GameOutcome:
    """One played game as the statistics need it.

    ``deal`` is the deal's number (the cluster the game belongs to), ``challenger_seat`` the challenger's
    seat (0 to 3; the champion holds the other three), ``winner`` the seat that won or ``None`` for a
    null round or a forfeited game, ``points`` each seat's change of score in the game, signed so that
    higher is better (in the ``pagat`` and ``penalty`` schemes a charge counts negative), and ``forfeit``
    whether a seat forfeited the game.

    Raises :class:`~okeytool.errors.InputError` (a ``ValueError``) for a seat out of range, a forfeited
    game with a winner, points that are not four finite numbers, or a negative deal number.

    >>> GameOutcome(deal=0, challenger_seat=2, winner=2, points=(-2, -2, 6, -2), forfeit=False).challenger_won
    True
    >>> GameOutcome(0, 4, None, (0, 0, 0, 0), False)
    Traceback (most recent call last):
    ...
    okeytool.errors.InputError: challenger seat 4 is not a seat (0 to 3)
    """

    deal: int
    challenger_seat: int
    winner: int | None
    points: tuple[float, float, float, float]
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.deal < 0:
            raise InputError(f"deal {self.deal} is negative; deals are numbered from 0")
        if not 0 <= self.challenger_seat < SEATS:
            raise InputError(f"challenger seat {self.challenger_seat} is not a seat (0 to 3)")
        if self.winner is not None and not 0 <= self.winner < SEATS:
            raise InputError(f"winner {self.winner} is not a seat (0 to 3)")
        if self.forfeit and self.winner is not None:
            raise InputError(f"a forfeited game has no winner, not seat {self.winner}")
        if len(self.points) != SEATS or not all(math.isfinite(p) for p in self.points):
            raise InputError(f"points {self.points!r} are not four finite numbers, one per seat")

    @property
    def challenger_won(self) -> bool:
        """Whether the challenger's seat won the game."""
        return self.winner == self.challenger_seat

    @property
    def champion_won(self) -> bool:
        """Whether one of the champion's three seats won the game."""
        return self.winner is not None and self.winner != self.challenger_seat

    @property
    def champion_points(self) -> float:
        """The champion's points per seat: the mean over its three seats."""
        return math.fsum(p for seat, p in enumerate(self.points) if seat != self.challenger_seat) / (SEATS - 1)

    @property
    def win_difference(self) -> float:
        """The challenger's win (1 or 0) minus the champion's wins per seat (1/3 or 0)."""
        return float(self.challenger_won) - float(self.champion_won) / (SEATS - 1)

    @property
    def points_difference(self) -> float:
        """The challenger's points minus the champion's points per seat."""
        return self.points[self.challenger_seat] - self.champion_points


@dataclass(frozen=True)
class Prediction:
    """One decision of the challenger: the win chance its model gave the move it chose (``predicted``,
    in [0, 1]) and whether that seat then won the round (``won``). ``deal`` is the deal it was made in:
    the decisions of one deal form one cluster, as the games do.

    Raises :class:`~okeytool.errors.InputError` (a ``ValueError``) for a chance outside [0, 1] (or not a
    number) or a negative deal number.

    >>> Prediction(deal=3, predicted=0.25, won=False)
    Prediction(deal=3, predicted=0.25, won=False)
    >>> Prediction(0, 1.5, True)
    Traceback (most recent call last):
    ...
    okeytool.errors.InputError: predicted win chance 1.5 is not within [0, 1]
    """

    deal: int
    predicted: float
    won: bool

    def __post_init__(self) -> None:
        if self.deal < 0:
            raise InputError(f"deal {self.deal} is negative; deals are numbered from 0")
        if not 0.0 <= self.predicted <= 1.0:  # NaN fails too
            raise InputError(f"predicted win chance {self.predicted!r} is not within [0, 1]")


@dataclass(frozen=True)
class Side:
    """One side's figures: ``wins`` (the challenger's a whole number; the champion's per seat, its wins
    divided by three), ``win_rate`` (wins per scored game) and ``points`` (mean points per scored game,
    per seat). The rate and the mean are ``None`` when no game was scored."""

    wins: float
    win_rate: float | None
    points: float | None

    def to_json(self) -> dict[str, Any]:
        """``{"wins", "win_rate", "points"}``, floats rounded to :data:`DIGITS` places."""
        wins = self.wins if isinstance(self.wins, int) else round(self.wins, DIGITS) + 0.0
        return {"wins": wins, "win_rate": _rounded(self.win_rate), "points": _rounded(self.points)}


@dataclass(frozen=True)
class Difference:
    """Challenger minus champion (per seat), of the win rate and of the points, each with its 95 %
    interval clustered by deal (:func:`clustered_mean`). ``clusters`` is the number of deals with a scored
    game. Without a scored game every figure is ``None``; with one deal the intervals are ``None``."""

    win_rate: float | None
    win_rate_ci95: Interval | None
    points: float | None
    points_ci95: Interval | None
    clusters: int

    def to_json(self) -> dict[str, Any]:
        """arena.md's ``difference`` object, plus ``clusters``."""
        return {
            "win_rate": _rounded(self.win_rate),
            "win_rate_ci95": _rounded_interval(self.win_rate_ci95),
            "points": _rounded(self.points),
            "points_ci95": _rounded_interval(self.points_ci95),
            "clusters": self.clusters,
        }


@dataclass(frozen=True)
class CalibrationBin:
    """The decisions whose predicted chance fell in [``lower``, ``upper``) (the last bin includes 1.0):
    how many (``count``), their mean predicted chance (``predicted``), the fraction that won
    (``observed``) and its 95 % Wilson interval (``observed_ci95``). An empty bin has ``None`` for
    the last three."""

    lower: float
    upper: float
    count: int
    predicted: float | None
    observed: float | None
    observed_ci95: Interval | None

    def to_json(self) -> dict[str, Any]:
        """``{"from", "to", "predicted", "observed", "count", "observed_ci95"}``."""
        return {
            "from": self.lower,
            "to": self.upper,
            "predicted": _rounded(self.predicted),
            "observed": _rounded(self.observed),
            "count": self.count,
            "observed_ci95": _rounded_interval(self.observed_ci95),
        }


@dataclass(frozen=True)
class Calibration:
    """The challenger's win chances against what happened: ``decisions`` counted, the Brier score
    (mean squared error of the chance against the outcome, 1 for a win and 0 otherwise; ``None`` without
    decisions) with its 95 % interval clustered by deal (``None`` with fewer than two deals), and the
    ten :class:`CalibrationBin` values in order."""

    decisions: int
    brier: float | None
    brier_ci95: Interval | None
    bins: tuple[CalibrationBin, ...]

    def to_json(self) -> dict[str, Any]:
        """arena.md's ``calibration`` object, plus ``brier_ci95`` and each bin's ``observed_ci95``."""
        return {
            "decisions": self.decisions,
            "brier": _rounded(self.brier),
            "brier_ci95": _rounded_interval(self.brier_ci95),
            "bins": [b.to_json() for b in self.bins],
        }


#: The keys of :meth:`Summary.to_json` in arena.md's order; the caller's header keys take their places.
JSON_ORDER = (
    "rules",
    "options",
    "seed",
    "deals",
    "rounds",
    "challenger",
    "champion",
    "null_rounds",
    "forfeits",
    "difference",
    "calibration",
    "seconds",
)
#: The keys :meth:`Summary.to_json` writes itself; a header may not set them.
SUMMARY_KEYS = frozenset({"rounds", "challenger", "champion", "null_rounds", "forfeits", "difference", "calibration"})


@dataclass(frozen=True)
class Summary:
    """The arena's figures (arena.md ``--json``) without the run's header.

    ``rounds`` counts every game played, forfeited ones too; ``forfeits`` the forfeited ones;
    ``null_rounds`` the scored games nobody won. ``challenger`` and ``champion`` (per seat) are over the
    scored games, ``difference`` is challenger minus champion, ``calibration`` is ``None`` when no
    predictions were given (a policy without a win chance).
    """

    rounds: int
    forfeits: int
    null_rounds: int
    challenger: Side
    champion: Side
    difference: Difference
    calibration: Calibration | None

    @property
    def scored_rounds(self) -> int:
        """The games the figures are over: every game but the forfeited ones."""
        return self.rounds - self.forfeits

    def to_json(self, *, challenger: str | None = None, champion: str | None = None, **header: Any) -> dict[str, Any]:
        """arena.md's ``--json`` object. ``challenger`` and ``champion`` are the policies' names (written
        as each side's ``"policy"``, first); ``header`` holds the run's own keys (``rules``, ``options``,
        ``seed``, ``deals``, ``seconds`` ...), passed through as given. Keys come in arena.md's order;
        header keys it does not name come last, in the order given.

        Raises ``TypeError`` when a header key is one this summary writes (``rounds``, ``difference`` ...).

        >>> games = [GameOutcome(0, seat, 0, (3, -1, -1, -1), False) for seat in range(4)]
        >>> answer = summarise(games).to_json(challenger="chance", champion="acceptance", seed=1, seconds=0.5)
        >>> list(answer)[:4], answer["challenger"]
        (['seed', 'rounds', 'challenger', 'champion'], {'policy': 'chance', 'wins': 1, 'win_rate': 0.25, 'points': 0.0})
        >>> answer["champion"], list(answer)[-1]
        ({'policy': 'acceptance', 'wins': 1.0, 'win_rate': 0.25, 'points': 0.0}, 'seconds')
        """
        clashes = sorted(SUMMARY_KEYS.intersection(header))
        if clashes:
            raise TypeError(f"the summary writes {', '.join(clashes)} itself; a header cannot set them")
        own: dict[str, Any] = {
            "rounds": self.rounds,
            "challenger": _named(challenger, self.challenger),
            "champion": _named(champion, self.champion),
            "null_rounds": self.null_rounds,
            "forfeits": self.forfeits,
            "difference": self.difference.to_json(),
            "calibration": None if self.calibration is None else self.calibration.to_json(),
        }
        values = {**header, **own}
        ordered = {key: values[key] for key in JSON_ORDER if key in values}
        return ordered | {key: value for key, value in header.items() if key not in ordered}


def summarise(outcomes: Iterable[GameOutcome], predictions: Iterable[Prediction] | None = None) -> Summary:
    """The arena's figures from its games and, for a policy with a win chance, the challenger's decisions.

    Wins, rates and points are over the scored games (forfeited games are only counted); the champion's
    per seat. The differences are the challenger's figure minus the champion's, with 95 % intervals
    clustered by deal (:func:`clustered_mean`): each game contributes its own difference (a win 1 or 0
    minus the champion's wins over three; the challenger's points minus the champion's mean over its
    seats) and the games of one deal are one cluster. With every deal's four games scored this is the
    mean of the per-deal differences d_k (the challenger's mean over the deal's games minus the
    champion's per-seat mean) ± 1.96 × sd(d_k) / sqrt(deals), sd with n − 1.

    ``predictions`` ``None`` gives ``calibration`` ``None``; an empty collection gives a calibration with
    no decisions (Brier ``None``, every bin empty).

    Raises :class:`~okeytool.errors.InputError` when a deal's game with the challenger in one seat comes
    twice.

    >>> games = [GameOutcome(0, seat, seat, (-1, -1, -1, -1), False) for seat in range(4)]
    >>> games += [GameOutcome(1, seat, 0, (6, -2, -2, -2), False) for seat in range(4)]
    >>> summary = summarise(games)
    >>> summary.challenger, summary.champion.win_rate
    (Side(wins=5, win_rate=0.625, points=-0.5), 0.125)
    >>> summary.to_json()["difference"]  # d_k = 1 and 0: 0.5 ± 1.96 × 0.7071 / sqrt(2)
    {'win_rate': 0.5, 'win_rate_ci95': [-0.48, 1.48], 'points': 0.0, 'points_ci95': [0.0, 0.0], 'clusters': 2}
    """
    games = list(outcomes)
    _check_unique(games)
    scored = [g for g in games if not g.forfeit]
    clusters: dict[int, list[GameOutcome]] = {}
    for game in scored:
        clusters.setdefault(game.deal, []).append(game)
    wins = sum(g.challenger_won for g in scored)
    champion_wins = sum(g.champion_won for g in scored) / (SEATS - 1)
    win_difference, win_interval = clustered_mean([[g.win_difference for g in c] for c in clusters.values()])
    points_difference, points_interval = clustered_mean([[g.points_difference for g in c] for c in clusters.values()])
    return Summary(
        rounds=len(games),
        forfeits=len(games) - len(scored),
        null_rounds=sum(g.winner is None for g in scored),
        challenger=Side(
            wins=wins,
            win_rate=_ratio(wins, len(scored)),
            points=_mean([g.points[g.challenger_seat] for g in scored]),
        ),
        champion=Side(
            wins=champion_wins,
            win_rate=_ratio(champion_wins, len(scored)),
            points=_mean([g.champion_points for g in scored]),
        ),
        difference=Difference(
            win_rate=win_difference,
            win_rate_ci95=win_interval,
            points=points_difference,
            points_ci95=points_interval,
            clusters=len(clusters),
        ),
        calibration=None if predictions is None else calibrate(predictions),
    )


def calibrate(predictions: Iterable[Prediction]) -> Calibration:
    """The calibration of the challenger's win chances: the Brier score (its interval clustered by deal)
    and ten bins of equal width by predicted chance, each with the observed win frequency and its Wilson
    interval.

    >>> chances = [Prediction(0, 0.05, False), Prediction(0, 0.15, True), Prediction(1, 0.95, True)]
    >>> calibration = calibrate(chances)
    >>> calibration.decisions, round(calibration.brier, 4), [b.count for b in calibration.bins]
    (3, 0.2425, [1, 1, 0, 0, 0, 0, 0, 0, 0, 1])
    >>> calibration.bins[2]
    CalibrationBin(lower=0.2, upper=0.3, count=0, predicted=None, observed=None, observed_ci95=None)
    """
    decisions = list(predictions)
    by_bin: list[list[Prediction]] = [[] for _ in range(BINS)]
    for decision in decisions:
        by_bin[bin_index(decision.predicted)].append(decision)
    clusters: dict[int, list[float]] = {}
    for decision in decisions:
        clusters.setdefault(decision.deal, []).append((decision.predicted - decision.won) ** 2)
    brier, brier_interval = clustered_mean(list(clusters.values()))
    bins = tuple(
        CalibrationBin(
            lower=EDGES[k],
            upper=EDGES[k + 1],
            count=len(members),
            predicted=_within(_mean([d.predicted for d in members]), EDGES[k], EDGES[k + 1]),
            observed=_ratio(sum(d.won for d in members), len(members)),
            observed_ci95=wilson_interval(sum(d.won for d in members), len(members)),
        )
        for k, members in enumerate(by_bin)
    )
    return Calibration(decisions=len(decisions), brier=brier, brier_ci95=brier_interval, bins=bins)


def _within(mean: float | None, lower: float, upper: float) -> float | None:
    """A bin's mean prediction, kept within the bin its members lie in (a float sum may round
    0.7, 0.7, 0.7 to a mean of 0.6999999999999998)."""
    return None if mean is None else min(max(mean, lower), upper)


def bin_index(chance: float) -> int:
    """The calibration bin of a predicted chance: k with ``EDGES[k] <= chance < EDGES[k + 1]``, compared
    with the edges as written (1.0 falls in the last bin).

    >>> [bin_index(p) for p in (0.0, 0.0999, 0.1, 0.3, 0.95, 1.0)]
    [0, 0, 1, 3, 9, 9]
    """
    return min(bisect_right(EDGES, chance) - 1, BINS - 1)


def clustered_mean(clusters: Sequence[Sequence[float]]) -> tuple[float | None, Interval | None]:
    """The mean of all values and its 95 % interval, the values of one cluster (one deal) taken together.

    The estimator, with clusters k = 1..n holding values x_kj (m_k of them, M = Σ m_k):

    * mean: θ = Σ_kj x_kj / M (every value weighs the same);
    * variance (cluster-robust, of a ratio of sums): V = n / (n − 1) × Σ_k (Σ_j (x_kj − θ))² / M²;
    * interval: θ ± :data:`Z95` × sqrt(V).

    When every cluster holds the same number of values (four scored games per deal) this is exactly the
    mean of the cluster means d_k ± 1.96 × s / sqrt(n), s the sample standard deviation (n − 1) of the
    d_k. Sums are exact (:func:`math.fsum`), so the answer does not depend on the order of clusters or
    values. No values gives ``(None, None)``; one cluster gives the mean and ``None`` (no spread to
    measure). Empty clusters are ignored.

    >>> clustered_mean([[1.0, 0.0], [0.0, 0.0]])
    (0.25, (-0.24, 0.74))
    >>> clustered_mean([[1.0, 2.0]]), clustered_mean([])
    ((1.5, None), (None, None))
    """
    groups = [list(c) for c in clusters if len(c)]
    total = sum(len(g) for g in groups)
    if not total:
        return None, None
    mean = math.fsum(x for g in groups for x in g) / total
    n = len(groups)
    if n < 2:
        return mean, None
    spread = math.fsum(math.fsum(x - mean for x in g) ** 2 for g in groups)
    half = Z95 * math.sqrt(n / (n - 1) * spread) / total
    return mean, (mean - half, mean + half)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Interval | None:
    """Wilson's score interval for a frequency (95 % by default); ``None`` without trials.

    centre = (p + z²/2n) / (1 + z²/n), half-width = z / (1 + z²/n) × sqrt(p(1 − p)/n + z²/4n²), with
    p = successes / n; kept within [0, 1] and around p against rounding.

    >>> [round(end, 4) for end in wilson_interval(0, 10)], [round(end, 4) for end in wilson_interval(5, 10)]
    ([0.0, 0.2775], [0.2366, 0.7634])
    >>> wilson_interval(0, 0) is None
    True
    """
    if trials <= 0:
        return None
    p = successes / trials
    shrink = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / shrink
    half = z / shrink * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


def _check_unique(games: Sequence[GameOutcome]) -> None:
    """Raises :class:`InputError` when a deal's game with the challenger in one seat comes twice."""
    seen: set[tuple[int, int]] = set()
    for game in games:
        key = (game.deal, game.challenger_seat)
        if key in seen:
            raise InputError(f"deal {game.deal} with the challenger in seat {game.challenger_seat} comes twice")
        seen.add(key)


def _named(policy: str | None, side: Side) -> dict[str, Any]:
    """A side's JSON object, its policy's name first when given."""
    return ({"policy": policy} if policy is not None else {}) | side.to_json()


def _ratio(part: float, whole: int) -> float | None:
    return part / whole if whole else None


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def _rounded(value: float | None) -> float | None:
    """``value`` to :data:`DIGITS` places, never ``-0.0``."""
    return None if value is None else round(value, DIGITS) + 0.0


def _rounded_interval(interval: Interval | None) -> list[float] | None:
    return None if interval is None else [round(end, DIGITS) + 0.0 for end in interval]


__all__ = [
    "BINS",
    "DIGITS",
    "EDGES",
    "Z95",
    "Calibration",
    "CalibrationBin",
    "Difference",
    "GameOutcome",
    "Interval",
    "Prediction",
    "Side",
    "Summary",
    "bin_index",
    "calibrate",
    "clustered_mean",
    "summarise",
    "wilson_interval",
]
