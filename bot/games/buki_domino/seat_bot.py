"""Placeholder seat bot, replaced below."""
import random
from typing import Any


def choose(private: dict, public: dict, legal: list, rng: random.Random) -> Any:
    return legal[0]
