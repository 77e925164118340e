"""The admin commands' token checks and ``invite-url`` (kozel_discord.cli.tokens).

Every test runs in an empty working directory with none of the bot's variables set (the
``clean_env`` fixture of conftest.py), so that neither the developer's environment nor a
``.env`` file leaks in. The token must never be printed: every test that sets one checks
all of stdout, stderr and the log.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from kozel_discord.cli import tokens
from kozel_discord.settings import Settings
from tests.cli.admin_helpers import BOT_ID, TOKEN, assert_no_secret, make_token

pytestmark = pytest.mark.usefixtures("clean_env")


# ------------------------------------------------------------------------------ tokens
def test_inspect_token_reads_the_bot_id() -> None:
    info = tokens.inspect_token(TOKEN)
    assert info.ok and info.problem is None
    assert info.bot_id == BOT_ID == tokens.token_bot_id(TOKEN)
    assert tokens.inspect_token(f"  {TOKEN}\n").bot_id == BOT_ID  # discord.py strips it too


@pytest.mark.parametrize(
    ("token", "says"),
    [
        (None, "not set"),
        ("", "not set"),
        ("   ", "not set"),
        (f"Bot {TOKEN}", "'Bot '"),
        (f'"{TOKEN}"', "quotes"),
        (f"{TOKEN} {TOKEN}", "spaces"),
        (str(BOT_ID), "a number"),
        ("q" * 32, "client secret"),
        ("ab" * 32, "public key"),
        ("just-some-text", "three parts"),
        ("a.b", "three parts"),
        (TOKEN.replace(".", ".$", 1), "three parts"),
        (make_token("not-a-number"), "bot id"),
        ("!!!!." + TOKEN.split(".", 1)[1], "three parts"),
        ("AAAA.bbbb.cccc", "bot id"),  # decodes to bytes that are no id
        (make_token(0), "bot id"),
    ],
)
def test_inspect_token_says_what_is_wrong(token: str | None, says: str) -> None:
    info = tokens.inspect_token(token)
    assert not info.ok and info.bot_id is None
    assert info.problem is not None and says in info.problem
    if token and token.strip():
        assert token.strip() not in info.problem


# ------------------------------------------------------------------------------ invite-url
def test_permission_integer() -> None:
    assert tokens.BOT_PERMISSIONS == 309237763072
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        create_public_threads=True,
        send_messages_in_threads=True,
        embed_links=True,
        attach_files=True,  # each table message carries its picture as an upload
        read_message_history=True,
    )
    assert expected.value == tokens.BOT_PERMISSIONS
    # what a table needs in its channel (ui.permissions) is all asked for
    from kozel_discord.ui.permissions import NEEDED

    assert all(getattr(discord.Permissions(tokens.BOT_PERMISSIONS), name) for name in NEEDED)
    # Each named bit is the discord.py flag of that name.
    for name, bit in tokens.PERMISSION_BITS.items():
        flag = name.lower().replace(" ", "_").replace("channels", "channel")
        assert getattr(discord.Permissions, flag).flag == bit, name
    granted = discord.Permissions(tokens.BOT_PERMISSIONS)
    for needless in (
        "administrator",
        "manage_messages",
        "manage_guild",
        "mention_everyone",
        "external_emojis",
        "add_reactions",
    ):
        assert not getattr(granted, needless), needless


def test_bot_needs_no_privileged_intents() -> None:
    from kozel_discord.bot import KozelBot

    bot = KozelBot(Settings(_env_file=None))  # type: ignore[call-arg]
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)


def query_of(url: str) -> dict[str, list[str]]:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == tokens.OAUTH2_AUTHORIZE_URL
    return parse_qs(parts.query)


def test_build_invite_url() -> None:
    query = query_of(tokens.build_invite_url(BOT_ID))
    assert query["client_id"] == [str(BOT_ID)]
    assert query["permissions"] == [str(tokens.BOT_PERMISSIONS)]
    assert query["scope"] == ["bot applications.commands"]
    assert query["scope"][0].split() == list(tokens.INVITE_SCOPES)
    assert set(query) == {"client_id", "permissions", "scope"}


def printed_url(out: str) -> str:
    urls = [line for line in out.splitlines() if line.startswith("https://")]
    assert len(urls) == 1, out
    return urls[0]


def test_invite_url_with_application_id(capsys: pytest.CaptureFixture[str]) -> None:
    def no_settings() -> Settings:
        raise AssertionError("the settings are not needed")

    assert tokens.invite_url("987654321098765432", settings_factory=no_settings) == 0
    out = capsys.readouterr().out
    assert query_of(printed_url(out))["client_id"] == ["987654321098765432"]
    assert "scopes: bot applications.commands" in out
    assert "View Channels, Send Messages, Embed Links, Attach Files, Read Message History" in out
    assert str(tokens.BOT_PERMISSIONS) in out


def test_invite_url_from_the_token(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert tokens.invite_url() == 0
    captured = capsys.readouterr()
    assert_no_secret(captured.out, captured.err, caplog.text)
    assert query_of(printed_url(captured.out))["client_id"] == [str(BOT_ID)]
    assert "from DISCORD_TOKEN" in captured.out


def test_invite_url_without_any_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert tokens.invite_url() == 2
    out = capsys.readouterr().out
    assert "https://discord.com/oauth2" not in out
    assert "--application-id" in out and "DISCORD_TOKEN is not set" in out


def test_invite_url_with_a_malformed_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", f"Bot {TOKEN}")
    assert tokens.invite_url() == 2
    out = capsys.readouterr().out
    assert_no_secret(out)
    assert "'Bot '" in out and "--application-id" in out


@pytest.mark.parametrize("bad", ["abc", "-5", "0", "12.5", str(1 << 64)])
def test_invite_url_with_a_bad_application_id(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert tokens.invite_url(bad) == 2
    assert "must be a number" in capsys.readouterr().out
