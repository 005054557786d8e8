"""Words shared by every table (pure: no pygame, so headless tools can read a game's log).

Lists of words are joined by ``game.core.i18n.format_list`` (as the chosen language joins them);
the English-only ``join_words`` that lived here is gone.
"""
from __future__ import annotations
