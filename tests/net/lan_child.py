"""One side of the virtual LAN of test_lan.py, run inside a network namespace the test made
(``ip netns exec NS python -m tests.net.lan_child ...``): never on the machine's own network.

    host ADDRESS SECONDS    a network host listening on ADDRESS (a seat for a guest, an easy AI),
                            its table announced by discovery.Announcer; prints its namespace, then
                            {"port", "code", "registered"} and at the end {"status", "decisions"}
    join CODE SECONDS       looks for tables (discovery.TableFinder), joins the first one found with
                            CODE and plays its seat by the easy AI; prints its namespace, then
                            {"tables": [[game, name, address]]} and {"over", "winners"}

Every wait is bounded by SECONDS; one JSON object a line on stdout.
"""
import asyncio
import json
import os
import sys
import time


def say(**kw):
    print(json.dumps(kw), flush=True)


def host(address: str, seconds: float) -> int:
    from game import __version__
    from game.core.rules import Seat
    from game.games import get_rules
    from game.net.discovery import Announcer
    from game.net.host import Host
    from game.net.protocol import PROTOCOL
    rules = get_rules("micropolis")
    seats = [Seat("Ann", rules.seat_colors[0], "easy"), Seat("Bruno", rules.seat_colors[1], "human")]
    h = Host(rules, seats, [1], 5, {}, bind=address, join_wait=seconds, turn_wait=seconds, lost_wait=seconds)
    announcer = []

    def ready(where, code):
        port = int(where.rsplit(":", 1)[1])
        a = Announcer("micropolis", "Ann", port, address, version=__version__, protocol=PROTOCOL).start()
        announcer.append(a)
        a.thread.join(min(seconds, 15))
        say(port=port, code=code, registered=a.error is None and a._withdraw is not None, error=a.error)

    async def bounded():
        return await asyncio.wait_for(h.run(ready), seconds)

    try:
        result = asyncio.run(bounded())
    finally:
        for a in announcer:
            a.close()
        time.sleep(0.5)      # the withdrawal goes out (in its own thread)
    say(status=result.status, decisions=result.decisions)
    return 0


def join(code: str, seconds: float) -> int:
    from game.net.discovery import TableFinder
    from game.net.guest import Guest
    deadline = time.monotonic() + seconds
    finder = TableFinder(browse_seconds=min(8.0, seconds)).start()
    found = []
    while time.monotonic() < deadline and not found:
        finder.poll()
        found = finder.tables()
        time.sleep(0.05)
    finder.close()
    say(tables=[[t.game, t.name, t.address] for t in found], error=finder.error)
    if not found:
        return 3
    guest = Guest(found[0].address, code, level="easy", open_timeout=5, idle_timeout=seconds)

    async def bounded():
        return await asyncio.wait_for(guest.run(), max(1.0, deadline - time.monotonic()))

    result = asyncio.run(bounded())
    say(over=result.over, winners=result.winners)
    return 0


if __name__ == "__main__":
    say(ns=os.readlink("/proc/self/ns/net"))
    role, arg, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    sys.exit(host(arg, seconds) if role == "host" else join(arg, seconds))
