"""Okey 101 as a game: 21 tiles, draw or take, open with 101 points or five pairs, lay off, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("101"))
(21, 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.errors import InputError
from okeytool.solver.advice import Grade, Grades, Penalties
from okeytool.solver.games import Dealt, Game, deal_under_indicator
from okeytool.solver.questions import Answer, ChanceAsk, DiscardQuestion, OpenQuestion, Question
from okeytool.tiles import ALL_FACES, COPIES_PER_FACE, EXTRA_TILES, FALSE_JOKER

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.rules import Rules
    from okeytool.solver.okey101.answers import OpenAnswer
    from okeytool.solver.okey101.chance import Effort, OpeningChanceRanking
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


def _asked_effort(ask: ChanceAsk) -> Effort:
    """The work a question's opening-chance ranking may do (``ask.seconds``), with the clock of
    :func:`okeytool.limits.chance_clock` as a backstop."""
    from okeytool.limits import chance_clock
    from okeytool.solver.okey101.chance import Effort

    return Effort(ask.seconds, chance_clock())


def _round_ask(draws: int | None) -> ChanceAsk:
    """What a followed round asks of the opening-chance model: ``draws`` own draws left (None: the
    model's default; never more than the model takes) at the model's risk."""
    from okeytool.solver.okey101.chance import DEFAULT_DRAWS, DEFAULT_RISK, MAX_DRAWS

    return ChanceAsk(DEFAULT_DRAWS if draws is None else min(draws, MAX_DRAWS), DEFAULT_RISK)


def _chance_ranking(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], table: Sequence[TableMeld], ask: ChanceAsk, effort: Effort
) -> OpeningChanceRanking:
    """The opening-chance ranking of an unopened 22-tile hand as ``ask`` asks it, within ``effort``."""
    from okeytool.solver.okey101.chance import opening_chance_ranking

    return opening_chance_ranking(deal, tiles, seen, draws=ask.draws, risk=ask.risk, effort=effort, table=table)


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
        # ``opened``: refused (an opened hand has no chance to open).
        "discard": frozenset({"seen", "table", "opened"}),
    }
    #: ``discard`` reads ``chance``, ``draws``, ``pile``, ``risk`` for the chance to open (rules.md 5.8).
    own_chance = frozenset({"discard"})
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
        return deal_under_indicator(rules, shuffled, starter, self.seats)

    def answer(self, question: Question) -> Answer:
        """``discard``: the 101 discard ranking (22 tiles, penalties from the table's melds), by
        the chance to open within the draws left with ``--chance`` (rules.md 5.8); ``open``: the
        opening analysis, and what taking a discard would allow.

        Raises :class:`InputError` for ``discard`` of a hand that has opened (``opened``)."""
        if isinstance(question, DiscardQuestion):
            if question.opened:
                raise InputError(
                    "discard in 101 ranks the throws of a 22-tile hand before it opens (an opened hand holds "
                    "fewer tiles: the round's advice names the throws that cost no penalty)"
                )
            if question.chance is not None:
                ask = question.chance
                return _chance_ranking(
                    question.deal, question.tiles, question.seen, question.table, ask, _asked_effort(ask)
                )
            from okeytool.solver.okey101.opening import discard_101

            return discard_101(question.deal, question.tiles, table=question.table)
        if isinstance(question, OpenQuestion):
            return _open_answer(question)
        return super().answer(question)

    def chance_ask(self, deal: Deal, *, draws: int | None, pile: int | None, risk: float | None) -> ChanceAsk:
        """The opening-chance model's own draws left and risk per draw (rules.md 5.8), its defaults
        for those not given (the 101 stock: five draws). Raises :class:`InputError` for values
        outside the model."""
        from okeytool.solver.okey101 import chance as model  # only here: a question without it starts faster

        if pile is not None:
            draws = model.draws_from_pile(pile)
        ask = ChanceAsk(model.DEFAULT_DRAWS if draws is None else draws, model.DEFAULT_RISK if risk is None else risk)
        model.check_model(ask.draws, ask.risk)
        return ask

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
        """22 tiles: ``discard --chance`` in 101, the 101 discard ranking (penalties for işler taş
        from the table melds, the opening each throw leaves) by each throw's chance to open within
        ``draws`` (rules.md 5.8); fewer that must throw: what each throw costs
        (:class:`~okeytool.solver.advice.Penalties`); 21: ``open``, the opening, its melds and what
        lifts it to 101."""
        melds = laid_melds(deal, table)
        on_table = [t for m in table for t in m]
        others = list(seen)
        for tile in on_table:
            if tile in others:
                others.remove(tile)
        if to_throw and len(hand) == deal.rules.drawn_size and not opened:
            question = DiscardQuestion(deal, tuple(hand), tuple(others), melds, chance=_round_ask(draws))
            return self.answer(question)
        if to_throw and len(hand) == deal.rules.drawn_size:
            return self.answer(DiscardQuestion(deal, tuple(hand), table=melds))
        if to_throw:
            from okeytool.solver.okey101.opening import discard_penalty

            rows = sorted(((t, discard_penalty(deal, t, melds)) for t in set(hand)), key=lambda r: (bool(r[1]), r[0]))
            return Penalties(tuple(rows), deal.rules.discard_penalty)
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
        """22 tiles: a throw's grade is its chance to open within ``draws`` own draws, the throw
        counted as seen (rules.md 5.8), with its discard penalty (5.5); the best is the highest
        chance among the throws without a penalty while one exists, ties in the 101 discard
        ranking's order, and a throw whose chance was not computed has none (its place in that
        order is its plain rank) (:meth:`~okeytool.solver.okey101.chance.OpeningChanceRanking.grades`).
        With fewer than 22 tiles, 0 for a throw that costs a penalty and 1 for one that does not."""
        from okeytool.solver.okey101 import opening

        melds = laid_melds(deal, table)
        if len(hand) == deal.rules.drawn_size:
            from okeytool.solver.okey101.chance import Effort

            on_table = [t for m in table for t in m]
            others = list(seen)
            for tile in on_table:
                if tile in others:
                    others.remove(tile)
            return _chance_ranking(deal, hand, others, melds, _round_ask(draws), Effort(deadline=deadline)).grades()
        penalty = deal.rules.discard_penalty
        rows = [(t, 0.0 if opening.discard_penalty(deal, t, melds) else 1.0) for t in sorted(set(hand))]
        rows.sort(key=lambda r: -r[1])
        return Grades("ranking-101", tuple(Grade(t, v, (-v,), 0 if v else penalty) for t, v in rows))


GAME = Okey101Game()
