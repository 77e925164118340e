"""The lobby and house rules at a table: seats and computers, the server's defaults
(``/kozel settings``) a new lobby opens with, the lobby's timer, series length and hints,
and a hint itself (the computer's suggestion for a player's turn, from that player's
observation only). A part of :class:`~.service.TableService` (a mixin); the lobby's rules
are :mod:`.lobby`'s, the reason for a move is the AI's (:func:`kozel_discord.ai.explain`)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..ai import Explanation, explain
from ..engine import Action, observe
from ..store import GuildSettings, LeagueStore, RatingChange, StoreUnavailable
from . import computer, lobby
from .context import Change, SessionContext
from .errors import ErrorKey, ServiceError
from .events import TableEvent, TableEventKind
from .session import TableSession
from .table import Seat, Table, TableStatus

log = logging.getLogger(__name__)

RATINGS_WAIT = 0.5  # seconds a summary waits for its rating changes (a read of a few rows)


def new_table_id() -> str:
    return uuid.uuid4().hex[:12]


@dataclass(frozen=True, slots=True)
class Hint:
    """The computer's suggestion for a seat's turn: the move, why, and the position (the
    move number) it was made for."""

    seat: int
    action: Action
    reason: Explanation
    move_no: int


class TableRules:
    store: LeagueStore
    _now: Callable[[], dt.datetime]
    default_timeout: float | None
    timer_seconds: float | None
    computers: computer.ComputerPlayers
    _sessions: dict[int, TableSession]
    _ctx: SessionContext

    def canonical(self, channel_id: int) -> int:
        raise NotImplementedError

    def _session(self, channel_id: int, table_id: str) -> TableSession:
        raise NotImplementedError

    def _lock(self, channel_id: int) -> asyncio.Lock:
        raise NotImplementedError

    async def _emit(self, event: TableEvent) -> None:
        raise NotImplementedError

    def _change(
        self,
        channel_id: int,
        table_id: str,
        change: Change,
        kind: TableEventKind = TableEventKind.LOBBY,
    ) -> Awaitable[Table]:
        raise NotImplementedError

    def get(self, channel_id: int) -> Table | None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the lobby's seats and timer
    async def sit(
        self, channel_id: int, table_id: str, user_id: int, name: str, seat: int
    ) -> Table:
        return await self._change(channel_id, table_id, lambda t: lobby.sit(t, user_id, name, seat))

    async def leave(self, channel_id: int, table_id: str, user_id: int) -> Table:
        return await self._change(channel_id, table_id, lambda t: lobby.leave(t, user_id))

    async def add_computer(
        self, channel_id: int, table_id: str, user_id: int, seat: int, level: str, name: str
    ) -> Table:
        return await self._change(
            channel_id, table_id, lambda t: lobby.add_computer(t, user_id, seat, level, name)
        )

    async def remove_computer(
        self, channel_id: int, table_id: str, user_id: int, seat: int
    ) -> Table:
        return await self._change(
            channel_id, table_id, lambda t: lobby.remove_computer(t, user_id, seat)
        )

    async def set_timer(
        self, channel_id: int, table_id: str, user_id: int, seconds: float | None
    ) -> Table:
        return await self._change(
            channel_id, table_id, lambda t: lobby.set_timer(t, user_id, seconds)
        )

    async def toggle_timer(
        self, channel_id: int, table_id: str, user_id: int, on: bool | None = None
    ) -> Table:
        """The lobby's timer button: on (the server's timer, or the bot's; one already on
        keeps its seconds), off, or (None) the other way."""
        current = self.get(channel_id)
        seconds = self.timer_seconds
        if current is not None and not current.turn_timeout:
            seconds = self.timer_button_of(await self.guild_settings(current.guild_id))

        def change(t: Table) -> None:
            want = not t.turn_timeout if on is None else on
            lobby.set_timer(t, user_id, (t.turn_timeout or seconds) if want else None)

        return await self._change(channel_id, table_id, change)

    # ------------------------------------------------------------------ the server's
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's house rules (a database that is away: "try again")."""
        try:
            return await asyncio.wait_for(
                self.store.get_guild_settings(guild_id), timeout=self._ctx.commit_timeout
            )
        except (StoreUnavailable, TimeoutError) as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def rating_changes(self, table: Table, number: int | None = None) -> list[RatingChange]:
        """How game ``number`` of the table's series (None: the whole series) moved its
        humans' league ratings, by user id: none for an unranked series (not read), and
        none while the database is away or slower than :data:`RATINGS_WAIT` (the summary
        then goes without them rather than hold up the table's next messages)."""
        if not table.series_key or table.hints or not lobby.would_be_ranked(table):
            return []
        try:
            return await asyncio.wait_for(
                self.store.rating_changes(table.guild_id, table.series_key, number),
                timeout=min(RATINGS_WAIT, self._ctx.commit_timeout),
            )
        except (StoreUnavailable, TimeoutError):
            log.warning("guild %s: no rating changes for a game summary", table.guild_id)
            return []

    async def rules_now(self, channel_id: int) -> GuildSettings:
        """The server's rules for the table in ``channel_id``, as they stand now."""
        session = self._sessions.get(self.canonical(channel_id))
        if session is None:
            raise ServiceError(ErrorKey.NO_TABLE)
        return await self.guild_settings(session.table.guild_id)

    def timer_of(self, settings: GuildSettings) -> float | None:
        """A new lobby's move timer: the server's (0: off), else the bot's default."""
        if settings.turn_timer is None:
            return self.default_timeout
        return float(settings.turn_timer) or None

    def timer_button_of(self, settings: GuildSettings) -> float | None:
        """What the lobby's timer button turns on: the server's timer, else the bot's."""
        return float(settings.turn_timer or 0) or self.timer_seconds

    # ------------------------------------------------------------------ the lobby's
    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        locale: str,
        *,
        turn_timeout: float | None = None,
        length: int | None = None,
    ) -> Table:
        """A new lobby with the server's house rules (``/kozel settings``): its series
        length, move timer (``turn_timeout`` seconds, 0 off, overrides it; so does
        ``length``),
        whether hints may be turned on, and the public table's language (else ``locale``,
        the server's)."""
        parent = self.canonical(channel_id)
        if parent != channel_id:  # a table's thread: its lobby's controls would not reach it
            raise ServiceError(ErrorKey.IN_TABLE_THREAD, channel=f"<#{parent}>")
        rules = await self.guild_settings(guild_id)
        timeout = self.timer_of(rules) if turn_timeout is None else (float(turn_timeout) or None)
        target = length if length is not None else rules.series_length
        lock = self._lock(channel_id)
        async with lock:
            old = self._sessions.get(channel_id)
            if old is not None and old.table.status is not TableStatus.FINISHED:
                where = old.table.messages.get("table") or old.table.messages.get("lobby")
                raise ServiceError(ErrorKey.TABLE_EXISTS, message_id=where)
            table = Table(
                table_id=new_table_id(),
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                locale=rules.table_locale or locale,
                turn_timeout=timeout,
                hints_allowed=rules.hints_allowed,
                rank_computers=rules.rank_computer_series,
            )
            lobby.set_length(table, host_id, target)
            table.seats[0] = Seat(user_id=host_id, name=host_name)
            table.version = 1
            table.last_activity = self._now()
            session = TableSession(table, lock, self._ctx)
            await session.save_new()
            if old is not None:
                old.end()
            self._sessions[channel_id] = session
            log.info(
                "opened table=%s guild=%s channel=%s target=%d",
                table.table_id,
                guild_id,
                channel_id,
                table.target,
            )
        await self._emit(TableEvent(TableEventKind.LOBBY, table))
        return table

    async def set_length(
        self, channel_id: int, table_id: str, user_id: int, target: int | None = None
    ) -> Table:
        """The host sets the series length (None: the next offered one, the lobby's button)."""

        def change(t: Table) -> None:
            lobby.set_length(t, user_id, lobby.next_length(t.target) if target is None else target)

        return await self._change(channel_id, table_id, change)

    async def toggle_hints(
        self, channel_id: int, table_id: str, user_id: int, on: bool | None = None
    ) -> Table:
        """The lobby's hints button (host; casual tables only): on, off, or (None) the
        other way."""
        return await self._change(
            channel_id,
            table_id,
            lambda t: lobby.set_hints(t, user_id, not t.hints if on is None else on),
        )

    # ------------------------------------------------------------------ a hint
    async def hint(self, channel_id: int, table_id: str, user_id: int) -> tuple[Table, Hint]:
        """The computer's suggestion for ``user_id``'s turn at a table with hints on. The
        computer gets the seat's own observation only, like a computer player; nothing is
        changed or stored."""
        session = self._session(self.canonical(channel_id), table_id)
        table = session.table
        series = table.series
        if table.status is not TableStatus.PLAYING or series is None:
            raise ServiceError(ErrorKey.NOT_PLAYING)
        seat = table.seat_of(user_id)
        if seat is None:
            raise ServiceError(ErrorKey.NOT_SEATED)
        if not table.hints:
            raise ServiceError(ErrorKey.HINTS_OFF)
        obs = observe(series, seat)
        if not obs.my_turn or not obs.legal_actions:
            raise ServiceError(ErrorKey.HINT_NOT_NOW)
        move_no = len(series.actions)
        action = await computer.suggest(self.computers, table, obs)
        return table, Hint(seat, action, explain(obs, action), move_no)
