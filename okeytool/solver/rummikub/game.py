"""Rummikub-style tables as a game: a turn draws a tile or lays tiles, rebuilding the table.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("rummikub"))
(14,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.advice import Advice
from okeytool.solver.games import Game

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.tiles import Tile


class RummikubGame(Game):
    """There is no throw and no discard to take: a turn draws, or lays tiles from the rack onto a
    table that may be rebuilt; going out lays the whole rack."""

    name = "rummikub"
    hands = "Rummikub racks (rummikub)"
    questions = {
        "check": frozenset({"table", "opened"}),
        "play": frozenset({"table", "opened", "goal"}),
    }
    schemes = frozenset({"rummikub"})
    throws = False
    takes_discards = False
    lays = True
    table = "whole"

    def check_melds(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> None:
        """Refuse a table that does not read as valid melds. Raises :class:`InputError`."""
        from okeytool.solver.rummikub.play import read_table

        read_table(deal, melds)

    def melds_in_play(
        self, table: Sequence[Sequence[Tile]], own: Sequence[Sequence[Tile]]
    ) -> tuple[Sequence[Tile], ...]:
        """The table as last given: the tiles the player laid since are in it after the next table event."""
        return tuple(table)

    def advise(
        self,
        deal: Deal,
        hand: Sequence[Tile],
        seen: Sequence[Tile],
        *,
        table: Sequence[Sequence[Tile]],
        opened: bool,
        to_throw: bool,
        draws: int | None,
    ) -> Advice:
        """The best play with the rack on the table (rules.md 6)."""
        from okeytool.solver.rummikub.play import best_play

        return Advice("play", best_play(deal, hand, table, opened=opened))


GAME = RummikubGame()
