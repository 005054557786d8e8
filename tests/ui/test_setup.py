"""Setup: the 2-player It Happens.. imaginary player's colour is the players' choice and is kept."""
import pygame
import pytest

from game.core import saves
from game.games import get_rules
from game.scenes.setup import SetupScene
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
    assert setup.names[0].startswith("\u200f\u05d3\u05e0\u05d4 " + family) and len(setup.names[0]) <= 40
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
