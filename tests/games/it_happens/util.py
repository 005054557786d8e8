"""Helpers to build It Happens.. positions for rule tests."""
from game.core.rules import Seat
from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Place

R = get_rules()
COLORS = ["yellow", "red", "green", "blue", "white"]


def seats(n):
    return [Seat(f"P{i}", COLORS[i], "human") for i in range(n)]


def game(n=3, seed=1):
    return R.new_game(seats(n), seed, {})


def at_table(s, mounds):
    """The same game with these mound ids on the table, empty."""
    t = s.copy()
    t.mounds = tuple(mounds)
    t.board = tuple(tuple((None, ()) for _ in R.comps.mound_by_id[m].columns) for m in mounds)
    t.die_colors = tuple(tuple(() for _ in cols) for cols in t.board)
    return t


def with_die(s, color, value):
    """Pretend the player to move has just rolled ``value`` in ``color``."""
    t = s.copy()
    hand = list(t.hand)
    hand[t.turn] = dict(hand[t.turn])
    hand[t.turn][color] -= 1
    t.hand = tuple(hand)
    t.current = (color, value)
    t.phase = "place"
    return t


def put(s, mound, column, owner, values):
    """Set a column's owner and dice directly."""
    t = s.copy()
    board = [list(c) for c in t.board]
    board[mound][column] = (owner, tuple(values))
    t.board = tuple(tuple(c) for c in board)
    return t


def place(s, mound, value):
    """The player to move rolls ``value`` in their colour and places on ``mound``."""
    p = s.turn
    t = with_die(s, s.colors[p], value)
    col = R.target(t, mound, p)
    return R.apply(t, Place(mound, col))
