"""Far hands: what the chance policy gives up where its ranking is stopped by its work.

On bench_chance's hands three or more tiles away, the ranking the arena's chance seat computes (its
work per ranking, ``DEFAULT_WORK``) is set beside the same ranking computed in full. A stopped
ranking plays its best computed row, or the plain ranking's top row when none is computed. The
chance given up is the full ranking's chance of its best throw less its chance of the throw played.
The same is asked of the arena's ``far`` variant (:mod:`benchmarks.arena_variants`: where no row
was computed, the ranking at 4 own draws within the same work again) and of two cheaper stand-ins,
the rankings at 4 and at 5 own draws computed in full.

The hands are ranked as ``discard --chance`` ranks them (risk 0.05, nothing seen, the hand facts
new for each hand). The arena's seats differ in two ways: their risk is fitted to the turn, and
they keep the hand facts of the game, so that a ranking computes somewhat more rows within the
same work; the measure is of the ranking, not of a seat at a given turn.

    python -m benchmarks.far_hands            # 8 draws (minutes: a full ranking takes up to about 20 s here)
    python -m benchmarks.far_hands --draws 6
"""

from __future__ import annotations

import argparse
from functools import partial
from statistics import mean, median
from time import perf_counter

from benchmarks.arena_variants import SHORT_DRAWS, stand_in
from benchmarks.bench_chance import CASES, hands_by_distance
from benchmarks.corpus import Case
from okeytool.arena.policies import DEFAULT_WORK
from okeytool.solver.classic.chance import ChanceRanking, Effort, chance_ranking

#: Seconds of counted work a full ranking may take: far more than any of these hands needs.
FULL_WORK = 600.0
#: The shorter horizons measured as stand-ins for the full ranking at ``--draws``.
SHORT = (4, 5)


def full_ranking(case: Case, draws: int) -> tuple[ChanceRanking, float]:
    """The ranking of every row at ``draws`` own draws, and the seconds it took."""
    start = perf_counter()
    ranking = chance_ranking(case.deal, case.tiles, draws=draws, effort=Effort(seconds=FULL_WORK))
    return ranking, perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=8)
    args = parser.parse_args()
    short = " | ".join(f"given up at {d} (s)" for d in SHORT)
    print(
        f"| hand | rows (policy) | throw played | its chance | best throw | its chance | given up | full s | {short} |"
    )
    print("|---" * (8 + len(SHORT)) + "|")
    losses: dict[str, list[float]] = {"policy": [], "far": [], **{str(d): [] for d in SHORT}}
    seconds: dict[str, list[float]] = {"full": [], "far": [], **{str(d): [] for d in SHORT}}
    for index, case in enumerate(hands_by_distance(CASES)[3]):
        policy = chance_ranking(case.deal, case.tiles, draws=args.draws, effort=Effort(seconds=DEFAULT_WORK))
        full, took = full_ranking(case, args.draws)
        if not all(row.computed for row in full.rows):
            why = {str(row.stopped) for row in full.rows if not row.computed}
            print(f"| {index} | not computed in full ({', '.join(sorted(why))}) after {took:.1f} s |")
            continue
        chance = {row.tile: row.chance or 0.0 for row in full.rows}
        best = full.best.chance or 0.0
        played = policy.best.tile
        losses["policy"].append(best - chance[played])
        seconds["full"].append(took)
        start = perf_counter()
        far = stand_in(
            policy,
            partial(chance_ranking, case.deal, case.tiles, draws=SHORT_DRAWS, effort=Effort(seconds=DEFAULT_WORK)),
        )
        seconds["far"].append(perf_counter() - start)
        losses["far"].append(best - chance[played if far is None else far])
        cells = []
        for d in SHORT:
            ranking, short_took = full_ranking(case, d)
            losses[str(d)].append(best - chance[ranking.best.tile])
            seconds[str(d)].append(short_took)
            cells.append(f"{losses[str(d)][-1]:.4f} ({short_took:.2f})")
        computed = sum(row.computed for row in policy.rows)
        print(
            f"| {index} | {computed}/{len(policy.rows)} | {played} | {chance[played]:.4f} | {full.best.tile} "
            f"| {best:.4f} | {losses['policy'][-1]:.4f} | {took:.1f} | {' | '.join(cells)} |"
        )
    print()
    for name, lost in losses.items():
        if not lost:
            continue
        who = {"policy": "the policy's throw", "far": "the far variant's throw"}.get(
            name, f"the best throw at {name} draws"
        )
        times = seconds["full" if name == "policy" else name]
        timed = {"policy": "full ranking", "far": "its stand-in ranking"}.get(name, "its ranking")
        print(
            f"{who}: the best at {args.draws} draws (within 0.0001) on {sum(x < 1e-4 for x in lost)}/{len(lost)}, "
            f"chance given up mean {mean(lost):.4f}, max {max(lost):.4f}; "
            f"{timed} median {median(times):.2f} s, max {max(times):.2f} s"
        )


if __name__ == "__main__":
    main()
