"""The It Happens.. table draws at every size and player count, and clicks become legal actions."""
import pygame
import pytest

from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Place, Roll
from game.tools.headless import headless_app
from game.ui.views.base import ViewContext
from game.ui.views.it_happens import View
from tests.games.it_happens.util import seats

R = get_rules()


@pytest.fixture(scope="module")
def app():
    return headless_app((1280, 720))


def colours(surf):
    return {surf.get_at((x, y))[:3] for x in range(0, surf.get_width(), 53) for y in range(0, surf.get_height(), 47)}


def ctx_for(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("n", [2, 5])
def test_table_draws_and_every_glowing_column_is_a_legal_place(app, size, n):
    surf = pygame.Surface(size)
    s = R.new_game(seats(n), 3, {})
    s = R.apply(s, R.legal_actions(s)[0])
    view = View(R, s.seats, app.theme.__class__(size))
    view.layout(surf.get_rect().inflate(-40, -40))
    ctx = ctx_for(s)
    view.draw(surf, s, ctx, (0, 0))
    assert len(colours(surf)) > 15
    places = [a for a in ctx.legal if isinstance(a, Place)]
    assert places
    for a in places:
        assert view.click(view.cols[(a.mound, a.column)].center, s, ctx) == a


def test_space_rolls_and_buttons_match_the_legal_actions(app):
    s = R.new_game(seats(2), 5, {})
    view = View(R, s.seats, app.theme)
    surf = pygame.Surface((1280, 720))
    view.layout(surf.get_rect())
    ctx = ctx_for(s)
    view.draw(surf, s, ctx, (0, 0))
    assert view.key(pygame.K_SPACE, s, ctx) in ctx.legal
    assert {b.action for b in view.buttons} == {a for a in ctx.legal if isinstance(a, Roll)}
    for b in view.buttons:
        assert view.click(b.rect.center, s, ctx) == b.action


def test_every_event_of_a_game_is_told_in_words(app):
    from game.core.rng import Rng
    s = R.new_game(seats(3), 9, {})
    rng = Rng(2)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    view = View(R, s.seats, app.theme)
    kinds = set()
    for ev in s.log.to_list():
        text = view.describe_event(ev, s)
        assert text and "None" not in text
        kinds.add(ev["type"])
    assert {"round", "roll", "place", "award"} <= kinds


def test_round_end_is_shown_mound_by_mound(app):
    from game.ai.bots import bot_move, make_bot
    s = R.new_game(seats(3), 4, {})
    view = View(R, s.seats, app.theme)
    bot = make_bot("medium", R, 1)
    while s.round == 1:
        before = len(s.log)
        s = R.apply(s, bot_move(bot, R, s, R.to_move(s)))
        view.on_events(s.log.since(before), s)
    assert len(view.awards) == 3 and view.update(10)
    surf = pygame.Surface((1920, 1080))
    view.layout(surf.get_rect())
    view.draw(surf, s, ViewContext(None, R.to_move(s), False), (0, 0))
    shown = view.award_view[0]
    assert shown != s.mounds                     # the finished round stays on the table meanwhile
    for _ in range(3):
        view.update(1200)
    assert not view.awards and view.award_view is None
