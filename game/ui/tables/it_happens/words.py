"""The It Happens.. table's words: moves and log lines in plain sentences.

Pure (no pygame), so a headless tool can print a readable log (``main.py replay FILE --log``).
A colour's name depends on the player's palette (the table passes ``game.ui.theme.color_word``);
without one, a colour is called by its plain name ("red", "sky blue").

Every sentence is one catalog message with named placeholders (game/core/i18n.py); the items are
named by per-kind messages, so a translation can give each its own gender and article.
"""
from __future__ import annotations

from typing import Callable

from game.core.i18n import _, format_list, npgettext, pgettext
from game.games.it_happens.data import PLAIN, WORM
from game.games.it_happens.heuristics import ITEM_ONE as _ITEM_ONE
from game.games.it_happens.rules import NEUTRAL_NAME
from game.games.it_happens.state import Pass, Place, Reroll, Roll


def seat_name(seat) -> str:
    """A seat's name as shown: the imaginary player's (a catalog message kept in English in the
    record) in the chosen language, a player's own name as typed."""
    if seat.kind == "imaginary" and seat.name == NEUTRAL_NAME:
        return _(NEUTRAL_NAME)
    return seat.name


def plain_colour(color: str) -> str:
    """A colour by its own name, for a log that is not shown in any palette (the classic
    palette's in-sentence words, the same messages as game/ui/theme.py CLASSIC_WORDS)."""
    word = _PLAIN_COLOURS.get(color)
    return word() if word else color.replace("_", " ")


_PLAIN_COLOURS = {"yellow": lambda: _("yellow"), "red": lambda: _("red"), "green": lambda: _("green"),
                  "blue": lambda: _("blue"), "white": lambda: _("white"), "orange": lambda: _("orange"),
                  "purple": lambda: _("purple"), "sky": lambda: _("sky blue"), "black": lambda: _("black")}


# -- items -------------------------------------------------------------------------------------------
# Each item by itself (the noun, as in "the key tiles") and as the object of a sentence ("finds a
# key", "has 2 keys"); English says "a pair of" for sneakers and eyeglasses.
_ITEM_NOUNS = {
    # i18n: an item tile of It Happens.., the bare noun as in "every {item} tile is taken"
    "map": lambda: pgettext("item", "map"),
    "sneakers": lambda: pgettext("item", "sneakers"),
    "bone": lambda: pgettext("item", "bone"),
    "eyeglasses": lambda: pgettext("item", "eyeglasses"),
    "speaker": lambda: pgettext("item", "speaker"),
    "glove": lambda: pgettext("item", "glove"),
    "spyglass": lambda: pgettext("item", "spyglass"),
    "key": lambda: pgettext("item", "key"),
}
_ITEM_MANY = {
    # i18n: a number of items, as the object of a sentence: "Ann has 2 maps"
    "map": lambda n: npgettext("items, as object", "{n} map", "{n} maps", n),
    "sneakers": lambda n: npgettext("items, as object", "{n} pair of sneakers", "{n} pairs of sneakers", n),
    "bone": lambda n: npgettext("items, as object", "{n} bone", "{n} bones", n),
    "eyeglasses": lambda n: npgettext("items, as object", "{n} pair of eyeglasses", "{n} pairs of eyeglasses", n),
    "speaker": lambda n: npgettext("items, as object", "{n} speaker", "{n} speakers", n),
    "glove": lambda n: npgettext("items, as object", "{n} glove", "{n} gloves", n),
    "spyglass": lambda n: npgettext("items, as object", "{n} spyglass", "{n} spyglasses", n),
    "key": lambda n: npgettext("items, as object", "{n} key", "{n} keys", n),
}


def item_name(kind: str) -> str:
    """The item's noun ("key", "sneakers"); an item the catalog does not know by its id."""
    noun = _ITEM_NOUNS.get(kind)
    return noun() if noun else kind.replace("_", " ")


def item_words(kind: str, n: int = 1) -> str:
    """'a key', '2 keys', 'a pair of sneakers': the items as the object of a sentence."""
    if n == 1 and kind in _ITEM_ONE:
        return _ITEM_ONE[kind]()
    many = _ITEM_MANY.get(kind)
    if many:
        return many(n).format(n=n)
    # i18n: items of a kind the game does not name ({item} is its id from the data files)
    return npgettext("items, as object", "{n} × {item}", "{n} × {item}", n).format(n=n, item=item_name(kind))


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
        # i18n: {mound} the number on the mound card, {key} the keyboard key 1-3, {column} 1-5
        return _("Place the die on mound {mound} (key {key}), column {column}").format(
            mound=int(m.id[1:]), key=action.mound + 1, column=action.column + 1)
    if isinstance(action, Roll):
        # i18n: {colour} a colour word ("red")
        return _("Roll a {colour} die").format(colour=colour_word(action.color))
    if isinstance(action, Reroll):
        return _("Pay a worm to roll again")
    if isinstance(action, Pass):
        return _("Pay a worm to pass and keep the die")
    return None


def describe_event(rules, ev: dict, state, colour_word: Callable[[str], str] = plain_colour) -> str | None:
    """One log line for an event, the seats by name (None to hide it). ``rules`` is unused here
    (the mounds come with the state); every table's words take the same arguments."""
    def name(p):
        # i18n: stands for a player's name when no player is meant
        return seat_name(state.seats[p]) if p is not None else pgettext("player", "nobody")
    t = ev["type"]
    if t == "round":
        # i18n: {mounds} a list of mound numbers ("3, 7 and 12"); {name} a player
        return _("Round {round}: mounds {mounds} are turned up; {name} starts.").format(
            round=ev["round"], mounds=format_list([mound_number(m) for m in ev["mounds"]]),
            name=name(ev["start_player"]))
    if t == "roll":
        # i18n: {colour} a colour word ("red"), {value} the number rolled
        return _("{name} rolls a {colour} {value}.").format(
            name=name(ev["player"]), colour=colour_word(ev["color"]), value=ev["value"])
    if t == "reroll":
        return _("{name} pays a worm to roll again: {value}.").format(name=name(ev["player"]), value=ev["value"])
    if t == "pass":
        return _("{name} pays a worm and passes; the die goes back to the hand.").format(name=name(ev["player"]))
    if t == "skip":
        return _("{name} cannot place any more dice this round.").format(name=name(ev["player"]))
    if t == "place":
        return _place_event_words(ev, state, name)
    if t == "award":
        return _award_words(ev, name)
    return None


def _award_words(ev, name) -> str:
    mound = mound_number(ev["mound"])
    queen = name(ev["queen"]) if ev["queen"] is not None else None
    general = name(ev["general"]) if ev["general"] is not None else None
    worms = ""
    if ev["worms"]:
        # i18n: {names} a list of players ("Ann and Bea"); "each" when there are several
        worms = npgettext("award", "a worm to {names}", "a worm each to {names}", len(ev["worms"])).format(
            names=format_list([name(p) for p in ev["worms"]]))
    # i18n: {mound} a mound number; {queen}, {general} players; {worms} "a worm to Ann" (said above)
    if queen and general and worms:
        text = _("Mound {mound} scored: the Queen to {queen}; the General to {general}; {worms}.")
    elif queen and general:
        text = _("Mound {mound} scored: the Queen to {queen}; the General to {general}.")
    elif queen and worms:
        text = _("Mound {mound} scored: the Queen to {queen}; {worms}.")
    elif queen:
        text = _("Mound {mound} scored: the Queen to {queen}.")
    elif general and worms:
        text = _("Mound {mound} scored: the General to {general}; {worms}.")
    elif general:
        text = _("Mound {mound} scored: the General to {general}.")
    elif worms:
        text = _("Mound {mound} scored: {worms}.")
    else:
        text = _("Mound {mound} scored: nobody played there.")
    return text.format(mound=mound, queen=queen, general=general, worms=worms)


def _place_event_words(ev, state, name) -> str:
    kind = state.comps.mound_by_id[ev["mound"]].columns[ev["column"]][ev["space"]]
    gain = ev.get("gain")
    args = dict(player=name(ev["player"]), value=ev["value"], mound=mound_number(ev["mound"]),
                column=ev["column"] + 1, item=item_words(gain) if gain and gain != WORM else "",
                kind=item_name(kind))
    if "owner" in ev:                       # a die of the imaginary player's colour: its tiles
        args["owner"] = name(ev["owner"])
        # i18n: {player} placed the imaginary player {owner}'s die, showing {value}; {item} "a key"
        if gain == WORM:
            text = _("{player} places a {value} for {owner} on mound {mound}, column {column}; {owner} digs up a worm.")
        elif gain:
            text = _("{player} places a {value} for {owner} on mound {mound}, column {column}; {owner} finds {item}.")
        elif kind == WORM:
            text = _("{player} places a {value} for {owner} on mound {mound}, column {column}: "
                     "no worm is left in the supply.")
        elif kind != PLAIN:
            # i18n: {kind} an item's noun ("key")
            text = _("{player} places a {value} for {owner} on mound {mound}, column {column}: "
                     "every {kind} tile is already taken.")
        else:
            text = _("{player} places a {value} for {owner} on mound {mound}, column {column}.")
        return text.format(**args)
    # i18n: {player} placed a die showing {value}; {item} "a key", "a pair of sneakers"
    if gain == WORM:
        text = _("{player} places a {value} on mound {mound}, column {column} and digs up a worm.")
    elif gain:
        text = _("{player} places a {value} on mound {mound}, column {column} and finds {item}.")
    elif kind == WORM:
        text = _("{player} places a {value} on mound {mound}, column {column}: no worm is left in the supply.")
    elif kind != PLAIN:
        # i18n: {kind} an item's noun ("key")
        text = _("{player} places a {value} on mound {mound}, column {column}: every {kind} tile is already taken.")
    else:
        text = _("{player} places a {value} on mound {mound}, column {column}.")
    return text.format(**args)
