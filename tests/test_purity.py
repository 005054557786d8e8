"""The rules core is pure: nothing under game/core, game/games or game/ai imports pygame."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_pygame_in_pure_layers():
    offenders = []
    for folder in ("game/core", "game/games", "game/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n == "pygame" or n.startswith("pygame.") for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def _imports(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_arrows_only_go_down():
    """core knows no game and no tool; a rules package knows neither the AI nor a tool nor the screen;
    the AI knows no tool nor screen; scenes and the UI do not import the command-line tools."""
    offenders = []
    for folder, banned in (("game/core", ("game.games", "game.ui", "game.scenes", "game.tools", "game.ai")),
                           ("game/games", ("game.ai", "game.tools", "game.ui", "game.scenes")),
                           ("game/ai", ("game.tools", "game.ui", "game.scenes")),
                           ("game/scenes", ("game.tools.replay", "game.tools.cli")),
                           ("game/ui", ("game.tools",))):
        for path in (ROOT / folder).rglob("*.py"):
            offenders += [f"{path.relative_to(ROOT)} imports {m}" for m in _imports(path)
                          if any(m == b or m.startswith(b + ".") for b in banned)]
    assert offenders == []


def test_no_engine_file_names_a_game():
    """A game's id appears only in its own packages (game/games/<id>, game/ui/tables/<id>), so a
    new game needs no edit to the engine."""
    from game.games import available_games
    ids = available_games()
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if any(rel.startswith((f"game/games/{g}/", f"game/ui/tables/{g}/")) for g in ids):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                offenders.append(f"{rel}: {node.value!r}")
    assert offenders == []
