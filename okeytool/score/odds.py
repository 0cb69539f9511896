"""Match odds: each player's (or team's) chance to win the game from where it stands.

The rest of the game is simulated, round after round, until the scheme's own end rule says it is
over (pagat: someone at 0 or below; penalty: elimination or the two lowest; okeygg: the target; 101
and Rummikub: the number of rounds). Each simulated round is drawn from a per-round outcome model
(:class:`ClassicRounds`, :class:`Okey101Rounds`, :class:`RummikubRounds`), written as a
:class:`~okeytool.score.round.Round`, scored by the scheme (``scheme.complete`` and
``scheme.score``, as ``okeytool score`` scores it) and added to the totals; whether the game is
over is :func:`~okeytool.score.match.game_end` with the scheme's end rule, what
:func:`~okeytool.score.match.extended` asks after each round. (A simulation keeps only the totals,
not whole standings: it plays hundreds of thousands of rounds. ``tests/test_match_odds.py`` holds
each scheme's simulated game to the same game extended round by round.) A partnership game adds
each round by team (:func:`~okeytool.score.teams.team_points`) and is won by the lower team total.

A player's chance is the share of simulated games he won, with its standard error
``sqrt(p (1 - p) / n)``. A shared win counts for each winner: in pagat, where the two highest win,
the chances add up to 2, or a little more as players level for second place all win. The
simulation is seeded: the same standings give the same odds every run. It stops early, and says so
(``stopped = "time"``), when the time limit is reached; the games simulated until then are the
first games of the full run.

The default outcome frequencies are one table, :data:`ROUND_MODELS`, each number with its source.

>>> from okeytool.rules import get_rules
>>> from okeytool.score import score_document, standings
>>> rules = get_rules("classic", {"scheme": "pagat"})
>>> rounds = [score_document({"rules": "classic", "players": ["A", "B", "C", "D"], "winner": "A",
...                           "finish": "pairs"})] * 4
>>> game = standings(rules, ["A", "B", "C", "D"], rounds)
>>> game.totals
{'A': 20, 'B': 4, 'C': 4, 'D': 4}
>>> odds = match_odds(game, simulations=2000)
>>> odds.simulations, odds.seed, odds.stopped
(2000, 1, None)
>>> odds.players["A"]
Chance(chance=1.0, se=0.0)
>>> sum(c.chance for c in odds.players.values()) > 2  # two win a pagat game, more when level
True
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import add
from typing import NamedTuple, Protocol, TypeVar

from okeytool.rules import Rules
from okeytool.score.match import Standings, game_end
from okeytool.score.result import RoundScore
from okeytool.score.round import Hand101, Round
from okeytool.score.schemes import Scheme, scheme_for
from okeytool.score.teams import Teams, team_points, team_standings, team_winners
from okeytool.tiles import Colour, Tile

#: Games simulated unless the caller says otherwise (a chance's standard error is then at most 0.5 %).
DEFAULT_SIMULATIONS = 10_000
#: The most games one call simulates.
MAX_SIMULATIONS = 1_000_000
#: The seed of the simulation unless the caller says otherwise.
DEFAULT_SEED = 1
#: Seconds the simulation may take; it stops after the games simulated by then (and says so).
DEFAULT_TIME_LIMIT = 3.0
#: Games simulated between two looks at the clock.
BATCH = 500
#: A simulated game still going after this many rounds is left undecided (nobody wins it).
MAX_ROUNDS = 1_000
#: Why a simulation stopped before all its games: the time limit.
STOPPED_TIME = "time"

#: Shares of named outcomes: (name, share) pairs.
Weighted = Sequence[tuple[str, float]]

T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Drawn:
    """One simulated round as a model draws it: what its round document would say.

    A sampler returns one object for each distinct round (it keeps those it made), and rounds are
    told apart by identity: a round drawn again is found, and scored, at once.
    """

    winner: str | None
    finish: str | None
    gosterme: tuple[str, ...] = ()
    indicator: Tile | None = None
    hands: tuple[tuple[str, Hand101], ...] = ()
    penalties: tuple[tuple[str, int], ...] = ()
    racks: tuple[tuple[str, tuple[Tile, ...]], ...] = ()

    def round(self, rules: Rules, players: tuple[str, ...]) -> Round:
        """The round, ready for the scheme's ``complete`` and ``score``."""
        return Round(
            rules, players, self.winner, self.finish, indicator=self.indicator, gosterme=self.gosterme,
            hands=dict(self.hands), penalties=dict(self.penalties), racks=dict(self.racks),
        )  # fmt: skip


#: Draws one round for the players still in the game.
Sampler = Callable[[random.Random], Drawn]


class RoundModel(Protocol):
    """How the rounds of a game turn out: a sampler of rounds for a table of players, and the
    frequencies it assumes (``to_json``)."""

    @property
    def name(self) -> str:
        """The model's name (``classic``, ``101``, ``rummikub``)."""
        ...

    def sampler(self, players: tuple[str, ...]) -> Sampler:
        """Draws one round among ``players`` (in seating order)."""
        ...

    def to_json(self) -> dict[str, object]:
        """The model's name and frequencies."""
        ...


def _check_shares(what: str, shares: Weighted) -> None:
    """Shares are at least 0 and add up to 1. Raises ``ValueError`` otherwise."""
    if any(share < 0 for _, share in shares) or not math.isclose(sum(share for _, share in shares), 1.0):
        raise ValueError(f"the shares of {what} are at least 0 and add up to 1, not {dict(shares)}")


def _check_rate(what: str, rate: float) -> None:
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"{what} is a rate between 0 and 1, not {rate!r}")


def _picker(shares: Sequence[tuple[T, float]]) -> Callable[[random.Random], T]:
    """Draws one value with the weights given (one random number)."""
    values = [value for value, _ in shares]
    bounds, total = [], 0.0
    for _, share in shares:
        total += share
        bounds.append(total)
    last = len(values) - 1

    def pick(rng: random.Random) -> T:
        return values[min(bisect_right(bounds, rng.random() * total), last)]

    return pick


@dataclass(frozen=True)
class ClassicRounds:
    """A classic round (pagat, penalty, okeygg schemes): nobody wins with probability ``null``;
    otherwise each player wins equally often, with the finish drawn from ``finishes`` (the shares of
    won rounds). Independently, someone shows the indicator's twin (gösterme) with probability
    ``gosterme``, each player equally often. The indicator's colour is drawn (it matters under
    ``renkli``: a red or black indicator doubles the finish). A Kafa is never drawn."""

    null: float
    finishes: Weighted
    gosterme: float
    name: str = "classic"

    def __post_init__(self) -> None:
        _check_rate("the null-round rate", self.null)
        _check_rate("the gösterme rate", self.gosterme)
        _check_shares("the finishes", self.finishes)

    def sampler(self, players: tuple[str, ...]) -> Sampler:
        """Every possible round listed once with its probability, drawn with one random number."""
        outcomes: list[tuple[Drawn, float]] = []
        won = [(w, f, (1 - self.null) * share / len(players)) for w in players for f, share in self.finishes]
        results = [(None, None, self.null), *won]
        showers = [((), 1 - self.gosterme), *(((p,), self.gosterme / len(players)) for p in players)]
        for colour in Colour:
            # Only the indicator's colour changes a classic score (renkli); its number is left at 1.
            indicator = Tile.face(colour, 1)
            for shower, shown in showers:
                for winner, finish, wins in results:
                    weight = wins * shown / len(Colour)
                    if weight > 0:
                        outcomes.append((Drawn(winner, finish, shower, indicator), weight))
        return _picker(outcomes)

    def to_json(self) -> dict[str, object]:
        """``{"model": "classic", "null": ..., "finishes": {...}, "gosterme": ...}``."""
        return {"model": self.name, "null": self.null, "finishes": dict(self.finishes), "gosterme": self.gosterme}


@dataclass(frozen=True)
class Okey101Rounds:
    """An Okey 101 round: each player goes out equally often, with the finish drawn from
    ``finishes``; he had opened with pairs with probability ``winner_pairs`` (doubling the round).
    Each other player, on his own, never opened, opened with pairs or with melds (``losers``);
    one who opened still holds tiles worth one of ``left_points`` (equally likely, P in rules.md 5.6).
    Each player, each round, throws a tile that costs a discard penalty with probability ``penalty``.
    Aborted rounds and elden are not drawn."""

    finishes: Weighted
    winner_pairs: float
    losers: Weighted
    left_points: tuple[int, ...]
    penalty: float
    name: str = "101"

    def __post_init__(self) -> None:
        _check_shares("the finishes", self.finishes)
        _check_shares("the losers' hands", self.losers)
        _check_rate("the winner's pair openings", self.winner_pairs)
        _check_rate("the discard penalty rate", self.penalty)
        if not self.left_points or min(self.left_points) < 0:
            raise ValueError(f"the points left in a hand are a few numbers of 0 or more, not {self.left_points}")

    def sampler(self, players: tuple[str, ...]) -> Sampler:
        """Draws the winner, his finish and opening, each other hand and the penalties."""
        finish = _picker(self.finishes)
        # Every hand a loser may be left with, with its probability (the hands are built once).
        hands: list[tuple[Hand101, float]] = []
        for opened, share in self.losers:
            if opened == "never":
                hands.append((Hand101(None, None), share))
            else:
                hands += [(Hand101(opened, None, left), share / len(self.left_points)) for left in self.left_points]
        held_by = [hand for hand, _ in hands]
        loser = _picker([(k, share) for k, (_, share) in enumerate(hands)])
        went_out = {opened: Hand101(opened, ()) for opened in ("melds", "pairs")}
        made: dict[tuple[object, ...], Drawn] = {}

        def draw(rng: random.Random) -> Drawn:
            winner = players[int(rng.random() * len(players))]
            how = finish(rng)
            opening = "pairs" if rng.random() < self.winner_pairs else "melds"
            held = tuple(-1 if p == winner else loser(rng) for p in players)  # -1: the winner's
            penalised = tuple(rng.random() < self.penalty for _ in players)
            key = (winner, how, opening, held, penalised)
            drawn = made.get(key)
            if drawn is None:
                left = tuple((p, went_out[opening] if k < 0 else held_by[k]) for p, k in zip(players, held))
                penalties = tuple((p, 1) for p, paid in zip(players, penalised) if paid)
                drawn = made[key] = Drawn(winner, how, hands=left, penalties=penalties)
            return drawn

        return draw

    def to_json(self) -> dict[str, object]:
        """The model's name and frequencies."""
        return {
            "model": self.name, "finishes": dict(self.finishes), "winner_pairs": self.winner_pairs,
            "losers": dict(self.losers), "left_points": list(self.left_points), "penalty": self.penalty,
        }  # fmt: skip


@dataclass(frozen=True)
class RummikubRounds:
    """A Rummikub round: the pool runs out and all pass with probability ``blocked``; otherwise
    each player goes out equally often. Every rack left holds one of ``rack_tiles`` tiles (equally
    likely), each counted at ``tile_number``. Jokers on racks are not drawn."""

    blocked: float
    rack_tiles: tuple[int, ...]
    tile_number: int = 7
    name: str = "rummikub"

    def __post_init__(self) -> None:
        _check_rate("the blocked-game rate", self.blocked)
        if not self.rack_tiles or min(self.rack_tiles) < 1:
            raise ValueError(f"the tiles left on a rack are a few numbers of 1 or more, not {self.rack_tiles}")

    def sampler(self, players: tuple[str, ...]) -> Sampler:
        """Draws who went out (or a blocked game) and the racks left."""
        sizes = self.rack_tiles
        racks = {n: tuple(Tile.face(k % len(Colour), self.tile_number) for k in range(n)) for n in sizes}

        made: dict[tuple[object, ...], Drawn] = {}

        def draw(rng: random.Random) -> Drawn:
            winner = None if rng.random() < self.blocked else players[int(rng.random() * len(players))]
            left = tuple(sizes[int(rng.random() * len(sizes))] for p in players if p != winner)
            key = (winner, left)
            drawn = made.get(key)
            if drawn is None:
                others = (p for p in players if p != winner)
                drawn = made[key] = Drawn(winner, None, racks=tuple((p, racks[n]) for p, n in zip(others, left)))
            return drawn

        return draw

    def to_json(self) -> dict[str, object]:
        """The model's name and frequencies."""
        return {
            "model": self.name, "blocked": self.blocked, "rack_tiles": list(self.rack_tiles),
            "tile_number": self.tile_number,
        }  # fmt: skip


#: The classic schemes' rounds. The first three numbers are measured by the arena (okeytool arena,
#: duplicate deals, acceptance-level policies; benchmarks/ARENA.md): rounds without a winner about
#: 0.3 %, seven-pairs finishes about 1.2 % of won rounds, okey finishes about 0 (the arena's
#: policies go out as soon as they can; at a real table players who hold the okey sometimes play on
#: for the okey finish, so real rates are higher). Gösterme: the indicator's twin is one of the 57
#: tiles dealt out of the 105 left (15 + 3 x 14, rules.md 3.5) and every arena policy shows it, so
#: 57/105 = 54.3 % of rounds (the arena counts 57 % of 1,000 rounds). Each player wins equally
#: often: in the arena each seat wins 23 % to 27 % of equal policies' rounds.
CLASSIC_ROUNDS = ClassicRounds(
    null=0.003,
    finishes=(("normal", 0.988), ("okey", 0.0), ("pairs", 0.012), ("pairs+okey", 0.0)),
    gosterme=57 / 105,
)

#: Okey 101 rounds. Not measured (the arena plays classic Okey): round numbers stated as a
#: starting point for a table of players who open in most rounds. An okey finish in one won round
#: of ten; one winner in seven opened with pairs; a loser has not opened in a quarter of the rounds,
#: opened with pairs in one of ten, else with melds; an opened hand still holds 10 to 60 points
#: (about two to eight tiles); one player in twenty throws a penalised tile in a round.
OKEY101_ROUNDS = Okey101Rounds(
    finishes=(("normal", 0.9), ("okey", 0.1)),
    winner_pairs=0.15,
    losers=(("never", 0.25), ("pairs", 0.1), ("melds", 0.65)),
    left_points=(10, 25, 40, 60),
    penalty=0.05,
)

#: Rummikub rounds. Not measured: a blocked game in one round of fifty; a rack left holds 2 to 10
#: tiles, each counted at 7 (the mean of the numbers 1 to 13).
RUMMIKUB_ROUNDS = RummikubRounds(blocked=0.02, rack_tiles=(2, 3, 4, 5, 6, 7, 8, 9, 10))

#: The default per-round outcome model of each scheme (by scheme name).
ROUND_MODELS: dict[str, RoundModel] = {
    "pagat": CLASSIC_ROUNDS,
    "penalty": CLASSIC_ROUNDS,
    "okeygg": CLASSIC_ROUNDS,
    "101": OKEY101_ROUNDS,
    "rummikub": RUMMIKUB_ROUNDS,
}


@dataclass(frozen=True)
class Chance:
    """A player's (or team's) chance to win the game and its standard error."""

    chance: float
    se: float

    def to_json(self) -> dict[str, float]:
        """``{"chance": 0.4131, "se": 0.0049}`` (four decimals)."""
        return {"chance": round(self.chance, 4), "se": round(self.se, 4)}


@dataclass(frozen=True)
class MatchOdds:
    """Each player's chance to win the game (``players``; ``teams`` in a partnership game, where a
    player's chance is his team's), from ``simulations`` simulated games with ``seed``.

    A finished game has no simulated games: its winners have chance 1, the others 0.
    ``rounds_left`` is the mean number of rounds the simulated games lasted; ``undecided`` the
    simulated games still going after :data:`MAX_ROUNDS` rounds (nobody won them). ``stopped`` is
    ``"time"`` when the time limit ended the simulation before the ``requested`` games.
    """

    model: RoundModel
    players: dict[str, Chance]
    teams: dict[str, Chance] | None = None
    simulations: int = 0
    requested: int = 0
    seed: int = DEFAULT_SEED
    rounds_left: float = 0.0
    undecided: int = 0
    stopped: str | None = None
    time_limit: float | None = None

    @property
    def finished(self) -> bool:
        """True when the game was already over (nothing was simulated)."""
        return self.simulations == 0

    @property
    def sides(self) -> dict[str, Chance]:
        """The chances of whoever wins the game: the teams in a partnership game, else the players."""
        return self.teams if self.teams is not None else self.players

    def to_json(self) -> dict[str, object]:
        """``{"simulations", "requested", "seed", "players": {name: {"chance", "se"}}, "teams"
        (partnership games), "rounds_left", "undecided", "stopped", "time_limit", "model"}``."""
        out: dict[str, object] = {
            "simulations": self.simulations,
            "requested": self.requested,
            "seed": self.seed,
            "players": {p: c.to_json() for p, c in self.players.items()},
        }
        if self.teams is not None:
            out["teams"] = {t: c.to_json() for t, c in self.teams.items()}
        out.update(
            rounds_left=round(self.rounds_left, 2), undecided=self.undecided, stopped=self.stopped,
            time_limit=self.time_limit, model=self.model.to_json(),
        )  # fmt: skip
        return out


class _Step(NamedTuple):
    """A scored simulated round: its points per player (and per team), in seating order."""

    score: RoundScore
    points: tuple[int, ...]
    team_points: tuple[int, ...]


class _State(NamedTuple):
    """Where a simulated game stands after a round: who still plays, and its winners once over."""

    active: tuple[str, ...]
    winners: tuple[str, ...] | None


class _Simulation:
    """Plays the rest of one game from its standings, again and again.

    Drawn rounds are scored once each (``steps``) and the end of the game worked out once for each
    set of totals (``states``): many simulated games pass through the same totals.
    """

    def __init__(self, standings: Standings, teams: Teams | None, scheme: Scheme, model: RoundModel) -> None:
        self.standings, self.teams, self.scheme, self.model = standings, teams, scheme, model
        self.players = standings.players
        self.totals = tuple(standings.totals[p] for p in self.players)
        self.team_names = teams.names if teams is not None else ()
        by_team = team_standings(teams, standings).totals if teams is not None else {}
        self.team_totals = tuple(by_team[t] for t in self.team_names)
        self.samplers: dict[tuple[str, ...], Sampler] = {}
        self.steps: dict[tuple[tuple[str, ...], Drawn], _Step] = {}
        self.states: dict[tuple[object, ...], _State] = {}

    def step(self, active: tuple[str, ...], rng: random.Random) -> _Step:
        """One round drawn among ``active`` and scored by the scheme."""
        sampler = self.samplers.get(active)
        if sampler is None:
            sampler = self.samplers[active] = self.model.sampler(active)
        drawn = sampler(rng)
        step = self.steps.get((active, drawn))
        if step is None:
            rules = self.standings.rules
            score = self.scheme.score(self.scheme.complete(drawn.round(rules, active)))
            points = tuple(score.scores.get(p, 0) for p in self.players)
            by_team = team_points(self.teams, score) if self.teams is not None else {}
            step = self.steps[(active, drawn)] = _Step(score, points, tuple(by_team[t] for t in self.team_names))
        return step

    def state(self, totals: tuple[int, ...], team_totals: tuple[int, ...], played: Sequence[RoundScore]) -> _State:
        """The end of the game (the scheme's rule) after the simulated rounds ``played``."""
        rules, players = self.standings.rules, self.players
        end = game_end(rules, players, dict(zip(players, totals)), (*self.standings.rounds, *played), self.scheme.end)
        if not end.finished:
            return _State(tuple(p for p in players if p not in end.out), None)
        if self.teams is None:
            return _State((), end.winners)
        return _State((), team_winners(self.teams, dict(zip(self.team_names, team_totals))))

    def play(self, rng: random.Random) -> tuple[tuple[str, ...], int]:
        """One simulated rest of the game: its winners (none when undecided) and its rounds."""
        totals, team_totals = self.totals, self.team_totals
        counted = self.standings.counted_rounds
        active = self.standings.active
        played: list[RoundScore] = []
        for rounds in range(1, MAX_ROUNDS + 1):
            step = self.step(active, rng)
            totals = tuple(map(add, totals, step.points))
            if team_totals:
                team_totals = tuple(map(add, team_totals, step.team_points))
            played.append(step.score)
            counted += step.score.counted
            # The end rules read the totals, who played the round (penalty: the last players out
            # together), the counted rounds (101, Rummikub) and a Kafa that wins the game.
            key = (active, totals, team_totals, counted, step.score.match_winner)
            state = self.states.get(key)
            if state is None:
                state = self.states[key] = self.state(totals, team_totals, played)
            if state.winners is not None:
                return state.winners, rounds
            active = state.active
        return (), MAX_ROUNDS


def _decided(standings: Standings, teams: Teams | None, model: RoundModel, requested: int, seed: int) -> MatchOdds:
    """A finished game: its winners at 1, the others at 0."""
    by_team = team_standings(teams, standings) if teams is not None else None
    won = set(by_team.winners if by_team is not None else standings.winners)

    def side(name: str) -> str:
        return teams.team_of(name) if teams is not None else name

    players = {p: Chance(float(side(p) in won), 0.0) for p in standings.players}
    team_chances = {t: Chance(float(t in won), 0.0) for t in teams.names} if teams is not None else None
    return MatchOdds(model, players, team_chances, 0, requested, seed)


def match_odds(
    standings: Standings,
    teams: Teams | None = None,
    *,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = DEFAULT_SEED,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    model: RoundModel | None = None,
) -> MatchOdds:
    """Each player's (with ``teams``, each team's) chance to win the game from ``standings``.

    ``simulations`` games are played out from the standings with rounds drawn from ``model`` (the
    scheme's default in :data:`ROUND_MODELS`), seeded with ``seed``; the simulation stops after the
    games simulated within ``time_limit`` seconds (None: no limit). A finished game is not simulated.

    Raises ``ValueError`` for ``simulations`` outside 1 to :data:`MAX_SIMULATIONS` or a negative time
    limit, and :class:`~okeytool.errors.RulesError` when the scheme cannot score the standings' rules.
    """
    if not 1 <= simulations <= MAX_SIMULATIONS:
        raise ValueError(f"simulations are 1 to {MAX_SIMULATIONS:,}, not {simulations!r}")
    if time_limit is not None and time_limit < 0:
        raise ValueError(f"the time limit is 0 seconds or more, not {time_limit!r}")
    scheme = scheme_for(standings.rules)
    model = model if model is not None else ROUND_MODELS[scheme.name]
    if standings.finished:
        return _decided(standings, teams, model, simulations, seed)
    simulation = _Simulation(standings, teams, scheme, model)
    sides = teams.names if teams is not None else standings.players
    wins = dict.fromkeys(sides, 0)
    rng = random.Random(seed)
    clock = time.perf_counter()
    done = rounds = undecided = 0
    stopped = None
    while done < simulations:
        if done and time_limit is not None and time.perf_counter() - clock > time_limit:
            stopped = STOPPED_TIME
            break
        for _ in range(min(BATCH, simulations - done)):
            winners, length = simulation.play(rng)
            rounds += length
            undecided += not winners
            for winner in winners:
                wins[winner] += 1
            done += 1
    chances = {s: _chance(wins[s], done) for s in sides}
    if teams is not None:
        players = {p: chances[teams.team_of(p)] for p in standings.players}
        team_chances: dict[str, Chance] | None = chances
    else:
        players, team_chances = chances, None
    return MatchOdds(
        model, players, team_chances, done, simulations, seed, rounds / done, undecided,
        stopped, time_limit,
    )  # fmt: skip


def _chance(wins: int, games: int) -> Chance:
    """The share of ``games`` won and its standard error (a binomial proportion's)."""
    p = wins / games
    return Chance(p, math.sqrt(p * (1 - p) / games))
