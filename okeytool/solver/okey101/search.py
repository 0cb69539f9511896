"""Exact search for the most valuable 101 opening: a memoised depth-first search over meld templates.

The question (rules.md 5.2): which new sets and runs, laid from a hand of plain tiles (face counts,
false jokers already counted as the okey face) and ``wilds`` real okeys, have the highest total value
(rules.md section 2: the numbers the tiles stand for)? Every opening is a multiset of template pieces
(sets of 3-4, runs of 3-5: a longer run splits into these and splitting does not change the value).

The search takes the lowest face still held and either leaves one copy out of the opening or opens
a piece that contains it, filling the piece's other slots from the hand where it can and with wilds
where it cannot (a held tile in a slot is never worse than a wild there: both count the slot's number,
and the wild stays free). Copies of a face are left out before any of them opens a piece, and one
face opens its pieces in template order, so each multiset of pieces is reached once per face.

The state of the search is ``(first, wilds, code)``: the template the current face must start from,
the wilds left and the remaining counts packed two bits per face (faces below the current one are all
zero, so the packed counts name the whole remaining hand). The best value still to gain from a state
does not depend on how it was reached, so it is memoised across hands. That exact value is also the
bound used when several openings are enumerated (:meth:`OpeningSearch.layouts`).

The "keep one tile to discard" rule is not part of the search; :mod:`okeytool.solver.okey101.opening` applies it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from okeytool.solver.melds.templates import templates, templates_by_face
from okeytool.tiles import FACE_COUNT, index_number

_FRESH = -1  # no piece opened yet for the current face
_CACHE_LIMIT = 400_000
_MAX_WILDS = 15  # four bits of the memo key
_LOW_BITS = int("01" * FACE_COUNT, 2)  # the lowest bit of each face's two
_MIRROR = FACE_COUNT - 1  # face f of a mirrored search is face _MIRROR - f of the hand


@dataclass(frozen=True)
class Piece:
    """One template laid: its index in :func:`templates`, its faces and value, and the faces its wilds fill."""

    template: int
    faces: tuple[int, ...]
    wild_faces: tuple[int, ...]

    @property
    def value(self) -> int:
        """Sum of the numbers of its slots."""
        return sum(index_number(f) for f in self.faces)


@dataclass(frozen=True)
class OpeningLayout:
    """An opening found by the search: the pieces laid and their total value."""

    pieces: tuple[Piece, ...]
    value: int

    @property
    def laid(self) -> int:
        """Number of tiles laid (slots of all pieces, wilds included)."""
        return sum(len(p.faces) for p in self.pieces)


def pack(counts: Sequence[int]) -> int:
    """Face counts (0-3 each) packed two bits per face, face 0 in the lowest bits."""
    code = 0
    for face in range(FACE_COUNT - 1, -1, -1):
        code = (code << 2) | counts[face]
    return code


def _lowest(code: int) -> int:
    """The lowest face with a tile left in a non-zero packed code."""
    return ((code & -code).bit_length() - 1) >> 1


#: The pieces of a partial layout, the last laid first: ``(piece, the pieces before it)``.
_Chain = tuple[()] | tuple[Piece, "_Chain"]
#: A partial layout of :meth:`OpeningSearch.layouts`: ``(-bound, order, state, value, pieces, faces
#: left out as bits, their number, whether they hold a piece of three)``.
_Partial = tuple[int, int, tuple[int, int, int], int, _Chain, int, int, bool]


class Memo(Protocol):
    """The solved states of a search."""

    def clear(self) -> None: ...

    def __len__(self) -> int: ...


class OpeningSearch:
    """The opening search for one rules setting (``wrap``). Reuse one instance; its memo is shared.

    ``mirrored``: the same search with the faces taken from the highest index down (its templates,
    ``faces`` and ``by_face`` are in that order; counts given and pieces returned are not). The two
    give the same values; a hand with one tile more or less shares more of its memo with the hand
    itself in the direction where that tile comes early.
    """

    def __init__(self, wrap: bool, *, mirrored: bool = False) -> None:
        self.wrap = wrap
        self.mirrored = mirrored
        self.templates = templates(wrap)
        self.values = tuple(sum(index_number(f) for f in t.faces) for t in self.templates)
        if mirrored:
            self.faces = tuple(tuple(_MIRROR - f for f in t.faces) for t in self.templates)
            by_face: list[list[int]] = [[] for _ in range(FACE_COUNT)]
            for t, faces in enumerate(self.faces):
                for f in faces:
                    by_face[f].append(t)
            self.by_face = tuple(tuple(ids) for ids in by_face)
        else:
            self.faces = tuple(t.faces for t in self.templates)
            self.by_face = templates_by_face(wrap)
        #: For each face, the templates holding it as ``(slot mask, value)``: one bit per slot, at
        #: the lowest bit of its face's two (a template's faces are distinct).
        self.entries = tuple(
            tuple((sum(1 << (2 * f) for f in self.faces[t]), self.values[t]) for t in ids) for ids in self.by_face
        )
        #: The same per wild count: ``(position, slot mask, value)`` of the templates whose slots below
        #: the face (never held when the face is the lowest) the wilds can fill.
        self.reachable = tuple(
            tuple(
                tuple(
                    (pos, mask, value)
                    for pos, (mask, value) in enumerate(self.entries[face])
                    if sum(1 for f in self.faces[ids[pos]] if f < face) <= wilds
                )
                for wilds in range(_MAX_WILDS + 1)
            )
            for face, ids in enumerate(self.by_face)
        )
        #: The pieces of three, one bit per face of the hand (face 0 lowest).
        self.triples = tuple(sum(1 << f for f in t.faces) for t in self.templates if len(t.faces) == 3)
        #: For each face of the hand, the pieces holding it as ``(value, faces as bits)``, highest first.
        self.by_value = tuple(
            tuple(sorted(((self.values[t], sum(1 << f for f in self.templates[t].faces)) for t in ids), reverse=True))
            for ids in templates_by_face(wrap)
        )
        #: For each face of the hand, the other faces of the pieces of three holding it, as bits.
        self.partners = tuple(
            sum(
                {
                    1 << g
                    for mask in self.triples
                    if mask >> f & 1
                    for g in range(FACE_COUNT)
                    if g != f and mask >> g & 1
                }
            )
            for f in range(FACE_COUNT)
        )
        #: The same per face of the search (its own order), the pieces of three holding the face.
        self.triples_at = tuple(
            tuple(sum(1 << f for f in self.faces[t]) for t in ids if len(self.faces[t]) == 3) for ids in self.by_face
        )
        memo: dict[int, int] = {}
        self.memo: Memo = memo
        self._best: Callable[[int, int, int], int] = self._make_best(memo)

    # -- the exact value ---------------------------------------------------------------------------

    def best_value(self, counts: Sequence[int], wilds: int) -> int:
        """The highest total value of pieces laid from the hand, with no tile kept back.

        Raises ``ValueError`` for more wilds than the search's state holds (15).
        """
        if not 0 <= wilds <= _MAX_WILDS:
            raise ValueError(f"the opening search takes 0 to {_MAX_WILDS} wilds, not {wilds}")
        if len(self.memo) > _CACHE_LIMIT:
            self.memo.clear()
        return self._best(_FRESH, wilds, self._pack(counts))

    def _pack(self, counts: Sequence[int]) -> int:
        return pack(counts[::-1] if self.mirrored else counts)

    def _outward(self, piece: Piece) -> Piece:
        """A piece found by the search with the faces of the hand."""
        if not self.mirrored:
            return piece
        return Piece(piece.template, self.templates[piece.template].faces, tuple(_MIRROR - f for f in piece.wild_faces))

    def _make_best(self, memo: dict[int, int]) -> Callable[[int, int, int], int]:
        """The memoised recursion ``best(first, wilds, code)``: the best value still to gain from a
        state (``first``: the position in the current face's templates to start from, or ``_FRESH``).

        A template is laid by one subtraction: its slot bits that the held faces cover come off
        the packed counts, and each slot left uncovered takes a wild.
        """
        reachable = self.reachable
        low_bits = _LOW_BITS

        def best(first: int, wilds: int, code: int) -> int:
            if not code:
                return 0
            key = (code << 9) | (wilds << 5) | (first + 1)
            found = memo.get(key)
            if found is not None:
                return found
            shift = ((code & -code).bit_length() - 1) & ~1
            if first < 0:
                # Leave one copy of the lowest face out of the opening.
                result = best(_FRESH, wilds, code - (1 << shift))
            else:
                result = 0
            held = (code | (code >> 1)) & low_bits
            for pos, mask, value in reachable[shift >> 1][wilds]:
                if pos < first:
                    continue
                have = held & mask
                left = wilds
                if have != mask:
                    left -= (mask ^ have).bit_count()
                    if left < 0:
                        continue
                rest = code - have
                value += best(pos if (rest >> shift) & 3 else _FRESH, left, rest)
                if value > result:
                    result = value
            memo[key] = result
            return result

        return best

    def _pieces(self, first: int, wilds: int, code: int) -> Iterator[tuple[Piece, int, int, int]]:
        """The pieces the lowest held face may open from a state: ``(piece, next first, wilds left,
        counts left)``, in the order of :meth:`_make_best`'s recursion."""
        shift = ((code & -code).bit_length() - 1) & ~1
        held = (code | (code >> 1)) & _LOW_BITS
        ids = self.by_face[shift >> 1]
        for pos, mask, _ in self.reachable[shift >> 1][wilds]:
            if pos < first:
                continue
            have = held & mask
            left = wilds
            if have != mask:
                left -= (mask ^ have).bit_count()
                if left < 0:
                    continue
            rest = code - have
            t = ids[pos]
            wild_faces = () if have == mask else tuple(f for f in self.faces[t] if not (have >> (2 * f)) & 1)
            yield Piece(t, self.faces[t], wild_faces), (pos if (rest >> shift) & 3 else _FRESH), left, rest

    def best_layout(self, counts: Sequence[int], wilds: int) -> OpeningLayout:
        """A layout of the highest value (deterministic: the first best choice in search order)."""
        total = self.best_value(counts, wilds)
        pieces: list[Piece] = []
        first, code = _FRESH, self._pack(counts)
        while code:
            target = self._best(first, wilds, code)
            if target == 0:
                break
            i = _lowest(code)
            if first == _FRESH and self._best(_FRESH, wilds, code - (1 << (2 * i))) == target:
                code -= 1 << (2 * i)
                continue
            for piece, nxt, left, rest in self._pieces(first, wilds, code):
                if self.values[piece.template] + self._best(nxt, left, rest) == target:
                    pieces.append(self._outward(piece))
                    first, wilds, code = nxt, left, rest
                    break
            else:  # pragma: no cover - the memo is exact, so some choice reaches the target
                raise AssertionError("opening search lost its best choice")
        return OpeningLayout(tuple(pieces), total)

    def best_layout_keeping(self, counts: Sequence[int], wilds: int, keep: int) -> OpeningLayout:
        """The best layout that leaves at least ``keep`` (0 or 1) of the ``sum(counts) + wilds`` tiles
        in the hand: the best layout if it does, else the best over each tile (a face or a wild) held back.

        Raises ``ValueError`` for another ``keep``.
        """
        if keep not in (0, 1):
            raise ValueError(f"keep must be 0 or 1, not {keep}")
        layout = self.best_layout(counts, wilds)
        if layout.laid <= sum(counts) + wilds - keep:
            return layout
        # Everything could be laid, but one tile must stay: the best over each tile kept back.
        best = OpeningLayout((), 0)
        rest = list(counts)
        for face in range(FACE_COUNT):
            if rest[face]:
                rest[face] -= 1
                candidate = self.best_layout(rest, wilds)
                rest[face] += 1
                if candidate.value > best.value:
                    best = candidate
        if wilds:
            candidate = self.best_layout(rest, wilds - 1)
            if candidate.value > best.value:
                best = candidate
        return best

    def best_piece(self, counts: Sequence[int], wilds: int, face: int) -> int:
        """The highest value of a piece holding a tile of ``face`` added to the hand, its other slots
        held or filled by the ``wilds`` (0 when no piece can take it). Raises nothing."""
        held = 0
        for f, n in enumerate(counts):
            if n:
                held |= 1 << f
        return self.best_piece_in(held, wilds, face)

    def best_piece_in(self, held: int, wilds: int, face: int) -> int:
        """:meth:`best_piece` for the hand whose faces held are the bits of ``held`` (face 0 lowest).
        Raises nothing."""
        covered = held | (1 << face)
        for value, mask in self.by_value[face]:
            if (mask & ~covered).bit_count() <= wilds:
                return value
        return 0

    def has_piece(self, counts: Sequence[int], wilds: int, room: int) -> bool:
        """True if some piece of at most ``room`` tiles can be laid from the hand (its slots held or
        filled by the ``wilds``): exactly when the best layout laying at most ``room`` tiles is worth
        more than nothing. Raises nothing."""
        held = 0
        for face, n in enumerate(counts):
            if n:
                held |= 1 << face
        return self.has_piece_in(held, wilds, room)

    def has_piece_in(self, held: int, wilds: int, room: int) -> bool:
        """:meth:`has_piece` for the hand whose faces held are the bits of ``held`` (face 0 lowest).

        Every piece holds a piece of three (a run of three inside a longer run, three of a set of
        four) with no more slots to fill, so only pieces of three are read; with two wilds any held
        face opens a set of three. Raises nothing."""
        if room < 3:
            return False
        if wilds >= 3:
            return True  # three wilds fill any set of three
        if not held:
            return False
        if wilds == 2:
            return True
        if wilds == 1:  # two held faces of one piece of three
            partners = self.partners
            rest = held
            while rest:
                low = rest & -rest
                if partners[low.bit_length() - 1] & held:
                    return True
                rest ^= low
            return False
        return any(mask & held == mask for mask in self.triples)

    # -- several layouts -----------------------------------------------------------------------------

    def layouts(
        self,
        counts: Sequence[int],
        wilds: int,
        *,
        accept: Callable[[OpeningLayout], float | None],
        floor: Callable[[], float],
        limit: int = 200_000,
        maximal_keep: int | None = None,
    ) -> int:
        """Visit every layout whose value could be at least ``floor()`` (re-read as the search goes).

        ``accept(layout)`` is called for each complete layout reached; the caller keeps what it wants
        and raises its floor. The exact memoised value of each state bounds its subtree, so only
        subtrees that can still reach the floor are opened; they are opened best bound first, so the
        layouts come by value, highest first (ties in search order). Returns the number of layouts
        visited (the visit stops after ``limit``).

        ``maximal_keep``: visit only layouts that could be maximal when that many tiles are kept: a
        subtree is skipped once the tiles it leaves out hold a piece of three and number at least
        three more than the tiles kept, for every layout in it leaves another meld over.
        """
        self.best_value(counts, wilds)
        visited = 0
        triples = self.triples_at
        enough = _MAX_WILDS + FACE_COUNT if maximal_keep is None else 3 + maximal_keep
        values = self.values
        best = self._best
        outward = self._outward
        # Best first: a heap of partial layouts by the exact bound of what they can still reach, so
        # complete layouts come out by value, highest first, and the caller's floor rises at once.
        start = (_FRESH, wilds, self._pack(counts))
        order = 0
        heap: list[_Partial] = [(-best(*start), 0, start, 0, (), 0, 0, False)]
        while heap:
            neg, _, (first, wilds_left, code), value, chain, out, out_count, holds = heapq.heappop(heap)
            if -neg < floor() or visited >= limit:
                break
            if code == 0:
                visited += 1
                laid: list[Piece] = []
                while chain:
                    piece, chain = chain
                    laid.append(piece)
                accept(OpeningLayout(tuple(reversed(laid)), value))
                continue
            i = _lowest(code)
            if first == _FRESH:
                rest = code - (1 << (2 * i))
                left_out = out | (1 << i)
                now_holds = holds or any(mask & left_out == mask for mask in triples[i])
                if not (now_holds and out_count + 1 >= enough):  # else the tiles left out hold a meld
                    order += 1
                    state = (_FRESH, wilds_left, rest)
                    bound = value + best(*state)
                    heapq.heappush(heap, (-bound, order, state, value, chain, left_out, out_count + 1, now_holds))
            for piece, nxt, left, rest in self._pieces(first, wilds_left, code):
                gained = value + values[piece.template]
                order += 1
                bound = gained + best(nxt, left, rest)
                pushed: _Partial = (
                    -bound,
                    order,
                    (nxt, left, rest),
                    gained,
                    (outward(piece), chain),
                    out,
                    out_count,
                    holds,
                )
                heapq.heappush(heap, pushed)
        return visited
