"""Far hands (three to six tiles away, the first decisions of a round): the chance ranking is honest
about what it did not compute and gives the same answer on every run, however busy the machine.

A row is computed in full or not at all: rows the work limit stopped carry no chance, say why, and
keep the plain ranking's order below the computed rows; the work is counted in states, not in
seconds, so the same rows are computed on every run.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

import okeytool.solver.classic.chance as chance
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.classic.analysis import plain_rank, rank_discards
from okeytool.solver.classic.chance import ChanceRanking, Effort, HandFacts, chance_ranking
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SEED = 20261218
#: Seconds of work per ranking in these tests: enough for some rows of a far hand, not for all.
LOW = 0.3


def dealt_hands(count: int, seed: int = SEED) -> Iterator[tuple[Deal, tuple[Tile, ...]]]:
    """``count`` dealt 15-tile hands whose best discard leaves them three to six tiles away."""
    rng = random.Random(seed)
    rules = get_rules("classic")
    found = 0
    while found < count:
        deal = Deal(rules, rng.choice(ALL_FACES))
        tiles = [t for t in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
        tiles.remove(deal.indicator)  # type: ignore[arg-type]
        hand = tuple(sorted(rng.sample(tiles, 15)))
        if 3 <= rank_discards(deal, hand).best.deficiency <= 6:
            found += 1
            yield deal, hand


CORPUS = list(dealt_hands(6))


def check_order(deal: Deal, ranking: ChanceRanking) -> None:
    """Computed rows first, by chance (ties in the plain order); the rows not computed after them,
    in the plain ranking's order, each saying why; never a 0 standing in for a chance not computed."""
    rows = ranking.rows
    computed = [r for r in rows if r.computed]
    missing = [r for r in rows if not r.computed]
    assert list(rows) == computed + missing
    assert all(r.chance is None and r.points is None and r.stopped is not None for r in missing)
    assert all(r.stopped is None for r in computed)
    chances = [r.chance for r in computed]
    assert chances == sorted(chances, reverse=True)  # type: ignore[type-var]
    ranks = [plain_rank(deal, r.option) for r in missing]
    assert ranks == sorted(ranks)  # type: ignore[type-var]
    if computed:
        assert ranking.best.computed  # the top row is never one that was not computed
    assert (ranking.model.stopped is None) == (not missing)


@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_far_hands_rank_computed_rows_by_chance_and_the_rest_by_the_plain_ranking(index: int) -> None:
    deal, hand = CORPUS[index]
    ranking = chance_ranking(deal, hand, effort=Effort(LOW))
    check_order(deal, ranking)


@pytest.mark.parametrize("seconds", [LOW, 0.0005, 0.0])
def test_the_same_hand_gives_the_same_ranking_every_time(seconds: float) -> None:
    """Three runs, the same documents, even with the work forced very low (and with a clock far
    away: only the work decides)."""
    for deal, hand in CORPUS[:3]:
        runs = [chance_ranking(deal, hand, effort=Effort(seconds)).to_json() for _ in range(3)]
        assert runs[0] == runs[1] == runs[2]


def test_the_plain_best_is_computed_first() -> None:
    """The rows are computed in the plain ranking's order, so with enough work for one row it is the
    plain ranking's best that gets its chance."""
    for deal, hand in CORPUS:
        plain = rank_discards(deal, hand)
        ranking = chance_ranking(deal, hand, effort=Effort(LOW))
        computed = {r.tile for r in ranking.rows if r.computed}
        if computed:
            assert plain.options[0].tile in computed


def test_more_work_computes_more_rows_and_keeps_what_was_computed() -> None:
    deal, hand = CORPUS[0]
    low = chance_ranking(deal, hand, effort=Effort(LOW))
    high = chance_ranking(deal, hand, effort=Effort(4 * LOW))
    chances = {r.tile: r.chance for r in high.rows}
    assert sum(r.computed for r in high.rows) >= sum(r.computed for r in low.rows)
    for row in low.rows:
        if row.computed:
            assert chances[row.tile] == row.chance  # a computed row is the full answer, not a bound


def each_solve_finding_its_facts(deal: Deal, hand: tuple[Tile, ...], effort: Effort) -> list[chance.Solved]:
    """The rows of a ranking solved in the plain ranking's order on new facts, the plain ranking on
    its own analyser: each solve finds its hand's facts itself."""
    facts = HandFacts(deal)
    hands = []
    for option in rank_discards(deal, hand).options:
        rest = list(hand)
        rest.remove(option.tile)
        hands.append((facts.state(rest), [option.tile]))
    draws, risk = chance.DEFAULT_DRAWS, chance.DEFAULT_RISK
    return chance._solve_with(deal, hands, draws, risk, None, effort, facts)


def test_the_hands_the_plain_ranking_asks_count_as_the_work_of_their_rows() -> None:
    """The plain ranking asks the hand facts about each row's 14 tiles, which the rows' solves would
    otherwise find first: their work is counted as those solves' own, so that the same rows are
    computed, with the same chances, as when each solve finds its hand's facts. Held at work limits
    just around the ends of the first rows, where a row's facts counted once too few or too many
    decide whether it is computed."""
    deal, hand = CORPUS[0]
    facts = HandFacts(deal)
    rate = chance.WORK_PER_SECOND[chance.ChanceSolver(facts, (), chance.DEFAULT_RISK, "advance").engine]
    full = each_solve_finding_its_facts(deal, hand, Effort(seconds=100.0))
    options = rank_discards(deal, hand).options
    ends = [sum(s.states for s in full[: k + 1]) for k in range(3)]
    for end in ends:
        for work in (end - 17, end - 1, end, end + 15):
            effort = Effort(seconds=(work + 0.5) / rate)
            expected = each_solve_finding_its_facts(deal, hand, effort)
            rows = {row.tile: row for row in chance_ranking(deal, hand, effort=effort).rows}
            assert [rows[o.tile].chance for o in options] == [s.chance if s.stopped is None else None for s in expected]


def test_discard_and_round_draw_give_the_same_far_advice(run_main, monkeypatch, tmp_path) -> None:
    """``discard --chance`` and ``round draw`` on the same 15 tiles: the same rows, in the same
    order, computed or not, run after run."""
    monkeypatch.setattr(chance.Effort, "default_seconds", LOW)
    monkeypatch.setenv("OKEYTOOL_DB", str(tmp_path / "games.sqlite3"))
    deal, hand = CORPUS[1]
    fourteen, drawn = hand[:-1], hand[-1]
    started = run_main("round", "start", "-i", str(deal.indicator), *map(str, fourteen), "--json")
    assert started.code == 0, started.err
    drew = run_main("round", "draw", str(drawn), "--json")
    assert drew.code == 0, drew.err
    advice = json.loads(drew.out)["advice"]
    draws = str(advice["model"]["draws"])  # the round's own draws left
    documents = []
    for _ in range(3):
        asked = run_main("discard", "-i", str(deal.indicator), *map(str, hand), "--chance", "--draws", draws, "--json")
        assert asked.code == 0, asked.err
        documents.append(json.loads(asked.out))
    assert documents[0] == documents[1] == documents[2]
    rows = [(r["tile"], r["chance"], r["stopped"]) for r in advice["discards"]]
    want = [(r["tile"], r["chance"], r["stopped"]) for r in documents[0]["discards"]]
    if chance.COMPILED:  # in Python the same seconds stand for less work: no row is reached
        assert any(c is None for _, c, _ in want) and any(c is not None for _, c, _ in want)
    assert rows == want[: len(rows)]


@pytest.mark.skipif(not chance.COMPILED, reason="the work limit's overshoot is the compiled recursion's")
def test_a_stopped_solve_looks_no_further() -> None:
    """Once the work passes its limit, a solve stops looking up draws and children: a far hand's
    answer stopped at a tenth of its work has cost little more than that tenth, not the whole."""
    deal, hand = CORPUS[0]
    thrown = rank_discards(deal, hand).best.tile
    rest = list(hand)
    rest.remove(thrown)

    def solved(limit: int) -> tuple[bool, int]:
        facts = HandFacts(deal)
        assert facts.kernel is not None
        front = chance.ChanceSolver(facts, [thrown], chance.DEFAULT_RISK, "advance")
        solver = facts.kernel.solver(front.left, front.scale, False)
        state = facts.state(rest)
        capped = solver.solve(state, 8, -1.0, facts.info, facts.deficiency, limit, chance.FACT_COST)[2]
        return capped, solver.work()

    full = solved(-1)[1]
    capped, work = solved(full // 10)
    assert capped and full // 10 <= work < full // 5
