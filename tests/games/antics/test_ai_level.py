"""How well Medium plays Antics!: a small seeded arena that fails if it drops back to its old level
(four Mediums used to score 3 points a player), and the behaviours its plan is meant to show."""
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics import heuristics as HEUR

R = get_rules("antics")


def seats(n, kind="human"):
    return [Seat(f"P{i}", R.seat_colors[i], kind) for i in range(n)]


def play(kinds, seed):
    s = R.new_game(seats(len(kinds), "medium"), seed, {})
    bots = [make_bot(k, R, seed * 31 + i * 7919, timed=False) for i, k in enumerate(kinds)]
    while not R.is_over(s):
        p = R.to_move(s)
        s = R.apply(s, bot_move(bots[p], R, s, p))
    return s


def test_four_mediums_score_well_above_the_old_level():
    """The old Medium: 3.0 points a player, 5.4 for the winner, 1.5 prey each, hardly any fungus
    points, no bridge. Six seeded games of four Mediums now (about 13 and 21 over 48 games, a
    bridge in a half of them)."""
    totals, winners, fungus_players, eaten, delivered, bridges = [], [], 0, 0, 0, 0
    for seed in range(1, 7):
        s = play(["medium"] * 4, seed)
        scores = [sh.total for sh in R.score_sheets(s)]
        totals += scores
        winners.append(max(scores))
        fungus_players += sum(1 for p in range(4) if R.score_lines(s, p)["fungus"] > 0)
        for ev in s.log.to_list():
            if ev["type"] == "attack" and ev.get("prey"):
                eaten += 1
            elif ev["type"] == "heave" and ev.get("how") == "home" and not ev["item"].startswith("leaf:"):
                delivered += 1
            elif ev["type"] == "bridge":
                bridges += 1
    assert sum(totals) / len(totals) >= 7.0
    assert sum(winners) / len(winners) >= 11.0
    assert fungus_players >= 6       # of 24 (about half of the players over 48 games)
    assert eaten <= delivered / 2
    assert bridges >= 1           # the old Medium never bridged the chasm (0 in 578 records)


def at_act(s, p=0):
    """s as player p's turn in round 3, three actions to take."""
    t = s.copy()
    t.player, t.round, t.actions_left, t.used, t.magnificant_used = p, 3, 3, frozenset(), False
    t.phase, t.act, t.level, t.units, t.delivered, t.took_tiles = "act", None, 0, 0, (), False
    return t


def with_heave_level(s, p, level):
    """p's base heave hex raised to ``level`` (stacked build/heave tiles; the rules read only the
    stack)."""
    hill = dict(s.hills[p])
    hill[(2, 0)] = hill[(2, 0)][:1] + tuple((f"K{39 + i}", "heave") for i in range(level - 1))
    return s.hills[:p] + (hill,) + s.hills[p + 1:]


def turn_events(s, bot, p=0):
    """Medium plays p's whole turn; the events of that turn and the state after it."""
    start = len(s.log)
    while not R.is_over(s) and R.to_move(s) == p and s.player == p:
        s = R.apply(s, bot_move(bot, R, s, p))
    return [ev for ev in s.log.since(start) if ev.get("player") == p], s


@pytest.mark.parametrize("level", [3, 2])
def test_medium_heaves_a_carried_prey_home_in_the_same_turn_when_it_can(level):
    """Ants on T05 (ant-hill to J5) and T22 (J5 to the grass prey): pick up, heave, heave home is
    one level-3 heave, or a level-2 heave and the magnificANT's; Medium brings the prey home in
    this turn."""
    s = at_act(R.new_game(seats(4), 7, {}))
    s.ants = ({"T05": None, "T22": None},) + s.ants[1:]
    s.supply = (s.supply[0] - 2,) + s.supply[1:]
    s.hills = with_heave_level(s, 0, level)
    evs, after = turn_events(s, make_bot("medium", R, 1))
    home = [ev["item"] for ev in evs if ev["type"] == "heave" and ev.get("how") == "home"]
    assert "caterpillar" in home
    assert "caterpillar" in after.stored[0].values() or "caterpillar" in after.beside[0]
    assert all(item is None for item in after.ants[0].values())


@pytest.mark.parametrize("rival_there", [True, False])
def test_medium_does_not_leave_a_prey_stealable(rival_there):
    """The ladybird is four heaves from home and Medium has two heaves a turn (a level-1 heave and
    the magnificANT); a rival with a soldier ready has an empty ant on the ladybird's trail, or
    could lay a hatched flower ant there. Medium must not end its turn with the ladybird where
    that rival can steal it next turn (unless it guards it)."""
    s = at_act(R.new_game(seats(4), 8, {}))
    rival = {"T18": None, "T19": None, "T05": None} if rival_there else {"T19": None, "T05": None}
    s.ants = ({"T05": None, "T19": None, "T18": None}, rival) + s.ants[2:]
    s.supply = (s.supply[0] - 3, s.supply[1] - 5) + s.supply[2:]
    hatch = [list(row) for row in s.hatch]
    hatch[R.soldier][1] = 1
    hatch[R.area_index["flower"]][1] = 1
    s.hatch = tuple(map(tuple, hatch))
    evs, after = turn_events(s, make_bot("medium", R, 2))
    for t, item in after.ants[0].items():
        if item is not None:
            assert after.guards.get(t) == 0 or not HEUR._steal_threat_near(R, after, 0, t), (t, item, evs)


def test_medium_delivers_rather_than_picks_up_when_it_carries_a_prey_next_to_the_hill():
    """A prey on the ant next to the ant-hill goes home first: the heave does not wait for later."""
    s = at_act(R.new_game(seats(4), 9, {}))
    s.ants = ({"T05": "caterpillar", "T19": None},) + s.ants[1:]
    s.supply = (s.supply[0] - 2,) + s.supply[1:]
    evs, after = turn_events(s, make_bot("medium", R, 3))
    assert "caterpillar" in after.stored[0].values() or "caterpillar" in after.beside[0]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_decide_quickly(level):
    """Medium thinks in milliseconds (Easy is the same heuristics with noise). Timed in CPU time,
    the process's own, so that other work on the machine does not fail it."""
    import time
    s = R.new_game(seats(4, level), 4, {})
    bots = [make_bot(level, R, 40 + i, timed=False) for i in range(4)]
    n, spent = 0, 0.0
    while not R.is_over(s) and n < 250:
        p = R.to_move(s)
        t0 = time.process_time()
        a = bot_move(bots[p], R, s, p)
        spent += time.process_time() - t0
        s = R.apply(s, a)
        n += 1
    assert spent / n < 0.03


def with_level(s, p, cell, level):
    """p's hex ``cell`` raised to ``level`` (the rules read only the top symbol and the height)."""
    hill = dict(s.hills[p])
    hill[cell] = hill[cell][:1] + tuple((f"K{39 + i}", hill[cell][0][1]) for i in range(level - 1))
    return s.hills[:p] + (hill,) + s.hills[p + 1:]


def test_medium_bridges_the_chasm_when_it_is_the_short_way_to_a_prey_it_lacks():
    """Ruling 10: an ANTS! action of level 3 turns three soldiers into a bridge. Medium has an ant on
    T02 (ant-hill to the chasm's west end), three soldiers, a level-3 ANTS! space, and lacks the
    beetle, three trails away over the chasm but five on foot: it builds the bridge this turn."""
    s = at_act(R.new_game(seats(4), 7, {}))
    s.ants = ({"T02": None},) + s.ants[1:]
    s.supply = (s.supply[0] - 4,) + s.supply[1:]
    hatch = [list(row) for row in s.hatch]
    hatch[R.soldier][0] = 3
    s.hatch = tuple(map(tuple, hatch))
    s.hills = with_level(s, 0, (1, 1), 3)
    evs, after = turn_events(s, make_bot("medium", R, 4))
    assert any(ev["type"] == "bridge" for ev in evs), evs
    assert R.chasm in after.ants[0]


def test_the_plan_counts_the_way_over_a_bridge_still_to_be_built():
    """From an ant on T02 the beetle's clearing is one trail beyond the chasm: the bridged way needs
    one new ant (T39) and four heaves home (clearing, T39, bridge, T02, hill)."""
    heur = HEUR.for_level("medium")
    new, heaves, path, _ = heur.bridged_ways(R, frozenset({"T02"}))["P_STONE"]
    assert (new, heaves, path) == (1, 4, frozenset({"T39"}))


def test_a_third_soldier_is_worth_hatching_when_a_bridge_is_the_short_way():
    """Medium works towards a bridge: with a level-3 ANTS! space and an ant at the chasm, the third
    soldier (the bridge's last) adds to its worth (soldiers beyond two used to add nothing)."""
    s = at_act(R.new_game(seats(4), 7, {}))
    s.ants = ({"T02": None},) + s.ants[1:]
    s.supply = (s.supply[0] - 4,) + s.supply[1:]
    s.hills = with_level(s, 0, (1, 1), 3)
    worth = []
    for soldiers in (2, 3):
        t = s.copy()
        hatch = [list(row) for row in t.hatch]
        hatch[R.soldier][0] = soldiers
        t.hatch = tuple(map(tuple, hatch))
        worth.append(HEUR.for_level("medium").value(R, t, 0))
    assert worth[1] > worth[0] + 0.1, worth


def with_third_arrival_due(s, row=2):
    """Two anteaters home already; the one in ``row`` has every place in front of it emptied by
    scouting this turn, so it arrives at the end of the turn and eats prey and ants (4 players)."""
    t = s.copy()
    others = [r for r in range(3) if r != row]
    fields = [list(f) for f in t.fields]
    for r in others:
        fields[r] = ["@"] + [x for x in fields[r] if x != "@"]
    fields[row] = [None] * 5 + ["@"]
    t.fields = tuple(map(tuple, fields))
    t.arrived = tuple(others)
    t.took_tiles = True
    return t


def test_the_anteater_due_at_the_end_of_the_turn_is_read_by_ruling_16():
    """Rulings 13, 15, 16: the blue anteater (row 3) arrives third at 4 players and eats the
    dragonfly's last token and every ant in the water area, the first area with ants from its own."""
    s = with_third_arrival_due(R.new_game(seats(4), 7, {}))
    hatch = [list(row) for row in s.hatch]
    hatch[R.area_index["water"]][1] = 2
    s.hatch = tuple(map(tuple, hatch))
    s.prey_left = tuple(1 if prey == "dragonfly" else n for prey, n in zip(R.prey_ids, s.prey_left))
    assert R.arrivals_due(s) == [(2, "prey_and_ants")]
    areas, prey = HEUR.doomed(R, s)
    assert areas == {R.area_index["water"]} and prey == {R.prey_ids.index("dragonfly")}


def test_a_copy_works_out_the_anteaters_meal_and_the_bag_again_when_what_they_read_changes():
    """What the next anteaters eat and the bag after this turn are handed on to a copy (most moves
    change neither), but a copy given a new prey count, hatching areas or bag works them out afresh."""
    s = with_third_arrival_due(R.new_game(seats(4), 7, {}))
    hatch = [list(row) for row in s.hatch]
    hatch[R.area_index["water"]][1] = 2
    s.hatch = tuple(map(tuple, hatch))
    dragonfly = R.prey_ids.index("dragonfly")
    s.prey_left = tuple(1 if i == dragonfly else n for i, n in enumerate(s.prey_left))
    meal, bag = HEUR.doomed(R, s), HEUR.bag_after_turn(s)
    assert meal == ({R.area_index["water"]}, {dragonfly}) and bag > 0
    t = s.copy()
    assert HEUR.doomed(R, t) is meal and HEUR.bag_after_turn(t) == bag
    t.prey_left = tuple(2 if i == dragonfly else n for i, n in enumerate(t.prey_left))
    assert HEUR.doomed(R, t) == ({R.area_index["water"]}, set())
    t.hatch = tuple((0,) * len(row) for row in t.hatch)
    assert HEUR.doomed(R, t) == (set(), set())
    t.bag = t.bag[1:]
    assert HEUR.bag_after_turn(t) == bag - 1
    assert HEUR.doomed(R, s) is meal and HEUR.bag_after_turn(s) == bag


def test_the_anteaters_due_are_read_again_only_when_the_fields_or_the_arrivals_change():
    """Rulings 12-13: with no anteater due, new ants in a hatching area are doomed to nothing (the
    copy reuses what it was handed); new fields that leave an anteater due are read afresh."""
    s = R.new_game(seats(4), 7, {})
    water = R.area_index["water"]
    assert R.arrivals_due(s) == [] and HEUR.doomed(R, s) == (set(), set())
    t = s.copy()
    t.hatch = tuple((0, 2, 0, 0) if ai == water else row for ai, row in enumerate(t.hatch))
    assert HEUR.doomed(R, t) == (set(), set())
    u = with_third_arrival_due(t)
    assert R.arrivals_due(u) == [(2, "prey_and_ants")]
    assert HEUR.doomed(R, u)[0] == {water}
    v = u.copy()
    v.hatch = s.hatch
    assert HEUR.doomed(R, v) == (set(), set())          # the anteater due eats in an area now empty


def test_medium_lays_the_ants_an_arriving_anteater_would_eat():
    """Medium has two ants hatched in the water area, which the anteater due at the end of this turn
    will eat, and a level-2 ANTS! space: it lays them on trails rather than lose them."""
    s = at_act(with_third_arrival_due(R.new_game(seats(4), 7, {})))
    s.took_tiles = True
    hatch = [list(row) for row in s.hatch]
    hatch[R.area_index["water"]][0] = 2
    s.hatch = tuple(map(tuple, hatch))
    s.ants = ({"T05": None},) + s.ants[1:]
    s.supply = (s.supply[0] - 3,) + s.supply[1:]
    s.hills = with_level(s, 0, (1, 1), 2)
    evs, after = turn_events(s, make_bot("medium", R, 5))
    laid = [ev for ev in evs if ev["type"] == "place_ant" and ev["area"] == "water"]
    assert laid, evs


def test_scouting_brings_the_end_nearer_in_the_plan():
    """Ruling 12: the places a turn's scouting empties are refilled from the bag, which at four
    seats sets the game's length in the plan. The actions a player expects to have left fall as
    soon as tiles are taken."""
    s = at_act(R.new_game(seats(4), 7, {}))
    t = s.copy()
    t.fields = tuple((None, None) + row[2:] for row in s.fields)
    before = HEUR.actions_left_in_game(s, 1, HEUR.MEDIUM)
    after = HEUR.actions_left_in_game(t, 1, HEUR.MEDIUM)
    assert after == pytest.approx(before - 6 * R.d.actions_per_turn / HEUR.MEDIUM.bag_per_round)


def test_at_three_seats_the_clock_counts_the_prey_tokens_still_to_go_before_the_end():
    """Ruling 22: the end is triggered once at most one prey kind is left on the board (in play the
    bag never runs out first). At three seats the actions a player expects to have left fall as
    prey tokens go (all but the kind with most tokens left must go), not when tiles are scouted."""
    clock = HEUR.MEDIUM
    s = at_act(R.new_game(seats(3), 7, {}))
    assert s.prey_left == (2,) * 6 and s.prey_to_go() == 10      # five kinds of two tokens must go
    t = s.copy()
    t.prey_left = (0,) + s.prey_left[1:]
    per_token = R.d.actions_per_turn / (clock.prey_per_seat * 3)
    assert HEUR.actions_left_in_game(t, 1, clock) == pytest.approx(
        HEUR.actions_left_in_game(s, 1, clock) - s.prey_left[0] * per_token)
    u = s.copy()
    u.fields = tuple((None, None) + row[2:] for row in s.fields)
    assert HEUR.actions_left_in_game(u, 1, clock) == HEUR.actions_left_in_game(s, 1, clock)
