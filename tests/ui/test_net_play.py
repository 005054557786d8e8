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
    frames_until(app, lambda: (guest.update(16) or True) and guest.last_at == host.host.match.decisions
                 and guest.cursor == len(guest.states) - 1)
    # the guest's table is its seat's observation of the host's match, its log from the events
    rules = host.rules
    seen = rules.observe(host.host.match.state, 1)
    assert guest.state.log.to_list() == seen.log.to_list()
    assert guest.log_lines and not guest.can_undo()
    guest.undo()                    # the guest's seat is not to move: nothing of its own to take back
    assert guest.message.startswith("Nothing to undo") and guest.undo_asked is None
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
    decided = host.host.match.decisions
    from game.scenes.select import SelectScene
    app.scenes.reset(SelectScene(app))
    app.frame(16)
    assert resume(app, SaveInfo(slot, rec, 0.0), app.scenes.top)
    again = app.scenes.top
    assert isinstance(again, HostScene) and again.resumed and again.host.match.decisions == decided
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
    frames_until(app, lambda: len(replay_of(slot)) - 1 == again.host.match.decisions)
    assert read_record(slot).net == [1] and len(replay_of(slot)) - 1 == again.host.match.decisions
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


def play_to_the_end(app, guest, also, host=None):
    """The guest plays its first legal move whenever it is to move, until its game is over and shown
    to its last move and ``also()`` holds (the host's window updated too, when given)."""
    deadline = time.monotonic() + LIMIT
    while not (guest.over() and guest.cursor == len(guest.states) - 1 and also()):
        assert time.monotonic() < deadline, "the game did not end in time"
        if host is not None:
            host.update(16)
        guest.update(16)
        ctx = guest.context()
        if ctx.human_turn and ctx.legal:
            assert guest.submit(ctx.legal[0])
        app.frame(16)
        time.sleep(0.002)


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
    play_to_the_end(app, guest, lambda: guest.guest.kept is not None)
    rules, end = host.rules, host.host.match.state
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
    assert len(res.history) == host.host.match.decisions + 1 and "replay" in [b.action for b in res.buttons]
    for _n in range(40):
        app.frame(16)
    res.draw(pygame.Surface((1280, 720)))
    res._do("replay")                                           # Watch: the whole game, from the record
    watch = app.scenes.top
    assert isinstance(watch, PlayScene) and watch.replay and len(watch.states) == host.host.match.decisions + 1
    watch.draw(pygame.Surface((1280, 720)))
    host.stop()


def play_until_undoable(app, tables, target):
    """Both tables play their first legal moves until ``target`` may take its move back (bounded)."""
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        for table in tables:
            table.update(16)
        if target.can_undo():
            return
        for table in tables:
            ctx = table.context()
            if ctx.human_turn and ctx.legal:
                assert table.submit(ctx.legal[0])
                break
        app.frame(16)
        time.sleep(0.005)
    raise AssertionError("no move to take back came")


def test_a_guest_asks_to_take_back_a_move_and_the_host_answers(app, tmp_path):
    """The guest's Undo asks the host; the host's table asks its player ("P1 asks to take back a move":
    Allow / Refuse). Refused: the guest's table says so and nothing changed. Allowed: both tables go
    back to before the move and their logs say who took it back. A seat at the host's screen takes
    back its own move without asking anyone."""
    from game.scenes.net_play import GuestTable
    host = host_scene(app, "micropolis", ("human", "net"))
    join(app, host.address, host.code)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    tables = (host, guest)
    play_until_undoable(app, tables, guest)
    before = host.host.match.decisions
    guest.undo()
    assert guest.undo_asked == guest.last_at and "host" in guest.message and not guest.can_undo()
    frames_until(app, lambda: (host.update(16) or True) and host.dialog is not None)
    assert host.dialog.title == "Take back a move?" and host.dialog.body.startswith("P1 asks to take back a move.")
    surf = pygame.Surface((1280, 720))
    host.draw(surf)
    pygame.image.save(surf, str(tmp_path / "host-asked.png"))
    refuse = [b for b in host.dialog.buttons if b.action == "refuse"][0]
    host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=refuse.rect.center))
    assert host.dialog is None
    frames_until(app, lambda: (guest.update(16) or True) and guest.undo_asked is None)
    assert guest.message == "The host did not allow taking the move back."
    assert host.host.match.decisions == before and guest.last_at == before
    guest.draw(surf)
    pygame.image.save(surf, str(tmp_path / "guest-refused.png"))
    # the next chance: allowed
    ctx = guest.context()
    assert guest.submit(ctx.legal[0])
    play_until_undoable(app, tables, guest)
    before, states = host.host.match.decisions, len(guest.states)
    guest.undo()
    frames_until(app, lambda: (host.update(16) or True) and host.dialog is not None)
    host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    frames_until(app, lambda: (guest.update(16) or True) and guest.last_at == before - 1)
    frames_until(app, lambda: (host.update(16) or True) and len(host.states) == before)
    assert host.host.match.decisions == before - 1 and len(guest.states) == states - 1
    assert guest.cursor == len(guest.states) - 1 and guest.undo_asked is None and not guest.message
    rules = host.rules
    assert guest.state.log.to_list() == rules.observe(host.host.match.state, 1).log.to_list()
    assert host.state is host.host.match.state
    frames_until(app, lambda: (guest.update(16) or host.update(16) or True)
                 and "P1 took back a move." in [ln for ln, _c in guest.log_lines]
                 and "P1 took back a move." in [ln for ln, _c in host.log_lines])
    guest.draw(surf)
    pygame.image.save(surf, str(tmp_path / "guest-taken-back.png"))
    # the host's own seat: no one is asked
    play_until_undoable(app, tables, host)
    before = host.host.match.decisions
    host.undo()
    frames_until(app, lambda: (host.update(16) or True) and host.host.match.decisions == before - 1
                 and len(host.states) == before)
    frames_until(app, lambda: (guest.update(16) or True) and guest.last_at == before - 1)
    assert host.dialog is None
    host.stop()
    guest.stop()


def test_two_people_at_one_guest_screen_hand_over_as_hot_seat_does(app, tmp_path):
    """Players at this screen: 2 takes two seats through one connection. The guest's table plays both
    and hands over between them as hot seat does: with hidden tiles (It Happens' face-down tiles)
    nobody's are shown unless the player to move holds V; the table shows the observation of the seat
    to move, as the host's match gives it."""
    from game.scenes.net_play import GuestTable, JoinScene
    host = host_scene(app, "it_happens", ("human", "net", "net"))
    js = JoinScene(app)
    app.scenes.push(js)
    app.frame(16)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=js.more_btn.rect.center))
    app.frame(16)
    assert js.players == 2
    surf = pygame.Surface((1280, 720))
    js.draw(surf)
    pygame.image.save(surf, str(tmp_path / "join-two.png"))
    type_text(app, host.address)
    key(app, pygame.K_TAB)
    type_text(app, host.code)
    key(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    assert guest.local == [1, 2] and guest.guest.mine == [1, 2] and host.host.started
    assert guest.private_info()
    rules = host.rules
    turns = set()
    deadline = time.monotonic() + LIMIT
    while len(turns) < 2 or guest.context().to_move not in (1, 2):
        assert time.monotonic() < deadline, "the guest's seats did not both come to move"
        for table in (host, guest):
            table.update(16)
        ctx = guest.context()
        if ctx.human_turn and guest.cursor == len(guest.states) - 1 and guest.last_at == host.host.match.decisions:
            turns.add(ctx.to_move)
            seen = rules.observe(host.host.match.state, ctx.to_move)
            assert host.host.codec.encode_state(guest.state) == host.host.codec.encode_state(seen)
            assert ctx.viewer is None                    # hidden tiles stay hidden between this screen's players
            guest.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
            assert guest.context().viewer == ctx.to_move  # the player to move peeks at their own
            guest.draw(surf)
            pygame.image.save(surf, str(tmp_path / f"guest-seat{ctx.to_move}-peeking.png"))
            guest.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0, unicode="v", scancode=0))
            assert guest.context().viewer is None
            if len(turns) == 2:
                break
            assert guest.submit(ctx.legal[0])
        else:
            hctx = host.context()
            if hctx.human_turn and hctx.legal:
                assert host.submit(hctx.legal[0])
        app.frame(16)
        time.sleep(0.005)
    assert turns == {1, 2}
    guest.draw(surf)
    pygame.image.save(surf, str(tmp_path / "guest-two-seats.png"))
    host.stop()
    guest.stop()


def test_play_again_takes_the_guests_into_the_next_game(app, tmp_path):
    """The host's results offer Play again at the same table; the guest's results say they wait for
    the host (a disabled first button) and follow into the next game by themselves; Menu at the host
    closes the table, and the guest's results say so."""
    from game.scenes.net_play import GuestResults, GuestTable, HostResults, HostScene
    host = host_scene(app, "micropolis", ("easy", "net"))
    js = join(app, host.address, host.code)
    frames_until(app, lambda: isinstance(app.scenes.top, GuestTable))
    guest = app.scenes.top
    play_to_the_end(app, guest, lambda: host.over() and host.cursor == len(host.states) - 1, host)
    first = host.host.match
    guest.show_results()
    gres = app.scenes.top
    assert isinstance(gres, GuestResults) and gres.seed == 5
    gres.skip_animation()
    gres.update(16)
    wait = gres.buttons[0]
    assert wait.action == "wait" and not wait.enabled and wait.label == "Waiting for the host"
    surf = pygame.Surface((1280, 720))
    gres.draw(surf)
    pygame.image.save(surf, str(tmp_path / "guest-results-waiting.png"))
    # the host's results, in a stack of their own (one window each in real life)
    app.scenes.stack.remove(host)
    host.show_results()          # replace: the host's table is on top for that moment
    hres = app.scenes.top
    assert isinstance(hres, HostResults) and not host.runner.done
    app.scenes.stack.remove(hres)
    app.scenes.stack.append(gres)
    hres._do("again")            # replaces itself (the top) with the next game's table
    nxt = app.scenes.stack.pop()
    app.scenes.stack.append(gres)
    assert isinstance(nxt, HostScene) and nxt.host is host.host and nxt.address == host.address
    frames_until(app, lambda: (nxt.update(16) or True) and isinstance(app.scenes.top, GuestTable))
    guest2 = app.scenes.top
    assert guest2.game_no == 2 and guest2.guest is guest.guest
    frames_until(app, lambda: (nxt.update(16) or True) and nxt.started())
    assert nxt.host.match is not first and nxt.host.games == 2 and nxt.code == host.code
    play_moves(app, (nxt, guest2), 2)
    assert guest2.state.log.to_list() != []
    guest2.draw(surf)
    pygame.image.save(surf, str(tmp_path / "guest-next-game.png"))
    # the host leaves: the guest is told at its table
    nxt.stop()
    assert nxt.runner.join(15)
    frames_until(app, lambda: guest2.runner.done)
    guest2.stop()
    assert js is not None


def test_a_guest_results_screen_says_what_it_waits_for(app):
    from collections import deque
    from types import SimpleNamespace

    from game.core.rules import Seat
    from game.scenes.net_play import GuestResults
    from game.tools.autoplay import play_game
    rules = get_rules("micropolis")
    seats = [Seat(f"P{i}", rules.seat_colors[i], "easy") for i in range(2)]
    end = play_game(rules, seats, 3, {})
    guest = SimpleNamespace(rematch=True, games=1, seen=deque())
    runner = SimpleNamespace(done=False, cancelled=False)
    runner.cancel = lambda: setattr(runner, "cancelled", True)
    res = GuestResults(app, "micropolis", seats, 3, {}, end, guest=guest, runner=runner, game_no=1)
    app.scenes.push(res)
    res.skip_animation()
    assert res.buttons[0].label == "Waiting for the host" and not res.buttons[0].enabled
    guest.games = 2                       # the host started the next game; not every player is back yet
    assert res.update(16) and res.buttons[0].label == "Next game starting"
    runner.done = True
    assert res.update(16) and res.buttons[0].label == "The host has left"
    res.draw(pygame.Surface((1280, 720)))
    res._do("wait")                       # not a button to press
    assert app.scenes.top is res
    res._do("menu")
    assert runner.cancelled and type(app.scenes.top).__name__ == "SelectScene"
