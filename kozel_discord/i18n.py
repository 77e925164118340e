"""The translation layer: every user-facing text comes from here (docs/localisation.md).

Texts are Project Fluent messages in ``locales/<lang>/*.ftl``; each language folder there
is a language of the bot. A code key such as ``"table.trump"`` is the Fluent message
``table-trump`` (dots become hyphens). :func:`t` picks the language of a Discord locale
(:func:`lang_of`) and formats the message with its arguments; numbers are passed as numbers,
so each language chooses its own plural forms (CLDR categories, through Babel).
:func:`locale_of` is the one place that decides which locale answers an interaction.
:class:`KozelTranslator` gives discord.py the localised command names; :data:`COMMANDS`
knows the ids of the synced commands, so texts can write them as clickable mentions
(``{ COMMAND("kozel start") }`` in a message; ``{ COMMAND_NAME("kozel start") }`` in an
embed's footer, which shows no mention).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from itertools import pairwise
from typing import Any

import discord
from discord import app_commands
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentType
from fluent.syntax import ast as fluent_ast

log = logging.getLogger(__name__)

Arg = str | int | float
"""A message argument: numbers stay numbers (plural forms and number formatting)."""

DEFAULT = "en"
NBSP = "\u00a0"  # a no-break space: no line break between two words
CARD_ARGS = frozenset({"card", "cards", "top", "new", "old", "suit"})
"""Arguments that hold cards (or a suit's name) as text: never the first thing on a line
(a number in ``cards`` is a count, left alone)."""

#: A text missing in every language raises :class:`MissingText` instead of showing its key
#: (the test suite sets it: a key a player would see raw fails the test that renders it).
STRICT = False


class MissingText(LookupError):
    """A text key that no language has (only when :data:`STRICT` is set)."""


_LOCALES = resources.files(__package__).joinpath("locales")


def _languages() -> tuple[str, ...]:
    found = sorted(d.name for d in _LOCALES.iterdir() if d.is_dir() and any(_ftl_files(d.name)))
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


def _ftl_files(lang: str) -> list[Traversable]:
    folder = _LOCALES.joinpath(lang)
    return sorted((f for f in folder.iterdir() if f.name.endswith(".ftl")), key=lambda f: f.name)


LANGUAGES: tuple[str, ...] = _languages()
"""The bot's languages, the default first: one folder of ``.ftl`` files each."""
_BY_LOWER = {lang.lower(): lang for lang in LANGUAGES}


def fluent_id(key: str) -> str:
    """The Fluent message id of a code key: ``"error.seat_taken"`` → ``"error-seat_taken"``."""
    return key.replace(".", "-")


@cache
def source(lang: str) -> str:
    """All Fluent source text of one language (its files in name order)."""
    return "\n".join(f.read_text("utf-8") for f in _ftl_files(lang))


@cache
def resource(lang: str) -> fluent_ast.Resource:
    """The parsed Fluent resource of one language (syntax errors are ``Junk`` entries),
    with each count joined to its noun (:func:`_glue_counts`)."""
    parsed = FluentResource(source(lang))
    counts = _counts_by_message()
    for entry in parsed.body:
        if isinstance(entry, fluent_ast.Junk):
            log.error("locales/%s: a Fluent syntax error near %r", lang, (entry.content or "")[:60])
        elif isinstance(entry, fluent_ast.Message) and entry.value is not None:
            _glue_counts(entry.value, counts.get(entry.id.name, frozenset()))
    return parsed


@cache
def _counts_by_message() -> dict[str, frozenset[str]]:
    """Each message's counts: the variables it chooses a plural form by in any language."""
    found: dict[str, frozenset[str]] = {}
    for lang in LANGUAGES:
        for e in FluentResource(source(lang)).body:
            if isinstance(e, fluent_ast.Message) and e.value is not None:
                found[e.id.name] = found.get(e.id.name, frozenset()) | _counts(e.value)
    return found


def _counts(pattern: fluent_ast.Pattern) -> frozenset[str]:
    """The variables a message chooses plural forms by: its counts."""
    found: set[str] = set()
    for element in pattern.elements:
        if isinstance(element, fluent_ast.Placeable) and isinstance(
            element.expression, fluent_ast.SelectExpression
        ):
            selector = element.expression.selector
            if isinstance(selector, fluent_ast.VariableReference):
                found.add(selector.id.name)
            for variant in element.expression.variants:
                found |= _counts(variant.value)
    return frozenset(found)


def _glue_counts(pattern: fluent_ast.Pattern, counts: frozenset[str]) -> None:
    """A count keeps its noun on its line: the space after ``{ $n }`` becomes a no-break
    one (a phone broke "15 / очков"). A count is a variable that the message chooses a
    plural form by in some language (Turkish writes "{ $n } kart" without a choice). A
    variant that is only a count and a noun phrase of up to three words is kept whole ("4
    штрафных / очка" broke too). Done once on the parsed texts of every language, so no
    translator has to."""
    parts = pattern.elements
    for before, after in pairwise(parts):
        if (
            isinstance(before, fluent_ast.Placeable)
            and isinstance(before.expression, fluent_ast.VariableReference)
            and before.expression.id.name in counts
            and isinstance(after, fluent_ast.TextElement)
            and after.value[:1] == " "
            and after.value[1:2].isalpha()
        ):
            after.value = NBSP + after.value[1:]
            if len(parts) == 2 and after.value.count(" ") <= 2:  # a variant "{ $n } noun
                after.value = after.value.replace(" ", NBSP)  # phrase": "4 штрафных очка"
    for element in parts:
        if isinstance(element, fluent_ast.Placeable) and isinstance(
            element.expression, fluent_ast.SelectExpression
        ):
            for variant in element.expression.variants:
                _glue_counts(variant.value, counts)


@cache
def bundle(lang: str) -> FluentBundle:
    functions = {"COMMAND": _command_function(lang), "COMMAND_NAME": _command_name_function(lang)}
    b = FluentBundle([lang], functions=functions, use_isolating=False)
    b.add_resource(resource(lang))
    return b


def message_ids(lang: str) -> frozenset[str]:
    """The Fluent ids of the messages of one language."""
    return frozenset(e.id.name for e in resource(lang).body if isinstance(e, fluent_ast.Message))


def fingerprint() -> str:
    """A digest of every text of every language (the bot re-syncs commands when it changes)."""
    digest = hashlib.sha256()
    for lang in LANGUAGES:
        digest.update(f"{lang}\0{source(lang)}\0".encode())
    return digest.hexdigest()


def lang_of(locale: str | discord.Locale | None) -> str:
    """The bot's language for a Discord locale: the exact language (``uk``, ``pt-BR``), else
    its base language (``pt-BR`` → ``pt``), else English."""
    if type(locale) is str:  # the common case, asked ~40 times per move: one dict lookup
        found = _LANG_OF.get(locale)
        if found is None:
            found = _lang_of(locale)
            if len(_LANG_OF) < 256:  # Discord has ~30 locales; never grow without bound
                _LANG_OF[locale] = found
        return found
    return _lang_of(locale)


_LANG_OF: dict[str, str] = {}


def _lang_of(locale: str | discord.Locale | None) -> str:
    value = str(locale.value if isinstance(locale, discord.Locale) else locale or "").lower()
    found = _BY_LOWER.get(value) or _BY_LOWER.get(value.split("-", 1)[0])
    return found or DEFAULT


def locale_of(interaction: discord.Interaction[Any], *, public: bool = False) -> str:
    """The locale to answer ``interaction`` in: the user's own client language, or with
    ``public`` (messages the whole channel reads, such as a table) the server's."""
    loc = (interaction.guild_locale or interaction.locale) if public else interaction.locale
    return str(loc.value) if loc else "en-US"


def t(key: str, locale: str | discord.Locale | None = None, /, **args: Arg) -> str:
    """The text ``key`` in the language of ``locale``, formatted with ``args``.

    A key missing in that language falls back to English, a key missing everywhere is
    returned as is; a formatting problem is logged (the key and argument names only)."""
    lang = lang_of(locale)
    if not args:
        return _format(lang, key, ())
    try:
        return _format(lang, key, tuple((k, type(v), v) for k, v in sorted(args.items())))
    except TypeError:  # an unhashable argument: format it without the memo
        return _format.__wrapped__(lang, key, tuple((k, type(v), v) for k, v in args.items()))


@lru_cache(maxsize=16384)
def _format(lang: str, key: str, args: tuple[tuple[str, type, Any], ...]) -> str:
    """:func:`t` without its memo (tables render the same texts over and over)."""
    mid = fluent_id(key)
    b = bundle(lang)
    if not b.has_message(mid):
        b = bundle(DEFAULT)
        if not b.has_message(mid):
            if STRICT:
                raise MissingText(key)
            log.warning("missing text %r", key)
            return key
    pattern = b.get_message(mid).value
    if pattern is None:
        log.warning("text %r has no value", key)
        return key
    text, errors = b.format_pattern(pattern, {k: v for k, _, v in args})
    if errors:
        names = sorted(k for k, _, _ in args)
        log.warning(
            "text %r (%s) with %s: %s", key, lang, names, [type(e).__name__ for e in errors]
        )
    return typeset(str(text), [v for k, _, v in args if k in CARD_ARGS])


def typeset(text: str, cards: Iterable[Any] = ()) -> str:
    """The no-break spaces a phone needs, in every language: a line never starts with a
    dash (``…6♣ — discard``) or with the cards of a play (``…leads: / 6♣``; ``cards``: the
    arguments holding card texts). Discord wraps only at ordinary spaces. (A count and its
    noun are joined where the texts are parsed: :func:`_glue_counts`.)"""
    text = text.replace(" —", NBSP + "—")
    for value in cards:
        if isinstance(value, str) and value:  # "Trump: Q♦ / (diamonds)" too
            text = text.replace(" " + value, NBSP + value).replace(" (" + value, NBSP + "(" + value)
    return text


def ls(key: str) -> app_commands.locale_str:
    """A command name or description: English text now, translated by :class:`KozelTranslator`."""
    return app_commands.locale_str(t(key, DEFAULT), key=key)


class KozelTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = lang_of(locale)
        if key is None or lang == DEFAULT or not bundle(lang).has_message(fluent_id(key)):
            return None
        return t(key, lang)


class CommandIds:
    """The ids Discord gave the bot's top-level slash commands (learnt at start-up from the
    sync or a fetch). A text writes a command as ``</kozel start:ID>``, a clickable mention.

    Discord shows a mention under the command's default (English) name in every client
    (discord/discord-api-docs#7309: "working as intended"), and a mention written with a
    localised name is not clickable. So a text in another language adds the name its
    reader's command menu shows: ``</kozel start:ID> (/козёл начать)``; without the id it
    writes only that name, the one the reader types."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def update(self, commands: Iterable[tuple[str, int]]) -> None:
        """Learn ``(name, id)`` pairs of top-level commands."""
        self._ids.update(commands)
        _format.cache_clear()

    def clear(self) -> None:
        self._ids.clear()
        _format.cache_clear()

    def mention(self, path: str, lang: str = DEFAULT) -> str:
        """``"kozel start"`` as a clickable command mention, or as plain ``/kozel start``;
        in a language other than English followed by (or, without the id, replaced by) the
        localised name."""
        path = " ".join(path.split())
        local = localised_command(path, lang)
        command_id = self._ids.get(path.split(" ", 1)[0])
        if command_id is None:
            return f"/{local}"
        mention = f"</{path}:{command_id}>"
        return mention if local == path else f"{mention} (/{local})"


COMMANDS = CommandIds()


class _Text(FluentType):
    """A finished piece of text returned by a Fluent function."""

    def __init__(self, text: str) -> None:
        self.text = text

    def format(self, locale: Any) -> str:
        return self.text


def _command_function(lang: str) -> Callable[[Any], FluentType]:
    """Fluent's ``COMMAND("kozel start")`` in the texts of ``lang``."""

    def command(path: Any) -> FluentType:
        return _Text(COMMANDS.mention(str(path), lang))

    return command


def _command_name_function(lang: str) -> Callable[[Any], FluentType]:
    """Fluent's ``COMMAND_NAME("league game")``: the name the reader types, never a mention,
    for an embed's footer, which Discord shows as plain text (a mention there would show
    as ``</league game:123…>``, a code span with its backticks)."""

    def name(path: Any) -> FluentType:
        return _Text("/" + localised_command(" ".join(str(path).split()), lang))

    return name


@cache
def _command_words() -> dict[str, str]:
    """Each word of a command's default name → the code key of its name (``"cmd.start.name"``)."""
    ids = (m for m in message_ids(DEFAULT) if m.startswith("cmd-") and m.endswith("-name"))
    keys = (m.replace("-", ".") for m in ids)  # command keys have no "-" of their own
    return {t(k, DEFAULT): k for k in keys}


def localised_command(path: str, lang: str) -> str:
    """A command's name (``"kozel start"``) as the command menu of ``lang`` shows it."""
    if lang == DEFAULT:
        return path
    words = _command_words()
    return " ".join(t(words[w], lang) if w in words else w for w in path.split())
