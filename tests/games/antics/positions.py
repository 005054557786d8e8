"""Hand-made Antics! positions for the tests: a copy of a state with some fields replaced."""


def edit(s, **fields):
    """A copy of s with some fields replaced, the rules' caches dropped."""
    n = s.copy()
    n.__dict__.pop("_legal", None)
    n.__dict__.pop("_pl", None)
    for k, v in fields.items():
        setattr(n, k, v)
    return n


def put(tup, i, v):
    """The tuple with item i replaced by v."""
    return tup[:i] + (v,) + tup[i + 1:]
