"""Anthology: start the game window, or run a headless tool.

    python main.py                       open the window
    python main.py autoplay ...          AI-only games without a window
    python main.py screenshot ...        render a scene to PNG
    python main.py replay FILE           step through a record
    python main.py replay FILE --log     print a record's log lines, no window
    python main.py bench                 start-up, frame time, playouts per second
    python main.py bench --against PATH engine speed side by side with another checkout
    python main.py --selftest            load all data, play one game of each, check records
    python main.py host --game G --seats net,net,medium ...   referee a game for players on other machines
    python main.py join ws://HOST:PORT --code CODE --ai medium  play a seat of a hosted game headless
    python main.py --version             print the version
"""
import time

_T0 = time.perf_counter()

import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _ensure_streams():
    """A windowed frozen build has no console: keep prints from failing."""
    import os
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))


def _sharp_on_high_dpi():
    """Windows: draw at the display's real resolution, not a blurred upscale (macOS gets the same
    from the bundle's NSHighResolutionCapable)."""
    if sys.platform == "win32":
        try:
            import ctypes
            ctypes.windll.shcore.SetProcessDpiAwareness(2)      # per-monitor aware
        except (AttributeError, OSError):
            try:
                ctypes.windll.user32.SetProcessDPIAware()
            except (AttributeError, OSError):
                pass


def main(argv=None) -> int:
    _ensure_streams()
    _sharp_on_high_dpi()
    from game.tools.cli import run
    return run(sys.argv[1:] if argv is None else argv, start_time=_T0)


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()  # arena --jobs in the frozen build
    sys.exit(main())
