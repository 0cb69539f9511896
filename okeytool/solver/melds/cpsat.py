"""The project's CP-SAT settings, in one place: every solve has a time limit, one worker and a
fixed seed (the same question gives the same answer), and reports its status as :class:`SolveStatus`.

ortools is imported here and in the model modules only, so commands that do not solve start fast.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from okeytool.limits import TimeLimitExceeded, current_limit, remaining
from okeytool.solver.melds.result import SolveStatus

TIME_LIMIT_S = 10.0
SEED = 7

STATUS = {
    cp_model.OPTIMAL: SolveStatus.OPTIMAL,
    cp_model.FEASIBLE: SolveStatus.FEASIBLE,
    cp_model.INFEASIBLE: SolveStatus.INFEASIBLE,
    cp_model.MODEL_INVALID: SolveStatus.UNKNOWN,
    cp_model.UNKNOWN: SolveStatus.UNKNOWN,
}


def solve(
    model: cp_model.CpModel, time_limit: float = TIME_LIMIT_S, **parameters: float | str
) -> tuple[cp_model.CpSolver, SolveStatus]:
    """Solve ``model`` with the project's settings; ``parameters`` are further CP-SAT parameters
    (e.g. ``linearization_level=2``). Returns the solver (to read values) and the status.

    The solve never runs past the question's deadline (:mod:`okeytool.limits`): its time limit is
    capped by the time left. Raises :class:`~okeytool.limits.TimeLimitExceeded` when no time is left,
    or when the cap stopped the solve before it proved its answer.
    """
    left = remaining()
    capped = left is not None and left < time_limit
    if left is not None and left <= 0.0:
        raise TimeLimitExceeded(_question_limit())
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = min(time_limit, left) if left is not None else time_limit
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = SEED
    for name, value in parameters.items():
        setattr(solver.parameters, name, value)
    code = solver.solve(model)
    status = STATUS.get(code, SolveStatus.UNKNOWN)
    if capped and status not in (SolveStatus.OPTIMAL, SolveStatus.INFEASIBLE):
        raise TimeLimitExceeded(_question_limit())
    return solver, status


def _question_limit() -> float:
    return current_limit() or 0.0
