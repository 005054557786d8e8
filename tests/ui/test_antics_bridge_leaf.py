"""Antics!: a bridge over the chasm and a green leaf brought home, played by a person at the table.

In hundreds of AI games neither happened, so these tests show the table lets a person do both: from a
hand-made position (built like tests/games/antics/test_rules.py builds its bridge and heave tests: a
copy of a fresh game with some fields replaced), each decision is made through the play scene
(``PlayScene``) either by a mouse click where the view draws the move (``view.locate``; an entry of
the small menu when one spot offers several moves) or by the keyboard (Tab walks the legal moves,
Enter plays the focused one). Every step is checked to be the intended move, and the end position is
read back from the state, the log and the score line the table shows.

Rulebook D(iv)2 and rulings 10, 27: a level-3 ANTS! with three soldiers in the red area and an own
ant on a trail ending at the chasm bridges it (two soldiers go back to the supply, 3 units).
Rulebook D(v), G(ii), rulings 4, 37, 40: heave picks a leaf up at a clearing, moves it ant to ant and
drops it into the hill from a trail touching the ant-hill; a green leaf on an uncovered fungus scores
the fungus's level +2.
"""
import pygame
import pytest

from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import Bridge, HeaveHome, HeaveMove, HeavePick, UseSpace
from game.tools.headless import headless_app
from game.ui.tables.antics.board import along
from tests.games.antics.positions import edit, put

R = get_rules("antics")
SOLDIER = next(i for i, a in enumerate(R.d.areas) if a.soldier)
GREEN = R.leaf_ids.index("green")
ANTS_HEX, HEAVE_HEX, FUNGUS_HEX = (1, 1), (2, 0), (2, 1)      # the starting hill's ANTS!, heave, fungus


@pytest.fixture(scope="module")
def app():
    return headless_app((1600, 900))


# ---------------------------------------------------------------- positions


def ready():
    """Four people at one table, the start player's turn past the first round: 3 actions."""
    seats = [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(4)]
    return edit(R.new_game(seats, 3, {}), round=2, actions_left=3)


def raise_hex(s, cell, level):
    """The player to move's hex ``cell`` stacked up to ``level``, its top symbol kept."""
    p = s.player
    stack = s.hills[p][cell]
    top = stack[-1][1]
    stack = stack + tuple((f"X{k}", "build") for k in range(len(stack), level - 1)) + ((f"X{level}", top),)
    return edit(s, hills=put(s.hills, p, {**s.hills[p], cell: stack}))


def with_ants(s, trails, soldiers=0):
    """The player to move's ants out on ``trails`` (carrying nothing), soldiers waiting in the red area."""
    p = s.player
    hatch = put(s.hatch, SOLDIER, put(s.hatch[SOLDIER], p, soldiers))
    return edit(s, ants=put(s.ants, p, dict.fromkeys(trails)), hatch=hatch,
                supply=put(s.supply, p, s.supply[p] - len(trails) - soldiers))


def bridge_position():
    """Rulebook D(iv)2 as in test_rules: an ant on T02 (ant-hill to J2, an end of the chasm), three
    soldiers waiting, ANTS! at level 3."""
    return raise_hex(with_ants(ready(), ["T02"], soldiers=3), ANTS_HEX, 3)


# The green leaf's clearing L_GREEN ends T36 (from J9) and T38 (from J16, across the chasm from J2).
ROUTES = {
    "over the land": ["T36", "T35", "T09", "T01"],         # L_GREEN-J9-J8-J1-ant-hill: 5 heaves
    "over the bridge": ["T38", "CHASM", "T02"],            # L_GREEN-J16-chasm-J2-ant-hill: 4 heaves
}


def leaf_position(route):
    """The player's ants from the green leaf clearing to the ant-hill, heave high enough to bring a
    leaf all the way home in one action (pick, one move per further ant, home)."""
    trails = ROUTES[route]
    return raise_hex(with_ants(ready(), trails), HEAVE_HEX, len(trails) + 1)


def leaf_moves(route):
    trails = ROUTES[route]
    return ([UseSpace(HEAVE_HEX), HeavePick(trails[0], "L_GREEN")]
            + [HeaveMove(a, b) for a, b in zip(trails, trails[1:])] + [HeaveHome(trails[-1])])


# ---------------------------------------------------------------- a person at the table
def open_table(app, state):
    from game.scenes.play import PlayScene
    play = PlayScene(app, "antics", list(state.seats), 3, {}, states=[state])
    app.scenes.push(play)
    return play


def show(app, play):
    """Let animations end, as a person waits, and draw the table (the view's spots are laid out)."""
    for _ in range(200):
        if not play.view.update(100):
            break
    play.dirty = True
    play.draw(app.window)


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1))


def press(app, key):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def centre(where):
    return where.center if isinstance(where, pygame.Rect) else where[0]


def played(play, before, action):
    """The scene took exactly one decision, and it was ``action``."""
    assert len(play.states) == before + 1, f"{action} was not played"
    prev, now = play.states[-2], play.states[-1]
    assert now.log.to_list() == R.apply(prev, action).log.to_list(), f"something else than {action} was played"


def by_mouse(app, play, action, pos=None):
    """Click where the table shows ``action`` (or at ``pos``); from a small menu, click its entry."""
    show(app, play)
    assert action in play.context().legal
    if pos is None:
        where = play.view.locate(action, play.state)
        assert where is not None, f"{action} is not shown on the table"
        pos = centre(where)
    before = len(play.states)
    click(app, pos)
    if len(play.states) == before:
        assert play.view.menu, f"the click for {action} did nothing"
        entry = next((b for b in play.view.menu if b.action == action), None)
        assert entry is not None, f"the menu there offers {[b.action for b in play.view.menu]}, not {action}"
        show(app, play)
        click(app, entry.rect.center)
    played(play, before, action)


def by_keys(app, play, action):
    """Tab until the focus is on ``action`` (named in words, ringed on the table), then Enter."""
    show(app, play)
    legal = play.context().legal
    assert action in legal
    for _ in range(len(legal)):
        press(app, pygame.K_TAB)
        if play.focus.action(legal) == action:
            break
    assert play.focus.action(legal) == action, f"Tab never reaches {action}"
    words = play.focus.words(play.view, play.state)
    assert play.view.action_words(action, play.state) in words and "(Enter)" in words
    show(app, play)
    assert play.view.locate(action, play.state) is not None      # where the focus ring is drawn
    before = len(play.states)
    press(app, pygame.K_RETURN)
    played(play, before, action)


PLAY = {"mouse": by_mouse, "keyboard": by_keys}


# ---------------------------------------------------------------- the bridge
def check_bridge(play, p, start):
    s = play.state
    bridges = [ev for ev in s.log.since(len(start.log)) if ev["type"] == "bridge"]
    assert bridges == [{"type": "bridge", "player": p, "trail": R.chasm}]
    assert s.ants[p] == {"T02": None, R.chasm: None}              # the bridge is p's ant on the chasm
    assert s.hatch[SOLDIER][p] == 0 and s.supply[p] == start.supply[p] + 2
    assert s.phase == "act" and s.actions_left == 2                # it used the 3 units of ANTS!
    assert any("bridges the chasm" in line for line, _ in play.log_lines)
    assert R.to_move(s) == p


@pytest.mark.parametrize("how", ["mouse", "keyboard"])
def test_a_person_bridges_the_chasm(app, how):
    start = bridge_position()
    p = start.player
    play = open_table(app, start)
    PLAY[how](app, play, UseSpace(ANTS_HEX))
    assert play.state.phase == "ants" and Bridge() in play.context().legal
    PLAY[how](app, play, Bridge())
    check_bridge(play, p, start)
    app.scenes.pop()


def test_a_click_on_the_chasm_itself_bridges_it(app):
    """Besides the bar's "Bridge the chasm" button, the chasm on the board is a place to click."""
    start = bridge_position()
    p = start.player
    play = open_table(app, start)
    by_mouse(app, play, UseSpace(ANTS_HEX))
    show(app, play)
    by_mouse(app, play, Bridge(), pos=along(play.view.screen_trails[R.chasm], 0.5)[0])
    check_bridge(play, p, start)
    app.scenes.pop()


# ---------------------------------------------------------------- the green leaf
@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("how", ["mouse", "keyboard"])
def test_a_person_heaves_a_green_leaf_home_to_a_fungus(app, how, route):
    start = leaf_position(route)
    p = start.player
    play = open_table(app, start)
    assert play.view.score_words(start, p) == ("0 pts", "")
    moves = leaf_moves(route)
    for k, action in enumerate(moves):
        PLAY[how](app, play, action)
        if k == 1:                                                  # picked up: carried, counted if it gets home
            assert play.state.ants[p][ROUTES[route][0]] == "leaf:green"
            assert play.view.score_words(play.state, p) == ("0 pts", "(3 if carried items get home)")
    s = play.state
    assert s.phase == "act" and s.actions_left == 2                 # one heave action, all its units used
    assert s.leaves[p][GREEN] == 1 and s.leaves_left[GREEN] == start.leaves_left[GREEN] - 1
    assert all(item is None for item in s.ants[p].values())
    homes = [ev for ev in s.log.since(len(start.log)) if ev["type"] == "heave" and ev["how"] == "home"]
    assert len(homes) == 1 and homes[0]["player"] == p
    # on the hill: the leaf lies on the uncovered level-1 fungus, which scores 1 + 2 for green
    assert R.fungus_use(s, p) == [(FUNGUS_HEX, 1, "green")]
    assert R.score_lines(s, p) == {"prey": 0, "fungus": 1, "green_leaves": 2}
    assert play.view.score_words(s, p) == ("3 pts", "")
    assert any("home" in line and "leaf" in line for line, _ in play.log_lines)
    assert "green leaf on a level 1 fungus" in dict(play.view.result_notes(s))[p]
    app.scenes.pop()


def test_a_click_on_the_ant_hill_heaves_the_food_home(app):
    """A person who has heaved a leaf next to the ant-hill clicks the ant-hill, where it is to go (found
    at the real table: the click there did nothing, only the trail the leaf lay on took it)."""
    route = "over the land"
    start = leaf_position(route)
    p = start.player
    play = open_table(app, start)
    *before_home, home = leaf_moves(route)
    for action in before_home:
        by_mouse(app, play, action)
    show(app, play)
    hill = play.view.map_view.pt(play.view.map.nodes[R.hill_node])
    by_mouse(app, play, home, pos=hill)
    assert play.state.leaves[p][GREEN] == 1
    app.scenes.pop()
