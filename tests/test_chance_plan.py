"""The advancing methods' planned recursion (``ChanceSolver.solve``) against the recursion as stated
(``solve_reference`` in tests/chance_reference.py): the same floats, on seeded hands one and two tiles away."""

from __future__ import annotations

from chance_reference import solve_reference
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BuiltHand, near_hands, one_away_hands, seen_tiles

from okeytool.solver.classic.chance import ChanceSolver, HandFacts, Method


@settings(max_examples=examples(25), deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.sampled_from(["advance", "swap"]), st.integers(1, 4))
def test_planned_recursion_is_the_reference(hand: BuiltHand, data: st.DataObject, method: Method, draws: int) -> None:
    if data.draw(st.booleans()):
        hand = data.draw(near_hands(hand, swaps=1))
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    facts = HandFacts(hand.deal, compiled=False)  # tests/test_chance_compiled.py holds the compiled one to it
    state = facts.state(hand.tiles)
    planned = ChanceSolver(facts, seen, 0.05, method).solve(state, draws)
    reference = solve_reference(ChanceSolver(HandFacts(hand.deal), seen, 0.05, method), state, draws)
    assert planned == reference
    assert planned[0] >= 0.0 and planned[1] >= 0.0
