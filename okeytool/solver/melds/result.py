"""Typed solver results: placements, melds, arrangements and the solve status."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from okeytool.tiles import Tile

ArrangementKind = Literal["melds", "pairs"]


class SolveStatus(Enum):
    """How a solve ended (CP-SAT's statuses; the exact search is always OPTIMAL or INFEASIBLE)."""

    OPTIMAL = "optimal"
    FEASIBLE = "feasible"
    INFEASIBLE = "infeasible"
    UNKNOWN = "unknown"


@dataclass(frozen=True, order=True)
class Placement:
    """One tile as laid: the tile held and the face it plays as (a wild's chosen face; F → okey)."""

    tile: Tile
    as_: Tile

    def to_json(self) -> dict[str, str]:
        """``{"tile": "R5", "as": "K3"}``."""
        return {"tile": str(self.tile), "as": str(self.as_)}


@dataclass(frozen=True)
class Meld:
    """A set, a run or (in seven pairs / pair openings) a pair, as laid."""

    kind: Literal["set", "run", "pair"]
    placements: tuple[Placement, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles held, in play order."""
        return tuple(p.tile for p in self.placements)

    @property
    def value(self) -> int:
        """Sum of the numbers the tiles stand for (rules.md section 2, meld value)."""
        return sum(p.as_.number for p in self.placements)

    def to_json(self) -> list[dict[str, str]]:
        """The meld as cli.md's list of placements."""
        return [p.to_json() for p in self.placements]


@dataclass(frozen=True)
class Arrangement:
    """A whole hand laid out: melds (sets and runs) or pairs."""

    kind: ArrangementKind
    melds: tuple[Meld, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the arrangement."""
        return tuple(t for meld in self.melds for t in meld.tiles)

    def to_json(self) -> list[list[dict[str, str]]]:
        """The melds as cli.md's nested lists."""
        return [meld.to_json() for meld in self.melds]
