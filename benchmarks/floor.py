"""Floor benchmark: the CPU that discord.py itself costs a bot process per request, with no
game logic at all -- the least the bot can spend per move with the library it must use.

A *bare* discord.py bot runs in a child process (this file with ``--client``): a
``commands.AutoShardedBot`` built like the real one (one shard, the ``guilds`` intent only,
no tree of its own, no request gate), pointed at the local Discord stand-in the same way
(``DISCORD_TOKEN``, ``KOZEL_DISCORD_API_BASE``, ``KOZEL_DISCORD_GATEWAY_URL``; the child
sets ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` from them with
``standin.use_local_discord``, the two assignments ``kozel_discord.bot.point_at_standin``
makes). It posts one message per channel, a components v2 layout like the bot's (a
Container: text, a MediaGallery with the PNG, text, a move menu, a button; two
``DynamicItem`` controls registered with ``add_dynamic_items``), and then only answers:

- the button: ``interaction.response.defer()`` (callback type 6, a small JSON body) --
  the cheapest answer an interaction can get;
- the menu: ``interaction.response.edit_message(view=..., attachments=[png])`` (type 7,
  multipart with the picture) -- what the bot answers a move with (``ui/board.py``,
  ``show_hand`` in place);
- on command (a line on its stdin): edits of its messages with ``PartialMessage.edit(
  view=..., attachments=[png])`` (PATCH, multipart) -- a table-message edit
  (``ui/table_message.py``, ``edit``).

This process runs the stand-in and presses the controls as users would (``click`` /
``select``, ``--concurrency`` users at once, one channel each), and sends unknown
dispatch events (``FLOOR_NOOP``, a few bytes: websocket frame, JSON, discord.py's
dispatch) for the cost of a plain gateway event. An interaction's figure is all of it:
the INTERACTION_CREATE event and its parsing, the dispatch to the item, the callback
request and reading its answer. Each phase is measured as the CPU time
of the child process (``time.process_time`` read inside it, every thread, before and
after the phase) and of this process (the stand-in and the users, for comparison); the
PNG is generated with Pillow (``--png-kb``, ~30 KB like a table picture). A warm-up
precedes the measured rounds (``--repeat``); min and median over the rounds follow,
then the floor per move for the request mixes of ``benchmarks/load.py`` beside the goal
of 1 ms of bot CPU per move.

The stand-in is plain HTTP and uncompressed text frames on 127.0.0.1: Discord adds TLS,
zlib-stream gateway compression and real latency, so these figures are a lower bound of
what the same requests cost in production.

Run: .venv/bin/python -m benchmarks.floor [--interactions 2000] [--edits 500]
     [--events 5000] [--repeat 2] [--concurrency 8] [--png-kb 30]   (~1 min)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

import discord
from floor_client import MOVES, client_main, make_png  # benchmarks/: the bare client

from standin.discord_standin import DiscordStandIn, RecordedMessage, StandInUser

# Requests per move of benchmarks/load.py (table-message edits, interaction callbacks).
MIXES = (("50 tables", 1.0, 0.7), ("200 tables", 0.1, 0.7))
GOAL_MS = 1.0


# ---------------------------------------------------------------- the stand-in side


class Child:
    """The bare client's process and its line protocol."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    async def read(self, timeout: float = 120.0) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not line:
            raise RuntimeError("the bare client stopped (see its log)")
        return cast(dict[str, Any], json.loads(line))

    async def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        await self.proc.stdin.drain()

    async def cpu(self) -> float:
        await self.send("cpu")
        return float((await self.read())["cpu"])


async def measured(child: Child, work: Callable[[], Awaitable[None]]) -> tuple[float, float, float]:
    """CPU seconds of (the child, this process) while ``work`` runs, and the seconds it
    took; a short settle before and after lets the child finish what a request left
    (reading the answer)."""
    await asyncio.sleep(0.3)
    loop = asyncio.get_running_loop()
    start = loop.time()
    child_before, own_before = await child.cpu(), time.process_time()
    await work()
    await asyncio.sleep(0.3)
    child_s, own_s = await child.cpu() - child_before, time.process_time() - own_before
    return child_s, own_s, loop.time() - start


class Floor:
    def __init__(
        self,
        standin: DiscordStandIn,
        child: Child,
        users: list[StandInUser],
        messages: list[RecordedMessage],
    ) -> None:
        self.standin, self.child, self.users, self.messages = standin, child, users, messages

    async def press(self, total: int, kind: str) -> None:
        """``total`` interactions, one user per message, all users at once."""

        async def user(i: int) -> None:
            who, message = self.users[i], self.messages[i]
            for n in range(total // len(self.users)):
                if kind == "defer":
                    await self.standin.click(who, message, f"floor:defer:{i}")
                else:
                    await self.standin.select(who, message, f"floor:move:{i}", [MOVES[n % 6]])

        await asyncio.gather(*(user(i) for i in range(len(self.users))))

    async def events(self, total: int) -> None:
        """``total`` unknown dispatches, then a pressed button: answered once every event
        before it was read (one websocket, in order)."""
        session = self.standin.sessions[-1]
        for n in range(total):
            await session.dispatch("FLOOR_NOOP", {"n": n})
        await self.standin.click(self.users[0], self.messages[0], "floor:defer:0")

    async def edits(self, total: int) -> None:
        await self.child.send(f"edit {total}")
        await self.child.read()

    async def round(self, args: argparse.Namespace) -> dict[str, tuple[float, float]]:
        """One measured round: ms of CPU per unit, (child, this process)."""
        out: dict[str, tuple[float, float]] = {}

        async def idle() -> None:
            await asyncio.sleep(2.0)

        for name, count, work in (
            ("idle, per second", 0, idle),
            ("gateway event", args.events, lambda: self.events(args.events)),
            (
                "interaction, defer",
                args.interactions,
                lambda: self.press(args.interactions, "defer"),
            ),
            (
                "interaction, edit+png",
                args.interactions,
                lambda: self.press(args.interactions, "edit"),
            ),
            ("message edit+png", args.edits, lambda: self.edits(args.edits)),
        ):
            child_s, own_s, seconds = await measured(self.child, work)
            per = count or seconds  # idle: per second
            out[name] = (1000 * child_s / per, 1000 * own_s / per)
        return out


async def run(args: argparse.Namespace) -> None:
    png = make_png(args.png_kb)
    workdir = Path(tempfile.mkdtemp(prefix="kozel-floor-"))
    log_path = workdir / "client.log"
    async with DiscordStandIn(response_timeout=60.0) as standin:
        users = [standin.add_user(f"player{i}") for i in range(args.concurrency)]
        guild = standin.add_guild(
            "Floor", channels=[f"table-{i}" for i in range(args.concurrency)], members=users
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KOZEL_", "DISCORD_"))}
        env.update(
            DISCORD_TOKEN=standin.token,
            KOZEL_DISCORD_API_BASE=standin.api_base,
            KOZEL_DISCORD_GATEWAY_URL=standin.gateway_url,
            PYTHONUNBUFFERED="1",
        )
        with open(log_path, "wb") as log:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "benchmarks.floor",
                "--client",
                "--png-kb",
                str(args.png_kb),
                cwd=str(Path(__file__).resolve().parent.parent),
                env=env,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
            )
        child = Child(proc)
        try:
            posted = [(int(c), int(m)) for c, m in (await child.read(timeout=300))["ready"]]
            await child.send("posted " + " ".join(f"{c} {m}" for c, m in posted))
            messages = [standin.message(m) for _, m in posted]
            assert [m.channel_id for m in messages] == [c.id for c in guild.channels]
            floor = Floor(standin, child, users, messages)
            warm = argparse.Namespace(
                events=200, interactions=8 * args.concurrency, edits=4 * args.concurrency
            )
            print(f"bare discord.py {discord.__version__} client, pid {proc.pid}; warm-up…")
            await floor.round(warm)
            rounds = []
            for r in range(args.repeat):
                print(f"round {r + 1} of {args.repeat}…", flush=True)
                rounds.append(await floor.round(args))
        finally:
            await child.send("quit")
            try:
                await asyncio.wait_for(proc.wait(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        problems = len(standin.rejections) + len(standin.missed_deadlines)
    report(args, png, rounds, problems, log_path)


def report(
    args: argparse.Namespace,
    png: bytes,
    rounds: list[dict[str, tuple[float, float]]],
    problems: int,
    log_path: Path,
) -> None:
    print()
    print(
        f"{args.interactions} interactions, {args.edits} edits, {args.events} gateway events "
        f"per round, {args.concurrency} at once; PNG {len(png) / 1024:.1f} KiB; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"rejections + missed deadlines at the stand-in: {problems}")
    print("CPU ms per unit: bare client process (rounds; min, median) | stand-in + users")
    summary: dict[str, float] = {}
    for name in rounds[0]:
        child = [r[name][0] for r in rounds]
        own = [r[name][1] for r in rounds]
        summary[name] = min(child)
        runs = " ".join(f"{c:6.3f}" for c in child)
        print(
            f"  {name + ':':24}{runs}   min {min(child):6.3f}  median "
            f"{statistics.median(child):6.3f} | {statistics.median(own):6.3f}"
        )
    edit = summary["message edit+png"]
    print(f"floor per move (min figures; goal {GOAL_MS:.1f} ms of bot CPU per move):")
    for label, edits, callbacks in MIXES:
        for answer in ("interaction, edit+png", "interaction, defer"):
            floor = edits * edit + callbacks * summary[answer]
            kind = answer.split(", ")[1]
            print(
                f"  {label}: {edits:.1f} edit + {callbacks:.1f} callbacks ({kind:8}) "
                f"= {floor:5.2f} ms  ({floor / GOAL_MS:4.2f}× the goal)"
            )
    print(f"client log: {log_path}  ({time.strftime('%Y-%m-%d %H:%M')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interactions", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=500)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=8, help="users (channels) at once")
    parser.add_argument("--png-kb", type=float, default=30.0, help="size of the picture, KiB")
    parser.add_argument("--client", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        asyncio.run(client_main(args.png_kb))
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
