"""Settings from the environment: defaults, URL normalisation, secrets kept out of reprs."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from kozel_discord.settings import (
    DEFAULT_DATABASE_URL,
    Settings,
    get_settings,
    normalise_database_url,
)

ENV = (
    "DISCORD_TOKEN",
    "KOZEL_DATABASE_URL",
    "KOZEL_DEV_GUILD_ID",
    "KOZEL_TURN_TIMEOUT",
    "KOZEL_SHARD_COUNT",
    "KOZEL_SHARD_IDS",
    "KOZEL_LOG_LEVEL",
    "KOZEL_DISCORD_API_BASE",
    "KOZEL_DISCORD_GATEWAY_URL",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's


def test_defaults() -> None:
    settings = get_settings()
    assert settings.discord_token is None
    assert settings.database_url == DEFAULT_DATABASE_URL
    assert settings.is_sqlite
    assert settings.turn_timeout == 90 and settings.turn_timeout_seconds == 90
    assert settings.dev_guild_id is None
    assert (settings.shard_count, settings.shard_ids) == (None, None)
    assert settings.log_level == "INFO"
    assert settings.discord_api_base is None and settings.discord_gateway_url is None


def test_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret-token")
    monkeypatch.setenv("KOZEL_DATABASE_URL", "postgres://kozel:hunter2@db.example:5432/league")
    monkeypatch.setenv("KOZEL_DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("KOZEL_TURN_TIMEOUT", "0")
    monkeypatch.setenv("KOZEL_SHARD_COUNT", "4")
    monkeypatch.setenv("KOZEL_SHARD_IDS", "0, 2,3")
    monkeypatch.setenv("KOZEL_LOG_LEVEL", "debug")
    monkeypatch.setenv("KOZEL_DISCORD_API_BASE", "http://127.0.0.1:8080/api/v10")
    monkeypatch.setenv("KOZEL_DISCORD_GATEWAY_URL", "ws://127.0.0.1:8080/gateway")
    settings = get_settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "very-secret-token"
    assert settings.database_url == "postgresql+asyncpg://kozel:hunter2@db.example:5432/league"
    assert not settings.is_sqlite
    assert settings.dev_guild_id == 123456789012345678
    assert settings.turn_timeout_seconds is None  # 0 = off
    assert (settings.shard_count, settings.shard_ids) == (4, (0, 2, 3))
    assert settings.log_level == "DEBUG"
    assert settings.discord_api_base == "http://127.0.0.1:8080/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:8080/gateway"
    for text in (repr(settings), str(settings), settings.database_url_for_logs):
        assert "very-secret-token" not in text
        assert "hunter2" not in text
    assert "db.example" in repr(settings)


def test_env_file_and_not_cached(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("KOZEL_TURN_TIMEOUT=30\nDISCORD_TOKEN=from-file\n")
    assert get_settings().turn_timeout == 30
    monkeypatch.setenv("KOZEL_TURN_TIMEOUT", "45")  # the environment wins over .env
    assert get_settings().turn_timeout == 45


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("postgresql://u:p@h:5433/db", "postgresql+asyncpg://u:p@h:5433/db"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///./x.sqlite3", "sqlite+aiosqlite:///./x.sqlite3"),
        ("sqlite+aiosqlite:////tmp/x.db", "sqlite+aiosqlite:////tmp/x.db"),
    ],
)
def test_database_url_normalisation(given: str, expected: str) -> None:
    assert normalise_database_url(given) == expected
    assert Settings(database_url=given).database_url == expected


@pytest.mark.parametrize(
    "env",
    [
        {"KOZEL_SHARD_IDS": "0,1"},  # ids without a count
        {"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "0,2"},  # out of range
        {"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "1,1"},
        {"KOZEL_SHARD_COUNT": "0"},
        {"KOZEL_TURN_TIMEOUT": "-1"},
        {"KOZEL_LOG_LEVEL": "LOUD"},
        {"KOZEL_DEV_GUILD_ID": "not-a-number"},
        # "never" as inf crashed the start-up (idle close) or every Start (turn timer)
        {"KOZEL_IDLE_CLOSE_HOURS": "inf"},
        {"KOZEL_TURN_TIMEOUT": "inf"},
        {"KOZEL_TURN_TIMEOUT": "1e12"},
        {"KOZEL_EDIT_INTERVAL": "inf"},
        {"KOZEL_MAX_EDITS_PER_SECOND": "inf"},
        # a typo or another database was retried for minutes as one that does not answer
        {"KOZEL_DATABASE_URL": "foo"},
        {"KOZEL_DATABASE_URL": "postgresq://kozel@db/kozel"},
        {"KOZEL_DATABASE_URL": "mysql://kozel:pw@db/kozel"},
        {"KOZEL_DATABASE_URL": "postgresql+psycopg2://kozel@db/kozel"},
    ],
)
def test_invalid_values(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        get_settings()


def test_validation_errors_do_not_echo_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret-token")
    monkeypatch.setenv("KOZEL_TURN_TIMEOUT", "soon")
    with pytest.raises(ValidationError) as error:
        get_settings()
    assert "very-secret-token" not in str(error.value)


@pytest.mark.parametrize(
    ("env", "shares"),
    [
        ({}, False),  # one process
        ({"KOZEL_SHARD_COUNT": "2"}, False),  # both shards in this process
        ({"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "0,1"}, False),
        ({"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "1"}, True),  # another runs shard 0
        (
            {"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "1", "KOZEL_RATE_LIMIT_SHARING": "off"},
            False,
        ),
        ({"KOZEL_RATE_LIMIT_SHARING": "on"}, True),
    ],
)
def test_the_request_budget_is_shared_when_other_processes_run_the_other_shards(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], shares: bool
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.shares_rate_limit is shares
    assert settings.discord_rate_limit == 50


def test_the_rate_limit_is_a_positive_whole_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_DISCORD_RATE_LIMIT", "10")
    assert Settings(_env_file=None).discord_rate_limit == 10  # type: ignore[call-arg]
    monkeypatch.setenv("KOZEL_DISCORD_RATE_LIMIT", "0")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)  # type: ignore[call-arg]
    monkeypatch.setenv("KOZEL_DISCORD_RATE_LIMIT", "10")
    monkeypatch.setenv("KOZEL_RATE_LIMIT_SHARING", "sometimes")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_a_password_given_in_the_urls_query_is_masked_too() -> None:
    # asyncpg takes ?password= as well; the INFO line and the doctor showed it.
    for url in (
        "postgresql://kozel@db.example/league?password=hunter2",
        "postgresql://kozel:hunter1@db.example/league?ssl=require&PASSWORD=hunter2&x=1",
    ):
        shown = Settings(database_url=url).database_url_for_logs
        assert "hunter" not in shown and "db.example" in shown
        assert shown.count("***") == url.count("hunter")
