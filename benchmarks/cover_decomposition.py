"""Measure a decomposition of the cover programme before building it: sets first, runs per colour.

The cover programme (``okeytool/solver/classic/cover.py``) answers, for a hand as face masks and a
number of slots, the most tiles that meld pieces hold (``kept``), the unfilled faces of its optimal
choices (``faces``) and the faces an optimal choice leaves a copy of out (``spares``). It spends
about 400 states on a hand it has not seen, and this is most of what a win-chance ranking costs
(benchmarks/RESULTS.md). This script tries the decomposition the mahjong calculators use:

* ``OPT``: every choice of sets that take at least two tiles each (a set that takes one tile can
  be traded for a run of its length through that tile, so it never beats the others), then each
  colour's runs from a per-colour table (the most tiles runs of a total length hold, by pattern,
  shared by every hand), combined by length;
* ``faces`` and ``spares`` from ``OPT`` alone: a face X is an unfilled face of some optimal choice
  exactly when OPT(hand + X) > OPT(hand), and a held face is a spare exactly when
  OPT(hand − X) = OPT(hand) (a whole new piece in an optimal choice makes every face unfilled).

It checks the three answers against the Python programme on seeded random hands, then counts the
set choices a hand needs, which decides the cost:

    python -m benchmarks.cover_decomposition [--hands N]

Found (2026-12-02): the answers agree on every hand; but near-complete hands need hundreds to
thousands of set choices (one tile away: median 223, max 15,854), so this decomposition is slower
than the programme it would replace. The per-number walk (van Rijn, Takes & Vis), with a forward and
a backward pass so that every OPT(hand ± X) is read off one pass, is the candidate left.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
from collections.abc import Sequence

from okeytool.solver.classic.cover import ANY_FACE, MeldCover, hand_masks
from okeytool.tiles import ALL_FACES_MASK

NEG = -1000
#: Slot totals 0..14 (a classic hand's 14 slots).
SLOTS = 15
ROOM = 14
Counts = list[list[int]]


def colour_runs(wrap: bool) -> list[tuple[tuple[int, ...], int]]:
    """The runs of one colour as (positions 0..12, length), lengths 3-5; with ``wrap`` 12-13-1."""
    out = []
    for length in (3, 4, 5):
        for start in range(1, 14):
            numbers = [start + k for k in range(length)]
            if numbers[-1] > 13 and not (wrap and numbers[-1] == 14 and start > 1):
                continue
            out.append((tuple((n - 1) % 13 for n in numbers), length))
    return out


class Decomposed:
    """OPT by set choices and per-colour run tables; faces and spares from OPT."""

    def __init__(self, wrap: bool) -> None:
        runs = colour_runs(wrap)
        self.by_position = [[r for r in runs if n in r[0]] for n in range(13)]
        self.tables: dict[tuple[int, ...], list[int]] = {}
        self.choices: list[int] = []

    def runs(self, pattern: tuple[int, ...]) -> list[int]:
        """Most tiles of one colour's ``pattern`` (copies per number) that runs of total length
        exactly s hold, for s = 0..14 (NEG: no such runs)."""
        known = self.tables.get(pattern)
        if known is not None:
            return known
        best = [NEG] * SLOTS
        if not any(pattern):
            best[0] = 0
        else:
            low = next(n for n in range(13) if pattern[n])
            rest = list(pattern)
            rest[low] -= 1
            best = list(self.runs(tuple(rest)))
            for positions, length in self.by_position[low]:
                rest = list(pattern)
                gain = 0
                for m in positions:
                    if rest[m]:
                        rest[m] -= 1
                        gain += 1
                sub = self.runs(tuple(rest))
                for s in range(length, SLOTS):
                    if sub[s - length] > NEG:
                        best[s] = max(best[s], sub[s - length] + gain)
        self.tables[pattern] = best
        return best

    def set_choices(self, counts: Counts) -> list[tuple[int, int, dict[int, list[int]]]]:
        """Every choice of sets taking at least two tiles each, within 14 slots, as (slots, tiles
        taken, copies taken per number and colour)."""
        per_number = []
        for n in range(13):
            held = [c for c in range(4) if counts[c][n]]
            if len(held) < 2:
                continue
            single = [
                (colours, length)
                for size in (2, 3, 4)
                for colours in itertools.combinations(held, size)
                for length in sorted({max(3, size), 4})
            ]
            options: list[tuple[tuple[tuple[int, ...], int], ...]] = [(), *((s,) for s in single)]
            for i, first in enumerate(single):
                for second in single[i:]:
                    use = [0] * 4
                    for c in first[0] + second[0]:
                        use[c] += 1
                    if all(use[c] <= counts[c][n] for c in range(4)):
                        options.append((first, second))
            per_number.append((n, options))
        out: list[tuple[int, int, dict[int, list[int]]]] = []

        def walk(i: int, slots: int, kept: int, taken: dict[int, list[int]]) -> None:
            if i == len(per_number):
                out.append((slots, kept, dict(taken)))
                return
            n, options = per_number[i]
            for option in options:
                more = sum(length for _, length in option)
                if slots + more > ROOM:
                    continue
                use = [0] * 4
                for colours, _ in option:
                    for c in colours:
                        use[c] += 1
                taken[n] = use
                walk(i + 1, slots + more, kept + sum(len(c) for c, _ in option), taken)
                del taken[n]

        walk(0, 0, 0, {})
        return out

    def opt(self, counts: Counts) -> tuple[int, bool]:
        """OPT of the hand, and whether an optimal choice has a whole new piece."""
        best, whole = NEG, False
        choices = self.set_choices(counts)
        self.choices.append(len(choices))
        for slots, kept, taken in choices:
            total = [NEG] * SLOTS
            total[0] = 0
            for c in range(4):
                pattern = list(counts[c])
                for n, use in taken.items():
                    pattern[n] -= use[c]
                table = self.runs(tuple(pattern))
                merged = [NEG] * SLOTS
                for a in range(SLOTS):
                    if total[a] > NEG:
                        for b in range(SLOTS - a):
                            if table[b] > NEG:
                                merged[a + b] = max(merged[a + b], total[a] + table[b])
                total = merged
            room = ROOM - slots
            for s in range(room + 1):
                left = room - s
                if total[s] > NEG and (left == 0 or left >= 3):
                    value = kept + total[s]
                    if value > best:
                        best, whole = value, left >= 3
                    elif value == best and left >= 3:
                        whole = True
        return best, whole

    def answer(self, counts_by_face: Sequence[int]) -> tuple[int, int, int]:
        """(kept, faces, spares) of a hand given as copies per face (a whole new piece: every face)."""
        counts = [[counts_by_face[c * 13 + n] for n in range(13)] for c in range(4)]
        kept, whole = self.opt(counts)
        faces = spares = 0
        for face in range(52):
            c, n = divmod(face, 13)
            counts[c][n] += 1
            if self.opt(counts)[0] > kept:
                faces |= 1 << face
            counts[c][n] -= 2
            if counts[c][n] >= 0 and self.opt(counts)[0] == kept:
                spares |= 1 << face
            counts[c][n] += 1
        return kept, ANY_FACE | ALL_FACES_MASK if whole else faces, spares


def programme(cover: MeldCover, counts: Sequence[int]) -> tuple[int, int, int]:
    """The programme's (kept, faces, spares), spares from its own answers on the hand less a tile."""
    kept, faces = cover._best_python(*hand_masks(counts), ROOM)
    spares = 0
    for face, n in enumerate(counts):
        if n:
            fewer = list(counts)
            fewer[face] -= 1
            if cover._best_python(*hand_masks(fewer), ROOM)[0] == kept:
                spares |= 1 << face
    return kept, ANY_FACE | ALL_FACES_MASK if faces & ANY_FACE else faces, spares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cover = MeldCover(True, compiled=False)
    decomposed = Decomposed(True)
    differ = 0
    for _ in range(args.hands):
        tiles = [f for f in range(52) for _ in range(2)]
        rng.shuffle(tiles)
        counts = [0] * 52
        for face in tiles[: rng.choice((12, 13, 14, 15))]:
            counts[face] += 1
        differ += programme(cover, counts) != decomposed.answer(counts)
    choices = sorted(decomposed.choices)
    print(f"random hands: {args.hands}, answers that differ from the programme: {differ}")
    print(
        f"set choices a hand needs (every OPT asked): median {statistics.median(choices):.0f}, "
        f"p90 {choices[int(0.9 * len(choices))]}, max {choices[-1]}"
    )


if __name__ == "__main__":
    main()
