"""The one place the gallery imports the local Discord stand-in from (it moves to the
top-level package ``standin``; only these lines change then)."""

from kozel_discord.testing.discord_standin import DiscordStandIn, RecordedMessage
from kozel_discord.testing.harness import BotProcess, Driver

__all__ = ["BotProcess", "DiscordStandIn", "Driver", "RecordedMessage"]
