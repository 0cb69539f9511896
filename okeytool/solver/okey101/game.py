"""Okey 101 as a game: 21 tiles, draw or take, open with 101 points or five pairs, lay off, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("101"))
(21, 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.games import Game

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.solver.okey101.layoffs import TableMeld
    from okeytool.tiles import Tile


def _pairs(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[list[Sequence[Tile]], list[Sequence[Tile]]]:
    """Split opening melds into pairs (two identical tiles, or a tile and a real okey) and the rest."""
    pairs, rest = [], []
    for meld in melds:
        if len(meld) == 2 and (meld[0] == meld[1] or any(deal.is_wild(t) for t in meld)):
            pairs.append(meld)
        else:
            rest.append(meld)
    return pairs, rest


def laid_melds(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[TableMeld, ...]:
    """The melds laid on a 101 table, read as sets and runs (pairs left out: nothing is laid off on them).

    Raises :class:`InputError` for a meld that is not a valid set or run.
    """
    from okeytool.solver.okey101.layoffs import table_melds

    return tuple(table_melds(deal, _pairs(deal, melds)[1]))


class Okey101Game(Game):
    """Players open with melds worth 101 (or five pairs) and lay off on the table; a discard can
    cost a penalty (a real okey, or a tile that fits a table meld)."""

    name = "101"
    hands = "Okey 101 hands (101)"
    questions = {
        "open": frozenset({"seen", "table", "opened", "alternatives", "take", "solver"}),
        "discard": frozenset({"seen", "table"}),
    }
    schemes = frozenset({"101"})
    opens = True
    table = "added"

    def check_melds(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> None:
        """Refuse a meld that is not a valid set or run (a pair is accepted). Raises :class:`InputError`."""
        laid_melds(deal, melds)

    def opening_value(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[int, int]:
        """The value of opening melds (rules.md 2) and how many pairs they hold."""
        from okeytool.solver.okey101.layoffs import table_melds

        pairs, rest = _pairs(deal, melds)
        return sum(m.meld.value for m in table_melds(deal, rest)), len(pairs)


GAME = Okey101Game()
