"""The rules of play of an Okey 101 round (rules.md 5.1-5.7): what one turn may lay and what a throw
costs, as a round played out at a table follows them (the arena's 101 table,
:mod:`okeytool.arena.table101`, asks these and nothing else).

A turn (5.1): draw from the stock or take the previous seat's last throw (it must be laid this
turn; before the seat has opened, in its opening), then optionally lay **new melds** and **lay off**
(işlemek) tiles on melds already on the table, then always throw one tile. A seat goes out when
the throw is its last tile.

* **New melds.** A seat that has not opened lays its opening: sets and runs worth at least
  ``open_points`` (5.2) or at least ``open_pairs`` pairs (5.3), never the two mixed. Below
  ``open_points`` only as elden (5.4): before anyone else has opened, every tile laid in that one
  turn and the last one thrown (:func:`needs_elden`; the table checks it at the throw). After
  opening, a seat lays more of what it opened with: sets and runs, or pairs.
* **Lay-offs.** A seat that has opened (earlier or this turn) adds one tile to a set or run on the
  table (:func:`laid_off`); never to a pair, and a pair opener only to other seats' melds (5.3).
  Laid real okeys keep their meaning (:mod:`okeytool.solver.okey101.layoffs`): in a run the face
  each stands for; in a set any colour still missing, so a tile of a missing colour joins while the
  set has room and the okeys take the other missing colours.
* **Throws.** A real okey, or a tile that could be laid off on a set or run on the table, costs a
  discard penalty (5.5, :func:`throw_penalties`; one penalty a throw, the reasons listed, as the
  101 discard ranking counts it); the finishing throw costs nothing.
* **Finishes** (5.6, :func:`finish_of`): ``normal``, ``okey`` (the last throw a real okey),
  ``pairs`` and ``pairs+okey`` (the winner opened with pairs), ``elden`` and ``elden+okey``.
  **Aborted** (5.7): a seat that would draw from an empty stock, or the fourth seat to open with
  pairs (:func:`all_opened_with_pairs`).

Every problem is a :class:`PlayError` naming what is wrong, so a table can refuse a seat's answer
with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.table import read_meld, set_open_faces
from okeytool.solver.melds.validator import faces_meld_kind, meld_problem
from okeytool.solver.okey101.layoffs import SET_MAX, TableMeld
from okeytool.tiles import NUMBERS_PER_COLOUR, Tile, format_tiles, index_number

#: How a seat opened: with sets and runs (5.2) or with pairs (5.3).
OpenedWith = Literal["melds", "pairs"]
#: The finishes of a 101 round with a winner (arena.md), and of one without.
FINISHES = ("normal", "okey", "pairs", "pairs+okey", "elden", "elden+okey")
ABORTED = "aborted"
#: The reasons a throw costs a penalty (rules.md 5.5): a real okey, a tile that fits a table meld.
OKEY_REASON = "okey"
ISLER_REASON = "isler"
PAIR_SIZE = 2


class PlayError(InputError):
    """A move the rules of 101 do not allow; the message says why."""


@dataclass(frozen=True)
class LaidMeld:
    """A meld on a 101 table: the seat that laid it and the meld as it stands now (``set``, ``run``
    or ``pair``; each tile with the face it stands for)."""

    seat: int
    meld: Meld

    @property
    def is_pair(self) -> bool:
        """True for a pair (nothing is laid off on it)."""
        return self.meld.kind == "pair"

    def table_meld(self) -> TableMeld:
        """The meld as the lay-off and penalty analysis reads a table meld."""
        return TableMeld(self.meld.tiles, self.meld)


# -- new melds ---------------------------------------------------------------------------------------


def pair_face(deal: Deal, first: Tile, second: Tile) -> Tile | None:
    """The face a pair of ``first`` and ``second`` is a pair of, or None when they are no pair
    (rules.md 5.3): two identical tiles (two real okeys, two F); with ``jokers_in_pairs`` a real
    okey and any tile. Raises nothing.

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("101"), Tile.parse("R4"))
    >>> [pair_face(deal, Tile.parse(a), Tile.parse(b)) for a, b in (("K7", "K7"), ("R5", "K7"), ("B7", "K7"))]
    [Tile.parse('K7'), Tile.parse('K7'), None]
    """
    one, two = deal.plays_as(first), deal.plays_as(second)
    if one is None and two is None:
        return deal.okey
    if one is None or two is None:
        return (one or two) if deal.rules.jokers_in_pairs else None
    return one if first == second else None


def new_meld(deal: Deal, tiles: Sequence[Tile], faces: Sequence[Tile | None] | None = None) -> Meld:
    """One new meld laid from a hand: a pair (two tiles) or a set or run, ``faces`` saying what each
    tile stands for (None, or a None entry: a plain tile its own face, F the okey's; for a real okey
    whose face is not given, the meld is read in the order written, as a table meld is). A run's
    placements are stored in number order.

    Raises :class:`PlayError` for a meld that is not a valid pair, set or run.
    """
    given = list(faces) if faces is not None else [None] * len(tiles)
    if len(given) != len(tiles):
        raise PlayError("give one face for each tile of a meld")
    shown = format_tiles(tiles, sort=False)
    if len(tiles) == PAIR_SIZE:
        face = pair_face(deal, tiles[0], tiles[1])
        if face is None or any(f is not None and f != face for f in given):
            raise PlayError(f"{shown} is not a pair")
        return Meld("pair", tuple(Placement(t, face) for t in tiles))
    placements = []
    for tile, face in zip(tiles, given):
        own = deal.plays_as(tile)
        stands = face if face is not None else own
        if stands is None:
            return _read_in_order(deal, tiles)  # a real okey without its face: the order written says it
        if own is not None and stands != own:
            raise PlayError(f"{tile} plays as {own}, not as {face}")
        placements.append(Placement(tile, stands))
    kind = faces_meld_kind([p.as_ for p in placements], deal.rules.wrap)
    if kind is None:
        raise PlayError(f"{shown} is not a valid set or run")
    meld = Meld(kind, _in_order(kind, placements))  # type: ignore[arg-type]  # kind is "set" or "run"
    problem = meld_problem(deal, meld)
    if problem is not None:
        raise PlayError(f"{shown}: {problem}")
    return meld


def _read_in_order(deal: Deal, tiles: Sequence[Tile]) -> Meld:
    meld = read_meld(deal, tiles)
    if meld is None:
        raise PlayError(f"{format_tiles(tiles, sort=False)} is not a valid set or run")
    return Meld(meld.kind, _in_order(meld.kind, meld.placements))


def _in_order(kind: str, placements: Sequence[Placement]) -> tuple[Placement, ...]:
    """A run's placements by number (the order it lies on the table); a set's as given."""
    if kind == "run":
        return tuple(sorted(placements, key=lambda p: p.as_.number))
    return tuple(placements)


def opened_with(melds: Sequence[Meld]) -> OpenedWith:
    """How new melds open: with pairs when they are pairs, else with melds."""
    return "pairs" if melds and all(m.kind == "pair" for m in melds) else "melds"


def melds_value(melds: Sequence[Meld]) -> int:
    """The opening value of sets and runs (rules.md 2: the numbers the tiles stand for)."""
    return sum(m.value for m in melds if m.kind != "pair")


def check_opening(deal: Deal, melds: Sequence[Meld], *, others_opened: bool) -> OpenedWith:
    """How a seat that has not opened opens with ``melds`` (5.2, 5.3), or why it cannot.

    Pairs and melds never mix; pairs must number ``open_pairs``; sets and runs must be worth
    ``open_points``, except as elden (5.4) when nobody else has opened: then the table checks at the
    throw that every tile went out in this turn (:func:`needs_elden`).

    Raises :class:`PlayError`.
    """
    rules = deal.rules
    if not melds:
        raise PlayError("an opening lays at least one meld")
    pairs = sum(m.kind == "pair" for m in melds)
    if pairs and pairs != len(melds):
        raise PlayError("pairs and melds never mix in an opening (rules.md 5.3)")
    if pairs:
        if pairs < rules.open_pairs:
            raise PlayError(f"an opening with pairs needs {rules.open_pairs} pairs, not {pairs}")
        return "pairs"
    value = melds_value(melds)
    if value < rules.open_points and others_opened:
        raise PlayError(
            f"an opening needs melds worth {rules.open_points}, these are worth {value} "
            "(below it only elden, before anyone else has opened)"
        )
    return "melds"


def needs_elden(deal: Deal, melds: Sequence[Meld]) -> bool:
    """True when an opening with sets and runs is worth less than ``open_points``: allowed only as
    elden, every tile laid in that turn (rules.md 5.4)."""
    return opened_with(melds) == "melds" and melds_value(melds) < deal.rules.open_points


def check_later_melds(melds: Sequence[Meld], opened: OpenedWith) -> None:
    """New melds of a seat that has opened: more pairs for a pair opener, sets and runs otherwise.
    Raises :class:`PlayError`."""
    if not melds:
        raise PlayError("name the melds to lay")
    if opened == "pairs" and any(m.kind != "pair" for m in melds):
        raise PlayError("a seat that opened with pairs lays only more pairs (rules.md 5.3)")
    if opened == "melds" and any(m.kind == "pair" for m in melds):
        raise PlayError("a seat that opened with melds lays sets and runs, not pairs")


# -- lay-offs ----------------------------------------------------------------------------------------


def may_lay_on(target: LaidMeld, seat: int, opened: OpenedWith) -> bool:
    """True when a seat that opened with ``opened`` may lay off on ``target``: a set or run, and for
    a pair opener one another seat laid (rules.md 5.3). Raises nothing."""
    if target.is_pair:
        return False
    return not (opened == "pairs" and target.seat == seat)


def lay_off_face(deal: Deal, meld: Meld, tile: Tile) -> Tile | None:
    """The face ``tile`` would stand for laid off on ``meld`` (what :func:`laid_off` lays it as when
    no face is given), or None when it does not fit: on a run, the face just above or below it (a
    real okey above where it can); on a set with room, a colour still missing (a real okey the first
    one). Raises nothing.

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("101"), Tile.parse("R4"))
    >>> run = new_meld(deal, [Tile.parse("K11"), Tile.parse("K12"), Tile.parse("K13")])
    >>> lay_off_face(deal, run, Tile.parse("R5")), lay_off_face(deal, run, Tile.parse("K9"))
    (Tile.parse('K10'), None)
    """
    if meld.kind == "pair":
        return None
    options = open_faces(deal, meld)
    own = deal.plays_as(tile)
    if own is None:
        return options[0] if options else None
    return own if own in options else None


def open_faces(deal: Deal, meld: Meld) -> tuple[Tile, ...]:
    """The faces a tile laid off on a set or run may stand for: a set's missing colours while it has
    room; a run's next face above and below (above first), within 1-13 (none for a pair). A plain
    tile fits when its face is among them, a real okey when there is one. Read from the
    count-vector indices (this is asked for every tile and every meld of a table)."""
    if meld.kind == "pair":
        return ()
    if meld.kind == "set":
        if len(meld.placements) >= SET_MAX:
            return ()
        return set_open_faces(deal, meld)
    indices = [p.as_.index for p in meld.placements]
    low, high = min(indices), max(indices)
    ends = []
    if index_number(high) < NUMBERS_PER_COLOUR:
        ends.append(Tile(high + 1))
    if index_number(low) > 1:
        ends.append(Tile(low - 1))
    return tuple(ends)


def laid_off(deal: Deal, meld: Meld, tile: Tile, face: Tile | None = None) -> Meld:
    """``meld`` (a set or run on the table) with ``tile`` laid off on it, standing for ``face``
    (None: as :func:`lay_off_face` chooses). In a set the real okeys take the colours still missing
    after it.

    Raises :class:`PlayError` when the tile does not fit (or ``face`` is not one it may stand for).

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("101"), Tile.parse("R4"))
    >>> run = new_meld(deal, [Tile.parse("K7"), Tile.parse("K8"), Tile.parse("K9")])
    >>> [str(p.as_) for p in laid_off(deal, run, Tile.parse("R5")).placements]
    ['K7', 'K8', 'K9', 'K10']
    """
    shown = format_tiles(meld.tiles, sort=False)
    if meld.kind == "pair":
        raise PlayError("nothing is laid off on a pair")
    own = deal.plays_as(tile)
    if own is not None and face is not None and face != own:
        raise PlayError(f"{tile} plays as {own}, not as {face}")
    if face is None or own is not None:
        face = lay_off_face(deal, meld, tile)
    elif face not in open_faces(deal, meld):
        face = None
    if face is None:
        full = meld.kind == "set" and len(meld.placements) >= SET_MAX
        raise PlayError(f"the set {shown} is full" if full else f"{tile} does not fit the {meld.kind} {shown}")
    if meld.kind == "run":
        return Meld("run", _in_order("run", [*meld.placements, Placement(tile, face)]))
    free = [f for f in set_open_faces(deal, meld) if f != face]
    placements = []
    for placement in meld.placements:
        if deal.is_wild(placement.tile):
            placements.append(Placement(placement.tile, free.pop(0)))
        else:
            placements.append(placement)
    placements.append(Placement(tile, face))
    return Meld("set", tuple(placements))


# -- throws and finishes -----------------------------------------------------------------------------


def throw_penalties(deal: Deal, tile: Tile, table: Sequence[LaidMeld]) -> tuple[str, ...]:
    """Why throwing ``tile`` costs a discard penalty (rules.md 5.5): ``okey`` for a real okey,
    ``isler`` for a tile that could be laid off on a set or run on the table (whoever laid it, and
    whether or not the thrower has opened). Empty when it costs nothing. The finishing throw is
    exempt: the caller does not ask for it. The same reasons, in the same order, as the 101
    discard ranking gives (:func:`~okeytool.solver.okey101.opening.discard_penalty`; a test holds
    the two together)."""
    reasons = []
    if deal.is_wild(tile):
        reasons.append(OKEY_REASON)
    if fits_table(deal, tile, table):
        reasons.append(ISLER_REASON)
    return tuple(reasons)


def fits_table(deal: Deal, tile: Tile, table: Sequence[LaidMeld]) -> bool:
    """True when ``tile`` could be laid off on a set or run of ``table`` (an işler taş): what
    :func:`throw_penalties` reads as ``isler``, by :func:`lay_off_face`. Raises nothing."""
    return any(lay_off_face(deal, m.meld, tile) is not None for m in table)


def finish_of(deal: Deal, throw: Tile, opened: OpenedWith, *, one_turn: bool, others_opened: bool) -> str:
    """The finish of a seat that goes out throwing ``throw`` (rules.md 5.4, 5.6).

    ``elden`` (``elden+okey`` with a real okey thrown) when the seat laid everything in the turn it
    opened and nobody else had opened; otherwise ``pairs`` for a pair opener, ``normal`` for a meld
    opener, each ``+okey`` (``okey`` for a meld opener) when the last throw is a real okey. A
    one-turn finish after someone else opened is a normal finish (5.6).

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("101"), Tile.parse("R4"))
    >>> finish_of(deal, Tile.parse("R5"), "pairs", one_turn=False, others_opened=True)
    'pairs+okey'
    >>> finish_of(deal, Tile.parse("K2"), "melds", one_turn=True, others_opened=False)
    'elden'
    """
    okey = deal.is_wild(throw)
    if one_turn and not others_opened and opened == "melds":
        return "elden+okey" if okey else "elden"
    if opened == "pairs":
        return "pairs+okey" if okey else "pairs"
    return "okey" if okey else "normal"


def all_opened_with_pairs(opened: Sequence[OpenedWith | None]) -> bool:
    """True when every seat has opened with pairs: the round is aborted (rules.md 5.7)."""
    return bool(opened) and all(o == "pairs" for o in opened)
