"""The 101 opening chance (rules.md 5.8, :mod:`okeytool.solver.okey101.chance`): the exact method
against the brute force of tests/opening_chance_reference.py (fractions, its own opening checker),
``climb`` as a lower bound of exact, and the ranking's rows, order, penalties and work budget."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from conftest import hand, make_deal
from opening_chance_reference import best_opening, brute_opening_chance, can_open, pairs, solver_form

from okeytool.deal import Deal
from okeytool.errors import HandSizeError, InputError, SupplyError
from okeytool.solver.okey101 import chance as model
from okeytool.solver.okey101.chance import (
    Effort,
    OpeningFacts,
    draws_from_pile,
    opening_chance_of,
    opening_chance_ranking,
)
from okeytool.solver.okey101.layoffs import table_melds
from okeytool.solver.okey101.opening import discard_101, opening_search
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

#: Indicator K9 (okey K10): five melds for 93 points and tiles around them (tests/test_round.py).
NEAR = "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2 Y12"


def full_set(deal: Deal) -> list[Tile]:
    """Every tile but the indicator: each face twice (the okey's face: the real okeys) and two F."""
    tiles = [t for t in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
    assert deal.indicator is not None
    tiles.remove(deal.indicator)
    return tiles


def dealt(
    seed: int, *, seen: int = 0, okeys: int = 0, false_jokers: int = 0, size: int = 21
) -> tuple[Deal, list[Tile], list[Tile]]:
    """A seeded 101 deal, a hand of ``size`` tiles holding ``okeys`` real okeys and ``false_jokers``
    F (at least), and ``seen`` other tiles out of play."""
    rng = random.Random(seed)
    deal = make_deal(str(Tile(rng.randrange(52))), "101")
    tiles = full_set(deal)
    rng.shuffle(tiles)
    okey = deal.okey
    assert okey is not None
    forced = [okey] * okeys + [FALSE_JOKER] * false_jokers
    for tile in forced:
        tiles.remove(tile)
    held = forced + tiles[: size - len(forced)]
    rest = tiles[size - len(forced) :]
    return deal, sorted(held), rest[:seen]


# -- the reference checker and the solver's facts --------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_reference_opening_checker_agrees_with_the_search(seed: int) -> None:
    deal, held, _ = dealt(seed, okeys=seed % 3, false_jokers=seed % 2, size=22)
    counts, wilds = solver_form(deal, held)
    search = opening_search(deal.rules.wrap)
    assert best_opening(counts, wilds) == (
        search.best_layout_keeping(list(counts), wilds, 0).value,
        search.best_layout_keeping(list(counts), wilds, 1).value,
    )
    facts = OpeningFacts(deal)
    state = facts.state(held)
    assert facts.pairs(state) == pairs(deal, held)
    assert facts.can_open(state) == can_open(deal, held)


def test_a_hand_of_pairs_opens_with_pairs_and_a_real_okey_completes_one() -> None:
    deal = make_deal("K9", "101")  # okey K10
    five = hand(deal, "R1 R1 B4 B4 K7 K7 Y2 Y2 R13 K10 R5 B6 B8 Y10 Y12 K1 K3 R8 B11 Y6 Y4 K12")
    facts = OpeningFacts(deal)
    assert facts.pairs(facts.state(five)) == 5 == pairs(deal, five)  # four pairs, R13 with the okey
    assert facts.can_open(facts.state(five)) and can_open(deal, five)
    strict = make_deal("K9", "101", jokers_in_pairs=False)
    assert OpeningFacts(strict).pairs(OpeningFacts(strict).state(five)) == 4 == pairs(strict, five)


# -- exact against the brute force ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "okeys", "false_jokers", "seen", "risk"),
    [
        (1, 0, 0, 0, Fraction(0)),
        (2, 1, 1, 9, Fraction(1, 20)),
        (3, 2, 0, 4, Fraction(1, 10)),
        (4, 0, 2, 0, Fraction(1, 20)),
    ],
)
def test_exact_equals_the_brute_force_at_one_draw(
    seed: int, okeys: int, false_jokers: int, seen: int, risk: Fraction
) -> None:
    deal, held, out = dealt(seed, seen=seen, okeys=okeys, false_jokers=false_jokers)
    brute = brute_opening_chance(deal, held, out, 1, risk)
    assert opening_chance_of(deal, held, out, draws=1, risk=float(risk), method="exact") == pytest.approx(
        float(brute), abs=1e-12
    )
    # climb counts every draw that opens the hand itself: at one draw it is exact too
    assert opening_chance_of(deal, held, out, draws=1, risk=float(risk), method="climb") == pytest.approx(
        float(brute), abs=1e-12
    )


#: Two draws, every discard: the pool cut down by many tiles seen, so that the brute force ends in
#: seconds (the tiles seen are part of the model: they leave the pool).
TWO_DRAWS = [
    (1, 0, 0, Fraction(1, 20)),
    (2, 0, 0, Fraction(0)),
    (5, 0, 0, Fraction(1, 20)),
    (7, 1, 1, Fraction(1, 10)),
    (11, 2, 1, Fraction(1, 20)),
]


@pytest.mark.parametrize(("seed", "okeys", "false_jokers", "risk"), TWO_DRAWS)
def test_exact_equals_the_brute_force_at_two_draws(seed: int, okeys: int, false_jokers: int, risk: Fraction) -> None:
    deal, held, out = dealt(seed, seen=70, okeys=okeys, false_jokers=false_jokers)
    brute = brute_opening_chance(deal, held, out, 2, risk)
    exact = opening_chance_of(deal, held, out, draws=2, risk=float(risk), method="exact")
    assert exact == pytest.approx(float(brute), abs=1e-9)
    climb = opening_chance_of(deal, held, out, draws=2, risk=float(risk), method="climb")
    assert climb <= exact + 1e-12  # a policy the player could follow: never above exact


def test_the_ranking_gives_each_discard_the_chance_of_the_hand_it_leaves() -> None:
    deal, held, out = dealt(7, seen=69, okeys=1, false_jokers=1, size=22)
    ranking = opening_chance_ranking(deal, held, out, draws=1, risk=0.05, method="exact")
    for row in ranking.rows[:4]:
        rest = list(held)
        rest.remove(row.tile)
        brute = brute_opening_chance(deal, rest, [*out, row.tile], 1, Fraction(1, 20))
        assert row.chance == pytest.approx(float(brute), abs=1e-12)  # the thrown tile is out of play
    assert ranking.model.pool == 106 - 21 - (len(out) + 2)


def test_the_rows_at_two_draws_equal_the_brute_force() -> None:
    # A ranking's exact rows share the layouts of every row (the hand with its thrown tile back).
    deal, held, out = dealt(11, seen=68, size=22)
    ranking = opening_chance_ranking(deal, held, out, draws=2, risk=0.05, method="exact")
    assert 0 < ranking.rows[-1].chance < ranking.rows[0].chance < 0.95  # type: ignore[operator]
    for row in (ranking.rows[0], ranking.rows[-1]):
        rest = list(held)
        rest.remove(row.tile)
        brute = brute_opening_chance(deal, rest, [*out, row.tile], 2, Fraction(1, 20))
        assert row.chance == pytest.approx(float(brute), abs=1e-9)


# -- climb, a lower bound -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_climb_is_a_lower_bound_of_exact_on_every_row(seed: int) -> None:
    deal, held, out = dealt(100 + seed, seen=40, size=22, okeys=seed % 2)
    exact = opening_chance_ranking(deal, held, out, draws=2, risk=0.05, method="exact")
    climb = opening_chance_ranking(deal, held, out, draws=2, risk=0.05, method="climb")
    chances = {row.tile: row.chance for row in exact.rows}
    for row in climb.rows:
        assert row.chance is not None and chances[row.tile] is not None
        assert row.chance <= chances[row.tile] + 1e-12
    assert exact.model.method == "exact" and climb.model.method == "climb"


def test_climb_never_counts_more_than_every_draw_opening() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, NEAR)
    for draws in range(6):
        ranking = opening_chance_ranking(deal, tiles, draws=draws, risk=0.05)
        for row in ranking.rows:
            assert row.chance is not None and 0 <= row.chance <= 1 - 0.05 ** (1 if draws else 0) + 1e-12
            if draws == 0:
                assert row.chance == 0
    # more draws, never less chance (a longer horizon contains the shorter one)
    by_draws = [opening_chance_of(deal, tiles[:21], draws=t, risk=0.05) for t in range(6)]
    assert by_draws == sorted(by_draws)


# -- the ranking ----------------------------------------------------------------------------------


def test_rows_are_the_101_discard_rows_by_chance_with_their_penalties() -> None:
    deal = make_deal("K9", "101")  # okey K10
    tiles = hand(deal, "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K10 Y12")
    table = table_melds(deal, [hand(deal, "Y9 Y10 Y11")])
    ranking = opening_chance_ranking(deal, tiles, draws=3, risk=0.05, table=table)
    plain = discard_101(deal, tiles, table=table)
    assert sorted(r.tile for r in ranking.rows) == sorted(r.tile for r in plain.discards)
    assert {r.tile: r.row for r in ranking.rows} == {r.tile: r for r in plain.discards}
    by_tile = {str(r.tile): r for r in ranking.rows}
    assert by_tile["K10"].penalty == 101 and "okey" in by_tile["K10"].row.reasons  # a real okey thrown
    assert by_tile["Y8"].penalty == 101 and "isler" in by_tile["Y8"].row.reasons  # it fits Y9-11
    chances = [r.chance for r in ranking.rows]
    assert all(c is not None for c in chances)
    assert chances == sorted(chances, reverse=True)  # type: ignore[type-var]
    positions = {r.tile: k for k, r in enumerate(plain.discards)}
    for a, b in zip(ranking.rows, ranking.rows[1:]):
        if a.chance == b.chance:
            assert positions[a.tile] < positions[b.tile]  # ties keep the 101 ranking's order
    assert ranking.best_without_penalty is not None and not ranking.best_without_penalty.penalty


def test_a_hand_that_can_open_now_says_so_and_its_opening_discards_lead() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K10 Y12")  # K10: the okey
    ranking = opening_chance_ranking(deal, tiles, draws=5, risk=0.05)
    assert ranking.open_now is not None and ranking.open_now.with_melds
    assert ranking.open_now.points >= 101
    top = ranking.best
    assert top.row.can_open and top.chance == pytest.approx(0.95)  # every draw opens: 1 − r
    assert ranking.to_json()["open_now"] == ranking.open_now.to_json()
    assert opening_chance_ranking(deal, hand(deal, NEAR), draws=5).open_now is None


def test_a_discard_that_goes_out_comes_first_with_chance_one() -> None:
    deal = make_deal("Y7", "101")
    tiles = hand(deal, "R1-13 B10-13 K10-13 Y8")  # Y8 a real okey; the other 21 lay out (elden)
    ranking = opening_chance_ranking(deal, tiles, draws=5, risk=0.05)
    assert ranking.best.row.wins and ranking.best.chance == 1.0
    assert ranking.open_now is not None


def test_the_document_keeps_the_101_row_keys_and_adds_the_chance() -> None:
    deal = make_deal("K9", "101")
    ranking = opening_chance_ranking(deal, hand(deal, NEAR), hand(deal, "Y13"), draws=1, risk=0.1)
    document = ranking.to_json()
    assert set(document) == {"discards", "model", "open_now", "open_points", "open_pairs", "waits"}
    assert document["model"] == {"draws": 1, "risk": 0.1, "pool": 106 - 21 - 3, "method": "exact", "stopped": None}
    row = document["discards"][0]  # type: ignore[index]
    assert {
        "tile",
        "penalty",
        "reasons",
        "open_points",
        "pairs",
        "can_open",
        "melds",
        "chance",
        "method",
        "stopped",
    } <= set(row)
    assert document["waits"] and all(w["points"] >= 101 for w in document["waits"])  # type: ignore[union-attr]


def test_rows_the_work_does_not_reach_are_not_computed_and_say_why() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, NEAR)
    full = opening_chance_ranking(deal, tiles, draws=5, risk=0.05)
    assert full.model.stopped is None and all(r.computed for r in full.rows)
    short = opening_chance_ranking(deal, tiles, draws=5, risk=0.05, effort=Effort(seconds=0.0))
    assert short.model.method == "climb-capped" and short.model.stopped == "work"
    assert not any(r.computed for r in short.rows) and [r.tile for r in short.rows] == [
        r.tile for r in sorted(short.rows, key=lambda r: r.plain)
    ]
    some = opening_chance_ranking(deal, tiles, draws=5, risk=0.05, effort=Effort(seconds=0.01))
    done = [r for r in some.rows if r.computed]
    left = [r for r in some.rows if not r.computed]
    assert done and left and some.rows[: len(done)] == tuple(done)  # computed rows first
    assert all(r.stopped == "work" for r in left) and all(r.stopped is None for r in done)
    exact = {r.tile: r.chance for r in full.rows}
    assert all(r.chance == exact[r.tile] for r in done)  # a row is computed in full or not at all
    # The same budget computes the same rows every time (work is counted, not time).
    again = opening_chance_ranking(deal, tiles, draws=5, risk=0.05, effort=Effort(seconds=0.01))
    assert [r.tile for r in again.rows if r.computed] == [r.tile for r in done]


def test_exact_rows_past_their_share_of_the_work_are_climbed() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, NEAR)
    ranking = opening_chance_ranking(deal, tiles, draws=2, risk=0.05, effort=Effort(seconds=1.0))
    methods = {r.method for r in ranking.rows if r.computed}
    assert methods == {"exact", "climb"} and ranking.model.method in ("climb", "climb-capped")
    exact = {r.tile: r.chance for r in opening_chance_ranking(deal, tiles, draws=2, risk=0.05, method="exact").rows}
    for row in ranking.rows:
        if row.computed and row.method == "exact":
            assert row.chance == exact[row.tile]
        elif row.computed:
            assert row.chance is not None and row.chance <= exact[row.tile] + 1e-12  # type: ignore[operator]


def test_the_clock_stops_a_ranking_as_a_backstop() -> None:
    deal = make_deal("K9", "101")
    ranking = opening_chance_ranking(deal, hand(deal, NEAR), draws=5, effort=Effort(seconds=100, deadline=0.0))
    assert ranking.model.stopped == "time" and not any(r.computed for r in ranking.rows)


# -- the model's inputs ---------------------------------------------------------------------------


def test_the_horizon_comes_from_the_stock() -> None:
    assert model.STOCK == 20 and model.DEFAULT_DRAWS == 5
    assert [draws_from_pile(p) for p in (0, 3, 4, 19, 20)] == [0, 0, 1, 4, 5]
    with pytest.raises(InputError, match="--pile"):
        draws_from_pile(21)
    with pytest.raises(InputError, match="--draws"):
        model.check_model(6, 0.05)
    with pytest.raises(InputError, match="--risk"):
        model.check_model(2, 1.0)


def test_bad_hands_are_refused() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, NEAR)
    with pytest.raises(HandSizeError, match="22"):
        opening_chance_ranking(deal, tiles[:21])
    with pytest.raises(HandSizeError, match="21"):
        opening_chance_of(deal, tiles)
    with pytest.raises(SupplyError):
        opening_chance_ranking(deal, tiles, hand(deal, "R1 R1"))
    with pytest.raises(InputError, match="101"):
        opening_chance_ranking(make_deal("K9", "classic"), tiles)
    with pytest.raises(InputError, match="methods"):
        opening_chance_ranking(deal, tiles, method="advance")  # type: ignore[arg-type]
