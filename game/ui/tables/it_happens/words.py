"""The It Happens.. table's words: moves and log lines in plain sentences.

Pure (no pygame), so a headless tool can print a readable log (``main.py replay FILE --log``).
A colour's name depends on the player's palette (the table passes ``game.ui.theme.color_word``);
without one, a colour is called by its plain name ("red", "sky blue").
"""
from __future__ import annotations

from typing import Callable

from game.games.it_happens.data import PLAIN, WORM
from game.games.it_happens.state import Pass, Place, Reroll, Roll
from game.ui.tables.words import join_words


def plain_colour(color: str) -> str:
    """A colour by its own name, for a log that is not shown in any palette."""
    return color.replace("_", " ")


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def item_words(kind: str, n: int = 1) -> str:
    """'a key', '2 keys', 'a pair of sneakers' (item names ending in a single s are pairs)."""
    word = kind.replace("_", " ")
    if word.endswith("s") and not word.endswith("ss"):
        return f"a pair of {word}" if n == 1 else f"{n} pairs of {word}"
    if n == 1:
        return ("an " if word[0] in "aeiou" else "a ") + word
    return f"{n} {word}{'es' if word.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


def mound_number(mound_id: str) -> str:
    """The number printed on a mound card ("M03" -> "3")."""
    digits = "".join(ch for ch in mound_id if ch.isdigit())
    return str(int(digits)) if digits else mound_id


def worms_left(state) -> int | None:
    """Worm tiles left in the supply, or None when the supply has no limit."""
    return state.worm_supply if state.options.get("worm_supply_limited", True) else None


def action_words(action, state, colour_word: Callable[[str], str] = plain_colour) -> str | None:
    """A move as the table shows it: mounds by their card number and key, columns numbered
    (None for a move this table has no words of its own for)."""
    if isinstance(action, Place):
        m = state.mound(action.mound)
        return (f"Place the die on mound {int(m.id[1:])} (key {action.mound + 1}), "
                f"column {action.column + 1}")
    if isinstance(action, Roll):
        return f"Roll a {colour_word(action.color)} die"
    if isinstance(action, Reroll):
        return "Pay a worm to roll again"
    if isinstance(action, Pass):
        return "Pay a worm to pass and keep the die"
    return None


def describe_event(rules, ev: dict, state, colour_word: Callable[[str], str] = plain_colour) -> str | None:
    """One log line for an event, the seats by name (None to hide it). ``rules`` is unused here
    (the mounds come with the state); every table's words take the same arguments."""
    def name(p):
        return state.seats[p].name if p is not None else "nobody"
    t = ev["type"]
    if t == "round":
        mounds = join_words([mound_number(m) for m in ev["mounds"]])
        return f"Round {ev['round']}: mounds {mounds} are turned up; {name(ev['start_player'])} starts."
    if t == "roll":
        return f"{name(ev['player'])} rolls a {colour_word(ev['color'])} {ev['value']}."
    if t == "reroll":
        return f"{name(ev['player'])} pays a worm to roll again: {ev['value']}."
    if t == "pass":
        return f"{name(ev['player'])} pays a worm and passes; the die goes back to the hand."
    if t == "skip":
        return f"{name(ev['player'])} cannot place any more dice this round."
    if t == "place":
        return _place_event_words(ev, state, name)
    if t == "award":
        parts = []
        if ev["queen"] is not None:
            parts.append(f"the Queen to {name(ev['queen'])}")
        if ev["general"] is not None:
            parts.append(f"the General to {name(ev['general'])}")
        if ev["worms"]:
            each = " each" if len(ev["worms"]) > 1 else ""
            parts.append(f"a worm{each} to " + join_words([name(p) for p in ev["worms"]]))
        return f"Mound {mound_number(ev['mound'])} scored: {'; '.join(parts) or 'nobody played there'}."
    return None


def _place_event_words(ev, state, name) -> str:
    where = f"mound {mound_number(ev['mound'])}, column {ev['column'] + 1}"
    if "owner" in ev:                       # a die of the imaginary player's colour: its tiles
        line = f"{name(ev['player'])} places a {ev['value']} for {name(ev['owner'])} on {where}"
        taker = f"; {name(ev['owner'])}"
    else:
        line = f"{name(ev['player'])} places a {ev['value']} on {where}"
        taker = " and"
    kind = state.comps.mound_by_id[ev["mound"]].columns[ev["column"]][ev["space"]]
    gain = ev.get("gain")
    if gain == WORM:
        return f"{line}{taker} digs up a worm."
    if gain:
        return f"{line}{taker} finds {item_words(gain)}."
    if kind == WORM:
        return f"{line}: no worm is left in the supply."
    if kind != PLAIN:
        return f"{line}: every {kind.replace('_', ' ')} tile is already taken."
    return f"{line}."
