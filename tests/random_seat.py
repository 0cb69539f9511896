"""A seated program for the arena's tests: random legal answers, and now and then (``rate``) an
illegal or malformed one. Run as ``python random_seat.py SEED RATE``."""

import json
import random
import sys

rng = random.Random(sys.argv[1])
rate = float(sys.argv[2])
hand: list[str] = []
seat = -1
WRONG = [
    "not json",
    json.dumps([1, 2]),
    json.dumps({"throw": "Q9"}),
    json.dumps({"throw": 5}),
    json.dumps({"take": "yes"}),
    json.dumps({"show": None}),
    json.dumps({"nothing": True}),
    json.dumps({"throw": "R1", "extra": "R1"}),
]
for line in sys.stdin:
    message = json.loads(line)
    event = message.get("event")
    if event == "deal":
        hand, seat = list(message["hand"]), message["seat"]
    elif event in ("draw", "take") and message["seat"] == seat:
        hand.append(message["tile"])
    elif event == "throw" and message["seat"] == seat:
        hand.remove(message["tile"])
    ask = message.get("ask")
    if ask is None:
        continue
    if rng.random() < rate:
        print(rng.choice(WRONG), flush=True)
    elif ask == "take":
        print(json.dumps({"take": rng.random() < 0.5}), flush=True)
    elif ask == "show":
        print(json.dumps({"show": rng.random() < 0.5}), flush=True)
    else:
        print(json.dumps({"throw": rng.choice(hand)}), flush=True)
