"""okeytool: hand analysis and scoring for Okey, Okey 101 and Rummikub-style tables."""

from okeytool.deal import Deal
from okeytool.rules import Rules, get_rules
from okeytool.tiles import Colour, Tile

__version__ = "0.1.0"
__all__ = ["Colour", "Deal", "Rules", "Tile", "get_rules", "__version__"]
