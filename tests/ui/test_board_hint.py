"""The private board's Hint: a hint computed for one position is never shown on a later
one (the game moves on while the strong computer searches: a timeout, a computer's
molodka), where the hinted move may not even be legal."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
import pytest

from kozel_discord.engine import Observation
from kozel_discord.i18n import t
from kozel_discord.monitor import BotStats
from kozel_discord.service import Table, TableService, computer
from kozel_discord.store import LeagueStore
from kozel_discord.ui.board import HintButton
from kozel_discord.ui.boards import PrivateBoards
from tests.service.conftest import store  # noqa: F401
from tests.ui.board_helpers import _texts

GUILD, CHANNEL, HOST = 1, 10, 100


@dataclasses.dataclass
class Response:
    sent: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, **kw: Any) -> None:
        self.sent.append(kw)

    async def defer(self, **kw: Any) -> None:
        self.sent.append({"deferred": True})


@dataclasses.dataclass
class Presenter:
    boards: PrivateBoards


@dataclasses.dataclass
class Host:
    tables: TableService
    presenter: Presenter
    league: Any = None
    reviews: Any = None
    stats: BotStats = dataclasses.field(default_factory=BotStats)


@dataclasses.dataclass
class User:
    id: int = HOST


@dataclasses.dataclass
class Interaction:
    client: Host
    response: Response = dataclasses.field(default_factory=Response)
    user: User = dataclasses.field(default_factory=User)
    channel_id: int = CHANNEL
    guild_id: int = GUILD
    locale: discord.Locale = discord.Locale.american_english
    guild_locale: discord.Locale = discord.Locale.american_english
    message: Any = None
    created_at: Any = dataclasses.field(default_factory=discord.utils.utcnow)

    async def edit_original_response(self, **kw: Any) -> None:
        self.response.sent.append(kw)


async def _casual_table(svc: TableService) -> Table:
    """The host against three computers that never move by themselves, hints on."""
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    for seat in (1, 2, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "heuristic", f"C{seat + 1}")
    await svc.toggle_hints(CHANNEL, t.table_id, HOST)
    return await svc.start(CHANNEL, t.table_id, HOST)


@pytest.mark.parametrize("moved_on", [False, True])
async def test_a_hint_shows_only_on_the_position_it_was_computed_for(
    store: LeagueStore,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    moved_on: bool,
) -> None:
    svc = TableService(store, default_timeout=None, computer_delay=3600, seed_source=lambda c: 1)
    real = computer.suggest

    async def searching(players: Any, table: Table, obs: Observation) -> Any:
        action = await real(players, table, obs)
        if moved_on:  # meanwhile the game moved on: here the host's own move is made
            await svc.play(
                CHANNEL, table.table_id, HOST, 0, svc.move_number(table), action.encode()
            )
        return action

    monkeypatch.setattr(computer, "suggest", searching)
    try:
        table = await _casual_table(svc)
        assert table.series is not None and table.series.turn == 0
        interaction = Interaction(Host(svc, Presenter(PrivateBoards(svc, lambda t: None))))
        await HintButton(table.table_id).callback(interaction)  # type: ignore[arg-type]
        (answer,) = interaction.response.sent
        first = _texts(answer["view"])[0]
        if moved_on:
            assert first.startswith(t("hints.stale", "en-US")) and "Hint" not in first
        else:
            assert first.startswith("💡")
    finally:
        await svc.close()


async def test_a_board_whose_turn_the_clock_played_is_brought_up_to_date(
    store: LeagueStore,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # After a timeout the player's board kept its move menu: every pick was "out of date".
    from kozel_discord.ui import boards as boards_module

    sent: list[Any] = []

    async def send_board(interaction: Any, shown: Any) -> None:
        sent.append(shown)

    monkeypatch.setattr(boards_module, "send_board", send_board)
    svc = TableService(store, default_timeout=None, computer_delay=3600, seed_source=lambda c: 1)
    try:
        table = await _casual_table(svc)
        assert table.series is not None and table.series.turn == 0
        boards = PrivateBoards(svc, lambda t: None)
        interaction = Interaction(Host(svc, Presenter(boards)))
        boards.remember(table, 0, interaction, "en-US", svc.move_number(table))  # type: ignore[arg-type]
        await boards.refresh(table)
        assert sent == []  # the board is up to date
        # the clock plays the host's turn (as the session does on a timeout)
        session = svc._sessions[CHANNEL]  # type: ignore[attr-defined]
        action = table.series.legal_actions(0)[0]
        async with session.lock:
            await session._computer_apply(0, action, timed_out=True)
        now = svc.get(CHANNEL)
        assert now is not None and now.series is not None and now.series.turn != 0
        await boards.refresh(now)
        assert len(sent) == 1  # the menu of the turn that is gone, replaced
        view, _picture = sent[0]
        assert not any(isinstance(c, discord.ui.Select) for c in view.walk_children()), (
            "no move menu now"
        )
        await boards.refresh(now)
        assert len(sent) == 1  # once
    finally:
        await svc.close()


async def test_an_away_players_my_hand_is_answered_while_a_computer_holds_the_table(
    store: LeagueStore,  # noqa: F811
) -> None:
    # Coming back takes the table's lock, which a computer holds while it decides: the
    # click waited past Discord's 3 s.
    import asyncio
    import datetime as dt

    from kozel_discord.ui.board import HandButton

    svc = TableService(store, default_timeout=None, computer_delay=3600, seed_source=lambda c: 1)
    try:
        table = await _casual_table(svc)
        live = svc.get(CHANNEL)
        assert live is not None
        live.seat(0).away = True
        late = discord.utils.utcnow() - dt.timedelta(seconds=5)  # the budget is spent
        interaction = Interaction(Host(svc, Presenter(PrivateBoards(svc, lambda t: None))))
        interaction.created_at = late
        session = svc._sessions[CHANNEL]  # type: ignore[attr-defined]
        await session.lock.acquire()  # a computer deciding
        answered = asyncio.Event()
        defer = interaction.response.defer

        async def deferring(**kw: Any) -> None:
            await defer(**kw)
            answered.set()

        interaction.response.defer = deferring  # type: ignore[method-assign]
        clicked = asyncio.ensure_future(HandButton(table.table_id).callback(interaction))  # type: ignore[arg-type]
        waiting = asyncio.ensure_future(answered.wait())
        await asyncio.wait({waiting, clicked}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        assert interaction.response.sent == [{"deferred": True}]  # answered in time
        session.lock.release()
        await clicked
        back = svc.get(CHANNEL)
        assert back is not None and not back.seat(0).away
        assert "view" in interaction.response.sent[-1]  # then the board
    finally:
        await svc.close()
