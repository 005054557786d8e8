import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never the real per-user one; no test looks for tables on the
    network (LAN discovery off)."""
    monkeypatch.setenv("ANTHOLOGY_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ANTHOLOGY_NO_DISCOVERY", "1")


@pytest.fixture
def register_game():
    """``register_game(info, table=None)``: a game (and its table) known to the registries for one test."""
    from game import games as registry
    from game.ui import tables
    added = []

    def add(info, table=None):
        registry.register(info)
        if table is not None:
            tables.register(table)
        added.append(info.id)

    yield add
    for gid in added:
        registry.unregister(gid)
        tables.unregister(gid)


@pytest.fixture(autouse=True)
def _fonts_follow_pygame():
    """No test draws with a font that died when an earlier test, or a fixture's teardown, quit
    pygame on the same worker: a test that starts with the font module stopped starts with the
    theme's cached fonts and pictures forgotten."""
    theme = sys.modules.get("game.ui.theme")
    if theme is not None and not sys.modules["pygame"].font.get_init():
        theme.clear_caches()
