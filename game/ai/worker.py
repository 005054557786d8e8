"""AI decisions in a separate process, so the window keeps drawing smoothly while a bot thinks.

A thread would share the interpreter lock with the drawing loop (frames of 100 ms and more while
the Hard AI searches); a process does not. The worker keeps one bot per seat of a game (made on
first use from the seat's level and seed), receives only the observation of the player to move,
and sends back the chosen action. A stale answer (the table moved on, Esc, undo) is simply dropped.
"""
from __future__ import annotations

import multiprocessing
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor

MAX_BOTS = 24
_bots: "OrderedDict[tuple, object]" = OrderedDict()   # in the worker process


def _think(game: str, kind: str, seed: int, key: tuple, obs, player: int):
    from game.ai.bots import make_bot
    from game.games import get_rules
    rules = get_rules(game)
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(kind, rules, seed)
        while len(_bots) > MAX_BOTS:
            _bots.popitem(last=False)
    _bots.move_to_end(key)
    return bot.choose(obs, player)


def _hint(game: str, seed: int, obs, player: int, language: str | None = None):
    """The hint, its reason in ``language`` (the window's, chosen there: this process has its own)."""
    from game.ai.hint import advise
    from game.core.i18n import set_language
    from game.games import get_rules
    if language is not None:
        set_language(language)
    return advise(get_rules(game), obs, player, seed)


def _warm(game: str) -> bool:
    from game.games import get_rules
    get_rules(game)
    return True


class AiWorker:
    """One worker process, started when first needed and kept for the whole run."""

    def __init__(self):
        self._pool: ProcessPoolExecutor | None = None

    def _get(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from game.core.lifeline import watch_parent
            # spawn as on Windows and macOS; the worker ends with the game however the game ends
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=watch_parent)
        return self._pool

    def warm(self, game: str) -> None:
        """Start the process and load the game's rules ahead of the first decision."""
        try:
            self._get().submit(_warm, game)
        except Exception:
            self._pool = None

    def submit(self, game: str, kind: str, seed: int, key: tuple, obs, player: int) -> Future | None:
        """The decision as a Future, or None when no worker can be had (think in a thread then)."""
        try:
            return self._get().submit(_think, game, kind, seed, key, obs, player)
        except Exception:  # the process died or cannot start: the caller falls back
            self._pool = None
            return None

    def submit_hint(self, game: str, seed: int, obs, player: int) -> Future | None:
        """The hint (action, reason) as a Future, or None when no worker can be had. The reason is
        in the language chosen when it was asked for."""
        from game.core.i18n import language
        try:
            return self._get().submit(_hint, game, seed, obs, player, language())
        except Exception:
            self._pool = None
            return None

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
