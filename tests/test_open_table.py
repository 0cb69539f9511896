"""101 table melds: one reading, wilds fixed by the order written (rules.md 5.1), shared with Rummikub.

With indicator Y7 the okey is Y8: a Y8 on the table is a real okey (wild), an F a plain Y8.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import hand, make_deal

from okeytool.errors import InputError
from okeytool.parse.notation import parse_melds, parse_tile
from okeytool.solver.melds.table import read_meld
from okeytool.solver.okey101.layoffs import table_meld, table_melds
from okeytool.solver.okey101.opening import analyse_opening, discard_101
from okeytool.solver.rummikub.play import read_table

DEAL = make_deal("Y7", "101")
RUMMIKUB = make_deal(None, "rummikub")


def faces_of(text: str) -> list[str]:
    """What the tiles of a 101 table meld stand for."""
    return [str(p.as_) for p in table_meld(DEAL, hand(DEAL, text)).meld.placements]


def accepted(text: str, candidates: str) -> list[str]:
    """The candidate tiles that can be laid off on the 101 table meld ``text``."""
    meld = table_meld(DEAL, hand(DEAL, text))
    return [c for c in candidates.split() if meld.accepts(DEAL, parse_tile(c))]


def test_okey_stands_where_it_is_written() -> None:
    assert faces_of("R5 R6 Y8") == ["R5", "R6", "R7"]
    assert faces_of("Y8 R5 R6") == ["R4", "R5", "R6"]
    assert faces_of("R4 Y8 R6") == ["R4", "R5", "R6"]


def test_order_that_is_no_run_reads_the_lowest_run() -> None:
    assert faces_of("R6 R5 Y8") == ["R4", "R5", "R6"]


def test_lay_offs_keep_the_okey_meaning() -> None:
    # R5 R6 okey is R5-R6-R7: R4 and R8 fit. R3 does not, and R7 neither: it would take the okey's
    # place, and there is no joker exchange in 101 (rules.md 8).
    assert accepted("R5 R6 Y8", "R2 R3 R4 R7 R8 R9 B7") == ["R4", "R8"]
    assert accepted("Y8 R5 R6", "R2 R3 R4 R7 R8 R9") == ["R3", "R7"]


def test_okey_in_a_set_stands_for_a_missing_colour() -> None:
    assert faces_of("R7 B7 Y8") == ["R7", "B7", "K7"]
    # Either missing colour joins; the okey then stands for the other one.
    assert accepted("R7 B7 Y8", "R7 B7 K7 Y7 K8") == ["K7", "Y7"]
    assert accepted("R7 B7 K7 Y8", "Y7 R7") == []  # four tiles: full


def test_a_real_okey_is_laid_off_wherever_it_fits() -> None:
    assert accepted("R5 R6 Y8", "Y8") == ["Y8"]
    assert accepted("R7 B7 K7 Y8", "Y8") == []


def test_false_joker_is_the_plain_okey_face_on_the_table() -> None:
    assert faces_of("Y9 Y10 F") == ["Y8", "Y9", "Y10"]
    assert accepted("Y9 Y10 F", "Y7 Y11 Y12 F") == ["Y7", "Y11"]
    with pytest.raises(InputError, match="table meld 1"):
        table_meld(DEAL, hand(DEAL, "R5 R6 F"))  # F is a plain Y8, never wild


def test_one_tile_with_two_okeys_reads_as_the_run_written() -> None:
    assert faces_of("R5 Y8 Y8") == ["R5", "R6", "R7"]
    assert faces_of("Y8 R5 Y8") == ["R4", "R5", "R6"]
    assert accepted("R5 Y8 Y8", "R4 R8 B5") == ["R4", "R8"]


@pytest.mark.parametrize("text", ["R5 R6 J", "J R5 R6", "R4 J R6", "R6 R5 J", "R7 B7 J", "J B7 R7 Y7", "J J R5"])
def test_101_and_rummikub_read_a_table_meld_alike(text: str) -> None:
    (rummikub,) = read_table(RUMMIKUB, parse_melds(text))
    ours = table_meld(DEAL, hand(DEAL, text)).meld
    assert [p.as_ for p in ours.placements] == [p.as_ for p in rummikub.placements]
    assert ours.kind == rummikub.kind
    assert read_meld(RUMMIKUB, parse_melds(text)[0]) == rummikub


def test_isler_tiles_on_a_table_with_an_okey() -> None:
    table = table_melds(DEAL, [hand(DEAL, "R5 R6 Y8")])
    result = analyse_opening(DEAL, hand(DEAL, "R3 R4 R7 R8 K1 K2"), table=table, opened=True)
    assert [str(x) for x in result.isler] == ["R4", "R8"]
    assert result.lay_offs is not None and [lay.melds for lay in result.lay_offs] == [(1,), (1,)]


def test_discarding_the_tile_the_okey_stands_for_costs_nothing() -> None:
    table = table_melds(DEAL, [hand(DEAL, "R5 R6 Y8")])
    tiles = hand(DEAL, "R1 R2 R3 R7 R8 K1 K2 K3 B9 B10 B11 Y1 Y2 Y3 K5 K6 K7 B1 B2 B3 K12 R12")
    rows = {str(row.tile): row for row in discard_101(DEAL, tiles, table=table).discards}
    assert rows["R7"].penalty == 0
    assert rows["R8"].penalty == 101


def test_open_command_reports_only_the_tiles_that_fit(run_main: Callable[..., Any]) -> None:
    done = run_main("open", "-r", "101", "-i", "Y7", "R3 R4 R7 R8 K1 K2", "--table", "R5 R6 Y8", "--opened", "--json")
    assert done.code == 0, done.err
    answer = json.loads(done.out)
    assert answer["isler"] == ["R4", "R8"]
    assert answer["lay_offs"] == [{"tile": "R4", "melds": [1]}, {"tile": "R8", "melds": [1]}]
