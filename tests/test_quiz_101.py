"""``quiz --rules 101``: unopened 22-tile positions dealt from seeded 101 arena rounds, graded by the
chance to open (rules.md 5.8), a penalty throw counted as no chance, kept in the ledger by game, and
a session through a pseudo-terminal as a person types at it."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from opening_chance_reference import can_open, tile_kinds
from screen import at_terminal

from okeytool.arena.quiz import Position, grade, positions, rank, verdict_row
from okeytool.arena.quiz101 import draws_to_open
from okeytool.ledger.quiz import QuizBook
from okeytool.rules import get_rules

#: A small work budget: the tests stay fast, the grades the same on every machine.
WORK = 0.2
PROMPT = "throw>"
RULES = get_rules("101")


@pytest.fixture(scope="module")
def dealt() -> list[Position]:
    return positions(7, 4, RULES)


def test_positions_are_unopened_hands_that_must_throw_and_the_same_for_a_seed(dealt: list[Position]) -> None:
    assert [p.to_json() for p in positions(7, 4, RULES)] == [p.to_json() for p in dealt]
    assert [p.to_json() for p in positions(8, 4, RULES)] != [p.to_json() for p in dealt]
    assert [p.id for p in positions(7, 4)] != [p.id for p in dealt]  # classic positions are other turns
    supply = Counter(tile for tile in _every_tile())
    for position in dealt:
        assert position.opens and position.rules.name == "101"
        assert len(position.hand) == RULES.drawn_size and list(position.hand) == sorted(position.hand)
        assert 1 <= position.draws <= 5  # a stock of 20 shared by four seats
        assert not can_open(position.deal, position.hand)  # a real question: the hand cannot open now
        on_table = [t for meld in position.table for t in meld.tiles]
        held = Counter([*position.hand, *position.seen, *on_table, position.indicator])
        assert all(held[t] <= supply[t] for t in held), position.id  # no tile twice too often
        document = position.to_json()
        assert document["table"] == [[str(t) for t in meld.tiles] for meld in position.table]
    assert any(position.table for position in dealt)  # others have opened: işler taş is a question


def _every_tile() -> list[object]:
    from okeytool.solver.games import game_of

    return list(game_of(RULES).tiles(RULES))


def test_the_ranking_is_the_opening_chance_of_discard_101(dealt: list[Position]) -> None:
    from okeytool.solver.okey101.chance import DEFAULT_RISK, Effort, opening_chance_ranking

    position = dealt[1]
    ranking = rank(position, work=WORK)
    again = opening_chance_ranking(
        position.deal, position.hand, position.seen, draws=position.draws, risk=DEFAULT_RISK,
        table=position.table, effort=Effort(seconds=WORK),
    )  # fmt: skip
    assert ranking.rows == again.rows and ranking.open_now is None
    assert rank(position, work=WORK).rows == ranking.rows  # work counted in steps: the same grades again


def test_the_best_costs_nothing_a_worse_throw_its_chance_and_a_penalty_everything(dealt: list[Position]) -> None:
    checked_penalty = checked_worse = False
    for position in dealt:
        ranking = rank(position, work=WORK)
        free = [r for r in ranking.rows if not r.penalty and r.chance is not None]
        best = free[0]
        top = grade(position, best.tile, ranking, 2.0)
        assert top.cost == 0.0 and top.decision.matched and top.penalty == 0
        assert top.decision.chance_best == pytest.approx(max(r.chance for r in free if r.chance is not None))
        worse = next(
            (r for r in free if r.chance is not None and best.chance is not None and r.chance < best.chance), None
        )
        if worse is not None:
            lower = grade(position, worse.tile, ranking)
            assert lower.cost == pytest.approx(best.chance - worse.chance)  # type: ignore[operator]
            assert not lower.decision.matched and lower.decision.best == best.tile
            checked_worse = True
        penalised = next((r for r in ranking.rows if r.penalty), None)
        if penalised is not None and best.chance:
            bad = grade(position, penalised.tile, ranking)
            assert bad.penalty == RULES.discard_penalty and bad.cost == pytest.approx(best.chance)
            assert not bad.decision.matched and bad.decision.chance_thrown == 0.0
            assert penalised.chance is not None and penalised.chance > 0  # its own chance is not what counts
            checked_penalty = True
    assert checked_penalty and checked_worse


def test_the_distance_is_the_fewest_draws_to_open(dealt: list[Position]) -> None:
    """One draw from opening exactly when some tile drawn opens the hand, by the reference's own
    opening checker (it shares nothing with the opening search)."""
    seen_one = seen_more = False
    for position in dealt:
        for thrown in sorted(set(position.hand))[:6]:
            left = list(position.hand)
            left.remove(thrown)
            distance = draws_to_open(position.deal, left)
            one_opens = any(can_open(position.deal, [*left, tile]) for tile in tile_kinds(position.deal))
            assert (distance == 1) == one_opens, (position.id, str(thrown))
            seen_one |= distance == 1
            seen_more |= distance > 1
    assert seen_one and seen_more


def test_answers_add_up_by_game(tmp_path: Path, dealt: list[Position]) -> None:
    db = tmp_path / "ledger.sqlite3"
    classic = positions(7, 1)[0]
    with QuizBook(db) as book:
        for position in (classic, dealt[0], dealt[1]):
            ranking = rank(position, work=WORK)
            book.add(verdict_row(grade(position, position.hand[0], ranking, 3.0)))
        stats = book.stats()
    assert stats.total.answers == 3
    games = [game for game, _, _ in stats.by_distance]
    assert games[0] == "classic" and set(games) == {"classic", "101"}
    assert sum(p.answers for g, _, p in stats.by_distance if g == "101") == 2
    assert [row["game"] for row in stats.to_json()["by_distance"]] == games  # type: ignore[index]


def _env(db: Path) -> dict[str, str]:
    return {**os.environ, "OKEYTOOL_DB": str(db), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "100"}


def test_a_101_session_as_a_person_types(tmp_path: Path, dealt: list[Position]) -> None:
    db = tmp_path / "ledger.sqlite3"
    first = dealt[0]
    ranking = rank(first, work=WORK)
    best = next(r.tile for r in ranking.rows if not r.penalty)
    penalised = [r.tile for r in rank(dealt[1], work=WORK).rows if r.penalty]
    assert penalised, "the second position has a throw that costs a penalty"
    command = [sys.executable, "-m", "okeytool", "quiz", "--seed", "7", "--count", "2", "--rules", "101",
               "--work", str(WORK)]  # fmt: skip
    with at_terminal(command, _env(db), tmp_path) as (main, screen, proc):
        shown = screen.wait_for(PROMPT, screen.wait_for("position 1 of 2"))
        os.write(main, str(best).lower().encode() + b"\r")
        shown = screen.wait_for("the best throw", shown)
        shown = screen.wait_for(PROMPT, screen.wait_for("position 2 of 2", shown))
        os.write(main, str(penalised[0]).encode() + b"\r")
        screen.wait_for("graded answers matched", shown)
        assert proc.wait(timeout=60) == 0
    text = screen.text
    assert "Traceback" not in text
    assert "--rules 101 deals them again" in text
    assert "not opened yet: open with 101 points or 5 pairs" in text and "table  " in text
    assert "chance to open" in text and "opening chance" in text
    assert "your throw costs a penalty of 101 points" in text
    with QuizBook(db) as book:
        answers = book.answers()
    assert [(a["position"], a["rules"], a["thrown"], a["cost"]) for a in answers][0] == (
        first.id,
        "101",
        str(best),
        0.0,
    )
    assert answers[1]["thrown"] == str(penalised[0]) and answers[1]["cost"] > 0
