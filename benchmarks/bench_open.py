"""Benchmark of the 101 opening analysis on a fixed, seeded corpus of random 22-tile hands.

Each hand is dealt from a real 106-tile set (two copies of each face, two false jokers) less the
indicator, which is drawn first from the numbered faces. Operations:

* ``open``: best value and melds, pair count and elden (what ``okeytool open`` needs before the extras),
  with the search memo cleared before each hand so no hand profits from an earlier one;
* ``open (warm memo)``: the same with the memo kept between hands, as in a long ``batch`` run;
* ``alternatives``: the three next-best openings;
* ``waits``: the tiles that lift a hand below 101 to 101;
* ``open, whole answer``: everything ``open --json`` computes (alternatives and waits included);
* ``discard 101``: the ranked discards of the 22 tiles;
* ``open, whole answer, 101 corpus`` and ``discard 101, 101 corpus``: the same on the 200 hands of
  :func:`benchmarks.corpus.opening_hands`, every search memo cleared before each hand; these are
  the figures compared with emi-ran's opening enumeration (:data:`PEER_MS`, not on the package
  index, measured on this machine) by :func:`peer_table`;
* ``open (cpsat)``: the best value by the CP-SAT model (fewer hands: it is the slow reference).

The opening search is pure Python (its compiled version was removed: the pure-Python search already
answers the 101 corpus faster than emi-ran's 2.7 ms mean, see benchmarks/RESULTS.md).

Run: ``python -m benchmarks.bench_open`` (prints the Markdown tables).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from benchmarks.corpus import opening_hands
from benchmarks.harness import print_table
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.okey101.opening import (
    alternatives,
    analyse_opening,
    best_layout,
    best_value_cpsat,
    can_lay_all_but_one,
    discard_101,
    mirrored_search,
    opening_from_layout,
    opening_search,
    opening_waits,
    pair_count,
)
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SEED = 101
HANDS = 300
CPSAT_HANDS = 30
HAND_SIZE = 22
#: emi-ran's engine enumerating every legal opening of a random 22-tile hand: about 2.7 ms a hand
#: on this machine (its own report: 0.28 ms median, 20.7 ms p95, 200 ms worst).
PEER_MS = 2.7
#: Each hand of the comparison is answered this often (memos cleared each time) and the fastest
#: time kept: on a shared machine the other processes otherwise add their share to the figure.
REPEAT = 3


def corpus(count: int = HANDS, seed: int = SEED) -> list[tuple[Deal, tuple[Tile, ...]]]:
    """``count`` deals with a random indicator and a 22-tile hand dealt from the rest of the set."""
    rng = random.Random(seed)
    rules = get_rules("101")
    out = []
    for _ in range(count):
        indicator = rng.choice(ALL_FACES)
        pool = [face for face in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
        pool.remove(indicator)
        out.append((Deal(rules, indicator), tuple(sorted(rng.sample(pool, HAND_SIZE)))))
    return out


def open_core(deal: Deal, tiles: tuple[Tile, ...], *, cold: bool = True) -> tuple[int, int, bool]:
    """Best opening (value and melds), pairs and elden of one hand."""
    if cold:
        opening_search(deal.rules.wrap).memo.clear()
    hand = deal.solver_hand(tiles)
    layout = best_layout(deal, hand)
    opening = opening_from_layout(deal, hand, layout)
    return (
        opening.points,
        pair_count(hand, jokers_in_pairs=deal.rules.jokers_in_pairs),
        can_lay_all_but_one(deal, hand),
    )


def clear_memos() -> None:
    """Forget every opening search memo, so that the next hand profits from no earlier one."""
    for search in (opening_search, mirrored_search):
        for wrap in (False, True):
            search(wrap).memo.clear()


def cold(call: Callable[[], object]) -> Callable[[], object]:
    """``call`` with the memos cleared first."""

    def run() -> object:
        clear_memos()
        return call()

    return run


def _alternatives(deal: Deal, tiles: tuple[Tile, ...]) -> object:
    hand = deal.solver_hand(tiles)
    best = opening_from_layout(deal, hand, best_layout(deal, hand))
    return alternatives(deal, tiles, best, 3)


def operations() -> dict[str, list[Callable[[], object]]]:
    """The timed operations, each a list of calls (one per hand of the corpus)."""
    hands = corpus()
    return {
        "open": [lambda d=d, t=t: open_core(d, t) for d, t in hands],
        "open (warm memo)": [lambda d=d, t=t: open_core(d, t, cold=False) for d, t in hands],
        "alternatives": [lambda d=d, t=t: _alternatives(d, t) for d, t in hands],
        "waits": [lambda d=d, t=t: opening_waits(d, t) for d, t in hands[:100]],
        "open, whole answer": [lambda d=d, t=t: analyse_opening(d, t) for d, t in hands[:100]],
        "discard 101": [lambda d=d, t=t: discard_101(d, t) for d, t in hands[:100]],
        "open, whole answer, 101 corpus": _corpus_calls(analyse_opening),
        "discard 101, 101 corpus": _corpus_calls(discard_101),
        "open (cpsat)": [lambda d=d, t=t: best_value_cpsat(d, d.solver_hand(t)) for d, t in hands[:CPSAT_HANDS]],
    }


def _corpus_calls(answer: Callable[[Deal, tuple[Tile, ...]], object]) -> list[Callable[[], object]]:
    return [cold(partial(answer, c.deal, c.tiles)) for c in opening_hands()]


def peer_table() -> list[str]:
    """The 101 corpus answers beside emi-ran's figure: median, p99 and mean ms a hand and the ratio
    of the mean to :data:`PEER_MS`, as Markdown rows (best of :data:`REPEAT` per hand; clearing
    the memos is not timed)."""
    rows = ["| answer | hands | median ms | p99 ms | mean ms | mean / 2.7 ms |", "|---|---|---|---|---|---|"]
    cases = opening_hands()
    for name, answer in (("open, whole answer", analyse_opening), ("discard --rules 101", discard_101)):
        answer(cases[0].deal, cases[0].tiles)
        times = []
        for case in cases:
            best = float("inf")
            for _ in range(REPEAT):
                clear_memos()
                start = time.perf_counter()
                answer(case.deal, case.tiles)
                best = min(best, time.perf_counter() - start)
            times.append(best * 1000)
        times.sort()
        p99 = times[round(0.99 * (len(times) - 1))]
        mean = statistics.fmean(times)
        median = statistics.median(times)
        rows.append(f"| {name} | {len(times)} | {median:.3f} | {p99:.3f} | {mean:.3f} | {mean / PEER_MS:.2f} |")
    return rows


def main() -> None:
    """Print the timings as a Markdown table, then the comparison with the peer figure."""
    print_table(operations())
    print()
    print("\n".join(peer_table()))


if __name__ == "__main__":
    main()
