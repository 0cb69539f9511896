"""The summary of an arena run worked out again from its record (``--record FILE``), over its first
``--deals N`` deals (default: every whole deal in it).

The games of deal *k* depend only on the seed and *k*, so the summary of the first N deals of a
record is the summary ``okeytool arena --deals N`` with the same seed and policies prints (but for
``seconds`` and ``rounds_per_second``, which this leaves out). That is how a long run stopped early
is reported: ``python -m benchmarks.arena_report run.jsonl.gz --deals 2000``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from okeytool.arena.plot import calibration_plot
from okeytool.arena.record import read_record
from okeytool.arena.run import ArenaRun
from okeytool.arena.summary import Tally
from okeytool.rules import get_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=Path)
    parser.add_argument("--deals", type=int, default=None)
    parser.add_argument("--plot", type=Path, default=None)
    args = parser.parse_args()
    tally: Tally | None = None
    run: ArenaRun | None = None
    done = 0
    for games in read_record(args.record):
        if args.deals is not None and done >= args.deals:
            break
        head = games[0].played.events[0]
        if tally is None:
            challenger = head["policies"][games[0].game]
            champion = next(p for s, p in enumerate(head["policies"]) if s != games[0].game)
            options = head["options"]
            tally = Tally(get_rules(head["rules"]).with_options(options))
            run = ArenaRun(head["rules"], challenger, champion, deals=0, seed=-1, options=options)
        tally.add(games)
        done += 1
    if tally is None or run is None:
        raise SystemExit("no whole deal in the record")
    summary = tally.to_json(run, 0.0)
    summary["deals"] = done
    for key in ("seed", "seconds", "rounds_per_second", "settings"):
        summary.pop(key, None)
    print(json.dumps(summary, ensure_ascii=False))
    if args.plot is not None:
        calibration = tally.summary().calibration
        if calibration is not None:
            calibration_plot(calibration, args.plot, f"{run.challenger} against {run.champion}, {done} deals")


if __name__ == "__main__":
    main()
