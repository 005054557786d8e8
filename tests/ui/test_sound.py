"""Synthesised sound effects and the SoundBoard (dummy audio driver, or no mixer at all)."""
import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import array  # noqa: E402
import itertools  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import sound  # noqa: E402
from game.ui.sound import SOUNDS, SoundBoard, synth  # noqa: E402

RATE = 22050
FULL = 32767
DURATIONS = {name: (0.04, 0.4) for name in SOUNDS}  # seconds
DURATIONS["fanfare"] = (1.0, 1.4)


@pytest.fixture(autouse=True)
def _no_mixer_leak():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture(scope="module")
def samples():
    return {name: synth(name, RATE) for name in SOUNDS}


@pytest.mark.parametrize("name", SOUNDS)
def test_effect_shape(samples, name):
    s = samples[name]
    assert isinstance(s, array.array) and s.typecode == "h" and len(s) > 0
    assert max(map(abs, s)) <= 0.8 * FULL
    assert max(map(abs, s)) > 0.1 * FULL  # audible, not silence
    assert abs(s[0]) < 0.01 * FULL and abs(s[-1]) < 0.01 * FULL  # starts and ends near zero
    fade = int(0.005 * RATE)  # and the 5 ms edges stay under a linear ramp: no clicks
    for i in range(fade):
        ramp = (i + 1) / fade * 0.8 * FULL
        assert abs(s[i]) <= ramp and abs(s[-1 - i]) <= ramp
    lo, hi = DURATIONS[name]
    assert lo <= len(s) / RATE <= hi


def test_synth_is_pure_and_follows_rate():
    assert synth("dice") == synth("dice")
    assert abs(len(synth("tile", 44100)) - 2 * len(synth("tile", 22050))) <= 2


def test_effects_differ(samples):
    for a, b in itertools.combinations(SOUNDS, 2):
        assert samples[a] != samples[b], (a, b)


def test_unknown_name_raises_in_synth():
    with pytest.raises(KeyError):
        synth("kazoo")


@pytest.mark.parametrize("size,channels,itemsize", [(-16, 2, 2), (16, 1, 2), (8, 2, 1),
                                                    (-8, 1, 1), (-32, 2, 4)])
def test_conversion_to_mixer_format(size, channels, itemsize):
    mono = array.array("h", [0, 1000, -1000, 32767])
    data = sound._to_mixer(mono, size, channels)
    assert len(data) == len(mono) * channels * itemsize
    if size == -16 and channels == 2:
        stereo = array.array("h", data)
        assert list(stereo[0::2]) == list(mono) == list(stereo[1::2])


def test_board_with_dummy_driver():
    board = SoundBoard()
    assert board.available is True
    assert pygame.mixer.get_init() is not None
    for name in SOUNDS:
        board.play(name)
        board.play(name, volume=0.3)
    board.play("kazoo")  # unknown names are ignored


def test_board_reuses_an_initialised_mixer(monkeypatch):
    pygame.mixer.init(frequency=44100, size=-16, channels=1)

    def _must_not_init(*a, **k):
        raise AssertionError("mixer re-initialised")

    monkeypatch.setattr(pygame.mixer, "init", _must_not_init)
    board = SoundBoard()
    assert board.available
    board.play("fanfare")


def test_volume_clamp_and_mute(monkeypatch):
    board = SoundBoard(volume=3.0, muted=True)
    assert board.volume == 1.0 and board.muted
    board.set_volume(-2)
    assert board.volume == 0.0
    board.set_volume(0.5)
    assert board.volume == 0.5
    board.set_muted(False)
    assert not board.muted

    played = []

    class FakeChannel:
        def set_volume(self, v):
            played.append(v)

        def play(self, snd):
            pass

    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: FakeChannel())
    board.play("click", volume=0.5)
    assert played == [pytest.approx(0.25)]
    board.set_muted(True)
    board.play("click")
    board.set_muted(False)
    board.set_volume(0.0)
    board.play("click")
    assert len(played) == 1  # muted and zero volume never reach the mixer


def test_board_silent_without_audio_device(monkeypatch, capfd):
    def _fail(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", _fail)
    board = SoundBoard()
    assert board.available is False
    for name in SOUNDS:
        board.play(name)
    board.play("kazoo")
    board.set_volume(0.2)
    board.set_muted(True)
    out, err = capfd.readouterr()
    assert out == "" and err == ""
