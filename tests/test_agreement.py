"""The fast exact search and the CP-SAT model agree, on hundreds of seeded hands (thousands in a deep run).

Hands are dealt from a real set (random deals) or built from random melds with real okeys and false
jokers mixed in, then perturbed (near-complete hands), under both wrap settings. For each hand:
complete or not (the search's check against the CP-SAT exact partition), and the deficiency (the
cover programme with its supply certificates against the CP-SAT deficiency model). Where the C
extension is built, the compiled and the pure-Python cover programmes give identical answers on every
hand (elsewhere that test is skipped: there is only one programme to run).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from conftest import examples

from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.classic import analysis
from okeytool.solver.classic.analysis import Analyser
from okeytool.solver.classic.check import meld_arrangement
from okeytool.solver.classic.cover import ANY_FACE, COMPILED, MeldCover
from okeytool.solver.classic.model import MeldModel
from okeytool.tiles import ALL_FACES, ALL_FACES_MASK, FALSE_JOKER, Tile

SEED = 4242
HANDS = examples(2000)


def _pool(deal: Deal) -> list[Tile]:
    tiles = [t for t in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
    tiles.remove(deal.indicator)  # type: ignore[arg-type]
    return tiles


def _built(rng: random.Random, deal: Deal) -> list[Tile] | None:
    """14 tiles from random melds, some slots taken by real okeys; None if the supply runs out."""
    faces: list[Tile] = []
    for size in rng.choice(((3, 3, 4, 4), (3, 3, 3, 5), (4, 5, 5))):
        colour, number = rng.randrange(4), rng.randint(1, 13)
        if rng.random() < 0.4 and size <= 4:
            faces += [Tile.face(c, number) for c in rng.sample(range(4), size)]
        else:
            top = 14 if deal.rules.wrap else 13
            start = rng.randint(1, top - size + 1)
            faces += [Tile.face(colour, (start + k - 1) % 13 + 1) for k in range(size)]
    held = [deal.tile_for_face(f) for f in faces]
    for k in rng.sample(range(14), rng.choice((0, 0, 1, 2))):
        held[k] = deal.okey  # type: ignore[call-overload]
    pool = _pool(deal)
    for tile in held:
        if tile not in pool:
            return None
        pool.remove(tile)
    for _ in range(rng.choice((0, 1, 1, 2))):  # near-complete: swap a tile or two for other tiles
        k = rng.randrange(14)
        pool.append(held[k])
        held[k] = pool.pop(rng.randrange(len(pool)))
    return held


@cache
def corpus() -> tuple[tuple[Deal, tuple[Tile, ...]], ...]:
    """``HANDS`` seeded 14-tile hands, half dealt at random, half built from melds."""
    rng = random.Random(SEED)
    profiles = (get_rules("classic"), get_rules("classic", {"wrap": "false"}))
    out: list[tuple[Deal, tuple[Tile, ...]]] = []
    while len(out) < HANDS:
        deal = Deal(rng.choice(profiles), rng.choice(ALL_FACES))
        tiles = _built(rng, deal) if len(out) % 2 else rng.sample(_pool(deal), 14)
        if tiles is not None:
            out.append((deal, tuple(sorted(tiles))))
    return tuple(out)


def test_corpus_has_both_answers() -> None:
    complete = sum(meld_arrangement(d, d.solver_hand(t)) is not None for d, t in corpus())
    assert HANDS // 10 < complete < HANDS - HANDS // 10


@pytest.mark.parametrize("part", range(4))
def test_search_and_cpsat_agree_on_complete_hands(part: int) -> None:
    for deal, tiles in corpus()[part::4]:
        hand = deal.solver_hand(tiles)
        fast = meld_arrangement(deal, hand) is not None
        exact = MeldModel(deal, hand).complete_pieces() is not None
        assert fast == exact, (str(deal.indicator), " ".join(map(str, tiles)))


@pytest.mark.parametrize("part", range(4))
def test_cover_and_cpsat_agree_on_deficiency(part: int) -> None:
    for deal, tiles in corpus()[part::4]:
        hand = deal.solver_hand(tiles)
        fast = Analyser(deal).deficiency(hand)
        exact = MeldModel(deal, hand).meld_deficiency()
        pairs = fast.pairs if fast.pairs is not None else exact
        # The fast meld figure is exact up to the seven-pairs figure (above it, seven pairs decide).
        assert fast.total == min(exact, pairs), (str(deal.indicator), " ".join(map(str, tiles)))
        if fast.melds <= pairs:
            assert fast.melds == exact


@pytest.mark.skipif(not COMPILED, reason="the C extension is not built here: nothing to compare")
def test_compiled_and_python_cover_agree() -> None:
    # The default programme is the compiled one wherever it was built (COMPILED); the Python one is
    # the fallback elsewhere, and both must answer alike.
    compiled = {w: MeldCover(w, compiled=True) for w in (True, False)}
    python = {w: MeldCover(w, compiled=False) for w in (True, False)}
    assert all(c.compiled for c in compiled.values()) and not any(p.compiled for p in python.values())
    for deal, tiles in corpus():
        counts = deal.solver_hand(tiles).counts
        wrap, size = deal.rules.wrap, deal.rules.hand_size
        assert compiled[wrap].cover(counts, size) == python[wrap].cover(counts, size)
        # The certificates' walks meet layouts in different orders (the compiled table walks its colour
        # rows, Python the programme's states), so what each vouches for may differ where the other
        # leaves a face to the exact search; the count and the faces are the same, and so are the
        # answers built on them (below).
        supply = deal.supply_vector()
        fast, slow = compiled[wrap].certify(counts, supply, size), python[wrap].certify(counts, supply, size)
        assert fast.kept == slow.kept
        assert fast.faces == (ANY_FACE | ALL_FACES_MASK if slow.faces & ANY_FACE else slow.faces)
        assert fast.shown & ~fast.faces == 0 and slow.shown & ~slow.faces == 0


@pytest.mark.skipif(not COMPILED, reason="the C extension is not built here: nothing to compare")
def test_compiled_and_python_analysis_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deficiency and useful draws of corpus hands, by the compiled table and by the Python programme
    (certificates, exact search and all)."""
    hands = list(corpus()[:120])
    compiled = [(Analyser(deal).deficiency(deal.solver_hand(t)), Analyser(deal).useful_draws(deal.solver_hand(t)))
                for deal, t in hands]  # fmt: skip
    monkeypatch.setattr(analysis, "meld_cover", cache(lambda wrap: MeldCover(wrap, compiled=False)))
    python = [(Analyser(deal).deficiency(deal.solver_hand(t)), Analyser(deal).useful_draws(deal.solver_hand(t)))
              for deal, t in hands]  # fmt: skip
    assert not any(Analyser(deal).cover.compiled for deal, _ in hands[:1])
    assert compiled == python
