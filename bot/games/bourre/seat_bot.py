"""Placeholder."""
def choose(public, private, legal, rng):
    return legal[0]
