"""CP-SAT model of the most valuable 101 opening (rules.md 5.2), the reference beside the fast search.

Data (a hand in solver form, how many tiles must stay in the hand) → :class:`OpeningModel`
(``_add_*`` methods, one per game rule) → :class:`OpeningSolution`. Every solve has a time limit, one
worker and the project's fixed seed. ortools is imported only when a model is built.
"""

from __future__ import annotations

from dataclasses import dataclass

from okeytool.deal import Deal, SolverHand
from okeytool.errors import SolverError
from okeytool.solver.melds.result import SolveStatus
from okeytool.solver.melds.templates import Template, templates
from okeytool.tiles import FACE_COUNT, index_number

TIME_LIMIT_S = 10.0  # as okeytool.solver.melds.cpsat.TIME_LIMIT_S (not imported: it loads ortools)
#: Full linear relaxation of the meld constraints: without it the LP bound is weak and a single
#: worker can spend seconds on a hand with okeys; with it every hand of the benchmark solves in ms.
LINEARIZATION_LEVEL = 2


@dataclass(frozen=True)
class OpeningSolution:
    """A solved opening model: the pieces laid (faces of each), their value and the solve status."""

    status: SolveStatus
    pieces: tuple[tuple[int, ...], ...]
    value: int


class OpeningModel:
    """The opening as an integer programme over the candidate melds of the rules.

    ``use[t]`` is how often template t is laid (0-2: each face has two copies). ``plain[f]`` is how many
    held tiles of face f are laid; the other slots of face f are filled by wilds. The value of a laid
    template is the sum of its slots' numbers, whatever fills them.
    """

    def __init__(self, deal: Deal, hand: SolverHand, *, keep: int = 1) -> None:
        from ortools.sat.python import cp_model

        self.deal = deal
        self.hand = hand
        self.keep = keep
        self.templates = self._fillable(templates(deal.rules.wrap))
        self.model = cp_model.CpModel()
        self.use = [self.model.new_int_var(0, self._most(tpl), f"use_{t}") for t, tpl in enumerate(self.templates)]
        self.slots = [
            sum(self.use[t] for t, tpl in enumerate(self.templates) if f in tpl.faces) for f in range(FACE_COUNT)
        ]
        self.plain = [self.model.new_int_var(0, hand.counts[f], f"plain_{f}") for f in range(FACE_COUNT)]
        self._add_held_tiles_in_own_slots()
        self._add_wilds_fill_the_rest()
        self._add_keep_a_discard()
        self._add_value_objective()

    def _fillable(self, candidates: tuple[Template, ...]) -> tuple[Template, ...]:
        """The candidate melds this hand can fill at all: held faces plus at most ``wilds`` missing ones."""
        counts, wilds = self.hand.counts, self.hand.wilds
        return tuple(tpl for tpl in candidates if sum(1 for f in tpl.faces if not counts[f]) <= wilds)

    def _most(self, tpl: Template) -> int:
        """How often a candidate can be laid: each slot needs a held tile of its face or a wild."""
        return min(2, min(self.hand.counts[f] + self.hand.wilds for f in tpl.faces))

    def _add_held_tiles_in_own_slots(self) -> None:
        # A held (non-wild) tile is laid only in a slot of its own face; F is the okey face (section 1).
        for f in range(FACE_COUNT):
            self.model.add(self.plain[f] <= self.slots[f])

    def _add_wilds_fill_the_rest(self) -> None:
        # Every slot no held tile fills takes a real okey of the hand; there are only the hand's wilds.
        self.model.add(sum(self.slots) - sum(self.plain) <= self.hand.wilds)

    def _add_keep_a_discard(self) -> None:
        # The opener must keep one tile to discard (rules.md 5.2): at most size - keep tiles are laid.
        self.model.add(sum(self.slots) <= self.hand.size - self.keep)

    def _add_value_objective(self) -> None:
        # Meld value (section 2): the sum of the numbers the tiles stand for; wilds count their slot.
        self.model.maximize(sum(index_number(f) * self.slots[f] for f in range(FACE_COUNT)))

    def solve(self, time_limit: float = TIME_LIMIT_S) -> OpeningSolution:
        """The best opening. Raises :class:`SolverError` if the time limit ends the solve unproven."""
        from okeytool.solver.melds.cpsat import solve

        solver, status = solve(self.model, time_limit, linearization_level=LINEARIZATION_LEVEL)
        if status is not SolveStatus.OPTIMAL:
            raise SolverError(f"the opening model ended {status.value}")
        pieces: list[tuple[int, ...]] = []
        for tpl, u in zip(self.templates, self.use):
            pieces.extend([tpl.faces] * solver.value(u))
        return OpeningSolution(status, tuple(pieces), round(solver.objective_value))
