from game.core.rng import Rng


def test_rng_is_deterministic_and_copy_is_independent():
    a = Rng(42)
    b = a.copy()
    xs = [a.randint(1, 6) for _ in range(50)]
    assert xs == [b.randint(1, 6) for _ in range(50)]
    assert set(xs) <= set(range(1, 7))


def test_rng_matches_the_splitmix64_reference():
    # SplitMix64's published first output for seed 1: records replay on every Python version
    assert Rng(1).next64() == 0x910A2DEC89025CC1
    r = Rng(123)
    assert [r.below(1000) for _ in range(5)] == [675, 148, 840, 71, 922]


def test_shuffle_is_a_permutation():
    r = Rng(7)
    xs = list(range(30))
    r.shuffle(xs)
    assert sorted(xs) == list(range(30))
    assert xs != list(range(30))


def test_randint_is_roughly_uniform():
    r = Rng(5)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(850 < c < 1150 for c in counts)
