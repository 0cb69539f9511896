"""Okey 101 practice positions: which tile to throw before opening, graded by the chance to open.

A 101 position is a seat that has not opened, holds 22 tiles and must throw, taken from deal *k* of
the arena's run seeded ``seed``, played by four 101 ``acceptance`` policies
(:mod:`okeytool.arena.policies101`). A seat's turn is kept when it throws without opening (and
without going out) while the stock still leaves it an own draw after the throw. The position holds
what that seat knows: its 22 tiles, the tiles thrown and lying (and the tiles of pairs laid: out of
play like them), the sets and runs on the table (which make a throw an işler taş, rules.md 5.5)
and its own draws left (the stock shared by the four seats).

A throw is graded by its chance to open within those draws (rules.md 5.8, the ranking of ``discard
--rules 101 --chance``), the work bounded by :class:`~okeytool.solver.okey101.chance.Effort`
(counted in steps, so the same on every machine). A throw that costs a penalty (a real okey, an
işler taş: 101 points) is worth nothing while a throw without one exists, as a followed 101 round's
grades count it, so the best throw never costs a penalty when one can be avoided. A throw whose chance
was not computed is graded by the 101 discard ranking's order: as good as its best, or ungraded.

The distance of a 101 position is the fewest draws that could open the 21 tiles its best throw
leaves, each draw counted as the tile it needs (a wild), so 1 for a hand one tile from opening.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.arena.policies101 import Policy101, make_policy
from okeytool.arena.position import Position, Verdict, check_work
from okeytool.arena.seats import Message, Seat
from okeytool.arena.table import deal_of, policy_seed
from okeytool.arena.table101 import play_round_101
from okeytool.deal import Deal
from okeytool.round.review import decide
from okeytool.rules import Rules
from okeytool.solver.advice import Grade, Grades
from okeytool.solver.games import game_of
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.okey101.chance import OpeningChanceRanking

#: The policy that plays the deals the positions come from.
POLICY = "acceptance"
#: The most draws :func:`draws_to_open` counts (a hand further away is said to be this far).
MOST_DRAWS = 12


class _Watcher101(Seat):
    """A 101 policy at the table whose view is kept each time it throws before opening."""

    def __init__(self, policy: Policy101, place: int) -> None:
        self.policy = policy
        self.place = place
        self.name = policy.name
        self.views: list[tuple[int, tuple[Tile, ...], tuple[Tile, ...], tuple[TableMeld, ...], int]] = []
        self.turns = 0

    def see(self, event: Message) -> None:
        self.policy.see(event)

    def ask(self, request: Message) -> Message:
        view = self.policy.view
        unopened, hand = view.mine is None, tuple(sorted(view.hand))
        out = [*view.thrown, *(t for m in view.table if m.is_pair for t in m.meld.tiles)]
        table = tuple(m.table_meld() for m in view.table if not m.is_pair)
        draws = view.stock // game_of(self.policy.rules).seats  # every seat draws before his next turn
        answer = self.policy.ask(request)
        if request["ask"] == "play":
            self.turns += 1
            plain_throw = "open" not in answer and not answer.get("lay")
            if unopened and plain_throw and draws > 0 and len(hand) == self.policy.rules.drawn_size:
                self.views.append((self.turns, hand, tuple(sorted(out)), table, draws))
        return answer


def deal_positions_101(rules: Rules, seed: int, deal: int) -> list[Position]:
    """Every 101 position of deal ``deal`` of the arena's run seeded ``seed``, played by
    :data:`POLICY` in every seat: seat by seat, each seat's turns in order (counted from 1)."""
    dealt = deal_of(rules, seed, deal)
    assert dealt.indicator is not None, "101 is dealt with an indicator"
    watchers = [
        _Watcher101(make_policy(POLICY, rules, random.Random(policy_seed(seed, deal, 0, place))), place)
        for place in range(game_of(rules).seats)
    ]
    play_round_101(rules, dealt, watchers, {"deal": deal, "game": 0, "rules": rules.name, "options": {}})
    return [
        Position(f"{seed}/{deal}/{w.place}/{n}", rules, dealt.indicator, hand, seen, draws, table)
        for w in watchers
        for n, hand, seen, table, draws in w.views
    ]


def rank_101(position: Position, *, work: float) -> OpeningChanceRanking:
    """The throws of a 101 position by their chance to open within its draws (rules.md 5.8),
    ``work`` seconds of counted work. Raises :class:`InputError` for work outside (0, 60]."""
    from okeytool.solver.okey101.chance import DEFAULT_RISK, Effort, opening_chance_ranking

    check_work(work)
    return opening_chance_ranking(
        position.deal, position.hand, position.seen, draws=position.draws, risk=DEFAULT_RISK,
        table=position.table, effort=Effort(seconds=work),
    )  # fmt: skip


def opening_grades(ranking: OpeningChanceRanking) -> Grades:
    """The grades of a 101 position's throws: the chance to open; 0 for a throw that costs a
    penalty while one without exists; best first (the computed ones by grade, ties and the rest in
    the 101 discard ranking's order)."""
    free = any(not r.penalty for r in ranking.rows)
    rows = [Grade(r.tile, 0.0 if r.penalty and free else r.chance, (r.plain,)) for r in ranking.rows]
    rows.sort(key=lambda g: (g.value is None, -(g.value or 0.0), g.rank))
    return Grades(f"opening-chance:{ranking.model.method}", tuple(rows), ranking.model.draws)


def draws_to_open(deal: Deal, tiles: Sequence[Tile]) -> int:
    """The fewest draws that could open an unopened 21-tile hand, each draw the tile it needs (a
    wild in its place), up to :data:`MOST_DRAWS`."""
    from okeytool.solver.okey101.chance import OpeningFacts

    facts = OpeningFacts(deal)
    state = facts.state(tiles)
    return next((n for n in range(1, MOST_DRAWS) if not facts.bound_zero(state, n)), MOST_DRAWS)


def grade_101(position: Position, thrown: Tile, ranking: OpeningChanceRanking, seconds: float = 0.0) -> Verdict:
    """The verdict on throwing ``thrown`` in a 101 position by ``ranking`` (:func:`rank_101`).
    Raises :class:`KeyError` for a tile not in the hand."""
    grades = opening_grades(ranking)
    decision = decide(0, position.hand, thrown, grades)
    penalty = next(r.penalty for r in ranking.rows if r.tile == thrown)
    left = list(position.hand)
    left.remove(grades.best.tile)
    return Verdict(position, decision, ranking, seconds, draws_to_open(position.deal, left), penalty)
