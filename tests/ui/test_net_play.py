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
    moves = 0
    deadline = time.monotonic() + LIMIT
    while moves < 6 and time.monotonic() < deadline:
        for table in (host, guest):
            table.update(16)
            ctx = table.context()
            if ctx.human_turn and ctx.legal:
                assert table.submit(ctx.legal[0])
                moves += 1
        app.frame(16)
        time.sleep(0.005)
    assert moves >= 6
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
