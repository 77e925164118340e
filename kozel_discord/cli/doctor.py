"""``kozel-discord doctor``: checks the settings, the token, the database and the shard
settings, one line each, and says what to fix."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from ..settings import (
    Settings,
    describe_settings_error,
    get_settings,
    setting_env_var,
    settings_errors,
)
from .database import DEFAULT_TIMEOUT, check_database
from .output import Check
from .tokens import TOKEN_FIX, inspect_token

_ENV_VARS = {name: setting_env_var(name) for name in Settings.model_fields}
_SHARD_FIELDS = ("shard_count", "shard_ids")
_DEV_ONLY = ("discord_api_base", "discord_gateway_url", "fixed_seed")


def _is_shard_error(error: tuple[str | None, str]) -> bool:
    name, message = error
    if name is not None:
        return name in _SHARD_FIELDS
    return "shard" in message.lower()


def _load_settings() -> tuple[Settings | None, Check, Check | None]:
    """Read the settings: (settings or None, the "settings" line, the "shards" line when the
    shard settings are what is wrong). Shard problems are reported on their own line and the
    other checks go on without sharding."""
    env_file = Path(".env")
    source = "the environment and ./.env" if env_file.is_file() else "the environment"
    try:
        settings = get_settings()
    except ValidationError as exc:
        errors = settings_errors(exc)
        shard_errors = [e for e in errors if _is_shard_error(e)]
        if shard_errors and len(shard_errors) == len(errors):
            shards = Check(
                "shards",
                "fail",
                "; ".join(f"{setting_env_var(n)}: {m}" if n else m for n, m in shard_errors),
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


__all__ = ["check_shards", "check_token", "doctor"]
