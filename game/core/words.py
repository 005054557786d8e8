"""Words the rules cores share when they make text for people (pure: no pygame).

The tables have their own words (game/ui); these are for the few sentences the rules themselves
make (``Action.describe``, ``validate_setup``, the hint's reasons). Every word is a catalog message
(game/core/i18n.py), translated when called, never at import.
"""
from __future__ import annotations

from game.core.i18n import _, pgettext

# a colour by its own name, inside a sentence ("a red die"): the same messages as the classic
# palette's in-sentence words (game/ui/theme.py CLASSIC_WORDS)
_COLOURS = {"yellow": lambda: _("yellow"), "red": lambda: _("red"), "green": lambda: _("green"),
            "blue": lambda: _("blue"), "white": lambda: _("white"), "orange": lambda: _("orange"),
            "purple": lambda: _("purple"), "sky": lambda: _("sky blue"), "black": lambda: _("black"),
            "grey": lambda: _("grey")}


def colour_word(color: str) -> str:
    """A seat or dice colour by its plain name, in the chosen language (an unknown id as it is)."""
    word = _COLOURS.get(color)
    return word() if word else color.replace("_", " ")


def seat_name(seats, p: int) -> str:
    """Seat ``p``'s name as players see it ("Player 3" when the seats are not known)."""
    if seats is not None and 0 <= p < len(seats):
        seat = seats[p]
        shown = getattr(seat, "shown_name", None)
        return shown if isinstance(shown, str) else seat.name
    # i18n: a seat without a known name; {n} its number at the table (1, 2, ..)
    return pgettext("seat", "Player {n}").format(n=p + 1)
