"""The ``okeytool`` command line: a thin layer over the library.

Commands live in :mod:`okeytool.commands`; rendering in :mod:`okeytool.render`. This module builds
the application and turns library errors into one-line messages with exit code 2, in one place.
"""

from __future__ import annotations

import sys

import typer

from okeytool.commands import analysis, batch, game, opening, play, score

app = typer.Typer(
    name="okeytool",
    help="Hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

analysis.register(app)
opening.register(app)
play.register(app)
score.register(app)
game.register(app)
batch.register(app)


def main() -> None:
    """Run the command line; bad input ends with a one-line message and exit code 2."""
    from okeytool.errors import LedgerError, OkeyError

    try:
        app(standalone_mode=False)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except typer.Abort:
        sys.stderr.write("okeytool: aborted\n")
        sys.exit(130)
    except (OkeyError, ValueError) as err:
        kind = "error" if isinstance(err, (ValueError, LedgerError)) else "failed"
        sys.stderr.write(f"okeytool: {kind}: {err}\n")
        sys.exit(2 if kind == "error" else 1)
    except OSError as err:
        sys.stderr.write(f"okeytool: error: {err.strerror or err}: {err.filename or ''}\n".rstrip() + "\n")
        sys.exit(2)
    except _click_errors() as err:
        err.show()
        sys.exit(err.exit_code)


def _click_errors() -> tuple[type[BaseException], ...]:
    import click

    return (click.ClickException,)
