"""Properties of the win chance (rules.md 4.1): bounds, monotone in the draws and the risk, the
tenpai bound of keeping the hand, and a seeded simulation of the model following the computed throws."""

from __future__ import annotations

import math
import random

import pytest
from conftest import make_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BuiltHand, near_hands, one_away_hands, seen_tiles, winning_hands

from okeytool.parse.notation import parse_tiles
from okeytool.solver.classic.analysis import analyse_waits
from okeytool.solver.classic.chance import ChanceSolver, HandFacts, chance_of


@st.composite
def close_hands(draw: st.DrawFn) -> tuple[BuiltHand, tuple]:
    base = draw(one_away_hands())
    hand = draw(near_hands(base, swaps=draw(st.integers(0, 1)))) if draw(st.booleans()) else base
    return hand, draw(seen_tiles(hand.deal, hand.tiles, max_size=6))


@settings(max_examples=12, deadline=None)
@given(close_hands(), st.integers(1, 5), st.sampled_from([0.0, 0.05, 0.2]))
def test_bounded_and_monotone(case: tuple[BuiltHand, tuple], draws: int, risk: float) -> None:
    hand, seen = case
    deal, tiles = hand.deal, hand.tiles
    now = chance_of(deal, tiles, seen, draws, risk, method="advance")
    more = chance_of(deal, tiles, seen, draws + 1, risk, method="advance")
    safer = chance_of(deal, tiles, seen, draws, risk / 2, method="advance")
    assert 0.0 <= now.chance <= 1.0
    assert now.points >= 0.0
    assert more.chance >= now.chance - 1e-12
    assert safer.chance >= now.chance - 1e-12
    assert now.points <= 8 * now.chance + 1e-9  # no finish is worth more than 8 in pagat


@settings(max_examples=4, deadline=None)
@given(close_hands(), st.sampled_from([0.0, 0.1]))
def test_exact_monotone(case: tuple[BuiltHand, tuple], risk: float) -> None:
    hand, seen = case
    one = chance_of(hand.deal, hand.tiles, seen, 1, risk, method="exact")
    two = chance_of(hand.deal, hand.tiles, seen, 2, risk, method="exact")
    assert 0.0 <= one.chance <= two.chance + 1e-12 <= 1.0 + 1e-12
    safer = chance_of(hand.deal, hand.tiles, seen, 2, 0.0, method="exact")
    assert safer.chance >= two.chance - 1e-12


@settings(max_examples=12, deadline=None)
@given(one_away_hands(), st.integers(1, 6), st.data())
def test_tenpai_keeps_at_least_its_waits(hand: BuiltHand, draws: int, data: st.DataObject) -> None:
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=6))
    waits = analyse_waits(hand.deal, hand.tiles, seen)
    pool = 106 - 14 - len(seen) - 1
    got = chance_of(hand.deal, hand.tiles, seen, draws, 0.0, method="advance")
    if waits.deficiency.total == 1:
        assert got.chance >= 1 - (1 - waits.unseen_total / pool) ** draws - 1e-12


@settings(max_examples=6, deadline=None)
@given(st.data())
def test_complete_hand_always_wins(data: st.DataObject) -> None:
    deal = make_deal("R4")
    hand = data.draw(winning_hands(deal))
    got = chance_of(deal, hand.tiles, (), 3, 0.1, method="advance")
    assert got.chance == pytest.approx(1 - 0.1)


SIMULATIONS = 3000


@pytest.mark.parametrize(("indicator", "tiles", "method", "draws"), [
    ("Y7", "R1 R2 R3 B9 B10 B11 K5 Y5 K11 K12 K13 K1 B2 R9", "advance", 5),
    ("R4", "R5 R1 R2 R3 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y6", "advance", 6),
    ("R4", "R5 R1 R2 R3 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y9", "exact", 2),
    ("Y7", "R1 R2 R3 B9 B10 B11 K5 Y5 K11 K12 K13 K1 B2 R9", "swap", 5),
])  # fmt: skip
def test_simulation_agrees(indicator: str, tiles: str, method: str, draws: int) -> None:
    deal = make_deal(indicator)
    hand = deal.resolve(parse_tiles(tiles))
    risk = 0.05
    facts = HandFacts(deal)
    solver = ChanceSolver(facts, (), risk, method)  # type: ignore[arg-type]
    start = facts.state(hand)
    chance, _ = solver.solve(start, draws)
    assert 0.05 < chance < 0.95  # a case that can fail
    rng = random.Random(20261201)
    slots = range(len(start))
    wins = 0
    for _ in range(SIMULATIONS):
        state = start
        for left in range(draws, 0, -1):
            if rng.random() < risk:
                break
            weights = [max(0, solver.left[x] - state[x]) for x in slots]
            x = rng.choices(slots, weights)[0]
            if facts.info(state)[1] >> x & 1:
                wins += 1
                break
            options = solver.options(state, x, left - 1, win=False)
            if not options:
                break
            state = max(options, key=lambda o: solver.solve(o, left - 1)[0])
    rate = wins / SIMULATIONS
    error = math.sqrt(max(chance * (1 - chance), 1e-6) / SIMULATIONS)
    assert abs(rate - chance) <= 3 * error
