"""Live tables: the versioned snapshot of each table in play, for crash recovery.

Optimistic concurrency: saving version ``v`` needs stored version ``v - 1`` (for ``v = 1``:
no row); otherwise :class:`~kozel_discord.store.errors.StaleTableError`. Functions on a
session; writes go through the unit of work, reads through the store.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.errors import StaleTableError
from kozel_discord.store.records import LiveTable
from kozel_discord.store.sql import chunks, insert_for


def _live_table(row: m.LiveTable) -> LiveTable:
    return LiveTable(
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        version=row.version,
        state=row.state,
        messages=row.messages,
        settings=row.settings,
        deadline=row.deadline,
        updated_at=row.updated_at,
    )


async def _stored_version(session: AsyncSession, channel_id: int) -> int | None:
    return await session.scalar(
        select(m.LiveTable.version).where(m.LiveTable.channel_id == channel_id)
    )


async def save_table(
    session: AsyncSession,
    *,
    guild_id: int,
    channel_id: int,
    version: int,
    state: dict[str, Any],
    messages: dict[str, Any],
    settings: dict[str, Any],
    deadline: dt.datetime | None,
    now: dt.datetime,
) -> None:
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"a table version is an int >= 1, not {version!r}")
    values = {
        "guild_id": guild_id,
        "version": version,
        "state": state,
        "messages": messages,
        "settings": settings,
        "deadline": deadline,
        "updated_at": now,
    }
    stmt: Any
    if version == 1:
        stmt = (
            insert_for(session, m.LiveTable)
            .values(channel_id=channel_id, **values)
            .on_conflict_do_nothing(index_elements=["channel_id"])
            .returning(m.LiveTable.channel_id)
        )
    else:
        stmt = (
            update(m.LiveTable)
            .execution_options(synchronize_session=False)
            .where(
                m.LiveTable.channel_id == channel_id,
                m.LiveTable.guild_id == guild_id,
                m.LiveTable.version == version - 1,
            )
            .values(**values)
            .returning(m.LiveTable.channel_id)
        )
    if (await session.execute(stmt)).scalar_one_or_none() is None:
        raise StaleTableError(
            channel_id,
            None if version == 1 else version - 1,
            await _stored_version(session, channel_id),
        )


async def load_table(session: AsyncSession, channel_id: int) -> LiveTable | None:
    row = await session.scalar(select(m.LiveTable).where(m.LiveTable.channel_id == channel_id))
    return None if row is None else _live_table(row)


async def delete_table(session: AsyncSession, channel_id: int, version: int | None) -> bool:
    stmt = (
        delete(m.LiveTable)
        .where(m.LiveTable.channel_id == channel_id)
        .execution_options(synchronize_session=False)
    )
    if version is not None:
        stmt = stmt.where(m.LiveTable.version == version)
    result = await session.execute(stmt.returning(m.LiveTable.channel_id))
    deleted = result.scalar_one_or_none() is not None
    if not deleted and version is not None:
        stored = await _stored_version(session, channel_id)
        if stored is not None:
            raise StaleTableError(channel_id, version, stored)
    return deleted


async def list_tables(session: AsyncSession, guild_ids: set[int] | None) -> list[LiveTable]:
    query = select(m.LiveTable).order_by(m.LiveTable.channel_id)
    if guild_ids is None:
        return [_live_table(r) for r in await session.scalars(query)]
    tables: list[LiveTable] = []
    for chunk in chunks(sorted(guild_ids)):
        rows = await session.scalars(query.where(m.LiveTable.guild_id.in_(chunk)))
        tables += [_live_table(r) for r in rows]
    tables.sort(key=lambda t: t.channel_id)
    return tables


__all__ = ["delete_table", "list_tables", "load_table", "save_table"]
