"""Variants of okeytool's policies, each asking what one change would be worth (benchmarks/ARENA.md,
"20,000 rounds of the chance policy, and where the wins come from"). Each plays against three
acceptance seats on the arena's duplicate deals; none is one of okeytool's policies.

Nearly half of the rounds are won right after a take of the previous throw: the tile a seat throws
is the one tile its next seat may take, and the tile its previous seat throws is a look at one more
tile before each draw. None of okeytool's policies asks what its throw gives the next seat, and the
win-chance model (rules.md 4.1) counts the stock only.

- ``oracle`` (defence, the bound): acceptance told the next seat's hand (from the deal's stock order
  and the public events, which is cheating); among the rows of least deficiency it throws the best
  one that does not let that seat go out by taking it.
- ``reading`` (defence, what a player can do): acceptance reading the next seat from what all see
  (:class:`NextSeat`): a face it threw, or passed by drawing blind, is safe; a tile near one it took
  is dangerous. Each row of least deficiency is worth its acceptance times the chance that the throw
  does not feed a win (:data:`FEED` by the turn, times :data:`FACTOR` by what is read, times
  ``--weight``).
- ``guard`` (defence in the win-chance currency): the chance policy ranking its computed rows by
  table chance times the chance that the throw feeds no win: the reading's estimate, or with
  ``--feed-model FILE`` the logistic model of :mod:`benchmarks.arena_feed` (``--weight`` counts the
  feed risk that many times).
- ``chance``: okeytool's chance policy, for a comparison on the same deals.
- ``far``: the chance policy that, where its ranking computed no row within its work (a hand far
  from a win), ranks the throw at 4 own draws instead (within the same work again) and follows that
  ranking when it computed its best row with a chance above 0; else the plain ranking's top row, as
  the chance policy does (:mod:`benchmarks.far_hands` measured what the plain top row gives up).
- ``looks``: the chance policy whose model counts two looks a turn, the previous throw and the
  stock's next tile: its rankings get twice the own draws the stock leaves (at most the model's 12),
  and the risk per turn is split over the two.

``python -m benchmarks.arena_variants --variant oracle --deals 1000 --seed 3`` prints the summary
(the variant minus acceptance per seat, with 95 % intervals; for ``looks`` its calibration too).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from okeytool.arena.policies import AcceptancePolicy, ChancePolicy, Policy, View, fitted_risk
from okeytool.arena.run import GAMES_PER_DEAL, ArenaRun, GameRecord, seat
from okeytool.arena.seats import Message
from okeytool.arena.summary import Tally
from okeytool.arena.table import deal_of, play_round, policy_seed
from okeytool.arena.table_chance import table_chance
from okeytool.rules import Rules, get_rules
from okeytool.solver.classic.analysis import DiscardOption, _discard_order, _rows
from okeytool.solver.classic.check import check_hand
from okeytool.solver.games import Dealt
from okeytool.tiles import Tile

#: The chance that a throw lets the next seat go out by taking it, by the thrower's throws so far
#: (the last value for later throws), for a tile read as ``other``: measured with
#: ``python -m benchmarks.arena_analysis RECORD feed`` on 1,500 deals of four acceptance seats, seed 11.
FEED = (0.0002, 0.0011, 0.0038, 0.0093, 0.0126, 0.0266, 0.0337, 0.0444, 0.0496, 0.0709, 0.0517, 0.0746, 0.1047)
#: How much likelier than ``other`` a tile so read feeds a win (same record, from the fifth throw on:
#: thrown 0.2 %, passed 0.3 %, near a take 8.4 %, set with a take 5.2 %, other 3.2 %).
FACTOR = {"thrown": 0.06, "passed": 0.1, "near a take": 2.66, "set with a take": 1.65, "other": 1.0}


def reading_feed(throws: int, kind: str) -> float:
    """The reading's chance that a throw feeds the next seat's win: :data:`FEED` at the thrower's
    throws so far, times :data:`FACTOR` of what is read of the tile (a key of it)."""
    return FEED[min(throws, len(FEED) - 1)] * FACTOR[kind]


def _number(tile: Tile) -> tuple[str, int] | None:
    text = str(tile)
    return (text[0], int(text[1:])) if text[1:].isdigit() else None


class NextSeat:
    """What all can see of one seat: the faces it threw, the faces it passed (the previous seat
    threw them and it drew blind) and the tiles it took and still holds."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.thrown: set[str] = set()
        self.passed: set[str] = set()
        self.taken: list[str] = []
        self._offered: str | None = None

    def observe(self, event: Message) -> None:
        """Follow one public event of the round."""
        kind, seat = event["event"], event.get("seat")
        if kind == "throw":
            if seat == self.seat:
                self.thrown.add(event["tile"])
                if event["tile"] in self.taken:
                    self.taken.remove(event["tile"])
            self._offered = event["tile"] if seat == (self.seat - 1) % GAMES_PER_DEAL else None
        elif kind == "draw" and seat == self.seat and self._offered is not None:
            self.passed.add(self._offered)
        elif kind == "take" and seat == self.seat:
            self.taken.append(event["tile"])
        if kind in ("draw", "take") and seat == self.seat:
            self._offered = None

    def read(self, tile: Tile) -> str:
        """What the public events say of ``tile`` for this seat: a key of :data:`FACTOR`."""
        name = str(tile)
        if name in self.thrown:
            return "thrown"
        if name in self.passed:
            return "passed"
        number = _number(tile)
        taken = [n for n in map(_number, map(Tile.parse, self.taken)) if n is not None]
        if number is not None:
            colour, value = number
            if any(c == colour and abs(v - value) in (1, 2) for c, v in taken):
                return "near a take"
            if any(c != colour and v == value for c, v in taken):
                return "set with a take"
        return "other"


class _Defending(AcceptancePolicy):
    """Acceptance, choosing among its rows of least deficiency by :meth:`worth`."""

    def see(self, event: Message) -> None:
        super().see(event)
        if event["event"] == "deal":
            self.next_seat = NextSeat((self.view.seat + 1) % GAMES_PER_DEAL)
        self.next_seat.observe(event)

    def worth(self, row: DiscardOption) -> float:
        raise NotImplementedError

    def throw(self) -> Message:
        win = self.winning_throw(self.view.hand)
        if win is not None:
            return {"win": str(win)}
        rows = _rows(self.deal, self.view.hand, self.view.seen, self.analyser(), "search", least_only=True)
        best = min(rows, key=lambda row: (-self.worth(row), *_discard_order(self.deal, row)))
        return {"throw": str(best.tile)}


class Reading(_Defending):
    name = "reading"
    weight = 1.0

    def worth(self, row: DiscardOption) -> float:
        feed = reading_feed(self.view.throws, self.next_seat.read(row.tile))
        return row.acceptance * max(0.0, 1.0 - self.weight * feed)


class Oracle(_Defending):
    """Knows the next seat's hand: the deal (its stock order) and the events tell it."""

    name = "oracle"
    dealt: Dealt

    def see(self, event: Message) -> None:
        if event["event"] == "deal":
            self.hands = [list(h) for h in self.dealt.hands]
            self.stock = list(self.dealt.stock)
        kind, seat = event["event"], int(event.get("seat", -1))
        if kind == "draw":
            self.hands[seat].append(self.stock.pop(0))
        elif kind == "take":
            self.hands[seat].append(Tile.parse(event["tile"]))
        elif kind == "throw":
            self.hands[seat].remove(Tile.parse(event["tile"]))
        super().see(event)

    def worth(self, row: DiscardOption) -> float:
        feeds = check_hand(self.deal, [*self.hands[self.next_seat.seat], row.tile]).best is not None
        return -1.0 if feeds else 0.0


class Guard(ChancePolicy):
    """The chance policy that asks what its throw gives the next seat: each computed row is worth its
    table chance times the chance that the throw feeds no win (:class:`Reading`'s estimate), since a
    throw the next seat goes out with ends the round lost."""

    name = "guard"
    weight = 1.0

    def see(self, event: Message) -> None:
        super().see(event)
        if event["event"] == "deal":
            self.next_seat = NextSeat((self.view.seat + 1) % GAMES_PER_DEAL)
        self.next_seat.observe(event)

    #: None: the reading's classes (FEED times FACTOR); else the coefficients of a logistic model of
    #: :mod:`benchmarks.arena_feed` (an intercept, then one per feature of its FEATURES).
    coefficients: Sequence[float] | None = None

    def feed(self, tile: Tile) -> float:
        """The chance that throwing ``tile`` lets the next seat go out by taking it."""
        if self.coefficients is not None:
            from benchmarks.arena_feed import features

            row = features(self.view, self.next_seat, self.rules, tile)
            if row is None:
                return 1.0  # the okey itself: never thrown while anything else can be
            z = self.coefficients[0] + sum(w * x for w, x in zip(self.coefficients[1:], row))
            return min(1.0, self.weight / (1.0 + math.exp(-z)))
        return min(1.0, self.weight * reading_feed(self.view.throws, self.next_seat.read(tile)))

    def throw(self) -> Message:
        view = self.view
        draws = view.own_draws()
        if draws == 0:
            return super().throw()
        ranking = self._ranking(view.hand, view.seen, draws)
        if ranking.finish_now is not None:
            return {"win": str(ranking.best.tile)}
        rows = [row for row in ranking.rows if row.chance is not None]
        if not rows:
            return {"throw": str(ranking.best.tile)}
        row = max(rows, key=lambda row: table_chance(row.chance, draws) * (1.0 - self.feed(row.tile)))
        return {"throw": str(row.tile), "chance": self.reported_chance(row.chance, draws), "model": row.chance}


class LooksView(View):
    """A seat's view whose draws to come are looks: two a turn (the previous throw, then the stock)."""

    def own_draws(self, *, drawing: bool = False) -> int:
        turns = super().own_draws()
        if drawing:  # the stock's tile about to be drawn, then two looks a turn
            return min(MODEL_DRAWS, 2 * turns + 1) if super().own_draws(drawing=True) else 0
        return turns


#: The most own draws the win-chance model takes (``--draws``).
MODEL_DRAWS = 12


class Looks(ChancePolicy):
    name = "looks"

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        super().__init__(rules, rng)
        self.view = LooksView()

    def _model(self, draws: int) -> dict[str, Any]:
        """``draws`` are looks here: the risk per turn (fixed, or fitted to the turns they span) split
        over the turn's two looks."""
        turn = fitted_risk(self.view.throws, max(1, (draws + 1) // 2)) if self.risk is None else self.risk
        return {**super()._model(draws), "risk": 1 - (1 - turn) ** 0.5}

    def _ranking(self, hand: list[Tile], seen: list[Tile], draws: int) -> Any:
        return super()._ranking(hand, seen, min(MODEL_DRAWS, 2 * draws))

    def reported_chance(self, model: float, draws: int) -> float:
        """The model's own chance: the table was fitted for a model of one look a turn, not two."""
        return model


#: The own draws ``far`` ranks at where the true draws' ranking computed no row.
SHORT_DRAWS = 4


def stand_in(ranking: Any, rank_short: Callable[[], Any]) -> Tile | None:
    """The throw ``far`` plays instead of ``ranking``'s (a chance ranking), or None for the
    ranking's own: where no row was computed (and no win is at hand), the best row of
    ``rank_short()`` (the ranking at :data:`SHORT_DRAWS` draws) if it was computed with a chance."""
    if ranking.finish_now is not None or ranking.best.computed:
        return None
    short = rank_short().best
    return short.tile if short.computed and short.chance is not None and short.chance > 0 else None


class Far(ChancePolicy):
    """The chance policy whose ranking, where it computed no row, is stood in for by the ranking at
    :data:`SHORT_DRAWS` own draws (the chance policy plays the plain ranking's top row there)."""

    name = "far"
    #: Throws of every ``Far`` seat of the run: where the stand-in was asked, where it gave a
    #: throw, and where that throw is not the plain ranking's top row.
    asked = answered = changed = 0

    def throw(self) -> Message:
        view = self.view
        draws = view.own_draws()
        if draws <= SHORT_DRAWS:
            return super().throw()
        ranking = self._ranking(view.hand, view.seen, draws)

        def rank_short() -> Any:
            Far.asked += 1
            return self._ranking(view.hand, view.seen, SHORT_DRAWS)

        tile = stand_in(ranking, rank_short)
        if tile is None:
            return self.answer(ranking, draws)
        Far.answered += 1
        Far.changed += tile != ranking.best.tile
        return {"throw": str(tile)}  # a chance at 4 draws: not reported as the round's


def play_deal(
    run: ArenaRun, rules: Rules, variant: str, weight: float, deal: int, coefficients: Sequence[float] | None = None
) -> list[GameRecord]:
    """The four games of one deal, the variant in each seat in turn (as the arena plays them)."""
    dealt = deal_of(rules, run.seed, deal)
    out = []
    for game in range(GAMES_PER_DEAL):
        seats: list[Any] = []
        for place in range(GAMES_PER_DEAL):
            if place != game:
                seats.append(seat(run, rules, "acceptance", deal, game, place))
                continue
            maker = {
                "oracle": Oracle,
                "reading": Reading,
                "looks": Looks,
                "guard": Guard,
                "chance": ChancePolicy,
                "far": Far,
            }[variant]
            player: Policy = maker(rules, random.Random(policy_seed(run.seed, deal, game, place)))
            if isinstance(player, Oracle):
                player.dealt = dealt
            if isinstance(player, (Reading, Guard)):
                player.weight = weight
            if isinstance(player, Guard):
                player.coefficients = coefficients
            seats.append(player)
        header = {"deal": deal, "game": game, "rules": rules.name, "options": {}}
        out.append(GameRecord(deal, game, play_round(rules, dealt, seats, header)))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("oracle", "reading", "looks", "guard", "chance", "far"), required=True)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--weight", type=float, default=1.0, help="reading: the feed risk counted this many times")
    parser.add_argument(
        "--feed-model", help="guard: the JSON answer of benchmarks.arena_feed, whose model reads the feed"
    )
    args = parser.parse_args(argv)
    rules = get_rules("classic")
    run = ArenaRun("classic", args.variant, "acceptance", args.deals, args.seed)
    tally = Tally(rules)
    start = time.perf_counter()
    coefficients = None
    if args.feed_model:
        with open(args.feed_model, encoding="utf-8") as model:
            coefficients = list(json.load(model)["coefficients"].values())
    for deal in range(args.deals):
        tally.add(play_deal(run, rules, args.variant, args.weight, deal, coefficients))
    summary = tally.summary().to_json(challenger=args.variant, champion="acceptance")
    print(
        json.dumps(
            {
                "variant": args.variant,
                "weight": args.weight,
                "feed_model": args.feed_model,
                "seed": args.seed,
                "deals": args.deals,
                "difference": summary["difference"],
                "challenger": summary["challenger"],
                "champion": summary["champion"],
                "calibration": summary.get("calibration"),
                **(
                    {"stand_in": {"asked": Far.asked, "answered": Far.answered, "changed": Far.changed}}
                    if args.variant == "far"
                    else {}
                ),
                "seconds": round(time.perf_counter() - start, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
