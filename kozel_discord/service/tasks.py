"""Small asyncio helpers shared by the service and the presenter."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any


async def cancel_and_wait(tasks: Iterable[asyncio.Task[Any]]) -> None:
    """Cancel the tasks and wait until each has ended; their errors are not raised (the
    tasks log their own). The current task is never cancelled."""
    current = asyncio.current_task()
    pending = [task for task in tasks if task is not current]
    for task in pending:
        task.cancel()
    for task in pending:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
