"""A thread per table: the lobby stays in the channel, the game's messages go into a public
thread started from the lobby message, so a busy channel stays readable.

A server setting (``/kozel settings threads:``, on by default); used only where the bot
may create public threads and send messages in them (checked on the cached channel
before asking, as Discord would refuse). Otherwise, or when anything fails, the game stays
in the channel as before. The thread's id is kept with the table (``messages["thread"]``):
the service treats it as another name of the table's channel.
"""

from __future__ import annotations

import logging
from typing import Any, Final, Literal

import discord

from ..i18n import t
from ..service import Table, TableService

log = logging.getLogger(__name__)

THREAD_NAME_LIMIT = 100
ARCHIVE_MINUTES: Final[Literal[1440]] = 1440  # a day without messages: Discord archives it


def thread_name(table: Table) -> str:
    """ "Kozel — Alice, Bob, Carol, Dan": the table's players, within Discord's 100
    characters: whole names, and "+2" for those that did not fit (a cut in the middle of a
    name read as another name)."""
    names = [s.name for s in table.seats if s is not None]
    for k in range(len(names), 0, -1):
        more = f" +{len(names) - k}" if k < len(names) else ""
        name = t("thread.name", table.locale, names=", ".join(names[:k]) + more)
        if len(name) <= THREAD_NAME_LIMIT:
            return name
    name = t("thread.name", table.locale, names=", ".join(names))
    return name[: THREAD_NAME_LIMIT - 1] + "…"


def may_thread(channel: Any) -> bool:
    """Whether the bot may run a game in a thread of ``channel`` (a cached text channel)."""
    if not isinstance(channel, discord.TextChannel):
        return False
    perms = channel.permissions_for(channel.guild.me)
    return bool(perms.create_public_threads and perms.send_messages_in_threads)


async def open_thread(client: Any, table: Table) -> int | None:
    """Start the table's thread (from its lobby message, if known); its id, or None when
    the game stays in the channel."""
    get_channel = getattr(client, "get_channel", None)
    channel = get_channel(table.channel_id) if get_channel is not None else None
    if not isinstance(channel, discord.TextChannel) or not may_thread(channel):
        return None
    lobby = table.messages.get("lobby")
    try:
        thread = await channel.create_thread(
            name=thread_name(table),
            message=discord.Object(id=lobby) if lobby else None,
            auto_archive_duration=ARCHIVE_MINUTES,
            type=None if lobby else discord.ChannelType.public_thread,
        )
    except discord.HTTPException as exc:
        log.warning("thread_not_created channel=%s status=%s", table.channel_id, exc.status)
        return None
    log.info("thread_created table=%s channel=%s", table.table_id, table.channel_id)
    return int(thread.id)


async def ensure_thread(tables: TableService, client: Any, table: Table) -> None:
    """A new series: its game goes into a thread of the channel, where the server wants
    that and the bot may (else it stays in the channel); a rematch keeps its thread."""
    if table.messages.get("thread") or not await tables.wants_thread(table.guild_id):
        return
    thread = await open_thread(client, table)
    if thread is not None:
        await tables.set_messages(table.channel_id, table.table_id, {"thread": thread})
