"""It Happens.. rules: setup, turns of atomic decisions, mound evaluation, final scoring.

Rulings numbered as in shared/components/it_happens.md section 5.

Rulings cited by number are in docs/rulings_it_happens.md.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from game.core.i18n import N_, _, format_list
from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, Log, RulesBase, RulesError, ScoreSheet, Seat, winners_by_sheets
from game.games.it_happens import data
from game.games.it_happens.data import PLAIN, WORM
from game.games.it_happens.state import Pass, Place, Reroll, Roll, State

# the imaginary seat of a two-player game: its name in the record is this English message id, shown
# translated (Seat.shown_name)
NEUTRAL_NAME = N_("Anton's cousin")
REROLL, PASS = Reroll(), Pass()
TOTAL = itemgetter(1)                                        # of a ranking row (seat, total, column)


def _with(t: tuple, i: int, v) -> tuple:
    """The tuple t with item i replaced by v."""
    items = list(t)
    items[i] = v
    return tuple(items)


def _with_in(t: tuple, i: int, j: int, v) -> tuple:
    """The tuple of tuples t with item j of t[i] replaced by v (one call: the hot paths need it)."""
    inner = list(t[i])
    inner[j] = v
    outer = list(t)
    outer[i] = tuple(inner)
    return tuple(outer)


def _open_places(by_mound: tuple, owner: int) -> list:
    """The Place actions open to ``owner``'s dice, mound by mound."""
    acts = []
    for row in by_mound:
        act = row[owner]
        if act is not None:
            acts.append(act)
    return acts


def _one_less(reach: dict, color: str) -> dict:
    """reach with one mound less for ``color``."""
    return {**reach, color: reach[color] - 1}


def _less_reach(reach: dict, colors: tuple, old: tuple, new: tuple) -> dict:
    """reach less one for the colour of every seat whose Place on a mound went from old to None in new."""
    out = reach.copy()
    for q in range(len(old)):
        if new[q] is None and old[q] is not None:
            out[colors[q]] -= 1
    return out


@lru_cache(maxsize=1)
def components():
    return data.load()


class ItHappensRules(RulesBase):
    id = "it_happens"
    title = N_("It Happens..")
    # what undo may not cross
    reveal_events = frozenset({"roll", "reroll", "round", "award"})
    min_players = 2
    max_players = 5
    private_info = True   # victory point tiles lie face down: hot seat hides them between humans
    options_spec = [{"key": "worm_supply_limited", "label": N_("Limited worm supply (24 tiles)"),
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
        # per number of seats (the imaginary one included), a new round's targets: column 1 everywhere
        firsts = [acts[0] for acts in self._place_acts]
        self._all_free = {n: tuple((act,) * n for act in firsts)
                          for n in range(self.min_players, self.max_players + 2)}
        self._option_keys = frozenset(o["key"] for o in self.options_spec)
        self._mound_ids = tuple(m.id for m in self.comps.mounds)
        self._mound_by_id = self.comps.mound_by_id
        # apply looks the method for an action up by its type (the actions are final dataclasses)
        self._appliers = {Place: self._apply_place, Roll: self._apply_roll, Reroll: self._apply_reroll,
                          Pass: self._apply_pass}

    # -- setup ---------------------------------------------------------------
    def validate_setup(self, seats, options) -> str | None:
        real = [s for s in seats if s.kind != "imaginary"]
        if not self.min_players <= len(real) <= self.max_players:
            # i18n: shown in the setup; {low} and {high} the fewest and most players, {n} the players seated
            return _("It Happens.. is for {low} to {high} players, not {n}.").format(
                low=self.min_players, high=self.max_players, n=len(real))
        colors = [s.color for s in real]
        if len(set(colors)) != len(colors):
            return _("Each player needs a different dice colour.")
        bad = [c for c in colors if c not in self.comps.colors]
        if bad:
            from game.core.words import colour_word
            # i18n: {colours} the dice colours, as a list ("yellow, red and green"), {colour} the one asked for
            return _("The dice come in {colours}; {colour} is not one of them.").format(
                colours=format_list(colour_word(c) for c in self.comps.colors), colour=colour_word(bad[0]))
        unknown = set(options) - self._option_keys
        if unknown:
            # i18n: {option} the name of a setting the game does not have
            return _("It Happens.. has no option called {option}.").format(option=repr(sorted(unknown)[0]))
        return None

    def imaginary_seat(self, real: int) -> str | None:
        """The name of the seat the rules add for ``real`` players (the setup lets its colour be chosen)."""
        return _(NEUTRAL_NAME) if real == 2 else None

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
        order = list(self._mound_ids)
        rng.shuffle(order)
        start = rng.below(real)                              # ruling 15
        worms = [c.starting_worms] * len(seats)
        if neutral is not None:
            worms[neutral] = c.neutral_starting_worms
        worms = tuple(worms)
        n = len(seats)
        s = State(                                           # (_start_round deals the mounds and the dice)
            seats=seats, real=real, neutral=neutral, comps=c, options=options, round=0, start_player=start,
            mounds=(), deck=tuple(order), order=tuple(order), board=(), die_colors=(),
            hand=(), colors=tuple(colors), turn=None, phase="roll", current=None,
            skipped=frozenset(), worms=worms, worm_supply=c.worm_tiles - sum(worms),
            items=((0,) * len(c.item_types),) * n, item_supply=c.item_tiles,
            queens=((),) * n, generals=((),) * n, rng=rng, log=EMPTY_LOG)
        self._start_round(s, 1, start)
        return s

    def _full_hands(self, s: State) -> tuple:
        """Every seat's dice at the start of a round (the imaginary seat's are in the others' hands)."""
        own = self.comps.dice_per_color
        if s.neutral is None:
            return tuple([{col: own} for col in s.colors])
        third = s.colors[s.neutral]
        hands = [{col: own, third: self.comps.neutral_dice_per_player} for col in s.colors]
        hands[s.neutral] = {}
        return tuple(hands)

    def _start_round(self, s: State, rnd: int, start: int) -> None:
        """(mutates the new state being built) reveal 3 mounds, hand out dice, first turn."""
        k = self.comps.mounds_per_round
        s.round = rnd
        s.start_player = start
        s.mounds, s.deck = s.deck[:k], s.deck[k:]
        s.board = tuple([self._empty_board[m] for m in s.mounds])
        s.die_colors = tuple([self._empty_colors[m] for m in s.mounds])
        s._geometry = (s.board, self._all_free[len(s.seats)], dict.fromkeys(s.colors, len(s.mounds)))
        s.hand = self._full_hands(s)
        s.skipped = frozenset()
        s.current = None
        s.phase = "roll"
        s.log = s.log.add({"type": "round", "round": rnd, "mounds": list(s.mounds), "start_player": start})
        self._next_turn(s, start, first=True)

    # -- placement geometry ----------------------------------------------------
    def _open_on(self, s: State, mound: int) -> tuple:
        """Per seat, the Place its dice may take on the mound (ruling 1: one column), or None."""
        row, acts, room = s.board[mound], self._place_acts[mound], self._room[s.mounds[mound]]
        free = None
        for col, (who, _) in enumerate(row):
            if who is None:
                free = acts[col]
                break
        targets = [free] * len(s.seats)
        for col, (who, vals) in enumerate(row):
            if who is not None:
                targets[who] = acts[col] if len(vals) < room[col] else None
        return tuple(targets)

    def _geometry(self, s: State) -> tuple:
        """(board, per mound then seat the open Place or None, per dice colour on how many mounds
        it can still go: the hands count dice by colour). Worked out once per board object and
        shared by the states that hold it; the board and the mounds always change together."""
        memo = s._geometry
        if memo is None or memo[0] is not s.board:
            by_mound = tuple([self._open_on(s, m) for m in range(len(s.mounds))])
            reach = {col: sum(row[q] is not None for row in by_mound) for q, col in enumerate(s.colors)}
            memo = s._geometry = (s.board, by_mound, reach)
        return memo

    def _update_geometry(self, n: State, memo: tuple, i: int, col: int, owner: int, claimed: bool,
                         full: bool) -> None:
        """After a die on column col of mound i (the memo was for the board before it): only that
        mound changed, and only for the seats that used the column."""
        by_mound, reach = memo[1], memo[2]
        old = by_mound[i]
        if claimed:                 # the first free column taken: the seats without one here move on
            taken = old[owner]
            row, acts = n.board[i], self._place_acts[i]
            nxt = None
            for c in range(col + 1, len(row)):       # the columns left of it are all owned
                if row[c][0] is None:
                    nxt = acts[c]
                    break
            new = list(old)
            for q in range(len(old)):
                if old[q] is taken:
                    new[q] = nxt
            new[owner] = None if full else taken
            new = tuple(new)
            if nxt is None:                          # no free column left: count every Place lost
                reach = _less_reach(reach, n.colors, old, new)
            elif full:                               # a one-space column, full at once
                reach = _one_less(reach, n.colors[owner])
        elif full:                                    # the owner's column is full
            new = _with(old, owner, None)
            reach = _one_less(reach, n.colors[owner])
        else:                                         # a die added to a column with room left
            n._geometry = (n.board, by_mound, reach)
            return
        n._geometry = (n.board, _with(by_mound, i, new), reach)

    def target(self, s: State, mound: int, owner: int) -> int | None:
        """The one column ``owner`` may use on a mound (ruling 1), or None."""
        act = self._geometry(s)[1][mound][owner]
        return None if act is None else act.column

    def places(self, s: State, owner: int) -> list:
        """The Place actions open to ``owner``'s dice."""
        return _open_places(self._geometry(s)[1], owner)

    def _rolls_for(self, s: State, p: int) -> list:
        """Roll actions for the colours in p's hand that have a legal placement (ruling 13).
        A plain loop: hands hold one or two colours, too few for a comprehension to pay."""
        memo = s._geometry                                   # self._geometry(s) with its check inline:
        if memo is None or memo[0] is not s.board:           # this runs every turn
            memo = self._geometry(s)
        reach = memo[2]
        rolls = []
        for col, n in s.hand[p].items():
            if n > 0 and reach[col]:
                rolls.append(self._rolls[col])
        return rolls

    def _others_can_act(self, s: State, reach: dict) -> bool:
        """Whether a real seat besides the one to move could still roll (the test of _rolls_for)."""
        for q in range(s.real):
            if q != s.turn and q not in s.skipped:
                for col, n in s.hand[q].items():
                    if n > 0 and reach[col]:
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
        rows = []
        for col, (who, vals) in enumerate(s.board[i]):      # a loop: too few columns for a comprehension
            if who is not None and vals:
                rows.append((who, sum(vals), col))
        if len(rows) > 1:
            rows.sort(key=TOTAL, reverse=True)               # stable: ties stay left to right
        return rows

    def _evaluate(self, s: State, i: int) -> None:
        m = self._mound_by_id[s.mounds[i]]
        ranks = self.ranking(s, i)
        queen = general = None
        if ranks:                                            # ruling 9
            queen = ranks[0][0]
            s.queens = _with(s.queens, queen, s.queens[queen] + (m.queen_vp,))
            if len(ranks) > 1:
                general = ranks[1][0]
                s.generals = _with(s.generals, general, s.generals[general] + (m.general_vp,))
        matched = []
        for who, total, _ in ranks:
            if total == m.worm_number:
                matched.append(who)
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
        if s.phase == "place":                               # (a roll's moves are kept by _next_turn)
            owner = s.colors.index(s.current[0])
            memo = s._geometry                               # self._geometry(s) with its check inline
            if memo is None or memo[0] is not s.board:
                memo = self._geometry(s)
            _, by_mound, reach = memo
            acts = _open_places(by_mound, owner)
            if owner == s.turn and s.worms[owner] > 0:       # ruling 13: never for the third colour
                acts.append(REROLL)
                if self._others_can_act(s, reach):           # ruling 5
                    acts.append(PASS)
        elif s.phase == "roll":
            acts = self._rolls_for(s, s.turn)
        else:
            acts = []
        s._legal = acts
        return acts

    def apply(self, s: State, a) -> State:
        acts = s._legal                                      # legal_actions' cache, read without the call
        if acts is None:
            acts = self.legal_actions(s)
        for b in acts:                                       # the very object handed out, found without
            if b is a:                                       # the dataclass __eq__ (slow)
                break
        else:
            if a not in acts:
                raise RulesError(f"{a!r} is not legal now")
        return self._appliers[type(a)](s, a)

    def apply_trusted(self, s: State, a) -> State:
        """``apply`` without the legality check, for search: ``a`` must come from legal_actions(s)."""
        return self._appliers[type(a)](s, a)

    # The _apply_* methods below build the new state from a copy. They append to the log with
    # Log(parent, event), which is what Log.add does without its extra call: they run every move.

    def _apply_roll(self, s: State, a: Roll) -> State:
        n = s.copy()
        p, color = s.turn, a.color
        rng = n.rng = s.rng.copy()
        hands = list(s.hand)
        hand = hands[p] = hands[p].copy()                    # the hands are shared: replace, never change
        hand[color] -= 1
        n.hand = tuple(hands)
        value = 1 + rng.below(6)
        n.current = (color, value)
        n.phase = "place"
        n.log = Log(n.log, {"type": "roll", "player": p, "color": color, "value": value})
        return n

    def _apply_reroll(self, s: State, a: Reroll) -> State:
        n = s.copy()
        p, color = s.turn, s.current[0]
        rng = n.rng = s.rng.copy()
        self._pay_worm(n, p)
        value = 1 + rng.below(6)
        n.current = (color, value)
        n.log = Log(n.log, {"type": "reroll", "player": p, "color": color, "value": value})
        return n

    def _apply_pass(self, s: State, a: Pass) -> State:
        n = s.copy()
        p, color = s.turn, s.current[0]
        self._pay_worm(n, p)
        hands = list(s.hand)
        hand = hands[p] = hands[p].copy()
        hand[color] += 1                                     # ruling 2: the die goes back
        n.hand = tuple(hands)
        n.log = Log(n.log, {"type": "pass", "player": p, "color": color})
        n.current = None
        self._next_turn(n, p)
        return n

    def _apply_place(self, s: State, a: Place) -> State:
        n = s.copy()
        p = s.turn
        color, value = s.current
        owner = s.colors.index(color)
        i, col = a.mound, a.column
        m = self._mound_by_id[s.mounds[i]]
        before = s.board
        vals = before[i][col][1]
        space = len(vals)
        n.board = _with_in(before, i, col, (owner, vals + (value,)))
        dcs = s.die_colors
        n.die_colors = _with_in(dcs, i, col, dcs[i][col] + (color,))
        spaces = m.columns[col]
        memo = s._geometry
        if memo is not None and memo[0] is before:
            self._update_geometry(n, memo, i, col, owner, not vals, space + 1 == len(spaces))
        kind = spaces[space]
        gain = None
        if kind == WORM:
            gain = "worm" if self._take_worm(n, owner) else None
        elif kind != PLAIN:
            k = self._item_index[kind]
            if n.item_supply[k] > 0:                         # ruling 6
                n.item_supply = _with(n.item_supply, k, n.item_supply[k] - 1)
                n.items = _with_in(n.items, owner, k, n.items[owner][k] + 1)
                gain = kind
        ev = {"type": "place", "player": p, "color": color, "mound": m.id, "column": col,
              "space": space, "value": value, "gain": gain}
        if owner != p:
            ev["owner"] = owner
        n.log = Log(n.log, ev)
        n.current = None
        self._next_turn(n, p)
        return n

    # -- scoring -------------------------------------------------------------------
    def score_sheets(self, s: State) -> list[ScoreSheet]:
        c = self.comps
        kinds, sets = [], []                                 # item types held, and held twice or more
        for row in s.items:                                  # (counts never go below 0)
            kinds.append(len(row) - row.count(0))
            sets.append(len(row) - row.count(0) - row.count(1))
        most = max(kinds)
        sheets = []
        for p in range(len(s.seats)):
            lines = {
                "item_sets": c.item_set_vp * sets[p],                 # ruling 11
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
