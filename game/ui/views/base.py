"""The contract between the play scene and a game's table view.

The play scene owns the top bar, the log, the buttons for undo/help/menu, AI
pacing, autosave and dialogs. A view draws one game's table inside the rect it
is given and turns clicks and keys into Actions taken from ``ctx.legal``. A
view never changes State.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import _
from game.ui import theme as T


# the sound effects (game/ui/sound.py), most telling first: a decision plays only its loudest news
SOUND_RANK = ("fanfare", "anteater", "worm", "dice", "soldier", "ant", "tile", "tick")


@dataclass
class ViewContext:
    viewer: int | None            # seat whose private info may be shown (None: nobody's)
    to_move: int | None           # seat to move (None when over)
    human_turn: bool              # True when a human at this screen must decide now
    legal: list = field(default_factory=list)   # legal actions (empty unless human_turn)
    reveal_all: bool = False      # game over / replay: show everything


class GameView:
    """Base class: override what your game needs."""

    event_sounds: dict = {}       # event type -> sound effect (game/ui/sound.py)
    line_labels: dict = {}        # scoring line -> its name on the table, translated (the results use it too;
                                  # a view with names of its own makes this a property that calls _())
    confirm_placements = False    # the player's setting: a click selects, a second click confirms
    anim_factor = 1.0             # the player's animation speed: animations last this many times longer
    history = None                # the play scene's states so far (a callable giving the list, the first
                                  # state set-up's): for what a table shows from the way the game came here

    def __init__(self, rules, seats, theme: T.Theme):
        self.rules, self.seats, self.th = rules, list(seats), theme
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- layout & drawing ------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Called on start and on every resize; rebuild cached layers here."""
        self.rect = rect

    def draw(self, surf: pygame.Surface, state, ctx: ViewContext, mouse: tuple[int, int]) -> None:
        raise NotImplementedError

    # -- input -----------------------------------------------------------
    def click(self, pos, state, ctx: ViewContext):
        """An Action from ctx.legal, or None."""
        return None

    def key(self, key: int, state, ctx: ViewContext):
        """An Action from ctx.legal for a keyboard shortcut, or None."""
        return None

    def wheel(self, dy: int, state, ctx: ViewContext) -> bool:
        """The mouse wheel over the table (not the log): True if the view used it."""
        return False

    def follow_up(self, state, ctx: ViewContext):
        """An Action from ctx.legal the view takes by itself now (the rest of a move the human made
        in one gesture, e.g. a tile placed whole), or None. Asked once for each new state on a human's turn."""
        return None

    def point_at(self, action, state) -> None:
        """The keyboard focus or a hint points at ``action`` (told every frame it is shown, after the
        table is drawn): a view may show the move itself from the next frame, e.g. a tile to place."""

    def answered(self, state) -> bool:
        """Was the decision in ``state`` taken by ``follow_up``? (Undo takes it back with the one before.)"""
        return False

    def action_words(self, action, state) -> str:
        """A legal move in words, for the keyboard focus and the hint."""
        try:
            return action.describe(self.seats)
        except TypeError:
            return action.describe()

    def locate(self, action, state, player: int | None = None) -> "pygame.Rect | tuple | None":
        """Where a legal move is on the table (a rect, or (centre, radius)), for the keyboard focus
        and the hint; None when the view cannot point at it (its words are shown anyway).
        ``player`` is whose move it was (default: the player to move), for marking past moves."""
        return None

    def guide(self, state, ctx: ViewContext) -> str:
        """For the guided first turn: what this decision is about and how to make it, in a
        sentence or two (default: the hint line)."""
        return self.hint(state, ctx)

    def question_before(self, action, state, ctx: ViewContext) -> str:
        """A question to ask before ``action`` is played from the keyboard focus or a hint (Enter
        again plays it); "" to play it at once."""
        return ""

    def guide_regions(self, state, ctx: ViewContext) -> list:
        """Rects of the table the guide's words for this decision talk about (its note never
        covers them, nor the legal moves and keep_clear)."""
        return []

    def event_spot(self, ev: dict, state) -> "pygame.Rect | tuple | None":
        """Where on the table a logged event happened, if the table still shows that place."""
        return None

    def keep_clear(self, state) -> list:
        """Rects of the table a note (the hint, the keyboard focus) should not cover: controls."""
        return []

    def covers_table(self) -> bool:
        """True while the view shows something large over its table (an enlarged hill)."""
        return getattr(self, "zoom", None) is not None

    def marks_move(self, action) -> bool:
        """Does this move leave a mark on the table worth keeping until its player moves again?
        (Not for "end turn" or "roll" buttons.)"""
        return True

    def hover(self, pos, state, ctx: ViewContext) -> str | None:
        """Tooltip text for what is under the mouse."""
        return None

    def hint(self, state, ctx: ViewContext) -> str:
        """One line telling the human what to do now (shown in the top bar)."""
        return ""

    # -- animation -------------------------------------------------------
    def on_events(self, events: list[dict], state) -> None:
        """New events were logged (a decision was applied): start animations."""

    def on_undo(self, state) -> None:
        """A decision was taken back: drop anything that showed it (selections, marks)."""
        self.cancel_pending()

    def cancel_pending(self) -> bool:
        """Drop a selection waiting for confirmation; True if there was one (Esc does this first)."""
        return False

    def update(self, dt_ms: float) -> bool:
        """Advance animations; return True while something is moving."""
        return False

    # -- words -----------------------------------------------------------
    def describe_event(self, ev: dict, state) -> str | None:
        """One log line in plain words for an event (None to hide it)."""
        return None

    def sound_for(self, ev: dict) -> str | None:
        """The sound effect an event makes (None: silent)."""
        return self.event_sounds.get(ev.get("type"))

    def sound_of(self, events: list[dict]) -> str | None:
        """The one effect a decision's events make: the most telling of them."""
        names = {self.sound_for(ev) for ev in events} - {None}
        return min(names, key=lambda n: SOUND_RANK.index(n) if n in SOUND_RANK else len(SOUND_RANK), default=None)

    def result_notes(self, state) -> list[tuple[int, str]]:
        """(player, words) lines the results screen shows under the score sheet: how points came."""
        return []

    def seat_color(self, i: int):
        return T.PLAYER_COLORS.get(self.seats[i].color, (200, 200, 200))


class PlaceholderView(GameView):
    """Shown for a game whose table is not built yet."""

    def draw(self, surf, state, ctx, mouse):
        r = self.rect.inflate(-self.th.px(80), -self.th.px(80))
        from game.ui.widgets import draw_panel
        draw_panel(surf, r, self.th)
        # i18n: {title} a game's title
        t = self.th.text(_("{title}: the table is being built").format(title=self.rules.title), "title", T.INK,
                         bold=True)
        surf.blit(t, t.get_rect(center=r.center))

    def click(self, pos, state, ctx):
        return ctx.legal[0] if ctx.legal else None


def get_view(game_id: str, rules, seats, theme) -> GameView:
    """The table view of ``game_id`` (a placeholder for a game with no table package)."""
    from game.ui.tables import table_for
    return table_for(game_id).make_view(rules, seats, theme)
