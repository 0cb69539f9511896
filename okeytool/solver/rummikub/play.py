"""Rummikub-style plays (rules.md section 6): what to lay from the rack, and the table it leaves.

Data → model → typed result, as elsewhere in the solvers:

* :func:`read_table` turns the melds on the table (as written) into :class:`Meld` objects, deciding
  what each joker on the table stands for, and refuses a meld that is not a valid set or run;
* :func:`prepare` refuses tiles that cannot exist together (rack plus table, by the one supply
  check of :mod:`okeytool.parse.supply`);
* :func:`best_play` asks the CP-SAT model (:mod:`okeytool.solver.rummikub.model`) for the play that
  places the most tiles (``goal="tiles"``) or the most value (``goal="value"``), and, among equal
  plays, keeps the most table melds unchanged, then (tie-break) places the most value / tiles;
* :func:`can_go_out` answers "can the whole rack be laid now?" (the ``check`` question).

Before his initial meld (``opened=False``) a player lays only new melds from his rack, worth at
least ``rules.initial_meld`` (30), and does not touch the table. Afterwards the whole table may be
rebuilt: every tile that was on it, jokers included, must end in a valid meld together with the
tiles laid from the rack. A joker is freed from a table meld only when a tile of the face it stands
for takes its place, and is then reused on the table in the same turn, as the rules demand.

ortools is imported only when a model is solved, so that the command line starts fast.
"""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.errors import HandSizeError, InputError
from okeytool.goals import PLAY_GOALS, PlayGoal
from okeytool.parse.supply import check_supply
from okeytool.solver.melds.result import Meld
from okeytool.solver.melds.table import read_table_meld
from okeytool.solver.rummikub.result import GoOut, LaidMeld, MeldStatus, Play
from okeytool.tiles import Tile
from okeytool.values import rack_value

# The answers live in rummikub.result; they are named here too, where callers ask the questions.
__all__ = [
    "GoOut",
    "LaidMeld",
    "MeldStatus",
    "Play",
    "best_play",
    "can_go_out",
    "prepare",
    "rack_value",
    "read_table",
    "require_rummikub",
]


def require_rummikub(deal: Deal, question: str = "play") -> None:
    """Refuse rules without printed jokers and table rearrangement. Raises :class:`InputError`."""
    if deal.rules.has_indicator:
        raise InputError(
            f"{question} with a rack and a table is for the rummikub rules (--rules rummikub), not {deal.rules.name}"
        )
    if deal.rules.wrap:
        raise InputError(f"{question} does not support runs that wrap 12-13-1 (option wrap) in {deal.rules.name}")


def read_table(deal: Deal, melds: Sequence[Sequence[Tile]]) -> tuple[Meld, ...]:
    """The table melds as laid: each joker gets the face it stands for, fixed by the order written.

    Read by :func:`okeytool.solver.melds.table.read_meld`, the one reader of table melds: a run takes the
    order written when it fits (``R4 J R6``: J is R5; ``R5 R6 J``: J is R7), else the lowest run that
    holds the tiles; in a set a joker stands for a missing colour (R, B, K, Y first). One number tile
    with two jokers is a run. Runs are shown in number order.

    Raises :class:`InputError` naming the meld when it is not a valid set or run, and
    :class:`SupplyError` for an F (there is none in this profile).
    """
    return tuple(read_table_meld(deal, deal.resolve(tiles), number) for number, tiles in enumerate(melds, start=1))


def prepare(
    deal: Deal, rack: Sequence[Tile], table: Sequence[Sequence[Tile]], question: str = "play"
) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """Checked rack (canonical order) and table melds for :func:`best_play` / :func:`can_go_out`.

    Raises :class:`InputError` for other rules or an invalid table meld, :class:`HandSizeError` for
    an empty rack, :class:`SupplyError` for impossible tiles.
    """
    require_rummikub(deal, question)
    held = deal.resolve(rack)
    if not held:
        raise HandSizeError(f"{question} needs at least one tile in the rack, but no tiles were given")
    check_supply(deal, held, [t for m in table for t in deal.resolve(m)], places=("in the rack", "on the table"))
    melds = read_table(deal, table)
    return tuple(sorted(held)), melds


def best_play(
    deal: Deal,
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]] = (),
    *,
    opened: bool = False,
    goal: PlayGoal = "tiles",
    time_limit: float | None = None,
) -> Play:
    """The best play for ``rack`` at ``table`` (melds as written, jokers included).

    ``opened``: the player has made his initial meld; otherwise only new melds from the rack worth
    at least ``rules.initial_meld`` may be laid (or nothing: :attr:`Play.must_draw`).

    Raises :class:`InputError` (and its subclasses) for bad input as :func:`prepare`; raises
    :class:`InputError` for an unknown goal and :class:`SolverError` if the time limit passes
    without any answer.
    """
    if goal not in PLAY_GOALS:
        raise InputError(f"goal must be tiles or value, not {goal!r}")
    held, melds = prepare(deal, rack, table)
    from okeytool.solver.rummikub.model import solve_play

    return solve_play(deal, held, melds, opened=opened, goal=goal, time_limit=time_limit)


def can_go_out(
    deal: Deal,
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]] = (),
    *,
    opened: bool,
    time_limit: float | None = None,
) -> GoOut:
    """Can the whole rack be laid this turn (with the table when ``opened``)?

    Not opened: the rack must split into new melds worth at least ``rules.initial_meld`` in all,
    the table untouched. Opened: rack and table together must form valid melds.

    Raises as :func:`best_play`.
    """
    held, melds = prepare(deal, rack, table, "check")
    from okeytool.solver.rummikub.model import solve_play

    play = solve_play(deal, held, melds, opened=opened, goal="tiles", time_limit=time_limit, lay_all=True)
    return GoOut(held, play if play.goes_out else None, not opened, play.status)
