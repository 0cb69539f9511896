"""The chance ranking's API: methods as lower bounds of exact, finish-now advice, the goal, the model
checks and the four-player pile."""

from __future__ import annotations

import pytest
from conftest import make_deal

from okeytool.errors import InputError
from okeytool.parse.notation import parse_tiles
from okeytool.solver.classic.chance import Effort, chance_of, chance_ranking, draws_from_pile

HANDS = [
    ("R4", "R5 R1 R2 R3 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y9", "Y7 Y3 K6 K10 B10 F"),
    ("Y7", "R1 R2 R3 B9 B10 B11 K5 Y5 K11 K12 K13 K1 B2 R9", "B2 R4 K4"),
]


@pytest.mark.parametrize(("indicator", "tiles", "seen"), HANDS)
def test_restricted_methods_are_lower_bounds(indicator: str, tiles: str, seen: str) -> None:
    deal = make_deal(indicator)
    hand, out = deal.resolve(parse_tiles(tiles)), deal.resolve(parse_tiles(seen))
    exact = chance_of(deal, hand, out, 2, 0.05, method="exact")
    keep = chance_of(deal, hand, out, 2, 0.05, method="keep")
    advance = chance_of(deal, hand, out, 2, 0.05, method="advance")
    swap = chance_of(deal, hand, out, 2, 0.05, method="swap")
    assert advance.chance <= swap.chance + 1e-12 <= keep.chance + 2e-12 <= exact.chance + 3e-12
    assert advance.points <= swap.points + 1e-12 <= keep.points + 2e-12 <= exact.points + 3e-12
    assert exact.model.exact and not advance.model.exact


@pytest.mark.parametrize(("indicator", "tiles", "seen"), HANDS)
def test_swap_between_advance_and_keep_longer(indicator: str, tiles: str, seen: str) -> None:
    deal = make_deal(indicator)
    hand, out = deal.resolve(parse_tiles(tiles)), deal.resolve(parse_tiles(seen))
    advance = chance_of(deal, hand, out, 3, 0.05, method="advance")
    swap = chance_of(deal, hand, out, 3, 0.05, method="swap")
    keep = chance_of(deal, hand, out, 3, 0.05, method="keep")
    assert advance.chance <= swap.chance + 1e-12 <= keep.chance + 2e-12
    assert swap.model.method == "swap"


def test_winning_hand_is_told_finish_or_hold() -> None:
    # Indicator R4: R5 is a real okey, standing for R4 in R1-R5; finishing now is a normal win (2).
    deal = make_deal("R4")
    tiles = deal.resolve(parse_tiles("R1 R2 R3 R5 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y7 B2"))
    safe = chance_ranking(deal, tiles, draws=6, risk=0.0)
    assert safe.best.option.wins and safe.best.tile == parse_tiles("B2")[0]
    assert safe.finish_now is not None and safe.finish_now.points == 2
    # With no risk, playing on can only gain: holding beats a normal finish.
    assert safe.finish_now.hold_points > 2 and safe.finish_now.advice == "hold"
    risky = chance_ranking(deal, tiles, draws=6, risk=0.5)
    assert risky.finish_now is not None and risky.finish_now.advice == "finish"
    document = risky.to_json()
    assert document["finish_now"] == {"points": 2.0, "hold_points": risky.finish_now.hold_points, "advice": "finish"}


def test_goal_points_orders_by_points() -> None:
    deal = make_deal("B6")
    tiles = deal.resolve(parse_tiles("B9 B10 B11 B7 Y8 B10 B8 K10 B7 B13 Y10 B1 B8 K5 R5"))
    # A minute of work: every row computed, with the extension or without it.
    ranking = chance_ranking(deal, tiles, draws=2, risk=0.0, goal="points", effort=Effort(seconds=60))
    assert ranking.model.stopped is None
    points = [row.points for row in ranking.rows]
    assert points == sorted(points, reverse=True)
    assert ranking.to_json()["goal"] == "points"
    assert ranking.finish_now is None


@pytest.mark.parametrize(("draws", "risk"), [(-1, 0.0), (13, 0.0), (4, 1.0), (4, -0.1), (4, float("nan"))])
def test_model_outside_refused(draws: int, risk: float) -> None:
    deal = make_deal("R4")
    tiles = deal.resolve(parse_tiles("R1 R2 R3 R5 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y7"))
    with pytest.raises(InputError):
        chance_of(deal, tiles, (), draws, risk)


def test_other_rules_refused() -> None:
    deal = make_deal("R4", "101")
    with pytest.raises(InputError, match="classic"):
        chance_of(deal, deal.resolve(parse_tiles("R1 R2 R3 R5 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y7")), (), 2, 0.0)


def test_pile_gives_every_fourth_tile() -> None:
    assert draws_from_pile(48) == 12
    assert draws_from_pile(33) == 8
    assert draws_from_pile(3) == 0
    with pytest.raises(InputError):
        draws_from_pile(49)
