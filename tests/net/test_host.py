"""Whole games over loopback websockets (host and guests in one event loop, every wait bounded):
each game to its end with its record replaying to the same final; guests seeded like autoplay play
autoplay's very game; wrong codes, garbage, oversized, illegal and out-of-turn messages refused
without changing the game; a dropped guest comes back to the table as it is; a lost seat goes to an
AI or stops the game; nothing a guest receives holds the seed."""
import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from game.core.match import bot_seed
from game.core.record import read_record, record_text, replay
from game.core.rules import Seat
from game.games import available_games, get_rules
from game.net.guest import Guest, GuestError
from game.net.protocol import GUEST_MAX_BYTES, dumps, seat_view
from game.tools.autoplay import play_game
from tests.net.helpers import STEP, Puppet, join_msg, run, start_host

GAMES = available_games()
SEED = 7_654_321_098_765


@pytest.mark.parametrize("game", GAMES)
def test_a_networked_game_plays_to_its_end_and_its_record_replays(game, tmp_path):
    """Two guests (Medium, seeded as autoplay seeds its bots) and a Medium seat on the host: the game
    ends, every guest sees the host's final, the record replays to it, and it is autoplay's game
    at that seed, so the guests' rebuilt observations are the ones the host's bots would have seen."""
    rules = get_rules(game)
    kinds = ["net", "net", "medium"]
    path = tmp_path / "game.yaml"
    received = []

    async def main():
        host, task, address, code = await start_host(rules, kinds, SEED, record_path=path)
        gs = [Guest(address, code, level="medium", seat=p, ai_seed=bot_seed(SEED, p), on_message=received.append)
              for p in (0, 1)]
        return host, await asyncio.gather(task, *[g.run() for g in gs])

    host, (result, *guest_results) = run(main())
    assert result.status == "over" and result.save_error is None
    end = host.match.state
    for g in guest_results:
        assert g.over and g.winners == result.winners == list(rules.winners(end))
        assert g.sheets == result.sheets and g.refused == [] and g.moves > 0
    rec = read_record(path)
    states = replay(rules, rec)
    assert rec.final is not None and states[-1].log.to_list() == end.log.to_list()
    assert [s.kind for s in rec.seats][:3] == ["human", "human", "medium"]
    auto = play_game(rules, [Seat(f"P{i}", rules.seat_colors[i], "medium") for i in range(3)], SEED, {})
    assert auto.log.to_list() == end.log.to_list()
    # nothing of the record (the seed) goes out before the end; the last view carries it, whole
    finals = [k for k, m in enumerate(received) if m["type"] == "view" and m["over"]]
    assert len(finals) == 2 and all("record" in received[k] for k in finals)
    before = [m for k, m in enumerate(received) if k not in finals]
    assert not any("record" in m for m in before)
    text = "".join(dumps(m) for m in before)
    assert str(SEED) not in text and "rng" not in {k for m in received if m["type"] == "view"
                                                   for k, v in m["state"]["V"].items() if v is not None}
    for k in finals:
        final = dict(received[k])
        assert str(SEED) not in dumps({key: v for key, v in final.items() if key != "record"})
        assert final["record"] == record_text(rec)
    for g in guest_results:         # each guest checked the record against its own final and kept it
        assert g.record is not None and g.record.seed == SEED and g.record.final == rec.final


def test_refusals_never_change_the_game(tmp_path):
    """Two people elsewhere: the one not to move, garbage, oversized, illegal, stale and repeated
    joins are all refused with a reason and the table stays as it was; wrong codes and tokens are
    refused and their connections closed; then a real move is taken and seen by both."""
    rules = get_rules(GAMES[1] if len(GAMES) > 1 else GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net"], 11, join_wait=STEP)
        a, b = await Puppet.open(address), await Puppet.open(address)
        await a.send(join_msg(code))
        wa = await a.expect("welcome")
        await b.send(join_msg(code.lower()))        # the code is not case-sensitive
        wb = await b.expect("welcome")
        assert (wa["seat"], wb["seat"]) == (0, 1) and wa["token"] != wb["token"]
        va, vb = await a.expect("view"), await b.expect("view")
        mover, other = (a, b) if va["to_move"] == 0 else (b, a)
        view = va if mover is a else vb
        assert view["legal"] and not (vb if mover is a else va)["legal"]
        before, at = host.match.state, view["at"]
        first = view["legal"][0]["repr"]
        refusals = [
            (other, {"type": "act", "index": 0, "repr": first, "at": at}, "turn"),
            (mover, "not json{", "not_json"),
            (mover, b"\x80binary", "binary"),
            (mover, json.dumps({"type": "act", "index": 0, "repr": "x" * 5000, "at": at}), "too_big"),
            (mover, {"type": "act"}, "schema"),
            (mover, {"type": "eval", "code": "__import__('os')"}, "unknown_type"),
            (mover, {"type": "act", "index": 0, "repr": "Nonsense()", "at": at}, "illegal"),
            (mover, {"type": "act", "index": 9999, "repr": first, "at": at}, "illegal"),
            (mover, {"type": "act", "index": 0, "repr": first, "at": at + 1}, "stale"),
            (mover, join_msg(code), "already_joined"),
        ]
        for who, msg, want in refusals:
            await who.send(msg)
            got = await who.expect("refused")
            assert got["code"] == want and got["text"]
            assert host.match.state is before and host.match.decisions == 0
        for msg, want in [(join_msg("WRONG1"), "bad_code"), (join_msg(code, seat=0, token="forged"), "bad_token"),
                          (join_msg(code, seat=1), "seat_taken"), (join_msg(code), "full"),
                          ({"type": "act", "index": 0, "repr": first, "at": at}, "join_first"),
                          (join_msg(code, protocol=99), "protocol"), (join_msg(code, version="0.0.1"), "version")]:
            intruder = await Puppet.open(address)
            await intruder.send(msg)
            assert (await intruder.expect("refused"))["code"] == want
            with pytest.raises(ConnectionClosed):
                await intruder.recv()
        assert host.match.state is before and host.refused_total >= len(refusals) + 7
        await mover.send({"type": "act", "index": 0, "repr": first, "at": at})
        after_a, after_b = await a.expect("view"), await b.expect("view")
        assert after_a["at"] == after_b["at"] == 1 and host.match.decisions == 1
        assert after_a["log_from"] > 0            # only the new events travel
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(main()).status == "stopped"


def test_a_dropped_guest_comes_back_to_the_table_as_it_is():
    """A guest cut off by an oversized frame rejoins with its token and gets the table as it is now
    (the whole log again); the other connection of the same seat is closed; the game then ends."""
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "medium", "medium"], 5, lost_wait=STEP)
        a = await Puppet.open(address)
        await a.send(join_msg(code))
        welcome = await a.expect("welcome")
        await a.expect("view")
        await a.send("x" * 100_000)               # past the transport's limit: the host cuts it off
        with pytest.raises(ConnectionClosed):
            for _ in range(1000):
                await a.recv()
        await asyncio.sleep(0.05)
        assert 0 not in host.peers
        back = await Puppet.open(address)
        await back.send(join_msg(code, seat=0, token=welcome["token"]))
        again = await back.expect("welcome")
        assert again["token"] == welcome["token"] and again["seat"] == 0
        view = await back.expect("view")
        table = json.loads(dumps(seat_view(rules, host.codec, host.match.state, 0, host.match.decisions, 0)))
        assert view == table and view["log_from"] == 0
        twin = await Puppet.open(address)            # the same seat from a second connection takes over
        await twin.send(join_msg(code, seat=0, token=welcome["token"]))
        await twin.expect("welcome")
        with pytest.raises(ConnectionClosed):
            for _ in range(1000):
                await back.recv()
        # play the seat to the end: the first legal move each time
        for _ in range(2000):
            msg = await twin.recv()
            if msg["type"] == "view" and msg["over"]:
                break
            if msg["type"] == "view" and msg["legal"]:
                await twin.send({"type": "act", "index": 0, "repr": msg["legal"][0]["repr"], "at": msg["at"]})
        return host, await asyncio.wait_for(task, STEP * 3)

    host, result = run(main())
    assert result.status == "over" and host.match.over()


def test_a_lost_seat_goes_to_an_ai_after_its_wait_or_the_game_stops():
    rules = get_rules(GAMES[0])

    async def game(lost_ai):
        host, task, address, code = await start_host(rules, ["net", "net"], 3, lost_wait=0.3, lost_ai=lost_ai)
        gone = await Puppet.open(address)
        await gone.send(join_msg(code))
        await gone.expect("welcome")
        news = []
        stays = Guest(address, code, level="medium", on_message=news.append)
        playing = asyncio.ensure_future(stays.run())
        await gone.expect("view")
        await gone.close()                           # and never comes back
        result = await asyncio.wait_for(task, STEP * 3)
        if result.status == "over":
            await asyncio.wait_for(playing, STEP)
        else:
            with pytest.raises(GuestError):
                await asyncio.wait_for(playing, STEP * 2)
        return result, [m.get("code") for m in news if m["type"] == "info"]

    result, codes = run(game("medium"))
    assert result.status == "over" and "seat_lost" in codes and "seat_to_ai" in codes
    result, codes = run(game(None))
    assert result.status == "abandoned" and result.missing == [0] and "stopped" in codes


def test_a_host_without_its_guests_does_not_start():
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "medium"], 3, join_wait=0.3)
        return await asyncio.wait_for(task, STEP)

    result = run(main())
    assert result.status == "no_guests" and result.missing == [0] and result.decisions == 0


def test_a_guest_with_a_wrong_code_stops_with_words():
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "medium"], 3, join_wait=STEP)
        with pytest.raises(GuestError, match="wrong join code"):
            await Guest(address, "NOPE99", level="medium").run()
        with pytest.raises(GuestError, match="cannot reach"):
            await Guest("ws://127.0.0.1:9", code, level="medium", open_timeout=2).run()
        host.stop()
        return await asyncio.wait_for(task, STEP)

    assert run(main()).status == "stopped"


def test_a_host_needs_every_seat_played():
    rules = get_rules(GAMES[0])
    seats = [Seat("A", rules.seat_colors[0], "human"), Seat("B", rules.seat_colors[1], "human")]
    from game.net.host import Host
    with pytest.raises(ValueError):
        Host(rules, seats, [0], 1)        # seat 2: a person at a screen the headless host does not have
    with pytest.raises(ValueError):
        Host(rules, [Seat("A", rules.seat_colors[0], "medium"), seats[1]], [0], 1)


def test_the_guest_limit_is_below_the_transport_limit():
    from game.net.protocol import GUEST_TRANSPORT_MAX
    assert GUEST_MAX_BYTES < GUEST_TRANSPORT_MAX
