"""Text that came from users (player, team and game names, notes) as data: the characters that do not
show, listed once, the forms in which such text leaves the program, and the one form in which typed
words are compared (:func:`fold`).

Names and notes are refused where they enter when they hold such a character
(:func:`okeytool.score.names.check_name`). Text stored before those checks, edited into a ledger by
hand, or quoted back from input still holds them, so every output writes them as escapes:

* :func:`inert` for the terminal, CSV and plain text: ``\\x1b``, ``\\u202e`` written out;
* :func:`json_text` for JSON: ``\\u`` escapes inside the strings, so the data read back is the same.

This module imports no rendering library: the ledger's exports use it as well as the renderers.

>>> inert("Ali\\x1b[2J")
'Ali\\\\x1b[2J'
>>> json_text({"name": "Ali\\u202e"})
'{"name": "Ali\\\\u202e"}'
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

#: Unicode categories of characters that do not show: control (C0/C1, DEL), format (zero-width,
#: bidi controls, soft hyphen), surrogates, private use, unassigned, and line/paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def is_hidden(char: str) -> bool:
    """True for a character that does not show (see :data:`HIDDEN_CATEGORIES`)."""
    return unicodedata.category(char) in HIDDEN_CATEGORIES


def visible(char: str) -> str:
    """One character as it may be printed: itself, or an escape (``\\x1b``, ``\\u202e``) if it is hidden."""
    if not is_hidden(char):
        return char
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def inert(text: str) -> str:
    """``text`` with every control, escape, zero-width and bidi character shown as an escape.

    The result holds no character that acts on a terminal; markup stays literal wherever it is
    printed as a rich ``Text`` (see :func:`okeytool.render.text.user_text`).
    """
    if text.isprintable():
        return text
    return "".join(visible(ch) for ch in text)


#: The Turkish letters a word may be typed without, each with the letter it is compared as (after
#: case folding; the capital dotted İ is folded to i first).
TURKISH_LETTERS = {"ş": "s", "ö": "o", "ü": "u", "ç": "c", "ğ": "g", "ı": "i"}
_FOLDED_LETTERS = str.maketrans(TURKISH_LETTERS)


def fold(text: str) -> str:
    """``text`` in the form typed words are compared in: player names (``-w``, duplicates), colour
    names in the tile notation, and what TAB completes. Case is ignored, and the Turkish letters are
    their Latin base letters: ş→s, ö→o, ü→u, ç→c, ğ→g, and ı, İ and I → i. Players type names
    with or without those letters (``Sule`` for ``Şule``, ``Ilker`` for ``İlker``); the text itself
    is shown and stored as it was typed, never folded.

    >>> [fold(word) for word in ("Şule", "İlker", "ILKER", "Özgür", "ÇAĞRI", "KIRMIZI", "Grün")]
    ['sule', 'ilker', 'ilker', 'ozgur', 'cagri', 'kirmizi', 'grun']
    >>> fold("S\u0327ule") == fold("Şule")  # a cedilla typed as a combining mark
    True
    """
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFC", text).replace("İ", "i")
    return unicodedata.normalize("NFC", text.casefold()).replace("i\u0307", "i").translate(_FOLDED_LETTERS)


def json_text(document: Any, **options: Any) -> str:
    """``json.dumps(document, ensure_ascii=False, **options)`` with every hidden character in a string
    written as a ``\\u`` escape: valid JSON that reads back as the same data, and that no terminal or
    viewer acts on.

    >>> json.loads(json_text(["a\\u200bb", "Çağrı"])) == ["a\\u200bb", "Çağrı"]
    True
    """
    text = json.dumps(document, ensure_ascii=False, **options)
    if all(line.isprintable() for line in text.split("\n")):
        return text
    # Below U+0020 json.dumps has escaped every character in a string; those left are layout (indent).
    return "".join(_json_escape(ch) if ch >= " " and is_hidden(ch) else ch for ch in text)


def _json_escape(char: str) -> str:
    """``char`` as a JSON string escape (a surrogate pair above U+FFFF)."""
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
