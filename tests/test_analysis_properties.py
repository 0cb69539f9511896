"""Property tests of the hand analysis (rules.md section 4): deficiency, waits, useful tiles, unseen.

Each property is held against a computation that does not go through the analysis: ``check_hand``
tried on every drawable tile, a seven-pairs count written here from the rules text, the CP-SAT meld
model, and the definition of a useful tile applied tile by tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from conftest import examples
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import (
    BuiltHand,
    analysis_deals,
    dense_hands,
    extra_tile,
    legal_hands,
    mixed_hands,
    near_hands,
    one_away_hands,
    pairs_hands,
    seen_tiles,
    winning_hands,
)

from okeytool.deal import Deal
from okeytool.solver.classic.analysis import Analyser, WaitsResult, _bits, analyse_waits
from okeytool.solver.classic.check import check_hand
from okeytool.solver.classic.model import MeldModel
from okeytool.tiles import ALL_FACES, FACE_COUNT, FALSE_JOKER, Tile

#: Every tile a player can hold, as written: the 52 faces (a real okey is its face) and F.
WRITTEN_TILES = (*ALL_FACES, FALSE_JOKER)


def copies_outside_indicator(deal: Deal, tile: Tile) -> int:
    """rules.md section 1: two of each face (real okeys too), two F, one of the indicator's face left."""
    return 1 if tile == deal.indicator else 2


def drawable(deal: Deal, tiles: Sequence[Tile]) -> list[Tile]:
    """The tiles that can still exist beside ``tiles`` (not every copy in the hand or the indicator)."""
    held = Counter(tiles)
    return [t for t in WRITTEN_TILES if held[t] < copies_outside_indicator(deal, t)]


def brute_waits(deal: Deal, tiles: Sequence[Tile]) -> set[Tile]:
    """rules.md 4 ``waits`` by definition: the drawable X for which H + X has a winning discard."""
    return {x for x in drawable(deal, tiles) if check_hand(deal, [*tiles, x]).winning}


def pairs_reference(deal: Deal, tiles: Sequence[Tile]) -> int:
    """Seven-pairs deficiency of 14 tiles, from the rules text: choose the seven pairs of the final
    hand (two plain tiles of a face, a plain tile with a wild, or two wilds; at most two wilds in the
    game, a plain pair only of a face with two copies outside the indicator) keeping most held tiles."""
    wilds = sum(1 for t in tiles if deal.is_wild(t))
    plain = Counter(deal.plays_as(t) for t in tiles if not deal.is_wild(t))
    # best[(pairs, wild slots)] = most plain tiles of the hand kept
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for face in ALL_FACES:
        held = plain[face]
        step = dict(best)
        for (pairs, slots), kept in best.items():
            if pairs == 7:
                continue
            choices = [(0, min(held, 1))] if slots < 2 else []  # face + wild
            if copies_outside_indicator(deal, face) == 2:
                choices.append((-1, min(held, 2)))  # two plain tiles (slots -1: no wild)
            for wild_slots, gained in choices:
                key = (pairs + 1, slots + 1 + wild_slots)
                step[key] = max(step.get(key, -1), kept + gained)
        best = step
    most = 0
    for (pairs, slots), kept in best.items():
        for wild_pairs in range(2):
            if pairs + wild_pairs == 7 and slots + 2 * wild_pairs <= 2:
                most = max(most, kept + min(wilds, slots + 2 * wild_pairs))
    return 14 - most


def deficiency(deal: Deal, tiles: Sequence[Tile]) -> int:
    return analyse_waits(deal, tiles).deficiency.total


def held_deal(built: BuiltHand) -> tuple[Deal, tuple[Tile, ...]]:
    return built.deal, built.tiles


def assert_unseen(deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], result: WaitsResult) -> None:
    held, shown = Counter(tiles), Counter(seen)
    for item in (*result.waits, *result.useful):
        expected = 2 - held[item.tile] - shown[item.tile] - (1 if item.tile == deal.indicator else 0)
        assert item.unseen == expected >= 0, (item, tiles, seen)
    assert result.unseen_total == sum(t.unseen for t in (result.waits or result.useful))


analysis_hands = mixed_hands(analysis_deals())


@settings(max_examples=150)
@given(analysis_hands)
def test_deficiency_zero_exactly_when_complete(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles)
    complete = check_hand(deal, tiles).winning
    event(f"complete={complete}")
    assert (result.deficiency.total == 0) == complete, tiles
    if complete:
        assert set(t.tile for t in result.waits) == set(drawable(deal, tiles))  # every face completes it
        assert result.useful == ()


@settings(max_examples=examples(120))
@given(one_away_hands())
def test_waits_equal_brute_force_on_one_away_hands(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles)
    expected = brute_waits(deal, tiles)
    d = result.deficiency.total
    event(f"deficiency={d}")
    assert {t.tile for t in result.waits} == expected, (deal, tiles)
    assert len(result.waits) == len(expected)  # one entry per face
    # Tenpai by iteration: some single exchange completes the hand.
    assert (d <= 1) == bool(expected), (deal, tiles)
    if d == 1:
        assert result.useful == result.waits  # rules.md 4: for a tenpai hand the useful tiles are the waits
    assert_unseen(deal, tiles, (), result)


@settings(max_examples=examples(60))
@given(st.one_of(mixed_hands(analysis_deals()), dense_hands()))
def test_waits_equal_brute_force_on_any_hand(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles)
    expected = brute_waits(deal, tiles)
    event(f"deficiency={min(result.deficiency.total, 2)}")
    assert {t.tile for t in result.waits} == expected, (deal, tiles)
    assert (result.deficiency.total <= 1) == bool(expected)
    if result.deficiency.total > 1:
        assert result.waits == ()


@st.composite
def exchanges(draw: st.DrawFn) -> tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]:
    built = draw(st.one_of(mixed_hands(analysis_deals()), dense_hands()))
    tiles = list(built.tiles)
    tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    tiles.append(draw(extra_tile(built.deal, built.tiles)))  # drawable beside the whole hand
    return built.deal, built.tiles, tuple(sorted(tiles))


@settings(max_examples=200)
@given(exchanges())
def test_one_exchange_moves_deficiency_by_at_most_one(case: tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]) -> None:
    deal, before, after = case
    d0, d1 = deficiency(deal, before), deficiency(deal, after)
    event(f"change={d1 - d0}")
    assert abs(d1 - d0) <= 1, (deal, before, after, d0, d1)


cpsat_hands = st.one_of(
    analysis_deals().flatmap(lambda deal: legal_hands(deal).map(lambda tiles: BuiltHand(deal, tiles))),
    analysis_deals().flatmap(winning_hands).flatmap(lambda b: near_hands(b, swaps=3)),
    analysis_hands,
    dense_hands(),
)


@settings(max_examples=60)
@given(cpsat_hands)
def test_deficiency_agrees_with_cpsat_and_seven_pairs(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles).deficiency
    melds = MeldModel(deal, deal.solver_hand(tiles)).meld_deficiency()
    expected = melds
    if deal.rules.seven_pairs:
        pairs = pairs_reference(deal, tiles)
        assert result.pairs == pairs, (deal, tiles)
        expected = min(melds, pairs)
    else:
        assert result.pairs is None
    event(f"deficiency={expected}")
    assert result.total == expected, (deal, tiles, melds)
    if result.melds <= result.total:  # exact there (above it a lower bound)
        assert result.melds == melds


@settings(max_examples=60)
@given(analysis_deals().flatmap(pairs_hands).flatmap(near_hands))
def test_seven_pairs_deficiency_matches_the_rules_count(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles).deficiency
    if deal.rules.seven_pairs:
        assert result.pairs == pairs_reference(deal, tiles), (deal, tiles)
        assert result.total <= result.pairs
    else:
        assert result.pairs is None


@settings(max_examples=60)
@given(st.one_of(one_away_hands(), mixed_hands(analysis_deals()), dense_hands()))
def test_useful_tiles_by_definition(built: BuiltHand) -> None:
    deal, tiles = held_deal(built)
    result = analyse_waits(deal, tiles)
    d = result.deficiency.total
    analyser = Analyser(deal)
    expected = {x for x in drawable(deal, tiles) if analyser.deficiency(deal.solver_hand([*tiles, x])).total < d}
    event(f"deficiency={d}")
    assert {t.tile for t in result.useful} == expected, (deal, tiles)
    assert len(result.useful) == len(expected)
    if d == 0:
        assert expected == set()


@given(st.integers(min_value=0, max_value=(1 << FACE_COUNT) - 1))
def test_the_faces_of_a_mask_lowest_first(mask: int) -> None:
    assert _bits(mask) == [face for face in range(FACE_COUNT) if mask >> face & 1]


@given(analysis_deals(), st.integers(min_value=0, max_value=(1 << FACE_COUNT) - 1), st.booleans())
def test_draw_indices_are_the_draws_in_tile_order(deal: Deal, mask: int, wild: bool) -> None:
    """What a discard row lists: the tiles of the useful draws (the okey face held as F, the wild as
    the okey), by tile index."""
    analyser = Analyser(deal)
    assert analyser.draw_indices(mask, wild) == sorted(tile.index for tile in analyser.draws_of(mask, wild))


@settings(max_examples=40)
@given(
    st.one_of(one_away_hands(), mixed_hands(analysis_deals())).flatmap(
        lambda b: st.tuples(st.just(b), extra_tile(b.deal, b.tiles))
    )
)
def test_best_14_of_15_is_the_best_discard(case: tuple[BuiltHand, Tile]) -> None:
    """The deficiency of 15 tiles (used for useful tiles) is the least over the 14s left by a discard."""
    built, x = case
    deal = built.deal
    fifteen = [*built.tiles, x]
    analyser = Analyser(deal)
    least = min(deficiency(deal, [t for k, t in enumerate(fifteen) if k != i]) for i in range(15))
    assert analyser.deficiency(deal.solver_hand(fifteen)).total == least, (deal, fifteen)


@st.composite
def hands_and_seen(draw: st.DrawFn) -> tuple[Deal, tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]:
    built = draw(st.one_of(one_away_hands(), mixed_hands(analysis_deals())))
    seen = draw(seen_tiles(built.deal, built.tiles))
    more = draw(seen_tiles(built.deal, (*built.tiles, *seen)))
    return built.deal, built.tiles, seen, more


@settings(max_examples=100)
@given(hands_and_seen())
def test_unseen_counts_and_seen_tiles(case: tuple[Deal, tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]) -> None:
    deal, tiles, seen, more = case
    fewer = analyse_waits(deal, tiles, seen)
    most = analyse_waits(deal, tiles, (*seen, *more))
    assert_unseen(deal, tiles, seen, fewer)
    assert_unseen(deal, tiles, (*seen, *more), most)
    # Seen tiles change only the counts, never the deficiency or which tiles are waits / useful.
    assert most.deficiency == fewer.deficiency
    assert [t.tile for t in most.waits] == [t.tile for t in fewer.waits]
    assert [t.tile for t in most.useful] == [t.tile for t in fewer.useful]
    added = Counter(more)
    for a, b in zip((*fewer.waits, *fewer.useful), (*most.waits, *most.useful)):
        assert b.unseen == a.unseen - added[a.tile]
    assert most.unseen_total <= fewer.unseen_total


# Seven pairs: the pair waits and the okey pairing with any tile -----------------------------------


@st.composite
def okey_pairs_hands(draw: st.DrawFn) -> tuple[Deal, tuple[Tile, ...], set[Tile]]:
    """A real okey, five plain pairs and three singles (6 pairs + 2 singles at best: tenpai as pairs),
    with the pair waits read off the construction: a twin of any single, or the second real okey."""
    deal = draw(analysis_deals(seven_pairs=True))
    plain = [f for f in ALL_FACES if f not in (deal.indicator, deal.okey)]
    faces = draw(st.lists(st.sampled_from(plain), min_size=8, max_size=8, unique=True))
    pairs, singles = faces[:5], faces[5:]
    assert deal.okey is not None
    tiles = (*pairs, *pairs, *singles, deal.okey)
    return deal, tuple(sorted(tiles)), {*singles, deal.okey}


@settings(max_examples=40)
@given(okey_pairs_hands())
def test_okey_pairs_with_any_single(case: tuple[Deal, tuple[Tile, ...], set[Tile]]) -> None:
    deal, tiles, pair_waits = case
    result = analyse_waits(deal, tiles)
    assert result.deficiency.pairs == 1
    assert result.deficiency.total <= 1  # 0 when the tiles also make melds
    waits = {t.tile for t in result.waits}
    assert pair_waits <= waits, (tiles, waits)
    assert waits == brute_waits(deal, tiles)
    for single in pair_waits - {deal.okey}:  # the okey completes the hand with each single in turn
        assert "pairs" in {w.kind for w in check_hand(deal, [*tiles, single]).wins}


def test_okey_completes_seven_pairs_with_a_lone_tile() -> None:
    from conftest import hand, make_deal

    deal = make_deal("R4")  # okey R5
    tiles = hand(deal, "J B1 B1 K2 K2 Y3 Y3 R9 R9 B11 B11 K13 K13 Y7")
    assert deal.okey in tiles and len(tiles) == 14
    result = analyse_waits(deal, tiles)
    assert result.deficiency.total == 0 and result.deficiency.pairs == 0
    off = make_deal("R4", seven_pairs=False)
    assert analyse_waits(off, tiles).deficiency.total > 0
    assert analyse_waits(off, tiles).deficiency.pairs is None


def test_two_okeys_pair_singles_and_f_pairs_with_f() -> None:
    from conftest import hand, make_deal

    deal = make_deal("R4")  # okey R5; F plays as a plain R5
    complete = hand(deal, "J J F F B1 B1 K2 K2 Y3 Y3 R9 R9 B11 K13")  # each okey pairs with a single
    assert analyse_waits(deal, complete).deficiency.pairs == 0
    tiles = hand(deal, "J F F B1 B1 K2 K2 Y3 Y3 R9 R9 B11 K13 Y7")
    result = analyse_waits(deal, tiles)
    assert result.deficiency.pairs == 1
    waits = {t.tile for t in result.waits}
    assert set(hand(deal, "B11 K13 Y7 R5")) <= waits  # a twin, or the second real okey
    assert FALSE_JOKER not in waits  # both F are held
    assert waits == brute_waits(deal, tiles)


def test_pairs_reference_by_hand() -> None:
    """The seven-pairs count used above, on hands worked out by hand."""
    from conftest import hand, make_deal

    deal = make_deal("R4")
    assert pairs_reference(deal, hand(deal, "B1 B1 K2 K2 Y3 Y3 R9 R9 B11 B11 K13 K13 Y7 Y7")) == 0
    assert pairs_reference(deal, hand(deal, "B1 B1 K2 K2 Y3 Y3 R9 R9 B11 B11 K13 K13 Y7 Y8")) == 1
    # R4 is the indicator's face: its last copy can only pair with a real okey.
    assert pairs_reference(deal, hand(deal, "B1 B1 K2 K2 Y3 Y3 R9 R9 B11 B11 K13 K13 R4 J")) == 0
    assert pairs_reference(deal, hand(deal, "B1 B1 K2 K2 Y3 Y3 R9 R9 B11 B11 K13 K13 R4 Y8")) == 1
    # Fourteen different faces: seven kept, each needs its twin.
    assert pairs_reference(deal, hand(deal, "R1 R2 R3 R6 R7 R8 B1 B2 B3 B6 B7 B8 K1 K2")) == 7
