"""``discard --deep``: a tie at the top broken by second-order acceptance (documented tie-break)."""

from __future__ import annotations

import json

from conftest import Run, hand, make_deal

from okeytool.solver.classic.analysis import DiscardOption, rank_discards

# Indicator K1: B7, R8 and K8 each leave 2 tiles to go with 32 unseen useful tiles; what the next
# improvement leaves differs.
INDICATOR = "K1"
TILES = "R1 R8 R11 R13 B7 B10 B13 K7 K8 K8 K9 Y4 Y5 Y10 Y12"


def by_definition(row: DiscardOption) -> int:
    """Over the useful draws (weighted by unseen copies), the best acceptance one step closer, read
    off the ordinary ranking of the hand after the draw."""
    deal = make_deal(INDICATOR)
    rest = list(hand(deal, TILES))
    rest.remove(row.tile)
    total = 0
    for draw in row.useful:
        after = rank_discards(deal, [*rest, draw.tile])
        closer = [o.acceptance for o in after.options if not o.wins and o.deficiency == row.deficiency - 1]
        total += draw.unseen * max(closer, default=0)
    return total


def test_deep_ranking_breaks_the_top_tie_by_second_order_acceptance() -> None:
    deal = make_deal(INDICATOR)
    plain = rank_discards(deal, hand(deal, TILES))
    deep = rank_discards(deal, hand(deal, TILES), deep=True)
    tied = [o for o in deep.options if o.second_order is not None]
    assert len(tied) >= 2
    assert {(o.deficiency, o.acceptance) for o in tied} == {(plain.best.deficiency, plain.best.acceptance)}
    for row in tied:
        assert row.second_order == by_definition(row)
    assert [o.second_order for o in tied] == sorted((o.second_order for o in tied), reverse=True)
    assert deep.best.second_order == max(by_definition(o) for o in tied)
    assert str(deep.best.tile) == "B7" and str(plain.best.tile) != "B7"  # the deep look changes the advice
    # Rows below the tie keep their order, and the set of rows is the same.
    assert deep.options[len(tied) :] == plain.options[len(tied) :]
    assert {o.tile for o in deep.options} == {o.tile for o in plain.options}


def test_without_deep_no_second_order_is_computed() -> None:
    deal = make_deal(INDICATOR)
    assert all(o.second_order is None for o in rank_discards(deal, hand(deal, TILES)).options)


def test_deep_on_the_command_line(run_main) -> None:  # type: ignore[no-untyped-def]
    shown: Run = run_main("discard", "-i", INDICATOR, TILES, "--deep", "--json")
    rows = json.loads(shown.out)["discards"]
    assert rows[0]["tile"] == "B7" and rows[0]["second_order"] == max(r["second_order"] or 0 for r in rows)
    text: Run = run_main("discard", "-i", INDICATOR, TILES, "--deep")
    assert "2nd order" in text.out and "second-order" in text.out
