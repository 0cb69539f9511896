"""Property tests of the discard ranking (rules.md section 4): one row per distinct tile, each row the
analysis of the 14 tiles it leaves, winning rows exactly check_hand's winning discards, and the order."""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given, settings
from strategies import (
    BuiltHand,
    analysis_deals,
    fifteen_tile_hands,
    winning_hands,
    with_extra,
)

from okeytool.deal import Deal
from okeytool.solver.classic.analysis import DiscardOption, DiscardResult, analyse_waits, rank_discards
from okeytool.solver.classic.check import check_hand
from okeytool.tiles import Tile


def rank_key(deal: Deal, row: DiscardOption) -> tuple[object, ...]:
    """rules.md 4: winning first (highest score first), then lower deficiency, then higher acceptance,
    then not a real okey. Rows equal on this key may come in any order (further tie-breaks)."""
    if row.wins:
        return (0, -row.multiplier)
    return (1, row.deficiency, -row.acceptance, deal.is_wild(row.tile))


def assert_ranked(deal: Deal, tiles: tuple[Tile, ...], seen: tuple[Tile, ...], result: DiscardResult) -> None:
    rows = result.options
    # One row per distinct tile.
    assert [r.tile for r in rows].count(rows[0].tile) == 1
    assert sorted(r.tile for r in rows) == sorted(set(tiles))
    assert result.best == rows[0]
    # Order.
    keys = [rank_key(deal, r) for r in rows]
    assert keys == sorted(keys), [(str(r.tile), k) for r, k in zip(rows, keys)]
    # Winning rows are exactly check_hand's winning discards, with its finish.
    check = check_hand(deal, tiles)
    wins = {w.discard: w for w in check.wins}
    assert {r.tile for r in rows if r.wins} == set(wins), tiles
    for row in rows:
        rest = list(tiles)
        rest.remove(row.tile)
        if row.wins:
            assert row.okey_finish == deal.is_wild(row.tile)
            win = wins[row.tile]
            assert (row.kind, row.multiplier, row.okey_finish) == (win.kind, win.multiplier, win.okey_finish)
            assert row.deficiency == 0 and row.useful == () and row.acceptance == 0
        else:
            assert row.kind is None and row.deficiency >= 1
        # The row is the analysis of the 14 left; the thrown tile counts as gone (as if seen).
        left = analyse_waits(deal, rest, (*seen, row.tile))
        assert row.deficiency == left.deficiency.total, (row, rest)
        assert row.useful == left.useful, (row, rest)
        held, shown = Counter(tiles), Counter(seen)
        for item in row.useful:
            expected = 2 - held[item.tile] - shown[item.tile] - (1 if item.tile == deal.indicator else 0)
            assert item.unseen == expected >= 0
        assert row.acceptance == sum(t.unseen for t in row.useful)
        assert row.penalty == 0  # discard penalties are 101's


@settings(max_examples=150)
@given(fifteen_tile_hands())
def test_discard_rows_order_and_agreement(case: tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]) -> None:
    deal, tiles, seen = case
    result = rank_discards(deal, tiles, seen)
    event(f"best wins={result.best.wins} deficiency={result.best.deficiency}")
    assert_ranked(deal, tiles, seen, result)


@settings(max_examples=60)
@given(analysis_deals().flatmap(winning_hands).flatmap(with_extra))
def test_a_winning_hand_plus_a_tile_ranks_a_win_first(case: tuple[BuiltHand, Tile]) -> None:
    built, extra = case
    result = rank_discards(built.deal, built.tiles)
    assert result.best.wins, built.tiles
    assert extra in {r.tile for r in result.options if r.wins}
    best_score = max(w.multiplier for w in check_hand(built.deal, built.tiles).wins)
    assert result.best.multiplier == best_score


@settings(max_examples=60)
@given(fifteen_tile_hands())
def test_seen_tiles_lower_acceptance_only(case: tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]) -> None:
    deal, tiles, seen = case
    unseen_rows = {r.tile: r for r in rank_discards(deal, tiles).options}
    for row in rank_discards(deal, tiles, seen).options:
        before = unseen_rows[row.tile]
        assert (row.wins, row.deficiency) == (before.wins, before.deficiency)
        assert [t.tile for t in row.useful] == [t.tile for t in before.useful]
        assert row.acceptance == before.acceptance - sum(Counter(seen)[t.tile] for t in row.useful)


def test_worked_ranking() -> None:
    """Indicator Y7 (okey Y8). Throwing B2 leaves R1-4 B9-11 K11-13, K5 Y5 and Y9 Y12: two away, drawn
    by R5 or B5 (K5 Y5 set, or R1-5), B8 B12 (B run), K1 K10 (K run), Y10 Y11 (Y9-12) or an okey."""
    from conftest import hand, make_deal

    deal = make_deal("Y7")
    tiles = hand(deal, "R1-4 B9-11 K5 Y5 K11-13 B2 Y9 Y12")
    result = rank_discards(deal, tiles)
    best = result.best
    assert str(best.tile) == "B2" and not best.wins and best.deficiency == 2
    assert [str(t.tile) for t in best.useful] == ["R5", "B5", "B8", "B12", "K1", "K10", "Y8", "Y10", "Y11"]
    assert best.acceptance == 18
    assert_ranked(deal, tiles, (), result)
