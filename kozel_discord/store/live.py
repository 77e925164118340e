"""Live tables: the versioned snapshot of each table in play, for crash recovery.

Optimistic concurrency: saving version ``v`` needs stored version ``v - 1`` (for ``v = 1``:
no row); otherwise :class:`~kozel_discord.store.errors.StaleTableError`. Functions on a
session; writes go through the unit of work, reads through the store.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Table, bindparam, delete, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

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


Executor = AsyncSession | AsyncConnection

_T: Table = m.LiveTable.__table__  # type: ignore[assignment]
_ROW: dict[str, Any] = {
    "guild_id": bindparam("b_guild_id"),
    "version": bindparam("b_version"),
    "state": bindparam("b_state"),
    "messages": bindparam("b_messages"),
    "settings": bindparam("b_settings"),
    "deadline": bindparam("b_deadline"),
    "updated_at": bindparam("b_updated_at"),
}
# Built once (a move's write is the hot path): the next version of a row, if the stored one
# is the version before it (optimistic concurrency).
_UPDATE = (
    update(_T)
    .where(
        _T.c.channel_id == bindparam("b_channel_id"),
        _T.c.guild_id == bindparam("b_guild_id"),
        _T.c.version == bindparam("b_previous"),
    )
    .values(**_ROW)
    .returning(_T.c.channel_id)
)
_STORED_VERSION = select(_T.c.version).where(_T.c.channel_id == bindparam("b_channel_id"))


async def _stored_version(executor: Executor, channel_id: int) -> int | None:
    value = await executor.scalar(_STORED_VERSION, {"b_channel_id": channel_id})
    return None if value is None else int(value)


async def save_table(
    executor: Executor,
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
        "b_channel_id": channel_id,
        "b_guild_id": guild_id,
        "b_version": version,
        "b_state": state,
        "b_messages": messages,
        "b_settings": settings,
        "b_deadline": deadline,
        "b_updated_at": now,
    }
    stmt: Any
    if version == 1:
        stmt = (
            insert_for(executor, _T)
            .values(channel_id=bindparam("b_channel_id"), **_ROW)
            .on_conflict_do_nothing(index_elements=["channel_id"])
            .returning(_T.c.channel_id)
        )
    else:
        stmt, values["b_previous"] = _UPDATE, version - 1
    if (await executor.execute(stmt, values)).scalar_one_or_none() is None:
        raise StaleTableError(
            channel_id,
            None if version == 1 else version - 1,
            await _stored_version(executor, channel_id),
        )


async def load_table(session: AsyncSession, channel_id: int) -> LiveTable | None:
    row = await session.scalar(select(m.LiveTable).where(m.LiveTable.channel_id == channel_id))
    return None if row is None else _live_table(row)


async def delete_table(executor: Executor, channel_id: int, version: int | None) -> bool:
    stmt = delete(_T).where(_T.c.channel_id == channel_id)
    if version is not None:
        stmt = stmt.where(_T.c.version == version)
    result = await executor.execute(stmt.returning(_T.c.channel_id))
    deleted = result.scalar_one_or_none() is not None
    if not deleted and version is not None:
        stored = await _stored_version(executor, channel_id)
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
