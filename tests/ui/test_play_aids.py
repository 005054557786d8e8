"""Keyboard focus (Tab / Enter), the hint (H) and hidden tiles at a shared screen in the play scene."""
import pygame
import pytest

from game.core.rules import Seat
from game.games import get_rules
from game.scenes.play import PlayScene
from game.scenes.play_aids import spot_rect
from game.tools.headless import headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(16)


def humans(app, game, n, seed=3):
    rules = get_rules(game)
    seats = [Seat(f"P{i}", rules.seat_colors[i], "human") for i in range(n)]
    play = PlayScene(app, game, seats, seed, {})
    app.scenes.push(play)
    app.frame(16)
    return play


@pytest.mark.parametrize("game,n", [("it_happens", 2), ("micropolis", 3), ("antics", 3)])
def test_tab_steps_through_every_legal_move_and_enter_plays_it(app, game, n):
    play = humans(app, game, n)
    legal = play.context().legal
    seen = set()
    for _ in range(len(legal)):
        key(app, pygame.K_TAB)
        seen.add(play.focus.action(play.context().legal))
    assert seen == set(legal)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    chosen = play.focus.action(play.context().legal)
    assert chosen in legal                                   # Shift+Tab steps back onto a legal move
    before = len(play.states)
    key(app, pygame.K_RETURN)
    assert len(play.states) == before + 1
    assert play.states[-2].log.since(0) != play.states[-1].log.since(0)
    assert play.focus.index is None


def test_a_whole_game_by_tab_and_enter_alone(app):
    play = humans(app, "micropolis", 2, seed=8)
    steps = 0
    while not play.over():
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        steps += 1
        assert steps < 400
    key(app, pygame.K_RETURN)
    assert type(app.scenes.top).__name__ == "ResultsScene"


def test_hint_points_at_a_legal_move_with_words(app):
    play = humans(app, "micropolis", 2)
    key(app, pygame.K_h)
    assert play.hint.thinking
    play.hint.wait(30)
    app.frame(16)
    action = play.focus.action(play.context().legal)
    assert action in play.context().legal
    key(app, pygame.K_ESCAPE)                  # forgets the hint, does not leave
    assert play.focus.index is None and play.dialog is None


@pytest.mark.parametrize("game,n", [("it_happens", 2), ("micropolis", 3), ("antics", 3)])
def test_the_hint_note_covers_neither_the_move_nor_the_tables_controls(app, monkeypatch, game, n):
    """The note lies on the table clear of the ringed move and of what the view keeps clear (for
    Antics! its hand bar and scout fields), or else over the top of the log, within its width."""
    import game.scenes.play as play_module
    from game.scenes.play_aids import spot_rect
    from game.ui.widgets import draw_note
    notes = []
    monkeypatch.setattr(play_module, "draw_note", lambda *a, **kw: notes.append(draw_note(*a, **kw)))
    play = humans(app, game, n)
    key(app, pygame.K_h)
    play.hint.wait(60)
    app.frame(16)
    notes.clear()
    play.draw(app.window)
    action = play.focus.action(play.context().legal)
    assert action in play.context().legal and play.hint.reason
    (note,) = notes
    spot = spot_rect(play.view.locate(action, play.state))
    avoid = [r for r in (spot, *play.view.keep_clear(play.state)) if r is not None]
    assert note.collidelist(avoid) < 0
    assert play.table_rect.contains(note) or play.log_rect.contains(note)


def test_hidden_tiles_show_only_while_their_owner_holds_v_or_the_button(app):
    """Hot seat with hidden tiles: no pass-the-screen card; the player to move holds V (or the
    button) to see their own tiles, and nobody's show otherwise."""
    rules = get_rules("it_happens")
    play = humans(app, "it_happens", 2)
    p = rules.to_move(play.state)
    assert play.private_info() and play.context().viewer is None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
    assert play.context().viewer == p
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0, unicode="v", scancode=0))
    assert play.context().viewer is None
    app.frame(16)
    assert play.peek_btn in play._buttons()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.peek_btn.rect.center, button=1))
    assert play.context().viewer == p and len(play.states) == 1           # holding plays nothing
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=play.peek_btn.rect.center, button=1))
    assert play.context().viewer is None


def test_one_human_sees_their_tiles_without_holding_anything(app):
    rules = get_rules("it_happens")
    seats = [Seat("Ann", rules.seat_colors[0], "human"), Seat("Bot", rules.seat_colors[1], "medium")]
    play = PlayScene(app, "it_happens", seats, 3, {}, fast_ai=True)
    app.scenes.push(play)
    assert not play.private_info() and play.context().viewer == 0


def test_each_players_last_move_stays_marked_until_their_next(app):
    rules = get_rules("it_happens")
    play = humans(app, "it_happens", 3)
    marked = {}
    for _ in range(12):
        p = rules.to_move(play.state)
        acts = rules.legal_actions(play.state)
        a = next((x for x in acts if play.view.marks_move(x)), acts[0])
        play.submit(a)
        if play.view.marks_move(a):
            marked[p] = a
        app.frame(16)
        assert play.last_moves == marked
    assert marked and all(play.view.locate(a, play.state, p) is not None for p, a in marked.items())


@pytest.mark.parametrize("game", ["it_happens", "micropolis", "antics"])
def test_the_guide_explains_each_new_kind_of_decision_where_it_covers_nothing_it_talks_about(app, game):
    rules = get_rules(game)
    seats = [Seat("Ann", rules.seat_colors[0], "human")] + [
        Seat(f"B{i}", rules.seat_colors[i], "medium") for i in range(1, rules.min_players)]
    play = PlayScene(app, game, seats, 4, {}, guided=True, fast_ai=True)
    app.scenes.push(play)
    explained, decisions = [], 0
    while not rules.is_over(play.state) and decisions < 80:
        if rules.to_move(play.state) != 0:
            play.step_ai_now()
            continue
        c = play.context()
        play.draw(app.window)
        placed = play.guide_rect(c)
        words = play._guide_words()
        if words:
            assert words not in explained and len(words) > 30 and "_" not in words
            explained.append(words)
            box, _ = placed
            talks_about = [play.view.locate(a, play.state) for a in c.legal[:60]]
            talks_about = [spot_rect(w) for w in talks_about] + play.view.guide_regions(play.state, c)
            on_table = play.table_rect.contains(box)
            assert not on_table or box.collidelist([r for r in talks_about if r is not None]) < 0
        else:
            assert placed is None                   # a kind of decision already explained: quiet
        play.submit(c.legal[0])
        decisions += 1
    assert len(explained) >= 2                      # more than one step, and not one per decision
    assert len(explained) < decisions


def test_the_guide_follows_undo(app):
    rules = get_rules("micropolis")
    seats = [Seat("Ann", rules.seat_colors[0], "human"), Seat("Bo", rules.seat_colors[1], "human")]
    play = PlayScene(app, "micropolis", seats, 4, {}, guided=True, fast_ai=True)
    app.scenes.push(play)
    first = play._guide_words()
    play.submit(play.context().legal[0])           # a take: the same player places next
    second = play._guide_words()
    assert second and second != first and len(play.guide_done) == 1
    play.undo()
    assert play._guide_words() == first and play.guide_done == []


def test_setup_offers_the_guided_first_turn(app):
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, "antics")
    app.scenes.push(setup)
    setup._act(("guided", None, None))
    setup.start()
    assert app.scenes.top.guide_for == 0


@pytest.mark.parametrize("game,n,moves", [("it_happens", 3, 12), ("micropolis", 3, 12), ("antics", 3, 60)])
def test_hovering_a_log_line_shows_where_it_happened(app, game, n, moves):
    from game.tools.headless import advance_play, demo_seats
    rules = get_rules(game)
    play = PlayScene(app, game, demo_seats(rules, n), 5, {})
    app.scenes.push(play)
    advance_play(play, moves)
    play.draw(app.window)
    spots = 0
    for box, k in list(play.log.row_boxes):
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert play.log.hovered == k
        play.draw(app.window)
        spots += play.view.event_spot(play.log_events[k], play.state) is not None
    assert spots > 0


def test_the_focus_line_and_the_seat_kinds_come_from_the_catalog():
    import re
    from game.core import i18n
    from game.scenes.play_aids import KeyFocus, kind_words

    class View:
        def action_words(self, action, state):
            return "ẋ"
    focus = KeyFocus()
    focus.step(["a", "b", "c"])
    assert focus.words(View(), None) == "Tab 1 of 3: ẋ  (Enter)"
    assert kind_words("easy") == "easy AI" and kind_words("human") == "human"
    i18n.set_language("pseudo")
    try:
        for words in (focus.words(View(), None), *(kind_words(k) for k in ("human", "easy", "medium", "hard", "imaginary"))):
            assert words and not re.search(r"[A-Za-z]", words)
    finally:
        i18n.set_language("en")


def test_the_play_bar_follows_the_language_chosen_while_the_game_is_open(app):
    import re
    from game.core import i18n
    play = humans(app, "micropolis", 2)
    surf = pygame.Surface((1280, 720))
    i18n.set_language("pseudo")
    try:
        play.draw(surf)
        words = [b.label for b in play._buttons()] + [play._button_tip(b.action) for b in play._buttons()]
        words += [play.winner_words()]
        assert all(w and not re.search(r"[A-Za-z]", re.sub(r"\bP\d\b", "", w)) for w in words), words
    finally:
        i18n.set_language("en")
    play.draw(surf)
    assert play.undo_btn.label == "Undo" and play.help_btn.label == "Rules"
