"""The admin command ``doctor`` (kozel_discord.cli.doctor).

Every test runs in an empty working directory with none of the bot's variables set (the
``clean_env`` fixture of conftest.py), so that neither the developer's environment nor a
``.env`` file leaks in. The token must never be printed: every test that sets one checks
all of stdout, stderr and the log.
"""

from __future__ import annotations

import io
import socket
import sqlite3
from pathlib import Path

import pytest

from kozel_discord.cli import database
from kozel_discord.cli import doctor as doctor_cmd
from kozel_discord.settings import Settings
from tests.cli.admin_helpers import (
    BOT_ID,
    TOKEN,
    free_port,
    head_revision,
    line_of,
    make_token,
    run_doctor,
    sqlite_url,
)

pytestmark = pytest.mark.usefixtures("clean_env")


# ------------------------------------------------------------------------------ doctor
def migrated_sqlite(tmp_path: Path) -> Path:
    db = tmp_path / "good.sqlite3"
    assert database.migrate(Settings(database_url=sqlite_url(db)), out=io.StringIO()) == 0
    return db


def good_setup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> Path:
    """A migrated SQLite database (its file) and a well-formed token in the environment,
    and ``env``."""
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return db


def test_doctor_all_good(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = good_setup(monkeypatch, tmp_path)
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines
    assert [line[:2] for line in lines[:-1]] == ["✓ "] * 5
    assert lines[-1] == "Everything looks fine."
    assert line_of(lines, "settings").startswith("✓")
    assert f"bot id {BOT_ID}" in line_of(lines, "DISCORD_TOKEN")
    assert str(db) in line_of(lines, "database")
    assert head_revision() in line_of(lines, "migrations")
    assert "not sharded" in line_of(lines, "shards")


def test_doctor_on_a_fresh_setup_is_happy_and_creates_nothing(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = tmp_path / "missing.sqlite3"
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines
    assert line_of(lines, "database").startswith("✓")
    assert "does not exist yet" in line_of(lines, "database")
    assert "creates it" in line_of(lines, "database")
    assert line_of(lines, "migrations").startswith("- ")
    assert lines[-1] == "Everything looks fine."
    assert not db.exists()


def test_doctor_sqlite_file_in_a_missing_folder(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = tmp_path / "no-such-folder" / "kozel.sqlite3"
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    assert line_of(lines, "database").startswith("✗")
    assert "does not exist" in line_of(lines, "database")
    assert lines[-1] == "1 problem(s) found."
    assert not db.parent.exists()


def test_doctor_unmigrated_database(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = tmp_path / "empty.sqlite3"
    sqlite3.connect(db).close()
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    assert line_of(lines, "database").startswith("✓")
    migrations = line_of(lines, "migrations")
    assert migrations.startswith("✗") and "no schema yet" in migrations
    fix = lines[lines.index(migrations) + 1]
    assert fix.startswith("  → ") and "kozel-discord migrate" in fix


@pytest.mark.parametrize(
    ("revision", "says"),
    [("9999_from_the_future", "does not know"), ("0000_older", "does not know")],
)
def test_doctor_database_at_another_revision(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    revision: str,
    says: str,
) -> None:
    db = tmp_path / "other.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES (?)", (revision,))
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    assert says in line_of(lines, "migrations")


def test_doctor_database_behind_the_code(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    good_setup(monkeypatch, tmp_path)
    # As if the code had a newer migration than the database.
    monkeypatch.setattr(database, "_script_heads", lambda: ("9999_next",))
    monkeypatch.setattr(database, "_known_revision", lambda revision: True)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    migrations = line_of(lines, "migrations")
    assert migrations.startswith("✗") and "needs 9999_next" in migrations


@pytest.mark.parametrize(
    "token",
    [
        None,
        f"Bot {TOKEN}",
        f"'{TOKEN}'",
        TOKEN.replace(".", "", 1),
        make_token("application"),
        "x" * 32,
    ],
)
def test_doctor_bad_or_missing_token(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    token: str | None,
) -> None:
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    if token is not None:
        monkeypatch.setenv("DISCORD_TOKEN", token)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    line = line_of(lines, "DISCORD_TOKEN")
    assert line.startswith("✗")
    fix = lines[lines.index(line) + 1]
    assert "Reset Token" in fix and "DISCORD_TOKEN=" in fix
    if token is not None:
        assert token not in "\n".join(lines)
    assert lines[-1] == "1 problem(s) found."  # the other checks passed


def test_doctor_reads_the_token_from_dot_env(
    clean_env: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = migrated_sqlite(tmp_path)
    (clean_env / ".env").write_text(
        f"DISCORD_TOKEN={TOKEN}\nKOZEL_DATABASE_URL={sqlite_url(db)}\n", encoding="utf-8"
    )
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines
    assert "./.env" in line_of(lines, "settings")


def test_doctor_settings_that_do_not_parse(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("KOZEL_TURN_TIMEOUT", "secret-looking-value")
    monkeypatch.setenv("KOZEL_LOG_LEVEL", "LOUD")
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    settings = line_of(lines, "settings")
    assert settings.startswith("✗")
    assert "KOZEL_TURN_TIMEOUT" in settings and "KOZEL_LOG_LEVEL" in settings
    assert "secret-looking-value" not in "\n".join(lines)
    for name in ("DISCORD_TOKEN", "database", "migrations", "shards"):
        assert line_of(lines, name).startswith("- ")


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"KOZEL_SHARD_IDS": "1,7"}, "needs KOZEL_SHARD_COUNT"),
        ({"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "0,2"}, "outside 0..1"),
        ({"KOZEL_SHARD_COUNT": "4", "KOZEL_SHARD_IDS": "1,1"}, "duplicates"),
        ({"KOZEL_SHARD_COUNT": "0"}, "KOZEL_SHARD_COUNT"),
        ({"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": "one"}, "KOZEL_SHARD_IDS"),
    ],
)
def test_doctor_inconsistent_shards(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    env: dict[str, str],
    says: str,
) -> None:
    good_setup(monkeypatch, tmp_path, **env)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    shards = line_of(lines, "shards")
    assert shards.startswith("✗") and says in shards
    # The shard settings are reported on their own; everything else was still checked.
    for name in ("settings", "DISCORD_TOKEN", "database", "migrations"):
        assert line_of(lines, name).startswith("✓"), lines


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"KOZEL_SHARD_COUNT": "4"}, "4 shard(s), all run by this process"),
        ({"KOZEL_SHARD_COUNT": "4", "KOZEL_SHARD_IDS": "0,2"}, "shard(s) 0, 2 of 4"),
    ],
)
def test_doctor_consistent_shards(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    env: dict[str, str],
    says: str,
) -> None:
    good_setup(monkeypatch, tmp_path, **env)
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines
    assert says in line_of(lines, "shards")


def test_doctor_flags_development_settings(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    good_setup(monkeypatch, tmp_path)
    monkeypatch.setenv("KOZEL_DISCORD_API_BASE", "http://127.0.0.1:9/api/v10")
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    settings = line_of(lines, "settings")
    assert settings.startswith("✗") and "KOZEL_DISCORD_API_BASE" in settings


def test_doctor_unreachable_postgres_hides_the_password(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = f"postgresql://kozel:hunter2@127.0.0.1:{free_port()}/kozel"
    monkeypatch.setenv("KOZEL_DATABASE_URL", url)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    code, lines = run_doctor(capsys, caplog)
    assert code == 1
    database = line_of(lines, "database")
    assert database.startswith("✗") and "cannot connect" in database
    assert "kozel:***@127.0.0.1" in database
    assert "hunter2" not in "\n".join(lines)
    assert line_of(lines, "migrations").startswith("- ")


def test_doctor_database_that_does_not_answer_times_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as silent:  # accepts connections (backlog), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        monkeypatch.setenv("KOZEL_DATABASE_URL", f"postgresql://kozel@127.0.0.1:{port}/kozel")
        code = doctor_cmd.doctor(timeout=0.5)
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert "no answer within 0.5 s" in line_of(lines, "database")


def test_doctor_on_an_ascii_terminal() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    assert doctor_cmd.doctor(out=out) == 1  # no token, no database file
    out.flush()
    text_ = raw.getvalue().decode("ascii")
    assert "[ok] settings:" in text_ and "[FAIL] DISCORD_TOKEN:" in text_
    assert "  -> " in text_ and "[--] migrations:" in text_
