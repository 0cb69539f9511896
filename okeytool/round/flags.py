"""What a player watches on each tile he could throw: flags on the discard rows, each with its reason.

* **feeds** (the next player): the seat after the player, the one who may take his throw, took a
  tile of the same colour within two numbers of it (12-13-1 counts where the rules wrap), or of the
  same number, earlier in the round: he is collecting it. A real okey feeds anyone who collects
  anything. Reason: ``seat 2 took R6 and R8``.
* **isler** (işler taş, 101): the tile could be laid off on a meld on the table (rules.md 5.5:
  throwing it costs the discard penalty), as the 101 solver's lay-offs read the table
  (:mod:`okeytool.solver.okey101.layoffs`). Reason: ``fits meld 2 (Y9 Y10 Y11): +101``.
* **safe**: the same tile was already thrown this round and the seat after the thrower did not take
  it (he drew from the stock instead: a player passed on it). Reason: ``K7 thrown by seat 3, not taken``.

The takes and throws come from a round followed for the whole table
(:class:`okeytool.round.seats.Seats`); a round that follows the player's hand only knows the table
melds, so only işler taş are flagged there.

>>> from okeytool.deal import Deal
>>> from okeytool.rules import get_rules
>>> from okeytool.round.seats import ThrowMark
>>> deal = Deal(get_rules("classic"), Tile.parse("R4"))
>>> marks = [ThrowMark(0, Tile.parse("R6"), taken=True), ThrowMark(3, Tile.parse("K7"), taken=False)]
>>> rows = throw_flags(deal, [Tile.parse("R7"), Tile.parse("K7")], throws=marks, next_seat=1)
>>> for row in rows:
...     print(row.tile, [f.to_json() for f in row.flags])
R7 [{'flag': 'feeds', 'reason': 'seat 1 took R6'}]
K7 [{'flag': 'safe', 'reason': 'K7 thrown by seat 3, not taken'}]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.round.seats import ThrowMark
from okeytool.solver.games import game_of
from okeytool.tiles import Tile, format_tiles

if TYPE_CHECKING:
    from okeytool.round.state import RoundState

FlagKind = Literal["feeds", "isler", "safe"]
#: Every flag, in the order a row lists them.
FLAG_KINDS: tuple[FlagKind, ...] = ("feeds", "isler", "safe")
#: How far apart two numbers of one colour may be and still belong to one run a player collects.
NEAR = 2
#: Where a high 1 stands in a run that wraps (12-13-1).
HIGH_ONE = 14


@dataclass(frozen=True)
class Flag:
    """One flag on a throw: its ``kind`` and the ``reason`` in words."""

    kind: FlagKind
    reason: str

    def to_json(self) -> dict[str, str]:
        """``{"flag": "feeds", "reason": "seat 2 took R6 and R8"}``."""
        return {"flag": self.kind, "reason": self.reason}


@dataclass(frozen=True)
class DiscardFlags:
    """The flags of one tile the player could throw (none: an empty tuple)."""

    tile: Tile
    flags: tuple[Flag, ...]

    def kinds(self) -> tuple[FlagKind, ...]:
        """The kinds of its flags, in :data:`FLAG_KINDS` order."""
        return tuple(f.kind for f in self.flags)

    def to_json(self) -> list[dict[str, str]]:
        """cli.md's ``flags`` list of a discard row."""
        return [f.to_json() for f in self.flags]


def _and(words: Sequence[str]) -> str:
    """``R6``, ``R6 and R8``, ``R6, K7 and R8``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _gap(a: int, b: int, wrap: bool) -> int:
    """How many numbers apart ``a`` and ``b`` stand in a run (a 1 after 13 where runs wrap)."""
    gap = abs(a - b)
    if wrap and 1 in (a, b):
        gap = min(gap, HIGH_ONE - max(a, b))
    return gap


def collects(deal: Deal, tile: Tile, taken: Tile) -> bool:
    """True when a player who took ``taken`` could use ``tile`` with it: the same number (a pair or
    a set), or the same colour within :data:`NEAR` numbers (a run). A real okey goes with anything;
    a real okey taken says nothing of what its taker collects. Raises nothing.

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("classic"), Tile.parse("R4"))
    >>> [collects(deal, Tile.parse(t), Tile.parse("K13")) for t in ("K1", "K11", "K2", "B13", "B12")]
    [True, True, False, True, False]
    """
    face, other = deal.plays_as(tile), deal.plays_as(taken)
    if face is None:
        return True
    if other is None:
        return False
    if face.number == other.number:
        return True
    return face.colour == other.colour and _gap(face.number, other.number, deal.rules.wrap) <= NEAR


def feeds(deal: Deal, tile: Tile, taken: Sequence[Tile], taker: str) -> Flag | None:
    """The ``feeds`` flag of ``tile`` when the next seat (``taker``, as named) took ``taken`` this
    round, or None."""
    used = [t for t in taken if collects(deal, tile, t)]
    if not used:
        return None
    took = f"{taker} took {_and([str(t) for t in used])}"
    if deal.plays_as(tile) is None:
        return Flag("feeds", f"a real okey fits whatever {taker} collects ({took.removeprefix(taker + ' ')})")
    return Flag("feeds", took)


def isler(deal: Deal, tile: Tile, melds: Sequence[Sequence[Tile]]) -> Flag | None:
    """The ``isler`` flag of ``tile`` when it could be laid off on one of ``melds`` (numbered from 1;
    pairs take nothing), or None."""
    from okeytool.solver.okey101.layoffs import table_meld

    fits = []
    for number, meld in enumerate(melds, start=1):
        try:
            laid = table_meld(deal, meld, number)
        except InputError:
            continue  # a pair: nothing is laid off on it
        if laid.accepts(deal, tile):
            fits.append(f"meld {number} ({format_tiles(meld, sort=False)})")
    if not fits:
        return None
    return Flag("isler", f"fits {_and(fits)}: +{deal.rules.discard_penalty}")


def safe(tile: Tile, throws: Iterable[ThrowMark], name: Callable[[int], str]) -> Flag | None:
    """The ``safe`` flag of ``tile`` when it was thrown and the next seat passed on it, or None.
    ``name``: how a seat is named (``seat 3``)."""
    passed = list(dict.fromkeys(m.seat for m in throws if m.tile == tile and m.taken is False))
    if not passed:
        return None
    return Flag("safe", f"{tile} thrown by {_and([name(s) for s in passed])}, not taken")


def _seat_name(seat: int) -> str:
    return f"seat {seat}"


def throw_flags(
    deal: Deal,
    tiles: Iterable[Tile],
    *,
    throws: Sequence[ThrowMark] = (),
    next_seat: int | None = None,
    melds: Sequence[Sequence[Tile]] = (),
    seats: int = 4,
    name: Callable[[int], str] = _seat_name,
) -> tuple[DiscardFlags, ...]:
    """The flags of each distinct tile of ``tiles`` (in tile order).

    ``throws``: every throw of the round in order, with what the next seat did with it; ``next_seat``:
    the seat that plays after the player (None: unknown, no ``feeds``); ``melds``: the melds on the
    table (işler taş, in games where melds are laid off on: 101); ``seats``: seats at the table;
    ``name``: how a seat is named in the reasons. Raises nothing.
    """
    layoffs = game_of(deal.rules).opens and bool(melds)
    taken = () if next_seat is None else tuple(m.tile for m in throws if m.taken and (m.seat + 1) % seats == next_seat)
    out = []
    for tile in sorted(set(tiles)):
        found = (
            feeds(deal, tile, taken, name(next_seat)) if next_seat is not None else None,
            isler(deal, tile, melds) if layoffs else None,
            safe(tile, throws, name),
        )
        out.append(DiscardFlags(tile, tuple(f for f in found if f is not None)))
    return tuple(out)


def state_flags(state: RoundState) -> tuple[DiscardFlags, ...]:
    """The flags of every tile the player could throw now (none unless he holds a tile to throw).

    ``state`` is a :class:`okeytool.round.state.RoundState`: its table melds, and when it follows
    the whole table its throws and the next seat's takes.
    """
    if state.end is not None or state.phase != "throw" or not state.hand:
        return ()
    seats = state.seats
    if seats is None:
        return throw_flags(state.deal, state.hand, melds=state.melds)
    return throw_flags(
        state.deal, state.hand, throws=seats.throws, next_seat=seats.after(seats.seat), melds=state.melds,
        seats=seats.count, name=seats.name,
    )  # fmt: skip


def by_tile(rows: Iterable[DiscardFlags]) -> Mapping[Tile, DiscardFlags]:
    """The rows by their tile."""
    return {row.tile: row for row in rows}
