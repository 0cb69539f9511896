"""A certificate spares its walks where every optimal layout is within the supply (``layouts_fit``):
the bound is held to the walks it spares, which still run here, one aimed at each face."""

from __future__ import annotations

from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from okeytool.solver.classic.cover import (
    ANY_FACE,
    COMPILED,
    MeldCover,
    _fits_supply,
    hand_masks,
    layouts_fit,
)
from okeytool.tiles import FACE_COUNT


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Counts per face of 11 to 15 tiles (at most two of a face) and a room of 14 or near it."""
    copies = draw(st.lists(st.sampled_from(range(FACE_COUNT * 2)), min_size=11, max_size=15, unique=True))
    counts = [0] * FACE_COUNT
    for copy in copies:
        counts[copy // 2] += 1
    return counts, draw(st.sampled_from((12, 14, 14, 15)))


def _bits(mask: int) -> list[int]:
    return [f for f in range(FACE_COUNT) if mask >> f & 1]


@settings(max_examples=examples(600), deadline=None)
@given(hands(), st.booleans(), st.data())
def test_where_every_layout_fits_the_supply_no_walk_is_needed(
    hand: tuple[list[int], int], wrap: bool, data: st.DataObject
) -> None:
    counts, room = hand
    cover = MeldCover(wrap, compiled=False)
    one, two = hand_masks(counts)
    kept, faces = cover._best(one, two, room)
    assume(kept >= 0)
    # Two copies of each face, but some of the unfilled faces with none or one beyond the hand's.
    short = data.draw(st.lists(st.sampled_from(_bits(faces) or [0]), max_size=12))
    supply = [2] * FACE_COUNT
    for face in short:
        supply[face] = counts[face] + data.draw(st.sampled_from((0, 0, 0, 1)))
    supply = [max(s, n) for s, n in zip(supply, counts)]
    fits = layouts_fit(one, two, room - kept, faces, supply)
    # The walks it spares: the first one, and one aimed at each face (the programme's walk reaches a
    # face wherever an optimal choice leaves it unfilled). Where it holds, each is within the supply
    # and shows its face (the short supplies make some walks exceed it, where it must not hold).
    for target in [0, *(1 << f for f in _bits(faces))]:
        pieces, _ = cover._walk(one, two, room, target, target)
        shown = 0
        for _, unfilled in pieces:
            shown |= unfilled
        assert shown & ~faces == 0
        if fits:
            assert _fits_supply(pieces, supply) and shown & target == target
    # The certificates, compiled and in Python, take it alike: realisable, every face shown.
    if fits:
        certificate = cover.certify(counts, supply, room)
        assert certificate.realisable and certificate.shown == faces
    if COMPILED:
        table = MeldCover(wrap, compiled=True).table
        assert table is not None
        # Allowed no walk, the compiled certificate is realisable just where the bound holds.
        assert table.certify(one, two, room, supply, 0)[2:] == ((True, faces) if fits else (False, 0))
        if fits:
            compiled = MeldCover(wrap, compiled=True).certify(counts, supply, room)
            assert compiled.realisable and compiled.shown == compiled.faces


def test_it_holds_where_slots_are_left_and_not_where_the_copies_run_out() -> None:
    # R1 R2 R4 R5 R13 B7 B8 B13 K10 K11 Y1 Y2 Y12 Y13: 14 slots keep 11 of them, three slots unfilled
    # (more than the two wilds), at R3, B6, B9, K9, K12, K13, Y3 or Y13; every face left twice.
    cover = MeldCover(True, compiled=False)
    counts = [0] * FACE_COUNT
    for face in (0, 1, 3, 4, 19, 20, 35, 36, 39, 40, 50, 51, 12, 25):
        counts[face] += 1
    one, two = hand_masks(counts)
    kept, faces = cover._best(one, two, 14)
    assert kept == 11 and faces == sum(1 << f for f in (2, 18, 21, 34, 37, 38, 41, 51))
    assert layouts_fit(one, two, 14 - kept, faces, [2] * FACE_COUNT)
    # No copy left of any face of `faces` (all out of play), and more unfilled slots than wilds.
    bare = [0 if faces >> f & 1 else max(1, counts[f]) for f in range(FACE_COUNT)]
    assert 14 - kept > 2 and not layouts_fit(one, two, 14 - kept, faces, bare)
    assert not layouts_fit(one, two, 14 - kept, faces | ANY_FACE, [2] * FACE_COUNT)
    assert not layouts_fit(one, two, 0, 0, [0] * FACE_COUNT)  # the hand's own excess counts too
