"""A child process that ends with its parent, however the parent died.

A worker (the AI worker, the review, the arena's games) calls ``watch_parent()`` when it starts:
a daemon thread waits on the parent's sentinel (a handle the system closes when the parent ends,
on Windows, macOS and Linux alike) and ends this process at once when it fires. So a game killed
hard (a crash, ``kill -9``, End task) leaves no worker behind.
"""
from __future__ import annotations

import multiprocessing
import os
import threading

_watching = False


def _wait_and_exit(parent) -> None:
    parent.join()           # returns when the parent's sentinel closes: the parent is gone
    os._exit(0)             # no clean-up that could block on pipes the parent held


def watch_parent() -> bool:
    """In a child process: end this process when its parent ends. False in the main process."""
    global _watching
    parent = multiprocessing.parent_process()
    if parent is None or _watching:
        return _watching
    threading.Thread(target=_wait_and_exit, args=(parent,), name="parent-watch", daemon=True).start()
    _watching = True
    return True
