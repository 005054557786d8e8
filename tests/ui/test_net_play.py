"""Host and join from the menu: a host scene and a join scene in one process on the loopback play a
few moves (AI seats fill the rest); a wrong code is refused in words; the join scene's frames never
wait on the network. Every wait is bounded; traffic is loopback only; no LAN discovery."""
import time

import pygame
import pytest

from game.core.rules import Seat
from game.games import get_rules
from game.tools.headless import headless_app

LIMIT = 60.0     # seconds any one test may wait for the network


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    yield a
    for sc in list(a.scenes.stack):
        stop = getattr(sc, "stop", None)
        if stop is not None:
            stop()
    pygame.quit()


def frames_until(app, cond, limit=LIMIT):
    """Run frames (16 ms each) until ``cond()``; every frame must come back quickly."""
    deadline = time.monotonic() + limit
    while not cond():
        t0 = time.monotonic()
        app.frame(16)
        assert time.monotonic() - t0 < 2.0, "a frame waited on the network"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def host_scene(app, game="micropolis", kinds=("human", "net")):
    from game.scenes.net_play import HostScene
    rules = get_rules(game)
    seats = [Seat(f"P{i}", rules.seat_colors[i], "human" if k == "net" else k) for i, k in enumerate(kinds)]
    net = [i for i, k in enumerate(kinds) if k == "net"]
    host = HostScene(app, game, seats, net, 5, {}, bind="127.0.0.1")
    app.scenes.push(host)
    frames_until(app, lambda: host.address is not None)
    assert host.address.startswith("ws://127.0.0.1:")
    return host


def type_text(app, text):
    for ch in text:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def key(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def join(app, address, code):
    from game.scenes.net_play import JoinScene
    js = JoinScene(app)
    app.scenes.push(js)
    type_text(app, address)
    key(app, pygame.K_TAB)
    type_text(app, code)
    key(app, pygame.K_RETURN)
    return js


def test_menu_opens_host_setup_and_join(app):
    app.frame(16)
    sel = app.scenes.top
    sel._activate("host")
    sel._open(1)
    setup = app.scenes.top
    assert type(setup).__name__ == "SetupScene" and setup.network and "network" in setup.kinds
    app.scenes.pop()
    sel._activate("join")
    assert type(app.scenes.top).__name__ == "JoinScene"


def test_host_and_guest_play_a_few_moves_on_the_loopback(app):
    """The host plays seat 0 at its screen, the guest seat 1 through the join scene; both tables
    follow the one match; clicks (here: submit) go through the host."""
    host = host_scene(app, "micropolis", ("human", "net", "medium"))
    from game.scenes.net_play import GuestTable
    join(app, host.address, host.code.lower())
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    assert host.host.started
    play_moves(app, (host, guest), 6)
    frames_until(app, lambda: (guest.update(16) or True) and guest.last_at == host.match.decisions
                 and guest.cursor == len(guest.states) - 1)
    # the guest's table is its seat's observation of the host's match, its log from the events
    rules = host.rules
    seen = rules.observe(host.match.state, 1)
    assert guest.state.log.to_list() == seen.log.to_list()
    assert guest.log_lines and not guest.can_undo()
    guest.undo()
    assert "network" in guest.message
    surf = pygame.Surface((1280, 720))
    guest.draw(surf)
    host.draw(surf)


def test_a_wrong_code_is_refused_in_words(app):
    host = host_scene(app)
    js = join(app, host.address, "WRONG1")
    frames_until(app, lambda: js.runner is None and js.message)
    assert "code" in js.message and type(app.scenes.top).__name__ == "JoinScene"


def test_the_join_scene_never_waits_on_the_network(app):
    """A host that never answers (a listening socket that accepts nothing): frames keep coming."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        js = join(app, f"127.0.0.1:{port}", "ABCDEF")
        n = 0
        t0 = time.monotonic()
        while n < 30:
            t = time.monotonic()
            app.frame(16)
            assert time.monotonic() - t < 0.5
            n += 1
        assert js.connecting() and time.monotonic() - t0 < 15
        js.leave()


def play_moves(app, tables, n):
    moves = 0
    deadline = time.monotonic() + LIMIT
    while moves < n and time.monotonic() < deadline:
        for table in tables:
            table.update(16)
            ctx = table.context()
            if ctx.human_turn and ctx.legal:
                assert table.submit(ctx.legal[0])
                moves += 1
        app.frame(16)
        time.sleep(0.005)
    assert moves >= n


def test_a_hosted_game_is_saved_resumed_as_a_table_and_the_guest_takes_its_seat_by_name(app, monkeypatch):
    """The host's game has a save slot (its network seat marked); the host leaves; Continue opens the
    save as a hosted table with a new code; the guest's join is offered the free seat by name, takes
    it and plays on; a guest that drops is told on the host's table, in words."""
    from game.core.record import read_record
    from game.core.saves import SaveInfo
    from game.scenes.net_play import GuestTable, HostScene
    from game.scenes.saves import resume
    monkeypatch.setenv("ANTHOLOGY_NO_DISCOVERY", "1")
    host = host_scene(app, "micropolis", ("human", "net"))
    join(app, host.address, host.code)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    play_moves(app, (host, guest), 4)
    host.stop()
    assert host.runner.join(15)
    guest.stop()
    slot = host.slot
    rec = read_record(slot)
    assert rec.net == [1] and rec.final is None and slot.parent.name == "saves"
    decided = host.match.decisions
    from game.scenes.select import SelectScene
    app.scenes.reset(SelectScene(app))
    app.frame(16)
    assert resume(app, SaveInfo(slot, rec, 0.0), app.scenes.top)
    again = app.scenes.top
    assert isinstance(again, HostScene) and again.resumed and again.match.decisions == decided
    frames_until(app, lambda: again.address is not None)
    assert again.code != host.code
    surf = pygame.Surface((1280, 720))
    again.draw(surf)
    js = join(app, again.address, again.code)
    frames_until(app, lambda: js.choices)
    assert js.choices == [(1, "P1")]
    js.draw(surf)
    b = js.choice_btns[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=b.rect.center))
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    assert guest.guest.seat == 1 and again.host.started
    play_moves(app, (again, guest), 2)
    # the host saves in the background: the save catches up with the table (bounded wait)
    frames_until(app, lambda: len(replay_of(slot)) - 1 == again.match.decisions)
    assert read_record(slot).net == [1] and len(replay_of(slot)) - 1 == again.match.decisions
    # the guest drops: the host's table tells it in its log
    guest.stop()
    frames_until(app, lambda: (again.update(16) or True) and any("P1" in line and "connection" in line
                                                                   for line, _c in again.log_lines))
    again.stop()


def replay_of(path):
    from game.core.record import load_game
    for _n in range(200):       # the host writes in a thread of its own: the newest save lands soon
        try:
            return load_game(None, path)[1]
        except Exception:
            time.sleep(0.02)
    raise AssertionError("the save did not load")


def test_news_of_a_network_seat_is_a_line_in_a_guest_table_log(app):
    from game.scenes.net_play import GuestTable, news_words
    host = host_scene(app, "micropolis", ("human", "net", "medium"))
    join(app, host.address, host.code)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    before = len(guest.log_lines)
    guest.guest.news.append({"type": "info", "code": "seat_to_ai", "text": "", "seat": 0, "level": "medium"})
    guest.guest.news.append({"type": "info", "code": "seat_lost", "text": "", "seat": 99})   # no such seat: not told
    guest.update(16)
    lines = [line for line, _c in guest.log_lines[before:]]
    assert lines == [news_words({"code": "seat_to_ai", "seat": 0, "level": "medium"}, guest.seats)]
    assert "P0" in lines[0]
    guest._rebuild_log()                 # a language change keeps the line, in its place
    assert lines[0] in [line for line, _c in guest.log_lines]
    guest.log.hovered = len(guest.log_lines) - 1
    guest.draw(pygame.Surface((1280, 720)))
    host.stop()
    guest.stop()


def test_the_setting_turns_lan_discovery_off(app, monkeypatch):
    """Settings -> Find tables on the local network: off, Join a table never starts a finder even
    where discovery is allowed (a fake finder stands in for zeroconf: no packet is sent)."""
    import game.net.discovery as D
    from game.scenes.net_play import JoinScene
    started = []

    class FakeFinder:
        def start(self):
            started.append(self)
            return self

        def poll(self):
            return False

        def close(self):
            pass
    monkeypatch.setattr(D, "discovery_on", lambda env=None: True)
    monkeypatch.setattr(D, "TableFinder", FakeFinder)
    monkeypatch.setattr(app, "headless", False)
    app.settings.set("lan_discovery", False)
    assert JoinScene(app).finder is None and started == []
    app.settings.set("lan_discovery", True)
    assert JoinScene(app).finder is started[0]


def test_at_the_end_the_guest_sees_the_real_results_and_keeps_the_finished_game(app):
    """A whole hosted game: the guest's table ends on the results (the scores and winners of its final
    view, the game's own seed and every state from the host's record, not a replay with seed 0); the
    guest keeps the record under finished/, History lists it, and Watch replays it."""
    from game.core.record import read_record
    from game.core.saves import finished_dir, finished_games
    from game.scenes.net_play import GuestTable
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    host = host_scene(app, "micropolis", ("easy", "net"))
    join(app, host.address, host.code)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    deadline = time.monotonic() + LIMIT
    while not (guest.over() and guest.cursor == len(guest.states) - 1 and guest.guest.kept is not None):
        assert time.monotonic() < deadline, "the game did not end in time"
        guest.update(16)
        ctx = guest.context()
        if ctx.human_turn and ctx.legal:
            assert guest.submit(ctx.legal[0])
        app.frame(16)
        time.sleep(0.002)
    rules, end = host.rules, host.match.state
    kept = guest.guest.kept
    assert kept.parent == finished_dir() and kept.stat().st_size > 0
    rec = read_record(kept)
    assert rec.seed == 5 and rec.final is not None and rec.net == [1]
    assert any(f.path == kept for f in finished_games())     # History lists it
    guest.show_results()
    res = app.scenes.top
    assert isinstance(res, ResultsScene)
    assert res.seed == 5 and res.state is guest.state
    assert [sh.to_record() for sh in res.sheets] == [sh.to_record() for sh in rules.score_sheets(end)]
    assert list(res.winners) == list(rules.winners(end))
    assert len(res.history) == host.match.decisions + 1 and "replay" in [b.action for b in res.buttons]
    for _n in range(40):
        app.frame(16)
    res.draw(pygame.Surface((1280, 720)))
    res._do("replay")                                           # Watch: the whole game, from the record
    watch = app.scenes.top
    assert isinstance(watch, PlayScene) and watch.replay and len(watch.states) == host.match.decisions + 1
    watch.draw(pygame.Surface((1280, 720)))
    host.stop()
