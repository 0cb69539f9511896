"""Exact depth-first search over meld templates: the fast path behind ``check``.

The question it answers: can the tiles of a hand (plain face counts plus wilds) be laid into melds
totalling ``size`` slots (the rules' hand size, 14 in classic Okey), when at most ``drops`` plain
tiles may stay out of the melds and at most ``free`` slots may be filled by something other than a
plain tile of the hand (a wild of the hand, or a tile exchanged in from outside, a "phantom")? Every
winning hand is a set of meld pieces (sets of 3-4, runs of 3-5); the search takes the lowest face
still held and either leaves one copy out or opens a piece that contains it, filling the piece's
other slots from the hand where it can (taking a tile the hand holds into the first piece that can
use it is never worse: the number of slots the hand can fill only depends on which pieces are
chosen). Slots the hand cannot fill count against ``free``. When every held tile is placed, the
remaining slots must be whole new pieces (0, or 3 and more).

Exchanged-in tiles must exist: a face can fill at most ``supply - held`` slots from outside; beyond
that a wild must stand in, and the game has two wilds. This is checked at each complete layout.

It is the exact check behind ``check`` and behind the copy-limited answers of the analysis
(:mod:`okeytool.solver.classic.cover` finds the rest faster).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from okeytool.solver.melds.templates import templates, templates_by_face
from okeytool.tiles import FACE_COUNT, MAX_WILDS

MIN_PIECE = 3
_NONE, _OVERFLOW, _FOUND = 0, 1, 2
_FRESH = -1  # no piece opened yet for the current face


@dataclass(frozen=True)
class Layout:
    """One complete layout found by the search.

    ``pieces``: template indices used; ``unfilled``: faces of the slots the hand's plain tiles do not fill
    (filled by wilds or by tiles from outside). Slots left over for whole new pieces are not listed.
    """

    pieces: tuple[int, ...]
    unfilled: tuple[int, ...]


class MeldSearch:
    """The search for one rules setting (``wrap``). Reuse one instance: besides the templates it keeps
    only a table of search states known to lead nowhere, which holds for every hand."""

    DEAD_LIMIT = 400_000

    def __init__(self, wrap: bool) -> None:
        self.wrap = wrap
        self.templates = templates(wrap)
        self.faces = tuple(t.faces for t in self.templates)
        self.by_face = templates_by_face(wrap)
        self.dead: set[int] = set()

    def find(
        self,
        counts: Sequence[int],
        *,
        free: int,
        drops: int,
        outside: Sequence[int] | None = None,
        size: int,
    ) -> Layout | None:
        """The first layout of ``size`` slots within the budgets, or None.

        ``outside[f]``: copies of face f outside the hand (None: not limited).
        """
        run = _Run(self, counts, free, outside, size)
        run.dfs(0, 0, drops, free, _FRESH)
        return run.layouts[0] if run.layouts else None


@cache
def meld_search(wrap: bool) -> MeldSearch:
    """The shared search instance for a wrap setting (its table of dead states serves every hand)."""
    return MeldSearch(wrap)


class _Run:
    """State of one search: the counts being consumed and the pieces chosen so far.

    ``code`` packs the counts two bits a face, so that ``code >> 2i`` is the part of the hand not yet
    placed when the search stands at face i; with the budgets it identifies a search state.
    """

    def __init__(
        self,
        search: MeldSearch,
        counts: Sequence[int],
        free: int,
        outside: Sequence[int] | None,
        size: int,
    ) -> None:
        self.faces = search.faces
        self.by_face = search.by_face
        self.counts = list(counts)
        self.code = sum(n << (2 * f) for f, n in enumerate(self.counts))
        self.size = size
        # Exchanged-in tiles are limited by the supply only when the budget allows more than the
        # two wilds: below that, every unfilled slot can be a wild.
        self.outside = outside if outside is not None and free > MAX_WILDS else None
        self.unfilled: list[int] = []
        self.pieces: list[int] = []
        self.layouts: list[Layout] = []
        if len(search.dead) > search.DEAD_LIMIT:
            search.dead.clear()
        self.dead = search.dead

    def _overflow(self) -> bool:
        """True if the unfilled slots need more wilds than exist (tiles from outside run out)."""
        if self.outside is None:
            return False
        need: dict[int, int] = {}
        over = 0
        for face in self.unfilled:
            n = need.get(face, 0) + 1
            need[face] = n
            if n > self.outside[face]:
                over += 1
        return over > MAX_WILDS

    def dfs(self, i: int, used: int, drops: int, free: int, first: int) -> int:
        """Search from face ``i`` with ``used`` slots laid and the budgets left; ``first``: the lowest
        template the current face may still open (``_FRESH`` for a new face). Returns ``_FOUND`` when a
        layout was recorded, ``_OVERFLOW`` when layouts exist but need more wilds than exist, else
        ``_NONE`` (and the state is remembered as leading nowhere)."""
        counts = self.counts
        if first == _FRESH:
            while i < FACE_COUNT and counts[i] == 0:
                i += 1
        if i == FACE_COUNT:
            rest = self.size - used
            if rest != 0 and (rest < MIN_PIECE or rest > free):
                return _NONE
            if self._overflow():
                return _OVERFLOW
            self.layouts.append(Layout(tuple(self.pieces), tuple(self.unfilled)))
            return _FOUND
        key = ((((((self.code >> (2 * i)) << 6 | i) << 6 | used) << 6 | drops) << 6 | free) << 9) | (first + 1)
        key = key << 6 | self.size
        if key in self.dead:
            return _NONE
        best = _NONE
        # Leave one copy of face i out of the melds (it is discarded or exchanged). Copies of one
        # face are left out before any of them opens a piece, so each choice is made once.
        if drops and first == _FRESH:
            counts[i] -= 1
            self.code -= 1 << (2 * i)
            best = self.dfs(i, used, drops - 1, free, _FRESH)
            self.code += 1 << (2 * i)
            counts[i] += 1
            if best == _FOUND:
                return best
        room = self.size - used
        faces = self.faces
        unfilled = self.unfilled
        for t in self.by_face[i]:
            if t < first:
                continue
            piece = faces[t]
            length = len(piece)
            if length > room:
                continue
            missing = 0
            for f in piece:
                if not counts[f]:
                    missing += 1
            if missing > free:
                continue
            start = len(unfilled)
            delta = 0
            for f in piece:
                if counts[f]:
                    counts[f] -= 1
                    delta += 1 << (2 * f)
                else:
                    unfilled.append(f)
            self.code -= delta
            self.pieces.append(t)
            # The same face may open another piece only with a later template (no repeats).
            found = self.dfs(i, used + length, drops, free - missing, t if counts[i] else _FRESH)
            self.pieces.pop()
            self.code += delta
            for f in piece:
                if delta >> (2 * f) & 3:
                    counts[f] += 1
            del unfilled[start:]
            if found > best:
                best = found
            if best == _FOUND:
                return best
        if best == _NONE:
            self.dead.add(key)
        return best
