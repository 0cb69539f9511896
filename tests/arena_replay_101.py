"""Replay an Okey 101 arena record (``okeytool arena --rules 101 --record FILE``) and list every way
it breaks the rules.

Written from the contracts alone, independent of the engine: rules.md sections 1, 2 and 5.1-5.7, and
the record format of arena.md ("--record FILE": the 101 events ``open`` and ``lay``, ``penalties``
on throws, the 101 finishes). Nothing here imports ``okeytool.arena``, the solvers
(``okeytool.solver.*``) or the scoring (``okeytool.score``): tiles are read as their text, the
meld check and the scoring table of rules.md 5.6-5.7 are written out below. From okeytool only the
rules profile is used, to read the record's rule options with their defaults.

Use::

    from arena_replay_101 import check_record
    assert check_record(events) == []

Each problem is one line naming the deal, the game and the event's index in the record (0-based).
After a problem that leaves the play unknowable (a tile that is not there, a turn out of order)
the rest of that game's play is not followed; its ``end`` is still read.

How the record is read, where the contracts leave room (each checked below):

* a meld in ``open`` is a list of ``{"tile", "as"}``: the tile laid and the face it stands for (a
  plain tile its own face, F the okey's face, a real okey any face); two tiles are a pair;
* an opening is one ``open`` event (the seat's first): its melds alone must reach ``open_points``
  (or be ``open_pairs`` pairs); lay-offs may follow in the same turn, after it;
* a real okey in a set stands for a colour still missing: a tile of any missing colour joins while
  the set has room (the okeys take the other missing colours); in a run it keeps its face;
* a throw costs one penalty (101) when it is a real okey or could be laid off on a set or run on the
  table (after the thrower's lay-offs); ``penalties`` lists the reasons, ``okey`` and ``isler``;
* the round is aborted (``finish`` ``aborted``, ``winner`` null) when the seat to move with an empty
  stock does not take the previous throw, or right after the ``open`` that makes all four seats pair
  openers;
* ``end`` may carry ``opened`` (how each seat opened: ``melds``, ``pairs`` or null) and
  ``penalties`` (each seat's count); when present they must be right.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from okeytool.errors import OkeyError
from okeytool.rules import get_rules

SEATS = 4
#: rules.md 5.1: the starter holds 22 tiles, the others 21; 106 - 1 - 22 - 63 = 20 form the stock.
STARTER_TILES = 22
HAND_TILES = 21
STOCK_TILES = 20
COLOURS = "RBKY"
FACES = [f"{c}{n}" for c in COLOURS for n in range(1, 14)]
FULL_SET: Counter[str] = Counter({**{face: 2 for face in FACES}, "F": 2})
TILE_TEXT = re.compile(r"^(?:[RBKY](?:[1-9]|1[0-3])|F)$")
#: rules.md 5.6: P counts a real okey 101.
REAL_OKEY_POINTS = 101
PENALTY = 101
WIN = 101
UNOPENED = 202
ELDEN_WIN, ELDEN_LOSS = 202, 404
FINISHES = ("normal", "okey", "pairs", "pairs+okey", "elden", "elden+okey")


def colour(face: str) -> str:
    return face[0]


def number(face: str) -> int:
    return int(face[1:])


def order_key(tile: str) -> tuple[int, int]:
    """cli.md's canonical order: colour R, B, K, Y, then number; F last."""
    return (4, 0) if tile == "F" else (COLOURS.index(tile[0]), number(tile))


@dataclass(frozen=True)
class Table101Rules:
    """What a 101 round depends on: the okey face and the rule options (rules.md 8)."""

    okey: str
    open_points: int
    open_pairs: int
    jokers_in_pairs: bool
    unopened_cap: int
    stack_multipliers: bool

    def wild(self, tile: str) -> bool:
        """A real okey: a tile of the okey's face (rules.md 1)."""
        return tile == self.okey

    def plays(self, tile: str) -> str | None:
        """The face a plain tile plays as (F: the okey's face); None for a real okey."""
        if self.wild(tile):
            return None
        return self.okey if tile == "F" else tile

    def value(self, tile: str) -> int:
        """rules.md 5.6: a tile's face number, F the okey's, a real okey 101."""
        face = self.plays(tile)
        return REAL_OKEY_POINTS if face is None else number(face)

    def multiplier(self, okey_finish: bool, pairs: bool) -> int:
        doublings = int(okey_finish) + int(pairs)
        if doublings == 2 and not self.stack_multipliers:
            return 2
        return 2**doublings


# --- melds (rules.md 2, 5.2, 5.3) -------------------------------------------------------------------


@dataclass
class TableMeld:
    """A meld on the table: who laid it, its kind, and what it stands for (a run: its faces; a set:
    its number, the colours of its plain tiles and how many real okeys)."""

    seat: int
    kind: str
    faces: list[str] = field(default_factory=list)
    number: int = 0
    plain: set[str] = field(default_factory=set)
    wilds: int = 0

    @property
    def size(self) -> int:
        return len(self.faces) if self.kind == "run" else len(self.plain) + self.wilds

    def room(self) -> list[str]:
        """The faces a tile laid off here may stand for: a run's next face below and above (1-13), a
        set's missing colours while it holds fewer than four."""
        if self.kind == "run":
            numbers = sorted(number(f) for f in self.faces)
            c = colour(self.faces[0])
            return [f"{c}{n}" for n in (numbers[0] - 1, numbers[-1] + 1) if 1 <= n <= 13]
        if self.kind == "set" and self.size < 4:
            return [f"{c}{self.number}" for c in COLOURS if c not in self.plain]
        return []


def meld_problem(rules: Table101Rules, placements: Sequence[tuple[str, str]]) -> str | None:
    """Why placements ``(tile, as)`` are not a valid set or run (rules.md 2), or None."""
    for tile, face in placements:
        own = rules.plays(tile)
        if own is not None and own != face:
            return f"{tile} stands for {face}, but it plays as {own}"
        if not TILE_TEXT.match(face) or face == "F":
            return f"{face!r} is not a face"
    faces = [face for _, face in placements]
    if len(faces) < 3:
        return "a meld has at least three tiles"
    numbers = [number(f) for f in faces]
    colours = [colour(f) for f in faces]
    if len(set(numbers)) == 1:
        if len(faces) > 4 or len(set(colours)) != len(colours):
            return "a set is 3 or 4 tiles of one number in different colours"
        return None
    ordered = sorted(numbers)
    if len(set(colours)) != 1 or ordered != list(range(ordered[0], ordered[0] + len(ordered))):
        return "not a set, nor a run of consecutive numbers in one colour (no 12-13-1 in 101)"
    return None


def pair_problem(rules: Table101Rules, placements: Sequence[tuple[str, str]]) -> str | None:
    """Why two tiles are not a pair (rules.md 5.3), or None: identical tiles; a real okey with any
    tile when ``jokers_in_pairs``."""
    (a, face_a), (b, face_b) = placements
    wilds = rules.wild(a) + rules.wild(b)
    if wilds == 1 and not rules.jokers_in_pairs:
        return f"{a} {b}: a real okey completes a pair only with jokers_in_pairs"
    if wilds == 0 and a != b:
        return f"{a} {b} are not identical tiles"
    if face_a != face_b:
        return f"the two tiles of a pair stand for one face, not {face_a} and {face_b}"
    return None


def expected_scores(
    rules: Table101Rules,
    winner: int | None,
    finish: str,
    opened: Sequence[str | None],
    hands: Sequence[Counter[str]],
    penalties: Sequence[int],
) -> list[int]:
    """rules.md 5.6 and 5.7, written out: each seat's score (lower is better) from how each seat
    opened, the tiles each still holds and its discard penalties.

    >>> rules = Table101Rules("K2", 101, 5, True, 404, True)
    >>> expected_scores(rules, 0, "pairs+okey", ["pairs", "melds", None, "pairs"],
    ...                 [Counter(), Counter({"R3": 1, "F": 1}), Counter(), Counter({"K2": 1})], [0, 1, 0, 0])
    [-404, 121, 404, 808]
    """
    scores = [PENALTY * n for n in penalties]  # + his discard penalties, never multiplied
    if finish == "aborted":
        for seat in range(SEATS):
            scores[seat] += REAL_OKEY_POINTS * sum(n for t, n in hands[seat].items() if rules.wild(t))
        return scores
    assert winner is not None
    if finish.startswith("elden"):
        factor = 2 if finish.endswith("okey") else 1
        for seat in range(SEATS):
            scores[seat] += -ELDEN_WIN * factor if seat == winner else ELDEN_LOSS * factor
        return scores
    m = rules.multiplier(finish.endswith("okey"), opened[winner] == "pairs")
    for seat in range(SEATS):
        held = sum(rules.value(t) * n for t, n in hands[seat].items())
        if seat == winner:
            scores[seat] += -WIN * m
        elif opened[seat] is None:
            scores[seat] += min(UNOPENED * m, rules.unopened_cap)
        elif opened[seat] == "pairs":
            scores[seat] += 2 * held * m
        else:
            scores[seat] += held * m
    return scores


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object) -> TypeGuard[int]:
    return _is_int(value) and 0 <= value < SEATS  # type: ignore[operator]


class _Desync(Exception):
    """The play can no longer be followed (the problem is already recorded)."""


@dataclass
class _Game:
    """One game's replay: the deal, then every event until ``end``."""

    index: int
    event: Mapping[str, Any]
    problems: list[str]
    rules: Table101Rules | None = None
    hands: list[Counter[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    drawn: int = 0
    to_move: int = 0
    #: "pick" before the seat's draw or take, "play" before its throw or win.
    phase: str = "play"
    last_throw: str | None = None
    table: list[TableMeld] = field(default_factory=list)
    opened: list[str | None] = field(default_factory=lambda: [None] * SEATS)
    penalties: list[int] = field(default_factory=lambda: [0] * SEATS)
    #: This turn: the tile taken (if any), the tiles laid, the opening laid (its tiles), whether
    #: another seat had opened when it began, and the opening's value when below the threshold.
    taken: str | None = None
    laid: list[str] = field(default_factory=list)
    opening: list[str] | None = None
    others_had_opened: bool = False
    below_threshold: bool = False
    aborted_by_pairs: bool = False
    win: tuple[int, str] | None = None
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

    def tile(self, index: int, text: object, what: str) -> str | None:
        if not isinstance(text, str) or not TILE_TEXT.match(text):
            self.problem(index, f"{what} is not a tile in canonical form (R5, F): {text!r}")
            return None
        return text

    def tiles(self, index: int, value: object, what: str) -> list[str] | None:
        if not isinstance(value, list):
            self.problem(index, f"{what} is not a list of tiles")
            return None
        out = [self.tile(index, text, what) for text in value]
        read = [t for t in out if t is not None]
        return read if len(read) == len(out) else None

    def start(self) -> None:
        """Check the ``deal`` event (rules.md 1, 5.1) and set up the play."""
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
        if event.get("rules") != "101":
            raise self.lost(i, f"rules {event.get('rules')!r}: this checker replays Okey 101 records")
        options = event.get("options", {})
        if not isinstance(options, dict):
            raise self.lost(i, f"options must be an object, got {options!r}")
        try:
            profile = get_rules("101", options)
        except OkeyError as error:
            raise self.lost(i, f"options {options!r}: {error}") from None
        indicator = self.tile(i, event.get("indicator"), "indicator")
        if indicator is None or indicator == "F":
            raise self.lost(i, f"the indicator is {event.get('indicator')!r}: a numbered tile, never F (rules.md 1)")
        okey = f"{colour(indicator)}{number(indicator) % 13 + 1}"  # 13 is followed by 1 (rules.md 1)
        self.rules = Table101Rules(
            okey=okey,
            open_points=profile.open_points,
            open_pairs=profile.open_pairs,
            jokers_in_pairs=profile.jokers_in_pairs,
            unopened_cap=profile.unopened_cap,
            stack_multipliers=profile.stack_multipliers,
        )
        self._deal_tiles(indicator)

    def _deal_tiles(self, indicator: str) -> None:
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
            if hand != sorted(hand, key=order_key):
                self.problem(i, f"hands[{seat}] is not in canonical order")
        if len(stock) != STOCK_TILES:
            self.problem(i, f"the stock holds {len(stock)} tiles, not {STOCK_TILES}")
        everything = Counter(stock) + Counter([indicator])
        for hand in dealt:
            everything += Counter(hand)
        if everything != FULL_SET:
            extra = sorted((everything - FULL_SET).elements())
            missing = sorted((FULL_SET - everything).elements())
            self.problem(i, f"hands + stock + indicator are not the 106 tiles: too many {extra}, missing {missing}")
        self.hands = [Counter(hand) for hand in dealt]
        self.stock = stock
        self.to_move = starter  # the starter plays first, without a draw (rules.md 5.1)
        self.phase = "play"
        self.new_turn()

    def new_turn(self) -> None:
        self.taken = None
        self.laid = []
        self.opening = None
        self.below_threshold = False
        self.others_had_opened = any(o is not None for s, o in enumerate(self.opened) if s != self.to_move)

    # --- the play ---

    def play(self, index: int, event: Mapping[str, Any]) -> None:
        if not self.followed:
            return
        kind = event.get("event")
        handlers = {"draw": self.draw, "take": self.take, "open": self.open, "lay": self.lay, "throw": self.throw,
                    "win": self.won}  # fmt: skip
        if kind not in handlers:
            raise self.lost(index, f"unknown event {kind!r} in a 101 game")
        if self.win is not None:
            raise self.lost(index, f"{kind} after the win: the round ends when a seat goes out")
        if self.aborted_by_pairs:
            raise self.lost(index, f"{kind} after every seat opened with pairs: the round is aborted (rules.md 5.7)")
        handlers[kind](index, event)

    def seat_to_move(self, index: int, event: Mapping[str, Any], phase: str) -> int:
        seat = event.get("seat")
        if not _is_seat(seat):
            raise self.lost(index, f"seat {seat!r} is not a seat 0-3")
        if seat != self.to_move or self.phase != phase:
            wanted = "a draw or take" if self.phase == "pick" else "its play (open, lay, throw or win)"
            raise self.lost(
                index,
                f"{event.get('event')} by seat {seat} out of turn: seat {self.to_move} is to move and owes {wanted}",
            )
        return seat

    def draw(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.1: the next stock tile, in order; never from an empty stock (5.7)."""
        seat = self.seat_to_move(index, event, "pick")
        if self.drawn >= len(self.stock):
            raise self.lost(index, f"seat {seat} draws from an empty stock: the round is aborted instead (5.7)")
        tile = self.tile(index, event.get("tile"), "the drawn tile")
        wanted = self.stock[self.drawn]
        if tile != wanted:
            raise self.lost(index, f"seat {seat} draws {event.get('tile')!r}, but the stock's next tile is {wanted}")
        self.drawn += 1
        self.hands[seat][wanted] += 1
        self.phase = "play"

    def take(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.1: only the previous seat's last throw, on the turn right after it."""
        seat = self.seat_to_move(index, event, "pick")
        tile = self.tile(index, event.get("tile"), "the taken tile")
        if self.last_throw is None or tile != self.last_throw:
            raise self.lost(
                index, f"seat {seat} takes {event.get('tile')!r}, but the previous seat threw {self.last_throw}"
            )
        assert tile is not None
        self.last_throw = None
        self.hands[seat][tile] += 1
        self.taken = tile
        self.phase = "play"

    def placements(self, index: int, seat: int, meld: object) -> list[tuple[str, str]]:
        if not isinstance(meld, list) or not all(isinstance(p, Mapping) for p in meld):
            raise self.lost(index, f"a meld is a list of {{tile, as}}, got {meld!r}")
        out = []
        for p in meld:
            tile = self.tile(index, p.get("tile"), "a laid tile")
            face = p.get("as")
            if tile is None or not isinstance(face, str):
                raise self.lost(index, f"a laid tile and the face it stands for, got {p!r}")
            out.append((tile, face))
        return out

    def open(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.2-5.4: new melds from the hand; the seat's first ``open`` is its opening."""
        seat = self.seat_to_move(index, event, "play")
        assert self.rules is not None
        rules = self.rules
        melds = event.get("melds")
        if not isinstance(melds, list) or not melds:
            raise self.lost(index, "open lays at least one meld")
        laid = [self.placements(index, seat, m) for m in melds]
        tiles = [t for m in laid for t, _ in m]
        short = Counter(tiles) - self.hands[seat]
        if short:
            raise self.lost(index, f"seat {seat} lays {sorted(short.elements())}, which are not in his hand")
        if sum(self.hands[seat].values()) - len(tiles) < 1:
            self.problem(index, f"seat {seat} lays every tile: one must stay to throw (rules.md 5.1)")
        pairs = [m for m in laid if len(m) == 2]
        for m in laid:
            problem = pair_problem(rules, m) if len(m) == 2 else meld_problem(rules, m)
            if problem:
                self.problem(index, f"seat {seat}: {problem}")
        mine = self.opened[seat]
        if mine is None:
            if pairs and len(pairs) != len(laid):
                self.problem(index, f"seat {seat} opens with pairs and melds mixed (rules.md 5.3)")
            if pairs:
                if len(pairs) < rules.open_pairs:
                    self.problem(index, f"seat {seat} opens with {len(pairs)} pairs, fewer than {rules.open_pairs}")
                self.opened[seat] = "pairs"
            else:
                value = sum(number(face) for m in laid for _, face in m)
                if value < rules.open_points:
                    if self.others_had_opened:
                        self.problem(
                            index, f"seat {seat} opens with {value} points, below {rules.open_points} (rules.md 5.2)"
                        )
                    self.below_threshold = True  # elden only (5.4): checked at the throw
                self.opened[seat] = "melds"
            self.opening = tiles
        elif mine == "pairs" and len(pairs) != len(laid):
            self.problem(index, f"seat {seat} opened with pairs and lays a set or run (rules.md 5.3)")
        elif mine == "melds" and pairs:
            self.problem(index, f"seat {seat} opened with melds and lays a pair")
        self.hands[seat] -= Counter(tiles)
        self.laid += tiles
        for m in laid:
            self.table.append(self.table_meld(seat, m))
        if all(o == "pairs" for o in self.opened):
            self.aborted_by_pairs = True

    def table_meld(self, seat: int, placements: list[tuple[str, str]]) -> TableMeld:
        assert self.rules is not None
        faces = [face for _, face in placements]
        if len(faces) == 2:
            return TableMeld(seat, "pair", faces)
        if len({number(f) for f in faces if TILE_TEXT.match(f) and f != "F"}) == 1:
            plain = {colour(f) for t, f in placements if not self.rules.wild(t)}
            wilds = sum(self.rules.wild(t) for t, _ in placements)
            return TableMeld(seat, "set", number=number(faces[0]), plain=plain, wilds=wilds)
        return TableMeld(seat, "run", faces=faces)

    def lay(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.1, 5.3: a seat that has opened adds a tile to a set or run on the table (a pair
        opener only to other seats' melds); laid okeys keep their meaning."""
        seat = self.seat_to_move(index, event, "play")
        assert self.rules is not None
        rules = self.rules
        tile = self.tile(index, event.get("tile"), "the tile laid off")
        face = event.get("as")
        number_ = event.get("meld")
        if self.opened[seat] is None:
            self.problem(index, f"seat {seat} lays off before opening (rules.md 5.1)")
        if tile is None or not isinstance(face, str) or not TILE_TEXT.match(face) or face == "F":
            raise self.lost(index, f"a lay-off names a tile and the face it stands for, got {dict(event)!r}")
        if self.hands[seat][tile] == 0:
            raise self.lost(index, f"seat {seat} lays off {tile}, which is not in his hand")
        if not _is_int(number_) or not 0 <= number_ < len(self.table):
            raise self.lost(index, f"meld {number_!r} is not on the table (0 to {len(self.table) - 1})")
        target = self.table[number_]
        if target.kind == "pair":
            self.problem(index, f"seat {seat} lays off on a pair (meld {number_})")
        elif self.opened[seat] == "pairs" and target.seat == seat:
            self.problem(index, f"seat {seat} opened with pairs and lays off on his own meld (rules.md 5.3)")
        own = rules.plays(tile)
        if own is not None and own != face:
            self.problem(index, f"{tile} stands for {face}, but it plays as {own}")
        if face not in target.room():
            self.problem(index, f"{tile} as {face} does not fit meld {number_}")
        elif target.kind == "run":
            target.faces.append(face)
        elif rules.wild(tile):
            target.wilds += 1
        else:
            target.plain.add(colour(face))
        self.hands[seat][tile] -= 1
        self.laid.append(tile)
        if sum(self.hands[seat].values()) < 1:
            self.problem(index, f"seat {seat} lays off his last tile: one must stay to throw (rules.md 5.1)")

    def fits(self, tile: str) -> bool:
        """An işler taş (rules.md 5.5): the tile could be laid off on a set or run on the table."""
        assert self.rules is not None
        face = self.rules.plays(tile)
        rooms = [m.room() for m in self.table if m.kind != "pair"]
        return any(room and (face is None or face in room) for room in rooms)

    def end_of_turn(self, index: int, seat: int) -> None:
        """A taken tile is laid in the turn (before opening: in the opening, rules.md 5.1)."""
        if self.taken is None:
            return
        where = self.opening if self.opening is not None else (self.laid if self.opened[seat] else [])
        if self.taken not in where:
            self.problem(index, f"seat {seat} took {self.taken} and did not lay it at once (rules.md 5.1)")

    def throw(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.1, 5.5: one tile, always; a real okey or an işler taş costs a penalty."""
        seat = self.seat_to_move(index, event, "play")
        assert self.rules is not None
        tile = self.tile(index, event.get("tile"), "the thrown tile")
        if tile is None or self.hands[seat][tile] == 0:
            raise self.lost(index, f"seat {seat} throws {event.get('tile')!r}, which is not in his hand")
        self.end_of_turn(index, seat)
        if self.below_threshold:
            self.problem(index, f"seat {seat} opened below {self.rules.open_points} and did not go out (elden, 5.4)")
        reasons = (["okey"] if self.rules.wild(tile) else []) + (["isler"] if self.fits(tile) else [])
        said = event.get("penalties", [])
        if not isinstance(said, list) or sorted(said) != sorted(reasons):
            self.problem(index, f"seat {seat} throws {tile}: penalties {said!r}, should be {reasons}")
        if reasons:
            self.penalties[seat] += 1
        self.hands[seat][tile] -= 1
        if sum(self.hands[seat].values()) == 0:
            self.problem(index, f"seat {seat} throws his last tile: that goes out, a win event")
        self.last_throw = tile
        self.to_move = (seat + 1) % SEATS
        self.phase = "pick"
        self.new_turn()

    def won(self, index: int, event: Mapping[str, Any]) -> None:
        """rules.md 5.1, 5.4, 5.6: the last tile thrown; the finish by how the seat opened, whether it
        laid everything in its opening turn before anyone else opened, and whether it threw a real okey."""
        seat = self.seat_to_move(index, event, "play")
        assert self.rules is not None
        tile = self.tile(index, event.get("throw"), "the last throw")
        if tile is None or self.hands[seat][tile] == 0:
            raise self.lost(index, f"seat {seat} goes out throwing {event.get('throw')!r}, not in his hand")
        left = sum(self.hands[seat].values()) - 1
        if left:
            raise self.lost(index, f"seat {seat} goes out with {left} tiles still in his hand")
        self.end_of_turn(index, seat)
        opened = self.opened[seat]
        if opened is None:
            raise self.lost(index, f"seat {seat} goes out without having opened")
        okey = self.rules.wild(tile)
        if self.opening is not None and not self.others_had_opened and opened == "melds":
            finish = "elden+okey" if okey else "elden"
        elif opened == "pairs":
            finish = "pairs+okey" if okey else "pairs"
        else:
            finish = "okey" if okey else "normal"
        if event.get("finish") != finish:
            self.problem(
                index, f"seat {seat} goes out throwing {tile}: the finish is {finish!r}, not {event.get('finish')!r}"
            )
        self.hands[seat][tile] -= 1
        self.win = (seat, finish)

    # --- the end ---

    def expected_scores(self, winner: int | None, finish: str) -> list[int]:
        assert self.rules is not None
        return expected_scores(self.rules, winner, finish, self.opened, self.hands, self.penalties)

    def end(self, index: int, event: Mapping[str, Any]) -> None:
        """A forfeit, the win, or an aborted round, and the scores."""
        self.ended = True
        finish = event.get("finish")
        scores = event.get("scores")
        if not isinstance(scores, list) or len(scores) != SEATS or not all(_is_int(s) for s in scores):
            self.problem(index, f"scores must be {SEATS} whole numbers, got {scores!r}")
            scores = None
        if finish == "forfeit":
            if event.get("winner") is not None or not _is_seat(event.get("seat")):
                self.problem(index, "a forfeit has winner null and names the seat that forfeited")
            if not isinstance(event.get("reason"), str):
                self.problem(index, "a forfeit gives its reason")
            if scores is not None and scores != [0] * SEATS:
                self.problem(index, f"a forfeit scores all 0, not {scores}")
            return
        if not self.followed or self.rules is None:
            return
        if self.win is not None:
            seat, won = self.win
            if event.get("winner") != seat or finish != won:
                self.problem(
                    index, f"end says winner {event.get('winner')!r} {finish!r}; the win was seat {seat} {won!r}"
                )
            wanted = self.expected_scores(seat, won)
        else:
            if event.get("winner") is not None or finish != "aborted":
                self.problem(
                    index,
                    f"a round without a win ends aborted with winner null, not {event.get('winner')!r} {finish!r}",
                )
                return
            if not self.aborted_by_pairs:
                if self.drawn < len(self.stock):
                    self.problem(index, f"aborted with {len(self.stock) - self.drawn} tiles left in the stock (5.7)")
                if self.phase != "pick":
                    self.problem(index, f"aborted before seat {self.to_move}'s throw: only when it would draw")
            wanted = self.expected_scores(None, "aborted")
        if scores is not None and scores != wanted:
            self.problem(index, f"scores {scores} should be {wanted} (rules.md 5.6-5.7)")
        if "opened" in event and event["opened"] != self.opened:
            self.problem(index, f"opened {event['opened']!r} should be {self.opened}")
        if "penalties" in event and event["penalties"] != self.penalties:
            self.problem(index, f"penalties {event['penalties']!r} should be {self.penalties}")


def _challenger(event: Mapping[str, Any]) -> object:
    policies, game = event.get("policies"), event.get("game")
    if isinstance(policies, list) and len(policies) == SEATS and _is_seat(game):
        return policies[game]
    return None


def _same_deal_problems(first: Mapping[str, Any], other: Mapping[str, Any], where: str) -> list[str]:
    """The four games of a deal are one deal (arena.md, duplicate play)."""
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
    """Every problem of a 101 arena record against rules.md; [] when none."""
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
