"""A worker process (`bot.workers`) whose bot went away in the middle of a request ends quietly:
the bot that wrote half a line is gone, and nobody waits for an answer."""

from __future__ import annotations

import subprocess
import sys


def test_a_request_cut_off_by_the_bot_going_away_ends_the_worker_quietly() -> None:
    half = b'{"id": 1, "task": "think", "args": {"game_id": "gin_ru'
    done = subprocess.run([sys.executable, "-m", "bot.workers"], input=half, capture_output=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
