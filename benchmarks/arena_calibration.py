"""Fit the table that maps the classic chance model's win chance to the chance a seat then won at
the arena's table, on one record, and check it on another.

The model of rules.md 4.1 counts the stock only; at a table a seat also sees the previous throw
before each draw, and half the rounds are won right after such a take (benchmarks/ARENA.md). Its
chances are therefore too low. This fits, per group of own draws left, a monotone map (the pool
adjacent violators fit on equal-count bins of the model's chance) from the model's chance to the
observed win frequency, and prints the table and the calibration of the mapped chances on a second
record (deals not used for the fit):

    python -m benchmarks.arena_calibration FIT.jsonl.gz CHECK.jsonl.gz [--bins 32]

The records must be of a classic chance (or points) challenger. Its throws carry the model's chance
as ``model`` (and the table's as ``chance``); a record written before the table was added has the
model's chance as ``chance``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

from okeytool.arena.policies import PLAYERS
from okeytool.arena.record import read_record
from okeytool.arena.stats import Prediction, calibrate
from okeytool.arena.table_chance import DRAW_GROUPS, Knots, Table, draw_group, table_chance
from okeytool.rules import get_rules
from okeytool.solver.games import game_of

#: (deal, the model's chance, own draws left after the throw, the seat won the round)
Decision = tuple[int, float, int, bool]


def decisions(path: Path, deals: int | None = None) -> Iterator[Decision]:
    """Every chance the challenger reported in the record, with its own draws left after that throw."""
    for done, games in enumerate(read_record(path)):
        if deals is not None and done >= deals:
            return
        for game in games:
            head = game.played.events[0]
            rules = get_rules(head["rules"]).with_options(head["options"])
            stock = len(head["stock"])
            assert stock == len(game_of(rules).tiles(rules)) - 1 - rules.drawn_size - 3 * rules.hand_size
            for event in game.played.events[1:]:
                if event["event"] == "draw":
                    stock -= 1
                elif event["event"] == "throw" and event["seat"] == game.game and "chance" in event:
                    model = float(event["model"] if "model" in event else event["chance"])  # older records: the model's
                    yield game.deal, model, stock // PLAYERS, game.played.winner == game.game


def pool_adjacent(points: list[tuple[float, float, int]]) -> list[tuple[float, float, int]]:
    """The monotone (non-decreasing in the second value) least-squares fit of (x, y, weight) points
    sorted by x: adjacent blocks that break the order are pooled into their weighted means."""
    blocks: list[list[float]] = []
    for x, y, w in points:
        blocks.append([x * w, y * w, float(w)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            x2, y2, w2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += w2
    return [(x / w, y / w, int(w)) for x, y, w in blocks]


def fit(found: Sequence[Decision], bins: int) -> Table:
    """Per group of draws left (:data:`DRAW_GROUPS`), the knots (model chance, observed) of the map."""
    table: list[Knots] = []
    for group in range(len(DRAW_GROUPS)):
        mine = sorted((c, w) for _, c, d, w in found if draw_group(d) == group)
        if not mine:
            table.append(((0.0, 0.0),))
            continue
        size = max(1, len(mine) // bins)
        points: list[tuple[float, float, int]] = []
        for start in range(0, len(mine), size):
            chunk = mine[start : start + size]
            if len(chunk) < size // 2 and points:  # a small tail joins the last bin
                x, y, w = points.pop()
                chunk_x = (x * w + sum(c for c, _ in chunk)) / (w + len(chunk))
                chunk_y = (y * w + sum(1.0 for _, won in chunk if won)) / (w + len(chunk))
                points.append((chunk_x, chunk_y, w + len(chunk)))
                continue
            mean_chance = sum(c for c, _ in chunk) / len(chunk)
            points.append((mean_chance, sum(won for _, won in chunk) / len(chunk), len(chunk)))
        knots: list[tuple[float, float]] = []
        for x, y, _ in pool_adjacent(points):
            if knots and round(x, 4) == knots[-1][0]:
                continue  # blocks of one model chance (0 for hands it counts as lost) keep the first
            knots.append((round(x, 4), round(y, 4)))
        if knots[-1][0] < 1.0:
            knots.append((1.0, 1.0))  # a hand the model is sure of wins: the line from the last knot
        table.append(tuple(knots))
    return tuple(table)


def report(found: Sequence[Decision], table: Table | None) -> dict[str, object]:
    """The calibration of the model's chances (``table`` None) or of the chances the table maps them to."""
    predictions = [
        Prediction(deal, table_chance(chance, draws, table) if table is not None else chance, won)
        for deal, chance, draws, won in found
    ]
    calibration = calibrate(predictions)
    gaps = [
        abs(b.predicted - b.observed)
        for b in calibration.bins
        if b.count >= 100 and b.predicted is not None and b.observed is not None
    ]
    bins = [
        [b.lower, b.count, round(b.predicted, 3), round(b.observed, 3)]
        for b in calibration.bins
        if b.predicted is not None and b.observed is not None
    ]
    low, high = calibration.brier_ci95 or (float("nan"), float("nan"))
    return {
        "decisions": calibration.decisions,
        "brier": None if calibration.brier is None else round(calibration.brier, 4),
        "brier_ci95": [round(low, 4), round(high, 4)],
        "largest_gap_100": round(max(gaps), 3) if gaps else None,
        "bins": bins,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fit", type=Path)
    parser.add_argument("check", type=Path)
    parser.add_argument("--bins", type=int, default=32)
    parser.add_argument("--deals", type=int, default=None, help="deals of the check record (default: all)")
    args = parser.parse_args()
    fitted = fit(list(decisions(args.fit)), args.bins)
    found = list(decisions(args.check, args.deals))
    print(json.dumps({"table": fitted}))
    print(json.dumps({"check": "model", **report(found, None)}))
    print(json.dumps({"check": "mapped", **report(found, fitted)}))


if __name__ == "__main__":
    main()
