"""The chance recursion's own hand facts (deficiency, winning draws, useful draws, read off the cover
programme where it alone decides) against the analyser's answers, on seeded hands of every kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BuiltHand, mixed_hands, near_hands, one_away_hands

from okeytool.deal import SolverHand
from okeytool.solver.classic.analysis import Analyser
from okeytool.solver.classic.chance import WILD_SLOT, HandFacts


def analyser_info(analyser: Analyser, facts: HandFacts, hand: SolverHand) -> tuple[int, int, int]:
    """(deficiency, winning-draw mask, useful-draw mask) as the analyser answers them."""
    k = analyser.deficiency(hand).total
    useful = 0
    for tile in analyser.useful_draws(hand) if k else ():
        useful |= 1 << facts.slot(tile)
    wins = (1 << (WILD_SLOT + 1)) - 1 if k == 0 else useful if k == 1 else 0
    return k, wins, useful


def check(hand: BuiltHand) -> None:
    facts = HandFacts(hand.deal, Analyser(hand.deal))
    analyser = Analyser(hand.deal)
    state = facts.state(hand.tiles)
    solver_hand = hand.deal.solver_hand(hand.tiles)
    assert facts.info(state) == analyser_info(analyser, facts, solver_hand)
    fresh = HandFacts(hand.deal, Analyser(hand.deal))
    assert fresh.deficiency(state) == analyser.deficiency(solver_hand).total


@settings(max_examples=150, deadline=None)
@given(mixed_hands())
def test_facts_agree_with_the_analyser(hand: BuiltHand) -> None:
    check(hand)


@settings(max_examples=100, deadline=None)
@given(one_away_hands(), st.data())
def test_facts_agree_near_winning(hand: BuiltHand, data: st.DataObject) -> None:
    check(hand)
    check(data.draw(near_hands(hand, swaps=1)))
