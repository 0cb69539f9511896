"""Classic Okey hands as a game (the classic and okeygg profiles): 14 tiles, draw or take, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("okeygg"))
(14, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okeytool.solver.advice import Grade, Grades
from okeytool.solver.games import CHANCE_FIELDS, Dealt, Game, Going, deal_under_indicator
from okeytool.solver.questions import Answer, ChanceAsk, CheckQuestion, DiscardQuestion, Question, WaitsQuestion
from okeytool.tiles import ALL_FACES, COPIES_PER_FACE, EXTRA_TILES, FALSE_JOKER

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.rules import Rules
    from okeytool.solver.classic.answers import CheckAnswer
    from okeytool.solver.classic.chance import ChanceRanking, Effort
    from okeytool.tiles import Tile


def _chance_ranking(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], ask: ChanceAsk, effort: Effort
) -> ChanceRanking:
    """The chance ranking of a 15-tile hand as ``ask`` asks it, within ``effort``."""
    from okeytool.solver.classic.chance import chance_ranking

    return chance_ranking(
        deal, tiles, seen, draws=ask.draws, risk=ask.risk, goal=ask.goal, effort=effort, extra=ask.extra
    )


def _asked_effort(ask: ChanceAsk) -> Effort:
    """The work a question's chance ranking may do (``ask.seconds``), with the clock of
    :func:`okeytool.limits.chance_clock` as a backstop."""
    from okeytool.limits import chance_clock
    from okeytool.solver.classic.chance import Effort

    return Effort(ask.seconds, chance_clock())


def _round_ask(draws: int | None) -> ChanceAsk:
    """What a followed round asks of the chance model: ``draws`` own draws left (None: the model's
    default) at the model's risk."""
    from okeytool.solver.classic.chance import DEFAULT_DRAWS, DEFAULT_RISK

    return ChanceAsk(DEFAULT_DRAWS if draws is None else draws, DEFAULT_RISK)


def _check_answer(question: CheckQuestion) -> CheckAnswer:
    """The check; for a hand that does not win, how far it is; with ``--chance``, the chance ranking."""
    from okeytool.solver.classic.analysis import analyse_waits, rank_discards
    from okeytool.solver.classic.answers import CheckAnswer, Distance
    from okeytool.solver.classic.check import check_hand

    deal, tiles = question.deal, question.tiles
    result = check_hand(deal, tiles, solver=question.solver)
    ranking = None
    drawn = len(tiles) == deal.rules.drawn_size
    if question.chance is not None and drawn:
        ranking = _chance_ranking(deal, tiles, question.seen, question.chance, _asked_effort(question.chance))
    if result.winning:
        return CheckAnswer(result, None, ranking)
    if drawn:
        top = rank_discards(deal, tiles, question.seen, solver=question.solver).best
        return CheckAnswer(result, Distance(top.deficiency, top.tile), ranking)
    waits = analyse_waits(deal, tiles, question.seen, solver=question.solver)
    return CheckAnswer(result, Distance(waits.deficiency.total), ranking)


class ClassicGame(Game):
    """A hand of 14 tiles wins by showing them in melds or seven pairs; there are no table melds."""

    name = "classic"
    hands = "14-tile Okey hands (classic, okeygg)"
    questions = {
        # ``chance``, ``draws``, ``pile``, ``risk``: the win-chance model (rules.md 4.1); ``goal``
        # orders a chance ranking (chance or points); ``extra`` ranks by the ``extra`` method.
        "check": frozenset({"seen", "solver", *CHANCE_FIELDS, "extra"}),
        "waits": frozenset({"seen", "solver"}),
        "discard": frozenset({"seen", "solver", "deep", *CHANCE_FIELDS, "goal", "extra"}),
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
        return deal_under_indicator(rules, shuffled, starter, self.seats)

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

    def answer(self, question: Question) -> Answer:
        """``check``: the check, how far a hand that does not win is and (``--chance``) whether to
        finish now or hold; ``waits``: the waits; ``discard``: the discard ranking, by win chance
        (or expected points) with ``--chance``."""
        if isinstance(question, CheckQuestion):
            return _check_answer(question)
        if isinstance(question, WaitsQuestion):
            from okeytool.solver.classic.analysis import analyse_waits

            return analyse_waits(question.deal, question.tiles, question.seen, solver=question.solver)
        if isinstance(question, DiscardQuestion):
            deal, tiles, seen = question.deal, question.tiles, question.seen
            if question.chance is not None:
                return _chance_ranking(deal, tiles, seen, question.chance, _asked_effort(question.chance))
            from okeytool.solver.classic.analysis import rank_discards

            return rank_discards(deal, tiles, seen, solver=question.solver, deep=question.deep)
        return super().answer(question)

    def chance_ask(self, deal: Deal, *, draws: int | None, pile: int | None, risk: float | None) -> ChanceAsk:
        """The chance model's own draws left and risk per draw (rules.md 4.1), its defaults for those
        not given. Raises :class:`InputError` for values outside the model."""
        from okeytool.solver.classic import chance as model  # only here: a question without it starts faster

        if pile is not None:
            draws = model.draws_from_pile(pile)
        ask = ChanceAsk(model.DEFAULT_DRAWS if draws is None else draws, model.DEFAULT_RISK if risk is None else risk)
        model.check_model(ask.draws, ask.risk)
        return ask

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
        """15 tiles: ``discard --chance``, the discard ranking with each throw's win chance within
        ``draws`` (rules.md 4.1); 14: ``waits``, with unseen counts."""
        if to_throw:  # classic and okey.gg hands all have win chances
            return self.answer(DiscardQuestion(deal, tuple(hand), tuple(seen), chance=_round_ask(draws)))
        return self.answer(WaitsQuestion(deal, tuple(hand), tuple(seen)))

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

        chances = _chance_ranking(deal, hand, seen, _round_ask(draws), Effort(deadline=deadline))
        grades = tuple(Grade(r.tile, r.chance, plain_rank(deal, r.option)) for r in chances.rows)
        return Grades(f"chance:{chances.model.method}", grades, chances.model.draws)


GAME = ClassicGame()
