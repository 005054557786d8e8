"""A soak of network play: many whole games of every title on the loopback, guests cut off at random.

    python -m game.tools.net_soak --games N --seconds S [--cuts K] [--seed N] [--level easy]

Each game: a headless host (game/net/host.py) with two network seats and one AI seat of its own,
the AI's place at the table turning from game to game (the seats spread); two guests
(game/net/guest.py) play the network seats by an AI level. While the game goes on, a cutter closes a
guest's socket abruptly (the transport aborted: no closing handshake) at random moments, at most
``--cuts`` times a game; the guest joins its seat again with its token. At each game's end it checks
that no move was lost:

- the host's record (as saved) replays to the same final as a fresh Match given the very decisions
  the host took, in order, and that is the host's own final;
- the number of decisions equals the moves the guests sent (each decision of a network seat once:
  the set of decisions a guest sent a move on is exactly its seat's decisions, a move lost in a cut
  being sent again on the same decision) plus the moves the host's AI made;
- each guest's last view is ``observe(final, seat)``, and the record it kept is the host's.

It prints a line a game and then: games, cuts, reconnects, decisions and every loss (exit 1 if
any). Every wait is bounded (a game at most ``GAME_LIMIT`` seconds, the run ``--seconds``);
loopback only, no discovery. Developers' English (a bench, not a player's screen).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core.match import Match, bot_seed
from game.core.record import final_of, read_record, record_text, replay
from game.core.rules import Seat
from game.net.guest import Guest, GuestError
from game.net.host import Host

GAME_LIMIT = 180.0        # seconds one game may take, cuts and reconnects included
CUT_JITTER = (0.0, 0.03)  # seconds after its decision that a cut comes (uniform)
HORIZON = 60              # cuts fall within a title's first decisions: its last game's length, or this
JOIN_WAIT = 30.0
LOST_WAIT = 60.0          # far longer than a reconnect: a seat is never given away to an AI here


@dataclass
class GameReport:
    game: str
    seed: int
    kinds: list
    decisions: int = 0
    cuts: int = 0
    reconnects: int = 0
    resent: int = 0           # moves a guest sent again (the first one lost in a cut)
    refused: int = 0
    seconds: float = 0.0
    losses: list = field(default_factory=list)

    def line(self) -> str:
        state = "ok" if not self.losses else "LOSS: " + "; ".join(self.losses)
        return (f"{self.game:<11} seed {self.seed:<10} seats {','.join(self.kinds):<18} decisions {self.decisions:4d}  "
                f"cuts {self.cuts}  reconnects {self.reconnects}  resent {self.resent}  refused {self.refused}  "
                f"{self.seconds:5.1f} s  {state}")


class SoakGuest(Guest):
    """A guest whose live connection the cutter can reach (``ws``, None between connections)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.ws = None

    async def _session(self, ws) -> bool:
        self.ws = ws
        try:
            return await super()._session(ws)
        finally:
            self.ws = None


def layout(rules, k: int) -> list[str]:
    """Three seats, two played over the network; the host's AI sits at place ``k % 3``."""
    kinds = ["net", "net", "net"]
    kinds[k % 3] = "ai"
    return kinds


async def _cutter(host: Host, guests: list[SoakGuest], rng: random.Random, points: list[int],
                  report: GameReport) -> None:
    """Cut a guest's connection once the game reaches each of ``points`` (decisions), a random
    moment after (``CUT_JITTER``: messages may be on their way), while the game goes on."""
    for point in points:
        for _w in range(int(GAME_LIMIT / 0.005)):        # bounded
            if host.match.over() or host.match.decisions >= point and host.started:
                break
            await asyncio.sleep(0.005)
        await asyncio.sleep(rng.uniform(*CUT_JITTER))
        for _w in range(400):               # bounded: a guest that is connected (one may be rejoining)
            live = [g for g in guests if g.ws is not None and not g.ws.transport.is_closing()]   # not cut already
            if live or host.match.over():
                break
            await asyncio.sleep(0.005)
        if host.match.over() or not live:
            return
        transport = getattr(rng.choice(live).ws, "transport", None)
        if transport is not None:
            transport.abort()               # abrupt: no close frame, the socket just goes
            report.cuts += 1


def cut_points(rng: random.Random, most: int, horizon: int) -> list[int]:
    """``most`` distinct decisions (at most ``horizon`` - 1 of them) in 1 .. horizon - 1, in order."""
    return sorted(rng.sample(range(1, max(2, horizon)), min(most, max(1, horizon - 1))))


async def soak_game(game: str, seed: int, k: int, rng: random.Random, cuts: int, folder: Path,
                    level: str = "easy", horizon: int = HORIZON) -> GameReport:
    """One game with ``cuts`` connections cut (within its first ``horizon`` decisions)."""
    from game.ai.bots import make_bot as level_bot
    from game.games import get_rules
    rules = get_rules(game)
    kinds = layout(rules, k)
    report = GameReport(game, seed, [level if x == "ai" else x for x in kinds])
    seats = [Seat(f"P{i}", rules.seat_colors[i], "human" if x == "net" else level) for i, x in enumerate(kinds)]
    net = [i for i, x in enumerate(kinds) if x == "net"]
    ai_moves = [0]

    def counted_bot(kind, rules_, seed_, seat):
        bot = level_bot(kind, rules_, seed_, timed=False)
        choose = bot.choose

        def counting(obs, p):
            action = choose(obs, p)
            ai_moves[0] += 1
            return action
        bot.choose = counting
        return bot

    path = folder / f"{game}-{seed}.yaml"
    host = Host(rules, seats, net, seed, {}, make_bot=counted_bot, record_path=path, join_wait=JOIN_WAIT,
                lost_wait=LOST_WAIT, turn_wait=GAME_LIMIT, lost_ai=None)
    taken: list = []                        # (action, seat) as the host's match took them, in order
    submit = host.match.submit

    def logged(action, seat=None):
        events = submit(action, seat)
        taken.append((action, seat))
        return events
    host.match.submit = logged
    ready = asyncio.Event()
    where = {}

    def on_ready(address, code):
        where.update(address=address, code=code)
        ready.set()

    t0 = time.monotonic()
    task = asyncio.ensure_future(host.run(on_ready))
    await asyncio.wait_for(ready.wait(), 10.0)
    guests = [SoakGuest(where["address"], where["code"], level=level, seat=p, ai_seed=bot_seed(seed, p),
                        idle_timeout=GAME_LIMIT, retries=8) for p in net]
    cutter = asyncio.ensure_future(_cutter(host, guests, rng, cut_points(rng, cuts, horizon), report))
    try:
        outs = await asyncio.wait_for(asyncio.gather(task, *[g.run() for g in guests], return_exceptions=True),
                                      GAME_LIMIT)
    except asyncio.TimeoutError:
        host.stop()
        report.losses.append(f"not over in {GAME_LIMIT:g} s")
        outs = None
    finally:
        cutter.cancel()
        try:
            await cutter
        except asyncio.CancelledError:
            pass
    report.seconds = time.monotonic() - t0
    report.reconnects = sum(g.reconnects for g in guests)
    report.refused = sum(len(g.refused) for g in guests)
    report.resent = sum(g.moves - len(g.sent_at) for g in guests)
    report.decisions = host.match.decisions
    if outs is None:
        return report
    result = outs[0]
    for g, out in zip(guests, outs[1:]):
        if isinstance(out, BaseException):
            why = str(out) if isinstance(out, GuestError) else f"{type(out).__name__}: {out}"
            report.losses.append(f"guest of seat {g.seat + 1} failed ({why})")
    if isinstance(result, BaseException):
        report.losses.append(f"host failed ({type(result).__name__}: {result})")
        return report
    if result.status != "over":
        report.losses.append(f"the host ended {result.status}")
        return report
    _check(rules, host, seats, seed, taken, guests, ai_moves[0], path, report)
    return report


def _check(rules, host: Host, seats, seed, taken, guests, ai_moves, path: Path, report: GameReport) -> None:
    end = host.match.state
    loss = report.losses.append
    # the record as saved replays to the host's final, and so does a fresh Match given the same decisions
    try:
        rec = read_record(path)
        states = replay(rules, rec)
    except Exception as e:
        loss(f"the record does not replay ({e})")
        return
    fresh = Match(rules, seats, seed, {})
    try:
        for action, seat in taken:
            fresh.submit(action, seat)
    except Exception as e:
        loss(f"a fresh match refuses the host's decisions ({type(e).__name__}: {e})")
        return
    logs = [s.log.to_list() for s in (end, states[-1], fresh.state)]
    if not (logs[0] == logs[1] == logs[2]) or not fresh.over():
        loss("the record, a fresh replay and the host do not end the same")
    if not (final_of(rules, end) == final_of(rules, states[-1]) == final_of(rules, fresh.state) == rec.final):
        loss("the finals differ")
    # every decision counted once: the guests' moves (each on its own decision) and the host AI's
    mover = [rules.to_move(s) for s in states[:-1]]
    sent = sum(len(g.sent_at) for g in guests)
    if not (host.match.decisions == len(taken) == len(states) - 1 == sent + ai_moves):
        loss(f"{host.match.decisions} decisions, {len(taken)} taken, {sent} sent by guests + {ai_moves} by the AI")
    for g in guests:
        own = {k for k, p in enumerate(mover) if p == g.seat}
        if g.sent_at != own:
            loss(f"seat {g.seat + 1} decided {len(own)} times, its guest sent on {len(g.sent_at)} decisions "
                 f"({len(own - g.sent_at)} missing, {len(g.sent_at - own)} extra)")
        seen = rules.observe(end, g.seat)
        if (g.view is None or g.view.log.to_list() != seen.log.to_list()
                or host.codec.encode_state(g.view) != host.codec.encode_state(seen)):
            loss(f"seat {g.seat + 1}'s last view is not observe(final, seat)")
        if g.record is None or record_text(g.record) != record_text(rec):
            loss(f"seat {g.seat + 1} did not keep the host's record")


async def soak(games: list[str], n: int, seconds: float, most_cuts: int, seed: int, level: str = "easy",
               least_cuts: int = 0, say=print) -> dict:
    """Play up to ``n`` games (the titles in turn) within ``seconds``, each with ``least_cuts`` ..
    ``most_cuts`` cuts; returns the totals."""
    rng = random.Random(seed)
    totals = {"reports": [], "games": 0, "cuts": 0, "reconnects": 0, "decisions": 0, "resent": 0, "refused": 0, "losses": []}
    deadline = time.monotonic() + seconds
    lengths: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="anthology-soak-") as tmp:
        for k in range(n):
            if time.monotonic() >= deadline:
                break
            game = games[k % len(games)]
            game_seed = rng.randrange(1, 10 ** 9)
            cuts = rng.randint(max(0, least_cuts), most_cuts) if most_cuts >= least_cuts else most_cuts
            r = await soak_game(game, game_seed, k // len(games) + k, rng, cuts, Path(tmp), level,
                                lengths.get(game, HORIZON))
            if r.decisions > 1:
                lengths[game] = r.decisions
            say(r.line())
            totals["reports"].append(r)
            totals["games"] += 1
            for key in ("cuts", "reconnects", "decisions", "resent", "refused"):
                totals[key] += getattr(r, key)
            totals["losses"].extend(f"{game} seed {game_seed}: {why}" for why in r.losses)
    return totals


def main(argv=None) -> int:
    from game.games import available_games
    ap = argparse.ArgumentParser(prog="python -m game.tools.net_soak", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games to play at most (the titles in turn)")
    ap.add_argument("--seconds", type=float, default=300.0, help="no new game starts after this many seconds")
    ap.add_argument("--cuts", type=int, default=4, help="connections cut at most per game (0 .. this, at random)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy", help="the AI level of every seat (guests and host)")
    ap.add_argument("--game", action="append", help="only this title (may be given again)")
    a = ap.parse_args(argv)
    titles = a.game or available_games()
    if a.games < 1 or a.seconds <= 0 or a.cuts < 0 or any(t not in available_games() for t in titles):
        print("net_soak: --games >= 1, --seconds > 0, --cuts >= 0 and known titles please", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    tot = asyncio.run(soak(titles, a.games, a.seconds, a.cuts, a.seed, a.level))
    print(f"games {tot['games']}  cuts {tot['cuts']}  reconnects {tot['reconnects']}  decisions {tot['decisions']}  "
          f"resent {tot['resent']}  refused {tot['refused']}  losses {len(tot['losses'])}  "
          f"({time.monotonic() - t0:.0f} s)")
    for why in tot["losses"]:
        print(f"LOSS {why}")
    return 1 if tot["losses"] else 0


if __name__ == "__main__":
    sys.exit(main())
