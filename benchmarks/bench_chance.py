"""Benchmark of ``discard --chance``: the whole chance ranking of a 15-tile hand with 8 draws left,
by how far the best discard leaves the hand, and the gap of the lower-bound methods (``advance``,
the default long-horizon method, ``swap`` and ``keep``) to the exact answer where both run (every
discard at 2 draws; the first four discards of three hands at 3 draws).

    python -m benchmarks.bench_chance
    python -m benchmarks.bench_chance --work    # the work rates and the rows computed by default
    OKEYTOOL_PURE_PYTHON=1 python -m benchmarks.bench_chance --work    # the same in pure Python
    python -m benchmarks.bench_chance --exact   # the whole ranking at 2 draws (exact), one and two away
    python -m benchmarks.bench_chance --extra 1 # the ranking by ``--extra 1`` at 8 draws, within the default work
    python -m benchmarks.bench_chance --draws 12  # the rankings and the rows computed at another number of draws
    python -m benchmarks.bench_chance --agree   # at 8 draws: advance's best throw measured by extra 1 (half a minute)
    python -m benchmarks.bench_chance --faults  # the page faults of the rankings (do not depend on the load)
    python -m benchmarks.bench_chance --full    # the far rankings with every row computed (half a minute)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import partial
from time import perf_counter

from benchmarks.corpus import Case, full_set, random_deal, random_hands, winning_hand
from benchmarks.harness import print_table
from okeytool.limits import CHANCE_CLOCK_SHARE, DEFAULT_TIME_LIMIT
from okeytool.rules import get_rules
from okeytool.solver.classic.analysis import rank_discards
from okeytool.solver.classic.chance import (
    WORK_PER_SECOND,
    ChanceRanking,
    ChanceSolver,
    Effort,
    ExtraOrigin,
    HandFacts,
    chance_of,
    chance_ranking,
)

CASES = 20
DRAWS = 8
GAP_CASES = 12
SEED = 20261201


def hands_by_distance(count: int, seed: int = SEED) -> dict[int, list[Case]]:
    """15-tile hands (a winning 14 with tiles swapped, plus one) grouped by the deficiency the best
    discard leaves: 1, 2, and 3 or more (from random deals)."""
    rng = random.Random(seed)
    rules = get_rules("classic")
    groups: dict[int, list[Case]] = {1: [], 2: [], 3: []}
    while len(groups[1]) < count or len(groups[2]) < count:
        deal = random_deal(rng, rules)
        hand = winning_hand(rng, deal, wilds=rng.choice((0, 0, 1, 2)))
        if hand is None:
            continue
        pool = full_set(deal)
        for tile in hand:
            pool.remove(tile)
        tiles = list(hand)
        for _ in range(rng.choice((1, 2, 3))):
            tiles[rng.randrange(len(tiles))] = pool.pop(rng.randrange(len(pool)))
        tiles.append(pool.pop(rng.randrange(len(pool))))
        case = Case(deal, tuple(sorted(tiles)))
        d = rank_discards(deal, case.tiles).best.deficiency
        if d in (1, 2) and len(groups[d]) < count:
            groups[d].append(case)
    for case in random_hands(count * 3, 15, seed=seed):
        if len(groups[3]) < count and rank_discards(case.deal, case.tiles).best.deficiency >= 3:
            groups[3].append(case)
    return groups


def asked(case: Case, draws: int, extra: int | None = None) -> ChanceRanking:
    """The ranking as ``discard --chance`` asks it: within the default work, with the clock of a
    question's default time limit as the backstop (the compiled recursion then checks the time as it
    goes, which a ranking without a clock does not)."""
    effort = Effort(deadline=perf_counter() + CHANCE_CLOCK_SHARE * DEFAULT_TIME_LIMIT)
    return chance_ranking(case.deal, case.tiles, draws=draws, effort=effort, extra=extra)


def operations(draws: int = DRAWS) -> dict[str, list[Callable[[], object]]]:
    """The chance ranking at ``draws`` draws (8 by default), one operation per distance."""
    groups = hands_by_distance(CASES)
    names = {1: "one away", 2: "two away", 3: "3+ away"}
    return {
        f"discard --chance, {draws} draws, {names[d]}": [partial(asked, c, draws) for c in cases]
        for d, cases in groups.items()
    }


def exact_operations() -> dict[str, list[Callable[[], object]]]:
    """The chance ranking at 2 draws (the exact method, the default there), one and two away."""
    groups = hands_by_distance(CASES)
    return {
        f"discard --chance, 2 draws (exact), {name}": [partial(asked, c, 2) for c in groups[d]]
        for d, name in ((1, "one away"), (2, "two away"))
    }


GAP_METHODS = ("advance", "swap", "keep", "extra 1")


def _method(label: str) -> tuple[str, int | None]:
    """A gap row's method and its N (``"extra 1"``: the ``extra`` method with N = 1)."""
    name, _, n = label.partition(" ")
    return name, int(n) if n else None


def extra_operations(extra: int) -> dict[str, list[Callable[[], object]]]:
    """The ranking by ``--extra N`` at 8 draws, one operation per distance, within the default work."""
    groups = hands_by_distance(CASES)
    names = {1: "one away", 2: "two away", 3: "3+ away"}
    return {
        f"discard --chance --extra {extra}, 8 draws, {names[d]}": [partial(asked, c, DRAWS, extra) for c in cases]
        for d, cases in groups.items()
    }


def agreement(extra: int = 1) -> list[str]:
    """At 8 draws, one and two away: how often advance's best throw is that of ``extra`` (both
    computed in full, by name), and what following advance gives up in ``extra``'s own measure (its
    chance of ``extra``'s best throw less its chance of advance's)."""
    lines = []
    for d, group in hands_by_distance(CASES).items():
        if d == 3:
            continue  # farther, extra takes minutes a ranking
        same, losses = 0, []
        for case in group:
            plain = chance_ranking(case.deal, case.tiles, draws=DRAWS, method="advance")
            wider = chance_ranking(case.deal, case.tiles, draws=DRAWS, method="extra", extra=extra)
            measured = {row.tile: row.chance or 0.0 for row in wider.rows}
            best = wider.rows[0].chance or 0.0
            loss = best - measured[plain.rows[0].tile]
            same += loss < 1e-9
            losses.append(loss)
        lines.append(f"| {'one' if d == 1 else 'two'} away | {len(group)} | {same}/{len(group)} | "
                     f"{sum(losses) / len(losses):.4f} | {max(losses):.4f} |")  # fmt: skip
    return lines


AGREE_HEADER = (
    "| hands, 8 draws | cases | same best throw | mean chance given up | most given up |\n|---|---|---|---|---|"
)


def extra_rows(extra: int) -> list[str]:
    """At the default work, per distance: the rankings by ``--extra N`` that computed every row, the
    rows not computed, and the median states searched."""
    lines = []
    for d, group in hands_by_distance(CASES).items():
        rankings = [chance_ranking(c.deal, c.tiles, draws=DRAWS, extra=extra) for c in group]
        missing = [sum(not r.computed for r in ranking.rows) for ranking in rankings]
        rows = sum(len(ranking.rows) for ranking in rankings)
        states = sorted(ranking.model.states or 0 for ranking in rankings)
        lines.append(f"| {'3+' if d == 3 else d} away | {len(group)} | {sum(m == 0 for m in missing)} | "
                     f"{sum(missing)} of {rows} | {states[len(states) // 2]:,} |")  # fmt: skip
    return lines


def method_gap(cases: int = GAP_CASES, draws: int = 2, rows: int | None = None) -> list[str]:
    """Per group of hands (one and two away), each lower-bound method's chance and points against
    exact, for every discard (or the first ``rows`` of the ordinary ranking), and how often its best
    throw is exact's. ``extra`` counts from the hand ranked, as a ranking does."""
    groups = hands_by_distance(cases, seed=SEED + 1)
    lines = []
    for d in (1, 2):
        gaps: dict[str, tuple[list[float], list[float], list[int]]] = {m: ([], [], []) for m in GAP_METHODS}
        for case in groups[d][:cases]:
            ranked = rank_discards(case.deal, case.tiles).options
            facts = HandFacts(case.deal)
            origin = ExtraOrigin(facts.state(case.tiles), min(option.deficiency for option in ranked))
            best: dict[str, tuple[float, object] | None] = {m: None for m in ("exact", *GAP_METHODS)}
            exact_of: dict[object, float] = {}
            for option in ranked[:rows]:
                rest = list(case.tiles)
                rest.remove(option.tile)
                exact = chance_of(case.deal, rest, [option.tile], draws, 0.05, method="exact")
                answers = {"exact": (exact.chance, exact.points)}
                exact_of[option.tile] = exact.chance
                for m in GAP_METHODS:
                    name, n = _method(m)
                    solver = ChanceSolver(facts, [option.tile], 0.05, name, extra=n or 0, origin=origin)  # type: ignore[arg-type]
                    got = solver.solve(facts.state(rest), draws)
                    answers[m] = got
                    gaps[m][0].append(exact.chance - got[0])
                    gaps[m][1].append(exact.points - got[1])
                for m, (chance, _) in answers.items():
                    known = best[m]
                    if known is None or chance > known[0] + 1e-12:
                        best[m] = (chance, option.tile)
            exact_best = best["exact"]
            assert exact_best is not None
            for m in GAP_METHODS:
                mine = best[m]
                assert mine is not None
                same = mine[1] == exact_best[1] or abs(exact_of[mine[1]] - exact_best[0]) < 1e-12
                gaps[m][2].append(int(same))
        for m in GAP_METHODS:
            gv, ge, agreed = gaps[m]
            lines.append(
                f"| {'one' if d == 1 else 'two'} away, {draws} draws | {m} | {len(agreed)} | {len(gv)} | "
                f"{sum(gv) / len(gv):.4f} | {max(gv):.4f} | {max(ge):.4f} | {sum(agreed)}/{len(agreed)} |"
            )
    return lines


GAP_HEADER = (
    "| hands | method | cases | discards | mean chance gap | max chance gap | max points gap | same best throw |\n"
    "|---|---|---|---|---|---|---|---|"
)


def work_rate(cases: int = 8, rows: int = 4) -> list[str]:
    """The work each recursion does in a second (:data:`WORK_PER_SECOND`'s figures, measured): the
    first ``rows`` discards of two-away and farther hands solved in full, work counted as the
    ranking counts it. ``compiled`` and ``planned`` at 8 draws (advance), ``reference`` at 2 (exact)."""
    groups = hands_by_distance(cases, seed=SEED + 2)
    hands = [c for d in (2, 3) for c in groups[d][:cases]]
    lines = []
    for method, draws in (("advance", 8), ("exact", 2)):  # each recursion as this process runs it
        rates = []
        engine = ""
        for case in hands:
            facts = HandFacts(case.deal)
            work, start = 0, perf_counter()
            for option in rank_discards(case.deal, case.tiles).options[:rows]:
                rest = list(case.tiles)
                rest.remove(option.tile)
                solver = ChanceSolver(facts, [option.tile], 0.05, method)  # type: ignore[arg-type]
                solver.solve(facts.state(rest), draws)
                engine = solver.engine
                work += solver.work
            rates.append(work / (perf_counter() - start))
            if engine.startswith("planned") and len(rates) == 4:
                break  # Python's advancing recursion takes seconds a hand
        rates.sort()
        lines.append(f"| {engine} | {method}, {draws} draws | {len(rates)} | {rates[len(rates) // 2]:,.0f} | "
                     f"{rates[0]:,.0f} | {WORK_PER_SECOND[engine]:,} |")  # fmt: skip
    return lines


WORK_HEADER = (
    "| recursion | method | hands | median work / s | lowest work / s | WORK_PER_SECOND |\n|---|---|---|---|---|---|"
)


def rows_computed(cases: int = CASES, draws: int = DRAWS) -> list[str]:
    """At the default work: per distance, how many rankings computed every row, and the rows left
    not computed (the far hands of the first decisions of a round)."""
    lines = []
    for d, group in hands_by_distance(cases).items():
        missing = [sum(not r.computed for r in chance_ranking(c.deal, c.tiles, draws=draws).rows) for c in group]
        rows = sum(len(rank_discards(c.deal, c.tiles).options) for c in group)
        lines.append(f"| {'3+' if d == 3 else d} away | {len(group)} | {sum(m == 0 for m in missing)} | "
                     f"{sum(missing)} of {rows} |")  # fmt: skip
    return lines


def page_faults(cases: int = CASES, draws: int = DRAWS, warm: int = 3) -> list[str]:
    """Per distance, the page faults of the rankings (minor and major, after ``warm`` rankings of the
    group), which count what the allocator takes anew from the system and do not depend on the load."""
    from resource import RUSAGE_SELF, getrusage  # POSIX only

    lines = []
    for d, group in hands_by_distance(cases).items():
        for c in group[:warm]:
            chance_ranking(c.deal, c.tiles, draws=draws)
        before = getrusage(RUSAGE_SELF)
        for c in group:
            chance_ranking(c.deal, c.tiles, draws=draws)
        after = getrusage(RUSAGE_SELF)
        faults = after.ru_minflt + after.ru_majflt - before.ru_minflt - before.ru_majflt
        lines.append(f"| {'3+' if d == 3 else d} away | {len(group)} | {faults:,} |")
    return lines


def full_operations(
    rankings: dict[int, ChanceRanking], seconds: float = 120.0
) -> dict[str, list[Callable[[], object]]]:
    """The far rankings (3+ away) at 8 draws with ``seconds`` of work, enough for every row: what
    the default work would take to stop no row. Each call keeps its ranking in ``rankings``."""
    far = hands_by_distance(CASES)[3]

    def rank(k: int, case: Case) -> None:
        rankings[k] = chance_ranking(case.deal, case.tiles, draws=DRAWS, effort=Effort(seconds=seconds))

    return {
        f"discard --chance, {DRAWS} draws, 3+ away, {seconds:g} s of work": [
            partial(rank, k, c) for k, c in enumerate(far)
        ]
    }


ROWS_HEADER = "| hands | rankings | every row computed | rows not computed |\n|---|---|---|---|"


def main() -> None:
    """Print the timings and the method gap as Markdown tables (``--work``: the work rates and the
    rows computed at the default work only)."""
    if "--exact" in sys.argv:
        print_table(exact_operations())
        return
    if "--agree" in sys.argv:
        print(AGREE_HEADER)
        for line in agreement():
            print(line, flush=True)
        return
    if "--extra" in sys.argv:
        extra = int(sys.argv[sys.argv.index("--extra") + 1])
        print_table(extra_operations(extra))
        print()
        print("| hands | rankings | every row computed | rows not computed | median states searched |")
        print("|---|---|---|---|---|")
        for line in extra_rows(extra):
            print(line, flush=True)
        return
    if "--full" in sys.argv:
        rankings: dict[int, ChanceRanking] = {}
        print_table(full_operations(rankings))
        stops = [row.stopped for ranking in rankings.values() for row in ranking.rows if row.stopped is not None]
        rows = sum(len(ranking.rows) for ranking in rankings.values())
        print(f"\nrows not computed: {len(stops)} of {rows} ({', '.join(sorted(set(stops))) or 'none'})")
        return
    if "--faults" in sys.argv:
        print("| hands | rankings | page faults |\n|---|---|---|")
        for line in page_faults():
            print(line, flush=True)
        return
    if "--work" in sys.argv:
        print(WORK_HEADER)
        for line in work_rate():
            print(line, flush=True)
        print()
        print(ROWS_HEADER)
        for line in rows_computed():
            print(line, flush=True)
        return
    if "--draws" in sys.argv:
        draws = int(sys.argv[sys.argv.index("--draws") + 1])
        print_table(operations(draws))
        print()
        print(ROWS_HEADER)
        for line in rows_computed(draws=draws):
            print(line, flush=True)
        return
    print_table(operations())
    print()
    print(GAP_HEADER)
    for line in method_gap():
        print(line, flush=True)
    for line in method_gap(cases=3, draws=3, rows=4):  # exact takes seconds a discard at 3 draws
        print(line, flush=True)


if __name__ == "__main__":
    main()
