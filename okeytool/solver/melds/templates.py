"""Candidate melds ("templates"), enumerated once per rule set and cached.

A template is a meld shape: the faces of its slots, in play order. Sets are 3 or 4 different colours
of one number. Runs are 3 to 5 consecutive numbers of one colour; longer runs are never needed by the
solvers because every run of 6 or more splits into runs of 3 to 5 (a run of 6 is 3 + 3, of 7 is 3 + 4 ...).
With ``wrap`` (classic, okeygg) a run may end 12-13-1; 13-1-2 never exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Literal

from okeytool.tiles import FACE_COUNT, NUMBERS, Colour, face_index

MeldKind = Literal["set", "run"]
MAX_PIECE_RUN = 5


@dataclass(frozen=True)
class Template:
    """One candidate meld: its kind and the face index of each slot, in play order."""

    kind: MeldKind
    faces: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.faces)


def run_faces(colour: int, start: int, length: int, wrap: bool) -> tuple[int, ...] | None:
    """Faces of the run of ``colour`` from ``start`` for ``length`` tiles, or None if it does not exist.

    A run may pass 13 only with ``wrap``, and then only to end on 1 (12-13-1).
    """
    numbers = [start + k for k in range(length)]
    if numbers[-1] > 13:
        if not (wrap and numbers[-1] == 14 and start > 1):
            return None
        numbers[-1] = 1
    return tuple(face_index(colour, n) for n in numbers)


@cache
def templates(wrap: bool, max_run: int = MAX_PIECE_RUN) -> tuple[Template, ...]:
    """All candidate melds for the rules (sets of 3-4, runs of 3..``max_run``), in a fixed order."""
    out: list[Template] = []
    for number in NUMBERS:
        for size in (3, 4):
            for colours in combinations(Colour, size):
                out.append(Template("set", tuple(face_index(c, number) for c in colours)))
    for colour in Colour:
        for length in range(3, max_run + 1):
            for start in NUMBERS:
                faces = run_faces(colour, start, length, wrap)
                if faces is not None:
                    out.append(Template("run", faces))
    return tuple(out)


@cache
def templates_by_face(wrap: bool) -> tuple[tuple[int, ...], ...]:
    """For each face index, the indices (into :func:`templates`) of the templates that contain it."""
    table: list[list[int]] = [[] for _ in range(FACE_COUNT)]
    for t, template in enumerate(templates(wrap)):
        for face in template.faces:
            table[face].append(t)
    return tuple(tuple(ids) for ids in table)
