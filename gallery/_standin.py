"""The one place the gallery imports the local Discord stand-in (the top-level ``standin``)."""

from standin.discord_standin import PERM_MANAGE_GUILD, DiscordStandIn, RecordedMessage
from standin.harness import BotProcess, Driver, forced_value

__all__ = [
    "PERM_MANAGE_GUILD",
    "BotProcess",
    "DiscordStandIn",
    "Driver",
    "RecordedMessage",
    "forced_value",
]
