"""Rummikub-style tables as a game: a turn draws a tile or lays tiles, rebuilding the table.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("rummikub"))
(14,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.games import Game
from okeytool.solver.questions import Answer, CheckQuestion, PlayQuestion, Question

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

    def answer(self, question: Question) -> Answer:
        """``check``: whether the whole rack can be laid this turn; ``play``: the best play with the
        rack at the table (rules.md 6)."""
        if isinstance(question, CheckQuestion):
            from okeytool.solver.rummikub.play import can_go_out

            return can_go_out(question.deal, question.tiles, question.table, opened=question.opened)
        if isinstance(question, PlayQuestion):
            from okeytool.solver.rummikub.play import best_play

            deal, tiles, table = question.deal, question.tiles, question.table
            return best_play(deal, tiles, table, opened=question.opened, goal=question.goal)
        return super().answer(question)

    def check_supply(self, deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile], table: Sequence[Tile]) -> None:
        """The rack and the table's tiles together, a message naming them ``in the rack`` and ``on
        the table``. Raises :class:`SupplyError`."""
        from okeytool.parse.supply import check_supply

        check_supply(deal, hand, [*seen, *table], places=("in the rack", "on the table"))

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
    ) -> Answer:
        """``play``: the best play with the rack on the table (rules.md 6)."""
        melds = tuple(tuple(meld) for meld in table)
        return self.answer(PlayQuestion(deal, tuple(hand), melds, opened))


GAME = RummikubGame()
