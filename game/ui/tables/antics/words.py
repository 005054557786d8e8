"""The Antics! table's words: events and moves as a player reads them, trails and places of the
board by name, why the end is near, what the bar and the hints say, the results' notes.

Pure (no pygame): a headless tool can print a readable log with ``Words(rules, seats,
nodes).describe_event(ev, state)``. ``nodes`` is the board map's clearing and fork positions
(node id -> (x, y) in map pixels), used to name a fork by its compass direction.

Every word comes from the catalog (game.core.i18n), translated when it is asked for: whole
sentences with named placeholders, counts by ``ngettext``, lists by ``format_list``. The names of
things (actions, terrains, hatching areas, prey and leaves, anteaters) are messages per kind, in
each form a sentence needs ("a ladybird", "the ladybird", "3 ladybirds", the plain label), so a
translation can give each its gender and case. The tables below hold functions that translate
when called: each holds its message literal, so the catalog tool finds it.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple

from game.core.i18n import N_, _, format_list, ngettext, pgettext
from game.games.antics.heuristics import meals, threatened
from game.games.antics.state import (LEAF_PREFIX, ArrivalFirst, Bridge, BuildCell, BuildDir, BuildOrient, BuildTile,
                                     Discard, EndActions, Hatch, HeaveHome, HeaveMove, HeavePick, PickUp, PlaceAnt,
                                     ScoutTake, Steal, Stop, StorePrey, UseMagnificant, UseSpace)

# ---------------------------------------------------------------------- names of things
# i18n: the six symbols of the ant-hill's hexes: the actions (names on hexes, tiles, buttons and in
# sentences such as "Ann takes Scout at level 2.") and the fungus hex, which is no action
ACTION_NAMES: dict[str, Callable[[], str]] = {
    "scout": lambda: pgettext("Antics! action", "Scout"),
    "build": lambda: pgettext("Antics! action", "Build"),
    "hatch": lambda: pgettext("Antics! action", "Hatch"),
    "ants": lambda: pgettext("Antics! action", "ANTS!"),
    "heave": lambda: pgettext("Antics! action", "Heave"),
    "fungus": lambda: pgettext("Antics! hex", "Fungus"),
}

# i18n: a terrain inside a trail's name ("the grass trail from ... to ...")
TERRAIN_WORDS: dict[str, Callable[[], str]] = {
    "flower": lambda: pgettext("Antics! terrain of a trail", "flower"),
    "grass": lambda: pgettext("Antics! terrain of a trail", "grass"),
    "water": lambda: pgettext("Antics! terrain of a trail", "water"),
    "pebble": lambda: pgettext("Antics! terrain of a trail", "pebble"),
    "stone": lambda: pgettext("Antics! terrain of a trail", "stone"),
}


class Area(NamedTuple):
    """A hatching area in words: its label on the board, the area in a sentence, one of its ants
    and the hover's line."""
    label: Callable[[], str]
    the: Callable[[], str]
    ant: Callable[[], str]
    hover: Callable[[], str]


AREAS: dict[str, Area] = {
    "flower": Area(lambda: pgettext("Antics! hatching area label", "Flower"),
                   lambda: pgettext("Antics! hatching area", "the flower area"),
                   lambda: pgettext("Antics! an ant, with article", "a flower ant"),
                   lambda: _("Hatching area: ants for flower trails")),
    "grass": Area(lambda: pgettext("Antics! hatching area label", "Grass"),
                  lambda: pgettext("Antics! hatching area", "the grass area"),
                  lambda: pgettext("Antics! an ant, with article", "a grass ant"),
                  lambda: _("Hatching area: ants for grass trails")),
    "water": Area(lambda: pgettext("Antics! hatching area label", "Water"),
                  lambda: pgettext("Antics! hatching area", "the water area"),
                  lambda: pgettext("Antics! an ant, with article", "a water ant"),
                  lambda: _("Hatching area: ants for water trails")),
    "pebble": Area(lambda: pgettext("Antics! hatching area label", "Pebble"),
                   lambda: pgettext("Antics! hatching area", "the pebble area"),
                   lambda: pgettext("Antics! an ant, with article", "a pebble ant"),
                   lambda: _("Hatching area: ants for pebble trails")),
    "stone": Area(lambda: pgettext("Antics! hatching area label", "Stone"),
                  lambda: pgettext("Antics! hatching area", "the stone area"),
                  lambda: pgettext("Antics! an ant, with article", "a stone ant"),
                  lambda: _("Hatching area: ants for stone trails")),
    "soldier": Area(lambda: pgettext("Antics! hatching area label", "Soldiers"),
                    lambda: pgettext("Antics! hatching area", "the soldier area"),
                    lambda: pgettext("Antics! an ant, with article", "a soldier"),
                    lambda: _("Hatching area: soldiers")),
}


class Food(NamedTuple):
    """A prey or leaf in words: its plain label, with "a", with "the", counted, and its clearing."""
    label: Callable[[], str]
    a: Callable[[], str]
    the: Callable[[], str]
    count: Callable[[int], str]
    clearing: Callable[[], str]


FOOD: dict[str, Food] = {
    "ladybird": Food(lambda: pgettext("Antics! prey", "ladybird"),
                     lambda: pgettext("Antics! prey, with article", "a ladybird"),
                     lambda: pgettext("Antics! prey, definite", "the ladybird"),
                     lambda n: ngettext("{n} ladybird", "{n} ladybirds", n).format(n=n),
                     lambda: _("the ladybird clearing")),
    "butterfly": Food(lambda: pgettext("Antics! prey", "butterfly"),
                      lambda: pgettext("Antics! prey, with article", "a butterfly"),
                      lambda: pgettext("Antics! prey, definite", "the butterfly"),
                      lambda n: ngettext("{n} butterfly", "{n} butterflies", n).format(n=n),
                      lambda: _("the butterfly clearing")),
    "caterpillar": Food(lambda: pgettext("Antics! prey", "caterpillar"),
                        lambda: pgettext("Antics! prey, with article", "a caterpillar"),
                        lambda: pgettext("Antics! prey, definite", "the caterpillar"),
                        lambda n: ngettext("{n} caterpillar", "{n} caterpillars", n).format(n=n),
                        lambda: _("the caterpillar clearing")),
    "dragonfly": Food(lambda: pgettext("Antics! prey", "dragonfly"),
                      lambda: pgettext("Antics! prey, with article", "a dragonfly"),
                      lambda: pgettext("Antics! prey, definite", "the dragonfly"),
                      lambda n: ngettext("{n} dragonfly", "{n} dragonflies", n).format(n=n),
                      lambda: _("the dragonfly clearing")),
    "grasshopper": Food(lambda: pgettext("Antics! prey", "grasshopper"),
                        lambda: pgettext("Antics! prey, with article", "a grasshopper"),
                        lambda: pgettext("Antics! prey, definite", "the grasshopper"),
                        lambda n: ngettext("{n} grasshopper", "{n} grasshoppers", n).format(n=n),
                        lambda: _("the grasshopper clearing")),
    "beetle": Food(lambda: pgettext("Antics! prey", "beetle"),
                   lambda: pgettext("Antics! prey, with article", "a beetle"),
                   lambda: pgettext("Antics! prey, definite", "the beetle"),
                   lambda n: ngettext("{n} beetle", "{n} beetles", n).format(n=n),
                   lambda: _("the beetle clearing")),
    LEAF_PREFIX + "green": Food(lambda: pgettext("Antics! leaf", "green leaf"),
                                lambda: pgettext("Antics! leaf, with article", "a green leaf"),
                                lambda: pgettext("Antics! leaf, definite", "the green leaf"),
                                lambda n: ngettext("{n} green leaf", "{n} green leaves", n).format(n=n),
                                # i18n: the clearing where the green leaves lie, as a place on the board
                                lambda: _("the green leaves")),
    LEAF_PREFIX + "brown": Food(lambda: pgettext("Antics! leaf", "brown leaf"),
                                lambda: pgettext("Antics! leaf, with article", "a brown leaf"),
                                lambda: pgettext("Antics! leaf, definite", "the brown leaf"),
                                lambda n: ngettext("{n} brown leaf", "{n} brown leaves", n).format(n=n),
                                # i18n: the clearing where the brown leaves lie, as a place on the board
                                lambda: _("the brown leaves")),
}


class Eater(NamedTuple):
    """An anteater by the colour of its face: starting a sentence, and as a label."""
    subject: Callable[[], str]
    label: Callable[[], str]


EATERS: dict[str, Eater] = {
    "red": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The red anteater"),
                 lambda: pgettext("Antics! anteater", "Red anteater")),
    "blue": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The blue anteater"),
                  lambda: pgettext("Antics! anteater", "Blue anteater")),
    "green": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The green anteater"),
                   lambda: pgettext("Antics! anteater", "Green anteater")),
    "grey": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The grey anteater"),
                  lambda: pgettext("Antics! anteater", "Grey anteater")),
    "yellow": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The yellow anteater"),
                    lambda: pgettext("Antics! anteater", "Yellow anteater")),
    "orange": Eater(lambda: pgettext("Antics! anteater, starts a sentence", "The orange anteater"),
                    lambda: pgettext("Antics! anteater", "Orange anteater")),
}

# i18n: the order in which the anteaters reach scout field 1 (a label on the guide's card and in
# "The red anteater came 1st to field 1")
ORDINALS: tuple[Callable[[], str], ...] = (lambda: pgettext("Antics! arrival order", "1st"),
                                           lambda: pgettext("Antics! arrival order", "2nd"),
                                           lambda: pgettext("Antics! arrival order", "3rd"))

# i18n: a fork of the trails named by its compass direction from a place ({place}: "the ant-hill",
# "the ladybird clearing", "the west end of the chasm", ...)
FORKS: tuple[Callable[[], str], ...] = (lambda: _("the fork east of {place}"),
                                        lambda: _("the fork north-east of {place}"),
                                        lambda: _("the fork north of {place}"),
                                        lambda: _("the fork north-west of {place}"),
                                        lambda: _("the fork west of {place}"),
                                        lambda: _("the fork south-west of {place}"),
                                        lambda: _("the fork south of {place}"),
                                        lambda: _("the fork south-east of {place}"))


def action_name(kind) -> str:
    """An action (or the fungus) by name: "Scout", "ANTS!"."""
    f = ACTION_NAMES.get(kind)
    return f() if f else str(kind)


def terrain_words(terrains) -> str:
    """The terrain(s) of a trail as its name says them: "grass", "flower and water"."""
    return format_list([TERRAIN_WORDS[t]() if t in TERRAIN_WORDS else t for t in terrains])


def _area(area_id) -> Area:
    got = AREAS.get(area_id)
    if got is None:          # an area the data added: its id as the words (a developer's to name)
        return Area(lambda: str(area_id).capitalize(), lambda: str(area_id), lambda: str(area_id), lambda: str(area_id))
    return got


def area_label(area) -> str:
    """A hatching area's label on the board: "Grass", "Soldiers"."""
    return _area("soldier" if area.soldier else area.id).label()


def area_words(area_id) -> str:
    """A hatching area in a sentence: "the grass area"."""
    return _area(area_id).the()


def ant_words(area_id) -> str:
    """One ant of a hatching area, with its article: "a grass ant", "a soldier"."""
    return _area(area_id).ant()


def food(item) -> Food:
    """The words of a carried item or the food of a clearing (a prey id or LEAF_PREFIX + leaf id)."""
    got = FOOD.get(item)
    if got is None:          # a kind the data added: its name as every form
        name = item[len(LEAF_PREFIX):] if item.startswith(LEAF_PREFIX) else item
        return Food(lambda: name, lambda: name, lambda: name, lambda n: _("{item}: {n}").format(item=name, n=n),
                    lambda: name)
    return got


def eater(colour) -> Eater:
    got = EATERS.get(colour)
    if got is None:
        return Eater(lambda: str(colour), lambda: str(colour))
    return got


def ordinal(k: int) -> str:
    """The (k+1)th to arrive: "1st", "2nd", "3rd"."""
    return ORDINALS[k]() if 0 <= k < len(ORDINALS) else str(k + 1)


def clauses(parts) -> str:
    """Clauses that are whole statements, one after the other: "a; b; c"."""
    # i18n: what stands between the clauses of a note ("3 prey score 9; green leaf on a level 2 fungus: 2 + 2")
    return pgettext("Antics! between clauses", "; ").join(parts)


ACTION_HELP = {
    "scout": N_("take tiles from the scout fields"),
    "build": N_("build tiles from your hand onto your hill"),
    "hatch": N_("hatch ants into the hatching areas"),
    "ants": N_("send hatched ants onto trails, or take ants, guards and waiting ants back into your supply"),
    "heave": N_("move food from ant to ant towards home"),
    "fungus": N_("scores its level at the end if a leaf lies on it (+2 for green)"),
}
PHASE_HINTS = {
    "scout": N_("Scout: click a tile in the lit field (you must take one from each field up to the level)"),
    "build_tile": N_("Build: click a tile in your hand"),
    "build_cell": N_("Build: point at a lit hex to see the tile there, R or the wheel turns it, click to place it"),
    "build_dir": N_("Build: click the second hex"),
    "build_orient": N_("Build: choose which symbol lies on the first hex"),
    "hatch": N_("Hatch: click a lit hatching area (or Stop)"),
    "ants": N_("ANTS!: click a lit trail to send an ant or take one back (or Stop)"),
    "heave": N_("Heave: click a lit clearing, trail or the ant-hill (or Stop)"),
    "store": N_("Store your prey: click a free hex of your hill"),
    "discard": N_("Too many tiles: click one in your hand to put back"),
    "order": N_("Anteaters arrive together: choose which comes first"),
}
PHASE_GUIDES = {
    "act": N_("Choose an action: click a hex of your ant-hill. Its level (the number) is how many "
              "times you may do that action now. Scout brings tiles, Build raises your hill, Hatch and "
              "ANTS! put ants on the trails, Heave brings food home."),
    "scout": N_("Take a tile from the lit scout field (click a row, or keys 1-3): tiles go to your hand."),
    "build_tile": N_("Pick a tile from your hand to build onto your hill."),
    "build_cell": N_("Point at a glowing hex: the tile shows where it would lie, beside the hill or on top "
                     "of two different tiles. R or the mouse wheel turns it (F flips it); click to build it."),
    "build_dir": N_("Click where its second half goes."),
    "build_orient": N_("Choose which symbol lies on the first hex."),
    "hatch": N_("Click a hatching area: an ant leaves your supply and waits there for its trail."),
    "ants": N_("Click a glowing trail of the same terrain as the ant: it must join your ants already out "
               "or the ant-hill in the middle. Soldiers guard trails. A lit ant, guard or hatching area "
               "can be taken back into your supply instead."),
    "heave": N_("Food moves ant to ant towards the middle: click the prey or leaf to pick it up, then the "
                "trail it passes to, until it reaches home."),
    "store": N_("Store the prey you brought home on a free hex of your hill (or beside it)."),
    "discard": N_("You may keep three tiles: choose one to put back in the bag."),
}
# i18n: why an action would change nothing, after "Build at level 1 would change nothing: "
NOTHING_WHY = {"build": N_("you have no tile in your hand"), "scout": N_("the scout fields it reaches are empty"),
               "hatch": N_("no ant is left in your supply"), "ants": N_("you have no ant to send out or take back"),
               "heave": N_("none of your ants can pick up or pass on food")}
# i18n: why the end is near, after "The end is near: "
END_REASONS = {"bag": N_("the bag ran out of tiles before the scout fields were full again"),
               "prey": N_("at most one clearing still has prey on it"),
               "stall": N_("a whole round went by without anyone taking an action")}


# The rounds until the end is triggered, the current one counted, as seen in 80 games of Mediums
# (40 at three seats, 40 at four; issue 62): about PREY_BASE_ROUNDS + the prey still to leave the
# board / (PREY_PER_PLAYER_ROUND a player a round), within 0.7 of a round at most counts of prey;
# the bag lost BAG_PER_PLAYER_ROUND tiles a player a round (it never ended a game).
PREY_BASE_ROUNDS = 2.0
PREY_PER_PLAYER_ROUND = 0.30
BAG_PER_PLAYER_ROUND = 0.30


def kinds_on_board(state) -> int:
    """Prey kinds with prey still on their clearing (ruling 22 ends the game at one)."""
    return sum(1 for k in state.prey_left if k)


def action_help(kind) -> str:
    """What an action (or the fungus) does, in words ("" for an unknown kind)."""
    return _(ACTION_HELP[kind]) if kind in ACTION_HELP else ""


def item_words(item) -> str:
    """A carried item (a prey id or a leaf) with its article: "a ladybird"; "food" when unknown."""
    return food(item).a() if isinstance(item, str) else _("food")


def tile_words(tile) -> str:
    """A tile's two halves: "Scout / Build" (a label: the symbols' names with a slash)."""
    return " / ".join(action_name(x) for x in tile)


def unused_question(actions_left: int) -> str:
    """The question before ending a turn with actions unused."""
    return ngettext("You still have {n} action. Press Enter again to end your turn.",
                    "You still have {n} actions. Press Enter again to end your turn.", actions_left).format(n=actions_left)


def points_words(n: int) -> str:
    """A score, short: "12 pts", "1 pt"."""
    # i18n: a score, short (on the players' panels)
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def score_words(now: int, then: int) -> tuple[str, str]:
    """("12 pts", "(17 if carried items get home)"; the second empty when nothing would change)."""
    # i18n: {n} is a score in points, the score if what the player's ants carry reached the ant-hill
    return points_words(now), (_("({n} if carried items get home)").format(n=then) if then != now else "")


def short_potential_words(then: int, risk: int = 0) -> str:
    """score_words' second part where room is short: "(17 if home)"; "(17 if home, 4 at risk)" when a
    rival could steal food worth ``risk`` points of it."""
    if risk:
        # i18n: {n}: the score if what the player's ants carry reached the ant-hill; {risk}: the points of it
        # a rival could steal in their next turn (keep it short: a narrow panel)
        return _("({n} if home, {risk} at risk)").format(n=then, risk=risk)
    # i18n: {n} is a score in points, the score if what the player's ants carry reached the ant-hill
    return _("({n} if home)").format(n=then)


class Words:
    """The words of one table: its rules, its seats (their names) and the board's node positions.
    The board's hops from the ant-hill are worked out once per table and kept here (names are made
    each time, in the language chosen then)."""

    def __init__(self, rules, seats, nodes):
        self.rules, self.seats, self.nodes = rules, seats, nodes
        self._hops = None             # node -> trails from the ant-hill on foot
        self._risks = (None, {}, [])  # (state, its threats, its anteaters' meals): the rules' reckoning, once a state

    # ------------------------------------------------------------------ what is at risk (the rules' reckoning)
    def _at_risk(self, state) -> tuple[dict, list]:
        seen, threats, due = self._risks
        if seen is not state:
            threats, due = threatened(self.rules, state), meals(self.rules, state)
            self._risks = (state, threats, due)
        return threats, due

    def threats(self, state) -> dict:
        """(player, trail) -> the rivals who could steal what that player's ant carries there in their
        next turn (heuristics.threatened: the rule the Medium AI plays by)."""
        return self._at_risk(state)[0]

    def eaten_areas(self, state) -> dict:
        """Hatching area index -> the colour of the anteater that eats the ants waiting there at the
        end of this turn (heuristics.meals)."""
        return {ai: colour for _row, colour, ai, _pi, _last in self._at_risk(state)[1] if ai is not None}

    def threat_words(self, state, p: int, trail: str) -> str:
        """Who could steal what p carries on ``trail`` ("" when nobody can)."""
        who = self.threats(state).get((p, trail))
        if not who:
            return ""
        names = format_list([self.seats[q].name for q in who], "or")
        # i18n: on a trail's tip: the food an ant carries could be stolen; {rivals}: "Bo or Cleo"
        return _("at risk: {rivals} could steal it on their next turn").format(rivals=names)

    def risk_words(self, points: int) -> str:
        """The panel's note on the food at risk: "4 pts at risk"."""
        # i18n: on a player's panel: points the carried food would bring that a rival could steal; {points}: "4 pts"
        return _("{points} at risk").format(points=points_words(points))

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
            return _("Round {round}: {name} starts.").format(round=ev["round"], name=who())
        if t == "turn":
            n = ev.get("actions", 3)
            return ngettext("{name}'s turn ({n} action).", "{name}'s turn ({n} actions).", n).format(name=who(), n=n)
        if t == "action":
            if ev.get("magnificant"):
                # i18n: {action} is an action's name (Scout, Build, Hatch, ANTS!, Heave)
                return _("{name} uses the magnificANT: {action} at level 1.").format(
                    name=who(), action=action_name(ev["action"]))
            # i18n: {action} is an action's name (Scout, Build, Hatch, ANTS!, Heave)
            return _("{name} takes {action} at level {level}.").format(
                name=who(), action=action_name(ev["action"]), level=ev["level"])
        if t == "scout":
            # i18n: {tile} names a tile by its two symbols: "Scout / Build"
            return _("{name} takes a {tile} tile.").format(name=who(), tile=tile_words(d.tiles[ev["tile"]]))
        if t == "build":
            (q1, r1, s1), (q2, r2, s2) = ev["cells"]
            # i18n: {first} and {second} are the symbols of the tile built (Scout, Build, ..., Fungus)
            return _("{name} builds {first} and {second} at level {level}.").format(
                name=who(), first=action_name(s1), second=action_name(s2), level=ev["level"])
        if t == "hatch":
            area = next((a for a in d.areas if a.id == ev["area"]), None)
            # i18n: {ant} is one ant with its article: "a grass ant", "a soldier"
            return _("{name} hatches {ant}.").format(
                name=who(), ant=ant_words("soldier" if area and area.soldier else ev["area"]))
        if t == "place_ant":
            # i18n: {ant}: "a grass ant"; {trail}: "the grass trail from the ant-hill to the fork north of the ant-hill"
            return _("{name} sends {ant} onto {trail}.").format(
                name=who(), ant=ant_words(ev["area"]), trail=self.trail_words(ev["trail"]))
        if t == "guard":
            return _("{name} puts a guard soldier on {trail}.").format(name=who(), trail=self.trail_words(ev["trail"]))
        if t == "bridge":
            return _("{name} bridges the chasm with three soldiers.").format(name=who())
        if t == "pick_up":
            where = ev.get("where")
            if ev.get("kind") == "area":
                # i18n: {area}: "the grass area", "the soldier area"
                return _("{name} takes an ant waiting in {area} back into the supply.").format(
                    name=who(), area=area_words(where))
            trail = self.trail_words(where)
            if ev.get("kind") == "guard":
                return _("{name} takes a guard soldier back from {trail} into the supply.").format(name=who(), trail=trail)
            if ev.get("guard_home"):
                return _("{name} takes an ant and the guard soldier with it back from {trail} into the supply.").format(
                    name=who(), trail=trail)
            return _("{name} takes an ant back from {trail} into the supply.").format(name=who(), trail=trail)
        if t == "heave":
            if ev["how"] == "pick":
                # i18n: {item}: "a ladybird", "a green leaf"
                return _("{name} picks up {item}.").format(name=who(), item=item_words(ev.get("item")))
            if ev["how"] == "home":
                # i18n: {item}: "a ladybird", "a green leaf"
                return _("{name} heaves {item} home.").format(name=who(), item=item_words(ev.get("item")))
            if ev["how"] == "move" and ev.get("to"):
                # i18n: a heave passes food from one ant to the next; {item}: "the ladybird"; {trail}: "the grass
                # trail from the ant-hill to the fork north of the ant-hill" (where the ant that takes it stands)
                return _("{name} passes {item} on to the ant on {trail}.").format(
                    name=who(), item=food(ev["item"]).the() if ev.get("item") else _("the food"),
                    trail=self.trail_words(ev["to"]))
            return None
        if t == "steal":
            # i18n: {item}: "a ladybird", "a green leaf"; {victim}: a player's name
            return _("{name} steals {item} from {victim}.").format(
                name=who(), item=item_words(ev.get("item")), victim=who("victim"))
        if t == "store":
            prey = item_words(ev["prey"])
            if ev.get("cell"):
                # i18n: {prey}: "a ladybird"
                return _("{name} stores {prey} on the hill.").format(name=who(), prey=prey)
            # i18n: {prey}: "a ladybird"
            return _("{name} stores {prey} beside the hill.").format(name=who(), prey=prey)
        if t == "discard":
            return _("{name} puts a tile back in the bag.").format(name=who())
        if t == "end_actions":
            return None
        if t == "attack":
            return self._attack_words(ev, names)
        if t == "reset":
            return _("All three anteaters are home: they turn over and start again.")
        if t == "end_triggered":
            # i18n: {reason}: why, e.g. "at most one clearing still has prey on it"
            return _("The end is near: {reason}. Everyone, {name} included, has one more turn.").format(
                reason=self.end_reason(ev.get("reason"), d), name=who())
        if t == "game_over":
            return _("The game is over.")
        return None

    @staticmethod
    def _attack_words(ev, names) -> str:
        """An anteater's arrival: what it eats (a prey, the ants of a hatching area, both or nothing)."""
        who = eater(ev.get("colour", "?")).subject()
        prey = item_words(ev["prey"]) if ev.get("prey") else ""
        lost = ""
        if ev.get("area"):
            # i18n: a player's name and how many of their ants the anteater ate ("Ann 2")
            lost = format_list([_("{name} {n}").format(name=names[p], n=k)
                                for p, k in enumerate(ev.get("ants", [])) if k])
        if prey and lost:
            # i18n: {anteater}: "The red anteater"; {prey}: "a ladybird"; {area}: "the grass area";
            # {ants}: whose ants and how many ("Ann 2 and Bo 1")
            return _("{anteater} arrives and eats {prey} and the ants in {area} ({ants}).").format(
                anteater=who, prey=prey, area=area_words(ev["area"]), ants=lost)
        if lost:
            # i18n: {anteater}: "The red anteater"; {area}: "the grass area"; {ants}: whose ants and how many
            return _("{anteater} arrives and eats the ants in {area} ({ants}).").format(
                anteater=who, area=area_words(ev["area"]), ants=lost)
        if prey:
            # i18n: {anteater}: "The red anteater"; {prey}: "a ladybird"
            return _("{anteater} arrives and eats {prey}.").format(anteater=who, prey=prey)
        # i18n: {anteater}: "The red anteater"
        return _("{anteater} arrives and finds nothing to eat.").format(anteater=who)

    @staticmethod
    def end_reason(reason, data) -> str:
        """Why the end was triggered, in words ("" for an unknown reason)."""
        if reason == "rounds":
            n = data.stall_rounds
            # i18n: why the end is near, after "The end is near: "
            return ngettext("{n} round has been played", "{n} rounds have been played", n).format(n=n)
        return _(END_REASONS[reason]) if reason in END_REASONS else ""

    def result_notes(self, state):
        """Per player: the prey that scored and where each leaf went (ruling 37)."""
        out = []
        for p in range(len(self.seats)):
            prey = sorted(set(state.stored[p].values()) | set(state.beside[p]))
            if prey:
                n = len(prey)
                # i18n: {kinds}: the prey kinds ("beetle and ladybird"); {points}: what they score (n x n)
                bits = [ngettext("{n} prey ({kinds}) scores {points}", "{n} prey ({kinds}) score {points}", n).format(
                    n=n, kinds=format_list([food(x).label() for x in prey]), points=n ** 2)]
            else:
                bits = [_("no prey")]
            for _cell, level, leaf in self.rules.fungus_use(state, p):
                bonus = self.rules.leaf_bonus[leaf]
                pts = f"{level} + {bonus}" if bonus else f"{level}"
                # i18n: {leaf}: "green leaf"; {points}: what it scores, "2 + 2" or "2"
                bits.append(_("{leaf} on a level {level} fungus: {points}").format(
                    leaf=food(LEAF_PREFIX + leaf).label(), level=level, points=pts))
            unused = sum(state.leaves[p]) - len(self.rules.fungus_use(state, p))
            if unused > 0:
                bits.append(ngettext("{n} leaf without a free fungus", "{n} leaves without a free fungus",
                                     unused).format(n=unused))
            # i18n: a player's notes on the results (clauses), ended as a sentence
            out.append((p, _("{notes}.").format(notes=clauses(bits))))
        return out

    def eater_words(self, state, row) -> str:
        """What the anteater of a scout row eats: by the guide's line for its arrival order at
        field 1 (every order it can still get, or the one it got)."""
        d = state.data
        face = state.faces[row][1]
        pi = self.rules.colour_prey.get(face)
        prey = food(d.prey[pi].id).a() if pi is not None else _("a prey")
        area = area_words(d.anteater_area.get(face, "?"))

        def meal(e):
            if e == "prey":
                # i18n: what an anteater eats; {prey}: "a ladybird"
                return _("{prey} still on its clearing").format(prey=prey)
            if e == "ants":
                # i18n: what an anteater eats; {area}: "the grass area"
                return _("the ants of the first hatching area with any, searching from {area}").format(area=area)
            if e == "prey_and_ants":
                # i18n: what an anteater eats; {prey}: "a ladybird"; {area}: "the grass area"
                return _("{prey} still on its clearing and the ants of the first hatching area with any, "
                         "searching from {area}").format(prey=prey, area=area)
            return str(e)

        eats = tuple(d.guide.get(len(state.seats), ()))
        who = eater(face).subject()
        if row in state.arrived:
            k = state.arrived.index(row)
            # i18n: {anteater}: "The red anteater"; {order}: "1st", "2nd" or "3rd"; {meal}: what it ate
            return _("{anteater} came {order} to field 1 and has had its meal (for the {order}: {meal}); "
                     "it waits there until all three have arrived").format(
                anteater=who, order=ordinal(k), meal=meal(eats[k]))
        by_meal: dict = {}
        for k in range(len(state.arrived), len(eats)):
            by_meal.setdefault(eats[k], []).append(ordinal(k))
        field = state.eater_field(row)
        if len(by_meal) == 1:
            (e, ranks), = by_meal.items()
            # i18n: {anteater}: "The red anteater"; {orders}: "1st or 2nd"; {meal}: what it eats then
            return _("{anteater}, at field {field}: reaching field 1 {orders}, it eats {meal}").format(
                anteater=who, field=field, orders=format_list(ranks, "or"), meal=meal(e))
        # i18n: {orders}: "1st or 2nd"; {meal}: what the anteater eats when it arrives so
        parts = [_("{orders}, {meal}").format(orders=format_list(ranks, "or"), meal=meal(e))
                 for e, ranks in by_meal.items()]
        # i18n: {anteater}: "The red anteater"; {meals}: for each arrival order what it eats
        return _("{anteater}, at field {field}: what it eats depends on the order it reaches field 1 in. {meals}").format(
            anteater=who, field=field, meals=clauses(parts))

    # ------------------------------------------------------------------ places
    def place_words(self, node: str) -> str:
        """A board place in words a player can find: the ant-hill, a clearing, an end of the chasm,
        or a fork by its compass direction from the ant-hill (next to it) or from the nearest of
        those landmarks."""
        r, d = self.rules, self.rules.d
        if node == r.hill_node:
            return _("the ant-hill")
        if node in r.prey_at:
            return food(d.prey[r.prey_at[node]].id).clearing()
        if node in r.leaf_at:
            return food(LEAF_PREFIX + d.leaves[r.leaf_at[node]].id).clearing()
        pos = self.nodes
        if node not in pos:
            return _("a fork of the trails")
        if node in r.chasm_ends:
            other = next(x for x in r.chasm_ends if x != node)
            if pos[node][0] < pos.get(other, pos[node])[0]:
                return _("the west end of the chasm")
            return _("the east end of the chasm")
        beside_hill = any(r.hill_node in r.ends[t] for t in r.node_trails[node])
        marks = [r.hill_node] + [n for n in (*r.prey_at, *r.leaf_at) if n in pos]
        mark = r.hill_node if beside_hill else min(marks, key=lambda m: math.dist(pos[m], pos[node]))
        (x, y), (mx, my) = pos[node], pos[mark]
        ang = math.degrees(math.atan2(my - y, x - mx)) % 360          # the map's y grows downwards
        return FORKS[int((ang + 22.5) // 45) % 8]().format(place=self.place_words(mark))

    def trail_words(self, trail: str) -> str:
        """A trail in words: its terrain and its two ends, the one nearer the ant-hill first."""
        r = self.rules
        if trail == r.chasm:
            return _("the chasm")
        tr = r.d.trails.get(trail)
        if tr is None:
            return _("a trail")
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
        # i18n: {terrain}: "grass" (or "flower and water"); {start} and {end} are places: "the ant-hill",
        # "the ladybird clearing", "the fork north of the ant-hill", "the west end of the chasm"
        return _("the {terrain} trail from {start} to {end}").format(
            terrain=terrain_words(tr.terrains), start=self.place_words(a), end=self.place_words(b))

    def reached_by(self, node: str) -> str:
        """Which ants can reach a clearing: the terrains of the trails that end there."""
        r = self.rules
        kinds = sorted({tuple(r.d.trails[t].terrains) for t in r.node_trails[node] if t != r.chasm})
        if not kinds:
            return _("no trail reaches it")
        ants = [format_list([ant_words(x) for x in k]) for k in kinds]
        # i18n: {ants}: the ants whose trails end at a clearing: "a stone ant or a water ant"
        return _("reach it with {ants}").format(ants=format_list(ants, "or"))

    def carried_words(self, state, trail: str) -> str:
        """What the player to move's ant on ``trail`` carries: "the dragonfly", "the green leaf"."""
        item = state.ants[state.player].get(trail)
        return food(item).the() if isinstance(item, str) else _("the food")

    def food_at_words(self, node: str) -> str:
        """The food lying at clearing ``node``: "a dragonfly", "a brown leaf"."""
        r = self.rules
        if node in r.prey_at:
            return item_words(r.prey_ids[r.prey_at[node]])
        if node in r.leaf_at:
            return item_words(LEAF_PREFIX + r.leaf_ids[r.leaf_at[node]])
        return _("the food")

    # ------------------------------------------------------------------ moves
    def action_words(self, a, state) -> str:
        """A move in words a player reads in a menu, the keyboard focus or a hint (the tile being
        built at a hex is the build ghost's to say)."""
        names = self.names
        p = state.player
        if isinstance(a, UseSpace):
            stack = state.hills[p].get(a.cell, ())
            if not stack:
                return _("this hex")
            # i18n: {action}: an action's name (Scout, Build, Hatch, ANTS!, Heave)
            return _("{action} at level {level} (this hex)").format(action=action_name(stack[-1][1]), level=len(stack))
        if isinstance(a, UseMagnificant):
            # i18n: {action}: an action's name (Scout, Build, Hatch, ANTS!, Heave)
            return _("magnificANT: {action} at level 1").format(action=action_name(a.action))
        if isinstance(a, EndActions):
            return _("End your turn")
        if isinstance(a, ScoutTake):
            return _("Take the tile in row {row} of field {field}").format(row=a.row + 1, field=state.field)
        if isinstance(a, BuildTile):
            # i18n: {tile} names a tile by its two symbols: "Scout / Build"
            return _("Build with the {tile} tile").format(tile=tile_words(state.data.tiles[a.tile]))
        if isinstance(a, Discard):
            # i18n: {tile} names a tile by its two symbols: "Scout / Build"
            return _("Put the {tile} tile back in the bag").format(tile=tile_words(state.data.tiles[a.tile]))
        if isinstance(a, (BuildCell, BuildDir)):
            level = len(state.hills[p].get(a.cell, ())) + 1
            if isinstance(a, BuildCell):
                return _("Its first half here, at level {level}").format(level=level)
            return _("Its second half here, at level {level}").format(level=level)
        if isinstance(a, BuildOrient):
            # i18n: {symbol}: a symbol's name (Scout, Build, Hatch, ANTS!, Heave, Fungus)
            return _("{symbol} on the first hex").format(symbol=action_name(a.symbol))
        if isinstance(a, Hatch):
            # i18n: {area}: "the grass area", "the soldier area"
            return _("Hatch in {area}").format(area=area_words(a.area))
        if isinstance(a, PlaceAnt):
            area = next(x for x in state.data.areas if x.id == a.area)
            if area.soldier:
                return _("Guard with a soldier")
            # i18n: {ant}: "a grass ant"
            return _("Send {ant}").format(ant=ant_words(a.area))
        if isinstance(a, Bridge):
            return _("Build the bridge over the chasm")
        if isinstance(a, Stop):
            return _("Stop this action")
        if isinstance(a, HeaveMove):
            # i18n: {item}: "the ladybird", "the green leaf"; {trail}: "the grass trail from ... to ..."
            return _("Heave {item} on to {trail}").format(item=self.carried_words(state, a.src),
                                                          trail=self.trail_words(a.dst))
        if isinstance(a, HeaveHome):
            # i18n: {item}: "the ladybird", "the green leaf"
            return _("Heave {item} home").format(item=self.carried_words(state, a.trail))
        if isinstance(a, HeavePick):
            # i18n: {item}: "a ladybird", "a green leaf"
            return _("Pick up {item} here").format(item=self.food_at_words(a.node))
        if isinstance(a, Steal):
            return _("Steal from {name}").format(name=names[a.victim])
        if isinstance(a, PickUp):
            if a.kind == "ant":
                return _("Take back this ant")
            if a.kind == "guard":
                return _("Take back this guard")
            if a.kind == "area":
                # i18n: {area}: "the grass area"
                return _("Take back an ant from {area}").format(area=area_words(a.where))
            return _("Take back an ant")
        if isinstance(a, StorePrey):
            return _("Store the prey on this hex") if a.cell is not None else _("Keep the prey beside the hill")
        if isinstance(a, ArrivalFirst):
            face = state.faces[a.row][1] if 0 <= a.row < len(state.faces) else "?"
            # i18n: {anteater}: "The red anteater"
            return _("{anteater} arrives first").format(anteater=eater(face).subject())
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
        why = _(NOTHING_WHY[kind]) if kind in NOTHING_WHY else _("nothing can be done")
        # i18n: {action}: an action's name; {why}: "you have no tile in your hand"
        return _("{action} at level {level} would change nothing: {why}.").format(
            action=action_name(kind), level=level, why=why)

    # ------------------------------------------------------------------ the bar and the hints
    def status(self, state, live: bool = True) -> str:
        """The bar's line about the action under way; ``live`` False (an AI's turn, a replay) leaves
        out the instructions meant for the person to move."""
        ph = state.phase
        if ph == "scout":                 # one tile per field, 1 up to the level: no uses to count down
            if state.field < state.level:
                return _("Scout at level {level}: take a tile from field {field}, then from each field up to "
                         "{level}.").format(level=state.level, field=state.field)
            return _("Scout at level {level}: take a tile from field {field} (the last field of this "
                     "scout).").format(level=state.level, field=state.field)
        if ph in ("build_tile", "build_cell", "build_dir", "build_orient", "hatch", "ants", "heave"):
            n = state.units
            # i18n: {action}: an action's name (Build, Hatch, ANTS!, Heave); {n}: how many times it may still act
            return ngettext("{action} at level {level}: {n} use left.", "{action} at level {level}: {n} uses left.",
                            n).format(action=action_name(state.act), level=state.level, n=n)
        n = state.actions_left
        if ph == "act" and (self.seats[state.player].is_ai or not live):     # no instructions: a bot, a replay
            return ngettext("{n} action left.", "{n} actions left.", n).format(n=n) if n else _("No actions left.")
        if ph == "act" and not n:
            if self.rules.steals(state, state.player):
                return _("No actions left: end your turn (End turn or Enter), or steal first.")
            return _("No actions left: end your turn (End turn or Enter).")
        if ph == "act":
            if not state.magnificant_used:
                return ngettext("{n} action left. Click a lit hex of your hill, or use the magnificANT (level 1).",
                                "{n} actions left. Click a lit hex of your hill, or use the magnificANT (level 1).",
                                n).format(n=n)
            return ngettext("{n} action left. Click a lit hex of your hill.",
                            "{n} actions left. Click a lit hex of your hill.", n).format(n=n)
        return _(PHASE_HINTS[ph]) if live and ph in PHASE_HINTS else ""

    def rounds_left(self, state) -> tuple[str, int] | None:
        """The rounds left by the nearer of the two ends (ruling 22), and which end that is ("bag" or
        "prey"); None once the end is triggered. Both from the rates seen in games of AIs (above): the
        prey of all kinds but one leave the board at PREY_PER_PLAYER_ROUND a player a round, and the
        bag empties at BAG_PER_PLAYER_ROUND; the game stops after the last stall round (ruling 36).
        Neither the prey to go nor the bag grows (a tile a player puts back apart), so the figure
        only falls along a game; the view keeps the table's one figure over the game's positions."""
        if state.end_by is not None or state.phase == "over":
            return None
        d, n = state.data, len(self.seats)
        by_bag = min(math.ceil(len(state.bag) / (BAG_PER_PLAYER_ROUND * n)) + 1, d.stall_rounds - state.round + 2)
        by_prey = round(PREY_BASE_ROUNDS + state.prey_to_go() / (PREY_PER_PLAYER_ROUND * n))
        if by_prey < by_bag:
            return "prey", max(1, by_prey)
        return "bag", max(1, by_bag)

    def bag_words(self, state, rounds: int | None = None) -> str:
        """The bag in tiles and, until the end is triggered, the rounds left (``rounds_left``; the
        table's figure ``rounds`` when given)."""
        bag = len(state.bag)
        tiles = ngettext("{n} tile", "{n} tiles", bag).format(n=bag)
        est = self.rounds_left(state)
        if est is None:
            # i18n: {tiles}: "12 tiles"
            return _("Bag: {tiles}").format(tiles=tiles)
        kind, r = est
        r = max(1, r if rounds is None else rounds)
        if kind == "prey":
            k = kinds_on_board(state)
            # i18n: {kinds}: "2 kinds" (of prey); {rounds}: "3 rounds"
            return _("Prey: {kinds} on the board, about {rounds} left").format(
                kinds=ngettext("{n} kind", "{n} kinds", k).format(n=k),
                rounds=ngettext("{n} round", "{n} rounds", r).format(n=r))
        # i18n: {tiles}: "12 tiles"; {rounds}: "3 rounds"
        return _("Bag: {tiles}, about {rounds} left").format(
            tiles=tiles, rounds=ngettext("{n} round", "{n} rounds", r).format(n=r))

    def end_banner(self, state) -> str:
        """Once the end is triggered: who still has a turn, the player to move first."""
        if state.end_by is None or state.phase == "over":
            return ""
        n = len(self.seats)
        k = max(1, min(state.turns_left, n))
        names = [self.seats[(state.player + i) % n].name for i in range(k)]
        if k == 1:
            return _("Last turn of the game: {name} is playing it.").format(name=names[0])
        # i18n: {names}: the players who still have a turn ("Ann, Bo and Cleo")
        return _("Last round: {names} each have one more turn.").format(names=format_list(names))

    def hint(self, state, human_turn: bool, legal) -> str:
        """The hint line: what to do now."""
        if state.phase == "over":
            return _("Game over")
        if not human_turn:
            return ""
        if state.phase == "act" and not state.actions_left:
            if any(isinstance(a, Steal) for a in legal):
                return _("No actions left: press Enter to end your turn (or steal first)")
            return _("No actions left: press Enter to end your turn")
        if state.phase == "act":
            return _("Choose an action: click a lit hex of your hill, or press Enter to end your turn")
        if state.phase in ("store", "discard", "order"):
            return _(PHASE_HINTS[state.phase])
        for a in legal:
            if isinstance(a, Steal) and state.phase not in ("ants", "heave"):
                return _("You may steal: click a lit trail")
        return _(PHASE_HINTS[state.phase]) if state.phase in PHASE_HINTS else ""

    @staticmethod
    def guide(state) -> str | None:
        """The guide's explanation of the decision now (None: the hint says it)."""
        if state.phase == "act" and not state.actions_left:
            return _("Your actions are used up: end your turn (End turn, or Enter). The clean-up follows: "
                     "prey you brought home goes onto your hill, and the scout fields refill if you took tiles.")
        return _(PHASE_GUIDES[state.phase]) if state.phase in PHASE_GUIDES else None

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
                return _("Build here")
            sym = st[-1][1]
            lvl = len(st)
            if c in state.stored[p]:
                # i18n: {prey}: the kind of prey stored on the hex ("ladybird")
                return _("A stored {prey}: this hex can no longer be used or built on").format(
                    prey=food(state.stored[p][c]).label())
            if sym == "fungus":
                # i18n: {help}: what the fungus does
                return _("Fungus, level {level}: {help}").format(level=lvl, help=action_help(sym))
            # i18n: {action}: an action's name; {help}: what the action does
            return _("{action}, level {level}: {help} ({level} at a time)").format(
                action=action_name(sym), level=lvl, help=action_help(sym))
        if kind == "field":
            f, row, tid = key
            # i18n: {tile} names a tile by its two symbols: "Scout / Build"
            return _("Scout field {field}, row {row}: a {tile} tile").format(
                field=f, row=row + 1, tile=tile_words(d.tiles[tid]))
        if kind == "eater":
            return self.eater_words(state, key)
        if kind in ("hand", "hand_info"):
            tid = key.tile if kind == "hand" else key
            # i18n: {tile} names a tile by its two symbols: "Scout / Build"
            return _("A {tile} tile in hand").format(tile=tile_words(d.tiles[tid]))
        if kind in ("area", "info_area"):
            ai = next(i for i, x in enumerate(d.areas) if x.id == key)
            area = _area("soldier" if d.areas[ai].soldier else key).hover()
            # i18n: a player's name and how many of their ants wait in a hatching area ("Ann 2")
            counts = [_("{name} {n}").format(name=self.seats[p].name, n=k) for p, k in enumerate(state.hatch[ai]) if k]
            colour = self.eaten_areas(state).get(ai)
            if counts and colour is not None:
                # i18n: {area}: "Hatching area: soldiers"; {counts}: whose ants wait there ("Ann 2 and Bo 1");
                # {anteater}: "The red anteater"
                return _("{area} ({counts}). At risk: {anteater} arrives at the end of this turn and eats "
                         "these ants").format(area=area, counts=format_list(counts), anteater=eater(colour).subject())
            if counts:
                # i18n: {area}: "Hatching area: soldiers"; {counts}: whose ants wait there ("Ann 2 and Bo 1")
                return _("{area} ({counts})").format(area=area, counts=format_list(counts))
            # i18n: {area}: "Hatching area: soldiers"
            return _("{area} (empty)").format(area=area)
        if kind in ("node", "info_node"):
            pi = self.rules.prey_at.get(key)
            if pi is not None:
                count = food(d.prey[pi].id).count(state.prey_left[pi])
                if self.ends_the_game(state, pi):
                    # i18n: {count}: "1 grasshopper"; {reach}: "reach it with a stone ant or a water ant"
                    return _("{count} left here; {reach}. The last one: taking it leaves prey in one clearing only, "
                             "which brings the end (everyone has one more turn)").format(
                        count=count, reach=self.reached_by(key))
                # i18n: {count}: "3 dragonflies", "5 brown leaves"; {reach}: "reach it with a stone ant or a water ant"
                return _("{count} left here; {reach}").format(count=count, reach=self.reached_by(key))
            li = self.rules.leaf_at.get(key)
            if li is not None:
                count = food(LEAF_PREFIX + d.leaves[li].id).count(state.leaves_left[li])
                # i18n: {count}: "3 dragonflies", "5 brown leaves"; {reach}: "reach it with a stone ant or a water ant"
                return _("{count} left here; {reach}").format(count=count, reach=self.reached_by(key))
            return _("The large ant-hill: every trail network starts here, and food heaved here is home")
        if kind == "trail":
            if key == self.rules.chasm:
                return _("The chasm: only a bridge of three soldiers (ANTS! level 3+) crosses it")
            who = []                                        # whose ants are there, and what they carry
            for p, ants in enumerate(state.ants):
                if key in ants:
                    item = ants[key]
                    name = self.seats[p].name
                    # i18n: {item}: "a ladybird", "a green leaf"
                    risk = self.threat_words(state, p, key) if item is not None else ""
                    if risk:
                        # i18n: {item}: "a ladybird"; {risk}: "at risk: Bo could steal it on their next turn"
                        who.append(_("{name} carrying {item}, {risk}").format(name=name, item=item_words(item),
                                                                               risk=risk))
                    else:
                        who.append(_("{name} carrying {item}").format(name=name, item=item_words(item))
                                   if item is not None else name)
            guard = state.guards.get(key)
            if guard is not None:
                who.append(_("{name}'s guard soldier").format(name=self.seats[guard].name))
            words = self.trail_words(key)
            words = words[:1].upper() + words[1:]
            if who:
                # i18n: {trail}: "The grass trail from ... to ..."; {who}: whose ants and guard are on it
                return _("{trail} ({who})").format(trail=words, who=format_list(who))
            return words
        if kind == "mag_info":
            return _("The magnificANT: once a turn, any action at level 1")
        return None
