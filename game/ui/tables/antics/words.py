"""The Antics! table's words: events and moves as a player reads them, trails and places of the
board by name, why the end is near, what the bar and the hints say, the results' notes.

Pure (no pygame): a headless tool can print a readable log with ``Words(rules, seats,
nodes).describe_event(ev, state)``. ``nodes`` is the board map's clearing and fork positions
(node id -> (x, y) in map pixels), used to name a fork by its compass direction.
"""
from __future__ import annotations

import math

from game.games.antics.data import ACTION_WORDS
from game.games.antics.state import (LEAF_PREFIX, Bridge, BuildCell, BuildDir, BuildOrient, BuildTile, Discard,
                                     EndActions, Hatch, HeaveHome, HeaveMove, HeavePick, PickUp, PlaceAnt, ScoutTake,
                                     Steal, Stop, StorePrey, UseMagnificant, UseSpace, item_name)
from game.ui.tables.words import join_words

ACTION_HELP = {
    "scout": "take tiles from the scout fields",
    "build": "build tiles from your hand onto your hill",
    "hatch": "hatch ants into the hatching areas",
    "ants": "send hatched ants onto trails, or take ants, guards and waiting ants back into your supply",
    "heave": "move food from ant to ant towards home",
    "fungus": "scores its level at the end if a leaf lies on it (+2 for green)",
}
PHASE_HINTS = {
    "scout": "Scout: click a tile in the lit field (you must take one from each field up to the level)",
    "build_tile": "Build: click a tile in your hand",
    "build_cell": "Build: point at a lit hex to see the tile there, R or the wheel turns it, click to place it",
    "build_dir": "Build: click the second hex",
    "build_orient": "Build: choose which symbol lies on the first hex",
    "hatch": "Hatch: click a lit hatching area (or Stop)",
    "ants": "ANTS!: click a lit trail to send an ant or take one back (or Stop)",
    "heave": "Heave: click a lit clearing, trail or the ant-hill (or Stop)",
    "store": "Store your prey: click a free hex of your hill",
    "discard": "Too many tiles: click one in your hand to put back",
    "order": "Anteaters arrive together: choose which comes first",
}
PHASE_GUIDES = {
    "act": "Choose an action: click a hex of your ant-hill. Its level (the number) is how many "
           "times you may do that action now. Scout brings tiles, Build raises your hill, Hatch and "
           "ANTS! put ants on the trails, Heave brings food home.",
    "scout": "Take a tile from the lit scout field (click a row, or keys 1-3): tiles go to your hand.",
    "build_tile": "Pick a tile from your hand to build onto your hill.",
    "build_cell": "Point at a glowing hex: the tile shows where it would lie, beside the hill or on top "
                  "of two different tiles. R or the mouse wheel turns it (F flips it); click to build it.",
    "build_dir": "Click where its second half goes.",
    "build_orient": "Choose which symbol lies on the first hex.",
    "hatch": "Click a hatching area: an ant leaves your supply and waits there for its trail.",
    "ants": "Click a glowing trail of the same terrain as the ant: it must join your ants already out "
            "or the ant-hill in the middle. Soldiers guard trails. A lit ant, guard or hatching area "
            "can be taken back into your supply instead.",
    "heave": "Food moves ant to ant towards the middle: click the prey or leaf to pick it up, then the "
             "trail it passes to, until it reaches home.",
    "store": "Store the prey you brought home on a free hex of your hill (or beside it).",
    "discard": "You may keep three tiles: choose one to put back in the bag.",
}
NOTHING_WHY = {"build": "you have no tile in your hand", "scout": "the scout fields it reaches are empty",
               "hatch": "no ant is left in your supply", "ants": "you have no ant to send out or take back",
               "heave": "none of your ants can pick up or pass on food"}
END_REASONS = {"bag": "the bag ran out of tiles before the scout fields were full again",
               "prey": "at most one clearing still has prey on it",
               "stall": "a whole round went by without anyone taking an action"}


PREY_PER_PLAYER_ROUND = 0.27   # prey leaving the board a player a round (measured over Medium games at 3 and 4 seats)


def kinds_on_board(state) -> int:
    """Prey kinds with prey still on their clearing (ruling 22 ends the game at one)."""
    return sum(1 for k in state.prey_left if k)


def plural(n: int, word: str) -> str:
    """"1 ant", "3 ants", "2 butterflies", "5 brown leaves"."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("leaf"):
        return f"{n} {word[:-1]}ves"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


def item_words(item) -> str:
    """A carried item (a prey id or a leaf) in words; "food" when unknown."""
    return f"a {item_name(item)}" if isinstance(item, str) else "food"


def tile_words(tile) -> str:
    """A tile's two halves: "Scout / Build"."""
    return " / ".join(ACTION_WORDS.get(x, x) for x in tile)


def unused_question(actions_left: int) -> str:
    """The question before ending a turn with actions unused."""
    return f"You still have {plural(actions_left, 'action')}. Press Enter again to end your turn."


def score_words(now: int, then: int) -> tuple[str, str]:
    """("12 pts", "(17 if carried items get home)"; the second empty when nothing would change)."""
    return f"{now} pts", (f"({then} if carried items get home)" if then != now else "")


class Words:
    """The words of one table: its rules, its seats (their names) and the board's node positions.
    Trail and place names are worked out once per table and kept here."""

    def __init__(self, rules, seats, nodes):
        self.rules, self.seats, self.nodes = rules, seats, nodes
        self._places: dict = {}       # node -> its name
        self._hops = None             # node -> trails from the ant-hill on foot

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # ------------------------------------------------------------------ events
    def describe_event(self, ev, state):
        t = ev.get("type")
        names = self.names

        def who(key="player"):
            i = ev.get(key)
            return names[i] if isinstance(i, int) and 0 <= i < len(names) else "?"

        d = state.data
        if t == "round":
            return f"Round {ev['round']}: {who()} starts."
        if t == "turn":
            return f"{who()}'s turn ({plural(ev.get('actions', 3), 'action')})."
        if t == "action":
            word = ACTION_WORDS.get(ev["action"], ev["action"])
            if ev.get("magnificant"):
                return f"{who()} uses the magnificANT: {word} at level 1."
            return f"{who()} takes {word} at level {ev['level']}."
        if t == "scout":
            a, b = d.tiles[ev["tile"]]
            return f"{who()} takes a {ACTION_WORDS.get(a, a)} / {ACTION_WORDS.get(b, b)} tile."
        if t == "build":
            (q1, r1, s1), (q2, r2, s2) = ev["cells"]
            return (f"{who()} builds {ACTION_WORDS.get(s1, s1)} and {ACTION_WORDS.get(s2, s2)}"
                    f" at level {ev['level']}.")
        if t == "hatch":
            area = next((a for a in d.areas if a.id == ev["area"]), None)
            return f"{who()} hatches a {'soldier' if area and area.soldier else ev['area'] + ' ant'}."
        if t == "place_ant":
            return f"{who()} sends a {ev['area']} ant onto {self.trail_words(ev['trail'])}."
        if t == "guard":
            return f"{who()} puts a guard soldier on {self.trail_words(ev['trail'])}."
        if t == "bridge":
            return f"{who()} bridges the chasm with three soldiers."
        if t == "pick_up":
            where = ev.get("where")
            if ev.get("kind") == "area":
                return f"{who()} takes an ant waiting in the {where} area back into the supply."
            what = "a guard soldier" if ev.get("kind") == "guard" else "an ant"
            also = " and the guard soldier with it" if ev.get("guard_home") else ""
            return f"{who()} takes {what}{also} back from {self.trail_words(where)} into the supply."
        if t == "heave":
            if ev["how"] == "pick":
                what = ev.get("item") or "food"
                return f"{who()} picks up {item_words(what)}."
            if ev["how"] == "home":
                return f"{who()} heaves {item_words(ev.get('item', 'food'))} home."
            return None
        if t == "steal":
            return f"{who()} steals {item_words(ev.get('item', 'food'))} from {who('victim')}."
        if t == "store":
            return f"{who()} stores a {ev['prey']}" + (" on the hill." if ev.get("cell") else " beside the hill.")
        if t == "discard":
            return f"{who()} puts a tile back in the bag."
        if t == "end_actions":
            return None
        if t == "attack":
            face = ev.get("colour", "?")
            bits = []
            if ev.get("prey"):
                bits.append(f"eats a {ev['prey']}")
            if ev.get("area"):
                lost = [f"{names[p]} {k}" for p, k in enumerate(ev.get("ants", [])) if k]
                bits.append(f"eats the ants in the {ev['area']} area ({', '.join(lost)})")
            if not bits:
                bits.append("finds nothing to eat")
            return f"The {face} anteater arrives and {' and '.join(bits)}."
        if t == "reset":
            return "All three anteaters are home: they turn over and start again."
        if t == "end_triggered":
            return f"The end is near: {self.end_reason(ev.get('reason'), d)}. Everyone, {who()} included, has one more turn."
        if t == "game_over":
            return "The game is over."
        return None

    @staticmethod
    def end_reason(reason, data) -> str:
        """Why the end was triggered, in words ("" for an unknown reason)."""
        if reason == "rounds":
            return f"{data.stall_rounds} rounds have been played"
        return END_REASONS.get(reason, "")

    def result_notes(self, state):
        """Per player: the prey that scored and where each leaf went (ruling 37)."""
        out = []
        for p in range(len(self.seats)):
            prey = sorted(set(state.stored[p].values()) | set(state.beside[p]))
            bits = [f"{len(prey)} prey ({', '.join(prey)}) score {len(prey) ** 2}" if prey else "no prey"]
            for _, level, leaf in self.rules.fungus_use(state, p):
                bonus = self.rules.leaf_bonus[leaf]
                pts = f"{level} + {bonus}" if bonus else f"{level}"
                bits.append(f"{leaf} leaf on a level {level} fungus: {pts}")
            unused = sum(state.leaves[p]) - len(self.rules.fungus_use(state, p))
            if unused > 0:
                bits.append(f"{unused} leaf without a free fungus" if unused == 1
                            else f"{unused} leaves without a free fungus")
            out.append((p, "; ".join(bits) + "."))
        return out

    def eater_words(self, state, row) -> str:
        """What the anteater of a scout row eats: by the guide's line for its arrival order at
        field 1 (every order it can still get, or the one it got)."""
        d = state.data
        face = state.faces[row][1]
        pi = self.rules.colour_prey.get(face)
        prey = d.prey[pi].name if pi is not None else "prey"
        search = f"the ants of the first hatching area with any, searching from the {d.anteater_area.get(face, '?')} area"
        meal = {"prey": f"a {prey} still on its clearing", "ants": search,
                "prey_and_ants": f"a {prey} still on its clearing and {search}"}
        eats = tuple(d.guide.get(len(state.seats), ()))
        order = ("1st", "2nd", "3rd")
        if row in state.arrived:
            k = state.arrived.index(row)
            return (f"The {face} anteater came {order[k]} to field 1 and has had its meal (for the {order[k]}: "
                    f"{meal.get(eats[k], eats[k])}); it waits there until all three have arrived")
        by_meal: dict = {}
        for k in range(len(state.arrived), len(eats)):
            by_meal.setdefault(eats[k], []).append(order[k])
        head = f"The {face} anteater, at field {state.eater_field(row)}"
        if len(by_meal) == 1:
            (e, ranks), = by_meal.items()
            return f"{head}: reaching field 1 {' or '.join(ranks)}, it eats {meal.get(e, e)}"
        parts = [f"{' or '.join(ranks)}, {meal.get(e, e)}" for e, ranks in by_meal.items()]
        return f"{head}: what it eats depends on the order it reaches field 1 in. " + "; ".join(parts)

    # ------------------------------------------------------------------ places
    def place_words(self, node: str) -> str:
        """A board place in words a player can find: the ant-hill, a clearing, an end of the chasm,
        or a fork by its compass direction from the ant-hill (next to it) or from the nearest of
        those landmarks."""
        got = self._places.get(node)
        if got is None:
            got = self._places[node] = self._place_words(node)
        return got

    def _place_words(self, node: str) -> str:
        r, d = self.rules, self.rules.d
        if node == r.hill_node:
            return "the ant-hill"
        if node in r.prey_at:
            return f"the {d.prey[r.prey_at[node]].name} clearing"
        if node in r.leaf_at:
            return f"the {d.leaves[r.leaf_at[node]].id} leaves"
        pos = self.nodes
        if node not in pos:
            return "a fork of the trails"
        if node in r.chasm_ends:
            other = next(x for x in r.chasm_ends if x != node)
            return f"the {'west' if pos[node][0] < pos.get(other, pos[node])[0] else 'east'} end of the chasm"
        beside_hill = any(r.hill_node in r.ends[t] for t in r.node_trails[node])
        marks = [r.hill_node] + [n for n in (*r.prey_at, *r.leaf_at) if n in pos]
        mark = r.hill_node if beside_hill else min(marks, key=lambda m: math.dist(pos[m], pos[node]))
        (x, y), (mx, my) = pos[node], pos[mark]
        ang = math.degrees(math.atan2(my - y, x - mx)) % 360          # the map's y grows downwards
        compass = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
        return f"the fork {compass[int((ang + 22.5) // 45) % 8]} of {self._place_words(mark)}"

    def trail_words(self, trail: str) -> str:
        """A trail in words: its terrain and its two ends, the one nearer the ant-hill first."""
        r = self.rules
        if trail == r.chasm:
            return "the chasm"
        tr = r.d.trails.get(trail)
        if tr is None:
            return "a trail"
        dist = self._hops
        if dist is None:
            dist, todo = {r.hill_node: 0}, [r.hill_node]
            for n in todo:                                             # breadth first, on foot
                for t in r.node_trails[n]:
                    if t != r.chasm:
                        m = next(x for x in r.ends[t] if x != n)
                        if m not in dist:
                            dist[m] = dist[n] + 1
                            todo.append(m)
            self._hops = dist
        a, b = sorted(tr.ends, key=lambda n: dist.get(n, 99))
        return f"the {' and '.join(tr.terrains)} trail from {self.place_words(a)} to {self.place_words(b)}"

    def reached_by(self, node: str) -> str:
        """Which ants can reach a clearing: the terrains of the trails that end there."""
        r = self.rules
        kinds = sorted({" and ".join(r.d.trails[t].terrains) for t in r.node_trails[node] if t != r.chasm})
        if not kinds:
            return "no trail reaches it"
        return f"reach it with a {join_words(kinds, 'or')} ant"

    def carried_words(self, state, trail: str) -> str:
        """What the player to move's ant on ``trail`` carries: "the dragonfly", "the green leaf"."""
        item = state.ants[state.player].get(trail)
        return f"the {item_name(item)}" if isinstance(item, str) else "the food"

    def food_at_words(self, node: str) -> str:
        """The food lying at clearing ``node``: "a dragonfly", "a brown leaf"."""
        r = self.rules
        if node in r.prey_at:
            return item_words(r.prey_ids[r.prey_at[node]])
        if node in r.leaf_at:
            return item_words(LEAF_PREFIX + r.leaf_ids[r.leaf_at[node]])
        return "the food"

    # ------------------------------------------------------------------ moves
    def action_words(self, a, state) -> str:
        """A move in words a player reads in a menu, the keyboard focus or a hint (the tile being
        built at a hex is the build ghost's to say)."""
        names = self.names
        p = state.player
        if isinstance(a, UseSpace):
            stack = state.hills[p].get(a.cell, ())
            sym = ACTION_WORDS.get(stack[-1][1], "the") if stack else "the"
            return f"{sym} at level {len(stack)} (this hex)"
        if isinstance(a, UseMagnificant):
            return f"magnificANT: {ACTION_WORDS.get(a.action, a.action)} at level 1"
        if isinstance(a, EndActions):
            return "End your turn"
        if isinstance(a, ScoutTake):
            return f"Take the tile in row {a.row + 1} of field {state.field}"
        if isinstance(a, (BuildTile, Discard)):
            halves = tile_words(state.data.tiles[a.tile])
            return f"Build with the {halves} tile" if isinstance(a, BuildTile) else \
                f"Put the {halves} tile back in the bag"
        if isinstance(a, (BuildCell, BuildDir)):
            level = len(state.hills[p].get(a.cell, ())) + 1
            half = "first" if isinstance(a, BuildCell) else "second"
            return f"Its {half} half here, at level {level}"
        if isinstance(a, BuildOrient):
            return f"{ACTION_WORDS.get(a.symbol, a.symbol)} on the first hex"
        if isinstance(a, Hatch):
            return f"Hatch in the {a.area} area"
        if isinstance(a, PlaceAnt):
            area = next(x for x in state.data.areas if x.id == a.area)
            return "Guard with a soldier" if area.soldier else f"Send a {a.area} ant"
        if isinstance(a, Bridge):
            return "Build the bridge over the chasm"
        if isinstance(a, Stop):
            return "Stop this action"
        if isinstance(a, HeaveMove):
            return f"Heave {self.carried_words(state, a.src)} on to {self.trail_words(a.dst)}"
        if isinstance(a, HeaveHome):
            return f"Heave {self.carried_words(state, a.trail)} home"
        if isinstance(a, HeavePick):
            return f"Pick up {self.food_at_words(a.node)} here"
        if isinstance(a, Steal):
            return f"Steal from {names[a.victim]}"
        if isinstance(a, PickUp):
            return {"ant": "Take back this ant", "guard": "Take back this guard",
                    "area": f"Take back an ant from the {a.where} area"}.get(a.kind, "Take back an ant")
        if isinstance(a, StorePrey):
            return "Store the prey on this hex" if a.cell is not None else "Keep the prey beside the hill"
        return a.describe(self.seats)

    def changes_nothing(self, state, action) -> str:
        """Why taking this action (a hex of the hill or the magnificANT) now would change nothing but
        the marker it spends ("" when it does something or asks for a choice)."""
        if not isinstance(action, (UseSpace, UseMagnificant)):
            return ""
        after = self.rules.apply(state, action)               # a new state: ``state`` is not changed
        if after.phase != "act" or after.player != state.player:
            return ""
        if any(getattr(after, f) != getattr(state, f) for f in (
                "hills", "hands", "hatch", "supply", "ants", "guards", "fields", "leaves", "stored", "beside",
                "delivered", "prey_left", "leaves_left", "bag")):
            return ""
        if isinstance(action, UseMagnificant):
            kind, level = action.action, 1
        else:
            stack = state.hills[state.player][action.cell]
            kind, level = stack[-1][1], len(stack)
        why = NOTHING_WHY.get(kind, "nothing can be done")
        return f"{ACTION_WORDS.get(kind, kind)} at level {level} would change nothing: {why}."

    # ------------------------------------------------------------------ the bar and the hints
    def status(self, state) -> str:
        """The bar's line about the action under way."""
        ph = state.phase
        if ph == "scout":                 # one tile per field, 1 up to the level: no uses to count down
            return (f"Scout at level {state.level}: take a tile from field {state.field}"
                    + (f", then from each field up to {state.level}." if state.field < state.level else
                       " (the last field of this scout)."))
        if ph in ("build_tile", "build_cell", "build_dir", "build_orient", "hatch", "ants", "heave"):
            act = ACTION_WORDS.get(state.act, state.act or "")
            return f"{act} at level {state.level}: {plural(state.units, 'use')} left."
        if ph == "act" and self.seats[state.player].is_ai:     # no instructions for a bot
            return f"{plural(state.actions_left, 'action')} left." if state.actions_left else "No actions left."
        if ph == "act" and not state.actions_left:
            return ("No actions left: end your turn (End turn or Enter)"
                    + (", or steal first." if self.rules.steals(state, state.player) else "."))
        if ph == "act":
            return (f"{plural(state.actions_left, 'action')} left. Click a lit hex of your hill"
                    + (", or use the magnificANT (level 1)." if not state.magnificant_used else "."))
        return PHASE_HINTS.get(ph, "")

    def bag_words(self, state) -> str:
        """The bag in tiles and, until the end is triggered, the rounds left by the nearer of the two
        ends (ruling 22). The bag: each turn end refills the scout fields with as many tiles as that
        turn took, so it empties at the rate seen so far (one tile a turn assumed until a round has been
        played); the game stops after the last stall round (ruling 36). The prey: the end also comes when
        one kind at most is left on the board, and the prey of the other kinds leave it (picked up or
        eaten) at about PREY_PER_PLAYER_ROUND a player a round. In games of AIs the prey end nearly
        every game, with the bag still a third full."""
        d, n, bag = state.data, len(self.seats), len(state.bag)
        if state.end_by is not None or state.phase == "over":
            return f"Bag: {plural(bag, 'tile')}"
        turns = (state.round - 1) * n + (state.player - state.start_player) % n      # turns finished
        taken = max(0, len(d.bag_tiles) - d.rows * d.setup_fields - bag)
        per_round = max(0.5, (taken + n) / (turns + n) * n)
        left = min(math.ceil(bag / per_round) + 1, d.stall_rounds - state.round + 2)
        by_prey = round(1 + state.prey_to_go() / (PREY_PER_PLAYER_ROUND * n))
        if by_prey < left:
            return f"Prey: {plural(kinds_on_board(state), 'kind')} on the board, about {plural(max(1, by_prey), 'round')} left"
        return f"Bag: {plural(bag, 'tile')}, about {plural(max(1, left), 'round')} left"

    def end_banner(self, state) -> str:
        """Once the end is triggered: who still has a turn, the player to move first."""
        if state.end_by is None or state.phase == "over":
            return ""
        n = len(self.seats)
        k = max(1, min(state.turns_left, n))
        names = [self.seats[(state.player + i) % n].name for i in range(k)]
        if k == 1:
            return f"Last turn of the game: {names[0]} is playing it."
        return f"Last round: {', '.join(names[:-1])} and {names[-1]} each have one more turn."

    def hint(self, state, human_turn: bool, legal) -> str:
        """The hint line: what to do now."""
        if state.phase == "over":
            return "Game over"
        if not human_turn:
            return ""
        if state.phase == "act" and not state.actions_left:
            steal = any(isinstance(a, Steal) for a in legal)
            return "No actions left: press Enter to end your turn" + (" (or steal first)" if steal else "")
        if state.phase == "act":
            return "Choose an action: click a lit hex of your hill, or press Enter to end your turn"
        if state.phase in ("store", "discard", "order"):
            return PHASE_HINTS[state.phase]
        for a in legal:
            if isinstance(a, Steal) and state.phase not in ("ants", "heave"):
                return "You may steal: click a lit trail"
        return PHASE_HINTS.get(state.phase, "")

    @staticmethod
    def guide(state) -> str | None:
        """The guide's explanation of the decision now (None: the hint says it)."""
        if state.phase == "act" and not state.actions_left:
            return ("Your actions are used up: end your turn (End turn, or Enter). The clean-up follows: "
                    "prey you brought home goes onto your hill, and the scout fields refill if you took tiles.")
        return PHASE_GUIDES.get(state.phase)

    @staticmethod
    def ends_the_game(state, pi: int) -> bool:
        """Whether the next prey to leave clearing ``pi`` (picked up or eaten) triggers the end: it is
        the last there and one other clearing at most still has prey (ruling 22)."""
        return state.end_by is None and state.prey_left[pi] == 1 and kinds_on_board(state) <= 2

    def hover_words(self, kind, key, state) -> str | None:
        """What the mouse is over, in words, for the kinds of spot that need only the state."""
        d = state.data
        if kind == "cell":
            p, c = key
            st = state.hills[p].get(c)
            if not st:
                return "Build here"
            sym = st[-1][1]
            lvl = len(st)
            if c in state.stored[p]:
                return f"A stored {state.stored[p][c]}: this hex can no longer be used or built on"
            if sym == "fungus":
                return f"Fungus, level {lvl}: {ACTION_HELP['fungus']}"
            return f"{ACTION_WORDS.get(sym, sym)}, level {lvl}: {ACTION_HELP.get(sym, '')} ({lvl} at a time)"
        if kind == "field":
            f, row, tid = key
            a, b = d.tiles[tid]
            return f"Scout field {f}, row {row + 1}: a {ACTION_WORDS.get(a, a)} / {ACTION_WORDS.get(b, b)} tile"
        if kind == "eater":
            return self.eater_words(state, key)
        if kind in ("hand", "hand_info"):
            tid = key.tile if kind == "hand" else key
            a, b = d.tiles[tid]
            return f"A {ACTION_WORDS.get(a, a)} / {ACTION_WORDS.get(b, b)} tile in hand"
        if kind in ("area", "info_area"):
            ai = next(i for i, x in enumerate(d.areas) if x.id == key)
            counts = [f"{self.seats[p].name} {k}" for p, k in enumerate(state.hatch[ai]) if k]
            what = "soldiers" if d.areas[ai].soldier else f"ants for {key} trails"
            return f"Hatching area: {what}" + (f" ({', '.join(counts)})" if counts else " (empty)")
        if kind in ("node", "info_node"):
            pi = self.rules.prey_at.get(key)
            if pi is not None:
                words = f"{plural(state.prey_left[pi], d.prey[pi].name)} left here; {self.reached_by(key)}"
                if self.ends_the_game(state, pi):
                    words += (". The last one: taking it leaves prey in one clearing only, which brings the"
                              " end (everyone has one more turn)")
                return words
            li = self.rules.leaf_at.get(key)
            if li is not None:
                return f"{plural(state.leaves_left[li], d.leaves[li].id + ' leaf')} left here; {self.reached_by(key)}"
            return "The large ant-hill: every trail network starts here, and food heaved here is home"
        if kind == "trail":
            if key == self.rules.chasm:
                return "The chasm: only a bridge of three soldiers (ANTS! level 3+) crosses it"
            who = []                                        # whose ants are there, and what they carry
            for p, ants in enumerate(state.ants):
                if key in ants:
                    item = ants[key]
                    who.append(self.seats[p].name + (f" carrying {item_words(item)}" if item is not None else ""))
            guard = state.guards.get(key)
            if guard is not None:
                who.append(f"{self.seats[guard].name}'s guard soldier")
            words = self.trail_words(key)
            return words[0].upper() + words[1:] + (f" ({', '.join(who)})" if who else "")
        if kind == "mag_info":
            return "The magnificANT: once a turn, any action at level 1"
        return None
