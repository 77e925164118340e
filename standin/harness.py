"""Runs the real bot (``python -m kozel_discord run``) as a separate process against the
local Discord stand-in, and helps tests act as players."""

from __future__ import annotations

import asyncio
import copy
import json
import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from standin.discord_standin import (
    DiscordStandIn,
    RecordedMessage,
    StandInGuild,
    StandInUser,
)
from standin.message_text import (
    embed_text,
    field_values,
    find_id,
    forced_value,
    move_options,
    payload_summary_number,
    select_options,
    summary_number,
    text_displays,
)
from standin.proxy import TcpProxy


class BotProcess:
    """One bot process. Its log goes to ``log_path`` (tests read it for leaks)."""

    def __init__(
        self,
        standin: DiscordStandIn,
        database_url: str,
        log_path: Path,
        *,
        guild: StandInGuild | None = None,
        extra_env: dict[str, str] | None = None,
        python_args: tuple[str, ...] = (),
    ) -> None:
        self.standin = standin
        self.python_args = python_args  # before ``-m kozel_discord`` (``-m cProfile ...``)
        self.database_url = database_url
        self.log_path = log_path
        self.guild = guild
        self.extra_env = extra_env or {}
        self.proc: asyncio.subprocess.Process | None = None

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KOZEL_", "DISCORD_"))}
        env.update(
            DISCORD_TOKEN=self.standin.token,
            KOZEL_DISCORD_API_BASE=self.standin.api_base,
            KOZEL_DISCORD_GATEWAY_URL=self.standin.gateway_url,
            KOZEL_DATABASE_URL=self.database_url,
            KOZEL_COMPUTER_DELAY="0",
            KOZEL_EDIT_INTERVAL="0",
            KOZEL_TURN_TIMEOUT="0",
            KOZEL_LOG_LEVEL="INFO",
            KOZEL_FIXED_SEED="20261129",
            KOZEL_AI_PROCESSES="0",  # tests seat random/heuristic players only
            PYTHONUNBUFFERED="1",
        )
        if self.guild is not None:
            env["KOZEL_DEV_GUILD_ID"] = str(self.guild.id)
        env.update(self.extra_env)
        return env

    async def start(self, sessions: int = 1, *, timeout: float = 30) -> None:
        """Start the process and wait until ``sessions`` new gateway sessions are connected
        (within ``timeout`` seconds)."""
        before = len(self.standin.sessions)
        log = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child process
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *self.python_args,
            "-m",
            "kozel_discord",
            "run",
            cwd=str(self.log_path.parent),
            env=self.env(),
            stdout=log,
            stderr=log,
            stdin=asyncio.subprocess.DEVNULL,
        )
        log.close()
        await self.standin.wait_for(
            lambda: sum(1 for x in self.standin.sessions[before:] if x.connected) >= sessions,
            timeout=timeout,
            what="the bot's gateway session",
        )

    async def kill(self) -> None:
        """SIGKILL: the crash a restarted bot must survive."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                await self.kill()

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


__all__ = [
    "BotProcess",
    "DiscordStandIn",
    "StandInGuild",
    "StandInUser",
    "TcpProxy",
    "embed_text",
    "field_values",
    "find_id",
    "forced_value",
    "move_options",
    "payload_summary_number",
    "select_options",
    "summary_number",
    "text_displays",
]


def forge_component(
    standin: DiscordStandIn,
    user: StandInUser,
    message: RecordedMessage,
    custom_id: str,
    values: list[str] | None = None,
    *,
    rewrite: str | None = None,
    component_type: int | None = None,
    patch: Callable[[dict[str, Any]], None] | None = None,
) -> Any:
    """A component interaction as a modified client could send it: as ``user`` (even on a
    message only someone else can see), with chosen ``values``, and, with ``rewrite``, the
    component ``rewrite`` of the message carrying ``custom_id`` instead; ``component_type``
    (2 a button, 3 a select; by default a select when there are ``values``) and ``patch``
    (changes the whole payload) forge the rest. The bot must trust none of it."""
    source = message
    if rewrite is not None:
        source = copy.deepcopy(message)
        text = json.dumps(source.versions[-1]).replace(json.dumps(rewrite), json.dumps(custom_id))
        source.versions[-1] = json.loads(text)
    kind = component_type if component_type is not None else (3 if values else 2)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    return standin._component_interaction(user, source, data, "forged", None, None, patch)


TURN_PLACEHOLDER = "Choose your move…"
STALE_NOTE = "This hand was out of date"


class Driver:
    """Plays a table as its human players would: "My hand", then a choice in the menu."""

    def __init__(
        self,
        standin: DiscordStandIn,
        guild: StandInGuild,
        humans: dict[int, StandInUser],
        choose: Callable[[list[dict[str, Any]]], str],
    ) -> None:
        self.s = standin
        self.guild = guild
        self.channel_id = guild.default_channel.id
        self.humans = humans
        self.choose = choose
        self.tid = ""
        self.hands: dict[int, RecordedMessage] = {}
        self.lobby: RecordedMessage | None = None
        # Every choice made, in order: the menu's custom id (seat and move number), the
        # value chosen, and whether the bot answered that the board was out of date.
        self.selections: list[tuple[str, str, bool]] = []

    async def open_table(
        self, host: StandInUser, computers: dict[int, str], options: dict[str, Any] | None = None
    ) -> str:
        r = await self.s.slash(host, self.guild, None, "kozel", subcommand="start", options=options)
        assert r.message is not None and not r.ephemeral
        self.lobby = r.message
        self.tid = find_id(r.message, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
        for seat, user in self.humans.items():
            if user.id != host.id or seat != 0:
                await self.s.click(user, r.message, f"kozel:sit:{self.tid}:{seat}")
        for seat, level in computers.items():
            await self.s.select(host, r.message, f"kozel:addbot:{self.tid}", [f"{seat}:{level}"])
        await self.s.click(host, r.message, f"kozel:lobby:{self.tid}:begin")
        await self.s.wait_for(self.table_message, timeout=20, what="the table message")
        return self.tid

    def table_message(self) -> RecordedMessage | None:
        for m in reversed(self.s.public_messages(self.channel_id)):
            if f"kozel:hand:{self.tid}" in m.custom_ids():
                return m
        return None

    def series_over(self) -> RecordedMessage | None:
        for m in reversed(self.s.public_messages(self.channel_id)):
            if f"kozel:rematch:{self.tid}" in m.custom_ids():
                return m
        return None

    def state_token(self) -> tuple[int, int]:
        """Changes whenever a public message of the channel is posted, edited or deleted
        (deleted ones count: a post and a deletion together must not look like nothing)."""
        msgs = [
            m
            for m in self.s.messages(self.channel_id, include_deleted=True)
            if m.visible_to is None
        ]
        return len(msgs), sum(len(m.versions) + m.deleted for m in msgs)

    async def wait_change(self, token: tuple[int, int], timeout: float = 20.0) -> None:
        await self.s.wait_for(
            lambda: self.state_token() != token, timeout=timeout, what="the table to change"
        )

    async def hand(self, user: StandInUser, via: RecordedMessage | None = None) -> RecordedMessage:
        """The player's private board: a fresh one from the table message (or from the
        "My hand" button of ``via``, a turn ping), or refreshed."""
        current = self.hands.get(user.id)
        if via is not None:
            before = 0
            r = await self.s.click(user, via, f"kozel:turn:{self.tid}")
        elif current is not None and f"kozel:hand:{self.tid}" in current.custom_ids():
            before = len(current.versions)
            r = await self.s.click(user, current, f"kozel:hand:{self.tid}")
        else:
            table = self.table_message()
            assert table is not None
            before = 0
            r = await self.s.click(user, table, f"kozel:hand:{self.tid}")
        assert r.message is not None and r.message.visible_to == user.id
        if r.message.loading:  # a deferred answer (the bot was busy drawing): wait for it
            await self.s.wait_until_resolved(r, timeout=30.0)
        elif r.response_type == 6:  # deferred in place: the board is edited when drawn
            board = r.message
            await self.s.wait_for(
                lambda: len(board.versions) > before, timeout=30.0, what="the board's edit"
            )
        self.hands[user.id] = r.message
        return r.message

    def play_select(self, hand: RecordedMessage) -> str | None:
        for cid in hand.custom_ids():
            if cid.startswith(f"kozel:play:{self.tid}:"):
                return cid
        return None

    def whose_mention(self) -> int | None:
        table = self.table_message()
        if table is None:
            return None
        texts = text_displays(table)
        first = texts[0].splitlines()[0] if texts and texts[0] else table.content
        m = re.search(r"<@(\d+)>", first)
        return int(m[1]) if m else None

    async def step(self) -> bool:
        """One human move if a human is to move; False if there was nothing to do."""
        uid = self.whose_mention()
        users = {u.id: u for u in self.humans.values()}
        if uid not in users:
            return False
        user = users[uid]
        hand = await self.hand(user)
        sel = self.play_select(hand) or self.move_button(hand)
        if sel is None:
            return False
        if sel.startswith("kozel:play:"):
            component = hand.component(sel) or {}
            if component.get("placeholder") != TURN_PLACEHOLDER:
                return False
            value = self.choose(select_options(hand, sel))
        else:
            value = forced_value(sel)
        r = await self.play(user, hand, sel, value)
        stale = r.message is not None and STALE_NOTE in embed_text(r.message)
        self.selections.append((sel, value, stale))
        return True

    def move_button(self, hand: RecordedMessage) -> str | None:
        """The board's one-move button (a player with a single legal move), if any."""
        return next((c for c in hand.custom_ids() if c.startswith(f"kozel:move:{self.tid}:")), None)

    async def play(self, user: StandInUser, board: RecordedMessage, cid: str, value: str) -> Any:
        """Play ``value`` from ``board``: chosen in its move menu, or its one-move button."""
        if cid.startswith("kozel:move:"):
            assert forced_value(cid) == value, "a one-move button plays only its move"
            return await self.s.click(user, board, cid)
        return await self.s.select(user, board, cid, [value])

    async def mover(self) -> tuple[StandInUser, RecordedMessage, str]:
        """The human whose turn it is, with a fresh board and its move menu or its one-move
        button (asks each)."""
        for user in self.humans.values():
            board = await self.hand(user)
            sel = self.play_select(board)
            if sel and (board.component(sel) or {}).get("placeholder") == TURN_PLACEHOLDER:
                return user, board, sel
            button = self.move_button(board)
            if button:
                return user, board, button
        raise AssertionError("no human is to move")

    async def steps(self, n: int) -> None:
        """Make ``n`` human moves, waiting for the table between them as needed."""
        made = 0
        for _ in range(50 * n + 50):
            if made >= n:
                return
            token = self.state_token()
            if await self.step():
                made += 1
            else:
                await self.wait_change(token)
        raise AssertionError(f"only {made} of {n} moves could be made")

    async def play_until(self, done: Callable[[], Any], max_steps: int = 5000) -> None:
        for _ in range(max_steps):
            if done():
                return
            token = self.state_token()
            if not await self.step() and not done():
                await self.wait_change(token)
        raise AssertionError("the table did not reach the expected state")
