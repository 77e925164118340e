"""Alembic environment (from Alembic's async template).

The URL comes from the Alembic config when it was set programmatically
(``kozel_discord.store.db.alembic_config(url)``), else from ``KOZEL_DATABASE_URL`` via
``get_settings()``. A caller that already holds a connection passes it in
``config.attributes["connection"]`` (``kozel_discord.store.db.upgrade_database`` does, from
inside ``AsyncConnection.run_sync``); otherwise an async engine is made here.
"""

from __future__ import annotations

import asyncio
import logging
from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from kozel_discord.settings import get_settings, mask_database_url, normalise_database_url
from kozel_discord.store.db import create_engine
from kozel_discord.store.models import metadata

config = context.config

# Only the command line configures logging from alembic.ini; programmatic callers keep theirs.
if config.config_file_name is not None and config.attributes.get("connection") is None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

log = logging.getLogger("alembic.env")

target_metadata = metadata


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return normalise_database_url(url)
    return get_settings().database_url


def _configure_options() -> dict[str, object]:
    return {
        "target_metadata": target_metadata,
        "render_as_batch": True,  # SQLite cannot ALTER most things: recreate tables
        "compare_type": True,
    }


def run_migrations_offline() -> None:
    """Emit the SQL to stdout instead of running it (``alembic upgrade head --sql``)."""
    context.configure(
        url=_url(),
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        **_configure_options(),  # type: ignore[arg-type]
    )
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    context.configure(connection=connection, **_configure_options())  # type: ignore[arg-type]
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    url = _url()
    log.info("migrating %s", mask_database_url(url))
    # Foreign keys stay off on SQLite while batch operations recreate tables.
    engine = create_engine(url, poolclass=NullPool, sqlite_foreign_keys=False)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        asyncio.run(run_async_migrations())
    else:
        do_run_migrations(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
