"""Rules before you start: F1 and a "How to play" link on each menu card, F1 and a button in setup."""
import pygame
import pytest

from game.tools.headless import headless_app


@pytest.fixture
def app():
    from game.scenes.select import SelectScene
    a = headless_app((1280, 720))
    a.scenes.push(SelectScene(a))
    a.frame(16)
    yield a
    pygame.quit()


def press(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(16)


def test_each_menu_card_opens_its_rules_and_esc_closes_them(app):
    menu = app.scenes.top
    for i, (link, card) in enumerate(list(menu.rule_links)):
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link.center, button=1))
        app.frame(16)
        assert menu.help is not None and menu.help.game_id == card.id
        assert type(app.scenes.top).__name__ == "SelectScene"     # the card did not start a game
        press(app, pygame.K_ESCAPE)
        assert menu.help is None and type(app.scenes.top).__name__ == "SelectScene"


def test_f1_on_the_menu_shows_the_focused_game(app):
    menu = app.scenes.top
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_F1)
    assert menu.help.game_id == menu.catalog[1].id


def test_f1_and_the_button_in_setup(app):
    press(app, pygame.K_RETURN)
    setup = app.scenes.top
    assert type(setup).__name__ == "SetupScene"
    press(app, pygame.K_F1)
    assert setup.help is not None and setup.help.game_id == setup.game_id
    press(app, pygame.K_ESCAPE)
    assert setup.help is None and app.scenes.top is setup          # Esc closed the rules only
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=setup.rules_btn.rect.center, button=1))
    app.frame(16)
    assert setup.help is not None
