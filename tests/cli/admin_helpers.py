"""What the tests of the admin commands (test_admin_*.py) share: a made-up token of the
real shape, the check that it is never shown, the migrations' head, a SQLite URL, and
running ``doctor`` and reading its lines."""

from __future__ import annotations

import base64
import socket
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from kozel_discord.cli import doctor as doctor_cmd
from kozel_discord.store.db import alembic_config

BOT_ID = 123456789012345678


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


def assert_no_secret(*texts: str) -> None:
    for text_ in texts:
        assert TOKEN not in text_
        for part in SECRET_PARTS:
            assert part not in text_


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
