"""The image's entry point (deploy/docker-entrypoint.sh), run here with a stand-in `cardroom`: it
hands the data folder to the bot's user and runs the bot as that user (when started as root, as
the image is), turns exit status 2 into a clean stop so Docker's `on-failure` policy does not
restart a bot whose settings must be fixed, keeps every other status, and passes docker stop's
signal on to the bot."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENTRYPOINT = ROOT / "deploy" / "docker-entrypoint.sh"
UID = 10001

STAND_IN = """#!/bin/sh
echo "args: $* uid: $(id -u)"
if [ "$1" = wait ]; then
    trap 'echo "got TERM"; exit 0' TERM
    echo ready >&2
    while :; do sleep 0.05; done
fi
exit "$1"
"""


@pytest.fixture
def box() -> Iterator[Path]:
    """A folder the bot's user may enter (pytest's own are root's alone), with the stand-in."""
    folder = Path(tempfile.mkdtemp(prefix="cardroom-entry-"))
    try:
        folder.chmod(0o755)
        (folder / "bin").mkdir(mode=0o755)
        (folder / "bin" / "cardroom").write_text(STAND_IN)
        (folder / "bin" / "cardroom").chmod(0o755)
        (folder / "data").mkdir()
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def start(box: Path, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "PATH": f"{box / 'bin'}:{os.environ['PATH']}", "CARDROOM_DATA": str(box / "data"),
           "CARDROOM_UID": str(UID)}
    return await asyncio.create_subprocess_exec(str(ENTRYPOINT), *args, env=env, stdin=asyncio.subprocess.DEVNULL,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def run(box: Path, *args: str) -> tuple[int, str, str]:
    proc = await start(box, *args)
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def bot_uid() -> int:
    return UID if os.getuid() == 0 else os.getuid()


async def test_a_setting_to_fix_stops_cleanly_and_other_statuses_are_kept(box: Path) -> None:
    status, out, err = await run(box, "2")
    assert status == 0 and "not restarting" in err
    assert out.strip() == f"args: 2 uid: {bot_uid()}"
    assert (await run(box, "1"))[0] == 1   # no network: restarted by on-failure
    assert (await run(box, "0"))[0] == 0
    status, out, _ = await run(box, "backup", "data/backup.db")
    assert out.startswith("args: backup data/backup.db")   # arguments go to cardroom


async def test_the_data_folder_is_handed_to_the_bots_user(box: Path) -> None:
    status, _, _ = await run(box, "0")
    assert status == 0
    assert (box / "data").stat().st_uid == bot_uid()


async def test_docker_stops_signal_reaches_the_bot(box: Path) -> None:
    proc = await start(box, "wait")
    assert proc.stderr is not None
    assert (await asyncio.wait_for(proc.stderr.readline(), 120)).strip() == b"ready"
    proc.send_signal(signal.SIGTERM)
    out, _ = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0 and "got TERM" in out.decode()
