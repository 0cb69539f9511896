"""Property tests of the Rummikub play solver against slow, obviously-correct references.

The references below use only the validator (:func:`meld_problem`, :func:`faces_meld_kind`): no meld
templates, no model. A group of tiles is a meld when some reading of its jokers passes the validator
(and a set does not hold one number tile with two jokers: that is a run, rules.md section 2). A
table is valid when its tiles split into melds, tried by recursion: the first plain tile goes into
some meld with every sub-multiset of the others. The only pruning is stated where it is done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reference import table_joker_problem, written_joker_faces

from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.melds.result import Meld, Placement, SolveStatus
from okeytool.solver.melds.validator import faces_meld_kind, meld_problem
from okeytool.solver.rummikub.play import Play, best_play, read_table
from okeytool.tiles import ALL_FACES, JOKER, Tile

DEAL = Deal(get_rules("rummikub"))
INITIAL = DEAL.rules.initial_meld
MAX_MELD = 13

Game = tuple[tuple[Tile, ...], tuple[tuple[Tile, ...], ...]]


# --- the references ------------------------------------------------------------------------------


@cache
def meld_readings(group: tuple[Tile, ...]) -> frozenset[tuple[int, tuple[Tile, ...]]]:
    """(value, faces the jokers stand for, sorted) of every valid reading of ``group`` as one meld.

    Pruning: a joker only tries faces that share the colour or the number of the first plain tile,
    since every face of a valid set or run shares one of them with every other face.
    """
    real = [t for t in group if not t.is_joker]
    if not real or len(group) < 3:
        return frozenset()
    anchor = real[0]
    faces = [f for f in ALL_FACES if f.colour == anchor.colour or f.number == anchor.number]
    readings = set()
    for reading in product(faces, repeat=len(group) - len(real)):
        placements = tuple([Placement(t, t) for t in real] + [Placement(JOKER, f) for f in reading])
        kind = faces_meld_kind([p.as_ for p in placements], wrap=False)
        if kind is None or (kind == "set" and len(real) == 1):
            continue
        if meld_problem(DEAL, Meld(kind, placements)) is None:
            readings.add((sum(p.as_.number for p in placements), tuple(sorted(reading))))
    return frozenset(readings)


def meld_values(group: tuple[Tile, ...]) -> tuple[int, ...]:
    """Values of every valid reading of ``group`` as one meld (empty if it is no meld)."""
    return tuple(sorted({value for value, _ in meld_readings(group)}))


def _minus(tiles: Sequence[Tile], taken: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted((Counter(tiles) - Counter(taken)).elements()))


@cache
def best_partition(tiles: tuple[Tile, ...]) -> int | None:
    """The highest value of a split of all ``tiles`` (sorted: jokers last) into melds, or None."""
    if not tiles:
        return 0
    first, rest = tiles[0], tiles[1:]
    if first.is_joker:
        return None  # only jokers are left: no meld
    best = None
    for size in range(2, min(len(rest), MAX_MELD - 1) + 1):
        for others in set(combinations(rest, size)):
            values = meld_values((first, *others))
            if not values:
                continue
            below = best_partition(_minus(rest, others))
            if below is not None and (best is None or values[-1] + below > best):
                best = values[-1] + below
    return best


@cache
def largest_cover(tiles: tuple[Tile, ...]) -> int:
    """The most of ``tiles`` (sorted) that can be laid in melds, the others left out.

    Pruning: a meld holds each face once, so the first tile's meld partners are distinct faces.
    """
    if not tiles or tiles[0].is_joker:
        return 0
    first, rest = tiles[0], tiles[1:]
    best = largest_cover(rest)
    jokers = sum(t.is_joker for t in rest)
    plain = sorted({t for t in rest if not t.is_joker and t != first})
    for size in range(0, len(plain) + 1):
        for others in combinations(plain, size):
            for wild in range(jokers + 1):
                group = (first, *others, *[JOKER] * wild)
                if len(group) >= 3 and meld_values(group):
                    best = max(best, len(group) + largest_cover(_minus(rest, group[1:])))
    return best


def sub_racks(rack: Sequence[Tile]) -> set[tuple[Tile, ...]]:
    """Every sub-multiset of the rack (sorted)."""
    ordered = sorted(rack)
    return {combo for size in range(len(ordered) + 1) for combo in combinations(ordered, size)}


@cache
def joker_faces(tiles: tuple[Tile, ...]) -> frozenset[tuple[Tile, ...]]:
    """The faces (sorted) the jokers can stand for in a split of all ``tiles`` (sorted: jokers
    last) into melds; empty when there is no split."""
    if not tiles:
        return frozenset({()})
    first, rest = tiles[0], tiles[1:]
    if first.is_joker:
        return frozenset()
    found: set[tuple[Tile, ...]] = set()
    for size in range(2, min(len(rest), MAX_MELD - 1) + 1):
        for others in set(combinations(rest, size)):
            readings = meld_readings((first, *others))
            if not readings:
                continue
            below = joker_faces(_minus(rest, others))
            for _, wild in readings:
                found.update(tuple(sorted((*wild, *more))) for more in below)
    return frozenset(found)


def jokers_freed_rightly(needs: Sequence[set[Tile]], plain: Sequence[Tile], wild: Sequence[Tile]) -> bool:
    """rules.md 6: every joker of a table meld taken apart is freed only by a tile of its face put in
    its place (from the rack or another meld taken apart), unless a joker still stands for that face:
    each need gets its own plain tile or joker face, tried one by one."""
    if not needs:
        return True
    first, rest = needs[0], needs[1:]
    for k, face in enumerate(plain):
        if face in first and jokers_freed_rightly(rest, [*plain[:k], *plain[k + 1 :]], wild):
            return True
    for k, face in enumerate(wild):
        if face in first and jokers_freed_rightly(rest, plain, [*wild[:k], *wild[k + 1 :]]):
            return True
    return False


def reference_opened(rack: Sequence[Tile], table: Sequence[Sequence[Tile]]) -> tuple[int, int, int]:
    """(tiles, melds kept, value of plain tiles) of the best opened play, compared in that order.

    The melds not kept and the rack tiles laid are split into melds anew, and the jokers of the
    melds not kept are freed only as rules.md section 6 allows (:func:`jokers_freed_rightly`).
    """
    best = (0, len(table), 0)
    for kept in range(len(table) + 1):
        for keep in combinations(range(len(table)), kept):
            loose = [t for m, meld in enumerate(table) if m not in keep for t in meld]
            needs = [need for m, meld in enumerate(table) if m not in keep for need in written_joker_faces(meld)]
            for sub in sub_racks(rack):
                tiles = tuple(sorted([*loose, *sub]))
                plain = [t for t in tiles if not t.is_joker]
                if any(jokers_freed_rightly(needs, plain, wild) for wild in joker_faces(tiles)):
                    value = sum(t.number for t in sub if not t.is_joker)
                    best = max(best, (len(sub), kept, value))
    return best


def reference_initial(rack: Sequence[Tile]) -> tuple[int, int]:
    """(most tiles, best value among them) and the best value overall, of initial melds worth 30."""
    most = (0, 0)
    richest = 0
    for sub in sub_racks(rack):
        value = best_partition(sub) if sub else None
        if value is not None and value >= INITIAL:
            most = max(most, (len(sub), value))
            richest = max(richest, value)
    return most, richest


# --- strategies ------------------------------------------------------------------------------------


@st.composite
def games(
    draw: st.DrawFn,
    *,
    max_rack: int = 5,
    max_melds: int = 2,
    numbers: int = 4,
    jokers: bool = True,
    table_jokers: bool = False,
) -> Game:
    """A table of valid melds (some with a joker) and a rack, from a narrow window of faces so that
    rack and table interact; the supply of rules.md section 1 holds. With ``table_jokers`` both
    jokers are in play, in the four colours: the first meld is a set of four holding one (a joker
    standing for the one face left), the rack holds those left."""
    low = draw(st.integers(1, 14 - numbers))
    window = range(low, low + numbers)
    colours = [0, 1, 2, 3] if table_jokers else draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    pool = Counter({Tile.face(c, n): 2 for c in colours for n in window})
    pool[JOKER] = (2 if table_jokers else draw(st.integers(0, 2))) if jokers else 0
    table = []
    for m in range(draw(st.integers(1 if table_jokers else 0, max_melds))):
        if not (table_jokers and m == 0) and (draw(st.booleans()) or len(colours) < 3):
            colour = draw(st.sampled_from(colours))
            length = draw(st.integers(3, numbers))
            start = draw(st.integers(low, low + numbers - length))
            meld = [Tile.face(colour, n) for n in range(start, start + length)]
        else:
            number = draw(st.sampled_from(window))
            size = 4 if table_jokers and m == 0 else draw(st.integers(3, min(4, len(colours))))
            group = draw(st.lists(st.sampled_from(colours), min_size=size, max_size=size, unique=True))
            meld = [Tile.face(c, number) for c in sorted(group)]
        if pool[JOKER] and ((table_jokers and m == 0) or draw(st.booleans())):
            meld[draw(st.integers(0, len(meld) - 1))] = JOKER
        need = Counter(meld)
        if all(pool[t] >= n for t, n in need.items()):
            pool -= need
            table.append(tuple(meld))
    wild = min(pool[JOKER], max_rack - 1) if table_jokers else draw(st.integers(0, min(pool[JOKER], max_rack - 1)))
    left = sorted(t for t in pool.elements() if not t.is_joker)
    size = min(max_rack - wild, len(left))
    # The table may hold every face of the window: the rack is then the jokers left (a rack is never empty).
    assume(left or wild)
    picks = (
        draw(st.lists(st.integers(0, len(left) - 1), min_size=min(2, size), max_size=size, unique=True)) if left else []
    )
    return tuple(sorted([*(left[k] for k in picks), *[JOKER] * wild])), tuple(table)


def check_invariants(rack: Sequence[Tile], table: Sequence[Sequence[Tile]], play: Play, opened: bool) -> None:
    """What every answer must satisfy, whatever the optimum."""
    assert play.status is SolveStatus.OPTIMAL
    for meld in play.melds:
        assert meld_problem(DEAL, meld) is None, meld
        assert not (meld.kind == "set" and sum(not p.tile.is_joker for p in meld.placements) == 1)
    before = Counter(t for meld in table for t in meld)
    assert Counter(t for meld in play.melds for t in meld.tiles) == before + Counter(play.placed)
    assert Counter(play.placed) + Counter(play.rack_left) == Counter(rack)
    assert play.placed_count == len(play.placed)
    assert play.rack_left_value == sum(30 if t.is_joker else t.number for t in play.rack_left)
    problem = table_joker_problem(DEAL, table, [(m.meld, m.status == "kept") for m in play.table])
    assert problem is None, problem
    originals = read_table(DEAL, table)
    kept = [m.meld for m in play.table if m.status == "kept"]
    assert not Counter(kept) - Counter(originals), "a kept meld is one of the table's melds, unchanged"
    for meld in play.table:
        assert len(meld.from_rack) == len(meld.meld.placements)
        if meld.status == "new":
            assert all(meld.from_rack)
    marked = Counter(p.tile for m in play.table for p, new in zip(m.meld.placements, m.from_rack) if new)
    assert marked == Counter(play.placed), "the rack tiles marked on the table are the tiles laid"
    if not opened:
        assert kept == list(originals), "before the initial meld the table is untouched"
        assert all(m.status in ("kept", "new") for m in play.table)
        assert play.must_draw or play.value >= INITIAL
        assert play.value == sum(m.meld.value for m in play.table if m.status == "new")


# --- properties ------------------------------------------------------------------------------------


@settings(max_examples=examples(80))
@given(games())
def test_opened_play_matches_the_reference(game: Game) -> None:
    rack, table = game
    play = best_play(DEAL, rack, table, opened=True)
    check_invariants(rack, table, play, opened=True)
    tiles, kept, value = reference_opened(rack, table)
    assert play.placed_count == tiles
    assert play.kept_count == kept
    if not any(t.is_joker for t in rack):
        assert play.value == value


@settings(max_examples=examples(40))
@given(games(max_rack=3, numbers=3, table_jokers=True))
def test_table_jokers_are_freed_only_by_their_tile(game: Game) -> None:
    """Small tables whose melds hold jokers, against the brute force: the same optimum, and every
    table joker still stands for a face it may stand for or was freed by a tile of that face."""
    rack, table = game
    play = best_play(DEAL, rack, table, opened=True)
    check_invariants(rack, table, play, opened=True)  # table_joker_problem among them
    tiles, kept, value = reference_opened(rack, table)
    assert (play.placed_count, play.kept_count) == (tiles, kept)
    if not any(t.is_joker for t in rack):
        assert play.value == value
    by_value = best_play(DEAL, rack, table, opened=True, goal="value")
    check_invariants(rack, table, by_value, opened=True)


@given(games(jokers=False))
def test_opened_value_goal_matches_the_reference(game: Game) -> None:
    rack, table = game
    play = best_play(DEAL, rack, table, opened=True, goal="value")
    check_invariants(rack, table, play, opened=True)
    on_table = [t for meld in table for t in meld]
    best = max(
        sum(t.number for t in sub)
        for sub in sub_racks(rack)
        if best_partition(tuple(sorted([*sub, *on_table]))) is not None
    )
    assert play.value == best


@settings(max_examples=40)
@given(games(max_rack=7, max_melds=1, numbers=6))
def test_initial_meld_matches_the_reference(game: Game) -> None:
    rack, table = game
    (tiles, value), richest = reference_initial(rack)
    by_tiles = best_play(DEAL, rack, table, opened=False)
    check_invariants(rack, table, by_tiles, opened=False)
    assert (by_tiles.placed_count, by_tiles.value) == (tiles, value)
    by_value = best_play(DEAL, rack, table, opened=False, goal="value")
    check_invariants(rack, table, by_value, opened=False)
    assert by_value.value == richest
    assert by_value.must_draw == (richest == 0)


@settings(max_examples=30)
@given(games(max_rack=10, max_melds=0, numbers=5))
def test_empty_table_lays_the_largest_meld_cover(game: Game) -> None:
    rack, _ = game
    play = best_play(DEAL, rack, (), opened=True)
    check_invariants(rack, (), play, opened=True)
    assert play.placed_count == largest_cover(tuple(sorted(rack)))
    assert all(m.status == "new" for m in play.table)


@settings(max_examples=25)
@given(games(max_rack=14, max_melds=6, numbers=8), st.booleans(), st.sampled_from(["tiles", "value"]))
def test_larger_games_keep_every_invariant(game: Game, opened: bool, goal: str) -> None:
    rack, table = game
    play = best_play(DEAL, rack, table, opened=opened, goal=goal)  # type: ignore[arg-type]
    check_invariants(rack, table, play, opened)
    if opened:
        no_change = best_play(DEAL, rack, table, opened=opened, goal=goal)  # type: ignore[arg-type]
        assert no_change == play, "the same input gives the same answer"


def test_reference_sanity() -> None:
    """The references themselves, on hand-checked cases."""
    r = {t: Tile.parse(t) for t in ("R4", "R5", "R6", "R7", "B7", "K7", "K13")}
    assert best_partition(tuple(sorted([r["R4"], r["R5"], r["R6"]]))) == 15
    assert best_partition(tuple(sorted([r["R4"], r["R5"], r["R7"]]))) is None
    assert best_partition((r["K13"], JOKER, JOKER)) == 36  # a run, not a set of 13s
    assert largest_cover(tuple(sorted([r["R4"], r["R5"], r["R6"], r["R7"], r["B7"], r["K7"]]))) == 6
    assert reference_opened([r["B7"], r["K7"]], [(r["R4"], r["R5"], r["R6"], r["R7"])]) == (2, 0, 14)
    # rules.md 6: the joker of R4 R5 R6 J (R7) is freed by an R7 from the rack, never without one.
    k5, k6 = Tile.parse("K5"), Tile.parse("K6")
    run = (r["R4"], r["R5"], r["R6"], JOKER)
    assert written_joker_faces(run) == [{r["R7"]}]
    assert reference_opened([k5, k6], [run]) == (0, 1, 0)
    assert reference_opened([k5, k6, r["R7"]], [run]) == (3, 0, 18)
    # ... or by an R7 taken from another meld (that meld is then not kept).
    longer = (r["R7"], *(Tile.parse(f"R{n}") for n in (8, 9, 10)))
    assert reference_opened([k5, k6], [run, longer]) == (2, 0, 11)
    # A set's joker stands for any missing colour: Y7 frees the joker of R7 B7 K7 J, R7 does not.
    group = (r["R7"], r["B7"], r["K7"], JOKER)
    assert written_joker_faces(group) == [{Tile.parse("Y7")}]
    assert written_joker_faces((r["R7"], r["B7"], JOKER)) == [{r["K7"], Tile.parse("Y7")}]
    assert reference_opened([k5, k6, Tile.parse("Y9")], [group]) == (2, 0, 11)  # K5 K6 with the set's K7


def test_a_rack_of_one_joker_beside_a_full_window() -> None:
    """The strategy's edge: the table holds every face of its window, the rack only a joker."""
    run = tuple(Tile.parse(f"R{n}") for n in range(1, 9))
    for opened in (True, False):
        for goal in ("tiles", "value"):
            play = best_play(DEAL, (JOKER,), (run, run), opened=opened, goal=goal)  # type: ignore[arg-type]
            check_invariants((JOKER,), (run, run), play, opened)
            assert play.placed == ((JOKER,) if opened else ())
