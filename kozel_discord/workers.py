"""Worker process pools that never outlive the bot.

The bot draws pictures and runs the hard computer players in worker processes. When the bot
dies without closing its pools (SIGKILL, an out-of-memory kill, a crash of the interpreter)
the workers are not told: they would wait for work forever, each holding its memory. Every
worker therefore watches its parent and exits as soon as the bot is gone (its parent process
id changes when it is adopted).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

PARENT_CHECK_SECONDS = 0.5
"""How often a worker checks that the bot is still alive."""


def spawn_pool(processes: int) -> ProcessPoolExecutor:
    """A pool of ``processes`` workers started with "spawn" (a clean child, never a fork of a
    process with running threads), each exiting when the process that made the pool dies."""
    return ProcessPoolExecutor(
        max_workers=processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch_parent,
        initargs=(os.getpid(),),
    )


def _watch_parent(parent: int) -> None:
    """Worker initializer: a daemon thread that ends the worker when ``parent`` is gone."""
    if os.getppid() != parent:  # the bot died while this worker was starting
        os._exit(0)
    threading.Thread(
        target=_exit_with, args=(parent,), name="kozel-parent-watch", daemon=True
    ).start()


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)  # no cleanup to do: the work of a dead bot has nobody to go to
