"""Tile notation (cli.md): colour names, ranges, set shorthand, separators, precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from okeytool.errors import NotationError
from okeytool.parse.notation import parse_melds, parse_tile, parse_tiles
from okeytool.tiles import VECTOR_SIZE, Tile, format_tiles


def text(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)


COLOUR_NAMES = {
    "R": ["red", "rot", "kirmizi", "kırmızı", "r"],
    "B": ["blue", "blau", "mavi", "green", "b"],
    "K": ["black", "schwarz", "siyah", "k"],
    "Y": ["yellow", "gelb", "sari", "sarı", "orange", "y"],
}


@pytest.mark.parametrize(
    ("name", "letter"), [(name, letter) for letter, names in COLOUR_NAMES.items() for name in names]
)
def test_colour_names_in_english_german_turkish_any_case(name: str, letter: str) -> None:
    for written in (name, name.upper(), name.capitalize()):
        assert parse_tile(f"{written}5") == Tile.parse(f"{letter}5"), written


@given(st.lists(st.integers(0, VECTOR_SIZE - 1), max_size=22))
def test_canonical_text_round_trips(indices: list[int]) -> None:
    tiles = tuple(sorted(Tile(i) for i in indices))
    canonical = format_tiles(tiles)
    assert parse_tiles(canonical) == tiles
    assert format_tiles(parse_tiles(canonical)) == canonical


@given(st.lists(st.integers(0, VECTOR_SIZE - 1), min_size=1, max_size=22), st.data())
def test_any_mix_of_separators_and_lower_case(indices: list[int], data: st.DataObject) -> None:
    tiles = tuple(Tile(i) for i in indices)
    seps = data.draw(
        st.lists(st.sampled_from([" ", ",", ", ", " ,  ", "\t", "\n"]), min_size=len(tiles), max_size=len(tiles))
    )
    written = "".join(str(t).lower() + sep for t, sep in zip(tiles, seps))
    assert parse_tiles(written) == tiles
    assert parse_tiles([str(t) for t in tiles]) == tiles  # several arguments


def test_ranges_sets_and_extras() -> None:
    assert text(parse_tiles("R3-6")) == "R3 R4 R5 R6"
    assert text(parse_tiles("rot3-5")) == "R3 R4 R5"
    assert text(parse_tiles("RBK7")) == "R7 B7 K7"
    assert text(parse_tiles("ykbr1")) == "R1 B1 K1 Y1"
    assert text(parse_tiles("F, J f j")) == "F J F J"
    assert text(parse_tiles("R1-13")) == " ".join(f"R{n}" for n in range(1, 14))


def test_wrapping_range_only_where_the_profile_wraps() -> None:
    assert text(parse_tiles("K12-1", wrap=True)) == "K12 K13 K1"
    assert text(parse_tiles("K11-1", wrap=True)) == "K11 K12 K13 K1"
    with pytest.raises(NotationError, match=r"'K12-1' \(token 2\)"):
        parse_tiles("R1 K12-1", wrap=False)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("R1 R2 X2", "unknown colour 'X' in 'X2' (token 3)"),
        ("purple5", "unknown colour 'purple' in 'purple5' (token 1)"),
        ("R0", "number 0 is not 1-13 in 'R0' (token 1)"),
        ("R5 R14", "number 14 is not 1-13 in 'R14' (token 2)"),
        ("R5 R123", "number 123 is not 1-13 in 'R123' (token 2)"),
        ("R", "missing number in 'R' (token 1)"),
        ("B2 7", "missing colour in '7' (token 2)"),
        ("R3-", "missing number in 'R3-' (token 1)"),
        ("R6-3", "range must go up (or wrap to 1) in 'R6-3' (token 1)"),
        ("R3-3", "in 'R3-3' (token 1)"),
        ("RB3-5", "a range takes one colour in 'RB3-5' (token 1)"),
        ("RR7", "a set names each colour once in 'RR7' (token 1)"),
        ("R1.5", "cannot read 'R1.5' (token 1)"),
        ("R5 F2", "unknown colour 'F' in 'F2' (token 2)"),
        ("R٣", "cannot read 'R٣' (token 1)"),
        ("R" + "1" * 5000, "is not 1-13"),
    ],
)
def test_errors_name_the_token_and_its_position(written: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles(written)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_notation_error(written: str) -> None:
    try:
        tiles = parse_tiles(written)
    except NotationError:
        return
    assert parse_tiles(text(tiles)) == tiles


def test_parse_tile_takes_exactly_one() -> None:
    assert parse_tile(" r5 ") == Tile.parse("R5")
    for bad in ("R5 R6", "RB5", "R5-6", "", " "):
        with pytest.raises(NotationError, match="expected one tile"):
            parse_tile(bad)


def test_melds_split_at_semicolons() -> None:
    melds = parse_melds("R1-3; K7 B7 Y7;")
    assert [text(m) for m in melds] == ["R1 R2 R3", "K7 B7 Y7"]
    with pytest.raises(NotationError, match="empty meld 2"):
        parse_melds("R1-3;;K7 B7 Y7")
    with pytest.raises(NotationError, match=r"meld 2: unknown colour 'X'"):
        parse_melds("R1-3; X7")
