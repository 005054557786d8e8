"""The Micropolis table's words: tiles, moves and log lines in plain sentences.

Pure (no pygame), so a headless tool can print a readable log (``main.py replay FILE --log``).
Every sentence is one catalog message with named placeholders (game/core/i18n.py); specialists
and fruits are named by per-kind messages, so a translation can give each its gender and article.
"""
from __future__ import annotations

from typing import Callable

from game.core.i18n import N_, _, format_list, ngettext, pgettext
from game.games.micropolis.state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take

# the scoring lines in the words of every screen (the results too, through View.line_labels); the
# Red army *token* only marks the Military leader, so the line that pays the largest army is named
# by what it counts and never "Red army". Marked here, translated where drawn: line_labels().
LINE_LABELS = {"population": N_("Population"), "colony": N_("Colony"), "harvest": N_("Harvest"),
               "royal": N_("Royal gallery"), "red_army": N_("Largest army"), "barracks": N_("Barracks")}
# legend entries: key -> (name, a few words); what each does at length is in _what_it_does
LEGEND = {"queen": (N_("Queen"), N_("1 pt per gallery tile")), "nurse": (N_("Nurse"), N_("eggs hatch soldiers")),
          "architect": (N_("Architect"), N_("one free pick")), "sergeant": (N_("Sergeant"), N_("steals a soldier")),
          "sentry": (N_("Sentry"), N_("refills barracks")), "barracks": (N_("Barracks"), N_("full: 2/4/7/10 pts")),
          "fruits": (N_("Fruits"), N_("more kinds, more pts")), "gift": (N_("Gift"), N_("any missing fruit"))}


def line_labels() -> dict[str, str]:
    """The scoring lines' names in the chosen language."""
    return {key: _(label) for key, label in LINE_LABELS.items()}


def cap_first(text: str) -> str:
    """The text with its first letter made upper case (words that start a sentence)."""
    return text[:1].upper() + text[1:]


# -- counted things, for the few places where a count sits inside a sentence about something else ----
def soldiers(n: int) -> str:
    """'no soldiers', '1 soldier', '2 soldiers'."""
    if n == 0:
        return pgettext("count", "no soldiers")
    return ngettext("{n} soldier", "{n} soldiers", n).format(n=n)


def eggs(n: int) -> str:
    """'no eggs', '1 egg', '2 eggs'."""
    if n == 0:
        return pgettext("count", "no eggs")
    return ngettext("{n} egg", "{n} eggs", n).format(n=n)


def points(n: int) -> str:
    """'no points', '1 point', '5 points'."""
    if n == 0:
        return pgettext("count", "no points")
    return ngettext("{n} point", "{n} points", n).format(n=n)


# -- what a tile holds ----------------------------------------------------------------------------------
_SPECIALISTS = {
    # i18n: a specialist on a tile, as in the list "3 ants, a Queen and a cherry"
    "queen": lambda: pgettext("on a tile", "a Queen"),
    "architect": lambda: pgettext("on a tile", "an Architect"),
    "sergeant": lambda: pgettext("on a tile", "a Recruiting Sergeant"),
    "sentry": lambda: pgettext("on a tile", "a Sentry"),
}
_FRUITS = {
    # i18n: a fruit on a tile, as in the list "3 ants, a Queen and a cherry"
    "cherry": lambda: pgettext("on a tile", "a cherry"),
    "lemon": lambda: pgettext("on a tile", "a lemon"),
    "grape": lambda: pgettext("on a tile", "a grape"),
    "blackberry": lambda: pgettext("on a tile", "a blackberry"),
    "fig": lambda: pgettext("on a tile", "a fig"),
    "pomegranate": lambda: pgettext("on a tile", "a pomegranate"),
    "gift": lambda: pgettext("on a tile", "a gift"),
}


def specialist_words(kind: str, eggs_n: int = 0) -> str:
    """'a Queen', 'a Nurse with 2 eggs' (an unknown kind by its id)."""
    if kind == "nurse":
        if eggs_n == 0:
            return pgettext("on a tile", "a Nurse with no eggs")
        return ngettext("a Nurse with {n} egg", "a Nurse with {n} eggs", eggs_n).format(n=eggs_n)
    word = _SPECIALISTS.get(kind)
    return word() if word else kind.replace("_", " ")


def fruit_words(kind: str) -> str:
    """'a cherry', 'a gift' (an unknown kind by its id)."""
    word = _FRUITS.get(kind)
    return word() if word else kind.replace("_", " ")


def tile_words(tile) -> str:
    """What a tile holds, in words: '3 ants, a Nurse with 2 eggs and a cherry'."""
    workers = sum(seg.workers for seg in tile.segments)
    parts = [ngettext("{n} ant", "{n} ants", workers).format(n=workers)] if workers else []
    if tile.specialist:
        parts.append(specialist_words(tile.specialist, tile.eggs))
    parts += [fruit_words(f) for f in tile.fruits]
    if tile.barracks:
        parts.append(ngettext("a barracks for {n} soldier", "a barracks for {n} soldiers", tile.barracks).format(
            n=tile.barracks))
    return format_list(parts) if parts else _("empty galleries")


def _what_it_does(key: str, consts) -> str:
    """A legend entry at length, in our own words."""
    if key == "fruits":
        vp = consts.harvest_vp
        # i18n: one entry of the harvest table: {n} kinds of fruit score {points}: "2 kinds 5"
        table = format_list([ngettext("{n} kind {points}", "{n} kinds {points}", k).format(n=k, points=vp[k])
                             for k in range(1, len(vp))], "unit")
        # i18n: {table} "1 kind 2, 2 kinds 5, 3 kinds 10"
        return _("Fruits: each gallery scores its different fruits (Harvest): {table} points.").format(table=table)
    if key == "barracks":
        sizes = sorted(consts.barracks_vp)
        # i18n: {points} "2, 4, 7, 10", {places} "1, 2, 3, 4": the points of a full barracks of each size
        return _("Barracks: full, it scores {points} points for {places} places. Fill it as you place the tile; "
                 "afterwards only a Sentry can fill or empty it.").format(
            points=format_list([str(consts.barracks_vp[k]) for k in sizes], "unit"),
            places=format_list([str(k) for k in sizes], "unit"))
    if key == "queen":
        return _("Queen: a gallery with exactly one Queen scores 1 point for each tile it stretches over "
                 "(Royal). Two queens in one gallery score nothing.")
    if key == "nurse":
        return _("Nurse: when she is placed, each of her eggs hatches a soldier from the reserve into your army.")
    if key == "architect":
        return _("Architect: when she is placed you take an Architect token, if one is left. Spend it on a "
                 "later turn to take any tile of the line for free.")
    if key == "sergeant":
        return _("Recruiting Sergeant: when she is placed, the holder of the Red army token loses a soldier "
                 "and you gain one.")
    if key == "sentry":
        return _("Sentry: when she is placed, move soldiers between your army and your barracks; each "
                 "barracks ends full or empty.")
    if key == "gift":
        return _("Gift: counts as one more kind of fruit in its gallery, whichever kind it lacks.")
    raise KeyError(key)


def _line_help(consts) -> dict:
    return {"population": _("1 point per ant, specialists included (soldiers are not ants)."),
            "colony": ngettext("{n} point for the gallery with the most ants (ties all score).",
                               "{n} points for the gallery with the most ants (ties all score).",
                               consts.colony_vp).format(n=consts.colony_vp),
            "harvest": _("Each gallery scores the different fruits in it; a gift is any missing kind."),
            "royal": _("A gallery with exactly one Queen: 1 point per tile it stretches over."),
            "red_army": ngettext("{n} point for the largest army on the Foundation, whoever holds the Red army token.",
                                 "{n} points for the largest army on the Foundation, whoever holds the Red army "
                                 "token.", consts.red_army_vp).format(n=consts.red_army_vp),
            "barracks": _("Each full barracks scores 2, 4, 7 or 10 points for 1 to 4 places.")}


def winner_words(rules, state) -> str:
    """Who won the finished game, in words: 'Ann wins with 59 points'."""
    wins = rules.winners(state)
    sheets = rules.score_sheets(state)
    names = [state.seats[w].name for w in wins]
    best = sheets[wins[0]].total
    if len(wins) > 1:
        # i18n: {names} a list of players: "Ann and Bea"
        return ngettext("{names} share the victory with {n} point", "{names} share the victory with {n} points",
                        best).format(names=format_list(names), n=best)
    if sum(sh.total == best for sh in sheets) > 1:
        return ngettext("{name} wins with {n} point, on the largest army", "{name} wins with {n} points, on the "
                        "largest army", best).format(name=names[0], n=best)
    return ngettext("{name} wins with {n} point", "{name} wins with {n} points", best).format(name=names[0], n=best)


# -- moves ------------------------------------------------------------------------------------------
def leader_words(state, act: ChooseLeader) -> str:
    """Who a ChooseLeader hands the Red army token to: 'Ann', or 'Ann (2)' in expert games."""
    name = state.seats[state.anthills[act.anthill].owner].name
    # i18n: a player's anthill in expert games, where each player builds two: "Ann (2)"
    return _("{name} ({anthill})").format(name=name, anthill=act.anthill % 2 + 1) if state.expert else name


def fill_key() -> str:
    # i18n: the keyboard key that fills a new barracks (the Y key: "yes")
    return pgettext("key", "Y")


def leave_key() -> str:
    # i18n: the keyboard key that leaves a new barracks empty (the N key: "no")
    return pgettext("key", "N")


def move_hint(action, state) -> str | None:
    """What a move that is not a line tile does, as its button's hint says it (None for a Take)."""
    if isinstance(action, PlaceEnd):
        if action.end == "left":
            return _("Put the tile at the left end of your anthill.")
        return _("Put the tile at the right end of your anthill.")
    if isinstance(action, FillBarracks):
        size = state.tiles[state.pending].barracks if state.pending else 0
        if action.fill:
            # i18n: {key} the Y key
            return ngettext("Move {n} soldier from your army into the new barracks ({key}).",
                            "Move {n} soldiers from your army into the new barracks ({key}).", size).format(
                n=size, key=fill_key())
        # i18n: {key} the N key
        return _("Keep your army whole; only a Sentry can fill this barracks later ({key}).").format(key=leave_key())
    if isinstance(action, Sentry):
        return sentry_hint(state, action)
    if isinstance(action, ChooseLeader):
        return _("Give the Red army token to {name}.").format(name=leader_words(state, action))
    return None


def sentry_sizes(state, act: Sentry) -> list[int]:
    """The sizes of the barracks a Sentry choice leaves full, largest first."""
    return sorted((state.tiles[t].barracks for t in act.full), reverse=True)


def sentry_hint(state, act: Sentry) -> str:
    a = state.anthills[state.active_anthill]
    sizes = sentry_sizes(state, act)
    army = a.army + a.barracks_soldiers(state.tiles) - sum(sizes)
    if army == 0:
        keeps = _("Your army keeps no soldiers.")
    else:
        keeps = ngettext("Your army keeps {n} soldier.", "Your army keeps {n} soldiers.", army).format(n=army)
    if not sizes:
        return _("Every barracks ends empty.") + " " + keeps
    # i18n: one barracks by its size: "the 3-place one"
    full = format_list([_("the {n}-place one").format(n=n) for n in sizes])
    # i18n: {full} "the 3-place one and the 2-place one"
    return _("Left full: {full} (outlined on your anthill); any other barracks empty.").format(full=full) + " " + keeps


def action_words(action, state) -> str | None:
    """A legal move in words, for the keyboard focus, the hint and the review."""
    if isinstance(action, Take):
        tile = tile_words(state.tiles[state.line[action.position]])
        # i18n: {position} 1-7 along the line; {anthill} 1 or 2 (expert games); {tile} what it holds
        if state.expert and action.architect:
            text = _("Take tile {position} of the line for anthill {anthill} with an Architect token ({tile})")
        elif state.expert:
            text = _("Take tile {position} of the line for anthill {anthill} ({tile})")
        elif action.architect:
            text = _("Take tile {position} of the line with an Architect token ({tile})")
        else:
            text = _("Take tile {position} of the line ({tile})")
        return text.format(position=action.position + 1, anthill=action.anthill % 2 + 1, tile=tile)
    hint = move_hint(action, state)
    return hint.rstrip(".") if hint is not None else None


# -- the log ----------------------------------------------------------------------------------------
def describe_event(rules, ev: dict, state, colour_word: Callable[[str], str] | None = None) -> str | None:
    """One log line for an event, the seats by name (None to hide it). No colour is named here;
    ``colour_word`` is taken only so that every table's words take the same arguments."""
    seats = state.seats
    name = lambda p: seats[p].name if p is not None and 0 <= p < len(seats) else "?"  # noqa: E731
    t = ev["type"]
    who = name(ev.get("player"))
    hill = ev["anthill"] % 2 + 1 if state.expert and "anthill" in ev else None
    if t == "draw":
        return None  # the line itself shows what came in
    if t == "round":
        return _("Round {round}: {name} starts.").format(round=ev["round"], name=name(ev["player"]))
    if t == "refill":
        return _("The line slides up and is refilled from the pile (the leader starts the next round).")
    if t == "take":
        return _take_words(ev, state, who)
    if t == "place":
        # i18n: {anthill} 1 or 2, which of the player's two anthills (expert games)
        if ev["end"] == "left":
            text = _("{name} builds it at the left end (anthill {anthill}).") if hill else \
                _("{name} builds it at the left end.")
        else:
            text = _("{name} builds it at the right end (anthill {anthill}).") if hill else \
                _("{name} builds it at the right end.")
        return text.format(name=who, anthill=hill)
    if t == "barracks":
        if not ev["fill"]:
            return _("{name} leaves the new barracks empty.").format(name=who)
        n = state.tiles[ev["tile"]].barracks
        return ngettext("{name} fills the new barracks with {n} soldier.",
                        "{name} fills the new barracks with {n} soldiers.", n).format(name=who, n=n)
    if t == "sentry":
        return _sentry_words(ev, who)
    if t == "choose_leader":
        return _("{name} hands the Red army token to {to}.").format(name=who, to=name(ev.get("to")))
    if t == "leader":
        return _("The Red army token goes to {name}.").format(name=name(ev["player"]))
    if t == "nurse":
        # i18n: {soldiers} "2 soldiers", {eggs} "3 eggs"
        return _("{name}'s Nurse hatches {soldiers} from {eggs}.").format(
            name=who, soldiers=soldiers(ev["gained"]), eggs=eggs(ev["eggs"]))
    if t == "architect":
        if ev.get("gained"):
            return _("{name} takes an Architect token.").format(name=who)
        return _("{name}'s Architect finds no token left.").format(name=who)
    if t == "sergeant":
        own = _own_sergeant_words(ev, state, who)
        if own is not None:
            return own
        # i18n: stands for the holder of the Red army token when the log does not say who it was
        leader = name(state.anthills[ev["leader_anthill"]].owner) if "leader_anthill" in ev else \
            pgettext("player", "the leader")
        # i18n: {name} placed the Recruiting Sergeant; {leader} holds the Red army token
        if ev.get("lost") and ev.get("gained"):
            text = _("{name}'s Recruiting Sergeant: {leader} loses a soldier, {name} gains one.")
        elif ev.get("lost"):
            text = _("{name}'s Recruiting Sergeant: {leader} loses a soldier, {name} gains none.")
        elif ev.get("gained"):
            text = _("{name}'s Recruiting Sergeant: {leader} has no soldier to lose, {name} gains one.")
        else:
            text = _("{name}'s Recruiting Sergeant: {leader} has no soldier to lose, {name} gains none.")
        return text.format(name=who, leader=leader)
    if t == "game_over":
        if not rules.is_over(state):
            return _("Every anthill is complete: the game is over.")
        # i18n: {winner} "Ann wins with 59 points"
        return _("Every anthill is complete: the game is over. {winner}.").format(winner=winner_words(rules, state))
    return None


def _own_sergeant_words(ev, state, who) -> str | None:
    """The Sergeant's line when its owner also holds the Red army token (R18, R26): the words say
    what happened to their soldiers instead of naming them twice. None for a Sergeant that strikes
    another player (or an old log that does not say who held the token)."""
    la, ai = ev.get("leader_anthill"), ev.get("anthill")
    if not isinstance(la, int) or not isinstance(ai, int) or not 0 <= la < len(state.anthills):
        return None
    if state.anthills[la].owner != ev.get("player"):
        return None
    lost, gained = bool(ev.get("lost")), bool(ev.get("gained"))
    if la == ai:
        # i18n: {name} placed the Recruiting Sergeant on the anthill that holds the Red army token: it
        # loses a soldier to the reserve and takes one back (rule R18), so nothing changes
        if lost and gained:
            text = _("{name}'s Recruiting Sergeant: {name} holds the Red army token, so the soldier lost "
                     "comes straight back; the army stays the same.")
        elif gained:
            text = _("{name}'s Recruiting Sergeant: {name} holds the Red army token but has no soldier "
                     "to lose, and gains one.")
        elif not lost:
            text = _("{name}'s Recruiting Sergeant: {name} holds the Red army token but has no soldier "
                     "to lose, and the reserve has none to give.")
        else:
            return None         # (cannot happen: the soldier lost is in the reserve to take back)
        return text.format(name=who)
    # expert games: the token lies before the player's other anthill (rule R26)
    # i18n: expert games: {name} placed the Recruiting Sergeant on anthill {anthill} (1 or 2); their
    # other anthill, {from_anthill}, holds the Red army token
    if lost and gained:
        text = _("{name}'s Recruiting Sergeant: a soldier moves from anthill {from_anthill} (it holds "
                 "the Red army token) to anthill {anthill}.")
    elif lost:
        text = _("{name}'s Recruiting Sergeant: anthill {from_anthill} (it holds the Red army token) "
                 "loses a soldier, anthill {anthill} gains none.")
    elif gained:
        text = _("{name}'s Recruiting Sergeant: anthill {from_anthill} (it holds the Red army token) "
                 "has no soldier to lose, anthill {anthill} gains one.")
    else:
        text = _("{name}'s Recruiting Sergeant: anthill {from_anthill} (it holds the Red army token) "
                 "has no soldier to lose, anthill {anthill} gains none.")
    return text.format(name=who, from_anthill=la % 2 + 1, anthill=ai % 2 + 1)


def _sentry_words(ev, who) -> str:
    n = len(ev.get("full") or [])
    army = soldiers(ev["army"]) if "army" in ev else None
    # i18n: {army} the soldiers left in the army: "3 soldiers"
    if n == 0:
        text = _("{name}'s Sentry empties every barracks (army: {army}).") if army else \
            _("{name}'s Sentry empties every barracks.")
    elif n == 1:
        text = _("{name}'s Sentry leaves one barracks full and the rest empty (army: {army}).") if army else \
            _("{name}'s Sentry leaves one barracks full and the rest empty.")
    elif army:
        text = ngettext("{name}'s Sentry leaves {n} barracks full and the rest empty (army: {army}).",
                        "{name}'s Sentry leaves {n} barracks full and the rest empty (army: {army}).", n)
    else:
        text = ngettext("{name}'s Sentry leaves {n} barracks full and the rest empty.",
                        "{name}'s Sentry leaves {n} barracks full and the rest empty.", n)
    return text.format(name=who, n=n, army=army)


def _take_words(ev, state, who) -> str:
    """'Ann takes tile 3 of the line (2 ants and a fig), paying 2 soldiers.'"""
    # i18n: {position} 1-7 along the line; {anthill} 1 or 2 (expert games); {tile} what the tile holds
    if state.expert:
        text = _("{name} takes tile {position} of the line for anthill {anthill} ({tile})")
    else:
        text = _("{name} takes tile {position} of the line ({tile})")
    text = text.format(name=who, position=ev["position"] + 1, anthill=ev.get("anthill", 0) % 2 + 1,
                       tile=tile_words(state.tiles[ev["tile"]]))
    ways = []
    if ev.get("architect"):
        ways.append(_("with an Architect token"))
    if ev.get("paid"):
        ways.append(ngettext("paying {n} soldier", "paying {n} soldiers", ev["paid"]).format(n=ev["paid"]))
    if ev.get("found"):
        ways.append(ngettext("picking up {n} soldier", "picking up {n} soldiers", ev["found"]).format(n=ev["found"]))
    n = ev.get("to_reserve") or 0
    # i18n: {take} "Ann takes tile 3 of the line (2 ants)"; {ways} "paying 2 soldiers and picking up 1 soldier"
    if ways and n:
        return ngettext("{take}, {ways} ({n} soldier over the limit goes back to the reserve).",
                        "{take}, {ways} ({n} soldiers over the limit go back to the reserve).", n).format(
            take=text, ways=format_list(ways), n=n)
    if ways:
        return _("{take}, {ways}.").format(take=text, ways=format_list(ways))
    if n:
        return ngettext("{take} ({n} soldier over the limit goes back to the reserve).",
                        "{take} ({n} soldiers over the limit go back to the reserve).", n).format(take=text, n=n)
    return text + "."
