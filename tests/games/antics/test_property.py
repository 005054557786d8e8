"""Property tests: random legal Antics! games (3 and 4 players) never fail and keep the rules'
invariants after every decision; the final score sheets and winners agree with an independent
recount; observe/determinize hide what is hidden and keep every decision.

Random games are played by a uniform or a "busy" policy (which prefers ANTS!, heave and storing,
so prey, leaves and fungi actually get scored). Rulings are numbered as in
shared/components/antics.md section 4; the rulebook sections as in seeds/002_250f0e7a7211f9f4.txt.

ANTICS_PROPERTY_GAMES (default 30) sets the examples of each game-playing test.

Rulings cited by number are in docs/rulings_antics.md.
"""
import os
import time
from collections import Counter, defaultdict

from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import (ANTEATER, LEAF_PREFIX, Bridge, EndActions, Hatch, HeaveHome, HeaveMove,
                                     HeavePick, PickUp, PlaceAnt, Steal, Stop, UseMagnificant, UseSpace)

R = get_rules("antics")
D = R.d
GAMES = int(os.environ.get("ANTICS_PROPERTY_GAMES", "30"))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATS = {"games": 0, "seconds": 0.0}

# the rulebook's numbers (§A, §B, §G), written here, not read from the data
ANTS_PER_PLAYER = 12
PREY_PER_TYPE = {3: 2, 4: 3}
LEAVES_ON_BOARD = {"green": 5, "brown": 5}
GREEN_BONUS = 2
MAX_LEVEL = 5
HAND_LIMIT = 3

HEX_DIRS = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}     # axial neighbours
BASE_SYMBOLS = {tid: sorted(sym for _, _, sym in hexes) for tid, hexes in D.base}
TILE_SYMBOLS = {tid: sorted(sym) for tid, sym in D.tiles.items()}
ALL_LOOSE = Counter(D.bag_tiles + D.starting_tiles)                  # 56 bag + 4 starting tiles
PREY_IDS = [p.id for p in D.prey]
LEAF_IDS = [lf.id for lf in D.leaves]
HILL = D.ant_hill
ENDS = {t: tr.ends for t, tr in D.trails.items()}


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


# ---------------------------------------------------------------- random play
def _trail_distance() -> dict:
    dist, todo = {HILL: 0}, [HILL]
    while todo:
        nxt = []
        for node in todo:
            for t, (a, b) in ENDS.items():
                if node in (a, b):
                    o = b if a == node else a
                    if o not in dist:
                        dist[o] = dist[node] + 1
                        nxt.append(o)
        todo = nxt
    return {t: min(dist[a], dist[b]) for t, (a, b) in ENDS.items()}


TRAIL_DIST = _trail_distance()
SYMBOL_W = {"heave": 8, "ants": 6, "hatch": 4, "build": 2, "scout": 1}
TYPE_W = {EndActions: 1, Stop: .5, PickUp: .3, HeavePick: 12, HeaveHome: 30, PlaceAnt: 6, Bridge: 6, Hatch: 3,
          Steal: 6, UseMagnificant: .5}


def _weight(s, a) -> float:
    if isinstance(a, UseSpace):
        return SYMBOL_W[s.top(s.player, a.cell)[1]]
    if isinstance(a, HeaveMove):
        return 10 if TRAIL_DIST[a.dst] < TRAIL_DIST[a.src] else .5
    return TYPE_W.get(type(a), 1)


def choose(s, acts, rng, busy):
    """A uniformly random decision, or (busy) one weighted toward fetching prey and leaves."""
    if not busy:
        return acts[rng.below(len(acts))]
    ws = [_weight(s, a) for a in acts]
    x = rng.random() * sum(ws)
    for a, w in zip(acts, ws):
        x -= w
        if x < 0:
            return a
    return acts[-1]


# ---------------------------------------------------------------- invariants
def ants_of(s, p) -> int:
    """Counted here, not with State.ants_of: supply, hatching areas, trails (the bridge included),
    guard soldiers and the one ant standing on the large ant-hill (ruling 3)."""
    return (s.supply[p] + sum(area[p] for area in s.hatch) + len(s.ants[p])
            + sum(1 for g in s.guards.values() if g == p) + 1)


def linked(trails) -> bool:
    """Ruling 26: every one of these trails traces back to the large ant-hill through the others."""
    reach, grew = {HILL}, True
    while grew:
        grew = False
        for t in trails:
            a, b = ENDS[t]
            if (a in reach) != (b in reach):
                reach |= {a, b}
                grew = True
    return all(ENDS[t][0] in reach or ENDS[t][1] in reach for t in trails)


def check_hill(s, p, prev):
    """§C/§D(ii): a tile covers two neighbouring hexes at one level (no overhang), at most level 5,
    an upper tile rests on two different tiles, the hill is one piece; stored prey is never built
    over and never moves (§E(ii))."""
    hill = s.hills[p]
    spots = defaultdict(list)
    for c, stack in hill.items():
        assert 1 <= len(stack) <= MAX_LEVEL, f"player {p}: {len(stack)} tiles high at {c}"
        for lvl, (tid, sym) in enumerate(stack, 1):
            spots[tid].append((c, lvl, sym))
    for tid, sp in spots.items():
        assert len(sp) == 2, f"player {p}: tile {tid} covers {len(sp)} hexes"
        (c1, l1, s1), (c2, l2, s2) = sp
        assert l1 == l2, f"player {p}: tile {tid} overhangs (levels {l1}, {l2})"
        assert (c2[0] - c1[0], c2[1] - c1[1]) in HEX_DIRS, f"player {p}: tile {tid} on {c1} and {c2}"
        assert sorted((s1, s2)) == BASE_SYMBOLS.get(tid, TILE_SYMBOLS.get(tid)), f"tile {tid} shows {s1}, {s2}"
        if l1 > 1:
            assert hill[c1][l1 - 2][0] != hill[c2][l1 - 2][0], f"player {p}: tile {tid} rests on one tile"
    cells = set(hill)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in HEX_DIRS:
            m = (q + dq, r + dr)
            if m in cells and m not in seen:
                seen.add(m)
                todo.append(m)
    assert seen == cells, f"player {p}: the ant-hill falls apart"
    assert set(s.stored[p]) <= cells
    if prev is not None:
        for c, prey in prev.stored[p].items():
            assert s.stored[p].get(c) == prey, f"player {p}: stored {prey} at {c} moved"
            assert len(hill[c]) == len(prev.hills[p][c]), f"player {p}: a tile was built over stored {prey}"


def check_state(s, eaten: Counter, prev=None):
    """Components conserved (rulebook §A/§B) and the rulings' invariants, after every decision."""
    n = len(s.seats)
    # ants: 12 per player wherever they are
    for p in range(n):
        k = ants_of(s, p)
        assert k == ANTS_PER_PLAYER, f"player {p} has {k} ants"
        assert s.supply[p] >= 0 and all(area[p] >= 0 for area in s.hatch)
        assert linked(list(s.ants[p])), f"player {p}: an ant is cut off from the ant-hill (ruling 26)"
    # guards: on a trail with their owner's worker, never on the chasm (rulings 28, 29)
    for t, g in s.guards.items():
        assert t != D.chasm and t in s.ants[g], f"player {g}'s guard on {t} guards no ant of theirs"
    # tiles: bag + scout fields + hands + hills (base tiles per hill) + boxed starting tiles
    loose, base = Counter(s.bag), Counter()
    for row in s.fields:
        assert row.count(ANTEATER) == 1, f"scout row {row} does not hold one anteater"
        loose.update(t for t in row if t not in (None, ANTEATER))
    for hand in s.hands:
        loose.update(hand)
    for p in range(n):
        check_hill(s, p, prev)
        ids = {tid for stack in s.hills[p].values() for tid, _ in stack}
        base.update(ids & BASE_SYMBOLS.keys())
        loose.update(ids - BASE_SYMBOLS.keys())
    loose.update(D.starting_tiles[n:])                                   # a 3-player game boxes one
    assert loose == ALL_LOOSE, f"tiles lost {ALL_LOOSE - loose} or duplicated {loose - ALL_LOOSE}"
    assert base == {b: n for b in BASE_SYMBOLS}, f"base tiles {dict(base)}"
    # prey: on the clearing + carried + delivered + stored + beside + eaten = 2 (3p) / 3 (4p) per kind
    per = PREY_PER_TYPE[n]
    for i, prey in enumerate(PREY_IDS):
        where = s.prey_left[i] + eaten[prey] + s.delivered.count(prey)
        where += sum(list(a.values()).count(prey) for a in s.ants)
        where += sum(list(st_.values()).count(prey) for st_ in s.stored) + sum(b.count(prey) for b in s.beside)
        assert where == per, f"{prey}: {where} tokens instead of {per}"
        assert (prey in s.exhausted) == (s.prey_left[i] == 0), f"{prey}: exhausted token wrong ({s.prey_left[i]} left)"
    # ruling 6/31: never two prey of one kind per player
    for p in range(n):
        mine = list(s.stored[p].values()) + list(s.beside[p]) + [x for x in s.ants[p].values() if x]
        if p == s.player:
            mine += list(s.delivered)
        mine = [x for x in mine if not x.startswith(LEAF_PREFIX)]
        assert len(mine) == len(set(mine)), f"player {p} has two of a prey kind: {sorted(mine)}"
    # leaves: on the board + carried + held = 5 + 5
    for li, leaf in enumerate(LEAF_IDS):
        carried = sum(list(a.values()).count(LEAF_PREFIX + leaf) for a in s.ants)
        held = sum(lv[li] for lv in s.leaves)
        assert s.leaves_left[li] + carried + held == LEAVES_ON_BOARD[leaf], f"{leaf} leaves not conserved"
    # ruling 19: a player whose turn is over keeps at most 3 tiles
    for p in range(n):
        if p != s.player or s.phase == "over":
            assert len(s.hands[p]) <= HAND_LIMIT, f"player {p} kept {len(s.hands[p])} tiles"


def play(seed, n, busy, check=True):
    """A random legal game; with ``check``, every state is checked and a failure names the step."""
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed * 31 + n)
    eaten: Counter = Counter()                       # prey the anteaters ate ('attack' events)
    if check:
        check_state(s, eaten)
    steps = 0
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts, f"seed {seed}, {n} players, step {steps}: no legal decision in phase {s.phase}"
        assert len(set(acts)) == len(acts), f"seed {seed}, step {steps}: a decision is offered twice"
        before, prev = len(s.log), s
        s = R.apply(s, choose(s, acts, rng, busy))
        for ev in s.log.since(before):
            if ev["type"] == "attack" and ev.get("prey"):
                eaten[ev["prey"]] += 1
        steps += 1
        if check:
            try:
                check_state(s, eaten, prev)
            except AssertionError as e:
                raise AssertionError(f"seed {seed}, {n} players, busy={busy}, step {steps}: {e}") from None
        assert steps < 20000, "the game does not end"
    return s


# ---------------------------------------------------------------- independent scoring
def recount(s, p) -> dict:
    """§G and rulings 18, 23, 37: n prey on the hill (stored or kept beside it) score n*n; each leaf
    goes on an uncovered fungus (no prey on it), highest first, green leaves first; a leaf scores
    its fungus's level, +2 if green. Carried items score nothing."""
    k = len(s.stored[p]) + len(s.beside[p])
    fungi = sorted((len(stack) for c, stack in s.hills[p].items()
                    if stack[-1][1] == "fungus" and c not in s.stored[p]), reverse=True)
    held = dict(zip(LEAF_IDS, s.leaves[p]))
    laid = fungi[:held["green"] + held["brown"]]
    return {"prey": k * k, "fungus": sum(laid), "green_leaves": GREEN_BONUS * min(held["green"], len(laid))}


def tiles_at_levels(hill) -> tuple:
    """Ruling 24: tiles lying at level 5, 4, ..., 1 (covered ones and base tiles included)."""
    at = defaultdict(set)
    for stack in hill.values():
        for lvl, (tid, _) in enumerate(stack, 1):
            at[lvl].add(tid)
    return tuple(len(at[lvl]) for lvl in range(MAX_LEVEL, 0, -1))


def check_scores(s):
    n = len(s.seats)
    sheets = R.score_sheets(s)
    assert [sh.player for sh in sheets] == list(range(n))
    want = [recount(s, p) for p in range(n)]
    for p, sh in enumerate(sheets):
        assert sh.lines == want[p], f"player {p}: sheet {sh.lines}, recount {want[p]}"
        assert sh.total == sum(want[p].values())
    # ruling 24: most points, then most tiles on level 5, then 4, ...; still tied: a shared win
    key = [(sum(want[p].values()), *tiles_at_levels(s.hills[p])) for p in range(n)]
    assert sorted(R.winners(s)) == [p for p in range(n) if key[p] == max(key)]


# ---------------------------------------------------------------- tests
@settings(max_examples=GAMES, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([3, 4]), busy=st.booleans())
def test_random_games_conserve_components_keep_invariants_and_score_as_recounted(seed, n, busy):
    """Rulebook §A/§B counts (12 ants each, 60 tiles + 3 base tiles per player, 2/3 prey per kind
    with eaten ones counted from 'attack' events, 5 + 5 leaves) hold after every decision, as do
    the hill shape (§C/§D(ii)), ruling 6 (one prey per kind), 19 (hand limit), 26 (linked ants),
    29 (guards); a decision is always offered until the end (§F, ruling 36); the final sheets match
    the §G/ruling-37 recount and the winners the ruling-24 tie-break."""
    t = time.perf_counter()
    s = play(seed, n, busy)
    assert s.end_reason in ("bag", "prey", "stall", "rounds") and s.end_by is not None
    assert s.delivered == () and R.legal_actions(s) == []
    check_scores(s)
    STATS["games"] += 1
    STATS["seconds"] += time.perf_counter() - t


@settings(max_examples=GAMES, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([3, 4]), data=st.data())
def test_scoring_and_tie_break_on_varied_end_positions(seed, n, data):
    """§G, rulings 18, 23, 24, 37 on end positions random games seldom reach: prey stored on action
    or fungus hexes and kept beside the hill, up to 5 + 5 leaves on few or many fungi; and a
    position where every player's hill and haul are the same is a shared win."""
    s = play(seed, n, True, check=False)
    s = s.copy()
    s.__dict__.pop("_legal", None)
    stored, beside, leaves = [], [], []
    for p in range(n):
        kinds = data.draw(st.permutations(PREY_IDS))
        k_beside = data.draw(st.integers(0, 2))
        cells = sorted(s.hills[p])
        chosen = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(PREY_IDS) - k_beside))
        stored.append(dict(zip(chosen, kinds)))
        beside.append(tuple(kinds[len(chosen):len(chosen) + k_beside]))
        leaves.append((data.draw(st.integers(0, 5)), data.draw(st.integers(0, 5))))
    s.stored, s.beside, s.leaves = tuple(stored), tuple(beside), tuple(leaves)
    check_scores(s)
    same = s.copy()
    same.hills, same.stored = (s.hills[0],) * n, (s.stored[0],) * n
    same.beside, same.leaves = (s.beside[0],) * n, (s.leaves[0],) * n
    check_scores(same)
    assert sorted(R.winners(same)) == list(range(n)), "equal players must share the win (ruling 24)"


@settings(max_examples=GAMES, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([3, 4]), steps=st.integers(0, 900), busy=st.booleans())
def test_observe_hides_bag_order_and_rng_and_determinize_keeps_the_decisions(seed, n, steps, busy):
    """Hidden information (the bag is drawn at random, §B/§E(iv)): observe() shows the bag only as
    a sorted list and drops the RNG, without touching the real state; two games that differ only
    in bag order and RNG look the same; determinize(observe(s, p)) deals the same tiles, offers
    exactly the real state's decisions and can be played on."""
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed)
    for _ in range(steps):
        if R.is_over(s):
            break
        s = R.apply(s, choose(s, R.legal_actions(s), rng, busy))
    bag, rng_state = s.bag, s.rng.state
    other = s.copy()
    shuffled = list(s.bag)
    Rng(seed + 7).shuffle(shuffled)
    other.bag, other.rng = tuple(shuffled), Rng(seed + 8)
    real = R.legal_actions(s)
    for p in range(n):
        o = R.observe(s, p)
        assert o.rng is None and o.bag_hidden and list(o.bag) == sorted(bag)
        assert s.bag == bag and s.rng is not None and s.rng.state == rng_state and not s.bag_hidden
        assert R.observe(other, p).bag == o.bag
        d = R.determinize(o, p, Rng(seed + p))
        assert d.rng is not None and not d.bag_hidden
        assert Counter(d.bag) == Counter(bag)
        assert (d.hills, d.hands, d.fields, d.ants, d.hatch, d.supply) == (s.hills, s.hands, s.fields, s.ants,
                                                                            s.hatch, s.supply)
        assert R.legal_actions(d) == real
        if real:
            d2 = R.apply(d, real[-1])
            assert R.is_over(d2) or R.legal_actions(d2)


def test_zz_report_games_per_second(capsys):
    if STATS["games"]:
        with capsys.disabled():
            print(f"\nantics: {STATS['games']} random games in {STATS['seconds']:.1f}s "
                  f"({STATS['games'] / STATS['seconds']:.1f} games/s incl. checks)")
