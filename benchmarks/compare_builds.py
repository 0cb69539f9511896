"""Two builds of the compiled chance recursion timed in one process, hand by hand in turn.

    python -m benchmarks.compare_builds OTHER [--distance 2] [--repeats 3] [--draws 8] [--first]

``OTHER`` is another checkout whose extensions were built in place (``python setup.py build_ext
--inplace``). Its ``_chance`` module is loaded beside this checkout's, and each hand of
``bench_chance``'s corpus at that distance is ranked as ``bench_chance`` asks it (the default work,
a question's clock), by one kernel and then the other, alternating which goes first; the fastest of
``--repeats`` is kept for each. The Python code is this checkout's for both, so the other build must
offer the same calls; and both solve on this checkout's cover table, so a build whose table layout
differs refuses to load (``_chance`` checks ``_cover.LAYOUT``).

The builds share the cover programme's table, whose cache of answers makes a hand ranked again
cheaper than the first time: with repeats, both mostly meet warm answers. ``--first`` instead empties
the table before each ranking and asks the hand's plain ranking again (untimed), as building the
corpus did, so that each is the hand's first chance ranking, as in ``bench_chance``.

Timings taken minutes apart on this machine differ by tens of percent (other work on the host);
taken in turn they share its slow and fast spells. Printed: the medians of both, and the summed
times of the other build over this one's. Two loads of the same build differ by up to 3 % in that
ratio here, so a difference smaller than that is not shown by one run.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import statistics
import time
from pathlib import Path
from types import ModuleType

from benchmarks.bench_chance import DRAWS, asked, hands_by_distance
from okeytool.solver.classic import chance
from okeytool.solver.classic.analysis import meld_cover, rank_discards

#: The attribute of :mod:`okeytool.solver.classic.chance` that holds the kernel class the rankings
#: make their kernels from, swapped build by build.
KERNEL = "_Kernel"


def load_other(root: Path) -> ModuleType:
    """The ``_chance`` module built in checkout ``root``, under a name of its own."""
    found = sorted((root / "okeytool" / "solver" / "classic").glob("_chance*.so"))
    if not found:
        raise SystemExit(f"no built _chance module under {root} (build it there in place first)")
    loader = importlib.machinery.ExtensionFileLoader("other_build._chance", str(found[0]))
    spec = importlib.util.spec_from_file_location("other_build._chance", found[0], loader=loader)
    if spec is None:
        raise SystemExit(f"cannot load {found[0]}")
    try:  # an extension module is made and checked here (its layout against this _cover's)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except ImportError as error:
        raise SystemExit(f"{found[0]}: {error}") from None
    return module


def compare(
    other: ModuleType, distance: int, repeats: int, draws: int, first: bool = False
) -> tuple[list[float], list[float]]:
    """The fastest time of each hand (seconds) with this build's kernel and with the other's
    (``first``: each ranking on an emptied table, the hand's plain ranking asked again first)."""
    if getattr(chance, KERNEL) is None:
        raise SystemExit("this checkout's compiled recursion is not in use (not built, or OKEYTOOL_PURE_PYTHON)")
    kernels = (getattr(chance, KERNEL), other.Kernel)
    fastest: tuple[list[float], list[float]] = ([], [])
    try:
        for case in hands_by_distance(20)[distance]:
            best = [float("inf"), float("inf")]
            for r in range(repeats):
                for which in (0, 1) if r % 2 == 0 else (1, 0):
                    setattr(chance, KERNEL, kernels[which])
                    if first:
                        table = meld_cover(case.deal.rules.wrap).table
                        assert table is not None  # the compiled recursion is in use
                        table.clear()
                        rank_discards(case.deal, case.tiles)
                    start = time.perf_counter()
                    asked(case, draws)
                    best[which] = min(best[which], time.perf_counter() - start)
            fastest[0].append(best[0])
            fastest[1].append(best[1])
    finally:
        setattr(chance, KERNEL, kernels[0])
    return fastest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="a checkout with its extensions built in place")
    parser.add_argument("--distance", type=int, choices=(1, 2, 3), default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--draws", type=int, default=DRAWS)
    parser.add_argument("--first", action="store_true", help="each ranking the hand's first, on an emptied table")
    args = parser.parse_args()
    if args.repeats < 2:
        # the build that ranks a hand second finds what the first left: the table's answers, and the
        # deal's facts that Python keeps (with --first too); each must go second at least once
        parser.error("--repeats must be 2 or more (each build must rank each hand second at least once)")
    this, other = compare(load_other(args.other), args.distance, args.repeats, args.draws, args.first)
    print(
        f"distance {args.distance}, {args.draws} draws, {len(this)} hands: median"
        f" {1e3 * statistics.median(this):.3f} ms (this build), {1e3 * statistics.median(other):.3f} ms (other);"
        f" other / this, summed: {sum(other) / sum(this):.4f}"
    )


if __name__ == "__main__":
    main()
