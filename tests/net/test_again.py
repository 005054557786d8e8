"""Another game at the same table: a host that may play again (the host's window) keeps its guests
after the end; when it starts the next game (the same seats, a new deal) the guests still there
follow into it by themselves, a seat whose guest left is free for anyone with the code, and every
game has its own record. A headless host plays one game, and its guests leave at the end as before.
Loopback only; every wait bounded."""
import asyncio

from game.core.record import read_record, replay
from game.games import available_games, get_rules
from game.net.guest import Guest
from tests.net.helpers import GAME, STEP, run, start_host

GAMES = available_games()


async def until(cond, limit=GAME):
    """Wait (bounded) until ``cond()``."""
    for _n in range(int(limit / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_the_guests_follow_the_host_into_the_next_game(tmp_path):
    rules = get_rules("micropolis")
    first, second = tmp_path / "one.yaml", tmp_path / "two.yaml"

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net", "easy"], 5, record_path=first,
                                                     rematch=True, rematch_wait=STEP * 3)
        gs = [Guest(address, code, level="easy", seat=p, stays=True) for p in (0, 1)]
        runs = [asyncio.ensure_future(g.run()) for g in gs]
        await until(lambda: all(g.result is not None for g in gs))
        assert host.match.over() and not any(r.done() for r in runs)     # the guests stay at the table
        assert all(g.rematch and g.games == 1 and g.record.seed == 5 for g in gs)
        await asyncio.sleep(0.2)
        assert not task.done()                                          # the table waits for its host
        one = host.match
        host.again(host.next_match(77), second)
        await until(lambda: host.games == 2 and host.match.over())
        await until(lambda: all(g.games == 2 and g.result is not None for g in gs))
        assert host.match is not one
        host.stop()
        result = await asyncio.wait_for(task, STEP)
        return host, one, result, await asyncio.wait_for(asyncio.gather(*runs), STEP), gs

    host, one, result, results, gs = run(main())
    assert result.status == "over" and result.record == second
    for path, seed, match in ((first, 5, one), (second, 77, host.match)):
        rec = read_record(path)
        assert rec.seed == seed and rec.final is not None and rec.net == [0, 1]
        assert replay(rules, rec)[-1].log.to_list() == match.state.log.to_list()
    for g, r in zip(gs, results):
        assert r.over and g.record.seed == 77 and g.sent_at        # the second game's record
        assert r.winners == list(rules.winners(host.match.state))


def test_a_seat_left_after_the_end_is_free_for_a_newcomer_in_the_next_game():
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "net"], 9, rematch=True, rematch_wait=STEP * 3,
                                                     join_wait=STEP)
        stays = Guest(address, code, level="easy", seat=0, stays=True)
        leaves = Guest(address, code, level="easy", seat=1, stays=True)
        runs = [asyncio.ensure_future(stays.run()), asyncio.ensure_future(leaves.run())]
        await until(lambda: stays.result is not None and leaves.result is not None)
        runs[1].cancel()                                                # this player goes back to the menu
        await until(lambda: 1 not in host.peers)
        host.again(host.next_match(10))
        await until(lambda: host.games == 2 and stays.games == 2)
        assert not host.started and 1 not in host.tokens and 0 in host.tokens
        newcomer = Guest(address, code, level="easy")                   # the code, no seat asked for
        late = asyncio.ensure_future(newcomer.run())
        await until(lambda: host.games == 2 and host.match.over() and stays.result is not None)
        host.stop()
        result = await asyncio.wait_for(task, STEP)
        return host, result, await asyncio.wait_for(late, STEP), newcomer, stays

    host, result, late, newcomer, stays = run(main())
    assert result.status == "over" and late.seat == 1 and newcomer.games == 1 and stays.games == 2


def test_a_headless_host_plays_one_game_and_its_guests_leave_at_the_end():
    rules = get_rules(GAMES[0])

    async def main():
        host, task, address, code = await start_host(rules, ["net", "easy"], 4)
        g = Guest(address, code, level="easy", stays=True)
        result, gr = await asyncio.gather(task, g.run())
        return result, gr, g

    result, gr, g = run(main())
    assert result.status == "over" and gr.over and not g.rematch and g.games == 1
