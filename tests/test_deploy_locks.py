"""The self-hosting files agree with the code: the locks (requirements.lock,
requirements-dev.lock) pin what pyproject.toml asks for, the Makefile installs from them,
and the licence matches pyproject.toml (docker-compose.yml in test_deploy_compose.py, the
Dockerfile in test_deploy_docker.py)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.deploy_helpers import ROOT

LOCK = ROOT / "requirements.lock"
DEV_LOCK = ROOT / "requirements-dev.lock"
PYPROJECT = ROOT / "pyproject.toml"


# ------------------------------------------------------------------------------ lock
def lock_pins(lock: Path = LOCK) -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!_-]+)", line)
        assert match, f"{lock.name}: not an exact pin: {line!r}"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"{name} pinned twice"
        pins[name] = match.group(2)
    return pins


def runtime_requirements() -> list[Requirement]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in project["dependencies"]]


def test_lock_pins_every_dependency_of_pyproject() -> None:
    pins = lock_pins()
    assert "kozel-discord" not in pins
    for req in runtime_requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in requirements.lock"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {req.name}=={pins[name]}, pyproject asks {req.specifier}"
        )


def closure_edges() -> Iterator[tuple[str, Requirement]]:
    """(package, requirement) for every locked package's dependencies that apply in the
    image: CPython 3.11 on Linux, with the extras that pyproject asks for."""
    pins = lock_pins()
    extras: dict[str, set[str]] = {}
    for req in runtime_requirements():
        extras.setdefault(canonicalize_name(req.name), set()).update(req.extras)
    env = dict(default_environment())
    env.update(python_version="3.11", python_full_version="3.11.0", sys_platform="linux")
    env.update(platform_system="Linux", os_name="posix", implementation_name="cpython")
    for name in pins:
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            pytest.fail(f"{name} is locked but not installed here: run `make install`")
        for raw in dist.requires or []:
            req = Requirement(raw)
            wanted = extras.get(name, set()) | {""}
            if req.marker is None or any(req.marker.evaluate({**env, "extra": e}) for e in wanted):
                extras.setdefault(canonicalize_name(req.name), set()).update(req.extras)
                yield name, req


def test_lock_is_the_whole_runtime_closure() -> None:
    pins = lock_pins()
    for package, req in closure_edges():
        name = canonicalize_name(req.name)
        assert name in pins, f"{package} needs {req}, which requirements.lock lacks"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{package} needs {req}, requirements.lock pins {pins[name]}"
        )
    # and nothing else: no development tools in the image
    needed = {canonicalize_name(r.name) for r in runtime_requirements()}
    needed |= {canonicalize_name(req.name) for _, req in closure_edges()}
    assert set(pins) == needed, f"not needed at run time: {set(pins) - needed}"


def dev_requirements() -> list[Requirement]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in project["optional-dependencies"]["dev"]]


def test_dev_lock_pins_every_requirement_of_pyproject() -> None:
    """`make run` and `make test` install requirements-dev.lock: every runtime and dev
    requirement of pyproject.toml has a pinned version there that satisfies it."""
    pins = lock_pins(DEV_LOCK)
    assert "kozel-discord" not in pins
    for req in runtime_requirements() + dev_requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in requirements-dev.lock: run `make lock`"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements-dev.lock pins {req.name}=={pins[name]}, pyproject asks "
            f"{req.specifier}: run `make lock`"
        )


def test_both_locks_pin_the_same_runtime_versions() -> None:
    """The bot runs on the same versions in Docker (requirements.lock) and with make."""
    runtime, dev = lock_pins(), lock_pins(DEV_LOCK)
    different = {n: (v, dev.get(n)) for n, v in runtime.items() if dev.get(n) != v}
    assert not different, f"requirements.lock vs requirements-dev.lock: {different}"


def test_make_installs_from_the_lock() -> None:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line.strip() for line in text.splitlines() if "pip install" in line]
    assert any(re.search(r"pip install .*-r \$\(DEV_LOCK\)", line) for line in installs)
    editable = [line for line in installs if " -e ." in line]
    assert editable and all("--no-deps" in line for line in editable), editable
    # every other install takes its version from the lock (uv alone, for `make lock`)
    assert all("-r " in line or "--no-deps" in line or "$(DEV_LOCK)" in line for line in installs)


def test_license_matches_pyproject() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    build = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["build-system"]["requires"]
    setuptools = next(Requirement(r) for r in build if r.startswith("setuptools"))
    assert not setuptools.specifier.contains("76.9")  # SPDX expressions need setuptools 77
