"""A complete Okey 101 arena bot in plain Python: seat it with
`okeytool arena --rules 101 --challenger "cmd:python examples/arena_bot_101.py"`.

It reads the seat protocol's JSON lines on stdin and answers each request on stdout. It keeps its
hand from the events, never takes the previous throw and never opens: it only throws, the tile with
the fewest neighbours (same colour one or two apart, or the same number), and so always ends the
round unopened. A real bot would lay its opening and lay-offs in the play answer:
{"open": [["K11", "K12", "K13"], ...], "lay": [{"tile": "Y4", "meld": 0}], "throw": "Y9"}.
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
    event = message.get("event")
    if event == "deal":
        hand, seat = list(message["hand"]), message["seat"]
    elif event in ("draw", "take") and message["seat"] == seat and "tile" in message:
        hand.append(message["tile"])
    elif event == "throw" and message["seat"] == seat:
        hand.remove(message["tile"])
    ask = message.get("ask")
    if ask == "take":
        print(json.dumps({"take": False}), flush=True)
    elif ask == "play":
        print(json.dumps({"throw": min(hand, key=neighbours)}), flush=True)
