"""What a guest receives: each seat's view is made from rules.observe(state, seat) alone (byte for
byte the same whatever the hidden parts hold), never the seed or the random state; the codec carries
only the game's own classes and rebuilds the observation a bot would see; a guest's messages are
checked for size, JSON, type and every field."""
import json

import pytest

from game.ai.bots import make_bot
from game.core.match import Match
from game.core.rng import Rng
from game.core.rules import Seat, log_of
from game.games import available_games, get_rules
from game.net.codec import CodecError, StateCodec
from game.net.protocol import GUEST_MAX_BYTES, ProtocolError, check_host, dumps, parse_guest, seat_view

GAMES = available_games()
SEED = 8_765_432_109_876          # long enough that its digits cannot turn up by chance


def untimed(kind, rules, seed, seat):
    return make_bot(kind, rules, seed, timed=False)


def played(game, every=7, players=None):
    """(rules, codec, match, the states every ``every`` decisions) of a Medium game at SEED."""
    rules = get_rules(game)
    n = players or rules.max_players
    seats = [Seat(f"P{i}", rules.seat_colors[i], "medium") for i in range(n)]
    m = Match(rules, seats, SEED, {}, make_bot=untimed)
    m.play_out()
    codec = StateCodec(rules.new_game(seats, 0, {}))
    return rules, codec, m, m.states[::every] + [m.states[-1]]


@pytest.mark.parametrize("game", GAMES)
def test_a_view_depends_only_on_what_the_seat_may_see(game):
    """The host's message builder on the true state and on determinizations of the seat's
    observation (hidden parts scrambled by different generators, what the seat sees equal) gives the
    very same bytes; and the scrambling is real: the hidden parts do differ."""
    rules, codec, m, states = played(game)
    scrambled = 0
    for k, s in enumerate(states):
        at = m.states.index(s)
        for p in range(len(s.seats)):
            log_from = len(s.log) // 2
            true = dumps(seat_view(rules, codec, s, p, at, log_from))
            for r in (1, 2, 3):
                other = rules.determinize(rules.observe(s, p), p, Rng(1000 * k + r))
                assert dumps(seat_view(rules, codec, other, p, at, log_from)) == true
                if other.rng.state != s.rng.state:
                    plain_s, plain_o = s.copy(), other.copy()
                    plain_s.rng = plain_o.rng = None
                    scrambled += codec.encode_state(plain_s) != codec.encode_state(plain_o)
    assert scrambled > 0      # the hidden order did differ, and the views still did not


@pytest.mark.parametrize("game", GAMES)
def test_no_view_holds_the_seed_or_the_random_state(game):
    rules, codec, m, states = played(game, every=3)
    for s in states:
        for p in range(len(s.seats)):
            text = dumps(seat_view(rules, codec, s, p, 0, 0))
            assert str(SEED) not in text
            assert str(s.rng.state) not in text if s.rng is not None else True
    with pytest.raises(CodecError):       # the true state with its generator cannot be sent at all
        codec.encode_state(m.states[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_guest_rebuilds_the_observation_a_bot_sees(game):
    rules, codec, m, states = played(game, every=5, players=rules_min(game))
    guest_codec = StateCodec(rules.new_game(list(m.seats), 0, {}))    # the guest's own reference game
    for s in states:
        p = rules.to_move(s) if not rules.is_over(s) else 0
        msg = json.loads(dumps(seat_view(rules, codec, s, p, 0, 0)))
        check_host(msg)
        obs = guest_codec.decode_state(msg["state"], log_of([guest_codec.decode(e) for e in msg["events"]]))
        truth = rules.observe(s, p)
        assert guest_codec.encode_state(obs) == codec.encode_state(truth)
        assert obs.log.to_list() == truth.log.to_list()
        assert rules.legal_actions(obs) == rules.legal_actions(truth)
        assert [guest_codec.decode(item["a"]) for item in msg["legal"]] == rules.legal_actions(truth)
        assert [item["repr"] for item in msg["legal"]] == [repr(a) for a in rules.legal_actions(truth)]


def rules_min(game):
    return get_rules(game).min_players


def test_the_codec_carries_only_the_games_own_classes():
    rules, codec, m, states = played(GAMES[0], every=50, players=rules_min(GAMES[0]))
    for bad in (Rng(3), object(), lambda: 1, float("nan"), type, b"bytes", [Rng(1)], {"k": {"x": Rng(2)}}):
        with pytest.raises(CodecError):
            codec.encode(bad)
    for bad in ({"C": "Popen", "V": {}}, {"C": "Rng", "V": {"state": 1}}, {"N": "State", "V": []},
                {"X": 1}, {"T": 5}, {"D": [[1]]}, {"F": [[1, 2]]}, {"C": "Seat", "V": {"evil": 1}},
                {"C": "Seat", "V": {"__class__": 1}}, {"O": {"a": {"Z": 1}}}):
        with pytest.raises(CodecError):
            codec.decode(bad)
    deep = 1
    for _ in range(200):
        deep = [deep]
    with pytest.raises(CodecError):
        codec.decode(deep)
    assert codec.decode(codec.encode(Seat("Ann", "red", "human"))) == Seat("Ann", "red", "human")
    value = {(1, 2): frozenset({"a", "b"}), "x": [None, True, 1.5, (3,)], "s": {4}}
    assert codec.decode(json.loads(json.dumps(codec.encode(value)))) == value
    with pytest.raises(CodecError):
        codec.decode_state({"C": "State", "V": {}}, log_of([]))


GOOD_ACT = {"type": "act", "index": 0, "repr": "Roll(color='red')", "at": 3}


@pytest.mark.parametrize("raw, code", [
    ("not json{", "not_json"),
    ("[1, 2]", "schema"),
    ('{"type": "act", "index": NaN, "repr": "x", "at": 0}', "not_json"),
    ("x" * (GUEST_MAX_BYTES + 1), "too_big"),
    (json.dumps({**GOOD_ACT, "repr": "é" * 3000}), "too_big"),
    (b"\x00\x01", "binary"),
    (json.dumps({"type": "pickle", "data": "gASV"}), "unknown_type"),
    (json.dumps({"index": 0}), "unknown_type"),
    (json.dumps({"type": "act", "index": 0, "at": 0}), "schema"),
    (json.dumps({**GOOD_ACT, "index": -1}), "schema"),
    (json.dumps({**GOOD_ACT, "index": True}), "schema"),
    (json.dumps({**GOOD_ACT, "index": 1.0}), "schema"),
    (json.dumps({**GOOD_ACT, "repr": ["x"]}), "schema"),
    (json.dumps({**GOOD_ACT, "extra": 1}), "schema"),
    (json.dumps({"type": "join", "code": "ABC", "protocol": 1}), "schema"),
    (json.dumps({"type": "join", "code": "A" * 100, "protocol": 1, "version": "0"}), "schema"),
    (json.dumps({"type": "join", "code": "ABC", "protocol": 1, "version": "0", "seat": 99}), "schema"),
    ("[" * 100_000, "too_big"),
    ("[" * 4000 + "]" * 4000, "too_big"),
    ("[" * 2000 + "]" * 2000, "not_json"),      # nested past the parser's depth
])
def test_every_guest_message_is_checked(raw, code):
    with pytest.raises(ProtocolError) as e:
        parse_guest(raw)
    assert e.value.code == code and str(e.value)


def test_good_guest_messages_pass():
    assert parse_guest(json.dumps(GOOD_ACT)) == GOOD_ACT
    join = {"type": "join", "code": "K7QX2M", "protocol": 1, "version": "0.9.0", "seat": 1, "token": "abc"}
    assert parse_guest(json.dumps(join)) == join


def test_a_guest_takes_a_record_only_with_the_final_view():
    """The record (the seed with it) is public only once the game is over: a guest refuses a view
    that carries one before the end, or one that is not a record file's text."""
    view = {"type": "view", "seat": 0, "at": 3, "to_move": 1, "over": False, "log_from": 0, "events": [],
            "state": {}, "legal": []}
    assert check_host(dict(view)) == view
    for bad in ({**view, "record": "format: anthology-record/1"},
                {**view, "over": True, "to_move": None, "record": {"seed": 1}}):
        with pytest.raises(ProtocolError):
            check_host(bad)
    final = {**view, "over": True, "to_move": None, "record": "format: anthology-record/1"}
    assert check_host(dict(final)) == final
