"""The quiz's answers kept in the ledger file, and the progress they add up to.

Each answer is one row of ``quiz_answers`` (schema step 4 of :mod:`okeytool.ledger.database`),
written in its own transaction as soon as the player has answered: the position's id, the throw,
the best throw, their win chances, the cost (the chance given up, NULL for a throw that could not
be graded), the seconds the player took, the position's distance from a win (its deficiency; in
101 the chance is the chance to open and the distance the draws to open at the fewest) and, in
101, the discard penalty the throw paid that the best throw avoids (an answer with one never
matches the best). The progress is summed by game (classic and 101, whose costs and distances mean
different things) and distance.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from okeytool.errors import LedgerError
from okeytool.ledger.database import LedgerFile, ledger_failure, transaction
from okeytool.ledger.paths import db_path

_COLUMNS = (
    "position", "rules", "thrown", "best", "chance_thrown", "chance_best", "cost", "seconds", "distance", "penalty"
)  # fmt: skip


@dataclass(frozen=True)
class Progress:
    """Answers summed up: how many, how many could be graded, how many matched the best (no chance
    given up, no penalty the best avoids), how many paid such a penalty (101), the average cost of
    the graded ones (None without any) and the average seconds per answer."""

    answers: int
    graded: int
    matched: int
    average_cost: float | None
    average_seconds: float | None
    penalties: int = 0

    @property
    def accuracy(self) -> float | None:
        """The share of graded answers that were as good as the best (None without any)."""
        return self.matched / self.graded if self.graded else None

    def to_json(self) -> dict[str, object]:
        """``{"answers", "graded", "matched", "accuracy", "average_cost", "average_seconds",
        "penalties"}``."""
        return {
            "answers": self.answers,
            "graded": self.graded,
            "matched": self.matched,
            "accuracy": self.accuracy,
            "average_cost": self.average_cost,
            "average_seconds": self.average_seconds,
            "penalties": self.penalties,
        }


@dataclass(frozen=True)
class QuizStats:
    """The progress of the answers of one game or all, in all (``total``), by game
    (``by_game``: classic first, then 101) and by game and distance (``by_distance``:
    ``(game, distance, progress)``, the smallest distance first). A cost is a win chance in
    classic and a chance to open in 101, so only a game's own average cost means something."""

    total: Progress
    by_game: tuple[tuple[str, Progress], ...]
    by_distance: tuple[tuple[str, int, Progress], ...]

    def to_json(self) -> dict[str, object]:
        """``{"total": PROGRESS, "by_game": [{"game", ...PROGRESS}], "by_distance": [{"game",
        "distance", ...PROGRESS}]}``."""
        return {
            "total": self.total.to_json(),
            "by_game": [{"game": g, **p.to_json()} for g, p in self.by_game],
            "by_distance": [{"game": g, "distance": d, **p.to_json()} for g, d, p in self.by_distance],
        }


#: What :class:`Progress` is made of: answers, graded, matched (no cost, no penalty), the sums of
#: the costs and of the seconds, and the answers that paid a penalty.
_SUMS = (
    "count(*), count(cost), coalesce(sum(cost = 0 AND penalty = 0), 0), sum(cost), coalesce(sum(seconds), 0), "
    "coalesce(sum(penalty > 0), 0)"
)


def _progress(rows: list[tuple[Any, ...]]) -> Progress:
    answers = sum(int(r[0]) for r in rows)
    graded = sum(int(r[1]) for r in rows)
    cost = sum(float(r[3] or 0.0) for r in rows)
    seconds = sum(float(r[4]) for r in rows)
    return Progress(
        answers,
        graded,
        sum(int(r[2]) for r in rows),
        cost / graded if graded else None,
        seconds / answers if answers else None,
        sum(int(r[5]) for r in rows),
    )


def game_of_rules(rules: str) -> str:
    """The game whose positions a profile's answers are (``classic`` or ``101``); the name itself
    for a profile this okeytool does not know."""
    from okeytool.errors import InputError
    from okeytool.rules import get_rules
    from okeytool.solver.games import game_of

    try:
        return game_of(get_rules(rules)).name
    except InputError:
        return rules


def _order(game: str) -> tuple[bool, str]:
    return game != "classic", game


class QuizBook(LedgerFile):
    """The quiz answers of one ledger file. Use as a context manager. Raises :class:`LedgerError`
    when the file cannot be used (see :func:`okeytool.ledger.database.connect`)."""

    def add(self, answer: Mapping[str, Any]) -> int:
        """Store one answer (the keys of :func:`okeytool.arena.quiz.verdict_row`); its id."""
        values = [answer[c] for c in _COLUMNS]
        created = datetime.now(timezone.utc).isoformat(timespec="seconds")
        names = ", ".join(_COLUMNS)
        marks = ", ".join("?" * (len(_COLUMNS) + 1))
        with transaction(self.conn):
            cursor = self.conn.execute(
                f"INSERT INTO quiz_answers ({names}, created) VALUES ({marks})", (*values, created)
            )
        return int(cursor.lastrowid or 0)

    def answers(self) -> list[dict[str, Any]]:
        """Every stored answer, oldest first, with its ``id`` and ``created``."""
        cursor = self.conn.execute(f"SELECT id, {', '.join(_COLUMNS)}, created FROM quiz_answers ORDER BY id")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    def stats(self, game: str | None = None) -> QuizStats:
        """The progress of the answers stored (of ``game`` only, ``classic`` or ``101``, when
        given), in all, by game and by game and distance."""
        grouped = f"SELECT rules, distance, {_SUMS} FROM quiz_answers GROUP BY rules, distance"
        by: dict[tuple[str, int], list[tuple[Any, ...]]] = {}
        for row in self.conn.execute(grouped).fetchall():
            kind = game_of_rules(row[0])
            if game is None or kind == game:
                by.setdefault((kind, int(row[1])), []).append(row[2:])
        games = sorted({g for g, _ in by}, key=_order)
        by_game = tuple((g, _progress([r for (k, _), rows in by.items() if k == g for r in rows])) for g in games)
        order = sorted(by, key=lambda key: (*_order(key[0]), key[1]))
        total = _progress([r for rows in by.values() for r in rows])
        return QuizStats(total, by_game, tuple((g, d, _progress(by[g, d])) for g, d in order))


@contextmanager
def quiz_book_at(db: Path | None, *, create: bool = True, write: bool = True) -> Iterator[QuizBook]:
    """The quiz answers of the ledger file of ``--db`` / ``$OKEYTOOL_DB`` / the default.

    Reading (``write=False``) a file that does not exist is refused. SQLite errors become
    :class:`LedgerError`.
    """
    path = db_path(db)
    if not write and not path.exists():
        raise LedgerError(f"there is no ledger at {path}: answer a quiz first with 'okeytool quiz'")
    book = QuizBook(path, create=create and write, write=write)
    try:
        yield book
    except sqlite3.Error as err:
        raise ledger_failure(err, path) from None
    finally:
        book.conn.close()
