"""Tables on the local network: discovery is off in tests and CI (nothing of zeroconf imported or
started, by the host's or the join screen's code); the finder's listing, its bounded browses and
its refreshes, tested with a fake browser; an announcement never holds the join code. No traffic."""
import sys

import pygame
import pytest

from game.net import discovery
from game.net.discovery import Announcer, FoundTable, TableFinder, discovery_on, table_from


@pytest.mark.parametrize("env,on", [
    ({}, True), ({"CI": "true"}, False), ({"CI": ""}, False), ({"ANTHOLOGY_NO_DISCOVERY": "1"}, False),
    ({"ANTHOLOGY_NO_DISCOVERY": "0"}, True), ({"PYTEST_CURRENT_TEST": "x"}, False),
])
def test_discovery_is_off_in_ci_and_when_asked(env, on):
    assert discovery_on(env) is on


def test_discovery_is_off_in_this_test_run():
    assert not discovery_on()


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


class FakeBrowser:
    """What a browse of the network would report, told by the test."""

    made: list = []

    def __init__(self, found, gone):
        self.found, self.gone, self.cancelled = found, gone, False
        FakeBrowser.made.append(self)

    def cancel(self):
        self.cancelled = True


def props(game="micropolis", table="Ann"):
    return {b"game": game.encode(), b"table": table.encode(), b"v": b"1", b"p": b"1"}


def test_the_listing_comes_from_the_browser_checked_and_bounded_in_time():
    FakeBrowser.made = []
    clock = Clock()
    finder = TableFinder(FakeBrowser, clock=clock, browse_seconds=4, refresh_seconds=20, max_refreshes=2).start()
    b = FakeBrowser.made[-1]
    assert finder.browsing
    b.found("Ann._anthology._tcp.local.", props(table="Ann"), ["192.168.1.20"], 50123)
    b.found("Zed._anthology._tcp.local.", props(table="Zoë  Quinn"), ["fe80::1", "10.0.0.7"], 7000)
    for bad in (props(game="no such game!"), props(table=""), props(table="x" * 41), {b"table": b"Ann"},
                props(table="bad\x00name")):
        b.found("Bad._anthology._tcp.local.", bad, ["192.168.1.21"], 1234)
    b.found("NoAddr._anthology._tcp.local.", props(), ["not an address"], 1234)
    b.found("NoPort._anthology._tcp.local.", props(), ["192.168.1.22"], 0)
    tables = finder.tables()
    assert [(t.name, t.address) for t in tables] == [("Ann", "ws://192.168.1.20:50123"),
                                                     ("Zoë Quinn", "ws://10.0.0.7:7000")]
    b.gone("Zed._anthology._tcp.local.")
    assert [t.name for t in finder.tables()] == ["Ann"]
    clock.t += 3.9
    assert not finder.poll() and not b.cancelled
    clock.t += 0.2                       # the browse ends in time
    assert finder.poll() and b.cancelled and not finder.browsing
    clock.t += 16                        # the next browse, 20 s after the last began
    assert finder.poll() and len(FakeBrowser.made) == 2 and finder.browsing
    clock.t += 5                         # Ann was not seen again in a whole browse: gone
    finder.poll()
    assert finder.tables() == []
    finder.refresh()                     # Look again (at once)
    assert len(FakeBrowser.made) == 3 and FakeBrowser.made[1].cancelled
    for _n in range(10):                 # refreshes are bounded in number
        clock.t += 30
        finder.poll()
    assert len(FakeBrowser.made) <= 4
    finder.close()
    assert all(b.cancelled for b in FakeBrowser.made) and not finder.poll()


def test_a_browser_that_cannot_start_leaves_an_empty_list():
    def broken(found, gone):
        raise OSError("no multicast here")

    finder = TableFinder(broken, clock=Clock()).start()
    assert finder.tables() == [] and not finder.browsing and "multicast" in finder.error


def test_the_listing_is_bounded_in_size():
    FakeBrowser.made = []
    finder = TableFinder(FakeBrowser, clock=Clock()).start()
    for i in range(100):
        FakeBrowser.made[-1].found(f"T{i}._anthology._tcp.local.", props(table=f"T{i}"), ["192.168.1.2"], 1000 + i)
    assert len(finder.tables()) == discovery.MAX_TABLES


def test_an_announcement_holds_the_game_and_the_table_name_never_the_code():
    told = []

    def register(properties, address, port):
        told.append((dict(properties), address, port))
        return lambda: told.append("withdrawn")

    a = Announcer("micropolis", "Ann", 50123, "192.168.1.20", register=register, version="1.0", protocol=1).start()
    a.thread.join(5)
    a.close()
    for _n in range(100):
        if "withdrawn" in told:
            break
        import time
        time.sleep(0.01)
    assert told[0] == ({"game": "micropolis", "table": "Ann", "v": "1.0", "p": "1"}, "192.168.1.20", 50123)
    assert told[-1] == "withdrawn"
    t = table_from("k", told[0][0], [told[0][1]], told[0][2])
    assert t == FoundTable("k", "micropolis", "Ann", "192.168.1.20", 50123)


def test_with_discovery_off_nothing_of_zeroconf_is_imported_or_started(monkeypatch):
    """A host's table (listening on every interface, as a window's host does) and the join screen,
    with the environment variable CI set: no announcer, no finder, no zeroconf module loaded."""
    from game.tools.headless import headless_app
    for name in [n for n in sys.modules if n == "zeroconf" or n.startswith("zeroconf.")]:
        monkeypatch.delitem(sys.modules, name)
    tried = []

    class Spy:
        def find_spec(self, name, path=None, target=None):
            if name == "zeroconf" or name.startswith("zeroconf."):
                tried.append(name)
                raise ImportError("zeroconf must not be imported with discovery off")
            return None

    monkeypatch.setattr(sys, "meta_path", [Spy(), *sys.meta_path])
    monkeypatch.setenv("CI", "true")
    monkeypatch.delenv("ANTHOLOGY_NO_DISCOVERY", raising=False)
    app = headless_app((1280, 720))
    app.headless = False                 # as in a window: only the environment turns discovery off
    try:
        from game.core.rules import Seat
        from game.games import get_rules
        from game.scenes.net_play import HostScene, JoinScene
        rules = get_rules("micropolis")
        seats = [Seat("Ann", rules.seat_colors[0], "human"), Seat("Bruno", rules.seat_colors[1], "human")]
        host = HostScene(app, "micropolis", seats, [1], 5, {}, bind="127.0.0.1")
        app.scenes.push(host)
        import time
        deadline = time.monotonic() + 10
        while host.address is None and time.monotonic() < deadline:
            app.frame(16)
            time.sleep(0.01)
        host.bind = "0.0.0.0"            # announce would be tried now, were discovery on
        host.update(16)
        join = JoinScene(app)
        join.update(16)
        join.draw(pygame.Surface((1280, 720)))
        assert host.announcer is None and join.finder is None
        host.stop()
        host.runner.join(10)
    finally:
        app.headless = True
        pygame.quit()
    assert tried == [] and not any(n == "zeroconf" or n.startswith("zeroconf.") for n in sys.modules)
