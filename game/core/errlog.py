"""The error log in the user folder: what a player saw in the window, kept for later.

The packaged build has no console, so every problem shown on screen is also appended
here with the time. Never raises: when the folder cannot be written the log is skipped.
"""
from __future__ import annotations

import time
from pathlib import Path

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
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"[{stamp}] {text.rstrip()}\n")
        return path
    except (OSError, ValueError):
        return None
