"""101 discards (rules.md 5.4-5.6) and the profile checks of the 101 commands."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import Run, hand, make_deal

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.supply import limit
from okeytool.rules import get_rules
from okeytool.solver.melds.templates import templates
from okeytool.solver.okey101.layoffs import table_melds
from okeytool.solver.okey101.opening import analyse_opening, can_lay_all, can_lay_all_but_one, discard_101
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

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


LOW_HAND = "R1 R3 R5 R7 B2 B3 B4 B9 B11 K5 K6 K8 K12 Y1 Y2 Y5 Y9 Y9 Y10 Y11 Y13 F"  # indicator K3
NEAR_HAND = "R10 R11 R12 B12 K12 K1 K2 K3 Y5 Y6 Y7 B1 B5 B8 R2 R4 K6 K9 Y10 Y13 B3 R7"  # indicator B4


def test_the_discard_table_merges_rows_alike_and_ends_with_the_advice(run_main) -> None:  # type: ignore[no-untyped-def]
    shown: Run = run_main("discard", "-r", "101", "-i", "K3", LOW_HAND)
    lines = shown.out.splitlines()
    ranking = discard_101(make_deal("K3", "101"), hand(make_deal("K3", "101"), LOW_HAND))
    top = ranking.discards[0]
    alike = [str(r.tile) for r in ranking.discards if (r.open_points, r.pairs, r.penalty) == (54, 1, 0)]
    assert len(alike) > 1 and " ".join(alike[:3]) in shown.out  # one row for the tiles alike
    rows = [line for line in lines if line.split() and line.split()[0] in {str(r.tile) for r in ranking.discards}]
    assert len(rows) < len(ranking.discards)
    assert f"opening left by {top.tile}" in shown.out and f"total  {top.open_points}" in shown.out
    assert " ".join(shown.out.split()).endswith(f"throw {top.tile}: no penalty, best opening left 54 points "
                                                "(needs 101); no single tile reaches 101")  # fmt: skip


def test_the_discard_table_names_the_tiles_that_would_reach_101(run_main) -> None:  # type: ignore[no-untyped-def]
    deal = make_deal("B4", "101")
    ranking = discard_101(deal, hand(deal, NEAR_HAND))
    assert ranking.waits and not ranking.discards[0].wins
    assert all(w.points >= 101 for w in ranking.waits)
    shown: Run = run_main("discard", "-r", "101", "-i", "B4", NEAR_HAND)
    listed = " ".join(f"{w.tile}{'*' if deal.is_wild(w.tile) else ''} ({w.unseen})" for w in ranking.waits)
    assert f"tiles that would reach 101: {listed}" in " ".join(shown.out.split())
    assert f"{len(ranking.waits)} tiles would reach 101" in " ".join(shown.out.split())
    document = json.loads(run_main("discard", "-r", "101", "-i", "B4", NEAR_HAND, "--json").out)
    assert [w["tile"] for w in document["waits"]] == [str(w.tile) for w in ranking.waits]


def test_open_after_opening_shows_the_lay_offs_not_the_opening(run_main) -> None:  # type: ignore[no-untyped-def]
    args = ("open", "-r", "101", "-i", "Y7", "B4 B8 K9-11 R1", "--table", "B5 B6 B7; R1 K1 Y1")
    before: Run = run_main(*args)
    after: Run = run_main(*args, "--opened")
    assert "best opening" in before.out and "lay off" not in before.out
    assert "best opening" not in after.out and "pairs:" not in after.out
    assert "lay off B4 on meld 1" in after.out and "işler taş" in after.out


def _near_elden_hands(seed: int, count: int) -> list[tuple[Deal, tuple[Tile, ...]]]:
    """22-tile hands of 101 deals built from random pieces (21 tiles, now and then one of them an
    okey or changed for a random tile) and one random tile, within the supply."""
    rng = random.Random(seed)
    rules = get_rules("101")
    out: list[tuple[Deal, tuple[Tile, ...]]] = []
    while len(out) < count:
        deal = Deal(rules, rng.choice(ALL_FACES))
        okey = deal.okey
        assert okey is not None
        supply = Counter({f: limit(deal, f) for f in ALL_FACES})
        supply[FALSE_JOKER] = 2
        tiles: list[Tile] = []
        pieces = templates(rules.wrap)
        while len(tiles) < 21:
            faces = rng.choice(pieces).faces
            if len(tiles) + len(faces) > 21:
                faces = faces[: 21 - len(tiles)]
            tiles.extend(deal.tile_for_face(Tile(f)) for f in faces)
        if rng.random() < 0.4:
            tiles[rng.randrange(21)] = okey
        if rng.random() < 0.4:
            tiles[rng.randrange(21)] = rng.choice(ALL_FACES)
        tiles.append(rng.choice([*ALL_FACES, FALSE_JOKER]))
        if all(n <= supply[t] for t, n in Counter(tiles).items()):
            out.append((deal, tuple(sorted(tiles))))
    return out


def test_a_hand_is_elden_exactly_when_some_discard_leaves_tiles_that_all_lay_out() -> None:
    both = [0, 0]
    for deal, tiles in _near_elden_hands(61, 80):
        leaves = []
        for tile in set(tiles):
            rest = list(tiles)
            rest.remove(tile)
            leaves.append(can_lay_all(deal, deal.solver_hand(rest)))
        elden = can_lay_all_but_one(deal, deal.solver_hand(tiles))
        assert elden == any(leaves), (str(deal.indicator), [str(t) for t in tiles])
        both[elden] += 1
    assert min(both) > 5


def test_among_equal_throws_the_lower_tile_goes_first() -> None:
    """Throws alike in penalty, opening left and pairs are ordered by the tile's value, lowest first:
    a higher tile kept counts more towards an opening still to make (rules.md 5.2)."""
    deal = make_deal("K9", "101")
    rows = discard_101(deal, hand(deal, "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2 Y12")).discards
    first = (rows[0].penalty, rows[0].open_points, rows[0].pairs)
    alike = [r for r in rows if (r.penalty, r.open_points, r.pairs) == first]
    values = [r.tile.number for r in alike]
    assert len(alike) >= 3 and values == sorted(values) and values[0] < values[-1]
    order = [str(r.tile) for r in alike]
    assert order.index("Y3") < order.index("R4")  # canonical order alone would throw R4 first
