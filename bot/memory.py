"""The garbage collector, tuned for a process that keeps hundreds of games in memory."""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations between young collections (Python's default, 700, runs one every few actions)."""


def keep_long_lived() -> None:
    """Move everything alive now (the code, the restored games) out of the collector's way.

    A full collection walks every tracked object: with a few hundred tables open that is
    millions of them, and the event loop (every table) stood still for a third of a second at a
    time. Frozen objects are never walked again; what is made later is collected as usual,
    with young collections rarer.
    """
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
