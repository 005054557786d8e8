"""main.py host --resume SAVEFILE: a hosted game's save is hosted again with a new code; a join
that names its seat plays it to the end; the save is the game's record. Bad input: one line, exit 2.
Every process runs under a timeout; traffic stays on the loopback."""
import pytest

from game.core.match import Match
from game.core.record import read_record, replay, save_record
from game.core.rules import Seat
from game.games import get_rules
from tests.net.test_cli import FIRST_LINE, LIMIT, finish, first_line, start

GAME = "micropolis"


def hosted_save(path, moves=6, over=False):
    rules = get_rules(GAME)
    seats = [Seat("Ann", rules.seat_colors[0], "human"), Seat("Bruno", rules.seat_colors[1], "medium")]
    from game.ai.bots import make_bot
    m = Match(rules, seats, 77, {}, net=[0], make_bot=lambda k, r, s, p: make_bot(k, r, s, timed=False))
    for _n in range(10_000 if over else moves):
        if m.over():
            break
        if m.to_move() == 0:
            m.submit(m.legal_actions()[0], 0)
        else:
            m.step_ai()
    save_record(path, m.record())
    return m


def test_host_resume_and_a_join_by_name_play_the_game_to_its_end(tmp_path):
    path = tmp_path / "hosted.yaml"
    m = hosted_save(path)
    host = start("host", "--resume", str(path), "--wait", "60")
    try:
        line = first_line(host)
        found = FIRST_LINE.search(line)
        assert found, line
        address, code = found.groups()
        guest = start("join", address, "--code", code, "--name", "ann", "--ai", "easy", "--timeout", str(LIMIT))
        g_rc, g_out, g_err = finish(guest)
        h_rc, h_out, h_err = finish(host)
    finally:
        host.kill()
    assert (h_rc, g_rc) == (0, 0), (h_err, g_err)
    assert "game over" in h_out and "game over" in g_out   # (lines after the first may sit in its reader's buffer)
    rec = read_record(path)
    states = replay(get_rules(GAME), rec)
    assert rec.final is not None and rec.net == [0]
    assert states[6].log.to_list() == m.state.log.to_list()


@pytest.mark.parametrize("extra,words", [
    (["--game", GAME], "drop --game"),
    (["--seed", "0"], "drop --seed"),
])
def test_resume_refuses_what_the_save_already_says(tmp_path, extra, words):
    path = tmp_path / "hosted.yaml"
    hosted_save(path, moves=2)
    rc, out, err = finish(start("host", "--resume", str(path), *extra), timeout=60)
    assert rc == 2 and words in err and "Traceback" not in err


def test_resume_of_a_missing_broken_or_finished_save_is_one_line(tmp_path):
    rc, out, err = finish(start("host", "--resume", str(tmp_path / "none.yaml")), timeout=60)
    assert rc == 2 and "no such file" in err and "Traceback" not in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: nonsense\n")
    rc, out, err = finish(start("host", "--resume", str(bad)), timeout=60)
    assert rc == 2 and "unknown record format" in err and "Traceback" not in err
    done = tmp_path / "done.yaml"
    hosted_save(done, over=True)
    rc, out, err = finish(start("host", "--resume", str(done)), timeout=60)
    assert rc == 2 and "over" in err and "Traceback" not in err
    rc, out, err = finish(start("host"), timeout=60)
    assert rc == 2 and "--game and --seats" in err
