"""The self-hosting files agree with the code: docker-compose.yml, .env.example, the
Dockerfile, .dockerignore and the locks (requirements.lock, requirements-dev.lock).

docker-compose.yml is read with PyYAML: without it these tests are skipped locally and fail
under CI (``CI=true``). tests/test_compose_schema.py validates it against the Compose schema.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import tomllib
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from sqlalchemy.engine import make_url

from kozel_discord.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / ".env.example"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
LOCK = ROOT / "requirements.lock"
DEV_LOCK = ROOT / "requirements-dev.lock"
PYPROJECT = ROOT / "pyproject.toml"

#: What a Discord bot token looks like (base64url id . timestamp . HMAC).
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
#: Variables of .env.example that are not settings of the bot (Docker Compose's own).
COMPOSE_ONLY_VARS = {"POSTGRES_PASSWORD"}


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def env_var(field_name: str) -> str:
    """The environment variable of a Settings field, worked out here independently of
    kozel_discord.admin: the validation alias, else env_prefix + NAME."""
    field = Settings.model_fields[field_name]
    if isinstance(field.validation_alias, str):
        return field.validation_alias
    return (Settings.model_config.get("env_prefix", "") + field_name).upper()


# ------------------------------------------------------------------------------ compose
@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    try:
        import yaml
    except ImportError:
        if _ci():
            pytest.fail("PyYAML is needed to check docker-compose.yml: add it to the dev extra")
        pytest.skip("PyYAML is not installed")
    data = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def service(compose: dict[str, Any], name: str) -> dict[str, Any]:
    services = compose["services"]
    assert name in services, f"no service {name!r} in docker-compose.yml"
    svc = services[name]
    assert isinstance(svc, dict)
    return svc


def environment(svc: dict[str, Any]) -> dict[str, str | None]:
    env = svc.get("environment") or {}
    if isinstance(env, list):
        pairs = [item.split("=", 1) for item in env]
        return {p[0]: (p[1] if len(p) > 1 else None) for p in pairs}
    return {str(k): (None if v is None else str(v)) for k, v in env.items()}


def env_files(svc: dict[str, Any]) -> list[str]:
    files = svc.get("env_file") or []
    if isinstance(files, str):
        files = [files]
    return [f["path"] if isinstance(f, dict) else f for f in files]


def depends_on(svc: dict[str, Any]) -> dict[str, str]:
    deps = svc.get("depends_on") or {}
    if isinstance(deps, list):
        return {name: "service_started" for name in deps}
    return {name: (spec or {}).get("condition", "service_started") for name, spec in deps.items()}


def command(svc: dict[str, Any]) -> list[str]:
    cmd = svc.get("command")
    if cmd is None:
        return []
    return shlex.split(cmd) if isinstance(cmd, str) else [str(c) for c in cmd]


def test_compose_services(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"db", "migrate", "bot"}


def test_compose_postgres(compose: dict[str, Any]) -> None:
    db = service(compose, "db")
    # The official image, with a pinned major version (never "latest" or no tag).
    assert re.fullmatch(r"postgres:\d+(\.\d+)?(-[a-z0-9.]+)?", db["image"]), db["image"]
    assert db.get("restart") == "unless-stopped"
    # (source, target) of each mount, short or long syntax: the data lives in a named volume.
    mounts = [
        tuple(v.split(":")[:2]) if isinstance(v, str) else (v.get("source"), v.get("target"))
        for v in db.get("volumes") or []
    ]
    assert [source for source, target in mounts if target == "/var/lib/postgresql/data"] == [
        "pgdata"
    ]
    assert "pgdata" in (compose.get("volumes") or {})
    test = db["healthcheck"]["test"]
    test_text = test if isinstance(test, str) else " ".join(test)
    assert "pg_isready" in test_text
    env = environment(db)
    assert env.get("POSTGRES_PASSWORD", "").startswith("${POSTGRES_PASSWORD")
    assert "env_file" not in db  # the database container does not get the bot's token


def test_compose_migrate_runs_once_before_the_bot(compose: dict[str, Any]) -> None:
    migrate, bot = service(compose, "migrate"), service(compose, "bot")
    assert command(migrate) == ["migrate"]
    assert migrate.get("restart", "no") == "no"
    assert depends_on(migrate) == {"db": "service_healthy"}
    assert depends_on(bot) == {
        "db": "service_healthy",
        "migrate": "service_completed_successfully",
    }
    assert command(bot) in ([], ["run"])
    assert bot.get("restart") == "unless-stopped"


def test_compose_bot_configuration(compose: dict[str, Any]) -> None:
    for name in ("migrate", "bot"):
        svc = service(compose, name)
        assert env_files(svc) == [".env"]
        assert "build" in svc
        env = environment(svc)
        url = make_url(env["KOZEL_DATABASE_URL"] or "")
        assert url.get_backend_name() == "postgresql"
        assert url.host == "db" and url.database
        assert url.password is None  # it comes from POSTGRES_PASSWORD via PGPASSWORD
        assert env.get("PGPASSWORD", "").startswith("${POSTGRES_PASSWORD")
    assert service(compose, "migrate")["image"] == service(compose, "bot")["image"]


def test_compose_holds_no_token(compose: dict[str, Any]) -> None:
    text = COMPOSE.read_text(encoding="utf-8")
    assert not TOKEN_RE.search(text)
    for name, svc in compose["services"].items():
        env = environment(svc)
        assert not env.get("DISCORD_TOKEN"), name  # from .env only
        build = svc.get("build")
        if isinstance(build, dict):
            assert "DISCORD_TOKEN" not in json.dumps(build.get("args") or {}), name


def test_compose_publishes_no_port_beyond_localhost(compose: dict[str, Any]) -> None:
    for name, svc in compose["services"].items():
        for port in svc.get("ports") or []:
            if isinstance(port, dict):
                assert port.get("host_ip") == "127.0.0.1", (name, port)
            else:
                assert str(port).startswith("127.0.0.1:"), (name, port)
        assert svc.get("network_mode") != "host", name


# ------------------------------------------------------------------------------ .env.example
def env_example_lines() -> dict[str, tuple[bool, str]]:
    """VAR -> (commented out, value) for every assignment in .env.example."""
    found: dict[str, tuple[bool, str]] = {}
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"(#\s*)?([A-Z][A-Z0-9_]*)=(.*)", line.strip())
        if match:
            name = match.group(2)
            assert name not in found, f"{name} is in .env.example twice"
            found[name] = (match.group(1) is not None, match.group(3))
    return found


@pytest.fixture
def no_settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(env_var(name), raising=False)
    monkeypatch.chdir(tmp_path)


def test_env_example_lists_every_setting() -> None:
    lines = env_example_lines()
    missing = [env_var(name) for name in Settings.model_fields if env_var(name) not in lines]
    assert not missing, f".env.example lacks {missing}"
    known = {env_var(name) for name in Settings.model_fields} | COMPOSE_ONLY_VARS
    assert set(lines) <= known, f"unknown variables in .env.example: {set(lines) - known}"


def test_env_example_shows_the_defaults(no_settings_env: None) -> None:
    lines = env_example_lines()
    for name, field in Settings.model_fields.items():
        commented, value = lines[env_var(name)]
        if name == "discord_token":
            continue
        assert commented, f"{env_var(name)} should be commented out (showing its default)"
        if field.default is None:
            assert value == "", f"{env_var(name)} has no default"
        else:
            parsed = Settings(_env_file=None, **{name: value})  # type: ignore[arg-type]
            assert getattr(parsed, name) == field.default, env_var(name)


def test_env_example_holds_no_secret() -> None:
    lines = env_example_lines()
    assert lines["DISCORD_TOKEN"] == (False, "")
    assert lines["POSTGRES_PASSWORD"] == (False, "")
    assert not TOKEN_RE.search(ENV_EXAMPLE.read_text(encoding="utf-8"))
    active = {name: value for name, (commented, value) in lines.items() if not commented}
    assert all(value == "" for value in active.values()), active


# ------------------------------------------------------------------------------ Dockerfile
def dockerfile_instructions() -> list[tuple[str, str]]:
    text = DOCKERFILE.read_text(encoding="utf-8").replace("\\\n", " ")
    result = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            result.append((keyword.upper(), rest.strip()))
    return result


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    starts = [i for i, (keyword, _) in enumerate(instructions) if keyword == "FROM"]
    assert starts, "no FROM in the Dockerfile"
    return instructions[starts[-1] :]


def exec_form(rest: str) -> list[str]:
    value = json.loads(rest)
    assert isinstance(value, list), "use the exec form"
    return [str(v) for v in value]


def test_dockerfile_base_image() -> None:
    instructions = dockerfile_instructions()
    args = {}
    for keyword, rest in instructions:
        if keyword == "ARG" and "=" in rest:
            name, _, default = rest.partition("=")
            args[name] = default
    images = []
    for keyword, rest in instructions:
        if keyword == "FROM":
            image = rest.split()[0]
            images.append(re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), ""), image))
    assert images and all(image.startswith("python:3.11-slim") for image in images), images


def test_dockerfile_runs_the_bot_as_non_root() -> None:
    users = [rest for keyword, rest in final_stage() if keyword == "USER"]
    assert users, "the image must switch to an unprivileged USER"
    assert users[-1].split(":")[0] not in ("root", "0")
    entry = [exec_form(rest) for keyword, rest in final_stage() if keyword == "ENTRYPOINT"]
    cmd = [exec_form(rest) for keyword, rest in final_stage() if keyword == "CMD"]
    assert (entry[-1] if entry else []) + (cmd[-1] if cmd else []) == ["kozel-discord", "run"]


def test_dockerfile_installs_from_the_lock() -> None:
    instructions = dockerfile_instructions()
    copies = [rest for keyword, rest in instructions if keyword == "COPY"]
    assert any(rest.split()[0] == "requirements.lock" for rest in copies)
    installs = [
        rest for keyword, rest in instructions if keyword == "RUN" and "pip install" in rest
    ]
    assert installs and all(re.search(r"-r \S*requirements\.lock", rest) for rest in installs)
    assert all("--no-deps" in rest for rest in installs)  # nothing that is not locked


def test_dockerfile_has_no_secret() -> None:
    for keyword, rest in dockerfile_instructions():
        if keyword in ("ENV", "ARG", "LABEL"):
            assert "DISCORD_TOKEN" not in rest and "PASSWORD" not in rest.upper()
    assert not TOKEN_RE.search(DOCKERFILE.read_text(encoding="utf-8"))


def context_sources() -> set[str]:
    """Every path any stage copies from the build context."""
    sources: set[str] = set()
    for keyword, rest in dockerfile_instructions():
        if keyword == "COPY" and not rest.startswith("--from"):
            sources.update(rest.split()[:-1])
    return sources


def test_dockerfile_installs_the_wheel_with_its_migrations() -> None:
    # The migrations are inside the package (kozel_discord.migrations): the image installs
    # the bot's wheel, built from the sources with migrations/, instead of running a tree.
    assert {"pyproject.toml", "setup.py", "migrations", "kozel_discord"} <= context_sources()
    runs = [rest for keyword, rest in dockerfile_instructions() if keyword == "RUN"]
    assert any("pip wheel" in rest for rest in runs)
    installs = [rest for rest in runs if "pip install" in rest]
    assert any(re.search(r"kozel_discord-\S*\.whl", rest) for rest in installs)
    envs = " ".join(rest for keyword, rest in final_stage() if keyword == "ENV")
    assert "PYTHONPATH" not in envs


def test_dockerignore_keeps_secrets_out_and_lets_copies_in() -> None:
    lines = [
        line.strip()
        for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    allowlist = "*" in lines
    if allowlist:
        assert "!.env" not in lines
        for source in context_sources():
            assert f"!{source}" in lines, f".dockerignore leaves out {source}"
        assert "!requirements.lock" in lines
    assert "**/.env" in lines or ".env" in lines or allowlist


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


def test_dockerfile_has_a_healthcheck_and_a_data_volume() -> None:
    stage = final_stage()
    checks = [rest for keyword, rest in stage if keyword == "HEALTHCHECK"]
    assert len(checks) == 1
    assert exec_form(checks[0].split("CMD", 1)[1].strip()) == ["kozel-discord", "health"]
    volumes = [exec_form(rest) for keyword, rest in stage if keyword == "VOLUME"]
    assert ["/data"] in volumes
    workdirs = [rest for keyword, rest in stage if keyword == "WORKDIR"]
    assert workdirs[-1] == "/data"


def test_license_matches_pyproject() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    build = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["build-system"]["requires"]
    setuptools = next(Requirement(r) for r in build if r.startswith("setuptools"))
    assert not setuptools.specifier.contains("76.9")  # SPDX expressions need setuptools 77
