"""The translation layer: English and Russian say the same things, and every key the code
uses exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import discord
import pytest

from kozel_discord.i18n import KozelTranslator, catalog, lang_of, ls, t

PACKAGE = Path(__file__).resolve().parents[1] / "kozel_discord"


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_languages_have_the_same_keys_and_placeholders() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert set(en) == set(ru)
    for key in en:
        assert _fields(en[key]) == _fields(ru[key]), key
        assert ru[key].strip(), key


def test_every_key_used_in_the_code_exists() -> None:
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\(\s*"([a-z_.0-9]+)"', source))
        used |= set(re.findall(r'\bls\(\s*"([a-z_.0-9]+)"', source))
    assert used, "the scan found the keys"
    missing = sorted(k for k in used if k not in catalog("en"))
    assert not missing


def test_locale_choice_and_filling() -> None:
    assert lang_of("ru") == "ru" and lang_of(discord.Locale.russian) == "ru"
    assert lang_of("en-GB") == "en" and lang_of(None) == "en" and lang_of("de") == "en"
    assert t("error.seat_taken", "ru", seat=3) == "Место 3 занято."
    assert t("error.seat_taken", "en-US", seat=3) == "Seat 3 is taken."
    assert t("no.such.key", "en") == "no.such.key"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_command_names_and_descriptions_fit_discord(lang: str) -> None:
    texts = catalog(lang)
    for key, value in texts.items():
        if key.startswith("cmd.") and key.endswith(".name"):
            assert re.fullmatch(r"[-_\w]{1,32}", value) and value == value.lower(), key
        elif key.startswith(("cmd.", "choice.")):
            assert 1 <= len(value) <= 100, key


async def test_translator_gives_russian_command_names() -> None:
    translator = KozelTranslator()
    name = ls("cmd.kozel.name")
    ru = await translator.translate(name, discord.Locale.russian, None)  # type: ignore[arg-type]
    en = await translator.translate(name, discord.Locale.british_english, None)  # type: ignore[arg-type]
    assert ru == "козёл" and en is None
