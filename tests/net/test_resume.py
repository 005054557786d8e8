"""A hosted game is saved after every decision with its network seats marked; a host stopped
mid-game opens the table again from its save (a new code), a guest takes its seat back by name
(a join without one is offered the free seats), the game ends and its record replays. The news
of a network seat (lost, back) reaches the host's own table too. Loopback only; every wait bounded."""
import asyncio

import pytest

from game.core.match import bot_seed
from game.core.record import load_game, read_record, replay
from game.games import available_games, get_rules
from game.net.guest import Guest, GuestError
from game.net.host import Host
from game.net.protocol import free_seats
from tests.net.helpers import STEP, Puppet, join_msg, run, serve, start_host, table

GAMES = available_games()
SEED = 424242


@pytest.mark.parametrize("game", GAMES)
def test_a_stopped_host_resumes_from_its_save_and_the_game_ends(game, tmp_path):
    rules = get_rules(game)
    path = tmp_path / "hosted.yaml"
    kinds = ["net", "medium", "net"]

    async def first_part():
        host, task, address, code = await start_host(rules, kinds, SEED, record_path=path)
        stopped = asyncio.Event()

        def watch(msg):
            if msg["type"] == "view" and host.match.decisions >= 8 and not stopped.is_set():
                stopped.set()
                host.stop()

        gs = [Guest(address, code, level="medium", seat=p, ai_seed=bot_seed(SEED, p), on_message=watch, retries=0)
              for p in (0, 2)]
        out = await asyncio.gather(task, *[g.run() for g in gs], return_exceptions=True)
        return host, out

    host, (result, *_guests) = run(first_part())
    assert result.status == "stopped" and result.save_error is None
    decided = host.match.decisions
    rec = read_record(path)
    assert rec.net == [0, 2] and rec.final is None
    assert [s.kind for s in rec.seats][:3] == ["human", "medium", "human"]

    rec, states = load_game(rules, path)
    assert len(states) - 1 == decided

    async def second_part():
        again = Host(rules, rec.seats, rec.net, rec.seed, rec.options, states=states, record_path=path,
                     join_wait=STEP)
        task, address, code = await serve(again)
        nameless = Guest(address, code, level=None, retries=0)
        with pytest.raises(GuestError, match="P0, P2"):
            await nameless.run()
        assert nameless.choices == [(0, "P0"), (2, "P2")] and nameless.refused == ["pick_seat"]
        gs = [Guest(address, code, level="medium", name=n, ai_seed=bot_seed(SEED, p))
              for p, n in ((2, " p2 "), (0, "P0"))]
        return again, await asyncio.gather(task, *[g.run() for g in gs])

    again, (result, *guest_results) = run(second_part())
    assert result.status == "over"
    assert sorted(g.seat for g in guest_results) == [0, 2] and all(g.over for g in guest_results)
    end = read_record(path)
    assert end.final is not None and end.net == [0, 2]
    done = replay(rules, end)
    assert done[-1].log.to_list() == again.match.state.log.to_list()
    assert done[decided].log.to_list() == states[-1].log.to_list()     # the first part, as it was


def test_a_resumed_table_offers_its_free_seats_by_name(tmp_path):
    rules = get_rules(GAMES[0])
    seats = table(rules, ["net", "net"])
    states = [rules.new_game(seats, 3, {})]

    async def main():
        host = Host(rules, seats, [0, 1], 3, {}, states=states, join_wait=STEP)
        task, address, code = await serve(host)
        a = await Puppet.open(address)
        await a.send(join_msg(code, name="Nobody"))
        refused = await a.expect("refused")
        assert refused["code"] == "pick_seat" and free_seats(refused) == [(0, "P0"), (1, "P1")]
        b = await Puppet.open(address)
        await b.send(join_msg(code, name="p1"))
        assert (await b.expect("welcome"))["seat"] == 1
        c = await Puppet.open(address)
        await c.send(join_msg(code, name="P1"))
        assert (await c.expect("refused"))["code"] == "seat_taken"
        d = await Puppet.open(address)
        await d.send(join_msg(code, name="x" * 41))
        assert (await d.expect("refused"))["code"] == "schema"
        host.stop()
        await asyncio.wait_for(task, STEP)

    run(main())


def test_the_host_keeps_the_news_of_its_network_seats_for_its_own_table():
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net"], 9, join_wait=STEP, lost_wait=STEP)
        a, b = await Puppet.open(address), await Puppet.open(address)
        await a.send(join_msg(code))
        wa = await a.expect("welcome")
        await b.send(join_msg(code))
        await b.expect("welcome")
        await a.expect("view")
        await a.close()
        lost = await b.expect("info")
        assert lost["code"] == "seat_lost" and lost["seat"] == wa["seat"]
        a = await Puppet.open(address)
        await a.send(join_msg(code, seat=wa["seat"], token=wa["token"]))
        await a.expect("welcome")
        back = await b.expect("info")
        assert back["code"] == "seat_back"
        host.stop()
        await asyncio.wait_for(task, STEP)
        return host

    host = run(main())
    assert [(n["code"], n["seat"]) for n in host.news][:2] == [("seat_lost", 0), ("seat_back", 0)]
