"""Engine, sessions and migrations.

* :func:`create_engine` makes the :class:`~sqlalchemy.ext.asyncio.AsyncEngine` for a URL.
  SQLite gets WAL, foreign keys, a busy timeout, and SQLAlchemy-controlled ``BEGIN`` so that
  transactions really are transactions (see :data:`WRITE` for ``BEGIN IMMEDIATE``).
* :func:`create_sessionmaker` makes the one ``async_sessionmaker(expire_on_commit=False)``.
* :func:`upgrade_database` runs Alembic ``upgrade head`` on a connection of the running event
  loop (``AsyncConnection.run_sync``), so it never blocks the loop on database I/O.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path
from typing import Any

import asyncpg
from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

from kozel_discord.settings import mask_database_url, normalise_database_url

log = logging.getLogger(__name__)

#: Execution option for a session's first ``connection()`` call: on SQLite, start the
#: transaction with ``BEGIN IMMEDIATE`` (take the write lock up front, waiting up to the busy
#: timeout) instead of a deferred ``BEGIN``; a deferred transaction that reads and then writes
#: can fail at once with "database is locked" when another writer got in between.
WRITE = "kozel_write"

DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 15_000

#: The Alembic scripts: the repository's top-level ``migrations/`` folder, installed as this
#: package (pyproject.toml's package-dir), so a plain ``pip install .`` can migrate.
MIGRATIONS_PACKAGE = "kozel_discord.migrations"


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def create_engine(
    url: str,
    *,
    echo: bool = False,
    sqlite_busy_timeout_ms: int = DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
    sqlite_foreign_keys: bool = True,
    **engine_kwargs: Any,
) -> AsyncEngine:
    """Create the asyncio engine for ``url`` (``postgresql://`` is normalised to asyncpg).

    SQLite connections get ``journal_mode=WAL`` (file databases), ``foreign_keys=ON``,
    ``synchronous=NORMAL`` and ``busy_timeout``; pysqlite's own transaction handling is
    switched off and SQLAlchemy emits ``BEGIN`` (or ``BEGIN IMMEDIATE`` for connections with
    the :data:`WRITE` execution option). ``engine_kwargs`` go to ``create_async_engine``.
    """
    url = normalise_database_url(url)
    sqlite = is_sqlite(url)
    if sqlite:
        connect_args = dict(engine_kwargs.pop("connect_args", {}))
        # pysqlite's own lock wait (seconds), on top of the busy_timeout pragma.
        connect_args.setdefault("timeout", sqlite_busy_timeout_ms / 1000)
        engine_kwargs["connect_args"] = connect_args
    # A statement's parameters hold the tables' states (the hands): never in an error's
    # text or a log line.
    engine_kwargs.setdefault("hide_parameters", True)
    engine = create_async_engine(url, echo=echo, **engine_kwargs)
    if sqlite:
        _configure_sqlite(engine, sqlite_busy_timeout_ms, sqlite_foreign_keys)
    elif not engine_kwargs.get("pool_pre_ping"):
        _check_out_live_connections(engine)
    log.debug("created engine for %s", mask_database_url(url))
    return engine


def _check_out_live_connections(engine: AsyncEngine) -> None:
    """Never hand out a pooled connection the server has closed (a restart, an idle
    timeout, a terminated backend): asyncpg sees the closed socket on the event loop, so the
    check is local. SQLAlchemy's ``pool_pre_ping`` asks the server instead, three round
    trips per checkout (BEGIN, a ping, ROLLBACK; ``benchmarks/persistence.py`` prints what
    they cost a move). A connection that dies unseen fails its statement (see
    :func:`is_lost_connection`), and the store runs the read or unit of work again."""

    @event.listens_for(engine.sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        driver = getattr(dbapi_connection, "driver_connection", None)
        if driver is not None and driver.is_closed():
            raise DisconnectionError("the server closed this pooled connection")


def _configure_sqlite(engine: AsyncEngine, busy_timeout_ms: int, foreign_keys: bool) -> None:
    memory = make_url(str(engine.url)).database in (None, "", ":memory:")

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, emit BEGIN (see _on_begin).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
            if not memory:
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")
        finally:
            cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        if conn.get_execution_options().get(WRITE):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.exec_driver_sql("BEGIN")


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The application's one session factory. Use one session per unit of work."""
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


def is_transient_error(exc: BaseException) -> bool:
    """True for errors after which the whole transaction may simply be retried:
    SQLite "database is locked"/busy, PostgreSQL deadlocks and serialization failures."""
    if not isinstance(exc, DBAPIError):
        return False
    orig = exc.orig
    sqlstate = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if sqlstate is None and orig is not None:
        sqlstate = getattr(orig.__cause__, "sqlstate", None)
    if sqlstate in ("40001", "40P01"):
        return True
    message = str(orig).lower()
    return "database is locked" in message or "database table is locked" in message


def is_lost_connection(exc: DBAPIError) -> bool:
    """True when the pooled connection was lost rather than the statement refused: SQLAlchemy
    saw a disconnect (and invalidated the connection), or the driver refused to send on a
    connection the server had just closed (asyncpg's InterfaceError or InternalClientError:
    nothing reached the server)."""
    if exc.connection_invalidated:
        return True
    cause = exc.orig.__cause__ if exc.orig is not None else None
    return isinstance(cause, asyncpg.InterfaceError | asyncpg.exceptions.InternalClientError)


# ---------------------------------------------------------------------------- migrations
def migrations_dir() -> Path:
    """The directory of the installed :data:`MIGRATIONS_PACKAGE` (found with
    ``importlib.resources``, so it works for wheels and editable installs alike)."""
    location = resources.files(MIGRATIONS_PACKAGE)
    path = Path(str(location))
    if not (path / "env.py").is_file():
        raise RuntimeError(f"the migrations are not on the file system: {location}")
    return path


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config for the migrations (no ini file is read, so the application's
    logging configuration is left alone). ``url`` overrides ``KOZEL_DATABASE_URL``."""
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    if url is not None:
        # ConfigParser interpolation: a literal % (URL-encoded passwords) must be doubled.
        config.set_main_option("sqlalchemy.url", normalise_database_url(url).replace("%", "%%"))
    return config


MIGRATION_LOCK = 0x6B6F7A656C  # "kozel": PostgreSQL's advisory lock key of the migrations


async def _run_alembic(url: str, operation: str, revision: str) -> None:
    config = alembic_config(url)
    # Migrations run with foreign keys off on SQLite: batch operations recreate tables and
    # must not cascade deletes; the result is checked with foreign_key_check afterwards.
    engine = create_engine(url, poolclass=NullPool, sqlite_foreign_keys=False)
    try:
        async with engine.begin() as connection:

            def run(sync_connection: Connection) -> None:
                if sync_connection.dialect.name == "postgresql":
                    # One migration at a time (the transaction's lock): shard processes
                    # started together collided on CREATE TABLE, and one exited with
                    # "the database stopped answering". The next one finds it at head.
                    sync_connection.exec_driver_sql(
                        f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"
                    )
                config.attributes["connection"] = sync_connection
                if operation == "upgrade":
                    command.upgrade(config, revision)
                else:
                    command.downgrade(config, revision)
                if sync_connection.dialect.name == "sqlite":
                    problems = sync_connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if problems:
                        raise RuntimeError(f"foreign key violations after migration: {problems}")

            await connection.run_sync(run)
    finally:
        await engine.dispose()
    log.info("database %s: %s to %s", mask_database_url(url), operation, revision)


async def upgrade_database(url: str, revision: str = "head") -> None:
    """Run Alembic ``upgrade`` (to ``head`` by default) on the database at ``url``."""
    await _run_alembic(url, "upgrade", revision)


async def downgrade_database(url: str, revision: str = "base") -> None:
    """Run Alembic ``downgrade`` (to ``base`` by default) on the database at ``url``."""
    await _run_alembic(url, "downgrade", revision)


async def current_revision(engine: AsyncEngine) -> str | None:
    """The Alembic revision the database is at (None before the first migration)."""
    async with engine.connect() as connection:
        exists = await connection.run_sync(lambda c: c.dialect.has_table(c, "alembic_version"))
        if not exists:
            return None
        result = await connection.execute(text("SELECT version_num FROM alembic_version"))
        return result.scalar_one_or_none()


__all__ = [
    "MIGRATIONS_PACKAGE",
    "WRITE",
    "alembic_config",
    "create_engine",
    "create_sessionmaker",
    "current_revision",
    "downgrade_database",
    "is_sqlite",
    "is_transient_error",
    "migrations_dir",
    "upgrade_database",
]
