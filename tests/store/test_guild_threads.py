"""The guild setting "a thread per table" (migration 0002), on SQLite and PostgreSQL."""

from __future__ import annotations

from kozel_discord.store import LeagueStore

from .conftest import new_id


async def test_threads_default_on_and_the_setting_is_kept_beside_ranking(
    store: LeagueStore,
) -> None:
    g = new_id()
    assert (await store.get_guild_settings(g)).table_threads is True  # no row yet
    settings = await store.run(lambda uow: uow.set_table_threads(g, False))
    assert settings.table_threads is False and settings.rank_computer_series is False
    await store.run(lambda uow: uow.set_rank_computer_series(g, True))
    both = await store.get_guild_settings(g)
    assert both.table_threads is False and both.rank_computer_series is True
    await store.run(lambda uow: uow.set_table_threads(g, True))
    assert (await store.get_guild_settings(g)).table_threads is True
    assert (await store.get_guild_settings(g)).rank_computer_series is True
