"""Rule profiles (rules.md sections 0 and 8): lookup, aliases, option overrides and validation."""

from __future__ import annotations

import dataclasses
import json

import pytest

from okeytool.errors import RulesError
from okeytool.finish import Finish, Finish101
from okeytool.rules import OPTIONS, KafaMode, PenaltyEnd, get_rules

# rules.md section 0: hand size, wrap 12-13-1, wild tiles, scoring default.
PROFILE_TABLE = {
    "classic": (14, True, "okey", "pagat"),
    "okeygg": (14, True, "okey", "okeygg"),
    "101": (21, False, "okey", "101"),
    "rummikub": (14, False, "joker", "rummikub"),
}

# rules.md section 8: defaults where sources disagree.
SECTION_8_DEFAULTS = {
    "stack_multipliers": True,
    "kafa": "ordinary",
    "renkli": False,
    "open_pairs": 5,
    "open_points": 101,
    "jokers_in_pairs": True,
    "unopened_cap": 404,
    "initial_meld": 30,
}


@pytest.mark.parametrize("name", PROFILE_TABLE)
def test_profiles_carry_section_0_values(name: str) -> None:
    rules = get_rules(name)
    assert rules.name == name
    assert (rules.hand_size, rules.wrap, rules.wild, rules.scheme) == PROFILE_TABLE[name]
    assert rules.has_indicator == (rules.wild == "okey")
    assert rules.max_wilds == 2


@pytest.mark.parametrize("name", PROFILE_TABLE)
def test_profiles_carry_section_8_defaults(name: str) -> None:
    rules = get_rules(name)
    for option, value in SECTION_8_DEFAULTS.items():
        assert getattr(rules, option) == value, option


def test_seven_pairs_only_in_classic_profiles() -> None:
    assert get_rules("classic").seven_pairs and get_rules("okeygg").seven_pairs
    assert not get_rules("101").seven_pairs and not get_rules("rummikub").seven_pairs


def test_scoring_defaults_of_section_7() -> None:
    assert get_rules("classic").starting_points == 20  # pagat starts at 20
    assert get_rules("okeygg").starting_points == 0
    assert get_rules("okeygg").target == 21
    assert get_rules("101").rounds == 5
    assert get_rules("classic", {"start": "15"}).starting_points == 15


@pytest.mark.parametrize(("alias", "name"), [("joypip", "rummikub"), ("JoyPip", "rummikub"), (" Classic ", "classic")])
def test_lookup_by_alias_and_any_case(alias: str, name: str) -> None:
    assert get_rules(alias) == get_rules(name)


def test_unknown_profile() -> None:
    with pytest.raises(RulesError, match="unknown rules profile 'chess'"):
        get_rules("chess")


@pytest.mark.parametrize(
    ("options", "attribute", "value"),
    [
        ({"wrap": "false"}, "wrap", False),
        ({"wrap": "NO"}, "wrap", False),
        ({"wrap": False}, "wrap", False),
        ({"stack_multipliers": "off"}, "stack_multipliers", False),
        ({"renkli": "1"}, "renkli", True),
        ({"kafa": "Match-Win"}, "kafa", "match-win"),
        ({"target": "31"}, "target", 31),
        ({"target": 7}, "target", 7),
        ({"open_points": " 120 "}, "open_points", 120),
        ({"scheme": "penalty"}, "scheme", "penalty"),
    ],
)
def test_option_overrides(options: dict, attribute: str, value: object) -> None:
    profile = "101" if attribute == "open_points" else "classic"
    base = get_rules(profile)
    changed = get_rules(profile, options)
    assert getattr(changed, attribute) == value
    assert changed.options[attribute] == value
    assert base.with_options(options) == changed
    assert getattr(get_rules(profile), attribute) == getattr(base, attribute)  # the profile is untouched


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"wrapping": "true"}, "unknown rule option 'wrapping'"),
        ({"wrap": "maybe"}, "wrap takes true or false"),
        ({"target": "32"}, "target must be between 7 and 31"),
        ({"target": "6"}, "target must be between 7 and 31"),
        ({"open_pairs": "0"}, "open_pairs must be between"),
        ({"open_points": "lots"}, "open_points takes a whole number"),
        ({"open_points": True}, "open_points takes a whole number"),
        ({"open_points": "10.5"}, "open_points takes a whole number"),
        ({"kafa": "sometimes"}, "kafa takes one of ordinary, match-win"),
        ({"scheme": "bridge"}, "scheme takes one of"),
    ],
)
def test_bad_options_raise_rules_error(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_rules("classic", options)
    with pytest.raises(ValueError):  # bad input is a ValueError too
        get_rules("classic").with_options(options)


@pytest.mark.parametrize(
    ("profile", "options", "message"),
    [
        ("101", {"wrap": "true"}, "option wrap is not part of the 101 rules"),
        ("101", {"renkli": "true"}, "option renkli is not part of the 101 rules"),
        ("rummikub", {"seven_pairs": "true"}, "not part of the rummikub rules"),
        ("classic", {"open_points": "120"}, "option open_points is not part of the classic rules"),
        ("classic", {"initial_meld": "40"}, "not part of the classic rules"),
        ("rummikub", {"rounds": "4"}, "rounds takes 1, 3, 5 in the rummikub rules"),
        ("101", {"scheme": "pagat"}, "scheme takes 101 in the 101 rules"),
    ],
)
def test_options_of_another_game_are_refused(profile: str, options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_rules(profile, options)


def test_options_of_the_game_are_taken() -> None:
    assert get_rules("rummikub", {"rounds": "5", "initial_meld": "40"}).rounds == 5
    assert get_rules("101", {"rounds": "7", "unopened_cap": "808"}).unopened_cap == 808
    assert get_rules("okeygg", {"scheme": "penalty"}).scheme == "penalty"


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_rules("classic").wrap = False  # type: ignore[misc]


def test_every_option_is_a_rules_field() -> None:
    names = {f.name for f in dataclasses.fields(get_rules("classic"))}
    assert set(OPTIONS) <= names


@pytest.mark.parametrize(
    ("kind", "okey_finish", "stack", "multiplier"),
    [
        ("melds", False, True, 1),
        ("melds", True, True, 2),
        ("pairs", False, True, 2),
        ("pairs", True, True, 4),
        ("pairs", True, False, 2),
        ("melds", True, False, 2),
    ],
)
def test_finish_multipliers(kind: str, okey_finish: bool, stack: bool, multiplier: int) -> None:
    rules = get_rules("classic", {"stack_multipliers": stack})
    assert Finish.of(pairs=kind == "pairs", okey_finish=okey_finish).multiplier(rules) == multiplier


@pytest.mark.parametrize(("name", "drawn"), [("classic", 15), ("okeygg", 15), ("101", 22), ("rummikub", 15)])
def test_a_hand_on_its_turn_holds_one_tile_more(name: str, drawn: int) -> None:
    rules = get_rules(name)
    assert rules.drawn_size == drawn == rules.hand_size + 1


def test_the_101_numbers_are_stated_on_the_rules() -> None:
    # rules.md 5.2 (open with 101), 5.5 (+101 a penalty), 5.6 (winner -101, never opened 202 capped
    # at 404), 5.4 (elden -202 / +404).
    rules = get_rules("101")
    numbers = (rules.open_points, rules.win_points, rules.discard_penalty, rules.unopened_points)
    assert numbers == (101, 101, 101, 202)
    assert (rules.unopened_cap, rules.elden_win, rules.elden_loss) == (404, 202, 404)


def test_text_options_are_enums_with_their_text() -> None:
    rules = get_rules("classic", {"kafa": "match-win", "scheme": "penalty", "end": "TWO_LOWEST"})
    assert rules.kafa is KafaMode.MATCH_WIN and rules.end is PenaltyEnd.TWO_LOWEST
    assert get_rules("classic").kafa is KafaMode.ORDINARY and get_rules("classic").end is PenaltyEnd.ELIMINATION
    assert (str(rules.kafa), f"{rules.end}", rules.kafa.value) == ("match-win", "two_lowest", "match-win")
    typed = {"kafa": KafaMode.MATCH_WIN, "scheme": "penalty", "end": PenaltyEnd.TWO_LOWEST}
    assert get_rules("classic", typed) == rules
    # The options travel as JSON (ledger, round documents) and come back equal.
    own = {k: v for k, v in rules.options.items() if "classic" in OPTIONS[k].profiles and v is not None}
    text = json.dumps(own)
    assert json.loads(text)["kafa"] == "match-win"
    assert get_rules("classic", json.loads(text)) == rules


def test_options_declare_their_choices() -> None:
    assert OPTIONS["kafa"].choices == ("ordinary", "match-win")
    assert OPTIONS["end"].choices == ("elimination", "two_lowest")
    assert OPTIONS["wrap"].choices == ("true", "false")
    assert OPTIONS["scheme"].choices == ("pagat", "penalty", "okeygg", "101", "rummikub")
    assert OPTIONS["scheme"].choices_in("101") == ("101",)
    assert OPTIONS["rounds"].choices_in("rummikub") == ("1", "3", "5")
    assert OPTIONS["target"].choices == () and (OPTIONS["target"].low, OPTIONS["target"].high) == (7, 31)
    for name, option in OPTIONS.items():  # every listed choice is accepted where the option belongs
        for profile in option.profiles:
            for choice in option.choices_in(profile):
                assert str(get_rules(profile, {name: choice}).options[name]).lower() == choice


def test_an_error_cuts_a_long_value() -> None:
    with pytest.raises(RulesError) as raised:
        get_rules("classic", {"kafa": "x" * 1_000_000})
    assert len(str(raised.value)) < 120 and "1000000 characters" in str(raised.value)
    with pytest.raises(RulesError) as raised:
        get_rules("classic", {"target": "9" * 100_000})
    assert len(str(raised.value)) < 120


def test_101_finishes() -> None:
    assert [f.value for f in Finish101] == ["normal", "okey", "elden", "elden+okey", "aborted"]
    assert {f for f in Finish101 if f.okey_finish} == {Finish101.OKEY, Finish101.ELDEN_OKEY}
    assert {f for f in Finish101 if f.elden} == {Finish101.ELDEN, Finish101.ELDEN_OKEY}
    assert [f for f in Finish101 if not f.counted] == [Finish101.ABORTED]
