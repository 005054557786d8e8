"""Antics! building by placing the tile itself (issue 24): the two-hex tile follows the mouse as a
ghost over the legal spots with its symbols, R / F / the wheel turn it, a click on a refused spot
does nothing, a click on a legal one builds exactly what the ghost showed (the view answers the
build_dir and build_orient decisions itself), undo takes the whole placement back, and the keyboard
(Tab, R, Enter) builds the same way."""
import pygame
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import BuildCell, BuildTile, ScoutTake, UseMagnificant, UseSpace
from game.scenes.play import PlayScene
from game.tools.headless import headless_app
from game.ui.tables.antics import build_ghost

R = get_rules("antics")


@pytest.fixture
def app():
    return headless_app((1280, 720))


def build_cell_state(seed=3, rng_seed=5):
    """A fresh 3-player game played (scouting and building first) until a tile is to be placed."""
    s = R.new_game([Seat(f"H{i}", R.seat_colors[i], "human") for i in range(3)], seed, {})
    rng = Rng(rng_seed)
    for _ in range(4000):
        if s.phase == "build_cell":
            return s
        acts = R.legal_actions(s)
        pref = [a for a in acts if isinstance(a, (BuildTile, ScoutTake))
                or (isinstance(a, UseSpace) and s.hills[s.player][a.cell][-1][1] in ("build", "scout"))
                or (isinstance(a, UseMagnificant) and a.action in ("build", "scout"))]
        pool = pref or acts
        s = R.apply(s, pool[rng.below(len(pool))])
    raise AssertionError("no build")


def scene(app, s):
    play = PlayScene(app, "antics", list(s.seats), 3, {}, states=[s])
    app.scenes.push(play)
    return play


def draw(app, play, mouse):
    play.mouse = mouse
    play.dirty = True
    play.draw(app.window)


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def press(app, key):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def settle(app, play, frames=8):
    for _ in range(frames):
        app.frame(16)


def centre_of(play, cell):
    (x, y), _ = play.view.cells[(play.state.player, cell)]
    return (int(x), int(y))


def roomy_cell(play):
    """A legal first hex where the tile may lie at least two ways."""
    s = play.state
    cells = [a.cell for a in R.legal_actions(s) if isinstance(a, BuildCell)]
    return max(cells, key=lambda c: len(play.view.ghost.placements(s, c)))


def test_the_ghost_shows_the_tile_with_its_symbols_and_r_turns_it(app, monkeypatch):
    s = build_cell_state()
    play = scene(app, s)
    tile = s.data.tiles[s.build_tile]
    draw(app, play, (5, 5))
    assert play.view.ghost.shown is None                            # the mouse is off the hill: no ghost
    cell = roomy_cell(play)
    pos = centre_of(play, cell)
    plain = app.window.copy()
    drawn = []
    art = build_ghost.A

    class Art:                                                      # the hill's art, its hexes counted
        def __getattr__(self, name):
            return getattr(art, name)

        def hex_cell(self, sym, *a, **k):
            drawn.append(sym)
            return art.hex_cell(sym, *a, **k)

    monkeypatch.setattr(build_ghost, "A", Art())
    draw(app, play, pos)
    assert play.view.ghost.shown == (s, cell)
    pl = play.view.ghost.choice(s, cell)
    assert sorted(drawn) == sorted(tile) == sorted((pl.first_symbol, pl.second_symbol))
    assert pl.cell == cell and pl.second != cell
    assert set(play.view.ghost.centres) == {pl.cell, pl.second}
    for x, y in play.view.ghost.centres.values():                   # both hexes of the tile are painted over
        assert plain.get_at((int(x), int(y) - 3)) != app.window.get_at((int(x), int(y) - 3))
    words = play.view.action_words(BuildCell(cell), s)
    assert words.startswith("Build ") and "on the lit hex" in words and " to its " in words
    assert play.view.ghost.words_lines(s)[0] == words                    # the note beside it says it too
    assert play.view.hover(pos, s, play.context()) is None                # no tooltip over its second hex
    # R turns it to another placement the rules allow there, the wheel turns it back
    press(app, pygame.K_r)
    draw(app, play, pos)
    turned = play.view.ghost.choice(s, cell)
    assert turned != pl and turned in play.view.ghost.placements(s, cell)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    assert play.view.ghost.choice(s, cell) == pl
    app.scenes.pop()


def test_a_click_on_a_refused_hex_does_nothing(app):
    s = build_cell_state()
    play = scene(app, s)
    draw(app, play, (5, 5))
    legal = {a.cell for a in R.legal_actions(s) if isinstance(a, BuildCell)}
    refused = [c for c in s.hills[s.player] if c not in legal]
    assert refused
    pos = centre_of(play, refused[0])
    plain = app.window.copy()
    draw(app, play, pos)
    assert play.view.ghost.shown is None                            # no tile offered there ...
    assert plain.get_at((pos[0], pos[1] - 5)) != app.window.get_at((pos[0], pos[1] - 5))   # ... it is crossed out
    click(app, pos)
    settle(app, play)
    assert len(play.states) == 1 and play.state is s and not play.view.menu
    app.scenes.pop()


def test_a_click_builds_exactly_the_tile_the_ghost_showed_and_undo_takes_it_all_back(app):
    s = build_cell_state()
    play = scene(app, s)
    p = s.player
    draw(app, play, (5, 5))
    cell = roomy_cell(play)
    pos = centre_of(play, cell)
    draw(app, play, pos)
    press(app, pygame.K_r)
    press(app, pygame.K_r)
    draw(app, play, pos)
    pl = play.view.ghost.choice(s, cell)
    tile = s.build_tile
    click(app, pos)
    settle(app, play)
    after = play.state
    assert after.phase not in ("build_cell", "build_dir", "build_orient") and after.player == p
    hill = after.hills[p]
    assert hill[pl.cell][-1] == (tile, pl.first_symbol)
    assert hill[pl.second][-1] == (tile, pl.second_symbol)
    assert len(play.states) == 2 + len(pl.path)                     # the click, then the view's own answers
    assert {k: v for k, v in hill.items() if k not in (pl.cell, pl.second)} == \
        {k: v for k, v in s.hills[p].items() if k not in (pl.cell, pl.second)}
    press(app, pygame.K_u)                                          # one undo: back to placing the tile
    settle(app, play)
    assert len(play.states) == 1 and play.state is s and play.state.phase == "build_cell"
    app.scenes.pop()


def test_tab_shows_each_placement_as_the_ghost_and_enter_builds_it(app):
    s = build_cell_state()
    play = scene(app, s)
    p = s.player
    draw(app, play, (5, 5))
    legal = R.legal_actions(s)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    focused = play.focus.action(legal)
    assert isinstance(focused, BuildCell)
    draw(app, play, (5, 5))
    draw(app, play, (5, 5))
    assert play.view.ghost.shown == (s, focused.cell)              # the focused placement is the ghost
    words = play.focus.words(play.view, s)
    assert "on the lit hex" in words
    pls = play.view.ghost.placements(s, focused.cell)
    if len(pls) > 1:
        press(app, pygame.K_r)
    pl = play.view.ghost.choice(s, focused.cell)
    draw(app, play, (5, 5))
    press(app, pygame.K_RETURN)
    settle(app, play)
    hill = play.state.hills[p]
    assert play.state.phase not in ("build_cell", "build_dir", "build_orient")
    assert hill[pl.cell][-1] == (s.build_tile, pl.first_symbol)
    assert hill[pl.second][-1] == (s.build_tile, pl.second_symbol)
    app.scenes.pop()


def test_the_tooltip_follows_the_tile_when_r_turns_it(app):
    """Found at the real table: after R the ghost showed the turned tile but the tooltip still named
    the old placement until the mouse moved. The words are now a note beside the ghost (no tooltip
    over its second hex); they follow the tile."""
    s = build_cell_state()
    play = scene(app, s)
    draw(app, play, (5, 5))
    cell = roomy_cell(play)
    pos = centre_of(play, cell)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    draw(app, play, pos)
    assert play.tooltip is None
    first = play.view.ghost.words_lines(s)[0]
    assert first == play.view.action_words(BuildCell(cell), s)
    press(app, pygame.K_r)
    draw(app, play, pos)
    assert play.view.ghost.words_lines(s)[0] != first
    assert play.view.ghost.words_lines(s)[0] == play.view.action_words(BuildCell(cell), s)   # the turned tile
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    draw(app, play, pos)
    assert play.view.ghost.words_lines(s)[0] == first
    app.scenes.pop()
