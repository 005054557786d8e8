"""``main.py replay FILE --log``: a record's events as the table's log lines, without a window.

The lines are the play scene's (the view's describe_event over the same events, at the record's
last state); the words come from each table's pure words module, so neither they nor the
command import pygame. A table without a words module falls back to its view, then to the
events' own type and fields.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools.test_cli_errors import cli, refused

ROOT = Path(__file__).resolve().parents[2]
WORDS = ("game/ui/tables/it_happens/words.py", "game/ui/tables/micropolis/words.py")
RECORDS = {"it_happens": ("it_happens", "4", "2", []),
           "micropolis": ("micropolis", "3", "2", ["--option", "expert=true"])}


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """A seeded AI game of each table with pure words, as autoplay records it."""
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for key, (game, seed, players, extra) in RECORDS.items():
        code, _, err = cli("autoplay", "--game", game, "--seed", seed, "--players", players, *extra,
                           "--records", str(folder))
        assert code == 0, err
        out[key] = folder / f"{game}-{seed}.yaml"
    return out


def scene_lines(path: Path) -> list[str]:
    """The play scene's log at the record's end: the view's describe_event over every event."""
    from game.games import get_rules, load_replay
    from game.ui.theme import Theme
    from game.ui.views.base import get_view
    rec, states = load_replay(str(path))
    s = states[-1]
    view = get_view(rec.game, get_rules(rec.game), s.seats, Theme((1600, 900)))
    return [line for line in (view.describe_event(ev, s) for ev in s.log.to_list()) if line]


@pytest.fixture
def classic_palette():
    """The printed components' colour names, which are the colours' own names ("red", not
    "red-orange"): the headless log names colours plainly, not in the window's palette."""
    from game.ui import theme as T
    T.set_palette(False)
    yield
    T.set_palette(True)


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_log_prints_the_play_scenes_lines(records, game, classic_palette):
    code, out, err = cli("replay", str(records[game]), "--log")
    assert code == 0, err
    assert err == ""
    lines = out.splitlines()
    assert lines == scene_lines(records[game])
    assert len(lines) > 20 and all(line.strip() for line in lines)
    from game.core.record import read_record
    names = {seat.name for seat in read_record(records[game]).seats}
    assert all(any(n in line for line in lines) for n in names)          # the seats by name
    assert not any("None" in line or "{" in line for line in lines)


def test_the_views_words_are_the_words_modules(records):
    """The views' describe_event is a thin call: the same line as the words module with the
    palette's colour words, in the colour-blind-safe palette too."""
    from game.games import get_rules, load_replay
    from game.ui import theme as T
    from game.ui.tables import table_for
    from game.ui.views.base import get_view
    assert T.color_word("red") == "red-orange"      # the default palette
    for path in records.values():
        rec, states = load_replay(str(path))
        s, rules = states[-1], get_rules(rec.game)
        view = get_view(rec.game, rules, s.seats, T.Theme((1600, 900)))
        words = table_for(rec.game).words
        for ev in s.log.to_list():
            assert view.describe_event(ev, s) == words(rules, ev, s, T.color_word), ev


def test_it_happens_colours_are_named_plainly_without_a_palette():
    from game.games import get_rules
    from game.core.rules import Seat
    from game.ui.tables.it_happens import words
    s = get_rules("it_happens").new_game([Seat("Ann", "yellow"), Seat("Bea", "red")], 3, {})
    ev = {"type": "roll", "player": 1, "color": "red", "value": 4}
    assert words.describe_event(None, ev, s) == "Bea rolls a red 4."
    assert words.describe_event(None, ev, s, lambda c: "crimson") == "Bea rolls a crimson 4."


def test_log_does_not_import_pygame(records):
    code = ("import sys, main\n"
            f"rc = main.main(['replay', {str(records['micropolis'])!r}, '--log'])\n"
            f"rc = rc or main.main(['replay', {str(records['it_happens'])!r}, '--log'])\n"
            "assert 'pygame' not in sys.modules, 'pygame imported'\n"
            "sys.exit(rc)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("\n") > 40


# ------------------------------------------------------------------ the words modules are pure
def _module_imports(path: Path) -> list[str]:
    """The modules a file imports when it is imported (top level, not inside functions)."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("rel", WORDS)
def test_words_modules_import_no_pygame(rel):
    bad = [m for m in _module_imports(ROOT / rel)
           if m == "pygame" or m.startswith(("pygame.", "game.ui.theme", "game.ui.views", "game.ui.widgets"))
           or m.endswith(".view")]
    assert bad == []


def test_words_modules_load_without_pygame():
    """Their packages too (game.ui.tables and each table's declaration) leave pygame alone."""
    code = ("import sys\n"
            "import game.ui.tables.it_happens.words, game.ui.tables.micropolis.words\n"
            "from game.ui.tables import tables\n"
            "assert [t.id for t in tables() if t.words]\n"
            "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if m.startswith('game.ui'))\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr


# ------------------------------------------------------------------ tables without words
def _toy_state():
    from tests import fourth_game
    from game.core.rules import Seat
    rules = fourth_game._rules()
    s = rules.new_game([Seat("Ann", "red"), Seat("Bea", "blue")], 5, {})
    for _ in range(6):
        s = rules.apply(s, rules.legal_actions(s)[0])
    return rules, s


def test_a_table_without_words_is_read_through_its_view(register_game):
    from dataclasses import replace
    from tests import fourth_game
    from tests.fourth_game.view import View
    from game.tools.replay import log_lines

    class Told(View):
        def describe_event(self, ev, state):
            p = ev.get("player")
            return None if p is None else f"{state.seats[p].name}: {ev['type']}"
    register_game(fourth_game.GAME, replace(fourth_game.TABLE, make_view=Told))
    rules, s = _toy_state()
    expected = [f"{s.seats[ev['player']].name}: {ev['type']}" for ev in s.log.to_list() if "player" in ev]
    assert expected and log_lines(fourth_game.GAME_ID, rules, s) == expected


def test_a_table_whose_view_cannot_be_made_prints_the_events_themselves(register_game):
    from dataclasses import replace
    from tests import fourth_game
    from game.tools.replay import log_lines

    def broken(rules, seats, theme):
        raise RuntimeError("no view today")
    register_game(fourth_game.GAME, replace(fourth_game.TABLE, make_view=broken))
    rules, s = _toy_state()
    lines = log_lines(fourth_game.GAME_ID, rules, s)
    events = s.log.to_list()
    assert len(lines) == len(events)
    assert [line.split(":")[0] for line in lines] == [ev["type"] for ev in events]
    assert any("Ann" in line or "Bea" in line for line in lines)


# ------------------------------------------------------------------ bad input
def test_log_of_a_missing_file_is_one_line(tmp_path):
    refused(cli("replay", str(tmp_path / "nothing.yaml"), "--log"), "nothing.yaml", "missing")


def test_log_of_a_file_that_is_no_record_is_one_line(tmp_path):
    f = tmp_path / "rec.yaml"
    f.write_text("- just\n- a list\n")
    refused(cli("replay", str(f), "--log"), "rec.yaml", "not a game record")


def test_log_of_a_record_that_does_not_replay_is_one_line(records, tmp_path):
    lines = records["micropolis"].read_text().splitlines()
    i = max(k for k, line in enumerate(lines) if line.startswith("  - {"))
    lines[i] = "  - {type: nonsense, x: 1}"
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n")
    code, out, err = cli("replay", str(bad), "--log")
    refused((code, out, err), "bad.yaml")
    assert out == ""                                 # nothing printed before the refusal


@pytest.mark.parametrize("size", [(1280, 720), None])
def test_a_replay_window_takes_the_size_asked_for_else_the_one_that_fits_the_desktop(records, monkeypatch, size):
    """``main.py --size 1280x720 replay FILE`` opened a 1600x900 window whatever was asked, larger
    than a 1280x720 desktop; it now opens like the game's own window."""
    import game.app
    import game.scenes.play
    from game.tools.replay import open_replay
    made = []

    class FakeApp:
        def __init__(self, size=None, start_time=None):
            made.append(size)
            self.scenes = type("Scenes", (), {"push": lambda _, scene: None})()

        def run(self):
            pass

    monkeypatch.setattr(game.app, "App", FakeApp)
    monkeypatch.setattr(game.scenes.play, "PlayScene", lambda *args, **kw: None)
    assert open_replay(str(records["it_happens"]), None, size) == 0
    assert made == [size]
