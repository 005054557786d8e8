"""Scenes driven by posted pygame events under the dummy video driver: select -> setup -> play -> back."""
import time

import pygame
import pytest

from game.core import saves
from game.tools.headless import headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    yield a
    pygame.quit()


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(16)


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(16)


def top(app):
    return type(app.scenes.top).__name__


def not_blank(surf):
    colors = {surf.get_at((x, y))[:3] for x in range(0, surf.get_width(), 97) for y in range(0, surf.get_height(), 89)}
    return len(colors) > 20


def test_select_to_setup_to_play_and_back_by_keyboard(app):
    app.frame(16)
    assert top(app) == "SelectScene" and not_blank(app.window)
    key(app, pygame.K_RETURN)                 # first card: It Happens..
    assert top(app) == "SetupScene"
    key(app, pygame.K_s, pygame.KMOD_CTRL)    # start with the default seats
    assert top(app) == "PlayScene" and not_blank(app.window)
    key(app, pygame.K_ESCAPE)                 # asks first
    assert top(app) == "PlayScene" and app.scenes.top.dialog is not None
    key(app, pygame.K_n)                      # keep playing
    assert app.scenes.top.dialog is None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)                      # leave: straight to the main menu
    assert top(app) == "SelectScene" and len(app.scenes.stack) == 1


def test_select_card_click_opens_setup(app):
    app.frame(16)
    sc = app.scenes.top
    rect, entry = sc.cards[1]
    click(app, rect.center)
    assert top(app) == "SetupScene" and app.scenes.top.game_id == entry.id


def test_setup_refuses_bad_seats_with_a_reason(app):
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    setup.kinds = ["human"] + ["empty"] * (len(setup.kinds) - 1)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert top(app) == "SetupScene" and "needs 2 to 5 players" in setup.message
    setup.kinds[1] = "easy"
    setup.seat_colors[1] = setup.seat_colors[0]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "same colour" in setup.message
    setup._cycle_color(1)
    assert setup.seat_colors[1] != setup.seat_colors[0]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert top(app) == "PlayScene"


def test_setup_seat_clicks_cycle_kind_and_colour(app):
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    app.frame(16)
    setup.dirty = True
    setup.draw(app.window)
    kind_box = next(r for r, t in setup.hit_boxes if t == ("kind", 2, None))
    before = setup.kinds[2]
    click(app, kind_box.center)
    assert setup.kinds[2] != before


def test_play_autosaves_and_continue_resumes_exactly(app):
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    setup.kinds = ["medium", "easy"] + ["empty"] * (len(setup.kinds) - 2)
    setup.seed_text = "77"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    play = app.scenes.top
    for _ in range(12):
        play.step_ai_now()
    events = play.state.log.to_list()
    assert play.save_path.exists() and play.save_path.parent == saves.saves_dir()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)
    assert top(app) == "SelectScene"
    sel = app.scenes.top
    assert sel.continue_btn.enabled
    key(app, pygame.K_c)
    assert top(app) == "PlayScene"
    assert app.scenes.top.state.log.to_list() == events


def test_corrupt_save_is_reported_on_the_menu(app):
    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "it_happens-1.yaml").write_text("{{{ not yaml")
    sc = app.scenes.top
    sc.enter()
    assert "could not be read" in sc.message and not sc.continue_btn.enabled
    assert list(saves.saves_dir().glob("it_happens-1.unreadable-*"))


def test_a_new_game_never_replaces_an_unfinished_one(app):
    for seed in ("5", "6"):
        key(app, pygame.K_RETURN)
        setup = app.scenes.top
        setup.kinds = ["medium", "easy"] + ["empty"] * (len(setup.kinds) - 2)
        setup.seed_text = seed
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        for _ in range(3):
            app.scenes.top.step_ai_now()
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_y)
    from game.games import is_known
    listed = saves.list_saves(is_known)[0]
    assert len(listed) == 2 and {i.record.seed for i in listed} == {5, 6}
    assert app.scenes.top.saves[0].path == listed[0].path   # the menu offers the newest
    key(app, pygame.K_c)                       # Continue: the newest
    assert top(app) == "PlayScene" and app.scenes.top.seed == listed[0].record.seed


def test_saved_games_list_resumes_and_deletes_with_a_question(app):
    test_a_new_game_never_replaces_an_unfinished_one(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)
    app.scenes.top._activate("saves")
    assert top(app) == "SavesScene"
    sc = app.scenes.top
    for _ in range(500):                       # the lists are read in the background (bounded wait)
        if not sc.loading:
            break
        app.frame(16)
        time.sleep(0.01)
    key(app, pygame.K_DELETE)
    assert sc.dialog is not None
    key(app, pygame.K_n)                       # keep it
    assert len(sc.items[0]) == 2
    key(app, pygame.K_DELETE)
    key(app, pygame.K_y)                       # delete
    assert len(sc.items[0]) == 1 and len(list(saves.saves_dir().glob("*.yaml"))) == 1
    key(app, pygame.K_RETURN)
    assert top(app) == "PlayScene" and app.scenes.top.save_path == sc.items[0][0].path


def test_settings_apply_at_once_and_are_kept(app):
    from game.ui import settings
    app.scenes.top._activate("settings")
    sc = app.scenes.top
    assert top(app) == "SettingsScene"
    sc.sel = [r[0] for r in __import__("game.scenes.settings", fromlist=["ROWS"]).ROWS].index("ui_scale")
    key(app, pygame.K_RIGHT)
    assert app.settings["ui_scale"] == 125 and app.theme.ui_scale == 125
    key(app, pygame.K_RETURN)
    assert top(app) == "SelectScene" and settings.load()["ui_scale"] == 125


def test_ai_game_reaches_results(app):
    from game.scenes.play import PlayScene
    from game.tools.headless import advance_play, demo_seats
    from game.games import get_rules
    rules = get_rules("it_happens")
    play = PlayScene(app, "it_happens", demo_seats(rules, 3, human_first=False), 5, {}, fast_ai=True)
    app.scenes.push(play)
    advance_play(play, 10**9, stop_on_human=False)
    assert rules.is_over(play.state)
    key(app, pygame.K_RETURN)
    assert top(app) == "ResultsScene" and not_blank(app.window)
    assert not saves.list_saves()[0] and len(saves.list_finished()) == 1  # no Continue, a record kept
    key(app, pygame.K_ESCAPE)
    assert top(app) == "SelectScene"


def test_resize_and_every_size_draws(app):
    for size in ((1280, 720), (1920, 1080), (2560, 1440)):
        app.window = pygame.display.set_mode(size)
        app._resized()
        app.scenes.top.dirty = True
        app.frame(16)
        assert not_blank(app.window)


def test_help_overlay_opens_and_closes(app):
    key(app, pygame.K_RETURN)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_F1)
    assert app.scenes.top.help is not None
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.help is None and top(app) == "PlayScene"


def test_undo_takes_back_own_decision_that_revealed_nothing(app):
    from game.core.rules import Seat
    from game.scenes.play import PlayScene
    from game.games import get_rules
    rules = get_rules("micropolis")
    seats = [Seat("Ann", "red", "human"), Seat("Bea", "blue", "human")]
    play = PlayScene(app, "micropolis", seats, 3, {})
    app.scenes.push(play)
    start = play.state
    assert not play.can_undo()
    take = rules.legal_actions(start)[0]
    assert play.submit(take)
    assert rules.to_move(play.state) == rules.to_move(start) and play.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert play.state is start and len(play.states) == 1


def test_undo_never_goes_past_a_roll(app):
    from game.core.rules import Seat
    from game.scenes.play import PlayScene
    from game.games import get_rules
    rules = get_rules("it_happens")
    play = PlayScene(app, "it_happens", [Seat("Ann", "yellow", "human"), Seat("Bea", "red", "human")], 3, {})
    app.scenes.push(play)
    play.submit(rules.legal_actions(play.state)[0])       # a roll: chance revealed
    assert not play.can_undo()
    key(app, pygame.K_u)
    assert len(play.states) == 2


def test_replay_steps_through_a_record_with_the_arrow_keys(app, tmp_path):
    from game.core.record import make_record, read_record, replay, save_record
    from game.games import get_rules
    from game.scenes.play import PlayScene
    from game.tools.autoplay import ai_seats, play_game
    rules = get_rules("it_happens")
    seats = ai_seats(rules, 3, "easy", 4)
    s = play_game(rules, seats, 4, {})
    save_record(tmp_path / "r.yaml", make_record(rules, s, seats, 4, {}))
    rec = read_record(tmp_path / "r.yaml")
    play = PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=replay(rules, rec), replay=True)
    app.scenes.push(play)
    assert play.cursor == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert play.cursor == 2
    key(app, pygame.K_END)
    assert rules.is_over(play.state) and not saves.saves_dir().exists()
    key(app, pygame.K_HOME)
    assert play.cursor == 0


def test_setup_names_are_typed(app):
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    setup.editing = 0
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    key(app, pygame.K_RETURN)
    assert setup.names[0] == "Zoé" and setup.editing is None


def test_ai_moves_come_through_the_frame_loop_at_a_readable_pace(app):
    import time
    from game.scenes.play import AI_DELAY_MS, PlayScene
    from game.tools.headless import demo_seats
    from game.games import get_rules
    rules = get_rules("micropolis")
    play = PlayScene(app, "micropolis", demo_seats(rules, 3, human_first=False), 2, {})
    app.scenes.push(play)
    assert not play.update(AI_DELAY_MS / 2) or len(play.states) == 1   # waits first
    deadline = time.monotonic() + 20
    while len(play.states) < 6 and time.monotonic() < deadline:
        app.frame(AI_DELAY_MS)
        if play.ai_thread is not None:
            play.ai_thread.join(5)
    assert len(play.states) >= 6
    assert play.save_path.exists()


# -- the language ------------------------------------------------------------------------------------

class _Marked:
    """A made-up catalog: every message comes back marked, so a switch shows at once."""
    import gettext as _gt

    class Tr(_gt.NullTranslations):
        def gettext(self, m):
            return "DE:" + m

        def ngettext(self, a, b, n):
            return "DE:" + (a if n == 1 else b)

        def pgettext(self, c, m):
            return "DE:" + m

        def npgettext(self, c, a, b, n):
            return "DE:" + (a if n == 1 else b)


@pytest.fixture
def german(monkeypatch):
    """German available (its catalog a made-up one); English again afterwards."""
    from game.core import i18n
    monkeypatch.setattr(i18n, "available_languages", lambda: dict(i18n.LANGUAGES))
    monkeypatch.setitem(i18n._catalogs, "de", _Marked.Tr())
    yield i18n
    i18n.set_language("en")


def test_the_language_setting_holds_a_known_code_or_nothing():
    from game.ui import settings
    s = settings.Settings()
    assert s["language"] == ""
    for code in ("en", "de", "fr"):
        s.set("language", code)
    with pytest.raises(ValueError):
        s.set("language", "xx")
    assert settings.Settings({"language": "klingon"})["language"] == ""


def test_the_first_start_takes_the_systems_language_and_keeps_it(german, monkeypatch):
    from game.app import apply_language
    from game.ui import settings
    i18n = german
    monkeypatch.setattr(pygame.system, "get_pref_locales",
                        lambda: [{"language": "xx", "country": None}, {"language": "de", "country": "AT"}])
    s = settings.Settings()
    assert apply_language(s) == "de" and s["language"] == "de" and i18n.language() == "de"
    s = settings.Settings({"language": "en"})              # a choice made in Settings wins
    assert apply_language(s) == "en" and i18n.language() == "en"
    for failing in (lambda: [], lambda: [{"language": "es", "country": "ES"}], lambda: [{"country": "DE"}]):
        monkeypatch.setattr(pygame.system, "get_pref_locales", failing)
        s = settings.Settings()
        assert apply_language(s) == "en" and s["language"] == "en"

    def broken():
        raise pygame.error("no locale")
    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    assert apply_language(settings.Settings()) == "en"
    i18n.set_language("de")                                  # headless: the system is never asked
    assert apply_language(settings.Settings(), headless=True) == "de"


def test_a_language_chosen_in_settings_shows_at_once(app, german):
    from game.scenes.settings import ROWS
    i18n = german
    app.frame(16)
    menu = app.scenes.top
    assert menu.quit_btn.label == "Quit"
    menu._activate("settings")
    sc = app.scenes.top
    sc.sel = [r[0] for r in ROWS].index("language")
    while i18n.language() != "de":
        key(app, pygame.K_RIGHT)
    assert app.settings["language"] == "de" and sc.back_btn.label.startswith("DE:")
    key(app, pygame.K_RETURN)
    assert top(app) == "SelectScene" and menu.quit_btn.label == "DE:Quit"
    assert menu.continue_btn.label.startswith("DE:")
    key(app, pygame.K_ESCAPE)
    assert menu.message == "DE:Press Esc again to quit."


def test_every_word_on_the_menu_setup_and_settings_comes_from_the_catalog(app):
    """In the pseudo-locale every message is accented: plain ASCII letters bypassed the catalog
    (people's names, typed names and file paths excepted)."""
    from game.core import i18n
    from game.scenes.error import ErrorScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import NAMES, SetupScene
    from game.games import games
    from game.ui import theme as T
    shown = []
    real = T.Theme.text
    allowed = set(NAMES) | {g.designer for g in games()}

    def record(self, s, *a, **k):
        shown.append(s)
        return real(self, s, *a, **k)

    def leaks():
        out = {s for s in shown if not i18n.is_pseudo_text(s) and s.rstrip("|") not in allowed}
        shown.clear()
        return out

    i18n.set_language("pseudo")
    try:
        T.Theme.text = record
        menu = app.scenes.top
        menu._escape()
        app.frame(16)
        menu.draw(app.window)
        assert not leaks()
        for entry in games():
            setup = SetupScene(app, entry.id)
            app.scenes.push(setup)
            setup.draw(app.window)
            setup.kinds = ["human", "medium"] + ["empty"] * (len(setup.kinds) - 2)
            setup.names[0] = ""
            setup.start()
            setup.draw(app.window)
            setup._act(("rules", None, None))
            for page in range(6):
                setup.help.show(page)
                setup.draw(app.window)
            assert not leaks(), entry.id
            app.scenes.pop()
        app.scenes.push(SettingsScene(app))
        app.scenes.top.draw(app.window)
        app.scenes.push(ErrorScene(app, i18n._("Something went wrong"), [], None, can_go_on=True))
        app.scenes.top.draw(app.window)
        assert not leaks()
    finally:
        T.Theme.text = real
        i18n.set_language("en")
