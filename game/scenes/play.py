"""Play: the table, whose turn, the log, undo, help; AI moves at a readable pace.

The scene never edits State: the game runs in a Match below it (game/core/match.py: who moves,
legality and turn checks, the record, the autosave hook, the AI seats and their seeds, undo read from
the events). The scene asks the view for an Action and submits it to the match; what it keeps is
about showing: animations, the log, the hold's clock, hints, the guide and the replay's cursor.
"""
from __future__ import annotations

import math
import threading

import pygame

from game.ai.bots import bot_move, make_bot
from game.core.i18n import _, format_list, format_number, ngettext, pgettext
from game.core.match import Match, Refused
from game.core.paths import saving_enabled
from game.core.saves import BackgroundSaver, new_slot
from game.games import get_rules
from game.scenes.common import Background, draw_message
from game.scenes.manager import Scene
from game.ui import theme as T
from game.scenes.play_aids import (Hint, KeyFocus, ReplayPlayer, ReplayStrip, Timeline, draw_ring, kind_words,
                                   new_turn, spot_rect)
from game.ui.help import HelpOverlay
from game.ui.settings import SPEED_FACTOR
from game.ui.views.base import ViewContext, get_view
from game.ui.widgets import Button, Dialog, LogView, draw_note, draw_panel, draw_tooltip, fit_lines, note_rect, wrap

AI_DELAY_MS = 650      # pause before an AI's first decision of a turn (after the table's animations)
AI_STEP_MS = 350       # between an AI's own decisions within one turn (it thinks meanwhile)
HOLD_MS = 2500         # a person's decision that hands the turn to an AI waits this long (undo)
# the replay's keys and what they do (the control strip's buttons do the same)
REPLAY_KEYS = {pygame.K_RIGHT: "step", pygame.K_LEFT: "step_back", pygame.K_HOME: "start", pygame.K_END: "end",
               pygame.K_SPACE: "play", pygame.K_UP: "turn_back", pygame.K_DOWN: "turn",
               pygame.K_PAGEUP: "round_back", pygame.K_PAGEDOWN: "round", pygame.K_PLUS: "faster",
               pygame.K_EQUALS: "faster", pygame.K_KP_PLUS: "faster", pygame.K_MINUS: "slower",
               pygame.K_KP_MINUS: "slower"}


class PlayScene(Scene):
    def __init__(self, app, game_id, seats, seed, options, states=None, replay=False, fast_ai=False,
                 save_path=None, guided=False, review=None, match=None):
        super().__init__(app)
        self.save_path = save_path   # this game's own save slot (made at its first save)
        self.saver = BackgroundSaver(background=not app.headless)
        self.game_id, self.seed, self.options = game_id, seed, dict(options)
        self.rules = get_rules(game_id)
        self.input_seats = list(seats)  # an imaginary seat given here keeps its chosen colour
        self.replay = replay
        # the game below the scene (``match``: one run elsewhere, e.g. by a network host, that this
        # scene shows; see net_play.py)
        self.match = match or Match(self.rules, seats, seed, self.options, states=states,
                                    make_bot=lambda kind, rules, bot_seed, seat: make_bot(kind, rules, bot_seed),
                                    autosave=lambda match: self.autosave())
        self.cursor = len(self.states) - 1 if not replay else 0
        # a game review on the replay: (player, mistakes costliest first); N / P go from one to the next
        self.review_player, self.mistakes = review if review else (None, [])
        if self.mistakes:
            self.cursor = min(m.index for m in self.mistakes)
        self.seats = list(self.states[0].seats)
        self.view = get_view(game_id, self.rules, self.seats, self.th)
        self.view.history = lambda: self.states
        self.bg = Background()
        self.log = LogView()
        self.log_lines: list[tuple[str, tuple]] = []
        self.log_upto = 0
        self.fast_ai = fast_ai
        self.ai_wait = 0.0            # ms since the last decision that an AI has been free to move
        self.ai_due = 0.0             # the AI's answer is played once ai_wait reaches this
        self.ai_thread: threading.Thread | None = None
        self.ai_result = None
        self.ai_future = None         # a decision thought out in the worker process
        if self.bots and not replay and app.ai_worker is not None:
            app.ai_worker.warm(game_id)
        if not fast_ai:
            app.sound   # synthesised now, while the table opens, not on the first move's frame
        self.dialog: Dialog | None = None
        self.help: HelpOverlay | None = None
        self.message = ""
        self.held_until: float | None = None   # the clock time until which the last decision is held
        self.asked: tuple | None = None        # (state, move) the view asked about before a second Enter
        self.tooltip: str | None = None
        self.mouse = (0, 0)
        self.undo_btn = Button("", "undo", key=pygame.K_u)
        self.help_btn = Button("", "help", key=pygame.K_F1)
        self.hint_btn = Button("", "hint", key=pygame.K_h)
        self.menu_btn = Button("", "menu")
        self.settings_btn = Button("", "settings", key=pygame.K_F2)
        self.in_settings = False      # the Settings are open over the game
        self.results_btn = Button("", "results", style="primary")
        self.last_moves: dict = {}    # player -> their latest decision (marked on the table)
        humans = [i for i, st in enumerate(self.seats) if st.kind == "human"]
        # the guide: for a newcomer's first game, one step for each new kind of decision, then quiet
        self.guide_for = humans[0] if guided and humans and not replay else None
        self.guide_done: list[tuple[int, str]] = []   # (states when the step was done, its words)
        self.guide_turn_told = False
        self.focus = KeyFocus()       # Tab / Shift+Tab over the legal moves, Enter plays
        self.hint = Hint()            # H: the Hard AI's advice
        # hot seat with hidden tiles: the person to move sees their own only while holding V or this button
        self.peeking = False
        self.peek_btn = Button("", "peek")
        self._label_buttons()
        self.clock_ms = 0.0
        # the replay's controls: play / pause, speed, jumps by turn and round, the timeline
        self.timeline = Timeline(self.rules, self.states) if replay else None
        self.player = ReplayPlayer()
        self.strip = ReplayStrip()
        self._dragging = False
        self._layout_for = None
        self._rebuild_log()

    def _label_buttons(self):
        """The buttons' words in the chosen language (again at every frame: the language may change
        in the Settings opened over the game)."""
        # i18n: button on the play bar: take back the last move
        self.undo_btn.label = pgettext("button", "Undo")
        # i18n: button on the play bar: open the rules of the game
        self.help_btn.label = pgettext("button", "Rules")
        # i18n: button on the play bar: ask the computer for advice on the next move
        self.hint_btn.label = pgettext("button", "Hint")
        # i18n: button on the play bar: back to the main menu
        self.menu_btn.label = pgettext("button", "Menu")
        # i18n: button on the play bar: open the settings
        self.settings_btn.label = pgettext("button", "Settings")
        # i18n: button on the play bar once the game is over: show the final scores
        self.results_btn.label = _("See results")
        # i18n: button held down in a hot-seat game to see one's own hidden tiles; V is the key (fixed)
        self.peek_btn.label = _("My tiles (hold V)")

    # -- state helpers -----------------------------------------------------
    @property
    def states(self) -> list:
        """The match's states (read them; the match alone adds and takes back)."""
        return self.match.states

    @property
    def bots(self) -> dict:
        return self.match.bots

    @property
    def bot_seeds(self) -> dict:
        return self.match.bot_seeds

    @property
    def state(self):
        return self.states[self.cursor]

    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def context(self) -> ViewContext:
        s = self.state
        self.view.confirm_placements = self.app.settings["confirm_placements"]
        self.view.anim_factor = SPEED_FACTOR[self.app.settings["animation_speed"]]
        to_move = self.rules.to_move(s)
        human_turn = (not self.replay and to_move is not None and self.seats[to_move].kind == "human"
                      and self.cursor == len(self.states) - 1)
        humans = self.humans()
        if self.replay or self.over():
            viewer, reveal = None, True
        elif len(humans) == 1:
            viewer, reveal = humans[0], False
        else:
            viewer, reveal = (to_move if human_turn and self.peeking else None), False
        legal = self.rules.legal_actions(s) if human_turn else []
        return ViewContext(viewer=viewer, to_move=to_move, human_turn=human_turn, legal=legal, reveal_all=reveal)

    def _rebuild_log(self):
        self.log_lines = []
        self.log_events: list[dict] = []   # the event behind each log line (hover shows where)
        self.log_upto = 0
        self._extend_log()

    def _extend_log(self):
        s = self.state
        events = s.log.to_list() if self.log_upto == 0 else s.log.since(self.log_upto)
        for ev in events:
            self._log_event(ev, s)
        self.log_upto = len(s.log)
        self.log.set_lines(self.log_lines)

    def _log_event(self, ev: dict, s) -> None:
        """The log line of one event, in its player's ink (none for an event the table keeps quiet)."""
        line = self.view.describe_event(ev, s)
        if line:
            p = ev.get("player")
            color = T.INK
            if isinstance(p, int) and 0 <= p < len(self.seats):
                color = T.dark_ink(self.view.seat_color(p))
            self.log_lines.append((line, color))
            self.log_events.append(ev)

    # -- decisions -----------------------------------------------------------
    def submit(self, action) -> bool:
        """Submit a decision (human or AI) to the match, which takes it if it is legal (and
        autosaves through the scene's ``autosave``); animate and log it."""
        if self.replay:
            return False
        try:
            self.match.check(action, None)
        except Refused:
            self.message = _("That move is not allowed right now.")
            return False
        self.saver.flush()   # the last decision is on disk before the next is taken
        prev = self.match.state
        mover = self.match.to_move()
        guiding = self._guide_words()
        self.message = ""
        try:
            events = self.match.submit(action)
        except Refused:      # (checked above: only a game changed meanwhile lands here)
            self.message = _("That move is not allowed right now.")
            return False
        new = self.match.state
        if self.view.marks_move(action):
            self.last_moves[mover] = action   # stays marked on the table until that player's next move
        self.cursor = len(self.states) - 1
        self.ai_wait = 0.0
        if guiding:
            self.guide_done.append((len(self.states), guiding))
        self._hold(mover, prev, new)
        self.view.on_events(events, new)
        if not self.fast_ai:
            name = self.view.sound_of(events)
            if name:
                self.app.sound.play(name)
        self._extend_log()
        if mover == self.guide_for and self.rules.to_move(new) != mover and not self.guide_turn_told:
            self.guide_turn_told = True
            # i18n: said once to a newcomer after their first whole turn; {help_key} and {tab_key} are
            # the key names "F1" and "Tab"; H is the letter key that asks for a hint (fixed)
            self.message = _("That was a whole turn. {help_key} has the rules by topic, H asks for a hint, "
                             "{tab_key} walks the moves.").format(help_key=_("F1"), tab_key=_("Tab"))
        self.tooltip = None  # it described the table before this move
        self.focus.reset()
        self.hint.cancel()
        self.dirty = True
        return True

    def autosave(self):
        """Write this game to its own slot (off the drawing loop); a finished game moves to the
        finished records."""
        if self.replay or getattr(self, "_finished", False):
            return
        if not saving_enabled():
            if not getattr(self, "_told_saving_off", False):
                self._told_saving_off = True
                self.message = _("Saving is off; this game is kept in memory only.")
            return
        if self.save_path is None:
            try:
                self.save_path = new_slot(self.game_id)
            except OSError as e:
                self.saver.error = e     # told like a failed write; the next decision tries again
                return
        rec = self.match.record()
        self._finished = self.match.over()
        self.saver.save(self.save_path, rec, finish=self._finished)

    def _check_saver(self):
        e, self.saver.error = self.saver.error, None
        if e is not None:
            # i18n: {reason} is the system's own words for the failure (often English), e.g. "No space left on device"
            self.message = _("Could not save the game ({reason}); it goes on in memory.").format(
                reason=getattr(e, "strerror", None) or e)

    def _is_human(self, p: int) -> bool:
        return self.seats[p].kind == "human"

    def _hold(self, mover, prev, new):
        """A person's decision that hands the turn to an AI, revealing nothing, is held for
        HOLD_MS: the AI waits, and undo can still take it back (otherwise the next roll or draw
        would come before anyone could reach for undo). The match says when; the clock is ours."""
        self.held_until = None
        if not self.fast_ai and not self.replay and self.match.holds_after(mover, prev, new, human=self._is_human):
            self.held_until = self.clock_ms + HOLD_MS

    def held(self) -> bool:
        return self.held_until is not None and self.clock_ms < self.held_until

    def can_undo(self) -> bool:
        """BGA rules: same player to act, their own last decision, nothing revealed since; or the
        person's last decision while it is held (see _hold)."""
        if self.replay or len(self.states) < 2 or self.match.over():
            return False
        if self.held():
            return True
        return self.match.can_undo(self._is_human)

    def undo(self):
        # the view's own follow-ups (``answered``) go back with the decision they answered; the
        # match saves the game after the undo
        if not self.can_undo() or not self.match.undo(self._is_human, answered=self.view.answered,
                                                      force=self.held()):
            self.message = _("Nothing to undo: only your own moves this turn that revealed nothing.")
            return
        self.held_until = None
        self.guide_done = [(n, words) for n, words in self.guide_done if n <= len(self.states)]
        self.cursor = len(self.states) - 1
        self.tooltip = None
        self.focus.reset()
        self.hint.cancel()
        self.cancel_ai()
        self.last_moves.clear()
        self.view.on_undo(self.state)
        self._rebuild_log()
        self.dirty = True

    # -- AI ------------------------------------------------------------------
    def _ai_to_move(self) -> int | None:
        if self.replay or self.over() or self.dialog:
            return None
        return self.match.ai_to_move()

    def _start_ai(self, p: int, use_worker: bool = True):
        s = self.state
        self.ai_result = None
        worker = self.app.ai_worker if use_worker else None
        if worker is not None:
            key = (id(self), p)
            fut = worker.submit(self.game_id, self.seats[p].kind, self.bot_seeds[p], key,
                                self.rules.observe(s, p), p)
            if fut is not None:
                self.ai_future = (s, fut)
                return
        bot = self.bots[p]
        if hasattr(bot, "stop"):
            bot.stop = False

        def think():
            self.ai_result = (s, bot_move(bot, self.rules, s, p))

        self.ai_thread = threading.Thread(target=think, daemon=True)
        self.ai_thread.start()

    def _ai_answer(self, dt_ms: float = 0.0) -> bool:
        """Play the worker's or the thread's decision once it is there and its moment has come
        (``ai_due``); True while one is awaited."""
        if self.ai_future is None and self.ai_thread is None:
            return False
        self.ai_wait += dt_ms
        if self.ai_wait < self.ai_due and not self.fast_ai:
            return True
        if self.ai_future is not None:
            asked, fut = self.ai_future
            if not fut.done():
                return True
            self.ai_future = None
            try:
                action = fut.result()
            except Exception:   # the worker failed: think in a thread instead
                if asked is not self.state:
                    return False
                self._start_ai(self.rules.to_move(self.state), use_worker=False)
                return True
            if asked is self.state:
                self.submit(action)
            return False
        if self.ai_thread is not None:
            if not self.ai_thread.is_alive():
                self.ai_thread = None
                if self.ai_result is not None and self.ai_result[0] is self.state:
                    self.submit(self.ai_result[1])
            return True
        return False

    def _turn_goes_on(self, p: int) -> bool:
        """The AI ``p`` made the last decision and its turn goes on (no new turn began: play_aids.new_turn)."""
        return (len(self.states) > 1 and self.rules.to_move(self.states[-2]) == p
                and not new_turn(self.rules, self.states[-2], self.states[-1]))

    def step_ai_now(self) -> bool:
        """Headless: make the AI decision at once (used by tools and tests)."""
        p = self._ai_to_move()
        if p is None:
            return False
        return self.submit(self.match.ai_move(p))

    def private_info(self) -> bool:
        """Several humans share the screen and the game hides something from some of them."""
        return (not self.replay and not self.over() and len(self.humans()) > 1
                and self.rules.private_info)

    def cancel_ai(self):
        """Drop a decision being thought out (its answer, if it comes, is ignored)."""
        if self.ai_thread is not None:
            for bot in self.bots.values():
                if hasattr(bot, "stop"):
                    bot.stop = True
        if self.ai_future is not None:
            self.ai_future[1].cancel()
        self.ai_thread, self.ai_result, self.ai_future = None, None, None

    def update(self, dt_ms):
        self.clock_ms += dt_ms
        self._check_saver()
        p = self.rules.to_move(self.state)
        moving = self.view.update(dt_ms)
        if moving:
            self.dirty = True
        got = self.hint.take(self.state)
        if got is not None:
            action, reason = got
            self.focus.point_at(self.context().legal, action)
            self.hint.reason = reason
        pulsing = self.hint.thinking or self.focus.index is not None or self.guide_for is not None
        if pulsing:
            self.dirty = True
        if self.replay:
            return self._replay_tick(dt_ms) or moving or pulsing
        if self._ai_answer(dt_ms):
            return True
        if getattr(self, "_followed", None) is not self.state and p is not None and self.seats[p].kind == "human":
            self._followed, ctx = self.state, self.context()     # once per state: the view may finish a move
            follow = self.view.follow_up(self.state, ctx) if ctx.human_turn else None
            if follow is not None and self.submit(follow):
                return True
        if self.held_until is not None:
            if self.held():
                self.dirty = True          # the countdown in the message strip
                return True
            self.held_until = None
        p = self._ai_to_move()
        if p is not None:
            # within its own turn an AI moves on after AI_STEP_MS, thinking meanwhile, while the table
            # still animates; a turn's first decision waits for the table, then AI_DELAY_MS
            own = self._turn_goes_on(p)
            pace = SPEED_FACTOR[self.app.settings["ai_speed"]]
            if own or not moving:
                self.ai_wait += dt_ms
            if self.fast_ai or own or self.ai_wait >= AI_DELAY_MS * pace:
                self.ai_due = AI_STEP_MS * pace if own and not self.fast_ai else 0.0
                self._start_ai(p)
            return True
        self.ai_wait = 0.0
        return moving or pulsing

    # -- the replay's controls ------------------------------------------------------
    def _replay_tick(self, dt_ms: float) -> bool:
        """Playing: one decision on every so often (the speed); it stops at the end and on reaching
        a review's mark. True while playing."""
        if not self.player.playing:
            return False
        marks = {m.index for m in self.mistakes}
        last = len(self.states) - 1
        for _step in range(self.player.tick(dt_ms)):
            if self.cursor >= last:
                break
            self._go(self.cursor + 1, stop=False)
            if self.cursor in marks:
                self.player.playing = False
                break
        if self.cursor >= last:
            self.player.playing = False
        self.dirty = True
        return True

    def _go(self, k: int, stop: bool = True):
        """The replay's cursor to position ``k`` (the log follows); ``stop`` pauses the playing."""
        k = max(0, min(len(self.states) - 1, k))
        if stop:
            self.player.playing = False
        if k == self.cursor:
            return
        forward = k == self.cursor + 1 and self.log_upto <= len(self.states[k].log)
        self.cursor = k
        if forward:
            self._extend_log()
        else:
            self._rebuild_log()
        self.tooltip = None
        self.dirty = True

    def _replay_action(self, action: str):
        tl, c = self.timeline, self.cursor
        if action == "play":
            if not self.player.playing and c >= len(self.states) - 1:
                self._go(0)                 # at the end: play from the start
            self.player.toggle()
        elif action in ("slower", "faster"):
            self.player.faster(1 if action == "faster" else -1)
        else:
            self._go({"start": 0, "end": len(self.states) - 1, "step": c + 1, "step_back": c - 1,
                      "turn": tl.jump(c, 1, "turn"), "turn_back": tl.jump(c, -1, "turn"),
                      "round": tl.jump(c, 1, "round"), "round_back": tl.jump(c, -1, "round")}[action])
        self.dirty = True

    def _speed_words(self) -> str:
        # i18n: the replay's speed on its control strip, e.g. "2×" (twice as fast), "0.5×"
        return pgettext("replay speed", "{factor}×").format(factor=format_number(self.player.factor))

    def _strip_tip(self, pos) -> str | None:
        """The tooltip over the replay's controls: what a button does and its key, or a review's mark."""
        hit = self.strip.hit(pos, [m.index for m in self.mistakes], self.timeline.count, self.th)
        if hit is None:
            return None
        kind, what = hit
        if kind == "go":
            for rank, m in enumerate(self.mistakes, 1):
                if m.index == what and self.strip.mark_at(pos, [m.index], self.timeline.count, self.th) is not None:
                    cost = round(m.cost, 1)
                    return ngettext("Costly decision {rank} of {count}: about {cost} point",
                                    "Costly decision {rank} of {count}: about {cost} points",
                                    1 if cost == 1 else 2).format(rank=rank, count=len(self.mistakes),
                                                                   cost=format_number(cost))
            return None
        keys = {"start": pgettext("key", "Home"), "end": pgettext("key", "End"),
                "step_back": pgettext("key", "Left"), "step": pgettext("key", "Right"),
                # i18n: the arrow keys Up and Down, as named on a keyboard
                "turn_back": pgettext("key", "Up"), "turn": pgettext("key", "Down"),
                # i18n: the Page Up and Page Down keys, as named on a keyboard (short)
                "round_back": pgettext("key", "PgUp"), "round": pgettext("key", "PgDn"),
                "play": pgettext("key", "Space"), "slower": "-", "faster": "+"}
        if what == "start":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("To the start ({key})")
        elif what == "end":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("To the end ({key})")
        elif what == "step_back":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("One decision back ({key})")
        elif what == "step":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("One decision on ({key})")
        elif what == "turn_back":
            # i18n: tooltip on the replay's controls (a turn: one player's decisions in a row); {key} names the key
            words = _("Back to the start of a turn ({key})")
        elif what == "turn":
            # i18n: tooltip on the replay's controls (a turn: one player's decisions in a row); {key} names the key
            words = _("On to the next turn ({key})")
        elif what == "round_back":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("Back to the start of a round ({key})")
        elif what == "round":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same
            words = _("On to the next round ({key})")
        elif what == "play":
            # i18n: tooltip on the replay's play / pause button; {key} names the key that does the same
            words = _("Pause ({key})") if self.player.playing else _("Play ({key})")
        elif what == "slower":
            # i18n: tooltip on the replay's controls; {key} names the key that does the same ("-")
            words = _("Slower ({key})")
        else:
            # i18n: tooltip on the replay's controls; {key} names the key that does the same ("+")
            words = _("Faster ({key})")
        return words.format(key=keys[what])

    # -- input -----------------------------------------------------------------
    def back(self):
        if self.replay or self.over():
            self.app.scenes.pop()
            return
        # i18n: "Continue" is the menu's button that resumes the last game: use its translation
        body = _("It is saved after every move: choose Continue on the menu to pick it up again.")
        self.dialog = Dialog(_("Leave this game?"), body,
                             [Button(_("Leave to menu"), "leave", key=pygame.K_y, style="danger"),
                              Button(_("Keep playing"), "stay", key=pygame.K_n, style="primary")])
        self.dialog.focus = 1
        self.dirty = True

    def to_menu(self):
        from game.scenes.select import SelectScene
        self.cancel_ai()
        self.hint.cancel()
        self.saver.flush()  # the menu lists the saves: this one must be on disk
        self.app.scenes.reset(SelectScene(self.app))

    def on_quit(self):
        self.autosave()
        self.saver.flush()

    def open_settings(self):
        """The Settings over the game (F2): the game waits, untouched, and what was changed applies
        when it comes back (enter)."""
        from game.scenes.settings import SettingsScene
        self.hint.cancel()
        self.tooltip = None
        self.in_settings = True
        self.app.scenes.push(SettingsScene(self.app))

    def enter(self):
        super().enter()
        if self.in_settings:              # back from the Settings: the size may have changed,
            self.in_settings = False      # and the log's inks follow the palette
            self._layout_for = None
            self._rebuild_log()

    def winner_words(self) -> str:
        """'Game over: Ann wins', 'Game over: Ann and Bruno share the win' (the finished game)."""
        names = [self.seats[w].shown_name for w in self.rules.winners(self.state)]
        if len(names) == 1:
            # i18n: on the play bar when the game has ended; {name} is the winner's name
            return _("Game over: {name} wins").format(name=names[0])
        # i18n: on the play bar when the game has ended in a shared win; {names} is a list of names
        # ("Ann and Bruno", joined the language's way)
        return _("Game over: {names} share the win").format(names=format_list(names))

    def show_results(self):
        from game.scenes.results import ResultsScene
        self.saver.flush()
        self.app.scenes.replace(ResultsScene(self.app, self.game_id, self.input_seats, self.seed,
                                             self.options, self.state, from_replay=self.replay,
                                             history=self.states))

    def _peek(self, ev) -> bool:
        """Hot seat with hidden tiles: V or the button, held down, shows the player to move their
        own tiles; letting go hides them again. True when the event was that."""
        held = None
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key == pygame.K_v:
            held = ev.type == pygame.KEYDOWN
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.peek_btn in self._buttons():
            held = True if self.peek_btn.hit(ev.pos) else None
        elif ev.type == pygame.MOUSEBUTTONUP and self.peeking:
            held = False
        if held is None or (held and not self.private_info()):
            return False
        self.peeking = held
        self.dirty = True
        return True

    def handle(self, ev):
        if not self.dialog and not self.help and self._peek(ev):
            return
        if self.help is not None:
            if self.help.handle(ev) == "close":
                self.help = None
            self.dirty = True
            return
        if self.dialog is not None:
            choice = self.dialog.handle(ev)
            if choice == "leave":
                self.dialog = None
                self.autosave()
                self.to_menu()
            elif choice == "stay" or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                self.dialog = None
            self.dirty = True
            return
        if self.replay and self._strip_mouse(ev):
            return
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.log.hovered = self.log.line_at(ev.pos)
            tip = self._hover(ev.pos)
            self.tooltip = tip
            for b in self._buttons():
                b.hover = b.rect.collidepoint(ev.pos)
            self.dirty = True
        elif ev.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(self.mouse):
                self.log.scroll = max(0, self.log.scroll + ev.y * 2)
                self.dirty = True
            elif self.view.wheel(ev.y, self.state, self.context()):
                self.dirty = True
                self._refresh_tooltip()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.dirty = True
            for b in self._buttons():
                if b.hit(ev.pos):
                    self._button(b.action)
                    return
            ctx = self.context()
            if ctx.human_turn:
                a = self.view.click(ev.pos, self.state, ctx)
                if a is not None:
                    self.submit(a)
        elif ev.type == pygame.KEYDOWN:
            self.dirty = True
            self._key(ev)

    def _strip_mouse(self, ev) -> bool:
        """A click on the replay's controls, or a drag along its timeline; True when it was one."""
        count, marks = self.timeline.count, [m.index for m in self.mistakes]
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = self.strip.hit(ev.pos, marks, count, self.th)
            if hit is None:
                return False
            kind, what = hit
            if kind == "button":
                self._replay_action(what)
            else:
                self._dragging = self.strip.mark_at(ev.pos, marks, count, self.th) is None
                self._go(what)
            self.tooltip = self._hover(ev.pos)
            self.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self._dragging:
            self._dragging = False
            return True
        if ev.type == pygame.MOUSEMOTION and self._dragging:
            self.mouse = ev.pos
            self._go(self.strip.position_at(ev.pos[0], count))
            return True
        return False

    def _key(self, ev):
        k = ev.key
        ctx = self.context()
        if k == pygame.K_ESCAPE:
            if self.focus.index is not None or self.hint.thinking:
                self.focus.reset()
                self.hint.cancel()
            elif not self.view.cancel_pending():
                self.back()
        elif k == pygame.K_F1:
            self._button("help")
        elif k == pygame.K_F2:
            self._button("settings")
        elif k == pygame.K_h and ctx.human_turn:
            self._button("hint")
        elif k == pygame.K_TAB and ctx.human_turn:
            self.focus.step(ctx.legal, back=bool(ev.mod & pygame.KMOD_SHIFT))
            self.hint.reason = ""
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus.action(ctx.legal) is not None:
            action = self.focus.action(ctx.legal)
            question = self.view.question_before(action, self.state, ctx)
            if question and self.asked != (self.state, action):
                self.asked, self.message = (self.state, action), question
            else:
                self.submit(action)
        elif self.replay and k in REPLAY_KEYS:
            self._replay_action(REPLAY_KEYS[k])
        elif self.mistakes and k in (pygame.K_n, pygame.K_p):
            self._jump_to_mistake(1 if k == pygame.K_n else -1)
        elif (k == pygame.K_z and ev.mod & pygame.KMOD_CTRL) or k == pygame.K_u:
            self.undo()
        elif self.over() and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.show_results()
        else:
            ctx = self.context()
            if ctx.human_turn:
                a = self.view.key(k, self.state, ctx)
                if a is not None:
                    self.submit(a)
                else:
                    self._refresh_tooltip()

    def _refresh_tooltip(self):
        """A key or the wheel changed what the spot under the mouse shows (a tile to build turned or
        flipped): its words follow, without waiting for the mouse to move."""
        if self.tooltip:
            self.tooltip = self._hover(self.mouse)

    def _button(self, action):
        if action == "undo":
            self.undo()
        elif action == "help":
            self.help = HelpOverlay(self.game_id, self.rules.title)    # the overlay translates the title when it draws
        elif action == "hint":
            ctx = self.context()
            if ctx.human_turn and not self.hint.thinking:
                self.message = ""
                self.hint.ask(self.rules, self.state, ctx.to_move, self.seed * 7 + len(self.states), self.app.ai_worker)
        elif action == "menu":
            self.back()
        elif action == "settings":
            self.open_settings()
        elif action == "results":
            self.show_results()

    def _buttons(self):
        bs = [self.help_btn, self.settings_btn, self.menu_btn]
        if not self.replay:
            bs.insert(0, self.undo_btn)
        if not self.replay and not self.over() and self.context().human_turn:
            bs.insert(0, self.hint_btn)
            if self.private_info():
                bs.insert(0, self.peek_btn)
        if self.over() and (not self.replay or self.cursor == len(self.states) - 1):
            bs.append(self.results_btn)
        return bs

    def _hover(self, pos):
        if self.replay and self.strip.rect.collidepoint(pos):
            return self._strip_tip(pos)
        for b in self._buttons():
            if b.rect.collidepoint(pos):
                return self._button_tip(b.action)
        return self.view.hover(pos, self.state, self.context())

    @staticmethod
    def _button_tip(action) -> str | None:
        """The tooltip of a play-bar button (its key named in brackets)."""
        if action == "undo":
            # i18n: tooltip of the Undo button; {key} is "Ctrl+Z"
            return _("Take back your last move ({key}); never past a roll or a draw.").format(key=_("Ctrl+Z"))
        if action == "hint":
            # i18n: tooltip of the Hint button; H is the letter key (fixed), {tab_key} is "Tab"
            return _("Ask the strongest AI what it would do here (H); {tab_key} steps through every move.").format(
                tab_key=_("Tab"))
        if action == "help":
            # i18n: tooltip of the Rules button; {key} is "F1"
            return _("How to play ({key})").format(key=_("F1"))
        if action == "menu":
            # i18n: tooltip of the Menu button; {key} is "Esc"
            return _("Back to the menu ({key}); the game is saved.").format(key=_("Esc"))
        if action == "settings":
            # i18n: tooltip of the Settings button; {key} is "F2"
            return _("Sound, speeds, colours and size ({key}); the game waits.").format(key=_("F2"))
        if action == "results":
            # i18n: tooltip of the See results button; {key} is "Enter"
            return _("Show the final scores ({key})").format(key=_("Enter"))
        return None

    # -- layout & drawing -----------------------------------------------------------
    def _layout(self, size):
        if self._layout_for == size:
            return
        self._layout_for = size
        th = self.th
        W, H = size
        m = th.px(16)
        self.bar_rect = pygame.Rect(m, m, W - 2 * m, th.px(64))
        # the replay's controls: a strip under the bar, over the table and the log (the bottom keeps
        # the message strip)
        strip_h = th.px(52) if self.replay else 0
        self.strip_rect = pygame.Rect(m, self.bar_rect.bottom + th.px(8), W - 2 * m, strip_h)
        top = self.strip_rect.bottom + (th.px(8) if strip_h else m)
        log_w = max(th.px(330), int(W * 0.2))
        self.log_rect = pygame.Rect(W - m - log_w, top, log_w, H - top - m)
        self.table_rect = pygame.Rect(m, top, self.log_rect.x - 2 * m, self.log_rect.h)
        self.view.layout(self.table_rect)

    def resize(self, size):
        super().resize(size)
        self._layout_for = None

    def draw(self, surf):
        th = self.th
        size = surf.get_size()
        self._layout(size)
        surf.blit(self.bg.get(size), (0, 0))
        ctx = self.context()
        self.view.draw(surf, self.state, ctx, self.mouse)
        guide = self.guide_rect(ctx)
        # i18n: the heading of the game log beside the table (in a replay / in a game)
        self.log.draw(surf, self.log_shown(guide), th, _("Replay log") if self.replay else _("What happened"))
        self._draw_last_moves(surf)
        self._draw_log_spot(surf)
        self._draw_guide(surf, ctx, guide)
        self._draw_focus(surf, ctx)     # its note may lie over the top of the log
        self._draw_mistake(surf)
        self._draw_bar(surf, ctx)
        if self.replay:
            words = self._speed_words()
            self.strip.layout(self.strip_rect, th, words)
            self.strip.draw(surf, th, self.cursor, self.timeline, [m.index for m in self.mistakes],
                            self.player.playing, words, self.mouse)
        if self.tooltip and not self.dialog and not self.help:
            draw_tooltip(surf, self.mouse, self.tooltip, th)
        if self.held() and not self.message:
            left = max(1, math.ceil((self.held_until - self.clock_ms) / 1000))
            # i18n: a countdown after a move that hands the turn to the computer; U is the letter key
            # (fixed), {keys} is "Ctrl+Z", {n} the seconds left ("s" for seconds)
            draw_message(surf, th, _("Changed your mind? Undo (U or {keys}) in the next {n} s.").format(
                keys=_("Ctrl+Z"), n=left), color=T.INK)
        draw_message(surf, th, self.message)
        if self.help is not None:
            self.help.draw(surf, th)
        if self.dialog is not None:
            self.dialog.draw(surf, th)

    def _draw_log_spot(self, surf):
        """Hovering a log line rings where on the table it happened (while the table still shows it)."""
        k = self.log.hovered
        if k is None or not 0 <= k < len(self.log_events) or self.view.covers_table():
            return
        ev = self.log_events[k]
        where = self.view.event_spot(ev, self.state)
        p = ev.get("player")
        color = self.view.seat_color(p) if isinstance(p, int) and 0 <= p < len(self.seats) else T.HILITE
        draw_ring(surf, self.th, where, self.clock_ms, color=color, width=self.th.px(5))

    def _draw_last_moves(self, surf):
        """Each player's latest move, ringed in their colour where the table still shows it."""
        if self.replay or self.view.covers_table():
            return
        for p, action in self.last_moves.items():
            where = self.view.locate(action, self.state, p)
            if where is not None:
                draw_ring(surf, self.th, where, 0.0, color=self.view.seat_color(p), width=self.th.px(3))

    def _guide_words(self, ctx=None) -> str:
        """The guide's words for the decision at hand: only for the guided player, and only for a
        kind of decision the guide has not explained yet ('' otherwise)."""
        if self.guide_for is None:
            return ""
        ctx = ctx or self.context()
        if not ctx.human_turn or ctx.to_move != self.guide_for:
            return ""
        words = self.view.guide(self.state, ctx)
        return "" if words in {w for _n, w in self.guide_done} else words

    def guide_rect(self, ctx) -> "tuple[pygame.Rect, list] | None":
        """Where the guide's note goes: on the table where it covers none of the legal moves, the
        view's controls or the places the step talks about (``view.guide_regions``); else over
        the top of the log. (rect, line images), or None when there is no note."""
        words = self._guide_words(ctx)
        if not words:
            return None
        imgs = self._guide_lines(words, min(self.th.px(760), self.table_rect.w - self.th.px(60)))
        avoid = [spot_rect(self.view.locate(a, self.state)) for a in ctx.legal[:60]]
        avoid += list(self.view.keep_clear(self.state)) + list(self.view.guide_regions(self.state, ctx))
        anchor = self._clear_anchor(imgs, [r for r in avoid if r is not None])
        if anchor is None:
            imgs = self._guide_lines(words, self.log_rect.w - self.th.px(40))
            anchor = {"midtop": (self.log_rect.centerx, self.log_rect.y + self.th.px(8))}
        return note_rect(self.th, imgs, **anchor), imgs

    def _guide_lines(self, words: str, width: int) -> list:
        th = self.th
        # i18n: the heading of the newcomer's guide note on the table; {n} counts the steps (1, 2, ...)
        title = _("Guide, step {n}: a new kind of decision").format(n=len(self.guide_done) + 1)
        return ([th.text(ln, "label", (40, 110, 60), bold=True) for ln in wrap(title, th.font("label", True), width)] +
                [th.text(ln, "body", T.INK) for ln in wrap(words, th.font("body"), width)])

    def log_shown(self, guide=None) -> pygame.Rect:
        """Where the log is drawn: its place, or under the guide's note when the note had to go in
        the log's column (the log then shows its newest lines below it: the note covers none)."""
        r = self.log_rect
        if guide is None or not guide[0].colliderect(r):
            return r
        top = min(guide[0].bottom + self.th.px(8), r.bottom - self.th.px(80))
        return pygame.Rect(r.x, top, r.w, r.bottom - top)

    def _draw_guide(self, surf, ctx, placed=None):
        """The guide: what this kind of decision is about, every legal choice ringed, in a note
        that covers nothing it talks about (``placed``: guide_rect's answer, when known)."""
        placed = placed if placed is not None else self.guide_rect(ctx)
        if placed is None:
            return
        th = self.th
        for action in ctx.legal[:40]:
            draw_ring(surf, th, self.view.locate(action, self.state), self.clock_ms, color=T.LEGAL)
        box, imgs = placed
        draw_note(surf, th, imgs, (240, 250, 232), (40, 110, 60), topleft=box.topleft)

    def _jump_to_mistake(self, step: int):
        """N / P in a reviewed replay: the next costliest (the previous) marked decision."""
        from game.scenes.review import next_mark
        k = next_mark(self.mistakes, self.cursor, step)
        if k is not None:
            self._go(k)

    def _draw_mistake(self, surf):
        """A reviewed replay at a marked decision: the move played ringed in red, the better one
        in green, and a note with the estimated cost and why."""
        here = [(rank, m) for rank, m in enumerate(self.mistakes, 1) if m.index == self.cursor]
        if not here:
            if self.mistakes:
                marks = format_list([format_number(m.index) for m in sorted(self.mistakes, key=lambda m: m.index)])
                # i18n: on a reviewed replay; {marks} lists decision numbers ("3, 17 and 25"); N and P are
                # the letter keys that jump to the next / previous one (fixed)
                draw_message(surf, self.th, _("Review: costly decisions at {marks} (N / P jump to them).").format(
                    marks=marks), color=T.INK)
            return
        rank, m = here[0]
        th = self.th
        p = self.review_player
        draw_ring(surf, th, self.view.locate(m.played, self.state, p), 0.0, color=T.DANGER, width=th.px(4))
        draw_ring(surf, th, self.view.locate(m.better, self.state, p), self.clock_ms, color=T.LEGAL, width=th.px(5))
        name = self.seats[p].shown_name
        cost = round(m.cost, 1)
        # i18n: the note on a reviewed replay; {rank} of {count} numbers the costly decisions, {cost} is
        # the points it cost, with one decimal ("2.5")
        lines = [ngettext("Costly decision {rank} of {count}: about {cost} point",
                          "Costly decision {rank} of {count}: about {cost} points",
                          1 if cost == 1 else 2).format(rank=rank, count=len(self.mistakes), cost=format_number(cost)),
                 # i18n: {name} is the player, {move} the move in words; it is ringed in red on the table
                 _("{name} played: {move} (red ring)").format(name=name, move=self.view.action_words(m.played, self.state)),
                 # i18n: {move} is the better move in words; it is ringed in green on the table
                 _("Better: {move} (green ring)").format(move=self.view.action_words(m.better, self.state))]
        if m.why:
            lines.append(m.why)
        imgs = self._note_lines(lines, self.log_rect.w - th.px(40))
        draw_note(surf, th, imgs, (255, 238, 230), T.DANGER, midtop=(self.log_rect.centerx, self.log_rect.y + th.px(8)))

    def _draw_focus(self, surf, ctx):
        """The move the keyboard (or the hint) points at: ringed on the table, named in words."""
        th = self.th
        action = self.focus.action(ctx.legal) if ctx.human_turn else None
        lines, where = [], None
        if self.hint.thinking:
            lines.append(_("Thinking about the best move..."))
        elif action is not None:
            self.view.point_at(action, self.state)
            where = self.view.locate(action, self.state)
            draw_ring(surf, th, where, self.clock_ms)
            if self.hint.reason or self.focus.index is not None and self.hint.state is self.state:
                # i18n: the computer's advice; {move} is the move in words, {enter_key} and {esc_key} are
                # the key names "Enter" and "Esc"
                lines.append(_("Hint: {move}  ({enter_key} plays it, {esc_key} forgets it)").format(
                    move=self.view.action_words(action, self.state), enter_key=_("Enter"), esc_key=_("Esc")))
                if self.hint.reason:
                    lines.append(self.hint.reason)
            else:
                lines.append(self.focus.words(self.view, self.state))
        if not lines:
            return
        imgs = self._note_lines(lines, self.table_rect.w - th.px(60))    # wrapped only when wider than the table
        anchor = self._note_anchor(imgs, where)
        if anchor is None:      # nowhere on the table: over the top of the log, wrapped to its width
            imgs = self._note_lines(lines, self.log_rect.w - th.px(40))
            anchor = {"midtop": (self.log_rect.centerx, self.log_rect.y + th.px(8))}
        draw_note(surf, th, imgs, (255, 246, 222), T.HILITE, **anchor)

    def _note_lines(self, lines: list[str], width: int | None = None) -> list:
        """The note's lines as images (the first in bold), wrapped to ``width`` when given."""
        th, out = self.th, []
        for i, ln in enumerate(lines):
            for part in wrap(ln, th.font("body", i == 0), width) if width else [ln]:
                out.append(th.text(part, "body", T.INK, bold=i == 0))
        return out

    def _note_anchor(self, imgs: list, where) -> dict | None:
        """Where on the table the note goes: a place (see _clear_anchor) that covers neither the move
        it points at nor the view's controls; else None."""
        avoid = [r for r in (spot_rect(where), *self.view.keep_clear(self.state)) if r is not None]
        return self._clear_anchor(imgs, avoid)

    def _clear_anchor(self, imgs: list, avoid: list) -> dict | None:
        """The first of the table's bottom, top right, top and bottom right where a note of ``imgs``
        covers none of ``avoid``; else None."""
        t, pad = self.table_rect, self.th.px(8)
        places = [{"midbottom": (t.centerx, t.bottom - pad)}, {"topright": (t.right - pad, t.y + pad)},
                  {"midtop": (t.centerx, t.y + pad)}, {"bottomright": (t.right - pad, t.bottom - pad)},
                  {"bottomleft": (t.x + pad, t.bottom - pad)}, {"topleft": (t.x + pad, t.y + pad)}]
        for anchor in places:
            if note_rect(self.th, imgs, **anchor).collidelist(avoid) < 0:
                return anchor
        return None

    def _draw_bar(self, surf, ctx):
        th = self.th
        r = self.bar_rect
        draw_panel(surf, r, th, fill=(58, 40, 28), edge=(30, 20, 12), radius=12)
        title = th.text(_(self.rules.title), "title", (250, 232, 196), bold=True)
        x = r.x + th.px(36) + title.get_width()
        symbol = None                       # the player to move's symbol before the status
        if self.over():
            status = self.winner_words()
        elif ctx.to_move is not None:
            seat = self.seats[ctx.to_move]
            if seat.is_ai:
                # i18n: on the play bar; {name} is the computer player's name, {kind} its level ("easy AI")
                status = _("{name} ({kind}) is thinking").format(name=seat.shown_name, kind=kind_words(seat.kind))
            elif ctx.human_turn and len(self.humans()) == 1:
                # i18n: on the play bar, to the one person playing against the computer
                status = _("Your turn")
            else:
                # i18n: on the play bar; {name} is the player to move
                status = _("{name}'s turn").format(name=seat.shown_name)
            symbol = (T.PLAYER_SYMBOLS.get(seat.color, "circle"), self.view.seat_color(ctx.to_move))
        else:
            status = ""
        if self.replay:
            # i18n: on the play bar of a replay (its controls are on a strip under the table); {round}
            # is the round shown, {n} the decision, {count} how many the game had
            status = _("Replay, round {round}: decision {n} of {count}").format(
                round=self.timeline.round_at(self.cursor), n=self.cursor, count=len(self.states) - 1)
        hint = self.view.hint(self.state, ctx) if ctx.human_turn else ""
        self._label_buttons()
        buttons = self._buttons()
        widths = [max(th.px(110), th.text(b.label, "label", T.INK, bold=True).get_width() + th.px(32)) for b in buttons]
        bx = r.right - th.px(12) - sum(w + th.px(10) for w in widths)
        color = (250, 232, 196)

        def plan(x):
            """The status's and the hint's lines when the words start at ``x`` (the hint's None: no room)."""
            x += th.px(40) if symbol else 0
            st_room = bx - th.px(24) - x
            fits = st_room > th.px(60)      # (a tiny window has no room at all: the words go on as they are)
            st = ((fit_lines(th, status, st_room, color, (("label", 1), ("small", 2), ("tiny", 2)), bold=True)
                   if status and fits else None) or [th.text(status, "label", color, bold=True)])
            left = x + max(img.get_width() for img in st) + th.px(30)
            room = bx - th.px(24) - left
            hn = fit_lines(th, hint, room, T.HILITE, (("body", 1), ("small", 2), ("tiny", 2))) \
                if hint and room > th.px(80) else None
            return st, hn, left
        status_rows, hint_rows, left = plan(x)
        if hint and hint_rows is None:      # a long language: the words take the title's room
            x = r.x + th.px(18)
            status_rows, hint_rows, left = plan(x)
        else:
            surf.blit(title, (r.x + th.px(18), r.centery - title.get_height() // 2))
        if symbol:
            T.draw_symbol(surf, symbol[0], (x + th.px(16), r.centery), th.px(15), symbol[1])
            x += th.px(40)
        sy = r.centery - sum(img.get_height() for img in status_rows) // 2
        for img in status_rows:
            surf.blit(img, (x, sy))
            sy += img.get_height()
        if hint_rows:
            hx = max(left, bx - max(img.get_width() for img in hint_rows) - th.px(24))
            hy = r.centery - sum(img.get_height() for img in hint_rows) // 2
            for img in hint_rows:
                surf.blit(img, (hx, hy))
                hy += img.get_height()
        elif hint:                          # still no room in the bar: a note under it
            width = min(surf.get_width() - th.px(40), th.px(900))
            imgs = [th.text(ln, "small", T.HILITE) for ln in wrap(hint, th.font("small"), width - th.px(36))]
            draw_note(surf, th, imgs, (40, 32, 26), T.HILITE, topleft=(r.x + th.px(12), r.bottom + th.px(6)))
        self.undo_btn.enabled = self.can_undo()
        for b, w in zip(buttons, widths):
            b.rect = pygame.Rect(bx, r.y + th.px(10), w, r.h - th.px(20))
            b.draw(surf, th)
            bx += w + th.px(10)
