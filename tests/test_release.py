"""The release step (`make dist`): the sdist and the wheel build from a checkout, and the wheel
installs into a clean virtualenv where `cardroom --version`, the first-start message and the demo
work, away from the checkout.

The wheel goes in with --no-deps: its dependencies are the test environment's own, seen through a
path file, so the test downloads nothing and still runs the installed package, not the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

from bot import __version__

ROOT = Path(__file__).resolve().parents[1]
LOCAL = (".git", ".venv*", "data", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", ".env")
"""What a checkout holds that is not the project's: left out of the copy the release is built from."""


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL)


def test_the_built_wheel_installs_into_a_clean_virtualenv_and_runs(tmp_path: Path) -> None:
    source, dist = tmp_path / "source", tmp_path / "dist"   # a copy: building writes into its source folder
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LOCAL))
    built = run(sys.executable, "-m", "build", "--outdir", dist, source, cwd=tmp_path)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    sdist, = dist.glob("cardroom-*.tar.gz")
    wheel, = dist.glob("cardroom-*-py3-none-any.whl")
    assert sdist.name == f"cardroom-{__version__}.tar.gz"
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"CHANGELOG.md", "constraints.txt", "docs/owner-guide.md", "docs/privacy.md", "bot/env.example",
            "storage/migrations/0001_initial.sql", "bot/i18n/locales/ja.po"} <= names
    with zipfile.ZipFile(wheel) as whl:
        packaged = set(whl.namelist())
    assert {"bot/env.example", "storage/migrations/0001_initial.sql", "bot/i18n/locales/en.po"} <= packaged

    home = tmp_path / "venv"
    venv.create(home, with_pip=False)
    python = home / "bin" / "python"
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index",
                    wheel, cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-2000:]
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path)
                .stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")

    where = tmp_path / "owner"   # an owner's folder: no checkout, no .env
    where.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PATH"] = f"{home / 'bin'}:{env['PATH']}"
    cardroom = home / "bin" / "cardroom"
    assert run(python, "-c", "import bot; print(bot.__file__)", cwd=where).stdout.startswith(str(site))
    version = run(cardroom, "--version", cwd=where, env=env)
    assert version.returncode == 0 and version.stdout.strip() == f"cardroom {__version__}"
    first = run(cardroom, cwd=where, env=env)
    assert first.returncode == 2 and "cardroom example-env > .env" in first.stderr
    example = run(cardroom, "example-env", cwd=where, env=env)
    assert example.returncode == 0 and "\nDISCORD_TOKEN=\n" in example.stdout
    demo = run(cardroom, "demo", "gin_rummy", "--deals", "1", cwd=where, env=env)
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    assert "Stop: 1 deal played." in demo.stdout and "server total 0 (must be 0)" in demo.stdout
