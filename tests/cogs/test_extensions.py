"""Every extension loads, and the slash commands are the ones the README promises."""

from __future__ import annotations

from kozel_discord.bot import KozelBot
from kozel_discord.cogs import EXTENSIONS
from kozel_discord.settings import Settings


async def test_every_extension_loads() -> None:
    bot = KozelBot(Settings(discord_token=None))
    for ext in EXTENSIONS:
        await bot.load_extension(ext)
    assert set(bot.extensions) == set(EXTENSIONS)
    groups = {cmd.name: cmd for cmd in bot.tree.get_commands()}
    assert set(groups) == {"kozel", "league"}
    kozel = {c.name for c in groups["kozel"].walk_commands()}  # type: ignore[union-attr]
    league = {c.name for c in groups["league"].walk_commands()}  # type: ignore[union-attr]
    assert kozel == {"start", "stop", "hand", "rules", "stats", "pings", "vote", "settings"}
    assert league == {"table", "player", "history", "game", "ranked"}
    for ext in EXTENSIONS:
        await bot.unload_extension(ext)
    assert not bot.extensions
