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
