"""Gösterme (rules.md 3.3): a starting hand holding the indicator's twin may show it."""

from __future__ import annotations

import json

from conftest import Run, hand, make_deal

from okeytool.solver.classic.check import check_hand, may_show_indicator

HAND = "Y7 R1-4 B9-11 K5 Y5 R5 K11-13 B2"  # holds Y7, the indicator's twin


def test_a_hand_holding_the_indicators_twin_may_show_it() -> None:
    deal = make_deal("Y7")
    assert may_show_indicator(deal, hand(deal, HAND))
    assert check_hand(deal, hand(deal, HAND)).gosterme


def test_a_hand_without_the_twin_may_not() -> None:
    deal = make_deal("Y6")
    tiles = hand(deal, HAND)
    assert not may_show_indicator(deal, tiles)
    assert not check_hand(deal, tiles).gosterme


def test_okeygg_does_not_use_gosterme() -> None:
    deal = make_deal("Y7", "okeygg")
    assert not may_show_indicator(deal, hand(deal, HAND))


def test_check_json_and_text_report_it(run_main) -> None:  # type: ignore[no-untyped-def]
    shown: Run = run_main("check", "-i", "Y7", HAND, "--json")
    assert shown.code == 0 and json.loads(shown.out)["gosterme"] is True
    text: Run = run_main("check", "-i", "Y7", HAND)
    assert "gösterme" in text.out and "Y7" in text.out
    plain: Run = run_main("check", "-i", "Y6", HAND, "--json")
    assert json.loads(plain.out)["gosterme"] is False


def test_kafa_counts_a_real_okey_by_its_own_colour() -> None:
    # Indicator Y7: the okey is Y8. R1-R6 R8-R13 R1 with Y8 standing in for R7: not one colour.
    deal = make_deal("Y7")
    mixed = check_hand(deal, hand(deal, "R1-6 R8-13 R1 Y8"))
    assert mixed.winning and mixed.best is not None and not mixed.best.kafa
    # Indicator R6: the okey is R7 itself, so the same hand is all red and a Kafa.
    red = make_deal("R6")
    same = check_hand(red, hand(red, "R1-6 R8-13 R1 R7"))
    assert same.winning and same.best is not None and same.best.kafa
