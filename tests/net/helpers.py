"""Shared by the network tests: a host and guests run in one event loop, and a puppet guest (a raw
websocket that sends exactly what a test says). Every wait is bounded; traffic is loopback only."""
from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from game import __version__
from game.core.rules import Seat
from game.net.guest import Guest
from game.net.host import Host
from game.net.protocol import PROTOCOL

STEP = 10.0        # seconds any single wait of a test may take
GAME = 120.0       # seconds a whole networked game may take


def table(rules, kinds):
    """Seats for host kinds (net -> a person elsewhere, recorded as "human")."""
    return [Seat(f"P{i}", rules.seat_colors[i], "human" if k == "net" else k) for i, k in enumerate(kinds)]


async def serve(host) -> tuple[asyncio.Task, str, str]:
    """Run ``host`` until it listens: its task, address and join code."""
    ready = asyncio.Event()
    where = {}

    def on_ready(address, code):
        where.update(address=address, code=code)
        ready.set()

    task = asyncio.ensure_future(host.run(on_ready))
    await asyncio.wait_for(ready.wait(), STEP)
    assert where["address"].startswith("ws://127.0.0.1:")
    return task, where["address"], where["code"]


async def start_host(rules, kinds, seed, **kw) -> tuple[Host, asyncio.Task, str, str]:
    host = Host(rules, table(rules, kinds), [i for i, k in enumerate(kinds) if k == "net"], seed, {}, **kw)
    task, address, code = await serve(host)
    return host, task, address, code


def join_msg(code, **extra):
    return {"type": "join", "code": code, "protocol": PROTOCOL, "version": __version__, **extra}


class Puppet:
    """A raw guest: sends what it is told, returns what comes."""

    def __init__(self, ws):
        self.ws = ws

    @classmethod
    async def open(cls, address):
        ws = await asyncio.wait_for(connect(address, proxy=None, compression=None, open_timeout=STEP,
                                            close_timeout=2, max_size=2 ** 24), STEP)
        return cls(ws)

    async def send(self, msg):
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), STEP))

    async def expect(self, kind: str) -> dict:
        """The next message of type ``kind`` (news and others skipped; bounded)."""
        for _ in range(50):
            msg = await self.recv()
            if msg["type"] == kind:
                return msg
        raise AssertionError(f"no {kind} message came")

    async def close(self):
        await asyncio.wait_for(self.ws.close(), STEP)


def guests(address, code, n, **kw):
    return [Guest(address, code, **kw) for _ in range(n)]


def run(coro, limit=GAME):
    return asyncio.run(asyncio.wait_for(coro, limit))
