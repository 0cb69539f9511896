"""Win chance and expected points (rules.md 4.1): the worked vectors, a brute force in fractions
for T = 1 and T = 2, and the T = 1 identity with the waits."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from chance_reference import brute_chance, tile_kinds

from okeytool.deal import Deal
from okeytool.parse.notation import parse_tiles
from okeytool.parse.supply import limit
from okeytool.rules import get_rules
from okeytool.solver.classic.analysis import analyse_waits
from okeytool.solver.classic.chance import chance_of, chance_ranking
from okeytool.tiles import Tile

LOCAL = Path(__file__).with_name("vectors") / "chance.jsonl"


def chance_vectors() -> list[dict]:
    """The worked chance vectors (copied beside the tests)."""
    return [json.loads(line) for line in LOCAL.read_text(encoding="utf-8").splitlines() if line.strip()]


def setting(vector: dict) -> tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]:
    deal = Deal(get_rules("classic"), Tile.parse(vector["indicator"]))
    seen = deal.resolve(parse_tiles(vector["seen"])) if vector["seen"].strip() else ()
    return deal, deal.resolve(parse_tiles(vector["tiles"])), seen


@pytest.mark.parametrize("vector", chance_vectors(), ids=lambda v: v["tiles"])
def test_vectors_per_hand(vector: dict) -> None:
    deal, tiles, seen = setting(vector)
    for text, want in vector["rows"].items():
        thrown = Tile.parse(text)
        rest = list(tiles)
        rest.remove(thrown)
        got = chance_of(deal, rest, [*seen, thrown], vector["draws"], float(Fraction(vector["risk"])), method="exact")
        assert got.chance == pytest.approx(float(Fraction(want["chance"])), abs=1e-12)
        assert got.points == pytest.approx(float(Fraction(want["points"])), abs=1e-12)


@pytest.mark.parametrize("vector", chance_vectors(), ids=lambda v: v["tiles"])
def test_vectors_ranking(vector: dict) -> None:
    deal, tiles, seen = setting(vector)
    ranking = chance_ranking(deal, tiles, seen, draws=vector["draws"], risk=float(Fraction(vector["risk"])))
    assert ranking.model.method == "exact"
    assert ranking.model.pool == 106 - 14 - len(seen) - 2
    got = {str(row.tile): (row.chance, row.points) for row in ranking.rows}
    assert set(got) == set(vector["rows"])
    for text, want in vector["rows"].items():
        assert got[text][0] == pytest.approx(float(Fraction(want["chance"])), abs=1e-12)
        assert got[text][1] == pytest.approx(float(Fraction(want["points"])), abs=1e-12)
    chances = [row.chance for row in ranking.rows]
    assert chances == sorted(chances, reverse=True)
    document = ranking.to_json()
    assert set(document["model"]) == {"draws", "risk", "pool", "method", "stopped"}  # type: ignore[arg-type]
    assert all("chance" in row and "points" in row for row in document["discards"])  # type: ignore[union-attr]


def small_pool(deal: Deal, hand: tuple[Tile, ...], free: str) -> tuple[Tile, ...]:
    """Seen tiles that leave only the kinds in ``free`` drawable (so the brute force is small)."""
    keep = set(deal.resolve(parse_tiles(free)))
    held = Counter(hand)
    return tuple(t for t in tile_kinds() if t not in keep for _ in range(limit(deal, t) - held[t]))


#: (indicator, 14 tiles, kinds left to draw): a tenpai meld hand, a hand with a real okey
#: (R5 for indicator R4) that may hold for the okey finish, a seven-pairs hand one tile away.
SMALL = [
    ("B6", "B9 B10 B11 B7 Y8 B10 B8 K10 B7 B13 Y10 B8 K5 R5", "B12 K10 R6"),
    ("R4", "R5 R1 R2 R3 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y6", "R4 Y7 Y3 K6 F"),
    ("K3", "R1 R1 B5 B5 K9 K9 Y2 Y2 R12 R12 B13 B13 Y7 K4", "Y7 K4 R2 K8"),
    ("Y7", "R1 R2 R3 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1 B2", "B2 R4 F"),
]


CASES = [(*case, 1) for case in SMALL] + [(*case, 2) for case in SMALL[1:]]  # the first is slow at T = 2


@pytest.mark.parametrize(("indicator", "tiles", "free", "draws"), CASES)
@pytest.mark.parametrize("risk", [Fraction(0), Fraction(1, 10)])
def test_against_brute_force(indicator: str, tiles: str, free: str, draws: int, risk: Fraction) -> None:
    deal = Deal(get_rules("classic"), Tile.parse(indicator))
    hand = deal.resolve(parse_tiles(tiles))
    seen = small_pool(deal, hand, free)
    want_v, want_e = brute_chance(deal, hand, seen, draws, risk)
    got = chance_of(deal, hand, seen, draws, float(risk), method="exact")
    assert got.chance == pytest.approx(float(want_v), abs=1e-9)
    assert got.points == pytest.approx(float(want_e), abs=1e-9)
    assert got.model.pool == 106 - 14 - len(seen) - 1


@pytest.mark.parametrize(("indicator", "tiles", "free"), SMALL)
def test_one_draw_is_the_waits(indicator: str, tiles: str, free: str) -> None:
    deal = Deal(get_rules("classic"), Tile.parse(indicator))
    hand = deal.resolve(parse_tiles(tiles))
    for seen in ((), small_pool(deal, hand, free)):
        waits = analyse_waits(deal, hand, seen)
        pool = 106 - 14 - len(seen) - 1
        got = chance_of(deal, hand, seen, 1, 0.0)
        total = sum(w.unseen for w in waits.waits) if waits.deficiency.total <= 1 else 0
        assert got.chance == pytest.approx(total / pool, abs=1e-12)
