"""The table chance: the classic chance policies' model chance mapped to the chance observed at a table."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from okeytool.arena.run import ArenaRun, play
from okeytool.arena.table_chance import DRAW_GROUPS, TABLE, draw_group, table_chance
from okeytool.arena.table_fit import Point, decisions, equal_count_bins, fit, pool_adjacent, top_finer_bins

#: Classic: 106 tiles, the indicator, 15 + 3 x 14 dealt.
STOCK = 106 - 1 - 15 - 3 * 14


def test_the_table_is_a_monotone_map_of_every_draw_group() -> None:
    assert len(TABLE) == len(DRAW_GROUPS)
    for knots in TABLE:
        xs = [x for x, _ in knots]
        ys = [y for _, y in knots]
        assert xs == sorted(set(xs)), "knots strictly increasing in the model's chance"
        assert ys == sorted(ys), "a higher model chance is never a lower table chance"
        assert all(0.0 <= v <= 1.0 for v in (*xs, *ys))
        assert knots[-1] == (1.0, 1.0), "a hand the model is sure of is sure at the table"


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(0, 12))
def test_the_table_chance_keeps_the_order_and_stays_a_chance(a: float, b: float, draws: int) -> None:
    low, high = sorted((a, b))
    assert 0.0 <= table_chance(low, draws) <= table_chance(high, draws) <= 1.0


def test_the_table_chance_is_the_knots_joined_by_lines() -> None:
    table = (((0.1, 0.2), (0.3, 0.6), (1.0, 1.0)),) * len(DRAW_GROUPS)
    assert table_chance(0.0, 5, table) == 0.2  # flat before the first knot
    assert table_chance(0.3, 5, table) == 0.6
    assert abs(table_chance(0.2, 5, table) - 0.4) < 1e-12
    assert abs(table_chance(0.65, 5, table) - 0.8) < 1e-12
    assert [draw_group(d) for d in range(13)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3]


def _throws(events: list[dict[str, Any]], seat: int) -> list[tuple[dict[str, Any], int]]:
    """The seat's throws with its own draws left after each, counted from the record's draws."""
    stock = STOCK
    found = []
    for event in events:
        if event["event"] == "draw":
            stock -= 1
        elif event["event"] == "throw" and event["seat"] == seat:
            found.append((event, stock // 4))
    return found


def test_a_chance_seat_records_its_model_chance_and_the_table_chance() -> None:
    reported = 0
    for games in play(ArenaRun("classic", "chance", "acceptance", deals=1, seed=21, work=0.005)):
        for game in games:
            events = list(game.played.events)
            assert len(events[0]["stock"]) == STOCK
            for throw, draws in _throws(events, game.game):
                if "chance" not in throw:
                    continue
                reported += 1
                assert throw["chance"] == table_chance(throw["model"], draws)
                assert throw["chance"] >= throw["model"] or throw["model"] < 0.01
            assert [c for s, c in game.played.chances] == [
                e["chance"] for e in events if e["event"] == "throw" and e["seat"] == game.game and "chance" in e
            ]
    assert reported > 0


points = st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(1, 50)), min_size=1, max_size=40).map(
    lambda found: sorted(found)
)


@given(points)
@example([(0.0, 0.4900415437605724, 3), (1.0, 0.4900415437605724, 1)])  # y * 3 / 3 rounds above y
def test_pooling_adjacent_violators_gives_a_monotone_fit_with_the_same_weight_and_sum(found: list[Point]) -> None:
    pooled = pool_adjacent(found)
    ys = [y for _, y, _ in pooled]
    assert all(a <= b + 1e-12 for a, b in zip(ys, ys[1:]))
    assert sum(w for _, _, w in pooled) == sum(w for _, _, w in found)
    assert abs(sum(y * w for _, y, w in pooled) - sum(y * w for _, y, w in found)) < 1e-9
    if all(a[1] <= b[1] for a, b in zip(found, found[1:])):
        assert len(pooled) == len(found), "points already in order are their own fit"
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) < 1e-12 for a, b in zip(pooled, found))


@given(
    st.lists(st.tuples(st.sampled_from([0.0, 0.05, 0.1, 0.2, 0.5]), st.booleans()), max_size=200), st.integers(1, 12)
)
def test_bins_of_equal_count_never_split_equal_chances(found: list[tuple[float, bool]], bins: int) -> None:
    ordered = sorted(found, key=lambda pair: pair[0])
    made = equal_count_bins(ordered, bins)
    assert sum(n for _, _, n in made) == len(found)
    assert made == equal_count_bins(sorted(found), bins), "the order of ties does not matter"
    at = 0
    for _, _, n in made[:-1]:
        assert ordered[at + n - 1][0] != ordered[at + n][0], "a bin ends where the chance changes"
        at += n


def test_the_fit_recovers_a_known_map_per_group_and_keeps_the_model_where_it_saw_nothing() -> None:
    rng = Random(5)
    found = []
    for deal in range(20_000):
        chance = rng.random() * 0.4
        found.append((deal, chance, 4, rng.random() < 2 * chance))  # group 1: twice the model's chance
    table = fit(found)
    assert table[0] == table[2] == table[3] == ((0.0, 0.0), (1.0, 1.0))
    for chance in (0.05, 0.1, 0.2, 0.3):
        assert abs(table_chance(chance, 4, table) - 2 * chance) < 0.05
    assert table[1][-1] == (1.0, 1.0)


def test_the_decisions_of_a_record_are_the_challengers_reported_chances() -> None:
    deals = list(play(ArenaRun("classic", "chance", "acceptance", deals=1, seed=21, work=0.005)))
    found = list(decisions(deals))
    expected = [
        (game.deal, throw["model"], draws, game.played.winner == game.game)
        for game in deals[0]
        for throw, draws in _throws(list(game.played.events), game.game)
        if "chance" in throw
    ]
    assert found == expected and found


def test_the_top_tenth_of_the_chances_is_binned_four_times_finer() -> None:
    rng = Random(9)
    found = sorted(((rng.random(), rng.random() < 0.5) for _ in range(3200)), key=lambda pair: pair[0])
    made = top_finer_bins(found, 32)
    assert sum(n for _, _, n in made) == len(found)
    top = found[int(0.9 * len(found))][0]
    lower = [n for x, _, n in made if x < top]
    upper = [n for x, _, n in made if x > top]
    assert set(lower[:-1]) == {100} and 50 <= lower[-1] < 150, "the lower nine tenths in bins of a 32nd"
    assert set(upper[:-1]) == {25} and 12 <= upper[-1] < 38, "the top tenth in bins of a quarter of that"
    assert [x for x, _, _ in made] == sorted(x for x, _, _ in made)
