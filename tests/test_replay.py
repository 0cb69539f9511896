"""``okeytool replay``: one game of an arena record shown again, as text, as JSON and as a page."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import in_process
from test_review_html import check_one_document, tiles_of


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "run.jsonl.gz"
    done = in_process("arena", "--deals", "2", "--seed", "5", "--challenger", "acceptance", "--champion", "greedy",
                      "--record", str(path), "--no-progress")  # fmt: skip
    assert done.code == 0, done.err
    return path


def games_in(path: Path) -> list[list[dict]]:
    """The record's games as lists of events, read here without the project's reader."""
    games: list[list[dict]] = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            event = json.loads(line)
            if event["event"] == "deal":
                games.append([])
            games[-1].append(event)
    return games


def test_json_gives_the_events_of_the_game_asked_for(record: Path) -> None:
    for events in games_in(record):
        head = events[0]
        done = in_process("replay", str(record), "--deal", str(head["deal"]), "--game", str(head["game"]), "--json")
        assert done.code == 0, done.err
        assert json.loads(done.out) == events


def test_text_names_the_deal_the_outcome_and_every_seats_play(record: Path) -> None:
    events = games_in(record)[5]  # deal 1, game 1
    head, end = events[0], events[-1]
    done = in_process("replay", str(record), "--deal", "1", "--game", "1")
    assert done.code == 0, done.err
    text = " ".join(done.out.split())
    assert f"deal 1, game 1 (challenger in seat 1): classic, indicator {head['indicator']}" in text
    if end["winner"] is None:
        assert "no winner" in text
    else:
        assert f"seat {end['winner']} won ({end['finish']} finish)" in text
    assert "scores " + " ".join(f"{s:+d}" for s in end["scores"]) in text
    for seat, policy in enumerate(head["policies"]):
        assert policy in text
        thrown = [e["tile"] for e in events if e["event"] == "throw" and e["seat"] == seat]
        assert all(tile in text for tile in thrown)


def test_html_writes_the_game_as_a_page(record: Path, tmp_path: Path) -> None:
    events = games_in(record)[2]  # deal 0, game 2
    page_file = tmp_path / "game.html"
    done = in_process("replay", str(record), "--deal", "0", "--game", "2", "--html", str(page_file))
    assert done.code == 0, done.err
    page = check_one_document(page_file.read_text(encoding="utf-8"))
    seats = page.root.find_all("seat", "section")
    assert [tiles_of(node.find_all("tiles", "div")[0]) for node in seats] == events[0]["hands"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--deal", "9"), "no game 0 of deal 9 (the record holds deals 0 to 1)"),
        (("--game", "4"), "--game is the challenger's seat, 0 to 3, not 4"),
    ],
)
def test_a_game_not_in_the_record_is_refused_in_one_line(record: Path, args: tuple[str, ...], message: str) -> None:
    done = in_process("replay", str(record), *args)
    assert done.code == 2
    assert message in done.err and done.err.count("\n") == 1 and "Traceback" not in done.err


def test_a_file_that_is_not_a_record_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "notes.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    done = in_process("replay", str(junk))
    assert done.code == 2 and "line 1 is not JSON" in done.err
    done = in_process("replay", str(tmp_path / "missing.jsonl"))
    assert done.code == 2 and "cannot read the record" in done.err


def test_a_101_game_shows_its_melds_and_lay_offs(tmp_path: Path) -> None:
    path = tmp_path / "run101.jsonl"
    done = in_process("arena", "--rules", "101", "--deals", "3", "--seed", "2", "--challenger", "greedy",
                      "--champion", "greedy", "--record", str(path), "--no-progress")  # fmt: skip
    assert done.code == 0, done.err
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    starts = [k for k, e in enumerate(games) if e["event"] == "deal"] + [len(games)]
    shown = 0
    for first, after in zip(starts, starts[1:]):
        events = games[first:after]
        opens = [e for e in events if e["event"] == "open"]
        lays = [e for e in events if e["event"] == "lay"]
        if not opens:
            continue
        head = events[0]
        done = in_process(
            "replay", str(path), "--deal", str(head["deal"]), "--game", str(head["game"]), env={"COLUMNS": "400"}
        )
        assert done.code == 0, done.err
        assert done.out.count("[laid ") == len(opens) + len(lays)
        for lay in lays:
            assert f"[laid {lay['tile']} off on meld {lay['meld']}]" in done.out
        shown += 1
    assert shown, "no game of these deals opened: choose another seed"
