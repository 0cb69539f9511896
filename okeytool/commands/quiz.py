"""``quiz``: "what would you throw?", positions from seeded arena rounds, the answer hidden until
the player commits (:mod:`okeytool.arena.quiz`), each answer kept in the ledger (:mod:`okeytool.ledger.quiz`).

At a terminal the throw is read with a prompt (the hand's tiles complete with Tab); from a pipe one
line is read per answer. A line that is not a tile of the hand is refused in one line and asked
again; ``q`` quits. With ``--json`` each position is one JSON line (``{"position": ...}``) and each
answer's verdict another (``{"verdict": ...}``; a refused line: ``{"error": ...}``), for a program
that practises through a pipe.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from okeytool.commands import completion
from okeytool.commands.common import PANEL_OUTPUT, PANEL_RULES, DbOpt, RulesName, print_json

if TYPE_CHECKING:
    from okeytool.arena.quiz import Position, Verdict
    from okeytool.rules import Rules
    from okeytool.tiles import Tile

QUIT = ("q", "quit", "exit")
#: Rows of the ranking shown after each answer unless --top says otherwise.
DEFAULT_ROWS = 3

SeedOpt = Annotated[
    int | None,
    typer.Option("--seed", metavar="N", show_default=False,
                 help="Deal the positions of this seed: the same seed, the same positions "
                 "(default: a new seed, shown so that the set can be dealt again)."),
]  # fmt: skip
QuizRulesOpt = Annotated[
    RulesName | None,
    typer.Option(
        "--rules", "-r", metavar="PROFILE", case_sensitive=False, show_default=False,
        autocompletion=completion.rules_names, rich_help_panel=PANEL_RULES,
        help="Deal positions of this game: classic (the default) or okeygg (15 tiles), or 101 (22 tiles, "
        "before opening). With --stats: show that game's progress only.",
    ),
]  # fmt: skip
CountOpt = Annotated[int, typer.Option("--count", "-n", metavar="N", help="Positions in this session.")]
WorkOpt = Annotated[
    float,
    typer.Option("--work", metavar="SECONDS",
                 help="Seconds of work for the chances of each position, counted in steps, so the "
                 "grades are the same on every machine."),
]  # fmt: skip
StatsOpt = Annotated[
    bool,
    typer.Option("--stats", help="Show the progress kept in the ledger (accuracy, average cost, time per "
                 "answer, by game and distance from a win or from opening) instead of dealing positions."),
]  # fmt: skip
QuizJsonOpt = Annotated[
    bool,
    typer.Option("--json", rich_help_panel=PANEL_OUTPUT,
                 help="JSON: with --stats one document; in a session one line per position and per "
                 "verdict, the throws read one a line from standard input."),
]  # fmt: skip
QuizTopOpt = Annotated[
    int,
    typer.Option("--top", metavar="N", rich_help_panel=PANEL_OUTPUT,
                 help="Rows of the ranking shown after each answer."),
]  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add ``quiz`` to the application."""

    @app.command()
    def quiz(
        seed: SeedOpt = None,
        count: CountOpt = 5,
        rules: QuizRulesOpt = None,
        work: WorkOpt = 1.0,
        top: QuizTopOpt = DEFAULT_ROWS,
        stats: StatsOpt = False,
        db: DbOpt = None,
        json: QuizJsonOpt = False,
    ) -> None:
        """What would you throw? Positions from seeded arena rounds, graded by win (101: opening) chance.

        Each position is a hand that must throw, dealt and played by the arena up to that turn: the
        indicator and okey, the hand, the tiles seen and the own draws left. In classic Okey it
        holds 15 tiles; with --rules 101 it holds 22 and has not opened yet, with the melds on the
        table. Type the tile you would throw (q quits); then the best throw is shown with yours, and
        what your choice cost against the best: in win chance, in 101 in the chance to open and any
        penalty the best throw avoids. Every answer is kept in the ledger; --stats shows the
        progress.

        Example: okeytool quiz --seed 7 --count 10 --rules 101
        """
        from okeytool.errors import InputError

        if top < 1:
            raise InputError(f"--top takes a number of rows, 1 or more, not {top}")
        from okeytool.rules import get_rules

        profile = get_rules(rules or "classic")
        if stats:
            from okeytool.arena.quiz import check_rules
            from okeytool.solver.games import game_of

            check_rules(profile)
            _show_stats(db, json, None if rules is None else game_of(profile).name)
            return
        _session(seed, count, profile, work, top, db, json)


def _show_stats(db: Path | None, json: bool, game: str | None) -> None:
    from okeytool.ledger.quiz import quiz_book_at

    with quiz_book_at(db, write=False) as book:
        progress = book.stats(game)
    if json:
        print_json(progress.to_json())
        return
    from okeytool.render.quiz import stats_renderable
    from okeytool.render.tiles import console

    console().print(stats_renderable(progress))


def _session(seed: int | None, count: int, rules: Rules, work: float, top: int, db: Path | None, json: bool) -> None:
    """Deal the positions, read an answer to each, grade it and keep it; a summary at the end."""
    import random
    from time import perf_counter

    from okeytool.arena.quiz import check_work, grade, positions, rank, verdict_row
    from okeytool.commands.streams import release_output
    from okeytool.ledger.quiz import quiz_book_at

    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    check_work(work)
    dealt = positions(seed, count, rules)
    with quiz_book_at(db):
        pass  # the ledger can be written: refused now, not after the first answer
    release_output()  # a prompt: each position is seen as soon as it is printed
    show = _printer(json)
    hand: list[str] = []
    lines = _prompt_lines(hand) if sys.stdin.isatty() and not json else _plain_lines()
    if not json:
        many = f"{len(dealt)} position{'s' if len(dealt) != 1 else ''}"
        again = f"okeytool quiz --seed {seed}" + ("" if rules.name == "classic" else f" --rules {rules.name}")
        show(f"quiz seed {seed}: {many} of {rules.name} ({again} deals them again); q quits")
    verdicts: list[Verdict] = []
    for number, position in enumerate(dealt, 1):
        show(_position(position, number, len(dealt), json))
        hand[:] = sorted({str(t) for t in position.hand})
        started = perf_counter()
        thrown = _read_throw(position, lines, show, json)
        if thrown is None:
            break
        seconds = perf_counter() - started
        verdict = grade(position, thrown, rank(position, work=work), seconds)
        with quiz_book_at(db) as book:
            book.add(verdict_row(verdict))
        verdicts.append(verdict)
        show(_verdict(verdict, top, json))
    if verdicts and not json:
        from okeytool.render.quiz import session_text

        show(session_text(verdicts))


def _position(position: Position, number: int, count: int, json: bool) -> object:
    if json:
        return {"position": {**position.to_json(), "number": number, "count": count}}
    from okeytool.render.quiz import position_renderable

    return position_renderable(position, number, count)


def _verdict(verdict: Verdict, top: int, json: bool) -> object:
    if json:
        return {"verdict": verdict.to_json()}
    from okeytool.render.quiz import verdict_renderable

    return verdict_renderable(verdict, rows=top)


def _read_throw(position: Position, lines: Iterator[str], show: Callable[[object], None], json: bool) -> Tile | None:
    """The tile the player throws; None when he quits or the input ends. A line that is not a tile
    of the hand is answered with one line and read again."""
    from okeytool.errors import OkeyError

    for line in lines:
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT:
            return None
        try:
            return position.read_throw(text)
        except (OkeyError, ValueError) as err:
            show({"error": str(err)} if json else f"error: {err}")
    return None


def _printer(json: bool) -> Callable[[object], None]:
    """Print a line of text, a rich renderable, or (``json``) a JSON document on one line."""
    from okeytool.render.tiles import console

    out = console()

    def show(thing: object) -> None:
        if json:
            from okeytool.user_text import json_text

            sys.stdout.write(json_text(thing) + "\n")
            sys.stdout.flush()
        elif isinstance(thing, str):
            out.print(thing, markup=False, highlight=False)
        else:
            out.print(thing)

    return show


def _prompt_lines(hand: list[str]) -> Iterator[str]:
    """Lines typed at a prompt; Tab completes the tiles of ``hand`` (the current position's)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    session: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=WordCompleter(lambda: [*hand, "quit"], ignore_case=True, sentence=False),
        complete_while_typing=False,
    )
    while True:
        try:
            yield session.prompt("throw> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C clears the line, as in a shell
        except EOFError:
            return


def _plain_lines() -> Iterator[str]:
    for line in sys.stdin:
        yield line.rstrip("\n")
