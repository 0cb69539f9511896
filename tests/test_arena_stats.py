"""The arena's statistics (okeytool.arena.stats) and its calibration picture (okeytool.arena.plot).

Known answers are worked by hand here, from the definitions in arena.md: the per-deal differences d_k
and their mean ± 1.96 × sd / sqrt(deals) written out with :mod:`statistics`, not with the module under
test. The properties hold the summary to what must not depend on the labels (which seat is which, what
a deal is called, the order games come in), to the duplicate design (two policies that play alike do not
differ), and to the ranges of its figures. The picture is rendered for real, as PNG and as SVG.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from okeytool.arena.plot import DIAGONAL_ID, POINTS_ID, PlotError, calibration_plot
from okeytool.arena.stats import (
    Calibration,
    GameOutcome,
    Prediction,
    Summary,
    calibrate,
    summarise,
)

SVG = "{http://www.w3.org/2000/svg}"


def game(deal: int, seat: int, winner: int | None, points: Sequence[float], forfeit: bool = False) -> GameOutcome:
    return GameOutcome(deal, seat, winner, (points[0], points[1], points[2], points[3]), forfeit)


#: Two deals, each played four times (challenger in seat 0, 1, 2, 3).
#: Deal 0: the challenger wins from seats 0 and 1, a champion wins when it sits in 2, seat 3's game is null.
#: Deal 1: seat 3 wins every game, whoever sits there: the challenger wins once, the champion three times.
TWO_DEALS = [
    game(0, 0, 0, (6, -2, -2, -2)),
    game(0, 1, 1, (-2, 6, -2, -2)),
    game(0, 2, 0, (6, -2, -2, -2)),
    game(0, 3, None, (0, 0, 0, 0)),
    game(1, 0, 3, (-4, -4, -4, 12)),
    game(1, 1, 3, (-4, -4, -4, 12)),
    game(1, 2, 3, (-4, -4, -4, 12)),
    game(1, 3, 3, (-4, -4, -4, 12)),
]


def test_two_deals_worked_by_hand() -> None:
    # Deal 0: the challenger won 2 of 4 games; the champion won 1 game, 1/3 a seat: 1/12 a game per seat.
    # Its points: challenger 6, 6, -2, 0; champion per seat -2, -2, (6-2-2)/3 = 2/3, 0.
    win_d = [2 / 4 - (1 / 3) / 4, 1 / 4 - (3 / 3) / 4]  # d_0 = 5/12; deal 1: 1/4 against 3/3 over 4 games: 0
    points_d = [(6 + 6 - 2 + 0) / 4 - (-2 - 2 + 2 / 3 + 0) / 4, (-4 - 4 - 4 + 12) / 4 - (4 / 3 * 3 - 4) / 4]
    summary = summarise(TWO_DEALS)

    assert (summary.rounds, summary.forfeits, summary.null_rounds) == (8, 0, 1)
    assert summary.challenger.wins == 3 and summary.challenger.win_rate == pytest.approx(3 / 8)
    assert summary.champion.wins == pytest.approx(4 / 3) and summary.champion.win_rate == pytest.approx(1 / 6)
    assert summary.challenger.points == pytest.approx((10 + 0) / 8)
    assert summary.champion.points == pytest.approx((-10 / 3 + 0) / 8)

    for d, value, interval in (
        (win_d, summary.difference.win_rate, summary.difference.win_rate_ci95),
        (points_d, summary.difference.points, summary.difference.points_ci95),
    ):
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
        assert value == pytest.approx(statistics.mean(d))
        assert interval == pytest.approx((statistics.mean(d) - half, statistics.mean(d) + half))
    # The same numbers written out: 5/24 ± 1.96 × 5/24, and 5/3 ± 1.96 × 5/3.
    assert summary.difference.win_rate_ci95 == pytest.approx((-0.2, 0.6166667))
    assert summary.difference.points_ci95 == pytest.approx((-1.6, 4.9333333))
    assert summary.difference.clusters == 2


def test_the_json_answer_has_arena_md_s_layout() -> None:
    header = {"rules": "classic", "options": {}, "seed": 1, "deals": 2, "seconds": 1.5}
    answer = summarise(TWO_DEALS, []).to_json(challenger="chance", champion="acceptance", **header)
    assert list(answer) == [
        "rules",
        "options",
        "seed",
        "deals",
        "rounds",
        "challenger",
        "champion",
        "null_rounds",
        "forfeits",
        "difference",
        "calibration",
        "seconds",
    ]
    assert answer["challenger"] == {"policy": "chance", "wins": 3, "win_rate": 0.375, "points": 1.25}
    assert answer["champion"] == {"policy": "acceptance", "wins": 1.333333, "win_rate": 0.166667, "points": -0.416667}
    assert answer["difference"] == {
        "win_rate": 0.208333,
        "win_rate_ci95": [-0.2, 0.616667],
        "points": 1.666667,
        "points_ci95": [-1.6, 4.933333],
        "clusters": 2,
    }
    assert set(answer["calibration"]) >= {"decisions", "brier", "bins"}
    assert json.loads(json.dumps(answer)) == answer
    assert list(summarise(TWO_DEALS).to_json(notes="x"))[-1] == "notes"  # a key arena.md does not name: last
    with pytest.raises(TypeError, match="rounds"):
        summarise(TWO_DEALS).to_json(rounds=3)


def test_forfeits_are_counted_and_left_out() -> None:
    forfeited = [
        game(0, 3, None, (0, 0, 0, 0), forfeit=True),  # replaces deal 0's null round: not a null round any more
        *(game(2, seat, None, (0, 0, 0, 0), forfeit=True) for seat in range(4)),  # a deal with no scored game
    ]
    summary = summarise([g for g in TWO_DEALS if (g.deal, g.challenger_seat) != (0, 3)] + forfeited)
    assert (summary.rounds, summary.forfeits, summary.null_rounds) == (12, 5, 0)
    assert summary.scored_rounds == 7
    assert summary.challenger.win_rate == pytest.approx(3 / 7)
    assert summary.champion.win_rate == pytest.approx((4 / 3) / 7)
    assert summary.challenger.points == pytest.approx(10 / 7)
    # Every game weighs the same; deal 0 has three: the mean is (win differences of the 7 games) / 7.
    assert summary.difference.win_rate == pytest.approx((1 + 1 - 1 / 3 + 1 - 1 / 3 * 3) / 7)
    assert summary.difference.clusters == 2


def test_no_deals_one_deal_and_no_calibration() -> None:
    empty = summarise([])
    assert (empty.rounds, empty.challenger.wins, empty.champion.wins) == (0, 0, 0)
    assert empty.challenger.win_rate is None and empty.champion.points is None
    assert empty.difference.win_rate is None and empty.difference.points_ci95 is None
    assert empty.calibration is None
    answer = empty.to_json()
    assert answer["difference"] == {
        "win_rate": None,
        "win_rate_ci95": None,
        "points": None,
        "points_ci95": None,
        "clusters": 0,
    }
    assert answer["calibration"] is None

    one = summarise(TWO_DEALS[:4])
    assert one.difference.win_rate == pytest.approx(5 / 12) and one.difference.win_rate_ci95 is None
    assert one.difference.points == pytest.approx(10 / 3) and one.difference.points_ci95 is None

    nothing_decided = summarise([], []).calibration
    assert nothing_decided is not None and nothing_decided.decisions == 0 and nothing_decided.brier is None
    assert [b.count for b in nothing_decided.bins] == [0] * 10


def test_calibration_worked_by_hand() -> None:
    decisions = [
        Prediction(0, 0.0, False),
        Prediction(0, 0.1, True),  # on an edge: the upper bin
        Prediction(0, 0.15, False),
        Prediction(1, 0.95, True),
        Prediction(1, 1.0, True),  # the last bin is closed
    ]
    calibration = calibrate(decisions)
    assert calibration.decisions == 5
    assert calibration.brier == pytest.approx((0.0 + 0.81 + 0.0225 + 0.0025 + 0.0) / 5)
    counts = [b.count for b in calibration.bins]
    assert counts == [1, 2, 0, 0, 0, 0, 0, 0, 0, 2]
    low, high, empty, top = calibration.bins[0], calibration.bins[1], calibration.bins[2], calibration.bins[9]
    assert high.predicted == pytest.approx(0.125) and high.observed == 0.5
    assert top.predicted == pytest.approx(0.975) and top.observed == 1.0
    assert (empty.count, empty.predicted, empty.observed, empty.observed_ci95) == (0, None, None, None)
    # Wilson's interval, z = 1.96: 0 of 1 is [0, 0.7935]; 1 of 2 is [0.0945, 0.9055]; 2 of 2 is [0.3424, 1].
    assert low.observed_ci95 == pytest.approx((0.0, 0.79345), abs=1e-4)
    assert high.observed_ci95 == pytest.approx((0.09453, 0.90547), abs=1e-4)
    assert top.observed_ci95 == pytest.approx((0.34237, 1.0), abs=1e-4)
    bins = calibration.to_json()["bins"]
    assert bins[2] == {"from": 0.2, "to": 0.3, "predicted": None, "observed": None, "count": 0, "observed_ci95": None}
    assert [(b["from"], b["to"]) for b in bins] == [(k / 10, (k + 1) / 10) for k in range(10)]


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValueError, match="not a seat"):
        game(0, 0, 4, (0, 0, 0, 0))
    with pytest.raises(ValueError, match="forfeited game has no winner"):
        game(0, 0, 1, (0, 0, 0, 0), forfeit=True)
    with pytest.raises(ValueError, match="four finite numbers"):
        game(0, 0, None, (0, 0, 0, math.nan))
    with pytest.raises(ValueError, match="within"):
        Prediction(0, -0.1, False)
    with pytest.raises(ValueError, match="comes twice"):
        summarise([TWO_DEALS[0], TWO_DEALS[0]])


# Hypothesis: games of a few deals, each deal played with the challenger in some of the four seats.

points_vectors = st.tuples(*[st.integers(-30, 30)] * 4)


@st.composite
def deal_games(draw: st.DrawFn, deal: int) -> list[GameOutcome]:
    seats = draw(st.sets(st.integers(0, 3), min_size=1))
    games = []
    for seat in sorted(seats):
        forfeit = draw(st.integers(0, 9)) == 9  # one game in ten forfeited; none in a shrunk example
        winner = None if forfeit else draw(st.none() | st.integers(0, 3))
        games.append(GameOutcome(deal, seat, winner, draw(points_vectors), forfeit))
    return games


@st.composite
def arena_games(draw: st.DrawFn, max_deals: int = 6) -> list[GameOutcome]:
    deals = draw(st.integers(0, max_deals))
    return [g for k in range(deals) for g in draw(deal_games(k))]


predictions = st.lists(
    st.builds(
        Prediction, st.integers(0, 5), st.floats(0.0, 1.0) | st.sampled_from([k / 10 for k in range(11)]), st.booleans()
    ),
    max_size=60,
)


def relabelled(game: GameOutcome, seats: Sequence[int], deal: int) -> GameOutcome:
    """The same game with seat s called seats[s] and the deal called ``deal``."""
    points = [0.0, 0.0, 0.0, 0.0]
    for s, p in enumerate(game.points):
        points[seats[s]] = p
    winner = None if game.winner is None else seats[game.winner]
    return GameOutcome(
        deal, seats[game.challenger_seat], winner, (points[0], points[1], points[2], points[3]), game.forfeit
    )


@given(arena_games(), st.data())
def test_labels_do_not_matter(games: list[GameOutcome], data: st.DataObject) -> None:
    """Renaming the seats (one permutation per deal, so its games stay distinct), renaming the deals and
    shuffling the games change nothing."""
    deals = sorted({g.deal for g in games})
    new_names = data.draw(st.permutations(range(100, 100 + len(deals))))
    names = dict(zip(deals, new_names))
    seats = {k: data.draw(st.permutations(range(4))) for k in deals}
    moved = data.draw(st.permutations([relabelled(g, seats[g.deal], names[g.deal]) for g in games]))
    assert summarise(moved) == summarise(games)


@given(st.lists(st.tuples(st.none() | st.integers(0, 3), points_vectors), max_size=8))
def test_policies_that_play_alike_do_not_differ(deals: list[tuple[int | None, tuple[int, int, int, int]]]) -> None:
    """Duplicate deals: when the seat, not the policy, decides each deal (both policies play alike), the
    challenger and the champion per seat come out equal on every deal, and so does every interval."""
    games = [
        GameOutcome(k, seat, winner, points, False) for k, (winner, points) in enumerate(deals) for seat in range(4)
    ]
    difference = summarise(games).difference
    if not deals:
        assert difference.win_rate is None
        return
    assert difference.win_rate == pytest.approx(0, abs=1e-12) and difference.points == pytest.approx(0, abs=1e-9)
    for interval in (difference.win_rate_ci95, difference.points_ci95):
        assert interval is None if len(deals) == 1 else interval == pytest.approx((0, 0), abs=1e-9)


@given(arena_games())
def test_the_difference_is_challenger_minus_champion_inside_its_interval(games: list[GameOutcome]) -> None:
    summary = summarise(games)
    difference = summary.difference
    for figure, challenger, champion, interval in (
        ("win_rate", summary.challenger.win_rate, summary.champion.win_rate, difference.win_rate_ci95),
        ("points", summary.challenger.points, summary.champion.points, difference.points_ci95),
    ):
        value = getattr(difference, figure)
        if challenger is None or champion is None:
            assert value is None and interval is None
            continue
        assert value == pytest.approx(challenger - champion, abs=1e-9)
        if difference.clusters >= 2:
            assert interval is not None and interval[0] <= value <= interval[1]
        else:
            assert interval is None
    assert summary.null_rounds + summary.challenger.wins + 3 * summary.champion.wins == pytest.approx(
        summary.scored_rounds
    )


@given(
    st.lists(
        st.tuples(st.none() | st.integers(0, 3), points_vectors, points_vectors, points_vectors, points_vectors),
        min_size=2,
        max_size=6,
    )
)
def test_whole_deals_give_the_mean_of_d_k_and_its_standard_error(
    deals: list[tuple[int | None, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]],
) -> None:
    """With four scored games a deal, the interval is mean(d_k) ± 1.96 × stdev(d_k) / sqrt(n), as written."""
    games = [
        GameOutcome(k, seat, winner, (p[0], p[1], p[2], p[3]), False)
        for k, (winner, *vectors) in enumerate(deals)
        for seat, p in enumerate(vectors)
    ]
    d = []
    for k in range(len(deals)):
        mine = [g for g in games if g.deal == k]
        challenger = sum(g.points[g.challenger_seat] for g in mine) / 4
        champion = sum((sum(g.points) - g.points[g.challenger_seat]) / 3 for g in mine) / 4
        d.append(challenger - champion)
    half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    difference = summarise(games).difference
    assert difference.points == pytest.approx(statistics.mean(d), abs=1e-9)
    assert difference.points_ci95 == pytest.approx((statistics.mean(d) - half, statistics.mean(d) + half), abs=1e-9)


@given(predictions)
def test_calibration_ranges(decisions: list[Prediction]) -> None:
    calibration = calibrate(decisions)
    assert calibration.decisions == len(decisions) == sum(b.count for b in calibration.bins)
    if not decisions:
        assert calibration.brier is None
        return
    assert calibration.brier is not None and 0.0 <= calibration.brier <= 1.0
    if calibration.brier_ci95 is not None:
        assert calibration.brier_ci95[0] <= calibration.brier <= calibration.brier_ci95[1]
    for b in calibration.bins:
        if not b.count:
            continue
        assert b.predicted is not None and b.observed is not None and b.observed_ci95 is not None
        assert b.lower <= b.predicted <= b.upper and 0.0 <= b.observed <= 1.0
        assert 0.0 <= b.observed_ci95[0] <= b.observed <= b.observed_ci95[1] <= 1.0
    answer = calibration.to_json()
    assert json.loads(json.dumps(answer)) == answer


# The picture.

DECISIONS = [
    Prediction(k % 7, p, won)
    for k, (p, won) in enumerate([(0.05, False)] * 8 + [(0.33, True), (0.35, False), (0.62, True), (0.97, True)])
]


def test_a_png_picture(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.image import imread

    path = tmp_path / "calibration.png"
    calibration_plot(summarise(TWO_DEALS, DECISIONS), path, "chance against acceptance")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    height, width, *_ = imread(path).shape
    assert height > 0 and width > 0


def test_an_svg_picture(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    calibration = calibrate(DECISIONS)
    path = tmp_path / "calibration.SVG"  # the suffix in any case
    calibration_plot(calibration, path, "chance")
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert len(list(groups[DIAGONAL_ID].iter(f"{SVG}path"))) == 1
    shown = sum(1 for b in calibration.bins if b.count)
    assert shown == 4 and len(list(groups[POINTS_ID].iter(f"{SVG}path"))) == shown
    first = path.read_bytes()
    calibration_plot(calibration, path, "chance")
    assert path.read_bytes() == first  # the same picture, byte for byte


def test_what_cannot_be_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calibration = calibrate(DECISIONS)
    with pytest.raises(ValueError, match=r"'.*calibration\.pdf'.*must end in \.png or \.svg"):
        calibration_plot(calibration, tmp_path / "calibration.pdf", "chance")
    with pytest.raises(PlotError, match="must end in"):
        calibration_plot(calibration, tmp_path / "calibration", "chance")
    with pytest.raises(PlotError, match="no calibration"):
        calibration_plot(summarise(TWO_DEALS), tmp_path / "calibration.png", "acceptance")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the extra were not installed
    with pytest.raises(PlotError, match=r"pip install 'okeytool\[plot\]'"):
        calibration_plot(calibration, tmp_path / "calibration.png", "chance")
    assert not list(tmp_path.iterdir())


def test_the_summary_types_are_frozen() -> None:
    summary = summarise(TWO_DEALS, DECISIONS)
    assert isinstance(summary, Summary) and isinstance(summary.calibration, Calibration)
    with pytest.raises(AttributeError):
        summary.rounds = 0  # type: ignore[misc]
