"""A run of the arena: deals played in duplicate, one challenger against three champions.

Deal *k* is shuffled from (seed, *k*) alone and played four times, the challenger in seat 0, 1, 2, 3
in turn (the game number is the challenger's seat) and the champion in the other three seats; each
policy's random choices are seeded from (seed, deal, game, seat). A deal is the unit of work: on one
core, on ``jobs`` local processes or on a Dask cluster it gives the same games, and the games come
back in deal order, so the record and the summary are the same bytes wherever they were played.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from okeytool.arena.seats import Seat
from okeytool.arena.table import Played, deal_of, policy_seed
from okeytool.errors import ClusterError, InputError
from okeytool.rules import Rules, get_rules
from okeytool.solver.games import game_of

#: Games per deal: the challenger once in each seat.
GAMES_PER_DEAL = 4
#: The prefix that seats an external program (the seat protocol).
PROGRAM = "cmd:"


@dataclass(frozen=True)
class ArenaRun:
    """What a run plays: the rules (profile and options), the two policies, how many deals from
    which seed, the chance policies' work per ranking and risk, and the per-move limit of a seated
    program (seconds)."""

    rules: str
    challenger: str
    champion: str
    deals: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    work: float | None = None
    risk: float | None = None
    move_limit: float = 10.0

    def settings(self) -> dict[str, float | str]:
        """The chance policies' work per ranking and risk, as played: the game's defaults
        (:func:`~okeytool.arena.tables.chance_defaults`; classic's risk ``fitted`` to the turn)
        where the run gave none. Raises :class:`RulesError` for unknown rules."""
        from okeytool.arena.tables import chance_defaults

        played = chance_defaults(self.the_rules())
        if self.work is not None:
            played["work"] = self.work
        if self.risk is not None:
            played["risk"] = self.risk
        return played

    def the_rules(self) -> Rules:
        """The rules profile with the run's options. Raises :class:`RulesError`."""
        return get_rules(self.rules).with_options(self.options)

    def check(self) -> None:
        """Refuse a run that cannot be played. Raises :class:`InputError` / :class:`RulesError`."""
        from okeytool.arena.tables import policies_for

        rules = self.the_rules()
        game_of(rules).tiles(rules)  # a game that cannot be played out says so
        policies = policies_for(rules)
        for policy in (self.challenger, self.champion):
            if not policy.startswith(PROGRAM) and policy not in policies:
                raise InputError(f"unknown policy {policy!r} (known: {', '.join(policies)}, or cmd:PROGRAM)")
            if policy.startswith(PROGRAM) and not policy[len(PROGRAM) :].strip():
                raise InputError("cmd: needs a program to run, e.g. cmd:python examples/arena_bot.py")
        if self.deals < 0:
            raise InputError(f"--deals must be 0 or more, got {self.deals}")
        if self.work is not None and not 0 < self.work <= 60:
            raise InputError(f"--work must be above 0 and at most 60 seconds, got {self.work}")
        if self.risk is not None and not 0 <= self.risk < 1:
            raise InputError(f"--risk must be at least 0 and below 1, got {self.risk}")
        if not 0 < self.move_limit <= 3600:
            raise InputError(f"--move-limit must be above 0 and at most 3600 seconds, got {self.move_limit}")


@dataclass(frozen=True)
class GameRecord:
    """One game of a deal: the deal, the game (the challenger's seat) and how it was played."""

    deal: int
    game: int
    played: Played


def seat(run: ArenaRun, rules: Rules, policy: str, deal: int, game: int, place: int) -> Seat:
    """The player of one seat: a built-in policy, or a program (``cmd:``)."""
    if policy.startswith(PROGRAM):
        from okeytool.arena.program import ProgramSeat

        return ProgramSeat(policy[len(PROGRAM) :], run.move_limit)
    from okeytool.arena.tables import make_policy_for

    settings: dict[str, Any] = {}
    if policy in ("chance", "points"):
        if run.work is not None:
            settings["work"] = run.work
        if run.risk is not None:
            settings["risk"] = run.risk
    return make_policy_for(policy, rules, random.Random(policy_seed(run.seed, deal, game, place)), **settings)


def play_deal(run: ArenaRun, deal: int) -> list[GameRecord]:
    """The four games of deal ``deal``."""
    from okeytool.arena.tables import round_player

    rules = run.the_rules()
    dealt = deal_of(rules, run.seed, deal)
    play_round = round_player(rules)
    out = []
    for game in range(GAMES_PER_DEAL):
        policies = [run.challenger if place == game else run.champion for place in range(GAMES_PER_DEAL)]
        seats = [seat(run, rules, p, deal, game, place) for place, p in enumerate(policies)]
        header = {"deal": deal, "game": game, "rules": rules.name, "options": dict(run.options)}
        try:
            played = play_round(rules, dealt, seats, header)
        finally:
            for player in seats:
                player.close()
        out.append(GameRecord(deal, game, played))
    return out


def deal_text(run: ArenaRun, deal: int) -> str:
    """:func:`play_deal` as one line of JSON (what crosses a process or a cluster)."""
    games = [
        {
            "game": g.game,
            "events": list(g.played.events),
            "winner": g.played.winner,
            "finish": g.played.finish,
            "scores": list(g.played.scores),
            "forfeit": g.played.forfeit,
            "chances": [list(c) for c in g.played.chances],
        }
        for g in play_deal(run, deal)
    ]
    return json.dumps({"deal": deal, "games": games}, ensure_ascii=False)


def read_deal_text(text: str) -> list[GameRecord]:
    """The games of one deal from :func:`deal_text`. Raises :class:`ClusterError` for an error line."""
    document = json.loads(text)
    if "error" in document:
        raise ClusterError(f"a deal could not be played: {document['error']}")
    out = []
    for g in document["games"]:
        played = Played(
            events=tuple(g["events"]),
            winner=g["winner"],
            finish=g["finish"],
            scores=tuple(g["scores"]),
            forfeit=g["forfeit"],
            chances=tuple((int(s), float(c)) for s, c in g["chances"]),
        )
        out.append(GameRecord(document["deal"], g["game"], played))
    return out


def play(run: ArenaRun, *, jobs: int = 1, scheduler: Any = None) -> Generator[list[GameRecord], None, None]:
    """Every deal's games, in deal order: in this process (``jobs`` 1), on ``jobs`` local processes,
    or on the Dask cluster at ``scheduler``. Raises what :meth:`ArenaRun.check` raises, and
    :class:`ClusterError`."""
    run.check()
    deals = range(run.deals)
    if scheduler is not None:
        from okeytool.distributed import run_on_cluster

        lines = run_on_cluster(deals, scheduler, answer=partial(deal_text, run), chunk=1)
        for line in lines:
            yield read_deal_text(line)
        return
    if jobs <= 1:
        for k in deals:
            yield play_deal(run, k)
        return
    yield from _in_processes(partial(deal_text, run), deals, jobs)


def _in_processes(answer: Callable[[int], str], deals: range, jobs: int) -> Iterator[list[GameRecord]]:
    """Deals on ``jobs`` local processes, in deal order, a bounded number in flight."""
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    window = 4 * jobs
    source = iter(deals)
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: deque[Future[str]] = deque()
        for k in source:
            pending.append(pool.submit(answer, k))
            if len(pending) >= window:
                break
        while pending:
            text = pending.popleft().result()
            nxt = next(source, None)
            if nxt is not None:
                pending.append(pool.submit(answer, nxt))
            yield read_deal_text(text)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # a run stopped early waits for no deal not begun
