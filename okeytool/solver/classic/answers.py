"""The classic ``check`` answer: the check itself, how far a hand that does not win is, and (with
``--chance``) whether to finish now or hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.classic.chance import ChanceRanking
    from okeytool.solver.classic.check import CheckResult


@dataclass(frozen=True)
class Distance:
    """How far a hand that does not win is: its deficiency (for 15 tiles, of the best 14 after a
    throw) and, for 15 tiles, the best throw (the top of the discard ranking)."""

    deficiency: int
    throw: Tile | None = None


@dataclass(frozen=True)
class CheckAnswer:
    """The classic ``check`` answer: the check itself; for a hand that does not win, how far it is;
    with ``--chance``, the chance ranking whose ``finish_now`` says whether to finish now or hold."""

    result: CheckResult
    distance: Distance | None = None
    chance: ChanceRanking | None = None

    def to_json(self) -> dict[str, Any]:
        """cli.md's ``check`` document; a hand that does not win adds ``deficiency`` and
        ``best_throw`` (null for 14 tiles), ``--chance`` adds ``model`` and ``finish_now``."""
        document = dict(self.result.to_json())
        if self.distance is not None:
            throw = self.distance.throw
            document["deficiency"] = self.distance.deficiency
            document["best_throw"] = str(throw) if throw is not None else None
        if self.chance is not None:
            document["model"] = self.chance.model.to_json()
            document["finish_now"] = self.chance.finish_now.to_json() if self.chance.finish_now else None
        return document
