"""The self-hosting files agree with the code: docker-compose.yml and .env.example (the
Dockerfile in test_deploy_docker.py, the locks in test_deploy_locks.py).

docker-compose.yml is read with PyYAML: without it these tests are skipped locally and fail
under CI (``CI=true``). tests/test_compose_schema.py validates it against the Compose schema.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from kozel_discord.settings import Settings
from tests.deploy_helpers import ROOT, TOKEN_RE

COMPOSE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / ".env.example"


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
