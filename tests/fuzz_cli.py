"""Fuzzing of the whole command line in this process: seeded argument lists over every command.

    python tests/fuzz_cli.py --count 20000 --seed 1    # the full run (benchmarks/RESULTS.md, "CLI fuzzing")
    python tests/fuzz_cli.py --count 300 --seed 7 -v   # every argument list as it runs

The commands, their options and the options' types are read from the application (the typer command
tree), so a new command or option is fuzzed with no change here. An argument list mixes well-formed
values (tiles such as ``R5 K1-4 F J``, rule options, players, ledgers with a game and a round in them)
with ill-formed ones (unknown tokens, odd and huge numbers, empty strings, control characters, a
directory, a FIFO, a missing or damaged file) and runs through :func:`okeytool.cli.main` as ``okeytool``
would run it: standard input empty (now and then closed), home, data directory, ledger and working
directory in a temporary folder, a short ``--time-limit`` where a command has one.

A run fails when it ends in a traceback (raised out of ``main`` or printed on stderr), with an exit
code other than 0, 2 (bad input) or 3 (time limit), or takes longer than ``--run-timeout`` seconds.
Failures are grouped by where they happen; the first argument list of each group is shown.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import sqlite3
import sys
import tempfile
import threading
import time
import traceback
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: Exit codes a run may end with: success, bad input, time limit.
ALLOWED_CODES = frozenset({0, 2, 3})
#: Seconds a run may take before it counts as hung (every question gets a far shorter --time-limit).
RUN_TIMEOUT = 60.0
#: The share of runs started with standard input closed (as ``okeytool ... <&-``); the others read an empty one.
CLOSED_STDIN = 0.1

# -- values ------------------------------------------------------------------------------------------

COLOURS = "RBKY"
COLOUR_WORDS = ("red", "rot", "kırmızı", "KIRMIZI", "blau", "mavi", "MAVİ", "schwarz", "siyah", "SİYAH",
                "gelb", "sarı", "SARI", "green", "orange")  # fmt: skip
#: Tokens that are not tiles, or not quite: each is refused with a message naming it.
BAD_TOKENS = ("X3", "R0", "R14", "R", "5", "R5-", "-R5", "R-5", "RR5", "R5-R", "R13-1", "R5-3", "RBKYR7", "R1-13",
              "R٥", "Ｒ５", "R05", "R+5", "R5.0", "R1e1", "R" + "9" * 30, "sahte sahte", "okey okey", "J5", "F5",
              ",", ";", "|", "=", "R5;K5", "R5,,K5", "\x1b[2J", "R5\x1b[31m", "\u202eR5", "R\u200b5", "\udcff",
              "r5\t", "K12-2", "RBK", "RBK7-9", "R3-6-9", "0x5", "𝟓", "ı5", "İ5")  # fmt: skip
ODD_TEXT = ("", " ", "-", "--", "\t", "\n", "\r\n", "\x1b[31mred\x1b[0m", "[bold]x[/bold]", "[/]", "=1+1",
            "=HYPERLINK(\"x\")", "@SUM(1)", "+1", "\u202ename", "\x7f", "\x07", "\udcff\udcfe", "ç" * 3,
            "a" * 300, "x" * 5000, "\u0301", "😀", "NaN", "null", "None", "true", "{}", "[]", "%s", "{0}",
            "$(id)", "'", '"', "\\")  # fmt: skip
INTS = ("0", "1", "2", "3", "4", "5", "8", "-1", "-2", "100", str(2**31), str(2**63), str(2**63 - 1), str(-(2**63)),
        "1" + "0" * 100, "1e3", "0x10", "", " 3", "٣", "3.0", "1_000", "+2", "two")  # fmt: skip
FLOATS = ("0.2", "0.5", "1", "0", "-0.5", "-1", "nan", "inf", "-inf", "1e309", "1e-300", "0x1p-2", "", "1,5",
          "٠.٥", "3601", "abc", "1e", " 0.3")  # fmt: skip
NAMES = ("P1", "P2", "P3", "P4", "Ali", "Bora", "Cem", "Deniz", "Ayşe", "ALİ")
RULE_VALUES = ("true", "false", "yes", "0", "1", "2", "7", "31", "101", "1000", "10001", "-1", "", "ordinary",
               "match-win", "elimination", "two_lowest", "pagat", "penalty", "okeygg", "rummikub", "maybe")  # fmt: skip
SCHEDULERS = ("tcp://127.0.0.1:9", "tcp://127.0.0.1:1", "tcp://[::1]:9", "", "nonsense", "tcp://", ":::", "tcp://x:y")
SHARE_FORMATS = ("text", "md", "markdown", "csv", "TEXT", "")
TEAMS = ("Ali+Bora,Cem+Deniz", "P1+P3,P2+P4", "A+B", "A+B,C+D,E+F", "A+A,B+B", "+,+", "", "Ali+Bora;Cem+Deniz")
QUESTIONS = (
    {"id": "c", "command": "check", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2", "time_limit": 1},
    {"id": "w", "command": "waits", "indicator": "R4", "tiles": "R3 R4 R6 R7 B1 B2 B3 K8 K9 K10 Y11 Y12 Y13 K5"},
    {"id": "d", "command": "discard", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 K11-13 B2 Y5 R5", "time_limit": 1},
    {"id": "o", "command": "open", "rules": "101", "indicator": "B1",
     "tiles": "R1-3 K5-7 Y9-11 B2 B2 K12 K13 R9 R9 Y4 Y5 Y6 B7 B8 B9 K1", "time_limit": 1},
    {"id": "p", "command": "play", "rules": "rummikub", "tiles": "R1-3 K5-7 Y9-11 B2", "time_limit": 1},
    {"id": "bad", "command": "check", "tiles": "X3"},
    {"id": "seen", "command": "check", "tiles": "R1", "seeen": "R2"},
)  # fmt: skip


#: The tiles of a set: two of each face, two false jokers.
SUPPLY = tuple([f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2 + ["F", "F"])
#: Hand sizes by profile, for argument lists that are meant to be well-formed.
HAND_SIZES = {"classic": (14, 15), "okeygg": (14, 15), "okey": (14, 15), "101": (21, 22), "okey101": (21, 22),
              "rummikub": (3, 6, 14), "joypip": (3, 6, 14)}  # fmt: skip


class Values:
    """Values for options and arguments, from one seeded generator.

    ``noise`` is how often a value is ill-formed: 0 for an argument list meant to be well-formed
    (tiles from the real supply, a profile's own options, the ledger with a game in it), 1 for one
    that mixes in every kind of odd input.
    """

    def __init__(self, rng: random.Random, sandbox: Sandbox) -> None:
        self.rng = rng
        self.sandbox = sandbox
        self.noise = 1.0
        self.profile = "classic"
        self.deal: list[str] = []  # tiles from the supply for this list: the hand, then indicator and seen

    def new_list(self, noise: float, profile: str) -> None:
        self.noise, self.profile = noise, profile
        self.deal = list(self.rng.sample(SUPPLY, 40))

    def odd(self) -> bool:
        """Whether this value is to be an ill-formed one."""
        return self.rng.random() < 0.08 * self.noise

    def tile(self) -> str:
        """One token of the notation: a tile, a range, a set, a joker; now and then an ill-formed one."""
        rng = self.rng
        if self.odd():
            return rng.choice(BAD_TOKENS + ODD_TEXT[:8])
        if self.noise == 0:
            return self.deal.pop()
        number, colour, kind = rng.randint(1, 13), rng.choice(COLOURS), rng.random()
        if kind < 0.7:
            return f"{colour}{number}" if rng.random() < 0.9 else f"{colour.lower()}{number}"
        if kind < 0.78:
            return rng.choice(("F", "J", "okey", "sahte", "sahte okey", "false"))
        if kind < 0.86:
            end = min(13, number + rng.randint(2, 4))
            return rng.choice((f"{colour}{number}-{end}", f"{colour}{number}-{colour}{end}", f"{colour}12-1"))
        if kind < 0.93:
            return "".join(rng.sample(COLOURS, rng.randint(2, 4))) + str(number)
        return f"{rng.choice(COLOUR_WORDS)}{number}"

    def hand(self, size: int | None = None) -> str:
        """Tiles as one argument: ``size`` tokens (a hand size of the profile when not given)."""
        rng = self.rng
        if size is None:
            sizes = HAND_SIZES.get(self.profile, (14, 15))
            if self.noise:
                sizes += (0, 1, 13, 23, 40, 200)
            size = rng.choice(sizes)
        if self.noise == 0:
            return self.joined([self.deal.pop() for _ in range(min(size, len(self.deal) - 10))])
        return self.joined([self.tile() for _ in range(size)])

    def joined(self, tokens: Sequence[str]) -> str:
        return self.rng.choice((" ", " ", ",", ", ", "  ")).join(tokens)

    def melds(self) -> str:
        """Melds on a table: ``R1-3; K5-7 ...``."""
        rng = self.rng
        melds = []
        for _ in range(rng.choice((0, 1, 2, 3, 8) if self.noise else (1, 2))):
            number, colour = rng.randint(1, 11), rng.choice(COLOURS)
            shapes = [f"{colour}{number}-{number + 2}", f"RBK{number}", f"{colour}{number} J {colour}{number + 2}"]
            melds.append(rng.choice(shapes) if not self.odd() else self.hand(rng.randint(1, 4)))
        return rng.choice(("; ", ";", " ; ", "|", ",") if self.noise else ("; ",)).join(melds)

    def text(self) -> str:
        return self.rng.choice(ODD_TEXT)

    def name(self) -> str:
        return self.rng.choice(NAMES) if not self.odd() else self.text()

    def players(self) -> str:
        if self.noise == 0:
            return ",".join(NAMES[:4] if self.rng.random() < 0.5 else NAMES[4:8])
        count = self.rng.choice((4, 4, 4, 2, 3, 1, 5, 0))
        return self.rng.choice((",", ", ", " ")).join(self.name() for _ in range(count))

    def integer(self, low: int = 0, high: int = 5) -> str:
        return str(self.rng.randint(low, high)) if not self.odd() else self.rng.choice(INTS)

    def decimal(self) -> str:
        return f"{self.rng.uniform(0.1, 2):.2f}" if not self.odd() else self.rng.choice(FLOATS)

    def rule_option(self) -> str:
        """``KEY=VALUE``: an option of the profile with a value it takes, or (noisy) anything."""
        from okeytool.rules import OPTIONS

        rng = self.rng
        profile = {"okey": "classic", "okey101": "101", "joypip": "rummikub"}.get(self.profile, self.profile)
        own = [key for key, option in OPTIONS.items() if profile in option.profiles]
        if not self.odd() and own:
            key = rng.choice(own)
            option = OPTIONS[key]
            choices = option.choices_in(profile) or [str(rng.randint(option.low or 0, option.high or 10))]
            return f"{key}={rng.choice(choices)}"
        key = rng.choice([*OPTIONS, "wrapp", "", "Wrap", "seven-pairs"])
        value = rng.choice(RULE_VALUES) if rng.random() < 0.9 else self.text()
        forms = (f"{key}={value}", key, f"{key}=", f"={value}", f"{key} = {value}", f"{key}={value}={value}")
        return rng.choice(forms)

    def player_pair(self, kind: str) -> str:
        """``NAME=VALUE`` of ``--hand``, ``--opened`` or ``--penalty``."""
        rng = self.rng
        if kind == "hand":
            value = self.hand(rng.randint(0, 8)) if rng.random() < 0.7 else self.integer(0, 300)
        elif kind == "opened":
            value = rng.choice(("melds", "pairs")) if not self.odd() else rng.choice(("", "none", "MELDS"))
        else:
            value = self.integer(0, 4)
        return self.name() if kind == "penalty" and rng.random() < 0.4 else f"{self.name()}={value}"

    def path(self, pool: Sequence[str], clean: Sequence[str]) -> str:
        return self.rng.choice(clean if self.noise == 0 else pool)


# -- the sandbox: every path a command is given lives in one temporary folder --------------------------------------


@dataclass
class Sandbox:
    """A temporary home, data directory, ledgers and input files, and FIFOs that are served while it lives."""

    root: Path
    ledgers: list[str] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    @property
    def in_fifo(self) -> Path:
        return self.root / "in.fifo"

    @property
    def out_fifo(self) -> Path:
        return self.root / "out.fifo"

    def env(self) -> dict[str, str]:
        """The environment of every run: nothing outside the sandbox is read or written."""
        return {
            "HOME": str(self.root / "home"),
            "XDG_DATA_HOME": str(self.root / "home" / "data"),
            "XDG_CONFIG_HOME": str(self.root / "home" / "config"),
            "XDG_CACHE_HOME": str(self.root / "home" / "cache"),
            "OKEYTOOL_DB": str(self.root / "ledgers" / "env.sqlite3"),
            "SHELL": "/bin/bash",
            "COLUMNS": "100",
            "TERM": "dumb",
        }

    def start(self, run: Callable[[Sequence[str]], object]) -> None:
        """Lay out the files (ledgers filled through the command line itself) and serve the FIFOs."""
        for folder in ("home", "ledgers", "inputs", "out", "work", "dir"):
            (self.root / folder).mkdir()
        ledgers, inputs = self.root / "ledgers", self.root / "inputs"
        game = ledgers / "game.sqlite3"
        for args in (
            ("game", "new", "-p", "Ali,Bora,Cem,Deniz", "--db", str(game)),
            ("game", "round", "-w", "Ali", "-f", "normal", "--db", str(game)),
            ("game", "new", "-r", "101", "-p", "P1,P2,P3,P4", "--db", str(game)),
            ("round", "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1", "--db", str(game)),
            ("round", "draw", "K5", "--db", str(game)),
        ):
            run(args)
        (ledgers / "broken.sqlite3").write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
        (ledgers / "empty.sqlite3").write_bytes(b"")
        other = sqlite3.connect(ledgers / "other.sqlite3")  # a database of some other program
        other.execute("create table t (x)")
        other.commit()
        other.close()
        os.mkfifo(self.in_fifo)
        os.mkfifo(self.out_fifo)
        # Each pool starts with its well-formed paths (well-formed argument lists take those).
        self.ledgers = [str(game), str(ledgers / "new.sqlite3"), str(game), str(game)] + [
            str(ledgers / n) for n in ("broken.sqlite3", "empty.sqlite3", "other.sqlite3", "no/x.db")
        ] + [str(self.root / "dir"), str(self.in_fifo), "", "~/ledger.sqlite3", "/dev/null"]  # fmt: skip
        (inputs / "questions.jsonl").write_text("\n".join(json.dumps(q) for q in QUESTIONS) + "\n", encoding="utf-8")
        many = [json.dumps(QUESTIONS[1]), "", *(json.dumps(QUESTIONS[-2]) for _ in range(300))]  # several workers
        (inputs / "many.jsonl").write_text("\n".join(many) + "\n", encoding="utf-8")
        (inputs / "garbage.bin").write_bytes(bytes(range(256)) * 4 + b"\n\xff\xfe{\n")
        (inputs / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + json.dumps(QUESTIONS[0]).encode() + b"\n")
        classic = {"rules": "classic", "scheme": "pagat", "players": list(NAMES[:4]), "winner": "P2", "finish": "okey",
                   "indicator": "K9"}  # fmt: skip
        okey101 = {"rules": "101", "players": list(NAMES[:4]), "winner": "P1", "finish": "normal", "indicator": "B1",
                   "hands": {"P3": {"opened": None, "tiles": "R7 R8"}}, "penalties": {"P2": 1}}  # fmt: skip
        (inputs / "round.json").write_text(json.dumps(classic), encoding="utf-8")
        (inputs / "round101.json").write_text(json.dumps(okey101), encoding="utf-8")
        (inputs / "events.jsonl").write_text(
            json.dumps({"event": "start", "rules": "classic", "options": {}, "indicator": "R4",
                        "tiles": "R1 R2 R3 B5 B6 B7 K1 K9 K10 K11 Y1 Y2 Y3 Y4".split()}) + "\n"
            + json.dumps({"event": "draw", "tile": "K5"}) + "\n" + json.dumps({"event": "throw", "tile": "K1"}) + "\n",
            encoding="utf-8")  # fmt: skip
        (inputs / "deep.json").write_text("[" * 100_000, encoding="utf-8")
        (inputs / "empty").write_text("", encoding="utf-8")
        self.inputs = [str(inputs / n) for n in ("questions.jsonl", "questions.jsonl", "garbage.bin", "bom.jsonl",
                       "round.json", "round101.json", "events.jsonl", "events.jsonl", "deep.json", "empty")] + [
                       str(inputs / "many.jsonl"), "-", "-", str(self.root / "dir"), str(self.in_fifo),
                       str(inputs / "missing.jsonl"), "", "/dev/null", "~"]  # fmt: skip
        self.outputs = [str(self.root / "out" / "export.csv"), str(self.root / "out" / "export.csv"), "out.json",
                        str(inputs / "empty"), str(self.root / "dir"), str(self.out_fifo), str(self.root / "no" / "x"),
                        "", "-", "/dev/null"]  # fmt: skip
        for serve in (self._feed_in_fifo, self._drain_out_fifo):
            thread = threading.Thread(target=serve, daemon=True)
            thread.start()
            self._threads.append(thread)

    def _feed_in_fifo(self) -> None:
        """Whoever opens ``in.fifo`` to read gets a short batch line and then the end of the input."""
        while not self._stop.is_set():
            try:
                fd = os.open(self.in_fifo, os.O_WRONLY)  # waits for a reader
            except OSError:
                continue
            with contextlib.suppress(OSError):
                os.write(fd, (json.dumps(QUESTIONS[1]) + "\n").encode())
            os.close(fd)
            time.sleep(0.001)  # let the reader see the end before the next writer opens

    def _drain_out_fifo(self) -> None:
        """Whatever is written to ``out.fifo`` is read and dropped."""
        while not self._stop.is_set():
            fd = os.open(self.out_fifo, os.O_RDONLY)  # waits for a writer
            while os.read(fd, 65536):
                pass
            os.close(fd)

    def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError):  # wake each server from its open()
            os.close(os.open(self.in_fifo, os.O_RDONLY | os.O_NONBLOCK))
        with contextlib.suppress(OSError):
            os.close(os.open(self.out_fifo, os.O_WRONLY | os.O_NONBLOCK))
        for thread in self._threads:
            thread.join(timeout=2)


# -- argument lists --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """One option or argument of a command, as the command tree describes it."""

    name: str
    opts: tuple[str, ...]
    secondary: tuple[str, ...]
    kind: object  # the annotation: bool, int, float, str, Path, list[str] or a Literal
    is_argument: bool
    required: bool
    flag: bool
    many: bool  # an argument taking any number of values, or a repeatable option


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    params: tuple[Param, ...]
    group: bool


def command_tree() -> list[Command]:
    """Every command and group of the application, from the root down, with its parameters."""
    import typer.main

    from okeytool.cli import app

    found: list[Command] = []

    def walk(command: typing.Any, path: tuple[str, ...]) -> None:
        params = tuple(
            Param(
                name=p.name, opts=tuple(p.opts), secondary=tuple(p.secondary_opts), kind=p.bare_type(),
                is_argument=p.param_type_name == "argument", required=bool(p.required),
                flag=bool(getattr(p, "is_flag", False)), many=p.nargs == -1 or bool(getattr(p, "multiple", False)),
            )
            for p in command.params
        )  # fmt: skip
        names = sorted(getattr(command, "commands", None) or {})
        found.append(Command(path, params, bool(names)))
        for sub_name in names:  # resolved as a command line resolves it: a command built only when used is built
            _, sub, _ = command.resolve_command(command.context_class(command, info_name=sub_name), [sub_name])
            walk(sub, (*path, sub_name))

    walk(typer.main.get_command(app), ())
    return found


class ArgumentLists:
    """Seeded argument lists: each a command of the tree, some of its options, a value for each.

    About two lists in five are meant to be well-formed (values of the command's own game, tiles
    from the supply), so that the answering code runs as well as the refusing code.
    """

    def __init__(self, seed: int, sandbox: Sandbox) -> None:
        self.rng = random.Random(seed)
        self.sandbox = sandbox
        self.values = Values(self.rng, sandbox)
        self.commands = command_tree()
        self.leaves = [c for c in self.commands if not c.group]
        self._turn: list[Command] = []  # the commands left in this round of them: each is run once a round

    def __iter__(self) -> Iterator[list[str]]:
        while True:
            yield self.one()

    def one(self) -> list[str]:
        rng = self.rng
        if rng.random() < 0.03:  # a group alone, a root option, a misspelt command
            command = rng.choice([c for c in self.commands if c.group])
            extra = ["--help", "--version", "--show-completion", "--install-completion", "chek", "", "-x", "--", "help"]
            return [*command.path, *rng.sample(extra, rng.randint(0, 2))]
        if not self._turn:
            self._turn = rng.sample(self.leaves, len(self.leaves))
        command = self._turn.pop()
        clean = rng.random() < 0.4
        profile = rng.choice(sorted(HAND_SIZES))
        self.values.new_list(0.0 if clean else 1.0, profile)
        options: list[list[str]] = []
        positional: list[str] = []
        for param in command.params:
            if param.name == "rules" and (clean or rng.random() < 0.5):
                options.append([rng.choice(param.opts), profile])
                continue
            if param.name in ("indicator", "okey") and clean:
                if profile not in ("rummikub", "joypip") and param.name == "indicator":
                    options.append([rng.choice(param.opts), self.values.tile()])
                continue
            chance = 0.9 if param.required else (0.5 if param.name == "json" else 0.3)
            if rng.random() >= chance or param.name == "time_limit" and rng.random() < 0.85:
                continue  # a short --time-limit is appended below
            values = self.param_values(param)
            if param.is_argument:
                positional.extend(values)
            elif param.flag:
                options.append([rng.choice((*param.opts, *param.secondary))])
            else:
                for value in values:
                    joined = rng.random() < 0.05  # --option=VALUE
                    options.append([f"{param.opts[0]}={value}"] if joined else [rng.choice(param.opts), value])
        rng.shuffle(options)
        args = [word for option in options for word in option]
        if rng.random() < 0.5:
            args = positional + args
        else:
            args = args + (["--"] if positional and rng.random() < 0.1 else []) + positional
        if not clean and rng.random() < 0.05:
            args.insert(rng.randint(0, len(args)), rng.choice(("--bogus", "-Z", "--help", "--json", "-", "--jsn")))
        names = {p.name for p in command.params}
        if "time_limit" in names:
            args += ["--time-limit", f"{rng.choice((0.05, 0.2, 0.5, 1.0)):g}"]
        if "connect_timeout" in names and "--scheduler" in args:
            args += ["--connect-timeout", "0.2"]
        if "deals" in names and not any(a == "--deals" or a.startswith("--deals=") for a in args):
            args += ["--deals", "1"]  # an arena of the default 100 deals runs for minutes
        return [*command.path, *args]

    def param_values(self, param: Param) -> list[str]:
        """Values for one parameter: one, or several for a list argument or a repeatable option."""
        rng = self.rng
        if param.many and param.is_argument:
            if param.name == "tiles":
                hand = self.values.hand()
                return hand.replace(",", " ").split() if rng.random() < 0.5 else [hand]
            return [self.values.melds() for _ in range(rng.choice((1, 1, 2, 3)))]
        count = rng.choice((1, 1, 1, 2, 3)) if param.many else 1
        return [self.value(param) for _ in range(count)]

    def value(self, param: Param) -> str:
        """A value for one option or argument: by its name where the name says what it holds, else by its type."""
        rng, values, box = self.rng, self.values, self.sandbox
        if values.odd() and values.rng.random() < 0.5:
            return values.text()
        kind = param.kind
        if typing.get_origin(kind) is typing.Literal:
            choice = str(rng.choice(typing.get_args(kind)))
            return choice if not values.odd() else rng.choice((choice.upper(), choice + "x", "", choice[:2]))
        by_name: dict[str, Callable[[], str]] = {
            "tile": values.tile,
            "indicator": values.tile,
            "okey": values.tile,
            "take": values.tile,
            "seen": lambda: values.hand(rng.randint(0, 6)),
            "table": values.melds,
            "winner_tiles": lambda: values.hand(rng.choice((15, 15, 14, 3))),
            "players": values.players,
            "teams": lambda: rng.choice(TEAMS if values.noise else TEAMS[:2]),
            "winner": values.name,
            "gosterme": values.name,
            "old": values.name,
            "new": values.name,
            "name": values.name,
            "note": lambda: "friday" if not values.odd() else values.text(),
            "penalty": lambda: values.player_pair("penalty"),
            "opened": lambda: values.player_pair("opened"),
            "hand": lambda: values.player_pair("hand"),
            "option": values.rule_option,
            "db": lambda: values.path(box.ledgers, box.ledgers[:2]),
            "output": lambda: values.path(box.outputs, box.outputs[:3]),
            "file": lambda: values.path(box.inputs, box.inputs[:1]),
            "source": lambda: values.path(box.inputs, box.inputs[6:8]),
            "round": lambda: values.path(box.inputs, box.inputs[4:6]),  # score --round: a round document
            "scheduler": lambda: rng.choice(SCHEDULERS),
            "format": lambda: rng.choice(SHARE_FORMATS if values.noise else SHARE_FORMATS[:2]),
            "jobs": lambda: values.integer(1, 2),
            "draws": lambda: values.integer(0, 6),
            "pile": lambda: values.integer(0, 60),
            "options": lambda: values.integer(0, 3),
        }
        if param.name in by_name and kind is not bool and not (param.name == "round" and kind is int):
            return by_name[param.name]()
        if kind is int:
            return values.integer(1, 3)
        if kind is float:
            return values.decimal()
        if kind is Path:
            return values.path(box.outputs, box.outputs[:3])
        return values.hand(rng.randint(0, 15)) if rng.random() < 0.5 else values.text()


# -- running ---------------------------------------------------------------------------------------------------------


class Overran(BaseException):
    """A run took longer than its allowed time (raised in the main thread by the watchdog)."""


@dataclass(frozen=True)
class Outcome:
    args: tuple[str, ...]
    stdin: str  # "empty" or "closed"
    code: int | None  # None: a traceback or an overrun, not an exit
    err: str
    problem: str | None  # what is wrong, or None
    where: str | None  # the signature failures are grouped by
    seconds: float


def _exit_code(done: SystemExit) -> int:
    if done.code is None:
        return 0
    return done.code if isinstance(done.code, int) else 1


def run_once(args: Sequence[str], closed_stdin: bool = False, timeout: float = RUN_TIMEOUT) -> Outcome:
    """Run ``okeytool ARGS`` through :func:`okeytool.cli.main` in this process and judge the outcome."""
    from okeytool.cli import main

    out, err = io.BytesIO(), io.BytesIO()
    stdin = None if closed_stdin else io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    # As a real process has them: stdout strict UTF-8, stderr with backslash escapes for what cannot be encoded.
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    main_thread = threading.main_thread().ident
    assert main_thread is not None
    watchdog = threading.Timer(timeout, lambda: signal.pthread_kill(main_thread, signal.SIGUSR1))
    code: int | None = None
    problem = where = None
    start = time.perf_counter()
    try:
        sys.argv = ["okeytool", *args]
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        watchdog.start()
        try:
            main()
            code = 0
        except SystemExit as done:
            code = _exit_code(done)
        except Overran:
            problem, where = f"still running after {timeout:g} s", "overran: " + " ".join(args[:2])
        except BaseException as raised:  # noqa: BLE001 - a traceback is what is being looked for
            frames = traceback.extract_tb(raised.__traceback__)
            last = frames[-1] if frames else None
            problem = "traceback:\n" + "".join(traceback.format_exception(raised))
            where = type(raised).__name__ + (f" at {Path(last.filename).name}:{last.lineno}" if last else "")
        finally:
            watchdog.cancel()
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
    seconds = time.perf_counter() - start
    text = err.getvalue().decode("utf-8", "replace")
    if problem is None and "Traceback (most recent call last)" in text:
        problem = "traceback on stderr:\n" + text[-3000:]
        where = "printed traceback: " + text.strip().splitlines()[-1][:120]
    elif problem is None and code not in ALLOWED_CODES:
        first = text.strip().splitlines()[0] if text.strip() else ""
        problem, where = f"exit code {code}: {first[:300]}", f"exit {code}: {' '.join(args[:2])}: {first[:60]}"
    return Outcome(tuple(args), "closed" if closed_stdin else "empty", code, text, problem, where, seconds)


def _overran(signum: int, frame: object) -> None:
    raise Overran()


@contextlib.contextmanager
def sandboxed() -> Iterator[Sandbox]:
    """A sandbox, with this process's environment and working directory pointed into it, restored afterwards."""
    with tempfile.TemporaryDirectory(prefix="okeytool-fuzz-") as folder:
        sandbox = Sandbox(Path(folder))
        saved_env = {key: os.environ.get(key) for key in sandbox.env()}
        saved_cwd = os.getcwd()
        previous = signal.signal(signal.SIGUSR1, _overran)
        try:
            os.environ.update(sandbox.env())
            os.chdir(folder)
            sandbox.start(lambda args: _must_succeed(run_once(args)))
            os.chdir(sandbox.root / "work")
            _check_confined(sandbox)
            yield sandbox
        finally:
            sandbox.stop()
            signal.signal(signal.SIGUSR1, previous)
            os.chdir(saved_cwd)
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _must_succeed(outcome: Outcome) -> None:
    if outcome.code != 0:
        raise RuntimeError(f"setting up the sandbox: {outcome.args} ended with {outcome.code}: {outcome.err}")


def _check_confined(sandbox: Sandbox) -> None:
    """The default ledger and the home folder are the sandbox's: no run can touch the user's."""
    from okeytool.ledger.paths import default_db_path

    for path in (default_db_path(), Path.home(), Path("~").expanduser()):
        if not path.resolve().is_relative_to(sandbox.root.resolve()):
            raise RuntimeError(f"{path} lies outside the sandbox {sandbox.root}")


@dataclass
class Report:
    """What a fuzzing run found: counts by exit code and the failures, grouped."""

    runs: int = 0
    seconds: float = 0.0
    codes: Counter[str] = field(default_factory=Counter)
    commands: Counter[str] = field(default_factory=Counter)
    failures: list[Outcome] = field(default_factory=list)
    slowest: list[tuple[float, tuple[str, ...]]] = field(default_factory=list)

    def add(self, outcome: Outcome, command: str) -> None:
        self.runs += 1
        self.codes["traceback" if outcome.code is None else str(outcome.code)] += 1
        self.commands[command] += 1
        if outcome.problem:
            self.failures.append(outcome)
        self.slowest = sorted([*self.slowest, (outcome.seconds, outcome.args)], reverse=True)[:5]

    def groups(self) -> dict[str, list[Outcome]]:
        grouped: dict[str, list[Outcome]] = {}
        for failure in self.failures:
            grouped.setdefault(failure.where or "?", []).append(failure)
        return grouped

    def summary(self) -> str:
        codes = ", ".join(f"{code}: {count}" for code, count in sorted(self.codes.items()))
        lines = [f"{self.runs} argument lists over {len(self.commands)} commands in {self.seconds:.0f} s; "
                 f"exit codes {codes}; {len(self.failures)} failure(s)"]  # fmt: skip
        for where, outcomes in self.groups().items():
            first = outcomes[0]
            problem = (first.problem or "").strip().splitlines()
            shown = problem if len(problem) <= 10 else [*problem[:4], "...", *problem[-5:]]
            lines.append(f"  {len(outcomes)} x {where}\n    okeytool {' '.join(map(repr, first.args))}"
                         f"{' <&-  (standard input closed)' if first.stdin == 'closed' else ''}")  # fmt: skip
            lines.extend(f"      {line}" for line in shown)
        lines.append("slowest: " + "; ".join(f"{s:.1f} s okeytool {' '.join(a)[:80]}" for s, a in self.slowest[:3]))
        return "\n".join(lines)


def fuzz(count: int, seed: int, closed_stdin: float = CLOSED_STDIN, timeout: float = RUN_TIMEOUT,
         verbose: bool = False) -> Report:  # fmt: skip
    """Run ``count`` seeded argument lists in this process; the same seed gives the same lists.

    ``closed_stdin`` is the share of runs started with standard input closed (``<&-``), the rest
    read an empty one.
    """
    report = Report()
    rng = random.Random(seed)
    with sandboxed() as sandbox:
        lists = ArgumentLists(seed, sandbox)
        start = time.perf_counter()
        for _, args in zip(range(count), lists):
            command = max((c.path for c in lists.commands if tuple(args[: len(c.path)]) == c.path), key=len)
            outcome = run_once(args, closed_stdin=rng.random() < closed_stdin, timeout=timeout)
            report.add(outcome, " ".join(command) or "(root)")
            if verbose:
                print(f"{outcome.code!s:>4} {outcome.seconds:6.2f}s okeytool {' '.join(map(repr, args))[:200]}",
                      file=sys.__stdout__, flush=True)  # fmt: skip
        report.seconds = time.perf_counter() - start
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=20_000, help="argument lists to run (20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator (1)")
    parser.add_argument("--closed-stdin", type=float, default=CLOSED_STDIN, help="share of runs with stdin closed")
    parser.add_argument("--run-timeout", type=float, default=RUN_TIMEOUT, help="seconds before a run counts as hung")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every argument list as it runs")
    args = parser.parse_args()
    report = fuzz(args.count, args.seed, args.closed_stdin, args.run_timeout, args.verbose)
    print(report.summary(), file=sys.__stdout__)
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
