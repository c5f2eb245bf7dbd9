"""The PostgreSQL server the PostgreSQL variants run on: TEST_DATABASE_URL when it is set (`make
test` sets it), else a throwaway one that `scripts/with-postgres.sh` starts the first time a test
asks, so `pytest tests/storage` works alone.

One server serves the whole run, however many pytest-xdist workers it has: the workers take turns
at a lock in a folder named after the run's first process, the first to need the server starts it
and writes its address there, and the others read it. The server stops when that first process
ends (the script's keeper watches it), or at once when pytest unconfigures (`stop`).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 600
"""A safety net for a first start that installs PostgreSQL's package; never a budget a busy
machine could break."""

KEEPER = """echo "$TEST_DATABASE_URL" > "$1.new" && mv "$1.new" "$1"
while kill -0 "$2" 2>/dev/null && [ -e "$1" ]; do sleep 1; done"""
"""Runs beside the server: says where it listens, then lives as long as the test run does (or
until `stop` removes the address); the script then stops the server."""


def run_pid() -> int:
    """The run's first process: pytest itself, or the controller of the xdist workers."""
    return os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()


def run_folder(pid: int) -> Path:
    return Path(tempfile.gettempdir()) / f"cardroom-pytest-{pid}"


def server_url() -> str:
    """The address of the test server, starting the throwaway one if none was named."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        return url
    folder = run_folder(run_pid())
    folder.mkdir(exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        address = folder / "url"
        if not address.exists():
            _start(folder, address)
        url = address.read_text().strip()
    os.environ["TEST_DATABASE_URL"] = url
    return url


def _start(folder: Path, address: Path) -> None:
    log = open(folder / "server.log", "w")
    keeper = subprocess.Popen([str(ROOT / "scripts" / "with-postgres.sh"), "sh", "-c", KEEPER, "keeper", str(address),
                               str(run_pid())], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not address.exists():
        if keeper.poll() is not None:
            raise RuntimeError(f"scripts/with-postgres.sh could not start PostgreSQL: "
                               f"{(folder / 'server.log').read_text().strip()[-500:]}")
        if time.monotonic() > deadline:
            raise RuntimeError("PostgreSQL did not start in time; see " + str(folder / "server.log"))
        time.sleep(0.1)


def stop() -> None:
    """End this run's throwaway server, if it started one (from the run's first process)."""
    shutil.rmtree(run_folder(os.getpid()), ignore_errors=True)   # the keeper sees its address go
