"""A practice position and the verdict on a throw in it: what the quiz deals and grades, in
classic Okey (:mod:`okeytool.arena.quiz`) and in Okey 101 (:mod:`okeytool.arena.quiz101`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile
from okeytool.round.review import Decision
from okeytool.rules import Rules
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.classic.chance import ChanceRanking
    from okeytool.solver.okey101.chance import OpeningChanceRanking
    from okeytool.solver.okey101.layoffs import TableMeld


@dataclass(frozen=True)
class Position:
    """One seat that must throw: the deal, its tiles (sorted: 15 in classic, 22 in 101), what it
    has seen out of play, the own draws left after the throw and (101) the sets and runs on the
    table. ``id`` is ``SEED/DEAL/SEAT/THROW`` (the seat's throws, in 101 its turns, counted from 1),
    the same text for the same position every time."""

    id: str
    rules: Rules
    indicator: Tile
    hand: tuple[Tile, ...]
    seen: tuple[Tile, ...]
    draws: int
    table: tuple[TableMeld, ...] = ()

    @property
    def opens(self) -> bool:
        """True for a position of a game whose players open with melds (Okey 101)."""
        from okeytool.solver.games import game_of

        return game_of(self.rules).opens

    @property
    def deal(self) -> Deal:
        """The deal (indicator and okey) of the position."""
        return Deal(self.rules, self.indicator)

    def read_throw(self, text: str) -> Tile:
        """The tile a player typed, as held (``J``: the okey). Raises :class:`NotationError` for
        text that is not one tile and :class:`InputError` for a tile not in the hand.

        >>> from okeytool.parse.notation import parse_tile, parse_tiles
        >>> from okeytool.rules import get_rules
        >>> hand = parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1 R5")
        >>> p = Position("0/0/0/1", get_rules("classic"), parse_tile("R4"), hand, (), 5)
        >>> p.read_throw("k1"), p.read_throw("J")
        (Tile.parse('K1'), Tile.parse('R5'))
        """
        tile = self.deal.resolve([parse_tile(text.strip())])[0]
        if tile not in self.hand:
            raise InputError(f"{tile} is not in the hand; throw one of its {len(self.hand)} tiles")
        return tile

    def to_json(self) -> dict[str, object]:
        """``{"id", "rules", "indicator", "okey", "hand", "seen", "draws", "table"}`` (``table``: the
        melds on the table, each its tiles; empty in classic)."""
        okey = self.deal.okey
        return {
            "id": self.id,
            "rules": self.rules.name,
            "indicator": str(self.indicator),
            "okey": None if okey is None else str(okey),
            "hand": [str(t) for t in self.hand],
            "seen": [str(t) for t in self.seen],
            "draws": self.draws,
            "table": [m.to_json() for m in self.table],
        }


@dataclass(frozen=True)
class Verdict:
    """A player's throw in a position: the decision (the throw, the best, their chances, what the
    throw lost: ``decision.lost``, None when it could not be graded), the ranking it was graded by,
    the seconds the player took, the position's distance (classic: from a win, the deficiency of
    the best 14 it can keep; 101: the draws to open at the fewest, a lower bound,
    :func:`~okeytool.arena.quiz101.draws_to_open`)."""

    position: Position
    decision: Decision
    ranking: ChanceRanking | OpeningChanceRanking
    seconds: float
    distance: int

    @property
    def penalty(self) -> int:
        """The discard penalty the throw pays that the best throw does not (101, rules.md 5.5; 0
        for none)."""
        return self.decision.penalty

    @property
    def cost(self) -> float | None:
        """The chance (to win; in 101 to open) the throw gave up against the best (0: as good;
        None: not graded)."""
        return self.decision.lost

    @property
    def matched(self) -> bool:
        """True when the throw was as good as the best: no chance given up and no penalty the best
        avoids (never for an ungraded throw)."""
        return self.decision.matched

    def to_json(self) -> dict[str, object]:
        """The position, the throw, the best, their chances, the cost, the seconds, the distance,
        the penalty and the ranking's rows (``discard --chance``'s)."""
        d = self.decision
        return {
            "position": self.position.to_json(),
            "thrown": str(d.thrown),
            "best": str(d.best),
            "chance_thrown": d.chance_thrown,
            "chance_best": d.chance_best,
            "cost": self.cost,
            "matched": self.matched,
            "graded": d.graded,
            "seconds": self.seconds,
            "distance": self.distance,
            "penalty": self.penalty,
            "discards": [row.to_json() for row in self.ranking.rows],
        }


def check_work(work: float) -> None:
    """Refuse a work budget outside (0, 60] seconds with :class:`InputError`."""
    if not 0 < work <= 60:
        raise InputError(f"--work must be above 0 and at most 60 seconds, got {work}")


def verdict_row(verdict: Verdict) -> Mapping[str, Any]:
    """What the ledger keeps of a verdict (:meth:`okeytool.ledger.quiz.QuizBook.add`)."""
    d = verdict.decision
    return {
        "position": verdict.position.id,
        "rules": verdict.position.rules.name,
        "thrown": str(d.thrown),
        "best": str(d.best),
        "chance_thrown": d.chance_thrown,
        "chance_best": d.chance_best,
        "cost": verdict.cost,
        "seconds": verdict.seconds,
        "distance": verdict.distance,
        "penalty": verdict.penalty,
    }
