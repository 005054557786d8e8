"""The network soak, short: one whole game of the two quick titles on the loopback, two guests playing by an
AI whose connections are cut abruptly two or three times a game; no move is lost (game/tools/net_soak.py
checks the record, a fresh replay, the count of decisions and each guest's last view)."""
import asyncio

from game.games import available_games
from game.tools.net_soak import soak


def test_a_short_soak_loses_no_move():
    # the two quick titles here; the bench (python -m game.tools.net_soak) plays all three for minutes
    games = [g for g in available_games() if g in ("it_happens", "micropolis")]
    lines = []
    tot = asyncio.run(asyncio.wait_for(soak(games, len(games), 60.0, 3, seed=20261207, least_cuts=2,
                                            say=lines.append), 60.0))
    assert tot["losses"] == [], "\n".join(lines + tot["losses"])
    assert tot["games"] == len(games) and sorted(r.game for r in tot["reports"]) == sorted(games)
    for r in tot["reports"]:
        assert 2 <= r.cuts <= 3 and r.reconnects >= r.cuts and r.decisions > 0, r.line()


def test_a_guest_cut_as_the_game_ends_comes_back_for_the_final_and_the_record():
    """The cut the soak found: a guest's socket goes just as the last decision is taken, the host's
    final view is written to a connection already dead; the host waits (bounded) for that seat, the
    guest joins again with its token and gets the final view and the record all the same."""
    from game.core.match import bot_seed
    from game.core.record import read_record, record_text
    from game.games import get_rules
    from game.tools.net_soak import SoakGuest
    from tests.net.helpers import run, start_host
    import tempfile
    from pathlib import Path

    rules = get_rules("micropolis")
    seed = 4242

    async def main(path):
        host, task, address, code = await start_host(rules, ["net", "net", "easy"], seed, record_path=path)
        gs = [SoakGuest(address, code, level="easy", seat=p, ai_seed=bot_seed(seed, p)) for p in (0, 1)]
        submit = host.match.submit
        cut = []

        def cutting(action, seat=None):
            events = submit(action, seat)
            if host.match.over() and gs[0].ws is not None:   # before the host sends the final view
                gs[0].ws.transport.abort()
                cut.append(host.match.decisions)
            return events
        host.match.submit = cutting
        out = await asyncio.gather(task, *[g.run() for g in gs])
        return host, gs, out, cut

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.yaml"
        host, gs, (result, *_rest), cut = run(main(path), 60.0)
        assert result.status == "over" and cut == [host.match.decisions]
        assert gs[0].reconnects >= 1
        text = record_text(read_record(path))
        for g in gs:
            assert g.result.over and g.record is not None and record_text(g.record) == text
            seen = rules.observe(host.match.state, g.seat)
            assert g.view.log.to_list() == seen.log.to_list()
