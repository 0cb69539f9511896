"""How much of a hand fits into a meld hand: a memoised dynamic programme over the hand.

For a hand (plain face counts; wilds are counted apart) it finds the largest number of plain tiles
that 14 slots of meld pieces (sets of 3-4, runs of 3-5; the slots not filled from the hand are
filled by wilds or by tiles from outside) can hold, and the faces of the unfilled slots over every
optimal choice of pieces. The second answer is what makes the analysis fast: a face X brings the
hand closer to winning exactly when some optimal choice has an unfilled slot of face X.

The programme relaxes one rule: it does not count copies. Outside copies of a face are limited
(2 per face, 1 of the indicator's face) and beyond them a wild must stand in (two exist). Callers
that need the exact answer check a relaxed answer against the exact search when more than two slots
are unfilled (below that, wilds cover every slot and nothing is relaxed).

State: the faces still held, as two bit masks (faces with at least one, and with two copies left),
and the slots used. The search takes the lowest face held and either leaves one copy out or opens a
piece containing it; pieces that take the same tiles of the hand and have the same length lead to
the same state, so they are tried once with the union of their unfilled faces.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from okeytool.solver.compiled import built_with
from okeytool.solver.melds.templates import templates, templates_by_face
from okeytool.tiles import ALL_FACES_MASK, FACE_COUNT, MAX_WILDS

MIN_PIECE = 3
#: Bit set in a face mask when a whole new piece (any faces) is part of an optimal choice (the bit
#: above the faces; ``_cover.c`` states the same bit as ``ANY_FACE``, and exports it as ``ANY_FACE_BIT``).
ANY_FACE = 1 << FACE_COUNT

try:  # the same programme compiled (setup.py builds it where a C compiler exists) ...
    from okeytool.solver.classic import _cover
    from okeytool.solver.classic._cover import Table as _CompiledTable

    # ... and used only when built with the constants used here (else the Python programme runs).
    if not built_with(_cover, FACES=FACE_COUNT, ANY_FACE_BIT=FACE_COUNT, MIN_PIECE=MIN_PIECE, WILDS=MAX_WILDS):
        _CompiledTable = None  # type: ignore[misc,assignment]
except ImportError:  # pragma: no cover - depends on the build
    _CompiledTable = None  # type: ignore[misc,assignment]

#: True when the compiled programme is in use by default (``OKEYTOOL_PURE_PYTHON=1`` turns it off).
COMPILED = _CompiledTable is not None and not os.environ.get("OKEYTOOL_PURE_PYTHON")
_IMPOSSIBLE = (-1000, 0)


# Byte tables for hand_masks: a count to the digit of its bit in `one` and in `two`.
_ONE_DIGIT = bytes(ord("0") if n == 0 else ord("1") for n in range(256))
_TWO_DIGIT = bytes(ord("0") if n < 2 else ord("1") for n in range(256))


def hand_masks(counts: Sequence[int]) -> tuple[int, int]:
    """The faces held at least once and held twice, as bit masks (the programme's state)."""
    # The counts as one byte each, mapped to binary digits, highest face first: no loop in Python.
    held = bytes(counts)[::-1]
    return int(held.translate(_ONE_DIGIT), 2), int(held.translate(_TWO_DIGIT), 2)


@dataclass(frozen=True)
class Cover:
    """The most plain tiles 14 slots of melds can hold, and the unfilled-slot faces of optimal choices.

    ``faces`` is a bit mask over face indices; :data:`ANY_FACE` means any face.
    """

    kept: int
    faces: int


class MeldCover:
    """The programme for one wrap setting; its table of solved states is shared by every hand."""

    MEMO_LIMIT = 500_000

    def __init__(self, wrap: bool, *, compiled: bool | None = None) -> None:
        """``compiled``: use the compiled programme (default: when it was built), or the Python one.

        Raises ``ImportError`` if the compiled programme is asked for but was not built.
        """
        pieces = templates(wrap)
        by_face = templates_by_face(wrap)
        self.options: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((sum(1 << f for f in pieces[t].faces), len(pieces[t])) for t in by_face[face])
            for face in range(FACE_COUNT)
        )
        self.memo: dict[int, tuple[int, int]] = {}
        use_compiled = COMPILED if compiled is None else compiled
        if use_compiled and _CompiledTable is None:
            raise ImportError("the compiled cover programme was not built")
        self.compiled = use_compiled
        self._table = _CompiledTable(self.options) if use_compiled else None
        self._best = self._table.best if self._table is not None else self._best_python

    @property
    def table(self) -> _CompiledTable | None:
        """The compiled programme's table of solved states (shared with the compiled chance recursion), or None."""
        return self._table

    def cover(self, counts: Sequence[int], size: int) -> Cover:
        """The cover of a hand given as plain counts per face (each 0-2), in ``size`` slots (the rules' hand size)."""
        return self.cover_of_masks(*hand_masks(counts), size)

    def cover_of_masks(self, one: int, two: int, size: int) -> Cover:
        """:meth:`cover` of a hand given as its :func:`hand_masks`."""
        return Cover(*self.kept_and_faces(one, two, size))

    def kept_and_faces(self, one: int, two: int, size: int) -> tuple[int, int]:
        """:meth:`cover_of_masks` as a pair (``kept``, ``faces``), without the object."""
        if len(self.memo) > self.MEMO_LIMIT:
            self.memo.clear()
        kept, faces = self._best(one, two, size)
        # Room for a whole new piece makes every face useful: reported as every face (the compiled
        # table does the same), not as the faces this search happened to meet on the way.
        return kept, ANY_FACE | ALL_FACES_MASK if faces & ANY_FACE else faces

    def kept_and_spares(self, counts: Sequence[int], size: int) -> tuple[int, int]:
        """The cover's ``kept`` of a hand, and the faces (a mask) of which some optimal choice leaves
        a copy out: the hand less a copy of such a face keeps as many tiles, less any other face
        one fewer. One call answers every tile the hand could do without."""
        one, two = hand_masks(counts)
        if self._table is not None:
            kept, _, spares = self._table.best_spares(one, two, size)
            return kept, spares
        kept = self._best_python(one, two, size)[0]
        spares = 0
        for face in range(FACE_COUNT):
            bit = 1 << face
            if one & bit:
                fewer = (one, two & ~bit) if two & bit else (one & ~bit, two)
                if self._best_python(*fewer, size)[0] == kept:
                    spares |= bit
        return kept, spares

    def _best_python(self, one: int, two: int, room: int) -> tuple[int, int]:
        if not one:
            if room == 0:
                return (0, 0)
            return (0, ANY_FACE) if room >= MIN_PIECE else _IMPOSSIBLE
        key = (one << FACE_COUNT | two) << 5 | room
        known = self.memo.get(key)
        if known is not None:
            return known
        low = one & -one
        face = low.bit_length() - 1
        held = one.bit_count() + two.bit_count()
        # Open a piece containing the lowest face; pieces taking the same tiles with the same length
        # lead to the same state and are tried once, with the union of their unfilled faces.
        groups: dict[tuple[int, int], int] = {}
        for mask, length in self.options[face]:
            if length <= room:
                taken = mask & one
                groups[(taken, length)] = groups.get((taken, length), 0) | (mask & ~one)
        best, faces = _IMPOSSIBLE
        for (taken, length), unfilled in groups.items():
            gain = taken.bit_count()
            if gain + min(room - length, held - gain) < best:
                continue  # cannot reach the best already found
            value, more = self._best_python(one & ~taken | two & taken, two & ~taken, room - length)
            value += gain
            if value > best:
                best, faces = value, more | unfilled
            elif value == best:
                faces |= more | unfilled
        # Or leave one copy of the lowest face out of the melds.
        if min(room, held - 1) >= best:
            if two & low:
                value, more = self._best_python(one, two & ~low, room)
            else:
                value, more = self._best_python(one & ~low, two, room)
            if value > best:
                best, faces = value, more
            elif value == best:
                faces |= more
        self.memo[key] = (best, faces)
        return best, faces

    def certify(
        self, counts: Sequence[int], supply: Sequence[int], size: int, *, masks: tuple[int, int] | None = None
    ) -> Certificate:
        """Optimal layouts that respect the supply, found by walking the solved states.

        Each walk follows optimal choices, preferring those that reach unfilled faces not yet shown
        by an earlier walk; a walk whose layout needs at most two wilds beyond the outside copies
        (two exist) is realisable and vouches for its unfilled faces. Faces no walk vouched for are
        left to the exact search. Where every optimal layout is within the supply
        (:func:`layouts_fit`), no walk is needed: every face is shown. The compiled programme walks
        the same way (``_cover.c``); the agreement test holds the two together. ``masks``: the
        hand's :func:`hand_masks`, if known.
        """
        one, two = hand_masks(counts) if masks is None else masks
        if self._table is not None:  # the same walks, compiled
            return Certificate(*self._table.certify(one, two, size, supply, self.WALKS))
        best, faces = self._best(one, two, size)
        if layouts_fit(one, two, size - best, faces, supply):
            return Certificate(best, faces, True, faces)
        want = faces
        shown = 0
        realisable = False
        for walk in range(self.WALKS):
            if not want and walk:
                break
            # Aim at the lowest face still wanted, taking others on the way.
            target = want & -want  # 0 on a first walk with nothing wanted
            pieces, rest = self._walk(one, two, size, want, target)
            got = ALL_FACES_MASK | ANY_FACE if rest >= MIN_PIECE else 0
            for _, unfilled in pieces:
                got |= unfilled
            if _fits_supply(pieces, supply):
                realisable = True
                shown |= got
                want &= ~got
            want &= ~target
        return Certificate(best, faces, realisable, shown & faces)

    WALKS = 60

    def _walk(self, one: int, two: int, room: int, want: int, target: int) -> tuple[list[tuple[int, int]], int]:
        """One optimal layout (piece and unfilled masks, slots left for new pieces), preferring ``want``."""
        pieces: list[tuple[int, int]] = []
        while one:
            goal = self._best(one, two, room)[0]
            low = one & -one
            face = low.bit_length() - 1
            held = one.bit_count() + two.bit_count()
            choice: tuple[int, int, int, int, int] | None = None  # score, mask, one, two, room
            for mask, length in self.options[face]:
                if length > room:
                    continue
                taken = mask & one
                gain = taken.bit_count()
                if gain + min(room - length, held - gain) < goal:
                    continue
                child = (one & ~taken | two & taken, two & ~taken, room - length)
                value, more = self._best(*child)
                if value + gain != goal:
                    continue
                reach = more | (mask & ~one)
                score = (reach & want).bit_count() + (64 if reach & target else 0)
                if choice is None or score > choice[0]:
                    choice = (score, mask, *child)
            child = (one, two & ~low, room) if two & low else (one & ~low, two, room)
            value, more = self._best(*child)
            if value == goal:
                score = (more & want).bit_count() + (64 if more & target else 0)
                if choice is None or score > choice[0]:
                    choice = (score, 0, *child)
            assert choice is not None
            _, mask, next_one, two, room = choice
            if mask:
                pieces.append((mask, mask & ~one))
            one = next_one
        return pieces, room


@dataclass(frozen=True)
class Certificate:
    """A cover with what the walks vouched for: whether the best count is reachable within the supply,
    and the unfilled faces shown by a layout that is."""

    kept: int
    faces: int
    realisable: bool
    shown: int


def layouts_fit(one: int, two: int, unfilled: int, faces: int, supply: Sequence[int]) -> bool:
    """Whether every optimal layout of the hand ``(one, two)`` (:func:`hand_masks`) is within the
    supply (:func:`_fits_supply`), given its ``unfilled`` slots (the room less the tiles kept) and
    the unfilled faces of its optimal choices, ``faces``.

    A layout holds a face at most as often as the hand does, plus its unfilled slots there: at most
    ``unfilled`` of them, all at faces of ``faces``. So it exceeds the supply by at most the hand's
    own excess plus ``unfilled`` less the fewest copies any face of ``faces`` has left beyond the
    hand's (no placement of the slots exceeds more than all at that face). Within the two wilds,
    every optimal layout is realisable and shows its faces. Not with ``ANY_FACE``: the faces are
    then not known one by one.
    """
    if faces & ANY_FACE or unfilled < 0:
        return False
    held = [(one >> f & 1) + (two >> f & 1) for f in range(len(supply))]
    excess = sum(max(0, n - s) for n, s in zip(held, supply))
    left = min([unfilled] + [supply[f] - held[f] for f in range(len(supply)) if faces >> f & 1])
    return excess + unfilled - max(0, left) <= 2


def _fits_supply(pieces: Sequence[tuple[int, int]], supply: Sequence[int]) -> bool:
    """True if the pieces use no face more often than it exists, beyond two (the wilds)."""
    slots: dict[int, int] = {}
    excess = 0
    for mask, _ in pieces:
        while mask:
            bit = mask & -mask
            face = bit.bit_length() - 1
            mask ^= bit
            n = slots.get(face, 0) + 1
            slots[face] = n
            if n > supply[face]:
                excess += 1
    return excess <= 2
