"""The headless referee: a websockets server that runs one Match for seats here and elsewhere.

Seats are people on other machines (network seats, joined with the join code), AIs on the host, or
(later, with a window) a person at the host's screen. The host waits a bounded time for every
network seat, then plays: the host's AIs think in a thread (the server keeps answering), a network
seat's move comes as an ``act`` naming one of the legal actions the host sent (index and repr, both
checked against the host's own list), the record is saved after every decision, and each guest gets,
after every change, the view of its own seat (protocol.seat_view: the observation only). The last
view, at the game's end, also carries the finished game's record (public once the game is over;
never sent before), and a guest lost at that very moment may come back for it a short while.

Real-world faults: a guest that drops may come back to its seat with the join code and its seat
token and gets the table as it is; a seat lost longer than ``lost_wait`` (or silent on its turn
longer than ``turn_wait``) is given to an AI of level ``lost_ai`` when one is named, and otherwise
the game stops there (its record kept). Garbage, oversized, out-of-turn or illegal messages get a
refusal and change nothing; a connection refused ``MAX_REFUSED`` times is closed. Every wait is
bounded; the server listens on ``bind`` (the loopback by default) and port 0 picks a free port.

One connection may hold several seats (people sharing one screen at the guest's end: a join with a
``count``); they share one token. Such a connection gets the views of its *current* seat only (the
one of its seats to move, else the last one that was), so no message carries anything that seat may
not see; the guest's table hides what is private between its own seats as hot seat does.

Undo: a guest may ask to take back the last decision(s) of its seat to move (``undo``); every step is
checked by the match (core/undo.py: its own moves this turn, nothing revealed), and the host's
``undo`` policy answers: "refuse" (the headless default), "allow", or "ask" (the host's window asks
its player: ``undo_asks``, answered by ``answer_undo``). A refused request is not asked again for
the same decision.

Another game at the same table (``rematch``, the host's window): after the end the connections
stay open; ``again(match, record_path)`` starts the next game with the same seats (made by
``next_match``), the guests still connected keep their seats (a welcome with ``again``), and a seat
whose guest left is free for anyone with the code.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from game import __version__
from game.core.match import Match, Refused
from game.core.record import RecordError, make_record, record_text, save_record
from game.net.codec import StateCodec
from game.net.protocol import (GUEST_TRANSPORT_MAX, PROTOCOL, REMATCH_WAIT, ProtocolError, dumps, news,
                               parse_guest, refusal, seat_view)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed without doubt
CODE_LENGTH = 6
JOIN_TIMEOUT = 10.0       # a new connection's join must come within this many seconds
FINAL_WAIT = 15.0         # after the end, how long a guest lost at the last moment may come back for the final
FINAL_GRACE = 3.0         # after the end, how long a connected guest has to close cleanly (its final taken)
SEND_TIMEOUT = 20.0       # a guest that does not take a message in this long is dropped
MAX_REFUSED = 50          # refused messages one connection may send before it is closed
UNDO_POLICIES = ("refuse", "allow", "ask")

_quiet = logging.getLogger("anthology.net")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class HostResult:
    status: str                     # "over" | "no_guests" | "abandoned" | "stopped"
    decisions: int = 0
    winners: list = field(default_factory=list)
    sheets: list = field(default_factory=list)
    record: Path | None = None
    save_error: str | None = None
    missing: list = field(default_factory=list)   # seats that never joined or were lost (not "over")


class _Saver:
    """Writes the newest record off the event loop (a write with its fsyncs takes ~10-20 ms): never
    behind by more than the write in flight, a newer record replacing one still waiting."""

    def __init__(self, path: Path, say: Callable[[str], None]):
        self.path, self.say = path, say
        self.error: str | None = None
        self._cond = threading.Condition()
        self._next = None
        self._busy = False

    def save(self, rec) -> None:
        """Write ``rec``: a Record, or a function that makes it (called in the writer's thread, so the
        event loop never builds a record a newer one replaces before it is written)."""
        with self._cond:
            self._next = rec
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._cond:
                rec, self._next = self._next, None
                if rec is None:
                    self._busy = False
                    self._cond.notify_all()
                    return
            try:
                save_record(self.path, rec() if callable(rec) else rec)
            except Exception as e:      # a full disk, a record the loader would refuse: told, the game goes on
                why = str(getattr(e, "strerror", None) or e)
                if self.error is None:
                    self.say(f"could not save the record ({why}); the game goes on")
                self.error = why

    def flush(self, timeout: float = 30.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)


class _Peer:
    """One guest's connection and its seats: its messages go out in the order they were made (a
    writer task). ``view_seat`` is the seat whose views it gets now (its current seat)."""

    def __init__(self, ws, seats: list[int]):
        self.ws, self.seats = ws, list(seats)
        self.seat = self.seats[0]
        self.view_seat = self.seat
        self.queue: asyncio.Queue = asyncio.Queue()
        self.sent_log = 0      # events of the log (of ``view_seat``'s observation) this guest holds
        self.final_put = False   # the final view (with the record) is on its way to this guest
        self.task = asyncio.ensure_future(self._write())

    def put(self, msg: dict) -> None:
        self.queue.put_nowait(dumps(msg))

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.queue.put_nowait((code, reason))

    async def _write(self):
        while True:
            item = await self.queue.get()
            try:
                if isinstance(item, tuple):
                    await asyncio.wait_for(self.ws.close(*item), SEND_TIMEOUT)
                    return
                await asyncio.wait_for(self.ws.send(item), SEND_TIMEOUT)
            except (ConnectionClosed, OSError, asyncio.TimeoutError):
                transport = getattr(self.ws, "transport", None)
                if transport is not None:
                    transport.abort()     # a guest that does not read is cut off, not waited for
                return

    async def drained(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self.task.cancel()


class Host:
    """Runs one game for ``seats`` (Seat objects; a network seat is a "human" seat listed in
    ``net``). ``say(line)`` receives plain English lines for the console (developers'); ``code``
    None makes a fresh join code; ``record_path`` receives the record after every decision.
    ``local`` lists the "human" seats played at the host's own screen (the host's window): their
    decisions come through ``act_local`` (called in the host's event loop), bounded by ``turn_wait``.

    ``states`` continues a saved game (a hosted game's save, its network seats marked in the record):
    the table opens again with a new code, and a guest joins a free network seat by its name (a
    join without one is refused with the free seats' names, "pick_seat"). ``finish(path)`` is
    called with the record's path once a game that ended is saved (the window moves it to the
    finished games). ``news`` keeps what happened to the network seats (the messages the guests
    get: a seat lost, back, given to an AI) for the host's own table to tell."""

    def __init__(self, rules, seats, net: list[int], seed: int, options: dict | None = None, *,
                 make_bot: Callable | None = None, code: str | None = None, record_path: Path | str | None = None,
                 bind: str = "127.0.0.1", port: int = 0, join_wait: float = 120.0, lost_wait: float = 60.0,
                 turn_wait: float = 600.0, lost_ai: str | None = None, say: Callable[[str], None] | None = None,
                 local: list[int] = (), states: list | None = None, finish: Callable[[Path], object] | None = None,
                 undo: str = "refuse", rematch: bool = False, rematch_wait: float = REMATCH_WAIT):
        if undo not in UNDO_POLICIES:
            raise ValueError(f"undo: one of {', '.join(UNDO_POLICIES)}, not {undo!r}")
        self.rules = rules
        self.net = sorted(set(net))
        self.local = sorted(set(local) - set(self.net))
        for p in self.local:
            if not 0 <= p < len(seats) or seats[p].kind != "human":
                raise ValueError(f"seat {p + 1} cannot be a seat at the host's screen")
        for p in self.net:
            if not 0 <= p < len(seats) or seats[p].kind != "human":
                raise ValueError(f"seat {p + 1} cannot be a network seat")
        self.record_path = Path(record_path) if record_path is not None else None
        self.saver = _Saver(self.record_path, say or (lambda line: None)) if self.record_path is not None else None
        if make_bot is None:
            from game.ai.bots import make_bot as level_bot

            def make_bot(kind, rules_, seed_, seat):   # untimed: a seed plays the same on any machine
                return level_bot(kind, rules_, seed_, timed=False)
        self.make_bot = make_bot
        self.match = Match(rules, seats, seed, options or {}, make_bot=make_bot, autosave=self._autosave,
                           states=states, net=self.net)
        self.resumed = states is not None
        self.finish = finish
        self.news: deque = deque(maxlen=200)     # news of the network seats, for the host's own table
        missing_bots = [i for i, st in enumerate(self.match.table_seats)
                        if st.kind not in ("human", "imaginary") and i not in self.match.bots]
        if missing_bots or [i for i, st in enumerate(self.match.table_seats)
                            if st.kind == "human" and i not in self.net and i not in self.local]:
            raise ValueError("every seat must be a network seat or an AI of the host (no one is at this screen)")
        # the public reference game: what host and guest alike deal from the seats and options alone
        self.codec = StateCodec(rules.new_game(list(seats), 0, self.match.options))
        self.code = code or new_code()
        self.bind, self.port = bind, port
        self.join_wait, self.lost_wait, self.turn_wait, self.lost_ai = join_wait, lost_wait, turn_wait, lost_ai
        self.say = say or (lambda line: None)
        self.tokens: dict[int, str] = {}
        self.peers: dict[int, _Peer] = {}
        self.lost_since: dict[int, float] = {}
        self.started = False
        self.finished = False
        self.stopping = False
        self.changed: asyncio.Event | None = None
        self.address: str | None = None
        self.refused_total = 0
        self.got_final: set[int] = set()    # network seats whose guest closed cleanly after its final view
        self.undo_policy = undo
        self.undo_asks: dict[int, tuple[int, int]] = {}   # seat -> (decisions, steps): waits for the host's player
        self.undo_denied: dict[int, int] = {}     # seat -> the decision its request was refused at
        self.undos = 0                            # decisions taken back so far (a table following sees them go)
        self.rematch, self.rematch_wait = rematch, rematch_wait
        self.games = 1                            # games at this table, this one counted
        self._next: tuple | None = None           # (match, record path) of the next game, once asked for

    # ---------------------------------------------------------------- the record
    def _autosave(self, match: Match) -> None:
        if self.saver is not None:
            m, state = match, match.state      # states are never changed once made: safe in another thread
            self.saver.save(lambda: make_record(m.rules, state, m.seats, m.seed, m.options, m.net))

    # ---------------------------------------------------------------- running
    async def run(self, ready: Callable[[str, str], None] | None = None) -> HostResult:
        """Serve until the game ends (or cannot go on); ``ready(address, code)`` once listening."""
        self.changed = asyncio.Event()
        async with serve(self._connection, self.bind, self.port, max_size=GUEST_TRANSPORT_MAX,
                         compression=None, open_timeout=JOIN_TIMEOUT, ping_interval=20, ping_timeout=20,
                         close_timeout=5, max_queue=16, logger=_quiet) as server:
            port = server.sockets[0].getsockname()[1]
            host = self.bind if ":" not in self.bind else f"[{self.bind}]"
            self.address = f"ws://{host}:{port}"
            if ready is not None:
                ready(self.address, self.code)
            result = None
            try:
                while True:
                    result = await self._game()
                    await self._game_saved(result)
                    if not (self.rematch and result.status == "over" and await self._await_again()):
                        break
            finally:
                self.finished = True
                if self.saver is not None:        # the last decision is on disk before the table closes
                    await asyncio.to_thread(self.saver.flush)
                for peer in self._connections():
                    peer.close(1000, "game over" if self.match.over() else "the host stopped")
                for peer in self._connections():
                    await peer.drained(SEND_TIMEOUT)
                server.close()
        return result

    async def _game_saved(self, result: HostResult) -> None:
        """A game has ended (or stopped): its record on disk, a finished one handed to ``finish``."""
        if self.saver is None:
            return
        await asyncio.to_thread(self.saver.flush)
        result.save_error = self.saver.error
        if self.finish is not None and self.match.over() and self.saver.error is None:
            self.finish(self.record_path)

    def _connections(self) -> list[_Peer]:
        """Every connected guest once (a guest holding several seats is under each of them in ``peers``)."""
        return list({id(peer): peer for peer in self.peers.values()}.values())

    # ---------------------------------------------------------------- another game at this table
    def next_match(self, seed: int) -> Match:
        """The next game at this table: the same seats and options, the deal ``seed`` (pure: callable
        from any thread; ``again`` starts it)."""
        return Match(self.rules, self.match.seats, seed, self.match.options, make_bot=self.make_bot,
                     autosave=self._autosave, net=self.net)

    def again(self, match: Match, record_path: Path | str | None = None) -> None:
        """Start ``match`` (from ``next_match``) once this game is over (call it in the host's loop)."""
        if not self.rematch or self.finished:
            raise Refused("over", "this table plays no other game")
        self._next = (match, Path(record_path) if record_path is not None else None)
        if self.changed is not None:
            self.changed.set()

    async def _await_again(self) -> bool:
        """After a game of a rematch table: until the host starts the next one (True), stops or lets
        ``rematch_wait`` pass (False). The guests stay connected; one lost meanwhile may come back."""
        deadline = time.monotonic() + self.rematch_wait
        while self._next is None:
            if self.stopping:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                self.say(f"no other game started in {self.rematch_wait:g} s: the table closes")
                return False
            await self._wait_change(left)
        match, path = self._next
        self._next = None
        self.match, self.record_path = match, path
        self.saver = _Saver(path, self.say) if path is not None else None
        self.resumed, self.started = False, False
        self.games += 1
        self.got_final.clear()
        self.lost_since.clear()
        self.undo_asks.clear()
        self.undo_denied.clear()
        # the seats whose guests stayed keep them; a seat whose guest left is free for anyone with the code
        self.tokens = {p: t for p, t in self.tokens.items() if p in self.peers}
        for peer in self._connections():
            peer.sent_log, peer.final_put, peer.view_seat = 0, False, peer.seat
            peer.put(self._welcome(peer, again=True))
        self.say("another game at this table: waiting for every seat")
        self.changed.set()
        return True

    def stop(self) -> None:
        """End the game where it stands (the record kept): ``run`` returns "stopped" at once."""
        self.stopping = True
        if self.changed is not None:
            self.changed.set()

    async def _game(self) -> HostResult:
        if not await self._await_guests():
            if self.stopping:
                return self._result("stopped")
            missing = [p for p in self.net if p not in self.tokens]
            return self._result("no_guests", missing)
        self.started = True
        self._autosave(self.match)
        self.say("every seat is taken: the game goes on" if self.resumed else "every seat is taken: the game starts")
        self._broadcast()
        while not self.match.over():
            if self.stopping:
                for peer in self._connections():
                    peer.put(news("stopped"))
                return self._result("stopped")
            p = self.match.to_move()
            if self.match.is_ai(p):
                at = self.match.decisions
                action = await asyncio.to_thread(self.match.ai_move, p)
                if self.match.decisions == at and not self.match.over():
                    self.match.submit(action, p)
                    self._broadcast()
                continue
            if p in self.local and not self.match.is_ai(p):
                if not await self._await_local(p):
                    return self._result("stopped" if self.stopping else "abandoned", [p])
                continue
            if not await self._await_move(p):
                return self._result("stopped" if self.stopping else "abandoned", [p])
        if not self.rematch:              # a rematch table's guests stay on: none to wait for
            await self._await_final()
        return self._result("over")       # the final view went out with the last decision

    async def _await_final(self) -> None:
        """The game is over: a guest that had its final view closes its connection cleanly (its
        receipt). A connection that dropped any other way may have lost the final on its way (a send
        succeeds before the host hears of the drop): its seat may come back with its token for the
        final view and the record, a bounded while (``FINAL_WAIT``, at most ``lost_wait``). A guest
        still connected is given ``FINAL_GRACE`` to close (or to be found gone)."""
        now = time.monotonic()
        lost_deadline = now + min(FINAL_WAIT, self.lost_wait)
        grace_deadline = now + min(FINAL_GRACE, self.lost_wait)
        while not self.stopping:
            now = time.monotonic()
            waiting = [p for p in self.net if p not in self.got_final and not self.match.is_ai(p)]
            left = [(grace_deadline if p in self.peers else lost_deadline) - now for p in waiting]
            left = [t for t in left if t > 0]
            if not left:
                return
            await self._wait_change(min(left))

    def _result(self, status: str, missing: list | None = None) -> HostResult:
        m = self.match
        over = m.over()
        return HostResult(status=status, decisions=m.decisions, winners=m.winners(),
                          sheets=[sh.to_record() for sh in m.rules.score_sheets(m.state)] if over else [],
                          record=self.record_path, missing=list(missing or []))

    async def _wait_change(self, seconds: float) -> None:
        self.changed.clear()
        try:
            await asyncio.wait_for(self.changed.wait(), max(0.01, min(seconds, 1.0)))
        except asyncio.TimeoutError:
            pass

    async def _await_guests(self) -> bool:
        """Until every network seat has joined (bounded by ``join_wait``); a seat still empty then is
        given to the lost-seat AI when there is one, else the game does not start."""
        deadline = time.monotonic() + self.join_wait
        while True:
            missing = [p for p in self.net if p not in self.tokens]
            if not missing:
                return True
            if self.stopping:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                if self.lost_ai is None:
                    return False
                for p in missing:
                    self._to_ai(p, "never joined")
                return True
            await self._wait_change(left)

    async def _await_move(self, p: int) -> bool:
        """Until network seat ``p`` has moved. Lost longer than ``lost_wait``, or silent on its turn
        longer than ``turn_wait``: given to the lost-seat AI, or False (the game stops)."""
        at = self.match.decisions
        turn_deadline = time.monotonic() + self.turn_wait
        while self.match.decisions == at and not self.match.over() and not self.match.is_ai(p):
            if self.stopping:
                return False
            now = time.monotonic()
            if p in self.peers:
                left = turn_deadline - now
                why = f"did not move in {self.turn_wait:g} s"
            else:
                left = self.lost_since.setdefault(p, now) + self.lost_wait - now
                why = f"was away for {self.lost_wait:g} s"
            if left <= 0:
                if self.lost_ai is None:
                    self.say(f"seat {p + 1} {why}: the game stops here (its record is kept)")
                    self._tell(news("stopped", seat=p))
                    for peer in self._connections():
                        peer.put(news("stopped", seat=p))
                    return False
                self._to_ai(p, why)
                return True
            await self._wait_change(left)
        return True

    async def _await_local(self, p: int) -> bool:
        """Until the person at the host's screen has moved for seat ``p`` (bounded by ``turn_wait``)."""
        at = self.match.decisions
        deadline = time.monotonic() + self.turn_wait
        while self.match.decisions == at and not self.match.over():
            if self.stopping:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                self.say(f"seat {p + 1} (at the host's screen) did not move in {self.turn_wait:g} s: the game stops")
                self._tell(news("stopped", seat=p))
                for peer in self._connections():
                    peer.put(news("stopped", seat=p))
                return False
            await self._wait_change(left)
        return True

    def act_local(self, seat: int, action) -> None:
        """A decision of a seat played at the host's screen (call it in the host's event loop):
        ``Refused`` unless the game has started, ``seat`` is a local seat and it is its turn."""
        if seat not in self.local:
            raise Refused("turn", f"seat {seat} is not played at this screen")
        if not self.started or self.stopping or self.finished:
            raise Refused("turn", "the game is not under way")
        self.match.submit(action, seat)
        self._broadcast()

    def _to_ai(self, p: int, why: str) -> None:
        self.match.give_to_ai(p, self.lost_ai)
        self.say(f"seat {p + 1} {why}: an AI ({self.lost_ai}) plays it from now on")
        self.undo_asks.pop(p, None)
        self._tell(news("seat_to_ai", seat=p, level=self.lost_ai))
        for peer in self._connections():
            peer.put(news("seat_to_ai", seat=p, level=self.lost_ai))

    def _tell(self, msg: dict) -> None:
        """Keep news for the host's own table (read by the window's thread: a deque is enough)."""
        self.news.append(msg)

    # ---------------------------------------------------------------- views
    def _view(self, peer: _Peer) -> None:
        """The view of the peer's current seat: the one of its seats to move, else the one that was
        (a change of seat sends that seat's whole log: a view never mixes two seats' observations)."""
        m = self.match
        to_move = m.to_move()
        seat = to_move if to_move in peer.seats else peer.view_seat
        if seat != peer.view_seat:
            peer.view_seat, peer.sent_log = seat, 0
        msg = seat_view(self.rules, self.codec, m.state, seat, m.decisions, peer.sent_log)
        peer.sent_log += len(msg["events"])
        if msg["over"]:
            # the game is over: its record is public now (the seed with it), for every guest to keep;
            # never before the end (the seed would tell what is still hidden)
            msg["record"] = record_text(self.match.record())      # the file's own text
            peer.final_put = True
        peer.put(msg)

    def _broadcast(self) -> None:
        for p in [p for p, (at, _steps) in self.undo_asks.items() if at != self.match.decisions]:
            del self.undo_asks[p]         # the table moved on: that request is void
        if self.started:
            for peer in self._connections():
                self._view(peer)
        self.changed.set()

    # ---------------------------------------------------------------- one connection
    async def _connection(self, ws) -> None:
        peer = None
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), JOIN_TIMEOUT)
            except asyncio.TimeoutError:
                await self._refuse_and_close(ws, "join_timeout")
                return
            try:
                msg = parse_guest(raw)
                if msg["type"] != "join":
                    raise ProtocolError("join_first")
                seats = self._seats_for(msg)
            except ProtocolError as e:
                self.refused_total += 1
                await self._refuse_and_close(ws, e.code, str(e), **e.extra)
                return
            peer = self._seat_peer(ws, seats, msg)
            refused = 0
            async for raw in ws:
                try:
                    msg = parse_guest(raw)
                    if msg["type"] == "undo":
                        self._ask_undo(peer, msg)
                    else:
                        self._act(peer, msg)
                except ProtocolError as e:
                    refused += 1
                    self.refused_total += 1
                    peer.put(refusal(e.code, str(e)))
                    if refused >= MAX_REFUSED:
                        peer.put(refusal("too_many"))
                        peer.close(1008, "too many refused messages")
                        break
        except ConnectionClosed:
            pass
        finally:
            if peer is not None:
                await self._gone(peer)

    async def _refuse_and_close(self, ws, code: str, detail: str = "", **extra) -> None:
        try:
            await asyncio.wait_for(ws.send(dumps(refusal(code, detail, **extra))), SEND_TIMEOUT)
            await asyncio.wait_for(ws.close(1008, code), SEND_TIMEOUT)
        except (ConnectionClosed, OSError, asyncio.TimeoutError):
            pass

    def _seats_for(self, msg: dict) -> list[int]:
        """The seats a join asks for (ProtocolError if the code, the versions or the seats are wrong):
        back to all the seats of its token, one seat by number or name, or ``count`` free seats."""
        if not hmac.compare_digest(msg["code"].strip().upper().encode(), self.code.encode()):
            raise ProtocolError("bad_code")
        if msg["protocol"] != PROTOCOL:
            raise ProtocolError("protocol", f"the host speaks protocol {PROTOCOL}, the guest {msg['protocol']}")
        if msg["version"] != __version__:
            raise ProtocolError("version", f"the host runs version {__version__}, the guest {msg['version'][:40]}")
        if self.finished:
            raise ProtocolError("over")
        seat, token = msg.get("seat"), msg.get("token")
        if token is not None:
            if seat is None or seat not in self.tokens or not hmac.compare_digest(
                    token.encode(), self.tokens[seat].encode()):
                raise ProtocolError("bad_token")
            return [p for p in self.net if self.tokens.get(p) == self.tokens[seat]]
        free = [p for p in self.net if p not in self.tokens and not self.match.is_ai(p)]
        name = msg.get("name")
        if seat is None and name is not None:
            wanted = " ".join(name.split()).casefold()
            named = [p for p in self.net if " ".join(self.match.seats[p].name.split()).casefold() == wanted]
            if named:
                seat = named[0]
        if seat is not None:
            if seat not in self.net:
                raise ProtocolError("not_network_seat")
            if seat in self.tokens or self.match.is_ai(seat):
                raise ProtocolError("seat_taken")
            return [seat]
        if not free:
            raise ProtocolError("full")
        if self.resumed:      # a game that goes on: each player back to their own seat
            raise ProtocolError("pick_seat", seats=[{"seat": p, "name": self.match.seats[p].name} for p in free])
        count = msg.get("count", 1)
        if count > len(free):
            raise ProtocolError("too_few", f"{len(free)} network seat(s) free, the guest asks for {count}")
        return free[:count]

    def _welcome(self, peer: _Peer, again: bool = False) -> dict:
        m = self.match
        return {"type": "welcome", "seat": peer.seat, "token": self.tokens[peer.seat], "game": self.rules.id,
                "seats": [st.to_record() for st in m.seats], "options": dict(m.options),
                "version": __version__, "protocol": PROTOCOL, "started": self.started,
                "mine": list(peer.seats), "rematch": self.rematch, "again": again}

    def _seat_peer(self, ws, seats: list[int], msg: dict) -> _Peer:
        back = "token" in msg
        token = self.tokens[seats[0]] if back else secrets.token_urlsafe(24)
        olds = {}
        for p in seats:
            self.tokens[p] = token
            if p in self.peers:
                olds[id(self.peers[p])] = self.peers[p]
        peer = _Peer(ws, seats)
        for p in seats:
            self.peers[p] = peer
            self.lost_since.pop(p, None)
        for old in olds.values():
            old.close(1000, "the seat joined again from another connection")
        peer.put(self._welcome(peer))
        for seat in seats:
            self.say(f"seat {seat + 1} {'is back' if back else 'joined'}")
            if back:
                self._tell(news("seat_back", seat=seat))
                for other in self._connections():
                    if other is not peer:
                        other.put(news("seat_back", seat=seat))
        if self.started:
            self._view(peer)
        self.changed.set()
        return peer

    async def _gone(self, peer: _Peer) -> None:
        if peer.final_put and getattr(peer.ws, "close_code", None) == 1000:
            self.got_final.update(peer.seats)   # the guest closed cleanly after its final: it has it
        lost = [p for p in peer.seats if self.peers.get(p) is peer]
        for seat in lost:
            del self.peers[seat]
            self.undo_asks.pop(seat, None)
            if not self.finished:
                self.lost_since[seat] = time.monotonic()
                self.say(f"seat {seat + 1} lost its connection")
                self._tell(news("seat_lost", seat=seat))
                for other in self._connections():
                    other.put(news("seat_lost", seat=seat))
        if lost:
            self.changed.set()
        peer.close()
        await peer.drained(2.0)

    def _check_playing(self) -> None:
        """Refuse (ProtocolError) a move or an undo unless the game is under way."""
        if self.match.over():
            raise ProtocolError("over")
        if self.stopping or self.finished:
            raise ProtocolError("stopped")
        if not self.started:
            raise ProtocolError("turn", "the game has not started: it starts when every seat has joined")

    def _act(self, peer: _Peer, msg: dict) -> None:
        """A network seat's decision: taken if it is the turn of one of the connection's seats, made on
        the table as the guest last saw it, and one of the host's own legal actions (index and repr agree)."""
        if msg["type"] == "join":
            raise ProtocolError("already_joined")
        m = self.match
        self._check_playing()
        seat = m.to_move()
        if seat not in peer.seats:
            if any(m.is_ai(p) for p in peer.seats):
                raise ProtocolError("turn", "an AI plays this seat now")
            raise ProtocolError("turn")
        if m.is_ai(seat):
            raise ProtocolError("turn", "an AI plays this seat now")
        if msg["at"] != m.decisions:
            raise ProtocolError("stale")
        legal = m.legal_actions()
        i = msg["index"]
        if i >= len(legal) or repr(legal[i]) != msg["repr"]:
            raise ProtocolError("illegal")
        try:
            m.submit(legal[i], seat)
        except Refused as e:
            raise ProtocolError(e.code if e.code in ("over", "turn", "illegal") else "illegal") from None
        self._broadcast()

    # ---------------------------------------------------------------- undo
    def _ask_undo(self, peer: _Peer, msg: dict) -> None:
        """A guest asks to take back the last decision(s) of its seat to move: checked step by step
        (core/undo.py through the match), then answered by the host's policy."""
        m = self.match
        self._check_playing()
        seat = m.to_move()
        if seat not in peer.seats or m.is_ai(seat):
            raise ProtocolError("no_undo")
        if msg["at"] != m.decisions:
            raise ProtocolError("stale")
        steps = msg.get("steps", 1)
        if not m.can_take_back(steps, lambda q: q == seat):
            raise ProtocolError("no_undo")
        if seat in self.undo_asks:
            raise ProtocolError("undo_pending")
        if self.undo_denied.get(seat) == m.decisions:
            raise ProtocolError("undo_refused")
        if self.undo_policy == "allow":
            self.say(f"seat {seat + 1} asked to take back a move: allowed")
            self._take_back(seat, steps)
        elif self.undo_policy == "refuse":
            self.undo_denied[seat] = m.decisions
            self.say(f"seat {seat + 1} asked to take back a move: refused")
            raise ProtocolError("undo_refused")
        else:
            self.undo_asks[seat] = (m.decisions, steps)
            self.say(f"seat {seat + 1} asks to take back a move")
            self.changed.set()

    def answer_undo(self, seat: int, allow: bool) -> None:
        """The host's player answers ``seat``'s request (call it in the host's event loop). A request
        the table has moved past since is void (the guest moved on, or was lost)."""
        ask = self.undo_asks.pop(seat, None)
        if ask is None or ask[0] != self.match.decisions or self.stopping or self.finished:
            return
        if allow and self._take_back(seat, ask[1]):
            self.say(f"seat {seat + 1}'s move was taken back (the host allowed it)")
            return
        self.undo_denied[seat] = ask[0]
        peer = self.peers.get(seat)
        if peer is not None:
            peer.put(refusal("undo_refused"))
        self.changed.set()

    def undo_local(self, seat: int, steps: int = 1) -> None:
        """Take back a decision of a seat played at the host's screen (in the host's event loop):
        ``Refused`` unless it is that seat's own move this turn and nothing was revealed."""
        if seat not in self.local or not self.started or self.stopping or self.finished:
            raise Refused("turn", f"seat {seat} is not played at this screen")
        if self.match.to_move() != seat or not self._take_back(seat, steps):
            raise Refused("no_undo", "nothing of this seat's to take back")

    def _take_back(self, seat: int, steps: int) -> bool:
        if not self.match.take_back(steps, lambda q: q == seat):
            return False
        self.undos += 1
        self.undo_denied.pop(seat, None)
        self.undo_asks.pop(seat, None)
        for peer in self._connections():
            peer.sent_log = 0                 # the log is shorter now: every guest gets it whole again
        self._broadcast()
        self._tell(news("undo_done", seat=seat))
        for peer in self._connections():
            peer.put(news("undo_done", seat=seat))
        return True
