"""The Micropolis table's words: tiles, moves and log lines in plain sentences.

Pure (no pygame), so a headless tool can print a readable log (``main.py replay FILE --log``).
"""
from __future__ import annotations

from typing import Callable

from game.games.micropolis.state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take
from game.ui.tables.words import join_words

# the scoring lines in the words of every screen (the results too, through View.line_labels); the
# Red army *token* only marks the Military leader, so the line that pays the largest army is named
# by what it counts and never "Red army"
LINE_LABELS = {"population": "Population", "colony": "Colony", "harvest": "Harvest", "royal": "Royal gallery",
               "red_army": "Largest army", "barracks": "Barracks"}
SPECIALIST_NAMES = {"queen": "Queen", "nurse": "Nurse", "architect": "Architect",
                    "sergeant": "Recruiting Sergeant", "sentry": "Sentry"}
# legend entries: key -> (name, a few words); what each does at length is in _what_it_does
LEGEND = {"queen": ("Queen", "1 pt per gallery tile"), "nurse": ("Nurse", "eggs hatch soldiers"),
          "architect": ("Architect", "one free pick"), "sergeant": ("Sergeant", "steals a soldier"),
          "sentry": ("Sentry", "refills barracks"), "barracks": ("Barracks", "full: 2/4/7/10 pts"),
          "fruits": ("Fruits", "more kinds, more pts"), "gift": ("Gift", "any missing fruit")}


def plural(n: int, word: str, many: str | None = None) -> str:
    """'no soldiers', '1 soldier', '2 soldiers'."""
    many = many or word + "s"
    return f"no {many}" if n == 0 else f"{n} {word if n == 1 else many}"


def a_an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def tile_words(tile) -> str:
    """What a tile holds, in words: '3 ants, a Nurse with 2 eggs and a cherry'."""
    workers = sum(seg.workers for seg in tile.segments)
    parts = [plural(workers, "ant")] if workers else []
    if tile.specialist:
        parts.append(a_an(SPECIALIST_NAMES[tile.specialist])
                     + (f" with {plural(tile.eggs, 'egg')}" if tile.specialist == "nurse" else ""))
    parts += [a_an(f) for f in tile.fruits]
    if tile.barracks:
        parts.append(f"a barracks for {plural(tile.barracks, 'soldier')}")
    return join_words(parts) if parts else "empty galleries"


def _what_it_does(key: str, consts) -> str:
    """A legend entry at length, in our own words."""
    if key == "fruits":
        vp = consts.harvest_vp
        table = ", ".join(f"{plural(k, 'kind')} {vp[k]}" for k in range(1, len(vp)))
        return f"Fruits: each gallery scores its different fruits (Harvest): {table} points."
    if key == "barracks":
        sizes = sorted(consts.barracks_vp)
        return (f"Barracks: full, it scores {', '.join(str(consts.barracks_vp[k]) for k in sizes)} points for "
                f"{', '.join(str(k) for k in sizes)} places. Fill it as you place the tile; "
                "afterwards only a Sentry can fill or empty it.")
    return {
        "queen": "Queen: a gallery with exactly one Queen scores 1 point for each tile it stretches over "
                 "(Royal). Two queens in one gallery score nothing.",
        "nurse": "Nurse: when she is placed, each of her eggs hatches a soldier from the reserve into your army.",
        "architect": "Architect: when she is placed you take an Architect token, if one is left. Spend it on a "
                     "later turn to take any tile of the line for free.",
        "sergeant": "Recruiting Sergeant: when she is placed, the holder of the Red army token loses a soldier "
                    "and you gain one.",
        "sentry": "Sentry: when she is placed, move soldiers between your army and your barracks; each "
                  "barracks ends full or empty.",
        "gift": "Gift: counts as one more kind of fruit in its gallery, whichever kind it lacks.",
    }[key]


def _line_help(consts) -> dict:
    return {"population": "1 point per ant, specialists included (soldiers are not ants).",
            "colony": f"{consts.colony_vp} points for the gallery with the most ants (ties all score).",
            "harvest": "Each gallery scores the different fruits in it; a gift is any missing kind.",
            "royal": "A gallery with exactly one Queen: 1 point per tile it stretches over.",
            "red_army": f"{consts.red_army_vp} points for the largest army on the Foundation, whoever holds "
                        "the Red army token.",
            "barracks": "Each full barracks scores 2, 4, 7 or 10 points for 1 to 4 places."}


def winner_words(rules, state) -> str:
    """Who won the finished game, in words: 'Ann wins with 59 points'."""
    wins = rules.winners(state)
    sheets = rules.score_sheets(state)
    names = [state.seats[w].name for w in wins]
    best = sheets[wins[0]].total
    if len(wins) > 1:
        return f"{join_words(names)} share the victory with {plural(best, 'point')}"
    if sum(sh.total == best for sh in sheets) > 1:
        return f"{names[0]} wins with {plural(best, 'point')}, on the largest army"
    return f"{names[0]} wins with {plural(best, 'point')}"


# -- moves ------------------------------------------------------------------------------------------
def leader_words(state, act: ChooseLeader) -> str:
    """Who a ChooseLeader hands the Red army token to: 'Ann', or 'Ann (2)' in expert games."""
    return state.seats[state.anthills[act.anthill].owner].name + (f" ({act.anthill % 2 + 1})" if state.expert else "")


def move_hint(action, state) -> str | None:
    """What a move that is not a line tile does, as its button's hint says it (None for a Take)."""
    if isinstance(action, PlaceEnd):
        return f"Put the tile at the {action.end} end of your anthill."
    if isinstance(action, FillBarracks):
        size = state.tiles[state.pending].barracks if state.pending else 0
        return (f"Move {plural(size, 'soldier')} from your army into the new barracks (Y)." if action.fill
                else "Keep your army whole; only a Sentry can fill this barracks later (N).")
    if isinstance(action, Sentry):
        return sentry_hint(state, action)
    if isinstance(action, ChooseLeader):
        return f"Give the Red army token to {leader_words(state, action)}."
    return None


def sentry_sizes(state, act: Sentry) -> list[int]:
    """The sizes of the barracks a Sentry choice leaves full, largest first."""
    return sorted((state.tiles[t].barracks for t in act.full), reverse=True)


def sentry_hint(state, act: Sentry) -> str:
    a = state.anthills[state.active_anthill]
    sizes = sentry_sizes(state, act)
    army = a.army + a.barracks_soldiers(state.tiles) - sum(sizes)
    keeps = f"Your army keeps {plural(army, 'soldier')}."
    if not sizes:
        return f"Every barracks ends empty. {keeps}"
    full = join_words([f"the {n}-place one" for n in sizes])
    return f"Left full: {full} (outlined on your anthill); any other barracks empty. {keeps}"


def action_words(action, state) -> str | None:
    """A legal move in words, for the keyboard focus, the hint and the review."""
    if isinstance(action, Take):
        hill = f" for anthill {action.anthill % 2 + 1}" if state.expert else ""
        how = " with an Architect token" if action.architect else ""
        tile = state.tiles[state.line[action.position]]
        return f"Take tile {action.position + 1} of the line{hill}{how} ({tile_words(tile)})"
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
    hill = (f" (anthill {ev['anthill'] % 2 + 1})" if state.expert and "anthill" in ev else "")
    if t == "draw":
        return None  # the line itself shows what came in
    if t == "round":
        return f"Round {ev['round']}: {name(ev['player'])} starts."
    if t == "refill":
        return "The line slides up and is refilled from the pile (the leader starts the next round)."
    if t == "take":
        return _take_words(ev, state, who) + "."
    if t == "place":
        return f"{who} builds it at the {ev['end']} end{hill}."
    if t == "barracks":
        if not ev["fill"]:
            return f"{who} leaves the new barracks empty."
        return f"{who} fills the new barracks with {plural(state.tiles[ev['tile']].barracks, 'soldier')}."
    if t == "sentry":
        n = len(ev.get("full") or [])
        done = "empties every barracks" if n == 0 else f"leaves {'one barracks' if n == 1 else f'{n} barracks'} full and the rest empty"
        army = f" (army: {plural(ev['army'], 'soldier')})" if "army" in ev else ""
        return f"{who}'s Sentry {done}{army}."
    if t == "choose_leader":
        return f"{who} hands the Red army token to {name(ev.get('to'))}."
    if t == "leader":
        return f"The Red army token goes to {name(ev['player'])}."
    if t == "nurse":
        return f"{who}'s Nurse hatches {plural(ev['gained'], 'soldier')} from {plural(ev['eggs'], 'egg')}."
    if t == "architect":
        return f"{who} takes an Architect token." if ev.get("gained") else f"{who}'s Architect finds no token left."
    if t == "sergeant":
        leader = name(state.anthills[ev["leader_anthill"]].owner) if "leader_anthill" in ev else "the leader"
        lost = "loses a soldier" if ev.get("lost") else "has no soldier to lose"
        gained = "gains one" if ev.get("gained") else "gains none"
        return f"{who}'s Recruiting Sergeant: {leader} {lost}, {who} {gained}."
    if t == "game_over":
        if not rules.is_over(state):
            return "Every anthill is complete: the game is over."
        return f"Every anthill is complete: the game is over. {winner_words(rules, state)}."
    return None


def _take_words(ev, state, who):
    ways = []
    if ev.get("architect"):
        ways.append("with an Architect token")
    if ev.get("paid"):
        ways.append(f"paying {plural(ev['paid'], 'soldier')}")
    if ev.get("found"):
        ways.append(f"picking up {plural(ev['found'], 'soldier')}")
    hill = f" for anthill {ev['anthill'] % 2 + 1}" if state.expert else ""
    text = f"{who} takes tile {ev['position'] + 1} of the line{hill} ({tile_words(state.tiles[ev['tile']])})"
    if ways:
        text += ", " + " and ".join(ways)
    if ev.get("to_reserve"):
        n = ev["to_reserve"]
        text += f" ({plural(n, 'soldier')} over the limit {'goes' if n == 1 else 'go'} back to the reserve)"
    return text
