"""The ``okeytool`` command line: a thin layer over the library.

Commands live in :mod:`okeytool.commands`; rendering in :mod:`okeytool.render`. This module builds
the application and turns library errors into one-line messages with exit code 2, in one place.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from types import FrameType
from typing import Annotated, Any


def _interrupted_while_loading(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while the command line is still loading: the one line of a later Ctrl-C, no traceback."""
    sys.stderr.write("okeytool: aborted\n")
    os._exit(130)


# Until this module is loaded (typer, rich and the rest imported), a Ctrl-C ends the program with
# one line; the handler in place before comes back at the end of the module.
_BEFORE_LOADING = (
    signal.signal(signal.SIGINT, _interrupted_while_loading)
    if threading.current_thread() is threading.main_thread()
    else None
)

import typer  # noqa: E402 - after the handler above

from okeytool.commands.lazy import Entry, LazyGroup  # noqa: E402

#: Exit code of a command stopped by its time limit (``--time-limit``); bad input is 2.
EXIT_TIME_LIMIT = 3

#: Every command, in the order ``--help`` lists them: its name, the module that registers it, and the
#: first paragraph of its help. A command is built (and its module imported) only when it is used;
#: tests/test_startup.py holds this table to the commands themselves.
COMMANDS = (
    Entry("check", "okeytool.commands.analysis",
          "Is this hand winning? 14 tiles: complete or not (and how far). 15 tiles: every winning "
          "discard, best first; a hand that does not win is told how far it is and the best throw."),
    Entry("waits", "okeytool.commands.analysis",
          "What completes these 14 tiles? Deficiency, waits with their unseen copies, useful tiles."),
    Entry("discard", "okeytool.commands.analysis",
          "Which of these 15 tiles (22 in 101) should I throw? Every distinct tile ranked, best first."),
    Entry("open", "okeytool.commands.opening",
          "Can this 101 hand open? Best opening with melds (one tile kept to discard), pairs, elden."),
    Entry("play", "okeytool.commands.play",
          "What can I lay down? The play that lays the most tiles (or points) from the rack."),
    Entry("score", "okeytool.commands.score",
          "Score one round: each player's points and the items they are made of."),
    Entry("batch", "okeytool.commands.batch",
          "Answer many questions at once: one JSON object per line in, one per line out, in order."),
    Entry("game", "okeytool.commands.game",
          "Keep the score of whole games in a ledger (SQLite): new, round, edit, delete, rename, undo, show, share."),
    Entry("round", "okeytool.commands.round",
          "Follow a round as it is played: the hand kept turn by turn, advice after every draw, a review."),
    Entry("quiz", "okeytool.commands.quiz",
          "What would you throw? Positions from seeded arena rounds, graded by win (101: opening) chance."),
    Entry("arena", "okeytool.commands.arena",
          "Play policies against each other on duplicate deals and measure the difference."),
    Entry("engine", "okeytool.commands.arena",
          "okeytool's policies behind the arena's seat protocol: JSON lines in, one answer line per request."),
    Entry("replay", "okeytool.commands.replay",
          "One game of an arena record shown again: the deal, the outcome and each seat's play."),
)  # fmt: skip


class Commands(LazyGroup):
    """The top-level group: the commands of :data:`COMMANDS`, each built when it is used."""

    entries = COMMANDS

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise typer.Abort() from None  # "okeytool: aborted", exit 130 (typer would end silently)
        except BrokenPipeError as err:
            from okeytool.commands.streams import ReaderGone

            raise ReaderGone() from err  # a quiet end (click would end with exit code 1)


app = typer.Typer(
    name="okeytool",
    help="Hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    cls=Commands,
)


def _show_version(value: bool) -> None:
    if value:
        from okeytool import __version__

        sys.stdout.write(f"okeytool {__version__}\n")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool, typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables."""


def main() -> None:
    """Run the command line; bad input ends with a one-line message and exit code 2."""
    try:
        _run()
    except KeyboardInterrupt:  # before the command or after it (one while it runs is typer.Abort)
        sys.stderr.write("okeytool: aborted\n")
        sys.exit(130)


def _run() -> None:
    from okeytool.commands.streams import ReaderGone, guard_stdin, held_output
    from okeytool.errors import LedgerError, OkeyError
    from okeytool.limits import TimeLimitExceeded

    if not _stdout_open():
        sys.stderr.write("okeytool: error: standard output is closed; nothing would be seen\n")
        sys.exit(2)
    guard_stdin()
    if any(arg.partition("=")[0] in ("--show-completion", "--install-completion") for arg in sys.argv[1:]):
        from okeytool.commands.completion import completion_shell_error

        problem = completion_shell_error(sys.argv[1:])
        if problem is not None:
            sys.stderr.write(f"okeytool: error: {_one_line(problem)}\n")
            sys.exit(2)
    usage_errors = _click_errors()
    try:
        # The answer is held until the command is done: written whole, or not at all when it fails.
        with held_output() as held:
            # The program's name is fixed: shell completion is asked for through $_OKEYTOOL_COMPLETE.
            code = app(prog_name="okeytool", standalone_mode=False)
        sys.stdout.flush()  # inside the try: a reader that went away is handled below
    except typer.Abort:
        sys.stderr.write("okeytool: aborted\n")
        sys.exit(130)
    except TimeLimitExceeded as err:
        sys.stderr.write(f"okeytool: stopped: {err}\n")
        sys.exit(EXIT_TIME_LIMIT)
    except (OkeyError, ValueError) as err:
        kind = "error" if isinstance(err, (ValueError, LedgerError)) else "failed"
        sys.stderr.write(f"okeytool: {kind}: {_one_line(str(err))}{_kept(err)}\n")
        sys.exit(2 if kind == "error" else 1)
    except RecursionError:
        sys.stderr.write("okeytool: error: the input is nested too deeply\n")
        sys.exit(2)
    except (BrokenPipeError, ReaderGone):
        # The reader went away (``okeytool ... | head``): stop quietly, without a flush error at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except OSError as err:
        sys.stderr.write(f"okeytool: error: {err.strerror or err}: {err.filename or ''}".rstrip() + "\n")
        sys.exit(2)
    except usage_errors as caught:
        usage: Any = caught  # a click usage error: show(), format_message(), exit_code
        if type(usage).__name__ == "NoArgsIsHelpError":
            _show_help(held, usage)  # no arguments at all: the help text, not an error line
        else:
            message = _one_line(usage.format_message()).replace(": Value error, ", ": ")
            sys.stderr.write(f"okeytool: error: {message}{_help_hint(usage)}\n")
        sys.exit(usage.exit_code)
    # Without standalone mode a raised typer.Exit (and --help) comes back as the exit code.
    sys.exit(code if isinstance(code, int) else 0)


def _kept(err: BaseException) -> str:
    """For an answer that could not be printed after the ledger was changed: that the change is kept."""
    from okeytool.commands.streams import OutputError

    ledger = sys.modules.get("okeytool.ledger.database")
    if isinstance(err, OutputError) and ledger is not None and ledger.committed():
        return "; the change to the ledger was saved, so do not enter it again"
    return ""


def _show_help(held: Any, usage: Any) -> None:
    """The help of a group given no command: printed while the error was raised (and held), then
    the error's own text; quietly nothing when the reader has gone."""
    try:
        held.write_out()
        usage.show()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _click_errors() -> tuple[type[BaseException], ...]:
    """The usage-error base class: typer's own (typer >= 0.2x bundles click), else click's."""
    base = getattr(typer, "TyperException", None)
    if base is not None:
        return (base,)
    import click  # type: ignore[import-not-found,unused-ignore]

    return (click.ClickException,)


def _stdout_open() -> bool:
    """False when the command was started with standard output closed (``okeytool ... >&-``).

    Then fd 1 is taken by the null device, so that no file opened later can become stdout.
    """
    if sys.stdout is not None:
        return True  # Python leaves sys.stdout None when fd 1 was closed at start
    from okeytool.commands.streams import fill_closed

    fill_closed(1, os.O_WRONLY)
    return False


#: Longest run of non-space characters quoted whole in an error message (a long file path fits).
LONGEST_QUOTED = 240


def _one_line(message: str) -> str:
    """``message`` on one line, each over-long token cut to its start, its end and its length."""
    words = []
    for word in _visible(message).split():
        if len(word) > LONGEST_QUOTED:
            word = f"{word[:24]}...{word[-24:]} ({len(word)} characters)"
        words.append(word)
    return " ".join(words)


def _visible(text: str) -> str:
    """``text`` with control and format characters (escape sequences, bidi marks) shown as escapes,
    so that nothing typed acts on the terminal when it is quoted back."""
    import unicodedata

    def shown(char: str) -> str:
        if char in "\t\n\r" or unicodedata.category(char) not in ("Cc", "Cf"):
            return char
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"

    return "".join(shown(char) for char in text)


def _help_hint(err: BaseException) -> str:
    ctx = getattr(err, "ctx", None)
    return f" (see '{ctx.command_path} --help')" if ctx is not None else ""


if _BEFORE_LOADING is not None:
    signal.signal(signal.SIGINT, _BEFORE_LOADING)
