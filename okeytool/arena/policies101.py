"""okeytool's own Okey 101 policies (rules.md 5), each a seat that sees only what its seat may see.

Every policy keeps its seat's view from the events it is told (:class:`View101`): its hand, the
melds on the table (who laid each, what each tile stands for), how each seat opened, the tiles
thrown and the tiles left in the stock. It answers ``{"ask": "take"}`` and ``{"ask": "play"}``
(:mod:`okeytool.arena.table101`). What they share:

- they go out whenever they can: every tile but the last laid (in new melds, and after opening in
  lay-offs), keeping a real okey for the last throw where that works (an okey finish doubles the
  round);
- once opened they lay every new meld and every lay-off they find (a tile left in the hand counts
  against them, a real okey 101), and throw a tile that costs no penalty where they can, the
  highest first;
- they take the previous throw only when they can lay it at once as the rules require (before
  opening: in an opening that reaches the threshold), and then do.

Where they differ:

- ``random``: any legal move, seeded: takes a usable throw half the time; opens half the time it
  can; lays each meld and lay-off half the time; throws a random tile (penalties and okeys included).
- ``greedy``: opens and lays off as soon as it can, with melds (the most valuable opening) or else
  with pairs; before opening throws the tile that keeps the best opening (the highest value left).
- ``acceptance``: the top row of the 101 discard ranking (``okeytool discard --rules 101``,
  :func:`~okeytool.solver.okey101.opening.discard_101`): goes out, opens with the row's opening, or
  throws the row's tile; takes the previous throw when the take analysis (``okeytool open --take``,
  :func:`~okeytool.solver.okey101.take.take_discard`) says it is usable; opens when it can (with
  pairs when the ranking's opening is of pairs only).

The opening-chance policy (rules.md 5.8) belongs in :data:`POLICIES` beside them, ranking the throws
of an unopened hand by ``okeytool.solver.okey101.chance.opening_chance_ranking``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from okeytool.arena.seats import Message, Seat
from okeytool.arena.table101 import meld_json, read_placements
from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.rules import Rules
from okeytool.solver.games import game_of
from okeytool.solver.melds.layout import lay_pieces
from okeytool.solver.melds.result import Meld
from okeytool.solver.melds.search import meld_search
from okeytool.solver.okey101.opening import best_layout, opening_from_layout, opening_search, pair_count
from okeytool.solver.okey101.play import (
    LaidMeld,
    OpenedWith,
    laid_off,
    may_lay_on,
    melds_value,
    new_meld,
    open_faces,
    opened_with,
)
from okeytool.tiles import Tile
from okeytool.values import tile_value


@dataclass
class View101:
    """What one seat knows: its seat, the deal, its hand, the melds on the table (in the order laid,
    as they stand now), how each seat opened (None: not yet), the tiles thrown, the stock left."""

    seat: int = -1
    deal: Deal | None = None
    hand: list[Tile] = field(default_factory=list)
    table: list[LaidMeld] = field(default_factory=list)
    opened: list[OpenedWith | None] = field(default_factory=list)
    thrown: list[Tile] = field(default_factory=list)
    stock: int = 0

    @property
    def mine(self) -> OpenedWith | None:
        """How this seat opened (None: it has not)."""
        return self.opened[self.seat]

    @property
    def others_opened(self) -> bool:
        """True when another seat has opened (no elden any more, rules.md 5.4)."""
        return any(o is not None for s, o in enumerate(self.opened) if s != self.seat)


def _tiles(names: Any) -> list[Tile]:
    return [Tile.parse(n) for n in names]


# -- what a hand can lay -----------------------------------------------------------------------------


def best_melds(deal: Deal, tiles: Sequence[Tile], keep: int) -> list[Meld]:
    """The most valuable new sets and runs of ``tiles`` that leave ``keep`` (0 or 1) tiles (none
    when nothing can be laid)."""
    hand = deal.solver_hand(tiles)
    layout = best_layout(deal, hand, keep=keep)
    return list(opening_from_layout(deal, hand, layout).melds) if layout.value else []


def all_melds(deal: Deal, tiles: Sequence[Tile], left: int) -> list[Meld] | None:
    """New sets and runs that lay every tile of ``tiles`` but ``left`` (0 or 1), or None."""
    hand = deal.solver_hand(tiles)
    search = meld_search(deal.rules.wrap)
    found = search.find(hand.counts, free=hand.wilds, drops=left, size=hand.size - left)
    if found is None or hand.size - left < 3:
        return None
    return list(lay_pieces(deal, hand.counts, [search.faces[t] for t in found.pieces]))


def natural_pairs(deal: Deal, tiles: Sequence[Tile], *, keep: int, need: int = 0) -> list[Meld]:
    """Pairs of identical tiles (two F ...) laid from ``tiles`` leaving ``keep``; when fewer than
    ``need``, real okeys complete single tiles (``jokers_in_pairs``), the highest first, and then
    pair with each other, to reach it (as :func:`~okeytool.solver.okey101.opening.pair_count`
    counts them)."""
    left = sorted(tiles)
    pairs: list[Meld] = []
    for tile in sorted({t for t in left if not deal.is_wild(t)}):
        while left.count(tile) >= 2 and len(left) - 2 >= keep:
            left.remove(tile)
            left.remove(tile)
            pairs.append(new_meld(deal, [tile, tile]))
    wilds = [t for t in left if deal.is_wild(t)]
    if deal.rules.jokers_in_pairs:
        singles = [t for t in left if not deal.is_wild(t)]
        singles.sort(key=lambda t: -tile_value(deal, t))
        while len(pairs) < need and wilds and singles and len(left) - 2 >= keep:
            wild, single = wilds.pop(), singles.pop(0)
            left.remove(wild)
            left.remove(single)
            pairs.append(new_meld(deal, [single, wild]))
    if len(pairs) < need and len(wilds) >= 2 and len(left) - 2 >= keep:
        pairs.append(new_meld(deal, wilds[:2]))  # two real okeys are identical tiles
    return pairs


def can_open_with_pairs(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """``open_pairs`` pairs can be laid from ``tiles`` with a tile left to throw."""
    need = deal.rules.open_pairs
    pairs = pair_count(deal.solver_hand(tiles), jokers_in_pairs=deal.rules.jokers_in_pairs)
    return pairs >= need and 2 * need <= len(tiles) - 1


class Turn:
    """One turn being planned on a copy of the seat's view: the melds and lay-offs chosen so far,
    the hand and table they leave."""

    def __init__(self, view: View101) -> None:
        assert view.deal is not None, "a turn before the deal"
        self.deal = view.deal
        self.seat = view.seat
        self.hand = list(view.hand)
        self.table = list(view.table)
        self.opened = view.mine
        self.others_opened = view.others_opened
        self.melds: list[Meld] = []
        self.lays: list[tuple[Tile, int, Tile]] = []

    def copy(self) -> Turn:
        other = Turn.__new__(Turn)
        other.__dict__.update({k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()})
        return other

    @property
    def laid(self) -> list[Tile]:
        """Every tile laid this turn."""
        return [*(t for m in self.melds for t in m.tiles), *(t for t, _, _ in self.lays)]

    def lay_melds(self, melds: Sequence[Meld]) -> None:
        for meld in melds:
            for tile in meld.tiles:
                self.hand.remove(tile)
            self.table.append(LaidMeld(self.seat, meld))
            self.melds.append(meld)
        self._rooms = self._fits = None
        if self.opened is None and melds:
            self.opened = opened_with(melds)

    def lay_off(self, tile: Tile, number: int, face: Tile) -> None:
        target = self.table[number]
        self.table[number] = LaidMeld(target.seat, laid_off(self.deal, target.meld, tile, face))
        self.hand.remove(tile)
        self.lays.append((tile, number, face))
        self._rooms = self._fits = None

    def lay_off_spot(self, tile: Tile) -> tuple[int, Tile] | None:
        """The first table meld ``tile`` may be laid off on, and the face it would stand for."""
        if self.opened is None:
            return None
        face = self.deal.plays_as(tile)
        for number, room in self.rooms():
            if face is None and room:
                return number, room[0]
            if face in room:
                return number, face
        return None

    def rooms(self) -> list[tuple[int, tuple[Tile, ...]]]:
        """Each table meld the seat may lay off on, with the faces a tile laid there may stand for
        (:func:`~okeytool.solver.okey101.play.lay_off_face`'s choice first); kept until the table changes."""
        if self._rooms is None:
            assert self.opened is not None
            self._rooms = [
                (number, open_faces(self.deal, target.meld))
                for number, target in enumerate(self.table)
                if may_lay_on(target, self.seat, self.opened)
            ]
        return self._rooms

    _rooms: list[tuple[int, tuple[Tile, ...]]] | None = None

    def more_melds(self, keep: int) -> list[Meld]:
        """New melds of what the seat opened with, leaving ``keep`` tiles."""
        if self.opened == "pairs":
            return natural_pairs(self.deal, self.hand, keep=keep)
        return best_melds(self.deal, self.hand, keep)

    def lay_all(self, keep: int, rng: random.Random | None = None) -> None:
        """Lay every new meld and lay-off found, leaving ``keep`` tiles (each only half the time with
        ``rng``)."""
        progress = True
        while progress and len(self.hand) > keep:
            progress = False
            melds = self.more_melds(keep)
            if melds and (rng is None or rng.random() < 0.5):
                self.lay_melds(melds)
                progress = True
            for tile in sorted(set(self.hand)):
                if len(self.hand) <= keep:
                    break
                spot = self.lay_off_spot(tile)
                if spot is not None and (rng is None or rng.random() < 0.5):
                    self.lay_off(tile, *spot)
                    progress = True

    def penalised(self, tile: Tile) -> bool:
        """True when throwing ``tile`` now costs a penalty (rules.md 5.5: a real okey, an işler taş:
        :func:`~okeytool.solver.okey101.play.fits_table`, read from the faces the table takes)."""
        if self.deal.is_wild(tile):
            return True
        if self._fits is None:
            self._fits = frozenset(f for m in self.table for f in open_faces(self.deal, m.meld))
        return self.deal.plays_as(tile) in self._fits

    _fits: frozenset[Tile] | None = None

    def answer(self, throw: Tile) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.melds:
            out["open"] = [meld_json(m) for m in self.melds]
        if self.lays:
            out["lay"] = [{"tile": str(t), "meld": n, "as": str(f)} for t, n, f in self.lays]
        out["throw"] = str(throw)
        return out


def finishing(turn: Turn, *, plain: bool = True) -> dict[str, Any] | None:
    """The answer that goes out this turn, if the policy's search finds one: a real okey kept for the
    last throw where the rest all lay, else every tile but one laid (after opening, ``plain``
    False: only the okey kept, the caller laying all it can anyway). Before opening only in new
    melds (worth ``open_points`` once another seat has opened; elden before)."""
    deal = turn.deal
    wilds = sorted({t for t in turn.hand if deal.is_wild(t)})
    last = [None] if plain or turn.opened is None else []
    for keep in [*wilds, *last]:
        plan = turn.copy()
        if keep is not None:
            plan.hand.remove(keep)
        left = 0 if keep is not None else 1
        if plan.opened is None:
            melds = all_melds(deal, plan.hand, left)
            if melds is None or (turn.others_opened and melds_value(melds) < deal.rules.open_points):
                continue
            plan.lay_melds(melds)
        else:
            plan.lay_all(left)
        if len(plan.hand) == left:
            throw = keep if keep is not None else plan.hand[0]
            return plan.answer(throw)
    return None


# -- taking the previous throw -------------------------------------------------------------------------


@dataclass(frozen=True)
class TakePlan:
    """How a taken tile is laid in the turn: new melds holding it, or a lay-off on a table meld."""

    melds: tuple[Meld, ...] = ()
    lay: tuple[int, Tile] | None = None

    def lay_on(self, turn: Turn, tile: Tile) -> None:
        if self.melds:
            turn.lay_melds(self.melds)
        if self.lay is not None:
            turn.lay_off(tile, *self.lay)


def take_plan(view: View101, tile: Tile, *, pairs: bool) -> TakePlan | None:
    """How the seat could lay ``tile`` at once if it took it (None: it could not), as the rules
    require (5.1): before opening in an opening that reaches the threshold (with melds from the take
    analysis; with pairs, ``pairs``, in a pair of two identical tiles), after opening in a lay-off or
    a new meld (a pair opener: a new pair)."""
    from okeytool.solver.okey101.take import take_discard

    deal = view.deal
    assert deal is not None
    turn = Turn(view)
    turn.hand.append(tile)
    if view.mine is None:
        taken = take_discard(deal, view.hand, tile, table=[m.table_meld() for m in view.table if not m.is_pair])
        if taken.usable and tile in taken.opening.tiles:
            return TakePlan(melds=taken.opening.melds)
        if pairs and view.hand.count(tile):
            laid = natural_pairs(deal, turn.hand, keep=1, need=deal.rules.open_pairs)
            if len(laid) >= deal.rules.open_pairs and any(tile in p.tiles for p in laid):
                return TakePlan(melds=tuple(laid))
        return None
    spot = turn.lay_off_spot(tile)
    if spot is not None:
        return TakePlan(lay=spot)
    if view.mine == "pairs":  # a new pair of it, a tile still left to throw
        return TakePlan(melds=(new_meld(deal, [tile, tile]),)) if view.hand.count(tile) and len(view.hand) > 1 else None
    taken = take_discard(deal, view.hand, tile, opened=True)
    if taken.opening.melds and tile in taken.opening.tiles:
        return TakePlan(melds=taken.opening.melds)
    return None


# -- the policies ------------------------------------------------------------------------------------


class Policy101(Seat):
    """A built-in 101 policy: keeps its :class:`View101` from the events and answers each request."""

    #: Whether the policy takes a throw that would complete an opening with pairs.
    pairs = True

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self.view = View101()
        self.plan: TakePlan | None = None
        self.taken: Tile | None = None

    @property
    def deal(self) -> Deal:
        assert self.view.deal is not None, "asked before the deal"
        return self.view.deal

    def see(self, event: Message) -> None:
        view = self.view
        kind = event["event"]
        seat = int(event.get("seat", -1))
        mine = seat == view.seat
        if kind == "deal":
            game = game_of(self.rules)
            view.seat = event["seat"]
            view.deal = Deal(self.rules, Tile.parse(event["indicator"]))
            view.hand = _tiles(event["hand"])
            view.table, view.thrown = [], []
            view.opened = [None] * game.seats
            dealt = self.rules.drawn_size + (game.seats - 1) * self.rules.hand_size
            view.stock = len(game.tiles(self.rules)) - 1 - dealt
        elif kind == "draw":
            view.stock -= 1
            if mine:
                view.hand.append(Tile.parse(event["tile"]))
        elif kind == "take":
            tile = Tile.parse(event["tile"])
            view.thrown.remove(tile)
            if mine:
                view.hand.append(tile)
        elif kind == "open":
            melds = [read_placements(self.deal, m) for m in event["melds"]]
            if view.opened[seat] is None:
                view.opened[seat] = opened_with(melds)
            view.table += [LaidMeld(seat, m) for m in melds]
            if mine:
                for tile in (t for m in melds for t in m.tiles):
                    view.hand.remove(tile)
        elif kind == "lay":
            tile, number = Tile.parse(event["tile"]), int(event["meld"])
            target = view.table[number]
            view.table[number] = LaidMeld(target.seat, laid_off(self.deal, target.meld, tile, Tile.parse(event["as"])))
            if mine:
                view.hand.remove(tile)
        elif kind == "throw":
            tile = Tile.parse(event["tile"])
            view.thrown.append(tile)
            if mine:
                view.hand.remove(tile)

    def ask(self, request: Message) -> Message:
        kind = request["ask"]
        if kind == "take":
            tile = Tile.parse(request["tile"])
            self.plan = self.take(tile)
            self.taken = tile if self.plan is not None else None
            return {"take": self.plan is not None}
        if kind == "play":
            return self.play()
        raise InputError(f"unknown request {kind!r}")

    def take(self, tile: Tile) -> TakePlan | None:
        """How the policy lays ``tile`` if it takes it (None: it draws)."""
        return take_plan(self.view, tile, pairs=self.pairs)

    def play(self) -> Message:
        turn = Turn(self.view)
        plan, taken, self.plan, self.taken = self.plan, self.taken, None, None
        if plan is not None and taken is not None:
            plan.lay_on(turn, taken)
        if turn.opened is not None:
            return self.play_opened(turn)
        return self.play_unopened(turn)

    def play_opened(self, turn: Turn) -> Message:
        """Go out if it can; else lay what it finds and throw."""
        done = finishing(turn, plain=False)
        if done is not None:
            return done
        turn.lay_all(1)  # every tile but one laid: the last throw goes out
        return turn.answer(self.opened_throw(turn))

    def play_unopened(self, turn: Turn) -> Message:
        raise NotImplementedError

    def opened_throw(self, turn: Turn) -> Tile:
        """A tile that costs no penalty, not a real okey, the highest value first; the last tile
        when only one is left."""
        deal = turn.deal
        return min(set(turn.hand), key=lambda t: (turn.penalised(t), deal.is_wild(t), -tile_value(deal, t), t))

    def open_now(self, turn: Turn) -> bool:
        """Open with the best melds (or else with pairs) when they reach the threshold."""
        deal = turn.deal
        melds = best_melds(deal, turn.hand, 1)
        if melds_value(melds) >= deal.rules.open_points:
            turn.lay_melds(melds)
            return True
        if can_open_with_pairs(deal, turn.hand):
            turn.lay_melds(natural_pairs(deal, turn.hand, keep=1, need=deal.rules.open_pairs))
            return True
        return False


class RandomPolicy101(Policy101):
    """Any legal move, seeded; goes out whenever it can."""

    name = "random"

    def take(self, tile: Tile) -> TakePlan | None:
        plan = super().take(tile)
        return plan if plan is not None and self.rng.random() < 0.5 else None

    def play_opened(self, turn: Turn) -> Message:
        done = finishing(turn)
        if done is not None:
            return done
        turn.lay_all(1, self.rng)
        return turn.answer(self.rng.choice(sorted(set(turn.hand))))

    def play_unopened(self, turn: Turn) -> Message:
        done = finishing(turn)
        if done is not None:
            return done
        if self.rng.random() < 0.5 and self.open_now(turn):
            return self.play_opened(turn)
        return turn.answer(self.rng.choice(sorted(set(turn.hand))))


class GreedyPolicy101(Policy101):
    """Opens and lays off as soon as it can; before opening keeps the best opening."""

    name = "greedy"

    def play_unopened(self, turn: Turn) -> Message:
        done = finishing(turn)
        if done is not None:
            return done
        if self.open_now(turn):
            return self.play_opened(turn)
        deal = turn.deal

        search = opening_search(deal.rules.wrap)
        hand = deal.solver_hand(turn.hand)
        best = search.best_layout(hand.counts, hand.wilds)
        # A tile the best opening does not lay keeps it whole: only a laid tile needs a search.
        slots = [0] * len(hand.counts)
        for piece in best.pieces:
            for f in piece.faces:
                slots[f] += 1
        wild_slots = sum(len(p.wild_faces) for p in best.pieces)

        def left_over(tile: Tile) -> bool:
            face = deal.plays_as(tile)
            if face is None:
                return hand.wilds > wild_slots
            plain_slots = slots[face.index] - sum(p.wild_faces.count(face.index) for p in best.pieces)
            return hand.counts[face.index] > plain_slots

        def kept(tile: Tile) -> int:
            """The best opening of the 21 left, all laid."""
            if left_over(tile):
                return best.value
            face = deal.plays_as(tile)
            counts, wilds = list(hand.counts), hand.wilds
            if face is None:
                wilds -= 1
            else:
                counts[face.index] -= 1
            return search.best_value(counts, wilds)

        orders = {t: (turn.penalised(t), deal.is_wild(t), tile_value(deal, t), t) for t in set(turn.hand)}
        order = orders.__getitem__

        # Least penalised, then the most kept, then not an okey, the lowest value: the search is
        # asked only for a tile that comes before every left-over tile with the same penalty.
        tiles = sorted(set(turn.hand), key=order)
        first_left = next((order(t) for t in tiles if left_over(t)), None)
        costs = [
            (order(t)[0], -kept(t), *order(t)[1:])
            for t in tiles
            if first_left is None or left_over(t) or order(t) < first_left
        ]
        return turn.answer(min(costs)[-1])


class AcceptancePolicy101(Policy101):
    """The top row of the 101 discard ranking (``discard --rules 101``); takes what the take
    analysis calls usable."""

    name = "acceptance"
    pairs = False

    def play_unopened(self, turn: Turn) -> Message:
        from okeytool.solver.okey101.opening import discard_101

        deal = turn.deal
        table = [m.table_meld() for m in turn.table if not m.is_pair]
        rows = discard_101(deal, turn.hand, table=table, with_waits=False).discards
        top = rows[0]
        rest = list(turn.hand)
        rest.remove(top.tile)
        if top.wins:
            melds = all_melds(deal, rest, 0)
            if melds is not None and (not turn.others_opened or melds_value(melds) >= deal.rules.open_points):
                turn.lay_melds(melds)
                return turn.answer(top.tile)
        if top.open_points >= deal.rules.open_points and len(top.opening.tiles) < len(rest):
            turn.lay_melds(top.opening.melds)
            plan = turn.copy()
            plan.hand.remove(top.tile)
            plan.lay_all(0)
            if not plan.hand or not plan.penalised(top.tile):
                plan.hand.append(top.tile)
                return plan.answer(top.tile)
            turn.lay_all(1)
            return turn.answer(self.opened_throw(turn))
        if top.can_open and can_open_with_pairs(deal, turn.hand):
            turn.lay_melds(natural_pairs(deal, turn.hand, keep=1, need=deal.rules.open_pairs))
            return self.play_opened(turn)
        return turn.answer(top.tile)


#: Seconds of work (counted in steps, so the same on every machine) the chance policy gives one
#: opening-chance ranking.
DEFAULT_WORK_101 = 0.2


class ChancePolicy101(AcceptancePolicy101):
    """Before opening: opens when the 101 discard ranking's top row can (as ``acceptance``), and
    otherwise throws the best row without a penalty of the opening-chance ranking (``discard --rules
    101 --chance``, rules.md 5.8) within the own draws the stock leaves; after opening, as
    ``acceptance``: lay what it can and go out soonest without a penalty."""

    name = "chance"

    def __init__(
        self, rules: Rules, rng: random.Random, *, work: float = DEFAULT_WORK_101, risk: float | None = None
    ) -> None:
        super().__init__(rules, rng)
        self.work = work
        #: The risk per draw that another seat ends the round first (None: the model's default).
        self.risk = risk

    def play_unopened(self, turn: Turn) -> Message:
        answer = super().play_unopened(turn)
        if "open" in answer or "lay" in answer and answer["lay"]:
            return answer  # it opens (or goes out): the acceptance play stands
        draws = self.view.stock // game_of(self.rules).seats  # every seat draws before his next turn
        if draws == 0:
            return answer  # no draw left to open with: no chance to play for
        from okeytool.solver.okey101.chance import DEFAULT_RISK, Effort, opening_chance_ranking

        deal = turn.deal
        table = [m.table_meld() for m in turn.table if not m.is_pair]
        risk = DEFAULT_RISK if self.risk is None else self.risk
        ranking = opening_chance_ranking(
            deal, turn.hand, self.view.thrown, draws=draws, risk=risk, table=table, effort=Effort(seconds=self.work)
        )
        # a throw that costs a penalty (rules.md 5.5: +101) is worth more than any chance it keeps
        free = [r for r in ranking.rows if r.chance is not None and not r.row.penalty]
        if not free:
            return answer  # no free row computed within the work: the plain ranking's throw
        best = free[0]
        reply = turn.answer(best.tile)
        reply["chance"] = best.chance
        return reply


#: The built-in 101 policies by name.
POLICIES: Mapping[str, Callable[..., Policy101]] = {
    "random": RandomPolicy101,
    "greedy": GreedyPolicy101,
    "acceptance": AcceptancePolicy101,
    "chance": ChancePolicy101,
}


def make_policy(name: str, rules: Rules, rng: random.Random, **settings: Any) -> Policy101:
    """The built-in 101 policy ``name``. Raises :class:`InputError` for an unknown name."""
    maker = POLICIES.get(name)
    if maker is None:
        raise InputError(f"unknown 101 policy {name!r} (known: {', '.join(POLICIES)}, or cmd:PROGRAM)")
    if name == "chance":
        return maker(rules, rng, **settings)
    return maker(rules, rng)
