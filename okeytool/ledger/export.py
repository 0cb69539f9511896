"""A game as CSV (one row per round: points and running totals) or as one JSON document."""

from __future__ import annotations

import csv
import io
import json

from okeytool.ledger.store import GameState

FORMATS = ("csv", "json")


def export_game(state: GameState, fmt: str) -> str:
    """The game in ``fmt`` (``csv`` or ``json``). Raises ``ValueError`` for another format."""
    if fmt == "json":
        return json.dumps(state.to_json(), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(state)
    raise ValueError(f"unknown export format {fmt!r} (one of: {', '.join(FORMATS)})")


def _csv(state: GameState) -> str:
    players = state.info.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "winner", "finish", "counted", *players, *(f"total {p}" for p in players)])
    start = state.standings.rules.starting_points
    writer.writerow([0, "", "start", "", *([""] * len(players)), *([start] * len(players))])
    standings = state.standings
    for seq, (score, after) in enumerate(zip(standings.rounds, standings.running), start=1):
        points = score.scores
        writer.writerow(
            [seq, score.winner or "", score.finish or "", int(score.counted),
             *(points.get(p, "") for p in players), *(after[p] for p in players)]
        )  # fmt: skip
    return out.getvalue()
