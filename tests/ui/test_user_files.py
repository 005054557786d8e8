"""Files in the user folder that are not what they should be never stop or stall the start."""
import os
import threading
import time

import pygame
import pytest

from game.core import errlog
from game.core.paths import user_dir
from game.scenes.select import SelectScene
from game.tools.headless import headless_app
from game.ui import settings


def _in_thread(fn):
    """fn's result, or pytest.fail if it blocks (a fifo opened for writing without a reader)."""
    out = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(5)
    if t.is_alive():
        pytest.fail("blocked")
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_in_place_of_the_log_is_skipped_not_waited_on():
    user_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(errlog.log_path())
    assert _in_thread(lambda: errlog.write_log("a problem")) is None


def test_the_log_is_made_and_appended_to():
    assert errlog.write_log("one") == errlog.log_path()
    errlog.write_log("two")
    text = errlog.log_path().read_text(encoding="utf-8")
    assert "one" in text and text.index("one") < text.index("two")


def test_a_folder_in_place_of_the_log_is_skipped():
    errlog.log_path().mkdir(parents=True)
    assert errlog.write_log("a problem") is None


def test_a_broken_settings_file_is_set_aside_and_told_once():
    user_dir().mkdir(parents=True, exist_ok=True)
    (user_dir() / settings.FILE).write_text("volume: [50", encoding="utf-8")
    app = headless_app((1280, 720))
    try:
        assert app.settings["volume"] == 70
        kept = list(user_dir().glob("settings.unreadable-*.yaml"))
        assert len(kept) == 1 and not (user_dir() / settings.FILE).exists()
        menu = SelectScene(app)
        app.scenes.push(menu)
        assert "settings could not be read" in menu.message and kept[0].name in menu.message
        menu.message = ""
        menu.enter()
        assert menu.message == ""                                   # told once
        assert "settings could not be read" in errlog.log_path().read_text(encoding="utf-8")
    finally:
        pygame.quit()


def test_stale_settings_temp_files_are_removed_at_start():
    user_dir().mkdir(parents=True, exist_ok=True)
    old, fresh = user_dir() / ".settings-abc123.tmp", user_dir() / ".settings-def456.tmp"
    for p in (old, fresh):
        p.write_text("sound: true\n")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    settings.load()
    assert not old.exists() and fresh.exists()     # a save in progress elsewhere is left alone
