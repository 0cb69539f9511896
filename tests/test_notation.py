"""Tile notation (cli.md): colour names, ranges, set shorthand, separators, precise errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import in_process, make_deal
from hypothesis import given
from hypothesis import strategies as st

from okeytool.errors import NotationError, SupplyError
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
    assert text(parse_tiles("K10-1", wrap=True)) == "K10 K11 K12 K13 K1"
    assert text(parse_tiles("K13-1", wrap=True)) == "K13 K1"
    with pytest.raises(NotationError, match=r"'K12-1' \(token 2\)"):
        parse_tiles("R1 K12-1", wrap=False)


@pytest.mark.parametrize("wrap", [True, False])
@pytest.mark.parametrize(("written", "fix"), [("R3-1", "R1-3"), ("red9-1", "R1-9"), ("K2-K1", "K1-2")])
def test_a_range_that_goes_down_is_refused_by_name(written: str, fix: str, wrap: bool) -> None:
    """``R3-1`` is a typing slip for R1-3, not the 12 tiles R3..R13 R1: only the short runs at the end
    of a row (``K10-1`` .. ``K13-1``) wrap past 13."""
    with pytest.raises(NotationError) as caught:
        parse_tiles(f"B5 {written}", wrap=wrap)
    message = str(caught.value)
    assert f"{written!r} (token 2)" in message and f"write {fix}" in message
    assert ("wrap" in message) == wrap  # where runs wrap, the message says which ranges do


def test_a_range_that_goes_down_is_one_error_line_through_the_command() -> None:
    done = in_process("check", "-i", "Y7", "R3-1", "B9-11", "K5", "Y5", "R5", "K11-13", "K1", "B2")
    assert done.code == 2 and done.out == ""
    assert done.err.startswith("okeytool: error: range goes down from 3 to 1 in 'R3-1' (token 1): write R1-3")
    assert done.err.count("\n") == 1


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
        ("R6-3", "range goes down from 6 to 3 in 'R6-3' (token 1): write R3-6"),
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


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("SİYAH5", "K5"),
        ("MAVİ5", "B5"),
        ("SARI5", "Y5"),
        ("SARİ5", "Y5"),
        ("KIRMIZI5", "R5"),
        ("KİRMİZİ5", "R5"),
        ("Kırmızı5", "R5"),
        ("kirmizi5", "R5"),
        ("MAVI9", "B9"),
        ("Mavi9", "B9"),
        ("sİyah5", "K5"),
        ("SI\u0307YAH5", "K5"),  # İ written as I and a combining dot
        ("si\u0307yah5", "K5"),
        ("GRÜN5", "B5"),
    ],
)
def test_turkish_capitals_in_colour_names(written: str, canonical: str) -> None:
    # Python lower-cases İ to i and a combining dot, and I to i: both i's are one letter here.
    assert parse_tile(written) == Tile.parse(canonical)


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("okey", "J"),
        ("OKEY Okey", "J J"),
        ("sahte", "F"),
        ("SAHTE Sahte", "F F"),
        ("false", "F"),
        ("sahte okey", "F"),  # the false joker's full name is one tile
        ("False Okey R5", "F R5"),
        ("sahte okey okey", "F J"),
        ("sahte, okey", "F J"),  # a comma parts two tiles
        ("F okey", "F J"),
        ("okey sahte", "J F"),
    ],
)
def test_tiles_as_players_say_them(written: str, canonical: str) -> None:
    assert text(parse_tiles(written)) == canonical
    assert parse_tiles(written.split(" ")) == parse_tiles(written)  # as several arguments


def test_a_spoken_okey_is_a_real_okey_and_sahte_a_false_joker_in_the_deal() -> None:
    deal = make_deal("R4")  # okey R5
    assert deal.resolve(parse_tiles("okey sahte K2")) == parse_tiles("R5 F K2")
    with pytest.raises(SupplyError, match="false joker"):
        make_deal(None, "rummikub").resolve(parse_tiles("sahte"))


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("R1-R4", "R1 R2 R3 R4"),
        ("r1-r4", "R1 R2 R3 R4"),
        ("rot1-rot3", "R1 R2 R3"),
        ("R1-red3", "R1 R2 R3"),
        ("Kırmızı2-KIRMIZI4", "R2 R3 R4"),
        ("K12-K1", "K12 K13 K1"),
    ],
)
def test_a_range_may_repeat_its_colour(written: str, canonical: str) -> None:
    assert text(parse_tiles(written, wrap=True)) == canonical


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("R1-B4", "a range stays in one colour in 'R1-B4' (token 1)"),
        ("R1-RB4", "a range stays in one colour in 'R1-RB4' (token 1)"),
        ("R1-X4", "unknown colour 'X' in 'R1-X4' (token 1)"),
        ("R1-R", "missing number in 'R1-R' (token 1)"),
        ("R6-R3", "range goes down from 6 to 3 in 'R6-R3' (token 1): write R3-6"),
        ("sahte5", "unknown colour 'sahte' in 'sahte5' (token 1)"),
        ("okey5", "unknown colour 'okey' in 'okey5' (token 1)"),
        ("pınk5", "unknown colour 'pınk' in 'pınk5' (token 1)"),
    ],
)
def test_new_forms_keep_precise_errors(written: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles(written)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "written",
    ["X" * 1_000_000, "R" + "9" * 1_000_000, "R1-" + "Q" * 1_000_000, "R1 " + "#" * 1_000_000, "1" * 1_000_000],
)
def test_an_error_quotes_a_long_token_cut(written: str) -> None:
    for parse in (parse_tiles, parse_tile, parse_melds):
        with pytest.raises(NotationError) as caught:
            parse(written)
        message = str(caught.value)
        assert "…" in message and "characters)" in message and len(message) < 200
        assert "\n" not in message


SPELLINGS = {
    "R": ["R", "r", "red", "ROT", "kirmizi", "kırmızı", "KIRMIZI", "Kırmızı", "KİRMİZİ"],
    "B": ["B", "b", "blue", "Blau", "mavi", "MAVİ", "MAVI", "green", "GRÜN", "gruen"],
    "K": ["K", "k", "black", "schwarz", "siyah", "SİYAH", "SIYAH"],
    "Y": ["Y", "y", "yellow", "gelb", "sari", "sarı", "SARI", "SARİ", "orange"],
}
EXTRA_SPELLINGS = {
    "F": ["F", "f", "sahte", "SAHTE", "false", "sahte okey", "False Okey"],
    "J": ["J", "j", "okey", "OKEY"],
}


@st.composite
def spoken(draw: st.DrawFn, tile: Tile) -> str:
    """One way a player may write ``tile``."""
    if tile.is_face:
        return draw(st.sampled_from(SPELLINGS[tile.colour.letter])) + str(tile.number)
    return draw(st.sampled_from(EXTRA_SPELLINGS[str(tile)]))


@given(st.lists(st.integers(0, VECTOR_SIZE - 1), max_size=22), st.data())
def test_any_spelling_reads_as_the_tiles_and_prints_canonically(indices: list[int], data: st.DataObject) -> None:
    tiles = tuple(Tile(i) for i in indices)
    written = ", ".join(data.draw(spoken(t)) for t in tiles)  # commas: "sahte, okey" stays two tiles
    assert parse_tiles(written) == tiles
    assert parse_tiles(format_tiles(tiles, sort=False)) == tiles  # parse(str(x)) == x
    assert all(Tile.parse(str(t)) == t for t in tiles)


@given(
    st.sampled_from(sorted(SPELLINGS)),
    st.integers(1, 12),
    st.integers(1, 12),
    st.data(),
)
def test_a_range_with_or_without_its_colour_again(letter: str, start: int, length: int, data: st.DataObject) -> None:
    end = min(13, start + length)
    first = data.draw(st.sampled_from(SPELLINGS[letter]))
    again = data.draw(st.sampled_from(SPELLINGS[letter]))
    short = parse_tiles(f"{first}{start}-{end}")
    assert parse_tiles(f"{first}{start}-{again}{end}") == short
    assert text(short) == " ".join(f"{letter}{n}" for n in range(start, end + 1))
    assert parse_tiles(text(short)) == short


#: What each tile written in README's "Tiles" table stands for (its "written" column, in order).
README_TILES = {
    "R5": "R5", "r5": "R5",
    "red5": "R5", "rot5": "R5", "kırmızı5": "R5", "blau5": "B5", "mavi5": "B5", "schwarz5": "K5", "siyah5": "K5",
    "gelb5": "Y5", "sarı5": "Y5", "green5": "B5", "orange5": "Y5",
    "SİYAH5": "K5", "MAVİ9": "B9", "SARI5": "Y5", "KIRMIZI5": "R5", "Kırmızı5": "R5", "MAVI9": "B9",
    "F": "F", "sahte": "F", "false": "F", "sahte okey": "F",
    "J": "J", "okey": "J",
    "R3-6": "R3 R4 R5 R6", "R3-R6": "R3 R4 R5 R6", "red3-red6": "R3 R4 R5 R6",
    "RBK7": "R7 B7 K7",
}  # fmt: skip


def readme_tiles() -> list[str]:
    """The tiles written in the first column of README's "Tiles" table, in order."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Tiles\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [written for row in rows for written in re.findall(r"`([^`]+)`", row.split(" | ")[0])]


def test_every_tile_in_the_readme_reads_as_it_says() -> None:
    written = readme_tiles()
    assert written == list(README_TILES)  # the table and this test list the same forms
    for form, canonical in README_TILES.items():
        assert text(parse_tiles(form)) == canonical, form
    assert text(parse_tiles("K12-1", wrap=True)) == "K12 K13 K1"  # the table's wrapping range, as it says
