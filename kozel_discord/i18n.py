"""The translation layer: every user-facing text comes from here, in English or Russian.

Texts live in ``locales/<lang>.json``; :func:`t` picks the language from a Discord
locale (``ru`` → Russian, anything else → English) and fills ``{placeholders}``.
:class:`KozelTranslator` gives discord.py the localised command names and descriptions.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from importlib import resources
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ru")
DEFAULT = "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    text = resources.files(__package__).joinpath("locales", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def lang_of(locale: str | discord.Locale | None) -> str:
    value = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    return "ru" if value.lower().startswith("ru") else DEFAULT


def t(key: str, locale: str | discord.Locale | None = None, /, **params: Any) -> str:
    """The text ``key`` in the language of ``locale``, with ``params`` filled in."""
    lang = lang_of(locale)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key)
        if text is None:
            log.warning("missing text %r", key)
            return key
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        log.warning("text %r could not be filled with %s", key, sorted(params))
        return text


def ls(key: str) -> app_commands.locale_str:
    """A command name or description: English text now, translated by :class:`KozelTranslator`."""
    return app_commands.locale_str(catalog(DEFAULT)[key], key=key)


class KozelTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or lang_of(locale) == DEFAULT:
            return None
        return catalog(lang_of(locale)).get(key)
