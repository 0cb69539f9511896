"""Reading user input: tile notation, supply checks, hand sizes."""

from okeytool.parse.notation import parse_melds, parse_tile, parse_tiles
from okeytool.parse.supply import check_hand_size, check_supply

__all__ = ["parse_tile", "parse_tiles", "parse_melds", "check_supply", "check_hand_size"]
