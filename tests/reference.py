"""Slow, obviously-correct references built only on the validator: "is this hand winning?", and
whether a Rummikub table after a play keeps every table joker as rules.md section 6 demands.

Nothing here uses the solvers (search, CP-SAT, meld templates, pairs closed form). A meld hand is
found by recursive partition: the first plain tile of what is left goes into some meld, every
sub-multiset of the rest is tried as that meld's other plain tiles, with 0, 1 or 2 wilds trying every
face they could stand for, and the validator (:func:`meld_problem`) decides whether it is a meld.
Seven pairs: the first tile is paired with each other tile in turn, the validator
(:func:`pair_problem`) decides whether the two are a pair.

The only pruning is stated with its reason where it is done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product

from okeytool.deal import Deal
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import meld_problem, pair_problem
from okeytool.tiles import ALL_FACES, JOKER, Tile

WINNING_SIZE = 14
MAX_MELD = 13


@dataclass(frozen=True)
class ReferenceAnswer:
    """Per winning discard (None for a 14-tile hand) the kind the hand scores as."""

    wins: dict[Tile | None, str]

    @property
    def winning(self) -> bool:
        return bool(self.wins)

    @property
    def discards(self) -> set[Tile]:
        return {d for d in self.wins if d is not None}


def _remove(tiles: tuple[Tile, ...], taken: Sequence[Tile]) -> tuple[Tile, ...]:
    left = list(tiles)
    for tile in taken:
        left.remove(tile)
    return tuple(left)


def _shares(deal: Deal, kind: str, a: Tile, b: Tile) -> bool:
    """Every tile of a set has the set's number; every tile of a run has the run's colour."""
    fa, fb = deal.plays_as(a), deal.plays_as(b)
    assert fa is not None and fb is not None
    return fa.number == fb.number if kind == "set" else fa.colour == fb.colour


def _is_meld(deal: Deal, kind: str, plain: Sequence[Tile], wilds: int) -> Meld | None:
    """The ``kind`` meld of the plain tiles (each as its own face) and ``wilds`` wilds, or None."""
    placements = tuple(Placement(t, deal.plays_as(t)) for t in plain)  # type: ignore[arg-type]
    first = placements[0].as_
    # A wild stands for a face of the set's number or of the run's colour: only those are tried,
    # every one of them, and the validator judges each choice.
    candidates = [f for f in ALL_FACES if (f.number == first.number if kind == "set" else f.colour == first.colour)]
    wild = deal.wild_tile()
    for faces in combinations_with_replacement(candidates, wilds):
        meld = Meld(kind, placements + tuple(Placement(wild, f) for f in faces))  # type: ignore[arg-type]
        if meld_problem(deal, meld) is None:
            return meld
    return None


@lru_cache(maxsize=200_000)
def _melds(deal: Deal, plain: tuple[Tile, ...], wilds: int) -> tuple[Meld, ...] | None:
    """Melds using every plain tile (sorted) and exactly ``wilds`` wilds, or None."""
    if not plain:
        # Wilds alone (at most two) never make a meld of three.
        return () if wilds == 0 else None
    first, rest = plain[0], plain[1:]
    for kind in ("set", "run"):
        partners = tuple(t for t in rest if _shares(deal, kind, first, t))
        for k in range(len(partners) + 1):
            for others in sorted(set(combinations(partners, k))):
                for w in range(min(wilds, 2) + 1):
                    if not 3 <= 1 + k + w <= MAX_MELD:
                        continue
                    meld = _is_meld(deal, kind, (first, *others), w)
                    if meld is None:
                        continue
                    below = _melds(deal, _remove(rest, others), wilds - w)
                    if below is not None:
                        return (meld, *below)
    return None


def meld_arrangement(deal: Deal, tiles: Sequence[Tile]) -> tuple[Meld, ...] | None:
    """Melds using every one of ``tiles`` exactly once, or None."""
    if len(tiles) != WINNING_SIZE:
        return None
    wild_count = sum(1 for t in tiles if deal.is_wild(t))
    plain_tiles = tuple(sorted(t for t in tiles if not deal.is_wild(t)))
    return _melds(deal, plain_tiles, wild_count)


def pairs_arrangement(deal: Deal, tiles: Sequence[Tile]) -> tuple[Meld, ...] | None:
    """Seven pairs using every one of ``tiles`` exactly once, or None."""
    if len(tiles) != WINNING_SIZE or not deal.rules.seven_pairs:
        return None
    wild = deal.wild_tile()

    def pair(a: Tile, b: Tile) -> Meld | None:
        fa = deal.plays_as(a)
        fb = deal.plays_as(b)
        face = fa or fb or wild  # a wild takes the other tile's face; two wilds any face
        meld = Meld("pair", (Placement(a, fa or face), Placement(b, fb or face)))
        return meld if pair_problem(deal, meld) is None else None

    @cache
    def solve(left: tuple[Tile, ...]) -> tuple[Meld, ...] | None:
        if not left:
            return ()
        first = left[0]
        tried: set[Tile] = set()
        for j in range(1, len(left)):
            if left[j] in tried:  # identical tiles are one choice
                continue
            tried.add(left[j])
            found = pair(first, left[j])
            if found is None:
                continue
            below = solve(left[1:j] + left[j + 1 :])
            if below is not None:
                return (found, *below)
        return None

    return solve(tuple(sorted(tiles)))


def reference_check(deal: Deal, tiles: Sequence[Tile]) -> ReferenceAnswer:
    """For 14 tiles: {None: kind} if complete. For 15: {discard: kind} for each winning discard.

    The kind is "pairs" when the 14 make seven pairs (it scores more), else "melds".
    """
    held = tuple(sorted(tiles))
    options: list[tuple[Tile | None, tuple[Tile, ...]]]
    if len(held) == WINNING_SIZE:
        options = [(None, held)]
    else:
        options = [(d, _remove(held, [d])) for d in sorted(set(held))]
    wins: dict[Tile | None, str] = {}
    for discard, rest in options:
        if pairs_arrangement(deal, rest) is not None:
            wins[discard] = "pairs"
        elif meld_arrangement(deal, rest) is not None:
            wins[discard] = "melds"
    return ReferenceAnswer(wins)


def is_kafa(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """14 tiles of one colour, 1..13 and a second 1; a real okey, itself of its face's colour, may
    stand in for a missing number of that colour."""
    if len(tiles) != WINNING_SIZE:
        return False
    physical = {(deal.plays_as(t) or t).colour for t in tiles if (deal.plays_as(t) or t).is_face}
    if len(physical) != 1 or any(t.is_joker for t in tiles):
        return False
    wilds = sum(1 for t in tiles if deal.is_wild(t))
    plain = Counter(deal.plays_as(t) for t in tiles if not deal.is_wild(t))
    for colour in range(4):
        wanted = Counter({Tile.face(colour, n): 1 for n in range(1, 14)})
        wanted[Tile.face(colour, 1)] += 1
        if all(plain[f] <= wanted[f] for f in plain) and sum((wanted - plain).values()) == wilds:
            return True
    return False


# --- Rummikub: the table jokers after a play (rules.md section 6) -----------------------------------


def written_joker_faces(meld: Sequence[Tile]) -> list[set[Tile]]:
    """What each joker of a table meld, as written, may stand for: in a run the face at its place
    (runs are written in number order), in a set any colour of the number no plain tile has."""
    real = [(k, t) for k, t in enumerate(meld) if not t.is_joker]
    if len(real) > 1 and len({t.number for _, t in real}) == 1:
        number = real[0][1].number
        missing = {Tile.face(c, number) for c in range(4)} - {t for _, t in real}
        return [missing for t in meld if t.is_joker]
    k, anchor = real[0]
    return [{Tile.face(anchor.colour, anchor.number - k + j)} for j, t in enumerate(meld) if t.is_joker]


def _joker_readings(meld: Meld) -> list[tuple[Tile, ...]]:
    """The faces the jokers of a laid meld may stand for, one tuple per reading: in a run the face
    laid at their place, in a set any distinct colours the set's plain tiles do not have."""
    jokers = [p for p in meld.placements if p.tile.is_joker]
    if meld.kind == "run":
        return [tuple(p.as_ for p in jokers)]
    plain = [p.as_ for p in meld.placements if not p.tile.is_joker]
    missing = [Tile.face(c, plain[0].number) for c in range(4) if Tile.face(c, plain[0].number) not in plain]
    return [faces for faces in permutations(missing, len(jokers))]


def _matched(needs: Sequence[set[Tile]], slots: Sequence[Tile]) -> bool:
    """Each need gets a slot of its own whose face it may stand for (tried one by one)."""
    if not needs:
        return True
    first, rest = needs[0], needs[1:]
    return any(face in first and _matched(rest, [*slots[:k], *slots[k + 1 :]]) for k, face in enumerate(slots))


def table_joker_problem(deal: Deal, table: Sequence[Sequence[Tile]], laid: Sequence[tuple[Meld, bool]]) -> str | None:
    """Why the table ``laid`` after a play breaks the joker rule of rules.md section 6, or None.

    ``table``: the melds before the play, as written; ``laid``: every meld after it, with True for a
    meld said to be kept. Uses no solver code, only the validator. A kept meld must be one of the
    table's melds, unchanged (its tiles, each joker on a face it stood for). Every joker of the
    other table melds needs a place of its own, in a meld not kept, on a face it may stand for: a
    joker standing there (it still stands for that face, possibly moved with the rearranged tiles)
    or a plain tile of that face (from the rack or a meld taken apart: the tile that freed it). One
    tile frees one joker. A set of one number tile and two jokers is a run, never a set.
    """
    left = [tuple(m) for m in table]
    needs: list[set[Tile]] = []
    loose: list[Meld] = []
    for meld, kept in laid:
        if meld_problem(deal, meld) is not None:
            return f"{meld} is not a valid meld: {meld_problem(deal, meld)}"
        if meld.kind == "set" and sum(not p.tile.is_joker for p in meld.placements) == 1:
            return f"{meld} holds one number tile and two jokers: that is a run"
        if not kept:
            loose.append(meld)
            continue
        for k, original in enumerate(left):
            faces = set().union(*written_joker_faces(original)) if JOKER in original else set()
            stands = [p.as_ for p in meld.placements if p.tile.is_joker]
            if Counter(meld.tiles) == Counter(original) and set(stands) <= faces and len(set(stands)) == len(stands):
                del left[k]
                break
        else:
            return f"{meld} is said to be kept but is none of the table's melds"
    for original in left:
        needs.extend(written_joker_faces(original))
    plain = [p.as_ for meld in loose for p in meld.placements if not p.tile.is_joker]
    for reading in product(*(_joker_readings(meld) for meld in loose)):
        if _matched(needs, [*plain, *(face for faces in reading for face in faces)]):
            return None
    return f"a table joker (standing for one of {[sorted(map(str, n)) for n in needs]}) is freed without its tile"
