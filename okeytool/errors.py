"""The project's exceptions, split by cause.

Every error the library raises derives from :class:`OkeyError`. Bad input (notation, tile supply,
hand size, rule options, files) is a :class:`ValueError` as well, so callers that only care about
"the user typed something wrong" can catch that. Messages quote the user's text with :func:`quoted`,
which cuts a long token so that the message stays one short line.
"""

from __future__ import annotations

#: Most characters of the user's text an error message quotes unless it says otherwise (a tile token is
#: short: a longer one is cut and marked); names and round-document values are quoted up to
#: :data:`okeytool.score.names.MAX_QUOTED`.
QUOTE_LIMIT = 20


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` quoted for an error message, as ``repr``: a text cut after ``limit`` characters (its
    length told), any other value's repr after ``limit`` characters. The repr shows hidden characters
    as escapes, so nothing quoted acts on the terminal.

    >>> quoted("X2")
    "'X2'"
    >>> quoted("R" * 1_000_000)
    "'RRRRRRRRRRRRRRRRRRRR…' (1000000 characters)"
    >>> quoted(["Ali", None, 3], limit=12)
    "['Ali', None…"
    """
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit] + '…'!r} ({len(value)} characters)"


class OkeyError(Exception):
    """Root of every error raised by okeytool."""


class InputError(OkeyError, ValueError):
    """Input that cannot be accepted; the message names the problem and the offending text."""


class NotationError(InputError):
    """A tile token that does not follow the notation (unknown colour, number out of range ...)."""


class SupplyError(InputError):
    """Tiles that cannot physically exist together (three copies of a face, a third false joker ...)."""


class HandSizeError(InputError):
    """A hand with the wrong number of tiles for the question asked."""


class RulesError(InputError):
    """An unknown profile, an unknown option or an option value out of range."""


class RoundError(InputError):
    """A round description (for scoring) that is incomplete or contradicts the rules."""


class LedgerError(OkeyError):
    """The game ledger cannot be used: a corrupt or foreign database, a finished game, no game."""


class SolverError(OkeyError):
    """The solver did not reach an answer within its time limit."""


class ClusterError(InputError):
    """A cluster that cannot be used: its extra is not installed, its scheduler cannot be reached, or its
    workers cannot answer (no workers, another okeytool)."""
