"""The replay service: a game of this server replayed into public steps; another server's
game, an unknown id and a record that does not replay are refused; replays are cached."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest

from kozel_discord.engine import Series
from kozel_discord.service import ErrorKey, ServiceError
from kozel_discord.service.league import LeagueService
from kozel_discord.store import SeatSpec, StoredGame, StoreUnavailable

from ..engine.helpers import play_randomly


def _stored(game_id: int, guild_id: int, record: dict[str, Any]) -> StoredGame:
    return StoredGame(
        game_id=game_id,
        guild_id=guild_id,
        series_key="k",
        number=int(record["game"]),
        seats=tuple(SeatSpec(i, 100 + i, f"p{i}") for i in range(4)),
        card_points=(70, 50),
        defeat_points=(0, 2),
        eggs=False,
        finished_at=dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
        record=record,
        dealer=0,
        first_leader=1,
        tricks=(5, 3),
        last_trick_taker=0,
        defeat_points_before=(4, 2),
        eggs_before=1,
        target=12,
    )


class FakeStore:
    def __init__(self, games: dict[int, StoredGame]) -> None:
        self.games = games
        self.reads = 0
        self.down = False

    async def get_game(self, game_id: int) -> StoredGame | None:
        self.reads += 1
        if self.down:
            raise StoreUnavailable("down")
        return self.games.get(game_id)

    async def recent_games(self, guild_id: int, **kw: Any) -> list[Any]:
        if self.down:
            raise StoreUnavailable("down")
        return [g for g in self.games.values() if g.guild_id == guild_id]


def _league() -> tuple[LeagueService, FakeStore]:
    s = Series(21)
    play_randomly(s, random.Random(21))
    record = s.game_record(2)
    broken = dict(record, actions=record["actions"][:5])  # type: ignore[index]
    store = FakeStore(
        {7: _stored(7, 1, record), 8: _stored(8, 2, record), 9: _stored(9, 1, broken)}
    )
    return LeagueService(store), store  # type: ignore[arg-type]


async def test_a_game_of_this_server_is_replayed_with_the_series_totals() -> None:
    league, store = _league()
    view = await league.game_replay(1, 7)
    assert view.game_id == 7 and view.record == store.games[7].record
    assert view.steps and all(st.observation.seat is None for st in view.steps)
    assert view.steps[0].observation.defeat_points == (4, 2)
    assert view.defeat_points_after == (4, 4) and view.eggs_after == 1
    assert [s.name for s in view.seats if s is not None] == ["p0", "p1", "p2", "p3"]
    assert view.step(0) is view.steps[0] and view.step(10**6) is view.steps[-1]
    again = await league.game_replay(1, 7)
    assert again is view and store.reads == 1  # cached: a stored record never changes


@pytest.mark.parametrize(
    ("guild", "game", "key"),
    [
        (1, 8, ErrorKey.GAME_OTHER_GUILD),
        (1, 12345, ErrorKey.GAME_NOT_FOUND),
        (1, 0, ErrorKey.GAME_NOT_FOUND),
        (1, 2**63, ErrorKey.GAME_NOT_FOUND),
        (1, 9, ErrorKey.GAME_UNREADABLE),
    ],
)
async def test_refusals(guild: int, game: int, key: ErrorKey) -> None:
    league, _store = _league()
    with pytest.raises(ServiceError) as err:
        await league.game_replay(guild, game)
    assert err.value.key is key and err.value.params == {"id": str(game)}


async def test_another_server_is_refused_also_from_the_cache() -> None:
    league, _store = _league()
    await league.game_replay(2, 8)
    with pytest.raises(ServiceError) as err:
        await league.game_replay(1, 8)
    assert err.value.key is ErrorKey.GAME_OTHER_GUILD


async def test_a_database_outage_is_try_again() -> None:
    league, store = _league()
    store.down = True
    for call in (league.game_replay(1, 7), league.recent_games(1)):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.key is ErrorKey.TRY_AGAIN


async def test_recent_games_of_the_server() -> None:
    league, _store = _league()
    assert {g.game_id for g in await league.recent_games(1)} == {7, 9}
    assert dataclasses.is_dataclass((await league.recent_games(2))[0])
