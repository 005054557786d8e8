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


def test_a_join_with_records_keeps_the_record_the_host_sent_at_the_end(tmp_path):
    """main.py join --records DIR: the guest writes the finished game's record the host sent with the
    last view (checked by the guest against its own final); it is the host's own record, replays to
    the end, and sits beside the host's in a shared folder without clashing with it."""
    from game.core.record import record_text
    game = available_games()[0]
    shared = tmp_path / "shared"
    host = start("host", "--game", game, "--seats", "net,net", "--seed", "4242", "--records", str(shared),
                 "--wait", "60")
    joins = []
    try:
        m = FIRST_LINE.fullmatch(first_line(host).strip())
        assert m
        address, code = m.groups()
        joins = [start("join", address, "--code", code, "--ai", "easy", "--seat", "1", "--records", str(shared)),
                 start("join", address, "--code", code, "--ai", "easy", "--seat", "2", "--records",
                       str(tmp_path / "own" / "folder"))]
        results = [finish(j) for j in joins]
        code_h, out_h, err_h = finish(host)
    finally:
        for p in [host, *joins]:
            if p.poll() is None:
                p.kill()
    assert code_h == 0, err_h
    rules = get_rules(game)
    hosts = read_record(shared / f"{game}-4242.yaml")
    for (rc, out, err), path in zip(results, (shared / f"{game}-4242-seat1.yaml",
                                              tmp_path / "own" / "folder" / f"{game}-4242-seat2.yaml")):
        assert rc == 0, err
        assert f"record: {path}" in out
        kept = read_record(path)
        assert record_text(kept) == record_text(hosts)
        assert kept.final is not None and rules.is_over(replay(rules, kept)[-1])
    assert sorted(p.name for p in shared.iterdir()) == [f"{game}-4242-seat1.yaml", f"{game}-4242.yaml"]


def test_join_records_must_be_a_folder(tmp_path):
    f = tmp_path / "a-file"
    f.write_text("x")
    rc, out, err = finish(start("join", "ws://127.0.0.1:9", "--code", "ABCDEF", "--records", str(f)), 60)
    assert rc == 2 and "--records" in err and "Traceback" not in err


def test_join_count_plays_two_seats_from_one_program(tmp_path):
    """main.py join --count 2: one connection, two seats, a bot each; the record kept as seat 1's."""
    game = "micropolis"
    host = start("host", "--game", game, "--seats", "net,net,easy", "--seed", "8", "--wait", "60")
    joins = []
    try:
        m = FIRST_LINE.fullmatch(first_line(host).strip())
        assert m
        joins = [start("join", m.group(1), "--code", m.group(2), "--ai", "easy", "--count", "2", "--records",
                       str(tmp_path))]
        rc, out, err = finish(joins[0])
        code_h, out_h, err_h = finish(host)
    finally:
        for p in [host, *joins]:
            if p.poll() is None:
                p.kill()
    assert code_h == 0 and rc == 0, (err_h, err)
    assert "seats 1, 2:" in out and "game over" in out
    assert read_record(tmp_path / f"{game}-8-seat1.yaml").final is not None


@pytest.mark.parametrize("args, words", [
    (["host", "--game", "micropolis", "--seats", "net,easy", "--undo", "maybe"], "--undo"),
    (["join", "ws://127.0.0.1:1", "--code", "ABCDEF", "--count", "2", "--seat", "1"], "--count"),
    (["join", "ws://127.0.0.1:1", "--code", "ABCDEF", "--count", "9"], "--count"),
])
def test_bad_undo_and_count_inputs_exit_2(args, words):
    rc, out, err = finish(start(*args), 60)
    assert rc == 2 and words in err and "Traceback" not in err


def test_the_headless_host_answers_undo_as_told(tmp_path):
    """main.py host --undo allow takes a guest's own move back (what core/undo.py allows); without
    the flag it refuses. A puppet guest on the loopback asks."""
    import asyncio

    from tests.net.helpers import Puppet, join_msg
    from tests.net.test_undo import act, next_view, undo

    async def ask(address, code):
        p = await Puppet.open(address)
        await p.send(join_msg(code))
        await p.expect("welcome")
        view = await next_view(p)
        for _n in range(400):         # play the seat's first legal moves until its turn goes on after one
            if not (view["legal"] and view["to_move"] == 0):
                view = await next_view(p)
                continue
            await p.send(act(view))
            nxt = await next_view(p)
            if nxt["to_move"] == 0 and nxt["legal"] and nxt["at"] == view["at"] + 1:
                view = nxt
                break
            view = nxt
        at = view["at"]
        await p.send(undo(at))
        for _n in range(50):
            msg = await p.recv()
            if msg["type"] == "view":
                await p.close()
                return "taken back", msg["at"], at
            if msg["type"] == "refused":
                await p.close()
                return msg["code"], None, at
        raise AssertionError("no answer")

    for flags, want in (([], "undo_refused"), (["--undo", "allow"], "taken back")):
        host = start("host", "--game", "micropolis", "--seats", "net,easy", "--seed", "3", "--wait", "30",
                     "--lost-wait", "1", *flags)
        try:
            m = FIRST_LINE.fullmatch(first_line(host).strip())
            got, back_at, at = asyncio.run(asyncio.wait_for(ask(m.group(1), m.group(2)), LIMIT))
        finally:
            host.kill()
            host.communicate()
        assert got == want
        if want == "taken back":
            assert back_at == at - 1
