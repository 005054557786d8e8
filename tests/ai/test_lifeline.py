"""Every child process ends within a few seconds of its parent's death, however the parent died:
the parent is killed with SIGKILL (no clean-up of its own) and its worker must follow it."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")

PARENTS = {
    "a pool with the lifeline": """
        import multiprocessing, os, time
        from concurrent.futures import ProcessPoolExecutor
        from game.core.lifeline import watch_parent
        if __name__ == "__main__":
            pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent)
            print(pool.submit(os.getpid).result(), flush=True)
            time.sleep(120)
        """,
    "the AI worker": """
        import os, time
        from game.ai.worker import AiWorker
        if __name__ == "__main__":
            w = AiWorker()
            w.warm("micropolis")
            pool = w._get()
            print(pool.submit(os.getpid).result(), flush=True)
            time.sleep(120)
        """,
    "the review's process": """
        import os, time
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        from game.core.record import make_record, replay
        from game.core.rules import Seat
        from game.games import get_rules
        from game.scenes.review import ReviewScene
        from game.tools.autoplay import play_game
        from game.tools.headless import headless_app
        if __name__ == "__main__":
            rules = get_rules("micropolis")
            seats = [Seat(n, rules.seat_colors[i], "medium") for i, n in enumerate(("Ann", "Bo", "Cy"))]
            states = replay(rules, make_record(rules, play_game(rules, seats, 3, {}), seats, 3, {}))
            app = headless_app((640, 480))
            scene = ReviewScene(app, "micropolis", seats, 3, {}, states, 0)
            app.scenes.push(scene)
            while not scene.progress[1]:        # reviewing (a whole game: far longer than the test waits)
                app.frame(16)
                time.sleep(0.02)
            print(scene.process.pid, flush=True)
            time.sleep(120)
        """,
    "the arena's workers": """
        import multiprocessing, os, time
        from game.tools.arena import _worker_start
        if __name__ == "__main__":
            pool = multiprocessing.get_context("spawn").Pool(1, initializer=_worker_start)
            print(pool.apply(os.getpid), flush=True)
            time.sleep(120)
        """,
}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:        # a zombie that nobody reaped counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return True


@pytest.mark.parametrize("kind", sorted(PARENTS))
def test_a_worker_ends_soon_after_its_parent_is_killed(tmp_path, kind):
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(PARENTS[kind]))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(parent.stdout.readline())
        assert alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 5
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        gone = not alive(worker)
    finally:
        if parent.poll() is None:
            parent.kill()
        try:
            os.kill(worker, signal.SIGKILL)
        except (ProcessLookupError, UnboundLocalError):
            pass
    assert gone, f"{kind}: the worker outlived its parent by more than 5 s"
