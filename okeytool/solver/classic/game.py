"""Classic Okey hands as a game (the classic and okeygg profiles): 14 tiles, draw or take, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("okeygg"))
(14, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.advice import Advice, Grade, Grades
from okeytool.solver.games import CHANCE_FIELDS, Game

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.solver.classic.chance import ChanceRanking, Effort
    from okeytool.tiles import Tile


def _chance_ranking(
    deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile], draws: int | None, effort: Effort | None = None
) -> ChanceRanking:
    """The chance ranking of a 15-tile hand at ``draws`` own draws left (None: the model's default),
    within ``effort`` (None: the model's default, as ``discard --chance`` without a time limit)."""
    from okeytool.solver.classic.chance import DEFAULT_DRAWS, chance_ranking

    return chance_ranking(deal, hand, seen, draws=DEFAULT_DRAWS if draws is None else draws, effort=effort)


class ClassicGame(Game):
    """A hand of 14 tiles wins by showing them in melds or seven pairs; there are no table melds."""

    name = "classic"
    hands = "14-tile Okey hands (classic, okeygg)"
    questions = {
        # ``chance``, ``draws``, ``pile``, ``risk``: the win-chance model (rules.md 4.1); ``goal``
        # orders a chance ranking (chance or points).
        "check": frozenset({"seen", "solver", *CHANCE_FIELDS}),
        "waits": frozenset({"seen", "solver"}),
        "discard": frozenset({"seen", "solver", "deep", *CHANCE_FIELDS, "goal"}),
    }
    schemes = frozenset({"pagat", "penalty", "okeygg"})

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
        """15 tiles: the discard ranking with each throw's win chance within ``draws`` (rules.md 4.1);
        14: the waits, with unseen counts."""
        if to_throw:  # classic and okey.gg hands all have win chances
            return Advice("discard", _chance_ranking(deal, hand, seen, draws))
        from okeytool.solver.classic.analysis import analyse_waits

        return Advice("waits", analyse_waits(deal, hand, seen))

    def grade_discards(
        self,
        deal: Deal,
        hand: Sequence[Tile],
        seen: Sequence[Tile],
        *,
        table: Sequence[Sequence[Tile]],
        draws: int | None,
        deadline: float | None,
    ) -> Grades:
        """A throw's grade is its win chance within ``draws`` own draws, the throw counted as seen
        (rules.md 4.1); the best is the highest chance, ties in the chance ranking's order, and a
        throw whose chance was not computed has none."""
        from okeytool.solver.classic.analysis import plain_rank
        from okeytool.solver.classic.chance import Effort

        chances = _chance_ranking(deal, hand, seen, draws, Effort(deadline=deadline))
        grades = tuple(Grade(r.tile, r.chance, plain_rank(deal, r.option)) for r in chances.rows)
        return Grades(f"chance:{chances.model.method}", grades, chances.model.draws)


GAME = ClassicGame()
