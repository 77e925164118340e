"""Load benchmark: one bot process, N concurrent tables, the local Discord stand-in, PostgreSQL.

Each table has one scripted human and three computer players. The human opens the table,
fills it, and then plays like a person: about once a second (``--think``) they look at the
table, and when it names them they press "My hand" (or "Refresh") and choose a move.
The run lasts ``--seconds``; then the figures:

- interactions handled, and the time from an interaction arriving to its answer
  (p50, p95, p99, max — measured by the stand-in), missed 3-second deadlines;
- moves per second, games finished, table-message edits and rate-limited requests;
- the bot process's peak memory and its event-loop lag (p99, max);
- CPU time while playing, per move: the bot process itself, its worker processes (computer
  players, pictures), and beside them the benchmark process (the stand-in and the scripted
  humans) and PostgreSQL (every process of the server: other users of the server count
  too), so that the bot's figure can be read against what ran beside it.

``--profile FILE`` runs the bot under cProfile (its main thread, CPU time; written when
it stops; benchmarks/profile_bot.py).

Run: .venv/bin/python -m benchmarks.load [--tables 200] [--seconds 60]
     [--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/postgres]
(a temporary database is created on that server and dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import tempfile
import time
from collections import Counter
from pathlib import Path

from kozel_discord.monitor import percentile
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver
from standin.postgres import temporary_database


async def _human(
    driver: Driver, stop_at: float, errors: list[str], rng: random.Random, think: float
) -> None:
    """A person: looks at the table every ``think`` seconds or so (a person's reaction time,
    not a wait for the bot) and plays when the table says it is their turn."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at and driver.series_over() is None:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        try:
            await driver.step()
        except Exception as exc:  # a benchmark reports, it does not stop
            errors.append(f"{type(exc).__name__}: {exc}")
            return


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command name) of every process."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        found.append((int(entry.name), ppid, name))
    return found


def cpu_snapshot(bot_pid: int) -> dict[str, dict[int, float]]:
    """CPU seconds so far of the bot, its descendants and the PostgreSQL processes."""
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, ppid, _ in procs:
        children.setdefault(ppid, []).append(pid)
    workers: list[int] = []
    todo = list(children.get(bot_pid, []))
    while todo:
        pid = todo.pop()
        workers.append(pid)
        todo += children.get(pid, [])
    return {
        "bot": {bot_pid: _cpu_seconds(bot_pid)},
        "workers": {pid: _cpu_seconds(pid) for pid in workers},
        "postgres": {pid: _cpu_seconds(pid) for pid, _, name in procs if name == "postgres"},
    }


def cpu_used(
    before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
) -> dict[str, float]:
    """CPU seconds between two snapshots, per group (processes that started meanwhile count
    from zero; those that ended are lost, which the bot's long-lived workers never do)."""
    return {
        group: sum(t - before[group].get(pid, 0.0) for pid, t in after[group].items())
        for group in after
    }


def _vm_hwm_mib(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan")
    m = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(m[1]) / 1024 if m else float("nan")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--computer-delay", type=float, default=1.0)
    parser.add_argument(
        "--computers",
        default="heuristic,heuristic,random",
        help="levels of the three computer seats (default heuristic,heuristic,random)",
    )
    parser.add_argument(
        "--draw-processes", type=int, default=2, help="KOZEL_DRAW_PROCESSES (0: a thread)"
    )
    parser.add_argument(
        "--ai-processes", type=int, default=2, help="KOZEL_AI_PROCESSES (0: threads)"
    )
    parser.add_argument("--think", type=float, default=1.0, help="human reaction time, seconds")
    parser.add_argument("--profile", type=Path, help="cProfile the bot into this file")
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "KOZEL_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args()
    admin = args.database_url
    workdir = Path(tempfile.mkdtemp(prefix="kozel-load-"))
    async with temporary_database(admin, "kozel_load") as db_url:
        async with DiscordStandIn(response_timeout=30.0) as standin:
            standin.set_global_rate_limit(50, 1.0)  # Discord's global limit
            guilds = []
            for i in range(args.tables):
                user = standin.add_user(f"player{i}")
                guilds.append((standin.add_guild(f"Server {i}", members=[user]), user))
            bot = BotProcess(
                standin,
                db_url,
                workdir / "bot.log",
                extra_env={
                    "KOZEL_COMPUTER_DELAY": str(args.computer_delay),
                    "KOZEL_EDIT_INTERVAL": "1",
                    "KOZEL_TURN_TIMEOUT": "0",
                    "KOZEL_STATS_INTERVAL": "0",
                    "KOZEL_AI_PROCESSES": str(args.ai_processes),
                    "KOZEL_DRAW_PROCESSES": str(args.draw_processes),
                    "KOZEL_FIXED_SEED": "",
                    "KOZEL_DB_POOL_SIZE": os.environ.get("KOZEL_DB_POOL_SIZE", "10"),
                },
                python_args=(
                    (str(Path(__file__).with_name("profile_bot.py")), str(args.profile.resolve()))
                    if args.profile
                    else ()
                ),
            )
            await bot.start(timeout=300)  # a busy machine starts slowly
            await standin.wait_for_commands("kozel", timeout=60)
            rng = random.Random(1)
            drivers = []
            print(f"opening {args.tables} tables…", flush=True)
            for guild, user in guilds:
                d = Driver(standin, guild, {0: user}, lambda o: str(rng.choice(o)["value"]))
                levels = args.computers.split(",")
                await d.open_table(user, {seat: levels[seat - 1] for seat in (1, 2, 3)})
                drivers.append(d)
            setup_interactions = len(standin.latencies)
            loop = asyncio.get_running_loop()
            assert bot.proc is not None
            moves_before = len(re.findall(r" move table=", bot.log_text()))
            cpu_before = cpu_snapshot(bot.proc.pid)
            own_before = time.process_time()
            requests_before = Counter(standin.request_counts)
            if args.profile:
                bot.proc.send_signal(signal.SIGUSR1)
            start = loop.time()
            errors: list[str] = []
            print(f"playing for {args.seconds:.0f} s…", flush=True)
            await asyncio.gather(
                *(
                    _human(d, start + args.seconds, errors, random.Random(i), args.think)
                    for i, d in enumerate(drivers)
                )
            )
            elapsed = loop.time() - start
            cpu = cpu_used(cpu_before, cpu_snapshot(bot.proc.pid))
            cpu["benchmark"] = time.process_time() - own_before
            moves_played = len(re.findall(r" move table=", bot.log_text())) - moves_before
            latencies = list(standin.latencies.values())
            play_latencies = latencies[setup_interactions:]
            assert bot.proc is not None
            rss = _vm_hwm_mib(bot.proc.pid)
            edits = sum(n for k, n in standin.request_counts.items() if k.startswith("PATCH"))
            requests = Counter(standin.request_counts)
            requests.subtract(requests_before)
            await bot.stop()
        log = bot.log_text()
        stats = re.findall(r"stats uptime=.*", log)
        moves = len(re.findall(r" move table=", log))
        games = len(re.findall(r" game_over table=", log))
        final = stats[-1] if stats else ""
        lag_p99 = re.search(r"loop_lag_p99_ms=([\d.]+)", final)
        lag_max = re.search(r"loop_lag_max_ms=([\d.]+)", final)
        games_done = re.search(r" games=(\d+)", final)
        print()
        print(
            f"tables: {args.tables}, computers {args.computers}, "
            f"computer delay {args.computer_delay}s, draw processes {args.draw_processes}, "
            f"{elapsed:.0f} s, load average {os.getloadavg()[0]:.1f}"
        )
        print(
            f"interactions handled:        {len(latencies)} ({len(play_latencies)} while playing)"
        )
        # While playing: the tables' setup (lobbies, computers sitting down, Start) and the
        # moves the computers made meanwhile are not what a running server does.
        for label, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
            print(
                f"answer time {label}:             {percentile(play_latencies, q) * 1000:8.1f} ms"
                f" while playing ({percentile(latencies, q) * 1000:.1f} ms with the setup)"
            )
        print(f"answer time max:             {max(play_latencies or [0]) * 1000:8.1f} ms")
        print(f"missed 3-second deadlines:   {len(standin.missed_deadlines)} (setup included)")
        print(
            f"moves per second:            {moves_played / max(elapsed, 1e-9):8.1f} while playing"
            f" ({moves_played} moves; {moves} in the whole run)"
        )
        print(f"games finished:              {games_done[1] if games_done else games}")
        table_edits = requests["PATCH /channels/{channel_id}/messages/{message_id}"]
        print(
            f"table-message edits:         {table_edits} while playing"
            f" ({edits} PATCH requests in the whole run, private boards included;"
            f" {standin.rate_limited} rate-limited)"
        )
        print(f"peak memory (bot, VmHWM):    {rss:8.1f} MiB")
        if lag_p99 and lag_max:
            print(f"event-loop lag p99 / max:    {lag_p99[1]} / {lag_max[1]} ms")
        for key in ("lock_wait_p99_ms", "commit_p50_ms", "commit_p99_ms"):
            m = re.search(rf"{key}=([\d.]+)", final)
            if m:
                print(f"{key + ':':29}{m[1]} ms")
        per_move = 1000 / max(moves_played, 1)
        print(f"CPU while playing, {moves_played} moves, ms per move (s in all):")
        for group, label in (
            ("bot", "bot process"),
            ("workers", "bot's workers"),
            ("benchmark", "stand-in + humans"),
            ("postgres", "PostgreSQL"),
        ):
            print(f"  {label + ':':27}{cpu[group] * per_move:8.2f} ms  ({cpu[group]:.1f} s)")
        total = cpu["bot"] + cpu["workers"]
        print(f"  {'bot + workers:':27}{total * per_move:8.2f} ms  ({total:.1f} s)")
        print(f"driver errors:               {len(errors)}")
        for e in errors[:5]:
            print("  ", e)
        print(f"max requests per second:     {standin.max_requests_per_second()}")
        print(f"Discord requests while playing, per move ({sum(requests.values())} in all):")
        for route, n in requests.most_common(8):
            print(f"  {route[:60]:60} {n / max(moves_played, 1):6.2f}")
        print(f"bot log: {workdir / 'bot.log'}  ({time.strftime('%Y-%m-%d %H:%M')})")


if __name__ == "__main__":
    asyncio.run(main())
