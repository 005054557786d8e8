"""Every ruling the code cites by number can be looked up inside the repository.

The rulings live in docs/rulings_<game>.md, one ``## Ruling N`` (Antics!, It Happens..) or
``## RN`` (Micropolis) heading each. A citation belongs to the game whose folder holds the file
(game/games/<id>/, game/ui/tables/<id>/, tests/games/<id>/); a file elsewhere in game/ that
cites a ruling must name its game in its path. Forms understood: "ruling 24", "Rulings 8, 28, 30",
"rulings 12 and 34", "ruling 6/31", "rulings 27-28", "R13", "R2-R8", "R19/R21", "ruling R3" and
test names such as ``test_r27_r28_...`` or ``test_ruling_15_...``. "R" numbers count only for
Micropolis (elsewhere "R1" is just a name, e.g. a seat in a test).
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("antics", "micropolis", "it_happens")
R_STYLE = {"micropolis"}

_SEP = r"\s*(?:,|/|-|–|\band\b|\bto\b)\s*"
_RULING = re.compile(r"\b[Rr]ulings?\s+(R?\d+(?:" + _SEP + r"R?\d+)*)")
_R = re.compile(r"\bR(\d+)(?:\s*[-–]\s*R(\d+))?\b")
_TEST_NAME = re.compile(r"\btest_r(?:uling_)?(\d+)((?:_r\d+)*)_")
_HEADING = re.compile(r"^## (?:Ruling |R)(\d+)\s*$", re.M)


def _numbers(listing):
    """'8, 28, 30' -> {8, 28, 30}; '27-28' and 'R2-R8' expand to the whole range."""
    out = set()
    parts = re.split(r"(" + _SEP + r")", listing)
    nums = [int(p.lstrip("R")) for p in parts[::2]]
    seps = parts[1::2]
    for i, n in enumerate(nums):
        out.add(n)
        if i and seps[i - 1].strip() in ("-", "–", "to"):
            out.update(range(nums[i - 1], n + 1))
    return out


def cited(text, game):
    """Ruling numbers cited in ``text`` of a file belonging to ``game``."""
    found = set()
    for m in _RULING.finditer(text):
        found |= _numbers(m.group(1))
    for m in _TEST_NAME.finditer(text):
        found.add(int(m.group(1)))
        found.update(int(n) for n in re.findall(r"\d+", m.group(2)))
    if game in R_STYLE:
        for m in _R.finditer(text):
            lo = int(m.group(1))
            found.update(range(lo, int(m.group(2) or lo) + 1))
    return found


def game_of(path):
    parts = path.relative_to(ROOT).parts
    for i, part in enumerate(parts[:-1]):
        if part in ("games", "tables") and parts[i + 1] in GAMES:
            return parts[i + 1]
    named = [g for g in GAMES if g in path.name]
    return named[0] if len(named) == 1 else None


def headings(game):
    path = ROOT / "docs" / f"rulings_{game}.md"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    return [int(n) for n in _HEADING.findall(path.read_text(encoding="utf-8"))]


def citations(folder):
    """{game: {number: [file:line, ...]}} for every .py file under ``folder``; unplaced files too."""
    by_game = {g: {} for g in GAMES}
    unplaced = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if path.name == Path(__file__).name:
            continue
        game = game_of(path)
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{no}"
            nums = cited(line, game) if game else cited(line, "micropolis" if "R" in line else "")
            if nums and game is None:
                unplaced.append(where)
            for n in nums:
                by_game.get(game, {}).setdefault(n, []).append(where)
    return by_game, unplaced


def test_parser_reads_the_forms_in_use():
    assert cited("(rulings 10, 27)", "antics") == {10, 27}
    assert cited("Ruling 8, 28, 30: a soldier", "antics") == {8, 28, 30}
    assert cited("Ruling 22 and 36: end", "antics") == {22, 36}
    assert cited("ruling 6/31: never two", "antics") == {6, 31}
    assert cited("rulings 27-28: each player", "antics") == {27, 28}
    assert cited("ruling 24: tiles at level 5, then 4", "antics") == {24}
    assert cited("def test_r27_r28_each_player_may_bridge", "antics") == {27, 28}
    assert cited("def test_ruling_15_start_player_is_drawn", "it_happens") == {15}
    assert cited("(rulings R1-R28 of", "micropolis") == set(range(1, 29))
    assert cited("R16-R18, R20: apply", "micropolis") == {16, 17, 18, 20}
    assert cited("# R19/R21: barracks first", "micropolis") == {19, 21}
    assert cited('Seat("R1", "red", "random")', "it_happens") == set()


@pytest.mark.parametrize("game", GAMES)
def test_docs_number_rulings_once_each_in_order(game):
    nums = headings(game)
    assert nums, f"docs/rulings_{game}.md has no ruling headings"
    assert nums == list(range(1, len(nums) + 1)), f"docs/rulings_{game}.md: headings {nums}"


@pytest.mark.parametrize("folder", ["game", "tests/games"])
def test_every_cited_ruling_has_a_heading(folder):
    by_game, unplaced = citations(folder)
    assert unplaced == [], f"rulings cited outside any game's folder: {unplaced}"
    missing = []
    for game, nums in by_game.items():
        known = set(headings(game))
        missing += [f"{game} ruling {n} ({', '.join(w[:3])})" for n, w in sorted(nums.items())
                    if n not in known]
    assert missing == [], "cited rulings without a heading in docs/rulings_<game>.md:\n" + "\n".join(missing)


def test_the_scan_finds_citations():
    """Guards the scan itself: the rules modules are known to cite rulings."""
    by_game, _ = citations("game")
    assert all(by_game[g] for g in GAMES), {g: sorted(n) for g, n in by_game.items()}
