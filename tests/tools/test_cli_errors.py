"""Bad command-line input: one plain line on stderr, a non-zero exit, no traceback, nothing played.

Most cases run the real entry point (``python main.py ...``) in a subprocess; the few that
need to fake the environment (a game missing from the build, a folder that cannot be
written) call ``main.main(argv)`` in-process.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli(*argv: str, cwd: Path = ROOT):
    """Run main.py; returns (exit code, stdout, stderr)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    p = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def in_process(capsys, *argv: str):
    """main.main(argv) in this process; returns (exit code, stdout, stderr)."""
    import main
    try:
        code = main.main(list(argv))
    except SystemExit as e:  # argparse errors exit
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def refused(result, *words: str) -> str:
    """Assert a plain refusal: non-zero, one line on stderr naming the words, nothing played."""
    code, out, err = result
    assert code not in (0, None), (code, out, err)
    assert "Traceback" not in out + err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("anthology: "), err
    for w in words:
        assert w.lower() in lines[0].lower(), (w, lines[0])
    assert "seed " not in out and "wrote " not in out, out  # no game played, no picture written
    return lines[0]


# ------------------------------------------------------------------ --option
def test_unknown_option_names_it_and_lists_the_known_ones():
    msg = refused(cli("autoplay", "--game", "micropolis", "--option", "bogus=1"), "bogus", "expert")
    assert "unknown option" in msg


def test_unknown_option_for_a_game_without_options():
    refused(cli("autoplay", "--game", "antics", "--option", "speed=2"), "speed", "no options")


def test_unknown_option_for_it_happens():
    refused(cli("autoplay", "--game", "it_happens", "--option", "expert=true"), "expert", "worm_supply_limited")


@pytest.mark.parametrize("value", ["maybe", "3", "", "truthy"])
def test_bool_option_takes_only_true_or_false(value):
    refused(cli("autoplay", "--game", "micropolis", "--option", f"expert={value}"), "expert", "true or false")


def test_bool_option_value_of_it_happens():
    refused(cli("autoplay", "--game", "it_happens", "--option", "worm_supply_limited=lots"),
            "worm_supply_limited", "lots")


def test_option_without_a_value():
    refused(cli("autoplay", "--game", "micropolis", "--option", "expert"), "--option", "NAME=VALUE")


def test_option_given_twice():
    refused(cli("autoplay", "--game", "micropolis", "--option", "expert=yes", "--option", "expert=no"),
            "expert", "more than once")


def test_option_refused_by_the_rules_before_play():
    # expert mode is for 2-3 players: the rules' own check runs before the first game
    refused(cli("autoplay", "--game", "micropolis", "--players", "4", "--option", "expert=yes", "--games", "50"),
            "expert")


def test_screenshot_checks_options_too(tmp_path):
    refused(cli("screenshot", "--scene", "play", "--game", "micropolis", "--option", "expert=perhaps",
                "--out", str(tmp_path / "x.png")), "expert")
    assert not (tmp_path / "x.png").exists()


def test_good_options_are_typed_and_recorded(tmp_path):
    code, out, err = cli("autoplay", "--game", "micropolis", "--option", "expert=YES", "--records", str(tmp_path / "r"))
    assert code == 0, err
    assert "options: {expert: true}" in (tmp_path / "r" / "micropolis-1.yaml").read_text()


class _NumberRules:
    title = "Numbers"
    options_spec = [{"key": "rounds", "type": "int", "min": 1, "max": 9, "default": 3},
                    {"key": "speed", "type": "float", "min": 0.5, "default": 1.0},
                    {"key": "flag", "type": "bool", "default": False}]


@pytest.mark.parametrize("pair, words", [
    (("rounds", "x"), ["rounds", "whole number"]),
    (("rounds", "1.5"), ["rounds", "whole number"]),
    (("rounds", "0"), ["rounds", "1 to 9"]),
    (("rounds", "10"), ["rounds", "1 to 9"]),
    (("speed", "nan"), ["speed", "finite"]),
    (("speed", "0.1"), ["speed", "at least 0.5"]),
    (("flag", "2"), ["flag", "true or false"]),
])
def test_number_options_must_parse_and_be_in_range(pair, words):
    from game.tools.cli import UsageError, check_options
    with pytest.raises(UsageError) as e:
        check_options(_NumberRules(), [pair])
    for w in words:
        assert w in str(e.value)
    assert check_options(_NumberRules(), [("rounds", "9"), ("speed", "2"), ("flag", "no")]) == \
        {"rounds": 9, "speed": 2.0, "flag": False}


# ------------------------------------------------------------------ --games, --players, --seed
@pytest.mark.parametrize("games", ["-1", "0", "abc", "1.5", ""])
def test_games_must_be_a_positive_whole_number(games):
    refused(cli("autoplay", "--game", "micropolis", "--games", games), "--games")


@pytest.mark.parametrize("players", ["0", "1", "7", "99"])
def test_players_out_of_range_are_refused_with_the_range(players):
    refused(cli("autoplay", "--game", "micropolis", "--players", players), "--players", "2 to 6", players)


def test_players_not_a_number():
    refused(cli("autoplay", "--game", "micropolis", "--players", "two"), "--players", "two")


def test_screenshot_players_out_of_range(tmp_path):
    refused(cli("screenshot", "--scene", "play", "--game", "it_happens", "--players", "0",
                "--out", str(tmp_path / "x.png")), "--players", "2 to 5")


def test_negative_seed():
    refused(cli("autoplay", "--game", "micropolis", "--seed", "-5"), "--seed")


# ------------------------------------------------------------------ --game
def test_unknown_game():
    refused(cli("autoplay", "--game", "chess"), "chess", "available", "micropolis")


def test_game_missing_from_this_build(capsys, monkeypatch):
    import game.games
    monkeypatch.setattr(game.games, "available_games", lambda: ["it_happens", "micropolis"])
    refused(in_process(capsys, "autoplay", "--game", "antics"), "antics", "unknown game", "micropolis")


def test_screenshot_of_a_game_missing_from_this_build(capsys, monkeypatch, tmp_path):
    import game.games
    monkeypatch.setattr(game.games, "available_games", lambda: ["it_happens"])
    refused(in_process(capsys, "screenshot", "--scene", "setup", "--game", "antics", "--out", str(tmp_path / "x.png")),
            "antics")


def test_missing_subcommand_argument():
    refused(cli("autoplay"), "--game")


# ------------------------------------------------------------------ --records
def test_records_path_that_is_a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("keep me")
    refused(cli("autoplay", "--game", "micropolis", "--records", str(f)), "--records", "not a folder")
    assert f.read_text() == "keep me"


def test_records_folder_that_cannot_be_created(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("")
    refused(cli("autoplay", "--game", "micropolis", "--records", str(f / "recs")), "--records", "cannot be created")


def test_records_folder_that_cannot_be_written(capsys, monkeypatch, tmp_path):
    import tempfile

    def no_write(*a, **k):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", no_write)  # works as root too, unlike chmod
    refused(in_process(capsys, "autoplay", "--game", "micropolis", "--records", str(tmp_path)),
            "--records", "cannot write", "permission denied")


def test_records_checked_before_any_game(tmp_path):
    f = tmp_path / "f"
    f.write_text("")
    # 100000 games would take minutes: the refusal must come first
    refused(cli("autoplay", "--game", "antics", "--games", "100000", "--records", str(f)), "--records")


# ------------------------------------------------------------------ screenshot --out, --size
def test_screenshot_out_is_an_existing_folder(tmp_path):
    refused(cli("screenshot", "--scene", "select", "--out", str(tmp_path)), "--out", "folder")


def test_screenshot_out_under_a_file(tmp_path):
    f = tmp_path / "f"
    f.write_text("")
    refused(cli("screenshot", "--scene", "select", "--out", str(f / "x.png")), "--out")


@pytest.mark.parametrize("size, word", [("10x10", "too small"), ("639x360", "too small"),
                                        ("100000x100000", "too large"), ("7681x1080", "too large")])
def test_screenshot_size_out_of_range(tmp_path, size, word):
    refused(cli("screenshot", "--scene", "select", "--size", size, "--out", str(tmp_path / "x.png")),
            "--size", size, word)
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("size", ["axb", "1920", "1920x", "x1080", "-5x10", "1920x1080x2", "19.5x10", ""])
def test_screenshot_size_malformed(tmp_path, size):
    # --size=VALUE: with a space, argparse would take "-5x10" for an option of its own
    refused(cli("screenshot", "--scene", "select", f"--size={size}", "--out", str(tmp_path / "x.png")),
            "--size", "1920x1080")


def test_window_size_checked_too():
    refused(cli("--size", "10x10"), "--size", "too small")


def test_negative_moves(tmp_path):
    refused(cli("screenshot", "--scene", "play", "--moves", "-1", "--out", str(tmp_path / "x.png")), "--moves")


# ------------------------------------------------------------------ replay
@pytest.fixture
def record_file(tmp_path):
    code, out, err = cli("autoplay", "--game", "micropolis", "--seed", "3", "--records", str(tmp_path))
    assert code == 0, err
    return tmp_path / "micropolis-3.yaml"


def test_replay_missing_file(tmp_path):
    refused(cli("replay", str(tmp_path / "nothing.yaml")), "nothing.yaml", "missing")


def test_replay_unreadable_file(tmp_path):
    # a folder where the file should be: unreadable whoever runs the test (root reads chmod 000 files)
    (tmp_path / "rec.yaml").mkdir()
    refused(cli("replay", str(tmp_path / "rec.yaml")), "rec.yaml")


def test_replay_not_utf8(tmp_path):
    f = tmp_path / "rec.yaml"
    f.write_bytes(b"\xff\xfe\x00garbage\x80")
    refused(cli("replay", str(f)), "rec.yaml")


def test_replay_broken_yaml(tmp_path):
    f = tmp_path / "rec.yaml"
    f.write_text("format: [unclosed\n  game: : :\n")
    refused(cli("replay", str(f)), "rec.yaml", "YAML")


def test_replay_not_a_record(tmp_path):
    f = tmp_path / "rec.yaml"
    f.write_text("- just\n- a list\n")
    refused(cli("replay", str(f)), "rec.yaml", "not a game record")


def test_replay_record_that_does_not_replay(record_file):
    lines = record_file.read_text().splitlines()
    i = max(k for k, line in enumerate(lines) if line.startswith("  - {"))  # the last event
    lines[i] = "  - {type: nonsense, x: 1}"
    record_file.write_text("\n".join(lines) + "\n")
    refused(cli("replay", str(record_file)), record_file.name)


def test_replay_record_of_a_game_this_build_lacks(record_file):
    record_file.write_text(record_file.read_text().replace("game: micropolis", "game: chess"))
    refused(cli("replay", str(record_file)), "chess")
