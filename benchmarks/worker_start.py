"""CPU time a hard-computer worker process needs to start: what it imports now (``ai`` and
``engine``) beside what it imported before (``kozel_discord.cli`` through the installed
script, and ``kozel_discord.service`` with the store), side by side, fresh processes each.

    python -m benchmarks.worker_start [--rounds 5]

Prints each round's CPU seconds per worker (children's user+system time) and the ratio.
"""

from __future__ import annotations

import argparse
import resource
import statistics

from kozel_discord.ai import worker
from kozel_discord.workers import spawn_pool

BEFORE = ("kozel_discord.cli", "kozel_discord.service.computer")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _start(before: bool) -> float:
    start = _children_cpu()
    with spawn_pool(1) as pool:
        if before:
            pool.submit(exec, "import " + ", ".join(BEFORE)).result()
        pool.submit(worker.warm_up).result()
    return _children_cpu() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    old, new = [], []
    for n in range(1, args.rounds + 1):
        old.append(_start(before=True))
        new.append(_start(before=False))
        print(f"round {n}: before {old[-1]:.2f} s, now {new[-1]:.2f} s of CPU per worker")
    print(
        f"median before {statistics.median(old):.2f} s, now {statistics.median(new):.2f} s; "
        f"ratio {statistics.median(old) / statistics.median(new):.2f}x "
        f"(min {min(old):.2f} / {min(new):.2f} s)"
    )


if __name__ == "__main__":
    main()
