"""How likely a throw is to let the next seat go out, read from what the thrower can see: a model
fitted on rounds of four acceptance seats (benchmarks/ARENA.md, "Defence").

A seat that throws a tile its next seat goes out with has lost the round. What the thrower sees
tells something of that chance: the turn (hands are nearer a win late in the round), what the next
seat threw, passed by and took (:class:`~benchmarks.arena_variants.NextSeat`), and how many tiles
that would meld with the thrown one are still unseen (a tile whose run and set partners are all in
sight cannot complete much). Each throw of every seat gives one example; it is a feed when the next
seat takes it and goes out.

``python -m benchmarks.arena_feed --deals 3000 --seed 11`` plays the rounds (four acceptance seats),
fits a logistic model on the first half of the deals, and prints its coefficients with the log loss
on the second half beside that of the turn alone and of the turn with the reading's class
(:func:`~benchmarks.arena_variants.reading_feed`).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence

import numpy as np

from benchmarks.arena_variants import NextSeat, reading_feed
from okeytool.arena.policies import PLAYERS, AcceptancePolicy, Policy, View
from okeytool.arena.table import deal_of, play_round, policy_seed, seat_view
from okeytool.rules import Rules, get_rules
from okeytool.tiles import Tile

#: The features of a throw, in the order of the model's coefficients (after the intercept).
FEATURES = (
    "turn",  # the thrower's throws before this one, capped at 12, over 12
    "late",  # the same, squared
    "thrown",  # the next seat threw this face
    "passed",  # the next seat passed this face by (drew blind instead)
    "near a take",  # within two of a tile the next seat took, same colour
    "set with a take",  # the number of a tile the next seat took, another colour
    "copies",  # unseen copies of the face itself (0-2), over 2
    "run partners",  # unseen copies of the faces one and two away in its colour (0-8), over 8
    "set partners",  # unseen copies of the face's number in the other colours (0-6), over 6
    "wilds",  # unseen wild okeys (0-2), over 2
)


class Watcher(Policy):
    """A seat's view of the round, kept from the events it is told (no decisions)."""


def features(view: View, reader: NextSeat, rules: Rules, tile: Tile) -> list[float] | None:
    """The features of throwing ``tile`` for a seat whose view is ``view`` (its hand still holding
    the tile); None for a wild (a seat that throws the okey gives it away: no model needed)."""
    deal = view.deal
    assert deal is not None, "asked before the deal"
    if deal.is_wild(tile):
        return None
    face = deal.plays_as(tile)
    assert face is not None
    held: dict[Tile, int] = {}
    for t in (*view.hand, *view.seen):
        played = deal.plays_as(t)
        if played is not None:
            held[played] = held.get(played, 0) + 1

    def unseen(colour: str, number: int) -> int:
        if not 1 <= number <= 13:
            return 0
        f = Tile.parse(f"{colour}{number}")
        return max(0, deal.supply(f) - held.get(f, 0))

    colour, number = str(face)[0], face.number
    colours = [c for c in "RBKY" if c != colour]
    wilds_seen = sum(1 for t in (*view.hand, *view.seen) if deal.is_wild(t))
    turn = min(view.throws, 12) / 12
    kind = reader.read(tile)
    return [
        turn,
        turn * turn,
        float(kind == "thrown"),
        float(kind == "passed"),
        float(kind == "near a take"),
        float(kind == "set with a take"),
        unseen(colour, number) / 2,
        sum(unseen(colour, number + d) for d in (-2, -1, 1, 2)) / 8,
        sum(unseen(c, number) for c in colours) / 6,
        max(0, 2 - wilds_seen) / 2,
    ]


def examples(rules: Rules, seed: int, deals: range) -> tuple[list[list[float]], list[int], list[float]]:
    """Every throw of four acceptance seats on ``deals``: its features, whether it fed a win, and the
    reading's estimate of that (:func:`~benchmarks.arena_variants.reading_feed`)."""
    xs: list[list[float]] = []
    ys: list[int] = []
    reading: list[float] = []
    for deal in deals:
        dealt = deal_of(rules, seed, deal)
        seats = [AcceptancePolicy(rules, random.Random(policy_seed(seed, deal, 0, s))) for s in range(PLAYERS)]
        header = {"deal": deal, "game": 0, "rules": rules.name, "options": {}}
        events = play_round(rules, dealt, seats, header).events
        watchers = [Watcher(rules, random.Random(0)) for _ in range(PLAYERS)]
        readers = [NextSeat((s + 1) % PLAYERS) for s in range(PLAYERS)]
        pending: int | None = None  # the example of the last throw, until the next seat moves
        for event in events:
            kind, seat = event["event"], event.get("seat", -1)
            if kind == "throw":
                view = watchers[seat].view
                tile = Tile.parse(event["tile"])
                row = features(view, readers[seat], rules, tile)
                pending = None
                if row is not None:
                    xs.append(row)
                    ys.append(0)
                    reading.append(reading_feed(view.throws, readers[seat].read(tile)))
                    pending = len(ys) - 1
            elif kind == "draw":
                pending = None
            elif kind == "win" and pending is not None:
                ys[pending] = 1  # won right after taking the throw
            for s in range(PLAYERS):
                told = seat_view(event, s)
                if told is not None:
                    watchers[s].see(told)
                readers[s].observe(event)
    return xs, ys, reading


def fit(xs: np.ndarray, ys: np.ndarray, ridge: float = 1e-3, rounds: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method (an intercept first), a small ridge for stability."""
    x = np.hstack([np.ones((len(xs), 1)), xs])
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (ys - p) - ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, ys: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(ys * np.log(p) + (1 - ys) * np.log(1 - p)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    rules = get_rules("classic")
    half = args.deals // 2
    train = examples(rules, args.seed, range(half))
    check = examples(rules, args.seed, range(half, args.deals))
    w = fit(np.array(train[0]), np.array(train[1], dtype=float))
    xc, yc = np.array(check[0]), np.array(check[1], dtype=float)
    model = 1 / (1 + np.exp(-(np.hstack([np.ones((len(xc), 1)), xc]) @ w)))
    turn_only = fit(np.array(train[0])[:, :2], np.array(train[1], dtype=float))
    by_turn = 1 / (1 + np.exp(-(np.hstack([np.ones((len(xc), 1)), xc[:, :2]]) @ turn_only)))
    print(
        json.dumps(
            {
                "seed": args.seed,
                "deals": args.deals,
                "examples": [len(train[1]), len(check[1])],
                "feeds": [int(sum(train[1])), int(yc.sum())],
                "coefficients": dict(zip(("intercept", *FEATURES), (round(float(v), 4) for v in w))),
                "log_loss_on_the_second_half": {
                    "model": round(log_loss(model, yc), 5),
                    "turn only": round(log_loss(by_turn, yc), 5),
                    "reading (FEED x FACTOR)": round(log_loss(np.array(check[2]), yc), 5),
                    "base rate": round(log_loss(np.full(len(yc), yc.mean()), yc), 5),
                },
                "mean_predicted_vs_observed": [round(float(model.mean()), 5), round(float(yc.mean()), 5)],
                "deciles": _deciles(model, yc),
            }
        )
    )


def _deciles(p: np.ndarray, ys: np.ndarray) -> list[list[float]]:
    order = np.argsort(p)
    out = []
    for part in np.array_split(order, 10):
        out.append([round(float(p[part].mean()), 4), round(float(ys[part].mean()), 4)])
    return out


if __name__ == "__main__":
    main()
