"""Micropolis rules core (rulings R1-R28 of ../shared/components/micropolis.md).

Seat 0 plays the youngest player: the first Military leader.

Built for search: ``apply_trusted`` skips the legality check; legal actions and score
sheets are worked out once per State and remembered on it (States never change after
``apply``), and the lists returned are shared, so callers must not modify them.

What the engine remembers belongs to the rules object (``get_rules()``, which the drawing
thread and the AI thread share; a table is stored only once complete, and emptied when full):
the action objects, made once and reused; the Sentry choices of a set of barracks and soldiers
(``_sentry_lists``); the takes open to an anthill for a pattern of line gaps, army and token
(``_takes``); the soldiers a take leaves on the line (``_payments``); what the rules read of a
tile (``_facts``: ``Tile.specialist`` and ``.eggs`` are worked out on every read); the Scorer
of each tile set (remembered gallery lines, see ``scoring``); and the bundled data.

An action copies the State once and makes one tuple of anthills. The action that opens the
place, barracks and sentry steps sets their legal actions itself, and events go into the log
as (keys, values...) tuples, made into dicts only when the log is read (game.core.rules.Log):
each event's keys are written where it is logged. ``apply_trusted`` writes out ``State.copy``
in line: calling it cost about 5 % of a random game.

Rulings cited by number are in docs/rulings_micropolis.md.
"""
from __future__ import annotations

import threading
from itertools import combinations, compress

from game.core.i18n import N_, _
from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, Log, RulesBase, RulesError, ScoreSheet, winners_by_sheets

from .data import load_data
from .scoring import LINES, Scorer, anthill_lines, anthill_values
from .state import Anthill, ChooseLeader, FillBarracks, PlaceEnd, Sentry, State, Take

# Events go into the log as (keys, values...) tuples (game.core.rules.Log makes the dicts when the
# log is read): each event's keys are written where it is logged, above its values. These two are
# logged in two places each (new_game and _refill / _start_round):
DRAW_EVENT = ("type", "position", "tile")
ROUND_EVENT = ("type", "round", "leader", "player")

_EMPTY10 = (None,) * 10
_NONE_FULL = frozenset()
_MEMO_MAX = 50_000   # remembered sentry situations (and takes, payments) per rules object
_SCORERS_MAX = 16    # Scorers of other tile sets than the rules' own (tests bring many small ones)
# Anthill(...) runs NamedTuple's Python-level __new__; tuple.__new__(Anthill, fields) makes the same
# tuple at about half the cost (the rules build one or two per action)
_new_tuple = tuple.__new__
_new_state = object.__new__
# the actions unpack an Anthill into named locals and build the new one from them, in this order:
# owner, slots, left, count, army, full, tokens = ants[ai]
# ants[ai] = _new_tuple(Anthill, (owner, slots, left, count, army, full, tokens))
if Anthill._fields != ("owner", "slots", "left", "count", "army", "full", "architects"):
    raise ImportError("micropolis.rules unpacks Anthill in its old field order: update the actions")


class MicropolisRules(RulesBase):
    id = "micropolis"
    title = N_("Micropolis")
    # what undo may not cross
    reveal_events = frozenset({"draw", "refill", "round", "game_over"})
    min_players = 2
    max_players = 6
    seat_colors = ["red", "blue", "green", "yellow", "purple", "orange"]
    options_spec = [{"key": "expert", "label": N_("Expert mode: two anthills each (2-3 players)"),
                     "type": "bool", "default": False}]

    def __init__(self, data=None):
        self.data = data or load_data()   # (data.get_data() is get_rules().data)
        self.c = c = self.data.constants
        most = max(c.max_players, max(c.expert_players) * c.anthills_per_player_expert)
        # _pay / _spend[anthill][position]: take it paying soldiers / spending an Architect token
        self._pay = [tuple(Take(pos, False, ai) for pos in range(c.line_size)) for ai in range(most)]
        self._spend = [tuple(Take(pos, True, ai) for pos in range(c.line_size)) for ai in range(most)]
        # _orders[players][first] = turn order of a round started by ``first`` (R10: clockwise)
        self._orders = [[tuple((p0 + i) % k for i in range(k)) for p0 in range(k)] for k in range(most + 1)]
        # _expert_anthills[player] = the player's anthills in expert mode, as ``new_game`` deals them
        per = c.anthills_per_player_expert
        self._expert_anthills = tuple(tuple(range(p * per, (p + 1) * per)) for p in range(most))
        # what the rules read of each tile (Tile.specialist and .eggs are worked out on every read)
        self._tiles = self.data.tiles   # _facts describes these (a test may bring its own tiles)
        self._facts = {tid: (t.barracks, t.specialist, t.eggs) for tid, t in self.data.tiles.items()}
        self._sentry_lists: dict = {}   # see _sentry_actions
        self._takes: dict = {}          # see _take_actions
        self._payments: dict = {}       # see _new_payments
        # the Scorer (remembered gallery lines) of the rules' own tiles, and of others (see scorer_for)
        self.scorer = Scorer(self._tiles, c)
        self._scorers: dict = {}
        self._do = {Take: self._do_take, PlaceEnd: self._do_place, FillBarracks: self._do_barracks,
                    Sentry: self._do_sentry, ChooseLeader: self._do_choose_leader}

    # ------------------------------------------------------------------ setup
    def validate_setup(self, seats, options) -> str | None:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            # i18n: shown in the setup; {low} and {high} the fewest and most players, {n} the players seated
            return _("Micropolis needs {low} to {high} players (got {n}).").format(
                low=self.min_players, high=self.max_players, n=n)
        if (options or {}).get("expert") and n not in self.c.expert_players:
            return _("Expert mode is for 2 or 3 players only.")
        return None

    def new_game(self, seats, seed, options) -> State:
        options = options or {}
        problem = self.validate_setup(seats, options)
        if problem:
            raise RulesError(problem)
        c = self.c
        expert = bool(options.get("expert"))
        per = c.anthills_per_player_expert if expert else 1
        n = len(seats)
        rng = Rng(seed)
        pile = list(self.data.tile_ids)
        rng.shuffle(pile)
        anthills = tuple(_new_tuple(Anthill, (p, _EMPTY10, 0, 0, c.soldiers_per_foundation, _NONE_FULL, 0))
                         for p in range(n) for _ in range(per))
        line = tuple(pile[:c.line_size])
        events = [(DRAW_EVENT, "draw", i, t) for i, t in enumerate(line)]
        events.append((ROUND_EVENT, "round", 1, 0, 0))   # leader anthill 0, its player 0
        return State(
            seats=list(seats), expert=expert, tiles=self.data.tiles, consts=c, anthills=anthills,
            line=line, line_soldiers=(0,) * c.line_size, pile=tuple(pile[c.line_size:]), pile_hidden=False,
            reserve=c.soldiers - c.soldiers_per_foundation * len(anthills),
            architect_reserve=c.architect_tokens, architects=(0,) * n, leader=0, round=1, last_round=10 * per,
            turn_order=tuple(range(n)), turn_index=0, phase="take", pending=None, pending_slot=None,
            active_anthill=None, leader_choices=(), setup_line=line, rng=rng, log=EMPTY_LOG.add_all(events))

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return s.current_player

    def is_over(self, s: State) -> bool:
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        """The decisions open in ``s`` (the same list every time: do not modify it)."""
        acts = s._legal
        if acts is None:   # (the take step, the commonest, is asked for without a second call)
            acts = s._legal = self._take_actions(s) if s.phase == "take" else self._step_actions(s)
        return acts

    def _step_actions(self, s: State) -> list:
        """The decisions of the steps after a take (and none when the game is over)."""
        ph = s.phase
        if ph == "place":
            count = s.anthills[s.active_anthill].count
            return _RIGHT_ONLY if count == 0 or count == 9 else _LEFT_OR_RIGHT
        if ph == "barracks":
            return _FILL_OR_LEAVE
        if ph == "sentry":
            return self._sentry_actions(s.anthills[s.active_anthill], s.tiles)
        if ph == "leader":
            return [ChooseLeader(x) for x in s.leader_choices]
        return []

    def _gaps(self, s: State) -> int:
        """Bits of the line's empty positions (remembered on ``s`` with the line they describe)."""
        line = s.line
        known = s._gaps
        if known[0] is line:
            return known[1]
        gaps = 0
        for pos, t in enumerate(line):
            if t is None:
                gaps |= 1 << pos
        s._gaps = (line, gaps)
        return gaps

    def _take_actions(self, s: State) -> list:
        """R13, R17, R28: the takes open to each unfinished anthill of the player on turn, looked up
        in a table (anthill, line gaps, army, token held) -> takes (see ``_new_takes``)."""
        p = s.turn_order[s.turn_index]
        token = s.architects[p] > 0
        gaps = self._gaps(s)
        table = self._takes
        ants = s.anthills
        if not s.expert:   # one anthill each, numbered as its player (the loop below, unrolled)
            a = ants[p]
            if a.count >= 10:
                return []
            key = (p, gaps, a.army, token)
            return table.get(key) or self._new_takes(key)
        out = None
        for ai in self._expert_anthills[p]:
            a = ants[ai]
            if a.count < 10:
                key = (ai, gaps, a.army, token)
                takes = table.get(key) or self._new_takes(key)
                out = takes if out is None else out + takes   # (a lone anthill's list is shared)
        return [] if out is None else out

    def _new_payments(self, gaps: int) -> list:
        """Per line position: the positions that get a soldier when the tile there is taken from a
        line whose empty positions are ``gaps`` (R13: every tile before it)."""
        out = []
        for pos in range(self.c.line_size):
            out.append(tuple(i for i in range(pos) if not gaps >> i & 1))
        if len(self._payments) >= _MEMO_MAX:
            self._payments.clear()
        self._payments[gaps] = out
        return out

    def _new_takes(self, key: tuple) -> list:
        ai, gaps, army, token = key
        pay, spend = self._pay[ai], self._spend[ai]
        out, cost = [], 0
        for pos in range(self.c.line_size):
            if gaps >> pos & 1:
                continue
            if cost <= army:   # R13: pay one soldier per tile before it, from the army only
                out.append(pay[pos])
            elif not token:
                break
            if token and cost:   # R17: a token makes any tile free; R28: any own anthill
                out.append(spend[pos])
            cost += 1
        if len(self._takes) >= _MEMO_MAX:
            self._takes.clear()
        self._takes[key] = out
        return out

    def sentry_options(self, s: State, ai: int) -> list[frozenset]:
        """R20: every arrangement where each barracks is full or empty and the army <= cap."""
        return [x.full for x in self._sentry_actions(s.anthills[ai], s.tiles)]

    def _sentry_actions(self, ant: Anthill, tiles) -> list:
        """The Sentry actions open to ``ant`` (the same list for the same barracks and soldiers)."""
        bar = tuple([(t, tiles[t].barracks) for t in ant.slots if t is not None and tiles[t].barracks])
        total = ant.army + ant.barracks_soldiers(tiles)
        key = (bar, total)
        acts = self._sentry_lists.get(key)
        if acts is None:
            acts = []
            for r in range(len(bar) + 1):
                for combo in combinations(bar, r):
                    used = sum(size for _, size in combo)
                    if used <= total and total - used <= self.c.army_cap:
                        acts.append(Sentry(frozenset(t for t, _ in combo)))
            if len(self._sentry_lists) >= _MEMO_MAX:
                self._sentry_lists.clear()
            self._sentry_lists[key] = acts   # stored once complete: another thread may be reading
        return acts

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, a) -> State:
        legal = s._legal or self.legal_actions(s)
        for x in legal:   # callers usually hand back one of these very objects
            if x is a:
                break
        else:
            if a not in legal:
                what = a.describe(s.seats) if hasattr(a, "describe") else "that move"
                raise RulesError(f"Not allowed now (the {s.phase} step): {what}.")
        return self.apply_trusted(s, a)

    def apply_trusted(self, s: State, a) -> State:
        """``apply`` for an action known to be legal (search): the same new State, unchecked."""
        n = _new_state(State)   # s.copy(), inlined: the search makes one per action
        d = n.__dict__ = s.__dict__.copy()
        d["_legal"] = d["_sheets"] = None
        self._do[type(a)](n, a)
        return n

    def _facts_of(self, tiles) -> dict:
        """tile id -> (barracks size, specialist, eggs): worked out once for the rules' own tiles
        (``Tile.specialist`` and ``.eggs`` are computed on every read); tests may bring others."""
        if tiles is self._tiles:
            return self._facts
        return {tid: (t.barracks, t.specialist, t.eggs) for tid, t in tiles.items()}

    def _set_architects(self, n: State, ants: list, player: int, k: int) -> None:
        """R28: the player holds the tokens; each of the player's anthills (in ``ants``) mirrors the count."""
        arch = list(n.architects)
        arch[player] = k
        n.architects = tuple(arch)
        for i, a in enumerate(ants):
            if a.owner == player:
                ants[i] = a._replace(architects=k)

    def _gain(self, n: State, ants: list, ai: int, k: int) -> int:
        """Add up to k soldiers from the reserve to an army (R14 cap, R15 short reserve)."""
        owner, slots, left, count, army, full, tokens = ants[ai]
        k = min(k, n.reserve, self.c.army_cap - army)
        if k <= 0:
            return 0
        n.reserve -= k
        ants[ai] = _new_tuple(Anthill, (owner, slots, left, count, army + k, full, tokens))
        return k

    def _do_take(self, n: State, a: Take) -> None:
        ai, pos = a.anthill, a.position
        ants, line, ls = n.anthills, n.line, n.line_soldiers
        owner, slots, left, count, army, full, tokens = ants[ai]
        tile, found, paid = line[pos], ls[pos], 0
        gaps = self._gaps(n)
        if pos and not a.architect:   # R13: one soldier on each tile before it
            before = (self._payments.get(gaps) or self._new_payments(gaps))[pos]
            paid = len(before)
            ls = list(ls)
            for i in before:
                ls[i] += 1
            ls[pos] = 0
            n.line_soldiers = tuple(ls)
        elif found:
            ls = list(ls)
            ls[pos] = 0
            n.line_soldiers = tuple(ls)
        army += found - paid
        extra = army - self.c.army_cap   # R14: above the cap goes to the reserve
        if extra > 0:
            army -= extra
            n.reserve += extra
        else:
            extra = 0
        ants = list(ants)   # (a list and back makes fewer objects than slicing)
        ants[ai] = _new_tuple(Anthill, (owner, slots, left, count, army, full, tokens))
        if a.architect:   # R28: the token is the player's, whichever anthill receives the tile
            self._set_architects(n, ants, owner, n.architects[owner] - 1)
            n.architect_reserve += 1
        n.anthills = tuple(ants)
        line = list(line)
        line[pos] = None
        n.line = line = tuple(line)
        n._gaps = (line, gaps | 1 << pos)
        n.phase, n.pending, n.active_anthill = "place", tile, ai
        n._legal = _RIGHT_ONLY if count == 0 or count == 9 else _LEFT_OR_RIGHT
        n.log = Log(n.log, (
            ("type", "player", "anthill", "position", "tile", "architect", "paid", "found", "to_reserve"),
            "take",  owner,    ai,        pos,        tile,   a.architect, paid,   found,   extra))

    def _do_place(self, n: State, a: PlaceEnd) -> None:
        ai, tile, ants = n.active_anthill, n.pending, n.anthills
        owner, slots, left, count, army, full, tokens = ants[ai]
        if count == 0:
            slot = left = 0
        elif a.end == "left":
            slot = left = (left - 1) % 10
        else:
            slot = (left + count) % 10
        slots = list(slots)
        slots[slot] = tile
        ant = _new_tuple(Anthill, (owner, tuple(slots), left, count + 1, army, full, tokens))
        n.log = Log(n.log, (("type", "player", "anthill", "end", "slot", "tile"),
                            "place", owner,    ai,        a.end, slot,   tile))
        barracks, specialist, eggs = self._facts_of(n.tiles)[tile]
        ants = list(ants)
        ants[ai] = ant
        if barracks and army >= barracks:   # R19/R21: barracks first (a choice when the army fills them)
            n.anthills = tuple(ants)
            n.pending_slot = slot
            n.phase = "barracks"
            n._legal = _FILL_OR_LEAVE
        elif specialist is None:   # most tiles: the turn ends here
            n.anthills = tuple(ants)
            self._end_turn(n)
        else:
            n.pending_slot = slot
            self._specialist(n, ants, ai, owner, specialist, eggs)

    def _do_barracks(self, n: State, a: FillBarracks) -> None:
        ai, tile = n.active_anthill, n.pending
        ants = list(n.anthills)
        owner, slots, left, count, army, full, tokens = ants[ai]
        barracks, specialist, eggs = self._facts_of(n.tiles)[tile]
        if a.fill:
            army -= barracks
            ants[ai] = _new_tuple(Anthill, (owner, slots, left, count, army, full | {tile}, tokens))
        n.log = Log(n.log, (("type",     "player", "anthill", "tile", "fill"),
                            "barracks", owner,    ai,        tile,   a.fill))
        self._specialist(n, ants, ai, owner, specialist, eggs)

    def _do_sentry(self, n: State, a: Sentry) -> None:
        ai = n.active_anthill
        ants = list(n.anthills)
        owner, slots, left, count, army, full, tokens = ants[ai]
        tiles = n.tiles
        army += ants[ai].barracks_soldiers(tiles) - sum(tiles[t].barracks for t in a.full)
        ants[ai] = _new_tuple(Anthill, (owner, slots, left, count, army, frozenset(a.full), tokens))
        n.anthills = tuple(ants)
        n.log = Log(n.log, (("type",   "player", "anthill", "full",         "army"),
                            "sentry", owner,    ai,        sorted(a.full), army))
        self._end_turn(n)

    def _do_choose_leader(self, n: State, a: ChooseLeader) -> None:
        n.log = Log(n.log, (("type",          "player",        "anthill", "to"),
                            "choose_leader", n.leader_player, a.anthill, n.anthills[a.anthill].owner))
        n.leader = a.anthill
        self._start_round(n)

    def _specialist(self, n: State, ants: list, ai: int, owner: int, specialist, eggs: int) -> None:
        """R16-R18, R20: apply the specialist of the tile just placed in anthill ``ai``; end the turn.
        ``ants``: the anthills as a list, stored on ``n`` here (one tuple per action)."""
        if specialist is None:   # most tiles: nothing to do
            pass
        elif specialist == "nurse":
            got = self._gain(n, ants, ai, eggs)
            n.log = Log(n.log, (("type", "player", "anthill", "eggs", "gained"),
                                "nurse", owner,   ai,        eggs,   got))
        elif specialist == "architect":
            got = 1 if n.architect_reserve > 0 else 0
            if got:
                n.architect_reserve -= 1
                self._set_architects(n, ants, owner, n.architects[owner] + 1)   # R28: to the player
            n.log = Log(n.log, (("type",      "player", "anthill", "gained"),
                                "architect", owner,    ai,        got))
        elif specialist == "sergeant":
            la = n.leader
            lost = 1 if ants[la].army > 0 else 0
            if lost:
                ants[la] = ants[la]._replace(army=ants[la].army - 1)
                n.reserve += 1
            got = self._gain(n, ants, ai, 1)
            n.log = Log(n.log, (("type",     "player", "anthill", "leader_anthill", "lost", "gained"),
                                "sergeant", owner,    ai,        la,               lost,   got))
        n.anthills = tuple(ants)
        if specialist == "sentry":
            acts = self._sentry_actions(ants[ai], n.tiles)
            if len(acts) > 1:
                n.phase = "sentry"
                n._legal = acts
                return
        self._end_turn(n)

    def _end_turn(self, n: State) -> None:
        n.pending = n.pending_slot = n.active_anthill = None
        n.turn_index = turn = n.turn_index + 1
        if turn < len(n.turn_order):
            n.phase = "take"
            return
        # end of round
        if n.round >= n.last_round:   # R22
            n.phase = "over"
            n.turn_index = 0
            n.log = Log(n.log, (("type", "round"), "game_over", n.round))
            return
        if n.expert:
            refill = n.round % self.c.expert_refill_every == 0          # R25
        else:
            refill = len(n.line) - n.line.count(None) < len(n.seats)    # R11: equal -> play on
        if not refill:
            self._start_round(n)
            return
        self._refill(n)
        self._new_leader(n)

    def _refill(self, n: State) -> None:
        """Slide the line to the front (soldiers stay on their tiles), then draw up to 7 (R12)."""
        line = list(filter(None, n.line))   # the tiles left (a tile id is never empty)
        ls = list(compress(n.line_soldiers, n.line))
        size = self.c.line_size
        drawn = n.pile[:size - len(line)]
        events = [(("type", "round", "kept"), "refill", n.round, line[:])]
        for t in drawn:
            events.append((DRAW_EVENT, "draw", len(line), t))
            line.append(t)
        n.log = n.log.add_all(events)
        n.pile = n.pile[len(drawn):]
        n.line = tuple(line) + (None,) * (size - len(line))
        n.line_soldiers = tuple(ls) + (0,) * (size - len(ls))

    def _new_leader(self, n: State) -> None:
        """R9 (base) / R26 (expert): who takes the Red army token at a refill."""
        ants = n.anthills
        cur = n.leader
        if not n.expert:   # the largest army at least as large as the leader's
            m, cands = ants[cur].army, []
            for i, a in enumerate(ants):
                if i != cur and a.army >= m:
                    if a.army > m:
                        m, cands = a.army, []
                    cands.append(i)
            if not cands:
                self._start_round(n)
                return
        else:
            m = max(a.army for a in ants)
            top = [i for i, a in enumerate(ants) if a.army == m]
            if cur in top and len(top) == 1:
                self._start_round(n)
                return
            me = ants[cur].owner
            opp = [i for i in top if ants[i].owner != me]
            cands = opp or top
        if len(cands) == 1:
            if cands[0] != cur:
                n.log = Log(n.log, (("type", "anthill", "player",             "from"),
                                    "leader", cands[0], ants[cands[0]].owner, cur))
                n.leader = cands[0]
            self._start_round(n)
            return
        n.phase = "leader"
        n.leader_choices = tuple(cands)

    def _start_round(self, n: State) -> None:
        n.round += 1
        p0 = n.anthills[n.leader].owner
        n.turn_order = self._orders[len(n.seats)][p0]   # R10
        n.turn_index = 0
        n.phase = "take"
        n.leader_choices = ()
        n.log = Log(n.log, (ROUND_EVENT, "round", n.round, n.leader, p0))

    # ------------------------------------------------------------------ scoring
    def scorer_for(self, tiles, consts) -> Scorer:
        """The Scorer of a tile set: the rules' own, or one remembered here for other tiles
        (tests, fuzzed data), keyed by the objects' ids (the Scorer keeps both alive)."""
        if tiles is self._tiles and consts is self.c:
            return self.scorer
        key = (id(tiles), id(consts))
        sc = self._scorers.get(key)
        if sc is None:
            sc = Scorer(tiles, consts)
            if len(self._scorers) >= _SCORERS_MAX:
                self._scorers.clear()
            self._scorers[key] = sc
        return sc

    def anthill_lines(self, s: State) -> list[dict]:
        return anthill_lines(s.anthills, s.tiles, self.c, self.scorer_for(s.tiles, self.c))

    def score_sheets(self, s: State) -> list[ScoreSheet]:
        """Per player, line by line (the same list every time for a State: do not modify it)."""
        sheets = s._sheets
        if sheets is None:
            sheets = s._sheets = self._score_sheets(s)
        return sheets

    def _score_sheets(self, s: State) -> list[ScoreSheet]:
        per_anthill = anthill_values(s.anthills, s.tiles, self.c, self.scorer_for(s.tiles, self.c))
        if not s.expert:   # anthill p is player p's
            return [ScoreSheet(p, dict(zip(LINES, values)), {"army": a.army})
                    for p, (a, values) in enumerate(zip(s.anthills, per_anthill))]
        sheets = [ScoreSheet(p, dict.fromkeys(LINES, 0), {"army": 0}) for p in range(len(s.seats))]
        for a, values in zip(s.anthills, per_anthill):
            sh = sheets[a.owner]
            sh.tiebreak["army"] += a.army
            lines = sh.lines
            for k, v in zip(LINES, values):
                lines[k] += v
        return sheets

    def winners(self, s: State) -> list[int]:
        """R23: most VP, then largest army (summed in expert mode), then shared."""
        return winners_by_sheets(self.score_sheets(s))

    # ------------------------------------------------------------------ hidden info
    def observe(self, s: State, player: int) -> State:
        n = s.copy()
        n.pile = tuple(sorted(s.pile))
        n.pile_hidden = True
        n.rng = None
        return n

    def determinize(self, s: State, player: int, rng) -> State:
        n = s.copy()
        pile = list(s.pile)
        r = rng.copy() if hasattr(rng, "copy") else Rng(rng.next64())
        r.shuffle(pile)
        n.pile = tuple(pile)
        n.pile_hidden = False
        n.rng = Rng(r.next64())
        return n

    # ------------------------------------------------------------------ records
    def record_setup(self, s: State) -> dict:
        return {
            "tiles": {t: s.tiles[t].to_record() for t in self.data.tile_ids},
            "line": list(s.setup_line),
            "leader": 0,
            "expert": s.expert,
            "anthills": [{"anthill": i, "player": a.owner} for i, a in enumerate(s.anthills)],
        }

    def final_extra(self, s: State) -> dict:
        return {"anthills": [
            {"player": a.owner, "anthill": i,
             "slots": {k: t for k, t in enumerate(a.slots) if t is not None},
             "army": a.army, "full_barracks": sorted(a.full)}
            for i, a in enumerate(s.anthills)]}

    def action_from_event(self, s: State, ev: dict):
        t = ev.get("type")
        if t == "take":
            return Take(int(ev["position"]), bool(ev["architect"]), int(ev["anthill"]))
        if t == "place":
            return PlaceEnd(str(ev["end"]))
        if t == "barracks":
            return FillBarracks(bool(ev["fill"]))
        if t == "sentry":
            return Sentry(frozenset(ev["full"]))
        if t == "choose_leader":
            return ChooseLeader(int(ev["anthill"]))
        return None


_RIGHT_ONLY = [PlaceEnd("right")]
_LEFT_OR_RIGHT = [PlaceEnd("left"), _RIGHT_ONLY[0]]
_FILL_OR_LEAVE = [FillBarracks(True), FillBarracks(False)]

_RULES: MicropolisRules | None = None
_RULES_LOCK = threading.Lock()   # the drawing thread and the AI thread may ask first at once


def get_rules() -> MicropolisRules:
    """The game's rules object (it owns the data and what the engine remembers)."""
    global _RULES
    rules = _RULES
    if rules is None:
        with _RULES_LOCK:
            if _RULES is None:
                _RULES = MicropolisRules()
            rules = _RULES
    return rules
