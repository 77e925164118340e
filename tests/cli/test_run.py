"""``kozel-discord run`` on a newcomer's machine: every failure is one clear line (no
traceback) and a documented exit code; the database is waited for with growing pauses."""

from __future__ import annotations

import asyncio
import base64
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from kozel_discord.cli.database import backoff_delays, wait_for_database
from kozel_discord.cli.run import EXIT_DATABASE, EXIT_DATABASE_NEWER, EXIT_DISCORD, EXIT_SETTINGS
from kozel_discord.settings import Settings, setting_env_var

# A made-up token of the real shape, with long distinctive parts.
TOKEN = (
    base64.urlsafe_b64encode(b"123456789012345678").decode().rstrip("=")
    + ".Gx7QwZ.Vq9Lr2Tn8Kp4Wd6Hs1Jf3Mb5Nc7Xy0Za"
)


def closed_port() -> int:
    """A local port nobody listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def run_cli(tmp_path: Path, *args: str, **env_vars: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PGPASSWORD"}
    for name in Settings.model_fields:
        env.pop(setting_env_var(name), None)
    env.update(env_vars)
    return subprocess.run(
        [sys.executable, "-m", "kozel_discord", *args],
        env=env,
        cwd=tmp_path,  # no .env file here
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def assert_no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr
    assert 'File "' not in proc.stdout + proc.stderr


def assert_no_piece_of(secret: str, text: str, length: int = 5) -> None:
    pieces = [secret[i : i + length] for i in range(len(secret) - length + 1)]
    shown = [p for p in pieces if p in text]
    assert not shown, f"the output shows parts of the secret: {shown}"


def test_run_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    proc = run_cli(tmp_path, "run", KOZEL_DATABASE_URL="sqlite+aiosqlite:///:memory:")
    assert proc.returncode == EXIT_SETTINGS
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kozel-discord: DISCORD_TOKEN is not set")
    assert "docs/self-hosting.md" in lines[0] and ".env" in lines[0]


def test_run_with_an_unreachable_database_gives_up_with_code_4(tmp_path: Path) -> None:
    url = f"postgresql://kozel:s3cretpassw0rd@127.0.0.1:{closed_port()}/kozel"
    proc = run_cli(
        tmp_path,
        "run",
        DISCORD_TOKEN=TOKEN,
        KOZEL_DATABASE_URL=url,
        KOZEL_DB_CONNECT_ATTEMPTS="1",
    )
    assert proc.returncode == EXIT_DATABASE, proc.stderr
    assert_no_traceback(proc)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert "not reachable" in lines[0] and "gave up after 1 attempt" in lines[0]
    assert "s3cretpassw0rd" not in proc.stdout + proc.stderr
    assert_no_piece_of(TOKEN, proc.stdout + proc.stderr)


def test_run_with_an_unreachable_discord_exits_with_code_5(tmp_path: Path) -> None:
    port = closed_port()
    proc = run_cli(
        tmp_path,
        "run",
        DISCORD_TOKEN=TOKEN,
        KOZEL_DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}",
        KOZEL_DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
        KOZEL_DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/",
        KOZEL_AI_PROCESSES="0",
    )
    assert proc.returncode == EXIT_DISCORD, proc.stderr
    assert_no_traceback(proc)
    ours = [line for line in proc.stderr.splitlines() if line.startswith("kozel-discord:")]
    assert len(ours) == 1 and "Discord is not reachable" in ours[0], proc.stderr
    assert_no_piece_of(TOKEN, proc.stdout + proc.stderr)


@pytest.mark.parametrize(
    "variable",
    ["KOZEL_DEV_GUILD_ID", "KOZEL_TURN_TIMEOUT", "KOZEL_SHARD_IDS", "KOZEL_LOG_LEVEL"],
)
def test_invalid_settings_name_the_variable_and_never_show_the_value(
    tmp_path: Path, variable: str
) -> None:
    """A token pasted into the wrong variable: named, the value nowhere in the output."""
    extra = {"KOZEL_SHARD_COUNT": "2"} if variable == "KOZEL_SHARD_IDS" else {}
    for command in ("run", "doctor", "migrate", "invite-url"):
        proc = run_cli(tmp_path, command, DISCORD_TOKEN=TOKEN, **{variable: TOKEN}, **extra)
        assert proc.returncode != 0, (command, proc.stdout)
        out = proc.stdout + proc.stderr
        assert variable in out, (command, out)
        assert_no_traceback(proc)
        assert_no_piece_of(TOKEN, out)
    assert proc.returncode == EXIT_SETTINGS or command != "run"


def test_the_run_error_line_for_bad_settings(tmp_path: Path) -> None:
    proc = run_cli(tmp_path, "run", KOZEL_TURN_TIMEOUT="soon", KOZEL_DB_POOL_SIZE="0")
    assert proc.returncode == EXIT_SETTINGS
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "KOZEL_TURN_TIMEOUT: Input should be a valid number" in lines[0]
    assert "KOZEL_DB_POOL_SIZE: Input should be greater than or equal to 1" in lines[0]
    assert "soon" not in lines[0]


def test_backoff_grows_to_a_bound() -> None:
    assert backoff_delays(1) == []
    assert backoff_delays(4) == [1, 2, 4]
    assert backoff_delays(10)[-3:] == [30, 30, 30]


async def test_the_database_is_waited_for_with_backoff() -> None:
    url = f"postgresql+asyncpg://kozel@127.0.0.1:{closed_port()}/kozel"
    said: list[str] = []
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    assert not await wait_for_database(url, 3, say=said.append, sleep=sleep)
    assert slept == [1, 2]
    assert len(said) == 3
    assert "attempt 1 of 3, next in 1 s" in said[0] and "attempt 2 of 3" in said[1]
    assert "gave up after 3 attempt(s)" in said[2]


async def test_the_wait_ends_when_the_database_answers(tmp_path: Path) -> None:
    """A server that comes up after the first try (a proxy that starts accepting)."""
    path = tmp_path / "db.sqlite3"
    path.write_bytes(b"")  # an empty file is an empty SQLite database
    said: list[str] = []
    assert await wait_for_database(f"sqlite+aiosqlite:///{path}", 3, say=said.append)
    assert said == []
    # a file not created yet: nothing to wait for, the bot creates it
    assert await wait_for_database(f"sqlite+aiosqlite:///{tmp_path / 'new.sqlite3'}", 1)
    assert not (tmp_path / "new.sqlite3").exists()


def test_run_waits_for_a_database_that_starts_later(tmp_path: Path) -> None:
    """Docker: PostgreSQL is still starting. The first try fails, a later one works."""
    port = closed_port()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres"
    said: list[str] = []
    upstream = ("127.0.0.1", 5432)

    async def scenario() -> bool:
        server: asyncio.AbstractServer | None = None

        async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            finally:
                writer.close()

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            up_reader, up_writer = await asyncio.open_connection(*upstream)
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

        async def sleep(seconds: float) -> None:
            nonlocal server
            if server is None:  # the database comes up during the first pause
                server = await asyncio.start_server(handle, "127.0.0.1", port)

        try:
            return await wait_for_database(url, 5, say=said.append, sleep=sleep)
        finally:
            if server is not None:
                server.close()

    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
    except OSError:
        pytest.skip("no PostgreSQL server at 127.0.0.1:5432")
    assert asyncio.run(scenario())
    assert len(said) == 1 and "attempt 1 of 5" in said[0]


def test_run_on_a_database_a_newer_version_migrated_exits_with_code_6(tmp_path: Path) -> None:
    # The upgrade failed with Alembic's 100-line traceback and exit 1, and the systemd
    # unit restarted it every 10 s for ever.
    import sqlite3

    db = tmp_path / "newer.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('9999_from_the_future')")
    proc = run_cli(
        tmp_path, "run", DISCORD_TOKEN=TOKEN, KOZEL_DATABASE_URL=f"sqlite+aiosqlite:///{db}"
    )
    assert proc.returncode == EXIT_DATABASE_NEWER == 6, proc.stderr
    assert_no_traceback(proc)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kozel-discord: the database is at revision")
    assert "9999_from_the_future" in lines[0] and "Update the bot" in lines[0]


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_stopping_run_while_it_waits_for_the_database_exits_0_in_one_line(
    tmp_path: Path, stop: signal.Signals
) -> None:
    # Ctrl+C gave a KeyboardInterrupt traceback (killed by SIGINT), docker stop's SIGTERM
    # killed it with 143: the exit codes say 0, in one line.
    env = {k: v for k, v in os.environ.items() if k != "PGPASSWORD"}
    for name in Settings.model_fields:
        env.pop(setting_env_var(name), None)
    env.update(
        DISCORD_TOKEN=TOKEN,
        KOZEL_DATABASE_URL=f"postgresql://kozel@127.0.0.1:{closed_port()}/kozel",
        KOZEL_DB_CONNECT_ATTEMPTS="10",
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", SIGINT_AS_A_TERMINAL, "run"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first "not reachable ... attempt 1 of 10" line
    assert "attempt 1 of 10" in first
    proc.send_signal(stop)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, first + err
    assert "Traceback" not in out + err
    assert err.strip().splitlines()[-1] == "kozel-discord: stopped before the bot started"


# A child started by a test has SIGINT ignored when the test runner's shell put it in the
# background; a terminal's Ctrl+C reaches a process whose SIGINT is Python's default.
SIGINT_AS_A_TERMINAL = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from kozel_discord.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_run_with_a_mistyped_database_url_exits_with_code_2_at_once(tmp_path: Path) -> None:
    proc = run_cli(
        tmp_path, "run", DISCORD_TOKEN=TOKEN, KOZEL_DATABASE_URL="postgresq://kozel:pw@db/kozel"
    )
    assert proc.returncode == EXIT_SETTINGS, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "KOZEL_DATABASE_URL: a database or driver" in lines[0]
    assert "not reachable" not in proc.stderr and "postgresq" not in proc.stderr


def test_a_database_that_stops_answering_after_the_wait_is_exit_4_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The revision check after the wait opens its own connection: a database restarting
    # just then gave a traceback and exit 1.
    import kozel_discord.store.diagnostics as diagnostics
    from kozel_discord.cli.run import run_bot

    async def refused(url: str) -> str | None:
        raise ConnectionRefusedError(111, "Connect call failed")

    monkeypatch.setattr(diagnostics, "database_revision", refused)
    db = tmp_path / "k.sqlite3"
    db.write_bytes(b"")  # there: the wait passes
    settings = Settings(discord_token=TOKEN, database_url=f"sqlite+aiosqlite:///{db}")
    assert run_bot(settings) == EXIT_DATABASE
    err = capsys.readouterr().err
    assert err.startswith("kozel-discord: the database stopped answering while the bot started")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
