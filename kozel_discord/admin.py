"""Commands for the people who run the bot: ``migrate`` and ``doctor`` (``invite-url`` is
:mod:`kozel_discord.invite`).

Each command is a function that prints its lines and returns the process exit code:

* :func:`migrate` brings the database schema up to date (Alembic ``upgrade head``).
* :func:`doctor` checks the settings, the token, the database and the shard settings, one
  line each, and says what to fix.

The Discord token is never printed or logged: at most the bot id it starts with.
The database is examined by :mod:`kozel_discord.store.diagnostics`, imported inside the
functions, so that importing this module for the command line stays cheap.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from .cli_text import (
    ENV_VARS,
    Check,
    arrow_of,
    describe_settings_error,
    error_text,
    is_shard_error,
    marks_of,
)
from .invite import TOKEN_FIX, inspect_token
from .settings import Settings, get_settings

log = logging.getLogger(__name__)

#: Seconds :func:`doctor` waits for the database.
DEFAULT_TIMEOUT = 5.0

_DEV_ONLY = ("discord_api_base", "discord_gateway_url", "fixed_seed")


def _script_heads() -> tuple[str, ...]:
    from .store import diagnostics

    return diagnostics.script_heads()


def _known_revision(revision: str) -> bool:
    from .store import diagnostics

    return diagnostics.known_revision(revision)


def check_database(url: str, timeout: float = DEFAULT_TIMEOUT) -> list[Check]:
    """The "database" and "migrations" lines of :func:`doctor`."""
    from .store.diagnostics import (
        database_fix,
        describe_error,
        describe_location,
        in_memory_sqlite,
        probe,
        sqlite_missing,
    )

    where = describe_location(url)
    if in_memory_sqlite(url):
        return [
            Check("database", "ok", f"{where} (nothing is kept when the bot stops)"),
            Check("migrations", "skip", "applied by the bot at every start"),
        ]
    missing = sqlite_missing(url)
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
        revision = asyncio.run(probe(url, timeout))
    except TimeoutError as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: no answer within {timeout:g} s",
                database_fix(exc, url),
            ),
            Check("migrations", "skip", "not checked (database not reachable)"),
        ]
    except Exception as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: cannot connect: {describe_error(exc, url)}",
                database_fix(exc, url),
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
        shard_errors = [e for e in errors if is_shard_error(e)]
        if shard_errors and len(shard_errors) == len(errors):
            shards = Check(
                "shards",
                "fail",
                "; ".join(error_text(e) for e in shard_errors),
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
    dev = [ENV_VARS[name] for name in _DEV_ONLY if getattr(settings, name) is not None]
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
        return Check("DISCORD_TOKEN", "fail", info.problem, TOKEN_FIX)
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
    from .store.db import upgrade_database
    from .store.diagnostics import revision_at, sqlite_missing

    before = None if sqlite_missing(url) is not None else await revision_at(url)
    if before is not None and not _known_revision(before):
        raise UnknownRevisionError(before)
    await upgrade_database(url)
    return before, await revision_at(url)


def migrate(settings: Settings | None = None, *, out: TextIO | None = None) -> int:
    """``alembic upgrade head`` on the configured database; prints the revision.

    Exit code 0 on success, 1 when the migration failed, 2 when the settings do not parse."""
    stream = out if out is not None else sys.stdout
    marks, arrow = marks_of(stream), arrow_of(stream)
    if settings is None:
        try:
            settings = get_settings()
        except (ValueError, OSError) as exc:
            print(f"{marks['fail']} bad settings: {describe_settings_error(exc)}", file=stream)
            print(f"  {arrow} run `kozel-discord doctor` for details", file=stream)
            return 2
    from .store.diagnostics import database_fix, describe_error, describe_location

    url = settings.database_url
    where = describe_location(url)
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
        print(f"{marks['fail']} migration failed: {describe_error(exc, url)}", file=stream)
        print(f"  {arrow} {database_fix(exc, url)}", file=stream)
        return 1
    if before == after:
        print(f"{marks['ok']} already at revision {after}, the latest", file=stream)
    else:
        print(
            f"{marks['ok']} migrated from revision {before or '(empty)'} to {after}, the latest",
            file=stream,
        )
    return 0
