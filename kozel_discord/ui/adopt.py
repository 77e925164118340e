"""After a restart: the table's messages that Discord accepted but whose ids were never
saved (the bot died in between). Posts carry a nonce, but Discord honours a nonce only for
a few minutes; after a longer outage a second post would be a second message. So before
posting again, the bot's own recent messages in the channel are read (one request,
``GET /channels/{id}/messages``, Discord's limit of 100 at most) and the ones that are this
table's are adopted:

* the lobby, the table message and the end of the series carry the table id in their
  controls' custom ids (``kozel:sit:<table>:…``, ``kozel:hand:<table>``,
  ``kozel:rematch:<table>``);
* a game's summary has no controls: it is recognised by its title, among the messages after
  the newest one whose id was saved (so an earlier series' summaries are never taken).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from typing import Any

import discord

from ..engine import Observation
from ..service import Table, TableService
from .results import game_over_embed

log = logging.getLogger(__name__)

#: How many recent messages are read (Discord allows 1..100 per request).
RECENT = 50


def _components(components: Iterable[Any]) -> Iterator[Any]:
    for component in components:
        yield component
        yield from _components(getattr(component, "children", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def custom_ids(message: discord.Message) -> set[str]:
    found = (getattr(c, "custom_id", None) for c in _components(message.components))
    return {c for c in found if c}


def _title(message: discord.Message) -> str | None:
    if message.embeds and message.embeds[0].title:
        return message.embeds[0].title
    return message.content or None


def _saved_ids(table: Table) -> dict[str, int]:
    return {k: v for k, v in table.messages.items() if k != "table_game"}


async def recent_own(
    channel: discord.PartialMessageable, bot_id: int | None, after: int | None
) -> list[discord.Message]:
    """The bot's messages among the channel's recent ones (after ``after``), oldest first."""
    kwargs: dict[str, Any] = {"limit": RECENT}
    if after is not None:
        kwargs["after"] = discord.Object(id=after)
    try:
        messages = [m async for m in channel.history(**kwargs)]
    except discord.HTTPException as exc:
        log.warning("history_not_read channel=%s status=%s", channel.id, exc.status)
        return []
    return sorted(
        (m for m in messages if bot_id is None or m.author.id == bot_id), key=lambda m: m.id
    )


def classify(
    table: Table, obs: Observation | None, messages: list[discord.Message], *, after: int | None
) -> dict[str, int]:
    """The message ids (and ``table_game``) to adopt, by the keys of ``table.messages``."""
    tid = table.table_id
    saved = _saved_ids(table)
    found: dict[str, int] = {}
    titles: dict[str, str] = {}
    if obs is not None and after is not None:
        for number, result in enumerate(obs.results, start=1):
            key = f"result_{number}"
            if key not in saved:
                embed = game_over_embed(table, number, result, obs, table.locale)
                if embed.title:
                    titles[embed.title] = key
    for message in messages:
        ids = custom_ids(message)
        if f"kozel:rematch:{tid}" in ids:
            found["series_over"] = message.id
        elif f"kozel:hand:{tid}" in ids:
            results = [
                v
                for k, v in {**saved, **found}.items()
                if k.startswith("result_") and v < message.id
            ]
            found["table"] = message.id
            found["table_game"] = len(results) + 1
        elif any(i.startswith(f"kozel:sit:{tid}:") for i in ids):
            found["lobby"] = message.id
        elif review_of(ids, table.series_key) is not None:
            # A game's summary: its Review button names the series and the game.
            found[f"result_{review_of(ids, table.series_key)}"] = message.id
        elif not ids:  # a summary posted without controls (before the Review button)
            key = titles.pop(_title(message) or "", "")
            if key:
                found[key] = message.id
    return {k: v for k, v in found.items() if k not in saved or k in ("table", "table_game")}


def review_of(ids: list[str] | set[str], series_key: str | None) -> int | None:
    """The game number a summary's Review button names, for this table's series."""
    prefix = f"kozel:review:{series_key}:"
    for i in ids:
        if series_key and i.startswith(prefix) and i[len(prefix) :].isdigit():
            return int(i[len(prefix) :])
    return None


async def find_unsaved(
    channel: discord.PartialMessageable,
    table: Table,
    obs: Observation | None,
    bot_id: int | None,
) -> dict[str, int]:
    """The table's posted messages whose ids were not saved (see the module's docstring)."""
    saved = _saved_ids(table)
    after = max(saved.values()) if saved else None
    found = classify(table, obs, await recent_own(channel, bot_id, after), after=after)
    if found:
        log.info("adopted channel=%s messages=%s", table.channel_id, sorted(found))
    return found


async def adopt(
    tables: TableService, channel: discord.PartialMessageable, table: Table, bot: Any
) -> Table:
    """Adopt (save the ids of) the table's unrecorded messages; the table as it is now."""
    obs = tables.observation(table, None)
    found = await find_unsaved(channel, table, obs, getattr(bot, "id", None))
    if found:
        await tables.set_messages(table.channel_id, table.table_id, found)
    current = tables.get(table.channel_id)
    return current if current is not None and current.table_id == table.table_id else table


__all__ = ["RECENT", "adopt", "classify", "custom_ids", "find_unsaved", "recent_own"]
