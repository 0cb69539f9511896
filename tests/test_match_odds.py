"""Match odds (okeytool.score.odds, ``game show``): each side's chance to win from the standings,
by seeded simulation of rounds scored by the game's own scheme and ended by its own end rule."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import in_process

from okeytool.rules import get_rules
from okeytool.score import Standings, extended, scheme_for, score_document, score_round, standings
from okeytool.score.odds import (
    BATCH,
    CLASSIC_ROUNDS,
    ROUND_MODELS,
    STOPPED_TIME,
    Chance,
    ClassicRounds,
    Drawn,
    MatchOdds,
    Okey101Rounds,
    RummikubRounds,
    Sampler,
    match_odds,
)
from okeytool.score.round import Hand101
from okeytool.score.schemes import SCHEMES
from okeytool.score.teams import Teams, parse_teams, team_standings
from okeytool.tiles import Colour, Tile

PLAYERS = ("Ali", "Bora", "Cem", "Deniz")
#: A rules profile each scheme scores.
PROFILE_OF = {"pagat": "classic", "penalty": "classic", "okeygg": "classic", "101": "101", "rummikub": "rummikub"}
#: Few games keep the tests fast; the standard errors are then about 1 to 1.5 points.
FEW = 1500


def classic_round(scheme: str, winner: str | None, finish: str | None = "normal", **extra: Any) -> Any:
    document = {"rules": "classic", "scheme": scheme, "players": list(PLAYERS), "winner": winner, "finish": finish}
    return score_document({**document, **extra})


def hand_101(winner: str, points: dict[str, int]) -> Any:
    """A 101 round won by ``winner``, every other player opened with melds and holds ``points``."""
    hands: dict[str, Any] = {p: {"opened": "melds", "points": points.get(p, 0)} for p in PLAYERS if p != winner}
    hands[winner] = {"opened": "melds", "tiles": ""}
    return score_document({"rules": "101", "players": list(PLAYERS), "winner": winner, "finish": "normal",
                           "hands": hands})  # fmt: skip


def game(rules_name: str, played: Sequence[Any] = (), **options: Any) -> Standings:
    return standings(get_rules(rules_name, options), PLAYERS, played)


def equal_within_error(odds: MatchOdds, names: Sequence[str], errors: float = 4.0) -> bool:
    """Every two of ``names`` have chances within ``errors`` standard errors of their difference."""
    sides = odds.sides
    return all(
        abs(sides[a].chance - sides[b].chance) <= errors * math.hypot(sides[a].se, sides[b].se) + 1e-12
        for a in names
        for b in names
    )


# -- a game already decided ------------------------------------------------------------------------


def test_a_finished_game_is_certain_for_its_winners() -> None:
    over = game("classic", [classic_round("okeygg", "Ali", "pairs+okey")] * 3, scheme="okeygg", target=21)
    assert over.totals["Ali"] == 24 and over.finished and over.winners == ("Ali",)
    odds = match_odds(over, simulations=FEW)
    assert odds.finished and odds.simulations == 0 and odds.rounds_left == 0
    assert odds.players["Ali"] == Chance(1.0, 0.0)
    assert all(odds.players[p] == Chance(0.0, 0.0) for p in PLAYERS[1:])
    document = odds.to_json()
    assert document["players"] == {"Ali": {"chance": 1.0, "se": 0.0}, **{p: {"chance": 0.0, "se": 0.0}
                                                                          for p in PLAYERS[1:]}}  # fmt: skip
    assert document["stopped"] is None and document["model"] == CLASSIC_ROUNDS.to_json()


def test_a_pagat_game_won_by_two_is_certain_for_both() -> None:
    rounds = [classic_round("pagat", w, "pairs+okey") for w in ("Ali", "Bora", "Ali")]
    over = game("classic", rounds, scheme="pagat")
    assert over.finished and set(over.winners) == {"Ali", "Bora"}
    odds = match_odds(over)
    assert {p for p, c in odds.players.items() if c.chance == 1.0} == {"Ali", "Bora"}


def test_a_finished_partnership_game_is_certain_for_both_partners() -> None:
    teams = parse_teams("Ali+Cem,Bora+Deniz")
    rounds = [hand_101("Ali", {"Bora": 60, "Deniz": 60})]
    over = standings(get_rules("101", {"rounds": 1}), teams.players, rounds)
    odds = match_odds(over, teams)
    assert odds.teams == {"Ali+Cem": Chance(1.0, 0.0), "Bora+Deniz": Chance(0.0, 0.0)}
    assert [odds.players[p].chance for p in ("Ali", "Cem", "Bora", "Deniz")] == [1.0, 1.0, 0.0, 0.0]


# -- symmetric standings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules_name", "options"),
    [("classic", {"scheme": "pagat"}), ("classic", {"scheme": "penalty"}),
     ("classic", {"scheme": "penalty", "end": "two_lowest"}), ("classic", {"scheme": "okeygg", "target": 9}),
     ("classic", {"scheme": "pagat", "renkli": True}), ("101", {"rounds": 2}), ("rummikub", {"rounds": 3})],
)  # fmt: skip
def test_symmetric_standings_give_equal_chances(rules_name: str, options: dict[str, Any]) -> None:
    odds = match_odds(game(rules_name, **options), simulations=FEW)
    assert odds.simulations == FEW and odds.stopped is None and odds.undecided == 0
    assert equal_within_error(odds, PLAYERS), odds.players
    assert all(0 < c.chance < 1 and 0 < c.se < 0.02 for c in odds.players.values())


def test_symmetric_standings_mid_game_stay_equal() -> None:
    # Each player has won one round: all at 14 in pagat.
    rounds = [classic_round("pagat", w) for w in PLAYERS]
    level = game("classic", rounds, scheme="pagat")
    assert set(level.totals.values()) == {14}
    assert equal_within_error(match_odds(level, simulations=FEW), PLAYERS)


# -- who leads -------------------------------------------------------------------------------------


def test_a_clear_leader_has_the_higher_chance() -> None:
    rounds = [classic_round("okeygg", "Ali", "pairs")] * 4  # Ali at 16 of 21, the others at 0
    odds = match_odds(game("classic", rounds, scheme="okeygg"), simulations=FEW)
    assert all(odds.players["Ali"].chance > odds.players[p].chance + 0.3 for p in PLAYERS[1:])
    assert sum(c.chance for c in odds.players.values()) == pytest.approx(1.0)  # one winner, no ties at 21+


def test_in_penalty_elimination_a_player_out_has_no_chance() -> None:
    rounds = [classic_round("penalty", "Ali", "pairs+okey")] * 2  # the others at 16
    rounds += [classic_round("penalty", "Cem", "okey", gosterme=["Cem"])]  # Bora and Deniz at 21: out
    state = game("classic", rounds, scheme="penalty")
    assert state.out == ("Bora", "Deniz") and not state.finished
    assert (state.totals["Ali"], state.totals["Cem"]) == (5, 16)
    odds = match_odds(state, simulations=FEW)
    assert odds.players["Bora"] == odds.players["Deniz"] == Chance(0.0, 0.0)
    assert odds.players["Ali"].chance > odds.players["Cem"].chance + 0.3


# -- reproducible ----------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_odds() -> None:
    state = game("classic", [classic_round("pagat", "Cem", "okey")], scheme="pagat")
    first = match_odds(state, simulations=FEW, seed=7)
    assert match_odds(state, simulations=FEW, seed=7) == first
    assert match_odds(state, simulations=FEW, seed=8) != first
    assert first.seed == 7 and first.to_json()["seed"] == 7


def test_a_time_limit_stops_after_whole_batches_and_says_so() -> None:
    state = game("classic", scheme="okeygg")
    stopped = match_odds(state, simulations=3 * BATCH, time_limit=0.0)
    assert stopped.stopped == STOPPED_TIME and stopped.simulations == BATCH and stopped.requested == 3 * BATCH
    # The games simulated are the first games of the full run: the same as asking for that many.
    assert stopped.players == match_odds(state, simulations=BATCH, time_limit=None).players
    assert stopped.to_json()["stopped"] == "time"


@pytest.mark.parametrize("bad", [{"simulations": 0}, {"simulations": 10**7}, {"time_limit": -1.0}])
def test_bad_settings_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="simulations|time limit"):
        match_odds(game("classic"), **bad)


# -- a 101 match and partnerships ------------------------------------------------------------------


def test_a_101_match_midway() -> None:
    rounds = [hand_101("Ali", {"Bora": 40, "Cem": 40, "Deniz": 40}), hand_101("Ali", {"Bora": 30, "Cem": 30})]
    state = game("101", rounds, rounds=5)  # Ali -202; three rounds left
    odds = match_odds(state, simulations=FEW)
    assert odds.rounds_left == 3 and not odds.finished
    assert odds.players["Ali"].chance > max(odds.players[p].chance for p in PLAYERS[1:]) + 0.2
    assert equal_within_error(odds, ["Bora", "Cem"])
    assert sum(c.chance for c in odds.players.values()) == pytest.approx(1.0, abs=0.01)  # ties are rare
    late = match_odds(game("101", rounds, rounds=3), simulations=FEW)  # one round left: surer
    assert late.rounds_left == 1 and late.players["Ali"].chance > odds.players["Ali"].chance


@pytest.mark.parametrize("rule", ["sum", "partner-out"])
def test_teams_get_one_chance_for_both_partners(rule: str) -> None:
    teams = parse_teams("Ali+Cem,Bora+Deniz", rule)
    rules = get_rules("101", {"rounds": 4})
    level = standings(rules, teams.players, ())
    odds = match_odds(level, teams, simulations=FEW)
    assert odds.teams is not None and set(odds.teams) == {"Ali+Cem", "Bora+Deniz"}
    assert equal_within_error(odds, ["Ali+Cem", "Bora+Deniz"])
    assert odds.players["Ali"] == odds.players["Cem"] == odds.teams["Ali+Cem"]
    ahead = standings(rules, teams.players, [hand_101("Ali", {"Bora": 60, "Deniz": 60, "Cem": 5})] * 2)
    leading = match_odds(ahead, teams, simulations=FEW)
    assert leading.teams is not None and leading.teams["Ali+Cem"].chance > 0.75
    assert set(leading.to_json()["teams"]) == {"Ali+Cem", "Bora+Deniz"}  # type: ignore[arg-type]


# -- the game's own rules --------------------------------------------------------------------------


@dataclass(frozen=True)
class Always:
    """A model that draws the same round every time."""

    drawn: Drawn
    name: str = "always"

    def sampler(self, players: tuple[str, ...]) -> Sampler:
        return lambda rng: self.drawn

    def to_json(self) -> dict[str, object]:
        return {"model": self.name}


def played_out(state: Standings, drawn: Drawn, teams: Teams | None = None) -> tuple[tuple[str, ...], int]:
    """The game ``state`` extended with ``drawn`` until its end rule ends it: the winners and the rounds."""
    rounds = 0
    while not state.finished:
        round_ = scheme_for(state.rules).complete(drawn.round(state.rules, state.active))
        state = extended(state, score_round(round_))
        rounds += 1
    return (team_standings(teams, state).winners if teams else state.winners), rounds


@pytest.mark.parametrize(
    ("options", "drawn"),
    [({"scheme": "pagat"}, Drawn("Bora", "okey", ("Cem",))),
     ({"scheme": "penalty"}, Drawn("Bora", "pairs", ("Ali",))),
     ({"scheme": "penalty", "end": "two_lowest"}, Drawn("Deniz", "normal")),
     ({"scheme": "okeygg", "target": 13}, Drawn("Cem", "pairs+okey")),
     ({"scheme": "pagat", "renkli": True}, Drawn("Cem", "pairs", indicator=Tile.face(Colour.RED, 4)))],
)  # fmt: skip
def test_a_simulated_game_ends_as_the_scheme_ends_it(options: dict[str, Any], drawn: Drawn) -> None:
    start = game("classic", [classic_round(str(options["scheme"]), "Ali")], **options)
    winners, rounds = played_out(start, drawn)
    odds = match_odds(start, simulations=20, model=Always(drawn))
    assert {p for p, c in odds.players.items() if c.chance == 1.0} == set(winners)
    assert odds.rounds_left == rounds and odds.undecided == 0


def test_when_the_last_two_go_out_together_in_penalty_the_lower_of_them_wins() -> None:
    rounds = [classic_round("penalty", "Ali", "pairs+okey")] * 2
    rounds.append(classic_round("penalty", "Bora", "okey", gosterme=["Bora"]))  # Cem and Deniz at 21: out
    two = {"rules": "classic", "scheme": "penalty", "players": ["Ali", "Bora"]}
    for winner, finish in [("Bora", "pairs")] * 3 + [("Bora", "normal")] + [("Ali", "normal")] * 2:
        rounds.append(score_document({**two, "winner": winner, "finish": finish}))
    start = game("classic", rounds, scheme="penalty")
    assert (start.totals, start.active) == ({"Ali": 19, "Bora": 20, "Cem": 21, "Deniz": 21}, ("Ali", "Bora"))
    drawn = Drawn("Bora", "okey", ("Ali",))  # Ali 23, Bora 21: both out
    assert played_out(start, drawn) == (("Bora",), 1)
    odds = match_odds(start, simulations=5, model=Always(drawn))
    assert [p for p, c in odds.players.items() if c.chance] == ["Bora"]


def test_a_simulated_partnership_ends_as_the_ledger_ends_it() -> None:
    # Bora goes out (-101); Deniz never opened (202); Ali and Cem hold 10 each.
    hands = {"Bora": Hand101("melds", ()), "Deniz": Hand101(None, None), "Ali": Hand101("melds", None, 10),
             "Cem": Hand101("melds", None, 10)}  # fmt: skip
    drawn = Drawn("Bora", "normal", hands=tuple(hands.items()))
    for rule, won in (("partner-out", "Bora+Deniz"), ("sum", "Ali+Cem")):  # partner-out: Deniz's 202 not counted
        teams = parse_teams("Ali+Cem,Bora+Deniz", rule)
        start = standings(get_rules("101", {"rounds": 3}), teams.players, ())
        winners, rounds = played_out(start, drawn, teams)
        odds = match_odds(start, teams, simulations=10, model=Always(drawn))
        assert odds.teams is not None and {t for t, c in odds.teams.items() if c.chance == 1.0} == set(winners)
        assert winners == (won,) and rounds == odds.rounds_left == 3


def test_a_game_that_never_ends_is_left_undecided() -> None:
    odds = match_odds(game("classic", scheme="okeygg"), simulations=3, model=Always(Drawn(None, None)))
    assert odds.undecided == 3 and all(c.chance == 0 for c in odds.players.values())


# -- the models ------------------------------------------------------------------------------------


def test_every_scheme_has_a_model_with_its_frequencies() -> None:
    assert set(ROUND_MODELS) == set(SCHEMES)
    for model in ROUND_MODELS.values():
        document = model.to_json()
        assert document["model"] == model.name and json.loads(json.dumps(document)) == document


def test_the_classic_model_draws_at_its_frequencies() -> None:
    rng = random.Random(3)
    draw = CLASSIC_ROUNDS.sampler(PLAYERS)
    drawn = [draw(rng) for _ in range(20_000)]
    shown = sum(1 for d in drawn if d.gosterme) / len(drawn)
    pairs = sum(1 for d in drawn if d.finish == "pairs") / len(drawn)
    assert shown == pytest.approx(57 / 105, abs=0.015) and pairs == pytest.approx(0.012, abs=0.003)
    assert {d.winner for d in drawn} == {None, *PLAYERS} and {d.finish for d in drawn} == {None, "normal", "pairs"}
    assert {d.indicator.colour for d in drawn if d.indicator} == {0, 1, 2, 3}
    first = draw(random.Random(3))
    assert draw(random.Random(3)) is first  # one object per distinct round


def test_every_drawn_round_is_a_round_the_scheme_scores() -> None:
    rng = random.Random(5)
    for scheme, model in ROUND_MODELS.items():
        options: dict[str, Any] = {"scheme": scheme, "renkli": True} if model is CLASSIC_ROUNDS else {}
        rules = get_rules(PROFILE_OF[scheme], options)
        draw = model.sampler(PLAYERS)
        for _ in range(200):
            score = score_round(SCHEMES[scheme].complete(draw(rng).round(rules, PLAYERS)))
            assert set(score.scores) == set(PLAYERS)


@pytest.mark.parametrize(
    "make",
    [lambda: ClassicRounds(null=0.1, finishes=(("normal", 0.5),), gosterme=0.5),
     lambda: ClassicRounds(null=1.5, finishes=(("normal", 1.0),), gosterme=0.5),
     lambda: Okey101Rounds(finishes=(("normal", 1.0),), winner_pairs=0.1, losers=(("never", 1.0),),
                           left_points=(), penalty=0.0),
     lambda: RummikubRounds(blocked=0.0, rack_tiles=(0,))],
)  # fmt: skip
def test_a_model_with_impossible_frequencies_is_refused(make: Any) -> None:
    with pytest.raises(ValueError, match="shares|rate|points|tiles"):
        make()


# -- through the command line ----------------------------------------------------------------------


def okeytool(db: Path, *args: str) -> str:
    result = in_process(*args, "--db", str(db))
    assert result.code == 0, result.err
    return result.out


def test_game_show_gives_the_chances(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    okeytool(db, "game", "new", "-p", ",".join(PLAYERS), "--scheme", "pagat")
    okeytool(db, "game", "round", "-w", "Ali", "-f", "okey", "-g", "Cem")
    okeytool(db, "game", "round", "-w", "Ali", "-f", "normal")
    shown = json.loads(okeytool(db, "game", "show", "--json", "--simulations", "800", "--seed", "3"))
    assert shown["totals"] == {"Ali": 19, "Bora": 13, "Cem": 14, "Deniz": 13}  # the other keys stay
    odds = shown["match_odds"]
    assert (odds["simulations"], odds["requested"], odds["seed"], odds["stopped"]) == (800, 800, 3, None)
    assert set(odds["players"]) == set(PLAYERS) and odds["model"]["model"] == "classic"
    assert odds["players"]["Ali"]["chance"] > odds["players"]["Bora"]["chance"]
    assert all(0 < c["se"] < 0.02 for p, c in odds["players"].items() if p != "Ali")
    again = json.loads(okeytool(db, "game", "show", "--json", "--simulations", "800", "--seed", "3"))
    assert again["match_odds"] == odds
    text = okeytool(db, "game", "show", "--simulations", "800", "--seed", "3")
    ali = next(line for line in text.splitlines() if line.startswith("Ali "))
    assert f"{odds['players']['Ali']['chance'] * 100:.1f} % ± " in ali
    assert "chance to win: 800 simulated games from here (seed 3), ± one standard error" in text
    assert "match_odds" not in json.loads(okeytool(db, "game", "show", "--json", "--simulations", "0"))
    assert "chance" not in okeytool(db, "game", "show", "--simulations", "0")


def test_game_show_of_a_finished_101_partnership(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    okeytool(db, "game", "new", "-r", "101", "-O", "rounds=1", "--teams", "Ali+Bora,Cem+Deniz")
    okeytool(db, "game", "round", "-w", "cem", "-f", "normal", "--opened", "cem=melds", "--opened", "ali=melds",
             "--hand", "ali=30")  # fmt: skip
    shown = json.loads(okeytool(db, "game", "show", "--json"))
    assert shown["team_winners"] == ["Cem+Deniz"]
    assert shown["match_odds"]["teams"] == {"Cem+Deniz": {"chance": 1.0, "se": 0.0},
                                            "Ali+Bora": {"chance": 0.0, "se": 0.0}}  # fmt: skip
    assert shown["match_odds"]["simulations"] == 0
    text = okeytool(db, "game", "show")
    assert any(line.split()[0] == "Cem+Deniz" and line.rstrip().endswith("100 %") for line in text.splitlines())


def test_game_show_mid_101_match(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    okeytool(db, "game", "new", "-r", "101", "-p", ",".join(PLAYERS), "-O", "rounds=3")
    okeytool(db, "game", "round", "-w", "ali", "-f", "okey", "--opened", "ali=melds")  # the others 404 each
    odds = json.loads(okeytool(db, "game", "show", "--json", "--simulations", "600"))["match_odds"]
    assert odds["rounds_left"] == 2 and odds["model"]["model"] == "101"
    assert odds["players"]["Ali"]["chance"] > 0.9


@pytest.mark.parametrize("value", ["-1", "1000001"])
def test_game_show_refuses_a_bad_number_of_games(tmp_path: Path, value: str) -> None:
    db = tmp_path / "games.sqlite3"
    okeytool(db, "game", "new", "-p", "A,B")
    result = in_process("game", "show", "--db", str(db), "--simulations", value)
    assert result.code == 2 and "--simulations takes 0 to 1,000,000" in result.err
