"""Undo over the network, agreed by the host: a guest asks to take back its seat's last move; the host
checks every step with core/undo.py (own moves this turn, nothing revealed) and answers by its policy
(refuse, allow, or ask its player). Hostile requests -- out of turn, another seat's move, past a
reveal, stale, a flood -- are refused with a reason and never change the game. Loopback only; every
wait bounded."""
import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from game.core.record import read_record, replay
from game.core.undo import revealing
from game.games import available_games, get_rules
from game.net.host import MAX_REFUSED
from game.net.protocol import MAX_UNDO_STEPS, ProtocolError, dumps, parse_guest, seat_view
from tests.net.helpers import STEP, Puppet, join_msg, run, start_host

GAMES = available_games()


def json_of(msg):
    return json.loads(dumps(msg))


def undo(at, steps=None):
    msg = {"type": "undo", "at": at}
    if steps is not None:
        msg["steps"] = steps
    return msg


def act(view, k=0):
    return {"type": "act", "index": k, "repr": view["legal"][k]["repr"], "at": view["at"]}


async def next_view(puppet):
    return await puppet.expect("view")


async def my_turn(puppet, view, seat=0, limit=2000):
    """Views until ``seat`` is to move (bounded)."""
    for _n in range(limit):
        if view["over"] or view["to_move"] == seat and view["legal"]:
            return view
        view = await next_view(puppet)
    raise AssertionError("the seat never came to move")


async def joined(address, code, **extra):
    p = await Puppet.open(address)
    await p.send(join_msg(code, **extra))
    welcome = await p.expect("welcome")
    return p, welcome


def test_undo_messages_are_checked_like_every_other():
    assert parse_guest('{"type": "undo", "at": 3}')["at"] == 3
    assert parse_guest('{"type": "undo", "at": 3, "steps": 2}')["steps"] == 2
    for bad in ('{"type": "undo"}', '{"type": "undo", "at": -1}', '{"type": "undo", "at": 1, "steps": 0}',
                f'{{"type": "undo", "at": 1, "steps": {MAX_UNDO_STEPS + 1}}}', '{"type": "undo", "at": "1"}',
                '{"type": "undo", "at": 1, "seat": 2}', '{"type": "undo", "at": true}'):
        with pytest.raises(ProtocolError) as e:
            parse_guest(bad)
        assert e.value.code == "schema"


@pytest.mark.parametrize("game", GAMES)
def test_an_allowed_undo_takes_back_only_what_core_undo_allows(game, tmp_path):
    """A whole game: the guest (seat 1) asks to take back its move whenever its turn goes on. Where
    core/undo.py allows it the host takes it back (every guest gets the table again, whole log; the
    log says who took a move back), and the seat plays on; where something was revealed since (a
    roll), the request is refused and the game is unchanged. The record has no trace of the moves
    taken back and replays to the end."""
    rules = get_rules(game)
    kinds = ["net", "net"] + ["easy"] * (rules.min_players - 2)
    path = tmp_path / "game.yaml"

    async def main():
        host, task, address, code = await start_host(rules, kinds, 31, record_path=path, undo="allow")
        a, _wa = await joined(address, code, seat=0)
        b, _wb = await joined(address, code, seat=1)
        taken = refused = 0
        asked_at = set()
        va, vb = await next_view(a), await next_view(b)
        for _n in range(20000):
            while va["at"] < vb["at"]:
                va = await next_view(a)
            while vb["at"] < va["at"]:
                vb = await next_view(b)
            if va["over"]:
                break
            p = va["to_move"]
            if p not in (0, 1):               # an AI of the host: the table moves on by itself
                va = await next_view(a)
                continue
            m = host.match                    # the host waits for a guest now: its match holds still
            assert m.decisions == va["at"] and m.to_move() == p
            puppet, view = (a, va) if p == 0 else (b, vb)
            prev_mover = rules.to_move(m.states[-2]) if m.decisions else None
            if p == 1 and prev_mover == 1 and m.decisions not in asked_at and taken + refused < 12:
                asked_at.add(m.decisions)
                allowed = m.can_take_back(1, lambda q: q == 1)
                before, at = m.state, m.decisions
                events = m.state.log.since(len(m.states[-2].log))
                await b.send(undo(at))
                if allowed:
                    assert not revealing(rules, events)
                    vb = await next_view(b)
                    assert vb["at"] == at - 1 and vb["log_from"] == 0 and host.match.decisions == at - 1
                    assert vb == json_of(seat_view(rules, host.codec, host.match.state, 1, at - 1, 0))
                    va = await next_view(a)
                    assert va["at"] == at - 1 and va["log_from"] == 0    # everyone sees the table taken back
                    news = await b.expect("info")
                    assert news["code"] == "undo_done" and news["seat"] == 1
                    taken += 1
                    asked_at.add(at - 1)          # play on from here (the same move again, then past it)
                    continue
                got = await b.expect("refused")
                assert got["code"] == "no_undo" and host.match.state is before
                refused += 1
            await puppet.send(act(view))
            va, vb = await next_view(a), await next_view(b)
        result = await asyncio.wait_for(task, STEP * 3)
        return host, result, taken, refused

    host, result, taken, refused = run(main())
    assert result.status == "over" and host.undos == taken
    assert taken + refused > 0
    if rules.id == "it_happens":
        assert refused > 0               # its turns go on after a roll: never taken back
    else:
        assert taken > 0
    rec = read_record(path)
    assert replay(rules, rec)[-1].log.to_list() == host.match.state.log.to_list()


def turn_goes_on(host, seat):
    m = host.match
    return (m.decisions and m.to_move() == seat and host.rules.to_move(m.states[-2]) == seat
            and m.can_take_back(1, lambda q: q == seat))


async def until_undoable(host, puppet, view, seat=0, other=None):
    """Play ``seat``'s first legal moves until its last one may be taken back (bounded)."""
    for _n in range(400):
        view = await my_turn(puppet, view, seat)
        if turn_goes_on(host, seat):
            return view
        await puppet.send(act(view))
        view = await next_view(puppet)
    raise AssertionError("no move to take back came")


async def asked(host):
    """Until the host has a guest's request to answer (a second at most)."""
    for _n in range(100):
        if host.undo_asks:
            return
        await asyncio.sleep(0.01)


def test_refuse_and_ask_policies_and_hostile_requests():
    """Refuse: refused, and not asked again for the same decision. Ask: the request waits for the host's
    player (another one meanwhile is refused as pending); refused, then allowed at the next chance; a
    request the guest moves past is dropped. Out of turn, another seat's move, stale, more steps than
    the turn has: refused, the game unchanged."""
    rules = get_rules("micropolis")

    async def refusing():
        host, task, address, code = await start_host(rules, ["net", "net"], 12, join_wait=STEP)
        a, _ = await joined(address, code, seat=0)
        b, _ = await joined(address, code, seat=1)
        view = await until_undoable(host, a, await next_view(a))
        before, at = host.match.state, view["at"]
        await a.send(undo(at))
        assert (await a.expect("refused"))["code"] == "undo_refused"
        await a.send(undo(at))
        assert (await a.expect("refused"))["code"] == "undo_refused"
        # the other guest: not its move to take back, out of turn
        await b.send(undo(at))
        assert (await b.expect("refused"))["code"] == "no_undo"
        await a.send(undo(at + 1))
        assert (await a.expect("refused"))["code"] == "stale"
        await a.send(undo(at, steps=MAX_UNDO_STEPS))       # past the start of its turn
        assert (await a.expect("refused"))["code"] == "no_undo"
        assert host.match.state is before and host.undos == 0
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(refusing()).status == "stopped"

    async def asking():
        host, task, address, code = await start_host(rules, ["net", "easy"], 12, join_wait=STEP, undo="ask")
        a, _ = await joined(address, code, seat=0)
        view = await until_undoable(host, a, await next_view(a))
        at = view["at"]
        await a.send(undo(at))
        await asked(host)
        assert host.undo_asks == {0: (at, 1)}
        await a.send(undo(at))
        assert (await a.expect("refused"))["code"] == "undo_pending"
        host.answer_undo(0, False)
        assert (await a.expect("refused"))["code"] == "undo_refused" and host.match.decisions == at
        await a.send(undo(at))                                # not asked of the host again
        assert (await a.expect("refused"))["code"] == "undo_refused" and not host.undo_asks
        # it plays on; at its next chance the host allows it
        await a.send(act(view))
        view = await until_undoable(host, a, await next_view(a))
        at = view["at"]
        await a.send(undo(at))
        await asked(host)
        host.answer_undo(0, True)
        back = await next_view(a)
        assert back["at"] == at - 1 == host.match.decisions and host.undos == 1
        # a request the guest moves past is dropped; an answer to it changes nothing
        view = await until_undoable(host, a, back)
        at = view["at"]
        await a.send(undo(at))
        await asked(host)
        await a.send(act(view))
        await next_view(a)
        assert not host.undo_asks
        decided = host.match.decisions
        host.answer_undo(0, True)
        assert host.match.decisions == decided and host.undos == 1
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(asking()).status == "stopped"


def test_a_flood_of_undo_requests_is_cut_off_and_the_game_goes_on():
    rules = get_rules("micropolis")

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net"], 12, join_wait=STEP, lost_wait=STEP)
        a, wa = await joined(address, code, seat=0)
        b, _ = await joined(address, code, seat=1)
        view = await until_undoable(host, a, await next_view(a))
        before = host.match.state
        for _n in range(MAX_REFUSED + 5):
            try:
                await a.send(undo(view["at"]))
            except ConnectionClosed:
                break
        codes = []
        with pytest.raises(ConnectionClosed):
            for _n in range(MAX_REFUSED * 3):
                msg = await a.recv()
                if msg["type"] == "refused":
                    codes.append(msg["code"])
        assert codes[-1] == "too_many" and set(codes[:-1]) == {"undo_refused"}
        assert host.match.state is before and host.undos == 0
        # the seat comes back (its token) and plays on: the host kept going
        back, _ = await joined(address, code, seat=0, token=wa["token"])
        view = await next_view(back)
        assert view["at"] == host.match.decisions and view["legal"]
        await back.send(act(view))
        assert (await next_view(back))["at"] == view["at"] + 1
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(main()).status == "stopped"


def test_the_headless_host_refuses_by_default_and_a_bad_policy_is_refused():
    from game.core.rules import Seat
    from game.net.host import Host
    rules = get_rules("micropolis")
    seats = [Seat("A", rules.seat_colors[0], "human"), Seat("B", rules.seat_colors[1], "medium")]
    assert Host(rules, seats, [0], 1).undo_policy == "refuse"
    with pytest.raises(ValueError):
        Host(rules, seats, [0], 1, undo="sometimes")
