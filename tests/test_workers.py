"""Worker pools never outlive the bot: SIGKILL the process that made a pool, and its
workers exit on their own instead of waiting for work forever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from kozel_discord.workers import PARENT_CHECK_SECONDS

SCRIPT = """
import os, sys
from kozel_discord.workers import spawn_pool

if __name__ == "__main__":
    pool = spawn_pool(2)
    for f in [pool.submit(os.getpid) for _ in range(16)]:  # every worker starts
        f.result()
    print(*sorted(pool._processes), flush=True)
    sys.stdin.read()  # until the test kills this process
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped) is gone as far as work goes
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_the_workers_of_a_killed_bot_exit_on_their_own() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert owner.stdout is not None
        workers = [int(p) for p in owner.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(p) for p in workers)
        owner.send_signal(signal.SIGKILL)
        owner.wait(timeout=10)
        # Each worker notices within PARENT_CHECK_SECONDS; allow a loaded machine plenty more.
        deadline = time.monotonic() + 60 * PARENT_CHECK_SECONDS
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [p for p in workers if _alive(p)], "workers outlived the killed bot"
    finally:
        owner.kill()
        for p in workers if "workers" in locals() else []:
            if _alive(p):
                os.kill(p, signal.SIGKILL)


def test_a_pool_of_a_living_bot_keeps_working() -> None:
    from kozel_discord.workers import spawn_pool

    with spawn_pool(1) as pool:
        assert pool.submit(os.getpid).result(timeout=60) != os.getpid()
