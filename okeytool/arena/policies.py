"""okeytool's own policies, each a seat that sees only what its seat may see.

Every policy keeps its seat's view from the events it is told (:class:`View`): its hand, the
indicator, every tile thrown or shown (counted as seen, so out of the pool of its unseen counts), and
the tiles left in the stock. At each request it decides by its own criterion:

- ``random``: draws or takes at random and throws a random tile; goes out whenever it can (a player
  who would never go out is no baseline).
- ``greedy``: most tiles in melds (the meld deficiency of the best 14, as the simple solvers count
  it): throws the tile whose loss leaves most in melds, takes the previous throw when it brings more
  tiles into melds; goes out whenever it can.
- ``acceptance``: the top row of ``discard`` (deficiency, then acceptance: rules.md 4); takes the
  previous throw when it is one of the hand's useful tiles (it brings the hand closer); goes out
  whenever it can.
- ``chance``: the top row of ``discard --chance`` (win chance, rules.md 4.1) with the own draws the
  stock truly leaves; takes the previous throw when the chance after taking it is higher than the
  chance of drawing blind; goes out as soon as it can (the model's own rule).
- ``points``: the same by expected points, and it holds a winning hand when playing on is worth more.

The two chance policies report the win chance of the move they chose, which the arena compares with
what happened: the model's (``"model"`` in the answer) and the chance observed at a table for it
(``"chance"``, :func:`table_chance`: the model counts the stock only, not the previous throw a seat
sees before each draw); finishing moves report none. Their work is
counted in states, not seconds (``work``: seconds of work at the recursion's rate), so a run gives
the same moves on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from okeytool.arena.seats import Message, Seat
from okeytool.arena.table_chance import table_chance
from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.goals import ChanceGoal
from okeytool.rules import Rules
from okeytool.solver.games import game_of
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.classic.analysis import Analyser
    from okeytool.solver.classic.chance import HandFacts

#: Seats at a four-player table: a seat draws every fourth tile of the stock.
PLAYERS = 4
#: Seconds of work (at the recursion's counted rate) a chance policy gives one ranking.
DEFAULT_WORK = 0.05
#: The chance that another seat goes out between a seat's k-th throw and its next draw, for k = 1, 2, ...
#: (the last value for every later throw), measured on the records of
#: ``okeytool arena --challenger chance --champion acceptance --seed 1 --risk 0.05`` (deals 0-999,
#: 16,000 first throws; benchmarks/ARENA.md). It grows as the round goes on: 0.4 % after the first
#: throw, 12 % after the fifth, 40 % after the eleventh; 10.8 % on average.
HAZARD = (0.004, 0.009, 0.029, 0.071, 0.116, 0.173, 0.224, 0.270, 0.306, 0.334, 0.401, 0.425, 0.5)


def fitted_risk(throws: int, draws: int) -> float:
    """The risk per draw for a chance model asked by a seat that has thrown ``throws`` times, with
    ``draws`` own draws to come: the mean of :data:`HAZARD` over the throws ahead (this one and the
    next ``draws - 1``).

    >>> fitted_risk(0, 1), round(fitted_risk(4, 3), 3)
    (0.004, 0.171)
    """
    ahead = [HAZARD[min(k, len(HAZARD) - 1)] for k in range(throws, throws + max(1, draws))]
    return sum(ahead) / len(ahead)


@dataclass
class View:
    """What one seat knows: its seat, the deal, its hand, the tiles it has seen out of play (thrown,
    or known in another hand: taken from a throw, shown), and the tiles left in the stock. A tile
    counts once however often it changes hands."""

    seat: int = -1
    deal: Deal | None = None
    hand: list[Tile] = field(default_factory=list)
    #: Tiles thrown (and not taken back by this seat).
    thrown: list[Tile] = field(default_factory=list)
    #: Tiles each other seat is known to hold (taken from a throw, or shown).
    known: dict[int, list[Tile]] = field(default_factory=dict)
    stock: int = 0
    #: This seat's throws so far.
    throws: int = 0

    @property
    def seen(self) -> list[Tile]:
        """Every tile this seat knows is out of the pool but not in its hand."""
        return [*self.thrown, *(t for held in self.known.values() for t in held)]

    def own_draws(self, *, drawing: bool = False) -> int:
        """The own draws left after this turn's throw (``drawing``: counting the draw about to be
        made), when every seat draws in turn."""
        return (self.stock - 1) // PLAYERS + 1 if drawing and self.stock > 0 else self.stock // PLAYERS


def _tiles(names: Any) -> list[Tile]:
    return [Tile.parse(n) for n in names]


class Policy(Seat):
    """A built-in policy: keeps its :class:`View` from the events and answers each request."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self.view = View()
        self._analyser: Analyser | None = None

    @property
    def deal(self) -> Deal:
        assert self.view.deal is not None, "asked before the deal"
        return self.view.deal

    def analyser(self) -> Analyser:
        """The deal's analyser, kept for the game: its memo of hands serves every later decision."""
        if self._analyser is None or self._analyser.deal != self.deal:
            from okeytool.solver.classic.analysis import analyser_for

            self._analyser = analyser_for(self.deal)
        return self._analyser

    def see(self, event: Message) -> None:
        view = self.view
        kind = event["event"]
        seat = int(event.get("seat", -1))
        mine = seat == view.seat
        if kind == "deal":
            game = game_of(self.rules)
            view.seat = event["seat"]
            view.deal = Deal(self.rules, Tile.parse(event["indicator"]) if event["indicator"] else None)
            view.hand = _tiles(event["hand"])
            view.thrown = []
            view.known = {}
            view.throws = 0
            dealt = self.rules.drawn_size + (game.seats - 1) * self.rules.hand_size
            view.stock = len(game.tiles(self.rules)) - 1 - dealt
        elif kind == "draw":
            view.stock -= 1
            if mine:
                view.hand.append(Tile.parse(event["tile"]))
        elif kind == "take":
            tile = Tile.parse(event["tile"])
            if mine:
                view.hand.append(tile)
                view.thrown.remove(tile)  # back in a hand: mine
            else:  # still seen: now in a hand all know of
                view.thrown.remove(tile)
                view.known.setdefault(seat, []).append(tile)
        elif kind == "throw":
            tile = Tile.parse(event["tile"])
            if mine:
                view.hand.remove(tile)
                view.thrown.append(tile)
                view.throws += 1
            elif tile in view.known.get(seat, []):
                view.known[seat].remove(tile)  # the tile all knew he held: seen once still
                view.thrown.append(tile)
            else:
                view.thrown.append(tile)
        elif kind == "show" and not mine and view.deal is not None and view.deal.indicator is not None:
            view.known.setdefault(seat, []).append(view.deal.indicator)  # the twin, shown

    def ask(self, request: Message) -> Message:
        kind = request["ask"]
        if kind == "take":
            return {"take": self.take(Tile.parse(request["tile"]))}
        if kind == "show":
            return {"show": self.show()}
        if kind == "throw":
            return self.throw()
        raise InputError(f"unknown request {kind!r}")

    # -- the decisions a policy makes --------------------------------------------------------------

    def show(self) -> bool:
        """Gösterme costs nothing and charges the others: every policy shows."""
        return True

    def take(self, tile: Tile) -> bool:
        """Take ``tile`` (the previous throw) instead of drawing."""
        raise NotImplementedError

    def throw(self) -> Message:
        """``{"throw": tile}`` or ``{"win": tile}``, with a 15-tile hand."""
        raise NotImplementedError

    # -- what every policy asks of the hand ------------------------------------------------------

    def winning_throw(self, hand: list[Tile]) -> Tile | None:
        """The throw that goes out with the best finish, or None."""
        from okeytool.solver.classic.check import check_hand

        best = check_hand(self.deal, hand).best
        return None if best is None else best.discard


class RandomPolicy(Policy):
    """Any legal move, seeded; goes out whenever it can."""

    name = "random"

    def take(self, tile: Tile) -> bool:
        return self.rng.random() < 0.5

    def throw(self) -> Message:
        win = self.winning_throw(self.view.hand)
        if win is not None:
            return {"win": str(win)}
        return {"throw": str(self.rng.choice(sorted(set(self.view.hand))))}


class GreedyPolicy(Policy):
    """Most tiles in melds (the least meld deficiency of the best 14)."""

    name = "greedy"

    def _melds_left(self, analyser: Analyser, hand: list[Tile]) -> int:
        return int(analyser.deficiency(self.deal.solver_hand(hand)).melds)

    def _best_throw(self, analyser: Analyser, hand: list[Tile]) -> tuple[int, Tile]:
        okey = self.deal.okey

        def cost(tile: Tile) -> tuple[int, bool, Tile]:
            rest = list(hand)
            rest.remove(tile)
            return (self._melds_left(analyser, rest), tile == okey, tile)

        scored = min(cost(t) for t in set(hand))
        return scored[0], scored[2]

    def take(self, tile: Tile) -> bool:
        hand = self.view.hand
        if self.winning_throw([*hand, tile]) is not None:
            return True
        analyser = self.analyser()
        return self._best_throw(analyser, [*hand, tile])[0] < self._melds_left(analyser, hand)

    def throw(self) -> Message:
        win = self.winning_throw(self.view.hand)
        if win is not None:
            return {"win": str(win)}
        return {"throw": str(self._best_throw(self.analyser(), self.view.hand)[1])}


class AcceptancePolicy(Policy):
    """The top row of ``discard``: deficiency, then acceptance (rules.md 4)."""

    name = "acceptance"

    def take(self, tile: Tile) -> bool:
        hand = self.view.hand
        analyser = self.analyser()
        solver_hand = self.deal.solver_hand(hand)
        if analyser.deficiency(solver_hand).total == 0:
            return True  # a complete 14: any tile goes out
        return tile in analyser.useful_draws(solver_hand)

    def throw(self) -> Message:
        return _acceptance_throw(self)


def _acceptance_throw(policy: Policy) -> Message:
    """The top row of ``discard`` for the policy's hand and what its seat has seen."""
    from okeytool.solver.classic.analysis import best_discard

    best = best_discard(policy.deal, policy.view.hand, policy.view.seen, analyser=policy.analyser())
    return {"win": str(best.tile)} if best.wins else {"throw": str(best.tile)}


class ChancePolicy(Policy):
    """The top row of ``discard --chance`` by ``goal`` (win chance or expected points), with the
    own draws the stock leaves; the previous throw taken when it is worth more than a blind draw."""

    name = "chance"
    goal: ChanceGoal = "chance"

    def __init__(
        self, rules: Rules, rng: random.Random, *, work: float = DEFAULT_WORK, risk: float | None = None
    ) -> None:
        super().__init__(rules, rng)
        self.work = work
        self.risk = risk
        self._facts: HandFacts | None = None

    def facts(self) -> HandFacts:
        """The deal's hand facts, kept for the game like :meth:`analyser`: a hand met at one decision
        is not worked out again at the next, so the work each ranking may do goes to the recursion."""
        if self._facts is None or self._facts.deal != self.deal:
            from okeytool.solver.classic.chance import HandFacts

            self._facts = HandFacts(self.deal, self.analyser())
        return self._facts

    def _model(self, draws: int) -> dict[str, Any]:
        """The model's risk per draw (the fixed ``risk``, else :func:`fitted_risk` for this seat's
        turn) and its work, for a ranking with ``draws`` own draws."""
        from okeytool.solver.classic.chance import Effort

        risk = fitted_risk(self.view.throws, draws) if self.risk is None else self.risk
        return {"risk": risk, "effort": Effort(seconds=self.work)}

    def _ranking(self, hand: list[Tile], seen: list[Tile], draws: int) -> Any:
        from okeytool.solver.classic.chance import chance_ranking

        return chance_ranking(
            self.deal,
            hand,
            seen,
            draws=draws,
            goal=self.goal,
            analyser=self.analyser(),
            facts=self.facts(),
            **self._model(draws),
        )

    def _value(self, chance: float | None, points: float | None) -> float | None:
        return chance if self.goal == "chance" else points

    def take(self, tile: Tile) -> bool:
        from okeytool.solver.classic.chance import chance_of

        view = self.view
        hand = view.hand
        analyser = self.analyser()
        solver_hand = self.deal.solver_hand(hand)
        if analyser.deficiency(solver_hand).total > 0 and tile not in analyser.useful_draws(solver_hand):
            return False  # a tile that brings the hand no closer is not worth more than a blind draw
        seen = list(view.seen)
        seen.remove(tile)
        taken = self._ranking([*hand, tile], seen, view.own_draws())
        if taken.finish_now is not None and self.goal == "chance":
            return True
        top = taken.best
        take_value = self._value(top.chance, top.points)
        if taken.finish_now is not None:
            hold = taken.finish_now.hold_points
            take_value = max(taken.finish_now.points, hold if hold is not None else 0.0)
        if take_value is None:
            return False
        draws = view.own_draws(drawing=True)
        model = self._model(draws)
        if draws == 0:
            return True
        blind = chance_of(self.deal, hand, view.seen, draws, model["risk"], effort=model["effort"], facts=self.facts())
        draw_value = self._value(blind.chance, blind.points)
        assert draw_value is not None
        # V_T counts a risk before the first draw; the draw about to be made has none.
        return bool(take_value > draw_value / (1 - model["risk"]))

    def throw(self) -> Message:
        view = self.view
        draws = view.own_draws()
        if draws == 0:  # no draw left: only going out counts
            win = self.winning_throw(view.hand)
            return {"win": str(win)} if win is not None else _acceptance_throw(self)
        return self.answer(self._ranking(view.hand, view.seen, draws), draws)

    def answer(self, ranking: Any, draws: int) -> Message:
        """The throw (or win) a ranking with ``draws`` own draws left gives, with its reported chance."""
        if ranking.finish_now is not None:
            if self.goal == "chance" or ranking.finish_now.advice == "finish":
                return {"win": str(ranking.best.tile)}
            # Holding: the row's chance is that of finishing with the tile now (1), not of holding,
            # whose chance the ranking does not give; no prediction is reported.
            return {"throw": str(ranking.finish_now.hold_tile)}
        row = ranking.best
        answer: dict[str, Any] = {"throw": str(row.tile)}
        if row.chance is not None:
            answer["chance"] = self.reported_chance(row.chance, draws)
            answer["model"] = row.chance
        return answer

    def reported_chance(self, model: float, draws: int) -> float:
        """The chance reported for a throw the model gives ``model`` with ``draws`` own draws left: the
        table chance, which the table was fitted for (a model of one look a turn)."""
        return table_chance(model, draws)


class PointsPolicy(ChancePolicy):
    """The top row of ``discard --chance --goal points``; holds a winning hand when playing on is
    worth more."""

    name = "points"
    goal: ChanceGoal = "points"


#: The built-in policies by name.
POLICIES: Mapping[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "acceptance": AcceptancePolicy,
    "chance": ChancePolicy,
    "points": PointsPolicy,
}


def make_policy(name: str, rules: Rules, rng: random.Random, **settings: Any) -> Policy:
    """The built-in policy ``name``. Raises :class:`InputError` for an unknown name."""
    maker = POLICIES.get(name)
    if maker is None:
        raise InputError(f"unknown policy {name!r} (known: {', '.join(POLICIES)}, or cmd:PROGRAM)")
    if name in ("chance", "points"):
        return maker(rules, rng, **settings)
    return maker(rules, rng)
