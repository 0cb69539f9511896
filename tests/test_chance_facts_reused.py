"""Hand facts kept for a deal and passed to later rankings (as a seat does over a round): the
answers are those of facts found anew, a budgeted ranking is never less complete, and facts of
another deal are refused."""

from __future__ import annotations

import random

import pytest

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile
from okeytool.rules import get_rules
from okeytool.solver.classic.chance import Effort, HandFacts, chance_of, chance_ranking
from okeytool.tiles import Tile


def _tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


DEAL = Deal(get_rules("classic"), parse_tile("R4"))
HANDS = [
    _tiles("R1 R2 R3 B7 B8 B9 K11 K12 K13 Y2 Y2 Y5 Y6 B1 K4"),
    _tiles("R1 R2 R3 B7 B8 B9 K11 K12 Y13 Y2 Y2 Y5 Y6 B1 K4"),
    _tiles("R1 R2 B3 B7 B8 B9 K11 K12 Y13 Y2 Y2 Y5 Y6 B1 K4"),
]


def _rows(ranking: object) -> list[tuple[str, float | None, float | None, str | None]]:
    return [(str(r.tile), r.chance, r.points, r.stopped) for r in ranking.rows]  # type: ignore[attr-defined]


def test_reused_facts_give_the_answers_of_fresh_ones() -> None:
    facts = HandFacts(DEAL)
    for hand in HANDS:  # one hand after another, as a round goes: each later one meets known hands
        kept = chance_ranking(DEAL, hand, draws=4, risk=0.05, method="advance", facts=facts)
        fresh = chance_ranking(DEAL, hand, draws=4, risk=0.05, method="advance")
        assert _rows(kept) == _rows(fresh)
        rest = hand[:-1]
        assert chance_of(DEAL, rest, draws=3, facts=facts, method="exact") == chance_of(
            DEAL, rest, draws=3, method="exact"
        )


def test_a_budgeted_ranking_with_known_facts_is_never_less_complete() -> None:
    effort = Effort(seconds=0.002)
    facts = HandFacts(DEAL)
    for hand in HANDS:
        chance_ranking(DEAL, hand, draws=8, effort=effort, facts=facts)
    again = chance_ranking(DEAL, HANDS[0], draws=8, effort=effort, facts=facts)
    fresh = chance_ranking(DEAL, HANDS[0], draws=8, effort=effort)
    assert sum(r.computed for r in again.rows) >= sum(r.computed for r in fresh.rows)
    # the rows both computed have the same chance and points: facts never change a value
    computed = {str(r.tile): (r.chance, r.points) for r in fresh.rows if r.computed}
    for row in again.rows:
        if str(row.tile) in computed:
            assert (row.chance, row.points) == computed[str(row.tile)]


def test_facts_of_another_deal_are_refused() -> None:
    other = HandFacts(Deal(get_rules("classic"), parse_tile("K9")))
    with pytest.raises(InputError, match="another deal"):
        chance_ranking(DEAL, HANDS[0], draws=2, facts=other)
    with pytest.raises(InputError, match="another deal"):
        chance_of(DEAL, HANDS[0][:-1], draws=2, facts=other)


def test_a_seat_keeps_its_facts_for_the_game() -> None:
    from okeytool.arena.policies import make_policy

    seat = make_policy("chance", get_rules("classic"), random.Random(1))
    seat.see({"event": "deal", "seat": 0, "rules": "classic", "options": {}, "indicator": "R4",
              "hand": [str(t) for t in HANDS[0]]})  # fmt: skip
    facts = seat.facts()  # type: ignore[attr-defined]
    assert seat.facts() is facts  # type: ignore[attr-defined]
    assert facts.deal == DEAL
