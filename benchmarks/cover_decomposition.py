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

``--walk N`` measures that walk (:class:`ByNumber`) on N hands of each distance: the states it
keeps, over numbers and deepening, against the states the programme solves for a hand it has not
seen, and whether their OPT agree:

    python -m benchmarks.cover_decomposition --walk 15

Found (2026-12-02, 15 hands a distance; median / max states): one away 106 / 810 against the
programme's 333 / 2,237; two away 440 / 2,108 against 671 / 1,812; three away 874 / 6,068 against
550 / 1,421; four or more 1,205 / 11,632 against 563 / 933; OPT agrees on all 60. Unbounded (no
deepening, no owed slots), the walk kept 3,582 states on a random hand with at most one open run a
colour and 77,632 with two; with the deepening but without the owed slots, 1,400 to 9,300 on hands
one to three away: the slots left unfilled are what make it large. Each of its states also costs more than a
state of the programme (the four colours laid one by one), and it gives OPT alone, where one call of
the programme gives the unfilled faces and the spares too. So the walk is cheaper only one away,
and it was not built either.
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


Column = tuple[int, int, int]  # one colour's open runs before a number: of length 1, 2, and 3 or more


class ByNumber:
    """OPT by a walk over the numbers 1..13 (van Rijn, Takes & Vis), the state before each number
    being every colour's open runs (at most ``runs`` a colour, as counts of length 1, 2, 3+) and,
    with ``wrap``, the copies of each 1 kept for a run's end after 13; the value of a state, the
    most tiles held for each number of slots used. Sets are laid a number at a time (at most two a
    colour). A state is dropped once its unfilled slots, with those its open runs must still fill
    at unheld faces, pass a bound; the bound is raised from 0 until an answer is found (iterative
    deepening), so a hand k away is walked with the bound k.

    It measures the states such a walk needs (``states``, over the deepening); OPT only, which is
    enough to decide whether the walk is the cheaper core."""

    def __init__(self, wrap: bool, runs: int = 2, sets: int = 2) -> None:
        self.wrap = wrap
        self.max_runs = runs
        self.max_sets = sets
        self.states: list[int] = []

    def opt(self, counts_by_face: Sequence[int]) -> int:
        """OPT of the hand (copies per face) in 14 slots, NEG if no choice fills them."""
        walked = 0
        for bound in range(ROOM + 1):
            best, states = self._walk(counts_by_face, bound)
            walked += states
            if best > NEG:
                self.states.append(walked)
                return best
        self.states.append(walked)
        return NEG

    def _walk(self, h: Sequence[int], bound: int) -> tuple[int, int]:
        start = [NEG] * SLOTS
        start[0] = 0
        empty: tuple[Column, ...] = ((0, 0, 0),) * 4
        keeps = itertools.product(*(range(h[c * 13] + 1) for c in range(4))) if self.wrap else [(0, 0, 0, 0)]
        layer: dict[tuple[tuple[Column, ...], tuple[int, ...]], list[int]] = {(empty, k): start for k in keeps}
        states = 0
        for number in range(1, 14):
            following: dict[tuple[tuple[Column, ...], tuple[int, ...]], list[int]] = {}
            for (columns, kept_ones), value in layer.items():
                for after, sets, widest, reached in self._number(h, number, columns, kept_ones, value, bound):
                    if sets and not any(widest <= g and 3 * g <= sets <= 4 * g for g in range(1, sets // 3 + 1)):
                        continue
                    owed = self._owed(h, number, after, kept_ones)
                    reached = [v if v > NEG and s - v + owed <= bound else NEG for s, v in enumerate(reached)]
                    if max(reached) > NEG:
                        _keep_best(following, (after, kept_ones), reached)
            layer = following
            states += len(layer)
        final = [NEG] * SLOTS
        for (columns, kept_ones), value in layer.items():
            for reached in self._wrap_end(columns, kept_ones, value):
                final = [max(a, b) for a, b in zip(final, reached)]
        best = NEG
        for s, v in enumerate(final):
            if (ROOM - s == 0 or ROOM - s >= 3) and v > NEG and ROOM - v <= bound:
                best = max(best, v)
        return best, states

    def _number(
        self,
        h: Sequence[int],
        number: int,
        columns: tuple[Column, ...],
        kept_ones: tuple[int, ...],
        value: list[int],
        bound: int,
    ) -> list[tuple[tuple[Column, ...], int, int, list[int]]]:
        """Every way to lay the number's slots, colour by colour: (columns after, set slots, the most
        set slots of one colour, the value)."""
        partial: dict[tuple[tuple[Column, ...], int, int], list[int]] = {((), 0, 0): value}
        for colour in range(4):
            one, two, more = columns[colour]
            held = h[colour * 13 + number - 1] - (kept_ones[colour] if number == 1 else 0)
            grown: dict[tuple[tuple[Column, ...], int, int], list[int]] = {}
            for (done, sets, widest), v in partial.items():
                for going_on in range(more + 1):
                    for new in range(self.max_runs - (one + two + going_on) + 1):
                        for in_sets in range(self.max_sets + 1):
                            slots = one + two + going_on + new + in_sets
                            reached = _shifted(v, slots, min(slots, held), bound)
                            if max(reached) > NEG:
                                key = (done + ((new, one, two + going_on),), sets + in_sets, max(widest, in_sets))
                                _keep_best(grown, key, reached)
            partial = grown
        return [(done, sets, widest, v) for (done, sets, widest), v in partial.items()]

    def _owed(self, h: Sequence[int], number: int, columns: tuple[Column, ...], kept_ones: tuple[int, ...]) -> int:
        """Slots the open runs must still fill at the next two numbers beyond the tiles held there."""
        owed = 0
        for colour, (one, two, _) in enumerate(columns):
            for ahead, need in ((number + 1, one + two), (number + 2, one)):
                if not need:
                    continue
                if ahead <= 13:
                    owed += max(0, need - h[colour * 13 + ahead - 1])
                elif ahead == 14 and self.wrap:
                    owed += max(0, need - kept_ones[colour])
                else:
                    owed += ROOM + 1  # a run that cannot be finished
        return owed

    def _wrap_end(self, columns: tuple[Column, ...], kept_ones: tuple[int, ...], value: list[int]) -> list[list[int]]:
        """The values after the end: runs of 2 or more may take a 1 after 13 (with ``wrap``)."""
        if any(one for one, _, _ in columns) or (not self.wrap and any(two for _, two, _ in columns)):
            return []
        out = [value]
        if not self.wrap:
            return out
        for colour, (_, two, more) in enumerate(columns):
            out = [_shifted(v, two + j, min(two + j, kept_ones[colour]), ROOM) for v in out for j in range(more + 1)]
        return out


def _shifted(value: list[int], slots: int, gain: int, bound: int) -> list[int]:
    """The value with ``slots`` more slots holding ``gain`` more tiles, unfilled slots within ``bound``."""
    out = [NEG] * SLOTS
    for s in range(SLOTS - slots):
        v = value[s]
        if v > NEG and (s + slots) - (v + gain) <= bound:
            out[s + slots] = v + gain
    return out


def _keep_best(into: dict, key: object, value: list[int]) -> None:  # type: ignore[type-arg]
    known = into.get(key)
    into[key] = value if known is None else [max(a, b) for a, b in zip(known, value)]


def programme_states(counts: Sequence[int]) -> int:
    """The states the programme solves for a hand it has not seen (a fresh table)."""
    cover = MeldCover(True, compiled=False)
    cover._best_python(*hand_masks(counts), ROOM)
    return len(cover.memo)


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
    parser.add_argument(
        "--walk",
        type=int,
        default=0,
        metavar="N",
        help="measure the walk by number instead, on N hands of each distance",
    )
    args = parser.parse_args()
    if args.walk:
        walk_by_number(args.walk, args.seed)
        return
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


def near_hands(count: int, seed: int) -> dict[str, list[list[int]]]:
    """Plain 14-tile hands by the programme's distance (14 - OPT): 1, 2, 3, and 4 or more, from
    winning hands with tiles exchanged and from random hands."""
    from benchmarks.corpus import full_set, random_deal, winning_hand
    from okeytool.rules import get_rules

    rng = random.Random(seed)
    rules = get_rules("classic")
    cover = MeldCover(True)
    groups: dict[str, list[list[int]]] = {"1": [], "2": [], "3": [], "4+": []}
    while any(len(g) < count for g in groups.values()):
        deal = random_deal(rng, rules)
        hand = winning_hand(rng, deal, wilds=0)
        if hand is None:
            continue
        pool = [t for t in full_set(deal) if not deal.is_wild(t) and t.index < 52]
        tiles = [t for t in hand]
        for _ in range(rng.choice((1, 2, 3, 5, 8))):
            tiles[rng.randrange(len(tiles))] = pool.pop(rng.randrange(len(pool)))
        counts = [0] * 52
        for t in tiles:
            counts[deal.plays_as(t).index] += 1
        if max(counts) > 2 or sum(counts) != 14:
            continue
        distance = ROOM - cover.cover(counts, ROOM).kept
        name = str(distance) if distance <= 3 else "4+"
        if distance >= 1 and len(groups[name]) < count:
            groups[name].append(counts)
    return groups


def walk_by_number(count: int, seed: int) -> None:
    """States the walk by number needs against the programme's, by distance, and their agreement."""
    for name, hands in near_hands(count, seed).items():
        walk = ByNumber(True)
        differ = sum(walk.opt(c) != MeldCover(True).cover(c, ROOM).kept for c in hands)
        ours = sorted(walk.states)
        theirs = sorted(programme_states(c) for c in hands)
        print(
            f"| {name} | {len(hands)} | {statistics.median(ours):.0f} / {ours[-1]} | "
            f"{statistics.median(theirs):.0f} / {theirs[-1]} | {differ} |"
        )


if __name__ == "__main__":
    main()
