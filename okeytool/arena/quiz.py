"""Practice positions: "what would you throw?" from seeded arena rounds, graded by win chance.

A quiz of ``count`` positions seeded ``seed`` takes one position from each of the arena's deals
0, 1, 2 ... of that seed (:func:`okeytool.arena.table.deal_of`): the deal is played out by four
``acceptance`` policies (:mod:`okeytool.arena.policies`), and every time a seat is asked to throw
with 15 tiles its view is kept (the hand, the tiles it has seen out of play, the own draws the
stock leaves after the throw). One of those views is picked with a random generator seeded from
(seed, deal) alone, leaving out a hand that goes out (nothing to practise) and one with no draw
left (no chance to play for). The same seed gives the same positions on every machine.

A throw is graded as a followed round's review grades one (:mod:`okeytool.round.review`): by its
win chance within the position's own draws (rules.md 4.1), against the best throw's chance, the
work bounded by :class:`~okeytool.solver.classic.chance.Effort` (counted in steps, so the same on
every machine). A throw whose chance was not computed is graded by the plain ranking: as good as
its best, or ungraded.

That is classic Okey (the ``classic`` and ``okeygg`` profiles). Okey 101 positions (a seat that has
not opened, 22 tiles, graded by the chance to open) are dealt and graded by
:mod:`okeytool.arena.quiz101`; :func:`positions`, :func:`rank` and :func:`grade` take both.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from okeytool.arena.policies import Policy, make_policy
from okeytool.arena.position import Position, Verdict, check_work, verdict_row
from okeytool.arena.seats import Message, Seat
from okeytool.arena.table import deal_of, play_round, policy_seed
from okeytool.errors import InputError
from okeytool.round.review import decide
from okeytool.rules import Rules, get_rules
from okeytool.solver.advice import Grade, Grades
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.classic.chance import ChanceRanking
    from okeytool.solver.okey101.chance import OpeningChanceRanking

#: The policy that plays the deals the positions come from.
POLICY = "acceptance"
#: Seconds of work (counted in steps) the win chances of one position may take.
DEFAULT_WORK = 1.0
#: The most positions one quiz deals.
MAX_COUNT = 100
#: Deals tried per position before a quiz gives up (a deal may offer no position).
DEALS_PER_POSITION = 4


class _Watcher(Seat):
    """A policy at the table whose view is kept each time it is asked to throw (not when it goes out)."""

    def __init__(self, policy: Policy, place: int) -> None:
        self.policy = policy
        self.place = place
        self.name = policy.name
        self.views: list[tuple[int, tuple[Tile, ...], tuple[Tile, ...], int]] = []
        self.throws = 0

    def see(self, event: Message) -> None:
        self.policy.see(event)

    def ask(self, request: Message) -> Message:
        view = self.policy.view
        hand, seen, draws = tuple(sorted(view.hand)), tuple(sorted(view.seen)), view.own_draws()
        answer = self.policy.ask(request)
        if request["ask"] == "throw":
            self.throws += 1
            if "win" not in answer and draws > 0:
                self.views.append((self.throws, hand, seen, draws))
        return answer


def deal_positions(rules: Rules, seed: int, deal: int) -> list[Position]:
    """Every position of deal ``deal`` of the arena's run seeded ``seed``, played by :data:`POLICY`
    in every seat: seat by seat, each seat's throws in order."""
    dealt = deal_of(rules, seed, deal)
    assert dealt.indicator is not None, "positions() takes only rules with an indicator"
    watchers = [
        _Watcher(make_policy(POLICY, rules, random.Random(policy_seed(seed, deal, 0, place))), place)
        for place in range(4)
    ]
    play_round(rules, dealt, watchers, {"deal": deal, "game": 0, "rules": rules.name, "options": {}})
    return [
        Position(f"{seed}/{deal}/{w.place}/{n}", rules, dealt.indicator, hand, seen, draws)
        for w in watchers
        for n, hand, seen, draws in w.views
    ]


def positions(seed: int, count: int, rules: Rules | None = None) -> list[Position]:
    """``count`` positions of the quiz seeded ``seed`` (see the module), classic or (rules whose
    players open with melds) 101. Raises :class:`InputError` for a count outside
    1..:data:`MAX_COUNT` or rules of a game without throws to practise."""
    rules = get_rules("classic") if rules is None else rules
    if not 1 <= count <= MAX_COUNT:
        raise InputError(f"--count must be from 1 to {MAX_COUNT}, got {count}")
    from okeytool.solver.games import game_of

    check_rules(rules)
    game = game_of(rules)
    if game.opens:
        from okeytool.arena.quiz101 import deal_positions_101 as dealer
    else:
        dealer = deal_positions
    salt = "101/" if game.opens else ""
    out: list[Position] = []
    for deal in range(count * DEALS_PER_POSITION):
        if len(out) == count:
            break
        found = dealer(rules, seed, deal)
        if found:
            out.append(random.Random(f"okeytool-quiz/{salt}{seed}/{deal}").choice(found))
    return out


def check_rules(rules: Rules) -> None:
    """Refuse, with :class:`InputError`, rules of a game the quiz has no positions of (one without
    a throw graded by a chance: Rummikub)."""
    from okeytool.solver.games import game_of

    if not game_of(rules).reads("discard", "chance") or not rules.has_indicator:
        raise InputError(f"the quiz deals Okey positions (rules classic, okeygg or 101), not {rules.name}")


def rank(position: Position, *, work: float = DEFAULT_WORK) -> ChanceRanking | OpeningChanceRanking:
    """The throws of ``position`` by win chance (101: by the chance to open) within its draws,
    ``work`` seconds of counted work. Raises :class:`InputError` for work outside (0, 60]."""
    if position.opens:
        from okeytool.arena.quiz101 import rank_101

        return rank_101(position, work=work)
    from okeytool.solver.classic.chance import Effort, chance_ranking

    check_work(work)
    return chance_ranking(
        position.deal, position.hand, position.seen, draws=position.draws, effort=Effort(seconds=work)
    )


def grade(
    position: Position, thrown: Tile, ranking: ChanceRanking | OpeningChanceRanking, seconds: float = 0.0
) -> Verdict:
    """The verdict on throwing ``thrown`` in ``position`` by ``ranking`` (:func:`rank`).
    Raises :class:`KeyError` for a tile not in the hand."""
    if position.opens:
        from okeytool.arena.quiz101 import grade_101
        from okeytool.solver.okey101.chance import OpeningChanceRanking

        assert isinstance(ranking, OpeningChanceRanking), "a 101 position is graded by its opening chance"
        return grade_101(position, thrown, ranking, seconds)
    from okeytool.solver.classic.analysis import plain_rank
    from okeytool.solver.classic.chance import ChanceRanking

    assert isinstance(ranking, ChanceRanking), "a classic position is graded by its win chance"

    deal = position.deal
    rows = tuple(Grade(r.tile, r.chance, plain_rank(deal, r.option)) for r in ranking.rows)
    grades = Grades(f"chance:{ranking.model.method}", rows, ranking.model.draws)
    decision = decide(0, position.hand, thrown, grades)
    distance = min(r.option.deficiency for r in ranking.rows)
    return Verdict(position, decision, ranking, seconds, distance)


__all__ = [
    "DEFAULT_WORK",
    "MAX_COUNT",
    "Position",
    "Verdict",
    "check_rules",
    "check_work",
    "deal_positions",
    "grade",
    "positions",
    "rank",
    "verdict_row",
]
