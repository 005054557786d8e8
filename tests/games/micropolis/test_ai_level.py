"""Micropolis Medium competes for Colony and Red army (issue 21).

Medium once filled every barracks and valued its best gallery at a third of a point an ant,
so it scored 0 for Colony and Red army in most games. These tests fail if it falls back."""
from game.ai.bots import bot_move, make_bot
from game.games.micropolis import heuristics as H
from game.games.micropolis.state import FillBarracks

from .util import R, seats, set_anthill


def _first(s, phase, pick=None):
    """Play seeded Medium moves until the phase comes up for the player to move."""
    bots = [make_bot("medium", R, 40 + i) for i in range(len(s.seats))]
    while not R.is_over(s):
        if s.phase == phase and (pick is None or pick(s)):
            return s
        p = R.to_move(s)
        s = R.apply(s, bot_move(bots[p], R, s, p))
    raise AssertionError(f"no {phase} phase came up")


def test_medium_keeps_the_red_army_rather_than_fill_a_barracks_in_the_last_round():
    s = _first(R.new_game(seats(3), 7, {}), "barracks")
    me = s.active_anthill
    size = s.tiles[s.pending].barracks
    s = s.copy()
    s.round = s.last_round
    # the rivals' largest army is one soldier short of this one: filling would hand them the 5 VP
    s = set_anthill(s, me, army=size + 4)
    for k in range(len(s.anthills)):
        if k != me:
            s = set_anthill(s, k, army=size + 3 if k == (me + 1) % len(s.anthills) else 0)
    acts = R.legal_actions(s)
    vals = H.score_actions(R, s, R.to_move(s), None)
    choice = acts[max(range(len(acts)), key=vals.__getitem__)]
    assert choice == FillBarracks(False)
    # with no rival close, the barracks are filled as before
    s2 = set_anthill(s, (me + 1) % len(s.anthills), army=0)
    vals = H.score_actions(R, s2, R.to_move(s2), None)
    assert acts[max(range(len(acts)), key=vals.__getitem__)] == FillBarracks(True)


def test_the_colony_race_values_catching_up_with_the_best_gallery():
    s = R.new_game(seats(3), 3, {})
    # the chance rises with the best gallery, most steeply where it meets the rivals' best
    low, level, high = (H.colony_chance(s, 0, b) for b in (1, 6, 12))
    assert low < level < high <= s.consts.colony_vp


def _play(levels, seed):
    s = R.new_game(seats(len(levels)), seed, {})
    bots = [make_bot(k, R, seed * 5 + i) for i, k in enumerate(levels)]
    while not R.is_over(s):
        p = R.to_move(s)
        s = R.apply(s, bot_move(bots[p], R, s, p))
    return R.score_sheets(s)


def test_medium_scores_colony_and_red_army_in_seeded_games():
    colony = army = 0
    games = 12
    for g in range(games):
        levels = ["random", "random"]
        seat = g % 3
        levels.insert(seat, "medium")
        sheet = _play(levels, 300 + g)[seat]
        colony += sheet.lines["colony"]
        army += sheet.lines["red_army"]
    assert colony / games >= 2.0 and army / games >= 2.5, (colony / games, army / games)
