"""``quiz``: positions dealt from seeded arena rounds, graded by win chance, kept in the ledger, and
a session through a pseudo-terminal as a person types at it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import compiled_work
from screen import at_terminal

from okeytool.arena.quiz import Position, grade, positions, rank, verdict_row
from okeytool.errors import InputError
from okeytool.ledger.quiz import QuizBook
from okeytool.parse.notation import parse_tile
from okeytool.solver.classic.analysis import rank_discards
from okeytool.solver.classic.chance import EXACT_DRAWS

#: A small work budget: the tests stay fast, the grades the same on every machine, with the
#: extension and without it (the positions are ranked by ``advance``: more than two draws each).
WORK = compiled_work(0.05)
PROMPT = "throw>"


@pytest.fixture(scope="module")
def dealt() -> list[Position]:
    return positions(7, 3)


def test_positions_are_the_same_for_a_seed(dealt: list[Position]) -> None:
    again = positions(7, 3)
    assert [p.to_json() for p in again] == [p.to_json() for p in dealt]
    assert [p.id for p in dealt] == ["7/0/2/4", "7/1/0/1", "7/2/0/1"]
    assert [p.to_json() for p in positions(8, 3)] != [p.to_json() for p in dealt]
    for position in dealt:
        assert len(position.hand) == 15 and list(position.hand) == sorted(position.hand)
        assert position.draws > EXACT_DRAWS  # ranked by advance (WORK)
        assert not rank_discards(position.deal, position.hand, position.seen).best.wins  # nothing to practise
    assert dealt[0].seen  # a position later in a round: the tiles its seat has seen


def test_a_count_outside_its_range_and_a_game_without_throws_are_refused() -> None:
    from okeytool.rules import get_rules

    with pytest.raises(InputError, match="--count"):
        positions(1, 0)
    with pytest.raises(InputError, match="Okey positions"):
        positions(1, 1, get_rules("rummikub"))


def test_the_best_throw_costs_nothing_and_a_worse_one_its_chance(dealt: list[Position]) -> None:
    position = dealt[0]
    ranking = rank(position, work=WORK)
    computed = [row for row in ranking.rows if row.chance is not None]
    best, worse = computed[0], computed[-1]
    assert best.chance is not None and worse.chance is not None and worse.chance < best.chance
    top = grade(position, best.tile, ranking, 3.0)
    assert top.cost == 0.0 and top.decision.matched and top.decision.best == best.tile
    lower = grade(position, worse.tile, ranking)
    assert lower.cost == pytest.approx(best.chance - worse.chance) and lower.cost > 0
    assert lower.decision.best == best.tile and not lower.decision.matched
    assert top.distance == lower.distance == min(r.option.deficiency for r in ranking.rows)
    assert rank(position, work=WORK).rows == ranking.rows  # work counted in steps: the same grades again


def test_a_throw_without_a_chance_is_graded_by_the_plain_ranking(dealt: list[Position]) -> None:
    position = dealt[1]
    ranking = rank(position, work=WORK)
    missing = [row for row in ranking.rows if row.chance is None]
    assert missing, "the small budget leaves some throws uncomputed"
    verdict = grade(position, missing[-1].tile, ranking)
    assert verdict.decision.chance_thrown is None
    assert verdict.cost is None and not verdict.decision.graded  # below the plain best: not graded


def test_a_typed_throw_is_read_as_held(dealt: list[Position]) -> None:
    position = dealt[0]
    tile = position.hand[0]
    assert position.read_throw(f" {str(tile).lower()} ") == tile
    absent = next(t for t in ("R1", "R2", "B1", "K1", "Y1") if parse_tile(t) not in position.hand)
    with pytest.raises(InputError, match="not in the hand"):
        position.read_throw(absent)
    with pytest.raises(ValueError, match="Z9"):
        position.read_throw("Z9")


def test_answers_add_up_by_distance(tmp_path: Path, dealt: list[Position]) -> None:
    db = tmp_path / "ledger.sqlite3"
    position = dealt[0]
    ranking = rank(position, work=WORK)
    best = ranking.rows[0].tile
    worse = next(r.tile for r in ranking.rows[1:] if r.chance is not None and r.chance < (ranking.rows[0].chance or 0))
    with QuizBook(db) as book:
        book.add(verdict_row(grade(position, best, ranking, 4.0)))
        book.add(verdict_row(grade(position, worse, ranking, 8.0)))
        stats = book.stats()
        assert [a["thrown"] for a in book.answers()] == [str(best), str(worse)]
    assert stats.total.answers == 2 and stats.total.matched == 1 and stats.total.accuracy == 0.5
    assert stats.total.average_seconds == pytest.approx(6.0)
    assert stats.total.average_cost is not None and stats.total.average_cost > 0
    (game, distance, progress), = stats.by_distance  # fmt: skip
    assert progress == stats.total and distance >= 1 and game == "classic"


def _env(db: Path) -> dict[str, str]:
    return {**os.environ, "OKEYTOOL_DB": str(db), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "100"}


def test_a_session_as_a_person_types(tmp_path: Path, dealt: list[Position]) -> None:
    db = tmp_path / "ledger.sqlite3"
    first = dealt[0]
    absent = next(t for t in ("R1", "R2", "B1", "K1", "Y1") if parse_tile(t) not in first.hand)
    best = rank(first, work=WORK).rows[0].tile
    command = [sys.executable, "-m", "okeytool", "quiz", "--seed", "7", "--count", "3", "--work", str(WORK)]
    with at_terminal(command, _env(db), tmp_path) as (main, screen, proc):
        shown = screen.wait_for(PROMPT, screen.wait_for("position 1 of 3"))
        for line, expected in [("Z9", "unknown colour 'Z'"), (absent, f"{absent} is not in the hand")]:
            os.write(main, line.encode() + b"\r")
            shown = screen.wait_for(PROMPT, screen.wait_for(expected, shown))
        os.write(main, str(best).lower().encode() + b"\r")
        shown = screen.wait_for("the best throw", shown)
        shown = screen.wait_for(PROMPT, screen.wait_for("position 2 of 3", shown))
        os.write(main, b"q\r")
        screen.wait_for("graded answers matched", shown)
        assert proc.wait(timeout=60) == 0
    text = screen.text
    assert "Traceback" not in text
    assert "error: unknown colour 'Z'" in text and f"error: {absent} is not in the hand" in text
    assert "1 of 1 graded answers matched the best" in text
    assert b"\x1b[" in screen.raw  # the tiles in colour
    with QuizBook(db) as book:
        answers = book.answers()
    assert [(a["position"], a["thrown"], a["best"], a["cost"]) for a in answers] == [
        (first.id, str(best), str(best), 0.0)
    ]
    assert answers[0]["seconds"] > 0
    stats = subprocess.run([sys.executable, "-m", "okeytool", "quiz", "--stats", "--json"], env=_env(db), cwd=tmp_path,
                           capture_output=True, text=True, check=True)  # fmt: skip
    document = json.loads(stats.stdout)
    assert document["total"]["answers"] == 1 and document["total"]["accuracy"] == 1.0
    assert [row["distance"] for row in document["by_distance"]] == [answers[0]["distance"]]


def test_json_lines_through_a_pipe(tmp_path: Path, dealt: list[Position]) -> None:
    db = tmp_path / "ledger.sqlite3"
    thrown = dealt[0].hand[-1]
    command = [sys.executable, "-m", "okeytool", "quiz", "--seed", "7", "--count", "2", "--work", str(WORK), "--json"]
    done = subprocess.run(command, input=f"X\n{thrown}\n", env=_env(db), capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [next(iter(line)) for line in lines] == ["position", "error", "verdict", "position"]
    assert lines[0]["position"]["id"] == dealt[0].id and lines[0]["position"]["hand"] == [str(t) for t in dealt[0].hand]
    assert lines[2]["verdict"]["thrown"] == str(thrown) and "best" in lines[2]["verdict"]


def test_stats_of_a_ledger_without_answers(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    QuizBook(db).conn.close()
    done = subprocess.run([sys.executable, "-m", "okeytool", "quiz", "--stats"], env=_env(db), cwd=tmp_path,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0 and "no quiz answers yet" in done.stdout
    missing = subprocess.run([sys.executable, "-m", "okeytool", "quiz", "--stats", "--db", str(tmp_path / "none")],
                             env=_env(db), capture_output=True, text=True, cwd=tmp_path)  # fmt: skip
    assert missing.returncode == 2 and "no ledger" in missing.stderr and "Traceback" not in missing.stderr


def test_a_ledger_of_the_previous_schema_gains_the_quiz_table(tmp_path: Path) -> None:
    from okeytool.ledger import Ledger

    db = tmp_path / "ledger.sqlite3"
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, "A,B")
        ledger.conn.execute("DROP TABLE quiz_answers")
        ledger.conn.execute("PRAGMA user_version = 4")  # as the previous okeytool left it
    with QuizBook(db) as book:
        assert book.stats().total.answers == 0
    with Ledger(db) as ledger:
        assert ledger.state().info.players == ("A", "B")  # the game kept
