"""Pages to look at and share: a round's review, a game's standings and an arena game as one
self-contained HTML file.

A page is one document with its style inline: no script, no font, image or style sheet fetched from
anywhere, so it opens the same from a file, a chat attachment or a phone. Tiles are drawn as tiles
in their colours (red, blue, black, yellow); the false joker is drawn as ``F`` with a dashed border,
and a real okey (the wild tile) carries a star. Each tile is one element of class ``tile`` whose
``data-tile`` is its canonical text (``R5``, ``F``, ``J``).

Text users typed (player, team and game names) is data: made inert as for the terminal
(:func:`okeytool.render.text.inert`) and then escaped for HTML, so ``<script>`` in a name is shown,
never run.

>>> "<script>" in share_name("<script>alert(1)</script>")
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from okeytool.deal import Deal
from okeytool.render.text import inert
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.arena.run import GameRecord
    from okeytool.ledger.rounds import PlayedRound
    from okeytool.ledger.store import GameState
    from okeytool.round.review import Decision, Review

#: The class of a numbered tile's colour, by colour index (R, B, K, Y).
COLOUR_CLASSES = ("red", "blue", "black", "yellow")
#: The attribute of a winner's row in the standings.
WINNER_ROW = ' class="winner"'
#: The colour's name as a reader says it, for a tile's title.
COLOUR_NAMES = ("red", "blue", "black", "yellow")

STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: #1f5133; color: #1b1b1b; }
main { max-width: 52rem; margin: 0 auto; padding: 0.75rem; }
header, section, .decision { background: #fffdf7; border-radius: 0.6rem; padding: 0.75rem 0.9rem;
  margin: 0 0 0.75rem; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.35); }
h1 { font-size: 1.3rem; margin: 0 0 0.3rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
p { margin: 0.3rem 0; }
.muted { color: #5b5b5b; font-size: 0.9rem; }
.tiles { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.3rem 0 0.5rem; }
.tile { position: relative; display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; width: 2.2rem; height: 3rem; border-radius: 0.35rem; background: #fbf3dc;
  border: 1px solid #b9ab84; box-shadow: 0 2px 0 #cbbd95; font-weight: 700; font-size: 1.25rem;
  line-height: 1; vertical-align: middle; }
.tile small { font-size: 0.55rem; font-weight: 600; opacity: 0.75; margin-top: 0.15rem; }
.tile.red { color: #c62828; }
.tile.blue { color: #1456b8; }
.tile.black { color: #1b1b1b; }
.tile.yellow { color: #c98a00; }
.tile.false-joker { color: #2e7d32; border-style: dashed; border-width: 2px; }
.tile.joker { color: #8e24aa; }
.tile.okey { outline: 2px solid #e2a400; outline-offset: 1px; }
.tile .star { position: absolute; top: 0.05rem; right: 0.12rem; font-size: 0.6rem; color: #e2a400; }
.tile.thrown { background: #ffe0dc; border-color: #c62828; }
.tile.best { background: #dff3df; border-color: #2e7d32; }
.tile.taken { outline: 2px dashed #6b6b6b; outline-offset: 1px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.8rem; margin: 0; align-items: center; }
dt { color: #5b5b5b; }
dd { margin: 0; }
.verdict { font-size: 0.85rem; font-weight: 600; padding: 0.05rem 0.5rem; border-radius: 1rem; }
.verdict.matched { background: #dff3df; color: #1e5e22; }
.verdict.lost { background: #ffe0dc; color: #9b1c1c; }
.verdict.ungraded { background: #fff1c2; color: #6d5200; }
ol.decisions { list-style: none; margin: 0; padding: 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 0.3rem 0.5rem; border-bottom: 1px solid #e4dcc6; text-align: left; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.winner td { font-weight: 700; }
.note { color: #6d5200; }
@media (max-width: 30rem) {
  body { font-size: 15px; }
  main { padding: 0.5rem; }
  .tile { width: 1.95rem; height: 2.7rem; font-size: 1.1rem; }
}
"""


def page(title: str, body: str) -> str:
    """One HTML document: ``title`` (already escaped) and ``body`` (HTML) with the inline style."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


def share_name(text: str) -> str:
    """User text (a player's, team's or game's name) for a page: made inert, then escaped."""
    return escape(inert(text))


def tile_html(tile: Tile, deal: Deal | None = None, mark: str = "", note: str = "") -> str:
    """One tile as an element of class ``tile``: its number in its colour and the colour's letter
    below; ``F`` for the false joker, ``J`` for a joker; a real okey (wild) starred. ``mark`` adds a
    class (``thrown``, ``best``, ``taken``), ``note`` a line to its title."""
    text = str(tile)
    classes = ["tile"]
    if tile.is_false_joker:
        classes.append("false-joker")
        okey = deal.okey if deal is not None else None
        title = "false joker" + (f", plays as the okey {okey}" if okey is not None else "")
        face = "F<small>joker</small>"
    elif tile.is_joker:
        classes.append("joker")
        title, face = "joker", "J<small>joker</small>"
    else:
        colour = int(tile.colour)
        classes.append(COLOUR_CLASSES[colour])
        title = f"{COLOUR_NAMES[colour]} {tile.number}"
        face = f"{tile.number}<small>{text[0]}</small>"
    if deal is not None and deal.is_wild(tile):
        classes.append("okey")
        title += ", the okey (wild)"
        face += '<span class="star" aria-hidden="true">★</span>'
    if mark:
        classes.append(mark)
    if note:
        title += f"; {note}"
    return f'<span class="{" ".join(classes)}" data-tile="{text}" title="{escape(title)}">{face}</span>'


def tiles_html(tiles: Iterable[Tile], deal: Deal | None = None, marks: dict[Tile, str] | None = None) -> str:
    """A row of tiles that wraps on a narrow screen; ``marks`` marks the first copy of a tile."""
    left = dict(marks or {})
    out = []
    for tile in tiles:
        out.append(tile_html(tile, deal, left.pop(tile, "")))
    return f'<div class="tiles">{"".join(out)}</div>'


def _deal_html(deal: Deal) -> str:
    """The rules and, in okey profiles, the indicator and the okey."""
    out = f"rules {escape(deal.rules.name)}"
    if deal.indicator is not None and deal.okey is not None:
        out += f" · indicator {tile_html(deal.indicator)} · okey {tile_html(deal.okey, deal)}"
    return f'<p class="deal">{out}</p>'


def _percent(value: float) -> str:
    from okeytool.render.analysis import percent

    return percent(value)


def _grade(value: float) -> str:
    return f"{value:.3f}"


def review_html(played: PlayedRound, result: Review) -> str:
    """The review of a round (:func:`okeytool.round.review.review`) as one page: each decision with
    the hand, the throw, the best throw and the chance lost (``not graded`` for a throw that could
    not be graded), and the totals. The grades are those of ``round review``."""
    deal = played.state.deal
    chance = bool(result.decisions) and all(d.method.startswith("chance") for d in result.decisions)
    grade = _percent if chance else _grade
    words = ("chance thrown", "chance best", "chance lost") if chance else ("grade thrown", "grade best", "lost")
    graded = len(result.graded)
    total = f"total {'chance ' if chance else ''}lost {grade(result.total_lost)}"
    summary = [f'<p class="totals"><b>{result.matched} of {graded}</b> graded throws matched the best; {total}']
    if graded < len(result.decisions):
        summary.append(f"; {len(result.decisions) - graded} not graded (their win chance was not computed)")
    summary.append("</p>")
    if result.decisions:
        methods = ", ".join(sorted({d.method for d in result.decisions}))
        how = "win chance within the own draws left" if chance else "the discard ranking"
        summary.append(f'<p class="muted">graded by {how}: {escape(methods)}</p>')
    if result.costliest:
        worst = ", ".join(
            f"event {d.event}: {tile_html(d.thrown, deal)} for {tile_html(d.best, deal)} (−{grade(d.lost or 0.0)})"
            for d in result.costliest
        )
        summary.append(f'<p class="costliest">costliest: {worst}</p>')
    if result.stopped:
        summary.append('<p class="note">stopped at the time limit: the throws after these were not graded</p>')
    if not result.decisions:
        summary.append('<p class="muted">no throw to review yet</p>')
    decisions = "".join(_decision_html(k, d, deal, words, grade) for k, d in enumerate(result.decisions, 1))
    title = f"Okey round {result.round_id}: review"
    body = (
        f"<header>\n<h1>{title}</h1>\n{_deal_html(deal)}\n"
        f'<p class="muted">{len(result.decisions)} decision{"s" if len(result.decisions) != 1 else ""}</p>\n'
        "</header>\n"
        f'<section class="summary">\n<h2>Totals</h2>\n{"".join(summary)}\n</section>\n'
        f'<ol class="decisions">\n{decisions}</ol>\n'
    )
    return page(title, body)


def _decision_html(number: int, d: Decision, deal: Deal, words: Sequence[str], grade: Callable[[float], str]) -> str:
    """The ``number``-th decision: the verdict, the hand before the throw (the throw and the best
    marked), the grades."""

    def shown(value: float | None) -> str:
        return "not computed" if value is None else grade(value)

    if not d.graded:
        verdict, best = '<span class="verdict ungraded">not graded</span>', "not graded"
    elif d.matched:
        verdict = '<span class="verdict matched">= best</span>'
        best = f"{tile_html(d.best, deal)} (the throw made)"
    else:
        paid = f" and a penalty of {d.penalty}" if d.penalty else ""
        verdict = f'<span class="verdict lost">lost {escape(shown(d.lost))}{paid}</span>'
        best = tile_html(d.best, deal)
    marks = {d.thrown: "thrown"}
    if d.graded and not d.matched:
        marks[d.best] = "best"
    lost = "not graded" if d.lost is None else shown(d.lost)
    rows = [
        ("thrown", tile_html(d.thrown, deal)),
        ("best", best),
        (words[0], shown(d.chance_thrown)),
        (words[1], shown(d.chance_best)),
        (words[2], lost),
    ]
    if d.draws is not None:
        rows.append(("draws left", str(d.draws)))
    cells = "".join(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows)
    return (
        f'<li class="decision" id="event-{d.event}">\n'
        f'<h2>throw {number} <span class="muted">event {d.event}</span> {verdict}</h2>\n'
        f'<p class="muted">the hand before the throw ({len(d.hand)} tiles)</p>\n'
        f"{tiles_html(d.hand, deal, marks)}\n<dl>{cells}</dl>\n</li>\n"
    )


def share_html(state: GameState) -> str:
    """A game's standings as one page (what ``game share`` says): the game, the rounds played, the
    outcome, the standings best first and every round with each player's points and running total."""
    from okeytool.render.game import _lower, outcome_phrase, places, rounds_phrase

    info, standings = state.info, state.standings
    better = "lower" if _lower(state) else "higher"
    who = "team" if state.by_team is not None else "player"
    winners = set(state.by_team.winners if state.by_team is not None else standings.winners)
    place_rows = "".join(
        f'<tr{WINNER_ROW if player in winners else ""}><td class="num">{place}</td>'
        f'<td class="name">{share_name(player)}</td><td class="num">{total}</td></tr>\n'
        for place, player, total in places(state)
    )
    standings_table = (
        f'<table class="standings">\n<thead><tr><th class="num">place</th><th>{who}</th>'
        f'<th class="num">total</th></tr></thead>\n<tbody>\n{place_rows}</tbody>\n</table>'
    )
    heads = "".join(f'<th class="num">{share_name(p)}</th>' for p in standings.players)
    start = standings.rules.starting_points
    round_rows = [
        '<tr><td></td><td></td><td>start</td>' + "".join(f'<td class="num">{start}</td>' for _ in standings.players)
        + "</tr>\n"
    ]  # fmt: skip
    for seq, (score, after) in enumerate(zip(standings.rounds, standings.running), start=1):
        points = score.scores
        cells = "".join(
            f'<td class="num">{after[p]} ({points[p]:+d})</td>' if p in points else f'<td class="num">{after[p]}</td>'
            for p in standings.players
        )
        finish = escape(score.finish or "null") + ("" if score.counted else ", not counted")
        winner = share_name(score.winner) if score.winner else "-"
        round_rows.append(
            f'<tr><td class="num">{seq}</td><td class="name">{winner}</td><td>{finish}</td>{cells}</tr>\n'
        )
    rounds_table = (
        f'<div class="scroll"><table class="rounds">\n<thead><tr><th class="num">#</th><th>winner</th>'
        f"<th>finish</th>{heads}</tr></thead>\n<tbody>\n{''.join(round_rows)}</tbody>\n</table></div>"
    )
    title = f"Okey game {share_name(info.title)}"
    body = (
        f"<header>\n<h1>{title}</h1>\n"
        f'<p class="muted">{escape(info.rules_name)}, {escape(standings.rules.scheme)} scoring</p>\n'
        f'<p class="outcome">{escape(rounds_phrase(state))}; <b>{outcome_phrase(state, share_name)}</b></p>\n'
        "</header>\n"
        f'<section>\n<h2>Standings <span class="muted">({better} is better)</span></h2>\n'
        f"{standings_table}\n</section>\n"
        f"<section>\n<h2>Rounds</h2>\n{rounds_table}\n</section>\n"
    )
    return page(title, body)


def arena_game_html(game: GameRecord) -> str:
    """One game of an arena record (:func:`okeytool.arena.record.read_record`) as a page: the deal
    (indicator and okey), the outcome and each seat's policy, score, dealt hand and throws in order
    (a throw the next seat took marked ``taken``, the winning throw ``best``, and the chance a seat
    reported with a throw in its title). Raises :class:`okeytool.errors.RulesError` or
    :class:`okeytool.errors.NotationError` for a record whose rules or tiles cannot be read."""
    from okeytool.rules import get_rules

    events = game.played.events
    head = events[0]
    indicator = head.get("indicator")
    rules = get_rules(str(head["rules"]), head.get("options") or {})
    deal = Deal(rules, Tile.parse(indicator) if indicator else None)
    policies = [inert(str(p)) for p in head.get("policies", [])]
    hands = [[Tile.parse(t) for t in hand] for hand in head["hands"]]
    seats = range(len(hands))
    throws: list[list[list[str]]] = [[] for _ in seats]  # per seat: [tile, mark, note] of each throw
    drew, took = [0 for _ in seats], [0 for _ in seats]
    showed: set[int] = set()
    last: list[str] | None = None  # the last throw, marked when the next seat takes it
    for event in events[1:]:
        kind, seat = event["event"], event.get("seat")
        if not isinstance(seat, int):
            continue
        if kind == "throw":
            note = f"chance {_percent(float(event['chance']))}" if "chance" in event else ""
            last = [str(event["tile"]), "", note]
            throws[seat].append(last)
        elif kind == "draw":
            drew[seat] += 1
        elif kind == "take":
            took[seat] += 1
            if last is not None:
                last[1] = "taken"
        elif kind == "show":
            showed.add(seat)
        elif kind == "win" and event.get("throw"):
            throws[seat].append([str(event["throw"]), "best", "the winning throw"])
    played = game.played
    if played.winner is not None:
        finish = f", {escape(played.finish)} finish" if played.finish else ""
        outcome = f"seat {played.winner} ({escape(_policy(policies, played.winner))}) wins{finish}"
    else:
        outcome = "nobody won" + (f" ({escape(played.finish)})" if played.finish else "")
    sections = []
    for seat in seats:
        marks = [
            ("winner", seat == played.winner),
            ("starter", seat == head.get("starter")),
            ("gösterme", seat in showed),
        ]
        badges = "".join(f'<span class="verdict matched">{m}</span>' for m, on in marks if on)
        score = played.scores[seat] if seat < len(played.scores) else 0
        thrown = "".join(tile_html(Tile.parse(t), deal, mark, note) for t, mark, note in throws[seat])
        sections.append(
            f'<section class="seat" id="seat-{seat}">\n'
            f'<h2>seat {seat} <span class="muted">{escape(_policy(policies, seat))}</span> {badges}</h2>\n'
            f'<p class="muted">dealt ({len(hands[seat])} tiles)</p>\n{tiles_html(hands[seat], deal)}\n'
            f'<p class="muted">{len(throws[seat])} throws; drew {drew[seat]}, took {took[seat]}; score {score:+d}</p>\n'
            f'<div class="tiles throws">{thrown}</div>\n</section>\n'
        )
    title = f"Okey arena: deal {game.deal}, game {game.game}"
    body = (
        f'<header>\n<h1>{title}</h1>\n{_deal_html(deal)}\n<p class="outcome"><b>{outcome}</b></p>\n'
        '<p class="muted">throws in order; a throw the next seat took is outlined, the winning throw green</p>\n'
        f"</header>\n{''.join(sections)}"
    )
    return page(title, body)


def _policy(policies: Sequence[str], seat: int) -> str:
    """The policy of ``seat`` (made inert: a ``cmd:`` policy names a program the user typed)."""
    return policies[seat] if seat < len(policies) else "?"
