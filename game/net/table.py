"""What a window needs to host or join a table: an event loop in a thread beside the window's loop,
and a guest that keeps every view of its seat (not only the latest) for a table to draw, sends the
person's decisions, and says how its connection stands. No pygame here; nothing in it blocks the
caller: the window only reads what the loop's thread wrote, and hands work over thread-safely.
"""
from __future__ import annotations

import asyncio
import threading
from collections import deque
from typing import Any, Callable

from game.net.codec import CodecError
from game.net.guest import FATAL, Guest, GuestError
from game.net.protocol import dumps


class LoopThread:
    """Runs ``make_coro()`` in an asyncio loop of its own thread; ``result`` / ``error`` when done.
    ``call(fn, *args)`` runs ``fn`` in that loop (thread-safe, never waits for it)."""

    def __init__(self, make_coro: Callable[[], Any], name: str = "anthology-net"):
        self.loop = asyncio.new_event_loop()
        self.result = None
        self.error: BaseException | None = None
        self.done = False
        self._task = None
        self._make = make_coro
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> "LoopThread":
        self.thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self._task = self.loop.create_task(self._make())
            self.result = self.loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        except BaseException as e:      # kept for the window to tell; the thread ends quietly
            self.error = e
        finally:
            self.done = True
            try:
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            finally:
                self.loop.close()

    def call(self, fn: Callable, *args) -> None:
        if not self.done and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:        # the loop closed meanwhile
                pass

    def cancel(self) -> None:
        """Stop the coroutine (it ends at its next await)."""
        if self._task is not None:
            self.call(self._task.cancel)

    def join(self, seconds: float) -> bool:
        self.thread.join(seconds)
        return not self.thread.is_alive()


class TableGuest(Guest):
    """A guest whose seats are played by people at a window: no bot (``level`` None); every view's
    observed state is kept in ``seen`` (one per decision: ``(game, at, state)``, ``game`` the number
    of the game at this table, ``at`` the decision), a lost connection is told by ``connected``,
    ``send(action, at)`` sends a decision made on the view ``at`` and ``ask_undo(at, steps)`` asks
    the host to take the seat's last move back. It stays after the end while the host may start
    another game at the table (``games`` grows when it does)."""

    def __init__(self, address: str, code: str, **kw):
        kw.setdefault("level", None)
        kw.setdefault("open_timeout", 5.0)
        kw.setdefault("stays", True)
        super().__init__(address, code, **kw)
        self.seen: deque = deque()     # (game, at, observed state), appended by the loop's thread
        self.news: deque = deque()     # info messages ({"code": ...}) for the table to word
        self.connected = False
        self.joined = False
        self.ws = None
        self.fatal: str | None = None   # the refusal code that ended the guest (bad_code, version ...)
        self.kept = None                # where the finished game's record was saved (finished/), once it is
        self.keep_error: str | None = None   # why it could not be (the system's words)
        if self.on_message is None:
            self.on_message = self._message

    async def _session(self, ws) -> bool:
        self.ws, self.connected = ws, True
        try:
            return await super()._session(ws)
        finally:
            self.connected, self.ws = False, None

    def _welcome(self, msg: dict) -> None:
        super()._welcome(msg)
        self.joined = True

    def _new_game(self) -> None:
        super()._new_game()
        self.kept = self.keep_error = None

    def _take_view(self, msg: dict):
        out = super()._take_view(msg)
        if msg["over"] and self.record is not None and self.kept is None:
            self._keep()
        self.seen.append((self.games, msg["at"], self.view))
        return out

    def _keep(self) -> None:
        """Save the finished game's record under finished/ (History lists it, Watch replays it);
        in the loop's thread, never the window's. Nothing is written when saving is off."""
        import time
        from game.core.paths import saving_enabled
        from game.core.record import save_record
        from game.core.saves import finished_dir, reserve
        if not saving_enabled():
            return
        path = None
        try:
            path = reserve(finished_dir(), f"{self.record.game}-{time.strftime('%Y%m%d-%H%M%S')}")
            save_record(path, self.record)
            self.kept = path
        except Exception as e:      # a full disk, a folder not writable: the game is still shown
            try:
                if path is not None and path.stat().st_size == 0:
                    path.unlink()       # the reserved name, never filled
            except OSError:
                pass
            self.keep_error = str(getattr(e, "strerror", None) or e)
            self.say(f"could not keep the finished game ({self.keep_error})")

    async def run(self):
        try:
            return await super().run()
        except GuestError:
            if self.refused and self.refused[-1] in FATAL:
                self.fatal = self.refused[-1]
            raise

    def _message(self, msg: dict) -> None:
        if msg["type"] == "info":
            self.news.append(msg)

    def send(self, loop_thread: LoopThread, action, at: int) -> None:
        """Send ``action`` as decided on the view ``at`` (from any thread; never waits)."""
        loop_thread.call(lambda: asyncio.ensure_future(self._send(action, at)))

    async def _send(self, action, at: int) -> None:
        msg, ws = self.last, self.ws
        if msg is None or ws is None or msg["at"] != at:
            return                      # the table moved on (or the connection is down): not sent
        try:
            legal = [self.codec.decode(item["a"]) for item in msg["legal"]]
            i = legal.index(action)
        except (CodecError, ValueError):
            return
        try:
            await ws.send(dumps({"type": "act", "index": i, "repr": msg["legal"][i]["repr"], "at": at}))
            self.moves += 1
        except Exception:   # a connection dropping now is told by ``connected``; the view is sent again
            pass

    def ask_undo(self, loop_thread: LoopThread, at: int, steps: int = 1) -> None:
        """Ask the host to take back the seat's last ``steps`` decisions, seen on the view ``at``
        (from any thread; never waits). The answer: views with fewer decisions, or a refusal."""
        loop_thread.call(lambda: asyncio.ensure_future(self._ask_undo(at, steps)))

    async def _ask_undo(self, at: int, steps: int) -> None:
        from game.net.guest import undo_message
        ws = self.ws
        if ws is None or self.last is None or self.last["at"] != at:
            return
        try:
            await ws.send(undo_message(at, steps))
        except Exception:
            pass
