"""Okey 101 practice positions: which tile to throw before opening, graded by the chance to open.

A 101 position is a seat that has not opened, holds 22 tiles and must throw, taken from deal *k* of
the arena's run seeded ``seed``, played by four 101 ``acceptance`` policies
(:mod:`okeytool.arena.policies101`). A seat's turn is kept when it throws without opening (and
without going out), its 22 tiles cannot open now, and the stock still leaves it an own draw after
the throw. The position holds what that seat knows: its 22 tiles, the tiles thrown and lying (and
the tiles of pairs laid: out of play like them), the sets and runs on the table (which make a throw
an işler taş, rules.md 5.5) and its own draws left (the stock shared by the four seats).

A throw is graded by its chance to open within those draws (rules.md 5.8, the ranking of ``discard
--rules 101 --chance``), the work bounded by :class:`~okeytool.solver.okey101.chance.Effort`
(counted in steps, so the same on every machine), as a followed 101 round's review grades one
(:meth:`~okeytool.solver.okey101.chance.OpeningChanceRanking.grades`). While a throw without a
penalty exists, the best throw is the best of those (a real okey or an işler taş costs 101 points,
more than any chance is worth; the chance policy of the arena plays so), and a throw that costs a
penalty is never as good as the best: the verdict counts the chance it gives up and, apart, the
penalty it pays (:attr:`~okeytool.arena.position.Verdict.penalty`). A throw whose chance was not
computed is graded by the 101 discard ranking's order: as good as its best, or ungraded.

The distance of a 101 position is a lower bound of the draws it needs to open: the fewest draws
after which the 21 tiles its best throw leaves, with a wild for each draw, could open keeping a
tile to throw (or reach the pairs). At one draw it is exact: some tile drawn opens the hand.
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
from okeytool.solver.games import game_of
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.okey101.chance import OpeningChanceRanking

#: The policy that plays the deals the positions come from.
POLICY = "acceptance"
#: The most draws :func:`draws_to_open` counts (a hand further away is said to be this far).
MOST_DRAWS = 12


def _can_open(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """True when 22 tiles can open now (rules.md 5.8's can_open)."""
    from okeytool.solver.okey101.chance import OpeningFacts

    facts = OpeningFacts(deal)
    return facts.can_open(facts.state(tiles))


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
        answer = self.policy.ask(request)
        if request["ask"] == "play":
            from okeytool.solver.okey101.chance import draws_from_pile

            self.turns += 1
            draws = draws_from_pile(view.stock)
            plain_throw = "open" not in answer and not answer.get("lay")
            if unopened and plain_throw and draws > 0 and len(hand) == self.policy.rules.drawn_size:
                if not _can_open(self.policy.deal, hand):  # a hand that can open has another question
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


def draws_to_open(deal: Deal, tiles: Sequence[Tile]) -> int:
    """A lower bound of the draws an unopened 21-tile hand needs to open: the fewest ``n`` for
    which the hand with ``n`` wilds more opens keeping a tile to throw, or holds the pairs with
    ``n`` more (a hand after ``n`` draws holds fewer of its tiles and no better draws), up to
    :data:`MOST_DRAWS`. Exact at one draw when a real okey can still be drawn."""
    from okeytool.solver.okey101.chance import WILD, OpeningFacts

    facts = OpeningFacts(deal)
    state = facts.state(tiles)
    for n in range(1, MOST_DRAWS):
        if facts.pairs_fit and facts.pairs(state) + n >= facts.pairs_needed:
            return n
        grown = (*state[:WILD], state[WILD] + n)
        if facts.layout(grown, 1).value >= facts.points:
            return n
    return MOST_DRAWS


def grade_101(position: Position, thrown: Tile, ranking: OpeningChanceRanking, seconds: float = 0.0) -> Verdict:
    """The verdict on throwing ``thrown`` in a 101 position by ``ranking`` (:func:`rank_101`),
    graded by :meth:`~okeytool.solver.okey101.chance.OpeningChanceRanking.grades`. Raises
    :class:`KeyError` for a tile not in the hand."""
    grades = ranking.grades()
    decision = decide(0, position.hand, thrown, grades)
    left = list(position.hand)
    left.remove(grades.best.tile)
    return Verdict(position, decision, ranking, seconds, draws_to_open(position.deal, left))
