"""House rules in the service: a lobby opens with the server's settings, the host sets the
length and hints, hints are absent from series that count for the league, and a hint is the
strong computer's move from the player's own observation."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from kozel_discord import i18n
from kozel_discord.ai import Why
from kozel_discord.engine import SERIES_LENGTHS, observe
from kozel_discord.service import ServiceError, TableService, TableStatus, lobby
from kozel_discord.service.errors import ErrorKey
from kozel_discord.store import LeagueStore

GUILD, CHANNEL, HOST, B, C, D = 1, 10, 100, 200, 300, 400


@pytest.fixture
async def svc(store: LeagueStore) -> AsyncIterator[TableService]:
    service = TableService(
        store, default_timeout=90, computer_delay=3600, seed_source=lambda _c: 1
    )  # computers never move by themselves here
    yield service
    await service.close()


async def _settings(store: LeagueStore, **values: object) -> None:
    await store.run(lambda uow: uow.set_guild_settings(GUILD, dict(values)))


async def test_a_lobby_opens_with_the_servers_house_rules(
    svc: TableService, store: LeagueStore
) -> None:
    fresh = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    assert (fresh.target, fresh.turn_timeout, fresh.hints, fresh.locale) == (12, 90, False, "en-US")
    await svc.stop(CHANNEL, HOST, is_admin=False)
    await _settings(store, series_length=8, turn_timer=0, table_locale="ru")
    table = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    assert (table.target, table.turn_timeout, table.locale) == (8, None, "ru")
    await svc.stop(CHANNEL, HOST, is_admin=False)
    # The host's options override the server's length and timer.
    own = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=30, length=10)
    assert (own.target, own.turn_timeout) == (10, 30)
    # The timer button turns the server's timer on.
    await _settings(store, turn_timer=60)
    off = await svc.toggle_timer(CHANNEL, own.table_id, HOST)
    assert off.turn_timeout is None
    on = await svc.toggle_timer(CHANNEL, own.table_id, HOST)
    assert on.turn_timeout == 60
    # a button that says what it sets: pressed twice, the same (the seconds kept)
    await svc.set_timer(CHANNEL, own.table_id, HOST, 45)
    for _ in range(2):
        again = await svc.toggle_timer(CHANNEL, own.table_id, HOST, on=True)
        assert again.turn_timeout == 45
    for _ in range(2):
        again = await svc.toggle_timer(CHANNEL, own.table_id, HOST, on=False)
        assert again.turn_timeout is None


async def test_the_host_cycles_the_length_and_the_series_is_played_to_it(
    svc: TableService, store: LeagueStore
) -> None:
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    with pytest.raises(ServiceError) as refused:
        await svc.set_length(CHANNEL, t.table_id, B)
    assert refused.value.key is ErrorKey.HOST_ONLY
    assert refused.value.params == {"host": f"<@{HOST}>"}  # whom to ask
    with pytest.raises(ServiceError) as bad:
        await svc.set_length(CHANNEL, t.table_id, HOST, 7)
    assert bad.value.key is ErrorKey.BAD_LENGTH and t.target == 12
    # the lengths there are, as a list ("6, 8, 10, 12" read as one odd number list)
    shown = {"en-US": "to 6, 8, 10 or 12 defeat", "ru": "до 6, 8, 10 или 12 штрафных"}
    for locale, words in shown.items():
        assert words in i18n.t("error.bad_length", locale, **bad.value.params)
    seen = [(await svc.set_length(CHANNEL, t.table_id, HOST)).target for _ in SERIES_LENGTHS]
    assert seen == [6, 8, 10, 12]
    await svc.set_length(CHANNEL, t.table_id, HOST, 8)
    for seat, user in ((1, B), (2, C), (3, D)):
        await svc.sit(CHANNEL, t.table_id, user, str(user), seat)
    started = await svc.start(CHANNEL, t.table_id, HOST)
    assert started.series is not None and started.series.target == 8
    assert observe(started.series, None).target == 8
    recent = await store.recent_series(GUILD)
    assert [(s.target, s.ranked) for s in recent] == [(8, True)]


async def test_hints_are_absent_in_a_ranked_series(svc: TableService, store: LeagueStore) -> None:
    """Four humans: the series counts for the league, so hints go off at the start."""
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    on = await svc.toggle_hints(CHANNEL, t.table_id, HOST)
    assert on.hints
    for seat, user in ((1, B), (2, C), (3, D)):
        await svc.sit(CHANNEL, t.table_id, user, str(user), seat)
    assert lobby.would_be_ranked(on)
    started = await svc.start(CHANNEL, t.table_id, HOST)
    assert not started.hints
    with pytest.raises(ServiceError) as refused:
        await svc.hint(CHANNEL, started.table_id, HOST)
    assert refused.value.key is ErrorKey.HINTS_OFF
    recent = await store.recent_series(GUILD)
    assert [(s.ranked, s.hints) for s in recent] == [(True, False)]


async def test_hints_are_refused_where_the_server_forbids_them_or_ranks_every_series(
    svc: TableService, store: LeagueStore
) -> None:
    await _settings(store, hints_allowed=False)
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    with pytest.raises(ServiceError) as forbidden:
        await svc.toggle_hints(CHANNEL, t.table_id, HOST)
    assert forbidden.value.key is ErrorKey.HINTS_NOT_ALLOWED
    await svc.stop(CHANNEL, HOST, is_admin=False)
    await _settings(store, hints_allowed=True)
    await store.run(lambda uow: uow.set_rank_computer_series(GUILD, True))
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    with pytest.raises(ServiceError) as ranked:
        await svc.toggle_hints(CHANNEL, t.table_id, HOST)
    assert ranked.value.key is ErrorKey.HINTS_RANKED
    assert not svc.get(CHANNEL).hints  # type: ignore[union-attr]


async def test_a_hint_at_a_casual_table_is_a_legal_move_with_a_reason(
    svc: TableService, store: LeagueStore
) -> None:
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    with pytest.raises(ServiceError) as not_yet:
        await svc.hint(CHANNEL, t.table_id, HOST)
    assert not_yet.value.key is ErrorKey.NOT_PLAYING
    await svc.toggle_hints(CHANNEL, t.table_id, HOST)
    await svc.sit(CHANNEL, t.table_id, B, "b", 2)
    for seat in (1, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "heuristic", f"bot{seat}")
    started = await svc.start(CHANNEL, t.table_id, HOST)
    assert started.hints and started.series is not None
    turn = started.series.turn
    assert turn in (0, 2)  # seed 1: a human leads
    player = HOST if turn == 0 else B
    waiting = B if turn == 0 else HOST
    table, hint = await svc.hint(CHANNEL, started.table_id, player)
    obs = observe(table.series, turn)  # type: ignore[arg-type]
    assert hint.seat == turn and hint.action in obs.legal_actions
    assert hint.move_no == 0 and isinstance(hint.reason.why, Why)
    assert table.series is not None and len(table.series.actions) == 0  # nothing played
    with pytest.raises(ServiceError) as other:
        await svc.hint(CHANNEL, started.table_id, waiting)
    assert other.value.key is ErrorKey.HINT_NOT_NOW
    with pytest.raises(ServiceError) as stranger:
        await svc.hint(CHANNEL, started.table_id, 999)
    assert stranger.value.key is ErrorKey.NOT_SEATED
    recent = await store.recent_series(GUILD)
    assert [(s.ranked, s.hints) for s in recent] == [(False, True)]


def test_the_rules_survive_a_restart_and_old_tables_keep_their_series_length() -> None:
    from kozel_discord.engine import Series
    from kozel_discord.service import Table

    t = Table("a" * 12, GUILD, CHANNEL, HOST, "en-US", None, target=8, hints=True)
    t.series = Series(3, target=8)
    back = Table.from_state(t.to_state(), version=1, messages={}, deadline=None)
    assert (back.target, back.hints, back.hints_allowed, back.rank_computers) == (
        8,
        True,
        True,
        False,
    )
    old = {k: v for k, v in t.to_state().items() if k not in ("target", "hints")}
    before = Table.from_state(old, version=1, messages={}, deadline=None)
    assert (before.target, before.hints) == (8, False)  # the length of its series


@pytest.mark.parametrize("before", [False, True])
async def test_the_series_counts_as_the_server_says_when_it_starts(
    svc: TableService, store: LeagueStore, before: bool
) -> None:
    """An admin flipped `/league ranked` while a lobby was open: the lobby's copy said
    "casual", the store recorded the series as ranked (ratings moved, no summary showed
    them), and the other way round. A rematch kept the copy of the first lobby."""
    await store.run(lambda uow: uow.set_rank_computer_series(GUILD, before))
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    for seat in (1, 2, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "heuristic", f"C{seat}")
    assert lobby.would_be_ranked(t) is before
    await store.run(lambda uow: uow.set_rank_computer_series(GUILD, not before))
    started = await svc.start(CHANNEL, t.table_id, HOST)
    assert lobby.would_be_ranked(started) is (not before)
    (stored,) = await store.recent_series(GUILD)
    assert stored.ranked is (not before)
    # a rematch reads the server's rule again
    await store.run(lambda uow: uow.set_rank_computer_series(GUILD, before))
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    table.status = TableStatus.FINISHED  # as at the end of the series
    again = await svc.rematch(CHANNEL, table.table_id, HOST)
    assert lobby.would_be_ranked(again) is before
    rows = {s.series_key: s.ranked for s in await store.recent_series(GUILD)}
    assert rows[again.series_key or ""] is before


async def test_a_vote_turns_on_the_servers_timer(svc: TableService, store: LeagueStore) -> None:
    """The lobby's timer button gave the server's 180 s, a carried vote the bot's 90 s."""
    await _settings(store, turn_timer=180)
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=0)
    await svc.sit(CHANNEL, t.table_id, B, "b", 2)
    for seat in (1, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "heuristic", f"C{seat}")
    started = await svc.start(CHANNEL, t.table_id, HOST)
    assert started.turn_timeout is None
    started.seat(started.seat_of(HOST) or 0).away = True  # the host holds the game up
    event = await svc.vote(CHANNEL, B, lobby.VOTE_TIMER)
    assert event.passed and event.table.turn_timeout == 180
