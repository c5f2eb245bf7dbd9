"""The collector's settings once the bot has restored its tables."""

import gc

from bot.memory import YOUNG_THRESHOLD, keep_long_lived


def test_what_is_alive_at_start_is_frozen_and_young_collections_are_rarer() -> None:
    before = gc.get_threshold()
    try:
        alive = [object() for _ in range(10)]
        keep_long_lived()
        assert gc.get_freeze_count() > len(alive)
        assert gc.get_threshold() == (YOUNG_THRESHOLD, before[1], before[2])
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
