"""Replay an arena record (``okeytool arena --record FILE``) and list every way it breaks the rules.

Written from the contracts alone, independent of the engine: rules.md sections 1, 3.1-3.5 and 7,
and the record format of arena.md ("--record FILE"). Nothing here imports ``okeytool.arena`` or
the solvers (``okeytool.solver.*``): whether 14 tiles win is decided by the slow reference of
``tests/reference.py``, and the scoring table of rules.md section 7 is written out below. From
okeytool only the tile value type (:class:`~okeytool.tiles.Tile`), the rules profiles (their
validated options) and :class:`~okeytool.deal.Deal` (the okey face, what a tile plays as) are used.

Use::

    from arena_replay import check_record, load_record
    assert check_record(load_record(path)) == []

Each problem is one line naming the deal, the game and the event's index in the record (0-based:
line *i + 1* of the JSON-lines file). After a problem that leaves the play unknowable (a tile
that is not there, a turn out of order) the rest of that game's play is not followed; its ``end``
is still read.

Choices where the contracts leave room (each also named where it is checked):

* a ``show`` may come anywhere before the seat's first ``draw``/``take`` (the starter: before his
  first ``throw``/``win``): rules.md 3.5 says when it must come, not whose turn it is then;
* taking the previous throw counts as the seat's first draw for gösterme;
* the ``okeygg`` scheme does not use gösterme (rules.md 7, "not used"; ``okeytool score`` refuses
  it), so a ``show`` under that scheme is a problem;
* Kafa changes no round score (``ordinary``: a normal meld win; ``match-win``: it ends the match,
  which is not a round's score change); an optional ``kafa`` key on ``win``/``end`` is checked;
* ``hands`` are canonical: every token in canonical form, each hand in canonical order (cli.md);
* the four games of one deal (duplicate play, arena.md) share the deal: same indicator, starter,
  hands and stock; the seats other than the challenger's (``game``) hold one policy.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from reference import is_kafa, reference_check

from okeytool.deal import Deal
from okeytool.errors import OkeyError
from okeytool.rules import get_rules
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SEATS = 4
#: rules.md 3.5: the starter is dealt 15 tiles, the others 14; 48 tiles form the stock.
STARTER_TILES = 15
HAND_TILES = 14
STOCK_TILES = 48
#: rules.md 1: every numbered face twice, and two false jokers.
COPIES = 2
FULL_SET: Counter[Tile] = Counter({**{face: COPIES for face in ALL_FACES}, FALSE_JOKER: COPIES})

#: The profiles this checker knows (rules.md section 3 is theirs), and the scheme each scores by
#: default (rules.md section 0).
PROFILE_SCHEMES = {"classic": "pagat", "okeygg": "okeygg"}
SCHEMES = ("pagat", "penalty", "okeygg")

# --- rules.md section 7: the classic scoring table -------------------------------------------------

#: A normal win's points; each doubling (okey finish, seven pairs) doubles them.
NORMAL_WIN_POINTS = 2
#: What gösterme charges each other player (pagat: −1, penalty: +1; okeygg: not used).
GOSTERME_POINTS = 1
#: The doublings of each finish kind (rules.md 3.2).
FINISH_DOUBLINGS = {"normal": 0, "okey": 1, "pairs": 1, "pairs+okey": 2}
#: rules.md 7, option ``renkli``: a red or black indicator doubles the finish values.
RENKLI_LETTERS = ("R", "K")


@dataclass(frozen=True)
class Scoring:
    """What a round's score change depends on besides its winner, finish and shower."""

    scheme: str
    stack_multipliers: bool = True
    renkli: bool = False
    indicator: Tile | None = None


def finish_points(scoring: Scoring, finish: str) -> int:
    """Points of a finish before the scheme's sign (rules.md 7).

    normal 2, okey finish 4, seven pairs 4, pairs + okey finish 8 (4 when ``stack_multipliers`` is
    off); doubled again when ``renkli`` is on and the indicator is red or black.

    >>> finish_points(Scoring("pagat"), "pairs+okey"), finish_points(Scoring("pagat", False), "pairs+okey")
    (8, 4)
    """
    doublings = FINISH_DOUBLINGS[finish]
    multiplier = 2 if doublings >= 2 and not scoring.stack_multipliers else 2**doublings
    points = NORMAL_WIN_POINTS * multiplier
    indicator = scoring.indicator
    if scoring.renkli and indicator is not None and str(indicator)[0] in RENKLI_LETTERS:
        points *= 2
    return points


def score_items(
    scoring: Scoring, winner: int | None, finish: str | None, shower: int | None
) -> list[tuple[int, str, int]]:
    """The round's score items ``(seat, code, points)``, each rule of rules.md 7 one item per seat.

    ``pagat`` charges the others negative points, ``penalty`` positive ones; ``okeygg`` credits the
    winner and has no gösterme. A null round (``winner`` None) scores only the gösterme.
    """
    items: list[tuple[int, str, int]] = []
    sign = -1 if scoring.scheme == "pagat" else 1
    if shower is not None and scoring.scheme != "okeygg":
        items += [(seat, "gosterme", sign * GOSTERME_POINTS) for seat in range(SEATS) if seat != shower]
    if winner is not None and finish is not None:
        points = finish_points(scoring, finish)
        if scoring.scheme == "okeygg":
            items.append((winner, finish, points))
        else:
            items += [(seat, finish, sign * points) for seat in range(SEATS) if seat != winner]
    return items


def expected_scores(scoring: Scoring, winner: int | None, finish: str | None, shower: int | None) -> list[int]:
    """Each seat's score change: the sum of its items (:func:`score_items`).

    >>> expected_scores(Scoring("pagat"), 1, "okey", 2)
    [-5, -1, -4, -5]
    >>> expected_scores(Scoring("okeygg"), 3, "pairs", None)
    [0, 0, 0, 4]
    """
    totals = [0] * SEATS
    for seat, _code, points in score_items(scoring, winner, finish, shower):
        totals[seat] += points
    return totals


def best_finish(deal: Deal, held: Sequence[Tile], throw: Tile) -> str | None:
    """The finish of winning by throwing ``throw`` from the 15 ``held`` tiles, or None if the other
    14 do not win (rules.md 3.1-3.2): ``pairs`` when they are seven pairs (also when they are a meld
    hand too), an ``okey`` finish when ``throw`` is a real okey (an F is not), both ``pairs+okey``."""
    rest = list(held)
    rest.remove(throw)
    kind = reference_check(deal, rest).wins.get(None)
    if kind is None:
        return None
    okey = deal.is_wild(throw)
    if kind == "pairs":
        return "pairs+okey" if okey else "pairs"
    return "okey" if okey else "normal"


# --- reading a record -------------------------------------------------------------------------------


def load_record(path: str | Path) -> list[dict[str, Any]]:
    """The events of a JSON-lines record (gzip when the name ends in ``.gz``), blank lines skipped."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


class _Desync(Exception):
    """The play can no longer be followed (the problem is already recorded)."""


@dataclass
class _Game:
    """One game's replay: the deal, then every event until ``end``."""

    index: int
    event: Mapping[str, Any]
    problems: list[str]
    deal: Deal | None = None
    scoring: Scoring | None = None
    hands: list[Counter[Tile]] = field(default_factory=list)
    stock: list[Tile] = field(default_factory=list)
    drawn: int = 0
    to_move: int = 0
    #: "pick" before the seat's draw or take, "throw" before its throw or win.
    phase: str = "throw"
    last_throw: Tile | None = None
    picked: set[int] = field(default_factory=set)
    thrown: set[int] = field(default_factory=set)
    shower: int | None = None
    win: tuple[int, str, bool] | None = None
    followed: bool = True
    ended: bool = False

    @property
    def name(self) -> str:
        return f"deal {self.event.get('deal')} game {self.event.get('game')}"

    def problem(self, index: int, text: str) -> None:
        self.problems.append(f"{self.name}, event {index}: {text}")

    def lost(self, index: int, text: str) -> _Desync:
        self.problem(index, text)
        self.followed = False
        return _Desync()

    # --- the deal ---

    def tile(self, index: int, text: object, what: str) -> Tile | None:
        """The tile written as ``text`` if it is in canonical form and exists in okey (no ``J``)."""
        if not isinstance(text, str):
            self.problem(index, f"{what} is not a tile: {text!r}")
            return None
        try:
            tile = Tile.parse(text)
        except (OkeyError, ValueError):
            self.problem(index, f"{what} is not a tile in canonical form: {text!r}")
            return None
        if str(tile) != text:
            self.problem(index, f"{what} {text!r} is not canonical (write {str(tile)!r})")
        if tile.is_joker:
            self.problem(index, f"{what} is J: a real okey is written as its face in a record")
            return None
        return tile

    def tiles(self, index: int, value: object, what: str) -> list[Tile] | None:
        if not isinstance(value, list):
            self.problem(index, f"{what} is not a list of tiles")
            return None
        out = [self.tile(index, text, what) for text in value]
        read = [t for t in out if t is not None]
        return read if len(read) == len(out) else None

    def start(self) -> None:
        """Check the ``deal`` event (rules.md 1 and 3.5) and set up the play."""
        i, event = self.index, self.event
        if not _is_int(event.get("deal")) or event["deal"] < 0:
            self.problem(i, f"deal number {event.get('deal')!r} is not a whole number ≥ 0")
        if not _is_seat(event.get("game")):
            self.problem(i, f"game {event.get('game')!r} is not a seat 0-3 (the challenger's seat)")
        policies = event.get("policies")
        if not isinstance(policies, list) or len(policies) != SEATS:
            self.problem(i, f"policies must list {SEATS} entries, got {policies!r}")
        elif _is_seat(event.get("game")) and len({repr(p) for s, p in enumerate(policies) if s != event["game"]}) != 1:
            self.problem(i, f"the three seats other than the challenger's ({event['game']}) differ: {policies!r}")
        rules_name = event.get("rules")
        if rules_name not in PROFILE_SCHEMES:
            raise self.lost(
                i, f"rules {rules_name!r} are not classic Okey (this checker knows {list(PROFILE_SCHEMES)})"
            )
        options = event.get("options", {})
        if not isinstance(options, dict):
            raise self.lost(i, f"options must be an object, got {options!r}")
        try:
            rules = get_rules(rules_name, options)
        except OkeyError as error:
            raise self.lost(i, f"options {options!r}: {error}") from None
        indicator = self.tile(i, event.get("indicator"), "indicator")
        if indicator is None:
            raise self.lost(i, "no usable indicator")
        if not indicator.is_face:
            raise self.lost(i, f"the indicator is {indicator}: it is never a false joker (rules.md 1)")
        self.deal = Deal(rules, indicator)
        scheme = str(options["scheme"]) if "scheme" in options else PROFILE_SCHEMES[rules_name]
        if scheme not in SCHEMES:
            raise self.lost(i, f"scheme {scheme!r} is not a classic scheme {SCHEMES}")
        self.scoring = Scoring(scheme, rules.stack_multipliers, rules.renkli, indicator)
        self._deal_tiles(indicator)

    def _deal_tiles(self, indicator: Tile) -> None:
        i, event = self.index, self.event
        starter = event.get("starter")
        if not _is_seat(starter):
            raise self.lost(i, f"starter {starter!r} is not a seat 0-3")
        hands = event.get("hands")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise self.lost(i, f"hands must be {SEATS} lists of tiles")
        read = [self.tiles(i, hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
        stock = self.tiles(i, event.get("stock"), "stock")
        dealt = [hand for hand in read if hand is not None]
        if stock is None or len(dealt) != SEATS:
            raise self.lost(i, "the deal cannot be read")
        for seat, hand in enumerate(dealt):
            wanted = STARTER_TILES if seat == starter else HAND_TILES
            if len(hand) != wanted:
                self.problem(i, f"seat {seat} is dealt {len(hand)} tiles, not {wanted}")
            if hand != sorted(hand):
                self.problem(
                    i, f"hands[{seat}] is not in canonical order (cli.md: by colour R B K Y, then number, F last)"
                )
        if len(stock) != STOCK_TILES:
            self.problem(i, f"the stock holds {len(stock)} tiles, not {STOCK_TILES}")
        everything = Counter(stock) + Counter([indicator])
        for hand in dealt:
            everything += Counter(hand)
        if everything != FULL_SET:
            extra = sorted((everything - FULL_SET).elements())
            missing = sorted((FULL_SET - everything).elements())
            self.problem(
                i,
                "hands + stock + indicator are not the 106 tiles: "
                f"too many {' '.join(map(str, extra)) or '-'}; missing {' '.join(map(str, missing)) or '-'}",
            )
        self.hands = [Counter(hand) for hand in dealt]
        self.stock = stock
        self.to_move = starter  # the starter throws first, without a draw (rules.md 3.5)
        self.phase = "throw"

    # --- the play ---

    def play(self, index: int, event: Mapping[str, Any]) -> None:
        """One event between ``deal`` and ``end``."""
        if not self.followed:
            return
        kind = event.get("event")
        handler = {"draw": self.draw, "take": self.take, "throw": self.throw, "win": self.won, "show": self.show}
        if kind not in handler:
            raise self.lost(index, f"unknown event {kind!r} in a classic game")
        if self.win is not None:
            raise self.lost(index, f"{kind} after the win: the round ends at the first win (rules.md 3.5)")
        handler[kind](index, event)

    def seat_to_move(self, index: int, event: Mapping[str, Any], phase: str) -> int:
        seat = event.get("seat")
        if not _is_seat(seat):
            raise self.lost(index, f"seat {seat!r} is not a seat 0-3")
        if seat != self.to_move or self.phase != phase:
            wanted = "a draw or take" if self.phase == "pick" else "a throw or win"
            raise self.lost(
                index,
                f"{event.get('event')} by seat {seat} out of turn: seat {self.to_move} is to move and owes {wanted}",
            )
        return seat

    def draw(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.5: the next stock tile, in order."""
        seat = self.seat_to_move(index, event, "pick")
        if self.drawn >= len(self.stock):
            raise self.lost(index, f"seat {seat} draws from an empty stock")
        tile = self.tile(index, event.get("tile"), "the drawn tile")
        wanted = self.stock[self.drawn]
        if tile != wanted:
            raise self.lost(index, f"seat {seat} draws {event.get('tile')!r}, but the stock's next tile is {wanted}")
        self.drawn += 1
        self.picked_up(seat, wanted)

    def take(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.5: only the tile the previous seat threw last, on the turn right after it."""
        seat = self.seat_to_move(index, event, "pick")
        tile = self.tile(index, event.get("tile"), "the taken tile")
        if self.last_throw is None or tile != self.last_throw:
            raise self.lost(
                index, f"seat {seat} takes {event.get('tile')!r}, but the previous seat threw {self.last_throw}"
            )
        self.last_throw = None
        self.picked_up(seat, tile)

    def picked_up(self, seat: int, tile: Tile) -> None:
        self.hands[seat][tile] += 1
        self.picked.add(seat)
        self.phase = "throw"

    def held_tile(self, index: int, seat: int, text: object, what: str) -> Tile:
        tile = self.tile(index, text, what)
        if tile is None:
            raise self.lost(index, f"seat {seat}: no usable tile in {what}")
        if self.hands[seat][tile] == 0:
            raise self.lost(index, f"seat {seat} {what} {tile}, which is not in his hand")
        held = sum(self.hands[seat].values())
        if held != STARTER_TILES:
            raise self.lost(index, f"seat {seat} holds {held} tiles, not {STARTER_TILES}, when he {what}")
        return tile

    def throw(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.5: one tile from the hand, face up; the next seat is to move."""
        seat = self.seat_to_move(index, event, "throw")
        tile = self.held_tile(index, seat, event.get("tile"), "throws")
        self.hands[seat][tile] -= 1
        self.last_throw = tile
        self.thrown.add(seat)
        self.to_move = (seat + 1) % SEATS
        self.phase = "pick"

    def won(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.1-3.2: 15 tiles, the throw among them, the other 14 winning; the finish is the
        best one for that throw."""
        seat = self.seat_to_move(index, event, "throw")
        tile = self.held_tile(index, seat, event.get("throw"), "wins by throwing")
        assert self.deal is not None
        held = sorted(self.hands[seat].elements())
        finish = best_finish(self.deal, held, tile)
        rest = list(held)
        rest.remove(tile)
        if finish is None:
            shown = " ".join(map(str, rest))
            raise self.lost(index, f"seat {seat} wins by throwing {tile}, but {shown} is not a winning hand")
        said = event.get("finish")
        if said != finish:
            self.problem(index, f"seat {seat} wins by throwing {tile}: the finish is {finish!r}, not {said!r}")
        kafa = is_kafa(self.deal, rest)
        self.check_kafa(index, event, kafa)
        self.win = (seat, finish, kafa)

    def check_kafa(self, index: int, event: Mapping[str, Any], kafa: bool) -> None:
        """An optional ``kafa`` key (not in arena.md) must say whether the 14 shown are a Kafa."""
        if "kafa" in event and event["kafa"] is not kafa:
            self.problem(index, f"kafa is {event['kafa']!r}, but the winning hand {'is' if kafa else 'is not'} a Kafa")

    def show(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.3 / 3.5: the indicator's twin, held, before the seat's first draw (the
        starter: before his first throw), once a round; not in the okeygg scheme (rules.md 7)."""
        seat = event.get("seat")
        if not _is_seat(seat):
            raise self.lost(index, f"show by {seat!r}, not a seat 0-3")
        assert self.deal is not None and self.scoring is not None
        twin = self.deal.indicator
        assert twin is not None
        if self.scoring.scheme == "okeygg":
            self.problem(index, "show under the okeygg scheme, which does not use gösterme (rules.md 7)")
        if self.shower is not None:
            self.problem(index, f"a second show (seat {self.shower} showed already): at most once a round")
        if seat in self.picked or seat in self.thrown:
            self.problem(index, f"seat {seat} shows after his first draw or throw (rules.md 3.3)")
        if self.hands[seat][twin] == 0:
            self.problem(index, f"seat {seat} shows without holding the indicator's twin {twin}")
        if self.shower is None:
            self.shower = seat

    # --- the end ---

    def end(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 3.4-3.5 and 7: a forfeit, the win, or a null round, and the score change."""
        self.ended = True
        finish = event.get("finish")
        scores = event.get("scores")
        if not isinstance(scores, list) or len(scores) != SEATS or not all(_is_int(s) for s in scores):
            self.problem(index, f"scores must be {SEATS} whole numbers, got {scores!r}")
            scores = None
        if finish == "forfeit":
            if event.get("winner") is not None:
                self.problem(index, f"a forfeit has winner null, not {event.get('winner')!r}")
            if not _is_seat(event.get("seat")):
                self.problem(index, f"a forfeit names the seat that forfeited, got {event.get('seat')!r}")
            if not isinstance(event.get("reason"), str):
                self.problem(index, "a forfeit gives its reason")
            if self.win is not None:
                self.problem(index, "a forfeit after a win: the round had ended with the win")
            if scores is not None and scores != [0] * SEATS:
                self.problem(index, f"a forfeit scores all 0, not {scores}")
            return
        if not self.followed or self.scoring is None:
            return
        if self.win is not None:
            seat, won_finish, kafa = self.win
            if event.get("winner") != seat or finish != won_finish:
                self.problem(
                    index,
                    f"end says winner {event.get('winner')!r} finish {finish!r}; "
                    f"the win was seat {seat} with {won_finish!r}",
                )
            self.check_kafa(index, event, kafa)
            # Kafa changes no round score (rules.md 3.2): "ordinary" is a meld win, "match-win" ends
            # the match, which is no score change of this round.
            wanted = expected_scores(self.scoring, seat, won_finish, self.shower)
        else:
            if event.get("winner") is not None or finish is not None:
                self.problem(
                    index,
                    f"end names winner {event.get('winner')!r} finish {finish!r} without a win event "
                    "(a null round has both null)",
                )
                return
            if self.drawn < len(self.stock):
                self.problem(
                    index, f"null round with {len(self.stock) - self.drawn} tiles left in the stock (rules.md 3.4)"
                )
            if self.phase != "pick":
                self.problem(index, f"null round before seat {self.to_move}'s throw: it ends only after a throw")
            wanted = expected_scores(self.scoring, None, None, self.shower)
        if scores is not None and scores != wanted:
            scheme = self.scoring.scheme
            self.problem(index, f"scores {scores} should be {wanted} ({scheme} scheme, rules.md 7)")


def _challenger(event: Mapping[str, Any]) -> object:
    """The policy in the challenger's seat (``game``), or None when the deal event does not say."""
    policies, game = event.get("policies"), event.get("game")
    if isinstance(policies, list) and len(policies) == SEATS and _is_seat(game):
        return policies[game]
    return None


def _same_deal_problems(first: Mapping[str, Any], other: Mapping[str, Any], where: str) -> list[str]:
    """The four games of a deal are one deal (arena.md, duplicate play): the same tiles in the same
    seats, the same challenger moved from seat to seat."""
    keys = ("rules", "options", "indicator", "starter", "hands", "stock")
    differ = [key for key in keys if first.get(key) != other.get(key)]
    out = []
    if differ:
        out.append(f"{where}: differs from game {first.get('game')} of the same deal in {', '.join(differ)}")
    if _challenger(first) != _challenger(other):
        out.append(
            f"{where}: the challenger is {_challenger(other)!r}, in game {first.get('game')} {_challenger(first)!r}"
        )
    return out


def check_record(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every problem of an arena record (arena.md "--record FILE") against rules.md; [] when none.

    ``events`` are the record's lines as dicts, in order (:func:`load_record` reads a file). Each
    game runs from a ``deal`` event to an ``end`` event; a problem names the deal, the game and the
    event's 0-based index in the record.
    """
    problems: list[str] = []
    game: _Game | None = None
    deals: dict[object, Mapping[str, Any]] = {}
    seen: set[tuple[object, object]] = set()
    index = -1
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            problems.append(f"event {index}: not a JSON object: {event!r}")
            continue
        kind = event.get("event")
        if kind == "deal":
            if game is not None and not game.ended:
                problems.append(f"{game.name}, event {index}: the game has no end event before the next deal")
            game = _Game(index, event, problems)
            key = (event.get("deal"), event.get("game"))
            if key in seen:
                problems.append(f"{game.name}, event {index}: this deal's game appears twice in the record")
            seen.add(key)
            first = deals.setdefault(repr(event.get("deal")), event)
            if first is not event:
                problems += _same_deal_problems(first, event, f"{game.name}, event {index}")
            try:
                game.start()
            except _Desync:
                pass
            continue
        if game is None or game.ended:
            problems.append(f"event {index}: {kind!r} outside a game (before its deal or after its end)")
            continue
        try:
            if kind == "end":
                game.end(index, event)
            else:
                game.play(index, event)
        except _Desync:
            pass
    if game is not None and not game.ended:
        problems.append(f"{game.name}, event {index}: the record ends inside the game (no end event)")
    return problems
