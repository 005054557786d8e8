"""Tables on the local network (zeroconf / mDNS-SD): a host announces its table, "Join a table"
lists the tables it finds, and picking one fills in the address. The join code is never announced:
a guest still types it.

The service is ``_anthology._tcp.local.``; its TXT properties are the game's id (``game``), the
table's name as the host's screen shows it (``table``, a player's name), the program's version
(``v``) and the protocol (``p``). Nothing else.

Discovery is off (``discovery_on()`` False) whenever the environment variable ``CI`` is set, when
``ANTHOLOGY_NO_DISCOVERY=1``, and inside a test run (pytest sets ``PYTEST_CURRENT_TEST``): then no
announcer or finder is made, and zeroconf is never imported. Every wait here is bounded: a browse
lasts ``BROWSE_SECONDS``, is repeated every ``REFRESH_SECONDS`` at most ``MAX_REFRESHES`` times, and
each table found is resolved within ``RESOLVE_MS``. Nothing here blocks a frame: registering,
resolving and closing happen in threads of their own (or zeroconf's).

The finder takes its browser from a factory, ``make_browser(found, gone) -> object with cancel()``,
so the listing is tested with a fake browser and no network at all.
"""
from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import Callable, Mapping

SERVICE = "_anthology._tcp.local."
BROWSE_SECONDS = 4.0
REFRESH_SECONDS = 20.0
MAX_REFRESHES = 60          # 20 minutes of a join screen left open, then the player presses Look again
RESOLVE_MS = 1500
MAX_TABLES = 16
MAX_TABLE_NAME = 40


def discovery_on(env: Mapping[str, str] | None = None) -> bool:
    """May this program announce and look for tables on the local network?"""
    env = os.environ if env is None else env
    if "CI" in env or env.get("ANTHOLOGY_NO_DISCOVERY") == "1" or "PYTEST_CURRENT_TEST" in env:
        return False
    return True


@dataclass(frozen=True)
class FoundTable:
    key: str          # the service's instance name (unique on the network)
    game: str
    name: str         # the table's name (the host's player name)
    host: str         # an IP address
    port: int

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"


def _text(raw, most: int) -> str | None:
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(raw, str):
        return None
    raw = " ".join(raw.split())
    return raw if raw and len(raw) <= most and raw.isprintable() else None


def table_from(key: str, properties: Mapping, addresses: list, port) -> FoundTable | None:
    """A found service as a table, checked (None when anything is off: a table is only listed when
    its game, name, address and port are all plain)."""
    props = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): v
             for k, v in dict(properties or {}).items()}
    game, name = _text(props.get("game"), 40), _text(props.get("table"), MAX_TABLE_NAME)
    if game is None or not game.isidentifier() or name is None:
        return None
    if type(port) is not int or not 0 < port < 65536:
        return None
    host = None
    for a in addresses or []:
        try:
            ip = ipaddress.ip_address(a if isinstance(a, str) else bytes(a))
        except ValueError:
            continue
        if ip.version == 4 and not ip.is_unspecified and not ip.is_multicast:
            host = str(ip)
            break
    if host is None:
        return None
    return FoundTable(_text(key, 255) or "?", game, name, host, port)


class TableFinder:
    """The tables on the local network, browsed for ``browse_seconds`` and again every
    ``refresh_seconds`` (at most ``max_refreshes`` times; ``refresh()`` starts one at once).
    ``poll()`` is called once a frame; ``tables()`` is what was found (thread-safe)."""

    def __init__(self, make_browser: Callable | None = None, clock: Callable[[], float] = time.monotonic,
                 browse_seconds: float = BROWSE_SECONDS, refresh_seconds: float = REFRESH_SECONDS,
                 max_refreshes: int = MAX_REFRESHES):
        self.make_browser = make_browser or zeroconf_browser
        self.clock = clock
        self.browse_seconds, self.refresh_seconds, self.max_refreshes = browse_seconds, refresh_seconds, max_refreshes
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self._seen: set[str] = set()     # the tables seen in the browse under way
        self._browser = None
        self.browsing = False
        self.browses = 0
        self.error: str | None = None
        self._until = self._next = 0.0
        self.closed = False

    def start(self) -> "TableFinder":
        self.refresh()
        return self

    def refresh(self) -> None:
        """Look again now (the tables listed stay until a browse no longer finds them)."""
        if self.closed:
            return
        self._stop_browser()
        with self._lock:
            self._seen = set()
        try:
            self._browser = self.make_browser(self._on_found, self._on_gone)
        except Exception as e:      # no network, no multicast: the list stays empty, the code still works
            self.error = " ".join(str(e).split()) or type(e).__name__
            self.browsing = False
            self._next = self.clock() + self.refresh_seconds
            self.browses += 1
            return
        self.error = None
        self.browsing = True
        self.browses += 1
        now = self.clock()
        self._until, self._next = now + self.browse_seconds, now + self.refresh_seconds

    def poll(self) -> bool:
        """End a browse past its time; start the next one when due. True when the list may have changed."""
        if self.closed:
            return False
        now = self.clock()
        if self.browsing and now >= self._until:
            self._stop_browser()
            with self._lock:          # a table not seen in a whole browse has gone
                for key in [k for k in self._found if k not in self._seen]:
                    del self._found[key]
            return True
        if not self.browsing and now >= self._next and self.browses <= self.max_refreshes:
            self.refresh()
            return True
        return False

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name.casefold(), t.game, t.host, t.port))

    def close(self) -> None:
        self.closed = True
        self._stop_browser()

    def _stop_browser(self) -> None:
        b, self._browser, self.browsing = self._browser, None, False
        if b is not None:
            try:
                b.cancel()
            except Exception:
                pass

    # called from the browser's threads
    def _on_found(self, key: str, properties: Mapping, addresses: list, port) -> None:
        table = table_from(key, properties, addresses, port)
        if table is None:
            return
        with self._lock:
            self._seen.add(table.key)
            if table.key in self._found or len(self._found) < MAX_TABLES:
                self._found[table.key] = table

    def _on_gone(self, key: str) -> None:
        with self._lock:
            self._found.pop(key, None)


# ---------------------------------------------------------------- zeroconf itself (imported only here)
class _ZeroconfBrowser:
    """A zeroconf browse: each service found is resolved in a thread of its own (bounded)."""

    def __init__(self, found, gone):
        from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf
        self._found, self._gone = found, gone
        self._cancelled = False
        self._resolving = 0
        self._added = ServiceStateChange.Added
        self._updated = ServiceStateChange.Updated
        self.zc = Zeroconf(ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._on_change])

    def _on_change(self, zeroconf, service_type, name, state_change):
        if state_change not in (self._added, self._updated):
            self._gone(name)
            return
        if self._cancelled or self._resolving >= 2 * MAX_TABLES:
            return
        self._resolving += 1
        threading.Thread(target=self._resolve, args=(service_type, name), daemon=True).start()

    def _resolve(self, service_type, name):
        try:
            info = self.zc.get_service_info(service_type, name, timeout=RESOLVE_MS)
        except Exception:
            return
        if info is not None and not self._cancelled:
            self._found(name, info.properties, info.parsed_addresses(), info.port)

    def cancel(self):
        self._cancelled = True

        def close():
            try:
                self.browser.cancel()
            finally:
                self.zc.close()
        threading.Thread(target=close, daemon=True).start()


def zeroconf_browser(found, gone):
    return _ZeroconfBrowser(found, gone)


class Announcer:
    """Announces a hosted table on the local network until ``close()``. ``register`` is the part
    that talks to zeroconf (a fake in tests); it runs in a thread of its own and returns a callable
    that withdraws the announcement."""

    def __init__(self, game: str, table: str, port: int, address: str,
                 register: Callable | None = None, version: str = "", protocol: int = 0):
        name = " ".join(table.split())[:MAX_TABLE_NAME] or "Anthology"
        self.properties = {"game": game, "table": name, "v": version, "p": str(protocol)}
        self.port, self.address = port, address
        self.register = register or zeroconf_register
        self.error: str | None = None
        self._withdraw = None
        self._closed = False
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="anthology-announce", daemon=True)

    def start(self) -> "Announcer":
        self.thread.start()
        return self

    def _run(self):
        try:
            withdraw = self.register(self.properties, self.address, self.port)
        except Exception as e:      # no multicast here: the table is still joined by its address
            self.error = " ".join(str(e).split()) or type(e).__name__
            return
        with self._lock:
            if not self._closed:
                self._withdraw = withdraw
                return
        _quietly(withdraw)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            withdraw, self._withdraw = self._withdraw, None
        if withdraw is not None:
            threading.Thread(target=_quietly, args=(withdraw,), daemon=True).start()


def _quietly(fn) -> None:
    try:
        fn()
    except Exception:
        pass


def zeroconf_register(properties: dict, address: str, port: int):
    """Register the service (blocks for zeroconf's probing, a few seconds: called in a thread)."""
    from zeroconf import IPVersion, ServiceInfo, Zeroconf
    zc = Zeroconf(ip_version=IPVersion.V4Only)
    instance = f"Anthology {secrets.token_hex(3)}.{SERVICE}"
    info = ServiceInfo(SERVICE, instance, addresses=[socket.inet_aton(address)], port=port,
                       properties=properties, server=f"anthology-{secrets.token_hex(3)}.local.")
    try:
        zc.register_service(info)
    except BaseException:
        zc.close()
        raise

    def withdraw():
        try:
            zc.unregister_service(info)
        finally:
            zc.close()
    return withdraw
