"""The cover by colour rows (``cover_rows.h``) against the whole-hand programme it replaces where it
applies, and against what its answers mean.

The compiled table answers ``best`` and ``best_spares`` by rows; ``Table.programme`` is the
whole-hand recursion (the same as the Python programme, which the agreement tests hold it to). The
meaning, checked through the Python programme: a face is an unfilled face of some optimal choice
exactly when the hand with one more of it keeps one tile more, and a copy of a face is left out by
some optimal choice exactly when the hand without it keeps as many.
"""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from okeytool.solver.classic.cover import ANY_FACE, COMPILED, MeldCover, hand_masks
from okeytool.solver.melds.templates import templates, templates_by_face
from okeytool.tiles import ALL_FACES_MASK, FACE_COUNT

pytestmark = pytest.mark.skipif(not COMPILED, reason="the colour rows are part of the compiled programme")

EVERY_FACE = ANY_FACE | ALL_FACES_MASK


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Counts per face of 0 to 16 tiles (at most two of a face), and a room the rows answer (0, 3-15)."""
    copies = draw(st.lists(st.sampled_from(range(FACE_COUNT * 2)), max_size=16, unique=True))
    counts = [0] * FACE_COUNT
    for copy in copies:
        counts[copy // 2] += 1
    return counts, draw(st.sampled_from((0, *range(3, 16))))


def _normal(faces: int) -> int:
    return EVERY_FACE if faces & ANY_FACE else faces


def _supply(counts: list[int], short: list[int]) -> list[int]:
    """Two copies of every face but those in ``short`` (one), and never fewer than held: with some
    faces short, some walks of a certificate fail and the next ones are asked."""
    supply = [1 if face in short else 2 for face in range(FACE_COUNT)]
    return [max(s, n) for s, n in zip(supply, counts)]


@settings(max_examples=400, deadline=None)
@given(hands(), st.booleans())
def test_the_rows_give_the_programmes_answer(hand: tuple[list[int], int], wrap: bool) -> None:
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None and table.by_rows()
    one, two = hand_masks(counts)
    kept, faces, spares = table.programme(one, two, room)
    assert table.best_spares(one, two, room) == (kept, _normal(faces), spares)
    assert table.best(one, two, room) == (kept, _normal(faces))


@settings(max_examples=80, deadline=None)
@given(hands(), st.booleans(), st.sampled_from((0, 1, 3)))
def test_two_passes_and_one_give_the_same_answer_and_layouts(
    hand: tuple[list[int], int], wrap: bool, keep: int
) -> None:
    """A hand is answered in two passes (the most kept, then the optimal choices' faces and spares),
    or in one full pass when the first meets more choices than it keeps: the same answer, and the
    same optimal choices for the certificate's walks, whichever it was."""
    counts, room = hand
    one, two = hand_masks(counts)
    two_passes, one_pass = MeldCover(wrap).table, MeldCover(wrap).table
    assert two_passes is not None and one_pass is not None
    one_pass.keep_pending(keep)  # the first pass overflows at once (or soon): the full pass answers
    try:
        assert one_pass.best_spares(one, two, room) == two_passes.best_spares(one, two, room)
        want = two_passes.best(one, two, room)[1] & ALL_FACES_MASK
        target = want & -want
        assert one_pass.layout(one, two, room, want, target) == two_passes.layout(one, two, room, want, target)
    finally:
        one_pass.keep_pending(128)


@settings(max_examples=150, deadline=None)
@given(
    hands(),
    st.booleans(),
    st.sampled_from((0, 1, 5)),
    st.lists(st.sampled_from(range(FACE_COUNT)), max_size=6),
    st.integers(0, ALL_FACES_MASK),
)
def test_the_walks_split_the_same_with_the_splits_kept_or_not(
    hand: tuple[list[int], int], wrap: bool, keep: int, short: list[int], wanted: int
) -> None:
    """A certificate meets the splits of each optimal choice once and keeps them for its walks, or,
    past the splits it keeps, splits the choice again at each walk: the same layout for every wanted
    faces either way, so the same certificate (what it shows included)."""
    counts, room = hand
    one, two = hand_masks(counts)
    supply = _supply(counts, short)
    kept, live = MeldCover(wrap).table, MeldCover(wrap).table
    assert kept is not None and live is not None
    live.keep_leaves(keep)
    try:
        assert live.certify(one, two, room, supply, 60) == kept.certify(one, two, room, supply, 60)
        for want in (kept.best(one, two, room)[1] & ALL_FACES_MASK, wanted):
            for target in (0, want & -want, 1 << want.bit_length() >> 1):  # none, its lowest, its highest
                assert live.layout(one, two, room, want, target) == kept.layout(one, two, room, want, target)
    finally:
        live.keep_leaves(2048)


@settings(max_examples=150, deadline=None)
@given(
    hands(),
    st.booleans(),
    st.sampled_from((0, -1, -3, 1, 2)),
    st.lists(st.sampled_from(range(FACE_COUNT)), max_size=6),
)
def test_the_most_kept_given_beforehand_gives_the_same_answer(
    hand: tuple[list[int], int], wrap: bool, off: int, short: list[int]
) -> None:
    """A caller that knows how many tiles a hand keeps (the chance kernel, from a hand's facts) may
    give it: the first pass starts from it. Given right, or too low (a weaker start), the answer and
    the certificate are those of a hand solved without it; given too high, no choice reaches it, and
    the hand is solved again without it, to the same answer."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    kept, faces, spares = table.programme(one, two, room)
    known = kept + off if kept >= 0 else off
    assert table.best_known(one, two, room, known) == (kept, _normal(faces), spares)
    supply = _supply(counts, short)
    assert table.certify(one, two, room, supply, 60, known) == table.certify(one, two, room, supply, 60)


@settings(max_examples=examples(300), deadline=None)
@given(hands(), st.booleans(), st.sampled_from((128, 128, 1)))
def test_a_hand_one_spare_fewer_is_answered_from_the_hands_optimal_choices(
    hand: tuple[list[int], int], wrap: bool, keep: int
) -> None:
    """The chance kernel answers each child of a 15-tile hand that lost a spare from the hand's own
    optimal choices: the same answer as the smaller hand's own, for every spare; for a face that is
    no spare (the smaller hand keeps fewer) no answer, and none when the first pass overflowed."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    kept, _, spares = table.programme(one, two, room)
    table.keep_pending(keep)
    try:
        for face in range(FACE_COUNT):
            if not counts[face]:
                continue
            smaller = list(counts)
            smaller[face] -= 1
            got = table.child(one, two, room, face)
            if not spares >> face & 1:  # the smaller hand keeps fewer: no answer (or none told)
                assert got is None or got == (-1, 0, 0)
                continue
            s_one, s_two = hand_masks(smaller)
            s_kept, s_faces, s_spares = table.programme(s_one, s_two, room)
            assert s_kept == kept
            assert got is not None
            if got[0] >= 0:
                assert got == (s_kept, _normal(s_faces), s_spares)
            else:  # more choices met than the first pass keeps (at once with keep 1): none told
                assert got == (-1, 0, 0)
    finally:
        table.keep_pending(128)


def _counts(ones: list[int], twos: list[int]) -> list[int]:
    """Counts per face: one copy of each face of ``ones``, two of each of ``twos``."""
    return [2 if face in twos else 1 if face in ones else 0 for face in range(FACE_COUNT)]


#: The candidates hand_grow closes at most (GROW_CANDIDATES in cover_rows.h): it gives up before a
#: choice of the smaller hand that could take it past them (each gives at most 7 candidates).
GROW_CANDIDATES = 256


@settings(max_examples=examples(300), deadline=None)
@given(hands(), st.booleans(), st.sampled_from((128, 128, 128, 1)))
@example(hand=(_counts([39], [0, 13, 26]), 13), wrap=True, keep=128)  # 73 optimal choices: too many candidates
@example(hand=(_counts([0, 1, 2, 14, 26, 28, 39, 40], [13, 27, 41]), 15), wrap=False, keep=128)  # overflows
def test_a_hand_one_face_more_is_answered_from_the_hands_optimal_choices(
    hand: tuple[list[int], int], wrap: bool, keep: int
) -> None:
    """The chance kernel answers a 15-tile hand, the 14 it came from with one of its unfilled faces
    drawn, from the 14's own optimal choices: the same answer as the bigger hand's own, and the same
    optimal choices in the same order (those its children are answered and certified from) where
    its own first pass kept them all; for a face that is not unfilled, or held twice, no answer, and
    none when a first pass kept more choices than it holds or the candidates would be too many."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    kept, faces, _ = table.programme(one, two, room)
    own = table.solved(one, two, room)
    many = own is not None and 7 * len(own[3]) + 8 > GROW_CANDIDATES
    table.keep_pending(keep)
    try:
        overflowed = table.solved(one, two, room) is None
        grown = [table.grow(one, two, room, face) for face in range(FACE_COUNT)]
    finally:
        table.keep_pending(128)
    for face, got in enumerate(grown):
        if counts[face] == 2 or not _normal(faces) >> face & 1 or overflowed:
            assert got is None
            continue
        bigger = list(counts)
        bigger[face] += 1
        b_one, b_two = hand_masks(bigger)
        b_kept, b_faces, b_spares = table.best_spares(b_one, b_two, room)  # held to the programme above
        assert b_kept == kept + 1
        solved = table.solved(b_one, b_two, room)
        if got is None:  # more optimal choices than a first pass keeps, or too many candidates
            assert many or solved is None or len(solved[3]) > keep
            continue
        assert got[:3] == (b_kept, _normal(b_faces), b_spares)
        if solved is not None:  # (else the bigger hand's own first pass kept more choices than it holds)
            assert got == solved


@settings(max_examples=examples(300), deadline=None)
@given(hands(), st.booleans())
def test_a_child_answered_from_the_hands_choices_records_its_own_optimal_choices(
    hand: tuple[list[int], int], wrap: bool
) -> None:
    """The optimal choices hand_child records for a hand one spare fewer (which the chance kernel
    keeps, to grow the child's draws from) are the smaller hand's own, in the order its own search
    meets them."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    _, _, spares = table.best_spares(one, two, room)
    overflowed = table.solved(one, two, room) is None  # its first pass kept more than it holds
    answered = 0
    for face in range(FACE_COUNT):
        got = table.child_solved(one, two, room, face)
        if not counts[face] or not spares >> face & 1:
            assert got is None
            continue
        smaller = list(counts)
        smaller[face] -= 1
        own = table.solved(*hand_masks(smaller), room)
        if got is None:  # no choices of the hand to answer from, or more of the child's than are recorded
            assert overflowed or own is None or len(own[3]) > 64
            continue
        answered += 1
        assert got == own
    assert answered or overflowed or not spares & sum(1 << f for f, n in enumerate(counts) if n)


@settings(max_examples=200, deadline=None)
@given(hands(), st.booleans(), st.lists(st.sampled_from(range(FACE_COUNT)), max_size=6))
def test_a_child_certified_on_the_hands_choices_is_certified_as_on_its_own(
    hand: tuple[list[int], int], wrap: bool, short: list[int]
) -> None:
    """The chance kernel certifies such a child on the optimal choices it took from the hand (in the
    order the child's own solve records them), without solving it again: the same certificate, what
    it shows included."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    spares = table.programme(one, two, room)[2]
    for face in range(FACE_COUNT):
        if not counts[face] or not spares >> face & 1:
            continue
        smaller = list(counts)
        smaller[face] -= 1
        supply = _supply(smaller, short)
        got = table.child_certify(one, two, room, face, supply, 60)
        assert got is not None  # a spare, and 128 choices kept: told
        assert got == table.certify(*hand_masks(smaller), room, supply, 60)


def test_a_child_of_a_hand_near_a_win_is_answered_from_its_choices() -> None:
    """R1-R4 B7 Y7 K7 B10 B11 B12 Y2 Y3 K5 K9 K13 (15 tiles, 14 slots): each face of the hand is
    answered less one copy, from the hand's own choices where it is a spare."""
    counts = [0] * FACE_COUNT
    for face in (0, 1, 2, 3, 13 + 6, 26 + 6, 39 + 6, 13 + 9, 13 + 10, 13 + 11, 26 + 1, 26 + 2, 39 + 4, 39 + 8, 39 + 12):
        counts[face] += 1
    table = MeldCover(True).table
    assert table is not None
    one, two = hand_masks(counts)
    kept, _, spares = table.programme(one, two, 14)
    answered = 0
    for face in range(FACE_COUNT):
        if counts[face] and spares >> face & 1:
            smaller = list(counts)
            smaller[face] -= 1
            s_kept, s_faces, s_spares = table.programme(*hand_masks(smaller), 14)
            assert table.child(one, two, 14, face) == (s_kept, _normal(s_faces), s_spares)
            answered += 1
        elif counts[face]:
            assert table.child(one, two, 14, face) is None
    assert answered == 3 and kept == 12


def test_keep_leaves_takes_a_count_within_its_bound() -> None:
    table = MeldCover(False).table
    assert table is not None
    with pytest.raises(ValueError, match="keep_leaves takes 0 to 2048"):
        table.keep_leaves(2049)


def test_keep_pending_takes_a_count_within_its_bound() -> None:
    table = MeldCover(False).table
    assert table is not None
    with pytest.raises(ValueError, match="keep_pending takes 0 to 128"):
        table.keep_pending(129)


@settings(max_examples=120, deadline=None)
@given(hands(), st.booleans())
def test_the_rows_answer_means_what_it_says(hand: tuple[list[int], int], wrap: bool) -> None:
    """Faces and spares by their meaning, asked of the Python programme one hand at a time."""
    counts, room = hand
    python = MeldCover(wrap, compiled=False)
    table = MeldCover(wrap).table
    assert table is not None
    kept, faces, spares = table.best_spares(*hand_masks(counts), room)
    assert kept == python.cover(counts, room).kept
    for face in range(FACE_COUNT):
        if counts[face] < 2:
            more = list(counts)
            more[face] += 1
            assert (python.cover(more, room).kept == kept + 1) == bool(faces >> face & 1), face
        if counts[face]:
            fewer = list(counts)
            fewer[face] -= 1
            assert (python.cover(fewer, room).kept == kept) == bool(spares >> face & 1), face


def test_two_sets_of_the_same_colours_at_one_number() -> None:
    """Both copies of two faces of a number make two sets (the rows try a set again at its number)."""
    table = MeldCover(False).table
    assert table is not None
    counts = [0] * FACE_COUNT
    counts[2] = counts[41] = 2  # the 3 of two colours, twice
    assert table.best_spares(*hand_masks(counts), 6)[0] == 4


def templates_table_options() -> list[tuple[tuple[int, int], ...]]:
    pieces = templates(False)
    return [
        tuple((sum(1 << f for f in pieces[t].faces), len(pieces[t])) for t in by_face)
        for by_face in templates_by_face(False)
    ]


def _is_set(mask: int) -> bool:
    """True for a mask of one number in several colours."""
    faces = [f for f in range(FACE_COUNT) if mask >> f & 1]
    return len({f % 13 for f in faces}) == 1


@pytest.mark.parametrize("room", [1, 2])
def test_rooms_that_hold_no_piece_are_the_programmes(room: int) -> None:
    table = MeldCover(False).table
    assert table is not None
    counts = [0] * FACE_COUNT
    counts[0] = counts[20] = 1
    one, two = hand_masks(counts)
    assert table.best_spares(one, two, room) == table.programme(one, two, room)


def test_pieces_other_than_the_templates_are_answered_by_the_programme() -> None:
    """A table whose pieces are not the templates' (here: one set left out) does not use rows."""
    from okeytool.solver.classic._cover import Table

    options = templates_table_options()
    options[0] = options[0][1:]
    table = Table(options)
    assert not table.by_rows()
    # nor one with four sets a face where one 3-colour set stands twice instead of the 4-colour set
    twice = [list(face) for face in templates_table_options()]
    for face in twice:
        sets = [i for i, (mask, _) in enumerate(face) if mask.bit_count() == 4 and _is_set(mask)]
        threes = [i for i, (mask, _) in enumerate(face) if mask.bit_count() == 3 and _is_set(mask)]
        face[sets[0]] = face[threes[0]]
    assert not Table(twice).by_rows()
    counts = [0] * FACE_COUNT
    counts[0] = counts[13] = counts[26] = 1
    one, two = hand_masks(counts)
    kept, faces, spares = table.programme(one, two, 14)
    assert table.best_spares(one, two, 14) == (kept, _normal(faces), spares)


@settings(max_examples=300, deadline=None)
@given(hands(), st.booleans(), st.integers(min_value=0, max_value=(1 << FACE_COUNT) - 1))
def test_the_rows_walk_lays_out_an_optimal_hand(hand: tuple[list[int], int], wrap: bool, noise: int) -> None:
    """The layout certify checks against the supply, checked piece by piece: every piece a template,
    its open slots within it, no face filled more often than held, the count kept filled, every slot
    of the room used (or three or more left for a new piece), and every open face a face of the
    answer; a face of the answer asked for as the target is an open slot of the layout."""
    counts, room = hand
    table = MeldCover(wrap).table
    assert table is not None
    one, two = hand_masks(counts)
    kept, faces, _ = table.best_spares(one, two, room)
    if kept < 0:
        return
    valid = {sum(1 << f for f in t.faces) for t in templates(wrap)}
    want = faces & ALL_FACES_MASK if noise & 1 else noise
    for target in (want & -want, *(1 << f for f in range(FACE_COUNT) if faces >> f & 1)):
        pieces, rest = table.layout(one, two, room, want, target)
        filled = [0] * FACE_COUNT
        for mask, open_slots in pieces:
            assert mask in valid and open_slots & ~mask == 0
            for face in range(FACE_COUNT):
                if mask >> face & 1 and not open_slots >> face & 1:
                    filled[face] += 1
        assert all(filled[f] <= counts[f] for f in range(FACE_COUNT))
        assert sum(filled) == kept
        assert sum(mask.bit_count() for mask, _ in pieces) + rest == room and rest not in (1, 2)
        opened = 0
        for _, open_slots in pieces:
            opened |= open_slots
        assert opened & ~faces == 0
        if target & faces & ALL_FACES_MASK and not faces & ANY_FACE and target != want & -want:
            assert opened & target, target.bit_length() - 1
