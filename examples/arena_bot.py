"""A complete arena bot in plain Python: seat it with `okeytool arena --challenger "cmd:python examples/arena_bot.py"`.

It reads the seat protocol's JSON lines on stdin and answers each request on stdout. It keeps its
hand from the events, never takes the previous throw, always shows the indicator's twin, and throws
the tile with the fewest neighbours (same colour one or two apart, or the same number). It never
declares a win: a real bot would answer {"win": TILE} when the other 14 tiles win.
"""

import json
import sys

hand: list[str] = []
seat = -1


def neighbours(tile: str) -> int:
    if tile == "F":
        return 0
    colour, number = tile[0], int(tile[1:])
    near = {f"{colour}{number + d}" for d in (-2, -1, 1, 2)} | {f"{c}{number}" for c in "RBKY" if c != colour}
    return sum(1 for other in hand if other in near)


for line in sys.stdin:
    message = json.loads(line)
    if message.get("event") == "deal":
        hand, seat = list(message["hand"]), message["seat"]
    elif message.get("event") in ("draw", "take") and message["seat"] == seat and "tile" in message:
        hand.append(message["tile"])
    elif message.get("event") == "throw" and message["seat"] == seat:
        hand.remove(message["tile"])
    ask = message.get("ask")
    if ask == "take":
        print(json.dumps({"take": False}), flush=True)
    elif ask == "show":
        print(json.dumps({"show": True}), flush=True)
    elif ask == "throw":
        print(json.dumps({"throw": min(hand, key=neighbours)}), flush=True)
