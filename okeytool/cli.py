"""The ``okeytool`` command line: a thin layer over the library.

Commands live in :mod:`okeytool.commands`; rendering in :mod:`okeytool.render`. This module builds
the application and turns library errors into one-line messages with exit code 2, in one place.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer

from okeytool.commands import analysis, batch, game, opening, play, round, score

#: Exit code of a command stopped by its time limit (``--time-limit``); bad input is 2.
EXIT_TIME_LIMIT = 3

app = typer.Typer(
    name="okeytool",
    help="Hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
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


analysis.register(app)
opening.register(app)
play.register(app)
score.register(app)
game.register(app)
batch.register(app)
round.register(app)


def main() -> None:
    """Run the command line; bad input ends with a one-line message and exit code 2."""
    from okeytool.errors import LedgerError, OkeyError
    from okeytool.limits import TimeLimitExceeded

    if not _stdout_open():
        sys.stderr.write("okeytool: error: standard output is closed; nothing would be seen\n")
        sys.exit(2)
    usage_errors = _click_errors()
    try:
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
        sys.stderr.write(f"okeytool: {kind}: {_one_line(str(err))}\n")
        sys.exit(2 if kind == "error" else 1)
    except RecursionError:
        sys.stderr.write("okeytool: error: the input is nested too deeply\n")
        sys.exit(2)
    except BrokenPipeError:
        # The reader went away (``okeytool ... | head``): stop quietly, without a flush error at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except OSError as err:
        sys.stderr.write(f"okeytool: error: {err.strerror or err}: {err.filename or ''}".rstrip() + "\n")
        sys.exit(2)
    except usage_errors as caught:
        usage: Any = caught  # a click usage error: show(), format_message(), exit_code
        if type(usage).__name__ == "NoArgsIsHelpError":
            usage.show()  # no arguments at all: the help text, not an error line
        else:
            message = _one_line(usage.format_message()).replace(": Value error, ", ": ")
            sys.stderr.write(f"okeytool: error: {message}{_help_hint(usage)}\n")
        sys.exit(usage.exit_code)
    # Without standalone mode a raised typer.Exit (and --help) comes back as the exit code.
    sys.exit(code if isinstance(code, int) else 0)


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
    try:
        os.fstat(1)
    except OSError:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != 1:
            os.dup2(null, 1)
            os.close(null)
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
