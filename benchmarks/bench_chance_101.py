"""Benchmark of ``discard --rules 101 --chance``: the whole opening-chance ranking (rules.md 5.8) of
every hand of the 101 corpus (benchmarks/corpus.py, ``opening_hands``: 200 random 22-tile hands)
at the default five draws, against the targets (median at most 50 ms, every hand at most 500 ms);
the work rates the budget is counted in; and the gap of ``climb`` (the default beyond two draws, a
lower bound) to ``exact`` where both run, on seeded hands.

    python -m benchmarks.bench_chance_101            # speed of the default ranking at 5 draws
    python -m benchmarks.bench_chance_101 --work     # work per second of climb (5 draws), exact (2 draws)
    python -m benchmarks.bench_chance_101 --gap      # climb against exact (takes minutes)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from collections.abc import Sequence
from time import perf_counter, process_time

from benchmarks.corpus import Case, full_set, opening_hands, random_deal
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.okey101 import chance
from okeytool.solver.okey101.chance import (
    DEFAULT_DRAWS,
    WORK_PER_SECOND,
    Method,
    OpeningChanceSolver,
    OpeningFacts,
    opening_chance_of,
    opening_chance_ranking,
)
from okeytool.tiles import Tile

MEDIAN_TARGET_MS = 50.0
WORST_TARGET_MS = 500.0
SEED = 20261202


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def speed(cases: Sequence[Case], draws: int = DEFAULT_DRAWS) -> list[str]:
    """The default ranking of every hand (wall clock and CPU time), and the rows it left out."""
    opening_chance_ranking(cases[0].deal, cases[0].tiles, draws=draws)  # warm-up: imports, templates
    wall: list[float] = []
    cpu: list[float] = []
    left_out = 0
    methods: set[str] = set()
    for case in cases:
        start, start_cpu = perf_counter(), process_time()
        ranking = opening_chance_ranking(case.deal, case.tiles, draws=draws)
        wall.append((perf_counter() - start) * 1000)
        cpu.append((process_time() - start_cpu) * 1000)
        left_out += sum(1 for row in ranking.rows if not row.computed)
        methods.add(ranking.model.method)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    median = statistics.median(wall)
    worst = max(wall)
    lines = [
        "| measure | cases | median ms | p99 ms | max ms |",
        "|---|---|---|---|---|",
        f"| ranking at {draws} draws, wall clock | {len(wall)} | {statistics.median(wall):.1f} | "
        f"{_percentile(wall, 0.99):.1f} | {max(wall):.1f} |",
        f"| ranking at {draws} draws, CPU time | {len(cpu)} | {statistics.median(cpu):.1f} | "
        f"{_percentile(cpu, 0.99):.1f} | {max(cpu):.1f} |",
        "",
        f"methods: {', '.join(sorted(methods))}; rows not computed: {left_out}; load average at the end: {load:.1f}",
        f"median {median:.1f} ms (target {MEDIAN_TARGET_MS:g}): {'met' if median <= MEDIAN_TARGET_MS else 'NOT met'}; "
        f"worst {worst:.1f} ms (target {WORST_TARGET_MS:g}): {'met' if worst <= WORST_TARGET_MS else 'NOT met'}",
    ]
    return lines


def work_rates(cases: Sequence[Case]) -> list[str]:
    """Work per second of CPU time (the units of :data:`WORK_PER_SECOND`) of each method, per hand."""
    lines = ["| method | hands | median work / s | lowest work / s |", "|---|---|---|---|"]
    runs: tuple[tuple[Method, int, int], ...] = (("climb", DEFAULT_DRAWS, len(cases)), ("exact", 2, 12))
    for method, draws, count in runs:
        rates = []
        for case in cases[:count]:
            facts = OpeningFacts(case.deal)
            whole = facts.state(case.tiles)
            expanded = 0
            start = process_time()
            for tile in sorted(set(case.tiles)):
                rest = list(whole)
                rest[facts.slot(tile)] -= 1
                solver = OpeningChanceSolver(facts, [tile], chance.DEFAULT_RISK, method)
                solver.solve(tuple(rest), draws)
                expanded += solver.expanded
            spent = process_time() - start
            rates.append((facts.work + expanded) / spent)
        median, lowest = statistics.median(rates), min(rates)
        lines.append(f"| {method}, {draws} draws | {len(rates)} | {median:,.0f} | {lowest:,.0f} |")
    lines.append(f"\nWORK_PER_SECOND = {WORK_PER_SECOND:,}")
    return lines


def restricted(seed: int, seen: int) -> tuple[Deal, list[Tile], list[Tile]]:
    """A seeded 101 deal, a 21-tile hand and ``seen`` tiles out of play (a small pool, so that exact
    runs at three draws too)."""
    rng = random.Random(seed)
    deal = random_deal(rng, get_rules("101"))
    tiles = full_set(deal)
    rng.shuffle(tiles)
    return deal, sorted(tiles[:21]), tiles[21 : 21 + seen]


def gap(cases: Sequence[Case], *, corpus_hands: int = 12, small_hands: int = 12) -> list[str]:
    """``climb`` against ``exact``: every row of corpus hands at 2 draws (the full pool), and single
    hands with 62 tiles seen at 2 and 3 draws; the mean and largest gap in chance, the mean gap
    relative to exact where exact is above 0, and how often the best throw is the same (or as good)."""
    lines = [
        "| hands | draws | rows | mean gap | max gap | mean relative gap | same best throw |",
        "|---|---|---|---|---|---|---|",
    ]
    gaps: list[float] = []
    relative: list[float] = []
    same = 0
    start = perf_counter()
    for case in cases[:corpus_hands]:
        exact = opening_chance_ranking(case.deal, case.tiles, draws=2, method="exact")
        climb = opening_chance_ranking(case.deal, case.tiles, draws=2, method="climb")
        by_tile = {row.tile: row.chance or 0.0 for row in exact.rows}
        for row in climb.rows:
            value = row.chance or 0.0
            assert value <= by_tile[row.tile] + 1e-12, "climb above exact"
            gaps.append(by_tile[row.tile] - value)
            if by_tile[row.tile] > 0:
                relative.append((by_tile[row.tile] - value) / by_tile[row.tile])
        same += by_tile[climb.best.tile] >= by_tile[exact.best.tile] - 1e-12
    name = f"corpus, every discard ({perf_counter() - start:.0f} s)"
    lines.append(_gap_row(name, 2, gaps, relative, same, corpus_hands))
    for draws in (2, 3):
        gaps, relative = [], []
        for k in range(small_hands):
            deal, held, seen = restricted(SEED + k, 62)
            exact_value = opening_chance_of(deal, held, seen, draws=draws, method="exact")
            climb_value = opening_chance_of(deal, held, seen, draws=draws, method="climb")
            assert climb_value <= exact_value + 1e-12, "climb above exact"
            gaps.append(exact_value - climb_value)
            if exact_value > 0:
                relative.append((exact_value - climb_value) / exact_value)
        lines.append(_gap_row("62 tiles seen, one hand each", draws, gaps, relative, None, small_hands))
    return lines


def _gap_row(name: str, draws: int, gaps: list[float], relative: list[float], same: int | None, hands: int) -> str:
    rel = f"{statistics.mean(relative):.3f}" if relative else "-"
    best = f"{same}/{hands}" if same is not None else "-"
    return f"| {name} | {draws} | {len(gaps)} | {statistics.mean(gaps):.4f} | {max(gaps):.4f} | {rel} | {best} |"


def main(argv: Sequence[str]) -> None:
    cases = opening_hands()
    if "--work" in argv:
        print("\n".join(work_rates(cases[:40])))
    elif "--gap" in argv:
        print("\n".join(gap(cases)))
    else:
        print("\n".join(speed(cases)))


if __name__ == "__main__":
    main(sys.argv[1:])
