"""Benchmarks (not tests): start-up time, frame time per scene, random playouts per second."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from game.core.rng import Rng
from game.games import available_games, get_rules


def startup_time() -> float:
    """Seconds from process start to the first frame shown (menu), from source."""
    code = ("import time;t=time.perf_counter();"
            "import os;os.environ['SDL_VIDEODRIVER']='dummy';os.environ['SDL_AUDIODRIVER']='dummy';"
            "from game.app import App;from game.scenes.select import SelectScene;"
            "a=App((1920,1080),headless=True,start_time=t);a.scenes.push(SelectScene(a));a.frame(16);"
            "print(a.first_frame_s)")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    wall = time.perf_counter() - t0
    try:
        inner = float(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        inner = float("nan")
    return wall, inner


def frozen_startup() -> float | None:
    """Wall seconds from launching the packaged build to its first frame (if it is built)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for exe in ("build/dist/Anthology/Anthology", "dist/Anthology/Anthology"):
        path = os.path.join(root, exe)
        if os.path.exists(path):
            env = dict(os.environ, ANTHOLOGY_FIRST_FRAME_EXIT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
            t0 = time.perf_counter()
            subprocess.run([path], env=env, capture_output=True)
            return time.perf_counter() - t0
    return None


def idle_cpu(seconds: float = 5.0) -> float:
    """Percent of one core the menu uses while nothing happens (a real loop, dummy display)."""
    code = ("import os;os.environ['SDL_VIDEODRIVER']='dummy';os.environ['SDL_AUDIODRIVER']='dummy';"
            "import pygame;from game.app import App;from game.scenes.select import SelectScene;"
            "a=App((1920,1080),headless=True);a.scenes.push(SelectScene(a));a.frame(16);"
            "import resource;r0=resource.getrusage(resource.RUSAGE_SELF);"
            f"pygame.time.set_timer(pygame.QUIT,{int(seconds * 1000)},1);a.run();"
            "r1=resource.getrusage(resource.RUSAGE_SELF);"
            "print((r1.ru_utime+r1.ru_stime)-(r0.ru_utime+r0.ru_stime))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    try:
        return 100.0 * float(out.stdout.strip().splitlines()[-1]) / seconds
    except (ValueError, IndexError):
        return float("nan")


def frame_times(scene, app, frames: int, redraw: str) -> tuple[float, float]:
    """Mean and p99 in ms of one frame of the real loop (update + draw when needed + flip)."""
    import pygame
    samples = []
    for i in range(frames):
        if redraw == "always":
            scene.dirty = True
        elif redraw == "hover":
            # the mouse moving over the table: every frame redraws
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + i % 900, 300 + i % 400), rel=(1, 1), buttons=(0, 0, 0)))
        t = time.perf_counter()
        for ev in pygame.event.get():
            app.dispatch(ev)
        app.frame(16.7)
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.mean(samples), samples[int(len(samples) * 0.99) - 1]


def playouts_per_second(rules, players: int, seconds: float, options=None) -> float:
    from game.core.rules import Seat
    rng = Rng(99)
    seats = [Seat(f"P{i}", rules.seat_colors[i], "easy") for i in range(players)]
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = rules.new_game(seats, n, options or {})
        while not rules.is_over(s):
            acts = rules.legal_actions(s)
            s = rules.apply(s, acts[rng.below(len(acts))])
        rules.score_sheets(s)
        n += 1
    return n / (time.perf_counter() - t0)


def ai_think_times(rules, players: int, level: str, decisions: int = 60) -> tuple[float, float]:
    """Mean and max ms per decision of one AI level, over the first decisions of a seeded game."""
    from game.ai.bots import bot_move, make_bot
    from game.core.rules import Seat
    seats = [Seat(f"P{i}", rules.seat_colors[i], level) for i in range(players)]
    s = rules.new_game(seats, 5, {})
    bot = make_bot(level, rules, 5)
    times = []
    while not rules.is_over(s) and len(times) < decisions:
        p = rules.to_move(s)
        t = time.perf_counter()
        a = bot_move(bot, rules, s, p)
        times.append((time.perf_counter() - t) * 1000)
        s = rules.apply(s, a)
    return statistics.mean(times), max(times)


def bench(frames: int = 600, playout_seconds: float = 3.0) -> int:
    wall, inner = startup_time()
    print(f"start-up: first menu frame {inner * 1000:.0f} ms after start (process wall {wall * 1000:.0f} ms)")
    frozen = frozen_startup()
    if frozen is not None:
        print(f"start-up, packaged build: process launch to first frame and exit {frozen * 1000:.0f} ms")
    print(f"idle: the menu with nothing happening uses {idle_cpu():.1f} % of one core")
    from game.tools.headless import advance_play, demo_seats, headless_app
    app = headless_app((1920, 1080))
    from game.scenes.select import SelectScene
    from game.scenes.setup import SetupScene
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    scenes = [("select", SelectScene(app)), ("setup", SetupScene(app, available_games()[0]))]
    for gid in available_games():
        rules = get_rules(gid)
        for players in sorted({rules.min_players, rules.max_players}):
            seats = demo_seats(rules, players)
            play = PlayScene(app, gid, seats, 11, {})
            play.autosave = lambda: None
            advance_play(play, 30)
            scenes.append((f"play {gid} {players}p", play))
        end = PlayScene(app, gid, demo_seats(rules, rules.min_players), 11, {})
        end.autosave = lambda: None
        advance_play(end, 10**9, stop_on_human=False)
        scenes.append((f"results {gid}", ResultsScene(app, gid, end.input_seats, 11, {}, end.state)))
    print(f"frame time at 1920x1080 over {frames} frames (mean / p99 ms): idle = nothing changed; "
          "redraw = the whole scene drawn every frame; hover = the mouse moving")
    for name, sc in scenes:
        app.scenes.stack[:] = []
        app.scenes.push(sc)
        if name.startswith("play"):
            sc.update = lambda dt: False  # hold the position: no AI moves while measuring
        idle = frame_times(sc, app, frames // 3, "idle")
        full = frame_times(sc, app, frames, "always")
        hov = frame_times(sc, app, frames // 3, "hover")
        print(f"  {name:28s} idle {idle[0]:5.2f} / {idle[1]:5.2f}   redraw {full[0]:5.2f} / {full[1]:5.2f}"
              f"   hover {hov[0]:5.2f} / {hov[1]:5.2f}")
    print("AI think time per decision, 4 players where allowed (mean / max ms):")
    for gid in available_games():
        rules = get_rules(gid)
        n = min(4, rules.max_players)
        row = "   ".join(f"{lvl} {m:7.1f} / {x:7.1f}" for lvl in ("easy", "medium", "hard")
                         for m, x in [ai_think_times(rules, n, lvl, 40 if lvl == "hard" else 120)])
        print(f"  {gid:12s} {row}")
    print("random playouts per second (one core):")
    for gid in available_games():
        rules = get_rules(gid)
        for players in sorted({rules.min_players, rules.max_players}):
            print(f"  {gid:12s} {players}p  {playouts_per_second(rules, players, playout_seconds):8.1f}")
    return 0
