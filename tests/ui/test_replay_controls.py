"""The replay's controls: play / pause (Space) at a speed shown and changed (- / +), jumps by turn
(Up / Down) and by round (PgUp / PgDn) as well as by decision, the same on a strip of buttons, and a
timeline whose red ticks are the review's marks (click one to go there). Turns and rounds come from
the events, the same way for every game."""
import dataclasses
from types import SimpleNamespace

import pygame
import pytest

from game.ai.bots import bot_move, make_bot
from game.games import available_games, get_rules
from game.scenes import play_aids
from game.scenes.play import PlayScene
from game.tools.headless import demo_seats, headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def finished(game, players=3, seed=4, names=None):
    rules = get_rules(game)
    seats = demo_seats(rules, players, human_first=False)
    if names:
        seats = [dataclasses.replace(st, name=n) for st, n in zip(seats, names)]
    s = rules.new_game(list(seats), seed, {})
    states, bots = [s], [make_bot("medium", rules, i) for i in range(players)]
    while not rules.is_over(s):
        p = rules.to_move(s)
        s = rules.apply(s, bot_move(bots[p], rules, s, p))
        states.append(s)
    return rules, seats, states


def replay(app, game, review=None, players=3):
    rules, seats, states = finished(game, players)
    play = PlayScene(app, game, seats, 4, {}, states=states, replay=True, review=review)
    app.scenes.push(play)
    app.frame(16)
    return play


def key(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(16)


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(16)


@pytest.mark.parametrize("game", sorted(available_games()))
def test_turns_and_rounds_come_from_the_events_alike_for_every_game(game):
    rules, _seats, states = finished(game)
    tl = play_aids.Timeline(rules, states)
    rounds = [k for k in range(1, len(states))
              if any(ev.get("type") == "round" for ev in states[k].log.since(len(states[k - 1].log)))]
    assert tl.rounds == [0] + rounds and len(rounds) >= 2
    changes = [k for k in range(1, len(states)) if rules.to_move(states[k]) != rules.to_move(states[k - 1])]
    assert set(changes) <= set(tl.turns) and set(rounds) <= set(tl.turns)
    assert set(tl.turns) <= {0, *changes, *rounds}


@pytest.mark.parametrize("game", sorted(available_games()))
def test_up_down_jump_by_turn_and_page_keys_by_round(app, game):
    play = replay(app, game)
    tl = play.timeline
    play._go(0)
    key(app, pygame.K_PAGEDOWN)
    assert play.cursor == tl.rounds[1]
    key(app, pygame.K_PAGEDOWN)
    assert play.cursor == tl.rounds[2]
    key(app, pygame.K_PAGEUP)
    assert play.cursor == tl.rounds[1]
    key(app, pygame.K_DOWN)
    nxt = min(k for k in tl.turns if k > tl.rounds[1])
    assert play.cursor == nxt
    key(app, pygame.K_UP)
    assert play.cursor == tl.rounds[1]
    # the log follows: it holds exactly the lines of the state shown
    lines = len(play.log_lines)
    play._rebuild_log()
    assert len(play.log_lines) == lines


def test_space_plays_at_the_speed_shown_and_pauses(app):
    play = replay(app, "micropolis")
    play._go(0)
    key(app, pygame.K_SPACE)
    assert play.player.playing
    app.frame(play_aids.REPLAY_STEP_MS * 3 + 5)
    assert play.cursor == 3
    words = play._speed_words()
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)                           # 4x: four decisions in the time of one
    assert play._speed_words() != words and play.player.factor == 4.0
    app.frame(play_aids.REPLAY_STEP_MS + 5)
    assert play.cursor == 7
    key(app, pygame.K_SPACE)
    assert not play.player.playing
    app.frame(play_aids.REPLAY_STEP_MS * 5)
    assert play.cursor == 7
    key(app, pygame.K_MINUS)
    assert play.player.factor == 2.0
    key(app, pygame.K_END)
    key(app, pygame.K_SPACE)                          # at the end: plays from the start again
    assert play.cursor == 0 and play.player.playing
    key(app, pygame.K_RIGHT)                          # a step by hand pauses
    assert play.cursor == 1 and not play.player.playing


def marks(rules, states, *where):
    """Review marks at decisions ``where`` ((index, cost), costliest first) with moves legal there."""
    out = []
    for k, c in where:
        legal = rules.legal_actions(states[k])
        out.append(SimpleNamespace(index=k, cost=c, played=legal[0], better=legal[-1], why=""))
    return out


def test_the_strip_buttons_do_what_the_keys_do(app):
    play = replay(app, "antics", players=4)
    tl = play.timeline
    buttons = dict(play.strip.buttons)
    assert set(buttons) == set(play_aids.REPLAY_BUTTONS) | {"slower", "faster"}
    play._go(0)
    click(app, buttons["round"].center)
    assert play.cursor == tl.rounds[1]
    click(app, buttons["turn"].center)
    assert play.cursor == min(k for k in tl.turns if k > tl.rounds[1])
    click(app, buttons["step"].center)
    click(app, buttons["step_back"].center)
    click(app, buttons["turn_back"].center)
    assert play.cursor == tl.rounds[1]
    click(app, buttons["end"].center)
    assert play.cursor == len(play.states) - 1
    click(app, buttons["start"].center)
    assert play.cursor == 0
    click(app, buttons["faster"].center)
    assert play.player.factor == 2.0
    click(app, buttons["play"].center)
    assert play.player.playing
    click(app, buttons["play"].center)
    assert not play.player.playing
    # every button has a tooltip in words with its key
    for action, r in play.strip.buttons:
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert play.tooltip and "(" in play.tooltip, action


def test_the_reviews_marks_are_ticks_on_the_timeline_to_click(app):
    rules, seats, states = finished("micropolis")
    n = len(states) - 1
    review = (0, marks(rules, states, (n // 2, 3.0), (n // 5, 1.5), (n * 4 // 5, 0.5)))
    play = PlayScene(app, "micropolis", seats, 4, {}, states=states, replay=True, review=review)
    app.scenes.push(play)
    app.frame(16)
    play._go(0)
    app.frame(16)
    strip = play.strip
    x = strip.x_of(n * 4 // 5, n)
    tick = (x, strip.line.y - app.theme.px(8))         # the red tick above the line
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=tick, rel=(0, 0), buttons=(0, 0, 0)))
    assert "3" in play.tooltip                          # "Costly decision 3 of 3 ..."
    click(app, tick)
    assert play.cursor == n * 4 // 5
    # a click elsewhere on the line goes to the decision there
    click(app, (strip.line.x + strip.line.w // 10, strip.line.centery))
    assert abs(play.cursor - n // 10) <= 2
    # playing stops on reaching a mark
    play._go(n // 5 - 2)
    key(app, pygame.K_SPACE)
    for _ in range(10):
        app.frame(play_aids.REPLAY_STEP_MS + 1)
    assert play.cursor == n // 5 and not play.player.playing


def test_the_strip_reads_in_a_longer_language(app):
    """The pseudo-locale (40 % longer) at 1280x720: the strip's words come from the catalog and
    fit; its buttons and timeline lie inside it without overlapping."""
    from game.core import i18n
    from tests.ui.text_audit import PSEUDO_NAMES, Audit, SpyScreen, overlaps, recording
    rules, seats, states = finished("antics", players=4, names=PSEUDO_NAMES)
    audit = Audit()
    i18n.set_language("pseudo")
    try:
        with recording(audit) as tags:
            play = PlayScene(app, "antics", seats, 4, {}, states=states, replay=True,
                             review=(0, marks(rules, states, (40, 2.0), (120, 1.0))))
            app.scenes.push(play)
            play._go(60)
            app.frame(16)
            screen = SpyScreen(app.window.get_size(), tags, audit)
            for k in (pygame.K_PLUS, pygame.K_PLUS, pygame.K_PLUS):
                key(app, k)
            play.draw(screen)
            audit.problems += overlaps(audit.texts)
    finally:
        i18n.set_language("en")
    assert audit.leaks() == [] and audit.problems == []
    strip = play.strip
    rects = [r for _a, r in strip.buttons] + [strip.line, strip.speed_box]
    assert all(strip.rect.contains(r) for r in rects)
    assert all(a.colliderect(b) is False for i, a in enumerate(rects) for b in rects[i + 1:])
    assert strip.line.w >= app.theme.px(400)
    assert not strip.rect.colliderect(play.table_rect) and not strip.rect.colliderect(play.log_rect)
