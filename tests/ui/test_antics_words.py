"""The Antics! table's words, each checked against the rulebook (seeds/002_250f0e7a7211f9f4.txt)
and the rulings (docs/rulings_antics.md): the scout hint and status, the end-trigger lines, the
anteater hover, the hint's prey points, the ANTS! help, the words with no action left and the
places the log names."""
import re
from pathlib import Path

import pygame
import pytest

from game.core.rules import Seat
from game.games.antics import heuristics
from game.games.antics.rules import get_rules
from game.games.antics.state import (EndActions, HeaveHome, HeaveMove, HeavePick, ScoutTake, Steal, Stop,
                                     UseMagnificant, UseSpace)
from game.tools.headless import headless_app
from game.ui.tables.antics.view import View
from game.ui.tables.antics.words import ACTION_HELP, PHASE_HINTS
from game.ui.theme import Theme
from game.ui.views.base import ViewContext
from tests.games.antics.positions import edit, put

R = get_rules()
SIZE = (1280, 720)
IDS = re.compile(r"\b(T\d\d|CHASM|AH|J\d+|P_[A-Z]+|L_[A-Z]+)\b")


@pytest.fixture(scope="module")
def app():
    return headless_app(SIZE)


def start(n=4, seed=3):
    return R.new_game([Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)], seed, {})




def ctx(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


def view_for(s):
    v = View(R, s.seats, Theme(SIZE))
    v.layout(pygame.Rect(0, 0, *SIZE))
    v.draw(pygame.Surface(SIZE), s, ctx(s), (0, 0))
    return v


def test_scout_hint_offers_no_stop_and_the_status_follows_the_fields(app):
    """Rulebook D(i): a scout must take every tile it can, one from each field up to its level,
    so there is no Stop to offer; the status names the field, not a count of uses that never falls."""
    s = edit(start(), round=2, actions_left=3)
    s = R.apply(s, UseMagnificant("scout"))
    assert not any(isinstance(a, Stop) for a in R.legal_actions(s))
    assert "Stop" not in PHASE_HINTS["scout"]
    v = view_for(s)
    assert "Stop" not in v.hint(s, ctx(s))
    hill = dict(s.hills[s.player])
    hill[(0, 0)] = hill[(0, 0)] + (("X1", "scout"), ("X2", "scout"))          # a level-3 scout
    s = edit(start(), round=2, actions_left=3, hills=put(start().hills, start().player, hill))
    s = R.apply(s, UseSpace((0, 0)))
    seen = []
    while s.phase == "scout":
        seen.append(v.words.status(s))
        s = R.apply(s, next(a for a in R.legal_actions(s) if isinstance(a, ScoutTake)))
    assert len(seen) == 3 and len(set(seen)) == 3
    assert all("uses left" not in x for x in seen)
    assert "field 1" in seen[0] and "field 2" in seen[1] and "field 3" in seen[2]


def test_every_end_trigger_of_the_engine_has_its_own_true_reason(app):
    """Rulebook F and rulings 22 and 36: the bag comes up short, at most one clearing still has
    prey (none counts too), a whole round passes without an action, or 40 rounds are over."""
    src = Path(R.__class__.__module__.replace(".", "/") + ".py").read_text()
    reasons = set(re.findall(r'reason = "(\w+)"', src))
    assert reasons == {"bag", "prey", "stall", "rounds"}
    s = start()
    v = view_for(s)
    lines = {r: v.describe_event({"type": "end_triggered", "player": 0, "reason": r}, s) for r in reasons}
    assert len(set(lines.values())) == len(reasons)
    for line in lines.values():
        assert "P0" in line and "one more turn" in line
    assert "bag" in lines["bag"] and "scout fields" in lines["bag"]
    assert "at most one clearing" in lines["prey"] and "prey type" not in lines["prey"]
    assert "without anyone taking an action" in lines["stall"] and "very long" not in lines["stall"]
    assert f"{R.d.stall_rounds} rounds" in lines["rounds"] and "last round came" not in lines["rounds"]


def eater_row(s, colour):
    return next(r for r, (_, face) in enumerate(s.faces) if face == colour)


@pytest.mark.parametrize("n", [3, 4])
def test_the_anteater_hover_says_what_it_eats_by_its_arrival_order(app, n):
    """Rulebook E(v): the anteater guide gives the meal by arrival order at field 1 (1st and 2nd:
    prey; 3rd: ants with 3 players, prey and ants with 4)."""
    s = start(n)
    v = view_for(s)
    row = 0
    face = s.faces[row][1]
    prey = R.d.prey[R.colour_prey[face]].name
    before = v.words.eater_words(s, row)
    assert "1st or 2nd" in before and "3rd" in before and prey in before
    third = before.split("3rd", 1)[1]
    assert "ants" in third and (prey in third) == (n == 4)
    last = edit(s, arrived=tuple(r for r in range(3) if r != row))           # the other two came first
    only = v.words.eater_words(last, row)
    assert "3rd" in only and "1st" not in only and "depends" not in only
    assert (prey in only) == (n == 4) and "ants" in only
    came = v.words.eater_words(edit(s, arrived=(row,)), row)
    assert "1st" in came and "waits" in came and "ants" not in came


def test_the_hint_prices_each_prey_by_the_marginal_of_the_prey_score(app):
    """Rulebook G(i): n prey score n x n, so with none home the first prey of an action adds 1
    and the second 3 (not +1 each)."""
    s = edit(start(), round=2, actions_left=3)
    p = s.player
    hill = dict(s.hills[p])
    hill[(2, 0)] = hill[(2, 0)] + (("X1", "heave"),)                         # a level-2 heave
    s = edit(s, hills=put(s.hills, p, hill), _hills=None,
             ants=put(s.ants, p, {"T05": "caterpillar", "T04": "ladybird"}))
    words = heuristics.explain(R, s, p, UseSpace((2, 0)))
    assert "(+1 point)" in words and "(+3 points)" in words, words
    one_home = edit(s, stored=put(s.stored, p, {(0, 1): "beetle"}))
    words = heuristics.explain(R, one_home, p, UseSpace((2, 0)))
    assert "(+3 points)" in words and "(+5 points)" in words, words


def test_the_ants_help_includes_taking_ants_and_guards_back(app):
    """Rulebook D(iv): ANTS! sends ants out or picks ants up from the trails or hatching areas;
    ruling 9 and 29: guard soldiers too."""
    s = start()
    v = view_for(s)
    centre, _ = v.cells[(s.player, (1, 1))]                                  # the base's ANTS! hex
    words = v.hover((int(centre[0]), int(centre[1])), s, ctx(s))
    assert words.startswith("ANTS!") and "back" in words and "guard" in words and "waiting" in words
    assert "back" in ACTION_HELP["ants"] and "back" in PHASE_HINTS["ants"]


def test_with_no_action_left_the_words_say_to_end_the_turn(app):
    """Rulebook C: a player takes their actions, then the turn ends (the clean-up follows)."""
    s = edit(start(), round=2, actions_left=0)
    assert [type(a) for a in R.legal_actions(s)] == [EndActions]
    v = view_for(s)
    c = ctx(s)
    for words in (v.words.status(s), v.hint(s, c), v.guide(s, c)):
        assert "end your turn" in words and "0 actions" not in words
        assert "Choose an action" not in words and "magnificANT" not in words and "lit hex" not in words
    p, q = s.player, (s.player + 1) % 4
    thief = edit(s, ants=put(put(s.ants, q, {"T01": "leaf:green"}), p, {"T01": None}),
                 hatch=put(s.hatch, R.soldier, put(s.hatch[R.soldier], p, 1)))
    assert any(isinstance(a, Steal) for a in R.legal_actions(thief))
    assert "steal" in v.hint(thief, ctx(thief)) and "steal" in v.words.status(thief)


def test_the_log_and_hovers_name_trails_by_terrain_and_ends_never_by_id(app):
    """Every trail reads as its terrain and the places it joins (the ant-hill, a clearing, the
    chasm, a fork by compass direction), each trail differently; no log line or trail hover shows
    an internal id."""
    s = start()
    v = view_for(s)
    words = {t: v.trail_words(t) for t in R.d.trails}
    assert len(set(words.values())) == len(words)
    assert words["T05"] == "the grass trail from the ant-hill to the fork south-west of the ant-hill"
    assert words["T18"] == "the flower trail from the fork east of the ladybird clearing to the ladybird clearing"
    for t, w in words.items():
        assert not IDS.search(w), w
        if t != R.chasm:
            assert all(ter in w for ter in R.d.trails[t].terrains)
    line = v.describe_event({"type": "place_ant", "player": 0, "area": "grass", "trail": "T19"}, s)
    assert line == f"P0 sends a grass ant onto {words['T19']}."
    evs = [{"type": "guard", "player": 0, "trail": "T19"},
           {"type": "pick_up", "player": 0, "kind": "ant", "where": "T22", "guard_home": True},
           {"type": "pick_up", "player": 0, "kind": "guard", "where": "T22"},
           {"type": "pick_up", "player": 0, "kind": "area", "where": "grass"},
           {"type": "pick_up", "player": 0, "kind": "ant", "where": R.chasm},
           {"type": "heave", "player": 0, "how": "pick", "trail": "T22", "node": "P_GRASS", "item": "caterpillar"},
           {"type": "steal", "player": 0, "victim": 1, "trail": "T22", "item": "caterpillar"}]
    for ev in evs:
        line = v.describe_event(ev, s)
        assert line and not IDS.search(line), line
    for t, pts in v.screen_trails.items():
        mid = pts[len(pts) // 2]
        hover = v.hover(mid, s, ctx(s))
        if hover and v._hit(mid)[0] == "trail":
            assert not IDS.search(hover), hover


def test_the_words_need_no_pygame_and_tell_a_whole_game_headless():
    """words.py is pure: a tool without pygame reads a game's log from the engine's events (issue 20)."""
    import subprocess
    import sys
    code = (
        "import sys\n"
        "from game.ui.tables.antics.words import Words\n"
        "pure = 'pygame' not in sys.modules\n"
        "from game.core.rules import Seat\n"
        "from game.games.antics.rules import get_rules\n"
        "from game.ai.bots import bot_move, make_bot\n"
        "from game.ui.tables.antics.board_map import load_board_map   # the map file's reader may load pygame\n"
        "R = get_rules()\n"
        "seats = [Seat(f'P{i}', R.seat_colors[i], 'human') for i in range(3)]\n"
        "w = Words(R, seats, load_board_map().nodes)\n"
        "s = R.new_game(seats, 5, {})\n"
        "bot, lines = make_bot('easy', R, 5), []\n"
        "for _ in range(150):\n"
        "    if R.is_over(s):\n"
        "        break\n"
        "    a = bot_move(bot, R, s, R.to_move(s))\n"
        "    lines.append(w.action_words(a, s))\n"
        "    s2 = R.apply(s, a)\n"
        "    lines += [w.describe_event(ev, s2) or '' for ev in s2.log.since(len(s.log))]\n"
        "    s = s2\n"
        "assert all(isinstance(x, str) for x in lines), lines\n"
        "print(len(lines), pure)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2],
                         timeout=120)
    assert out.returncode == 0, out.stderr
    n, pure = out.stdout.split()
    assert int(n) >= 300 and pure == "True", out.stdout


def test_an_ai_to_move_gets_no_instructions_in_the_bar():
    from game.ui.tables.antics.words import Words
    s = start(3)
    bots = [Seat(st.name, st.color, "hard") for st in s.seats]
    assert Words(R, bots, None).status(s) == f"{s.actions_left} action{'s' if s.actions_left != 1 else ''} left."
    assert "Click a lit hex" in Words(R, s.seats, None).status(s)


def test_each_heave_says_what_it_carries_and_where_it_goes(app):
    """Found at the real table: at a fork the Tab focus offered two moves both called "Heave the food
    one ant further". Each heave now names the food and the trail it goes on to (ruling 5: any
    adjacent own empty ant), and a pick-up names what lies at the clearing."""
    s = start()
    p = s.player
    ants = {"T07": "leaf:brown", "T01": None, "T08": None, "T06": None, "T12": None, "T16": None}
    s = edit(s, round=2, actions_left=3, ants=put(s.ants, p, ants), supply=put(s.supply, p, s.supply[p] - len(ants)))
    s = R.apply(s, UseMagnificant("heave"))
    v = view_for(s)
    moves = [a for a in R.legal_actions(s) if isinstance(a, HeaveMove)]
    words = [v.action_words(a, s) for a in moves]
    assert len(moves) == 5 and len(set(words)) == 5
    for a, w in zip(moves, words):
        assert w == f"Heave the brown leaf on to {v.trail_words(a.dst)}"
        assert not IDS.search(w), w
    home = edit(s, ants=put(s.ants, p, {"T01": "dragonfly"}))
    assert v.action_words(HeaveHome("T01"), home) == "Heave the dragonfly home"
    leaf_node = R.d.leaves[0].clearing
    prey_node = R.d.prey[0].clearing
    assert v.action_words(HeavePick("T01", leaf_node), s) == f"Pick up a {R.leaf_ids[0]} leaf here"
    assert v.action_words(HeavePick("T01", prey_node), s) == f"Pick up a {R.prey_ids[0]} here"


def test_a_clearing_hover_says_which_ants_reach_it_and_counts_in_plain_english(app):
    """Found at the real table: I laid water ants towards the dragonfly and only then read, trail by
    trail, that its last trail was stone. The clearing's hover now names the ants that reach it (the
    terrains of the trails ending there), and counts read "3 dragonflies", "5 brown leaves"."""
    s = start()
    v = view_for(s)
    node = next(p.clearing for p in R.d.prey if p.id == "dragonfly")
    kinds = {" and ".join(R.d.trails[t].terrains) for t in R.node_trails[node] if t != R.chasm}
    words = v.words.hover_words("node", node, s)
    assert words.startswith("3 dragonflies left here; reach it with a ")
    assert all(k in words for k in kinds) and words.endswith(" ant")
    leaf = R.d.leaves[R.leaf_ids.index("brown")].clearing
    assert v.words.hover_words("node", leaf, s).startswith(f"{s.leaves_left[R.leaf_ids.index('brown')]} brown leaves left here")


def test_a_trail_hover_names_what_each_ant_there_carries_and_whose_guard_is_on_it(app):
    """Found at the real table: a rival had stolen my caterpillar onto a trail where I could steal it
    back, and the trail's hover named the players with ants there but not what they carried. It
    now says who carries what there, and whose guard soldier stands on it."""
    s = start()
    v = view_for(s)
    s = edit(s, ants=put(put(s.ants, 1, {"T01": "caterpillar"}), 2, {"T01": None}), guards={"T01": 0})
    words = v.words.hover_words("trail", "T01", s)
    assert words.endswith("(P1 carrying a caterpillar, P2, and P0's guard soldier)")     # a list as Babel joins it
    assert v.words.hover_words("trail", "T01", edit(s, guards={})).endswith("(P1 carrying a caterpillar and P2)")


def test_a_clearing_hover_warns_when_its_last_prey_would_bring_the_end(app):
    """Found at the real table: behind on points, I picked up the last grasshopper, which left prey in
    one clearing only and so ended the game (ruling 22) for the leader's benefit, with nothing on the
    table saying so. The clearing's hover now says it; while other clearings have prey it does not."""
    s = start()
    v = view_for(s)
    pi = R.prey_ids.index("grasshopper")
    node = R.d.prey[pi].clearing
    last = tuple(1 if i == pi else (2 if i == (pi + 1) % len(R.prey_ids) else 0) for i in range(len(R.prey_ids)))
    words = v.words.hover_words("node", node, edit(s, prey_left=last))
    assert words.startswith("1 grasshopper left here") and "brings the end" in words
    three = tuple(k or (1 if i == (pi + 2) % len(R.prey_ids) else 0) for i, k in enumerate(last))
    assert "brings the end" not in v.words.hover_words("node", node, edit(s, prey_left=three))
    assert "brings the end" not in v.words.hover_words("node", node, s)
    ended = edit(s, prey_left=last, end_by=0, turns_left=3, end_reason="prey")
    assert "brings the end" not in v.words.hover_words("node", node, ended)
