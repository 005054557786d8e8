"""One packaging path for every desktop: build with build.spec, check the result, write the archive.

    python -m game.tools.package deps    # install what building and testing need (this Python)
    python -m game.tools.package build   # PyInstaller, then the built program's checks, then the archive
    python -m game.tools.package test    # the test suite (the README's test command, this Python)

``build`` runs the built program itself: its ``--selftest`` (data, catalogs, fonts, one game of
each title, a frame of the menu), one headless autoplay of each game, and ``--version``; it checks
the archive's size (at most MAX_ARCHIVE_MB) and writes ``build/release/Anthology-<version>-<platform>``
(.zip on Windows and macOS, .tar.gz on Linux; the macOS archive holds Anthology.app, the Linux one a
.desktop entry and the icon). `.ci/run` and the release workflow (.github/workflows/release.yml)
both call it, so the two cannot drift apart.
"""
from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
DIST = BUILD / "dist"
RELEASE = BUILD / "release"
MAX_ARCHIVE_MB = 80
CHECK_SECONDS = 600          # the longest any one check of the built program may take

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Anthology
GenericName=Board games
Comment=Three ant-themed board games: It Happens.., Micropolis, Antics!
Exec=Anthology
Icon=anthology
Terminal=false
Categories=Game;BoardGame;
"""


def version() -> str:
    from game import __version__
    return __version__


def platform_tag() -> str:
    """'linux-x86_64', 'windows-x86_64', 'macos-arm64' ..."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine or 'unknown'}"


def program() -> Path:
    """The built program's executable."""
    if sys.platform == "darwin" and (DIST / "Anthology.app").exists():
        return DIST / "Anthology.app" / "Contents" / "MacOS" / "Anthology"
    return DIST / "Anthology" / ("Anthology.exe" if sys.platform == "win32" else "Anthology")


def _run(cmd: list, what: str, env: dict | None = None) -> str:
    t0 = time.perf_counter()
    try:
        done = subprocess.run([str(c) for c in cmd], cwd=ROOT, capture_output=True, text=True,
                              timeout=CHECK_SECONDS, env=env)
    except subprocess.TimeoutExpired:
        raise SystemExit(f"package: {what} took longer than {CHECK_SECONDS} s") from None
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-4000:])
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"package: {what} failed (exit code {done.returncode})")
    print(f"package: {what}: ok ({time.perf_counter() - t0:.1f} s)")
    return done.stdout


def deps() -> int:
    _run([sys.executable, "-m", "pip", "install", "-q", "-r", "tests/requirements.txt"], "installing requirements")
    return 0


def pyinstaller() -> None:
    shutil.rmtree(DIST, ignore_errors=True)
    _run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", DIST,
          "--workpath", BUILD / "work", "build.spec"], "PyInstaller (build.spec)")


def headless_env() -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("ANTHOLOGY_HOME", str(BUILD / "check-home"))
    return env


def check_program() -> None:
    """The built program checks itself, plays one game of each title and tells its version."""
    exe, env = program(), headless_env()
    if not exe.exists():
        raise SystemExit(f"package: the build made no program at {exe}")
    said = _run([exe, "--version"], "the built program's --version", env).strip()
    if version() not in said:
        raise SystemExit(f"package: the built program says {said!r}, not version {version()}")
    _run([exe, "--selftest"], "the built program's --selftest", env)
    from game.games import available_games, get_game
    for gid in available_games():
        info = get_game(gid)
        players = min(info.max_players, info.min_players + 1)
        _run([exe, "autoplay", "--game", gid, "--players", players, "--ai", "medium", "--seed", 1,
              "--games", 1, "--records", BUILD / "check-records"], f"the built program plays {gid}", env)


def archive() -> Path:
    """The release archive of what was built; its path."""
    RELEASE.mkdir(parents=True, exist_ok=True)
    name = f"Anthology-{version()}-{platform_tag()}"
    if sys.platform.startswith("linux"):
        from game.tools.icons import write_icons
        folder = DIST / "Anthology"
        shutil.copy(write_icons(BUILD / "icons")["png"], folder / "anthology.png")
        (folder / "anthology.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
        out = RELEASE / f"{name}.tar.gz"
        with tarfile.open(out, "w:gz") as tar:
            tar.add(folder, arcname="Anthology")
        return out
    top = DIST / "Anthology.app" if sys.platform == "darwin" and (DIST / "Anthology.app").exists() else DIST / "Anthology"
    out = RELEASE / f"{name}.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(top.rglob("*")):
            arc = Path(top.name) / p.relative_to(top)
            if p.is_symlink():                 # macOS frameworks keep their links
                info = zipfile.ZipInfo(str(arc))
                info.external_attr = 0o120777 << 16
                z.writestr(info, os.readlink(p))
            elif p.is_file():
                z.write(p, arc)
    return out


def build() -> int:
    t0 = time.perf_counter()
    pyinstaller()
    check_program()
    out = archive()
    mb = out.stat().st_size / 1e6
    folder_mb = sum(p.stat().st_size for p in (DIST).rglob("*") if p.is_file() and not p.is_symlink()) / 1e6
    print(f"package: {out.relative_to(ROOT)}: {mb:.1f} MB (the program unpacked {folder_mb:.1f} MB), "
          f"{time.perf_counter() - t0:.0f} s in all")
    if mb > MAX_ARCHIVE_MB:
        raise SystemExit(f"package: the archive is {mb:.1f} MB, over the {MAX_ARCHIVE_MB} MB limit")
    return 0


def test() -> int:
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-n", "auto"], cwd=ROOT)


COMMANDS = {"deps": deps, "build": build, "test": test}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    return COMMANDS[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
