"""Where bundled resources and per-user files live, from source and frozen."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "anthology"
ORG_NAME = "anthology"


def resource_path(*parts: str) -> Path:
    """A file shipped with the program (data/, assets/), frozen or from source."""
    base = getattr(sys, "_MEIPASS", None)
    root = Path(base) if base else Path(__file__).resolve().parents[2]
    return root.joinpath(*parts)


def user_dir() -> Path:
    """Per-user folder for saves and settings (ANTHOLOGY_HOME overrides it).

    Same place pygame.system.get_pref_path(ORG_NAME, APP_NAME) gives, computed
    without pygame so the headless tools can use it.
    """
    override = os.environ.get("ANTHOLOGY_HOME")
    if override:
        p = Path(override)
    elif sys.platform.startswith("win"):
        p = Path(os.environ.get("APPDATA", Path.home())) / ORG_NAME / APP_NAME
    elif sys.platform == "darwin":
        p = Path.home() / "Library" / "Application Support" / ORG_NAME / APP_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        p = Path(xdg) / ORG_NAME / APP_NAME
    p.mkdir(parents=True, exist_ok=True)
    return p
