"""One round played out by four seats, following the game's rules of play (rules.md 3.5).

The table holds what no seat may see (the stock's order, the other hands) and tells each seat only
what its seat may see (:func:`seat_view`). It asks the game (:func:`~okeytool.solver.games.game_of`)
how the tiles are dealt, who may show (gösterme) and how a hand goes out; it asks each seat what to
do through the seat protocol (:mod:`okeytool.arena.seats`), and refuses an illegal answer as a
forfeit of that seat's game. Every event goes to the record as it happens.

A turn: the starter's first turn has no draw; every later turn draws the stock's next tile or takes
the tile the previous seat threw last, then goes out (a throw that leaves a winning 14) or throws.
A seat holding the indicator's twin is asked whether to show it before its first draw (the starter:
before his first throw). The round ends at the first going out, or with no winner when the stock is
empty and the seat to move does not take the previous throw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from okeytool.arena.seats import Forfeit, Message, Seat
from okeytool.deal import Deal
from okeytool.rules import Rules
from okeytool.score import Round, scheme_for, score_round
from okeytool.score.items import totals
from okeytool.solver.games import Dealt, game_of
from okeytool.tiles import Tile

Event = dict[str, Any]


def shuffle_seed(seed: int, deal: int) -> str:
    """The seed of deal ``deal`` of a run seeded ``seed``: the same text, the same shuffle, on every
    machine (``random.Random`` seeded with text hashes it with SHA-512)."""
    return f"okeytool-arena/deal/{seed}/{deal}"


def policy_seed(seed: int, deal: int, game: int, seat: int) -> str:
    """The seed of a policy's random choices at one seat of one game."""
    return f"okeytool-arena/policy/{seed}/{deal}/{game}/{seat}"


def deal_of(rules: Rules, seed: int, deal: int, starter: int = 0) -> Dealt:
    """Deal ``deal`` of a run seeded ``seed``: the game's tiles shuffled from (seed, deal) alone."""
    game = game_of(rules)
    tiles = list(game.tiles(rules))
    random.Random(shuffle_seed(seed, deal)).shuffle(tiles)
    return game.deal_round(rules, tiles, starter)


def _names(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]


#: The keys of a throw answer that the record keeps but no other seat is told: the win chance the
#: seat gave its move (``chance``, the one calibrated) and its model's own (``model``).
PRIVATE = ("chance", "model")


def _is_chance(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0


def seat_view(event: Mapping[str, Any], seat: int) -> Event | None:
    """What seat ``seat`` is told of ``event``: its own hand of a deal (not the others' nor the
    stock), its own draws with the tile and the others' without; every take, throw, show and end;
    no seat's private chance. None when the seat is told nothing."""
    kind = event.get("event")
    if kind == "deal":
        return {
            "event": "deal",
            "seat": seat,
            "rules": event["rules"],
            "options": event["options"],
            "indicator": event["indicator"],
            "starter": event["starter"],
            "hand": event["hands"][seat],
        }
    view = {k: v for k, v in event.items() if k not in PRIVATE}
    if kind == "draw" and event["seat"] != seat:
        view.pop("tile", None)
    return view


@dataclass(frozen=True)
class Played:
    """One game played out: its events (the record), the winner and finish (None for a round
    without a winner), each seat's score change in the scheme's convention, the seat that forfeited
    (None), and each chance a seat reported with a throw, as (seat, chance)."""

    events: tuple[Event, ...]
    winner: int | None
    finish: str | None
    scores: tuple[int, ...]
    forfeit: int | None
    chances: tuple[tuple[int, float], ...]

    def points(self, rules: Rules) -> tuple[float, ...]:
        """Each seat's change signed so that higher is better (a penalty counts negative)."""
        sign = -1 if scheme_for(rules).lower_is_better else 1
        return tuple(float(sign * s) for s in self.scores)


class _Table:
    """The state of one round at the table, and the loop that plays it."""

    def __init__(self, rules: Rules, dealt: Dealt, seats: Sequence[Seat], header: Mapping[str, Any]) -> None:
        self.rules = rules
        self.game = game_of(rules)
        self.deal = Deal(rules, dealt.indicator)
        self.dealt = dealt
        self.seats = seats
        self.hands = [list(h) for h in dealt.hands]
        self.stock = list(dealt.stock)
        self.drawn = [False] * len(seats)  # the seat has drawn or taken
        self.thrown = [False] * len(seats)
        self.shown: list[int] = []
        self.events: list[Event] = []
        self.chances: list[tuple[int, float]] = []
        self.header = header

    # -- telling and asking ---------------------------------------------------------------------

    def emit(self, event: Event, *, ending: bool = False) -> None:
        """Record ``event`` and tell each seat its view (``ending``: a seat that fails to listen
        to the end of a forfeited game is let be)."""
        self.events.append(event)
        for seat, player in enumerate(self.seats):
            view = seat_view(event, seat)
            if view is None:
                continue
            try:
                player.see(view)
            except Forfeit as forfeit:
                if not ending:
                    forfeit.seat = seat
                    raise

    def ask(self, seat: int, request: Message) -> Message:
        try:
            answer = self.seats[seat].ask(request)
        except Forfeit as forfeit:
            forfeit.seat = seat
            raise
        if not isinstance(answer, Mapping):
            raise Forfeit(f"the answer to {request['ask']} is not a JSON object", seat)
        return answer

    def ask_yes(self, seat: int, request: Message, key: str) -> bool:
        answer = self.ask(seat, request)
        value = answer.get(key)
        if not isinstance(value, bool):
            raise Forfeit(f"the answer to {request['ask']} needs {key!r}: true or false")
        return value

    def held(self, seat: int, text: Any, what: str) -> Tile:
        if not isinstance(text, str):
            raise Forfeit(f'{what}: a tile is written as text, e.g. "R5"')
        try:
            tile = Tile.parse(text)
        except ValueError:
            raise Forfeit(f"{what}: {text!r} is not a tile") from None
        if tile not in self.hands[seat]:
            raise Forfeit(f"{what}: {tile} is not in the seat's hand")
        return tile

    # -- the round ------------------------------------------------------------------------------

    def play(self) -> Played:
        dealt = self.dealt
        self.emit(
            {
                "event": "deal",
                **self.header,
                "indicator": str(dealt.indicator) if dealt.indicator is not None else None,
                "starter": dealt.starter,
                "hands": [_names(sorted(h)) for h in dealt.hands],
                "stock": _names(dealt.stock),
                "policies": [player.name for player in self.seats],
            }
        )
        seat = dealt.starter
        previous: Tile | None = None  # the tile the previous seat threw last
        first = True
        try:
            while True:
                self.offer_show(seat)
                if not first:
                    took = previous is not None and self.ask_yes(seat, {"ask": "take", "tile": str(previous)}, "take")
                    if took:
                        assert previous is not None
                        self.hands[seat].append(previous)
                        self.emit({"event": "take", "seat": seat, "tile": str(previous)})
                    elif not self.stock:
                        return self.end(None, None)  # rules.md 3.4: a null round
                    else:
                        tile = self.stock.pop(0)
                        self.hands[seat].append(tile)
                        self.emit({"event": "draw", "seat": seat, "tile": str(tile)})
                    self.drawn[seat] = True
                first = False
                thrown = self.throw(seat)
                if isinstance(thrown, Played):
                    return thrown  # the seat went out
                previous = thrown
                seat = (seat + 1) % len(self.seats)
        except Forfeit as forfeit:
            return self.forfeited(forfeit, seat)

    def forfeited(self, forfeit: Forfeit, seat: int) -> Played:
        """End the game on a forfeit: of the seat it names, else of ``seat`` (the seat to move)."""
        loser = seat if forfeit.seat is None else forfeit.seat
        event: Event = {"event": "end", "winner": None, "finish": "forfeit", "seat": loser,
                        "reason": forfeit.reason, "scores": [0] * len(self.seats)}  # fmt: skip
        self.emit(event, ending=True)
        return Played(tuple(self.events), None, "forfeit", (0,) * len(self.seats), loser, tuple(self.chances))

    def offer_show(self, seat: int) -> None:
        """Gösterme: before the seat's first draw (the starter: his first throw), once a round."""
        if self.drawn[seat] or self.thrown[seat] or self.shown or not self.game.may_show(self.deal, self.hands[seat]):
            return
        if self.ask_yes(seat, {"ask": "show"}, "show"):
            self.shown.append(seat)
            self.emit({"event": "show", "seat": seat})

    def throw(self, seat: int) -> Played | Tile:
        """Ask the seat to throw or go out: the tile thrown, or the round's end when it goes out."""
        answer = self.ask(seat, {"ask": "throw"})
        note = {key: float(answer[key]) for key in PRIVATE if _is_chance(answer.get(key))}
        if "chance" in note:
            self.chances.append((seat, note["chance"]))
        else:
            note = {}  # a model's chance alone is not a prediction the arena checks
        if "win" in answer:
            tile = self.held(seat, answer["win"], "win")
            going = self.game.going_out(self.deal, self.hands[seat], tile)
            if going is None:
                raise Forfeit(f"win: the tiles left after throwing {tile} do not win")
            self.emit({"event": "win", "seat": seat, "throw": str(tile), "finish": going.finish.value, **note})
            return self.end(seat, going.finish.value, kafa=going.kafa)
        if "throw" not in answer:
            raise Forfeit('the answer to throw needs "throw" (a tile) or "win" (the finishing throw)')
        tile = self.held(seat, answer["throw"], "throw")
        self.hands[seat].remove(tile)
        self.thrown[seat] = True
        self.emit({"event": "throw", "seat": seat, "tile": str(tile), **note})
        return tile

    def end(self, winner: int | None, finish: str | None, *, kafa: bool = False) -> Played:
        scores = round_scores(self.rules, self.deal, winner, finish, kafa, self.shown)
        self.emit({"event": "end", "winner": winner, "finish": finish, "scores": list(scores)})
        return Played(tuple(self.events), winner, finish, scores, None, tuple(self.chances))


def round_scores(
    rules: Rules, deal: Deal, winner: int | None, finish: str | None, kafa: bool, shown: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's score change (seats named "0".."3"), as ``okeytool score`` gives it."""
    players = tuple(str(s) for s in range(4))
    round_ = Round(
        rules=rules,
        players=players,
        winner=None if winner is None else str(winner),
        finish=finish,
        indicator=deal.indicator,
        gosterme=tuple(str(s) for s in shown),
        kafa=kafa,
    )
    scored = totals(players, score_round(round_).items)
    return tuple(scored[p] for p in players)


def play_round(rules: Rules, dealt: Dealt, seats: Sequence[Seat], header: Mapping[str, Any]) -> Played:
    """Play one round of ``dealt`` with ``seats`` (one per seat, in seat order). ``header``: the
    keys the ``deal`` event starts with (deal, game, rules, options)."""
    return _Table(rules, dealt, seats, header).play()
