"""House rules as the players read them: the answer of ``/kozel settings`` and the rules
summary of ``/kozel rules`` with the table's (or the server's) series length, timer and
hints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from ..i18n import t
from ..service import Table
from ..service.league import GuildSettings

RULES_COLOUR = 0x2D7D46
SERVER_LANGUAGE = "server"  # the language choice that means "the server's own"


def settings_changes(
    *, length: int | None, timer: int | None, hints: bool | None, language: str | None
) -> dict[str, Any]:
    """The options of ``/kozel settings`` as the house rules they change (only those given;
    the language "server" goes back to the server's own)."""
    changes: dict[str, Any] = {}
    if length is not None:
        changes["series_length"] = length
    if timer is not None:
        changes["turn_timer"] = timer
    if hints is not None:
        changes["hints_allowed"] = hints
    if language is not None:
        changes["table_locale"] = None if language == SERVER_LANGUAGE else language
    return changes


def timer_text(seconds: float | None, locale: str) -> str:
    if not seconds:
        return t("settings.timer_off", locale)
    return t("settings.timer_seconds", locale, seconds=int(seconds))


def settings_text(
    rules: GuildSettings, locale: str, timer: float | None, *, changed: bool = False
) -> str:
    """The server's house rules, one line each (``timer``: a new lobby's move timer)."""
    language = (
        t(f"choice.language.{rules.table_locale}", locale)
        if rules.table_locale
        else t("settings.language_server", locale)
    )
    lines = [
        f"### {t('settings.saved' if changed else 'settings.title', locale)}",
        "• " + t("settings.length", locale, target=rules.series_length),
        "• " + t("settings.timer", locale, timer=timer_text(timer, locale)),
        "• " + t("settings.hints_on" if rules.hints_allowed else "settings.hints_off", locale),
        "• "
        + t("settings.ranked_on" if rules.rank_computer_series else "settings.ranked_off", locale),
        "• " + t("settings.language", locale, language=language),
        "• " + t("settings.threads_on" if rules.table_threads else "settings.threads_off", locale),
        "-# " + t("settings.footer", locale, target=rules.series_length),
    ]
    return "\n".join(lines)


def rules_embed(
    locale: str,
    table: Table | None,
    rules: GuildSettings | None,
    timer_of: Callable[[GuildSettings], float | None],
) -> discord.Embed:
    """The rules in short, written for the table of this channel (else this server's new
    tables; in a DM the rule book's 12)."""
    if table is not None:
        target, timer, hints = table.target, table.turn_timeout, table.hints
        where = "rules.at_table"
    elif rules is not None:
        target, timer, hints = rules.series_length, timer_of(rules), False
        where = "rules.at_server"
    else:
        target, timer, hints, where = 12, None, False, ""
    embed = discord.Embed(
        title=t("rules.title", locale),
        description=t("rules.text", locale, target=target),
        colour=RULES_COLOUR,
    )
    if where:
        value = "\n".join(
            [
                t("settings.length", locale, target=target),
                t("settings.timer", locale, timer=timer_text(timer, locale)),
                *([t("hints.table_on", locale)] if hints else []),
            ]
        )
        embed.add_field(name=t(where, locale), value=value, inline=False)
    return embed


__all__ = ["SERVER_LANGUAGE", "rules_embed", "settings_changes", "settings_text", "timer_text"]
