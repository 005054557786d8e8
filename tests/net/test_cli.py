"""main.py host / main.py join as a person types them: the host's first line holds its address and
join code, two joins play their seats, everyone exits at the game's end and the record replays.
Every process runs under a timeout; traffic stays on the loopback."""
import os
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.core.record import read_record, replay
from game.games import available_games, get_rules

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 120
FIRST_LINE = re.compile(r"(ws://127\.0\.0\.1:\d+) code ([A-Z0-9]{6})")


def env():
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for key in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        e.pop(key, None)
    return e


def start(*args):
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def first_line(proc, timeout=30):
    """The first line a process prints, waited for at most ``timeout`` seconds."""
    lines = queue.Queue()
    threading.Thread(target=lambda: lines.put(proc.stdout.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        proc.kill()
        raise AssertionError("the host printed nothing in time")


def finish(proc, timeout=LIMIT):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError("a process did not end in time")
    return proc.returncode, out, err


def test_host_prints_address_and_code_first_and_two_joins_play_the_game(tmp_path):
    game = available_games()[1 % len(available_games())]
    host = start("host", "--game", game, "--seats", "net,net,medium", "--seed", "42", "--records",
                 str(tmp_path), "--wait", "60")
    try:
        line = first_line(host)
        m = FIRST_LINE.fullmatch(line.strip())
        assert m, line
        address, code = m.groups()
        joins = [start("join", address, "--code", code, "--ai", level) for level in ("medium", "easy")]
        results = [finish(j) for j in joins]
        code_h, out_h, err_h = finish(host)
    finally:
        for p in [host, *locals().get("joins", [])]:
            if p.poll() is None:
                p.kill()
    assert code_h == 0, err_h
    for rc, out, err in results:
        assert rc == 0, err
        assert "game over" in out and "winner" in out
    final_line = [ln for ln in out_h.splitlines() if ln.startswith("game over")][0]
    assert all(final_line.split(": ", 1)[1] in out for _, out, _ in results)   # all saw the same end
    rules = get_rules(game)
    rec = read_record(tmp_path / f"{game}-42.yaml")
    assert rec.final is not None and rules.is_over(replay(rules, rec)[-1])


@pytest.mark.parametrize("args, words", [
    (["host", "--game", "nosuchgame", "--seats", "net,medium"], "unknown game"),
    (["host", "--game", "{g}", "--seats", "net,human"], "no one at its screen"),
    (["host", "--game", "{g}", "--seats", "net,robot"], "not a seat kind"),
    (["host", "--game", "{g}", "--seats", "net"], "players"),
    (["host", "--game", "{g}", "--seats", "net,medium", "--code", "a b"], "--code"),
    (["host", "--game", "{g}", "--seats", "net,medium", "--wait", "-1"], "--wait"),
    (["join", "http://127.0.0.1:1", "--code", "ABCDEF"], "not a host's address"),
    (["join", "ws://127.0.0.1:1", "--code", "no way"], "--code"),
    (["join", "ws://127.0.0.1:1"], "--code"),
])
def test_bad_inputs_are_one_line_and_exit_2(args, words):
    game = available_games()[0]
    proc = start(*[a.replace("{g}", game) for a in args])
    rc, out, err = finish(proc, 60)
    assert rc == 2 and words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_join_with_no_host_or_a_wrong_code_exits_3(tmp_path):
    rc, out, err = finish(start("join", "ws://127.0.0.1:9", "--code", "ABCDEF"), 60)
    assert rc == 3 and "cannot reach the host" in err and "Traceback" not in err
    game = available_games()[0]
    host = start("host", "--game", game, "--seats", "net,medium", "--wait", "20")
    try:
        m = FIRST_LINE.fullmatch(first_line(host).strip())
        rc, out, err = finish(start("join", m.group(1), "--code", "WRONG9"), 60)
        assert rc == 3 and "wrong join code" in err
    finally:
        host.kill()
        host.communicate()
