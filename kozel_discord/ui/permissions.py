"""What the bot needs in a channel to host a table there, checked when a table is opened.

The table message carries its picture as an upload (Attach Files), the lobby and the
results are embeds (Embed Links), and the bot keeps editing its own messages (Read Message
History). Without one of them a table opened fine and then showed nothing: the channel's
messages failed with 403 and only the log said so. Discord sends the bot's permissions in
the channel with every interaction (``app_permissions``), so the check costs nothing.
"""

from __future__ import annotations

from typing import Any

import discord

from ..i18n import t
from ..service import ErrorKey, ServiceError

THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)

#: The permission each table needs in its channel, by discord.py's attribute name.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")


def missing(permissions: discord.Permissions, *, in_thread: bool) -> list[str]:
    """The needed permissions ``permissions`` lacks (in a thread: Send Messages in Threads
    in place of Send Messages)."""
    needed = [
        "send_messages_in_threads" if in_thread and name == "send_messages" else name
        for name in NEEDED
    ]
    if permissions.administrator:
        return []
    return [name for name in needed if not getattr(permissions, name)]


def check_can_host(interaction: discord.Interaction[Any], locale: str) -> None:
    """Refuse to open a table where the bot could not show it, naming what it lacks."""
    # (by the channel's type: an uncached thread is a PartialMessageable, not a Thread)
    kind = getattr(interaction.channel, "type", None)
    in_thread = kind in THREADS
    lacking = missing(interaction.app_permissions, in_thread=in_thread)
    if lacking:
        names = ", ".join(t(f"perm.{name}", locale) for name in lacking)
        raise ServiceError(ErrorKey.BOT_PERMISSIONS, perms=names)


__all__ = ["NEEDED", "check_can_host", "missing"]
