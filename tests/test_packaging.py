"""The deployment files agree with the package: the pinned versions lie within the declared
bounds, and the Dockerfile, compose file and systemd unit use the console script, a non-root
user and the data volume. (No Docker daemon is needed: the files are read, not built.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

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


def test_the_image_runs_the_script_as_a_user_with_data_as_a_volume() -> None:
    docker = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^FROM python:(\d+\.\d+)-slim$", docker, re.M)
    assert base and f"Programming Language :: Python :: {base[1]}" in PROJECT["classifiers"]
    assert "pip install -c constraints.txt ." in docker
    user = re.findall(r"^USER (\S+)$", docker, re.M)
    assert user and user[-1] not in ("root", "0")
    assert 'VOLUME ["/app/data"]' in docker and "WORKDIR /app\n" in docker  # data/bot.db is in the volume
    assert docker.rstrip().endswith('ENTRYPOINT ["cardroom"]')
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignored[1] == "*" and "!.env" not in ignored  # an allowlist that never sends .env


def test_compose_and_systemd_use_the_same_volume_script_and_exit_codes() -> None:
    compose = (ROOT / "compose.yaml").read_text()
    assert "- cardroom-data:/app/data" in compose and "env_file: .env" in compose
    unit = (ROOT / "deploy" / "cardroom.service").read_text()
    assert re.search(r"^ExecStart=\S+/bin/cardroom$", unit, re.M)
    assert f"RestartPreventExitStatus={EXIT_OWNER_MUST_ACT}\n" in unit
    assert re.search(r"^User=cardroom$", unit, re.M)
