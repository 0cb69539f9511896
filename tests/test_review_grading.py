"""The review grades only what it can: a throw that lost nothing is a match, a throw whose chance
was not computed is graded by the plain ranking only where it is as good as the best there, and
otherwise shown as ungraded and left out of the totals; the review stops at its time limit with
what it graded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_chance_far import CORPUS

import okeytool.solver.classic.chance as chance
from okeytool.round.events import Draw, Event, Start, Throw
from okeytool.round.review import review
from okeytool.solver.classic.analysis import plain_rank, rank_discards


def far_round(thrown_index: int) -> tuple[list[Event], list]:
    """A round on a far hand of the corpus: the deal's 14 tiles, a draw, and a throw of the plain
    ranking's row ``thrown_index``; with the plain ranking's rows."""
    deal, hand = CORPUS[0]
    plain = rank_discards(deal, hand).options
    start = Start("classic", {}, deal.indicator, hand[:-1])  # type: ignore[arg-type]
    return [start, Draw(hand[-1]), Throw(plain[thrown_index].tile)], list(plain)


def test_nothing_computed_the_plain_best_is_a_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance.Effort, "default_seconds", 0.0)
    events, _ = far_round(0)
    (decision,) = review(1, events).decisions
    assert decision.graded and decision.matched and decision.lost == 0.0
    assert decision.chance_thrown is None and decision.chance_best is None


def test_nothing_computed_a_worse_throw_is_ungraded_not_a_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance.Effort, "default_seconds", 0.0)
    events, plain = far_round(-1)
    deal = CORPUS[0][0]
    assert plain_rank(deal, plain[-1]) != plain_rank(deal, plain[0])
    result = review(1, events)
    (decision,) = result.decisions
    assert not decision.graded and not decision.matched and decision.lost is None
    assert result.costliest == () and result.total_lost == 0.0
    document = result.to_json()
    assert document["decisions_total"] == 0 and document["ungraded"] == 1 and document["matched"] == 0


def test_some_computed_a_throw_not_computed_is_never_counted_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """With work for some rows: every throw of the hand is either graded by chance (and lost exactly
    the difference), a plain-ranking match, or ungraded; none is a miss without a computed chance."""
    # Work for some rows, not all (Python's recursion does less in the same seconds).
    monkeypatch.setattr(chance.Effort, "default_seconds", 0.3 if chance.COMPILED else 10.0)
    deal, hand = CORPUS[0]
    ranking = chance.chance_ranking(deal, hand)
    assert any(r.computed for r in ranking.rows) and not all(r.computed for r in ranking.rows)
    by_tile = {r.tile: r for r in ranking.rows}
    for index in range(len(ranking.rows)):
        events, plain = far_round(index)
        (decision,) = review(1, events, draws=chance.DEFAULT_DRAWS).decisions
        row = by_tile[plain[index].tile]
        if row.computed:
            assert decision.graded and decision.lost == pytest.approx(ranking.best.chance - row.chance)  # type: ignore[operator]
        elif decision.graded:
            assert decision.matched and plain_rank(deal, row.option) == plain_rank(deal, plain[0])
        else:
            assert decision.lost is None and not decision.matched


def test_a_review_stops_at_its_time_limit_with_what_it_graded() -> None:
    events, _ = far_round(0)
    result = review(1, events, time_limit=1e-9)
    assert result.stopped and result.decisions == ()
    assert result.to_json()["stopped"] is True


def test_round_review_time_limit_exit_code_3(run_main, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OKEYTOOL_DB", str(tmp_path / "games.sqlite3"))
    events, _ = far_round(0)
    start = events[0]
    assert isinstance(start, Start)
    ran = run_main("round", "start", "-i", str(start.indicator), *map(str, start.tiles))
    assert ran.code == 0, ran.err
    assert run_main("round", "draw", str(events[1].tile)).code == 0  # type: ignore[attr-defined]
    assert run_main("round", "throw", str(events[2].tile)).code == 0  # type: ignore[attr-defined]
    stopped = run_main("round", "review", "--time-limit", "0.000001", "--json")
    assert stopped.code == 3 and "time limit of 1e-06 s" in stopped.err
    assert json.loads(stopped.out)["stopped"] is True  # what it graded is still shown
    merged = subprocess.run(
        [sys.executable, "-m", "okeytool", "round", "review", "--time-limit", "0.000001"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120,
    )  # fmt: skip
    assert merged.returncode == 3  # as a terminal shows it: the review, then where it stopped
    assert 0 <= merged.stdout.index("every throw") < merged.stdout.index("okeytool: stopped")
    bad = run_main("round", "review", "--time-limit", "0")
    assert bad.code == 2 and "--time-limit" in bad.err
    monkeypatch.setattr(chance.Effort, "default_seconds", 0.0)
    done = run_main("round", "review", "--json")
    assert done.code == 0 and json.loads(done.out)["stopped"] is False
    text = run_main("round", "review")
    assert text.code == 0 and "graded throws matched the best" in text.out


@pytest.mark.parametrize("deadline", [None, 0.0])
def test_a_101_throw_that_pays_a_penalty_the_best_avoids_is_never_a_match(deadline: float | None) -> None:
    """Before opening, a throw that lays off on a table meld (işler taş, 101 points) is not as good
    as the best throw without a penalty, even where no throw has any chance to open (one draw left)
    and where the clock computed no chance at all."""
    from okeytool.deal import Deal
    from okeytool.parse.notation import parse_tile, parse_tiles
    from okeytool.round.review import decide
    from okeytool.rules import get_rules
    from okeytool.solver.games import game_of

    rules = get_rules("101")
    deal = Deal(rules, parse_tile("K13"))
    hand = tuple(sorted(parse_tiles("R1 R3 R5 R9 R12 B2 B4 B6 B8 B12 K2 K4 K6 K8 K11 Y1 Y3 Y5 Y7 Y9 Y11 Y13")))
    table = [parse_tiles("R10 R11 R12"), parse_tiles("B1 K1 Y1")]
    grades = game_of(rules).grade_discards(deal, hand, (), table=table, draws=1, deadline=deadline)
    assert grades.best.penalty == 0
    for tile in ("R1", "R9"):  # R1 joins the set of ones, R9 the run R10-R12
        decision = decide(5, hand, parse_tile(tile), grades)
        assert decision.penalty == rules.discard_penalty and not decision.matched and decision.best != decision.thrown
        assert decision.to_json()["penalty"] == rules.discard_penalty
    free = decide(5, hand, parse_tile("Y13"), grades)
    assert free.penalty == 0 and (free.matched or deadline is not None)
