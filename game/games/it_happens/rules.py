"""It Happens.. rules: setup, turns of atomic decisions, mound evaluation, final scoring.

Rulings numbered as in shared/components/it_happens.md section 5.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, RulesError, ScoreSheet, Seat, winners_by_sheets
from game.games.it_happens import data
from game.games.it_happens.state import Pass, Place, Reroll, Roll, State

NEUTRAL_NAME = "Anton's cousin"
REROLL, PASS = Reroll(), Pass()


def _with(t: tuple, i: int, v) -> tuple:
    """The tuple t with item i replaced by v."""
    items = list(t)
    items[i] = v
    return tuple(items)


def _geometry_of(s: State, by_mound: tuple) -> tuple:
    """What s.board allows, from each mound's open Place per seat (see ItHappensRules._geometry)."""
    by_seat = tuple(zip(*by_mound)) if by_mound else ((),) * len(s.seats)
    return s.board, by_mound, by_seat


@lru_cache(maxsize=1)
def components():
    return data.load()


class ItHappensRules:
    id = "it_happens"
    title = "It Happens.."
    min_players = 2
    max_players = 5
    private_info = True   # victory point tiles lie face down: hot seat hides them between humans
    options_spec = [{"key": "worm_supply_limited", "label": "Limited worm supply (24 tiles)",
                     "type": "bool", "default": True}]

    def __init__(self):
        self.comps = components()
        self.seat_colors = list(self.comps.colors)
        self._rolls = {col: Roll(col) for col in self.comps.colors}
        self._item_index = {kind: k for k, kind in enumerate(self.comps.item_types)}
        self._empty_board = {m.id: ((None, ()),) * len(m.columns) for m in self.comps.mounds}
        self._empty_colors = {m.id: ((),) * len(m.columns) for m in self.comps.mounds}
        self._room = {m.id: tuple(len(spaces) for spaces in m.columns) for m in self.comps.mounds}
        widest = max(len(m.columns) for m in self.comps.mounds)
        self._place_acts = [[Place(m, col) for col in range(widest)] for m in range(self.comps.mounds_per_round)]

    # -- setup ---------------------------------------------------------------
    def validate_setup(self, seats, options) -> str | None:
        real = [s for s in seats if s.kind != "imaginary"]
        if not self.min_players <= len(real) <= self.max_players:
            return f"It Happens.. is for {self.min_players} to {self.max_players} players, not {len(real)}."
        colors = [s.color for s in real]
        if len(set(colors)) != len(colors):
            return "Each player needs a different dice colour."
        bad = [c for c in colors if c not in self.comps.colors]
        if bad:
            return f"The dice come in {', '.join(self.comps.colors)}; {bad[0]} is not one of them."
        unknown = set(options) - {o["key"] for o in self.options_spec}
        if unknown:
            return f"Unknown option {sorted(unknown)[0]!r} for It Happens.."
        return None

    def imaginary_seat(self, real: int) -> str | None:
        """The name of the seat the rules add for ``real`` players (the setup lets its colour be chosen)."""
        return NEUTRAL_NAME if real == 2 else None

    def new_game(self, seats: list[Seat], seed: int, options: dict) -> State:
        c = self.comps
        chosen = next((s.color for s in seats if s.kind == "imaginary"), None)
        seats = [s for s in seats if s.kind != "imaginary"]
        problem = self.validate_setup(seats, options)
        if problem:
            raise ValueError(problem)
        options = {"worm_supply_limited": True, **options}
        rng = Rng(seed)
        real = len(seats)
        neutral = None
        colors = [s.color for s in seats]
        if real == 2:
            free = [col for col in c.colors if col not in colors]
            third = chosen if chosen in free else free[0]   # the players may choose its colour
            seats = seats + [Seat(NEUTRAL_NAME, third, "imaginary")]
            colors.append(third)
            neutral = 2
        order = [m.id for m in c.mounds]
        rng.shuffle(order)
        start = rng.below(real)                              # ruling 15
        worms = tuple(c.neutral_starting_worms if i == neutral else c.starting_worms for i in range(len(seats)))
        s = State(
            seats=seats, real=real, neutral=neutral, comps=c, options=options, round=0, start_player=start,
            mounds=(), deck=tuple(order), order=tuple(order), board=(), die_colors=(),
            hand=tuple({} for _ in seats), colors=tuple(colors), turn=None, phase="roll", current=None,
            skipped=frozenset(), worms=worms, worm_supply=c.worm_tiles - sum(worms),
            items=tuple((0,) * len(c.item_types) for _ in seats), item_supply=c.item_tiles,
            queens=tuple(() for _ in seats), generals=tuple(() for _ in seats), rng=rng, log=EMPTY_LOG)
        self._start_round(s, 1, start)
        return s

    def _full_hand(self, s: State, p: int) -> dict:
        c = self.comps
        if p == s.neutral:
            return {}
        h = {s.colors[p]: c.dice_per_color}
        if s.neutral is not None:
            h[s.colors[s.neutral]] = c.neutral_dice_per_player
        return h

    def _start_round(self, s: State, rnd: int, start: int) -> None:
        """(mutates the new state being built) reveal 3 mounds, hand out dice, first turn."""
        k = self.comps.mounds_per_round
        s.round = rnd
        s.start_player = start
        s.mounds, s.deck = s.deck[:k], s.deck[k:]
        s.board = tuple(self._empty_board[m] for m in s.mounds)
        s.die_colors = tuple(self._empty_colors[m] for m in s.mounds)
        s._geometry = _geometry_of(s, tuple((self._place_acts[i][0],) * len(s.seats)   # all columns free
                                            for i in range(len(s.mounds))))
        s.hand = tuple(self._full_hand(s, p) for p in range(len(s.seats)))
        s.skipped = frozenset()
        s.current = None
        s.phase = "roll"
        s.log = s.log.add({"type": "round", "round": rnd, "mounds": list(s.mounds), "start_player": start})
        self._next_turn(s, start, first=True)

    # -- placement geometry ----------------------------------------------------
    def _open_on(self, s: State, mound: int) -> tuple:
        """Per seat, the Place its dice may take on the mound (ruling 1: one column), or None."""
        free, owned = None, []
        for (who, vals), act, room in zip(s.board[mound], self._place_acts[mound], self._room[s.mounds[mound]]):
            if who is not None:
                owned.append((who, act if len(vals) < room else None))
            elif free is None:
                free = act
        row = [free] * len(s.seats)
        for who, act in owned:
            row[who] = act
        return tuple(row)

    def _geometry(self, s: State) -> tuple:
        """(board, per mound then seat the open Place or None, the same per seat then mound).
        Worked out once per board object and shared by the states that hold it; the board and
        the mounds always change together."""
        memo = s._geometry
        if memo is None or memo[0] is not s.board:
            memo = s._geometry = _geometry_of(s, tuple(self._open_on(s, m) for m in range(len(s.mounds))))
        return memo

    def _update_geometry(self, n: State, memo: tuple, i: int, owner: int, claimed: bool, full: bool) -> None:
        """After a die on mound i (the memo was for the board before it): only that mound changed."""
        by_mound = memo[1]
        if claimed:                                   # a free column taken: the next one is free now
            n._geometry = _geometry_of(n, _with(by_mound, i, self._open_on(n, i)))
        elif full:                                    # the owner's column is full
            n._geometry = _geometry_of(n, _with(by_mound, i, _with(by_mound[i], owner, None)))
        else:                                         # a die added to a column with room left
            n._geometry = (n.board, by_mound, memo[2])

    def target(self, s: State, mound: int, owner: int) -> int | None:
        """The one column ``owner`` may use on a mound (ruling 1), or None."""
        act = self._geometry(s)[1][mound][owner]
        return None if act is None else act.column

    def places(self, s: State, owner: int) -> list:
        """The Place actions open to ``owner``'s dice."""
        return list(filter(None, self._geometry(s)[2][owner]))

    def _rolls_for(self, s: State, p: int) -> list:
        """Roll actions for the colours in p's hand that have a legal placement (ruling 13)."""
        by_seat = self._geometry(s)[2]
        return [self._rolls[col] for col, n in s.hand[p].items() if n > 0 and any(by_seat[s.colors.index(col)])]

    def _others_can_act(self, s: State) -> bool:
        for q in range(s.real):
            if q != s.turn and q not in s.skipped and self._rolls_for(s, q):
                return True
        return False

    # -- turn order --------------------------------------------------------------
    def _next_turn(self, s: State, frm: int, first: bool = False) -> None:
        """Give the turn to the next seat (from ``frm`` itself when first) that can place."""
        n = s.real
        start = frm if first else frm + 1
        for step in range(n):
            p = (start + step) % n
            if p in s.skipped:
                continue
            rolls = self._rolls_for(s, p)
            if rolls:
                s.turn, s.phase, s.current = p, "roll", None
                s._legal = rolls
                return
            s.skipped = s.skipped | {p}                      # ruling 4
            s.log = s.log.add({"type": "skip", "player": p})
        self._end_round(s)

    def _end_round(self, s: State) -> None:
        for i in range(len(s.mounds)):
            self._evaluate(s, i)
        if s.round >= self.comps.rounds:
            s.turn, s.phase, s.current = None, "over", None
            s.board, s.die_colors, s.mounds = (), (), ()
            s.hand = tuple({} for _ in s.seats)
            return
        self._start_round(s, s.round + 1, (s.start_player + 1) % s.real)

    def ranking(self, s: State, i: int) -> list[tuple[int, int, int]]:
        """(seat, total, column) of everyone with dice on mound i, best first (ruling 8)."""
        rows = [(who, sum(vals), col) for col, (who, vals) in enumerate(s.board[i]) if who is not None and vals]
        rows.sort(key=itemgetter(1), reverse=True)           # stable: ties stay left to right
        return rows

    def _evaluate(self, s: State, i: int) -> None:
        m = s.mound(i)
        ranks = self.ranking(s, i)
        queen = ranks[0][0] if ranks else None             # ruling 9
        general = ranks[1][0] if len(ranks) > 1 else None
        if queen is not None:
            s.queens = _with(s.queens, queen, s.queens[queen] + (m.queen_vp,))
        if general is not None:
            s.generals = _with(s.generals, general, s.generals[general] + (m.general_vp,))
        matched = [who for who, total, _ in ranks if total == m.worm_number]
        if len(matched) > 1:
            n = len(s.seats)
            matched.sort(key=lambda p: (p - s.start_player) % n)   # ruling 7: seat order from the start player
        got = []
        for p in matched:
            if self._take_worm(s, p):
                got.append(p)
        s.log = s.log.add({"type": "award", "mound": m.id, "queen": queen, "general": general, "worms": got})

    def _take_worm(self, s: State, p: int) -> bool:
        if s.options.get("worm_supply_limited", True) and s.worm_supply <= 0:
            return False
        s.worms = _with(s.worms, p, s.worms[p] + 1)
        s.worm_supply -= 1
        return True

    def _pay_worm(self, s: State, p: int) -> None:
        s.worms = _with(s.worms, p, s.worms[p] - 1)
        s.worm_supply += 1

    # -- the contract ------------------------------------------------------------
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.turn

    def is_over(self, s: State) -> bool:
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        """The actions open now (worked out once per state: callers must not change the list)."""
        acts = s._legal
        if acts is not None:
            return acts
        if s.phase == "roll":
            acts = self._rolls_for(s, s.turn)
        elif s.phase == "place":
            owner = s.colors.index(s.current[0])
            acts = self.places(s, owner)
            if owner == s.turn and s.worms[owner] > 0:       # ruling 13: never for the third colour
                acts.append(REROLL)
                if self._others_can_act(s):                  # ruling 5
                    acts.append(PASS)
        else:
            acts = []
        s._legal = acts
        return acts

    def apply(self, s: State, a) -> State:
        if a not in self.legal_actions(s):
            raise RulesError(f"{a!r} is not legal now")
        return self.apply_trusted(s, a)

    def apply_trusted(self, s: State, a) -> State:
        """``apply`` without the legality check, for search: ``a`` must come from legal_actions(s)."""
        n = s.copy()
        p = s.turn
        if isinstance(a, Place):
            self._place(n, p, a)
            self._next_turn(n, p)
        elif isinstance(a, Roll):
            n.rng = s.rng.copy()
            self._hand_die(n, p, a.color, -1)
            value = 1 + n.rng.below(6)
            n.current = (a.color, value)
            n.phase = "place"
            n.log = n.log.add({"type": "roll", "player": p, "color": a.color, "value": value})
        elif isinstance(a, Reroll):
            n.rng = s.rng.copy()
            self._pay_worm(n, p)
            value = 1 + n.rng.below(6)
            n.current = (s.current[0], value)
            n.log = n.log.add({"type": "reroll", "player": p, "color": s.current[0], "value": value})
        else:
            self._pay_worm(n, p)
            self._hand_die(n, p, s.current[0], 1)            # ruling 2: the die goes back
            n.log = n.log.add({"type": "pass", "player": p, "color": s.current[0]})
            n.current = None
            self._next_turn(n, p)
        return n

    @staticmethod
    def _hand_die(n: State, p: int, color: str, change: int) -> None:
        hand = n.hand[p].copy()
        hand[color] += change
        n.hand = _with(n.hand, p, hand)

    def _place(self, n: State, p: int, a: Place) -> None:
        color, value = n.current
        owner = n.colors.index(color)
        i, col = a.mound, a.column
        m = n.mound(i)
        before = n.board
        vals = before[i][col][1]
        space = len(vals)
        n.board = _with(before, i, _with(before[i], col, (owner, vals + (value,))))
        dcs = n.die_colors
        n.die_colors = _with(dcs, i, _with(dcs[i], col, dcs[i][col] + (color,)))
        memo = n._geometry
        if memo is not None and memo[0] is before:
            self._update_geometry(n, memo, i, owner, not vals, space + 1 == len(m.columns[col]))
        kind = m.columns[col][space]
        gain = None
        if kind == data.WORM:
            gain = "worm" if self._take_worm(n, owner) else None
        elif kind != data.PLAIN:
            k = self._item_index[kind]
            if n.item_supply[k] > 0:                         # ruling 6
                n.item_supply = _with(n.item_supply, k, n.item_supply[k] - 1)
                row = n.items[owner]
                n.items = _with(n.items, owner, _with(row, k, row[k] + 1))
                gain = kind
        ev = {"type": "place", "player": p, "color": color, "mound": m.id, "column": a.column,
              "space": space, "value": value, "gain": gain}
        if owner != p:
            ev["owner"] = owner
        n.log = n.log.add(ev)
        n.current = None

    # -- scoring -------------------------------------------------------------------
    def score_sheets(self, s: State) -> list[ScoreSheet]:
        c = self.comps
        kinds = [sum(1 for x in s.items[p] if x > 0) for p in range(len(s.seats))]
        most = max(kinds)
        sheets = []
        for p in range(len(s.seats)):
            lines = {
                "item_sets": c.item_set_vp * sum(1 for x in s.items[p] if x >= 2),   # ruling 11
                "worms": c.worm_vp * s.worms[p],
                "queens": sum(s.queens[p]),
                "generals": sum(s.generals[p]),
                "variety_bonus": c.variety_vp if most > 0 and kinds[p] == most else 0,
            }
            sheets.append(ScoreSheet(p, lines, {"queen_count": len(s.queens[p]),
                                                "general_count": len(s.generals[p]),
                                                "worm_count": s.worms[p]}))
        return sheets

    def winners(self, s: State) -> list[int]:
        return winners_by_sheets(self.score_sheets(s))        # ruling 12: Queens, Generals, worms

    # -- hidden information ------------------------------------------------------------
    def observe(self, s: State, player: int) -> State:
        """The face-down deck's order and the dice to come are hidden (ruling 14)."""
        o = s.copy()
        o.deck = tuple(sorted(s.deck))
        o.order = None
        o.rng = None
        return o

    def determinize(self, s: State, player: int, rng: Rng) -> State:
        d = s.copy()
        deck = list(s.deck)
        rng.shuffle(deck)
        d.deck = tuple(deck)
        d.rng = Rng(rng.next64())
        return d

    # -- records -----------------------------------------------------------------------
    def record_setup(self, s: State) -> dict:
        by_id = self.comps.mound_by_id
        worms0 = [self.comps.neutral_starting_worms if i == s.neutral else self.comps.starting_worms
                  for i in range(len(s.seats))]
        first_start = (s.start_player - (s.round - 1)) % s.real   # it moves one seat a round
        return {"mounds": [by_id[m].to_record() for m in s.order], "start_player": first_start, "worms": worms0}

    def final_extra(self, s: State) -> dict:
        return {}

    def action_from_event(self, s: State, ev: dict):
        t = ev.get("type")
        if t == "roll":
            return Roll(ev["color"])
        if t == "reroll":
            return Reroll()
        if t == "pass":
            return Pass()
        if t == "place":
            if ev["mound"] not in s.mounds:
                return None
            return Place(s.mounds.index(ev["mound"]), ev["column"])
        return None


_RULES = None


def get_rules() -> ItHappensRules:
    global _RULES
    if _RULES is None:
        _RULES = ItHappensRules()
    return _RULES
