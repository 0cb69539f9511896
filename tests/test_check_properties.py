"""Property tests: hands built from melds win, solver answers pass the validator, the fast search,
the CP-SAT model and the brute-force reference agree."""

from __future__ import annotations

from collections import Counter

from conftest import examples
from hypothesis import event, given, settings
from hypothesis import strategies as st
from reference import meld_arrangement as reference_melds
from reference import pairs_arrangement, reference_check
from strategies import (
    BuiltHand,
    mixed_hands,
    okey_deals,
    pairs_hands,
    rummikub_deal,
    winning_hands,
    with_extra,
)

from okeytool.deal import Deal
from okeytool.solver.classic.check import CheckResult, check_hand, meld_arrangement
from okeytool.solver.melds.result import Arrangement
from okeytool.solver.melds.validator import arrangement_problem
from okeytool.tiles import FALSE_JOKER, Tile


def assert_valid(deal: Deal, tiles: tuple[Tile, ...], result: CheckResult) -> None:
    """Every win is a valid arrangement of exactly the tiles left after its discard."""
    assert result.tiles == tuple(sorted(tiles))
    for win in result.wins:
        rest = list(tiles)
        if win.discard is not None:
            rest.remove(win.discard)
        assert Counter(win.arrangement.tiles) == Counter(rest)
        assert arrangement_problem(deal, rest, win.arrangement) is None, (tiles, win)
        assert win.okey_finish == (win.discard is not None and deal.is_wild(win.discard))
    assert len(set(result.winning_discards)) == len(result.winning_discards)
    ranks = [w.multiplier for w in result.wins]
    assert ranks == sorted(ranks, reverse=True)


def summary(result: CheckResult) -> dict[Tile | None, str]:
    """Each winning discard with its kind; records the mix of answers in the statistics."""
    kinds = sorted(set(w.kind for w in result.wins))
    event(f"winning={result.winning} kinds={kinds}")
    return {w.discard: w.kind for w in result.wins}


any_deal = st.one_of(okey_deals(), okey_deals(wrap=False), st.just(rummikub_deal()))


@settings(max_examples=150)
@given(any_deal.flatmap(winning_hands))
def test_hands_built_from_melds_win(built: BuiltHand) -> None:
    result = check_hand(built.deal, built.tiles)
    assert result.winning, built
    assert result.best.discard is None
    assert_valid(built.deal, built.tiles, result)


@settings(max_examples=120)
@given(any_deal.flatmap(winning_hands).flatmap(with_extra))
def test_a_15th_tile_gives_a_winning_discard_including_it(drawn: tuple[BuiltHand, Tile]) -> None:
    built, extra = drawn
    result = check_hand(built.deal, built.tiles)
    assert extra in result.winning_discards, (built, extra)
    assert_valid(built.deal, built.tiles, result)


@settings(max_examples=80)
@given(okey_deals().flatmap(pairs_hands))
def test_seven_pairs_with_okeys_win_as_pairs(built: BuiltHand) -> None:
    result = check_hand(built.deal, built.tiles)
    assert result.winning and result.best.kind == "pairs", built
    assert result.best.multiplier == 2
    assert_valid(built.deal, built.tiles, result)


@settings(max_examples=examples(100))
@given(okey_deals().flatmap(lambda deal: winning_hands(deal, wilds=1)))
def test_a_false_joker_never_plays_as_a_wild(built: BuiltHand) -> None:
    """Replace the one real okey of a winning hand by F: it wins only where F fits as the okey face."""
    deal = built.deal
    okey = deal.okey
    tiles = list(built.tiles)
    if tiles.count(FALSE_JOKER) == 2:
        return  # no third F exists
    tiles.remove(okey)
    tiles.append(FALSE_JOKER)
    swapped = tuple(sorted(tiles))
    result = check_hand(deal, swapped)
    assert result.winning == reference_check(deal, swapped).winning, swapped
    assert_valid(deal, swapped, result)
    if result.winning:
        for meld in result.best.arrangement.melds:
            for placement in meld.placements:
                if placement.tile == FALSE_JOKER:
                    assert placement.as_ == okey


@settings(max_examples=120)
@given(mixed_hands(any_deal))
def test_search_agrees_with_the_reference_on_14_tiles(built: BuiltHand) -> None:
    result = check_hand(built.deal, built.tiles)
    assert summary(result) == reference_check(built.deal, built.tiles).wins, built
    assert_valid(built.deal, built.tiles, result)


@settings(max_examples=examples(70))
@given(mixed_hands(any_deal).flatmap(with_extra))
def test_search_agrees_with_the_reference_on_15_tiles(drawn: tuple[BuiltHand, Tile]) -> None:
    built, _ = drawn
    result = check_hand(built.deal, built.tiles)
    assert summary(result) == reference_check(built.deal, built.tiles).wins, built
    assert_valid(built.deal, built.tiles, result)


@settings(max_examples=examples(60))
@given(mixed_hands(any_deal))
def test_cpsat_agrees_with_the_search_and_the_reference_on_14_tiles(built: BuiltHand) -> None:
    deal = built.deal
    fast = check_hand(deal, built.tiles)
    model = check_hand(deal, built.tiles, solver="cpsat")
    assert summary(model) == summary(fast) == reference_check(deal, built.tiles).wins, built
    assert_valid(deal, built.tiles, model)
    # The meld model on its own, also where seven pairs would have answered first.
    hand = deal.solver_hand(built.tiles)
    melds = meld_arrangement(deal, hand, solver="cpsat")
    event(f"meld hand={melds is not None}")
    assert (melds is not None) == (meld_arrangement(deal, hand) is not None)
    assert (melds is not None) == (reference_melds(deal, built.tiles) is not None)
    if melds is not None:
        assert arrangement_problem(deal, built.tiles, Arrangement("melds", melds.melds)) is None


@settings(max_examples=30)
@given(mixed_hands(okey_deals()).flatmap(with_extra))
def test_cpsat_agrees_with_the_search_on_15_tiles(drawn: tuple[BuiltHand, Tile]) -> None:
    built, _ = drawn
    fast = check_hand(built.deal, built.tiles)
    model = check_hand(built.deal, built.tiles, solver="cpsat")
    assert model.winning == fast.winning
    assert summary(model) == summary(fast), built
    assert [w.discard for w in model.wins][:1] == [w.discard for w in fast.wins][:1]
    assert_valid(built.deal, built.tiles, model)


@settings(max_examples=60)
@given(okey_deals().flatmap(winning_hands))
def test_kafa_flag_matches_its_definition(built: BuiltHand) -> None:
    from reference import is_kafa

    result = check_hand(built.deal, built.tiles)
    if result.best.kind == "melds":
        assert result.best.kafa == is_kafa(built.deal, built.tiles)


@settings(max_examples=60)
@given(okey_deals().flatmap(pairs_hands))
def test_reference_pairs_agree_on_built_pairs(built: BuiltHand) -> None:
    assert pairs_arrangement(built.deal, built.tiles) is not None
