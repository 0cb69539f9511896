"""Hypothesis strategies for okeytool tests: deals, legal hands, winning hands built from melds.

Every hand drawn here respects the supply of rules.md section 1: at most 2 tiles of a face, at most
1 of the indicator's face, at most 2 ``F`` (okey profiles) or 2 ``J`` (rummikub). Meld shapes are
built here from the rules text, not from the solvers' template tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.tiles import ALL_FACES, FALSE_JOKER, JOKER, Tile

#: Profiles whose winning hand is 14 tiles (the ``check`` question).
CHECK_PROFILES = ("classic", "okeygg")
#: The shapes of a 14-tile meld hand from pieces of 3 to 5.
MELD_SIZES = ((3, 3, 3, 5), (3, 3, 4, 4), (4, 5, 5))


@dataclass(frozen=True)
class BuiltHand:
    """A hand and, for hands built from melds or pairs, the faces of each group as built."""

    deal: Deal
    tiles: tuple[Tile, ...]
    groups: tuple[tuple[Tile, ...], ...] = ()


def indicators() -> st.SearchStrategy[Tile]:
    """Any numbered tile as the indicator."""
    return st.sampled_from(ALL_FACES)


@st.composite
def okey_deals(draw: st.DrawFn, profiles: Sequence[str] = CHECK_PROFILES, wrap: bool | None = None) -> Deal:
    """A deal of an okey profile with a random indicator and (unless given) a random ``wrap``."""
    name = draw(st.sampled_from(list(profiles)))
    options = {"wrap": draw(st.booleans()) if wrap is None else wrap}
    return Deal(get_rules(name, options), draw(indicators()))


def rummikub_deal() -> Deal:
    """The Rummikub deal (jokers, no indicator)."""
    return Deal(get_rules("rummikub"), None)


def supply_pool(deal: Deal) -> list[Tile]:
    """Every physical tile a hand can hold: two of each face (one of the indicator's), two extras."""
    pool = [face for face in ALL_FACES for _ in range(2 if face != deal.indicator else 1)]
    extra = FALSE_JOKER if deal.rules.has_indicator else JOKER
    return pool + [extra, extra]


def within_supply(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """True if the tiles can all exist at once."""
    available = Counter(supply_pool(deal))
    return all(n <= available[t] for t, n in Counter(tiles).items())


@st.composite
def legal_hands(draw: st.DrawFn, deal: Deal, size: int = 14) -> tuple[Tile, ...]:
    """``size`` tiles drawn at random from the physical tiles of the deal."""
    pool = supply_pool(deal)
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return tuple(sorted(pool[k] for k in picks))


@st.composite
def extra_tile(draw: st.DrawFn, deal: Deal, tiles: Sequence[Tile]) -> Tile:
    """A tile that can still be drawn beside ``tiles``."""
    left = Counter(supply_pool(deal)) - Counter(tiles)
    return draw(st.sampled_from(sorted(left)))


def run_numbers(start: int, length: int, wrap: bool) -> list[int] | None:
    """Numbers of a run from ``start``: up to 13, or with ``wrap`` ending 13-1 (never 13-1-2)."""
    numbers = [start + k for k in range(length)]
    if numbers[-1] <= 13:
        return numbers
    if wrap and numbers[-1] == 14:
        return [*numbers[:-1], 1]
    return None


@st.composite
def meld_faces(draw: st.DrawFn, size: int, wrap: bool, around: Tile | None = None) -> tuple[Tile, ...]:
    """The faces of one valid meld of ``size`` (3-5): a set (3-4) or a run; containing ``around`` if given."""
    kind = "run" if size > 4 else draw(st.sampled_from(["set", "run"]))
    if kind == "set":
        number = around.number if around is not None else draw(st.integers(1, 13))
        colours = draw(st.permutations(range(4)))[:size]
        if around is not None and around.colour not in colours:
            colours = [around.colour, *colours[1:]]
        return tuple(Tile.face(c, number) for c in colours)
    colour = around.colour if around is not None else draw(st.integers(0, 3))
    starts = [s for s in range(1, 14) if run_numbers(s, size, wrap) is not None]
    if around is not None:
        starts = [s for s in starts if around.number in run_numbers(s, size, wrap)]  # type: ignore[operator]
    start = draw(st.sampled_from(starts))
    return tuple(Tile.face(colour, n) for n in run_numbers(start, size, wrap))  # type: ignore[union-attr]


def _fill(deal: Deal, slots: Sequence[Tile], wild_slots: set[int]) -> tuple[Tile, ...] | None:
    """The tiles that fill ``slots``: a wild where chosen, else the plain tile of the face (F for the
    okey face). None when the supply does not allow it."""
    wild = deal.wild_tile()
    tiles = [wild if k in wild_slots else deal.tile_for_face(face) for k, face in enumerate(slots)]
    wilds = sum(1 for t in tiles if deal.is_wild(t))
    if wilds != len(wild_slots) or not within_supply(deal, tiles):
        return None
    return tuple(tiles)


@st.composite
def winning_hands(draw: st.DrawFn, deal: Deal, wilds: int | None = None, feature_okey: bool | None = None) -> BuiltHand:
    """A 14-tile meld hand: random sets and runs of 3-5 (each wrap setting as the deal says), some
    slots filled by real okeys (wilds), the okey face's plain slots by false jokers ``F``.

    ``feature_okey`` makes the first meld contain the okey face, so F and okeys standing for their
    own face appear often.
    """
    wrap = deal.rules.wrap
    sizes = list(draw(st.sampled_from(MELD_SIZES)))
    sizes = draw(st.permutations(sizes))
    if feature_okey is None:
        feature_okey = deal.okey is not None and draw(st.booleans())
    groups = []
    for k, size in enumerate(sizes):
        around = deal.okey if (feature_okey and k == 0) else None
        groups.append(draw(meld_faces(size, wrap, around)))
    slots = [face for group in groups for face in group]
    count = draw(st.integers(0, 2)) if wilds is None else wilds
    wild_slots = set(draw(st.lists(st.integers(0, len(slots) - 1), min_size=count, max_size=count, unique=True)))
    tiles = _fill(deal, slots, wild_slots)
    assume(tiles is not None)
    assert tiles is not None
    return BuiltHand(deal, tuple(sorted(tiles)), tuple(groups))


@st.composite
def pairs_hands(draw: st.DrawFn, deal: Deal) -> BuiltHand:
    """A 14-tile seven-pairs hand: plain pairs (F F for the okey face), singles completed by a real
    okey, possibly two real okeys as one pair."""
    wild = deal.wild_tile()
    wilds = draw(st.integers(0, 2))
    wild_pair = wilds == 2 and draw(st.booleans())
    with_wild = 0 if wild_pair else wilds
    plain_pairs = 7 - with_wild - (1 if wild_pair else 0)
    faces = draw(st.lists(st.sampled_from(ALL_FACES), min_size=7, max_size=7, unique=True))
    groups: list[tuple[Tile, ...]] = []
    pairable = [f for f in faces if f != deal.indicator]  # the indicator's face has one copy left
    assume(len(pairable) >= plain_pairs)
    doubles = pairable[:plain_pairs]
    singles = [f for f in faces if f not in doubles][:with_wild]
    tiles: list[Tile] = []
    for face in doubles:
        tile = deal.tile_for_face(face)
        tiles += [tile, tile]
        groups.append((face, face))
    for face in singles:
        tiles += [deal.tile_for_face(face), wild]
        groups.append((face, wild))
    if wild_pair:
        tiles += [wild, wild]
        groups.append((wild, wild))
    assume(within_supply(deal, tiles))
    assert len(tiles) == 14
    return BuiltHand(deal, tuple(sorted(tiles)), tuple(groups))


@st.composite
def near_hands(draw: st.DrawFn, base: BuiltHand, swaps: int | None = None) -> BuiltHand:
    """``base`` with one or two tiles exchanged for other drawable tiles (often no longer winning)."""
    deal = base.deal
    count = draw(st.integers(1, 2)) if swaps is None else swaps
    tiles = list(base.tiles)
    for _ in range(count):
        out = draw(st.integers(0, len(tiles) - 1))
        tiles.pop(out)
        tiles.append(draw(extra_tile(deal, tiles)))
    return BuiltHand(deal, tuple(sorted(tiles)))


@st.composite
def mixed_hands(draw: st.DrawFn, deal_strategy: st.SearchStrategy[Deal] | None = None) -> BuiltHand:
    """A 14-tile hand that wins, almost wins (one or two tiles swapped) or is random."""
    deal = draw(deal_strategy if deal_strategy is not None else okey_deals())
    source = draw(st.sampled_from(["melds", "pairs", "near-melds", "near-pairs", "random"]))
    if source == "random":
        return BuiltHand(deal, draw(legal_hands(deal)))
    base = draw(pairs_hands(deal) if source.endswith("pairs") else winning_hands(deal))
    return draw(near_hands(base)) if source.startswith("near") else base


@st.composite
def with_extra(draw: st.DrawFn, hand: BuiltHand) -> tuple[BuiltHand, Tile]:
    """The hand with one more drawable tile (15 tiles), and that tile."""
    tile = draw(extra_tile(hand.deal, hand.tiles))
    return BuiltHand(hand.deal, tuple(sorted((*hand.tiles, tile))), hand.groups), tile


# Hand analysis (waits, discard) -------------------------------------------------------------------


@st.composite
def analysis_deals(draw: st.DrawFn, seven_pairs: bool | None = None) -> Deal:
    """A classic or okeygg deal: random indicator and ``wrap``; seven pairs on unless drawn off (1 in 4)
    or given."""
    name = draw(st.sampled_from(list(CHECK_PROFILES)))
    pairs = draw(st.sampled_from([True, True, True, False])) if seven_pairs is None else seven_pairs
    options = {"wrap": draw(st.booleans()), "seven_pairs": pairs}
    return Deal(get_rules(name, options), draw(indicators()))


@st.composite
def one_away_hands(draw: st.DrawFn, deal_strategy: st.SearchStrategy[Deal] | None = None) -> BuiltHand:
    """A winning 14 (melds with okeys and F, or seven pairs) minus one tile plus a random drawable tile."""
    deal = draw(deal_strategy if deal_strategy is not None else analysis_deals())
    base = draw(st.one_of(winning_hands(deal), winning_hands(deal, feature_okey=True), pairs_hands(deal)))
    return draw(near_hands(base, swaps=1))


@st.composite
def seen_tiles(draw: st.DrawFn, deal: Deal, tiles: Sequence[Tile], max_size: int = 8) -> tuple[Tile, ...]:
    """Tiles declared seen (table discards): physical tiles that exist beside ``tiles``."""
    left = sorted((Counter(supply_pool(deal)) - Counter(tiles)).elements())
    picks = draw(st.lists(st.integers(0, len(left) - 1), max_size=max_size, unique=True))
    return tuple(sorted(left[k] for k in picks))


@st.composite
def dense_hands(draw: st.DrawFn, deal_strategy: st.SearchStrategy[Deal] | None = None) -> BuiltHand:
    """14 tiles from a narrow window of numbers in a few colours (wrapping 13 → 1), with F and real
    okeys mixed in: many copies of few faces, so layouts run into the supply limits."""
    deal = draw(deal_strategy if deal_strategy is not None else analysis_deals())
    low = draw(st.integers(1, 13))
    width = draw(st.integers(2, 6))
    colours = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    window = {Tile.face(c, (low + k - 1) % 13 + 1) for c in colours for k in range(width)}
    okey = deal.okey
    pool = [t for t in supply_pool(deal) if t in window or t == FALSE_JOKER or t == okey]
    assume(len(pool) >= 14)
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=14, max_size=14, unique=True))
    return BuiltHand(deal, tuple(sorted(pool[k] for k in picks)))


@st.composite
def fifteen_tile_hands(draw: st.DrawFn) -> tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]:
    """15 tiles: a winning 14 (melds or pairs) plus a tile, a one-away 14 plus a tile, or any 14 plus a
    tile; with some tiles declared seen."""
    deal = draw(analysis_deals())
    base = draw(
        st.one_of(
            winning_hands(deal),
            winning_hands(deal, feature_okey=True),
            pairs_hands(deal),
            one_away_hands(st.just(deal)),
            mixed_hands(st.just(deal)),
            dense_hands(st.just(deal)),
        )
    )
    built, _ = draw(with_extra(base))
    seen = draw(seen_tiles(deal, built.tiles))
    return deal, built.tiles, seen
