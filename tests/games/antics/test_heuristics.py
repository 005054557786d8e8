"""The Antics! heuristics the AI levels play by: each level's profile, remembered values that equal
fresh ones, the end of the game (a player with no turn left is worth their score and tie-break) and
the rivals who could steal a carried item.

Rulings cited by number are in docs/rulings_antics.md."""
import dataclasses

import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics import heuristics as HEUR
from game.games.antics.rules import PHASES, EndActions
from game.games.antics.state import LEAF_PREFIX, Stop, UseMagnificant, UseSpace

from .positions import edit, put

R = get_rules("antics")


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def random_states(n, seed, every=7):
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed)
    k = 0
    while not R.is_over(s):
        if k % every == 0:
            yield s
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
        k += 1
    yield s


def test_each_level_plays_by_its_own_profile():
    assert HEUR.for_level("easy") is HEUR.for_level("medium") is HEUR.for_level(None)
    assert HEUR.for_level("medium").w == HEUR.MEDIUM
    assert HEUR.for_level("hard").w == HEUR.HARD
    # Hard knows the last round for what it is and builds upward more (the hill counts for more)
    assert HEUR.HARD.endgame and HEUR.HARD.hill_w > HEUR.MEDIUM.hill_w
    assert dataclasses.replace(HEUR.HARD, endgame=False, hill_w=HEUR.MEDIUM.hill_w,
                               keep_playing=HEUR.MEDIUM.keep_playing) == HEUR.MEDIUM
    assert HEUR.value == HEUR.for_level("medium").value      # the module's functions are Medium's


PROFILES = [HEUR.MEDIUM, HEUR.HARD, dataclasses.replace(HEUR.MEDIUM, endgame=True)]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("n, seed", [(3, 21), (4, 22)])
def test_remembered_values_equal_values_worked_out_afresh(profile, n, seed):
    remembering = HEUR.Heuristics(profile)
    for s in random_states(n, seed):
        got = remembering.values(R, s)
        assert remembering.values(R, s) is got                # once per state
        fresh = HEUR.Heuristics(profile)
        HEUR.forget()
        assert got == [fresh.value(R, s.copy(), q) for q in range(n)]


def test_a_players_remembered_standing_is_their_score_and_the_leaves_without_a_fungus():
    """standing() is kept per hill: over a game of four Mediums (prey stored, leaves home) it must
    equal the score lines, the spare leaves' bonuses and the free fungi worked out on a state that
    has forgotten its hills."""
    s = R.new_game([Seat(f"P{i}", R.seat_colors[i], "medium") for i in range(4)], 24, {})
    bots = [make_bot("medium", R, 24 + i, timed=False) for i in range(4)]
    scored = k = 0
    while not R.is_over(s):
        if k % 5 == 0:
            for p in range(4):
                got = HEUR.standing(R, s, p)
                bare = s.copy()
                bare._hills = None
                lines = R.score_lines(bare, p)
                assert got == (sum(lines.values()), lines["prey"], tuple(HEUR.spare_leaf_bonuses(R, bare, p)),
                               tuple(HEUR._free_fungi(R, bare, p)))
                scored += got[0] > 0
        p = R.to_move(s)
        s = R.apply(s, bot_move(bots[p], R, s, p))
        k += 1
    assert scored > 50


def test_a_player_with_no_turn_left_is_worth_their_score_and_tie_break():
    """Hard's endgame: once the end is triggered, nothing a finished player holds will come home."""
    hard = HEUR.Heuristics(HEUR.HARD)
    for s in random_states(4, 23, every=3):
        if s.end_by is None or R.is_over(s):
            continue
        for q in range(4):
            if HEUR.plays_again(s, q):
                assert hard.turns_left(s, q) == 1
                continue
            k = len(s.stored[q]) + len(s.beside[q])
            score = sum(R.score_lines(s, q).values())
            expected = score + HEUR._collection(k) - k * k + HEUR.TIE_W * HEUR.tiebreak(R, s, q)
            assert hard.value(R, s, q) == pytest.approx(expected)
        return
    pytest.fail("no game reached its last round")


def test_a_player_on_their_last_turn_counts_the_tie_break_too(monkeypatch):
    """Hard's endgame: a last turn that cannot bring more home may still win the tie-break (ruling
    24), so building a higher tile is worth something then."""
    for s in random_states(4, 23, every=3):
        if s.end_by is None or R.is_over(s):
            continue
        q = R.to_move(s)
        assert HEUR.Heuristics(HEUR.HARD).turns_left(s, q) == 1
        worth = []
        for tb in (0.0, 1.0):
            monkeypatch.setattr(HEUR, "tiebreak", lambda rules, s, p, tb=tb: tb)
            worth.append(HEUR.Heuristics(HEUR.HARD).value(R, s, q))
        assert worth[1] - worth[0] == pytest.approx(HEUR.TIE_W)
        return
    pytest.fail("no game reached its last round")


def test_the_tie_break_number_orders_hills_as_ruling_24_does():
    """One tile more at a higher level beats any number (up to 15) of tiles below it."""
    s = R.new_game(seats(3), 24, {})
    top = s.data.max_level
    by_hill = {0: {top: 1}, 1: {top - 1: 15, 1: 15}, 2: {top: 1, 1: 1}}

    class Info:
        def __init__(self, by):
            self.by, self.memo = by, {}

        def tiles_by_level(self):
            return self.by

    class Fake:
        def hill_info(self, s, p):
            return Info(by_hill[p])

    tb = [HEUR.tiebreak(Fake(), s, p) for p in range(3)]
    assert tb[2] > tb[0] > tb[1]
    assert max(tb) * HEUR.TIE_W < 1


def with_hatched(s, area: int, player: int, k: int) -> tuple:
    return tuple(tuple(k if (ai, q) == (area, player) else n for q, n in enumerate(row)) if ai == area else row
                 for ai, row in enumerate(s.hatch))


def test_a_rival_who_could_lay_an_ant_beside_a_carried_item_threatens_it():
    """Ruling 8 needs a soldier ready and an own ant on the trail; the near threat (Hard's) also
    counts a hatched ant the rival could lay on that trail next to their network."""
    s = R.new_game(seats(3), 26, {})
    trail = R.node_trails[R.hill_node][0]                   # touches the large ant-hill
    area = next(ai for ai, ts in enumerate(R.area_trails) if trail in ts)
    t = s.copy()
    t.ants = ({trail: "caterpillar"},) + s.ants[1:]
    t.hatch = with_hatched(s, R.soldier, 1, 1)
    assert not HEUR._steal_threat_near(R, t, 0, trail)    # player 1 has no ant that could go there
    t.hatch = with_hatched(t, area, 1, 1)
    assert HEUR._steal_threat_near(R, t, 0, trail)
    assert not HEUR._steal_threat(R, t, 0, trail)          # Medium only sees an ant already there
    guarded = t.copy()
    guarded.guards = {trail: 0}                           # ruling 7: the carrier's guard protects it
    assert not HEUR._steal_threat_near(R, guarded, 0, trail)
    held = t.copy()
    held.stored = (s.stored[0], {(0, 0): "caterpillar"}, s.stored[2])   # ruling 6: a kind they hold
    assert not HEUR._steal_threat_near(R, held, 0, trail)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("leaf", ["green", "brown"])
def test_a_leaf_home_without_a_fungus_is_worth_at_least_what_it_was_carried(profile, leaf):
    """Ruling 37: a leaf scores only on a fungus, but one home waits there safely for a fungus to be
    built (a green one keeps its bonus). Valuing it less home than on the trail kept an AI carrying
    a green leaf beside its hill for eight turns, ending each turn with its actions unused."""
    s = R.new_game(seats(3), 26, {})
    trail = R.node_trails[R.hill_node][0]                   # touches the large ant-hill
    li = R.leaf_ids.index(leaf)
    for p in range(3):                                      # the one to move, and two who are not
        one = put(s.leaves[p], li, 1)                       # a first leaf lies on the hill's one fungus
        carried = edit(s, ants=put(s.ants, p, {trail: LEAF_PREFIX + leaf}), leaves=put(s.leaves, p, one))
        home = edit(s, ants=put(s.ants, p, {trail: None}), leaves=put(s.leaves, p, put(one, li, 2)))
        assert len(R.fungus_use(home, p)) == 1
        h = HEUR.Heuristics(profile)
        assert h.value(R, home, p) >= h.value(R, carried, p)


def test_soldiers_idle_in_their_area_count_as_ants_when_the_supply_runs_out():
    """Ruling 9: ANTS! may pick an ant up from a hatching area. A player whose ants are all on trails
    or waiting as soldiers once saw no delivery it could make and ended four turns in a row unused."""
    s = R.new_game(seats(3), 26, {})
    p = 1
    h = HEUR.Heuristics(HEUR.MEDIUM)

    def plan(t):
        return h.plan(R, t, p, HEUR.action_levels(R, t, p), 0, HEUR._free_fungi(R, t, p),
                      HEUR.actions_left_in_game(t, p, h.w), 0.0)

    broke = edit(s, supply=put(s.supply, p, 0))
    assert plan(broke) == 0.0                          # no ant to lay: no prey can come
    idle = edit(broke, hatch=with_hatched(broke, R.soldier, p, 3))
    assert plan(idle) > 0.0
    assert plan(idle) < plan(edit(s, supply=put(s.supply, p, 3)))   # picking them up costs ANTS! units


@pytest.mark.parametrize("profile", PROFILES)
def test_building_the_bridge_the_plan_counts_on_does_not_lower_a_players_worth(profile, monkeypatch):
    """Ruling 10: the bridge takes three soldiers. The plan already counts on a bridge still to be
    built, so building it gains the plan little, while the soldiers it takes were worth something as
    guards: a Medium with an ant at the chasm, three soldiers and a level-3 ANTS! space never built
    it, and a three-player game stalled for twenty rounds."""
    s = R.new_game(seats(3), 913, {})
    p = 0
    monkeypatch.setattr(HEUR, "action_levels", lambda rules, t, q: {"ants": (3,), "hatch": (2,), "heave": (1,)})
    at_chasm = {"T05": None, "T22": None, "T02": None}         # a way from the hill to one end of the chasm
    before = edit(s, ants=put(s.ants, p, at_chasm), hatch=with_hatched(s, R.soldier, p, 3))
    after = edit(before, ants=put(s.ants, p, {**at_chasm, R.chasm: None}),
                 hatch=with_hatched(s, R.soldier, p, 0), supply=put(s.supply, p, s.supply[p] + 2))
    h = HEUR.Heuristics(profile)
    assert h.value(R, after, p) >= h.value(R, before, p)


def test_a_player_who_can_do_nothing_ends_the_turn_though_a_stalled_round_then_ends_the_game():
    """Ruling 36: a round in which nobody takes an action triggers the end. A Medium behind the
    leader, with nothing its actions could do, spent one each round on nothing (a hatch with no ant
    to hatch) to hold the end off, and a three-player game ran on to the 40-round limit."""
    s = R.new_game(seats(3), 913, {})
    p = (s.start_player - 1) % 3                            # the last to play in the round
    hill = s.hills[p]
    covered = {c: prey for c, prey in zip([c for c, st in hill.items() if st[-1][1] not in ("hatch", "heave")],
                                          R.prey_ids)}
    # soldiers idle in their area: ants the magnificANT could lay in later turns (ruling 9), not now
    stuck = edit(s, player=p, acted=False, magnificant_used=True, supply=put(s.supply, p, 0),
                 hatch=with_hatched(s, R.soldier, p, 3),
                 stored=put(put(s.stored, p, covered), (p + 1) % 3, dict(zip(hill, R.prey_ids))))
    acts = R.legal_actions(stuck)
    assert {type(a).__name__ for a in acts} == {"UseSpace", "EndActions"}
    ends = R.apply(stuck, acts[-1])
    assert ends.end_by == p and ends.end_reason == "stall"
    h = HEUR.Heuristics(HEUR.MEDIUM)
    assert h.value(R, ends, p) < h.value(R, stuck, p)        # the end comes with p behind ...
    vals = h.score_actions(R, stuck, p, Rng(1))
    assert isinstance(acts[max(range(len(acts)), key=vals.__getitem__)], EndActions)   # ... yet p ends the turn


def test_weighing_the_ways_to_build_a_tile_counts_on_a_searchs_work_budget():
    """Valuing every way to build a tile on a sprawling hill takes seconds without a single apply;
    it reports itself (``count_work``), so Hard's ``max_work`` bounds those decisions too."""
    from types import SimpleNamespace

    from game.ai.ismcts import counting_applies
    s = next(st for st in random_states(3, 11, every=1) if st.phase == "build_tile")
    p = s.player
    tile = R.legal_actions(s)[0].tile
    bot = SimpleNamespace(work=0)
    HEUR.Heuristics(HEUR.MEDIUM).best_build(counting_applies(R, bot), s, p, tile)
    ways = len(HEUR._build_options(R, s, p, s.data.tiles[tile]))
    assert ways >= HEUR.OPTIONS_PER_APPLY and bot.work == ways // HEUR.OPTIONS_PER_APPLY
    HEUR.Heuristics(HEUR.MEDIUM).best_build(R, s, p, tile)         # the game's own rules count nothing


def test_a_build_that_buries_the_fungus_a_held_leaf_waits_for_loses_its_points():
    """Valuing a build, a leaf already held counts on the fungus it will lie on: a way that buries
    that fungus loses its level (once, holding as many leaves as fungi, burying one looked free)."""
    s = next(st for st in random_states(3, 11, every=1) if st.phase == "build_tile"
             and len(R.hill_info(st, st.player).fungi(st.stored[st.player])) == 1
             and not any(it for it in st.ants[st.player].values()))
    p = s.player
    (level, fungus), = R.hill_info(s, p).fungi(s.stored[p])
    bare = edit(s, leaves=put(s.leaves, p, (0, 0)), leaves_left=tuple(0 for _ in s.leaves_left))
    held = edit(bare, leaves=put(bare.leaves, p, (0, 1)))
    ways = R.placements(s)
    bury = next(w for w in ways if fungus in w)
    keep = next(w for w in ways if fungus not in w)
    tile = R.legal_actions(s)[0].tile

    def gain(way):                                     # what holding the leaf adds to that way
        return (HEUR.Heuristics(HEUR.MEDIUM).best_build(R, held, p, tile, *way)
                - HEUR.Heuristics(HEUR.MEDIUM).best_build(R, bare, p, tile, *way))
    spare = HEUR.MEDIUM.sure * HEUR.MEDIUM.spare_leaf
    assert gain(keep) - gain(bury) == pytest.approx(level - spare)


def test_a_build_step_and_the_clean_up_are_settled_decisions():
    """Hard does not search a build's steps (each is scored by the best way to finish the build,
    which changes only the builder's own hill) or the clean-up's store and discard; it searches
    the choice of action and everything an action does to the board."""
    h = HEUR.Heuristics(HEUR.HARD)
    s = R.new_game(seats(3), 26, {})
    settled = {ph for ph in PHASES if ph != "over" and h.settled(R, edit(s, phase=ph), s.player)}
    assert settled == {"build_tile", "build_cell", "build_dir", "build_orient", "store", "discard"}
    assert {"act", "scout", "hatch", "ants", "heave", "order"} <= set(PHASES) - settled


def test_an_action_spent_on_nothing_is_wasted():
    """Ruling 36: a round nobody acts in triggers the end, so an action spent on nothing only holds
    it off. An ANTS! or heave action with no ant to lay and nothing to heave is wasted, and so is a
    stop that ends an action before anything was done; an action that does something is not."""
    s = R.new_game(seats(3), 26, {})
    p = s.player
    h = HEUR.Heuristics(HEUR.MEDIUM)
    kind = {a: s.hills[p][a.cell][-1][1] for a in R.legal_actions(s) if isinstance(a, UseSpace)}
    assert {kind[a] for a in kind if h.wasted(R, s, p, a)} == {"ants", "heave"}
    # ending the turn gives it up only for a player behind (play_on_behind; see the test below)
    assert h.wasted(R, s, p, EndActions()) == h.must_act(R, s, p)
    assert not HEUR.Heuristics(dataclasses.replace(HEUR.MEDIUM, play_on_behind=False)).wasted(R, s, p, EndActions())
    hatching = R.apply(s, next(a for a in kind if kind[a] == "hatch"))
    stop = next(a for a in R.legal_actions(hatching) if isinstance(a, Stop))
    assert h.wasted(R, hatching, p, stop)
    hatched = R.apply(hatching, next(a for a in R.legal_actions(hatching) if not isinstance(a, Stop)))
    assert not h.wasted(R, hatched, p, Stop())       # a stop after an ant was hatched


def test_a_player_behind_never_gives_up_a_turn_while_an_action_would_do_something():
    """Issue 63 (no level gives up): a player behind on points or on the projection, with nothing
    done yet this turn, ends it only when no action would do anything: Medium rates the end below
    every useful action (so Easy's noise never picks it either), and Hard's search, which may find
    the end better, falls back to Medium's move (the end is ``wasted`` then). A player ahead may
    still pass."""
    seats = [Seat(f"P{i}", R.seat_colors[i], "medium") for i in range(4)]
    s, rng, hard = R.new_game(seats, 65002, {}), Rng(3), HEUR.for_level("hard")
    bots = {i: make_bot("medium", R, 60 + i) for i in range(4)}
    asked = 0
    while not R.is_over(s) and s.round <= 14:
        p = R.to_move(s)
        if s.phase == "act" and HEUR._MEDIUM.must_act(R, s, p):
            acts = R.legal_actions(s)
            useful = [a for a in acts if isinstance(a, (UseSpace, UseMagnificant)) and not HEUR._MEDIUM.wasted(R, s, p, a)]
            vals = HEUR._MEDIUM.score_actions(R, s, p, rng)
            end = vals[next(i for i, a in enumerate(acts) if isinstance(a, EndActions))]
            if useful:
                asked += 1
                assert end < min(v for a, v in zip(acts, vals) if a in useful)
                assert HEUR._MEDIUM.wasted(R, s, p, EndActions())
                assert hard.wasted(R, s, p, EndActions()) == hard.must_act(R, s, p)
            else:
                assert not HEUR._MEDIUM.wasted(R, s, p, EndActions())
        s = R.apply(s, bot_move(bots[p], R, s, p))
    assert asked >= 5


def test_a_player_behind_keeps_playing_rather_than_give_up_a_turn():
    """Issue 63: a Medium behind, with no action taken yet this turn, values every action that does
    something keep_playing above what its play-out says (so near-ties no longer end the turn with
    all actions unused); ending the turn, idle actions and a player ahead are valued as before."""
    plain = HEUR.Heuristics(dataclasses.replace(HEUR.MEDIUM, keep_playing=0.0, play_on_behind=False))
    kept_only = HEUR.Heuristics(dataclasses.replace(HEUR.MEDIUM, play_on_behind=False))
    seats = [Seat(f"P{i}", R.seat_colors[i], "medium") for i in range(4)]
    s, rng, checked, bumped = R.new_game(seats, 31003, {}), Rng(5), {True: 0, False: 0}, 0
    bots = {i: make_bot("medium", R, 40 + i) for i in range(4)}
    while not R.is_over(s) and min(checked.values()) < 3:
        p = R.to_move(s)
        if s.phase == "act" and not s.used and not s.magnificant_used:
            acts = R.legal_actions(s)
            behind = kept_only.must_act(R, s, p)
            kept = kept_only.score_actions(R, s, p, rng)
            base = plain.score_actions(R, s, p, rng)
            for a, k, b in zip(acts, kept, base):
                if isinstance(a, EndActions) or not behind:
                    assert k == pytest.approx(b), (a, behind)
                else:
                    assert k == pytest.approx(b) or k == pytest.approx(b + HEUR.MEDIUM.keep_playing), a
                    bumped += k != pytest.approx(b)
            if any(not isinstance(a, EndActions) for a in acts):
                checked[behind] += 1
        s = R.apply(s, bot_move(bots[p], R, s, p))
    assert min(checked.values()) >= 3 and bumped > 0
