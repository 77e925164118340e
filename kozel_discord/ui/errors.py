"""The one error path of commands and components.

A refused request (:class:`~kozel_discord.service.ServiceError`) becomes its clear
ephemeral answer; a failed check its short refusal; anything unexpected a short apology
(never a stack trace or a hidden card), a log line and one more error in the stats.
Commands reach :func:`handle_error` through :class:`KozelTree` (the tree's ``on_error``);
components through :class:`Guarded` (discord.py only logs what a ``DynamicItem``'s
callback raises, so each item routes its own errors here).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from ..i18n import locale_of, t
from ..service import ErrorKey, ServiceError
from .guards import BadOption, check_command, check_guild, is_unmatched, leaf_options
from .interaction import reply
from .ports import UiHost

log = logging.getLogger(__name__)


def error_text(err: ServiceError, locale: str, guild_id: int | None, channel_id: int | None) -> str:
    """The text of a refusal, with the rule broken or a link to the existing table."""
    params = {k: v for k, v in err.params.items() if k != "reason"}
    text = t(f"error.{err.key.value}", locale, **params)
    if err.key is ErrorKey.ILLEGAL and err.params.get("reason"):
        text += " " + t(f"reason.{err.params['reason']}", locale)
    message_id = err.params.get("message_id")
    if err.key is ErrorKey.TABLE_EXISTS and message_id and guild_id:
        text += f" https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
    return text


def _unwrap(error: BaseException) -> BaseException:
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


async def handle_error(
    interaction: discord.Interaction[Any], error: BaseException, where: str = "?"
) -> None:
    """Answer the interaction that ``error`` ended (``where``: the command or item)."""
    error = _unwrap(error)
    locale = locale_of(interaction)
    if isinstance(error, ServiceError):
        text = error_text(error, locale, interaction.guild_id, interaction.channel_id)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = t("error.guild_only", locale)
    elif isinstance(error, BadOption):
        text = t(error.key, locale, option=option_label(interaction, error.name, locale))
    elif isinstance(error, app_commands.TransformerError):  # a value the checks let through
        name = _option_of(interaction, error.value)
        text = t("error.bad_option", locale, option=option_label(interaction, name, locale))
    elif isinstance(error, app_commands.CheckFailure):
        text = t("error.not_allowed", locale)
    else:
        log.error("%s failed", where, exc_info=error)
        if isinstance(interaction.client, UiHost):
            interaction.client.stats.errors += 1
        text = t("error.internal", locale)
    await reply(interaction, text)


def option_label(interaction: discord.Interaction[Any], name: str, locale: str) -> str:
    """An option as the reader's command menu names it: the payload gives its default
    (English) name, "length", where a Russian menu shows "длина"."""
    for p in getattr(interaction.command, "parameters", None) or ():
        if p.display_name == name and p.locale_name is not None:
            key = p.locale_name.extras.get("key")
            if isinstance(key, str):
                return t(key, locale)
    return name


def _option_of(interaction: discord.Interaction[Any], value: Any) -> str:
    """The name of the command's option that was given ``value`` ("?" if none was)."""
    data: dict[str, Any] = dict(interaction.data or {})
    given = (o for o in leaf_options(data.get("options") or []) if o.get("value") == value)
    return str(next(given, {}).get("name", "?"))


def control_kind(custom_id: str) -> str:
    """What a log line may say of a custom id: its first two parts (``kozel:move``). The
    rest may name a private move's cards (a face-down discard)."""
    return ":".join(custom_id.split(":")[:2])[:40]


async def answer_unmatched(
    interaction: discord.Interaction[Any], items: Iterable[type[discord.ui.DynamicItem[Any]]]
) -> None:
    """A ``kozel:`` control that none of ``items`` handles (discord.py drops it silently):
    "this control is not valid any more", and nothing changes."""
    if is_unmatched(interaction, items):
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        log.info("unknown_control kind=%r user=%s", control_kind(custom_id), interaction.user.id)
        await handle_error(interaction, ServiceError(ErrorKey.BAD_CONTROL), "unknown control")


class KozelTree(app_commands.CommandTree[Any]):
    """The command tree whose ``on_error`` is :func:`handle_error`; every command first
    passes :func:`~.guards.check_command` (server-only commands, option types, the
    table's server)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        try:
            check_command(interaction)
        except Exception as error:
            # Raised here, anything but an AppCommandError would escape discord.py's task.
            await handle_error(interaction, error, "command check")
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        cmd = interaction.command.qualified_name if interaction.command else "?"
        await handle_error(interaction, error, f"command {cmd}")


class Guarded:
    """Mixin of the ``DynamicItem``s: ``callback`` runs :meth:`act` and hands any error to
    :meth:`on_error` (by default :func:`handle_error`)."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        await handle_error(interaction, error, f"component {type(self).__name__}")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            check_guild(interaction)
            await self.act(interaction)
        except Exception as error:
            await self.on_error(interaction, error)
