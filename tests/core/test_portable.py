"""Portability: every file the program writes has a name legal on Windows and unique on
case-insensitive file systems; a file held open elsewhere is replaced once it is free; children
start under spawn; nothing POSIX-only is called without a guard."""
import ast
import os
from pathlib import Path

import pytest

from game.core.portable import casefold_clashes, name_problem, replace_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["it_happens-20261207-010203.yaml", "settings.yaml", "anthology.log",
                                  "x.unreadable-20261207-010203.yaml", "Ånñ 李.yaml"])
def test_plain_names_pass(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("name", ["a:b.yaml", "what?.yaml", 'say "hi".yaml', "a|b", "a<b", "a*b", "dots.",
                                  "space ", "CON", "con.yaml", "NUL.txt", "COM1.yaml", "lpt9", "a/b", "tab\there",
                                  "", "x" * 300])
def test_planted_violations_are_caught(name):
    assert name_problem(name) is not None


def test_case_clashes_are_caught():
    assert casefold_clashes(["Save.yaml", "save.yaml", "other.yaml"]) == [("Save.yaml", "save.yaml")]
    assert casefold_clashes(["a.yaml", "b.yaml"]) == []


def every_name_under(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*")]


def test_every_file_a_game_writes_has_a_portable_name(tmp_path, monkeypatch):
    """A whole game played by the window's scenes with hostile player names, autosaved, finished,
    listed in History: every file and folder in the user folder has a portable name."""
    monkeypatch.setenv("ANTHOLOGY_HOME", str(tmp_path))
    from game.core import paths
    paths._status.clear()
    from game.core.rules import Seat
    from game.games import get_rules
    from game.tools.headless import advance_play, headless_app
    from game.scenes.play import PlayScene
    rules = get_rules("micropolis")
    seats = [Seat('CON:<a>|"?*', rules.seat_colors[0], "medium"), Seat("nul. ", rules.seat_colors[1], "medium")]
    app = headless_app((1280, 720))
    play = PlayScene(app, "micropolis", seats, 5, {})
    app.scenes.push(play)
    advance_play(play, 10**9, stop_on_human=False)
    for _ in range(5):
        app.frame(16)
    from game.core import history, saves
    saves.list_saves() if hasattr(saves, "list_saves") else None
    history.load_index() if hasattr(history, "load_index") else None
    from game.core.errlog import write_log
    write_log("a line for the log")
    names = every_name_under(tmp_path)
    assert names, "the game wrote nothing"
    assert [(n, name_problem(n)) for n in names if name_problem(n)] == []
    assert casefold_clashes(names) == []
    import pygame
    pygame.quit()


def test_a_file_held_open_elsewhere_is_replaced_when_it_is_free(tmp_path, monkeypatch):
    src, dst = tmp_path / "new", tmp_path / "old"
    src.write_text("new")
    dst.write_text("old")
    real, calls = os.replace, []

    def locked_twice(a, b):
        calls.append(1)
        if len(calls) <= 2:
            raise PermissionError(13, "The process cannot access the file because it is being used")
        real(a, b)
    monkeypatch.setattr(os, "replace", locked_twice)
    replace_file(src, dst, wait=0.001)
    assert dst.read_text() == "new" and len(calls) == 3


def test_a_file_that_stays_locked_is_an_os_error(tmp_path, monkeypatch):
    def locked(a, b):
        raise PermissionError(13, "in use")
    monkeypatch.setattr(os, "replace", locked)
    with pytest.raises(OSError):
        replace_file(tmp_path / "a", tmp_path / "b", tries=3, wait=0.001)


def test_every_replace_in_the_program_goes_through_replace_file():
    uses = []
    for p in (ROOT / "game").rglob("*.py"):
        if p.name == "portable.py":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("replace", "rename") and \
                    isinstance(node.value, ast.Name) and node.value.id == "os":
                uses.append(f"{p.relative_to(ROOT)}:{node.lineno}")
    assert uses == []


POSIX_ONLY = {("os", "mkfifo"), ("os", "chown"), ("os", "getuid"), ("os", "geteuid"), ("os", "getppid"),
              ("os", "setsid"), ("os", "killpg"), ("os", "fork"), ("signal", "SIGKILL"), ("signal", "SIGHUP"),
              ("signal", "SIGUSR1"), ("signal", "SIGUSR2"), ("signal", "SIGALRM"), ("signal", "alarm"),
              ("signal", "SIGCHLD"), ("os", "O_NOFOLLOW")}
POSIX_MODULES = {"fcntl", "pwd", "grp", "termios", "resource"}


def _guarded(node, parents) -> bool:
    """Inside an ``if`` that tests the platform (sys.platform / os.name / hasattr) or a try."""
    for p in parents:
        if isinstance(p, ast.Try):
            return True
        if isinstance(p, (ast.If, ast.IfExp)):
            test = ast.unparse(p.test)
            if any(w in test for w in ("sys.platform", "os.name", "hasattr", "getattr")):
                return True
    return False


def posix_only_uses(source: str, where: str) -> list[str]:
    tree = ast.parse(source)
    found = []

    def visit(node, parents):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                (node.value.id, node.attr) in POSIX_ONLY and not _guarded(node, parents):
            found.append(f"{where}:{node.lineno} {node.value.id}.{node.attr}")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(n.split(".")[0] in POSIX_MODULES for n in names) and not _guarded(node, parents):
                found.append(f"{where}:{node.lineno} import {names}")
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])
    visit(tree, [])
    return found


def test_nothing_posix_only_is_called_without_a_guard():
    found = []
    for p in [*(ROOT / "game").rglob("*.py"), ROOT / "main.py"]:
        found += posix_only_uses(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))
    assert found == []


def test_a_planted_posix_call_would_be_caught():
    assert posix_only_uses("import os\nos.mkfifo('x')\n", "planted")
    assert posix_only_uses("import fcntl\n", "planted")
    assert not posix_only_uses("import sys, os\nif sys.platform != 'win32':\n    os.mkfifo('x')\n", "ok")


def test_every_child_process_starts_under_spawn():
    """Workers are made from a spawn context (the default on Windows and macOS), never fork."""
    found = []
    for p in (ROOT / "game").rglob("*.py"):
        text = p.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call):
                call = ast.unparse(node.func)
                if call in ("multiprocessing.Pool", "multiprocessing.Process", "ProcessPoolExecutor") and \
                        "mp_context" not in ast.unparse(node):
                    found.append(f"{p.relative_to(ROOT)}:{node.lineno} {call}")
                if call.endswith("get_context") and node.args and ast.unparse(node.args[0]) != "'spawn'":
                    found.append(f"{p.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_a_planted_fork_only_worker_would_be_caught(tmp_path):
    tree = ast.parse("import multiprocessing\nmultiprocessing.get_context('fork').Pool(2)\n")
    calls = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func).endswith("get_context")]
    assert calls and "'fork'" in calls[0]


def test_the_arena_plays_in_spawned_workers(capsys):
    from game.tools.arena import arena
    assert arena("micropolis", "easy,easy", 2, 1, jobs=2) == 0
