"""A guest: joins a host, keeps the latest view of its seat, and (headless) plays it by an AI level.

The guest rebuilds its seat's observation from the host's views (codec.py) and its bot chooses on
that observation alone, as every bot does; the move goes back as the index and repr of one of the
legal actions the host listed. A connection that drops before the game's end is joined again with
the seat's token (a bounded number of times, with pauses); a refused join (a wrong code, another
version) ends the guest with ``GuestError`` in plain words.

A guest may hold several seats (``count``: people sharing one screen; headless, one bot each); it
then gets the views of its current seat only (see host.py), and ``seat`` is its first seat. It may
ask to take back its seat's last move (``undo_message``); the host answers. At a table that may play
again (the welcome's ``rematch``), a guest that ``stays`` keeps its connection after the end and
follows the host into the next game (``games`` counts them).
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Callable

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import __version__
from game.core.match import bot_seed
from game.core.rules import Seat, log_of
from game.net.codec import CodecError, StateCodec
from game.net.protocol import (HOST_MAX_BYTES, PROTOCOL, REMATCH_WAIT, ProtocolError, check_host, dumps,
                               free_seats)

FATAL = ("bad_code", "protocol", "version", "bad_token", "seat_taken", "not_network_seat", "full",
         "join_first", "join_timeout", "too_many", "pick_seat", "too_few")
RETRY_PAUSES = (0.2, 0.5, 1.0, 2.0, 4.0)      # seconds before each new try to reach the host


class GuestError(Exception):
    """The guest cannot go on (plain words)."""


@dataclass
class GuestResult:
    seat: int
    over: bool
    winners: list = field(default_factory=list)
    sheets: list = field(default_factory=list)
    seats: list = field(default_factory=list)
    moves: int = 0                 # decisions this guest sent
    refused: list = field(default_factory=list)   # codes of the refusals received
    reconnects: int = 0
    record: object = None          # the finished game's record (a core.record.Record) the host sent
    mine: list = field(default_factory=list)      # every seat this guest played


class Guest:
    """Plays one network seat of the host at ``address`` (``ws://host:port``).

    ``level`` the AI level that plays the seat (None: the guest only watches, e.g. a test's
    puppet); ``ai_seed`` the bot's seed (by default one made from the seat alone: the guest never
    knows the game's seed); ``seat``/``token`` ask for a seat (back to it, with its token), ``name``
    the network seat of that name (how a guest takes its seat again at a table resumed from a save;
    a table that asks for a name and got none ends the guest with the free seats in ``choices``).
    ``on_message(msg)`` sees every message received, ``say(line)`` gets plain lines for a console.
    ``idle_timeout`` bounds every wait for the host. ``count`` asks for that many free seats (people
    at one screen; with ``ai_seed`` the first seat's bot seed, the others' follow as ``bot_seed`` does).
    ``stays``: after the end, keep the connection while the host may start another game."""

    def __init__(self, address: str, code: str, *, level: str | None = "medium", ai_seed: int | None = None,
                 seat: int | None = None, token: str | None = None, name: str | None = None,
                 make_bot: Callable | None = None,
                 on_message: Callable[[dict], None] | None = None, say: Callable[[str], None] | None = None,
                 idle_timeout: float = 600.0, open_timeout: float = 10.0, retries: int = len(RETRY_PAUSES),
                 count: int = 1, stays: bool = False):
        self.address, self.code, self.level, self.ai_seed = address, code, level, ai_seed
        self.count, self.stays = count, stays
        self.mine: list[int] = []       # the guest's seats, as the host's welcome gave them
        self.bots: dict = {}            # seat -> its bot (headless)
        self.rematch = False            # the host may start another game at this table after this one
        self.games = 0                  # games at this table this guest has been welcomed to
        self.seat, self.token, self.name = seat, token, name
        self.choices: list[tuple[int, str]] = []   # (seat, name) a resumed table offered
        self._make_bot = make_bot
        self.on_message = on_message
        self.say = say or (lambda line: None)
        self.idle_timeout, self.open_timeout, self.retries = idle_timeout, open_timeout, retries
        self.rules = self.codec = None
        self.seats: list[Seat] = []
        self.options: dict = {}   # the game's options, as the host's welcome gave them
        self.log = None
        self.view = None          # the latest observation of the seat (a state of the game)
        self.last: dict | None = None   # the latest view message
        self.result: GuestResult | None = None
        self.moves = 0
        self.refused: list[str] = []
        self.reconnects = 0
        self.record = None        # the finished game's record, checked (the host sends it at the end)
        self.record_states: list | None = None   # that record replayed: every state of the game
        self.sent_at: set[int] = set()   # the decisions (``at``) this guest sent a move on

    # ---------------------------------------------------------------- running
    async def run(self) -> GuestResult:
        tries = 0
        while True:
            try:
                async with connect(self.address, open_timeout=self.open_timeout, max_size=HOST_MAX_BYTES,
                                   compression=None, close_timeout=5, proxy=None, ping_interval=20,
                                   ping_timeout=20) as ws:
                    tries = 0
                    done = await self._session(ws)
                    if done:
                        return self._final()
            except GuestError:
                raise
            except InvalidURI:
                raise GuestError(f"{self.address} is not a websocket address (ws://HOST:PORT)") from None
            except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError, EOFError) as e:
                if self.result is not None:
                    return self._final()
                rcvd = getattr(e, "rcvd", None)
                if rcvd is not None and rcvd.code in (1000, 1008):   # the host closed on purpose: no retry
                    raise GuestError(f"the host closed the connection ({rcvd.reason or rcvd.code})") from None
                if self.token is None and self.seat is None or tries >= self.retries:
                    raise GuestError(f"cannot reach the host at {self.address} ({_why(e)})") from None
            await asyncio.sleep(RETRY_PAUSES[min(tries, len(RETRY_PAUSES) - 1)])
            tries += 1
            self.reconnects += 1
            self.say(f"connection lost: joining seat {self.seat + 1} again" if self.seat is not None
                     else "connection lost: joining again")

    def _final(self) -> GuestResult:
        r = self.result
        r.moves, r.refused, r.reconnects = self.moves, list(self.refused), self.reconnects
        r.record = self.record
        r.mine = list(self.mine)
        return r

    async def _session(self, ws) -> bool:
        """One connection: join, then follow the views; True when the game is over."""
        join = {"type": "join", "code": self.code, "protocol": PROTOCOL, "version": __version__}
        if self.seat is not None:
            join["seat"] = self.seat
        if self.token is not None:
            join["token"] = self.token
        if self.name is not None and self.seat is None:
            join["name"] = self.name
        if self.count > 1 and self.seat is None and self.name is None:
            join["count"] = self.count
        await ws.send(dumps(join))
        self.log = None           # a (re)joined guest gets the whole log again
        while True:
            waiting = self.result is not None and self.stays and self.rematch    # for the host's next game
            raw = await asyncio.wait_for(ws.recv(), max(self.idle_timeout, REMATCH_WAIT) if waiting
                                         else self.idle_timeout)
            try:
                msg = check_host(json.loads(raw) if isinstance(raw, str) else None)
            except (ValueError, RecursionError, ProtocolError) as e:
                raise GuestError(f"the host sent a message this guest cannot read ({e})") from None
            if self.on_message is not None:
                self.on_message(msg)
            kind = msg["type"]
            if kind == "welcome":
                self._welcome(msg)
            elif kind == "refused":
                self.refused.append(msg["code"])
                if msg["code"] == "pick_seat":
                    self.choices = free_seats(msg)
                    names = ", ".join(n for _p, n in self.choices) or "none"
                    raise GuestError(f"the host refused: {msg['text']} (free seats: {names})")
                if msg["code"] in FATAL:
                    raise GuestError(f"the host refused: {msg['text']}")
                self.say(f"refused: {msg['text']}")
            elif kind == "info":
                self.say(f"news: {msg['text']}")
            elif kind == "view":
                if self.rules is None:
                    raise GuestError("the host sent a table before welcoming this guest")
                action = self._take_view(msg)
                if msg["over"] and not (self.stays and self.rematch):
                    return True
                if action is not None:
                    await self._play(ws, msg)

    def _welcome(self, msg: dict) -> None:
        from game import games as registry
        game = msg["game"]
        if game not in registry.available_games():
            raise GuestError(f"the host plays a game this version does not have ({game[:40]})")
        again = msg.get("again") is True
        if self.seat is not None and msg["seat"] != self.seat and not again:
            raise GuestError("the host gave another seat than the one asked for")
        try:
            seats = [Seat(str(st["name"]), str(st["color"]), str(st["kind"])) for st in msg["seats"]]
            rules = registry.get_rules(game)
            reference = rules.new_game(list(seats), 0, dict(msg["options"]))
        except Exception as e:   # a malformed welcome: the guest stops with words, never a traceback
            raise GuestError(f"the host's seats or options do not set up the game ({type(e).__name__})") from None
        mine = list(msg.get("mine", [msg["seat"]]))
        if self.mine and sorted(mine) != sorted(self.mine) and not again:
            raise GuestError("the host gave other seats than this guest's")
        self.seat, self.token, self.mine = msg["seat"], msg["token"], mine
        self.rematch = msg.get("rematch") is True
        if again or self.rules is None:
            self.games += 1
            self._new_game()
        if self.rules is None:
            self.rules, self.seats, self.options = rules, seats, dict(msg["options"])
            self.codec = StateCodec(reference)
        if self.level is not None:
            self.bots = {p: self.bots.get(p) or self._bot(rules, p) for p in self.mine}
        if again:
            self.say("the host starts another game at this table")
        else:
            self.say(f"joined seat{'s' if len(mine) > 1 else ''} {', '.join(str(p + 1) for p in mine)} of {len(seats)}")

    def _new_game(self) -> None:
        """Forget the game before (the host starts another at this table with the same seats)."""
        self.log = self.view = self.last = self.result = self.record = self.record_states = None
        self.sent_at = set()
        self.bots = {}

    @property
    def bot(self):
        """The bot of the first seat (a guest of one seat has that one)."""
        return self.bots.get(self.seat)

    def _bot(self, rules, seat: int):
        if self.ai_seed is not None:     # the first seat's; the others' as bot_seed spaces seats
            seed = self.ai_seed + (seat - self.mine[0]) * 7919
        else:
            seed = bot_seed(0, seat)
        if self._make_bot is not None:
            return self._make_bot(self.level, rules, seed, seat)
        from game.ai.bots import make_bot
        return make_bot(self.level, rules, seed, timed=False)

    def _take_view(self, msg: dict):
        """Keep the view: its events appended to the log, the observed state rebuilt. Returns True
        when the seat is to decide on it."""
        if msg["seat"] not in self.mine:
            raise GuestError("the host sent the table as another seat sees it")
        try:
            events = [self.codec.decode(ev) for ev in msg["events"]]
            if msg["log_from"] == 0:
                self.log = log_of(events)
            elif self.log is not None and msg["log_from"] == len(self.log):
                for ev in events:
                    self.log = self.log.add(ev)
            else:
                raise GuestError("the host's events do not follow the ones this guest holds")
            self.view = self.codec.decode_state(msg["state"], self.log)
        except CodecError as e:
            raise GuestError(f"the host's table does not decode ({e})") from None
        self.last = msg
        if msg["over"]:
            final = msg.get("final") or {}
            self.result = GuestResult(seat=self.seat, over=True, winners=list(final.get("winners", [])),
                                      sheets=list(final.get("sheets", [])), seats=list(self.seats),
                                      mine=list(self.mine))
            if "record" in msg:
                self._take_record(msg["record"], msg["seat"])
            return None
        if msg.get("to_move") == msg["seat"] and msg["legal"] and self.bots.get(msg["seat"]) is not None:
            return True
        return None

    def _take_record(self, text: str, seat: int) -> None:
        """The finished game's record the host sent with the last view (a record file's text), kept
        only if it reads and replays (through this guest's own rules) to the very final this seat
        sees; else it is left out."""
        from game.core import safe_yaml
        from game.core.record import RecordError, final_of, record_from_dict, replay
        name = "the host's record"
        try:
            rec = record_from_dict(safe_yaml.parse(text, name), name)
            if rec.game != self.rules.id:
                raise RecordError(f"{name}: is the record of another game")
            states = replay(self.rules, rec)
        except (RecordError, safe_yaml.LoadError) as e:
            self.say(f"the host's record of the game is left out ({e})")
            return
        end = states[-1]
        seen = self.rules.observe(end, seat)
        if (rec.final is None or seen.log.to_list() != self.view.log.to_list()
                or final_of(self.rules, end) != final_of(self.rules, self.view)):
            self.say("the host's record of the game is left out (it does not end as this table did)")
            return
        self.record, self.record_states = rec, states

    async def _play(self, ws, msg: dict) -> None:
        """The bot chooses on the observation (in a thread: the connection keeps answering pings)."""
        try:
            legal = [self.codec.decode(item["a"]) for item in msg["legal"]]
        except CodecError as e:
            raise GuestError(f"the host's moves do not decode ({e})") from None
        view, seat = self.view, msg["seat"]
        action = await asyncio.to_thread(self.bots[seat].choose, view, seat)
        try:
            i = legal.index(action)
        except ValueError:
            raise GuestError("the AI chose a move the host does not list (the versions differ?)") from None
        await ws.send(dumps({"type": "act", "index": i, "repr": msg["legal"][i]["repr"], "at": msg["at"]}))
        self.moves += 1
        self.sent_at.add(msg["at"])


def undo_message(at: int, steps: int = 1) -> str:
    """A guest's request to take back the last ``steps`` decisions of its seat, made on the view ``at``."""
    from game.net.protocol import MAX_UNDO_STEPS
    return dumps({"type": "undo", "at": at, "steps": max(1, min(steps, MAX_UNDO_STEPS))})


def _why(e: BaseException) -> str:
    if isinstance(e, ConnectionClosed):
        rcvd = e.rcvd
        return f"closed: {rcvd.reason or rcvd.code}" if rcvd is not None else "closed"
    if isinstance(e, asyncio.TimeoutError):
        return "no answer in time"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return " ".join(str(e).split()) or type(e).__name__


def play(address: str, code: str, **kw) -> GuestResult:
    """Run a guest to the game's end (blocking)."""
    return asyncio.run(Guest(address, code, **kw).run())
