"""The translation layer: every language has exactly the same messages with the same
arguments, every message formats without a Fluent error for the numbers 1, 2, 5 and 21,
plural forms are each language's own, and every key the code uses exists."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import babel
import discord
import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import serialize
from fluent.syntax.visitor import Visitor

from kozel_discord import i18n
from kozel_discord.engine.errors import Reason
from kozel_discord.i18n import (
    COMMANDS,
    DEFAULT,
    LANGUAGES,
    KozelTranslator,
    MissingText,
    bundle,
    fluent_id,
    lang_of,
    locale_of,
    ls,
    message_ids,
    resource,
    t,
)
from kozel_discord.ui.lobby import LobbyButton
from tests.footers import FOOTER_MARKUP

PACKAGE = Path(__file__).resolve().parents[1] / "kozel_discord"
NUMBERS = (1, 2, 5, 21)
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}
# Arguments that are numbers wherever they appear (selector arguments are numbers anyway).
NUMERIC = {
    "n", "k", "seconds", "stock", "points", "tricks", "a", "b", "da", "db", "eggs", "total",
    "page", "pages", "w", "l", "won", "played", "taken", "inflicted", "goats", "goats_eggs",
    "sw", "sl", "gw", "gl", "tables", "games", "interactions", "errors",
}  # fmt: skip
PERSONS = {"who", "user", "name", "names", "team"}
GENDERED_PAST = {"ru": r"\b\w+(ал|ил|ел|ёл|ял|ыл|ул)\b", "uk": r"\b\w+(ив|ав|ов|ув|ла)\b"}
SAMPLES = {"who": "Ольга", "names": "Alice and Bob", "user": "<@42>", "rank": "Q", "suit": "♥"}


@pytest.fixture(autouse=True)
def _no_command_ids() -> Iterator[None]:
    COMMANDS.clear()
    yield
    COMMANDS.clear()


def _messages(lang: str) -> dict[str, fluent_ast.Message]:
    return {e.id.name: e for e in resource(lang).body if isinstance(e, fluent_ast.Message)}


class _Walk(Visitor):
    """The variables, selects and function calls of one message."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.selectors: set[str] = set()
        self.selects: list[fluent_ast.SelectExpression] = []
        self.commands: list[str] = []

    def visit_VariableReference(self, node: fluent_ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: fluent_ast.SelectExpression) -> None:
        if isinstance(node.selector, fluent_ast.VariableReference):
            self.selectors.add(node.selector.id.name)
        self.selects.append(node)
        self.generic_visit(node)

    def visit_FunctionReference(self, node: fluent_ast.FunctionReference) -> None:
        for arg in node.arguments.positional:
            if node.id.name.startswith("COMMAND") and isinstance(arg, fluent_ast.StringLiteral):
                self.commands.append(arg.value)
        self.generic_visit(node)


def _walk(message: fluent_ast.Message) -> _Walk:
    walk = _Walk()
    walk.visit(message)
    return walk


def _integer_plural_categories(lang: str) -> set[str]:
    rule = babel.Locale.parse(lang).plural_form
    return {rule(n) for n in range(200)}


def test_there_are_languages_besides_english() -> None:
    assert LANGUAGES[0] == DEFAULT and {"ru", "uk", "tr"} <= set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_exactly_the_english_messages(lang: str) -> None:
    body = resource(lang).body
    assert not [e for e in body if isinstance(e, fluent_ast.Junk)], "Fluent syntax errors"
    ids = [e.id.name for e in body if isinstance(e, fluent_ast.Message)]
    assert len(ids) == len(set(ids)), "a message defined twice"
    assert set(ids) == message_ids(DEFAULT), (
        f"missing: {sorted(message_ids(DEFAULT) - set(ids))}, "
        f"extra: {sorted(set(ids) - message_ids(DEFAULT))}"
    )
    assert all(m.value is not None for m in _messages(lang).values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_takes_the_english_arguments(lang: str) -> None:
    english = _messages(DEFAULT)
    for mid, message in _messages(lang).items():
        assert _walk(message).variables == _walk(english[mid]).variables, (lang, mid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats_with_1_2_5_21(lang: str) -> None:
    b = bundle(lang)
    for mid, message in _messages(lang).items():
        walks = [_walk(_messages(other)[mid]) for other in LANGUAGES]
        numeric = set().union(*(w.selectors for w in walks)) | (walks[0].variables & NUMERIC)
        for n in NUMBERS:
            args: dict[str, Any] = {
                v: n if v in numeric else SAMPLES.get(v, f"<{v}>") for v in walks[0].variables
            }
            assert message.value is not None
            text, errors = b.format_pattern(b.get_message(mid).value, args)
            assert not errors, (lang, mid, n, errors)
            assert isinstance(text, str) and text.strip(), (lang, mid, n)
            assert not re.search(r"[{}]|\?\?\?", text), (lang, mid, n, text)
            for v in walks[0].selectors:
                # the number itself is shown (not only a word chosen by it), except that
                # English may say "once"
                if n > 1:
                    assert str(n) in text, (lang, mid, v, n, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_starts_with_a_dash_a_counts_noun_or_a_play(lang: str) -> None:
    """On a phone "• 🤖 Компьютер 4 заходит:" / "6♣", "…beats 6♣" / "— discard" and "взяла
    15" / "очков" broke at the wrong space: in every message of every language, the space
    before a dash, before the cards of a play and after a count is a no-break one."""
    for mid in _messages(lang):
        walks = [_walk(_messages(other)[mid]) for other in LANGUAGES]
        counts = set().union(*(w.selectors for w in walks))
        for n in (41, 42, 45):  # one, few, many; numbers no text has of its own
            args: dict[str, Any] = {
                v: n if v in counts else "6♣\u00a07♣" if v in i18n.CARD_ARGS else f"<{v}>"
                for v in walks[0].variables
            }
            text = t(mid.replace("-", "."), lang, **args)
            assert " —" not in text, (lang, mid, text)
            assert " 6♣" not in text, (lang, mid, text)
            for v in counts & set(args):
                assert not re.search(rf"(?<![\d.]){n} [^\W\d_]", text), (lang, mid, v, text)
    assert t("trick.lead", lang, who="A", cards="6♣").endswith("\u00a06♣")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_starts_with_a_number_and_a_dot(lang: str) -> None:
    """Discord draws a line that starts "1. " as a numbered list, indented, its number
    plain: the Turkish "1. oyun bitti" (game 1 is over) turned into list item 1. Only the
    series recap's lines are such a list on purpose."""
    for mid in _messages(lang):
        if mid == "series-game_line":
            continue
        variables = _walk(_messages(lang)[mid]).variables
        args: dict[str, Any] = {v: "6♣" if v in i18n.CARD_ARGS else 7 for v in variables}
        for line in t(mid.replace("-", "."), lang, **args).splitlines():
            assert not re.match(r"\s*\d+\.\s", line), (lang, mid, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_selects_use_the_languages_own_categories(lang: str) -> None:
    """A plural select names only plural categories of its language and covers every
    category an integer can have (Russian: one, few, many), unless its default is 'other'
    because forms coincide (Russian instrumental: 2 and 5 картами)."""
    categories = _integer_plural_categories(lang)
    for mid, message in _messages(lang).items():
        for select in _walk(message).selects:
            keys = {v.key.name for v in select.variants if isinstance(v.key, fluent_ast.Identifier)}
            if not (keys - {"other"}) & PLURAL_KEYS:
                continue  # a select on a string, such as a card's rank
            default = next(v.key for v in select.variants if v.default)
            assert keys <= categories | {"other"}, (lang, mid, keys - categories)
            if not (isinstance(default, fluent_ast.Identifier) and default.name == "other"):
                assert categories <= keys, (lang, mid, categories - keys)


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_abbreviated_plurals_or_gendered_past_tense(lang: str) -> None:
    for mid, message in _messages(lang).items():
        text = serialize(fluent_ast.Resource([message]))
        assert "(s)" not in text, (lang, mid)
        assert not re.search(r"\} (карт|card)\.", text), (lang, mid, text)
        if lang in GENDERED_PAST and _walk(message).variables & PERSONS:
            # a player may be anyone: no past tense that has a gender ("Ольга сбросил")
            assert not re.search(GENDERED_PAST[lang], text), (lang, mid, text)


def test_every_key_used_in_the_code_exists() -> None:
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\(\s*"([a-z_.0-9]+)"', source))
        used |= set(re.findall(r'\bls\(\s*"([a-z_.0-9]+)"', source))
    assert len(used) > 50, "the scan found the keys"
    assert not sorted(k for k in used if fluent_id(k) not in message_ids(DEFAULT))


def test_commands_in_texts_are_real_commands_and_become_mentions() -> None:
    names = {t(k.replace("-", "."), DEFAULT) for k in message_ids(DEFAULT) if k.endswith("-name")}
    paths = [p for lang in LANGUAGES for m in _messages(lang).values() for p in _walk(m).commands]
    assert "kozel start" in paths
    assert all(set(p.split()) <= names for p in paths), paths
    # Without the id: the name the reader's command menu shows (what they type).
    assert t("error.no_table", "ru").endswith("командой /козёл начать.")
    assert "turns on /league ranked;" in t("league.empty", "en-US")
    COMMANDS.update([("kozel", 1234567890123), ("league", 5)])
    # With it: a clickable mention, which Discord shows under the English name in every
    # client, so other languages add their own name after it.
    assert t("error.no_table", "ru").endswith(
        "командой </kozel start:1234567890123> (/козёл начать)."
    )
    assert "</league ranked:5> (/lig dereceli)" in t("league.empty", "tr")
    assert "</kozel start:1234567890123>!" in t("league.empty", "en-US")
    # An embed's footer shows plain text: there the name only, never a mention.
    assert "/league game with its #number" in t("replay.pick_hint", "en-US")
    assert "/лига кон с его" in t("replay.pick_hint", "ru")
    COMMANDS.clear()
    assert "/kozel start!" in t("league.empty", "en-US")


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
        if mid.startswith("cmd-") and mid.endswith("-name"):
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_separator_dot_never_starts_a_line(lang: str) -> None:
    # "(бубны) / · в колоде 20 карт": a phone broke before the dot. Every " · " is joined to
    # what precedes it by a no-break space, so a line may end with the dot but not begin with it.
    for mid, message in _messages(lang).items():
        text = serialize(fluent_ast.Resource([message]))
        assert " ·" not in text and '" "}·' not in text, (lang, mid)


# The texts the bot puts in embed footers, which Discord draws as plain text.
FOOTER_KEYS = {
    "lobby.rules_footer", "lobby.rules_footer_length", "fair.tricks_footer", "fair.reveal",
    "fair.reveal_check", "league.page", "replay.pick_hint", "review.legend.best",
    "review.legend.close", "review.legend.costly", "review.legend.worst",
}  # fmt: skip


def test_footer_texts_have_no_markup_in_any_language() -> None:
    # "Check it: `kozel-discord verify`" showed its backticks, and a command mention its
    # raw "</league game:123>", in the footers of real Discord.
    # every text a set_footer call names is in the list above (the others it joins are)
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text()
        for at in (m.end() for m in re.finditer(r"\.set_footer\(", source)):
            found |= set(re.findall(r'\bt\(\s*"([a-z_.]+)"', source[at : at + 160]))
    assert {"fair.tricks_footer", "replay.pick_hint"} <= found <= FOOTER_KEYS, found
    COMMANDS.update([("kozel", 1234567890123), ("league", 5)])
    for lang in LANGUAGES:
        for key in FOOTER_KEYS:
            walk = _walk(_messages(lang)[fluent_id(key)])
            args: dict[str, Any] = {v: 2 for v in walk.variables}
            text = t(key, lang, **args)
            assert not FOOTER_MARKUP.search(text), (lang, key, text)
