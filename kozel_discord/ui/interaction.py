"""Reading an interaction (names, chosen values) and answering it (the locale to answer
in is :func:`kozel_discord.i18n.locale_of`)."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def selected_value(interaction: discord.Interaction[Any]) -> str:
    """The one value chosen in a select menu ('' when there is none)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    return str(values[0]) if values else ""


async def reply(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer to the clicker: the response, or a follow-up when the
    interaction was already answered. A failure to send is logged, not raised."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer an interaction: %s", exc.status)
