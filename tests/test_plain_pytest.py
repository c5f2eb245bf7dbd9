"""A test file runs with plain pytest, away from `make test`: its PostgreSQL variants start the
throwaway server themselves (tests/postgres.py) and the run stops it when it ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import postgres

ROOT = Path(__file__).resolve().parents[1]


def test_a_postgresql_test_starts_its_own_server_under_plain_pytest(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("TEST_DATABASE_URL", "PYTEST_XDIST_WORKER")}
    child = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                              "tests/storage/test_wallets.py::test_servers_have_separate_wallets"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             stdin=subprocess.DEVNULL)
    out, _ = child.communicate(timeout=600)
    assert child.returncode == 0, out[-3000:]
    assert "2 passed" in out   # on SQLite and on the PostgreSQL server the run started
    assert not postgres.run_folder(child.pid).exists()   # and stopped when it ended
