"""Partnership 101 (eşli 101): two teams of two partners, seated opposite each other.

Each player's round is scored as in a game of four (okey101.py); a team's result is the sum of its
partners' results, and the team with the lower total after the match wins. That is the common count
(``partner_rule = "sum"``, the default). Some tables do not count the hand of the finisher's
partner: under ``partner_rule = "partner-out"`` the partner of the player who went out scores only
his discard penalties that round (his hand costs nothing).

>>> teams = parse_teams("Ali+Bora,Cem+Deniz")
>>> teams.players  # seating order: partners opposite
('Ali', 'Cem', 'Bora', 'Deniz')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from okeytool.errors import RoundError, quoted
from okeytool.score.match import Standings, best
from okeytool.score.names import MAX_QUOTED, check_name, named_twice
from okeytool.score.result import RoundScore

PARTNER_RULES = ("sum", "partner-out")
TEAM_COUNT = 2
TEAM_SIZE = 2


@dataclass(frozen=True)
class Teams:
    """Two teams of two: ``members[k]`` are team k's partners; ``rule`` is the partner rule."""

    members: tuple[tuple[str, str], ...]
    rule: str = "sum"

    @property
    def names(self) -> tuple[str, ...]:
        """Each team's name: its partners joined by ``+`` (``Ali+Bora``)."""
        return tuple("+".join(pair) for pair in self.members)

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order: first partners of each team, then the second ones (partners opposite)."""
        return tuple(pair[0] for pair in self.members) + tuple(pair[1] for pair in self.members)

    def team_of(self, player: str) -> str:
        """The name of ``player``'s team."""
        for name, pair in zip(self.names, self.members):
            if player in pair:
                return name
        raise KeyError(player)

    def partner(self, player: str) -> str:
        """``player``'s partner."""
        for first, second in self.members:
            if player == first:
                return second
            if player == second:
                return first
        raise KeyError(player)

    def renamed(self, old: str, new: str) -> Teams:
        """The teams with player ``old`` called ``new``."""
        members = tuple((new if a == old else a, new if b == old else b) for a, b in self.members)
        return Teams(members, self.rule)

    def to_json(self) -> dict[str, object]:
        """``{"teams": [["Ali", "Bora"], ["Cem", "Deniz"]], "partner_rule": "sum"}``."""
        return {"teams": [list(pair) for pair in self.members], "partner_rule": self.rule}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Teams:
        """The inverse of :meth:`to_json`: stored teams, their players told apart as they were when
        they were stored (:func:`~okeytool.score.names.named_twice`). Raises :class:`RoundError` for a
        malformed document."""
        members = data.get("teams")
        rule = data.get("partner_rule", "sum")
        if not isinstance(members, list) or not isinstance(rule, str):
            raise RoundError(f"stored teams are malformed: {quoted(data, MAX_QUOTED)}")
        pairs = [[str(p) for p in pair] for pair in members]
        return parse_teams(pairs, rule, known=[p for pair in pairs for p in pair])


def parse_teams(value: str | Sequence[Sequence[str]], rule: str = "sum", *, known: Collection[str] = ()) -> Teams:
    """Teams from ``"Ali+Bora,Cem+Deniz"`` (or a list of pairs) and a partner rule.

    Raises :class:`RoundError` for anything but two teams of two distinct, allowed names (distinct
    ignoring case and the Turkish letters; different names all in ``known``, as written), or an
    unknown partner rule.
    """
    if rule not in PARTNER_RULES:
        raise RoundError(f"the partner rule is {' or '.join(PARTNER_RULES)}, not {quoted(rule, MAX_QUOTED)}")
    if isinstance(value, str):
        pairs: list[list[str]] = [team.split("+") for team in value.split(",")]
    else:
        pairs = [list(team) for team in value]
    if len(pairs) != TEAM_COUNT or any(len(pair) != TEAM_SIZE for pair in pairs):
        raise RoundError(
            f"teams are two pairs of partners, written Ali+Bora,Cem+Deniz; got {quoted(value, MAX_QUOTED)}"
        )
    members = tuple((check_name(a, "a player name"), check_name(b, "a player name")) for a, b in pairs)
    flat = [p for pair in members for p in pair]
    if any(not p or "=" in p or "," in p or "+" in p for p in flat):
        raise RoundError(
            f"a player name in teams may not be empty or hold '=', ',' or '+': {quoted(value, MAX_QUOTED)}"
        )
    if named_twice(flat, known) is not None:
        raise RoundError(f"a player is named twice in the teams {quoted(value, MAX_QUOTED)}")
    return Teams(members, rule)


@dataclass(frozen=True)
class TeamStandings:
    """A partnership game by team: each round's team points, the running and final totals, the winners."""

    teams: Teams
    rounds: tuple[dict[str, int], ...]
    running: tuple[dict[str, int], ...]
    totals: dict[str, int]
    finished: bool
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """``{"teams", "partner_rule", "team_totals", "team_rounds", "team_winners"}``."""
        return {
            **self.teams.to_json(),
            "team_totals": dict(self.totals),
            "team_rounds": [dict(points) for points in self.rounds],
            "team_winners": list(self.winners),
        }


def team_points(teams: Teams, score: RoundScore) -> dict[str, int]:
    """One round's points by team under the partner rule."""
    points = {name: 0 for name in teams.names}
    excused = teams.partner(score.winner) if teams.rule == "partner-out" and score.winner else None
    for player in teams.players:
        if player == excused:  # his hand is not counted; discard penalties stand
            own = sum(item.points for item in score.items_of(player) if item.code == "discard_penalty")
        else:
            own = score.scores.get(player, 0)
        points[teams.team_of(player)] += own
    return points


def team_standings(teams: Teams, standings: Standings) -> TeamStandings:
    """The game by team: totals from the partners' starting points, the lower total wins at the end."""
    start = standings.rules.starting_points
    totals = {name: start * TEAM_SIZE for name in teams.names}
    rounds, running = [], []
    for score in standings.rounds:
        points = team_points(teams, score)
        rounds.append(points)
        for name, value in points.items():
            totals[name] += value
        running.append(dict(totals))
    winners = team_winners(teams, totals) if standings.finished else ()
    return TeamStandings(teams, tuple(rounds), tuple(running), totals, standings.finished, winners)


def team_winners(teams: Teams, totals: Mapping[str, int]) -> tuple[str, ...]:
    """The team(s) with the lower total, once the game is over (both, when level).

    >>> team_winners(parse_teams("Ali+Bora,Cem+Deniz"), {"Ali+Bora": 58, "Cem+Deniz": 700})
    ('Ali+Bora',)
    """
    return best(teams.names, totals, 1, highest=False)
