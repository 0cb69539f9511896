"""Classic Okey hands as a game (the classic and okeygg profiles): 14 tiles, draw or take, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("okeygg"))
(14, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.advice import Advice, Grade, Grades
from okeytool.solver.games import CHANCE_FIELDS, Dealt, Game, Going
from okeytool.tiles import ALL_FACES, COPIES_PER_FACE, EXTRA_TILES, FALSE_JOKER

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.rules import Rules
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

    # -- the rules of play (rules.md 3.5) -------------------------------------------------------

    def tiles(self, rules: Rules) -> tuple[Tile, ...]:
        """The 106 tiles: each numbered face twice, and the two false jokers."""
        return tuple(t for t in ALL_FACES for _ in range(COPIES_PER_FACE)) + (FALSE_JOKER,) * EXTRA_TILES

    def deal_round(self, rules: Rules, shuffled: Sequence[Tile], starter: int) -> Dealt:
        """The first tile of ``shuffled`` that is not a false joker is turned up as the indicator;
        then the starter gets 15 tiles and each other seat 14, in the order of play from the
        starter; the other 48 are the stock, drawn in the order they lie."""
        at = next(k for k, t in enumerate(shuffled) if not t.is_false_joker)
        indicator = shuffled[at]
        rest = [*shuffled[:at], *shuffled[at + 1 :]]
        hands: list[tuple[Tile, ...]] = [()] * self.seats
        taken = 0
        for k in range(self.seats):
            seat = (starter + k) % self.seats
            size = rules.drawn_size if k == 0 else rules.hand_size
            hands[seat] = tuple(rest[taken : taken + size])
            taken += size
        return Dealt(indicator, tuple(hands), tuple(rest[taken:]), starter)

    def may_show(self, deal: Deal, hand: Sequence[Tile]) -> bool:
        """Gösterme (rules.md 3.3): the rules have it and the hand holds the indicator's twin."""
        from okeytool.solver.classic.check import may_show_indicator

        return may_show_indicator(deal, hand)

    def going_out(self, deal: Deal, hand: Sequence[Tile], throw: Tile) -> Going | None:
        """The 15 tiles held go out by throwing ``throw`` when the other 14 win (rules.md 3.1); the
        finish is the best of those 14 with that throw (3.2)."""
        from okeytool.solver.classic.check import best_win

        if len(hand) != deal.rules.drawn_size or throw not in hand:
            return None
        rest = list(hand)
        rest.remove(throw)
        win = best_win(deal, rest, throw)
        return None if win is None else Going(win.finish, win.kafa)

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
