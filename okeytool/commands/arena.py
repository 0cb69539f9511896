"""``okeytool arena`` (policies played against each other on duplicate deals) and ``okeytool engine``
(okeytool's policies behind the seat protocol).

The games run in :mod:`okeytool.arena`; this module reads the options, writes the record as the deals
come back (in deal order), shows a progress bar on stderr when it is a terminal, and prints the
summary (a table, or arena.md's ``--json``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from okeytool.commands.common import PANEL_OUTPUT, PANEL_RULES, PANEL_SOLVER, JsonOpt, OptionOpt, parse_options
from okeytool.errors import InputError

#: The help panel of the options of a Dask cluster.
PANEL_CLUSTER = "Dask cluster"
PANEL_POLICIES = "Policies"

POLICY_HELP = (
    "random, greedy, acceptance, chance, points (101: random, greedy, acceptance, chance), or cmd:PROGRAM "
    "(a program speaking the seat protocol)"
)


def _record_stream(path: Path) -> IO[str]:
    """The record file, gzip when its name ends in ``.gz`` (no name or time in its header: the same
    games give the same bytes). Raises :class:`InputError` when it cannot be written."""
    import io

    try:
        raw = open(path, "wb")  # noqa: SIM115
    except OSError as err:
        raise InputError(f"cannot write the record {str(path)!r}: {err.strerror or err}") from None
    if path.suffix.lower() != ".gz":
        return io.TextIOWrapper(raw, encoding="utf-8")
    import gzip

    class _Gzipped(io.TextIOWrapper):
        def close(self) -> None:
            super().close()
            raw.close()

    return _Gzipped(gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0), encoding="utf-8")


ChallengerOpt = Annotated[
    str, typer.Option(metavar="POLICY", help=f"The policy measured: {POLICY_HELP}.", rich_help_panel=PANEL_POLICIES)
]
ChampionOpt = Annotated[
    str, typer.Option(metavar="POLICY", help="The policy in the other three seats.", rich_help_panel=PANEL_POLICIES)
]
DealsOpt = Annotated[
    int, typer.Option(metavar="N", help="Deals to play; each is played four times (the challenger in each seat).")
]
SeedOpt = Annotated[
    int, typer.Option(metavar="N", help="The run's seed: the same seed deals the same tiles everywhere.")
]
ArenaRulesOpt = Annotated[
    str,
    typer.Option(
        "--rules", "-r", metavar="PROFILE", help="Rule profile: classic, okeygg or 101.", rich_help_panel=PANEL_RULES
    ),
]
WorkOpt = Annotated[
    float | None,
    typer.Option(
        metavar="SECONDS",
        help="Seconds of work (counted in states, the same on every machine) a chance or points policy gives one "
        "ranking (default 0.05).", rich_help_panel=PANEL_POLICIES, show_default=False,
    ),
]  # fmt: skip
RiskOpt = Annotated[
    float | None,
    typer.Option(
        metavar="CHANCE",
        help="The chance policies' risk per draw that another seat ends the round (default: fitted to "
        "the turn, from measured rounds).",
        rich_help_panel=PANEL_POLICIES, show_default=False,
    ),
]  # fmt: skip
MoveLimitOpt = Annotated[
    float,
    typer.Option(
        metavar="SECONDS",
        help="Seconds a seated program (cmd:) may take for one answer.",
        rich_help_panel=PANEL_POLICIES,
    ),
]
JobsOpt = Annotated[
    int, typer.Option("--jobs", "-j", metavar="N", help="Local worker processes.", rich_help_panel=PANEL_SOLVER)
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler", metavar="ADDRESS", rich_help_panel=PANEL_CLUSTER,
        help="Play on the Dask cluster of this scheduler (tcp://host:8786); needs okeytool\\[dask].",
    ),
]  # fmt: skip
RecordOpt = Annotated[
    Path | None,
    typer.Option(
        help="Write every event as JSON lines to this file (gzip when it ends in .gz).",
        rich_help_panel=PANEL_OUTPUT, metavar="FILE",
    ),
]  # fmt: skip
PlotOpt = Annotated[
    Path | None,
    typer.Option(
        help="Draw the calibration (predicted against observed) to this .png or .svg; needs okeytool\\[plot].",
        rich_help_panel=PANEL_OUTPUT, metavar="FILE",
    ),
]  # fmt: skip
ProgressOpt = Annotated[
    bool, typer.Option(help="Show a progress bar on stderr (when it is a terminal).", rich_help_panel=PANEL_OUTPUT)
]
PolicyOpt = Annotated[
    str, typer.Option(metavar="POLICY", help="The policy that answers: random, greedy, acceptance, chance or points.")
]
ArenaTimeLimitOpt = Annotated[
    float | None,
    typer.Option(
        "--time-limit", metavar="SECONDS", show_default=False, rich_help_panel=PANEL_SOLVER,
        help="Stop after the deal during which this many seconds have passed: the summary is of the deals "
        "played, and the command ends with exit code 3.",
    ),
]  # fmt: skip
EngineSeedOpt = Annotated[int, typer.Option(metavar="N", help="Seed of the policy's random choices.")]


def register(app: typer.Typer) -> None:
    """Add ``arena`` and ``engine`` to the application."""

    @app.command()
    def arena(
        challenger: ChallengerOpt = "chance",
        champion: ChampionOpt = "acceptance",
        deals: DealsOpt = 100,
        seed: SeedOpt = 1,
        rules: ArenaRulesOpt = "classic",
        option: OptionOpt = None,
        work: WorkOpt = None,
        risk: RiskOpt = None,
        move_limit: MoveLimitOpt = 10.0,
        jobs: JobsOpt = 1,
        scheduler: SchedulerOpt = None,
        record: RecordOpt = None,
        plot: PlotOpt = None,
        progress: ProgressOpt = True,
        time_limit: ArenaTimeLimitOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """Play policies against each other on duplicate deals and measure the difference.

        Each deal is played four times: the challenger in seat 0, 1, 2 and 3 in turn, the champion in
        the other three seats. The summary gives both sides' win rates and points per round, the
        difference with a 95 % interval that treats the four games of a deal as one cluster, and, for
        a policy with a win chance, how its predicted chances compare with what happened.

        Example: okeytool arena --challenger chance --deals 500 --seed 1 --jobs 2
        """
        from okeytool.arena.run import ArenaRun, play
        from okeytool.arena.summary import Tally

        if scheduler is not None and jobs != 1:
            raise InputError("--jobs and --scheduler do not go together: the cluster's workers play")
        if not 1 <= jobs <= 64:
            raise InputError(f"--jobs takes 1 to 64 worker processes, not {jobs}")
        if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
            raise InputError(f"--plot writes a .png or an .svg file, not {str(plot)!r}")
        run = ArenaRun(rules=rules, challenger=challenger, champion=champion, deals=deals, seed=seed,
                       options=parse_options(option), work=work, risk=risk, move_limit=move_limit)  # fmt: skip
        run.check()
        if time_limit is not None and not time_limit > 0:
            raise InputError(f"--time-limit takes a number of seconds above 0, not {time_limit:g}")
        the_rules = run.the_rules()
        stopped = False
        tally = Tally(the_rules)
        out = _record_stream(record) if record is not None else None
        started = time.perf_counter()
        try:
            games = play(run, jobs=jobs, scheduler=scheduler)
            bar = _Bar(deals * 4) if progress and sys.stderr.isatty() else None
            try:
                for dealt in games:
                    tally.add(dealt)
                    if out is not None:
                        _write_games(out, dealt)
                    if bar is not None:
                        bar.update(tally.rounds, tally.difference / max(1, tally.rounds))
                    if time_limit is not None and time.perf_counter() - started > time_limit:
                        stopped = tally.rounds < deals * 4
                        break
            finally:
                games.close()  # deals still being played are let go
                if bar is not None:
                    bar.close()
        finally:
            if out is not None:
                out.close()
        seconds = time.perf_counter() - started
        summary = tally.to_json(run, seconds)
        summary["deals"] = tally.rounds // 4
        summary["stopped"] = "time" if stopped else None
        if stopped:
            summary["deals_asked"] = deals
        if plot is not None:
            from okeytool.arena.plot import calibration_plot

            calibration = tally.summary().calibration
            if calibration is None:
                raise InputError(f"--plot: the {challenger} policy gives no win chances to draw")
            calibration_plot(calibration, plot, f"{challenger} against {champion}, seed {seed}, {deals} deals")
        if json:
            from okeytool.commands.common import print_json

            print_json(summary)
        else:
            from okeytool.render.arena import render_summary

            render_summary(summary)
        if stopped:
            sys.stderr.write(
                f"okeytool: stopped: the time limit ({time_limit:g} s) passed after "
                f"{tally.rounds // 4} of {deals} deals\n"
            )
            raise typer.Exit(3)  # the exit code of a command stopped by its time limit

    @app.command()
    def engine(
        policy: PolicyOpt = "chance",
        seed: EngineSeedOpt = 0,
        work: WorkOpt = None,
        risk: RiskOpt = None,
    ) -> None:
        """okeytool's policies behind the arena's seat protocol: JSON lines in, one answer line per request.

        The lines in are the events a seat may see and the requests to act (the arena's seat
        protocol); each request is answered with one JSON line, written at once.

        Example: okeytool engine --policy acceptance < requests.jsonl
        """
        from okeytool.arena.engine import serve
        from okeytool.commands.streams import release_output

        settings: dict[str, Any] = {}
        if policy in ("chance", "points"):
            if work is not None:
                settings["work"] = work
            if risk is not None:
                settings["risk"] = risk
        release_output()  # answers go out as they are made: the other side waits for each
        for answer in serve(sys.stdin, policy, seed=seed, **settings):
            sys.stdout.write(answer + "\n")
            sys.stdout.flush()


def _write_games(out: IO[str], games: Any) -> None:
    """The events of one deal's games, one JSON line each."""
    import json as jsonlib

    for game in games:
        for event in game.played.events:
            out.write(jsonlib.dumps(event, ensure_ascii=False) + "\n")
    out.flush()


class _Bar:
    """A progress bar on stderr: rounds played of all, and the challenger's running difference."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("rounds"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[difference]}"),
            TimeElapsedColumn(), TimeRemainingColumn(),
            console=Console(file=sys.stderr), transient=True, redirect_stdout=False, redirect_stderr=False,
        )  # fmt: skip
        self.task = self.progress.add_task("rounds", total=total, difference="")
        self.progress.start()

    def update(self, done: int, difference: float) -> None:
        self.progress.update(self.task, completed=done, difference=f"challenger {difference:+.3f} points/round")

    def close(self) -> None:
        self.progress.stop()
