"""Two bot processes (shards 0 and 1) on one PostgreSQL database, loaded past a small
Discord rate limit: what the stand-in counts, for the sharded e2e test and
``benchmarks/sharding.py``."""

from __future__ import annotations

import asyncio
import statistics
from dataclasses import dataclass
from pathlib import Path

from standin.discord_standin import DiscordStandIn, StandInGuild, StandInUser
from standin.harness import BotProcess, find_id

LIMIT = 6  # requests per second with the bot token, over both processes (Discord: 50)
TABLES_PER_SHARD = 4
LOADED_REQUESTS = 8 * LIMIT  # measured once the tables play: at least 8 s of load when shared


async def start_shard(
    standin: DiscordStandIn,
    url: str,
    log: Path,
    shard: int,
    bots: list[BotProcess],
    extra_env: dict[str, str] | None = None,
) -> BotProcess:
    """A bot process that runs shard ``shard`` of 2 on the database at ``url``, started and
    appended to ``bots`` (the caller stops them)."""
    env = {"KOZEL_SHARD_COUNT": "2", "KOZEL_SHARD_IDS": str(shard), **(extra_env or {})}
    bot = BotProcess(standin, url, log, extra_env=env)
    bots.append(bot)
    await bot.start()
    return bot


@dataclass(frozen=True)
class RateFigures:
    """What the stand-in counted in one run."""

    sharing: str
    limit: int
    most_in_any_second: int  # from the processes' start-up on (logins, syncs) through the load
    loaded_seconds: float
    loaded_rate: float  # requests per second under load, over both processes
    loaded_max: int  # the busiest 1 s window under load
    loaded_median: float

    def line(self) -> str:
        return (
            f"sharing={self.sharing} limit={self.limit}/s: any 1 s window from start-up on: "
            f"at most {self.most_in_any_second}; under load ({self.loaded_seconds:.1f} s, "
            f"{self.loaded_rate:.1f} requests/s): windows max {self.loaded_max}, "
            f"median {self.loaded_median}"
        )


async def load_two_shards(
    workdir: Path, bots: list[BotProcess], url: str, sharing: str
) -> RateFigures:
    """Two processes (shards 0 and 1) on the database at ``url``, each playing
    ``TABLES_PER_SHARD`` all-computer tables as fast as they can, so each alone would send
    more than ``LIMIT`` requests a second; ``sharing`` is ``KOZEL_RATE_LIMIT_SHARING``.
    Every process started is appended to ``bots`` (the caller stops them). Returns what
    the stand-in counted; asserts nothing about the limit itself."""
    async with DiscordStandIn(response_timeout=20.0, gateway_shards=2) as standin:
        hosts = []
        for shard in (0, 1):
            for n in range(TABLES_PER_SHARD):
                host = standin.add_user(f"host{shard}{n}")
                guild = standin.add_guild(f"Shard {shard} #{n}", members=[host], shard=(shard, 2))
                hosts.append((host, guild))
        env = {
            "KOZEL_DISCORD_RATE_LIMIT": str(LIMIT),
            "KOZEL_RATE_LIMIT_SHARING": sharing,
            # The host's turns time out at once (then the seat is away): computers play
            # the whole series, 20 moves a second at most.
            "KOZEL_TURN_TIMEOUT": "0.05",
            "KOZEL_COMPUTER_DELAY": "0.05",
            "KOZEL_DRAW_PROCESSES": "1",
        }
        procs = [
            await start_shard(
                standin, url, workdir / f"{sharing}-shard{shard}.log", shard, bots, env
            )
            for shard in (0, 1)
        ]
        await standin.wait_for_commands("kozel", timeout=60)

        async def open_table(host: StandInUser, guild: StandInGuild) -> None:
            r = await standin.slash(host, guild, None, "kozel", subcommand="start")
            lobby = r.message
            assert lobby is not None
            tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
            for seat, level in ((1, "random"), (2, "heuristic"), (3, "random")):
                await standin.select(host, lobby, f"kozel:addbot:{tid}", [f"{seat}:{level}"])
            await standin.click(host, lobby, f"kozel:lobby:{tid}:begin")

        await asyncio.gather(*(open_table(host, guild) for host, guild in hosts))
        loaded = standin.elapsed()
        count = len(standin.bot_request_times)
        await standin.wait_for(
            lambda: len(standin.bot_request_times) >= count + LOADED_REQUESTS,
            timeout=120,
            what=f"{LOADED_REQUESTS} more requests under load",
        )
        ended = standin.elapsed()
        assert standin.rejections == [] and standin.unhandled == []
        for bot in procs:  # (a request cut off by the kill is no error of the bot)
            await bot.kill()
        windows = standin.bot_requests_in_windows(1.0, since=loaded, until=ended)
        return RateFigures(
            sharing=sharing,
            limit=LIMIT,
            most_in_any_second=standin.max_bot_requests_in_window(1.0),
            loaded_seconds=ended - loaded,
            loaded_rate=(len(standin.bot_request_times) - count) / max(ended - loaded, 1e-9),
            loaded_max=max(windows),
            loaded_median=statistics.median(windows),
        )
