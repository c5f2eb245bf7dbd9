"""The deployment files agree with the package: the pinned versions lie within the declared
bounds, and the Dockerfile, compose file and systemd unit use the console script, a non-root
user and the data volume, and never restart a bot that needs a setting fixed. (No Docker daemon
is needed: the files are read, not built; tests/test_entrypoint.py runs the entry point.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot.__main__ import EXIT_OWNER_MUST_ACT

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pins() -> dict[str, str]:
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    found = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {canonicalize_name(name): version for name, version in found}


def test_every_dependency_is_bounded_and_pinned_within_its_bounds() -> None:
    pinned = pins()
    extras = [r for group in PROJECT["optional-dependencies"].values() for r in group]
    for text in PROJECT["dependencies"] + extras:
        req = Requirement(text)
        assert any(s.operator == "<" for s in req.specifier), f"{req.name} has no upper bound"
        version = pinned[canonicalize_name(req.name)]
        assert req.specifier.contains(version), f"{req.name}=={version} is outside {req.specifier}"


def test_the_console_script_is_the_bot() -> None:
    assert PROJECT["scripts"] == {"cardroom": "bot.__main__:main"}
    assert PROJECT["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_image_runs_the_script_through_its_entry_point_with_data_as_a_volume() -> None:
    docker = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^FROM python:(\d+\.\d+)-slim$", docker, re.M)
    assert base and f"Programming Language :: Python :: {base[1]}" in PROJECT["classifiers"]
    assert "pip install -c constraints.txt ." in docker
    assert "useradd --system --uid 10001" in docker and "chown cardroom:cardroom /app/data" in docker
    assert not re.search(r"^USER ", docker, re.M)   # the entry point drops to uid 10001 itself
    assert 'VOLUME ["/app/data"]' in docker and "WORKDIR /app\n" in docker  # data/bot.db is in the volume
    assert "COPY deploy/docker-entrypoint.sh /usr/local/bin/cardroom-entrypoint" in docker
    assert docker.rstrip().endswith('ENTRYPOINT ["cardroom-entrypoint"]')
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignored[1] == "*" and "!.env" not in ignored  # an allowlist that never sends .env
    assert "!deploy/docker-entrypoint.sh" in ignored and "!MANIFEST.in" in ignored


def compose() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return found


def test_compose_never_restarts_a_bot_that_needs_a_setting_fixed() -> None:
    services = compose()["services"]
    bots = {name: s for name, s in services.items() if s.get("image") == "cardroom"}
    assert set(bots) == {"cardroom", "shard-0", "shard-1"}
    for name, bot in bots.items():
        # Docker restarts `always`/`unless-stopped` containers whatever their status; `on-failure` only
        # after a failure, and the entry point turns exit status 2 into a clean stop.
        assert bot["restart"] == "on-failure", name
        assert bot["init"] is True and bot["env_file"] == ".env" and bot["build"] == "."
    assert services["cardroom"]["volumes"] == ["cardroom-data:/app/data"]
    assert "profiles" not in services["cardroom"]   # `docker compose up` runs the one bot, as before


def test_the_postgres_profile_runs_two_shards_on_one_server() -> None:
    services = compose()["services"]
    profile = {name for name, s in services.items() if "postgres" in s.get("profiles", [])}
    assert profile == {"postgres", "shard-0", "shard-1"}
    server = services["postgres"]
    assert server["image"].startswith("postgres:") and int(server["image"].split(":")[1]) >= 15
    assert "ports" not in server and server["healthcheck"]["test"][0] == "CMD-SHELL"
    shards = [services["shard-0"]["environment"], services["shard-1"]["environment"]]
    assert {s["SHARD_IDS"] for s in shards} == {"0", "1"} and {s["SHARD_COUNT"] for s in shards} == {"2"}
    url = {s["DATABASE_URL"] for s in shards}
    assert len(url) == 1 and re.fullmatch(r"postgresql://cardroom:\S+@postgres:5432/cardroom", url.pop())
    for name in ("shard-0", "shard-1"):
        assert services[name]["depends_on"] == {"postgres": {"condition": "service_healthy"}}


def test_systemd_uses_the_script_and_does_not_restart_after_exit_status_2() -> None:
    unit = (ROOT / "deploy" / "cardroom.service").read_text()
    assert re.search(r"^ExecStart=\S+/bin/cardroom$", unit, re.M)
    assert f"RestartPreventExitStatus={EXIT_OWNER_MUST_ACT}\n" in unit
    assert re.search(r"^User=cardroom$", unit, re.M)


def test_pre_commit_runs_the_gates_of_make_test() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    gates = [line.strip().replace("$(BIN)", ".venv/bin") for line in recipe if "pytest" not in line]
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert [hook["entry"] for hook in hooks] == gates == [".venv/bin/ruff check .", ".venv/bin/mypy"]
    assert all(hook["language"] == "system" and hook["pass_filenames"] is False for hook in hooks)
