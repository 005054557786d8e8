"""Several people at one guest's screen: one connection holds several seats (a join with a count).
The no-leak guarantee stays per seat: every view such a guest receives is the view of its current seat
(the one of its seats to move, else the one that was), byte for byte ``seat_view`` of that seat, and
the legal moves come only with the seat to move; a change of seat sends that seat's whole log, so a
view never mixes two seats' observations. Loopback only; every wait bounded."""
import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from game.core.match import bot_seed
from game.core.rules import Seat
from game.games import available_games, get_rules
from game.net.guest import Guest, GuestError
from game.net.protocol import ProtocolError, dumps, parse_guest, seat_view
from game.tools.autoplay import play_game
from tests.net.helpers import STEP, Puppet, join_msg, run, start_host

GAMES = available_games()
SEED = 6_543_210_987_654


def json_of(msg):
    return json.loads(dumps(msg))


@pytest.mark.parametrize("game", GAMES)
def test_one_guest_plays_two_seats_and_gets_only_its_current_seats_views(game):
    """A guest holding seats 1 and 2 (a Medium bot each, seeded as autoplay seeds them) and a Medium
    seat on the host: the game is autoplay's very game at that seed, so each bot chose on its own
    seat's observation; and every view the guest received is exactly its current seat's."""
    rules = get_rules(game)
    received = []

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net", "medium"], SEED)
        g = Guest(address, code, level="medium", count=2, ai_seed=bot_seed(SEED, 0), on_message=received.append)
        result, gr = await asyncio.gather(task, g.run())
        return host, result, gr

    host, result, gr = run(main())
    assert result.status == "over" and gr.over and gr.mine == [0, 1] and gr.moves > 0
    auto = play_game(rules, [Seat(f"P{i}", rules.seat_colors[i], "medium") for i in range(3)], SEED, {})
    assert auto.log.to_list() == host.match.state.log.to_list()
    welcome = [m for m in received if m["type"] == "welcome"]
    assert len(welcome) == 1 and welcome[0]["mine"] == [0, 1] and welcome[0]["seat"] == 0
    views = [m for m in received if m["type"] == "view"]
    current = 0
    for k, v in enumerate(views):
        state = host.match.states[v["at"]]
        to_move = None if rules.is_over(state) else rules.to_move(state)
        if to_move in (0, 1):
            current_before, current = current, to_move
        else:
            current_before = current
        assert v["seat"] == current and v["seat"] in (0, 1)
        if k and current != current_before:
            assert v["log_from"] == 0            # another seat: its whole log, never a mix of two
        mine = json_of(seat_view(rules, host.codec, state, v["seat"], v["at"], v["log_from"]))
        assert {key: x for key, x in v.items() if key != "record"} == mine
        assert bool(v["legal"]) == (to_move == v["seat"])
    assert views[-1]["over"] and "record" in views[-1] and sum("record" in v for v in views) == 1
    assert gr.record is not None and gr.record.seed == SEED


def test_joining_several_seats_is_checked():
    """A count larger than the free seats is refused (the connection closed); a count goes with
    neither a seat nor a name; a token takes back all the seats it joined; a move for a seat that is
    not the guest's is refused."""
    rules = get_rules("micropolis")
    assert parse_guest(dumps(join_msg("ABCDEF", count=3)))["count"] == 3
    for bad in (join_msg("ABCDEF", count=0), join_msg("ABCDEF", count=9), join_msg("ABCDEF", count=2, seat=1),
                join_msg("ABCDEF", count=2, name="Ann"), join_msg("ABCDEF", count="2")):
        with pytest.raises(ProtocolError):
            parse_guest(dumps(bad))

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net", "net"], 21, join_wait=STEP,
                                                     lost_wait=STEP)
        greedy = await Puppet.open(address)
        await greedy.send(join_msg(code, count=4))
        assert (await greedy.expect("refused"))["code"] == "too_few"
        with pytest.raises(ConnectionClosed):
            await greedy.recv()
        with pytest.raises(GuestError, match="3 network seat.s. free"):
            await Guest(address, code, level=None, count=4).run()
        pair = await Puppet.open(address)
        await pair.send(join_msg(code, count=2))
        welcome = await pair.expect("welcome")
        assert welcome["mine"] == [0, 1] and welcome["seat"] == 0
        single = await Puppet.open(address)
        await single.send(join_msg(code))
        assert (await single.expect("welcome"))["mine"] == [2]
        view = await pair.expect("view")
        assert view["seat"] == view["to_move"] == 0 and view["legal"]
        # the single guest cannot move for the pair's seat; the pair moves
        await single.send({"type": "act", "index": 0, "repr": view["legal"][0]["repr"], "at": view["at"]})
        assert (await single.expect("refused"))["code"] == "turn"
        await pair.send({"type": "act", "index": 0, "repr": view["legal"][0]["repr"], "at": view["at"]})
        await pair.expect("view")
        await pair.close()
        for _n in range(100):
            if 0 not in host.peers and 1 not in host.peers:
                break
            await asyncio.sleep(0.01)
        assert 0 not in host.peers and 1 not in host.peers and 2 in host.peers
        back = await Puppet.open(address)
        await back.send(join_msg(code, seat=0, token=welcome["token"]))
        again = await back.expect("welcome")
        assert again["mine"] == [0, 1] and again["token"] == welcome["token"]
        view = await back.expect("view")
        assert view["log_from"] == 0 and view["at"] == host.match.decisions
        assert host.peers[0] is host.peers[1]
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(main()).status == "stopped"
