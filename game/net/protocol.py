"""The messages between a host and its guests: JSON text, one object with a "type" each.

Guest to host (at most ``GUEST_MAX_BYTES``; every one checked against its schema, see ``parse_guest``):
    {"type": "join", "code": "K7QX2M", "protocol": 1, "version": "0.9.0"}            a free network seat
    {"type": "join", ..., "count": 2}             that many free network seats (several people at one screen)
    {"type": "join", ..., "seat": 1, "token": "..."}        back to one's seats (all that the token holds)
    {"type": "join", ..., "name": "Bruno"}        the network seat of that name (a resumed table asks for it)
    {"type": "act", "index": 3, "repr": "Place(mound=0, column=2)", "at": 17}          a decision
    {"type": "undo", "at": 17, "steps": 1}        asks to take back the last decision(s) of the seat to move
                               (one of the guest's); the host decides (refused, allowed or asked of
                               the host's player), and checks every step with core/undo.py

Host to guest:
    {"type": "welcome", "seat", "token", "game", "seats", "options", "version", "protocol",
     "mine": [1, 2], "rematch": bool, "again": bool}
                               ``mine`` the guest's seats (``seat`` the first); ``rematch`` the host may
                               start another game at this table after this one (the guest stays);
                               ``again`` this welcome opens such a next game (the same seats)
    {"type": "view", ...}      what one of the guest's seats may see (``seat_view``): after joining and
                               every move. A connection holding several seats gets one view per change,
                               of its *current* seat: the one of its seats to move, else the one that
                               was to move last; the whole log again whenever that seat changes
    {"type": "view", "over": true, "final": {...}, "record": "format: ..."}    the last view: the final
                               scores and, the game being over, its whole record as the text of a record
                               file (core/record.py; the seed included: public only now, never before)
    {"type": "refused", "code", "text"}     a join, an action or an undo not taken; the game is unchanged
    {"type": "refused", "code": "pick_seat", "text", "seats": [{"seat": 1, "name": "Bruno"}]}
                               a resumed table: which of its free network seats is the guest's?
    {"type": "info", "code", "text", ...}   news: a seat lost, a seat given to an AI, the game stopped,
                               a seat took a move back ("undo_done": the views after it carry the
                               whole log again)

The no-leak guarantee is per seat: every view is made from ``rules.observe(state, seat)`` alone
(never the seed, the random state, a bag's order or another seat's hidden tiles): the observed
state, the events new to that guest, whose turn it is, and the legal actions when the seat is to
move, each as its index, its repr (which the host checks against its own legal actions) and its
encoding. A guest holding several seats (people sharing its screen) is trusted as a hot-seat screen
is: over the game it receives each of its seats' views in turn, never one of another seat's, and its
table shows what is private only to the seat to move, while peeking. A refusal's ``code`` is a word a guest's
table words in the player's language; ``text`` is English for logs and developers.
"""
from __future__ import annotations

import json
from typing import Any

PROTOCOL = 1
GUEST_MAX_BYTES = 4096            # a guest's message: a join or an action is far smaller
GUEST_TRANSPORT_MAX = 65536       # larger frames close the connection (websockets' max_size on the host)
HOST_MAX_BYTES = 16 * 2 ** 20     # a host's message (a whole table with its log) as a guest accepts it
MAX_CODE = 16
MAX_TOKEN = 64
MAX_REPR = 1000
MAX_INDEX = 100_000
MAX_SEAT = 7
MAX_NAME_CHARS = 40
MAX_UNDO_STEPS = 8        # decisions one undo may take back together (a gesture that made several)
REMATCH_WAIT = 3600.0     # after a game at a table that may play again: how long host and guests wait for the next

# refusal and news codes -> English (developers' and logs' words; a table words them from the code)
REFUSALS = {
    "too_big": "the message is larger than a guest may send",
    "binary": "messages are JSON text, not binary",
    "not_json": "the message is not JSON",
    "schema": "the message does not have the fields its type needs",
    "unknown_type": "unknown message type",
    "join_first": "join first (with the join code)",
    "join_timeout": "no join came in time",
    "bad_code": "wrong join code",
    "protocol": "the guest speaks another version of the protocol",
    "version": "the guest runs another version of the game",
    "bad_token": "that seat's token is wrong",
    "seat_taken": "that seat is taken",
    "not_network_seat": "that seat is not played from another machine",
    "full": "every network seat is taken",
    "already_joined": "this connection has joined already",
    "over": "the game is over",
    "stopped": "the host is stopping the game",
    "turn": "it is not this seat's turn",
    "stale": "the table has changed since that view",
    "illegal": "that move is not allowed right now",
    "too_many": "too many refused messages: the connection is closed",
    "pick_seat": "this table goes on from a saved game: join a seat by its name",
    "too_few": "fewer network seats are free than this guest asks for",
    "no_undo": "there is no move of this guest's seat to take back (only its own moves this turn that "
               "revealed nothing)",
    "undo_pending": "a request to take back a move already waits for the host's answer",
    "undo_refused": "the host did not allow taking the move back",
}
NEWS = {
    "seat_lost": "a seat's player lost the connection",
    "seat_back": "a seat's player is back",
    "seat_to_ai": "a lost seat is played by an AI from now on",
    "stopped": "the host stopped the game before its end",
    "undo_done": "a seat's last move was taken back",
}


class ProtocolError(ValueError):
    """A guest's message refused: ``code`` one of REFUSALS."""

    def __init__(self, code: str, detail: str = "", **extra):
        super().__init__(detail or REFUSALS.get(code, code))
        self.code = code
        self.extra = extra        # more fields of the refusal (the free seats of a "pick_seat")


def dumps(msg: dict) -> str:
    """The one JSON form of a message (compact, key order kept: equal messages are equal text)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def refusal(code: str, detail: str = "", **extra) -> dict:
    return {"type": "refused", "code": code, "text": detail or REFUSALS.get(code, code), **extra}


def free_seats(msg: dict) -> list[tuple[int, str]]:
    """The seats a "pick_seat" refusal offers, checked: (seat, name) pairs (at most MAX_SEAT + 1);
    anything malformed is left out."""
    out = []
    items = msg.get("seats")
    if type(items) is not list:
        return out
    for item in items[:MAX_SEAT + 1]:
        if type(item) is dict and _whole(item.get("seat"), 0, MAX_SEAT) and _text(item.get("name"), MAX_NAME_CHARS):
            out.append((item["seat"], item["name"]))
    return out


def news(code: str, **values) -> dict:
    return {"type": "info", "code": code, "text": NEWS.get(code, code), **values}


# ---------------------------------------------------------------- guest to host: schema checks
def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _text(v, most: int) -> bool:
    return type(v) is str and len(v) <= most and v.isprintable()


def _whole(v, lo: int, hi: int) -> bool:
    return type(v) is int and lo <= v <= hi


# type -> (required fields, optional fields); each field -> its check
GUEST_SCHEMAS = {
    "join": ({"code": lambda v: _text(v, MAX_CODE), "protocol": lambda v: _whole(v, 0, 1000),
              "version": lambda v: _text(v, 40)},
             {"seat": lambda v: _whole(v, 0, MAX_SEAT), "token": lambda v: _text(v, MAX_TOKEN),
              "name": lambda v: _text(v, MAX_NAME_CHARS) and bool(v.strip()),
              "count": lambda v: _whole(v, 1, MAX_SEAT + 1)}),
    "act": ({"index": lambda v: _whole(v, 0, MAX_INDEX), "repr": lambda v: _text(v, MAX_REPR),
             "at": lambda v: _whole(v, 0, 10 ** 9)}, {}),
    "undo": ({"at": lambda v: _whole(v, 0, 10 ** 9)}, {"steps": lambda v: _whole(v, 1, MAX_UNDO_STEPS)}),
}


def parse_guest(raw: Any) -> dict:
    """A guest's message checked: its size, JSON, its type and every field (ProtocolError if not)."""
    if not isinstance(raw, str):
        if isinstance(raw, (bytes, bytearray)) and len(raw) > GUEST_MAX_BYTES:
            raise ProtocolError("too_big")
        raise ProtocolError("binary")
    if len(raw) > GUEST_MAX_BYTES or len(raw.encode("utf-8", "surrogatepass")) > GUEST_MAX_BYTES:
        raise ProtocolError("too_big")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not_json") from None
    if type(msg) is not dict:
        raise ProtocolError("schema", "a message is a JSON object")
    kind = msg.get("type")
    if kind not in GUEST_SCHEMAS:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r}"
                            if isinstance(kind, str) else "a message needs a type")
    required, optional = GUEST_SCHEMAS[kind]
    for key in msg:
        if key != "type" and key not in required and key not in optional:
            raise ProtocolError("schema", f"a {kind} message has no field {str(key)[:40]!r}")
    for key, ok in required.items():
        if key not in msg:
            raise ProtocolError("schema", f"a {kind} message needs {key!r}")
        if not ok(msg[key]):
            raise ProtocolError("schema", f"a {kind} message's {key!r} is not valid")
    for key, ok in optional.items():
        if key in msg and not ok(msg[key]):
            raise ProtocolError("schema", f"a {kind} message's {key!r} is not valid")
    if kind == "join" and msg.get("count", 1) > 1 and ("seat" in msg or "name" in msg):
        raise ProtocolError("schema", "a join asks for a number of free seats, or for one seat, not both")
    return msg


# ---------------------------------------------------------------- host to guest
def seat_view(rules, codec, state, seat: int, at: int, log_from: int = 0) -> dict:
    """What ``seat`` sees of ``state``: made from ``rules.observe(state, seat)`` alone.

    ``at`` is the number of decisions taken (public: everyone saw them); ``log_from`` the number of
    events the guest holds already (the view carries the ones after)."""
    obs = rules.observe(state, seat)
    over = rules.is_over(obs)
    to_move = None if over else rules.to_move(obs)
    events = obs.log.since(log_from)
    legal = rules.legal_actions(obs) if to_move == seat else []
    msg = {"type": "view", "seat": seat, "at": at, "to_move": to_move, "over": over,
           "log_from": log_from, "events": [codec.encode(ev) for ev in events],
           "state": codec.encode_state(obs),
           "legal": [{"repr": repr(a), "a": codec.encode(a)} for a in legal]}
    if over:
        msg["final"] = {"winners": list(rules.winners(obs)),
                        "sheets": [sh.to_record() for sh in rules.score_sheets(obs)]}
    return msg


def check_host(msg: Any) -> dict:
    """A host's message as a guest reads it: an object with a known type and the fields it needs
    (ProtocolError if not); what they hold is decoded, and so checked, where used."""
    if type(msg) is not dict:
        raise ProtocolError("schema", "the host's message is not a JSON object")
    kind = msg.get("type")
    need = {"welcome": {"seat": int, "token": str, "game": str, "seats": list, "options": dict,
                        "version": str, "protocol": int},
            "view": {"seat": int, "at": int, "over": bool, "log_from": int, "events": list,
                     "state": dict, "legal": list},
            "refused": {"code": str, "text": str},
            "info": {"code": str, "text": str}}.get(kind)
    if need is None:
        raise ProtocolError("unknown_type", f"the host sent an unknown message type {str(kind)[:40]!r}")
    for key, t in need.items():
        if type(msg.get(key)) is not t:
            raise ProtocolError("schema", f"the host's {kind} message lacks a valid {key!r}")
    if kind == "welcome":
        mine = msg.get("mine", [msg["seat"]])
        if (type(mine) is not list or not 1 <= len(mine) <= MAX_SEAT + 1 or msg["seat"] not in mine
                or any(type(p) is not int or not 0 <= p < len(msg["seats"]) for p in mine)
                or len(set(mine)) != len(mine)):
            raise ProtocolError("schema", "the host's welcome names seats the table does not have")
    if kind == "view":
        if not (msg.get("to_move") is None or type(msg.get("to_move")) is int):
            raise ProtocolError("schema", "the host's view names no valid seat to move")
        if "record" in msg and (type(msg["record"]) is not str or not msg["over"]):
            raise ProtocolError("schema", "the host sent a game's record before its end")
        for item in msg["legal"]:
            if type(item) is not dict or type(item.get("repr")) is not str or "a" not in item:
                raise ProtocolError("schema", "the host's view lists a move without its repr")
    return msg
