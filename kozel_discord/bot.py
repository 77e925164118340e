"""The bot: a ``commands.Bot`` whose ``setup_hook`` opens the database (applying the
migrations), builds the services, loads the cogs and the persistent components,
syncs the slash commands and resumes every live table of its shards."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import gc
import hashlib
import json
import logging
import signal
import sys
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.ext import commands

from .ai import SearchBudget
from .cogs import EXTENSIONS
from .i18n import COMMANDS, KozelTranslator, fingerprint
from .monitor import BotStats, Heartbeat, LagMonitor
from .service import TableEvent, TableEventKind, TableService
from .service.computer import ComputerPlayers
from .service.league import LeagueService
from .service.rate_budget import RequestBudget, SharedRequestBudget
from .service.review import ReviewService
from .settings import Settings
from .store import LeagueStore, create_engine, create_sessionmaker, upgrade_database
from .ui import drawing
from .ui.components import DYNAMIC_ITEMS
from .ui.emojis import sync_card_emojis
from .ui.errors import KozelTree, answer_unmatched
from .ui.pacing import RequestGate
from .ui.presenter import TablePresenter
from .ui.replay import REPLAY_ITEMS

log = logging.getLogger(__name__)

#: Every persistent control of the bot (they survive restarts).
ITEMS = (*DYNAMIC_ITEMS, *REPLAY_ITEMS)

COMMANDS_MARKER = ".kozel-commands.sha256"  # in the working directory


def point_at_standin(settings: Settings) -> None:
    """Development only: talk to a local Discord stand-in instead of Discord."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
        log.warning("using the Discord API at %s", discord.http.Route.BASE)
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def seed_source(fixed: int | None) -> Any:
    """Testing only: with ``KOZEL_FIXED_SEED`` the n-th series this process starts gets a
    seed derived from that number, so a test can replay the same series. None: random."""
    if fixed is None:
        return None
    counter = [0]

    def source(_channel_id: int) -> int:
        counter[0] += 1
        digest = hashlib.sha256(f"{fixed}/{counter[0]}".encode()).digest()
        return int.from_bytes(digest[:7], "big")

    return source


class StatsListener:
    """Counts moves, games and series for the stats line and ``/kozel stats``."""

    def __init__(self, stats: BotStats) -> None:
        self.stats = stats

    async def on_table_event(self, event: TableEvent) -> None:
        if event.kind is TableEventKind.MOVE:
            self.stats.moves += 1
        elif event.kind is TableEventKind.GAME_OVER:
            self.stats.record_game()
        elif event.kind is TableEventKind.SERIES_OVER:
            self.stats.series += 1


class KozelBot(commands.AutoShardedBot):
    """Runs as one shard set (``shard_ids``) of ``shard_count``, or unsharded."""

    tables: TableService
    league: LeagueService
    reviews: ReviewService
    presenter: TablePresenter

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intents
        kwargs: dict[str, Any] = {}
        if settings.shard_count:
            kwargs["shard_count"] = settings.shard_count
            if settings.shard_ids:
                kwargs["shard_ids"] = list(settings.shard_ids)
        else:
            kwargs["shard_count"] = 1
            kwargs["shard_ids"] = [0]
        # Every request with the bot token waits for the request budget (set in login).
        self._gate = RequestGate()
        super().__init__(
            http_trace=self._gate.trace(),
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=KozelTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **kwargs,
        )
        self.settings = settings
        self._db_engine: Any = None
        self._store: LeagueStore | None = None
        self._budget: RequestBudget | None = None
        self.stats = BotStats()
        self._lag = LagMonitor(self.stats)
        self._heartbeat = Heartbeat(settings.heartbeat_file, alive=self.connected)
        self._stats_task: asyncio.Task[None] | None = None
        self._emoji_task: asyncio.Task[Any] | None = None
        self._drawer: drawing.Drawer | None = None

    def connected(self) -> bool:
        """Ready and every shard's gateway open: what the heartbeat beats for. (discord.py
        keeps ``is_ready()`` true while its shards reconnect after losing Discord, and the
        health check said "healthy" for as long as Discord was unreachable.)"""
        shards = self.shards.values()
        return self.is_ready() and not self.is_closed() and all(not s.is_closed() for s in shards)

    def owns_guild(self, guild_id: int) -> bool:
        count = self.shard_count or 1
        ids = self.shard_ids
        return ids is None or (guild_id >> 22) % count in ids

    async def login(self, token: str) -> None:
        """Open the database and take the request budget before the first request (the
        login's own requests count toward Discord's global limit too)."""
        await self._open_database()
        await super().login(token)

    async def _open_database(self) -> None:
        s = self.settings
        log.info("database: %s", s.database_url_for_logs)
        await upgrade_database(s.database_url)
        pool: dict[str, Any] = (
            {} if s.is_sqlite else {"pool_size": s.db_pool_size, "max_overflow": 0}
        )
        self._db_engine = create_engine(s.database_url, **pool)
        self._store = LeagueStore(create_sessionmaker(self._db_engine))
        limit = s.discord_rate_limit
        if s.shares_rate_limit:
            self._budget = SharedRequestBudget(self._store, limit)
            log.info("request budget: %s/s, shared with the bot's other processes", limit)
        else:
            self._budget = RequestBudget(limit)
            log.info("request budget: %s/s for this process", limit)
        await self._budget.start()
        self._gate.budget = self._budget

    async def setup_hook(self) -> None:
        s = self.settings
        await self.tree.set_translator(KozelTranslator())
        store = self._store
        if store is None:
            raise RuntimeError("setup_hook runs after login, which opens the database")
        budget = SearchBudget(worlds=s.ai_worlds, time_cap=s.ai_time_cap_seconds)
        computers = ComputerPlayers(processes=s.ai_processes, budget=budget)
        await computers.start()
        self._drawer = drawing.use(drawing.Drawer(s.draw_processes))
        await self._drawer.start()
        self.tables = TableService(
            store,
            default_timeout=s.turn_timeout_seconds,
            timer_seconds=s.timer_button_seconds,
            computer_delay=s.computer_delay,
            seed_source=seed_source(s.fixed_seed),
            computers=computers,
        )
        self.league = LeagueService(store)
        self.reviews = ReviewService(store, computers)
        self.presenter = TablePresenter(
            self.tables,
            self,
            edit_interval=s.edit_interval,
            max_edits_per_second=s.max_edits_per_second,
        )
        self.tables.add_listener(self.presenter)
        self.tables.add_listener(StatsListener(self.stats))
        self._lag.start()
        self._heartbeat.start()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            # A graceful stop on SIGTERM (docker stop, systemd): close, log the figures.
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: asyncio.ensure_future(self.close())
            )
        if s.stats_interval > 0:
            self._stats_task = asyncio.create_task(self._log_stats(s.stats_interval))
        self.add_dynamic_items(*ITEMS)
        # Card faces as application emojis, in the background (start-up does not wait;
        # until they are there, cards are colour-safe text).
        self._emoji_task = asyncio.create_task(self._sync_emojis(), name="card-emojis")
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        await self._sync_commands()
        await self.tables.resume(self.owns_guild)
        if s.idle_close_hours > 0:
            self.tables.start_idle_sweeper(dt.timedelta(hours=s.idle_close_hours))
        # Latency: what was built at start-up lives for the whole run, so keep it out of
        # the cyclic garbage collector's full passes, and make those passes rarer (long
        # full collections over a big heap are what stalls the event loop under load).
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)

    async def _sync_emojis(self) -> None:
        try:
            # One process uploads (the one with shard 0); the others wait for its emojis.
            await sync_card_emojis(self, upload=self.shard_ids is None or 0 in self.shard_ids)
        except Exception:
            log.exception("card emojis not synced: cards stay text")

    async def _sync_commands(self) -> None:
        """Sync the slash commands, but only when they changed since the last sync from this
        working directory (Discord rate-limits syncs; a crash-looping bot must not hit that).
        Either way the bot learns the commands' ids, so texts can mention them."""
        s = self.settings
        guild = discord.Object(id=s.dev_guild_id) if s.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        blob = json.dumps(
            [s.dev_guild_id, self.application_id, payload, fingerprint()], sort_keys=True
        )
        digest = hashlib.sha256(blob.encode()).hexdigest()
        marker = Path(COMMANDS_MARKER)
        with contextlib.suppress(OSError):
            if marker.read_text().strip() == digest:
                log.info("slash commands unchanged: not synced")
                await self._learn_command_ids(guild)
                return
        synced = await self.tree.sync(guild=guild)
        COMMANDS.update((c.name, c.id) for c in synced)
        try:
            marker.write_text(digest)
        except OSError as exc:
            log.info("command sync marker not written (%s): the next start syncs again", exc)

    async def _learn_command_ids(self, guild: discord.abc.Snowflake | None) -> None:
        """The ids of the commands synced earlier (one request); without them texts name
        commands as plain ``/kozel start``."""
        try:
            commands = await self.tree.fetch_commands(guild=guild)
        except discord.HTTPException as exc:
            log.warning("command ids not fetched (status %s): plain command names", exc.status)
            return
        COMMANDS.update((c.name, c.id) for c in commands)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.stats.interactions += 1
        await answer_unmatched(interaction, ITEMS)

    def live_tables(self) -> int:
        return len(self.tables.tables()) if hasattr(self, "tables") else 0

    def stats_line(self) -> str:
        if not hasattr(self, "tables"):
            return self.stats.line(0)
        return self.stats.line(
            self.live_tables(), list(self.tables.lock_waits), list(self.tables.commit_times)
        )

    async def _log_stats(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            log.info(self.stats_line())

    async def close(self) -> None:
        if self._stats_task is not None:
            self._stats_task.cancel()
        if self._emoji_task is not None:
            self._emoji_task.cancel()
        await self._lag.stop()
        await self._heartbeat.stop()
        log.info(self.stats_line())
        if hasattr(self, "tables"):
            await self.tables.close()
        if hasattr(self, "presenter"):
            await self.presenter.close()
        if self._drawer is not None:
            await self._drawer.close()
        if self._budget is not None:
            self._gate.budget = None  # what is still sent while closing is not held back
            await self._budget.close()
        if self._db_engine is not None:
            await self._db_engine.dispose()
        await super().close()


def _say(line: str) -> None:
    """A one-line reason for stopping, as every exit of ``kozel-discord run`` gives it."""
    print(f"kozel-discord: {line}", file=sys.stderr, flush=True)


def run(settings: Settings) -> int:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    if not token:
        _say(
            "DISCORD_TOKEN is not set: create a bot in the Discord developer portal, copy its "
            "token into .env as DISCORD_TOKEN=... (or export it) (docs/self-hosting.md, step 1)."
        )
        return 2
    point_at_standin(settings)
    bot = KozelBot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        _say(
            "Discord refused the token: check DISCORD_TOKEN "
            "(docs/self-hosting.md, 'The bot stays offline: bad token')."
        )
        return 3
    return 0
