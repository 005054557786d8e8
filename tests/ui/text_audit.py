"""Which words a scene draws, in which language, and whether they fit.

Used by the pseudo-locale test and by hand::

    python -m tests.ui.text_audit --scene play --game antics --players 4 --size 1280x720 --out /tmp/a.png

In the pseudo-locale every catalog message comes back accented and 40 % longer, so a drawn text
with a plain ASCII letter did not come through the catalog, and a text that runs off the surface it
is drawn on (or out of the clip area, or over another text) outgrew its box. Seats get names
without ASCII letters, so names do not count as leaks.
"""
from __future__ import annotations

import argparse
import os
import re
import time
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

PSEUDO_NAMES = ["Åñńä", "Ɓøø", "Çéçï", "Đàñï", "Éöü", "Ƒïñ"]
ASCII = re.compile(r"[A-Za-z]")


@dataclass
class Drawn:
    text: str
    rect: pygame.Rect | None = None     # where it landed on the spied screen (None: drawn elsewhere)
    clip: pygame.Rect | None = None     # the clip area it was drawn under


@dataclass
class Audit:
    texts: list[Drawn] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    as_written: set = field(default_factory=set)    # shown as typed or made (a table's address, its code)

    def leaks(self) -> list[str]:
        """Drawn texts with plain ASCII letters (in the pseudo-locale: words that bypassed the
        catalog), but for proper names shown as written (the games' designers)."""
        from game.games import games
        proper = {g.designer for g in games()}
        proper |= self.as_written
        return sorted({d.text for d in self.texts if ASCII.search(d.text) and d.text not in proper})


class SpyScreen(pygame.Surface):
    """A screen that notes where every tagged text lands, and whether it fits."""

    def __init__(self, size, tags: dict, audit: Audit):
        super().__init__(size)
        self.tags, self.audit = tags, audit

    def blit(self, source, dest, area=None, special_flags=0):
        text = self.tags.get(id(source))
        if text is not None:
            want = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
            want.size = source.get_size() if area is None else pygame.Rect(area).size
            if area is not None and pygame.Rect(area).w < source.get_width():
                self.audit.problems.append(f"cut to fit: {text!r} shows {pygame.Rect(area).w} of "
                                           f"{source.get_width()} px")
            bounds = self.get_rect().clip(self.get_clip()) if self.get_clip() else self.get_rect()
            if want.w and (want.left < bounds.left - 1 or want.right > bounds.right + 1):
                self.audit.problems.append(f"runs out of its area horizontally: {text!r} at {tuple(want)}"
                                           f" (area {tuple(bounds)})")
            self.audit.texts.append(Drawn(text, want, self.get_clip()))
        return super().blit(source, dest, area, special_flags)


@contextmanager
def recording(audit: Audit):
    """Tag every text surface the theme makes (the Spy screen then knows what it shows)."""
    from game.ui.theme import Theme
    tags: dict[int, str] = {}
    keep: list = []
    plain = Theme.text

    def text(self, s, *a, **k):
        img = plain(self, s, *a, **k)
        tags[id(img)] = s
        keep.append(img)
        return img
    Theme.text = text
    try:
        yield tags
    finally:
        Theme.text = plain


def overlaps(texts: list[Drawn], slack: int = 3) -> list[str]:
    """Two different texts drawn over each other on the screen."""
    placed = [d for d in texts if d.rect is not None and d.rect.w and d.text.strip()]
    for d in placed:                        # what a clip area hides is not drawn over anything
        d.rect = d.rect.clip(d.clip) if d.clip is not None else d.rect
    out = []
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            if a.text != b.text and a.rect.inflate(-2 * slack, -2 * slack).colliderect(b.rect.inflate(-2 * slack, -2 * slack)):
                out.append(f"overlaps: {a.text!r} {tuple(a.rect)} and {b.text!r} {tuple(b.rect)}")
    return out


def build(app, scene: str, game: str | None, players: int | None, seed: int, moves: int):
    """A scene as a player would meet it (names without ASCII letters)."""
    import game.tools.autoplay as autoplay
    autoplay.NAMES[:len(PSEUDO_NAMES)] = PSEUDO_NAMES
    from game.games import available_games
    game = game or available_games()[0]
    if scene in ("select", "setup", "play", "results"):
        from game.tools.screenshot import build_scene
        sc = build_scene(app, scene, game, players, seed, moves, {})
        if scene == "results":
            sc.skip_animation()
        if scene == "setup":
            sc.names = [PSEUDO_NAMES[i % len(PSEUDO_NAMES)] for i in range(len(sc.names))]
        return sc
    if scene == "help":
        from game.scenes.select import SelectScene
        from game.ui.help import HelpOverlay
        from game.games import get_game
        sc = SelectScene(app)
        sc.help = HelpOverlay(game, get_game(game).title)
        return sc
    if scene == "settings":
        from game.scenes.settings import SettingsScene
        return SettingsScene(app)
    if scene == "history":
        from game.scenes.history import HistoryScene
        return HistoryScene(app)
    if scene == "saves":
        from game.scenes.saves import SavesScene
        return SavesScene(app)
    if scene == "netsetup":
        from game.scenes.setup import SetupScene
        sc = SetupScene(app, game, network=True)
        sc.names = [PSEUDO_NAMES[i % len(PSEUDO_NAMES)] for i in range(len(sc.names))]
        return sc
    if scene == "host":      # waiting for a network seat, on the loopback
        from game.core.rules import Seat
        from game.games import get_rules
        from game.scenes.net_play import HostScene
        rules = get_rules(game)
        seats = [Seat(PSEUDO_NAMES[i], rules.seat_colors[i], "human") for i in range(rules.min_players)]
        return HostScene(app, game, seats, [1], seed, {}, bind="127.0.0.1")
    if scene == "join":
        from game.scenes.net_play import JoinScene
        sc = JoinScene(app, "", "")
        return sc
    if scene == "undoask":   # a hosted table: a player on another machine asks to take back a move
        from game.scenes.common import Background
        from game.scenes.manager import Scene
        from game.scenes.net_play import undo_question

        class Asked(Scene):
            """The host's question alone (drawn over a table, its words would lie over the table's)."""
            dialog = undo_question(PSEUDO_NAMES[1])

            def draw(self, surf):
                surf.blit(Background().get(surf.get_size()), (0, 0))
                self.dialog.draw(surf, self.th)
        return Asked(app)
    if scene == "guestresults":   # a guest's results, waiting for the host's next game
        from collections import deque
        from types import SimpleNamespace

        from game.scenes.net_play import GuestResults
        from game.tools.screenshot import build_scene
        res = build_scene(app, "results", game, players, seed, moves, {})
        runner = SimpleNamespace(done=False, cancel=lambda: None)
        guest = SimpleNamespace(rematch=True, games=1, seen=deque())
        sc = GuestResults(app, res.game_id, res.input_seats, res.seed, res.options, res.state, history=res.history,
                          guest=guest, runner=runner, game_no=1)
        sc.skip_animation()
        return sc
    raise ValueError(f"unknown scene {scene!r}")


SCENES = ("select", "help", "setup", "play", "results", "settings", "history", "saves", "netsetup", "host", "join",
          "undoask", "guestresults")


def audit_scene(scene: str, game: str | None = None, players: int | None = None, seed: int = 1, moves: int = 40,
                size=(1280, 720), lang: str = "pseudo", out: str | None = None, settle_frames: int = 30) -> Audit:
    from game.core import i18n
    from game.tools.headless import headless_app
    audit = Audit()
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        app = headless_app(size)
        with recording(audit) as tags:
            sc = build(app, scene, game, players, seed, moves)
            app.scenes.push(sc)
            for _ in range(settle_frames):       # background loads (history, saves) and animations
                app.frame(16)
            if scene == "host":                  # the table's address comes from the host's thread
                deadline = time.monotonic() + 20
                while sc.address is None and time.monotonic() < deadline:
                    time.sleep(0.01)
                audit.as_written |= {sc.address, sc.code}
            screen = SpyScreen(app.window.get_size(), tags, audit)
            overlay = getattr(sc, "help", None) if scene == "help" else None
            for page in range(len(overlay.pages) if overlay else 1):
                first = len(audit.texts)
                screen.fill((0, 0, 0))
                if overlay:
                    overlay.show(page)
                    overlay.draw(screen, app.theme)
                else:
                    if getattr(sc, "_still", None) is not None:
                        sc._still = None      # draw the words, not the picture kept of them
                    sc.draw(screen)
                audit.problems += overlaps(audit.texts[first:])
            stop = getattr(sc, "stop", None)
            if stop is not None:
                stop()
        if out:
            pygame.image.save(screen, out)
    finally:
        i18n.set_language(previous)
    return audit


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scene", choices=SCENES, required=True)
    p.add_argument("--game", default=None)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--moves", type=int, default=40)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="pseudo")
    p.add_argument("--out", default=None, help="also save the picture (PNG)")
    a = p.parse_args(argv)
    os.environ.setdefault("ANTHOLOGY_HOME", tempfile.mkdtemp(prefix="audit-"))
    w, h = (int(v) for v in a.size.lower().split("x"))
    audit = audit_scene(a.scene, a.game, a.players, a.seed, a.moves, (w, h), a.lang, a.out)
    leaks = audit.leaks() if a.lang == "pseudo" else []
    for t in leaks:
        print(f"not from the catalog: {t!r}")
    for prob in audit.problems:
        print(prob)
    print(f"{len(audit.texts)} texts drawn, {len(leaks)} not from the catalog, {len(audit.problems)} layout problem(s)")
    pygame.quit()
    return 1 if leaks or audit.problems else 0


if __name__ == "__main__":
    sys.exit(main())
