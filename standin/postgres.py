"""PostgreSQL helpers for tests and benchmarks: admin statements and throw-away databases."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool


async def admin_sql(url: str, *statements: str) -> None:
    """Run ``statements`` outside a transaction (CREATE/DROP DATABASE need that)."""
    engine = create_async_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            for statement in statements:
                await conn.execute(text(statement))
    finally:
        await engine.dispose()


@asynccontextmanager
async def temporary_database(admin_url: str, prefix: str = "kozel_tmp") -> AsyncIterator[str]:
    """A new, uniquely named database on the server of ``admin_url``; its URL is yielded
    and the database is dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    await admin_sql(admin_url, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        await admin_sql(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
