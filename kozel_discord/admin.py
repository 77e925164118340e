"""Commands for the people who run the bot: ``migrate``, ``doctor`` and ``invite-url``.

Each command is a function that prints its lines and returns the process exit code:

* :func:`migrate` brings the database schema up to date (Alembic ``upgrade head``).
* :func:`doctor` checks the settings, the token, the database and the shard settings, one
  line each, and says what to fix.
* :func:`invite_url` prints the OAuth2 link that adds the bot to a server, with the scopes
  :data:`INVITE_SCOPES` and the permissions :data:`BOT_PERMISSIONS`.

The Discord token is never printed or logged: at most the bot id it starts with.
Heavy imports (SQLAlchemy, Alembic) happen inside the functions, so that importing this
module for the command line stays cheap.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TextIO
from urllib.parse import urlencode

from pydantic import ValidationError

from .settings import Settings, get_settings, mask_database_url

log = logging.getLogger(__name__)

#: Seconds :func:`doctor` waits for the database.
DEFAULT_TIMEOUT = 5.0

OAUTH2_AUTHORIZE_URL = "https://discord.com/oauth2/authorize"

#: ``bot`` adds the bot user; ``applications.commands`` lets the server use its slash commands.
INVITE_SCOPES = ("bot", "applications.commands")

#: The permissions the bot asks for when it is invited, by name and bit
#: (https://discord.com/developers/docs/topics/permissions). What the bot does with them:
#: it posts the table messages, game results and series ends in the channel of ``/kozel start``
#: (Send Messages; in a thread, Send Messages in Threads), as embeds (Embed Links) with buttons
#: and select menus, and keeps editing its own table message while a game runs and after a
#: restart (Read Message History). Everything else -- slash command answers, private hands -- is
#: an interaction response, which needs no channel permission. Not asked for: Use External
#: Emojis (the bot uses Unicode emoji only), Manage Messages (it edits only its own messages),
#: Attach Files, Add Reactions, Mention Everyone; and no privileged intents.
PERMISSION_BITS: dict[str, int] = {
    "View Channels": 1 << 10,
    "Send Messages": 1 << 11,
    "Embed Links": 1 << 14,
    "Read Message History": 1 << 16,
    "Send Messages in Threads": 1 << 38,
}

#: The permission integer of the invite link: the sum of :data:`PERMISSION_BITS` (274877991936).
BOT_PERMISSIONS = sum(PERMISSION_BITS.values())

_TOKEN_PART = r"[A-Za-z0-9_-]+"
_TOKEN_RE = re.compile(rf"{_TOKEN_PART}\.{_TOKEN_PART}\.{_TOKEN_PART}")
_SNOWFLAKE_RE = re.compile(r"[0-9]{1,20}")

_PORTAL = "the Discord developer portal (https://discord.com/developers/applications)"
_TOKEN_FIX = (
    f"copy the bot token from {_PORTAL}: your application > Bot > Reset Token, "
    "and put it in .env as DISCORD_TOKEN=..."
)

Status = Literal["ok", "fail", "skip"]


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


# ------------------------------------------------------------------------------ output
def _marks(stream: TextIO) -> dict[Status, str]:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "✓✗→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return {"ok": "[ok]", "fail": "[FAIL]", "skip": "[--]"}
    return {"ok": "✓", "fail": "✗", "skip": "-"}


def _arrow(stream: TextIO) -> str:
    return "→" if _marks(stream)["ok"] == "✓" else "->"


@dataclass(frozen=True)
class Check:
    """One line of :func:`doctor`: ``status`` "skip" means not checked (an earlier check
    failed), which does not count as a problem of its own."""

    name: str
    status: Status
    detail: str
    fix: str | None = None

    def lines(self, stream: TextIO) -> list[str]:
        out = [f"{_marks(stream)[self.status]} {self.name}: {self.detail}"]
        if self.status == "fail" and self.fix:
            out.append(f"  {_arrow(stream)} {self.fix}")
        return out


# ------------------------------------------------------------------------------ settings
def setting_env_var(field_name: str) -> str:
    """The environment variable of a :class:`Settings` field (``DISCORD_TOKEN``,
    ``KOZEL_<FIELD>``)."""
    field = Settings.model_fields[field_name]
    if isinstance(field.validation_alias, str):
        return field.validation_alias
    return f"{Settings.model_config.get('env_prefix', '')}{field_name}".upper()


_ENV_VARS = {name: setting_env_var(name) for name in Settings.model_fields}
_SHARD_FIELDS = ("shard_count", "shard_ids")
_DEV_ONLY = ("discord_api_base", "discord_gateway_url", "fixed_seed")


def _error_text(error: dict[str, object]) -> str:
    message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
    loc = error.get("loc") or ()
    if isinstance(loc, tuple) and loc:
        name = str(loc[0])
        return f"{_ENV_VARS.get(name, name)}: {message}"
    return message


def _is_shard_error(error: dict[str, object]) -> bool:
    loc = error.get("loc") or ()
    if isinstance(loc, tuple) and loc:
        return loc[0] in _SHARD_FIELDS
    return "shard" in str(error.get("msg", "")).lower()


def describe_settings_error(exc: BaseException) -> str:
    """One line about why the settings do not parse, naming the environment variables and
    never repeating their values (a value could be a secret)."""
    if isinstance(exc, ValidationError):
        errors = exc.errors(include_url=False, include_input=False, include_context=False)
        return "; ".join(_error_text(dict(e)) for e in errors)
    return f"{type(exc).__name__}: {exc}"


def _where(url: str) -> str:
    """The database, for people: an SQLite file's absolute path, else the masked URL."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return mask_database_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database in (None, "", ":memory:"):
            return "an in-memory SQLite database"
        if database.startswith("file:"):
            return f"the SQLite database {database}"
        return f"the SQLite file {Path(database).resolve()}"
    return mask_database_url(url)


# ------------------------------------------------------------------------------ database
def _scrub(message: str, url: str) -> str:
    """``message`` without the database URL's password."""
    from sqlalchemy.engine import make_url

    try:
        password = make_url(url).password
    except Exception:
        password = None
        message = message.replace(url, mask_database_url(url))
    if password:
        message = message.replace(str(password), "***")
    return message


def _root_cause(exc: BaseException) -> BaseException:
    # SQLAlchemy wraps the driver's error (DBAPIError.orig), which may wrap asyncpg's.
    orig = getattr(exc, "orig", None)
    if isinstance(orig, BaseException):
        exc = orig
    cause = exc.__cause__
    return cause if cause is not None else exc


def _describe_error(exc: BaseException, url: str) -> str:
    cause = _root_cause(exc)
    text = str(cause).strip().splitlines()
    first = text[0] if text else ""
    if isinstance(cause, TimeoutError) and not first:
        first = "no answer"
    return _scrub(f"{type(cause).__name__}: {first}" if first else type(cause).__name__, url)


def _database_fix(exc: BaseException, url: str) -> str:
    cause = _root_cause(exc)
    name = type(cause).__name__
    text = str(cause).lower()
    if "sqlite" in url.split("://", 1)[0]:
        return (
            "check the file path in KOZEL_DATABASE_URL, and that the file is an SQLite "
            "database the bot's user may read and write"
        )
    if name == "InvalidPasswordError" or "password authentication failed" in text:
        return (
            "check the user and password (Docker Compose: POSTGRES_PASSWORD in .env must be "
            "the one the database volume was first created with)"
        )
    if name == "InvalidCatalogNameError" or ("database" in text and "does not exist" in text):
        return "create the database (createdb NAME) or fix its name in KOZEL_DATABASE_URL"
    if "name or service not known" in text or "nodename nor servname" in text:
        return "the host name in KOZEL_DATABASE_URL is unknown: check it"
    if isinstance(cause, (OSError, TimeoutError)):
        return (
            "is the database server running, and are host and port in KOZEL_DATABASE_URL "
            "right? (Docker Compose: docker compose ps db)"
        )
    if name in ("ArgumentError", "NoSuchModuleError"):
        return "KOZEL_DATABASE_URL is not a database URL: see .env.example"
    return "check KOZEL_DATABASE_URL and the database server's log"


def _script_heads() -> tuple[str, ...]:
    from alembic.script import ScriptDirectory

    from .store.db import alembic_config

    return tuple(ScriptDirectory.from_config(alembic_config()).get_heads())


def _known_revision(revision: str) -> bool:
    from alembic.script import ScriptDirectory

    from .store.db import alembic_config

    try:
        return ScriptDirectory.from_config(alembic_config()).get_revision(revision) is not None
    except Exception:
        return False


async def _probe(url: str, timeout: float) -> str | None:
    """Connect to the database (within ``timeout`` seconds) and return its revision."""
    from sqlalchemy import text
    from sqlalchemy.pool import NullPool

    from .store.db import create_engine, current_revision

    engine = create_engine(url, poolclass=NullPool)
    try:
        async with asyncio.timeout(timeout):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
            return await current_revision(engine)
    finally:
        await engine.dispose()


def _sqlite_missing(url: str) -> Path | None:
    """The absolute path of the SQLite file ``url`` names when that file does not exist
    (connecting would create an empty one)."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return None
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        return None
    path = Path(database).resolve()
    return None if path.exists() else path


def _in_memory_sqlite(url: str) -> bool:
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return False
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def check_database(url: str, timeout: float = DEFAULT_TIMEOUT) -> list[Check]:
    """The "database" and "migrations" lines of :func:`doctor`."""
    where = _where(url)
    if _in_memory_sqlite(url):
        return [
            Check("database", "ok", f"{where} (nothing is kept when the bot stops)"),
            Check("migrations", "skip", "applied by the bot at every start"),
        ]
    missing = _sqlite_missing(url)
    if missing is not None:
        return [
            Check(
                "database",
                "fail",
                f"the SQLite file {missing} does not exist",
                "run `kozel-discord migrate` to create it (the bot also creates it when it "
                "starts), or point KOZEL_DATABASE_URL at the right file",
            ),
            Check("migrations", "skip", "not checked (no database)"),
        ]
    try:
        revision = asyncio.run(_probe(url, timeout))
    except TimeoutError as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: no answer within {timeout:g} s",
                _database_fix(exc, url),
            ),
            Check("migrations", "skip", "not checked (database not reachable)"),
        ]
    except Exception as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: cannot connect: {_describe_error(exc, url)}",
                _database_fix(exc, url),
            ),
            Check("migrations", "skip", "not checked (database not reachable)"),
        ]
    heads = _script_heads()
    head = ", ".join(heads)
    checks = [Check("database", "ok", f"{where} is reachable")]
    if revision in heads:
        checks.append(Check("migrations", "ok", f"at revision {revision}, the latest"))
    elif revision is None:
        checks.append(
            Check(
                "migrations",
                "fail",
                f"the database has no schema yet (the latest revision is {head})",
                "run `kozel-discord migrate` (Docker Compose: docker compose run --rm migrate)",
            )
        )
    elif _known_revision(revision):
        checks.append(
            Check(
                "migrations",
                "fail",
                f"at revision {revision}, but this version of the bot needs {head}",
                "run `kozel-discord migrate` (Docker Compose: docker compose run --rm migrate)",
            )
        )
    else:
        checks.append(
            Check(
                "migrations",
                "fail",
                f"at revision {revision}, which this version of the bot does not know "
                f"(it knows up to {head})",
                "a newer version of the bot migrated this database: update the bot",
            )
        )
    return checks


# ------------------------------------------------------------------------------ checks
def _load_settings() -> tuple[Settings | None, Check, Check | None]:
    """Read the settings: (settings or None, the "settings" line, the "shards" line when the
    shard settings are what is wrong). Shard problems are reported on their own line and the
    other checks go on without sharding."""
    env_file = Path(".env")
    source = "the environment and ./.env" if env_file.is_file() else "the environment"
    try:
        settings = get_settings()
    except ValidationError as exc:
        errors = [dict(e) for e in exc.errors(include_url=False, include_input=False)]
        shard_errors = [e for e in errors if _is_shard_error(e)]
        if shard_errors and len(shard_errors) == len(errors):
            shards = Check(
                "shards",
                "fail",
                "; ".join(_error_text(e) for e in shard_errors),
                "set KOZEL_SHARD_COUNT to the total number of shards and KOZEL_SHARD_IDS to "
                "distinct ids below it, or unset both to run unsharded",
            )
            try:
                settings = Settings(shard_count=None, shard_ids=None)
            except (ValueError, OSError) as again:
                return None, _settings_failure(again, source), shards
            return settings, Check("settings", "ok", f"read from {source}"), shards
        return None, _settings_failure(exc, source), None
    except (ValueError, OSError) as exc:
        return None, _settings_failure(exc, source), None
    return settings, _settings_ok(settings, source), None


def _settings_failure(exc: BaseException, source: str) -> Check:
    return Check(
        "settings",
        "fail",
        f"cannot read them from {source}: {describe_settings_error(exc)}",
        "fix or unset the variables named here (.env.example describes every setting)",
    )


def _settings_ok(settings: Settings, source: str) -> Check:
    dev = [_ENV_VARS[name] for name in _DEV_ONLY if getattr(settings, name) is not None]
    if dev:
        return Check(
            "settings",
            "fail",
            f"development-only settings are set: {', '.join(dev)}",
            "unset them on a real server (they point the bot at a local Discord stand-in or "
            "make the deals predictable)",
        )
    return Check("settings", "ok", f"read from {source}")


def check_token(settings: Settings) -> Check:
    token = settings.discord_token.get_secret_value() if settings.discord_token else None
    info = inspect_token(token)
    if info.problem is not None:
        return Check("DISCORD_TOKEN", "fail", info.problem, _TOKEN_FIX)
    return Check(
        "DISCORD_TOKEN",
        "ok",
        f"well-formed, bot id {info.bot_id} (Discord itself checks it when the bot logs in)",
    )


def check_shards(settings: Settings) -> Check:
    count, ids = settings.shard_count, settings.shard_ids
    if count is None:
        return Check("shards", "ok", "not sharded (this process serves every server)")
    if ids is None:
        return Check("shards", "ok", f"{count} shard(s), all run by this process")
    listed = ", ".join(str(i) for i in ids)
    return Check(
        "shards",
        "ok",
        f"this process runs shard(s) {listed} of {count}; the others need their own processes",
    )


def doctor(*, timeout: float = DEFAULT_TIMEOUT, out: TextIO | None = None) -> int:
    """Check the installation, one line per check, and say what to fix.

    Lines: settings, DISCORD_TOKEN, database, migrations, shards. Exit code 0 when every
    check passed, 1 otherwise."""
    stream = out if out is not None else sys.stdout
    settings, settings_check, shard_problem = _load_settings()
    checks = [settings_check]
    if settings is None:
        reason = "not checked (the settings do not parse)"
        checks += [
            Check("DISCORD_TOKEN", "skip", reason),
            Check("database", "skip", reason),
            Check("migrations", "skip", reason),
            shard_problem or Check("shards", "skip", reason),
        ]
    else:
        checks.append(check_token(settings))
        checks += check_database(settings.database_url, timeout)
        checks.append(shard_problem or check_shards(settings))
    for check in checks:
        for line in check.lines(stream):
            print(line, file=stream)
    problems = sum(check.status == "fail" for check in checks)
    if problems:
        print(f"{problems} problem(s) found.", file=stream)
        return 1
    print("Everything looks fine.", file=stream)
    return 0


# ------------------------------------------------------------------------------ migrate
class UnknownRevisionError(Exception):
    """The database is at a revision this version of the bot does not know."""

    def __init__(self, revision: str) -> None:
        super().__init__(
            f"the database is at revision {revision}, which this version does not know"
        )
        self.revision = revision


async def _migrate(url: str) -> tuple[str | None, str | None]:
    from sqlalchemy.pool import NullPool

    from .store.db import create_engine, current_revision, upgrade_database

    async def revision() -> str | None:
        engine = create_engine(url, poolclass=NullPool)
        try:
            return await current_revision(engine)
        finally:
            await engine.dispose()

    before = None if _sqlite_missing(url) is not None else await revision()
    if before is not None and not _known_revision(before):
        raise UnknownRevisionError(before)
    await upgrade_database(url)
    return before, await revision()


def migrate(settings: Settings | None = None, *, out: TextIO | None = None) -> int:
    """``alembic upgrade head`` on the configured database; prints the revision.

    Exit code 0 on success, 1 when the migration failed, 2 when the settings do not parse."""
    stream = out if out is not None else sys.stdout
    marks, arrow = _marks(stream), _arrow(stream)
    if settings is None:
        try:
            settings = get_settings()
        except (ValueError, OSError) as exc:
            print(f"{marks['fail']} bad settings: {describe_settings_error(exc)}", file=stream)
            print(f"  {arrow} run `kozel-discord doctor` for details", file=stream)
            return 2
    url = settings.database_url
    where = _where(url)
    print(f"Migrating {where} ...", file=stream)
    try:
        before, after = asyncio.run(_migrate(url))
    except UnknownRevisionError as exc:
        print(f"{marks['fail']} migration failed: {exc}", file=stream)
        print(
            f"  {arrow} a newer version of the bot migrated this database: update the bot",
            file=stream,
        )
        return 1
    except Exception as exc:
        log.debug("migration failed", exc_info=True)
        print(f"{marks['fail']} migration failed: {_describe_error(exc, url)}", file=stream)
        print(f"  {arrow} {_database_fix(exc, url)}", file=stream)
        return 1
    if before == after:
        print(f"{marks['ok']} already at revision {after}, the latest", file=stream)
    else:
        print(
            f"{marks['ok']} migrated from revision {before or '(empty)'} to {after}, the latest",
            file=stream,
        )
    return 0


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
    marks, arrow = _marks(stream), _arrow(stream)
    source = "--application-id"
    portal_hint = (
        f"pass --application-id ID: the Application ID on the General Information page of "
        f"your application in {_PORTAL}"
    )
    app_id: int | None
    if application_id is not None:
        app_id = _snowflake(str(application_id).strip())
        if app_id is None:
            print(f"{marks['fail']} --application-id must be a number", file=stream)
            print(f"  {arrow} {portal_hint}", file=stream)
            return 2
    else:
        source = "DISCORD_TOKEN"
        try:
            settings = settings_factory()
        except (ValueError, OSError) as exc:
            print(f"{marks['fail']} bad settings: {describe_settings_error(exc)}", file=stream)
            print(f"  {arrow} {portal_hint}, or fix the settings", file=stream)
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
            print(f"{marks['fail']} {reason}", file=stream)
            print(f"  {arrow} {portal_hint}, or set DISCORD_TOKEN", file=stream)
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
    "DEFAULT_TIMEOUT",
    "INVITE_SCOPES",
    "PERMISSION_BITS",
    "Check",
    "TokenInfo",
    "UnknownRevisionError",
    "build_invite_url",
    "check_database",
    "check_shards",
    "check_token",
    "describe_settings_error",
    "doctor",
    "inspect_token",
    "invite_url",
    "migrate",
    "setting_env_var",
    "token_bot_id",
]
