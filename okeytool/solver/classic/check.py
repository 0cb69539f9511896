"""Is a hand winning, and with which discard? (rules.md 3.1, 3.2; cli.md ``check``).

A 14-tile hand is complete when it is a meld hand or seven pairs; a 15-tile hand wins with every
discard that leaves a complete 14. Among several winning discards the best scores most: a real okey
thrown (okey finish) or seven pairs doubles the win, both together quadruple it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from okeytool.deal import Deal, SolverHand
from okeytool.errors import InputError
from okeytool.finish import Finish
from okeytool.parse.supply import check_hand_size, check_supply
from okeytool.rules import KafaMode
from okeytool.solver.classic.pairs import pairs_layout
from okeytool.solver.games import game_of
from okeytool.solver.melds.layout import lay_pieces
from okeytool.solver.melds.result import Arrangement, ArrangementKind, Meld, Placement, SolveStatus
from okeytool.solver.melds.search import meld_search
from okeytool.tiles import FACE_COUNT, Tile, colour_indices, index_colour, index_number

SolverName = Literal["search", "cpsat"]


@dataclass(frozen=True)
class Win:
    """One way to win: the finishing discard (None for a 14-tile hand) and the hand laid out.

    ``kafa``: the 14 tiles are one colour, 1 to 13 and a second 1.
    """

    discard: Tile | None
    arrangement: Arrangement
    okey_finish: bool
    kafa: bool
    finish: Finish
    multiplier: int

    @property
    def kind(self) -> ArrangementKind:
        """``"melds"`` or ``"pairs"``."""
        return self.arrangement.kind

    def to_json(self) -> dict[str, object]:
        """cli.md's ``best`` object."""
        return {
            "discard": str(self.discard) if self.discard is not None else None,
            "kind": self.kind,
            "okey_finish": self.okey_finish,
            "kafa": self.kafa,
            "finish": self.finish.value,
            "multiplier": self.multiplier,
            "melds": self.arrangement.to_json(),
        }


@dataclass(frozen=True)
class CheckResult:
    """The answer of :func:`check_hand`: every winning discard's best win, best first."""

    tiles: tuple[Tile, ...]
    wins: tuple[Win, ...]
    status: SolveStatus
    gosterme: bool = False

    @property
    def winning(self) -> bool:
        """True if the hand is complete (14) or has a winning discard (15)."""
        return bool(self.wins)

    @property
    def best(self) -> Win | None:
        """The highest-scoring win, or None."""
        return self.wins[0] if self.wins else None

    @property
    def winning_discards(self) -> tuple[Tile, ...]:
        """The distinct winning discards, best first (empty for a 14-tile hand)."""
        return tuple(w.discard for w in self.wins if w.discard is not None)

    def to_json(self) -> dict[str, object]:
        """cli.md's ``check`` document."""
        return {
            "winning": self.winning,
            "winning_discards": [str(t) for t in self.winning_discards],
            "best": self.best.to_json() if self.best else None,
            "gosterme": self.gosterme,
        }


def check_hand(deal: Deal, tiles: Sequence[Tile], *, solver: SolverName = "search") -> CheckResult:
    """Check a 14-tile hand (complete?) or a 15-tile hand (which discards win?).

    ``tiles`` are as held (``Deal.resolve`` applied). Raises :class:`HandSizeError` for other sizes,
    :class:`SupplyError` for impossible tiles, :class:`InputError` for rules without 14-tile hands.
    """
    if not game_of(deal.rules).answers("check"):
        raise InputError(f"check is for 14-tile hands; a {deal.rules.name} hand opens instead (use open)")
    check_hand_size(tiles, (deal.rules.hand_size, deal.rules.drawn_size), "check")
    check_supply(deal, tiles)
    held = tuple(sorted(tiles))
    gosterme = may_show_indicator(deal, held)
    if len(held) == deal.rules.hand_size:
        win = best_win(deal, held, None, solver=solver)
        return CheckResult(held, (win,) if win else (), SolveStatus.OPTIMAL, gosterme)
    wins = []
    for discard in sorted(set(held)):
        rest = list(held)
        rest.remove(discard)
        win = best_win(deal, tuple(rest), discard, solver=solver)
        if win is not None:
            wins.append(win)
    wins.sort(key=lambda w: (-win_rank(deal, w), -w.finish.doublings, w.discard))
    return CheckResult(held, tuple(wins), SolveStatus.OPTIMAL, gosterme)


def may_show_indicator(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """Gösterme (showing the indicator's twin, rules.md 3.3): True if the rules have it and the hand
    holds the other copy of the indicator's face. Shown before the first draw (the starter: before
    his first discard), it charges every other player whoever wins the round."""
    return deal.rules.gosterme and deal.indicator is not None and deal.indicator in tiles


def win_rank(deal: Deal, win: Win) -> int:
    """Order of wins: a Kafa that wins the match first, then by multiplier (then, among equal
    multipliers, the finish with more doublings: pairs + okey before pairs when they do not stack)."""
    match_win = win.kafa and deal.rules.kafa is KafaMode.MATCH_WIN
    return (100 if match_win else 0) + win.multiplier


def best_win(deal: Deal, held: Sequence[Tile], discard: Tile | None, *, solver: SolverName = "search") -> Win | None:
    """The best way the 14 tiles ``held`` win (seven pairs before melds), or None."""
    hand = deal.solver_hand(held)
    okey_finish = discard is not None and deal.is_wild(discard)
    arrangement = None
    if deal.rules.seven_pairs:
        arrangement = _pairs_arrangement(deal, hand)
    if arrangement is None:
        arrangement = meld_arrangement(deal, hand, solver=solver)
    if arrangement is None:
        return None
    finish = Finish.of(pairs=arrangement.kind == "pairs", okey_finish=okey_finish)
    return Win(
        discard=discard,
        arrangement=arrangement,
        okey_finish=okey_finish,
        kafa=arrangement.kind == "melds" and is_kafa(deal, hand),
        finish=finish,
        multiplier=finish.multiplier(deal.rules),
    )


def meld_arrangement(deal: Deal, hand: SolverHand, *, solver: SolverName = "search") -> Arrangement | None:
    """The hand laid out in sets and runs, or None if it is not a meld hand."""
    if hand.size != deal.rules.hand_size:
        return None
    if solver == "cpsat":
        from okeytool.solver.classic.model import MeldModel

        pieces = MeldModel(deal, hand).complete_pieces()
    else:
        layout = meld_search(deal.rules.wrap).find(hand.counts, free=hand.wilds, drops=0, size=hand.size)
        pieces = None if layout is None else [meld_search(deal.rules.wrap).faces[t] for t in layout.pieces]
    if pieces is None:
        return None
    return Arrangement("melds", lay_pieces(deal, hand.counts, pieces))


def _pairs_arrangement(deal: Deal, hand: SolverHand) -> Arrangement | None:
    layout = pairs_layout(hand.counts, hand.wilds)
    if layout is None:
        return None
    wild = deal.wild_tile()
    melds = []
    for first, second in layout:
        if first < 0:  # two wilds: each stands for the okey face itself
            placements = (Placement(wild, wild), Placement(wild, wild))
        else:
            face = Tile(first)
            tile = deal.tile_for_face(face)
            other = Placement(tile, face) if second >= 0 else Placement(wild, face)
            placements = (Placement(tile, face), other)
        melds.append(Meld("pair", placements))
    return Arrangement("pairs", tuple(melds))


def is_kafa(deal: Deal, hand: SolverHand) -> bool:
    """Kafa: 14 tiles of one colour, 1..13 and a second 1. The tiles themselves are that colour: a
    real okey counts by its own colour (so it may stand in for a missing number only in a Kafa of
    the okey's colour), a false joker as the okey's face."""
    if hand.size != deal.rules.hand_size:
        return False
    colours = {index_colour(f) for f in range(FACE_COUNT) if hand.counts[f]}
    if hand.wilds:
        wild = deal.wild_tile()
        if not wild.is_face:
            return False  # a printed joker has no colour
        colours.add(int(wild.colour))
    if len(colours) > 1:
        return False
    colour = colours.pop() if colours else 0
    held = Counter({index_number(f): hand.counts[f] for f in colour_indices(colour)})
    return all(n <= (2 if number == 1 else 1) for number, n in held.items())
