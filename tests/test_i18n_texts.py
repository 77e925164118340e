"""Particular texts of the translation layer: the plural forms of each language, eggs and
card counts in the score lines; the choice of a language for a reader or a server; and the
texts the bot's parts need (lobby buttons, refusal reasons, command names)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from kozel_discord import i18n
from kozel_discord.engine.errors import Reason
from kozel_discord.i18n import (
    LANGUAGES,
    KozelTranslator,
    MissingText,
    bundle,
    fluent_id,
    lang_of,
    locale_of,
    ls,
    message_ids,
    t,
)
from kozel_discord.ui.lobby import LobbyButton
from tests.i18n_helpers import NUMBERS

pytestmark = pytest.mark.usefixtures("_no_command_ids")


def test_russian_plural_forms() -> None:
    def forms(key: str, var: str, **other: Any) -> list[str]:
        return [t(key, "ru", **{var: n}, **other) for n in NUMBERS]

    assert forms("table.tricks", "n") == [
        "1\u00a0взятка",
        "2\u00a0взятки",
        "5\u00a0взяток",
        "21\u00a0взятка",
    ]
    assert forms("table.trick", "k") == [
        "Текущая взятка (по 1\u00a0карте)",
        "Текущая взятка (по 2\u00a0карты)",
        "Текущая взятка (по 5\u00a0карт)",
        "Текущая взятка (по 21\u00a0карте)",
    ]
    assert forms("move.discard", "n", who="Ольга") == [
        "Ольга: сброс, 1\u00a0карта.",
        "Ольга: сброс, 2\u00a0карты.",
        "Ольга: сброс, 5\u00a0карт.",
        "Ольга: сброс, 21\u00a0карта.",
    ]
    assert forms("result.reason.no_trick", "dp", team="Команда Б") == [
        "**Команда Б получает 1\u00a0штрафное\u00a0очко**: ни одной взятки.",
        "**Команда Б получает 2\u00a0штрафных\u00a0очка**: ни одной взятки.",
        "**Команда Б получает 5\u00a0штрафных\u00a0очков**: ни одной взятки.",
        "**Команда Б получает 21\u00a0штрафное\u00a0очко**: ни одной взятки.",
    ]
    assert [t("opt.discard_desc_foes", "ru", points=n) for n in NUMBERS] == [
        "соперникам 1\u00a0очко",
        "соперникам 2\u00a0очка",
        "соперникам 5\u00a0очков",
        "соперникам 21\u00a0очко",
    ]


def test_ukrainian_and_turkish_plural_forms() -> None:
    assert [t("table.tricks", "uk", n=n) for n in NUMBERS] == [
        "1\u00a0взятка",
        "2\u00a0взятки",
        "5\u00a0взяток",
        "21\u00a0взятка",
    ]
    # A number of cards never ends a line without its noun: they are joined by a no-break space.
    assert [t("result.reason.no_trick", "uk", team="Команда А", dp=n) for n in NUMBERS] == [
        "**Команда А отримує 1\u00a0штрафне\u00a0очко**: жодної взятки.",
        "**Команда А отримує 2\u00a0штрафні\u00a0очки**: жодної взятки.",
        "**Команда А отримує 5\u00a0штрафних\u00a0очок**: жодної взятки.",
        "**Команда А отримує 21\u00a0штрафне\u00a0очко**: жодної взятки.",
    ]
    # Turkish keeps the noun singular after a number.
    assert [t("table.tricks", "tr", n=n) for n in NUMBERS] == [
        "1\u00a0el",
        "2\u00a0el",
        "5\u00a0el",
        "21\u00a0el",
    ]


def test_english_plural_forms() -> None:
    assert [t("move.lead", "en-GB", who="Alice", n=n) for n in NUMBERS] == [
        "Alice led 1\u00a0card.",
        "Alice led 2\u00a0cards.",
        "Alice led 5\u00a0cards.",
        "Alice led 21\u00a0cards.",
    ]
    assert t("profile.goats_value", "en", n=1, eggs=0) == "once"  # no "(0\u00a0with eggs)"
    assert t("profile.goats_value", "en", n=2, eggs=1) == "2\u00a0times (1\u00a0with eggs)"


def test_locale_choice_and_filling() -> None:
    assert lang_of("ru") == "ru" and lang_of(discord.Locale.russian) == "ru"
    assert lang_of("en-GB") == "en" and lang_of(None) == "en" and lang_of("de") == "en"
    assert lang_of("RU") == "ru" and lang_of("ru-RU") == "ru"
    assert lang_of(discord.Locale.ukrainian) == "uk" and lang_of(discord.Locale.turkish) == "tr"
    assert t("error.seat_taken", "ru", seat=3) == "Место 3 занято."
    assert t("error.seat_taken", "en-US", seat=3) == "Seat 3 is taken."
    with pytest.raises(MissingText):  # the suite runs strict (tests/conftest.py)
        t("no.such.key", "en")


def test_outside_the_tests_a_missing_text_shows_its_key_and_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(i18n, "STRICT", False)
    assert t("no.such.key.either", "en") == "no.such.key.either"
    assert "missing text 'no.such.key.either'" in caplog.text


def test_every_lobby_button_has_its_label_in_every_language() -> None:
    """The lobby's buttons take their labels by name (``lobby.<action>``): a removed text
    once showed "lobby.begin" on the Start button."""
    for lang in LANGUAGES:
        for action in LobbyButton.STYLES:
            assert bundle(lang).has_message(fluent_id(f"lobby.{action}")), (lang, action)


def test_every_refusal_reason_has_its_text() -> None:
    for lang in LANGUAGES:
        for reason in Reason:
            assert bundle(lang).has_message(fluent_id(f"reason.{reason.value}")), (lang, reason)


def test_one_locale_helper_for_interactions() -> None:
    def interaction(user: discord.Locale, guild: discord.Locale | None) -> Any:
        return cast(Any, SimpleNamespace(locale=user, guild_locale=guild))

    ru_user_en_server = interaction(discord.Locale.russian, discord.Locale.american_english)
    assert locale_of(ru_user_en_server) == "ru"
    assert locale_of(ru_user_en_server, public=True) == "en-US"
    assert locale_of(interaction(discord.Locale.russian, None), public=True) == "ru"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_command_names_and_descriptions_fit_discord(lang: str) -> None:
    for mid in message_ids(lang):
        value = t(mid.replace("-", "."), lang)
        if mid.startswith("cmd-") and mid.endswith(("-name", "_name")):  # commands, options
            assert re.fullmatch(r"[-_\w]{1,32}", value) and value == value.lower(), mid
        elif mid.startswith(("cmd-", "choice-")):
            assert 1 <= len(value) <= 100, mid


async def test_translator_gives_russian_command_names() -> None:
    translator = KozelTranslator()
    name = ls("cmd.kozel.name")
    assert name.message == "kozel"
    ru = await translator.translate(name, discord.Locale.russian, None)  # type: ignore[arg-type]
    en = await translator.translate(name, discord.Locale.british_english, None)  # type: ignore[arg-type]
    assert ru == "козёл" and en is None
    start = ls("cmd.start.name")
    uk = await translator.translate(start, discord.Locale.ukrainian, None)  # type: ignore[arg-type]
    tr = await translator.translate(start, discord.Locale.turkish, None)  # type: ignore[arg-type]
    assert (uk, tr) == ("почати", "başlat")


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "tr"])
def test_series_score_names_eggs_only_when_there_were_some(lang: str) -> None:
    """ "eggs: 0" under every summary was noise a newcomer could not read; with eggs, the
    score says what they were (60 : 60), in the language's plural form."""
    none = t("table.series_score", lang, a=2, b=4, eggs=0)
    assert none.endswith("4") and "60" not in none
    some = [t("table.series_score", lang, a=2, b=4, eggs=n) for n in NUMBERS]
    assert all(s.startswith(none + "\u00a0· ") and s.endswith("(60 : 60)") for s in some)
    if lang == "ru":
        assert [s.removeprefix(none) for s in some] == [
            "\u00a0· 1\u00a0яйцо (60 : 60)",
            "\u00a0· 2\u00a0яйца (60 : 60)",
            "\u00a0· 5\u00a0яиц (60 : 60)",
            "\u00a0· 21\u00a0яйцо (60 : 60)",
        ]
    if lang == "en":
        assert some[0].endswith("· 1\u00a0egg (60 : 60)") and some[1].endswith(
            "· 2\u00a0eggs (60 : 60)"
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_of_cards_keeps_its_noun_on_its_line(lang: str) -> None:
    # "в колоде 20 / карт" broke across lines on a phone: the number and its noun are
    # joined by a no-break space in every language and every plural form.
    for n in NUMBERS:
        texts = [
            t("table.trump", lang, card="Q♦", suit="♦", stock=n),
            t("board.trump", lang, card="Q♦", suit="♦", stock=n),
        ]
        for text in texts:
            assert re.search(rf"\b{n}\u00a0\w", text), (lang, text)
        # and the board's stock count stays with its label ("в колоде: / 0 карт"), written
        # as the table writes it ("в колоде 4 карты" there, "в колоде: 0 карт" here differed)
        assert re.search(rf"\w:?\u00a0{n}\u00a0\w", texts[1]), (lang, texts[1])
        if lang in ("ru", "uk"):
            stock = [x.split("· ")[1].replace("\u00a0", " ") for x in texts]
            assert stock[0] == stock[1], (lang, texts)
    # and "trump Q♦" in the trick's heading does not leave its card alone on the next line
    assert t("table.trump_short", lang, card="Q♦").endswith("\u00a0Q♦")


def test_the_series_recap_names_eggs_only_when_there_were_some() -> None:
    assert t("series.recap_counts", "en-US", games=5, eggs=0) == "5\u00a0games"
    assert t("series.recap_counts", "en-US", games=5, eggs=1) == "5\u00a0games\u00a0· 1\u00a0egg"
    assert t("series.recap_counts", "ru", games=5, eggs=0) == "5\u00a0конов"
    assert t("series.recap_counts", "ru", games=2, eggs=2) == "2\u00a0кона\u00a0· 2\u00a0яйца"
    assert t("series.recap_counts", "uk", games=1, eggs=5) == "1\u00a0кін\u00a0· 5\u00a0яєць"
    # Turkish: a game is "oyun"; "el" is a trick ("5\u00a0el" read as five tricks).
    assert t("series.recap_counts", "tr", games=5, eggs=0) == "5\u00a0oyun"
    assert t("series.recap_counts", "tr", games=5, eggs=2) == "5\u00a0oyun\u00a0· 2\u00a0yumurta"
    assert t("series.games", "tr").startswith("Oyunlar:")
