"""Stress of the Okey 101 arena: many rounds played and each replayed by the independent checker.

Deal *k* of the seed is played four times (duplicate, one against three) by the *k*-th of the six
ordered pairs of the built-in 101 policies (random, greedy, acceptance), and its record goes
through ``tests/arena_replay_101.py`` (written from rules.md, independent of the engine). The run
stops at ``--rounds`` rounds or after ``--minutes`` minutes, whichever comes first, and prints the
rounds played, the time, the rate, every problem the checker found (none expected), the forfeits of
the built-in policies (none expected) and the finishes; the exit code is 1 when anything was found.

``python -m benchmarks.arena_101_stress [--rounds 100000] [--jobs 2] [--minutes 40] [--seed 101]``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, deque
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arena_replay_101 import check_record  # noqa: E402

from okeytool.arena.run import GAMES_PER_DEAL, ArenaRun, play_deal  # noqa: E402

PAIRS = tuple(permutations(("random", "greedy", "acceptance"), 2))
#: Seconds between progress lines.
PROGRESS_EVERY = 60.0


def checked_deal(seed: int, deal: int) -> tuple[int, list[str], Counter[str]]:
    """Deal ``deal`` played by its pair of policies and replayed by the checker: the deal, the
    checker's problems and the finishes of its four rounds."""
    challenger, champion = PAIRS[deal % len(PAIRS)]
    try:
        games = play_deal(ArenaRun("101", challenger, champion, deals=deal + 1, seed=seed), deal)
    except Exception as err:  # a fault of the table or a policy: reported with the deal, the run goes on
        return deal, [f"deal {deal} ({challenger} vs {champion}) raised {type(err).__name__}: {err}"], Counter()
    events = [event for game in games for event in game.played.events]
    return deal, check_record(events), Counter(str(game.played.finish) for game in games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args(argv)
    deals = -(-args.rounds // GAMES_PER_DEAL)
    started = time.perf_counter()
    deadline = started + 60 * args.minutes
    problems: list[str] = []
    finishes: Counter[str] = Counter()
    rounds = 0
    last_report = started
    print(f"101 arena stress: up to {deals * GAMES_PER_DEAL:,} rounds ({deals:,} deals of seed {args.seed}), "
          f"{args.jobs} processes, at most {args.minutes:g} minutes", flush=True)  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pending: deque[Future[tuple[int, list[str], Counter[str]]]] = deque()
        nxt = 0
        while nxt < deals and len(pending) < 4 * args.jobs:
            pending.append(pool.submit(checked_deal, args.seed, nxt))
            nxt += 1
        while pending:
            _, found, counted = pending.popleft().result()
            problems += found
            finishes += counted
            rounds += GAMES_PER_DEAL
            now = time.perf_counter()
            if nxt < deals and now < deadline:
                pending.append(pool.submit(checked_deal, args.seed, nxt))
                nxt += 1
            if now - last_report >= PROGRESS_EVERY:
                last_report = now
                print(f"  {rounds:,} rounds, {now - started:.0f} s, {rounds / (now - started):.1f} rounds/s, "
                      f"{len(problems)} problems, {finishes['forfeit']} forfeits", flush=True)  # fmt: skip
    seconds = time.perf_counter() - started
    rate = rounds / seconds if seconds else 0.0
    print(f"rounds: {rounds:,} in {seconds:.1f} s ({rate:.1f} rounds/s on {args.jobs} processes)")
    if rounds < args.rounds and rate:
        print(f"stopped by the time bound; {args.rounds:,} rounds would take {args.rounds / rate / 60:.0f} minutes")
    print(f"checker problems: {len(problems)}; forfeits: {finishes['forfeit']}")
    print("finishes: " + ", ".join(f"{kind} {n:,}" for kind, n in sorted(finishes.items())))
    for problem in problems[:20]:
        print("  " + problem)
    return 1 if problems or finishes["forfeit"] else 0


if __name__ == "__main__":
    sys.exit(main())
