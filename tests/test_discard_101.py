"""101 discards (rules.md 5.4-5.6) and the profile checks of the 101 commands."""

from __future__ import annotations

import json

import pytest
from conftest import Run, hand, make_deal

from okeytool.errors import InputError
from okeytool.solver.okey101.layoffs import table_melds
from okeytool.solver.okey101.opening import analyse_opening, discard_101

HAND = "R1-13 B10-13 K10-13 Y8"  # indicator Y7: Y8 is a real okey; the other 21 lay out for 183


def test_going_out_after_someone_opened_is_a_finish_without_penalty() -> None:
    deal = make_deal("Y7", "101")
    table = table_melds(deal, [hand(deal, "Y1 Y2 Y3")])
    ranking = discard_101(deal, hand(deal, HAND), table=table)
    best = ranking.discards[0]
    assert str(best.tile) == "Y8" and best.wins and best.okey_finish and best.penalty == 0
    assert best.open_points >= deal.rules.open_points


def test_going_out_after_someone_opened_needs_an_opening() -> None:
    deal = make_deal("Y7", "101")
    table = table_melds(deal, [hand(deal, "Y1 Y2 Y3")])
    low = "R1-3 B1-3 K1-3 Y4-6 R4-6 B4-6 K4-6 Y12"  # 21 tiles lay out, but for only 66 points
    ranking = discard_101(deal, hand(deal, low), table=table)
    assert not any(row.wins for row in ranking.discards)
    elden = discard_101(deal, hand(deal, low))  # nobody has opened: elden, whatever the points
    assert elden.discards[0].wins


def test_discard_rows_carry_the_cli_keys(run_main) -> None:  # type: ignore[no-untyped-def]
    shown: Run = run_main("discard", "-r", "101", "-i", "Y7", HAND, "--json")
    rows = json.loads(shown.out)["discards"]
    keys = {"tile", "wins", "kind", "okey_finish", "deficiency", "useful", "acceptance", "penalty"}
    assert all(keys <= set(row) for row in rows)


@pytest.mark.parametrize("rules", ["classic", "okeygg", "rummikub"])
def test_open_is_only_for_101(rules: str) -> None:
    deal = make_deal(None if rules == "rummikub" else "Y7", rules)
    with pytest.raises(InputError, match="101"):
        analyse_opening(deal, hand(deal, "R12 R13 K5"))


def test_open_with_classic_rules_is_refused_on_the_command_line(run_main) -> None:  # type: ignore[no-untyped-def]
    refused: Run = run_main("open", "-r", "classic", "-i", "Y7", "R12 R13 R1 K5")
    assert refused.code == 2 and "101" in refused.err and refused.err.count("\n") == 1
