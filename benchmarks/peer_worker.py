"""The peers' side of ``benchmarks.peers``: runs inside the peers' virtual environment, never in okeytool's.

    python -m benchmarks.peer_worker CORPORA.json RESULT.json

Reads the corpora that ``benchmarks.peers`` wrote (the same seeded hands okeytool is timed on), times
each peer's equivalent operation with :mod:`benchmarks.peer_timing`, and writes the summaries (and a
few answers, for the cross-checks) as JSON. Imports only the standard library, the peers and
``benchmarks.peer_timing``.

Tile forms in the corpora: a numbered tile is ``[colour, number]`` with okeytool's colour order
(0 red, 1 blue, 2 black, 3 yellow); ``"F"`` is a false joker, ``"J"`` a Rummikub joker. An okey hand
names its okey face (the wild) as ``[colour, number]``. A mahjong hand is a list of 34-kind indices.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks.peer_timing import time_calls

# --- okey-solver-py: hand evaluation -------------------------------------------------------------


def okey_hand(case: dict[str, Any]) -> tuple[list[Any], Any]:
    """The hand as okey-solver-py tiles (unique ids) and its ``OkeyMeta`` (the okey face)."""
    from okey_solver import OkeyMeta, Tile, TileColor

    colours = (TileColor.RED, TileColor.BLUE, TileColor.BLACK, TileColor.YELLOW)
    tiles = []
    for k, tile in enumerate(case["tiles"]):
        if tile == "F":
            tiles.append(Tile(id=f"f_{k}", color=TileColor.JOKER, value=0))
        else:
            colour, number = tile
            tiles.append(Tile(id=f"t_{k}", color=colours[colour], value=number))
    colour, number = case["okey"]
    return tiles, OkeyMeta(color=colours[colour], value=number)


def okey_evaluate(engine: Any, tiles: list[Any], meta: Any) -> tuple[int, int]:
    """okey-solver-py's evaluation of one hand: its best meld arrangement and its best pairs."""
    arrangement = engine.find_best_arrangement(tiles, meta)
    pairs = engine.find_best_pairs(tiles, meta)
    return arrangement.totalScore, pairs["totalPairs"]


# --- mahjong: the best-discard pass ----------------------------------------------------------------


def mahjong_discards(hand: list[int], *, distinct: bool = True) -> list[tuple[int, int, int]]:
    """For each distinct kind of a 14-tile hand (``distinct=False``: each of its 14 tiles, copies
    again): (kind, shanten of the other 13, their ukeire).

    Ukeire: the unseen copies (4 less those held) of every kind whose draw lowers the shanten.
    Sorted best first (lower shanten, then more ukeire), as a best-discard tool ranks them.
    """
    from mahjong.shanten import Shanten

    counts = [0] * 34
    for kind in hand:
        counts[kind] += 1
    rows = []
    for kind in range(34) if distinct else hand:
        if not counts[kind]:
            continue
        counts[kind] -= 1
        shanten = Shanten.calculate_shanten(counts)
        ukeire = 0
        for draw in range(34):
            if counts[draw] >= 4:
                continue
            counts[draw] += 1
            if Shanten.calculate_shanten(counts) < shanten:
                ukeire += 5 - counts[draw]
            counts[draw] -= 1
        counts[kind] += 1
        rows.append((kind, shanten, ukeire))
    rows.sort(key=lambda row: (row[1], -row[2], row[0]))
    return rows


# --- rummikub-solver: solve ------------------------------------------------------------------------


def rummikub_ints(ruleset: Any, tiles: list[Any]) -> list[int]:
    """rummikub-solver's tile numbers: colour-major 1..52 (13 per colour), the joker last."""
    out = []
    for tile in tiles:
        if tile == "J":
            out.append(int(ruleset.tiles[-1]))
        else:
            colour, number = tile
            out.append(colour * ruleset.numbers + number)
    return out


def rummikub_solve(ruleset: Any, mode: Any, rack: list[int], table: list[int], opened: bool) -> int:
    """The number of rack tiles rummikub-solver places (0 when it finds no move)."""
    state = ruleset.new_game()
    state.add_table(*table)
    state.add_rack(*rack)
    state.initial = not opened
    solution = ruleset.solve(state, mode)
    return len(solution.tiles) if solution is not None else 0


# --- the run --------------------------------------------------------------------------------------


def operations(corpora: dict[str, Any]) -> dict[str, list[Callable[[], object]]]:
    """Operation name → one zero-argument call per corpus case."""
    from okey_solver import SolverEngine
    from rummikub_solver import RuleSet, SolverMode

    ops: dict[str, list[Callable[[], object]]] = {}
    engine = SolverEngine()
    for name, cases in corpora["okey"].items():
        ops[name] = [partial(okey_evaluate, engine, *okey_hand(case)) for case in cases]
    ops["mahjong best discard"] = [partial(mahjong_discards, hand) for hand in corpora["mahjong"]]
    ops["mahjong discard, each of 14 tiles"] = [
        partial(mahjong_discards, hand, distinct=False) for hand in corpora["mahjong"]
    ]
    ruleset = RuleSet()
    positions = [
        (rummikub_ints(ruleset, p["rack"]), [t for meld in p["table"] for t in rummikub_ints(ruleset, meld)])
        for p in corpora["rummikub"]
    ]
    modes = {
        "rummikub tiles": (SolverMode.TILE_COUNT, True),
        "rummikub value": (SolverMode.TOTAL_VALUE, True),
        "rummikub initial": (SolverMode.INITIAL, False),
    }
    for name, (mode, opened) in modes.items():
        ops[name] = [partial(rummikub_solve, ruleset, mode, rack, table, opened) for rack, table in positions]
    return ops


def main(argv: list[str]) -> None:
    """Read the corpora, time the operations named (all without names), write the summaries and, for
    the Rummikub operations timed, the tiles laid per position (for the cross-check) as JSON."""
    corpora_path, result_path, *names = argv
    with open(corpora_path, encoding="utf-8") as handle:
        corpora = json.load(handle)
    ops = operations(corpora)
    timings = {}
    for name in names or list(ops):
        timings[name] = time_calls(ops[name]).to_json()
        print(f"peer: {name} done", file=sys.stderr, flush=True)
    answers = {key: [call() for call in ops[key]] for key in ("rummikub tiles", "rummikub initial") if key in timings}
    from importlib.metadata import version

    versions = {name: version(name) for name in ("okey-solver-py", "mahjong", "rummikub-solver")}
    with open(result_path, "w", encoding="utf-8") as handle:
        json.dump({"timings": timings, "answers": answers, "versions": versions}, handle)


if __name__ == "__main__":
    main(sys.argv[1:])
