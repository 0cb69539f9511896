"""A game as CSV (one row per round: points and running totals) or as one JSON document.

CSV cells are neutralised against formula injection (OWASP): a text cell starting with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return is written with a leading ``'`` so a spreadsheet
shows it as text, unless the cell is a plain number (``-5`` stays a number). Characters that do not
show (control, escape, zero-width, bidi), which a ledger written before names were checked may hold,
are written as escapes (``\\x1b``) in CSV and as ``\\u`` escapes in JSON (:mod:`okeytool.user_text`).
"""

from __future__ import annotations

import csv
import io
import re

from okeytool.ledger.store import GameState
from okeytool.user_text import inert, json_text

FORMATS = ("csv", "json")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: numbers as they are, text that could start a formula
    prefixed with ``'``.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-5"), safe_cell(-5), safe_cell("Ali")
    ("'=HYPERLINK(1)", '-5', -5, 'Ali')
    """
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS) or PLAIN_NUMBER.fullmatch(value):
        return value
    return "'" + value


def _cell(value: object) -> object:
    """A CSV cell: text with its hidden characters as escapes, then :func:`safe_cell`."""
    return safe_cell(inert(value) if isinstance(value, str) else value)


def export_game(state: GameState, fmt: str) -> str:
    """The game in ``fmt`` (``csv`` or ``json``). Raises ``ValueError`` for another format."""
    if fmt == "json":
        return json_text(state.to_json(), indent=2) + "\n"
    if fmt == "csv":
        return _csv(state)
    raise ValueError(f"unknown export format {fmt!r} (one of: {', '.join(FORMATS)})")


def _csv(state: GameState) -> str:
    players = state.info.players
    out = io.StringIO()
    by_team = state.by_team
    teams = by_team.teams.names if by_team is not None else ()
    rows: list[list[object]] = []
    rows.append(
        ["round", "winner", "finish", "counted", *players, *(f"total {p}" for p in players),
         *(f"team {t}" for t in teams), *(f"team total {t}" for t in teams)]
    )  # fmt: skip
    start = state.standings.rules.starting_points
    rows.append(
        [0, "", "start", "", *([""] * len(players)), *([start] * len(players)),
         *([""] * len(teams)), *([start * 2] * len(teams))]
    )  # fmt: skip
    standings = state.standings
    for seq, (score, after) in enumerate(zip(standings.rounds, standings.running), start=1):
        points = score.scores
        team_cells: list[object] = []
        if by_team is not None:
            team_cells = [*(by_team.rounds[seq - 1][t] for t in teams), *(by_team.running[seq - 1][t] for t in teams)]
        rows.append(
            [seq, score.winner or "", score.finish or "", int(score.counted),
             *(points.get(p, "") for p in players), *(after[p] for p in players), *team_cells]
        )  # fmt: skip
    csv.writer(out, lineterminator="\n").writerows([_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
