"""The Micropolis table draws for 2-6 players and expert mode; highlighted choices are legal."""
import pygame
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games.micropolis.rules import get_rules
from game.games.micropolis.state import PlaceEnd, Take
from game.tools.headless import headless_app
from game.ui.theme import Theme
from game.ui.views.base import ViewContext
from game.ui.views.micropolis import View

R = get_rules()
COLORS = ["red", "blue", "green", "yellow", "purple", "orange"]


@pytest.fixture(scope="module")
def app():
    return headless_app((1280, 720))


def start(n, expert=False, seed=3, moves=0):
    s = R.new_game([Seat(f"P{i}", COLORS[i]) for i in range(n)], seed, {"expert": expert})
    rng = Rng(seed)
    for _ in range(moves):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    return s


def ctx(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n,expert", [(2, False), (6, False), (3, True)])
def test_table_draws_and_line_clicks_are_legal_takes(app, size, n, expert):
    s = start(n, expert, moves=12)
    while s.phase != "take":
        s = R.apply(s, R.legal_actions(s)[0])
    surf = pygame.Surface(size)
    view = View(R, s.seats, Theme(size))
    view.layout(surf.get_rect())
    c = ctx(s)
    view.draw(surf, s, c, (0, 0))
    assert len({surf.get_at((x, y))[:3] for x in range(0, size[0], 41) for y in range(0, size[1], 37)}) > 20
    took = 0
    for pos, r in enumerate(view.line_rects):
        a = view.click(r.center, s, c)
        if a is not None:
            assert a in c.legal and isinstance(a, Take)
            took += 1
    assert took >= 1
    key = view.key(pygame.K_1, s, c)
    assert key is None or key in c.legal


def test_end_choice_by_ghost_slot_button_and_arrow(app):
    s = start(2, moves=0)
    rng = Rng(4)
    while not (s.phase == "place" and len(R.legal_actions(s)) == 2):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    assert s.phase == "place"
    surf = pygame.Surface((1920, 1080))
    view = View(R, s.seats, Theme((1920, 1080)))
    view.layout(surf.get_rect())
    c = ctx(s)
    view.draw(surf, s, c, (0, 0))
    for end, r in view.ghosts.items():
        assert view.click(r.center, s, c) == PlaceEnd(end)
    for b in view.buttons:
        assert view.click(b.rect.center, s, c) == b.action
    assert view.key(pygame.K_LEFT, s, c) == PlaceEnd("left")


def test_every_event_of_a_game_is_told_in_words(app):
    for expert, n in ((False, 4), (True, 2)):
        s = start(n, expert, seed=8)
        rng = Rng(1)
        while not R.is_over(s):
            acts = R.legal_actions(s)
            s = R.apply(s, acts[rng.below(len(acts))])
        view = View(R, s.seats, app.theme)
        for ev in s.log.to_list():
            text = view.describe_event(ev, s)
            assert ev["type"] == "draw" or (text and "None" not in text)
