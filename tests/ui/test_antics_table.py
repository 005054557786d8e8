"""The Antics! table at a glance and without accidents: Enter with actions unused asks before the turn
ends, an action that would change nothing asks first (ruling 33), each panel shows the score if the
carried items got home, a banner says who still has a turn once the end is triggered, and a hill
always fits its panel however it grows."""
import math

import pygame
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import (LEAF_PREFIX, BuildCell, BuildDir, BuildOrient, BuildTile, EndActions,
                                     ScoutTake, UseMagnificant, UseSpace)
from game.scenes.play import PlayScene
from game.tools.headless import headless_app
from game.ui.tables.antics import view as view_mod
from game.ui.tables.antics.view import View
from game.ui.theme import Theme
from game.ui.views.base import ViewContext

R = get_rules("antics")
NAMES = ["Ann", "Bo", "Cleo", "Dan"]


@pytest.fixture(scope="module", autouse=True)
def app():
    return headless_app((1280, 720))


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(view_mod.time, "monotonic", lambda: now[0])
    return now


def start(n=4, seed=3):
    return R.new_game([Seat(NAMES[i], R.seat_colors[i], "human") for i in range(n)], seed, {})


def edit(s, **fields):
    """A hand-made position: a copy of s with some fields replaced (the rules' caches dropped)."""
    n = s.copy()
    for k, v in fields.items():
        setattr(n, k, v)
    return n


def put(t, i, v):
    return t[:i] + (v,) + t[i + 1:]


def ctx(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=p is not None, legal=R.legal_actions(s) if p is not None else [])


def drawn(s, size=(1280, 720)):
    view = View(R, s.seats, Theme(size))
    view.layout(pygame.Rect(0, 0, *size))
    surf = pygame.Surface(size)
    view.draw(surf, s, ctx(s), (0, 0))
    return view, surf


def key(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame(16)


# ---------------------------------------------------------------- ending a turn
def test_enter_with_unused_actions_asks_first_then_ends_on_the_second_press(app, clock):
    s = edit(start(), round=2, actions_left=3)
    view, _ = drawn(s)
    c = ctx(s)
    assert view.key(pygame.K_RETURN, s, c) is None                     # asks: nothing happens yet
    assert "You still have 3 actions. Press Enter again to end your turn" in view.asking(s)
    surf = pygame.Surface((1280, 720))
    view.draw(surf, s, c, (0, 0))
    end = next(b for b in view.buttons if isinstance(b.action, EndActions))
    assert end.label == "End turn now (Enter)"                        # the button ends it at once too
    assert view.click(end.rect.center, s, c) == end.action
    clock[0] += 2.0
    assert isinstance(view.key(pygame.K_RETURN, s, c), EndActions)     # the second press ends it
    assert view.asking(s) == ""
    # too late: the question lapsed, the next Enter asks again
    assert view.key(pygame.K_RETURN, s, c) is None
    clock[0] += 10.0
    assert view.update(16) and view.asking(s) == ""
    assert view.key(pygame.K_RETURN, s, c) is None
    # Esc answers no
    assert view.cancel_pending() and view.asking(s) == ""
    assert view.key(pygame.K_RETURN, s, c) is None


def test_enter_ends_at_once_when_no_action_is_left():
    s = edit(start(), round=2, actions_left=0)
    view, _ = drawn(s)
    assert isinstance(view.key(pygame.K_RETURN, s, ctx(s)), EndActions)


def test_in_the_play_scene_the_first_enter_asks_and_the_second_ends(app, clock):
    seats = [Seat(NAMES[i], R.seat_colors[i], "human") for i in range(3)]
    play = PlayScene(app, "antics", seats, 3, {})
    app.scenes.push(play)
    app.frame(16)
    p = play.state.player
    before = len(play.states)
    key(app, pygame.K_RETURN)
    assert len(play.states) == before and play.view.asking(play.state)
    clock[0] += 1.0
    key(app, pygame.K_RETURN)
    assert len(play.states) > before and play.state.player != p


def test_no_key_means_two_things_in_one_phase():
    """Enter never stops an action (S does); S never ends a turn."""
    s = start()
    rng = Rng(5)
    seen = set()
    view = View(R, s.seats, Theme((1280, 720)))
    view.layout(pygame.Rect(0, 0, 1280, 720))
    while not R.is_over(s) and len(seen) < 2:
        c = ctx(s)
        by_enter = view.key(pygame.K_RETURN, s, c) or view.key(pygame.K_RETURN, s, c)
        by_s = view.key(pygame.K_s, s, c)
        assert by_enter is None or isinstance(by_enter, EndActions)
        assert by_s is None or type(by_s).__name__ == "Stop"
        if by_s is not None:
            seen.add("stop")
        if by_enter is not None:
            seen.add("end")
        view.ask_end = None
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    assert seen == {"stop", "end"}


# ---------------------------------------------------------------- ruling 33
def test_a_build_with_an_empty_hand_asks_before_spending_the_marker():
    s = start()
    p = s.player
    s = edit(s, round=2, actions_left=3, hands=put(s.hands, p, ()))
    build = next(a for a in R.legal_actions(s) if isinstance(a, UseSpace) and s.hills[p][a.cell][-1][1] == "build")
    assert "would change nothing" in View(R, s.seats, Theme((1280, 720))).changes_nothing(s, build)
    view, surf = drawn(s)
    centre, _ = view.cells[(p, build.cell)]
    pos = (int(centre[0]), int(centre[1]))
    assert view.click(pos, s, ctx(s)) is None                          # not taken at the first click
    assert view.menu and "Build at level 1 would change nothing: you have no tile in your hand" in view.menu_title
    view.draw(surf, s, ctx(s), pos)                                    # the warning is drawn
    assert [b.action for b in view.menu] == [build]
    assert view.click(view.menu[0].rect.center, s, ctx(s)) == build    # taken when confirmed
    view.click(pos, s, ctx(s))
    assert view.key(pygame.K_1, s, ctx(s)) == build                    # or with its number key
    view.click(pos, s, ctx(s))
    assert view.cancel_pending() and not view.menu                     # Esc: not taken
    # the magnificANT's Build warns the same way; a build with a tile in hand does not
    mag = next(a for a in R.legal_actions(s) if isinstance(a, UseMagnificant) and a.action == "build")
    assert view.changes_nothing(s, mag)
    full = edit(s, hands=put(s.hands, p, ("T01",) if "T01" in R.d.tiles else (next(iter(R.d.tiles)),)))
    assert view.changes_nothing(full, build) == ""


# ---------------------------------------------------------------- progress at a glance
def carrying(s, p):
    prey = R.prey_ids[0]
    trails = sorted(R.ends)
    return edit(s, ants=put(s.ants, p, {trails[0]: prey, trails[1]: LEAF_PREFIX + "green"}))


@pytest.mark.parametrize("who", ["to move", "waiting"])
def test_each_panel_shows_the_score_if_carried_items_get_home(app, who):
    s = edit(start(), round=2, actions_left=3)
    p = s.player if who == "to move" else (s.player + 1) % 4
    s = carrying(s, p)
    assert R.potential_score(s, p) == 1 + 3                            # one prey; a green leaf on a level-1 fungus
    view, _ = drawn(s)
    now, then = view.score_words(s, p)
    assert now == "0 pts" and then == "(4 if carried items get home)"
    spots = [shape for kind, shape, key in view.hot if kind == "score_info" and key == p]
    assert spots and all(view.panels[p].contains(r) for r in spots)
    widest = max(r.w for r in spots)
    assert widest > view.th.text("0 pts", "small", (0, 0, 0), bold=True).get_width()   # more than the score
    assert "4 if the prey and leaves" in view.hover(spots[-1].center, s, ctx(s))
    q = (p + 2) % 4
    assert view.score_words(s, q)[1] == ""                             # nothing carried: nothing more shown


def test_the_bag_is_counted_in_rounds_until_the_end_is_triggered(app):
    """When the bag would run out first (ruling 22's other end), the bar counts the rounds by the bag."""
    full = start()
    s = edit(full, bag=full.bag[:3])
    view, _ = drawn(s)
    assert view.facts(s)["bag"] == "Bag: 3 tiles, about 4 rounds left"      # 0.3 tiles a player a round, and the last
    ended = edit(s, end_by=s.player, turns_left=4, end_reason="bag")
    assert view.facts(ended)["bag"] == "Bag: 3 tiles"


def test_the_rounds_left_count_the_prey_running_out_when_that_end_is_nearer(app):
    """Ruling 22: the game also ends when one prey kind at most is left on the board, and that is how
    most games end (in 80 games of AIs, every one): with a full bag the bar counts by the prey. With two
    kinds left, one of them a single prey, the end is a few rounds away (2.6 on average at four seats)."""
    s = start()
    near = edit(s, prey_left=(0, 0, 0, 0, 1, 3))
    assert drawn(near)[0].facts(near)["bag"] == "Prey: 2 kinds on the board, about 3 rounds left"
    one_each = edit(s, prey_left=(1, 1, 1, 0, 0, 0))
    assert drawn(one_each)[0].facts(one_each)["bag"].startswith("Prey: 3 kinds on the board, about ")
    assert drawn(s)[0].facts(s)["bag"] == "Prey: 6 kinds on the board, about 14 rounds left"   # a full board


def test_a_banner_names_the_turns_left_once_the_end_is_triggered(app):
    s = start()
    assert drawn(s)[0].facts(s)["banner"] == ""
    p = s.player
    ended = edit(s, end_by=(p - 1) % 4, turns_left=3, end_reason="prey")
    names = [NAMES[(p + i) % 4] for i in range(3)]
    view, surf = drawn(ended)
    banner = view.facts(ended)["banner"]
    assert banner == f"Last round: {names[0]}, {names[1]}, and {names[2]} each have one more turn."   # Babel's list
    box = view.banner_rect                                             # drawn across the top of the bar
    assert box is not None and view.bar.contains(box) and box.w > view.bar.w * 0.9
    assert surf.get_at((box.x + view.th.px(8), box.centery))[:3] == (255, 226, 180)
    last = edit(s, end_by=p, turns_left=1, end_reason="bag")
    assert drawn(last)[0].facts(last)["banner"] == f"Last turn of the game: {NAMES[p]} is playing it."
    assert drawn(start())[0].facts(start())["banner"] == ""


# ---------------------------------------------------------------- the hill fits
def builder_states(n, seed, every=30, limit=900):
    """A seeded game that scouts and builds whenever it can: wide, tall hills."""
    s = start(n, seed)
    rng = Rng(seed)
    for k in range(limit):
        if R.is_over(s):
            break
        acts = R.legal_actions(s)
        pref = [a for a in acts if isinstance(a, (BuildTile, BuildOrient, ScoutTake, BuildCell, BuildDir))
                or (isinstance(a, UseSpace) and s.hills[s.player][a.cell][-1][1] in ("build", "scout"))
                or (isinstance(a, UseMagnificant) and a.action in ("build", "scout"))]
        pool = pref or acts
        s = R.apply(s, pool[rng.below(len(pool))])
        if k % every == 0:
            yield s
    yield s


def hex_boxes(view):
    for (p, cell), (centre, rad) in view.cells.items():
        w = rad * math.sqrt(3) / 2
        yield p, pygame.Rect(math.floor(centre[0] - w), math.floor(centre[1] - rad), math.ceil(2 * w), math.ceil(2 * rad))


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n,seed", [(4, 2), (3, 5), (4, 7)])
def test_the_hill_fits_its_panel_after_many_builds(app, size, n, seed):
    biggest = 0
    for s in builder_states(n, seed):
        view, _ = drawn(s, size)
        for p, box in hex_boxes(view):
            panel = view.panels[p]
            assert panel.contains(box), f"{NAMES[p]}'s hex {box} leaves the panel {panel} (round {s.round})"
        biggest = max(biggest, max(len(h) for h in s.hills))
        if s.phase != "over":                                          # the hill shown large (Z) fits too
            view.zoom = (s.player + 1) % n
            view.draw(pygame.Surface(size), s, ctx(s), (0, 0))
            room = pygame.Rect(view.rect.x, view.rect.y, view.rect.w, view.bar.y - view.rect.y)
            assert all(room.contains(box) for p, box in hex_boxes(view) if p == view.zoom)
    assert biggest >= 20                                               # the hills did grow


def test_a_hint_that_ends_the_turn_with_actions_unused_asks_first(app):
    """No key means two things: Enter on a focused or hinted End turn asks like the table's Enter."""
    rules = get_rules("antics")
    seats = [Seat(n, c, "human") for n, c in zip(("Ann", "Bo", "Cy"), rules.seat_colors)]
    play = PlayScene(app, "antics", seats, 3, {})
    app.scenes.push(play)
    app.frame(16)
    ctx = play.context()
    end = next(a for a in ctx.legal if isinstance(a, EndActions))
    play.focus.point_at(ctx.legal, end)
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.dispatch(press)
    assert len(play.states) == 1 and "Press Enter again" in play.message
    app.dispatch(press)
    assert len(play.states) == 2
