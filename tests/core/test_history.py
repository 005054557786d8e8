"""Your history: finished games with their scores, statistics per player and game, kept beside the
records and rebuilt from them when the index is lost."""
import dataclasses

from game.core import history
from game.core import saves
from game.core.history import GameSummary, Player, player_stats
from game.core.record import make_record, save_record
from game.core.rules import Seat
from game.games import get_rules
from game.tools.autoplay import play_game


def _finish(seed, kinds=("human", "medium", "easy")):
    rules = get_rules("micropolis")
    seats = [Seat(n, c, "medium") for n, c in zip(("Ann", "Bo", "Cy"), rules.seat_colors)]
    end = play_game(rules, seats, seed, {})
    shown = [Seat(s.name, s.color, k) for s, k in zip(seats, kinds)]   # as if Ann had played herself
    folder = saves.finished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    rec = dataclasses.replace(make_record(rules, end, seats, seed, {}), seats=shown)
    save_record(folder / f"micropolis-{seed}.yaml", rec)
    return rules.score_sheets(end), rules.winners(end)


def test_finished_games_are_listed_with_their_scores_and_winners():
    sheets, winners = _finish(1)
    [g] = history.refresh()
    assert g.game == "micropolis" and [p.name for p in g.players] == ["Ann", "Bo", "Cy"]
    assert [p.score for p in g.players] == [sh.total for sh in sheets]
    assert [p.won for p in g.players] == [i in winners for i in range(3)]


def test_the_index_reads_only_new_records_and_is_rebuilt_when_lost(monkeypatch):
    _finish(1)
    _finish(2)
    assert len(history.refresh()) == 2
    reads = []
    real = history.read_record
    monkeypatch.setattr(history, "read_record", lambda p: reads.append(p) or real(p))
    _finish(3)
    assert len(history.refresh()) == 3 and len(reads) == 1          # only the new one was read
    (saves.finished_dir() / "micropolis-1.yaml").unlink()
    assert len(history.refresh()) == 2 and len(reads) == 1          # a removed record leaves
    index = saves.finished_dir().parent / history.INDEX
    index.write_text("games: [[[", encoding="utf-8")                # broken: rebuilt from the records
    assert len(history.refresh()) == 2 and len(reads) == 3


def test_statistics_per_player_and_game_and_against_each_ai_level():
    def game(t, game_id, ann, bo, ann_won, bo_kind):
        return GameSummary(f"{t}.yaml", 1, float(t), game_id,
                           (Player("Ann", "human", ann, ann_won), Player("Bo", bo_kind, bo, not ann_won)))
    stats = player_stats([game(1, "antics", 12, 8, True, "hard"), game(2, "antics", 9, 15, False, "medium"),
                          game(3, "antics", 20, 3, True, "hard"), game(4, "micropolis", 30, 40, False, "easy")])
    ann = stats["Ann"]["antics"]
    assert (ann.games, ann.wins, ann.best, round(ann.mean, 2), ann.scores) == (3, 2, 20, 13.67, [12, 9, 20])
    assert ann.against == {"hard": [2, 2], "medium": [1, 0]}
    assert stats["Ann"]["micropolis"].win_rate == 0.0
    assert "Bo" not in stats                                        # only people get statistics
