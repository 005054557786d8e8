"""Where bundled resources and per-user files live, from source and frozen."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

APP_NAME = "anthology"
ORG_NAME = "anthology"


def resource_path(*parts: str) -> Path:
    """A file shipped with the program (data/, assets/), frozen or from source."""
    base = getattr(sys, "_MEIPASS", None)
    root = Path(base) if base else Path(__file__).resolve().parents[2]
    return root.joinpath(*parts)


def _wanted_user_dir() -> Path | None:
    """Where the user folder should be, or None if there is no home folder to put it in."""
    override = os.environ.get("ANTHOLOGY_HOME")
    if override:
        return Path(override)
    home = os.path.expanduser("~")  # never raises; stays "~" when there is no home
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or home
        p = Path(base) / ORG_NAME / APP_NAME
    elif sys.platform == "darwin":
        p = Path(home) / "Library" / "Application Support" / ORG_NAME / APP_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
        p = Path(xdg) / ORG_NAME / APP_NAME
    return p if p.is_absolute() else None


# folder -> None (saving works) or why it is off; checked once per folder and run
_status: dict[str, str | None] = {}


def _os_words(e: BaseException) -> str:
    words = getattr(e, "strerror", None)
    return words.lower() if words else "the system refused"


def _check_folder(p: Path) -> str | None:
    """None if ``p`` exists (or can be made) and a file can be written in it, else why not."""
    try:
        p.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"Saving is off: {p} is a file, not a folder."
    except (OSError, ValueError) as e:
        return f"Saving is off: the folder {p} cannot be created ({_os_words(e)})."
    if not p.is_dir():
        return f"Saving is off: {p} is not a folder."
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-check-", suffix=".probe", dir=p)
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as e:
        return f"Saving is off: the folder {p} cannot be written ({_os_words(e)})."
    return None


def saving_status(recheck: bool = False) -> tuple[bool, str | None]:
    """(True, None) if games can be saved in the user folder, else (False, why in plain words).

    Never raises. The result is remembered per folder; ``recheck`` looks again (say, after
    the player fixed the folder)."""
    try:
        p = _wanted_user_dir()
    except Exception:
        p = None
    if p is None:
        return False, "Saving is off: no home folder was found to save games in."
    key = str(p)
    if recheck or key not in _status:
        _status[key] = _check_folder(p)
    why = _status[key]
    return why is None, why


def saving_enabled() -> bool:
    """True if games can be saved (see ``saving_status`` for why not)."""
    return saving_status()[0]


def saving_off_reason() -> str | None:
    """None while saving works; else one plain sentence for the menu."""
    return saving_status()[1]


def user_dir() -> Path:
    """Per-user folder for saves and settings (ANTHOLOGY_HOME overrides it).

    Same place pygame.system.get_pref_path(ORG_NAME, APP_NAME) gives, computed
    without pygame so the headless tools can use it. Never raises: if the folder
    cannot be created or written, ``saving_status()`` says so and why, and the app
    runs without saving (the path returned then may not exist).
    """
    ok, _ = saving_status()
    p = _wanted_user_dir()
    if p is None:  # no home: a folder that is never created nor written to
        return Path(tempfile.gettempdir()) / f"{APP_NAME}-no-home" / APP_NAME
    if ok:
        try:
            p.mkdir(parents=True, exist_ok=True)  # it may have been removed since the check
        except (OSError, ValueError):
            pass
    return p
