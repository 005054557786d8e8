"""The arena command: rotated seeded matches between AI levels, statistics per level."""
from __future__ import annotations

import json

import pytest

from game.core.record import read_record, replay
from game.games import get_rules
from game.tools.arena import arena_seats, play_match, rotation_count, wilson
from game.tools.autoplay import play_game

TIMING = ("think_ms_mean", "think_ms_max")


def run(capsys, *argv: str):
    """main.main(argv) in this process; returns (exit code, stdout, stderr)."""
    import main
    try:
        code = main.main(["arena", *argv])
    except SystemExit as e:  # argparse errors exit
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def arena_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert len(out.strip().splitlines()) == 1, out
    return json.loads(out)


def without_timing(summary: dict) -> dict:
    seats = {lv: {k: v for k, v in st.items() if k not in TIMING} for lv, st in summary["seats"].items()}
    games = [{k: v for k, v in res.items() if k != "think"} for res in summary["results"]]
    return {k: v for k, v in summary.items() if k not in ("seconds", "jobs")} | {"seats": seats, "results": games}


def test_json_is_one_object_with_a_line_per_level(capsys):
    d = arena_json(capsys, "--game", "micropolis", "--seats", "medium,random", "--games", "4", "--seed", "3")
    assert (d["game"], d["games"], d["seats_per_game"], d["rotations"]) == ("micropolis", 4, 2, 2)
    assert set(d["seats"]) == {"medium", "random"}
    for st in d["seats"].values():
        assert set(st) >= {"win_share", "ci95", "mean_score", "think_ms_mean", "think_ms_max", "fair_share"}
        lo, hi = st["ci95"]
        assert 0 <= lo <= st["win_share"] <= hi <= 1
        assert 0 <= st["think_ms_mean"] <= st["think_ms_max"]
        assert st["fair_share"] == 0.5
    shares = sum(st["win_share"] for st in d["seats"].values()) + d["unseated_win_share"]
    assert shares == pytest.approx(1.0)


def test_a_level_in_several_seats_is_one_line_with_its_fair_share(capsys):
    d = arena_json(capsys, "--game", "micropolis", "--seats", "random,medium,medium", "--games", "3")
    assert d["seats"]["medium"]["seats"] == 2
    assert d["seats"]["medium"]["fair_share"] == pytest.approx(2 / 3, abs=1e-3)
    assert d["seats"]["medium"]["decisions"] > d["seats"]["random"]["decisions"]


def test_rotation_count_counts_distinct_seat_orders():
    assert rotation_count(["hard", "medium"]) == 2
    assert rotation_count(["hard", "medium", "medium", "medium"]) == 4
    assert rotation_count(["hard", "medium", "hard", "medium"]) == 2
    assert rotation_count(["medium", "medium"]) == 1


def test_each_deal_is_played_from_every_seat_and_recorded(capsys, tmp_path):
    code, out, err = run(capsys, "--game", "micropolis", "--seats", "easy,medium", "--games", "4",
                         "--seed", "7", "--records", str(tmp_path))
    assert code == 0, err
    assert [line.split(":")[0] for line in out.splitlines()[:4]] == [
        "deal 7 rotation 0", "deal 7 rotation 1", "deal 8 rotation 0", "deal 8 rotation 1"]
    assert "win share" in out
    rules = get_rules("micropolis")
    for deal in (7, 8):
        kinds = []
        for r in (0, 1):
            rec = read_record(tmp_path / f"micropolis-{deal}-r{r}.yaml")
            assert rec.seed == deal
            kinds.append([st.kind for st in rec.seats])
            assert rules.is_over(replay(rules, rec)[-1])
        assert kinds == [["easy", "medium"], ["medium", "easy"]]


def test_rotation_zero_is_the_game_autoplay_plays():
    rules = get_rules("it_happens")
    res = play_match(("it_happens", ("medium", "random"), 5, 0, None, None))
    s = play_game(rules, arena_seats(rules, ["medium", "random"]), 5, {})
    assert res["scores"] == [sh.total for sh in rules.score_sheets(s)][:2]
    assert res["winners"] == list(rules.winners(s))


def test_results_do_not_depend_on_the_number_of_jobs(capsys):
    args = ("--game", "it_happens", "--seats", "medium,random,random", "--games", "3", "--seed", "11")
    one = arena_json(capsys, *args, "--jobs", "1")
    two = arena_json(capsys, *args, "--jobs", "2")
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert without_timing(one) == without_timing(two)


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0.0, 4)[0] == 0.0 and wilson(1.0, 4)[1] == 1.0


@pytest.mark.parametrize("argv, words", [
    (["--game", "micropolis", "--seats", "medium,expert"], ["--seats", "expert", "random"]),
    (["--game", "micropolis", "--seats", "medium,"], ["--seats", "missing"]),
    (["--game", "micropolis", "--seats", "medium"], ["--seats", "2 to 6 players", "not 1"]),
    (["--game", "it_happens", "--seats", "easy,easy,easy,easy,easy,easy"], ["2 to 5 players", "not 6"]),
    (["--game", "micropolis", "--seats", "hard,medium,medium", "--games", "4"],
     ["--games", "multiple of 3", "try 3 or 6"]),
    (["--game", "micropolis", "--seats", "medium,random", "--games", "0"], ["--games", "not 0"]),
    (["--game", "micropolis", "--seats", "medium,random", "--jobs", "0"], ["--jobs", "not 0"]),
    (["--game", "micropolis", "--seats", "medium,random", "--seed", "-1"], ["--seed"]),
    (["--game", "chess", "--seats", "medium,random"], ["unknown game", "chess"]),
    (["--game", "micropolis"], ["--seats"]),
])
def test_bad_input_is_one_plain_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("anthology: ") and "Traceback" not in err
    for w in words:
        assert w.lower() in lines[0].lower(), (w, lines[0])


def test_records_that_is_a_file_is_refused_before_play(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    code, out, err = run(capsys, "--game", "micropolis", "--seats", "medium,random", "--records", str(f))
    assert code == 2 and out == "" and "not a folder" in err


def test_against_compares_win_shares_game_by_game_with_an_earlier_run(capsys, tmp_path):
    """--against: the same deals and seat orders as an earlier --json run, each level's win share
    here minus there (a mean over the games both played, with its 95 % half-width)."""
    args = ("--game", "micropolis", "--seats", "medium,random", "--seed", "5")
    earlier = arena_json(capsys, *args, "--games", "4")
    assert [(r["deal"], r["rotation"]) for r in earlier["results"]] == [(5, 0), (5, 1), (6, 0), (6, 1)]
    f = tmp_path / "earlier.json"
    f.write_text(json.dumps(earlier))
    again = arena_json(capsys, *args, "--games", "6", "--against", str(f))
    cmp = again["against"]
    assert cmp["games"] == 4 and cmp["file"] == str(f)
    # the same code on the same deals: nothing changes
    assert cmp["levels"]["medium"] == {"diff": 0.0, "half95": 0.0, "there": earlier["seats"]["medium"]["win_share"]}
    # one game won by the other level there: the difference is that game's share over the four
    flipped = json.loads(f.read_text())
    first = flipped["results"][0]
    first["winners"] = [first["kinds"].index("random")] if first["kinds"][first["winners"][0]] == "medium" \
        else [first["kinds"].index("medium")]
    f.write_text(json.dumps(flipped))
    code, out, err = run(capsys, *args, "--games", "4", "--against", str(f))
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("medium") and "(there" in x)
    assert ("+0.250" in line) != ("-0.250" in line), line
    assert "the same 4 game(s)" in out


@pytest.mark.parametrize("content, words", [
    ("not json", ["--against", "arena --json"]),
    ('{"game": "micropolis", "seat_list": ["medium", "random"]}', ["no list of games"]),
    ('{"game": "antics", "seat_list": ["medium", "random"], "results": []}', ["antics", "not 'micropolis'"]),
    ('{"game": "micropolis", "seat_list": ["medium", "random"], "results": [{"deal": 1}]}', ["game 1", "winners"]),
    ("[" * 100000, ["arena --json"]),
    ("x" * 20_000_001, ["--against", "limit"]),
])
def test_a_bad_against_file_is_refused_before_play(capsys, tmp_path, content, words):
    f = tmp_path / "bad.json"
    f.write_text(content)
    code, out, err = run(capsys, "--game", "micropolis", "--seats", "medium,random", "--against", str(f))
    assert code == 2 and out == "" and "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


def test_a_missing_against_file_is_refused_before_play(capsys, tmp_path):
    code, out, err = run(capsys, "--game", "micropolis", "--seats", "medium,random",
                         "--against", str(tmp_path / "none.json"))
    assert code == 2 and out == "" and "--against" in err and "is missing" in err


def test_each_level_reports_every_line_of_the_score_sheet(capsys):
    """The issue's targets are line by line (fungus-and-leaf points, Colony, item sets): the arena
    gives each level's mean points on each line and the share of its seats that scored on it."""
    d = arena_json(capsys, "--game", "antics", "--seats", "medium,medium,random", "--games", "3", "--seed", "5")
    for res in d["results"]:
        assert [sum(sheet.values()) for sheet in res["lines"]] == res["scores"]
    for lv, st in d["seats"].items():
        sheets = [sheet for res in d["results"] for kind, sheet in zip(res["kinds"], res["lines"]) if kind == lv]
        assert list(st["lines"]) == ["prey", "fungus", "green_leaves"]
        for name, got in st["lines"].items():
            assert got["mean"] == pytest.approx(sum(sh[name] for sh in sheets) / len(sheets), abs=0.01)
            assert got["scored"] == pytest.approx(sum(sh[name] > 0 for sh in sheets) / len(sheets), abs=1e-4)
            points = [sh[name] for sh in sheets]
            mean = sum(points) / len(points)
            sd = (sum((x - mean) ** 2 for x in points) / (len(points) - 1)) ** 0.5
            assert got["half95"] == pytest.approx(1.96 * sd / len(points) ** 0.5, abs=0.01)   # a line's noise shows
        assert sum(got["mean"] for got in st["lines"].values()) == pytest.approx(st["mean_score"], abs=0.05)
    code, out, _ = run(capsys, "--game", "antics", "--seats", "medium,medium,random", "--games", "3", "--seed", "5")
    assert code == 0
    assert "by line of the score sheet" in out
    assert "green leaves" in out and "prey" in out


def test_each_level_reports_the_turns_it_gave_up_where_the_game_has_them(capsys):
    """Issue 63's target "no level gives up a turn": the arena counts, per level, the turns ended
    (``turn_given_up``), those given up and those given up by a seat with fewer points than a rival."""
    d = arena_json(capsys, "--game", "antics", "--seats", "easy,medium,random", "--games", "3", "--seed", "2")
    for lv, st in d["seats"].items():
        counts = [res["turns"][i] for res in d["results"] for i, kind in enumerate(res["kinds"]) if kind == lv]
        assert st["turns"] == {"ended": sum(c[0] for c in counts), "given_up": sum(c[1] for c in counts),
                               "given_up_behind": sum(c[2] for c in counts)}
        assert st["turns"]["ended"] > 0
        assert 0 <= st["turns"]["given_up_behind"] <= st["turns"]["given_up"] <= st["turns"]["ended"]
    assert d["seats"]["random"]["turns"]["given_up"] > 0          # a random player ends turns at random
    code, out, _ = run(capsys, "--game", "antics", "--seats", "easy,medium,random", "--games", "3", "--seed", "2")
    assert code == 0 and "turns given up" in out
    mp = arena_json(capsys, "--game", "micropolis", "--seats", "medium,random", "--games", "2", "--seed", "3")
    assert all("turns" not in st for st in mp["seats"].values())    # no turn to give up there


def test_the_arena_counts_how_the_games_ended_where_that_varies(capsys):
    """Issue 63's target "no game ends on a round of passes or at the round cap": Antics! games end
    by the bag, the prey, a round nobody acted in (stall) or the round cap (rounds)."""
    d = arena_json(capsys, "--game", "antics", "--seats", "medium,medium,random", "--games", "3", "--seed", "5")
    assert sum(d["end_reasons"].values()) == 3
    assert set(d["end_reasons"]) <= {"bag", "prey", "stall", "rounds"}
    assert [res["end_reason"] for res in d["results"]].count(next(iter(d["end_reasons"]))) == \
        max(d["end_reasons"].values())
    code, out, _ = run(capsys, "--game", "antics", "--seats", "medium,medium,random", "--games", "3", "--seed", "5")
    assert code == 0 and "the games ended by: " in out
    mp = arena_json(capsys, "--game", "micropolis", "--seats", "medium,random", "--games", "2", "--seed", "3")
    assert mp["end_reasons"] == {} and all(res["end_reason"] is None for res in mp["results"])


def test_the_winning_score_is_the_winners_total_an_imaginary_winner_included(capsys):
    """Two-player It Happens.. seats an imaginary player: when it wins, its total is the winning score."""
    d = arena_json(capsys, "--game", "it_happens", "--seats", "random,random", "--games", "8", "--seed", "1")
    for res in d["results"]:
        assert res["winning_score"] >= max(res["scores"])
        seated = [w for w in res["winners"] if w < 2]
        assert all(res["scores"][w] == res["winning_score"] for w in seated)
    assert any(w >= 2 for res in d["results"] for w in res["winners"])     # the imaginary player won one
    assert d["winner_mean_score"] == pytest.approx(sum(r["winning_score"] for r in d["results"]) / 8, abs=0.01)


def test_progress_prints_each_game_to_stderr_as_it_ends(capsys):
    code, out, err = run(capsys, "--game", "micropolis", "--seats", "medium,random", "--games", "4", "--seed", "3",
                         "--json", "--progress")
    assert code == 0, err
    games = [json.loads(line) for line in err.strip().splitlines()]
    assert games == json.loads(out)["results"]


def test_a_run_stopped_by_sigterm_reports_the_games_it_finished(capsys, monkeypatch, tmp_path):
    """``timeout`` ends a long trial with SIGTERM: the run reports (and --json keeps) the games
    that had ended, marked as stopped, and an --against run later pairs with them."""
    import os
    import signal

    from game.tools import arena as ARENA
    real, calls = ARENA.play_match, []

    def play(task):
        calls.append(task)
        if len(calls) == 3:             # the signal comes while the third game plays
            os.kill(os.getpid(), signal.SIGTERM)
        return real(task)

    monkeypatch.setattr(ARENA, "play_match", play)
    before = signal.getsignal(signal.SIGTERM)
    args = ("--game", "micropolis", "--seats", "medium,random", "--seed", "3")
    code, out, err = run(capsys, *args, "--games", "6", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert (d["games"], len(d["results"]), d["stopped"]) == (2, 2, {"by": "SIGTERM", "games_planned": 6})
    assert signal.getsignal(signal.SIGTERM) == before                # the handler is put back
    stopped = tmp_path / "stopped.json"
    stopped.write_text(out)
    calls.clear()
    code, out, err = run(capsys, *args, "--games", "2", "--against", str(stopped))
    assert code == 0, err
    assert "the same 2 game(s)" in out and "+0.000 +/- 0.000" in out
    calls[:] = [None, None]                                          # stopped before its first game ended
    code, out, err = run(capsys, *args, "--games", "2")
    assert code == 1 and "before its first game ended" in err and not out.strip()


def test_a_stopped_run_ends_the_games_its_workers_still_play():
    """With --jobs 2 the games play in worker processes: a stop ends them at once (none is left
    running, nothing waits for the games not started)."""
    import multiprocessing
    import os
    import signal
    import time

    from game.tools.arena import play_until_stopped
    tasks = [("micropolis", ("medium", "random"), 3 + k, 0, None, None) for k in range(40)]
    got = []
    t0 = time.perf_counter()
    stopped = play_until_stopped(tasks, 2, lambda res: got.append(res) or os.kill(os.getpid(), signal.SIGTERM))
    assert stopped == "SIGTERM" and len(got) == 1
    assert time.perf_counter() - t0 < 30
    assert not multiprocessing.active_children()
