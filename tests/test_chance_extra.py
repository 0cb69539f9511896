"""The ``extra`` method (the search bound of the mahjong calculators: swaps and steps back while the
tiles exchanged plus the deficiency stay below the hand's deficiency plus N): the recursion against
its rule as stated (tests/chance_reference.py), and where it lies among the other methods."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from chance_reference import solve_extra_reference
from conftest import examples, make_deal
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import BuiltHand, extra_tile, near_hands, one_away_hands, seen_tiles

from okeytool.errors import InputError
from okeytool.parse.notation import parse_tiles
from okeytool.solver.classic.chance import COMPILED, ChanceSolver, ExtraOrigin, HandFacts, chance_of, chance_ranking
from okeytool.tiles import Tile

TOLERANCE = 1e-12


def without(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    """The tiles less one copy of ``tile``."""
    rest = list(tiles)
    rest.remove(tile)
    return rest


def hand_and_seen(hand: BuiltHand, data: st.DataObject, swaps: int) -> tuple[BuiltHand, tuple]:
    for _ in range(swaps):
        hand = data.draw(near_hands(hand, swaps=1))
    return hand, data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))


@settings(max_examples=examples(40), deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(0, 2), st.integers(1, 3))
def test_the_recursion_is_its_rule(hand: BuiltHand, data: st.DataObject, extra: int, draws: int) -> None:
    hand, seen = hand_and_seen(hand, data, data.draw(st.integers(0, 2)))
    facts = HandFacts(hand.deal, compiled=False)  # tests/test_chance_compiled.py holds the compiled one to it
    state = facts.state(hand.tiles)
    fast = ChanceSolver(facts, seen, 0.05, "extra", extra=extra).solve(state, draws)
    stated = solve_extra_reference(ChanceSolver(HandFacts(hand.deal), seen, 0.05, "extra", extra=extra), state, draws)
    assert fast[0] == pytest.approx(stated[0], abs=TOLERANCE) and fast[1] == pytest.approx(stated[1], abs=TOLERANCE)


@settings(max_examples=examples(40), deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(0, 2), st.integers(1, 3))
def test_a_discard_counts_from_the_hand_ranked(hand: BuiltHand, data: st.DataObject, extra: int, draws: int) -> None:
    """A row of a ranking: its exchanges counted from the 15 tiles ranked, its bound from the fewest
    tiles away any discard leaves them, against the rule as stated."""
    hand, seen = hand_and_seen(hand, data, data.draw(st.integers(0, 2)))
    ranked = [*hand.tiles, data.draw(extra_tile(hand.deal, [*hand.tiles, *seen]))]
    facts = HandFacts(hand.deal, compiled=False)
    grown = facts.state(ranked)
    after = {tile: facts.deficiency(facts.state(without(ranked, tile))) for tile in set(ranked)}
    fewest = min(after.values())
    farther = sorted(tile for tile, d in after.items() if d > fewest)  # where the two counts part most
    thrown = data.draw(st.sampled_from(farther if farther and data.draw(st.booleans()) else sorted(after)))
    rest = without(ranked, thrown)
    solver = ChanceSolver(facts, [*seen, thrown], 0.05, "extra", extra=extra, origin=ExtraOrigin(grown, fewest))
    fast = solver.solve(facts.state(rest), draws)
    reference = ChanceSolver(HandFacts(hand.deal), [*seen, thrown], 0.05, "extra", extra=extra)
    stated = solve_extra_reference(reference, facts.state(rest), draws, (grown, fewest))
    assert fast[0] == pytest.approx(stated[0], abs=TOLERANCE) and fast[1] == pytest.approx(stated[1], abs=TOLERANCE)


@settings(max_examples=examples(30), deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(1, 3))
def test_between_advance_and_exact_and_growing_with_n(hand: BuiltHand, data: st.DataObject, draws: int) -> None:
    hand, seen = hand_and_seen(hand, data, data.draw(st.integers(0, 1)))
    facts = HandFacts(hand.deal)
    state = facts.state(hand.tiles)
    advance = ChanceSolver(facts, seen, 0.05, "advance").solve(state, draws)
    exact = ChanceSolver(facts, seen, 0.05, "exact").solve(state, draws)
    ladder = [advance, *(ChanceSolver(facts, seen, 0.05, "extra", extra=n).solve(state, draws) for n in range(4))]
    for lower, higher in zip(ladder, ladder[1:]):  # a larger N allows more, never less
        assert lower[0] <= higher[0] + TOLERANCE and lower[1] <= higher[1] + TOLERANCE
    assert ladder[-1][0] <= exact[0] + TOLERANCE and ladder[-1][1] <= exact[1] + TOLERANCE
    if draws == 1:  # one draw: a win or nothing, whatever the method
        assert all(v == pytest.approx(exact[0], abs=TOLERANCE) for v, _ in ladder)
    if draws == 2:  # with room to swap and step back everywhere, the chance is exact's (holding aside)
        assert ladder[-1][0] == pytest.approx(exact[0], abs=TOLERANCE)


@settings(max_examples=examples(30), deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(1, 6))
def test_n_zero_one_away_is_advance(hand: BuiltHand, data: st.DataObject, draws: int) -> None:
    """One away (or complete) with N = 0 there is no room for a swap: the hand waits, as advance does."""
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    facts = HandFacts(hand.deal)
    state = facts.state(hand.tiles)
    assume(facts.deficiency(state) <= 1)  # a pairs hand where seven pairs do not count may be farther
    advance = ChanceSolver(facts, seen, 0.05, "advance").solve(state, draws)
    extra = ChanceSolver(facts, seen, 0.05, "extra", extra=0).solve(state, draws)
    assert extra[0] == pytest.approx(advance[0], abs=TOLERANCE) and extra[1] == pytest.approx(advance[1], abs=TOLERANCE)


def test_one_exchange_finds_the_swap_advance_misses() -> None:
    # One away with a narrow wait (R11 seen); at 4 draws a swap or a step back is worth more.
    deal = make_deal("Y7")
    hand = deal.resolve(parse_tiles("R1 R2 R3 B9 B10 B11 K5 Y5 K11 K12 K13 K1 R9 R10"))
    seen = deal.resolve(parse_tiles("R11 B5"))
    advance = chance_of(deal, hand, seen, 4, 0.05, method="advance")
    one = chance_of(deal, hand, seen, 4, 0.05, method="extra", extra=1)  # by name: no work limit
    assert one.chance > advance.chance + 0.005  # 0.088 against 0.081
    assert one.model.method == "extra" and one.model.extra == 1 and one.model.states and one.model.states > 0
    assert one.model.to_json()["extra"] == 1 and "states" in one.model.to_json()
    assert "extra" not in advance.model.to_json()


def test_ranking_reports_n_and_the_states_searched() -> None:
    deal = make_deal("Y7")
    tiles = deal.resolve(parse_tiles("R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"))
    ranking = chance_ranking(deal, tiles, draws=3, extra=1)
    assert ranking.model.extra == 1 and ranking.model.states is not None and ranking.model.states > 0
    assert {row.method for row in ranking.rows if not row.option.wins} == {"extra"}
    plain = chance_ranking(deal, tiles, draws=3)
    assert sorted(str(row.tile) for row in ranking.rows) == sorted(str(row.tile) for row in plain.rows)


@pytest.mark.skipif(not COMPILED, reason="a whole ranking within the default work needs the compiled recursion")
def test_a_ranking_searches_its_farther_discards_less() -> None:
    """Counted from the hand ranked, as the mahjong calculators count (each row is the rule as stated
    with the 15 tiles and the fewest tiles away as its origin): a discard that leaves it as close as
    any searches at least as much as when counted from itself (drawing its own discard back is no
    exchange); one that leaves it farther starts nearer the bound, so it searches less, never below
    advance. (Python's recursion is held to the compiled one's floats in test_chance_compiled.)"""
    deal = make_deal("Y7")
    tiles = deal.resolve(parse_tiles("R1 R2 R3 B9 B10 B11 K5 Y5 K11 K12 K13 K1 R9 R10 Y2"))
    ranking = chance_ranking(deal, tiles, draws=4, extra=1)
    fewest = min(row.option.deficiency for row in ranking.rows)
    facts = HandFacts(deal)
    counted = (facts.state(tiles), fewest)
    closest = ranking.rows[0]
    far_row = next(row for row in ranking.rows if row.option.deficiency > fewest)
    for row in (closest, far_row):  # the rule as stated (slow: two rows)
        reference = ChanceSolver(facts, [row.tile], 0.05, "extra", extra=1)
        stated = solve_extra_reference(reference, facts.state(without(tiles, row.tile)), 4, counted)
        assert row.chance == pytest.approx(stated[0], abs=TOLERANCE)
    farther = below_own = 0
    for row in ranking.rows:
        assert row.chance is not None
        rest = without(tiles, row.tile)
        own = chance_of(deal, rest, [row.tile], 4, 0.05, method="extra", extra=1).chance
        advance = chance_of(deal, rest, [row.tile], 4, 0.05, method="advance").chance
        assert row.chance >= advance - TOLERANCE
        if row.option.deficiency == fewest:
            assert row.chance >= own - TOLERANCE
        else:
            assert row.chance <= own + TOLERANCE
            farther += 1
            below_own += row.chance < own - 1e-6
    assert farther == below_own == 10


def test_a_negative_n_is_refused() -> None:
    deal = make_deal("Y7")
    with pytest.raises(InputError, match="--extra"):
        ChanceSolver(HandFacts(deal), (), 0.05, "extra", extra=-1)
