"""Runs a Python module under cProfile with a CPU-time clock (so that time the process
spends waiting for a core of a busy machine is not counted) and writes the profile when it
ends: ``python benchmarks/profile_bot.py OUT -m MODULE ARGS...`` (the load benchmark's
``--profile``). The profile starts at SIGUSR1 (the load benchmark sends it when the play
begins, so that start-up and opening the tables are left out)."""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
import time


def main() -> None:
    out, flag, module, *args = sys.argv[1:]
    if flag != "-m":
        raise SystemExit("usage: profile_bot.py OUT -m MODULE [ARGS...]")
    sys.argv = [module, *args]
    profile = cProfile.Profile(time.process_time)
    signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit:
        pass
    finally:
        profile.disable()
        profile.dump_stats(out)


if __name__ == "__main__":
    main()
