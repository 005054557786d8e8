"""`main.py screenshot` draws Saved games, History and Settings headless, each once its lists are read."""
import pygame
import pytest

from game.tools import screenshot
from tests.core.test_history import _finish


def test_the_new_scenes_are_offered_by_the_tool_and_the_command_line():
    from game.tools.cli import parser
    for scene in ("saves", "history", "settings"):
        assert scene in screenshot.SCENES
        assert parser().parse_args(["screenshot", "--scene", scene, "--out", "x.png"]).scene == scene


@pytest.mark.parametrize("scene", ["saves", "history", "settings"])
def test_each_scene_is_drawn_once_it_has_read_its_lists(scene, tmp_path, monkeypatch, capsys):
    _finish(1)
    drawn = []
    real = pygame.image.save

    def save(surf, path):
        top = app_of[0].scenes.top
        drawn.append((type(top).__name__, getattr(top, "loading", False)))
        return real(surf, path)
    app_of = []
    real_app = screenshot.headless_app
    monkeypatch.setattr(screenshot, "headless_app", lambda size: app_of.append(real_app(size)) or app_of[-1])
    monkeypatch.setattr(pygame.image, "save", save)
    out = tmp_path / f"{scene}.png"
    assert screenshot.screenshot(scene, "micropolis", None, 1, 0, (1280, 720), [], str(out)) == 0
    assert out.stat().st_size > 10_000 and drawn and drawn[0][1] is False
    assert drawn[0][0] == {"saves": "SavesScene", "history": "HistoryScene", "settings": "SettingsScene"}[scene]
    if scene == "saves":
        assert len(app_of[0].scenes.top.items[1]) == 1          # the finished game is on its list
    if scene == "history":
        assert len(app_of[0].scenes.top.summaries) == 1
    pygame.quit()


def test_the_wait_is_bounded():
    class Forever:
        loading = True
    class App:
        frames = 0

        def frame(self, dt):
            App.frames += 1
    assert screenshot.wait_loaded(App(), Forever(), limit=0.05) is False and App.frames >= 1
