"""Fit the table that maps the classic chance model's win chance to the chance a seat then won at
the arena's table, on one record, and check it on another.

The model of rules.md 4.1 counts the stock only; at a table a seat also sees the previous throw
before each draw, and half the rounds are won right after such a take (benchmarks/ARENA.md). Its
chances are therefore too low. This fits (:mod:`okeytool.arena.table_fit`), per group of own draws
left, a monotone map (the pool adjacent violators fit on equal-count bins of the model's chance)
from the model's chance to the observed win frequency, and prints the table and the calibration of
the mapped chances on a second record (deals not used for the fit):

    python -m benchmarks.arena_calibration FIT.jsonl.gz CHECK.jsonl.gz [--bins 32]

One record split in two: ``REC REC --fit-deals 2500 --from-deal 2500``; ``--one-group`` fits one
map for every number of draws left (to see what the groups earn).

The records must be of a classic chance (or points) challenger. Its throws carry the model's chance
as ``model`` (and the table's as ``chance``); a record written before the table was added has the
model's chance as ``chance``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

from okeytool.arena.record import read_record
from okeytool.arena.stats import Prediction, calibrate
from okeytool.arena.table_chance import DRAW_GROUPS, Table, table_chance
from okeytool.arena.table_fit import Decision, decisions, fit


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
    parser.add_argument("--fit-deals", type=int, default=None, help="the first deals of the fit record only")
    parser.add_argument("--from-deal", type=int, default=0, help="the check record's deals from this one on")
    parser.add_argument("--one-group", action="store_true", help="one map for every number of draws left")
    args = parser.parse_args()
    fitting = decisions(islice(read_record(args.fit), args.fit_deals))
    if args.one_group:
        knots = fit(((deal, chance, 0, won) for deal, chance, _, won in fitting), args.bins)[0]
        fitted: Table = (knots,) * len(DRAW_GROUPS)
    else:
        fitted = fit(fitting, args.bins)
    end = None if args.deals is None else args.from_deal + args.deals
    found = list(decisions(islice(read_record(args.check), args.from_deal, end)))
    print(json.dumps({"table": fitted}))
    print(json.dumps({"check": "model", **report(found, None)}))
    print(json.dumps({"check": "mapped", **report(found, fitted)}))


if __name__ == "__main__":
    main()
