"""The one place the gallery imports the local Discord stand-in (the top-level ``standin``)."""

from standin.discord_standin import DiscordStandIn, RecordedMessage
from standin.harness import BotProcess, Driver

__all__ = ["BotProcess", "DiscordStandIn", "Driver", "RecordedMessage"]
