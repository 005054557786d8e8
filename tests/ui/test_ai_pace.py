"""Waiting on the AIs: at the default pace an Antics! AI turn takes at most 6 s from its first to its
last decision (its own decisions come AI_STEP_MS apart, thinking meanwhile), while the pause when
the turn passes on stays longer; each decision's line is in the log, shown, as it is applied; and the
newcomer's guide never covers the log."""
import pygame
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games import get_rules
from game.scenes import play as play_module
from game.scenes.play import PlayScene
from game.tools.headless import headless_app

FRAME_MS = 33.0


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def table(app, guided=False, kind="medium"):
    rules = get_rules("antics")
    seats = [Seat("Ann", rules.seat_colors[0], "human")] + [
        Seat(n, c, kind) for n, c in zip(("Bo", "Cy", "Di"), rules.seat_colors[1:4])]
    play = PlayScene(app, "antics", seats, 4, {}, guided=guided)
    app.scenes.push(play)
    return play, rules


def run(app, play, rules, human_turns, each_frame=None):
    """Frames at real-time steps (an AI's thinking counted as the time it took) until Ann has
    played ``human_turns`` turns (a stand-in plays for her); (clock, mover) of every decision."""
    import time
    applied, clock = [], [0.0]
    submit = play.submit

    def noted(action):
        mover = rules.to_move(play.state)
        ok = submit(action)
        if ok:
            applied.append((clock[0], mover))
        return ok
    play.submit = noted
    stand_in, turns = make_bot("medium", rules, 1), 0
    for _ in range(200000):
        if turns >= human_turns or play.over():
            break
        dt = FRAME_MS
        if play.ai_thread is not None:
            t0 = time.perf_counter()
            play.ai_thread.join()
            dt += (time.perf_counter() - t0) * 1000
        clock[0] += dt
        before = len(applied)
        app.frame(dt)
        if each_frame:
            each_frame(play, applied[before:])
        if play.context().human_turn and not play.held():
            if applied and applied[-1][1] != 0:
                turns += 1
            play.submit(bot_move(stand_in, rules, play.state, 0))
    return applied


def turns_of(applied):
    out = []            # [mover, first clock, last clock, decisions]
    for t, m in applied:
        if out and out[-1][0] == m:
            out[-1][2], out[-1][3] = t, out[-1][3] + 1
        else:
            out.append([m, t, t, 1])
    return out


def test_an_antics_ai_turn_takes_at_most_six_seconds_at_the_default_pace(app):
    play, rules = table(app)
    assert app.settings["ai_speed"] == "normal" and app.settings["animation_speed"] == "normal"
    shown = []

    def each_frame(play, new):
        if new and new[-1][1] != 0 and play.log_lines:
            # the newest decision's line is in the log and drawn (the log shows its newest rows)
            shown.append(len(play.log_lines) - 1 in {k for _box, k in play.log.row_boxes})
    applied = run(app, play, rules, 2, each_frame)
    turns = [t for t in turns_of(applied) if t[0] != 0]
    assert len(turns) >= 5 and max(t[3] for t in turns) >= 8          # whole turns of many decisions
    spans = [(t[2] - t[1]) / 1000 for t in turns]
    assert max(spans) <= 6.0, spans
    # when the turn passes on to an AI the pause is the longer one ...
    for (_m0, _a0, end, _n0), (m, start, _b, _n) in zip(turns_of(applied), turns_of(applied)[1:]):
        if m != 0:
            assert start - end >= play_module.AI_DELAY_MS
    # ... and within its turn an AI moves on after AI_STEP_MS, though the table still animates
    gaps = [t1 - t0 for (t0, m0), (t1, m1) in zip(applied, applied[1:]) if m0 == m1 != 0]
    assert min(gaps) >= play_module.AI_STEP_MS - FRAME_MS
    assert sorted(gaps)[len(gaps) // 2] <= play_module.AI_STEP_MS + 3 * FRAME_MS
    assert shown and all(shown)


def test_the_newcomers_guide_never_covers_the_log(app):
    play, rules = table(app, guided=True)
    seen = {"guide_in_log_column": 0, "ai_frames": 0}

    def each_frame(play, new):
        play.dirty = True
        placed = play.guide_rect(play.context())
        if rules.to_move(play.state) != 0:
            seen["ai_frames"] += 1
            assert placed is None                       # while the AIs play there is no guide
            return
        if placed is None:
            return
        box = placed[0]
        if box.colliderect(play.log_rect):
            seen["guide_in_log_column"] += 1
        rows = [r for r, _k in play.log.row_boxes]
        assert rows and not any(r.colliderect(box) for r in rows)       # no log line under the guide
        assert len(play.log_lines) - 1 in {k for _r, k in play.log.row_boxes}   # the newest shown
    run(app, play, rules, 2, each_frame)
    assert seen["guide_in_log_column"] and seen["ai_frames"]
