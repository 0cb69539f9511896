"""Questions asked of an arena record, to find out why a policy wins or loses (benchmarks/ARENA.md).

``python -m benchmarks.arena_analysis RECORD agree --games N``: how often the challenger's throw is
the top row of the plain ranking (``discard``: acceptance's throw) in the same position, by the
deficiency of that throw, replaying what the challenger's seat could see.

``python -m benchmarks.arena_analysis RECORD hazard --games N``: the chance that another seat goes
out between a seat's k-th throw and its next draw, for each k (the table ``HAZARD`` of
:mod:`okeytool.arena.policies` was measured so).

``python -m benchmarks.arena_analysis RECORD holds --games N``: the games in which the challenger
threw a tile while its 15 tiles could go out (it held a winning hand), and how they ended.

``python -m benchmarks.arena_analysis RECORD feed --games N``: how the rounds were won (right after
a draw, or after a take of the previous throw), and the chance that a throw lets the next seat go
out by taking it, by the thrower's throws so far and by what all could read of the tile
(:class:`benchmarks.arena_variants.NextSeat`; the tables ``FEED`` and ``FACTOR`` there were measured so).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from okeytool.arena.record import read_record
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.classic.analysis import analyser_for, rank_discards
from okeytool.solver.classic.check import check_hand
from okeytool.tiles import Tile


def games(path: Path, limit: int) -> Iterator[list[dict[str, Any]]]:
    """The events of each game of the record, the first ``limit`` games."""
    count = 0
    for deal in read_record(path):
        for game in deal:
            if count >= limit:
                return
            count += 1
            yield list(game.played.events)


def agree(path: Path, limit: int) -> dict[str, Any]:
    same: Counter[int] = Counter()
    differ: Counter[int] = Counter()
    for events in games(path, limit):
        head = events[0]
        deal = Deal(get_rules(head["rules"]).with_options(head["options"]), Tile.parse(head["indicator"]))
        analyser = analyser_for(deal)
        me = head["game"]
        hands = [[Tile.parse(t) for t in h] for h in head["hands"]]
        thrown: list[Tile] = []
        known: dict[int, list[Tile]] = defaultdict(list)
        for e in events[1:]:
            kind, seat = e["event"], e.get("seat", -1)
            if kind in ("draw", "take"):
                tile = Tile.parse(e["tile"])
                hands[seat].append(tile)
                if kind == "take":
                    thrown.remove(tile)
                    if seat != me:
                        known[seat].append(tile)
            elif kind == "show" and seat != me:
                assert deal.indicator is not None
                known[seat].append(deal.indicator)
            elif kind == "throw":
                tile = Tile.parse(e["tile"])
                if seat == me:
                    seen = thrown + [t for held in known.values() for t in held]
                    best = rank_discards(deal, hands[seat], seen, analyser=analyser).best
                    (same if best.tile == tile else differ)[best.deficiency] += 1
                hands[seat].remove(tile)
                if seat != me and tile in known[seat]:
                    known[seat].remove(tile)
                thrown.append(tile)
    total = sum(same.values()) + sum(differ.values())
    return {
        "throws": total,
        "same": sum(same.values()),
        "share_same": round(sum(same.values()) / total, 4) if total else None,
        "by_deficiency": {d: {"same": same[d], "differ": differ[d]} for d in sorted({*same, *differ})},
    }


def hazard(path: Path, limit: int) -> dict[str, Any]:
    exposed: Counter[int] = Counter()
    ended: Counter[int] = Counter()
    for events in games(path, limit):
        throws: Counter[int] = Counter()
        waiting: dict[int, int] = {}  # seat -> its throws so far, until its next draw
        for e in events[1:]:
            kind, seat = e["event"], e.get("seat", -1)
            if kind == "throw":
                throws[seat] += 1
                waiting[seat] = throws[seat]
            elif kind in ("draw", "take") and seat in waiting:
                exposed[waiting.pop(seat)] += 1
            elif kind == "win":
                for other, k in waiting.items():
                    if other != seat:
                        exposed[k] += 1
                        ended[k] += 1
                waiting = {}
    return {
        "exposures": sum(exposed.values()),
        "hazard": round(sum(ended.values()) / max(1, sum(exposed.values())), 4),
        "by_throw": {k: {"n": exposed[k], "hazard": round(ended[k] / exposed[k], 4)} for k in sorted(exposed)},
    }


def holds(path: Path, limit: int) -> dict[str, Any]:
    outcomes: Counter[str] = Counter()
    held_throws = 0
    for events in games(path, limit):
        head = events[0]
        deal = Deal(get_rules(head["rules"]).with_options(head["options"]), Tile.parse(head["indicator"]))
        me = head["game"]
        hands = [[Tile.parse(t) for t in h] for h in head["hands"]]
        held = False
        for e in events[1:]:
            kind, seat = e["event"], e.get("seat", -1)
            if kind in ("draw", "take"):
                hands[seat].append(Tile.parse(e["tile"]))
            elif kind == "throw":
                if seat == me and check_hand(deal, hands[seat]).best is not None:
                    held, held_throws = True, held_throws + 1
                hands[seat].remove(Tile.parse(e["tile"]))
            elif kind == "end" and held:
                outcomes[f"won {e['finish']}" if e["winner"] == me else "lost"] += 1
    return {"held_throws": held_throws, "games_with_a_hold": dict(outcomes)}


def feed(path: Path, limit: int) -> dict[str, Any]:
    from benchmarks.arena_variants import NextSeat

    wins: Counter[str] = Counter()
    offered: Counter[tuple[str, int]] = Counter()
    fed: Counter[tuple[str, int]] = Counter()
    for events in games(path, limit):
        readers = [NextSeat(s) for s in range(4)]
        throws: Counter[int] = Counter()
        last = "draw"
        pending: tuple[str, int] | None = None  # the last throw's reading and turn, until the next seat moves
        for e in events[1:]:
            kind, seat = e["event"], e.get("seat", -1)
            if kind == "throw":
                pending = (readers[(seat + 1) % 4].read(Tile.parse(e["tile"])), throws[seat])
                throws[seat] += 1
            elif kind in ("draw", "take"):
                last = kind
                if pending is not None:
                    offered[pending] += 1
                    if kind == "take":
                        taken = pending
                pending = None
            elif kind == "win":
                wins[f"after a {last}"] += 1
                if last == "take":
                    fed[taken] += 1
            for reader in readers:
                reader.observe(e)
    kinds = sorted({k for k, _ in offered})
    late = {k: (sum(fed[k, t] for t in range(4, 99)), sum(offered[k, t] for t in range(4, 99))) for k in kinds}
    return {
        "wins": dict(wins),
        "by_turn": {
            t: {"offered": offered["other", t], "fed": round(fed["other", t] / offered["other", t], 4)}
            for t in sorted({t for _, t in offered})
            if offered["other", t]
        },
        "from_the_fifth_throw": {
            k: {"offered": n, "fed": round(f / n, 4) if n else None} for k, (f, n) in late.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=Path)
    parser.add_argument("question", choices=("agree", "hazard", "holds", "feed"))
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    answer = {"agree": agree, "hazard": hazard, "holds": holds, "feed": feed}[args.question](args.record, args.games)
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
