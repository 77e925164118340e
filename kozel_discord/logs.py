"""The bot's logging: one stream to stderr, and third-party loggers kept quiet where they
would print secrets or hidden cards.

* ``aiosqlite``, ``sqlalchemy`` and ``asyncpg`` print SQL statements with their parameters
  at DEBUG/INFO: the parameters hold hands, stock orders and seeds. They are capped at
  WARNING whatever ``KOZEL_LOG_LEVEL`` says.
* ``discord`` logs whole HTTP request bodies and gateway payloads at DEBUG (private hands
  among them): capped at INFO.
* discord.py's reconnect messages carry a traceback of a plain network failure; the
  traceback is replaced by its one-line reason.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

#: Loggers that print SQL parameters, and the least level they may log at.
PRIVATE_LOGGERS: dict[str, int] = {
    "aiosqlite": logging.WARNING,
    "sqlalchemy": logging.WARNING,
    "sqlalchemy.engine": logging.WARNING,
    "asyncpg": logging.WARNING,
    "discord": logging.INFO,
    "alembic.runtime.plugins": logging.WARNING,  # not private: noise of every connection
}

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _network_failure(exc: BaseException) -> bool:
    if isinstance(exc, (OSError, TimeoutError)):
        return True
    try:
        import aiohttp
        import discord
    except ImportError:  # pragma: no cover - both are dependencies
        return False
    return isinstance(exc, (aiohttp.ClientError, discord.GatewayNotFound, discord.ConnectionClosed))


class QuietVoiceWarnings(logging.Filter):
    """The bot has no voice: discord.py's "voice will NOT be supported" lines are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name == "discord.client" and "voice will NOT" in str(record.msg))


class OneLineNetworkErrors(logging.Filter):
    """Replaces the traceback of a network failure logged by discord.py by one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.name.startswith("discord") or not record.exc_info:
            return True
        exc = record.exc_info[1]
        if exc is not None and _network_failure(exc):
            reason = str(exc).strip().splitlines()
            text = f"{type(exc).__name__}: {reason[0]}" if reason else type(exc).__name__
            record.msg = f"{record.getMessage()} ({text})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def cap_private_loggers(level: int) -> None:
    """Keep the loggers of :data:`PRIVATE_LOGGERS` at or above their least level (and at
    or above ``level``, the bot's own)."""
    for name, least in PRIVATE_LOGGERS.items():
        logging.getLogger(name).setLevel(max(least, level))


def configure_logging(level: str | int, stream: TextIO | None = None) -> logging.Handler:
    """Log the bot at ``level`` to ``stream`` (stderr); returns the handler."""
    number = logging.getLevelName(level) if isinstance(level, str) else level
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(OneLineNetworkErrors())
    handler.addFilter(QuietVoiceWarnings())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(number)
    cap_private_loggers(number)
    return handler


__all__ = ["PRIVATE_LOGGERS", "OneLineNetworkErrors", "cap_private_loggers", "configure_logging"]
