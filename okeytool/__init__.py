"""okeytool: hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables.

The public names are imported when first used, so that importing the package (as every command
does before it starts) costs nothing: ``okeytool --version`` has no use for the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.rules import Rules, get_rules
    from okeytool.tiles import Colour, Tile

__version__ = "0.1.0"
__all__ = ["Colour", "Deal", "Rules", "Tile", "get_rules", "__version__"]

#: Each public name and the module it comes from.
_PUBLIC = {
    "Colour": "okeytool.tiles",
    "Deal": "okeytool.deal",
    "Rules": "okeytool.rules",
    "Tile": "okeytool.tiles",
    "get_rules": "okeytool.rules",
}


def __getattr__(name: str) -> Any:
    """A public name, imported at its first use."""
    if name not in _PUBLIC:
        raise AttributeError(f"module 'okeytool' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_PUBLIC[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})
