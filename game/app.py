"""The window, the clock and the main loop."""
from __future__ import annotations

import os
import time

import pygame

from game.core import i18n
from game.core.i18n import _
from game.scenes.manager import SceneManager
from game.ui.theme import Theme

MIN_SIZE = (1280, 720)
CANVAS_MIN = (640, 360)  # a smaller window (full screen on a tiny display) shows this size scaled down
CANVAS_ASPECT = 8.0      # the canvas's long side is at most this many times its short side
CANVAS_MAX_SIDE = 8192   # and no side of it is longer (whatever size the display reports)
DEFAULT_SIZE = (1600, 900)
DESKTOP_SHARE = 0.9     # the first window takes at most this much of the desktop
IDLE_WAIT_MS = 250
# keys whose holding repeats (set_repeat): moving and scrolling, and Backspace in a text field
REPEATING_KEYS = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
                            pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE))


class HeldKeys:
    """The keys held down, to tell a held key's repeated KEYDOWNs from new presses."""

    def __init__(self):
        self.down: set[int] = set()

    def repeated(self, ev: pygame.event.Event) -> bool:
        """True for a KEYDOWN that repeats a held key that must not repeat (Esc, Enter, a move)."""
        if ev.type == pygame.KEYDOWN:
            if ev.key in self.down:
                return ev.key not in REPEATING_KEYS
            self.down.add(ev.key)
        elif ev.type == pygame.KEYUP:
            self.down.discard(ev.key)
        elif ev.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()    # their KEYUPs go to another window
        return False


def first_window_size(desktop: tuple[int, int] | None, remembered: tuple[int, int] | None) -> tuple[int, int]:
    """The size the window opens at: the one remembered from the last run (else DEFAULT_SIZE),
    at most DESKTOP_SHARE of the desktop, never below MIN_SIZE unless the desktop is smaller."""
    want = remembered or DEFAULT_SIZE
    room = desktop or (1 << 16, 1 << 16)    # a desktop of unknown size takes any window
    return tuple(_fit(w, least, r) for w, least, r in zip(want, MIN_SIZE, room))


def _fit(want: int, least: int, room: int) -> int:
    most = int(room * DESKTOP_SHARE)
    return max(least if room >= least else most, min(want, most))


def canvas_size(size: tuple[int, int]) -> tuple[tuple[int, int], float]:
    """The size the scenes draw at for a window of ``size``, and how many canvas pixels make one
    window pixel (across): the window itself when it is at least CANVAS_MIN, else the window's shape
    grown until it holds CANVAS_MIN (shown scaled down), so no layout ever meets a tiny rectangle.
    Whatever the display reports, the canvas stays bounded: a shape longer than CANVAS_ASPECT to one
    (a full screen of 1280x1) is drawn at that ratio and shown stretched, and no side passes
    CANVAS_MAX_SIDE (a larger window is drawn smaller and shown scaled up)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    sw, sh = float(w), float(h)          # the shape drawn: the window's, at most CANVAS_ASPECT to one
    if sw > sh * CANVAS_ASPECT:
        sh = sw / CANVAS_ASPECT
    elif sh > sw * CANVAS_ASPECT:
        sw = sh / CANVAS_ASPECT
    f = max(CANVAS_MIN[0] / sw, CANVAS_MIN[1] / sh, 1.0)
    f = min(f, CANVAS_MAX_SIDE / max(sw, sh))
    if f == 1.0 and (sw, sh) == (w, h):
        return (w, h), 1.0
    cw = min(CANVAS_MAX_SIDE, max(CANVAS_MIN[0], round(sw * f)))
    ch = min(CANVAS_MAX_SIDE, max(CANVAS_MIN[1], round(sh * f)))
    return (cw, ch), (f if (sw, sh) == (w, h) else cw / w)


def system_languages() -> list[str]:
    """The system's preferred languages as codes ("de_AT", "fr"), best first ([] when unknown)."""
    try:
        found = pygame.system.get_pref_locales()
    except (AttributeError, pygame.error, OSError):
        return []
    codes = []
    for loc in found or []:
        try:
            lang, country = loc.get("language"), loc.get("country")
        except AttributeError:
            continue
        if lang:
            codes.append(f"{lang}_{country}" if country else str(lang))
    return codes


def apply_language(settings, headless: bool = False) -> str:
    """Show the words in the player's language: the one chosen in Settings, else (the first start)
    the system's if we have it, else English; that choice is kept in the settings. A language the
    command line pinned wins. Headless runs (tools, tests) never ask the system: without a choice
    they keep the language set now."""
    if getattr(i18n, "pinned", lambda: False)():     # main.py --lang chose it for this run
        return i18n.language()
    code = settings["language"]
    if not code:
        if headless:
            return i18n.language()
        code = i18n.pick_language(system_languages())
        try:
            settings.set("language", code)
        except ValueError:
            pass
    return i18n.set_language(code)


def _desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


class App:
    def __init__(self, size=None, headless: bool = False, start_time: float | None = None):
        """``size`` None: the size that fits the desktop (``first_window_size``)."""
        self.start_time = start_time or time.perf_counter()
        pygame.display.init()  # the audio device is opened by the sound board, when a game starts
        pygame.font.init()
        from game.ui import theme
        theme.clear_caches()  # fonts die with pygame.quit(); never reuse them
        self.headless = headless
        from game.ui import settings
        self.settings = settings.load()
        apply_language(self.settings, headless)
        size = size or first_window_size(_desktop_size(), settings.window_size(self.settings))
        self.min_size = tuple(min(least, w) for least, w in zip(MIN_SIZE, size))
        pygame.display.set_caption("Anthology")
        flags = pygame.RESIZABLE
        self.display = pygame.display.set_mode(size, flags)
        self.window = self.display     # what the scenes draw on (a larger canvas in a tiny window)
        self.zoom = 1.0                # canvas pixels per window pixel (across)
        self.zoom_xy = (1.0, 1.0)      # across and down (they differ only for an absurd shape)
        self._fit_canvas()
        try:
            pygame.display.set_icon(_icon())
        except pygame.error:
            pass
        self.theme = Theme(self.window.get_size(), self.settings["ui_scale"])
        from game.ui import theme as T
        T.set_palette(self.settings["colorblind"])
        self.scenes = SceneManager()
        self.running = True
        self.fullscreen = False
        self.windowed_size = size
        self.clock = pygame.time.Clock()
        self.first_frame_s: float | None = None
        self.data_problems: dict[str, str] = {}
        self._sound = None
        self._ai_worker = None
        pygame.key.set_repeat(350, 40)
        self.held_keys = HeldKeys()

    @property
    def sound(self):
        """The sound board, made when first needed (synthesis takes a tenth of a second)."""
        if self._sound is None:
            from game.ui.sound import SoundBoard
            self._sound = SoundBoard(self.settings["volume"] / 100, muted=not self.settings["sound"])
        return self._sound

    @property
    def ai_worker(self):
        """The process the AI thinks in (None headless: tools and tests think in a thread)."""
        if self.headless:
            return None
        if self._ai_worker is None:
            from game.ai.worker import AiWorker
            self._ai_worker = AiWorker()
        return self._ai_worker

    # -- scene helpers used by scenes ------------------------------------
    def quit(self):
        self.running = False

    def toggle_fullscreen(self):
        """F11: fill the screen the window is on (desktop full screen), or back to the window."""
        if self.headless:
            return
        self.fullscreen = not self.fullscreen
        try:
            win = pygame.Window.from_display_module()
            if self.fullscreen:
                self.windowed_size = self.display.get_size()
                win.set_fullscreen(True)
            else:
                win.set_windowed()
                win.size = self.windowed_size
            self.display = pygame.display.get_surface()
        except (AttributeError, pygame.error):  # an older pygame: the display module's own way
            if self.fullscreen:
                self.windowed_size = self.display.get_size()
                self.display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.display = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    def _fit_canvas(self):
        """The scenes draw on the display, or on a canvas of another size shown scaled (canvas_size)."""
        shown = pygame.display.get_surface()
        self.display = shown if shown is not None else self.display
        dw, dh = self.display.get_size()
        size, self.zoom = canvas_size((dw, dh))
        if size == (dw, dh):
            self.window, self.zoom, self.zoom_xy = self.display, 1.0, (1.0, 1.0)
            return
        # canvas pixels per window pixel, across and down (the same unless the shape was bounded)
        uniform = abs(size[1] - dh * self.zoom) <= 1
        self.zoom_xy = (self.zoom, self.zoom) if uniform else (self.zoom, size[1] / dh)
        if self.window is self.display or self.window.get_size() != size:
            self.window = pygame.Surface(size)

    def _to_canvas(self, ev: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its window position turned into canvas pixels."""
        d = dict(ev.dict)
        zx, zy = self.zoom_xy
        d["pos"] = (max(0, min(int(ev.pos[0] * zx), self.window.get_width() - 1)),
                    max(0, min(int(ev.pos[1] * zy), self.window.get_height() - 1)))
        if "rel" in d:
            d["rel"] = (int(ev.rel[0] * zx), int(ev.rel[1] * zy))
        return pygame.event.Event(ev.type, d)

    def _resized(self):
        self._fit_canvas()
        if not self.fullscreen:
            self.windowed_size = self.display.get_size()   # remembered at the end of the run
        size = self.window.get_size()
        self.theme.resize(size)
        for sc in self.scenes.stack:
            sc.resize(size)

    # -- loop ------------------------------------------------------------
    def dispatch(self, ev: pygame.event.Event):
        top = self.scenes.top
        if ev.type == pygame.QUIT:
            if top is not None and hasattr(top, "on_quit"):
                top.on_quit()
            self.running = False
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._fit_canvas()
            w, h = self.display.get_size()
            least_w, least_h = self.min_size
            if not self.fullscreen and (w < least_w or h < least_h):
                self.display = pygame.display.set_mode((max(w, least_w), max(h, least_h)), pygame.RESIZABLE)
            self._resized()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            if top:
                top.dirty = True
        if top is not None:
            if self.window is not self.display and hasattr(ev, "pos"):
                ev = self._to_canvas(ev)
            top.handle(ev)

    def frame(self, dt_ms: float) -> bool:
        """Update and draw one frame if needed; True while the scene wants more frames."""
        top = self.scenes.top
        if top is None:
            self.running = False
            return False
        moving = bool(top.update(dt_ms))
        if top.dirty or moving:
            top.draw(self.window)
            top.dirty = False
            if self.window is not self.display:
                try:
                    pygame.transform.smoothscale(self.window, self.display.get_size(), self.display)
                except ValueError:   # a display that is not 24 or 32 bits
                    pygame.transform.scale(self.window, self.display.get_size(), self.display)
            pygame.display.flip()
            if self.first_frame_s is None:
                self.first_frame_s = time.perf_counter() - self.start_time
                if os.environ.get("ANTHOLOGY_FIRST_FRAME_EXIT"):  # start-up benchmark
                    print(f"first frame after {self.first_frame_s * 1000:.0f} ms")
                    self.running = False
        return moving

    def run(self):
        last = pygame.time.get_ticks()
        animating = True
        while self.running:
            if animating:
                events = pygame.event.get()
            else:
                # idle: sleep until something happens (keeps idle CPU near zero)
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = [first] + pygame.event.get() if first.type != pygame.NOEVENT else []
            now = pygame.time.get_ticks()
            dt = now - last
            last = now
            for ev in events:
                if self.held_keys.repeated(ev):
                    continue
                self._guarded(self.dispatch, ev)
                if not self.running:
                    break
            animating = self._guarded(self.frame, dt)
            if animating:
                self.clock.tick(60)          # at most 60 frames a second while anything moves
        if self._ai_worker is not None:
            self._ai_worker.shutdown()
        pygame.quit()

    def _guarded(self, step, arg):
        """Run one step of the loop; an unexpected failure is shown, never a silent exit."""
        try:
            return step(arg)
        except Exception as e:
            self._failed(e)
            return True

    def _failed(self, e: BaseException):
        """An unexpected failure: log it whole, show it in words, keep the window open."""
        import traceback
        from game.core.errlog import write_log
        from game.scenes.error import ErrorScene
        if self.scenes.top is not None and getattr(self.scenes.top, "failure_screen", False):
            raise e  # the error screen itself fails: nothing sensible is left to show
        log = write_log("unexpected failure:\n" + "".join(traceback.format_exception(e)))
        self.scenes.push(ErrorScene(self, _("Something went wrong"), [
            _("The program hit a problem it did not expect, so this screen was closed."),
            _("Every game is saved after each move: choose Continue on the menu to pick it up again.")],
            log, can_go_on=True))


def _icon() -> pygame.Surface:
    from game.ui.sprites.common import ant_icon
    return ant_icon(64)


def first_scenes(app) -> None:
    """The menu, or the data problems found at start-up (also written to the log)."""
    from game.core.errlog import write_log
    from game.games import data_problems
    from game.scenes.error import ErrorScene
    from game.scenes.select import SelectScene
    app.data_problems = data_problems()
    from game.ui.tables import tables
    for table in tables():       # a table's own files (the Antics! map) are told like its data
        if table.id not in app.data_problems:
            try:
                found = table.check()
            except Exception as e:
                found = [f"the table of {table.id} could not be checked ({type(e).__name__}: {e})"]
            if found:
                app.data_problems[table.id] = "; ".join(found)
    if not app.data_problems:
        app.scenes.push(SelectScene(app))
        return
    problems = list(app.data_problems.values())
    log = write_log("data files with problems:\n  " + "\n  ".join(problems))
    app.scenes.push(SelectScene(app))
    # i18n: the problems themselves (file, entry, field) follow below it in English
    app.scenes.push(ErrorScene(app, _("Some game data cannot be read; the other games can be played"),
                               problems, log, can_go_on=True))


def run_app(size=None, start_time=None):
    """The game window: ``size`` (--size) or the size that fits the desktop, kept for the next run."""
    from game.ui import settings
    app = App(size, start_time=start_time)
    first_scenes(app)
    app.run()
    settings.remember_window_size(app.settings, app.windowed_size)
    return 0
