"""The menu's cost does not grow with the folder: it reads the newest save only, never every
finished record (issue: 30 finished Antics! games took the menu 13.8 s, 3,000 saves no menu)."""
import shutil

import pygame

from game.core import record as record_module
from game.core import saves
from game.core.record import make_record, save_record
from game.games import get_rules
from tests.test_game_contract import random_game


def _fill(n_finished, n_saves):
    rules = get_rules("it_happens")
    seats, end = random_game(rules, 3, 1)
    finished = saves.finished_dir()
    finished.mkdir(parents=True, exist_ok=True)
    first = finished / "game-0000.yaml"
    save_record(first, make_record(rules, end, seats, 1, {}))
    for k in range(1, n_finished):
        shutil.copyfile(first, finished / f"game-{k:04d}.yaml")
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    start = rules.new_game(seats, 2, {})
    for k in range(n_saves):
        save_record(folder / f"save-{k}.yaml", make_record(rules, start, seats, 2, {}))


def test_the_menu_reads_one_save_however_many_games_were_played(monkeypatch):
    _fill(300, 5)
    reads = []
    real = record_module.read_record
    monkeypatch.setattr(saves, "read_record", lambda p: reads.append(p) or real(p))
    from game.scenes.select import SelectScene
    from game.tools.headless import headless_app
    app = headless_app((1280, 720))
    scene = SelectScene(app)
    app.scenes.push(scene)
    app.frame(16)
    assert len(reads) <= 1
    assert scene.continue_btn.enabled and scene.saves_btn.enabled
    assert scene.continue_btn.label == "Continue It Happens.."
    pygame.quit()


def test_saved_games_is_offered_with_only_finished_records():
    _fill(2, 0)
    assert saves.newest_save()[0] is None and saves.any_saved()
