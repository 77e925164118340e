"""``kozel-discord health``: is the bot in this working directory alive? (Docker's
HEALTHCHECK.) It reads the heartbeat file that the running bot touches every 30 seconds
while it is connected to Discord (:class:`kozel_discord.monitor.Heartbeat`).

Exit code 0 when the last beat is at most ``max_age`` seconds old, else 1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TextIO

from ..settings import describe_settings_error, get_settings

#: A beat older than this (three missed beats) means the bot is not healthy.
DEFAULT_MAX_AGE = 90.0


def health(
    *, max_age: float = DEFAULT_MAX_AGE, path: str | Path | None = None, out: TextIO | None = None
) -> int:
    stream = out if out is not None else sys.stdout
    if path is None:
        try:
            path = get_settings().heartbeat_file
        except (ValueError, OSError) as exc:
            print(f"unhealthy: bad settings: {describe_settings_error(exc)}", file=stream)
            return 1
    file = Path(path)
    try:
        age = time.time() - file.stat().st_mtime
    except OSError:
        print(f"unhealthy: no heartbeat in {file} (the bot is not connected yet)", file=stream)
        return 1
    if age > max_age:
        print(
            f"unhealthy: the last heartbeat is {age:.0f} s old (more than {max_age:g})", file=stream
        )
        return 1
    print(f"healthy: the last heartbeat is {age:.0f} s old", file=stream)
    return 0


__all__ = ["DEFAULT_MAX_AGE", "health"]
