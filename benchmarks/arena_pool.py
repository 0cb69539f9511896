"""One summary over several arena records of the same policies and settings (different seeds): the
deals of every record tallied together, the intervals clustered by deal as in a single run.

    python -m benchmarks.arena_pool RUN1.jsonl.gz RUN2.jsonl.gz ...

Records of different policies, rules or options are refused. The records must come from the same
moves: ``benchmarks/ARENA.md`` says how that was checked for the pool it reports.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from okeytool.arena.record import read_record
from okeytool.arena.run import ArenaRun
from okeytool.arena.summary import Tally
from okeytool.rules import get_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+")
    # Each record's deals are read in order and renumbered (k-th whole deal of the record).
    args = parser.parse_args()
    tally: Tally | None = None
    run: ArenaRun | None = None
    kind: tuple[str, str, str, str] | None = None
    deals: dict[str, int] = {}
    for path in args.records:
        base = sum(deals.values())  # the deals of the records before
        deals[path.name] = 0
        for games in read_record(path):
            head = games[0].played.events[0]
            challenger = head["policies"][games[0].game]
            champion = next(p for s, p in enumerate(head["policies"]) if s != games[0].game)
            this = (head["rules"], json.dumps(head["options"], sort_keys=True), challenger, champion)
            if kind is None:
                kind = this
                tally = Tally(get_rules(head["rules"]).with_options(head["options"]))
                run = ArenaRun(head["rules"], challenger, champion, deals=0, seed=-1, options=head["options"])
            elif this != kind:
                raise SystemExit(f"{path}: another kind of run ({this}) than the first record's ({kind})")
            assert tally is not None
            # Deal k of each record is its own cluster: numbered after the deals of the records before.
            tally.add([replace(g, deal=base + deals[path.name]) for g in games])
            deals[path.name] += 1
    if tally is None or run is None:
        raise SystemExit("no whole deal in the records")
    summary = tally.to_json(run, 0.0)
    summary["deals"] = sum(deals.values())
    summary["records"] = deals
    for key in ("seed", "seconds", "rounds_per_second", "settings"):
        summary.pop(key, None)
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
