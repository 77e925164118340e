"""A server's settings: ranking of series with computers, a thread per table and the house
rules (series length, move timer, hints, the table's language). Functions on the session of
a unit of work or of a read."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.engine import SERIES_LENGTHS
from kozel_discord.store import models as m
from kozel_discord.store.records import GuildSettings
from kozel_discord.store.sql import insert_for

log = logging.getLogger(__name__)

#: The house rules ``set_guild_settings`` changes (None: back to the default).
HOUSE_RULES = ("series_length", "turn_timer", "hints_allowed", "table_locale")
MAX_TURN_TIMER = 3600  # seconds


def _check_house_rule(name: str, value: Any) -> None:
    if value is None:
        return
    if name == "series_length" and value not in SERIES_LENGTHS:
        raise ValueError(f"a series length is one of {SERIES_LENGTHS}, not {value!r}")
    if name == "turn_timer" and (
        not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TURN_TIMER
    ):
        raise ValueError(f"a move timer is 0-{MAX_TURN_TIMER} seconds, not {value!r}")
    if name == "hints_allowed" and not isinstance(value, bool):
        raise ValueError(f"hints_allowed is a bool, not {value!r}")
    if name == "table_locale" and (
        not isinstance(value, str) or not 1 <= len(value) <= m.LOCALE_LENGTH
    ):
        raise ValueError(f"a locale is a short string, not {value!r}")


async def ensure_guild(session: AsyncSession, guild_id: int) -> None:
    stmt = insert_for(session, m.Guild).values(guild_id=guild_id)
    await session.execute(stmt.on_conflict_do_nothing(index_elements=["guild_id"]))


async def get_guild_settings(session: AsyncSession, guild_id: int) -> GuildSettings:
    row = await session.get(m.Guild, guild_id, populate_existing=True)
    if row is None:
        return GuildSettings(guild_id=guild_id)
    defaults = GuildSettings(guild_id=guild_id)
    return GuildSettings(
        guild_id=guild_id,
        rank_computer_series=bool(row.rank_computer_series),
        table_threads=True if row.table_threads is None else bool(row.table_threads),
        series_length=row.series_length or defaults.series_length,
        turn_timer=row.turn_timer,
        hints_allowed=defaults.hints_allowed
        if row.hints_allowed is None
        else bool(row.hints_allowed),
        table_locale=row.table_locale,
    )


async def set_guild_settings(
    session: AsyncSession, guild_id: int, values: dict[str, Any]
) -> GuildSettings:
    """Change the guild's house rules named in ``values`` (:data:`HOUSE_RULES`; a value of
    None restores the default). Raises ValueError for an unknown name or a bad value."""
    for name, value in values.items():
        if name not in HOUSE_RULES:
            raise ValueError(f"unknown guild setting {name!r}; use one of {HOUSE_RULES}")
        _check_house_rule(name, value)
    if values:
        stmt = insert_for(session, m.Guild).values(guild_id=guild_id, **values)
        stmt = stmt.on_conflict_do_update(index_elements=["guild_id"], set_=dict(values))
        await session.execute(stmt)
        log.info("guild %s: %s", guild_id, " ".join(f"{k}={v}" for k, v in values.items()))
    return await get_guild_settings(session, guild_id)


async def set_table_threads(session: AsyncSession, guild_id: int, value: bool) -> GuildSettings:
    stmt = insert_for(session, m.Guild).values(guild_id=guild_id, table_threads=value)
    stmt = stmt.on_conflict_do_update(index_elements=["guild_id"], set_={"table_threads": value})
    await session.execute(stmt)
    log.info("guild %s: table_threads=%s", guild_id, value)
    return await get_guild_settings(session, guild_id)


async def set_rank_computer_series(
    session: AsyncSession, guild_id: int, value: bool
) -> GuildSettings:
    stmt = insert_for(session, m.Guild).values(guild_id=guild_id, rank_computer_series=value)
    stmt = stmt.on_conflict_do_update(
        index_elements=["guild_id"], set_={"rank_computer_series": value}
    )
    await session.execute(stmt)
    log.info("guild %s: rank_computer_series=%s", guild_id, value)
    return await get_guild_settings(session, guild_id)


__all__ = [
    "HOUSE_RULES",
    "MAX_TURN_TIMER",
    "ensure_guild",
    "get_guild_settings",
    "set_guild_settings",
    "set_rank_computer_series",
    "set_table_threads",
]
