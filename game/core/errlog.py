"""The error log in the user folder: what a player saw in the window, kept for later.

The packaged build has no console, so every problem shown on screen is also appended
here with the time. Never raises: when the folder cannot be written the log is skipped.
"""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from game import __version__
from game.core.paths import saving_enabled, user_dir

LOG_NAME = "anthology.log"
MAX_LOG_BYTES = 512_000


def log_path() -> Path:
    return user_dir() / LOG_NAME


def write_log(text: str) -> Path | None:
    """Append ``text`` with a time stamp; the log's path, or None when it could not be written."""
    if not saving_enabled():
        return None
    path = log_path()
    try:
        if path.is_file() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_suffix(".old.log"))
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        fd = _open_regular(path)
        if fd is None:
            return None
        with open(fd, "a", encoding="utf-8") as f:
            f.write(f"[{stamp}] [Anthology {__version__}] {text.rstrip()}\n")
        return path
    except (OSError, ValueError):
        return None


def _open_regular(path: Path) -> int | None:
    """``path`` opened to append, made if absent; None if it is not a regular file (a fifo there
    would block the start-up, a device never fill up). Without blocking: a fifo with no reader
    is refused at once."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
    if stat.S_ISREG(os.fstat(fd).st_mode):
        return fd
    os.close(fd)
    return None
