"""Player, team and game names as they enter: normalised, and refused when they hold hidden characters.

A name is typed data. It is normalised to Unicode NFC and stripped of surrounding spaces, so
``Çağrı`` typed with combining accents and with precomposed letters is one name. A name holding a
character that does not show (control and escape characters, zero-width characters, bidi
controls such as U+202E, line separators) is refused rather than silently changed: such a name
looks like another one, or rearranges the text around it. Markup such as ``[/]`` is allowed in a
name and printed literally (``okeytool.render.text``).

>>> check_name(" Ali ", "a player name")
'Ali'
>>> check_name("Ali\\u200b", "a player name")
Traceback (most recent call last):
...
okeytool.errors.RoundError: a player name may not hold the invisible character U+200B: 'Ali\\u200b'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence

from okeytool.errors import RoundError, quoted
from okeytool.user_text import HIDDEN_CATEGORIES, fold

#: Unicode categories refused in names: control, format (zero-width, bidi), surrogates, private
#: use, unassigned, line and paragraph separators (the characters that do not show).
REFUSED_CATEGORIES = HIDDEN_CATEGORIES
#: The longest name kept (in characters): a name is a label at a table, not a document.
MAX_NAME_LENGTH = 40


#: The longest name or round-document value an error message quotes whole (a name is at most
#: :data:`MAX_NAME_LENGTH`); a longer one is cut by :func:`~okeytool.errors.quoted`.
MAX_QUOTED = 60


def check_name(name: str, what: str, *, max_length: int = MAX_NAME_LENGTH) -> str:
    """``name`` normalised (NFC, stripped). Raises :class:`RoundError` naming ``what`` for an invisible
    character or a name longer than ``max_length``. An empty result is returned as is (callers decide)."""
    text = unicodedata.normalize("NFC", name).strip()
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            raise RoundError(
                f"{what} may not hold the invisible character U+{ord(char):04X}: {quoted(text, MAX_QUOTED)}"
            )
    if len(text) > max_length:
        raise RoundError(
            f"{what} is at most {max_length} characters long, got {len(text)}: "
            f"{quoted(text[:max_length], MAX_QUOTED)}..."
        )
    return text


def named_twice(names: Sequence[str], known: Collection[str] = ()) -> str | None:
    """The first of ``names`` that another of them names again, compared folded
    (:func:`~okeytool.user_text.fold`: ``Ali`` and ``ALİ``, ``Şule`` and ``Sule`` are one name); None
    when each names a player of its own.

    Different names that are all in ``known`` are told apart as written: the players of a stored game,
    checked when they were entered, perhaps by a version that folded fewer letters (``Sule`` and
    ``Şule`` could then both join a game, and that game goes on). A name new among them is checked
    against every other.

    >>> named_twice(["Ali", "Şule", "SULE"]), named_twice(["Sule", "Şule", "Cem"], known=["Sule", "Şule", "Cem"])
    ('Şule', None)
    """
    keys = [fold(name) for name in names]
    groups: dict[str, list[str]] = {}
    for name, key in zip(names, keys):
        groups.setdefault(key, []).append(name)

    def clash(group: list[str]) -> bool:
        return len(group) > 1 and (len(set(group)) < len(group) or not all(name in known for name in group))

    return next((name for name, key in zip(names, keys) if clash(groups[key])), None)


def match_name(given: str, names: Sequence[str], what: str) -> str:
    """The one of ``names`` that ``given`` means: the same name, else the same name folded (any case,
    with or without the Turkish letters: ``sule`` and ``SULE`` mean ``Şule``), else the only name it
    begins, folded (``ali`` and ``Al`` mean ``Ali``, ``Ozg`` means ``Özgür``).

    Raises :class:`RoundError` naming ``what`` when no name matches or a prefix fits several.

    >>> match_name("bo", ["Ali", "Bora", "Cem"], "winner"), match_name("Sule", ["Ali", "Şule"], "winner")
    ('Bora', 'Şule')
    """
    if given in names:
        return given
    key = fold(given.strip())
    same = [n for n in names if fold(n) == key]
    if len(same) == 1:
        return same[0]
    if len(same) > 1:  # a stored game's players told apart only as written (see named_twice)
        raise RoundError(
            f"{quoted(given, MAX_QUOTED)} as {what} could be {' or '.join(same)}: type the name as it is written"
        )
    begun = [n for n in names if fold(n).startswith(key)] if key else []
    if len(begun) == 1:
        return begun[0]
    if len(begun) > 1:
        raise RoundError(f"{quoted(given, MAX_QUOTED)} as {what} could be {' or '.join(begun)}: type more of the name")
    raise RoundError(f"unknown player {quoted(given, MAX_QUOTED)} as {what} (players: {', '.join(names)})")
