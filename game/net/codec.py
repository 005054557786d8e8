"""A game's state objects as JSON values and back, for the host-to-guest messages.

Generic over every game: the classes a message may carry are an allowlist made from the game's own
state module (the dataclasses and named tuples defined in the module of the game's State: the
State, its parts, its actions) plus ``Seat``. Anything else -- an ``Rng``, a function, an object of
any other class -- cannot be encoded (``CodecError``), so an ``observe`` that forgot to hide the
random generator fails loudly instead of leaking it, and a decoder builds only allowlisted classes.

Only a dataclass's init fields whose names do not start with "_" travel: the caches the rules and
the heuristics keep on a state (legal actions, evaluations, what a bag will hold) never leave the host.

The game's shared, immutable data (the tiles, the mounds, the board: the same object in every game
of the rules) does not travel either: a state field holding the very object that a *reference*
game holds -- one dealt with seed 0 from the public seats and options, by host and guest alike --
is sent as a reference to that field, and the guest takes its own reference game's object.
Only containers and objects count for that, never numbers, strings or tuples (a small int or an
empty tuple may be the same object by chance). The event log travels separately (see protocol.py):
in the state it is only its length.

Encoding (JSON): None, booleans, whole numbers, finite floats and strings as themselves; a list as a
list; {"T": [...]} a tuple; {"O": {...}} a dict with text keys, {"D": [[k, v], ...]} any other dict;
{"F": [...]} a frozenset and {"S": [...]} a set, their items in the order of their JSON text (so equal
sets encode alike); {"C": name, "V": {field: value}} a dataclass, {"N": name, "V": [...]} a named
tuple; in a state's own fields {"R": field} the reference game's object and {"G": n} the log.
"""
from __future__ import annotations

import dataclasses
import json
import math
import sys
from typing import Any

from game.core.rules import Log, Seat

MAX_DEPTH = 48            # nesting a decoded value may have
MAX_NODES = 2_000_000     # values a decoded message may hold
_SCALARS = (type(None), bool, int, str)
_NOT_SHARED = (type(None), bool, int, float, str, tuple, frozenset, bytes)


class CodecError(ValueError):
    """A value that may not be encoded, or an encoding that does not decode (plain words)."""


def _is_namedtuple(cls) -> bool:
    return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def _json_key(x) -> str:
    return json.dumps(x, separators=(",", ":"), ensure_ascii=False, sort_keys=False)


class StateCodec:
    """Encodes and decodes the states, actions and events of one game.

    ``reference`` is a state of the game dealt from public inputs only (``rules.new_game(seats, 0,
    options)``): its shared data objects stand for themselves on both sides."""

    def __init__(self, reference):
        module = sys.modules[type(reference).__module__]
        self.state_class = type(reference)
        self.classes: dict[str, type] = {"Seat": Seat}
        for name, obj in vars(module).items():
            if (isinstance(obj, type) and obj.__module__ == module.__name__
                    and (dataclasses.is_dataclass(obj) or _is_namedtuple(obj))):
                self.classes[name] = obj
        self.state_fields = [f.name for f in dataclasses.fields(reference) if f.init and not f.name.startswith("_")]
        self.shared = {name: getattr(reference, name) for name in self.state_fields
                       if not isinstance(getattr(reference, name), _NOT_SHARED + (Log,))}

    # ---------------------------------------------------------------- encoding
    def encode(self, v: Any) -> Any:
        """A JSON value for ``v`` (CodecError for anything outside the allowlist)."""
        return self._enc(v, 0)

    def _enc(self, v: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise CodecError("a value is nested too deeply to send")
        t = type(v)
        if t in _SCALARS:
            return v
        if t is float:
            if not math.isfinite(v):
                raise CodecError("a number that is not finite cannot be sent")
            return v
        d = depth + 1
        if t is list:
            return [self._enc(x, d) for x in v]
        if t is tuple:
            return {"T": [self._enc(x, d) for x in v]}
        if t is dict:
            if all(type(k) is str for k in v):
                return {"O": {k: self._enc(x, d) for k, x in v.items()}}
            return {"D": [[self._enc(k, d), self._enc(x, d)] for k, x in v.items()]}
        if t is frozenset or t is set:
            items = sorted((self._enc(x, d) for x in v), key=_json_key)
            return {"F" if t is frozenset else "S": items}
        name = t.__name__
        if self.classes.get(name) is t:
            if _is_namedtuple(t):
                return {"N": name, "V": [self._enc(x, d) for x in v]}
            return {"C": name, "V": {f.name: self._enc(getattr(v, f.name), d) for f in dataclasses.fields(v)
                                     if f.init and not f.name.startswith("_")}}
        raise CodecError(f"a {name} may not be sent (not one of the game's own state classes)")

    def encode_state(self, s) -> dict:
        """A state: its fields, the reference game's shared objects by name, the log by its length."""
        if type(s) is not self.state_class:
            raise CodecError(f"a {type(s).__name__} is not this game's state")
        out = {}
        for name in self.state_fields:
            v = getattr(s, name)
            if isinstance(v, Log):
                out[name] = {"G": len(v)}
            elif name in self.shared and v is self.shared[name]:
                out[name] = {"R": name}
            else:
                out[name] = self.encode(v)
        return {"C": self.state_class.__name__, "V": out}

    # ---------------------------------------------------------------- decoding
    def decode(self, v: Any) -> Any:
        """The value an encoding stands for (CodecError for anything malformed or not allowed)."""
        try:
            return self._dec(v, 0, [0])
        except CodecError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as e:
            raise CodecError(f"a value does not decode ({type(e).__name__})") from None

    def _dec(self, v: Any, depth: int, count: list) -> Any:
        count[0] += 1
        if count[0] > MAX_NODES or depth > MAX_DEPTH:
            raise CodecError("a message holds too much or is nested too deeply")
        t = type(v)
        if t in _SCALARS:
            return v
        if t is float:
            if not math.isfinite(v):
                raise CodecError("a number that is not finite")
            return v
        d = depth + 1
        if t is list:
            return [self._dec(x, d, count) for x in v]
        if t is not dict or len(v) not in (1, 2):
            raise CodecError("a value of an unknown shape")
        if len(v) == 1:
            (tag, body), = v.items()
            if tag == "T" and type(body) is list:
                return tuple(self._dec(x, d, count) for x in body)
            if tag == "O" and type(body) is dict:
                return {k: self._dec(x, d, count) for k, x in body.items()}
            if tag == "D" and type(body) is list:
                out = {}
                for pair in body:
                    if type(pair) is not list or len(pair) != 2:
                        raise CodecError("a dict entry is not a pair")
                    out[self._dec(pair[0], d, count)] = self._dec(pair[1], d, count)
                return out
            if tag == "F" and type(body) is list:
                return frozenset(self._dec(x, d, count) for x in body)
            if tag == "S" and type(body) is list:
                return {self._dec(x, d, count) for x in body}
            raise CodecError("a value of an unknown shape")
        name, body = v.get("C", v.get("N")), v.get("V")
        cls = self.classes.get(name) if type(name) is str else None
        if cls is None:
            raise CodecError(f"no class of this game is called {str(name)[:40]!r}")
        if "N" in v and _is_namedtuple(cls) and type(body) is list:
            return cls(*[self._dec(x, d, count) for x in body])
        if "C" in v and dataclasses.is_dataclass(cls) and type(body) is dict:
            allowed = {f.name for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")}
            if not set(body) <= allowed:
                raise CodecError(f"a {name} with fields it does not have")
            return cls(**{k: self._dec(x, d, count) for k, x in body.items()})
        raise CodecError(f"a {name} of the wrong shape")

    def decode_state(self, v: Any, log: Log):
        """The state an ``encode_state`` stands for, with ``log`` as its event log."""
        if type(v) is not dict or v.get("C") != self.state_class.__name__ or type(v.get("V")) is not dict:
            raise CodecError("the table is not a state of this game")
        body = v["V"]
        if set(body) != set(self.state_fields):
            raise CodecError("the table's state lacks fields or has unknown ones")
        kw = {}
        for name, x in body.items():
            if type(x) is dict and set(x) == {"R"}:
                if x["R"] != name or name not in self.shared:
                    raise CodecError("the table refers to data this game does not have")
                kw[name] = self.shared[name]
            elif type(x) is dict and set(x) == {"G"}:
                if x["G"] != len(log):
                    raise CodecError("the table's log does not match the events received")
                kw[name] = log
            else:
                kw[name] = self.decode(x)
        try:
            return self.state_class(**kw)
        except (TypeError, ValueError) as e:
            raise CodecError(f"the table does not make a state ({type(e).__name__})") from None
