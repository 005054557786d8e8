"""Galleries and scoring: rulings R2-R8, R27 and the rulebook's 53-point example.

Rulings cited by number are in docs/rulings_micropolis.md."""
from game.games.micropolis.scoring import anthill_breakdown, anthill_lines, galleries

from .util import R, new, ring, set_anthill, tile

C = R.c


class A:  # minimal anthill for anthill_lines
    def __init__(self, slots, army=0, full=()):
        self.slots, self.army, self.full = slots, army, frozenset(full)


def lane(tid, workers=1, **kw):
    return tile(tid, (["Li", "Ri"], workers, kw.get("spec"), kw.get("fruits", ())))


def test_john_rulebook_example_24_5_7_5_0_12_is_53():
    t = {
        "J0": tile("J0", (["Ri"], 1, "queen"), ([], 2), barracks=1),
        "J1": tile("J1", (["Li", "Ri"], 2, None, ["cherry"]), ([], 1), barracks=2),
        "J2": tile("J2", (["Li", "Ri"], 1), (["Lo", "Ro"], 2, None, ["lemon"])),
        "J3": tile("J3", (["Li", "Ri"], 1), (["Lo"], 2, None, ["grape"])),
        "J4": tile("J4", (["Li"], 2), ([], 1), barracks=2),
        "J5": tile("J5", (["Li", "Ri"], 1, "nurse")),
        "J6": tile("J6", (["Li", "Ri"], 1)),
        "J7": tile("J7", (["Li", "Ri"], 1)),
        "J8": tile("J8", (["Li", "Ri"], 1)),
        "J9": tile("J9", (["Li", "Ri"], 1), ([], 2), barracks=1),
    }
    s = new(2)
    s.tiles = t
    s = set_anthill(s, 0, slots=ring([f"J{k}" for k in range(10)]), count=10, army=1,
                    full=frozenset({"J0", "J1", "J4", "J9"}))
    s = set_anthill(s, 1, army=3)
    sheet = R.score_sheets(s)[0]
    assert sheet.lines == {"population": 24, "colony": 5, "harvest": 7, "royal": 5, "red_army": 0,
                           "barracks": 12}
    assert sheet.total == 53
    assert anthill_breakdown(s, 0)["barracks"] == 12
    gs = galleries(s.anthills[0].slots, t)
    assert max(g.ants for g in gs) == 8
    queen = [g for g in gs if g.queens][0]
    assert queen.span == 5 and queen.ants == 8


def test_R2_unmatched_opening_is_a_dead_end():
    t = {"X": tile("X", (["Li", "Ri"], 1)), "Y": tile("Y", (["Lo", "Ro"], 1))}
    gs = galleries(ring(["X", "Y"]), t)
    assert len(gs) == 2 and all(g.span == 1 for g in gs)


def test_R3_foundation_joins_no_galleries():
    t = {"X": lane("X"), "Y": lane("Y")}
    # slots 0 and 2 both touch the Foundation but are not neighbours: no join
    slots = [None] * 10
    slots[0], slots[2] = "X", "Y"
    assert len(galleries(slots, t)) == 2
    slots[1] = "X"
    t2 = dict(t)
    assert len(galleries(slots, t2)) == 1


def test_R4_span_counts_distinct_tiles_chamber_1_full_ring_10():
    t = {"L": lane("L"), "C": tile("C", ([], 3)), "X": tile("X", (["Li", "Lo", "Ri", "Ro"], 1))}
    gs = galleries(ring(["L"] * 10), t)
    assert len(gs) == 1 and gs[0].span == 10 and gs[0].ants == 10
    gs = galleries(ring(["C"]), t)
    assert gs[0].span == 1
    # a crossroads joins both levels; three of them span 3 tiles
    gs = galleries(ring(["X", "X", "X"]), t)
    assert len(gs) == 1 and gs[0].span == 3


def test_R5_two_queens_in_one_gallery_cancel_royal():
    t = {"Q": lane("Q", spec="queen"), "L": lane("L")}
    one = anthill_lines([A(ring(["Q", "L", "L"]))], t, C)[0]
    assert one["royal"] == 3
    two = anthill_lines([A(ring(["Q", "L", "Q"]))], t, C)[0]
    assert two["royal"] == 0 and two["population"] == 5   # 3 workers + 2 queens (still ants)


def test_R6_colony_and_red_army_ties_all_score_zero_none():
    t = {"L": lane("L", 2)}
    lines = anthill_lines([A(ring(["L"]), 3), A(ring(["L"]), 3), A(ring([]), 1)], t, C)
    assert [x["colony"] for x in lines] == [5, 5, 0]
    assert [x["red_army"] for x in lines] == [5, 5, 0]
    zero = anthill_lines([A(ring([]), 0), A(ring([]), 0)], t, C)
    assert [x["colony"] for x in zero] == [0, 0] and [x["red_army"] for x in zero] == [0, 0]


def test_R7_red_army_counts_army_not_token_or_barracks():
    t = {"B": tile("B", (["Li"], 1), barracks=4)}
    s = new(2)
    s.tiles = t
    s = set_anthill(s, 0, army=2, slots=ring(["B"]), count=1, full=frozenset({"B"}))  # token holder
    s = set_anthill(s, 1, army=3)
    assert s.leader == 0
    sh = R.score_sheets(s)
    assert sh[0].lines["red_army"] == 0 and sh[1].lines["red_army"] == 5
    assert sh[0].tiebreak == {"army": 2}


def test_R8_harvest_gifts_count_as_new_fruits_capped_at_6():
    def h(*fr):
        t = {f"T{i}": lane(f"T{i}", fruits=[f]) for i, f in enumerate(fr)}
        return anthill_lines([A(ring(list(t)))], t, C)[0]["harvest"]
    assert h("cherry") == 2
    assert h("cherry", "cherry") == 2
    assert h("cherry", "lemon") == 5
    assert h("cherry", "gift") == 5
    assert h("gift", "gift", "gift") == 10
    assert h("cherry", "lemon", "grape", "fig", "gift", "gift", "gift") == 25
    assert h("cherry", "lemon", "grape", "blackberry", "fig", "pomegranate") == 25


def test_harvest_counted_per_gallery():
    t = {"A": tile("A", (["Li"], 1, None, ["cherry"])), "B": tile("B", (["Ri"], 1, None, ["cherry"]))}
    # A's only opening faces left, B's faces right: two separate galleries, 2 + 2
    assert anthill_lines([A(ring(["A", "B"]))], t, C)[0]["harvest"] == 4


def test_barracks_only_full_ones_score_2_4_7_10():
    t = {f"B{k}": tile(f"B{k}", ([], 0), barracks=k) for k in (1, 2, 3, 4)}
    full = anthill_lines([A(ring(list(t)), 0, t)], t, C)[0]["barracks"]
    assert full == 23
    assert anthill_lines([A(ring(list(t)), 0, ["B3"])], t, C)[0]["barracks"] == 7


def test_R27_expert_anthills_compete_separately_sheet_sums_both():
    s = new(2, expert=True)
    s = set_anthill(s, 0, army=6)
    s = set_anthill(s, 1, army=6)
    s = set_anthill(s, 2, army=4)
    s = set_anthill(s, 3, army=0)
    sh = R.score_sheets(s)
    assert sh[0].lines["red_army"] == 10 and sh[1].lines["red_army"] == 0
    assert sh[0].tiebreak == {"army": 12} and sh[1].tiebreak == {"army": 4}


def test_galleries_members_fields_for_ui():
    t = {"X": tile("X", (["Li", "Ri"], 1), (["Lo"], 2, None, ["fig"]))}
    gs = galleries({0: "X", 1: "X"}, t)
    inner = [g for g in gs if (0, 0) in g.members][0]
    assert inner.members == ((0, 0), (1, 0)) and inner.ants == 2 and inner.span == 2
    outer = [g for g in gs if (1, 1) in g.members][0]
    assert outer.fruits == ("fig",) and outer.queens == 0 and outer.fruit_kinds("gift") == 1


def test_growing_best_is_the_largest_gallery_open_at_an_edge_of_the_anthill():
    """Issue 63 (Medium competes for Colony where its best gallery can still grow): a gallery can
    grow only through an opening at an edge of the run that faces an empty slot; one sealed on both
    sides, or any gallery of a full ring, cannot (R2, R4)."""
    from game.games.micropolis.scoring import Scorer
    t = {"L": lane("L", 2), "S": tile("S", (["Li"], 1)), "E": tile("E", (["Ri"], 1)), "C": tile("C", ([], 3))}
    sc = Scorer(t, C)
    assert sc.growing_best(ring(["L", "L", "L"])) == 6                 # open at both edges
    assert sc.growing_best(ring(["E", "L", "L", "S"])) == 0            # sealed on both sides
    assert sc.gallery_lines(ring(["E", "L", "L", "S"]))[1] == 6
    assert sc.growing_best(ring(["E", "L", "S", "L"])) == 2            # only the last gallery is open
    assert sc.growing_best(ring(["C", "L"])) == 2                      # a chamber grows nothing
    assert sc.growing_best(ring(["L"] * 10)) == 0                      # a full ring has no edge
    assert sc.growing_best({0: "L", 1: "L"}) == 4                      # slots given as a dict
