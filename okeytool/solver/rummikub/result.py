"""The typed answers of a Rummikub-style play (rules.md section 6): the play, the table after it.

Shared by the solver (:mod:`okeytool.solver.rummikub.play`, which checks the question and answers
it), the CP-SAT model that lays the answer out (:mod:`okeytool.solver.rummikub.model`) and the
renderer; kept apart so that neither solver module imports the other's types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from okeytool.goals import PlayGoal
from okeytool.solver.melds.result import Meld, SolveStatus
from okeytool.tiles import Tile
from okeytool.values import rack_value

MeldStatus = Literal["kept", "changed", "new"]


@dataclass(frozen=True)
class LaidMeld:
    """One meld of the table after the play.

    ``status``: ``"kept"`` (a table meld left exactly as it was), ``"changed"`` (holds tiles that were
    on the table, rearranged or added to) or ``"new"`` (only tiles from the rack). ``from_rack`` marks,
    per placement, a tile laid from the rack this turn (identical tiles are interchangeable: the
    marks show one way to carry the play out).
    """

    meld: Meld
    status: MeldStatus
    from_rack: tuple[bool, ...]

    def to_json(self) -> list[dict[str, str]]:
        """The meld as cli.md's list of ``{"tile", "as"}``."""
        return self.meld.to_json()


@dataclass(frozen=True)
class Play:
    """The answer of :func:`best_play`.

    ``placed``: the rack tiles to lay (canonical order); ``value``: the numbers they stand for (a
    joker counts the number it stands for; when jokers move on the table, the rack's jokers are
    counted at the best of the numbers jokers stand for); ``table``: the whole table after the play;
    ``rack_left``: what stays in the rack; ``initial``: the initial-meld rule applied (the player had
    not yet melded); ``status``: how the solve ended (optimal unless the time limit was reached).
    """

    rack: tuple[Tile, ...]
    placed: tuple[Tile, ...]
    value: int
    table: tuple[LaidMeld, ...]
    rack_left: tuple[Tile, ...]
    initial: bool
    goal: PlayGoal
    status: SolveStatus

    @property
    def placed_count(self) -> int:
        """How many rack tiles are laid."""
        return len(self.placed)

    @property
    def must_draw(self) -> bool:
        """True when no tile can be laid (no initial meld reaches the threshold): the player draws."""
        return not self.placed

    @property
    def goes_out(self) -> bool:
        """True when the whole rack is laid."""
        return not self.rack_left

    @property
    def rack_left_value(self) -> int:
        """What the tiles left would cost if someone went out now: numbers, a joker 30."""
        return rack_value(self.rack_left)

    @property
    def kept_count(self) -> int:
        """Table melds left exactly as they were."""
        return sum(m.status == "kept" for m in self.table)

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The table after the play, as plain melds."""
        return tuple(m.meld for m in self.table)

    def to_json(self) -> dict[str, object]:
        """cli.md's ``play`` document, plus ``meld_status`` (one per table meld), ``rack_left_value``,
        ``must_draw``, ``goes_out``, ``goal`` and ``status``."""
        return {
            "placed": [str(t) for t in self.placed],
            "placed_count": self.placed_count,
            "value": self.value,
            "table": [m.to_json() for m in self.table],
            "rack_left": [str(t) for t in self.rack_left],
            "initial": self.initial,
            "meld_status": [m.status for m in self.table],
            "rack_left_value": self.rack_left_value,
            "must_draw": self.must_draw,
            "goes_out": self.goes_out,
            "goal": self.goal,
            "status": self.status.value,
        }


@dataclass(frozen=True)
class GoOut:
    """The answer of :func:`can_go_out`: can the whole rack be laid now, and how.

    ``play`` is the play laying every rack tile, or None when there is none.
    """

    rack: tuple[Tile, ...]
    play: Play | None
    initial: bool
    status: SolveStatus

    @property
    def winning(self) -> bool:
        """True if the whole rack can be laid this turn."""
        return self.play is not None

    def to_json(self) -> dict[str, object]:
        """The ``check`` document in the Rummikub profile (cli.md's keys; there is no discard).

        ``best`` is null or ``{"discard": null, "kind": "melds", "okey_finish": false, "kafa": false,
        "melds": the table after going out, "value": the numbers laid}``; ``initial`` says the
        initial-meld rule applied; ``table`` repeats the melds (or is null).
        """
        best: dict[str, object] | None = None
        if self.play is not None:
            best = {
                "discard": None,
                "kind": "melds",
                "okey_finish": False,
                "kafa": False,
                "melds": [m.to_json() for m in self.play.table],
                "value": self.play.value,
            }
        return {
            "winning": self.winning,
            "winning_discards": [],
            "best": best,
            "initial": self.initial,
            "table": best["melds"] if best else None,
            "status": self.status.value,
        }
