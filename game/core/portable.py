"""What keeps the program's files and processes working on Windows, macOS and Linux alike.

- ``name_problem(name)``: why a file name would not work on every desktop (Windows forbids
  ``: < > | ? * "`` and ``\\ /``, control characters, the reserved device names CON, PRN, AUX, NUL,
  COM1-9 and LPT1-9 with any extension, and a trailing dot or space), or None.
- ``casefold_clashes(names)``: names that differ only by case (one file on Windows and macOS).
- ``replace_file(src, dst)``: os.replace that waits out another program holding ``dst`` open (on
  Windows a file open elsewhere cannot be replaced for a moment: a second copy of the game reading
  it, a virus scanner, a backup tool); it raises OSError when the file stays locked.
"""
from __future__ import annotations

import os
import re
import time

FORBIDDEN = set('<>:"/\\|?*')
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
MAX_NAME = 255
REPLACE_TRIES = 20
REPLACE_WAIT = 0.05          # seconds between tries (1 s in all)


def name_problem(name: str) -> str | None:
    """Why ``name`` (one path component) cannot be a file name on every desktop, or None."""
    if not name or name in (".", ".."):
        return "an empty name"
    bad = sorted({c for c in name if c in FORBIDDEN or ord(c) < 32})
    if bad:
        return f"the characters {' '.join(repr(c) for c in bad)} are not allowed on Windows"
    if name[-1] in ". ":
        return "a name may not end with a dot or a space on Windows"
    if re.split(r"\.", name, maxsplit=1)[0].rstrip(" ").upper() in RESERVED:
        return f"{name.split('.')[0]} is a reserved device name on Windows"
    if len(name.encode("utf-8")) > MAX_NAME:
        return "longer than 255 bytes"
    return None


def casefold_clashes(names) -> list[tuple[str, str]]:
    """Pairs of names that a case-insensitive file system would take for one."""
    seen: dict[str, str] = {}
    clashes = []
    for n in names:
        key = n.casefold()
        if key in seen and seen[key] != n:
            clashes.append((seen[key], n))
        seen.setdefault(key, n)
    return clashes


def replace_file(src, dst, tries: int = REPLACE_TRIES, wait: float = REPLACE_WAIT) -> None:
    """Move ``src`` over ``dst`` atomically, retrying while ``dst`` is held open elsewhere."""
    for attempt in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == tries - 1:
                raise
            time.sleep(wait)
