"""The bot token and the invite link: ``kozel-discord invite-url``.

The Discord token is never printed or logged: at most the bot id it starts with.
"""

from __future__ import annotations

import base64
import binascii
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO
from urllib.parse import urlencode

from ..settings import Settings, describe_settings_error, get_settings
from .output import arrow, marks

OAUTH2_AUTHORIZE_URL = "https://discord.com/oauth2/authorize"

#: ``bot`` adds the bot user; ``applications.commands`` lets the server use its slash commands.
INVITE_SCOPES = ("bot", "applications.commands")

#: The permissions the bot asks for when it is invited, by name and bit
#: (https://discord.com/developers/docs/topics/permissions). What the bot does with them:
#: it posts the table messages, game results and series ends in the channel of ``/kozel start``
#: (Send Messages), or in a thread of it per table (Create Public Threads, Send Messages in
#: Threads; ``/kozel settings threads:``), as embeds (Embed Links) with buttons and select
#: menus, each table message with its picture as an upload (Attach Files), and keeps editing
#: its own table message while a game runs and after a restart (Read Message History).
#: Everything else -- slash command answers, private hands -- is an interaction response,
#: which needs no channel permission. Not asked for: Use External Emojis (the card faces are
#: the bot's own application emojis, usable everywhere), Manage Messages (it edits only its
#: own messages), Add Reactions, Mention Everyone; and no privileged intents.
PERMISSION_BITS: dict[str, int] = {
    "View Channels": 1 << 10,
    "Send Messages": 1 << 11,
    "Embed Links": 1 << 14,
    "Attach Files": 1 << 15,
    "Read Message History": 1 << 16,
    "Create Public Threads": 1 << 35,
    "Send Messages in Threads": 1 << 38,
}

#: The permission integer of the invite link: the sum of :data:`PERMISSION_BITS` (309237763072).
BOT_PERMISSIONS = sum(PERMISSION_BITS.values())

_TOKEN_PART = r"[A-Za-z0-9_-]+"
_TOKEN_RE = re.compile(rf"{_TOKEN_PART}\.{_TOKEN_PART}\.{_TOKEN_PART}")
_SNOWFLAKE_RE = re.compile(r"[0-9]{1,20}")

PORTAL = "the Discord developer portal (https://discord.com/developers/applications)"
TOKEN_FIX = (
    f"copy the bot token from {PORTAL}: your application > Bot > Reset Token, "
    "and put it in .env as DISCORD_TOKEN=..."
)


# ------------------------------------------------------------------------------ token
@dataclass(frozen=True)
class TokenInfo:
    """What can be told about a token without Discord: never the token itself."""

    bot_id: int | None  # the id in the token's first part, when well-formed
    problem: str | None  # why it is not a bot token (one line), None when well-formed

    @property
    def ok(self) -> bool:
        return self.problem is None


def _snowflake(text: str) -> int | None:
    if not _SNOWFLAKE_RE.fullmatch(text):
        return None
    value = int(text)
    return value if 0 < value < 1 << 64 else None


def inspect_token(token: str | None) -> TokenInfo:
    """Check that ``token`` looks like a Discord bot token: three base64url parts separated by
    dots, the first of which decodes to the bot's numeric id. Says nothing about whether
    Discord accepts it (only a login tells)."""
    if token is None or not token.strip():
        return TokenInfo(None, "not set")
    token = token.strip()  # discord.py strips the token too
    if token[0] in "'\"" or token[-1] in "'\"":
        return TokenInfo(None, "is wrapped in quotes: remove them")
    if token.lower().startswith("bot "):
        return TokenInfo(None, "starts with 'Bot ': put only the token itself in DISCORD_TOKEN")
    if any(c.isspace() for c in token):
        return TokenInfo(None, "contains spaces: it was copied with something else")
    if token.isdigit():
        return TokenInfo(None, "is a number (an application or user id), not the bot token")
    if "." not in token and len(token) == 32:
        return TokenInfo(None, "looks like the OAuth2 client secret, not the bot token")
    if re.fullmatch(r"[0-9a-fA-F]{64}", token):
        return TokenInfo(None, "looks like the application's public key, not the bot token")
    if not _TOKEN_RE.fullmatch(token):
        return TokenInfo(None, "is not a bot token (three parts separated by dots)")
    first = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        decoded = ""
    bot_id = _snowflake(decoded)
    if bot_id is None:
        return TokenInfo(None, "does not start with a bot id: it is damaged or not a bot token")
    return TokenInfo(bot_id, None)


def token_bot_id(token: str | None) -> int | None:
    """The bot's user id from a well-formed token (its application id, for every bot made
    since 2016), or None."""
    return inspect_token(token).bot_id


# ------------------------------------------------------------------------------ invite
def build_invite_url(application_id: int, permissions: int = BOT_PERMISSIONS) -> str:
    """The OAuth2 link that adds application ``application_id`` to a server with
    :data:`INVITE_SCOPES` and ``permissions``."""
    query = urlencode(
        {
            "client_id": str(application_id),
            "permissions": str(permissions),
            "scope": " ".join(INVITE_SCOPES),
        }
    )
    return f"{OAUTH2_AUTHORIZE_URL}?{query}"


def invite_url(
    application_id: str | int | None = None,
    *,
    settings_factory: Callable[[], Settings] = get_settings,
    out: TextIO | None = None,
) -> int:
    """Print the invite link. The application id is ``application_id`` or, without it, the id
    in ``DISCORD_TOKEN``. Exit code 0, or 2 when no application id is available."""
    stream = out if out is not None else sys.stdout
    marks_, arrow_ = marks(stream), arrow(stream)
    source = "--application-id"
    portal_hint = (
        f"pass --application-id ID: the Application ID on the General Information page of "
        f"your application in {PORTAL}"
    )
    app_id: int | None
    if application_id is not None:
        app_id = _snowflake(str(application_id).strip())
        if app_id is None:
            print(f"{marks_['fail']} --application-id must be a number", file=stream)
            print(f"  {arrow_} {portal_hint}", file=stream)
            return 2
    else:
        source = "DISCORD_TOKEN"
        try:
            settings = settings_factory()
        except (ValueError, OSError) as exc:
            print(f"{marks_['fail']} bad settings: {describe_settings_error(exc)}", file=stream)
            print(f"  {arrow_} {portal_hint}, or fix the settings", file=stream)
            return 2
        token = settings.discord_token.get_secret_value() if settings.discord_token else None
        info = inspect_token(token)
        app_id = info.bot_id
        if app_id is None:
            if token is None or not token.strip():
                reason = "no application id: --application-id is not given and DISCORD_TOKEN "
                reason += "is not set"
            else:
                reason = f"no application id: DISCORD_TOKEN {info.problem}"
            print(f"{marks_['fail']} {reason}", file=stream)
            print(f"  {arrow_} {portal_hint}, or set DISCORD_TOKEN", file=stream)
            return 2
    names = ", ".join(PERMISSION_BITS)
    print("Open this link and pick your server (you need Manage Server there):", file=stream)
    print(build_invite_url(app_id), file=stream)
    print(f"  application id: {app_id} (from {source})", file=stream)
    print(f"  scopes: {' '.join(INVITE_SCOPES)}", file=stream)
    print(f"  permissions: {BOT_PERMISSIONS} = {names}", file=stream)
    return 0


__all__ = [
    "BOT_PERMISSIONS",
    "INVITE_SCOPES",
    "OAUTH2_AUTHORIZE_URL",
    "PERMISSION_BITS",
    "TokenInfo",
    "build_invite_url",
    "inspect_token",
    "invite_url",
    "token_bot_id",
]
