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


# folder -> None (saving works) or why it is off, as (kind, folder, the system's words); checked
# once per folder and run, put in words (the chosen language's) each time it is asked
_status: dict[str, tuple | None] = {}


def _os_words(e: BaseException) -> str | None:
    words = getattr(e, "strerror", None)
    return words.lower() if words else None


def _check_folder(p: Path) -> tuple | None:
    """None if ``p`` exists (or can be made) and a file can be written in it, else why not
    (see ``_off_words``)."""
    try:
        p.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return ("file", str(p), None)
    except (OSError, ValueError) as e:
        return ("create", str(p), _os_words(e))
    if not p.is_dir():
        return ("not_folder", str(p), None)
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-check-", suffix=".probe", dir=p)
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as e:
        return ("write", str(p), _os_words(e))
    return None


def _off_words(why: tuple) -> str:
    """Why saving is off, one sentence in the chosen language."""
    from game.core.i18n import _
    kind, folder, system = why
    # i18n: {reason} the system's words for what went wrong (may stay English)
    reason = system or _("the system refused")
    if kind == "file":
        # i18n: why games cannot be saved; {folder} a folder's path
        return _("Saving is off: {folder} is a file, not a folder.").format(folder=folder)
    if kind == "create":
        # i18n: why games cannot be saved; {folder} a folder's path, {reason} the system's words
        return _("Saving is off: the folder {folder} cannot be created ({reason}).").format(folder=folder, reason=reason)
    if kind == "not_folder":
        # i18n: why games cannot be saved; {folder} a folder's path
        return _("Saving is off: {folder} is not a folder.").format(folder=folder)
    if kind == "write":
        # i18n: why games cannot be saved; {folder} a folder's path, {reason} the system's words
        return _("Saving is off: the folder {folder} cannot be written ({reason}).").format(folder=folder, reason=reason)
    return _("Saving is off: no home folder was found to save games in.")


def saving_status(recheck: bool = False) -> tuple[bool, str | None]:
    """(True, None) if games can be saved in the user folder, else (False, why in plain words, in
    the chosen language).

    Never raises. The result is remembered per folder; ``recheck`` looks again (say, after
    the player fixed the folder)."""
    try:
        p = _wanted_user_dir()
    except Exception:
        p = None
    if p is None:
        return False, _off_words(("home", "", None))
    key = str(p)
    if recheck or key not in _status:
        _status[key] = _check_folder(p)
    why = _status[key]
    return (True, None) if why is None else (False, _off_words(why))


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
