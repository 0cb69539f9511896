"""Text that came from a user (player and game names, notes), made inert for the terminal.

A name is data: it is never read as rich markup (``[/]``, ``[white on white]Ali``) and no control
or escape character in it reaches the terminal (a clear screen, an OSC 8 link, a colour change).
Every renderer prints user text through :func:`user_text` (a rich ``Text``, which is never parsed
for markup) or :func:`inert` (a plain string).

Names are also checked where they enter (:func:`okeytool.score.names.check_name` refuses control,
zero-width and bidi characters), so this is the second line: text already stored, free-form notes,
and anything quoted back. The escaping itself lives in :mod:`okeytool.user_text` (the ledger's
exports use it too); this module adds the rich forms.

>>> inert("Ali\\x1b[2J")
'Ali\\\\x1b[2J'
>>> user_text("[white on white]Ali").plain
'[white on white]Ali'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from okeytool.user_text import HIDDEN_CATEGORIES, inert, visible

__all__ = ["HIDDEN_CATEGORIES", "and_list", "inert", "joined", "user_text", "visible"]


def user_text(text: str, style: str = "") -> Text:
    """A rich ``Text`` of user ``text``: printed literally (no markup), hidden characters as escapes."""
    return Text(inert(text), style=style)


def joined(names: Iterable[str], sep: str = ", ") -> str:
    """Names joined by ``sep``, each made inert."""
    return sep.join(inert(n) for n in names)


def and_list(names: Sequence[str]) -> str:
    """``Ali``, ``Ali and Bora``, ``Ali, Bora and Cem`` (names made inert).

    >>> and_list(["Ali", "Bora", "Cem"])
    'Ali, Bora and Cem'
    """
    safe = [inert(n) for n in names]
    if len(safe) <= 1:
        return "".join(safe)
    return ", ".join(safe[:-1]) + " and " + safe[-1]
