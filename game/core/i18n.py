"""Words from catalogs: every word a player sees goes through here.

Pure (no pygame). The catalogs are gettext ``.po`` files under ``assets/locale/<lang>/LC_MESSAGES/``
(English is the source language and has no catalog of its own); the ``.po`` is the source of truth
and is compiled in memory when a language is first chosen, so there is nothing to build.

How code uses it::

    from game.core.i18n import _, N_, ngettext, pgettext

    _("Start game")                                         # a message
    _("{name} rolls a {colour} {value}.").format(name=..., colour=..., value=...)  # named places
    ngettext("{n} point", "{n} points", n).format(n=n)      # counts use plural forms
    pgettext("button", "Back")                              # the same English in two roles
    LABELS = {"slow": N_("Slow")}; ... _(LABELS[k])         # marked where written, translated where drawn

Every function looks up the language chosen *now*, so switching language needs no restart: code
translates when it draws, never at import. Placeholders are always named (``{name}``), so a
translation may reorder them.

The pseudo-locale ``pseudo`` (for the layout test) is made from the English: each message is
padded by 40 % and its letters carry accents, so text that did not come through the catalog (plain
ASCII letters) and text that outgrows its box both show up.
"""
from __future__ import annotations

import gettext
import io
import re
import threading
from pathlib import Path

from game.core.paths import resource_path

DOMAIN = "anthology"
SOURCE = "en"
PSEUDO = "pseudo"
# each language by its own name, as the language picker shows it
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}

_lock = threading.Lock()
_current = SOURCE
_catalogs: dict[str, gettext.NullTranslations] = {}
_problems: dict[str, str] = {}


def locale_dir() -> Path:
    return resource_path("assets", "locale")


def po_path(lang: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages() -> dict[str, str]:
    """Code -> own name, for the languages this build can show (English always)."""
    return {code: name for code, name in LANGUAGES.items() if code == SOURCE or po_path(code).is_file()}


def normalize(code: str | None) -> str | None:
    """'de_DE', 'de-AT', 'DE' -> 'de' when that language is available (pseudo included), else None."""
    if not code:
        return None
    base = re.split(r"[-_.@]", str(code).strip().lower(), maxsplit=1)[0]
    if base == PSEUDO:
        return PSEUDO
    return base if base in available_languages() else None


def pick_language(preferred: list[str]) -> str:
    """The first of the system's preferred languages that we have, else English."""
    for code in preferred:
        found = normalize(code)
        if found and found != PSEUDO:
            return found
    return SOURCE


def language() -> str:
    return _current


def set_language(code: str) -> str:
    """Choose the language by code (unknown codes fall back to English); the code chosen."""
    global _current
    chosen = normalize(code) or SOURCE
    with _lock:
        _current = chosen
    return chosen


_pinned = False


def pin_language(code: str) -> str:
    """Choose the language for this run whatever the settings say (``main.py --lang CODE``)."""
    global _pinned
    _pinned = True
    return set_language(code)


def pinned() -> bool:
    """True when the command line chose the language (the settings then do not change it)."""
    return _pinned


def problem(lang: str) -> str | None:
    """Why a catalog could not be read (its messages then show in English), or None."""
    return _problems.get(lang)


def _compile(lang: str) -> gettext.NullTranslations:
    """The language's .po compiled in memory (a catalog that cannot be read gives English)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    path = po_path(lang)
    try:
        with open(path, "rb") as f:
            if path.stat().st_size > 8_000_000:
                raise ValueError("the file is larger than 8 MB")
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        return gettext.GNUTranslations(buf)
    except Exception as e:   # noqa: BLE001 - any damage to a catalog means English, told once
        _problems[lang] = f"{path.name} for {lang} could not be read ({type(e).__name__}: {e})"
        return gettext.NullTranslations()


def _catalog(lang: str) -> gettext.NullTranslations:
    cat = _catalogs.get(lang)
    if cat is None:
        with _lock:
            cat = _catalogs.get(lang)
            if cat is None:
                if lang == SOURCE:
                    cat = gettext.NullTranslations()
                elif lang == PSEUDO:
                    cat = PseudoTranslations()
                else:
                    cat = _compile(lang)
                _catalogs[lang] = cat
    return cat


def forget_catalogs() -> None:
    """Read the .po files again on next use (after they change on disk)."""
    with _lock:
        _catalogs.clear()
        _problems.clear()


def _(message: str) -> str:
    """``message`` in the chosen language."""
    return _catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the chosen language (format ``{n}`` yourself)."""
    return _catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the role ``context`` (the same English may need two translations)."""
    return _catalog(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _catalog(_current).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog where it is written; translate it with _() where drawn."""
    return message


# ---- the pseudo-locale ------------------------------------------------------------------------

# accented look-alikes the game's own font has (so the pseudo-locale tests layout, not fallbacks)
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áβçďéƒğĥíĵķĺŋñóþĸŕšţúŭŵ×ýžÁΒÇĐÉŦĞĤÍĴĶĹŊÑÓÞĸŔŠŢÚŬŴ×ÝŽ")
_PLACE = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sdif]|%[sdif]|\*\*)")
PAD = "·~"


def pseudo(message: str) -> str:
    """``message`` with accented letters, padded by 40 % (placeholders kept as they are)."""
    if not message:
        return message
    parts = _PLACE.split(message)
    out = "".join(p if _PLACE.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    pad = max(1, round(len(message) * 0.4))
    # the padding comes in short words, so long text still wraps where a real translation would
    return out + "".join(" " if k % 7 == 6 else "·~"[k % 2] for k in range(pad))


def is_pseudo_text(text: str) -> bool:
    """True when ``text`` has no plain ASCII letter: all its words came through the catalog (or
    are names and numbers that hold none)."""
    return not re.search(r"[A-Za-z]", text)


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2)


# ---- dates and numbers in the chosen language (Babel) ---------------------------------------

def _babel_locale() -> str:
    return SOURCE if _current == PSEUDO else _current


def _shown(text: str) -> str:
    """Babel's output as our fonts draw it: a narrow no-break space (English times, French
    thousands) becomes a no-break space; in the pseudo-locale the words are accented too."""
    text = text.replace("\u202f", "\u00a0")
    return pseudo(text) if _current == PSEUDO and not is_pseudo_text(text) else text


def format_datetime(when, style: str = "medium", seconds: bool = False) -> str:
    """A date and time as the chosen language writes it ("Dec 7, 2026, 2:05 PM" /
    "07.12.2026, 14:05"); the time without seconds unless asked."""
    from babel import Locale
    from babel.dates import format_date as fmt_date, format_time as fmt_time
    style = style if style in ("short", "medium", "long") else "medium"
    loc = Locale.parse(_babel_locale())
    time_style = "medium" if seconds else "short"
    pattern = str(loc.datetime_formats.get(style, "{1} {0}"))
    text = pattern.replace("{1}", fmt_date(when, format=style, locale=loc)).replace(
        "{0}", fmt_time(when, format=time_style, locale=loc))
    return _shown(text)


def format_date(when, style: str = "medium") -> str:
    from babel.dates import format_date as fmt
    return _shown(fmt(when, format=style if style in ("short", "medium", "long") else "medium", locale=_babel_locale()))


def format_number(n) -> str:
    """A number with the chosen language's separators ("1,234.5" / "1.234,5")."""
    from babel.numbers import format_decimal
    return _shown(format_decimal(n, locale=_babel_locale()))


def format_percent(x: float) -> str:
    from babel.numbers import format_percent as fmt
    return _shown(fmt(x, locale=_babel_locale()))


def format_list(items, style: str = "standard") -> str:
    """Words joined as the chosen language joins them ("a, b and c" / "a, b et c"); ``style``
    "or" for alternatives."""
    from babel.lists import format_list as fmt
    items = [str(i) for i in items]
    if _current == PSEUDO:
        return pseudo(" & ").join(items) if items else ""
    for kind in (style, "standard"):       # a style a language lacks parts of falls back
        try:
            return _shown(fmt(items, style=kind, locale=_babel_locale()))
        except (KeyError, ValueError):
            continue
    return ", ".join(items)
