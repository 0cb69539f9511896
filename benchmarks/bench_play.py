"""Speed of the Rummikub play solver (``okeytool play``), in process.

A fixed, seeded corpus of mid-game positions: a table of 0 to 8 valid melds (runs of 3 to 6, sets
of 3 or 4, some holding a joker) built from a shuffled set of 106 tiles, and a rack of 6 to 16 of
the remaining tiles. Target: at most 10 ms median per play.

Run: ``python -m benchmarks.bench_play`` (prints a Markdown table).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache

from benchmarks.harness import print_table
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.tiles import ALL_FACES, JOKER, Tile

SEED = 2024
CASES = 200
DEAL = Deal(get_rules("rummikub"))

Position = tuple[tuple[Tile, ...], tuple[tuple[Tile, ...], ...]]


def _meld(rng: random.Random) -> list[Tile]:
    if rng.random() < 0.55:
        colour, length = rng.randrange(4), rng.randint(3, 6)
        start = rng.randint(1, 14 - length)
        return [Tile.face(colour, n) for n in range(start, start + length)]
    number, size = rng.randint(1, 13), rng.choice((3, 3, 4))
    return [Tile.face(c, number) for c in sorted(rng.sample(range(4), size))]


def position(rng: random.Random) -> Position:
    """One position: table melds (as written, jokers in place) and a rack, within the supply."""
    pool = Counter({face: 2 for face in ALL_FACES})
    pool[JOKER] = 2
    table: list[tuple[Tile, ...]] = []
    wanted = rng.randint(0, 8)
    while len(table) < wanted:
        meld = _meld(rng)
        if pool[JOKER] and rng.random() < 0.15:
            meld[rng.randrange(len(meld))] = JOKER
        need = Counter(meld)
        if all(pool[t] >= n for t, n in need.items()):
            pool -= need
            table.append(tuple(meld))
    left = sorted(pool.elements())
    rack = tuple(sorted(rng.sample(left, rng.randint(6, 16))))
    return rack, tuple(table)


@cache
def corpus() -> tuple[Position, ...]:
    """The fixed corpus (same every run)."""
    rng = random.Random(SEED)
    return tuple(position(rng) for _ in range(CASES))


def operations() -> dict[str, list[Callable[[], object]]]:
    """Operation name → one zero-argument call per corpus case."""
    from okeytool.solver.rummikub.play import best_play, can_go_out

    def play(
        rack: tuple[Tile, ...], table: tuple[tuple[Tile, ...], ...], opened: bool, goal: str
    ) -> Callable[[], object]:
        return lambda: best_play(DEAL, rack, table, opened=opened, goal=goal)  # type: ignore[arg-type]

    def out(rack: tuple[Tile, ...], table: tuple[tuple[Tile, ...], ...]) -> Callable[[], object]:
        return lambda: can_go_out(DEAL, rack, table, opened=True)

    cases = corpus()
    return {
        "play --opened (tiles)": [play(r, t, True, "tiles") for r, t in cases],
        "play --opened --goal value": [play(r, t, True, "value") for r, t in cases],
        "play, initial meld (tiles)": [play(r, t, False, "tiles") for r, t in cases],
        "check: can go out (opened)": [out(r, t) for r, t in cases],
    }


def main() -> None:
    """Print the timings as a Markdown table."""
    cases = corpus()
    racks = [len(r) for r, _ in cases]
    melds = [len(t) for _, t in cases]
    print(
        f"corpus: {len(cases)} positions, racks {min(racks)}-{max(racks)} tiles, "
        f"tables {min(melds)}-{max(melds)} melds\n"
    )
    print_table(operations())


if __name__ == "__main__":
    main()
