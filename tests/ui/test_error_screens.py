"""Problems a player must see in the window (the packaged build has no console)."""
import os
import shutil
import subprocess
import sys

import pygame
import pytest

from game.tools.headless import headless_app

from game.core.paths import resource_path

ROOT = resource_path()
ROOT_DATA = resource_path("data")


@pytest.fixture
def broken_data(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(ROOT_DATA, root)
    return root


START = """
import pygame
from game.tools.headless import headless_app
from game.app import first_scenes
app = headless_app((1280, 720))
first_scenes(app)
app.frame(16)
print([type(s).__name__ for s in app.scenes.stack])
for p in getattr(app.scenes.top, "problems", []):
    print(p)
sel = app.scenes.stack[0]
print(sorted(getattr(sel, "available", [])))
"""


def start(data, home):
    """A fresh program start (every game's data is read anew) with the data folder given."""
    env = dict(os.environ, ANTHOLOGY_DATA=str(data), ANTHOLOGY_HOME=str(home))
    out = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_broken_data_file_is_told_in_the_window_and_the_log(broken_data, tmp_path):
    f = broken_data / "it_happens" / "components.yaml"
    f.write_text(f.read_text().replace("players: {min: 2, max: 5}", "players: {min: [x], max: 5}"))
    lines = start(broken_data, tmp_path / "home")
    assert lines[0] == "['SelectScene', 'ErrorScene']"       # the menu waits under the message
    assert "data/it_happens/components.yaml" in lines[1] and "'players'" in lines[1] and "'min'" in lines[1]
    assert lines[-1] == "['antics', 'micropolis']"           # the other games stay playable
    assert "components.yaml" in (tmp_path / "home" / "anthology.log").read_text()


def test_choosing_a_game_with_broken_data_shows_its_problem():
    app = headless_app((1280, 720))
    app.data_problems = {"micropolis": "data/micropolis/tiles.yaml, entry 'A01', field 'cost': is missing"}
    from game.scenes.select import SelectScene
    app.scenes.push(SelectScene(app))
    sel = app.scenes.top
    assert "micropolis" not in sel.available
    sel._open(1)
    assert type(app.scenes.top).__name__ == "ErrorScene" and "A01" in app.scenes.top.problems[0]
    pygame.quit()


def test_an_unexpected_failure_shows_a_screen_instead_of_closing(tmp_path):
    from game.app import first_scenes
    app = headless_app((1280, 720))
    first_scenes(app)
    sc = app.scenes.top

    def boom(ev):
        raise RuntimeError("simulated")
    sc.handle = boom
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # the failure is caught, shown, and the loop goes on until QUIT
    assert "simulated" in (tmp_path / "home" / "anthology.log").read_text()
