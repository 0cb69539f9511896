"""okeytool beside other engines, side by side in one run on this machine, on the same seeded corpora.

    python -m benchmarks.peers            # print the table
    python -m benchmarks.peers --write    # also write the "Beside other engines" section of RESULTS.md

The peers come from the package index but never become dependencies of okeytool: the first run
creates a virtual environment of their own, ``.peers-venv`` (git-ignored), with the pinned
versions below, and later runs reuse it. okeytool's operations are timed here, in this process; the
peers' in :mod:`benchmarks.peer_worker`, run by the peers' interpreter on the corpora written as JSON.
Both sides use the same method (:mod:`benchmarks.peer_timing`). Not part of the test suite.

The pairs compared (the notes printed under the table say where the questions differ):

* ``check`` of a 15-tile okey hand (random, and built around winning hands) against okey-solver-py's
  evaluation of the same 15 tiles (``SolverEngine.find_best_arrangement`` and ``find_best_pairs``);
* the classic ``discard`` ranking of a random 15-tile hand against a pure-Python best-discard pass of
  a random 14-tile riichi mahjong hand with the ``mahjong`` package (per kind held: shanten of the
  other 13 and their ukeire over the 34 kinds);
* Rummikub ``play`` against rummikub-solver's ``RuleSet.solve`` on the same rack and table;
* the whole ``open`` answer against emi-ran's 101 engine, which is not on the package index: its
  figures are the ones it reports for random 22-tile hands on this machine (no run here).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import venv
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks import bench_open, bench_play
from benchmarks.corpus import Case, random_hands, winning_hands
from benchmarks.peer_timing import Summary, time_calls
from okeytool.deal import Deal
from okeytool.tiles import Tile

PEERS = ("okey-solver-py==0.6.0", "mahjong==2.1.0", "rummikub-solver==1.0.0")
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".peers-venv"
RESULTS = Path(__file__).with_name("RESULTS.md")
SECTION = "## Beside other engines"

CHECK_CASES = 300  # as bench_check
DISCARD_CASES = 200  # as bench_analysis
MAHJONG_SEED = 34
OPEN_HANDS = 200
ROUNDS = 3  # each side's best of this many rounds, taken in turn

#: emi-ran's 101 engine (not on the package index): enumerating every legal opening of random 22-tile
#: hands on this machine, as reported: about 2.7 ms a hand on average, 0.28 ms median, 20.7 ms p95.
EMI_RAN_MEAN_MS = 2.7
EMI_RAN_MEDIAN_MS = 0.28
EMI_RAN_P95_MS = 20.7
EMI_RAN_MAX_MS = 200.0

NOTES = {
    "check": (
        "okey-solver-py has no win check: its evaluation is the best-scoring meld arrangement of all 15 "
        "tiles (most points laid, a 101-style objective) plus a greedy pair count; okeytool's `check` "
        "decides which discards leave a complete 14 (melds or seven pairs) and scores each. "
        "okey-solver-py also treats a false joker as a second wild (okeytool: it plays as the okey's face)."
    ),
    "discard": (
        "Different games on comparable hands: okeytool ranks the distinct tiles of a random 15-tile okey "
        "hand (deficiency, winning discards, acceptance over the 52 faces with the supply); the mahjong "
        "pass ranks the distinct kinds of a random 14-tile riichi hand (shanten with seven pairs and "
        "kokushi, ukeire over the 34 kinds), in pure Python as okeytool runs without its C extension. "
        "The row 'each of 14 tiles' is the naive pass that tries every tile, copies again."
    ),
    "play": (
        "Same positions (rack and table); rummikub-solver is a MILP (cvxpy with HiGHS), okeytool CP-SAT. "
        "rummikub-solver forms runs of at most 5 tiles (longer ones as several), does not prefer keeping "
        "table melds, and after an initial meld on a table with tiles goes on to rebuild the table in "
        "the same turn (okeytool: an initial meld lays new melds only). It also moves a joker on the table "
        "to any place, where okeytool frees a joker only for the tile it stands for (rules.md section 6); "
        "after the initial meld, every position where the two lay different numbers of tiles holds a joker "
        "(the cross-check below)."
    ),
    "open": (
        "emi-ran's engine enumerates the legal openings; okeytool's whole `open` answer also finds the "
        "alternatives, the pairs, elden and the tiles that reach 101. Its figures are its own report "
        "(mean 2.7 ms, median 0.28 ms, p95 20.7 ms, worst 200 ms), not measured in this run."
    ),
}


@dataclass(frozen=True)
class Row:
    """One line of the table: an okeytool operation beside its peer's."""

    operation: str
    cases: int
    ours: Summary
    peer: str
    theirs: Summary
    note: str

    def cells(self) -> str:
        """The Markdown row."""
        return (
            f"| {self.operation} | {self.cases} | {self.ours.median_ms:.3f} / {self.ours.p99_ms:.3f} "
            f"| {self.ours.mean_ms:.3f} | {self.peer} | {_peer_cell(self.theirs)} | {self.theirs.mean_ms:.3f} "
            f"| {_ratio(self.ours.median_ms, self.theirs.median_ms)} "
            f"| {_ratio(self.ours.mean_ms, self.theirs.mean_ms)} "
            f"| {self.note} |"
        )


HEADER = (
    "| operation | cases | okeytool median / p99 ms | okeytool mean ms | peer | peer median / p99 ms "
    "| peer mean ms | ratio of medians | ratio of means | notes |\n|---|---|---|---|---|---|---|---|---|---|"
)


def _peer_cell(summary: Summary) -> str:
    if summary.count == 0:  # a figure as reported (emi-ran): p95 in place of p99
        return f"{summary.median_ms:.3f} / (p95 {summary.p99_ms:.1f})"
    return f"{summary.median_ms:.3f} / {summary.p99_ms:.3f}"


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}" if theirs > 0 else "-"


# --- the peers' environment -----------------------------------------------------------------------


def peers_python() -> Path:
    """The peers' interpreter; creates their virtual environment with the pinned versions if needed.

    Raises ``subprocess.CalledProcessError`` when pip cannot install them.
    """
    python = VENV / "bin" / "python"
    stamp = VENV / "pins.txt"
    wanted = "\n".join(PEERS) + "\n"
    if python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
        return python
    print(f"creating {VENV.relative_to(ROOT)} with {', '.join(PEERS)} ...", file=sys.stderr, flush=True)
    venv.create(VENV, with_pip=True, clear=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PEERS], check=True)
    stamp.write_text(wanted, encoding="utf-8")
    return python


# --- the corpora ----------------------------------------------------------------------------------


def _tile_json(tile: Tile) -> Any:
    if tile.is_false_joker:
        return "F"
    if tile.is_joker:
        return "J"
    return [int(tile.colour), tile.number]


def _okey_json(case: Case) -> dict[str, Any]:
    okey = case.deal.okey
    assert okey is not None
    return {"okey": _tile_json(okey), "tiles": [_tile_json(t) for t in case.tiles]}


def mahjong_hands(count: int, seed: int = MAHJONG_SEED) -> list[list[int]]:
    """``count`` random 14-tile riichi hands (34 kinds, 4 copies each), as sorted kind indices."""
    import random

    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    return [sorted(rng.sample(wall, 14)) for _ in range(count)]


@dataclass(frozen=True)
class Corpora:
    """The seeded corpora both sides are timed on."""

    check: dict[str, list[Case]]
    discard: list[Case]
    mahjong: list[list[int]]
    play: tuple[bench_play.Position, ...]
    open: list[tuple[Deal, tuple[Tile, ...]]]

    @classmethod
    def build(cls) -> Corpora:
        """The corpora of bench_check, bench_analysis, bench_play and bench_open, and the mahjong hands."""
        return cls(
            check={"check 15 random": random_hands(CHECK_CASES, 15), "check 15 built": winning_hands(CHECK_CASES)},
            discard=random_hands(DISCARD_CASES, 15, seed=6),
            mahjong=mahjong_hands(DISCARD_CASES),
            play=bench_play.corpus(),
            open=bench_open.corpus()[:OPEN_HANDS],
        )

    def to_json(self) -> dict[str, Any]:
        """What the peer worker reads."""
        return {
            "okey": {name: [_okey_json(c) for c in cases] for name, cases in self.check.items()},
            "mahjong": self.mahjong,
            "rummikub": [
                {"rack": [_tile_json(t) for t in rack], "table": [[_tile_json(t) for t in meld] for meld in table]}
                for rack, table in self.play
            ],
        }


# --- okeytool's side ------------------------------------------------------------------------------


def okeytool_operations(corpora: Corpora) -> dict[str, list[Callable[[], object]]]:
    """okeytool's operation name → one call per corpus case."""
    from okeytool.solver.classic.analysis import rank_discards
    from okeytool.solver.classic.check import check_hand
    from okeytool.solver.okey101.opening import analyse_opening
    from okeytool.solver.rummikub.play import best_play

    ops: dict[str, list[Callable[[], object]]] = {}
    for name, cases in corpora.check.items():
        ops[name] = [partial(check_hand, c.deal, c.tiles) for c in cases]
    ops["discard 15 random"] = [partial(rank_discards, c.deal, c.tiles) for c in corpora.discard]
    deal = bench_play.DEAL
    for name, opened, goal in (
        ("play --opened (tiles)", True, "tiles"),
        ("play --opened --goal value", True, "value"),
        ("play, initial meld (tiles)", False, "tiles"),
    ):
        ops[name] = [partial(best_play, deal, r, t, opened=opened, goal=goal) for r, t in corpora.play]
    ops["open, whole answer"] = [partial(analyse_opening, d, t) for d, t in corpora.open]
    return ops


def placed_counts(corpora: Corpora, opened: bool) -> list[int]:
    """Rack tiles okeytool's ``play`` lays (goal tiles), per position: to cross-check the tile mapping."""
    from okeytool.solver.rummikub.play import best_play

    return [len(best_play(bench_play.DEAL, r, t, opened=opened, goal="tiles").placed) for r, t in corpora.play]


# --- the run --------------------------------------------------------------------------------------


PAIRS = (
    ("check 15 random", "check 15 random", "okey-solver-py", "check"),
    ("check 15 built", "check 15 built", "okey-solver-py", "check"),
    ("discard 15 random (pure Python cover)", "mahjong best discard", "mahjong (pure Python)", "discard"),
    ("discard 15 random", "mahjong best discard", "mahjong (pure Python)", "discard"),
    ("discard 15 random", "mahjong discard, each of 14 tiles", "mahjong, each of 14 tiles", "discard"),
    ("play --opened (tiles)", "rummikub tiles", "rummikub-solver", "play"),
    ("play --opened --goal value", "rummikub value", "rummikub-solver", "play"),
    ("play, initial meld (tiles)", "rummikub initial", "rummikub-solver", "play"),
)


def run_peers(python: Path, source: Path, names: Sequence[str]) -> dict[str, Any]:
    """Run the peer worker in the peers' environment on the corpora at ``source``, timing ``names``."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder, "result.json")
        command = [str(python), "-m", "benchmarks.peer_worker", str(source), str(target), *names]
        subprocess.run(command, check=True, cwd=ROOT)
        result: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    return result


def pure_python_discard() -> Summary:
    """``discard 15 random`` without the compiled cover programme, in a fresh process."""
    env = {**os.environ, "OKEYTOOL_PURE_PYTHON": "1"}
    code = (
        "import json; from benchmarks import peers; c = peers.Corpora.build();"
        "print(json.dumps(peers.time_calls(peers.okeytool_operations(c)['discard 15 random']).to_json()))"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env, cwd=ROOT)
    return Summary.from_json(json.loads(done.stdout.strip().splitlines()[-1]))


def _best(old: Summary | None, new: Summary) -> Summary:
    return new if old is None or new.median_ms < old.median_ms else old


def _calmer(old: tuple[Summary, Summary] | None, new: tuple[Summary, Summary]) -> tuple[Summary, Summary]:
    """Of two rounds of one pair, the one least disturbed: the lower product of the two medians, so
    that each side's slowdown counts by its own scale (a sum would be decided by the slower side)."""
    if old is None or new[0].median_ms * new[1].median_ms < old[0].median_ms * old[1].median_ms:
        return new
    return old


def forget_hands() -> None:
    """Empty okeytool's tables and memos of solved hands (the cover programme's, the opening
    search's), so that a timing meets every hand of a corpus as a new process would, not as one
    that answered the same hands in an earlier round."""
    from benchmarks.bench_open import clear_memos
    from okeytool.solver.classic.analysis import meld_cover

    for wrap in (False, True):
        cover = meld_cover(wrap)
        cover.memo.clear()
        if cover.table is not None:
            cover.table.clear()
    clear_memos()


def time_fresh(calls: Sequence[Callable[[], object]]) -> Summary:
    """:func:`time_calls` after :func:`forget_hands`."""
    forget_hands()
    return time_calls(calls)


def measure_all(rounds: int = ROUNDS) -> tuple[list[Row], list[str]]:
    """Time both sides, ``rounds`` times, each pair back to back (the peer's operation, then okeytool's),
    and keep per pair the round least disturbed (the machine may be shared): both figures of a row
    come from the same moment. okeytool's timings start from emptied tables (:func:`forget_hands`).
    The rows and the cross-check lines."""
    corpora = Corpora.build()
    python = peers_python()
    pairs: dict[str, tuple[Summary, Summary]] = {}
    alone: dict[str, Summary] = {}
    operations = okeytool_operations(corpora)
    keys = list(dict.fromkeys(key for _, key, _, _ in PAIRS))
    rounds = max(1, rounds)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "corpora.json")
        source.write_text(json.dumps(corpora.to_json()), encoding="utf-8")
        for round_ in range(1, rounds + 1):
            for key in keys:
                theirs = Summary.from_json(run_peers(python, source, [key])["timings"][key])
                for op, paired, _, _ in PAIRS:
                    if paired == key and op in operations:
                        pairs[f"{op}|{key}"] = _calmer(pairs.get(f"{op}|{key}"), (time_fresh(operations[op]), theirs))
            pure = "discard 15 random (pure Python cover)"
            alone[pure] = _best(alone.get(pure), pure_python_discard())
            theirs = Summary.from_json(
                run_peers(python, source, ["mahjong best discard"])["timings"]["mahjong best discard"]
            )
            pairs[f"{pure}|mahjong best discard"] = _calmer(
                pairs.get(f"{pure}|mahjong best discard"), (alone[pure], theirs)
            )
            whole = "open, whole answer"
            alone[whole] = _best(alone.get(whole), time_fresh(operations[whole]))
            print(f"round {round_} of {rounds} done", file=sys.stderr, flush=True)
        peer = run_peers(python, source, ["rummikub tiles", "rummikub initial"])
    rows = []
    for op, key, who, kind in PAIRS:
        ours, theirs = pairs[f"{op}|{key}"]
        rows.append(Row(op, ours.count, ours, who, theirs, kind))
    emi = Summary(0, EMI_RAN_MEDIAN_MS, EMI_RAN_P95_MS, EMI_RAN_MEAN_MS, EMI_RAN_MAX_MS)
    whole = alone["open, whole answer"]
    rows.append(Row("open, whole answer (22 tiles)", whole.count, whole, "emi-ran 101 (its report)", emi, "open"))
    checks = []
    for label, opened, key in (
        ("opened, goal tiles", True, "rummikub tiles"),
        ("initial meld", False, "rummikub initial"),
    ):
        mine, other = placed_counts(corpora, opened), peer["answers"][key]
        differ = [k for k, (a, b) in enumerate(zip(mine, other)) if a != b]
        plain = [k for k in differ if not _has_joker(corpora.play[k])]
        checks.append(
            f"Rummikub cross-check ({label}): both lay the same number of rack tiles in {len(mine) - len(differ)} "
            f"of {len(mine)} positions (okeytool {sum(mine)} tiles in all, rummikub-solver {sum(other)}); "
            f"of the {len(differ)} that differ, {len(plain)} hold no joker."
        )
    versions = ", ".join(f"{name} {v}" for name, v in peer["versions"].items())
    checks.append(f"Peers: {versions}, in their own virtual environment (.peers-venv).")
    return rows, checks


def _has_joker(position: bench_play.Position) -> bool:
    rack, table = position
    return any(t.is_joker for t in rack) or any(t.is_joker for meld in table for t in meld)


def table(rows: Sequence[Row], checks: Sequence[str]) -> str:
    """The section text: the table, the notes and the cross-checks."""
    notes = [f"- **{kind}**: {text}" for kind, text in NOTES.items()]
    lines = [HEADER, *(row.cells() for row in rows), "", "Notes:", "", *notes, "", *(f"- {c}" for c in checks)]
    return "\n".join(lines)


def write_section(text: str) -> None:
    """Put the section into RESULTS.md, replacing an earlier one and leaving the rest as it is."""
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    body = "\n".join(
        [
            SECTION,
            "",
            f"Measured {date.today().isoformat()} on {machine}, both sides in one run of "
            "`python -m benchmarks.peers --write`, on the same seeded corpora (`benchmarks/peers.py`),",
            "in rounds, each pair back to back, the round least disturbed (lowest product of the two medians) kept",
            "per pair; okeytool's tables and memos of solved hands are emptied before each of its timings, so no",
            "round profits from the hands an earlier one answered.",
            "Milliseconds per call, in-process on each side. Ratio: okeytool ÷ peer (below 1: okeytool is faster).",
            "",
            text,
            "",
        ]
    )
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    start = old.find(SECTION)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + body
    else:
        end = old.find("\n## ", start + len(SECTION))
        new = old[:start] + body + (old[end + 1 :] if end >= 0 else "")
    RESULTS.write_text(new, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help='write the "Beside other engines" section of RESULTS.md')
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds in turn; each side's best is kept")
    args = parser.parse_args()
    before = os.getloadavg()
    rows, checks = measure_all(args.rounds)
    load = f"{before[0]:.2f} before, {os.getloadavg()[0]:.2f} after (1-minute load average, {os.cpu_count()} cores)"
    checks = [*checks, f"Least disturbed of {args.rounds} rounds per pair; machine load {load}."]
    text = table(rows, checks)
    print(text)
    if args.write:
        write_section(text)


if __name__ == "__main__":
    main()
