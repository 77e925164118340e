"""The admin command ``migrate`` (kozel_discord.cli.database), on SQLite and on PostgreSQL,
and the command line that runs the admin commands.

Every test runs in an empty working directory with none of the bot's variables set (the
``clean_env`` fixture of conftest.py), so that neither the developer's environment nor a
``.env`` file leaks in. The token must never be printed: every test that sets one checks
all of stdout, stderr and the log.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from kozel_discord.cli import build_parser, database, main
from kozel_discord.settings import Settings
from standin.postgres import admin_sql
from tests.cli.admin_helpers import (
    BOT_ID,
    TOKEN,
    assert_no_secret,
    free_port,
    head_revision,
    line_of,
    run_doctor,
    sqlite_url,
)

pytestmark = pytest.mark.usefixtures("clean_env")


POSTGRES_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"


# ------------------------------------------------------------------------------ migrate
def test_migrate_a_new_sqlite_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "league.sqlite3"
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    assert database.migrate() == 0
    out = capsys.readouterr().out
    assert str(db) in out
    assert f"✓ migrated from revision (empty) to {head_revision()}, the latest" in out
    assert db.exists()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (head_revision(),)
        ]
    # Again: nothing to do.
    assert database.migrate() == 0
    assert f"✓ already at revision {head_revision()}, the latest" in capsys.readouterr().out


def test_migrate_uses_the_default_sqlite_file(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert database.migrate() == 0
    assert (clean_env / "kozel.sqlite3").exists()
    assert str(clean_env / "kozel.sqlite3") in capsys.readouterr().out


def test_migrate_with_given_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "given.sqlite3"
    assert database.migrate(Settings(database_url=sqlite_url(db))) == 0
    assert db.exists()
    assert head_revision() in capsys.readouterr().out


def test_migrate_refuses_bad_settings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KOZEL_TURN_TIMEOUT", "soon")
    assert database.migrate() == 2
    out = capsys.readouterr().out
    assert "✗ bad settings: KOZEL_TURN_TIMEOUT" in out
    assert "soon" not in out  # values are never repeated (one could be a secret)


def test_migrate_a_database_of_a_newer_version(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "newer.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('9999_from_the_future')")
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    assert database.migrate() == 1
    out = capsys.readouterr().out
    assert "✗ migration failed" in out
    assert "update the bot" in out


def test_migrate_an_unreachable_database_hides_the_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(
        "KOZEL_DATABASE_URL", f"postgresql://kozel:hunter2@127.0.0.1:{free_port()}/k"
    )
    assert database.migrate() == 1
    out = capsys.readouterr().out
    assert "✗ migration failed" in out and "hunter2" not in out
    assert "is the database server running" in out


# ------------------------------------------------------------------------------ PostgreSQL
def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


@pytest.fixture
def postgres_url() -> Iterator[str]:
    admin_url = os.environ.get("KOZEL_TEST_POSTGRES_URL", POSTGRES_ADMIN_URL)
    admin_url = admin_url.replace("postgresql://", "postgresql+asyncpg://", 1)
    name = f"kozel_admin_{uuid.uuid4().hex[:10]}"
    try:
        asyncio.run(admin_sql(admin_url, f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        if _ci():
            pytest.fail(f"PostgreSQL is needed under CI: {exc}")
        pytest.skip(f"PostgreSQL not reachable: {exc}")
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(admin_sql(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.mark.postgres
def test_migrate_and_doctor_on_postgres(
    monkeypatch: pytest.MonkeyPatch,
    postgres_url: str,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("KOZEL_DATABASE_URL", postgres_url)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1 and "no schema yet" in line_of(lines, "migrations")
    assert database.migrate() == 0
    assert head_revision() in capsys.readouterr().out
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines


# ------------------------------------------------------------------------------ command line
def test_command_line_has_the_admin_commands() -> None:
    parser = build_parser()
    assert parser.parse_args(["migrate"]).command == "migrate"
    args = parser.parse_args(["doctor", "--timeout", "2.5"])
    assert (args.command, args.timeout) == ("doctor", 2.5)
    assert parser.parse_args(["doctor"]).timeout == database.DEFAULT_TIMEOUT
    args = parser.parse_args(["invite-url", "--application-id", "42"])
    assert (args.command, args.application_id) == ("invite-url", "42")
    assert parser.parse_args(["invite-url"]).application_id is None
    assert parser.parse_args(["run"]).command == "run"  # the others are still there


def test_command_line_runs_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "cli.sqlite3"
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert main(["doctor", "--timeout", "1"]) == 0  # no database yet: the bot creates it
    assert main(["migrate"]) == 0
    assert main(["doctor"]) == 0
    assert main(["invite-url", "--application-id", str(BOT_ID)]) == 0
    assert main(["invite-url"]) == 0
    assert_no_secret(capsys.readouterr().out)
