"""The compiled extensions export the constants they were built with, and Python checks them at import.

An extension built with other constants (faces, slots, wilds) is left out and the pure-Python code
answers instead: the same answers, with nothing printed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from okeytool.solver.classic import chance, cover
from okeytool.solver.classic.pairs import PAIRS
from okeytool.solver.compiled import MISMATCHES, built_with
from okeytool.tiles import FACE_COUNT, MAX_WILDS


@pytest.mark.skipif(not cover.COMPILED, reason="the cover programme is not built here")
def test_the_cover_programme_states_its_constants() -> None:
    from okeytool.solver.classic import _cover

    assert (_cover.FACES, _cover.MIN_PIECE, _cover.WILDS) == (FACE_COUNT, cover.MIN_PIECE, MAX_WILDS)
    assert 1 << _cover.ANY_FACE_BIT == cover.ANY_FACE


@pytest.mark.skipif(not cover.COMPILED, reason="the cover programme is not built here")
def test_the_cover_programme_refuses_a_piece_beyond_the_faces() -> None:
    from okeytool.solver.classic import _cover

    options: list[list[tuple[int, int]]] = [[] for _ in range(FACE_COUNT)]
    options[0] = [(1 << FACE_COUNT | 0b111, 3)]  # its table keeps the count kept above the faces
    with pytest.raises(ValueError, match="beyond the 52 faces"):
        _cover.Table(options)


@pytest.mark.skipif(not chance.COMPILED, reason="the chance recursion is not built here")
def test_the_chance_recursion_states_its_constants() -> None:
    from okeytool.solver.classic import _chance

    assert (_chance.FACES, _chance.SLOTS, _chance.WILD_SLOT) == (FACE_COUNT, chance.SLOTS, FACE_COUNT)
    assert (_chance.PAIRS, _chance.WILDS) == (PAIRS, MAX_WILDS)


def test_a_constant_that_differs_is_named() -> None:
    class Built:
        __name__ = "_toy"
        FACES = 40

    assert built_with(Built(), FACES=40)  # type: ignore[arg-type]
    assert not built_with(Built(), FACES=FACE_COUNT)  # type: ignore[arg-type]
    assert MISMATCHES.pop("_toy") == f"FACES is 40 in the build, {FACE_COUNT} here"
    assert not built_with(Built(), FACES=40, WILDS=2)  # type: ignore[arg-type]
    assert MISMATCHES.pop("_toy") == "WILDS is missing in the build, 2 here"


@pytest.mark.skipif(not cover.COMPILED, reason="the cover programme is not built here")
def test_an_extension_built_otherwise_falls_back_to_python(tmp_path: Path) -> None:
    script = (
        "import okeytool.solver.classic._cover as built\n"
        "built.FACES = 40\n"
        "from okeytool.solver.classic import cover, chance\n"
        "from okeytool.solver.compiled import MISMATCHES\n"
        "from okeytool.cli import main\n"
        "from okeytool.deal import Deal\n"
        "from okeytool.rules import get_rules\n"
        "from okeytool.tiles import Tile\n"
        "facts = chance.HandFacts(Deal(get_rules('classic'), Tile.parse('Y7')))\n"
        "print(cover.COMPILED, chance.COMPILED, facts.kernel is None, sorted(MISMATCHES))\n"
        "import sys; sys.argv = ['okeytool', 'discard', '-i', 'Y7', 'R1-4 B9-11 K5 Y5 K11-13 B2 Y9 R8', '--json']\n"
        "main()\n"
    )
    # Run away from the source tree, so that the package imported is the one installed (and built).
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    first, _, answer = done.stdout.partition("\n")
    # _chance was built as this code expects, but runs only on the compiled cover table: not used either.
    assert first == "False True True ['okeytool.solver.classic._cover']"
    plain = subprocess.run(
        [sys.executable, "-m", "okeytool", "discard", "-i", "Y7", "R1-4 B9-11 K5 Y5 K11-13 B2 Y9 R8", "--json"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert answer == plain.stdout
