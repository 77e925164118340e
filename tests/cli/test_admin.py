"""The admin commands: ``migrate``, ``doctor`` and ``invite-url`` (kozel_discord.cli).

Every test runs in an empty working directory with none of the bot's variables set, so that
neither the developer's environment nor a ``.env`` file leaks in. The token must never be
printed: every test that sets one checks all of stdout, stderr and the log.
"""

from __future__ import annotations

import asyncio
import base64
import io
import os
import socket
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url

from kozel_discord.cli import build_parser, database, main, tokens
from kozel_discord.cli import doctor as doctor_cmd
from kozel_discord.settings import Settings, setting_env_var
from kozel_discord.store.db import alembic_config
from standin.postgres import admin_sql

BOT_ID = 123456789012345678
POSTGRES_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"


def make_token(bot_id: int | str = BOT_ID) -> str:
    """A token of the real shape: base64url(bot id) . timestamp . HMAC (made up)."""
    first = base64.urlsafe_b64encode(str(bot_id).encode()).decode().rstrip("=")
    return f"{first}.GqZ1xA.kT7_zPq3-Vb8cW2nLm4Rr6Yy0Hh5Jj9Ss1Dd3Ff"


TOKEN = make_token()
SECRET_PARTS = TOKEN.split(".")[1:]  # the parts that must never be shown


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    for name in Settings.model_fields:
        monkeypatch.delenv(setting_env_var(name), raising=False)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    workdir = tmp_path / "work"
    workdir.mkdir()
    monkeypatch.chdir(workdir)  # no .env of the developer's; the default SQLite file goes here
    yield workdir


def assert_no_secret(*texts: str) -> None:
    for text_ in texts:
        assert TOKEN not in text_
        for part in SECRET_PARTS:
            assert part not in text_


# ------------------------------------------------------------------------------ tokens
def test_inspect_token_reads_the_bot_id() -> None:
    info = tokens.inspect_token(TOKEN)
    assert info.ok and info.problem is None
    assert info.bot_id == BOT_ID == tokens.token_bot_id(TOKEN)
    assert tokens.inspect_token(f"  {TOKEN}\n").bot_id == BOT_ID  # discord.py strips it too


@pytest.mark.parametrize(
    ("token", "says"),
    [
        (None, "not set"),
        ("", "not set"),
        ("   ", "not set"),
        (f"Bot {TOKEN}", "'Bot '"),
        (f'"{TOKEN}"', "quotes"),
        (f"{TOKEN} {TOKEN}", "spaces"),
        (str(BOT_ID), "a number"),
        ("q" * 32, "client secret"),
        ("ab" * 32, "public key"),
        ("just-some-text", "three parts"),
        ("a.b", "three parts"),
        (TOKEN.replace(".", ".$", 1), "three parts"),
        (make_token("not-a-number"), "bot id"),
        ("!!!!." + TOKEN.split(".", 1)[1], "three parts"),
        ("AAAA.bbbb.cccc", "bot id"),  # decodes to bytes that are no id
        (make_token(0), "bot id"),
    ],
)
def test_inspect_token_says_what_is_wrong(token: str | None, says: str) -> None:
    info = tokens.inspect_token(token)
    assert not info.ok and info.bot_id is None
    assert info.problem is not None and says in info.problem
    if token and token.strip():
        assert token.strip() not in info.problem


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


# ------------------------------------------------------------------------------ doctor
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def run_doctor(capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> tuple:
    code = doctor_cmd.doctor(timeout=2)
    captured = capsys.readouterr()
    assert_no_secret(captured.out, captured.err, caplog.text)
    return code, captured.out.splitlines()


def line_of(lines: list[str], name: str) -> str:
    found = [line for line in lines if line[2:].startswith(f"{name}:")]
    assert len(found) == 1, lines
    return found[0]


def migrated_sqlite(tmp_path: Path) -> Path:
    db = tmp_path / "good.sqlite3"
    assert database.migrate(Settings(database_url=sqlite_url(db)), out=io.StringIO()) == 0
    return db


def test_doctor_all_good(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
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
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
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
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
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
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, lines = run_doctor(capsys, caplog)
    assert code == 0, lines
    assert says in line_of(lines, "shards")


def test_doctor_flags_development_settings(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = migrated_sqlite(tmp_path)
    monkeypatch.setenv("KOZEL_DATABASE_URL", sqlite_url(db))
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
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


# ------------------------------------------------------------------------------ invite-url
def test_permission_integer() -> None:
    assert tokens.BOT_PERMISSIONS == 309237730304
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        create_public_threads=True,
        send_messages_in_threads=True,
        embed_links=True,
        read_message_history=True,
    )
    assert expected.value == tokens.BOT_PERMISSIONS
    # Each named bit is the discord.py flag of that name.
    for name, bit in tokens.PERMISSION_BITS.items():
        flag = name.lower().replace(" ", "_").replace("channels", "channel")
        assert getattr(discord.Permissions, flag).flag == bit, name
    granted = discord.Permissions(tokens.BOT_PERMISSIONS)
    for needless in (
        "administrator",
        "manage_messages",
        "manage_guild",
        "mention_everyone",
        "external_emojis",
        "attach_files",
        "add_reactions",
    ):
        assert not getattr(granted, needless), needless


def test_bot_needs_no_privileged_intents() -> None:
    from kozel_discord.bot import KozelBot

    bot = KozelBot(Settings(_env_file=None))  # type: ignore[call-arg]
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)


def query_of(url: str) -> dict[str, list[str]]:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == tokens.OAUTH2_AUTHORIZE_URL
    return parse_qs(parts.query)


def test_build_invite_url() -> None:
    query = query_of(tokens.build_invite_url(BOT_ID))
    assert query["client_id"] == [str(BOT_ID)]
    assert query["permissions"] == [str(tokens.BOT_PERMISSIONS)]
    assert query["scope"] == ["bot applications.commands"]
    assert query["scope"][0].split() == list(tokens.INVITE_SCOPES)
    assert set(query) == {"client_id", "permissions", "scope"}


def printed_url(out: str) -> str:
    urls = [line for line in out.splitlines() if line.startswith("https://")]
    assert len(urls) == 1, out
    return urls[0]


def test_invite_url_with_application_id(capsys: pytest.CaptureFixture[str]) -> None:
    def no_settings() -> Settings:
        raise AssertionError("the settings are not needed")

    assert tokens.invite_url("987654321098765432", settings_factory=no_settings) == 0
    out = capsys.readouterr().out
    assert query_of(printed_url(out))["client_id"] == ["987654321098765432"]
    assert "scopes: bot applications.commands" in out
    assert "View Channels, Send Messages, Embed Links, Read Message History" in out
    assert str(tokens.BOT_PERMISSIONS) in out


def test_invite_url_from_the_token(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert tokens.invite_url() == 0
    captured = capsys.readouterr()
    assert_no_secret(captured.out, captured.err, caplog.text)
    assert query_of(printed_url(captured.out))["client_id"] == [str(BOT_ID)]
    assert "from DISCORD_TOKEN" in captured.out


def test_invite_url_without_any_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert tokens.invite_url() == 2
    out = capsys.readouterr().out
    assert "https://discord.com/oauth2" not in out
    assert "--application-id" in out and "DISCORD_TOKEN is not set" in out


def test_invite_url_with_a_malformed_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", f"Bot {TOKEN}")
    assert tokens.invite_url() == 2
    out = capsys.readouterr().out
    assert_no_secret(out)
    assert "'Bot '" in out and "--application-id" in out


@pytest.mark.parametrize("bad", ["abc", "-5", "0", "12.5", str(1 << 64)])
def test_invite_url_with_a_bad_application_id(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert tokens.invite_url(bad) == 2
    assert "must be a number" in capsys.readouterr().out


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
