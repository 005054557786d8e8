"""Issue 20: what the engine remembers belongs to the rules object, not to a module (the drawing
thread and the AI thread share the engine), and fields are read by name."""
import threading

from game.games.micropolis import data, rules, scoring
from game.games.micropolis.data import PORTS, get_data
from game.games.micropolis.state import Anthill

from tests.games.random_play import played

from .util import R, ring, seats, tile


def test_no_module_keeps_a_cache():
    assert not hasattr(scoring, "_SCORERS") and not hasattr(data, "_CACHE")
    assert get_data() is R.data is rules.get_rules().data


def test_the_rules_object_owns_the_scorer_of_each_tile_set():
    assert scoring.scorer(R.data.tiles, R.c) is R.scorer is R.scorer_for(R.data.tiles, R.c)
    few = {"L": tile("L", (["Li", "Ri"], 1))}
    sc = scoring.scorer(few, R.c)
    assert sc is R.scorer_for(few, R.c) and sc is not R.scorer
    assert scoring.own_lines(ring(["L"] * 4), 0, (), few, R.c, sc)["population"] == 4


def test_the_actions_unpack_anthills_in_their_field_order():
    # rules.py unpacks an Anthill into named locals and rebuilds it in this order
    assert Anthill._fields == ("owner", "slots", "left", "count", "army", "full", "architects")


def test_ports_are_named_and_agree_with_port_seg():
    for t in R.data.tiles.values():
        assert t.ps == (t.ps.li, t.ps.lo, t.ps.ri, t.ps.ro) == tuple(t.port_seg[p] for p in PORTS)


def events_and_sheets(seed, n, expert):
    game = played(R, seats(n), seed, {"expert": expert})
    end = game[-1][0]
    return (end.log.to_list(), [sh.to_record() for sh in R.score_sheets(end)],
            [[x.full for x in R.legal_actions(s)] for s, _ in game if s.phase == "sentry"])


def test_two_threads_playing_at_once_see_what_one_thread_sees():
    cases = [(seed, n, expert) for seed in range(3) for n, expert in ((2, False), (5, False), (3, True))]
    alone = {c: events_and_sheets(*c) for c in cases}
    for table in (R._takes, R._sentry_lists, R._payments):   # the threads fill them afresh
        table.clear()
    got, problems = {}, []

    def play(part):
        try:
            for c in part:
                got[c] = events_and_sheets(*c)
        except Exception as e:   # pragma: no cover - shown by the assert below
            problems.append(e)

    threads = [threading.Thread(target=play, args=(cases[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not problems and got == alone
