"""Micropolis rules core (rulings R1-R28 of ../shared/components/micropolis.md).

Seat 0 plays the youngest player: the first Military leader.

Built for search: ``apply_trusted`` skips the legality check; legal actions and score
sheets are worked out once per State and remembered on it (States never change after
``apply``), and the lists returned are shared, so callers must not modify them. The
action objects are made once per rules object and reused.
"""
from __future__ import annotations

from itertools import combinations

from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, RulesError, ScoreSheet, winners_by_sheets

from .data import get_data
from .scoring import LINES, anthill_lines
from .state import Anthill, ChooseLeader, FillBarracks, PlaceEnd, Sentry, State, Take

_EMPTY10 = (None,) * 10


class MicropolisRules:
    id = "micropolis"
    title = "Micropolis"
    min_players = 2
    max_players = 6
    seat_colors = ["red", "blue", "green", "yellow", "purple", "orange"]
    options_spec = [{"key": "expert", "label": "Expert mode: two anthills each (2-3 players)",
                     "type": "bool", "default": False}]

    def __init__(self, data=None):
        self.data = data or get_data()
        self.c = c = self.data.constants
        most = max(c.max_players, max(c.expert_players) * c.anthills_per_player_expert)
        # _takes[anthill][position] = (pay with soldiers, spend an Architect token)
        self._takes = [[(Take(pos, False, ai), Take(pos, True, ai)) for pos in range(c.line_size)]
                       for ai in range(most)]
        # _orders[players][first] = turn order of a round started by ``first`` (R10: clockwise)
        self._orders = [[tuple((p0 + i) % k for i in range(k)) for p0 in range(k)] for k in range(most + 1)]
        self._do = {Take: self._do_take, PlaceEnd: self._do_place, FillBarracks: self._do_barracks,
                    Sentry: self._do_sentry, ChooseLeader: self._do_choose_leader}

    # ------------------------------------------------------------------ setup
    def validate_setup(self, seats, options) -> str | None:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            return f"Micropolis needs {self.min_players} to {self.max_players} players (got {n})."
        if (options or {}).get("expert") and n not in self.c.expert_players:
            return "Expert mode is for 2 or 3 players only."
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
        anthills = tuple(Anthill(p, _EMPTY10, 0, 0, c.soldiers_per_foundation, frozenset(), 0)
                         for p in range(n) for _ in range(per))
        line = tuple(pile[:c.line_size])
        log = EMPTY_LOG
        for i, t in enumerate(line):
            log = log.add({"type": "draw", "position": i, "tile": t})
        s = State(
            seats=list(seats), expert=expert, tiles=self.data.tiles, consts=c, anthills=anthills,
            line=line, line_soldiers=(0,) * c.line_size, pile=tuple(pile[c.line_size:]), pile_hidden=False,
            reserve=c.soldiers - c.soldiers_per_foundation * len(anthills),
            architect_reserve=c.architect_tokens, architects=(0,) * n, leader=0, round=1, last_round=10 * per,
            turn_order=tuple(range(n)), turn_index=0, phase="take", pending=None, pending_slot=None,
            active_anthill=None, leader_choices=(), setup_line=line, rng=rng, log=log)
        s.log = s.log.add({"type": "round", "round": 1, "leader": 0, "player": 0})
        return s

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return s.current_player

    def is_over(self, s: State) -> bool:
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        """The decisions open in ``s`` (the same list every time: do not modify it)."""
        acts = s._legal
        if acts is None:
            acts = s._legal = self._legal_actions(s)
        return acts

    def _legal_actions(self, s: State) -> list:
        ph = s.phase
        if ph == "take":
            return self._take_actions(s)
        if ph == "place":
            a = s.anthills[s.active_anthill]
            if a.count == 0 or a.count == 9:
                return [_RIGHT]
            return [_LEFT, _RIGHT]
        if ph == "barracks":
            return [_FILL, _LEAVE]
        if ph == "sentry":
            return [Sentry(f) for f in self.sentry_options(s, s.active_anthill)]
        if ph == "leader":
            return [ChooseLeader(x) for x in s.leader_choices]
        return []

    def _take_actions(self, s: State) -> list:
        p = s.turn_order[s.turn_index]
        token = s.architects[p] > 0
        present = [pos for pos, t in enumerate(s.line) if t is not None]
        out = []
        for ai, a in enumerate(s.anthills):
            if a.owner != p or a.count >= 10:
                continue
            takes = self._takes[ai]
            if not token:   # R13: pay one soldier per tile before it, from the army only
                out += [takes[pos][0] for pos in present[:a.army + 1]]
                continue
            for cost, pos in enumerate(present):
                pay, spend = takes[pos]
                if cost <= a.army:
                    out.append(pay)
                if cost:   # R17: a token makes any tile free; R28: any own anthill
                    out.append(spend)
        return out

    def sentry_options(self, s: State, ai: int) -> list[frozenset]:
        """R20: every arrangement where each barracks is full or empty and the army <= cap."""
        a = s.anthills[ai]
        tiles = s.tiles
        bar = [t for t in a.slots if t is not None and tiles[t].barracks]
        total = a.army + a.barracks_soldiers(tiles)
        out = []
        for r in range(len(bar) + 1):
            for combo in combinations(bar, r):
                used = sum(tiles[t].barracks for t in combo)
                if used <= total and total - used <= self.c.army_cap:
                    out.append(frozenset(combo))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, a) -> State:
        if not self._is_legal(s, a):
            what = a.describe(s.seats) if hasattr(a, "describe") else "that move"
            raise RulesError(f"Not allowed now (the {s.phase} step): {what}.")
        return self.apply_trusted(s, a)

    def _is_legal(self, s: State, a) -> bool:
        legal = self.legal_actions(s)
        for x in legal:   # callers usually hand back one of these very objects
            if x is a:
                return True
        return a in legal

    def apply_trusted(self, s: State, a) -> State:
        """``apply`` for an action known to be legal (search): the same new State, unchecked."""
        n = s.copy()
        self._do[type(a)](n, a)
        return n

    @staticmethod
    def _put(n: State, ai: int, ant: Anthill) -> None:
        ants = list(n.anthills)
        ants[ai] = ant
        n.anthills = tuple(ants)

    @staticmethod
    def _set_army(n: State, ai: int, army: int) -> None:
        ants = list(n.anthills)
        a = ants[ai]
        ants[ai] = Anthill(a.owner, a.slots, a.left, a.count, army, a.full, a.architects)
        n.anthills = tuple(ants)

    def _set_architects(self, n: State, player: int, k: int) -> None:
        """R28: the player holds the tokens; each of the player's anthills mirrors the count."""
        arch = list(n.architects)
        arch[player] = k
        n.architects = tuple(arch)
        n.anthills = tuple(a._replace(architects=k) if a.owner == player else a for a in n.anthills)

    def _gain(self, n: State, ai: int, k: int) -> int:
        """Add up to k soldiers from the reserve to an army (R14 cap, R15 short reserve)."""
        a = n.anthills[ai]
        k = max(0, min(k, n.reserve, self.c.army_cap - a.army))
        if k:
            n.reserve -= k
            self._set_army(n, ai, a.army + k)
        return k

    def _do_take(self, n: State, a: Take) -> None:
        ai, pos = a.anthill, a.position
        ant = n.anthills[ai]
        line, ls = n.line, list(n.line_soldiers)
        tile = line[pos]
        paid = 0
        if not a.architect:
            for i in range(pos):
                if line[i] is not None:
                    ls[i] += 1
                    paid += 1
        found = ls[pos]
        ls[pos] = 0
        army = ant.army - paid + found
        extra = max(0, army - self.c.army_cap)   # R14: above the cap goes to the reserve
        if extra:
            army -= extra
            n.reserve += extra
        self._set_army(n, ai, army)
        if a.architect:   # R28: the token is the player's, whichever anthill receives the tile
            self._set_architects(n, ant.owner, n.architects[ant.owner] - 1)
            n.architect_reserve += 1
        n.line, n.line_soldiers = line[:pos] + (None,) + line[pos + 1:], tuple(ls)
        n.phase, n.pending, n.pending_slot, n.active_anthill = "place", tile, None, ai
        n.log = n.log.add({"type": "take", "player": ant.owner, "anthill": ai, "position": pos, "tile": tile,
                           "architect": a.architect, "paid": paid, "found": found, "to_reserve": extra})

    def _do_place(self, n: State, a: PlaceEnd) -> None:
        ai = n.active_anthill
        ant = n.anthills[ai]
        if ant.count == 0:
            slot, left = 0, 0
        elif a.end == "left":
            slot = left = (ant.left - 1) % 10
        else:
            slot, left = (ant.left + ant.count) % 10, ant.left
        slots = ant.slots[:slot] + (n.pending,) + ant.slots[slot + 1:]
        self._put(n, ai, Anthill(ant.owner, slots, left, ant.count + 1, ant.army, ant.full, ant.architects))
        n.pending_slot = slot
        n.log = n.log.add({"type": "place", "player": ant.owner, "anthill": ai, "end": a.end,
                           "slot": slot, "tile": n.pending})
        tile = n.tiles[n.pending]
        # R19/R21: barracks first (a choice only when the army can fill every slot)
        if tile.barracks and ant.army >= tile.barracks:
            n.phase = "barracks"
            return
        self._specialist(n, ai, tile, ant.owner)

    def _do_barracks(self, n: State, a: FillBarracks) -> None:
        ai = n.active_anthill
        ant = n.anthills[ai]
        size = n.tiles[n.pending].barracks
        if a.fill:
            self._put(n, ai, Anthill(ant.owner, ant.slots, ant.left, ant.count, ant.army - size,
                                     ant.full | {n.pending}, ant.architects))
        n.log = n.log.add({"type": "barracks", "player": ant.owner, "anthill": ai, "tile": n.pending,
                           "fill": a.fill})
        self._specialist(n, ai, n.tiles[n.pending], ant.owner)

    def _do_sentry(self, n: State, a: Sentry) -> None:
        ai = n.active_anthill
        ant = n.anthills[ai]
        total = ant.army + ant.barracks_soldiers(n.tiles)
        used = sum(n.tiles[t].barracks for t in a.full)
        self._put(n, ai, ant._replace(army=total - used, full=frozenset(a.full)))
        n.log = n.log.add({"type": "sentry", "player": ant.owner, "anthill": ai, "full": sorted(a.full),
                           "army": total - used})
        self._end_turn(n)

    def _do_choose_leader(self, n: State, a: ChooseLeader) -> None:
        n.log = n.log.add({"type": "choose_leader", "player": n.leader_player, "anthill": a.anthill,
                           "to": n.anthills[a.anthill].owner})
        n.leader = a.anthill
        self._start_round(n)

    def _specialist(self, n: State, ai: int, tile, owner: int) -> None:
        """R16-R18, R20: apply the specialist of ``tile``, just placed in anthill ``ai``; end the turn."""
        sp = tile.specialist
        if sp == "nurse":
            got = self._gain(n, ai, tile.eggs)
            n.log = n.log.add({"type": "nurse", "player": owner, "anthill": ai, "eggs": tile.eggs, "gained": got})
        elif sp == "architect":
            got = 1 if n.architect_reserve > 0 else 0
            if got:
                n.architect_reserve -= 1
                self._set_architects(n, owner, n.architects[owner] + 1)   # R28: to the player
            n.log = n.log.add({"type": "architect", "player": owner, "anthill": ai, "gained": got})
        elif sp == "sergeant":
            la = n.leader
            lost = 1 if n.anthills[la].army > 0 else 0
            if lost:
                self._set_army(n, la, n.anthills[la].army - 1)
                n.reserve += 1
            got = self._gain(n, ai, 1)
            n.log = n.log.add({"type": "sergeant", "player": owner, "anthill": ai, "leader_anthill": la,
                               "lost": lost, "gained": got})
        elif sp == "sentry" and len(self.sentry_options(n, ai)) > 1:
            n.phase = "sentry"
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
            n.log = n.log.add({"type": "game_over", "round": n.round})
            return
        if n.expert:
            refill = n.round % self.c.expert_refill_every == 0          # R25
        else:
            refill = len(n.line) - n.line.count(None) < n.n_players     # R11: equal -> play on
        if not refill:
            self._start_round(n)
            return
        self._refill(n)
        self._new_leader(n)

    def _refill(self, n: State) -> None:
        """Slide the line to the front (soldiers stay on their tiles), then draw up to 7 (R12)."""
        kept = [(t, k) for t, k in zip(n.line, n.line_soldiers) if t is not None]
        line = [t for t, _ in kept]
        ls = [k for _, k in kept]
        pile = n.pile
        drawn = 0
        n.log = n.log.add({"type": "refill", "round": n.round, "kept": line[:]})
        while len(line) < self.c.line_size and drawn < len(pile):
            t = pile[drawn]
            drawn += 1
            n.log = n.log.add({"type": "draw", "position": len(line), "tile": t})
            line.append(t)
            ls.append(0)
        while len(line) < self.c.line_size:
            line.append(None)
            ls.append(0)
        n.pile = pile[drawn:]
        n.line, n.line_soldiers = tuple(line), tuple(ls)

    def _new_leader(self, n: State) -> None:
        """R9 (base) / R26 (expert): who takes the Red army token at a refill."""
        ants = n.anthills
        cur = n.leader
        if not n.expert:
            lv = ants[cur].army
            chal = [i for i, a in enumerate(ants) if i != cur and a.army >= lv]
            if not chal:
                self._start_round(n)
                return
            m = max(ants[i].army for i in chal)
            cands = [i for i in chal if ants[i].army == m]
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
                n.log = n.log.add({"type": "leader", "anthill": cands[0], "player": ants[cands[0]].owner,
                                   "from": cur})
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
        n.log = n.log.add({"type": "round", "round": n.round, "leader": n.leader, "player": p0})

    # ------------------------------------------------------------------ scoring
    def anthill_lines(self, s: State) -> list[dict]:
        return anthill_lines(s.anthills, s.tiles, self.c)

    def score_sheets(self, s: State) -> list[ScoreSheet]:
        """Per player, line by line (the same list every time for a State: do not modify it)."""
        sheets = s._sheets
        if sheets is None:
            sheets = s._sheets = self._score_sheets(s)
        return sheets

    def _score_sheets(self, s: State) -> list[ScoreSheet]:
        sheets = [ScoreSheet(p, dict.fromkeys(LINES, 0), {"army": 0}) for p in range(len(s.seats))]
        for a, lines in zip(s.anthills, self.anthill_lines(s)):
            sh = sheets[a.owner]
            sh.tiebreak["army"] += a.army
            for k, v in lines.items():
                sh.lines[k] += v
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


_LEFT, _RIGHT = PlaceEnd("left"), PlaceEnd("right")
_FILL, _LEAVE = FillBarracks(True), FillBarracks(False)

_RULES: MicropolisRules | None = None


def get_rules() -> MicropolisRules:
    global _RULES
    if _RULES is None:
        _RULES = MicropolisRules()
    return _RULES
