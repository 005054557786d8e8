"""Play together from different machines: host a table, join one.

HostScene: the host's program is the referee. game/net/host.py runs the one Match in an event loop
of its own thread (net/table.py's LoopThread) beside the window's loop; the scene shows the address
and the join code while the network seats join, then the table as the play scene shows any game.
Seats at this screen decide through the host (``act_local``, handed over thread-safely); the host's
AIs think in its thread, never in a frame.

JoinScene: an address and a code; it connects (net/table.py's TableGuest, a guest of guest.py that
keeps every view) in a thread and, once the first view came, opens GuestTable: the same table view
drawing the observation the guest receives, the log from its events, clicks sent to the host, hints
for the guest's own seats; Undo asks the host (below). A
lost connection is told and joined again (a bounded number of tries, guest.py). At the end the guest's
table opens the results from its final view, with the game's seed and every state from the record the
host sends with it; the guest keeps that record under finished/ (History lists it, Watch replays it).

Several people may share one guest's screen: the join screen's "Players at this screen" takes that
many seats through one connection. The guest's table then hands over between its own seats as hot
seat does (with hidden tiles, the player to move sees their own only while holding V), and the host
sends it the views of the seat to move only (host.py): no message holds what that seat may not see.

Undo: a seat at the host's screen takes back its own last move as in any game; a guest's Undo asks
the host, whose table asks its player ("NAME asks to take back a move": Allow / Refuse); the guest's
table shows the table taken back, or a line saying the host refused. Either way core/undo.py decides
what may be taken back (own moves this turn, nothing revealed), and the host checks it again.

Play again: the host's results offer another game at the same table (the same address and code);
the guests still there follow into it by themselves, their results screen saying they wait for the
host meanwhile; a seat whose guest left is free for anyone with the code.

No frame ever waits on the network: the scenes read what the loop's thread wrote, and give it work
through ``LoopThread.call``.

A hosted game has a save slot like any game (saves/, written by the host after every decision, its
network seats marked in the record); Continue or Saved games opens such a save as a hosted table
again (``HostScene`` with ``states``): a new join code, and each guest takes their seat by name (the
join screen offers the free seats' names when the host asks for one). What happens to a network
seat (lost, back, given to an AI) is a line in the log of every table, the host's and the guests'.

On the local network the host announces its table (zeroconf, net/discovery.py; never the code) and
the join screen lists the tables it finds; both only when ``discovery_on()``, never in tests or CI.
"""
from __future__ import annotations

import socket

import pygame

from game.core.i18n import _, pgettext
from game.core.match import Refused
from game.core.undo import takeback_allowed
from game.core.paths import saving_enabled
from game.core.rules import AI_KINDS
from game.games import get_rules
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.scenes.play import PlayScene
from game.scenes.play_aids import kind_words
from game.scenes.results import ResultsScene
from game.ui import theme as T
from game.ui.views.base import ViewContext
from game.ui.settings import SPEED_FACTOR
from game.ui.widgets import Button, Dialog, draw_panel, layout_row, wrap

PORT = 0                 # the host's port: 0 picks a free one (shown with the address)
LOST_AI = "medium"       # a network seat away too long is played by this AI level


def lan_address() -> str | None:
    """This machine's address on its network (None when unknown). A UDP socket 'connected' to a
    private address sends nothing; it only makes the system pick the outgoing interface."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            ip = s.getsockname()[0]
        return None if ip.startswith("0.") else ip
    except OSError:
        return None


# the words for a host's refusal of a join (translated when drawn)
def refusal_words(code: str | None, address: str) -> str:
    if code == "bad_code":
        return _("The host refused the join code. Check the code and try again.")
    if code in ("version", "protocol"):
        return _("The host runs another version of Anthology; both need the same version.")
    if code in ("full", "seat_taken", "not_network_seat"):
        return _("Every network seat at that table is taken.")
    if code == "too_few":
        return _("That table has fewer free network seats than players at this screen.")
    if code == "closed":
        return _("The host closed the connection.")
    # i18n: {address} is what the player typed, e.g. "ws://192.168.1.20:50123"
    return _("Cannot reach a table at {address}.").format(address=address)


def news_words(msg: dict, seats) -> str:
    """A host's news of a network seat in words ('' for news this table does not tell)."""
    code, seat = msg.get("code"), msg.get("seat")
    name = seats[seat].shown_name if type(seat) is int and 0 <= seat < len(seats) else None
    if code == "stopped":
        if name is None:
            return _("The host stopped the game.")
        # i18n: in the log of a game over the network; {name} is the seat the table waited for
        return _("The game stopped while waiting for {name}.").format(name=name)
    if name is None:
        return ""
    if code == "seat_lost":
        # i18n: in the log of a game over the network; {name} is a player on another machine
        return _("{name} lost the connection.").format(name=name)
    if code == "seat_back":
        # i18n: in the log of a game over the network; {name} is a player on another machine
        return _("{name} is back at the table.").format(name=name)
    if code == "undo_done":
        # i18n: in the log of a game over the network; {name} is the player whose move was taken back
        return _("{name} took back a move.").format(name=name)
    if code == "seat_to_ai":
        level = msg.get("level")
        if level in AI_KINDS:
            # i18n: in the log of a game over the network; {name} is a player on another machine, {level}
            # the computer player that takes the seat over ("medium AI")
            return _("{name} is away: a {level} plays the seat from now on.").format(name=name,
                                                                                   level=kind_words(level))
        # i18n: in the log of a game over the network; {name} is a player on another machine
        return _("{name} is away: the computer plays the seat from now on.").format(name=name)
    return ""


def undo_question(name: str) -> Dialog:
    """The host's question when ``name``, a player on another machine, asks to take back a move."""
    # i18n: the title of the host's question when a player on another machine asks for an undo
    return Dialog(_("Take back a move?"),
                  # i18n: the host's question when a player on another machine asks for an undo; {name} is that player
                  _("{name} asks to take back a move. Nothing was revealed since; if you allow it, the table goes "
                    "back to before it.").format(name=name),
                  # i18n: the host's two answers to a player's request to take back a move
                  [Button(pgettext("undo request", "Allow"), "allow", key=pygame.K_y, style="primary"),
                   Button(pgettext("undo request", "Refuse"), "refuse", key=pygame.K_n)])


class SeenMatch:
    """A match played elsewhere as one seat sees it: the observations it received, one per
    decision (read-only here; decisions go to the host)."""

    bots: dict = {}
    bot_seeds: dict = {}

    def __init__(self, rules, first, more=()):
        self.rules = rules
        self.states = [first, *more]
        self.seats = list(first.seats)
        self.table_seats = list(first.seats)

    @property
    def state(self):
        return self.states[-1]

    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def to_move(self):
        return None if self.over() else self.rules.to_move(self.state)

    def ai_to_move(self):
        return None

    def can_undo(self, human) -> bool:
        return False


class NetTable(PlayScene):
    """A table of a match run by a host: its states are followed as they come (animated and
    logged as in any game); the seats in ``local`` are played at this screen, their decisions sent
    with ``send``, their undo asked for with ``ask_undo``. No AI of its own, no save slot (the host
    keeps the record)."""

    def __init__(self, app, game_id, seats, options, match, local: list[int]):
        self.local = list(local)
        self.sent_at: int | None = None     # the decision this screen's move was sent on
        self.refused = False                # set by the other thread when the host refused it
        self.undo_asked: int | None = None  # the decision an undo was asked on, until the answer
        self.net_news: list[tuple[int, dict]] = []   # (events in the log when it came, the host's news)
        self.news_shown = 0                 # the news already in the log's lines
        super().__init__(app, game_id, seats, 0, options, match=match)

    # -- the host's news, in the log between the events -------------------------
    def take_news(self) -> list[dict]:
        """News that came since the last frame (the host's info messages)."""
        return []

    def _rebuild_log(self):
        self.news_shown = 0
        super()._rebuild_log()

    def _news_lines(self, upto: int | None) -> None:
        while self.news_shown < len(self.net_news) and (upto is None or self.net_news[self.news_shown][0] <= upto):
            words = news_words(self.net_news[self.news_shown][1], self.seats)
            self.news_shown += 1
            if words:
                self.log_lines.append((words, T.INK_SOFT))
                self.log_events.append(None)

    def _extend_log(self):
        s = self.state
        start = self.log_upto
        events = s.log.to_list() if start == 0 else s.log.since(start)
        for k, ev in enumerate(events, start):
            self._news_lines(k)
            self._log_event(ev, s)
        self._news_lines(None)
        self.log_upto = len(s.log)
        self.log.set_lines(self.log_lines)

    def _draw_log_spot(self, surf):
        k = self.log.hovered
        if k is not None and 0 <= k < len(self.log_events) and self.log_events[k] is None:
            return                  # a line of news: no place on the table
        super()._draw_log_spot(surf)

    # -- what is different over the network -----------------------------------
    @property
    def state(self):
        """The state at the cursor (an undo at the host may have shortened the list under it)."""
        states = self.states
        return states[min(self.cursor, len(states) - 1)]

    def started(self) -> bool:
        return True

    def _took_back(self) -> None:
        """The match's last decisions were taken back (``states`` is shorter): show the table as it is."""
        self.cursor = len(self.states) - 1
        self.sent_at = self.undo_asked = None
        self.last_moves.clear()
        self.tooltip = None
        self.focus.reset()
        self.hint.cancel()
        self.view.on_undo(self.state)
        self._rebuild_log()
        self.message = ""
        self.dirty = True

    def humans(self) -> list[int]:
        return list(self.local)

    def context(self) -> ViewContext:
        s = self.state
        self.view.confirm_placements = self.app.settings["confirm_placements"]
        self.view.anim_factor = SPEED_FACTOR[self.app.settings["animation_speed"]]
        over = self.rules.is_over(s)
        to_move = None if over else self.rules.to_move(s)
        last = self.cursor == len(self.states) - 1
        mine = (self.started() and to_move in self.local and last and self.sent_at != self.cursor)
        if over:
            viewer, reveal = None, True
        elif len(self.local) == 1:
            viewer, reveal = self.local[0], False
        else:
            viewer, reveal = (to_move if mine and self.peeking else None), False
        legal = self.rules.legal_actions(s) if mine else []
        return ViewContext(viewer=viewer, to_move=to_move, human_turn=mine, legal=legal, reveal_all=reveal)

    def submit(self, action) -> bool:
        ctx = self.context()
        if not ctx.human_turn or action not in ctx.legal:
            self.message = _("That move is not allowed right now.")
            return False
        self.send(ctx.to_move, action)
        self.sent_at = self.cursor
        if self.view.marks_move(action):
            self.last_moves[ctx.to_move] = action
        self.message = ""
        self.tooltip = None
        self.focus.reset()
        self.hint.cancel()
        self.dirty = True
        return True

    def send(self, seat: int, action) -> None:
        raise NotImplementedError

    def incoming(self) -> bool:
        """Take the new states of the match, in order (the host's list, or the guest's views); True
        when decisions were taken back (the list is shorter than it was)."""
        return False

    # -- undo: this screen's seat's own moves this turn, nothing revealed (core/undo.py) -----------
    def undo_steps(self) -> int:
        """How many decisions one Undo takes back: the last one and the ones before it that the view
        made by itself to finish it (as the play scene's undo takes them back together)."""
        from game.net.protocol import MAX_UNDO_STEPS
        states, steps = self.states, 1
        while len(states) - steps > 1 and steps < MAX_UNDO_STEPS and self.view.answered(states[-1 - steps]):
            steps += 1
        return steps

    def consecutive(self, steps: int) -> bool:
        """Are the last ``steps`` + 1 states one decision apart (a guest may have missed some)?"""
        return True

    def can_undo(self) -> bool:
        if (not self.started() or self.over() or self.undo_asked is not None or self.sent_at == self.cursor
                or self.cursor != len(self.states) - 1 or len(self.states) < 2):
            return False
        p = self.rules.to_move(self.state)
        steps = self.undo_steps()
        return (p in self.local and self.consecutive(steps)
                and takeback_allowed(self.rules, self.states, steps, lambda q: q == p))

    def undo(self):
        if not self.can_undo():
            if self.undo_asked is None:
                self.message = _("Nothing to undo: only your own moves this turn that revealed nothing.")
            return
        self.ask_undo(self.rules.to_move(self.state), self.undo_steps())
        self.dirty = True

    def ask_undo(self, seat: int, steps: int) -> None:
        raise NotImplementedError

    def _ai_to_move(self):
        return None

    def autosave(self):
        pass

    def _follow(self) -> bool:
        """Show every state that came since the last frame: animate, sound and log it. True if any."""
        if self.incoming():
            self._took_back()
        moved = False
        fresh = self.take_news()
        if fresh:
            at = len(self.states[-1].log)
            self.net_news.extend((at, msg) for msg in fresh)
            self._extend_log()
            self.dirty = True
        for _n in range(1000):               # bounded: a frame shows at most this many decisions
            if self.cursor >= len(self.states) - 1:
                break
            prev, new = self.states[self.cursor], self.states[self.cursor + 1]
            self.cursor += 1
            events = new.log.since(len(prev.log)) if len(new.log) >= len(prev.log) else []
            self.view.on_events(events, new)
            if events:
                name = self.view.sound_of(events)
                if name:
                    self.app.sound.play(name)
            self._extend_log()
            moved = True
        if moved:
            self.tooltip = None
            self.focus.reset()
            self.hint.cancel()
            self.dirty = True
        if self.refused:
            self.refused, self.sent_at = False, None
            self.message = _("That move is not allowed right now.")
            self.dirty = True
        return moved

    def update(self, dt_ms):
        moved = self._follow()
        return super().update(dt_ms) or moved

    def back(self):
        if self.over():
            self.to_menu()
            return
        self.dialog = Dialog(_("Leave this game?"), self.leave_words(),
                             [Button(_("Leave to menu"), "leave", key=pygame.K_y, style="danger"),
                              Button(_("Keep playing"), "stay", key=pygame.K_n, style="primary")])
        self.dialog.focus = 1
        self.dirty = True

    def leave_words(self) -> str:
        return _("You leave the game over the network; the others cannot go on with your seat.")

    def stop(self) -> None:
        """End the network side (never waits)."""

    def to_menu(self):
        self.stop()
        super().to_menu()

    def on_quit(self):
        self.stop()

    def show_results(self):
        seed, history = self.results_history()
        self.app.scenes.replace(self.results_scene(seed, history))

    def results_scene(self, seed: int, history: list):
        from game.scenes.results import ResultsScene
        self.stop()
        return ResultsScene(self.app, self.game_id, self.input_seats, seed, self.options, self.state, history=history)

    def results_history(self) -> tuple[int, list]:
        """The seed and every state of the finished game, for the results (their charts, Watch the
        replay, the review): this table's own states here; a guest's come from the host's record."""
        return getattr(self, "seed", 0), self.states

    def net_words(self) -> str:
        """A line on how the network stands ('' when all is well)."""
        return ""

    def draw(self, surf):
        super().draw(surf)
        words = self.net_words()
        if words and not self.message:
            draw_message(surf, self.th, words, color=T.INK)


class HostScene(NetTable):
    """Host a table: seats here, on other machines (``net``) and AIs; this program referees.

    The host's match lives in the host's thread: this table follows a copy of its list of states
    (``incoming``), so a take-back there never pulls a state from under a frame. ``table`` is
    (host, runner, match, address) of a table playing again (HostResults): the same host, its next
    ``match``."""

    def __init__(self, app, game_id, seats, net: list[int], seed: int, options, bind: str | None = None,
                 port: int = PORT, join_wait: float = 3600.0, lost_wait: float = 120.0, states: list | None = None,
                 save_path=None, table: tuple | None = None):
        from game.core.saves import finish_save
        from game.net.host import Host
        from game.net.table import LoopThread
        rules = get_rules(game_id)
        local = [i for i, st in enumerate(seats) if st.kind == "human" and i not in net]
        self.bind = bind or ("127.0.0.1" if app.headless else "0.0.0.0")
        # the game's own save slot (a resumed game keeps its own): written by the host after every decision
        self.resumed = states is not None
        slot_error = None
        if table is not None:
            self.slot = save_path
            self.host, self.runner, self.live, self.address = table
            self.bind = self.host.bind
        else:
            self.slot, slot_error = (save_path, None) if save_path is not None else self._new_slot(game_id)
            self.host = Host(rules, seats, net, seed, options, local=local, bind=self.bind, port=port,
                             join_wait=join_wait, lost_wait=lost_wait, turn_wait=24 * 3600.0, lost_ai=LOST_AI,
                             states=states, record_path=self.slot, finish=finish_save, undo="ask", rematch=True)
            self.live = self.host.match
            self.address: str | None = None
        self.code = self.host.code
        self.announcer = None
        self._told_save_error = False
        self._undos = self.host.undos
        self.undo_for: tuple | None = None     # (seat, (decisions, steps)) the open undo question is about
        mirror = SeenMatch(rules, self.live.states[0], self.live.states[1:])
        super().__init__(app, game_id, seats, options, mirror, local)
        self.seed = seed
        if slot_error:
            self.message = slot_error
        if table is None:
            self.runner = LoopThread(lambda: self.host.run(self._ready), name="anthology-host").start()

    def incoming(self) -> bool:
        """Follow the host's list of states (a copy taken at once: the host's thread appends to it
        and takes back from it); True when decisions were taken back. A frame with nothing new (the
        usual one) copies nothing."""
        have = self.match.states
        if self.host.undos == self._undos and len(self.live.states) == len(have):
            return False
        live = list(self.live.states)
        shrunk = False
        if self.host.undos != self._undos or len(live) < len(have):
            self._undos = self.host.undos
            k = 0
            while k < min(len(have), len(live)) and have[k] is live[k]:
                k += 1
            if k < len(have):
                del have[max(1, k):]
                shrunk = True
        have.extend(live[len(have):])
        return shrunk

    @staticmethod
    def _new_slot(game_id):
        from game.core.saves import new_slot
        if not saving_enabled():
            return None, _("Saving is off; this game is kept in memory only.")
        try:
            return new_slot(game_id), None
        except OSError as e:
            # i18n: {reason} is the system's own words for the failure (often English), e.g. "No space left on device"
            return None, _("Could not save the game ({reason}); it goes on in memory.").format(
                reason=e.strerror or e)

    def take_news(self) -> list[dict]:
        out = []
        for _n in range(100):
            try:
                out.append(self.host.news.popleft())
            except IndexError:
                break
        return out

    def _announce(self) -> None:
        """Tell the local network about this table while it waits for its players (never the code)."""
        from game.net.discovery import discovery_on
        if (self.announcer is not None or self.address is None or self.app.headless or not discovery_on()
                or not self.app.settings["lan_discovery"]):
            return
        host_part, port = self.address.rsplit(":", 1)
        ip = host_part.replace("ws://", "")
        if self.bind in ("127.0.0.1", "::1", "localhost") or ip.startswith("127."):
            return
        from game import __version__
        from game.net.discovery import Announcer
        from game.net.protocol import PROTOCOL
        here = [self.seats[p].name for p in self.local]
        name = here[0] if here else (socket.gethostname() or "Anthology")
        self.announcer = Announcer(self.game_id, name, int(port), ip, version=__version__, protocol=PROTOCOL).start()

    def _unannounce(self) -> None:
        if self.announcer is not None:
            self.announcer.close()

    def _ready(self, address: str, code: str) -> None:      # in the host's thread
        port = address.rsplit(":", 1)[1]
        if self.bind == "0.0.0.0":
            ip = lan_address()
            address = f"ws://{ip}:{port}" if ip else f"ws://127.0.0.1:{port}"
        self.address = address

    def started(self) -> bool:
        """This table's game has started (the host's match is this table's: a table playing again
        waits until the host's thread has taken up the next game)."""
        return self.host.started and self.host.match is self.live

    def send(self, seat, action):
        def act():
            try:
                self.host.act_local(seat, action)
            except Refused:
                self.refused = True
        self.runner.call(act)

    def ask_undo(self, seat: int, steps: int) -> None:
        """A seat at this screen takes back its own move: the referee is here, no one is asked."""
        def undo():
            try:
                self.host.undo_local(seat, steps)
            except Refused:
                self.message = _("Nothing to undo: only your own moves this turn that revealed nothing.")
        self.runner.call(undo)

    # -- a guest asks to take back a move: this screen's player answers ------------------------
    def _undo_question(self) -> None:
        """Open the question for the first request waiting; close it when its request went away (the
        guest moved on, or was lost). ``undo_for`` is (seat, request, still open)."""
        asks = dict(self.host.undo_asks) if self.started() else {}
        if self.undo_for is not None and asks.get(self.undo_for[0]) != self.undo_for[1]:
            if self.undo_for[2] and getattr(self.dialog, "undo_seat", None) is not None:
                self.dialog = None
            self.undo_for = None
            self.dirty = True
        if self.undo_for is None and asks and self.dialog is None:
            seat = min(asks)
            self.undo_for = (seat, asks[seat], True)
            name = self.seats[seat].shown_name if 0 <= seat < len(self.seats) else "?"
            self.dialog = undo_question(name)
            self.dialog.undo_seat = seat
            self.dirty = True

    def _answer_undo(self, allow: bool) -> None:
        if self.undo_for is not None and self.undo_for[2]:
            seat, ask, _open = self.undo_for
            self.runner.call(self.host.answer_undo, seat, allow)
            self.undo_for = (seat, ask, False)     # answered: closed until that request is gone
        self.dialog = None
        self.dirty = True

    def results_scene(self, seed: int, history: list):
        self._unannounce()
        return HostResults(self.app, self.game_id, self.input_seats, seed, self.options, self.state,
                           history=history, table=(self.host, self.runner, self.address), net=self.host.net)

    def stop(self):
        self._unannounce()
        self.runner.call(self.host.stop)
        if not self.started() and not self.resumed and self.slot is not None:
            try:                 # a slot reserved for a game that never started: nothing to resume
                if self.slot.stat().st_size == 0:
                    self.slot.unlink()
            except OSError:
                pass

    def on_quit(self):
        self.stop()
        self.runner.join(5.0)       # the last decision's save is written before the program ends

    def leave_words(self) -> str:
        if self.slot is not None:
            # i18n: "Continue" is the menu's button that resumes the last game: use its translation
            return _("Leaving stops the game for every player at this table. It is saved: choose Continue on the "
                     "menu to host it again.")
        return _("Leaving ends the game for every player at this table.")

    def net_words(self) -> str:
        if self.runner.done and not self.over():
            return self._ended_words()
        lost = [self.seats[p].shown_name for p in sorted(self.host.lost_since) if p not in self.host.peers]
        if lost and self.started() and not self.over():
            # i18n: {name} is a player on another machine whose connection dropped
            return _("{name} lost the connection; waiting for them to join again.").format(name=lost[0])
        return ""

    def _ended_words(self) -> str:
        if self.runner.error is not None:
            # i18n: {reason} is the system's own words (often English), e.g. "Address already in use"
            return _("The table could not open ({reason}).").format(
                reason=getattr(self.runner.error, "strerror", None) or self.runner.error)
        return _("The game over the network has stopped.")

    def update(self, dt_ms):
        if self.started() or self.runner.done:
            self._unannounce()
        else:
            self._announce()
        self._undo_question()
        saver = self.host.saver
        if saver is not None and saver.error and not self._told_save_error:
            self._told_save_error = True
            # i18n: {reason} is the system's own words for the failure (often English), e.g. "No space left on device"
            self.message = _("Could not save the game ({reason}); it goes on in memory.").format(reason=saver.error)
        if not self.started():
            self.dirty = True
            self.clock_ms += dt_ms
            return True
        if not getattr(self, "_shown_started", False):   # every seat has come: draw the table now
            self._shown_started = True
            self.dirty = True
            return True
        return super().update(dt_ms)

    def handle(self, ev):
        if self.dialog is not None and getattr(self.dialog, "undo_seat", None) is not None:
            choice = self.dialog.handle(ev)
            if choice in ("allow", "refuse"):
                self._answer_undo(choice == "allow")
            elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self._answer_undo(False)
            self.dirty = True
            return
        if not self.started():
            if self.dialog is None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self.to_menu()
                return
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.cancel_btn.hit(ev.pos):
                self.to_menu()
                return
            if self.dialog is None:
                return
        super().handle(ev)

    @property
    def cancel_btn(self) -> Button:
        if not hasattr(self, "_cancel"):
            self._cancel = Button("", "cancel")
            self._cancel.rect = pygame.Rect(0, 0, 0, 0)
        return self._cancel

    def draw(self, surf):
        if self.started():
            return super().draw(surf)
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        # i18n: the heading while a hosted game waits for its players; {game} is the game's title
        draw_title(surf, th, _("Hosting {game}").format(game=_(self.rules.title)),
                   _("Resumed from its save. Give the others the address and the new code.")
                   if self.resumed else _("Tell the other players the address and the join code."))
        panel = pygame.Rect(th.px(80), th.px(190), W - th.px(160), H - th.px(330))
        draw_panel(surf, panel, th)
        x, y, width = panel.x + th.px(32), panel.y + th.px(28), panel.w - th.px(64)
        if self.runner.done:
            lines = [(self._ended_words(), "body", T.DANGER, True)]
        elif self.address is None:
            lines = [(_("Opening the table..."), "body", T.INK, False)]
        else:
            lines = [(_("Address"), "label", T.INK_SOFT, True), (self.address, "title", T.INK, True),
                     # i18n: the short code a player types to join the hosted game
                     (_("Join code"), "label", T.INK_SOFT, True), (self.code, "title", T.INK, True),
                     (_("Waiting for the players on other machines:"), "label", T.INK, True)]
            for p in self.host.net:
                name = self.seats[p].shown_name
                if p in self.host.tokens:
                    # i18n: a seat on another machine whose player has joined; {name} is the seat's name
                    words, ink = _("{name} has joined").format(name=name), (40, 110, 60)
                else:
                    # i18n: a seat on another machine still empty; {name} is the seat's name
                    words, ink = _("{name}: waiting...").format(name=name), T.INK_SOFT
                lines.append((words, "body", ink, False))
        for text, size, ink, bold in lines:
            for ln in wrap(text, th.font(size, bold), width):
                img = th.text(ln, size, ink, bold=bold)
                surf.blit(img, (x, y))
                y += img.get_height() + th.px(4)
            y += th.px(8)
        # i18n: a button: stop hosting and go back to the menu
        self.cancel_btn.label = pgettext("button", "Cancel")
        row = pygame.Rect(panel.x, panel.bottom + th.px(24), panel.w, th.px(64))
        layout_row([self.cancel_btn], row, 0, width=th.px(300))
        self.cancel_btn.draw(surf, th)


class GuestTable(NetTable):
    """The guest's table: a view of the remote match from its own seats (one, or several people
    sharing this screen: then it hands over between them as hot seat does)."""

    def __init__(self, app, guest, runner):
        self.guest, self.runner = guest, runner
        for _n in range(len(guest.seen)):      # views of a game before this one (played again since)
            if guest.seen[0][0] == guest.games:
                break
            guest.seen.popleft()
        self.game_no, self.last_at, first = guest.seen.popleft()
        self.ats = [self.last_at]              # the decision each state of ``states`` shows
        self.refusals = len(guest.refused)     # the host's refusals already told
        match = SeenMatch(guest.rules, first)
        super().__init__(app, guest.rules.id, guest.seats, dict(guest.options), match, list(guest.mine))
        self.lost_for = 0.0

    def incoming(self) -> bool:
        shrunk = False
        seen = self.guest.seen
        for _n in range(1000):
            if not seen or seen[0][0] != self.game_no:     # none, or the next game's (its own table shows it)
                break
            _game, at, obs = seen.popleft()
            if at > self.last_at:
                self.states.append(obs)
                self.ats.append(at)
            elif at == self.last_at:
                if self.cursor == len(self.states) - 1:     # the same decision again (a rejoin): shown as is
                    self.states[-1] = obs
                    self._rebuild_log()
            else:                                           # decisions taken back at the host
                keep = sum(1 for a in self.ats if a < at)
                del self.states[keep:], self.ats[keep:]
                self.states.append(obs)
                self.ats.append(at)
                shrunk = True
            self.last_at = at
        self._refusals_told()
        return shrunk

    def _refusals_told(self) -> None:
        """The host's newest refusals in words: an undo refused or not possible, else a move."""
        codes = self.guest.refused[self.refusals:]
        self.refusals += len(codes)
        for code in codes:
            if code in ("undo_refused", "no_undo", "undo_pending") or (code == "stale" and self.undo_asked is not None):
                self.undo_asked = None
                if code == "undo_refused":
                    self.message = _("The host did not allow taking the move back.")
                elif code == "no_undo":
                    self.message = _("Nothing to undo: only your own moves this turn that revealed nothing.")
                self.dirty = True
            else:
                self.refused = True

    def consecutive(self, steps: int) -> bool:
        return len(self.ats) > steps and self.ats[-1] - self.ats[-1 - steps] == steps

    def ask_undo(self, seat: int, steps: int) -> None:
        self.guest.ask_undo(self.runner, self.last_at, steps)
        self.undo_asked = self.last_at
        # i18n: on a guest's table after pressing Undo: the host decides whether the move is taken back
        self.message = _("You asked the host to take back your move; waiting for the answer...")

    def submit(self, action) -> bool:
        if super().submit(action):
            self.undo_asked = None       # moving on: the request is void (the host drops it)
            return True
        return False

    def _button_tip(self, action):
        if action == "undo":
            # i18n: tooltip of the Undo button at a game over the network; {key} is "Ctrl+Z"
            return _("Ask the host to take back your last move ({key}); never past a roll or a draw.").format(
                key=_("Ctrl+Z"))
        return PlayScene._button_tip(action)

    def take_news(self) -> list[dict]:
        out = []
        for _n in range(100):
            try:
                out.append(self.guest.news.popleft())
            except IndexError:
                break
        return out

    def send(self, seat, action):
        self.guest.send(self.runner, action, self.last_at)

    def update(self, dt_ms):
        g = self.guest
        if self.over() and g.games != self.game_no and g.seen and g.seen[-1][0] == g.games:
            # the host started another game at this table: this screen follows into it
            self.app.scenes.replace(GuestTable(self.app, g, self.runner))
            return True
        return super().update(dt_ms)

    def results_history(self) -> tuple[int, list]:
        """The finished game as the host's record gives it (its seed, every state; the last one this
        seat's final view, which at the end holds everything public); without a record (an older
        host, one that did not replay), the views this table received, with no seed."""
        g = self.guest
        if g.record is not None and g.record_states and self.over() and g.games == self.game_no:
            return g.record.seed, list(g.record_states[:-1]) + [self.state]
        return 0, self.states

    def results_scene(self, seed: int, history: list):
        return GuestResults(self.app, self.game_id, self.input_seats, seed, self.options, self.state,
                            history=history, guest=self.guest, runner=self.runner, game_no=self.game_no)

    def stop(self):
        self.runner.cancel()

    def net_words(self) -> str:
        if self.over():
            return ""
        if self.runner.done:
            if self.guest.result is not None:
                return ""
            return _("The connection to the host is lost and could not be made again.")
        if not self.guest.connected:
            return _("Connection lost: joining the table again...")
        return ""


class HostResults(ResultsScene):
    """The results at the host of a table: Play again starts another game at the same table (the same
    address and code, a new deal; the guests still there follow into it); Menu closes the table."""

    def __init__(self, app, game_id, seats, seed, options, state, history=None, table=None, net=()):
        super().__init__(app, game_id, seats, seed, options, state, history=history)
        self.host, self.runner, self.address = table
        self.net = list(net)

    def _do(self, action):
        if action == "again":
            self.play_again()
            return
        if action == "menu":
            self.close_table()
        super()._do(action)

    def play_again(self) -> None:
        import random
        seed = random.SystemRandom().randrange(1, 10**9)
        if self.runner.done:            # the table has closed meanwhile: a new one, with a new code
            self.app.scenes.replace(HostScene(self.app, self.game_id, self.input_seats, self.net, seed,
                                              self.options))
            return
        slot, error = HostScene._new_slot(self.game_id)
        match = self.host.next_match(seed)
        host = self.host

        def again():
            try:
                host.again(match, slot)
            except Refused:             # the table closed just now: the next table says it has stopped
                pass
        self.runner.call(again)
        scene = HostScene(self.app, self.game_id, self.input_seats, self.net, seed, self.options, save_path=slot,
                          table=(self.host, self.runner, match, self.address))
        if error:
            scene.message = error
        self.app.scenes.replace(scene)

    def close_table(self) -> None:
        self.runner.call(self.host.stop)

    def on_quit(self):
        self.close_table()
        self.runner.join(5.0)


class GuestResults(ResultsScene):
    """The results at a guest's screen: the host may start another game at this table, and this
    screen follows into it by itself; until then the first button says what it waits for (it is
    not a button to press). Menu leaves the table."""

    def __init__(self, app, game_id, seats, seed, options, state, history=None, guest=None, runner=None,
                 game_no: int = 1):
        super().__init__(app, game_id, seats, seed, options, state, history=history)
        self.guest, self.runner, self.game_no = guest, runner, game_no
        self.buttons[0] = Button("", "wait", style="primary", enabled=False)
        self.focus = len(self.buttons) - 1
        self._words = None
        self._label_buttons()

    def wait_words(self) -> str:
        g = self.guest
        if self.runner.done or not g.rematch:
            # i18n: on a guest's results, in place of Play again (not a button to press): the host ended
            # the table, no other game follows. Short: it fits a button
            return _("The host has left")
        if g.games != self.game_no:
            # i18n: on a guest's results, in place of Play again (not a button to press): the host started
            # another game, this screen goes to it once every player is back. Short: it fits a button
            return _("Next game starting")
        # i18n: on a guest's results, in place of Play again (not a button to press): the host may start
        # another game at this table, and this screen follows into it by itself. Short: it fits a button
        return _("Waiting for the host")

    def _label_buttons(self):
        super()._label_buttons()
        for b in self.buttons:
            if b.action == "wait":
                b.label = self.wait_words()

    def _do(self, action):
        if action == "wait":
            return
        if action == "menu":
            self.runner.cancel()
        super()._do(action)

    def update(self, dt_ms):
        g = self.guest
        if g.games != self.game_no and g.seen and g.seen[-1][0] == g.games:
            self.app.scenes.replace(GuestTable(self.app, g, self.runner))
            return True
        words = self.wait_words()
        changed = words != self._words
        if changed:
            self._words, self._still = words, None       # the picture kept of the screen is out of date
            self._label_buttons()
            self.dirty = True
        return super().update(dt_ms) or changed

    def on_quit(self):
        self.runner.cancel()


class JoinScene(Scene):
    """Join a table: the host's address and its join code, then the guest's table. With discovery on,
    the tables found on the local network are listed beside the form (picking one fills in the
    address; the code is still typed). "Players at this screen" takes that many seats (people
    sharing this screen). A table resumed from a save asks which seat is the guest's: the free seats'
    names are offered as buttons."""

    def __init__(self, app, address: str = "", code: str = "", finder=None):
        super().__init__(app)
        self.bg = Background()
        self.fields = {"address": address, "code": code}
        self.editing = "address"
        self.message = ""
        self.guest = None
        self.runner = None
        self.join_btn = Button("", "join", style="primary")
        self.back_btn = Button("", "back")
        self.look_btn = Button("", "look")
        self.players = 1                                   # people at this screen: the seats to take
        self.less_btn = Button("\u2212", "less")
        self.more_btn = Button("+", "more")
        self.boxes: dict[str, pygame.Rect] = {}
        self.choices: list[tuple[int, str]] = []       # (seat, name) a resumed table offers
        self.choice_btns: list[Button] = []
        self.rows: list[tuple[pygame.Rect, object]] = []   # the found tables as drawn
        self.finder = finder
        if finder is None and not app.headless:
            from game.net.discovery import discovery_on
            if discovery_on() and self.app.settings["lan_discovery"]:
                from game.net.discovery import TableFinder
                self.finder = TableFinder().start()

    def enter(self):
        super().enter()
        pygame.key.start_text_input()

    def address(self) -> str:
        a = self.fields["address"].strip()
        return a if "://" in a else f"ws://{a}"

    def join(self, seat: int | None = None):
        from game.net.table import LoopThread, TableGuest
        if self.runner is not None and not self.runner.done:
            return
        if not self.fields["address"].strip() or not self.fields["code"].strip():
            self.message = _("Type the host's address and the join code.")
            return
        self.message = ""
        self.choices, self.choice_btns = [], []
        self.guest = TableGuest(self.address(), self.fields["code"].strip(), seat=seat,
                                count=self.players if seat is None else 1)
        self.runner = LoopThread(self.guest.run, name="anthology-guest").start()

    def connecting(self) -> bool:
        return self.runner is not None and not self.runner.done

    def _close_finder(self):
        if self.finder is not None:
            self.finder.close()

    def update(self, dt_ms):
        changed = self.finder is not None and self.finder.poll()
        if self.runner is None:
            if changed:
                self.dirty = True
            return changed
        g = self.guest
        if g.rules is not None and g.seen:
            self._close_finder()
            self.app.scenes.replace(GuestTable(self.app, g, self.runner))
            return True
        if self.runner.done:
            err = self.runner.error
            code = g.fatal
            if code == "pick_seat" and g.choices:
                self.choices = list(g.choices)
                self.choice_btns = [Button(name, ("seat", seat)) for seat, name in self.choices]
                self.message = ""
            else:
                if code is None and err is not None and "closed the connection" in str(err):
                    code = "closed"
                self.message = refusal_words(code, self.address())
            self.runner = self.guest = None
        self.dirty = True
        return True

    def pick(self, table) -> None:
        """A table found on the network: its address in the form, the code still to type."""
        self.fields["address"] = table.address
        self.editing = "code"
        self.choices, self.choice_btns = [], []
        self.message = ""

    def handle(self, ev):
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for name, r in self.boxes.items():
                if r.collidepoint(ev.pos):
                    self.editing = name
            for r, table in self.rows:
                if r.collidepoint(ev.pos):
                    self.pick(table)
            for b in self.choice_btns:
                if b.hit(ev.pos):
                    self.join(seat=b.action[1])
                    break
            if self.less_btn.hit(ev.pos) or self.more_btn.hit(ev.pos):
                from game.net.protocol import MAX_SEAT
                step = -1 if self.less_btn.hit(ev.pos) else 1
                self.players = max(1, min(MAX_SEAT + 1, self.players + step))
            if self.join_btn.hit(ev.pos):
                self.join()
            elif self.back_btn.hit(ev.pos):
                self.leave()
            elif self.finder is not None and self.look_btn.hit(ev.pos):
                self.finder.refresh()
        elif ev.type == pygame.TEXTINPUT and self.editing:
            most = 120 if self.editing == "address" else 16
            text = "".join(ch for ch in ev.text if ch.isprintable() and not ch.isspace())
            self.fields[self.editing] = (self.fields[self.editing] + text)[:most]
            self.choices, self.choice_btns = [], []
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.leave()
            elif ev.key == pygame.K_BACKSPACE and self.editing:
                self.fields[self.editing] = self.fields[self.editing][:-1]
            elif ev.key == pygame.K_TAB:
                self.editing = "code" if self.editing == "address" else "address"
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.editing == "address":
                    self.editing = "code"
                else:
                    self.join()
        self.dirty = True

    def leave(self):
        if self.runner is not None:
            self.runner.cancel()
        self._close_finder()
        self.app.scenes.pop()

    def on_quit(self):
        self._close_finder()

    def draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        draw_title(surf, th, _("Join a table"), _("Type the address and the join code the host's screen shows."))
        panel = pygame.Rect(th.px(80), th.px(190), W - th.px(160), th.px(450 if not self.choices else 540))
        draw_panel(surf, panel, th)
        listing = self.finder is not None
        form_w = (panel.w - th.px(64)) if not listing else int(panel.w * 0.56) - th.px(48)
        x, y, width = panel.x + th.px(32), panel.y + th.px(28), form_w
        # i18n: the labels of the join screen's fields; an example address shows its form
        labels = {"address": _("Address (for example ws://192.168.1.20:50123)"), "code": _("Join code")}
        self.boxes = {}
        for name in ("address", "code"):
            for ln in wrap(labels[name], th.font("label", True), width):
                img = th.text(ln, "label", T.INK, bold=True)
                surf.blit(img, (x, y))
                y += img.get_height() + th.px(2)
            y += th.px(4)
            box = pygame.Rect(x, y, width, th.px(56))
            editing = self.editing == name
            pygame.draw.rect(surf, (255, 252, 240) if editing else (246, 238, 220), box, border_radius=th.px(10))
            pygame.draw.rect(surf, T.HILITE if editing else T.PAPER_DARK, box, th.px(3), border_radius=th.px(10))
            t = th.text(self.fields[name] + ("|" if editing else ""), "body", T.INK)
            surf.blit(t, (box.x + th.px(14), box.centery - t.get_height() // 2),
                      area=pygame.Rect(max(0, t.get_width() - box.w + th.px(28)), 0, box.w - th.px(28), t.get_height()))
            self.boxes[name] = box
            y = box.bottom + th.px(20)
        y = self._draw_players(surf, x, y, width) + th.px(14)
        if self.connecting():
            if self.guest is not None and self.guest.joined:
                words = _("Joined: waiting for the host to start the game...")
            else:
                words = _("Connecting...")
            for ln in wrap(words, th.font("body"), width):
                img = th.text(ln, "body", T.INK_SOFT)
                surf.blit(img, (x, y))
                y += img.get_height()
        elif self.choices:
            # i18n: a table resumed from a saved game asks the joining player which seat is theirs
            for ln in wrap(_("This game goes on from a save. Which seat is yours?"), th.font("body", True), width):
                img = th.text(ln, "body", T.INK, bold=True)
                surf.blit(img, (x, y))
                y += img.get_height()
            y += th.px(10)
            per_row = 3
            bw = (width - th.px(16) * (per_row - 1)) // per_row
            for k, b in enumerate(self.choice_btns):
                row, col = divmod(k, per_row)
                b.rect = pygame.Rect(x + col * (bw + th.px(16)), y + row * th.px(64), bw, th.px(52))
                b.draw(surf, th)
        if listing:
            self._draw_tables(surf, pygame.Rect(panel.x + int(panel.w * 0.56), panel.y + th.px(20),
                                                panel.w - int(panel.w * 0.56) - th.px(24), panel.h - th.px(40)))
        # i18n: a button: connect to the hosted game
        self.join_btn.label = pgettext("button", "Join")
        self.join_btn.enabled = not self.connecting()
        self.back_btn.label = pgettext("button", "Back")
        row = pygame.Rect(panel.x, panel.bottom + th.px(24), panel.w, th.px(64))
        layout_row([self.join_btn, self.back_btn], row, th.px(20), width=th.px(260))
        for b in (self.join_btn, self.back_btn):
            b.draw(surf, th)
        draw_message(surf, th, self.message)

    def _draw_players(self, surf, x: int, y: int, width: int) -> int:
        """How many people play at this screen: a label, the number between minus and plus. Returns
        the row's bottom."""
        th = self.th
        side = th.px(48)
        room = width - 2 * side - th.px(80)
        # i18n: on the join screen: how many people play at this screen (each takes a seat of the table)
        rows = wrap(_("Players at this screen"), th.font("label", True), room)
        imgs = [th.text(ln, "label", T.INK, bold=True) for ln in rows]
        h = max(side, sum(img.get_height() for img in imgs))
        ty = y + (h - sum(img.get_height() for img in imgs)) // 2
        for img in imgs:
            surf.blit(img, (x, ty))
            ty += img.get_height()
        bx = x + max(img.get_width() for img in imgs) + th.px(28)     # beside its label
        self.less_btn.rect = pygame.Rect(bx, y + (h - side) // 2, side, side)
        self.more_btn.rect = pygame.Rect(bx + side + th.px(64), y + (h - side) // 2, side, side)
        from game.net.protocol import MAX_SEAT
        self.less_btn.enabled = self.players > 1 and not self.connecting()
        self.more_btn.enabled = self.players < MAX_SEAT + 1 and not self.connecting()
        for b in (self.less_btn, self.more_btn):
            b.draw(surf, th)
        n = th.text(str(self.players), "title", T.INK, bold=True)
        surf.blit(n, n.get_rect(center=(bx + side + th.px(32), y + h // 2)))
        return y + h

    def _draw_tables(self, surf, area: pygame.Rect) -> None:
        """The tables found on the local network: one row each, a click fills in the address."""
        from game.games import is_known
        th = self.th
        pygame.draw.line(surf, T.PAPER_DARK, (area.x - th.px(12), area.y), (area.x - th.px(12), area.bottom), th.px(2))
        x, y = area.x + th.px(8), area.y + th.px(8)
        # i18n: the heading of the list of hosted games found on the local network
        img = th.text(_("Tables on this network"), "label", T.INK, bold=True)
        surf.blit(img, (x, y))
        y += img.get_height() + th.px(10)
        # i18n: a button: look for hosted games on the local network again
        self.look_btn.label = pgettext("button", "Look again")
        self.look_btn.rect = pygame.Rect(x, area.bottom - th.px(52), min(area.w - th.px(16), th.px(260)), th.px(48))
        self.rows = []
        tables = [t for t in self.finder.tables() if is_known(t.game)]
        bottom = self.look_btn.rect.y - th.px(10)
        for t in tables:
            r = pygame.Rect(x, y, area.w - th.px(16), th.px(64))
            if r.bottom > bottom:
                break
            hover = r.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            pygame.draw.rect(surf, (255, 252, 240) if hover else (246, 238, 220), r, border_radius=th.px(8))
            pygame.draw.rect(surf, T.PAPER_DARK, r, th.px(2), border_radius=th.px(8))
            name = th.text(t.name, "body", T.INK, bold=True)
            surf.blit(name, (r.x + th.px(12), r.y + th.px(4)), area=pygame.Rect(0, 0, r.w - th.px(24), name.get_height()))
            from game.games import get_game
            # i18n: under a found table's name: the game it plays and its address
            sub = th.text(_("{game} at {address}").format(game=_(get_game(t.game).title), address=t.address),
                          "small", T.INK_SOFT)
            surf.blit(sub, (r.x + th.px(12), r.bottom - sub.get_height() - th.px(6)),
                      area=pygame.Rect(0, 0, r.w - th.px(24), sub.get_height()))
            self.rows.append((r, t))
            y = r.bottom + th.px(8)
        if not self.rows:
            words = (_("Looking for tables...") if self.finder.browsing
                     else _("No table found yet. A table can also be joined by its address."))
            for ln in wrap(words, th.font("body"), area.w - th.px(16)):
                img = th.text(ln, "body", T.INK_SOFT)
                surf.blit(img, (x, y))
                y += img.get_height()
        self.look_btn.draw(surf, th)
