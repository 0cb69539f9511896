"""A match-winning Kafa (``kafa = match-win``) is the best discard, as in ``check``."""

from __future__ import annotations

from conftest import hand, make_deal

from okeytool.solver.classic.analysis import rank_discards
from okeytool.solver.classic.check import check_hand

# Indicator R12: the okey is R13 (red). Throwing B7 leaves R1-R12 and two red okeys: a Kafa. Throwing an
# okey wins too (R1-6, R8-12, R7 B7 okey): an okey finish, x2.
TILES = "R1-12 R13 R13 B7"


def test_match_win_kafa_is_thrown_for_first() -> None:
    deal = make_deal("R12", kafa="match-win")
    tiles = hand(deal, TILES)
    best_check = check_hand(deal, tiles).best
    assert best_check is not None and best_check.kafa and str(best_check.discard) == "B7"
    ranking = rank_discards(deal, tiles)
    assert str(ranking.best.tile) == "B7" and ranking.best.win is not None and ranking.best.win.kafa


def test_ordinary_kafa_ranks_by_multiplier() -> None:
    deal = make_deal("R12")  # kafa = ordinary: throwing the okey (x2) beats the Kafa (x1)
    ranking = rank_discards(deal, hand(deal, TILES))
    assert ranking.best.okey_finish and ranking.best.multiplier == 2
    kafa_row = next(o for o in ranking.options if str(o.tile) == "B7")
    assert kafa_row.wins and kafa_row.multiplier == 1


def test_non_winning_rows_have_no_okey_finish() -> None:
    deal = make_deal("Y7")
    ranking = rank_discards(deal, hand(deal, "R1-4 B9-11 K5 Y5 K11-13 B2 Y8 Y8"))
    assert all(not o.okey_finish for o in ranking.options if not o.wins)
    assert any(deal.is_wild(o.tile) and not o.wins for o in ranking.options)
