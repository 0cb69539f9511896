"""The pages to look at and share: ``round review --html`` and ``game share --html``.

Without a browser: each page is one document with nothing fetched from anywhere and no script; a
hostile name stays text; every decision shows one tile element per tile of its hand, the throw,
the best throw and the chance lost (``not graded`` for a throw that was not graded), as the
review's JSON says. With a headless Chromium (``chromium``, ``chromium-browser`` or
``google-chrome`` on the PATH): the page is opened once at a phone's size, and the DOM it rendered
and its screenshot are checked; where there is none the test is skipped and says why.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import struct
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import on_ledger, succeeding

from okeytool.render.html_page import review_html

HOSTILE = "<script>alert(1)</script>"
#: Void elements of HTML: they have no end tag.
VOID = {"meta", "br", "img", "hr", "input", "link", "col", "area", "base", "wbr", "source"}
#: The phone the page is looked at on (CSS pixels).
PHONE = (390, 844)


@dataclasses.dataclass
class Node:
    """An element of a page as :class:`Page` reads it: tag, attributes, children and text."""

    tag: str
    attrs: dict[str, str]
    parts: list[Node | str] = dataclasses.field(default_factory=list)  # children and text, in order

    @property
    def children(self) -> list[Node]:
        return [p for p in self.parts if isinstance(p, Node)]

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, cls: str, tag: str | None = None) -> list[Node]:
        return [n for n in self.walk() if cls in n.classes and (tag is None or n.tag == tag)]

    def all_text(self) -> str:
        return "".join(p if isinstance(p, str) else p.all_text() for p in self.parts)


class Page(HTMLParser):
    """A page read into a tree of :class:`Node`; every end tag must close the element it opened."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]
        self.tags: list[str] = []
        self.declarations: list[str] = []
        self.feed(text)
        self.close()
        assert self.stack == [self.root], f"unclosed elements: {[n.tag for n in self.stack[1:]]}"

    def handle_decl(self, decl: str) -> None:
        self.declarations.append(decl)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.tags.append(tag)
        self.stack[-1].parts.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].parts.append(data)


def check_one_document(text: str) -> Page:
    """One whole document: one doctype, one html, head and body; no script, nothing fetched."""
    page = Page(text)
    assert page.declarations == ["DOCTYPE html"]
    assert [page.tags.count(t) for t in ("html", "head", "body", "title", "style")] == [1, 1, 1, 1, 1]
    assert not {"script", "link", "img", "iframe", "object", "embed", "base"} & set(page.tags)
    attributes = [f"{k}={v}" for n in page.root.walk() for k, v in n.attrs.items()]
    assert not [a for a in attributes if re.match(r"(src|href|on\w+)=", a)]  # no source, link or handler
    assert not re.search(r"https?:|//[a-z]|url\(|@import", text, re.I)  # nothing fetched
    viewport = [n for n in page.root.walk() if n.tag == "meta" and n.attrs.get("name") == "viewport"]
    assert viewport and "width=device-width" in viewport[0].attrs["content"]
    return page


def tiles_of(node: Node) -> list[str]:
    return [t.attrs["data-tile"] for t in node.find_all("tile", "span")]


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A followed classic round of three throws (one as good as the best, two not), reviewed with
    ``--html``: the page, the review's JSON and the ledger."""
    folder = tmp_path_factory.mktemp("review")
    db, page = folder / "ledger.sqlite3", folder / "review.html"
    run = succeeding(db)
    run("round", "start", "-i", "R4", "R1 R2 R3 B5 B6 B7 K9 K10 K11 Y1 Y2 Y3 Y4 K1")
    for verb, tile in [("draw", "K5"), ("throw", "K1"), ("draw", "F"), ("throw", "Y1"), ("draw", "R5"),
                       ("throw", "R5")]:  # fmt: skip
        run("round", verb, tile, *(("--draws", "1") if verb == "draw" else ()))
    document = json.loads(run("round", "review", "--draws", "1", "--json", "--html", str(page)))
    return {"db": db, "page": page, "text": page.read_text(encoding="utf-8"), "json": document}


def test_the_review_page_is_one_document_with_each_decision(reviewed: dict[str, Any]) -> None:
    page = check_one_document(reviewed["text"])
    decisions = reviewed["json"]["decisions"]
    assert len(decisions) == 3 and 1 <= reviewed["json"]["matched"] < 3
    shown = page.root.find_all("decision", "li")
    assert len(shown) == len(decisions)
    for node, decision in zip(shown, decisions):
        assert node.attrs["id"] == f"event-{decision['event']}"
        hand = node.find_all("tiles", "div")[0]
        assert tiles_of(hand) == decision["hand"]  # one tile element per tile of the hand, in order
        cells = dict(zip([n.all_text() for n in node.walk() if n.tag == "dt"],
                         [n for n in node.walk() if n.tag == "dd"]))  # fmt: skip
        assert tiles_of(cells["thrown"]) == [decision["thrown"]]
        assert tiles_of(cells["best"]) == [decision["best"]]
        assert [t.attrs["data-tile"] for t in hand.find_all("thrown")] == [decision["thrown"]]
        lost = cells["chance lost"].all_text()
        assert lost == (f"{decision['lost'] * 100:.1f} %" if decision["lost"] < 0.0995 else
                        f"{decision['lost'] * 100:.0f} %")  # fmt: skip
        verdict = node.find_all("verdict")[0].all_text()
        assert verdict == "= best" if decision["matched"] else verdict == f"lost {lost}"
    totals = page.root.find_all("totals")[0].all_text()
    assert totals.startswith(f"{reviewed['json']['matched']} of 3 graded throws matched the best; total chance lost")


def test_the_tiles_are_drawn_in_their_colours_the_okey_marked(reviewed: dict[str, Any]) -> None:
    page = Page(reviewed["text"])
    tiles = {t.attrs["data-tile"]: t for t in page.root.find_all("tile", "span")}
    assert {"red", "blue", "black", "yellow"} <= {c for t in tiles.values() for c in t.classes}
    assert "red" in tiles["R1"].classes and "black" in tiles["K9"].classes and "yellow" in tiles["Y2"].classes
    assert "okey" in tiles["R5"].classes and "okey" not in tiles["R1"].classes  # indicator R4: R5 is wild
    assert tiles["R1"].all_text() == "1R" and "★" in tiles["R5"].all_text()
    assert "false-joker" in tiles["F"].classes and "okey R5" in tiles["F"].attrs["title"]
    deal = page.root.find_all("deal")[0]
    assert tiles_of(deal) == ["R4", "R5"]


def test_a_false_joker_and_a_throw_not_graded() -> None:
    from okeytool.deal import Deal
    from okeytool.ledger.rounds import PlayedRound
    from okeytool.parse.notation import parse_tile
    from okeytool.round.events import Start
    from okeytool.round.review import Decision, Review
    from okeytool.round.state import start_state
    from okeytool.rules import get_rules

    deal = Deal(get_rules("classic"), parse_tile("R4"))
    hand = tuple(parse_tile(t) for t in "R1 R2 R3 B5 B6 B7 K9 K10 K11 Y1 Y2 Y3 Y4 K1 F".split())
    start = Start("classic", {}, deal.indicator, hand[:14])
    played = PlayedRound(1, "2026-01-01T00:00:00+00:00", (start,), start_state(start))
    ungraded = Decision(3, hand, parse_tile("K1"), parse_tile("Y4"), None, 0.4, "chance:exact-capped", 1, False)
    text = review_html(played, Review(7, (ungraded,), stopped=True))
    page = check_one_document(text)
    node = page.root.find_all("decision")[0]
    assert node.find_all("verdict")[0].all_text() == "not graded"
    cells = dict(
        zip([n.all_text() for n in node.walk() if n.tag == "dt"], [n.all_text() for n in node.walk() if n.tag == "dd"])
    )
    assert cells["best"] == "not graded" and cells["chance lost"] == "not graded"
    assert cells["chance thrown"] == "not computed"
    joker = [t for t in node.find_all("tile") if t.attrs["data-tile"] == "F"]
    assert len(joker) == 1 and "false-joker" in joker[0].classes and "R5" in joker[0].attrs["title"]
    totals = page.root.find_all("summary", "section")[0].all_text()
    assert "0 of 0 graded throws" in totals and "1 not graded" in totals and "stopped at the time limit" in totals


def test_the_share_page_escapes_names(tmp_path: Path) -> None:
    db, out = tmp_path / "games.sqlite3", tmp_path / "game.html"
    run = succeeding(db)
    run("game", "new", "-p", f"Ali,{HOSTILE},Cem,Deniz", "--scheme", "pagat", "-n", "<b>friday</b>")
    for winner in ("Ali", HOSTILE):
        run("game", "round", "-w", winner, "-f", "pairs+okey")
    plain = run("game", "share")
    assert run("game", "share", "--html", str(out)) == plain  # the text as before, and the page
    text = out.read_text(encoding="utf-8")
    page = check_one_document(text)
    assert "<script>" not in text and "<b>friday" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    shown = json.loads(run("game", "show", "--json"))
    rows = page.root.find_all("standings", "table")[0].find_all("name", "td")
    assert sorted(r.all_text() for r in rows) == sorted(shown["totals"])  # the names, as typed
    standings = [[c.all_text() for c in tr.children] for tr in page.root.walk() if tr.tag == "tr"][1:5]
    assert {name: int(total) for _, name, total in standings} == shown["totals"]
    rounds = page.root.find_all("rounds", "table")[0]
    assert [r.all_text() for r in rounds.find_all("name", "td")] == ["Ali", HOSTILE]
    assert page.root.find_all("outcome")[0].all_text().startswith("2 rounds played; ")


def test_a_page_that_cannot_be_written_is_one_line_and_exit_2(tmp_path: Path, reviewed: dict[str, Any]) -> None:
    missing = tmp_path / "no such folder" / "page.html"
    for args in (
        ("round", "review", "--draws", "1", "--html", str(missing)),
        ("game", "share", "--html", str(missing)),
    ):
        db = reviewed["db"] if args[0] == "round" else tmp_path / "games.sqlite3"
        if args[0] == "game":
            succeeding(db)("game", "new", "-p", "Ali,Bora")
        done = on_ledger(db, *args)
        assert done.code == 2 and done.out == "" and not missing.exists()
        assert done.err.count("\n") == 1 and "cannot write the page" in done.err and "Traceback" not in done.err


def browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_review_as_headless_chromium_shows_it_on_a_phone(reviewed: dict[str, Any], tmp_path: Path) -> None:
    chromium = browser()
    if chromium is None:
        pytest.skip("no headless Chromium: apt-get install chromium")
    shot = tmp_path / "phone.png"
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={PHONE[0]},{PHONE[1]}",
         f"--screenshot={shot}", "--dump-dom", reviewed["page"].as_uri()],
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    # The DOM after rendering: what the browser made of the file.
    dom = Page(done.stdout).root
    decisions = reviewed["json"]["decisions"]
    shown = dom.find_all("decision", "li")
    assert len(shown) == len(decisions)
    for node, decision in zip(shown, decisions):
        assert tiles_of(node.find_all("tiles", "div")[0]) == decision["hand"]
        heading = " ".join(node.find_all("decision")[0].children[0].all_text().split())
        assert heading.startswith(f"throw {decisions.index(decision) + 1} event {decision['event']}")
    hands = "".join(t.all_text() for t in shown[0].find_all("tiles", "div")[0].find_all("tile"))
    assert hands.startswith("1R2R3R")  # R1 R2 R3 read as numbers in their colour
    title = [n for n in dom.walk() if n.tag == "title"][0].all_text()
    assert title == f"Okey round {reviewed['json']['round']}: review"
    # The screenshot: a phone-sized picture of the page, not an empty one.
    data = shot.read_bytes()
    assert png_size(data) == PHONE and len(data) > 10_000


def test_an_arena_game_as_a_page(tmp_path: Path) -> None:
    from okeytool.arena.record import read_record
    from okeytool.render.html_page import arena_game_html

    record = tmp_path / "arena.jsonl"
    done = on_ledger(tmp_path / "unused.sqlite3", "arena", "--deals", "1", "--seed", "3", "--challenger", "greedy",
                     "--champion", "random", "--record", str(record), "--no-progress")  # fmt: skip
    assert done.code == 0, done.err
    game = next(read_record(record))[0]
    page = check_one_document(arena_game_html(game))
    head = game.played.events[0]
    seats = page.root.find_all("seat", "section")
    assert len(seats) == len(head["hands"]) == 4
    for seat, node in enumerate(seats):
        dealt, thrown = node.find_all("tiles", "div")
        assert tiles_of(dealt) == head["hands"][seat]
        events = [e for e in game.played.events[1:] if e.get("seat") == seat]
        throws = [e["tile"] for e in events if e["event"] == "throw"]
        throws += [e["throw"] for e in events if e["event"] == "win" and e.get("throw")]
        assert tiles_of(thrown) == throws  # every throw of the seat, in order
        drawn = sum(e["event"] in ("draw", "take") for e in events)
        assert len(throws) == drawn + (seat == head["starter"])  # the starter throws first without drawing
        assert head["policies"][seat] in node.all_text()
    taken = sum(e["event"] == "take" for e in game.played.events)
    assert len(page.root.find_all("taken", "span")) == taken
    winner = game.played.winner
    assert winner is not None and f"seat {winner} ({head['policies'][winner]}) wins" in page.root.all_text()
