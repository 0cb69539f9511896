"""A whole game: running totals from the starting points, and when the game ends and who wins.

End rules (rules.md sections 5.7, 6 and 7), one function each:

* ``pagat``: someone at 0 or below ends the game; the two highest totals win.
* ``penalty``: someone above 20 is out (``end = elimination``, the last player left wins), or ends
  the game and the two lowest totals win (``end = two_lowest``).
* ``okeygg``: someone reaching the target (default 21) wins.
* ``101``: after ``rounds`` counted rounds (aborted rounds do not count) the lowest total wins.
* ``rummikub``: after ``rounds`` rounds the highest total wins.

A Kafa under ``kafa = match-win`` wins the whole game at once. Ties for a winning place are all
winners ("the two highest" with a tie for second place are three).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from okeytool.rules import Rules
from okeytool.score.result import RoundScore

PENALTY_LIMIT = 20


@dataclass(frozen=True)
class GameEnd:
    """Whether the game is over, its winners, and who is out (``penalty`` elimination)."""

    finished: bool
    winners: tuple[str, ...] = ()
    out: tuple[str, ...] = ()


#: A scheme's end-of-game rule: (rules, players, totals, rounds so far) -> the end, if reached.
EndRule = Callable[[Rules, Sequence[str], Mapping[str, int], Sequence[RoundScore]], GameEnd]


def best(players: Sequence[str], totals: Mapping[str, int], places: int, *, highest: bool) -> tuple[str, ...]:
    """The players holding the ``places`` best totals, ties for the last place included, in seating order.

    >>> best(["A", "B", "C", "D"], {"A": 5, "B": 9, "C": 5, "D": 1}, 2, highest=True)
    ('A', 'B', 'C')
    """
    if not players:
        return ()
    ranked = sorted((totals[p] for p in players), reverse=highest)
    bar = ranked[min(places, len(ranked)) - 1]
    return tuple(p for p in players if (totals[p] >= bar if highest else totals[p] <= bar))


def pagat_end(rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore]) -> GameEnd:
    """Someone at 0 or below: the game ends and the two highest win."""
    if any(totals[p] <= 0 for p in players):
        return GameEnd(True, best(players, totals, 2, highest=True))
    return GameEnd(False)


def penalty_end(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore]
) -> GameEnd:
    """Above 20 is out: ``elimination`` plays on until one is left; ``two_lowest`` ends, two lowest win.

    If the last players all go out in the same round, the lowest of them win (of the players of
    that round: not one who went out before).
    """
    over = tuple(p for p in players if totals[p] > PENALTY_LIMIT)
    if rules.end == "two_lowest":
        return GameEnd(True, best(players, totals, 2, highest=False)) if over else GameEnd(False)
    left = [p for p in players if p not in over]
    if len(left) > 1:
        return GameEnd(False, out=over)
    last = rounds[-1].players if rounds else players
    winners = tuple(left) if left else best(last, totals, 1, highest=False)
    return GameEnd(True, winners, tuple(p for p in over if p not in winners))


def okeygg_end(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore]
) -> GameEnd:
    """Someone reaching the target wins."""
    reached = [p for p in players if totals[p] >= rules.target]
    if reached:
        return GameEnd(True, best(reached, totals, 1, highest=True))
    return GameEnd(False)


def _after_rounds(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore], *, highest: bool
) -> GameEnd:
    """After ``rules.rounds`` counted rounds the game ends; the best total (``highest`` or lowest) wins."""
    if sum(1 for r in rounds if r.counted) >= rules.rounds:
        return GameEnd(True, best(players, totals, 1, highest=highest))
    return GameEnd(False)


def lowest_after_rounds(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore]
) -> GameEnd:
    """101: after ``rules.rounds`` counted rounds the lowest total wins."""
    return _after_rounds(rules, players, totals, rounds, highest=False)


def highest_after_rounds(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore]
) -> GameEnd:
    """Rummikub: after ``rules.rounds`` rounds the highest total wins."""
    return _after_rounds(rules, players, totals, rounds, highest=True)


@dataclass(frozen=True)
class Standings:
    """A game's state after its rounds: totals (starting points included), the running totals after
    each round, and the end of the game if reached."""

    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[RoundScore, ...]
    running: tuple[dict[str, int], ...]
    totals: dict[str, int]
    end: GameEnd

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.end.finished

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners (empty while the game goes on)."""
        return self.end.winners

    @property
    def out(self) -> tuple[str, ...]:
        """Players out of the game (``penalty`` with ``elimination``)."""
        return self.end.out

    @property
    def active(self) -> tuple[str, ...]:
        """Players still playing, in seating order."""
        return tuple(p for p in self.players if p not in self.end.out)

    @property
    def counted_rounds(self) -> int:
        """Rounds that count toward the match length (aborted 101 rounds do not)."""
        return sum(1 for r in self.rounds if r.counted)

    def to_json(self) -> dict[str, object]:
        """``{"totals", "rounds", "finished", "winners", "out", ...}``; each round with its scores and totals."""
        return {
            "rules": self.rules.name,
            "scheme": self.rules.scheme,
            "players": list(self.players),
            "start": self.rules.starting_points,
            "totals": dict(self.totals),
            "rounds": [
                {"round": k, **r.to_json(), "totals": dict(after)}
                for k, (r, after) in enumerate(zip(self.rounds, self.running), start=1)
            ],
            "counted_rounds": self.counted_rounds,
            "finished": self.finished,
            "winners": list(self.winners),
            "out": list(self.out),
        }


def standings(rules: Rules, players: Sequence[str], rounds: Sequence[RoundScore], end: EndRule) -> Standings:
    """Add up the rounds from the starting points and apply the ``end`` rule (the scheme's)."""
    players = tuple(players)
    totals = {p: rules.starting_points for p in players}
    out = Standings(rules, players, (), (), totals, end(rules, players, totals, ()))
    for round_ in rounds:
        out = extended(out, round_, end)
    return out


def extended(before: Standings, round_: RoundScore, end: EndRule) -> Standings:
    """``before`` with one more round added: its points on the totals, then the end of the game.

    The earlier rounds are not scored or added up again (a ledger replaying a game calls this once
    per round). The first Kafa under ``kafa = match-win`` wins the game; otherwise ``end`` decides.
    """
    totals = dict(before.totals)
    for player, points in round_.scores.items():
        totals[player] += points
    rounds = (*before.rounds, round_)
    after = game_end(before.rules, before.players, totals, rounds, end)
    return Standings(before.rules, before.players, rounds, (*before.running, dict(totals)), totals, after)


def game_end(
    rules: Rules, players: Sequence[str], totals: Mapping[str, int], rounds: Sequence[RoundScore], end: EndRule
) -> GameEnd:
    """The end of the game after ``rounds``, the players at ``totals``: the first Kafa under
    ``kafa = match-win`` wins it; otherwise the ``end`` rule decides.

    >>> from okeytool.rules import get_rules
    >>> game_end(get_rules("classic"), ["A", "B", "C"], {"A": 6, "B": 0, "C": 3}, (), pagat_end)
    GameEnd(finished=True, winners=('A', 'C'), out=())
    """
    kafa = next((r.match_winner for r in rounds if r.match_winner), None)
    return GameEnd(True, (kafa,)) if kafa is not None else end(rules, players, totals, rounds)
