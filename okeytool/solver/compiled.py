"""The compiled extensions' check at import: each exports the constants it was built with.

An extension (``_cover``, ``_chance``) is used only when the constants it was compiled with (faces,
slots, wilds ...) are the ones the Python code holds; otherwise the pure-Python code runs instead,
which gives the same answers. Nothing is printed: :data:`MISMATCHES` says which extension was left
out and why, for a test or a benchmark to show.

>>> from types import SimpleNamespace
>>> built_with(SimpleNamespace(__name__="_x", FACES=52), FACES=52)
True
>>> built_with(SimpleNamespace(__name__="_x", FACES=40), FACES=52), MISMATCHES["_x"]
(False, 'FACES is 40 in the build, 52 here')
"""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

#: Extension name -> why it is not used (a constant that differs, or one it does not export).
MISMATCHES: dict[str, str] = {}


def built_with(module: ModuleType | SimpleNamespace, **expected: int) -> bool:
    """True when ``module`` exports every constant of ``expected`` with the same value."""
    for name, value in expected.items():
        got = getattr(module, name, None)
        if got != value:
            built = "missing" if got is None else f"{got}"
            MISMATCHES[module.__name__] = f"{name} is {built} in the build, {value} here"
            return False
    MISMATCHES.pop(module.__name__, None)
    return True
