"""The message files of the translation layer: every language has exactly the same
messages with the same arguments, every message formats without a Fluent error for the
numbers 1, 2, 5 and 21, plural forms are each language's own, no line breaks in the wrong
place, footers carry no markup, and every key the code uses exists."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import babel
import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import serialize
from fluent.syntax.visitor import Visitor

from kozel_discord import i18n
from kozel_discord.i18n import (
    COMMANDS,
    DEFAULT,
    LANGUAGES,
    bundle,
    fluent_id,
    message_ids,
    resource,
    t,
)
from tests.footers import FOOTER_MARKUP
from tests.i18n_helpers import NUMBERS

pytestmark = pytest.mark.usefixtures("_no_command_ids")


PACKAGE = Path(__file__).resolve().parents[1] / "kozel_discord"
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


def test_every_language_is_named_where_the_code_names_languages() -> None:
    # Keys built per language escape the scan above: a new locales/<code>/ folder showed
    # "choice.language.<code>" in /kozel settings (docs/localisation.md, adding a language).
    for lang in LANGUAGES:
        assert fluent_id(f"choice.language.{lang}") in message_ids(DEFAULT), lang
    assert fluent_id("choice.language.server") in message_ids(DEFAULT)


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
