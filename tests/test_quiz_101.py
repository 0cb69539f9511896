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


def test_the_ranking_is_the_one_discard_101_chance_gives(tmp_path: Path, dealt: list[Position]) -> None:
    """The quiz grades by the ranking ``discard --rules 101 --chance`` prints for the same hand, seen
    tiles, table and draws (exact at two draws or fewer: every row computed, on any budget)."""
    import json
    import subprocess

    position = next(p for p in dealt if p.draws <= 2 and p.table)
    ranking = rank(position, work=5.0)
    assert ranking.open_now is None and ranking.model.method == "exact"
    command = [
        sys.executable, "-m", "okeytool", "discard", "--rules", "101", "--chance", "--json",
        "-i", str(position.indicator), "--draws", str(position.draws),
        "--seen", " ".join(str(t) for t in position.seen),
        "--table", "; ".join(" ".join(str(t) for t in meld.tiles) for meld in position.table),
        " ".join(str(t) for t in position.hand),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    printed = {row["tile"]: (row["chance"], row["penalty"]) for row in json.loads(done.stdout)["discards"]}
    assert printed == {str(r.tile): (pytest.approx(r.chance, abs=1e-12), r.penalty) for r in ranking.rows}
    assert rank(position, work=5.0).rows == ranking.rows  # work counted in steps: the same grades again


def test_the_best_costs_nothing_and_a_worse_throw_its_chance(dealt: list[Position]) -> None:
    checked = False
    for position in dealt:
        ranking = rank(position, work=WORK)
        free = [r for r in ranking.rows if not r.penalty and r.chance is not None]
        best = max(free, key=lambda r: r.chance or 0.0)
        top = grade(position, best.tile, ranking, 2.0)
        assert top.cost == 0.0 and top.matched and top.penalty == 0
        assert top.decision.chance_best == pytest.approx(best.chance)
        worse = next((r for r in free if (r.chance or 0.0) < (best.chance or 0.0)), None)
        if worse is not None:
            lower = grade(position, worse.tile, ranking)
            assert lower.cost == pytest.approx((best.chance or 0.0) - (worse.chance or 0.0)) and lower.cost
            assert not lower.matched and lower.decision.best != worse.tile
            checked = True
    assert checked


#: A 101 hand far from opening, with one draw left: no throw has a chance to open. R1 lays off on
#: the set of ones on the table, R9 on the run R10-R12 (işler taş, 101 points each).
FAR = "R1 R3 R5 R9 R12 B2 B4 B6 B8 B12 K2 K4 K6 K8 K11 Y1 Y3 Y5 Y7 Y9 Y11 Y13"
TABLE = ("R10 R11 R12", "B1 K1 Y1")


def _far(draws: int = 1) -> Position:
    from okeytool.deal import Deal
    from okeytool.parse.notation import parse_tile, parse_tiles
    from okeytool.solver.okey101.layoffs import table_melds

    indicator = parse_tile("K13")
    table = table_melds(Deal(RULES, indicator), [parse_tiles(m) for m in TABLE])
    return Position("far/1", RULES, indicator, tuple(sorted(parse_tiles(FAR))), (), draws, table)


@pytest.mark.parametrize("work", [WORK, 1e-6])
def test_a_throw_that_costs_a_penalty_is_never_the_best_while_another_is_free(work: float) -> None:
    """Even where every throw has no chance (and where the work computed none), throwing an işler
    taş is not as good as the best: the best pays no penalty, and the answer does not match."""
    from okeytool.parse.notation import parse_tile

    position = _far()
    ranking = rank(position, work=work)
    penalised = {str(r.tile) for r in ranking.rows if r.penalty}
    assert penalised == {"R1", "R9"}
    for tile in ("R1", "R9"):
        verdict = grade(position, parse_tile(tile), ranking)
        assert str(verdict.decision.best) not in penalised
        assert verdict.penalty == RULES.discard_penalty and not verdict.matched
    if work == WORK:
        assert all(r.chance == 0.0 for r in ranking.rows)  # nothing to open with in one draw
        free = grade(position, parse_tile("Y13"), ranking)
        assert free.matched and free.penalty == 0  # every free throw is as good as the best here


def test_a_throw_that_costs_a_penalty_gives_up_its_chance_and_pays(dealt: list[Position]) -> None:
    for position in dealt:
        ranking = rank(position, work=WORK)
        penalised = next((r for r in ranking.rows if r.penalty and r.chance is not None), None)
        best = max((r for r in ranking.rows if not r.penalty and r.chance is not None), key=lambda r: r.chance or 0.0)
        if penalised is None:
            continue
        verdict = grade(position, penalised.tile, ranking)
        assert verdict.penalty == RULES.discard_penalty and not verdict.matched
        assert verdict.decision.best == best.tile
        assert verdict.cost == pytest.approx(max(0.0, (best.chance or 0.0) - (penalised.chance or 0.0)))
        return
    raise AssertionError("no dealt position has a throw that costs a penalty")


def test_the_distance_is_the_fewest_draws_to_open(dealt: list[Position]) -> None:
    """One draw from opening exactly when some tile drawn opens the hand, by the reference's own
    opening checker (it shares nothing with the opening search); farther is a lower bound."""
    from okeytool.deal import Deal
    from okeytool.parse.notation import parse_tile, parse_tiles

    cases = []
    for position in dealt:
        for thrown in sorted(set(position.hand))[:6]:
            left = list(position.hand)
            left.remove(thrown)
            cases.append((position.deal, left))
    # a hand that lays every tile with one wild but cannot open keeping a tile to throw
    near = parse_tiles("R4 R5 R7 R9 B4 B5 B7 B9 F K2 K2 K3 K3 K4 K5 K7 K9 Y1 Y2 Y3 Y4")
    cases.append((Deal(RULES, parse_tile("K13")), near))
    distances = []
    for deal, left in cases:
        distance = draws_to_open(deal, left)
        one_opens = any(can_open(deal, [*left, tile]) for tile in tile_kinds(deal))
        assert (distance == 1) == one_opens, [str(t) for t in left]
        distances.append(distance)
    assert distances[-1] >= 2
    assert 1 in distances and any(d > 1 for d in distances)
    assert draws_to_open(*cases[-1]) <= draws_to_open(_far().deal, list(_far().hand[1:]))


def test_answers_add_up_by_game(tmp_path: Path, dealt: list[Position]) -> None:
    from okeytool.parse.notation import parse_tile

    db = tmp_path / "ledger.sqlite3"
    classic = positions(7, 1)[0]
    far = _far()
    with QuizBook(db) as book:
        for position in (classic, dealt[0], dealt[1]):
            ranking = rank(position, work=WORK)
            book.add(verdict_row(grade(position, position.hand[0], ranking, 3.0)))
        book.add(verdict_row(grade(far, parse_tile("R9"), rank(far, work=WORK), 3.0)))  # a penalty, no chance lost
        stats = book.stats()
        only_101 = book.stats("101")
        stored = book.answers()
    assert stats.total.answers == 4 and stored[-1]["penalty"] == RULES.discard_penalty and stored[-1]["cost"] == 0
    assert [game for game, _ in stats.by_game] == ["classic", "101"]
    paid = sum(1 for a in stored if a["penalty"])
    assert dict(stats.by_game)["101"].answers == 3 and dict(stats.by_game)["101"].penalties == paid >= 1
    matched = sum(1 for a in stored if a["rules"] == "101" and a["cost"] == 0 and not a["penalty"])
    assert dict(stats.by_game)["101"].matched == matched  # the penalty never matches, though it lost no chance
    assert only_101.total == dict(stats.by_game)["101"] and [g for g, _ in only_101.by_game] == ["101"]
    document = stats.to_json()
    assert [row["game"] for row in document["by_game"]] == ["classic", "101"]  # type: ignore[index]
    assert sum(row["answers"] for row in document["by_distance"]) == 4  # type: ignore[index,misc]


def test_a_ledger_of_the_previous_schema_gains_the_penalty_column(tmp_path: Path) -> None:
    from okeytool.ledger import Ledger

    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.conn.execute("DROP TABLE quiz_answers")
        ledger.conn.execute(
            "CREATE TABLE quiz_answers (id INTEGER PRIMARY KEY, position TEXT NOT NULL, rules TEXT NOT NULL, "
            "thrown TEXT NOT NULL, best TEXT NOT NULL, chance_thrown REAL, chance_best REAL, cost REAL, "
            "seconds REAL NOT NULL, distance INTEGER NOT NULL, created TEXT NOT NULL)"
        )
        ledger.conn.execute(
            "INSERT INTO quiz_answers VALUES (1, '7/0/0/1', 'classic', 'R1', 'R1', 0.5, 0.5, 0.0, 2.0, 1, 'x')"
        )
        ledger.conn.execute("PRAGMA user_version = 5")  # as the previous okeytool left it
    with QuizBook(db) as book:
        assert [(a["position"], a["penalty"]) for a in book.answers()] == [("7/0/0/1", 0)]
        assert book.stats().total.matched == 1


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
    words = " ".join(text.split())  # as read, whatever the terminal's width wrapped
    assert "and a penalty of 101 points" in words and "the best throw pays no penalty" in words
    with QuizBook(db) as book:
        answers = book.answers()
    assert [(a["position"], a["rules"], a["thrown"], a["cost"]) for a in answers][0] == (
        first.id,
        "101",
        str(best),
        0.0,
    )
    assert answers[1]["thrown"] == str(penalised[0]) and answers[1]["penalty"] == RULES.discard_penalty
