"""Setup: the 2-player It Happens.. imaginary player's colour is the players' choice and is kept."""
import pygame
import pytest

from game.core import saves
from game.games import get_rules
from game.scenes.setup import SetupScene, check_seats, drawable
from game.tools.headless import headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def test_the_imaginary_players_colour_is_chosen_in_setup_and_kept(app):
    setup = SetupScene(app, "it_happens")
    app.scenes.push(setup)
    setup.kinds = ["human", "medium", "empty", "empty", "empty"]
    extra = [s for s in setup.seats() if s.kind == "imaginary"]
    assert len(extra) == 1 and extra[0].color not in {"yellow", "red"}
    while setup.extra_color != "blue":
        setup._act(("extra_color", None, None))
    setup.draw(app.window)
    setup.start()
    play = app.scenes.top
    assert play.state.seats[2].kind == "imaginary" and play.state.seats[2].color == "blue"
    play.step_ai_now() or play.submit(get_rules("it_happens").legal_actions(play.state)[0])
    rec, states, msg = saves.load_save(play.save_path, get_rules)
    assert msg is None and states[-1].seats[2].color == "blue"


def test_no_imaginary_row_with_three_players(app):
    setup = SetupScene(app, "it_happens")
    setup.kinds = ["human", "medium", "easy", "empty", "empty"]
    assert not any(s.kind == "imaginary" for s in setup.seats())
    assert ("extra", None) not in setup._rows()


def test_the_imaginary_colour_never_clashes_with_a_player(app):
    setup = SetupScene(app, "it_happens")
    setup.kinds = ["human", "medium", "empty", "empty", "empty"]
    setup.extra_color = "green"
    setup.seat_colors[1] = "green"
    seats = setup.seats()
    assert len({s.color for s in seats}) == 3


def test_a_name_typed_in_setup_always_loads(app):
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    setup = SetupScene(app, "antics")
    app.scenes.push(setup)
    setup.names[0] = ""
    setup._act(("name", 0, None))
    for text in ("\u200f\u05d3\u05e0\u05d4 ", family, "\x1b\n", "x" * 60):   # a paste past the field's length
        setup.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    # what no font of the game can draw is left out (game/ui/text.py decides; all is kept without it)
    typed = drawable("\u200f\u05d3\u05e0\u05d4 ")[0] + drawable(family)[0]
    assert setup.names[0].startswith(typed) and len(setup.names[0]) <= 40
    setup.start()
    play = app.scenes.top
    play.step_ai_now() or play.submit(get_rules("antics").legal_actions(play.state)[0])
    play.saver.flush()
    rec, states, msg = saves.load_save(play.save_path, get_rules)
    assert msg is None and rec.seats[0].name == setup.names[0]


def test_enter_or_an_arrow_on_a_focused_setup_control_does_what_a_click_does(app):
    setup = SetupScene(app, "micropolis")
    app.scenes.push(setup)
    rows = setup._rows()

    def enter_on(row, key=pygame.K_RETURN):
        setup.focus = (rows.index(row), 0)
        setup.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    option = next(r for r in rows if r[0] == "option")
    before = setup.options[option[1]]
    enter_on(option)
    assert setup.options[option[1]] != before
    guided = setup.guided
    enter_on(("guided", None))
    assert setup.guided != guided
    confirm = app.settings["confirm_placements"]
    enter_on(("confirm", None))
    assert app.settings["confirm_placements"] != confirm
    for arrow in (pygame.K_LEFT, pygame.K_RIGHT):            # an arrow flips a switch too
        enter_on(("guided", None), arrow)
        enter_on(option, arrow)
    assert setup.guided != guided and setup.options[option[1]] != before
    enter_on(("seed", None))
    assert setup.editing == -1


@pytest.fixture
def fonts_without_snowmen(monkeypatch):
    """A game/ui/text.py whose fonts cannot draw a snowman."""
    import sys
    import types
    fake = types.ModuleType("game.ui.text")
    fake.can_draw = lambda s: "\u2603" not in s
    fake.missing_characters = lambda s: sorted({ch for ch in s if ch == "\u2603"})
    monkeypatch.setitem(sys.modules, "game.ui.text", fake)


def test_a_typed_character_no_font_can_draw_is_refused_in_words(app, fonts_without_snowmen):
    setup = SetupScene(app, "antics")
    app.scenes.push(setup)
    setup.names[0] = "Ann"
    setup._act(("name", 0, None))
    setup.handle(pygame.event.Event(pygame.TEXTINPUT, text="a\u2603b"))
    assert setup.names[0] == "Annab"
    assert "cannot be shown" in setup.message and "\u2603" not in setup.message
    setup.message = ""
    setup.handle(pygame.event.Event(pygame.TEXTINPUT, text="c"))
    assert setup.names[0] == "Annabc" and setup.message == ""
    setup.draw(app.window)
    setup.names[1] = "Bo\u2603"                              # however it got there, it cannot start
    problem = check_seats(setup.rules, setup.seats(), setup.options)
    assert problem and "player 2" in problem and "cannot show" in problem


def test_setup_refuses_names_in_plain_words(app):
    setup = SetupScene(app, "micropolis")
    setup.names[0] = "   "
    assert check_seats(setup.rules, setup.seats(), setup.options) == "Every player needs a name."
    setup.names[0] = "x" * 41
    assert "longer than 40 characters" in check_seats(setup.rules, setup.seats(), setup.options)
    setup.names[0] = "A\tB"
    assert "control character" in check_seats(setup.rules, setup.seats(), setup.options)
    setup.names[0] = setup.names[1]
    assert check_seats(setup.rules, setup.seats(), setup.options) == "Two players have the same name."


def _start_custom_it_happens(app):
    setup = SetupScene(app, "it_happens")
    app.scenes.push(setup)
    setup.kinds = ["human", "hard", "human", "empty", "empty"]
    setup.names[0], setup.names[2] = "Zoë", "Ravi"
    setup._cycle_color(2)
    setup.options["worm_supply_limited"] = False
    chosen = (list(setup.kinds), list(setup.names), list(setup.seat_colors), dict(setup.options))
    setup.start()
    assert type(app.scenes.top).__name__ == "PlayScene"
    return chosen


def test_setup_starts_from_the_last_games_seats_and_options(app):
    kinds, names, colours, options = _start_custom_it_happens(app)
    again = SetupScene(app, "it_happens")
    assert (again.kinds, again.names, again.seat_colors, again.options) == (kinds, names, colours, options)
    fresh = SetupScene(app, "micropolis")                      # per game: another game keeps its defaults
    assert fresh.kinds[:2] == ["human", "medium"] and fresh.names[0] == "Ann"
    # kept in the settings file, as ids and names (no words of a language), and read back at the next start
    from game.core.paths import user_dir
    from game.ui import settings
    import yaml
    text = (user_dir() / settings.FILE).read_text(encoding="utf-8")
    assert "AI - Hard" not in text and "Human" not in text
    assert yaml.safe_load(text)["last_seats"]["it_happens"] == {
        "kinds": kinds, "names": names, "colors": colours, "extra_color": None, "options": options}
    reloaded = settings.load()
    assert reloaded["last_seats"]["it_happens"]["kinds"] == kinds
    app.settings = reloaded
    assert SetupScene(app, "it_happens").names == names


@pytest.mark.parametrize("broken", [
    "not a mapping",
    ["human", "medium"],
    {"kinds": ["human"]},                                                        # parts missing
    {"kinds": ["human", "medium"], "names": ["Ann"], "colors": ["red", "blue"],  # lengths differ
     "extra_color": None, "options": {}},
    {"kinds": ["human", "medium", "empty", "empty", "empty"], "names": ["A\nB", "Bo", "C", "D", "E"],
     "colors": ["yellow", "red", "green", "blue", "purple"], "extra_color": None, "options": {}},
    {"kinds": ["human", "medium", "empty", "empty", "empty"], "names": ["x" * 500, "Bo", "C", "D", "E"],
     "colors": ["yellow", "red", "green", "blue", "purple"], "extra_color": None, "options": {}},
    {"kinds": ["human", "medium", "empty", "empty", "empty"], "names": ["A", "B", "C", "D", "E"],
     "colors": ["yellow", "red", "green", "blue", "purple"], "extra_color": None, "options": {"k": [1, 2]}},
])
def test_a_broken_remembered_setup_falls_back_to_the_defaults(app, broken):
    import yaml

    from game.core.paths import user_dir
    from game.ui import settings
    good = {"kinds": ["human", "hard", "empty", "empty", "empty", "empty"], "names": ["Zoë", "Bo", "C", "D", "E", "F"],
            "colors": ["red", "blue", "green", "yellow", "purple", "orange"], "extra_color": None,
            "options": {"expert": True}}
    user_dir().mkdir(parents=True, exist_ok=True)
    (user_dir() / settings.FILE).write_text(yaml.safe_dump(
        {"volume": 40, "last_seats": {"it_happens": broken, "micropolis": good}}), encoding="utf-8")
    loaded = settings.load()
    assert loaded["volume"] == 40 and "it_happens" not in loaded["last_seats"]
    assert loaded["last_seats"]["micropolis"] == good             # a broken game's entry alone is dropped
    app.settings = loaded
    defaults = SetupScene(app, "it_happens")
    assert defaults.kinds == ["human", "medium", "empty", "empty", "empty"] and defaults.names[0] == "Ann"
    assert SetupScene(app, "micropolis").names[0] == "Zoë"
    assert settings.load()["last_seats"] == {"micropolis": good}     # not set aside: the file was readable


def test_remembered_seats_that_no_longer_fit_the_game_are_not_used(app):
    from game.ui import settings
    fits = {"kinds": ["human", "medium", "empty", "empty", "empty"], "names": ["Zoë", "Bo", "C", "D", "E"],
            "colors": ["yellow", "red", "green", "blue", "white"], "extra_color": "green",
            "options": {"worm_supply_limited": False}}
    cases = [dict(fits, kinds=["human", "medium"], names=["Zoë", "Bo"], colors=["yellow", "red"]),  # seat count
             dict(fits, kinds=["human", "genius", "empty", "empty", "empty"]),                          # unknown kind
             dict(fits, colors=["yellow", "pink", "green", "blue", "white"]),                           # unknown colour
             dict(fits, colors=["red", "red", "green", "blue", "white"]),                               # the same colour
             dict(fits, options={"worm_supply_limited": "yes"}),                                        # wrong type
             dict(fits, kinds=["empty"] * 5)]                                                           # cannot start
    for entry in cases:
        app.settings = settings.Settings({"last_seats": {"it_happens": entry}})
        setup = SetupScene(app, "it_happens")
        assert setup.names[0] == "Ann" and setup.kinds[1] == "medium" and setup.options["worm_supply_limited"], entry
    app.settings = settings.Settings({"last_seats": {"it_happens": fits}})
    setup = SetupScene(app, "it_happens")
    assert setup.names[0] == "Zoë" and setup.extra_color == "green" and not setup.options["worm_supply_limited"]


def test_the_remembered_setups_are_bounded(app):
    from game.ui import settings
    entry = {"kinds": ["human", "medium"], "names": ["A", "B"], "colors": ["red", "blue"], "extra_color": None,
             "options": {}}
    many = {f"game_{i}": entry for i in range(settings.MAX_REMEMBERED_GAMES + 5)}
    kept = settings.Settings({"last_seats": many})["last_seats"]
    assert len(kept) == settings.MAX_REMEMBERED_GAMES and "game_0" not in kept and f"game_{len(many) - 1}" in kept
    too_many_seats = dict(entry, kinds=["human"] * 50, names=["A"] * 50, colors=["red"] * 50)
    assert settings.Settings({"last_seats": {"x": too_many_seats}})["last_seats"] == {}
    s = settings.Settings()
    for i in range(settings.MAX_REMEMBERED_GAMES + 3):
        settings.remember_seats(s, f"game_{i}", entry)
    assert len(s["last_seats"]) == settings.MAX_REMEMBERED_GAMES and "game_0" not in s["last_seats"]
    with pytest.raises(ValueError):
        s.set("last_seats", {"bad id!": entry})
