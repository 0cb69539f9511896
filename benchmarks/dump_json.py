"""Dump the ``--json`` output of the fixed corpora into a folder, one file per corpus.

``python -m benchmarks.dump_json DIR`` runs, in one process through the real entry point:

* every command of ``examples/*.md`` with ``--json``, and ``okeytool batch`` on every
  ``examples/*.jsonl``;
* ``okeytool score --round FILE --json`` on every ``examples/rounds/*.json``;
* batch files built from the seeded corpus of ``benchmarks/corpus.py``: ``check`` (random and built
  hands), ``waits``, ``discard`` (plain, ``--deep`` and ``--chance``), 101 ``open`` and ``discard``;
* followed rounds (``round start``, ``draw``, ``show``, ``throw``, ``review``, each ``--json``) of
  corpus hands in classic and 101, in a ledger under a temporary folder.

Each record is the command, its exit code, standard output and standard error, so two dumps (before
and after a change) can be compared byte for byte with ``diff -r``.
"""

from __future__ import annotations

import io
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path

from benchmarks.corpus import Case, opening_hands, random_hands, winning_hands
from okeytool.tiles import ALL_FACES

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"


def run(*args: str, env: dict[str, str] | None = None) -> str:
    """``okeytool ARGS`` in this process: a record of the command, exit code and both streams."""
    from okeytool.cli import main

    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", write_through=True),
    )
    saved = (sys.stdin, sys.stdout, sys.stderr), sys.argv, dict(os.environ)
    try:
        os.environ.update(env or {})
        os.environ["COLUMNS"] = "80"
        os.environ["NO_COLOR"] = "1"
        sys.argv = ["okeytool", *args]
        sys.stdin, sys.stdout, sys.stderr = streams
        try:
            main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        for stream in streams[1:]:
            stream.flush()
    finally:
        (sys.stdin, sys.stdout, sys.stderr), sys.argv = saved[0], saved[1]
        os.environ.clear()
        os.environ.update(saved[2])
    command = shlex.join(args)
    record = f"$ okeytool {command}\nexit {code}\n{out.getvalue().decode()}--- stderr\n{err.getvalue().decode()}"
    return record.replace(str(ROOT), "ROOT")  # the same record wherever the checkout is


def _question(command: str, case: Case, qid: str, **extra: object) -> str:
    line: dict[str, object] = {"id": qid, "command": command, "rules": case.deal.rules.name}
    line["indicator"] = str(case.deal.indicator)
    line["tiles"] = " ".join(str(t) for t in case.tiles)
    line.update(extra)
    return json.dumps(line)


def corpus_questions() -> dict[str, list[str]]:
    """Batch files (name -> lines) built from the seeded corpus."""
    files: dict[str, list[str]] = {}
    files["check"] = [_question("check", c, f"r{k}") for k, c in enumerate(random_hands(60, 15))]
    files["check"] += [_question("check", c, f"w{k}") for k, c in enumerate(winning_hands(60))]
    files["waits"] = [_question("waits", c, f"{k}") for k, c in enumerate(random_hands(40, 14, seed=5))]
    discard = random_hands(40, 15, seed=6)
    files["discard"] = [_question("discard", c, f"{k}") for k, c in enumerate(discard)]
    files["discard_deep"] = [_question("discard", c, f"{k}", deep=True) for k, c in enumerate(discard[:15])]
    near = [c for c in winning_hands(40, seed=91)]
    files["discard_chance"] = [_question("discard", c, f"{k}", chance=True) for k, c in enumerate(near[:12])]
    files["open"] = [_question("open", c, f"{k}") for k, c in enumerate(opening_hands(60))]
    files["discard_101"] = [
        _question("discard", c, f"{k}") for k, c in enumerate(random_hands(20, 22, rules="101", seed=93))
    ]
    return files


def _draw(case: Case) -> str:
    held = list(case.tiles)
    return str(next(t for t in ALL_FACES if held.count(t) < 2 and t != case.deal.indicator))


def rounds(folder: Path) -> list[str]:
    """Followed rounds of corpus hands, every event with ``--json``."""
    records = []
    cases = [Case(c.deal, c.tiles[1:]) for c in winning_hands(6, seed=91)]
    cases += [Case(c.deal, c.tiles[:14]) for c in random_hands(4, 14, seed=92)]
    cases += random_hands(4, 21, rules="101", seed=93)
    for k, case in enumerate(cases):
        env = {"OKEYTOOL_DB": str(folder / f"round-{k}.sqlite3")}
        tiles = " ".join(str(t) for t in case.tiles)
        rules, indicator = case.deal.rules.name, str(case.deal.indicator)
        records.append(run("round", "start", "-r", rules, "-i", indicator, tiles, "--json", env=env))
        records.append(run("round", "show", "--json", env=env))
        records.append(run("round", "draw", _draw(case), "--json", env=env))
        thrown = str(case.tiles[0])
        records.append(run("round", "throw", thrown, "--json", env=env))
        records.append(run("round", "show", "--json", env=env))
        records.append(run("round", "review", "--json", env=env))
    env = {"OKEYTOOL_DB": str(folder / "round-rummikub.sqlite3")}
    rack = "R4 R5 R6 K9 K10 J Y3 B13 B12 B11 R1 R2 K1 Y7"
    records.append(run("round", "start", "-r", "rummikub", rack, "--json", env=env))
    for event in (("show",), ("draw", "K11"), ("lay", "B11 B12 B13"), ("table", "B11 B12 B13"), ("draw", "R3")):
        records.append(run("round", *event, "--json", env=env))
    records.append(run("round", "review", "--json", env=env))
    return records


def main() -> None:
    """Write the dump into the folder named on the command line."""
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(EXAMPLES.glob("*.md")):
        records = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("$ okeytool "):
                records.append(run(*shlex.split(line[len("$ okeytool ") :]), "--json"))
        (out / f"examples-{path.stem}.txt").write_text("".join(records), encoding="utf-8")
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        (out / f"batch-{path.stem}.txt").write_text(run("batch", str(path)), encoding="utf-8")
    records = [run("score", "--round", str(p), "--json") for p in sorted((EXAMPLES / "rounds").glob("*.json"))]
    (out / "score-rounds.txt").write_text("".join(records), encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        for name, lines in corpus_questions().items():
            questions = Path(tmp) / f"{name}.jsonl"
            questions.write_text("\n".join(lines) + "\n", encoding="utf-8")
            record = run("batch", str(questions)).replace(tmp, "TMP")
            (out / f"corpus-{name}.txt").write_text(record, encoding="utf-8")
        record = "".join(rounds(Path(tmp))).replace(tmp, "TMP")
        (out / "rounds.txt").write_text(record, encoding="utf-8")


if __name__ == "__main__":
    main()
