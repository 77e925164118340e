"""Every extension loads, and the slash commands are the ones the README promises."""

from __future__ import annotations

import discord

from kozel_discord.bot import KozelBot
from kozel_discord.cogs import EXTENSIONS
from kozel_discord.i18n import KozelTranslator, ls
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


async def test_every_option_is_named_in_every_language_of_the_menu() -> None:
    # Fifteen options kept their English names in the ru, uk and tr command menus
    # ("/козёл начать timer: length:") and the errors quoted them so.
    bot = KozelBot(Settings(discord_token=None))
    for ext in EXTENSIONS:
        await bot.load_extension(ext)
    translator = KozelTranslator()
    options = 0
    for group in bot.tree.get_commands():
        for command in group.walk_commands():  # type: ignore[union-attr]
            for locale in (
                discord.Locale.russian,
                discord.Locale.ukrainian,
                discord.Locale.turkish,
            ):
                names: list[str] = []
                for p in getattr(command, "parameters", ()):
                    assert p.locale_name is not None, f"{command.qualified_name} {p.name}"
                    name = await translator.translate(p.locale_name, locale, None)  # type: ignore[arg-type]
                    assert name and name != p.display_name, (command.qualified_name, p.name)
                    names.append(name)
                    options += 1
                assert len(set(names)) == len(names), (command.qualified_name, names)
                # an option is not named as its own command ("/лига игрок игрок:")
                own = command._locale_name or ls(command.name)  # type: ignore[union-attr]
                sub = await translator.translate(own, locale, None)  # type: ignore[arg-type]
                assert sub not in names, (command.qualified_name, names)
    assert options == 3 * 16  # the 16 options of the bot, in 3 languages
    for ext in EXTENSIONS:
        await bot.unload_extension(ext)
