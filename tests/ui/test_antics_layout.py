"""Issue 24: the Antics! table readable at 1280x720 and using the screen at 1920x1080. Scout tiles
large enough to read, every hill inside its panel late in a 4-player game, the board zoomable with
clicks and the keyboard focus following the zoom, a rival's hill enlarged, the board growing with
the window."""
import math

import pygame
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games.antics.rules import get_rules
from game.tools.headless import headless_app
from game.ui.theme import Theme
from game.ui.tables.antics import art as A
from game.ui.tables.antics import controls
from game.ui.tables.antics.view import View
from game.ui.views.base import ViewContext
from tests.games.antics.positions import edit, put

R = get_rules()
TABLE = {(1280, 720): pygame.Rect(11, 65, 991, 644), (1920, 1080): pygame.Rect(16, 96, 1488, 968)}  # as the play scene lays it


@pytest.fixture(scope="module")
def app():
    return headless_app((1280, 720))


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


@pytest.fixture(scope="module")
def late():
    """A seeded 4-player game played by Medium bots until the end is near (someone's turn to act)."""
    s = R.new_game(seats(4), 11, {})
    bot = make_bot("medium", R, 11)
    while not R.is_over(s) and not (s.end_by is not None and s.phase == "act"):
        s = R.apply(s, bot_move(bot, R, s, R.to_move(s)))
    assert not R.is_over(s) and s.round >= 8
    return s


def ctx(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


def view_at(size, s, mouse=(0, 0)):
    view = View(R, s.seats, Theme(size))
    view.layout(TABLE[size])
    surf = pygame.Surface(size)
    view.draw(surf, s, ctx(s), mouse)
    return view, surf


def test_scout_tiles_are_at_least_24_px_at_1280(app):
    view, _ = view_at((1280, 720), R.new_game(seats(4), 3, {}))
    for f in view.field_rects:
        for row in range(R.d.rows):
            slot = controls.field_slot(view, f, row)
            assert view.fields_strip.contains(slot)
            px = controls.pair_px(slot)
            w, h = A.pair_size(px)
            assert w <= slot.w and h <= slot.h + 1                       # the tile fits its row
            assert px * 0.262 * math.sqrt(3) >= 24, (f, row, px)         # each hex (its symbol) 24+ px across
    rows = [controls.field_slot(view, 1, r) for r in range(R.d.rows)]
    assert not any(a.colliderect(b) for a in rows for b in rows if a is not b)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_hill_lies_inside_its_panel_late_in_a_4_player_game(app, late, size):
    view, _ = view_at(size, late)
    smallest = {}
    for (p, cell), (centre, r) in view.cells.items():
        box = pygame.Rect(0, 0, int(r * math.sqrt(3)), int(2 * r))
        box.center = (int(centre[0]), int(centre[1]))
        assert view.panels[p].contains(box), (p, cell, box, view.panels[p])
        smallest[p] = min(smallest.get(p, 99), r * math.sqrt(3))
    assert set(smallest) == set(range(4))
    assert min(smallest.values()) >= (24 if size == (1280, 720) else 36), smallest   # readable hexes
    panels = view.panels
    assert not any(a.colliderect(b) for a in panels for b in panels if a is not b)
    assert max(r.bottom for r in panels) <= TABLE[size].bottom


def test_wheel_zoom_keeps_locate_and_click_together(app, late):
    s = late
    c = ctx(s)
    view, surf = view_at((1280, 720), s, (0, 0))
    node = R.hill_node
    at = view.map_view.pt(view.map.nodes[node])
    view.draw(surf, s, c, at)
    big = view.scale
    assert view.wheel(2, s, c) and view.map_zoom > 1.4                    # two notches over the board
    assert abs(view.map_view.pt(view.map.nodes[node])[0] - at[0]) <= 2            # the point under the mouse stays
    assert view.scale > big * 1.4
    # play on while zoomed: every move the board shows is clicked where locate puts it
    checked = 0
    for _ in range(60):
        if R.is_over(s):
            break
        c = ctx(s)
        view.draw(surf, s, c, at)
        for a in c.legal:
            spot = view.locate(a, s)
            if spot is None:
                continue
            pos = spot.center if isinstance(spot, pygame.Rect) else tuple(int(v) for v in spot[0])
            if isinstance(spot, tuple) and not view.board.collidepoint(pos) and not any(
                    r.collidepoint(pos) for r in view.panels):
                raise AssertionError(f"{a} located off the board at {pos}")
            got = view.click(pos, s, c)
            menu = [b.action for b in view.menu]
            view.menu = []
            assert got == a or a in menu or (got is None and not menu and view.menu_title), (a, got, menu)
            checked += 1
        s = R.apply(s, bot_move(make_bot("medium", R, 3), R, s, R.to_move(s)))
    assert checked > 20
    view.key(pygame.K_MINUS, s, ctx(s))
    view.key(pygame.K_MINUS, s, ctx(s))
    view.key(pygame.K_KP_MINUS, s, ctx(s))
    assert view.map_zoom == 1.0
    assert view.key(pygame.K_PLUS, s, ctx(s)) is None and view.map_zoom > 1.0


def test_ants_grow_with_the_zoom(app, late):
    view, surf = view_at((1280, 720), late)
    small = view.scale
    view.zoom_map(view.board.center, 4)
    view.draw(surf, late, ctx(late), (0, 0))
    assert view.scale >= 2 * small
    assert view.map_view.base()[0].get_width() >= view.board.w                  # the land scaled for the zoom, once


def test_z_over_a_rival_enlarges_that_rivals_hill(app, late):
    s = late
    c = ctx(s)
    rival = (s.player + 1) % 4
    view, surf = view_at((1280, 720), s, (0, 0))
    small = {k: v[1] for k, v in view.cells.items() if k[0] == rival}
    view.draw(surf, s, c, view.panels[rival].center)                     # hovering it shows it larger
    hover = {k: v[1] for k, v in view.cells.items() if k[0] == rival}
    assert all(hover[k] > small[k] * 1.3 for k in small)
    assert view.key(pygame.K_z, s, c) is None and view.zoom == rival
    view.draw(surf, s, c, view.panels[rival].center)
    big = {k: v[1] for k, v in view.cells.items() if k[0] == rival}
    assert all(big[k] > small[k] * 2 for k in small)
    assert view.key(pygame.K_z, s, c) is None and view.zoom is None
    view.draw(surf, s, c, view.board.center)                             # Z elsewhere: your own hill
    view.key(pygame.K_z, s, c)
    assert view.zoom == s.player


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_rivals_enlarged_hill_never_covers_the_bar(app, late, size):
    """Found at the real table: resting the mouse on the lowest rival's panel enlarged their hill over
    my bar, hiding my actions left and the magnificANT buttons. The enlarged hill now stays above it."""
    s = edit(late, player=0)                 # the first seat to move: its panel on top, the rivals' below
    c = ctx(s)
    view, surf = view_at(size, s)
    bar = pygame.image.tobytes(surf.subsurface(view.bar), "RGB")
    for rival in range(4):
        if rival == s.player:
            continue
        view.draw(surf, s, c, view.panels[rival].center)
        assert any(k[0] == rival for k in view.cells)
        assert pygame.image.tobytes(surf.subsurface(view.bar), "RGB") == bar, rival


def test_the_board_grows_with_the_window(app):
    s = R.new_game(seats(4), 3, {})
    small, _ = view_at((1280, 720), s)
    big, _ = view_at((1920, 1080), s)
    t = TABLE[(1920, 1080)]
    assert big.board.w * big.board.h >= 0.28 * t.w * t.h                 # the board is 28 %+ of the table
    assert big.board.w >= 0.55 * t.w
    assert big.board.w > small.board.w * 1.4
    for v, size in ((small, (1280, 720)), (big, (1920, 1080))):
        parts = [v.fields_strip, v.board, v.hatch, v.bar]
        assert all(TABLE[size].contains(r) for r in parts + [v.right])
        assert not any(a.colliderect(b) for a in parts for b in parts if a is not b)
        assert not v.right.colliderect(v.bar) and not v.right.colliderect(v.board)


def test_the_wheel_over_the_board_zooms_it_in_the_play_scene(app):
    from game.scenes.play import PlayScene
    play = PlayScene(app, "antics", seats(3), 3, {})
    app.scenes.push(play)
    try:
        app.frame(16)
        view = play.view
        spot = view.board.center
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
        app.frame(16)
        app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        assert view.map_zoom > 1.0
        app.frame(16)                                                       # drawn zoomed
        app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        assert view.map_zoom == 1.0
    finally:
        app.scenes.pop()


@pytest.mark.parametrize("size", list(TABLE))
def test_the_layout_is_worked_out_from_the_window_alone_and_each_view_owns_its_board(app, size):
    """Issue 20: layout.py gives the view's rects for a window (the parts stacked without overlap,
    the panels' column right of them); each view owns its board, its art and its words (no cache
    shared between views or threads)."""
    from game.ui.tables.antics.layout import table_layout
    rect = TABLE[size]
    s = R.new_game(seats(4), 3, {})
    view, _ = view_at(size, s)
    lay = table_layout(rect, Theme(size), (view.map.width, view.map.height), view.map_view.band)
    assert lay == view.lay
    assert lay.fields_strip.bottom <= lay.board.top and lay.board.bottom <= lay.hatch.top <= lay.hatch.bottom <= lay.bar.top
    assert lay.bar.bottom <= rect.bottom and lay.right.left >= lay.bar.right and lay.right.right <= rect.right
    assert all(lay.fields_strip.contains(r) for r in (lay.guide, *lay.fields.values()))
    other, _ = view_at(size, s)
    assert other.map_view is not view.map_view and other.words is not view.words
    assert other.map_view.full_art() is not view.map_view.full_art()
    assert pygame.image.tobytes(other.map_view.full_art(), "RGBA") == pygame.image.tobytes(view.map_view.full_art(), "RGBA")


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_big_hand_stays_in_the_bars_right_half_clear_of_the_words(app, size, n):
    """Found at the real table: with four tiles in hand at 1280x720 the tiles and their "Hand:" label
    ran left over the status words. A big hand now draws smaller tiles inside the bar's right half, and
    the status wraps short of it."""
    s = edit(R.new_game(seats(4), 3, {}), round=2, actions_left=2)
    tiles = tuple(t for t in s.data.tiles if not t.startswith("S"))[:n]
    s = edit(s, hands=put(s.hands, s.player, tiles))
    view, _ = view_at(size, s)
    bar = view.bar
    hand = [shape for kind, shape, _ in view.hot if kind in ("hand", "hand_info") and bar.colliderect(shape)]
    assert len(hand) == n
    for rr in hand:
        assert rr.left >= bar.centerx and rr.right <= bar.right, (rr, bar)
    assert not any(a.colliderect(b) for a in hand for b in hand if a is not b)


def test_short_of_room_the_status_shows_whole_sentences(app, monkeypatch):
    """Found at the real table: under the last-round banner at 1280x720 only one line of the status fit,
    and it stopped mid-sentence ("3 actions left. Click a lit hex of your"). Short of room the bar now
    shows the status's first sentence whole."""
    s = R.new_game(seats(4), 2026, {})
    s = edit(s, round=12, actions_left=3, end_by=(s.player + 3) % 4, turns_left=1)
    drawn = []
    text = Theme.text

    def spy(self, words, *a, **k):
        drawn.append(words)
        return text(self, words, *a, **k)

    monkeypatch.setattr(Theme, "text", spy)
    view, _ = view_at((1280, 720), s)
    assert view.banner_rect is not None
    status = [w for w in drawn if "actions left" in w or "Click" in w]
    assert status == ["3 actions left."], status


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pseudo"])
def test_every_bar_button_lies_inside_the_bar_in_every_language(app, lang):
    """Found in German at 1280x720: the magnificANT's five buttons took two lines, and End turn went
    under the bar's edge (only Enter still ended the turn). Lines that wrap now count when the bar
    makes room, and the next row goes on a wrapped row's last line when it fits."""
    from game.core import i18n
    s = edit(R.new_game(seats(4), 3, {}), round=2)
    i18n.set_language(lang)
    try:
        view, _ = view_at((1280, 720), s)
    finally:
        i18n.set_language("en")
    labels = {b.label for b in view.buttons}
    assert len(view.buttons) >= 6, labels          # five magnificANT actions and End turn
    for b in view.buttons:
        assert view.bar.contains(b.rect), (lang, b.label, b.rect, view.bar)
    assert not any(a.rect.colliderect(b.rect) for a in view.buttons for b in view.buttons if a is not b)
