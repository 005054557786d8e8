"""The Antics! table: draws for 3 and 4 players at both sizes, and every legal move can be made
with the mouse (a click on a lit spot, a button or an entry of the small menu), nothing else."""
import pygame
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games.antics.rules import get_rules
from game.tools.headless import headless_app
from game.ui.theme import Theme
from game.ui.tables.antics.board import along
from game.ui.tables.antics.view import View
from game.ui.views.base import ViewContext

R = get_rules()


@pytest.fixture(scope="module")
def app():
    return headless_app((1280, 720))


def start(n, seed=3):
    return R.new_game([Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)], seed, {})


def ctx(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


def clickable(view, s, c) -> set:
    """Every action a click can produce in this state (menus opened and read)."""
    surf = pygame.Surface(view.rect.size)
    view.draw(surf, s, c, (0, 0))
    points = []
    for kind, shape, key in view.hot:
        if isinstance(shape, pygame.Rect):
            points.append(shape.center)
        else:
            points.append(tuple(int(v) for v in shape[0]))
    for tid, pts in view.map.trails.items():
        for f in (0.2, 0.5, 0.8):
            points.append(view.map_view.pt(along(pts, f)[0]))
    points += [b.rect.center for b in view.buttons]
    got = set()
    for pos in points:
        a = view.click(pos, s, c)
        if a is not None:
            assert a in c.legal, f"click at {pos} gave an illegal {a}"
            got.add(a)
        if view.menu:
            for b in view.menu:
                assert b.action in c.legal
                got.add(b.action)
            view.menu = []
    return got


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [3, 4])
def test_table_draws_with_colour_and_words(app, size, n):
    s = start(n)
    rng = Rng(9)
    for _ in range(150):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    surf = pygame.Surface(size)
    view = View(R, s.seats, Theme(size))
    view.layout(surf.get_rect())
    view.draw(surf, s, ctx(s), (size[0] // 3, size[1] // 2))
    colours = {surf.get_at((x, y))[:3] for x in range(0, size[0], 41) for y in range(0, size[1], 37)}
    assert len(colours) > 60
    assert view.hint(s, ctx(s))


def test_every_legal_move_can_be_made_with_the_mouse_through_a_whole_game(app):
    """A human can play Antics! to the end by clicking: at every decision each legal action is
    reachable, and a click never yields an action that is not legal."""
    size = (1280, 720)
    s = start(4, seed=21)
    view = View(R, s.seats, Theme(size))
    view.layout(pygame.Rect(0, 0, *size))
    rng = Rng(4)
    steps = 0
    phases = set()
    while not R.is_over(s) and steps < 400:
        c = ctx(s)
        got = clickable(view, s, c)
        missing = [a for a in c.legal if a not in got]
        assert not missing, f"phase {s.phase}: no click makes {missing[:3]}"
        phases.add(s.phase)
        acts = sorted(got, key=repr)
        s = R.apply(s, acts[rng.below(len(acts))])
        view.on_events(s.log.since(len(s.log) - 3), s)
        steps += 1
    assert {"act", "hatch", "ants", "build_cell"} <= phases


def test_enter_ends_the_turn_after_asking_and_s_stops_the_action(app):
    s = start(3)
    view = View(R, s.seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1280, 720))
    c = ctx(s)
    assert view.key(pygame.K_RETURN, s, c) is None            # an action is unused: it asks first
    a = view.key(pygame.K_RETURN, s, c)
    assert a is not None and a in c.legal
    s = play_until(s, lambda x: any(type(a).__name__ == "Stop" for a in R.legal_actions(x)))
    c = ctx(s)
    assert view.key(pygame.K_s, s, c) in c.legal and view.key(pygame.K_RETURN, s, c) is None


def test_every_event_reads_as_words():
    s = start(4, seed=8)
    rng = Rng(2)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    view = View(R, s.seats, Theme((1280, 720)))
    silent = {"end_actions", "draw", "anteaters", "slide", "arrival", "build_tile", "build_cell", "build_dir", "stop"}
    for ev in s.log.to_list():
        line = view.describe_event(ev, s)
        if ev["type"] not in silent and not (ev["type"] == "heave" and ev["how"] == "move"):
            assert line, f"no words for {ev}"
        if line:
            assert "{" not in line and "None" not in line and "'" not in line.replace("'s ", "")


def play_until(s, stop, seed=5, limit=4000):
    rng = Rng(seed)
    for _ in range(limit):
        if R.is_over(s) or stop(s):
            return s
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    return s


def test_the_player_to_move_has_the_large_hill(app):
    view = View(R, start(4).seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1000, 640))
    s = start(4)
    view.draw(pygame.Surface((1000, 640)), s, ctx(s), (0, 0))
    tallest = max(range(4), key=lambda i: view.panels[i].h)
    assert tallest == s.player and view.panels[tallest].h > 2 * min(r.h for r in view.panels)
    assert [r.y for r in view.panels] == sorted(r.y for r in view.panels)  # seat order kept


def test_an_anteater_arrival_is_shown_then_ends(app):
    s = start(3)
    before = len(s.log)
    s = play_until(s, lambda st: any(ev["type"] == "attack" for ev in st.log.since(before)))
    view = View(R, s.seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1000, 640))
    view.on_events(s.log.since(before), s)
    assert view.attacks and "anteater" in view.attacks[0]["text"]
    surf = pygame.Surface((1000, 640))
    view.update(900)
    view.draw(surf, s, ViewContext(None, R.to_move(s), False), (0, 0))
    steps = 0
    while view.update(100):
        steps += 1
        assert steps < 200
    assert not view.attacks


def test_results_say_where_each_leaf_went(app):
    s = play_until(start(3), lambda st: False, seed=9, limit=100000)
    assert R.is_over(s)
    view = View(R, s.seats, Theme((1280, 720)))
    notes = dict(view.result_notes(s))
    for p in range(3):
        for _, level, leaf in R.fungus_use(s, p):
            assert f"{leaf} leaf on a level {level} fungus" in notes[p]
        assert "prey" in notes[p]


def test_every_legal_move_can_be_pointed_at_for_the_keyboard(app):
    """Tab focus and hints ring the move on the table: every legal move of a random game has a place."""
    view = View(R, start(4).seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1000, 640))
    s, rng, missing = start(4), Rng(2), []
    for _ in range(300):
        if R.is_over(s):
            break
        c = ctx(s)
        view.draw(pygame.Surface((1000, 640)), s, c, (0, 0))
        missing += [a for a in c.legal if view.locate(a, s) is None]
        s = R.apply(s, c.legal[rng.below(len(c.legal))])
    assert not missing, missing[:5]


def test_z_shows_the_hill_large_and_its_hexes_stay_clickable(app):
    s = start(3)
    view = View(R, s.seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1000, 640))
    c = ctx(s)
    view.draw(pygame.Surface((1000, 640)), s, c, (0, 0))
    small = dict(view.cells)
    assert view.key(pygame.K_z, s, c) is None and view.zoom == s.player
    view.draw(pygame.Surface((1000, 640)), s, c, (0, 0))
    big = {k: v for k, v in view.cells.items() if k[0] == s.player}
    assert all(big[k][1] > small[k][1] * 1.5 for k in big)          # the hexes are drawn larger
    cell, (centre, _) = next((k, v) for k, v in big.items() if any(getattr(a, "cell", None) == k[1] for a in c.legal))
    assert view.click((int(centre[0]), int(centre[1])), s, c) in c.legal
    assert view.cancel_pending() and view.zoom is None and not view.cancel_pending()
