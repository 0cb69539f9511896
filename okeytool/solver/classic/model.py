"""CP-SAT models of meld hands: exact partitions and the deficiency (tiles to exchange).

Data (a hand in solver form) → model class (``_add_*`` methods, one per game rule) → typed answer.
Every solve goes through :func:`okeytool.solver.melds.cpsat.solve` (time limit, one worker, fixed seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from okeytool.deal import Deal, SolverHand
from okeytool.errors import SolverError
from okeytool.solver.melds.cpsat import solve
from okeytool.solver.melds.result import SolveStatus
from okeytool.solver.melds.templates import templates
from okeytool.tiles import FACE_COUNT

#: CP-SAT parameters for these models: the fuller linear relaxation proves the optimum much sooner.
PARAMETERS = {"linearization_level": 2}


@dataclass(frozen=True)
class MeldSolution:
    """A solved model: the pieces laid (faces of each), plain tiles kept in them, and the status."""

    status: SolveStatus
    pieces: tuple[tuple[int, ...], ...]
    kept: int


class MeldModel:
    """Meld hands over the candidate melds of the rules.

    ``use[t]`` is how often template t is laid (0-2: the same meld can be laid twice from the two
    copies of each face). Each slot of a laid template is filled by a plain tile of the hand
    (``kept[f]`` per face) or, when the hand has none left, by a wild or a tile from outside.
    Only templates holding at least one face of the hand are listed; melds made wholly of tiles from
    outside are ``fresh`` slots (a count, 0 or at least 3: such melds can always be found among the
    faces the hand and the other melds leave free).
    """

    def __init__(self, deal: Deal, hand: SolverHand, *, supply: Sequence[int] | None = None) -> None:
        self.deal = deal
        self.hand = hand
        self.supply = supply if supply is not None else deal.supply_vector()
        self.size = deal.rules.hand_size
        self.templates = [t for t in templates(deal.rules.wrap) if any(hand.counts[f] for f in t.faces)]
        self.model = cp_model.CpModel()
        self.fresh = self.model.new_int_var_from_domain(
            cp_model.Domain.from_intervals([[0, 0], [3, self.size]]), "fresh"
        )
        self.use = [self.model.new_int_var(0, 2, f"use_{t}") for t in range(len(self.templates))]
        self.slots = [
            sum(self.use[t] for t, tpl in enumerate(self.templates) if f in tpl.faces) for f in range(FACE_COUNT)
        ]
        self.kept = [self.model.new_int_var(0, hand.counts[f], f"kept_{f}") for f in range(FACE_COUNT)]
        self._add_size()
        self._add_kept_within_slots()

    def _add_size(self) -> None:
        # A winning hand shows exactly the rules' hand size (14 tiles).
        laid = sum(len(tpl) * u for tpl, u in zip(self.templates, self.use))
        self.model.add(laid + self.fresh == self.size)

    def _add_kept_within_slots(self) -> None:
        # A tile of the hand stays only in a slot of its own face.
        for f in range(FACE_COUNT):
            self.model.add(self.kept[f] <= self.slots[f])

    def _add_all_plain_kept(self) -> None:
        # Exact partition: every plain tile of the hand is in a meld ...
        for f in range(FACE_COUNT):
            self.model.add(self.kept[f] == self.hand.counts[f])
        # ... and the other slots are exactly the hand's wilds (at most two, so no fresh meld).
        self.model.add(sum(self.slots) - sum(self.kept) + self.fresh == self.hand.wilds)

    def _add_outside_supply(self) -> None:
        # Slots the hand does not fill take tiles from outside: at most supply - held per face;
        # beyond that a wild stands in, and the game has two wilds.
        over = []
        for f in range(FACE_COUNT):
            outside = self.supply[f] - self.hand.counts[f]
            excess = self.model.new_int_var(0, 8, f"excess_{f}")
            self.model.add(excess >= self.slots[f] - self.kept[f] - outside)
            over.append(excess)
        self.model.add(sum(over) <= self.deal.rules.max_wilds)

    def _solution(self, solver: cp_model.CpSolver, status: SolveStatus) -> MeldSolution:
        pieces = []
        for tpl, u in zip(self.templates, self.use):
            pieces.extend([tpl.faces] * solver.value(u))
        kept = sum(solver.value(k) for k in self.kept)
        return MeldSolution(status, tuple(pieces), kept)

    def complete_pieces(self) -> list[tuple[int, ...]] | None:
        """The pieces of an exact partition of the hand into melds, or None if there is none."""
        self._add_all_plain_kept()
        solver, status = solve(self.model, **PARAMETERS)
        if status is SolveStatus.UNKNOWN:
            raise SolverError("the arrangement model reached its time limit")
        if status is SolveStatus.INFEASIBLE:
            return None
        return list(self._solution(solver, status).pieces)

    def most_kept(self) -> MeldSolution:
        """The meld hand that keeps the most plain tiles of the hand (for the deficiency)."""
        self._add_outside_supply()
        self.model.maximize(sum(self.kept))
        solver, status = solve(self.model, **PARAMETERS)
        if status is not SolveStatus.OPTIMAL:
            raise SolverError(f"the deficiency model ended {status.value}")
        return self._solution(solver, status)

    def meld_deficiency(self) -> int:
        """Tiles to exchange to reach a meld hand from the best 14 of the hand's tiles."""
        kept = self.most_kept().kept
        return max(0, self.size - kept - self.hand.wilds)
