"""Melds on the table, read once: what each wild stands for (rules.md sections 2, 5.1 and 6).

A meld on the table is given as its tiles in the order written. The wild tiles of the profile
(:meth:`Deal.is_wild`: a real okey in the okey profiles, ``J`` in Rummikub; a false joker ``F`` is
never wild and plays as the okey face) get one meaning each, fixed by that order, and keep it:
laid jokers keep their meaning (rules.md 5.1), and a Rummikub joker is freed only by the tile it
stands for (rules.md 6). Both the 101 lay-offs (:mod:`okeytool.solver.okey101.layoffs`) and the Rummikub
plays (:mod:`okeytool.solver.rummikub.play`) read the table here.

* **Run**: the tiles stand in the order written, ascending: ``R4 J R6`` is R4-R5-R6 and
  ``R5 R6 J`` is R5-R6-R7. When the order written is not a run (``R6 R5 J``), the lowest run that
  holds the tiles is taken (R4-R5-R6). Runs are returned in number order.
* **Set**: a wild stands for a missing colour of the number, the first missing one in the order
  R, B, K, Y (``R7 B7 J``: J is K7). The other missing colours stay open (:func:`set_open_faces`).
* One number tile with two wilds is read as a run around it in the order written (``J J R5`` is
  R3-R4-R5): in Rummikub it is a run (rules.md section 2), and the order written cannot say which
  colours two wilds of a set would take.
"""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind, meld_problem
from okeytool.tiles import NUMBERS_PER_COLOUR, Tile, format_tiles

COLOURS = 4
MAX_RUN = NUMBERS_PER_COLOUR


def read_meld(deal: Deal, tiles: Sequence[Tile]) -> Meld | None:
    """The one reading of ``tiles`` (as held, in the order written) as a set or run, or None.

    Returns None when no reading is a valid meld under the deal's rules (wrap, wilds per meld,
    a lone number tile with two jokers in Rummikub). Raises nothing.

    >>> from okeytool.rules import get_rules
    >>> from okeytool.tiles import JOKER
    >>> meld = read_meld(Deal(get_rules("rummikub")), [Tile.parse("R5"), Tile.parse("R6"), JOKER])
    >>> [str(p.as_) for p in meld.placements] if meld else None
    ['R5', 'R6', 'R7']
    """
    faces = [deal.plays_as(t) for t in tiles]
    plain = [f for f in faces if f is not None]
    if len(tiles) < 3 or not plain or len(tiles) - len(plain) > deal.rules.max_wilds:
        return None
    meld = _read_set(deal, tiles, plain) if len(plain) > 1 else None
    if meld is None:
        meld = _read_run(deal, tiles, faces)
    if meld is None or meld_problem(deal, meld) is not None:
        return None
    return meld


def read_table_meld(deal: Deal, tiles: Sequence[Tile], number: int = 1) -> Meld:
    """:func:`read_meld`, refusing an invalid meld.

    Raises :class:`InputError` naming the meld (numbered from 1) and what is wrong.
    """
    meld = read_meld(deal, tiles)
    if meld is None:
        shown = format_tiles(tiles, sort=False)
        wilds = sum(deal.is_wild(t) for t in tiles)
        why = (
            f"it holds more than {deal.rules.max_wilds} wilds"
            if wilds > deal.rules.max_wilds
            else "not a valid set or run"
        )
        raise InputError(f"table meld {number} ({shown}) is not valid: {why}")
    return meld


def set_open_faces(deal: Deal, meld: Meld) -> tuple[Tile, ...]:
    """The faces a wild of a set may stand for: the colours of its number that no plain tile holds.

    Empty for a run (a run's wild stands for exactly one face). Raises nothing.
    """
    if meld.kind != "set":
        return ()
    plain = [p.as_ for p in meld.placements if not deal.is_wild(p.tile)]
    held = {f.colour for f in plain}
    return tuple(Tile.face(c, plain[0].number) for c in range(COLOURS) if c not in held)


def _read_set(deal: Deal, tiles: Sequence[Tile], plain: Sequence[Tile]) -> Meld | None:
    """Plain tiles of one number in distinct colours, the wilds on the first missing colours."""
    numbers = {f.number for f in plain}
    colours = [f.colour for f in plain]
    if len(numbers) != 1 or len(set(colours)) != len(colours) or len(tiles) > COLOURS:
        return None
    number = plain[0].number
    missing = iter([c for c in range(COLOURS) if c not in colours])
    placements = []
    for tile in tiles:
        face = deal.plays_as(tile)
        placements.append(Placement(tile, face if face is not None else Tile.face(next(missing), number)))
    return Meld("set", tuple(placements))


def _read_run(deal: Deal, tiles: Sequence[Tile], faces: Sequence[Tile | None]) -> Meld | None:
    """The run in the order written when it fits, else the lowest run that holds the tiles."""
    plain = [f for f in faces if f is not None]
    numbers = [f.number for f in plain]
    size = len(tiles)
    if len({f.colour for f in plain}) != 1 or len(set(numbers)) != len(numbers) or size > MAX_RUN:
        return None
    wrap = deal.rules.wrap
    # With wrap a run may go on past 13 to a high 1 (12-13-1): position 14 is that 1.
    high_one = MAX_RUN + 1
    last = high_one if wrap else MAX_RUN
    windows = [[1 if p == high_one else p for p in range(start, start + size)] for start in range(1, last - size + 2)]
    holding = [w for w in windows if set(numbers) <= set(w)]
    written = [w for w in holding if all(f is None or f.number == n for f, n in zip(faces, w))]
    if written:
        window, order = written[0], list(tiles)
    elif holding:
        window = holding[0]
        by_number = {f.number: t for t, f in zip(tiles, faces) if f is not None}
        wilds = iter([t for t, f in zip(tiles, faces) if f is None])
        order = [by_number[n] if n in by_number else next(wilds) for n in window]
    else:
        return None
    placements = tuple(Placement(t, Tile.face(plain[0].colour, n)) for t, n in zip(order, window))
    if faces_meld_kind([p.as_ for p in placements], wrap) != "run":
        return None
    return Meld("run", placements)
