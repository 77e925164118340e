"""The logging set-up: SQL-printing loggers capped whatever the level; network failures of
discord.py in one line."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from kozel_discord.logs import PRIVATE_LOGGERS, configure_logging


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    levels = {name: logging.getLogger(name).level for name in PRIVATE_LOGGERS}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


@pytest.mark.parametrize("level", ["DEBUG", "INFO", "WARNING", "ERROR"])
def test_sql_loggers_are_capped_at_warning(level: str, restore_logging: None) -> None:
    stream = io.StringIO()
    configure_logging(level, stream)
    for name in ("aiosqlite", "sqlalchemy.engine", "sqlalchemy.engine.Engine", "asyncpg"):
        logger = logging.getLogger(name)
        assert logger.getEffectiveLevel() >= max(logging.WARNING, logging.getLevelName(level))
        logger.info("INSERT INTO live_tables VALUES (?) ['6c', 'Kc']")
    assert logging.getLogger("discord.http").getEffectiveLevel() >= logging.INFO
    assert "INSERT" not in stream.getvalue()
    logging.getLogger("kozel_discord.test").critical("ours")
    assert "ours" in stream.getvalue()


def test_a_network_failure_of_discord_is_one_line(restore_logging: None) -> None:
    stream = io.StringIO()
    configure_logging("INFO", stream)
    try:
        raise ConnectionResetError("Connection reset by peer")
    except ConnectionResetError:
        logging.getLogger("discord.client").exception("Attempting a reconnect in %.2fs", 1.5)
    lines = stream.getvalue().strip().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith(
        "Attempting a reconnect in 1.50s (ConnectionResetError: Connection reset by peer)"
    )
    try:
        raise KeyError("a bug")
    except KeyError:
        logging.getLogger("discord.client").exception("Ignoring exception")
    assert "Traceback" in stream.getvalue()  # a real bug keeps its traceback
