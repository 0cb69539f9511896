"""Okey 101 as a game: 21 tiles, draw or take, open with 101 points or five pairs, lay off, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("101"))
(21, 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.advice import Grade, Grades, Penalties
from okeytool.solver.games import Dealt, Game
from okeytool.solver.questions import Answer, DiscardQuestion, OpenQuestion, Question
from okeytool.tiles import ALL_FACES, COPIES_PER_FACE, EXTRA_TILES, FALSE_JOKER

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.rules import Rules
    from okeytool.solver.okey101.answers import OpenAnswer
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


def _open_answer(question: OpenQuestion) -> OpenAnswer:
    """The opening analysis and (``take``) what taking the previous player's discard would allow."""
    from okeytool.solver.okey101.answers import OpenAnswer
    from okeytool.solver.okey101.opening import analyse_opening
    from okeytool.solver.okey101.take import take_discard

    deal = question.deal
    result = analyse_opening(
        deal,
        question.tiles,
        seen=question.seen,
        table=question.table,
        opened=question.opened,
        options=question.alternatives,
        solver=question.solver,
    )
    taken = None
    if question.take is not None:
        taken = take_discard(deal, question.tiles, question.take, table=question.table, opened=question.opened)
    return OpenAnswer(deal, result, question.table, taken)


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

    # -- the rules of play (rules.md 5.1; the turn itself: okeytool.solver.okey101.play) ------------

    def tiles(self, rules: Rules) -> tuple[Tile, ...]:
        """The 106 tiles: each numbered face twice, and the two false jokers."""
        return tuple(t for t in ALL_FACES for _ in range(COPIES_PER_FACE)) + (FALSE_JOKER,) * EXTRA_TILES

    def deal_round(self, rules: Rules, shuffled: Sequence[Tile], starter: int) -> Dealt:
        """The first tile of ``shuffled`` that is not a false joker is turned up as the indicator;
        then the starter gets 22 tiles and each other seat 21, in the order of play from the
        starter; the other 20 (106 - 1 - 22 - 3 x 21) are the stock, drawn in the order they lie.

        >>> from okeytool.rules import get_rules
        >>> rules = get_rules("101")
        >>> dealt = GAME.deal_round(rules, GAME.tiles(rules), 0)
        >>> [len(h) for h in dealt.hands], len(dealt.stock), str(dealt.indicator)
        ([22, 21, 21, 21], 20, 'R1')
        """
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

    def answer(self, question: Question) -> Answer:
        """``discard``: the 101 discard ranking (22 tiles, penalties from the table's melds);
        ``open``: the opening analysis, and what taking a discard would allow."""
        if isinstance(question, DiscardQuestion):
            from okeytool.solver.okey101.opening import discard_101

            return discard_101(question.deal, question.tiles, table=question.table)
        if isinstance(question, OpenQuestion):
            return _open_answer(question)
        return super().answer(question)

    def check_melds(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> None:
        """Refuse a meld that is not a valid set or run (a pair is accepted). Raises :class:`InputError`."""
        laid_melds(deal, melds)

    def opening_value(self, deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[int, int]:
        """The value of opening melds (rules.md 2) and how many pairs they hold."""
        from okeytool.solver.okey101.layoffs import table_melds

        pairs, rest = _pairs(deal, melds)
        return sum(m.meld.value for m in table_melds(deal, rest)), len(pairs)

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
        """22 tiles: ``discard`` in 101, the 101 discard ranking (penalties for işler taş from the
        table melds), with the opening each throw leaves; fewer that must throw: what each throw
        costs (:class:`~okeytool.solver.advice.Penalties`); 21: ``open``, the opening, its melds and
        what lifts it to 101."""
        melds = laid_melds(deal, table)
        if to_throw and len(hand) == deal.rules.drawn_size:
            return self.answer(DiscardQuestion(deal, tuple(hand), table=melds))
        if to_throw:
            from okeytool.solver.okey101.opening import discard_penalty

            rows = sorted(((t, discard_penalty(deal, t, melds)) for t in set(hand)), key=lambda r: (bool(r[1]), r[0]))
            return Penalties(tuple(rows), deal.rules.discard_penalty)
        on_table = [t for m in table for t in m]
        others = list(seen)
        for tile in on_table:
            if tile in others:
                others.remove(tile)
        return self.answer(OpenQuestion(deal, tuple(hand), tuple(others), melds, opened, alternatives=0))

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
        """The 101 discard ranking: 1 for a winning throw, 0 for one that costs a penalty, else 0.5
        plus half the opening value left over the best (or 101); with fewer than 22 tiles, 0 for a
        throw that costs a penalty and 1 for one that does not."""
        from okeytool.solver.okey101 import opening

        melds = laid_melds(deal, table)
        if len(hand) == deal.rules.drawn_size:
            result = opening.discard_101(deal, hand, table=melds)
            top = max(1, max(r.open_points for r in result.discards))
            rows = [(r.tile, 1.0 if r.wins else (0.0 if r.penalty else 0.5 + 0.5 * r.open_points / max(top, 101)))
                    for r in result.discards]  # fmt: skip
        else:
            rows = [(t, 0.0 if opening.discard_penalty(deal, t, melds) else 1.0) for t in sorted(set(hand))]
        rows.sort(key=lambda r: -r[1])
        return Grades("ranking-101", tuple(Grade(t, v, (-v,)) for t, v in rows))


GAME = Okey101Game()
