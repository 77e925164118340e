"""The database going away for a while (PostgreSQL unreachable) must not lose a move or crash
the bot: the move is refused with a clear "try again", nothing half-applied remains, and the
same move succeeds once the database is back."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, TcpProxy, embed_text, move_options, summary_number

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]


async def test_database_outage_refuses_moves_cleanly_and_loses_nothing(
    standin: DiscordStandIn, tmp_path: Path, bots: list[BotProcess], postgres_server: object
) -> None:
    server = postgres_server
    name = await _create(server)
    real_url = server.url_of(name)  # type: ignore[attr-defined]
    proxy = TcpProxy(make_url(real_url).port or 5432)
    await proxy.start()
    proxied = make_url(real_url).set(port=proxy.port).render_as_string(hide_password=False)
    try:
        users = [standin.add_user(n) for n in ("alice", "bob", "cat", "dan")]
        guild = standin.add_guild("Outage club", members=users)
        bot = BotProcess(standin, proxied, tmp_path / "bot.log", guild=guild)
        bots.append(bot)
        await bot.start()
        await standin.wait_for_commands("kozel", guild=guild, timeout=30)
        rng = random.Random(5)
        driver = Driver(
            standin, guild, dict(enumerate(users)), lambda o: str(rng.choice(o)["value"])
        )
        await driver.open_table(users[0], {})
        await driver.steps(6)  # a few moves into the first game
        mover, board, sel = await driver.mover()
        # Let the table message catch up with the last move before taking it as the reference.
        await standin.wait_for(lambda: driver.whose_mention() == mover.id, timeout=10)
        choice = str(move_options(board, sel)[0]["value"])
        table_before = embed_text(driver.table_message())  # type: ignore[arg-type]
        board_before = embed_text(board)

        proxy.cut()
        refused = await driver.play(mover, board, sel, choice)
        assert refused.latency < 3.0
        answer = refused.followups[0] if refused.followups else refused.message
        assert answer is not None and answer.visible_to == mover.id
        assert "try again" in embed_text(answer)
        assert embed_text(board) == board_before, "the board is unchanged"
        assert embed_text(driver.table_message()) == table_before  # type: ignore[arg-type]
        assert bot.proc is not None and bot.proc.returncode is None, "the bot is still running"

        proxy.restore()
        accepted = await driver.play(mover, board, sel, choice)
        assert accepted.response_type == 7 and "try again" not in embed_text(accepted.message)  # type: ignore[arg-type]

        # The rest of the series plays out and is recorded exactly once.
        await driver.play_until(driver.series_over, max_steps=3000)
        over = embed_text(driver.series_over())  # type: ignore[arg-type]
        final = re.search(r"Defeat points: A (\d+)\u00a0· B (\d+)", over)
        assert final is not None
        channel = guild.default_channel.id
        summaries = sum(summary_number(m) is not None for m in standin.public_messages(channel))
        assert standin.missed_deadlines == [] and standin.rejections == []
    finally:
        await proxy.stop()

    engine = create_engine(real_url)
    try:
        store = LeagueStore(create_sessionmaker(engine))
        series = await store.recent_series(guild.id)
        assert len(series) == 1 and series[0].status.value == "finished"
        games = await store.get_series_games(guild.id, series[0].series_key)
        assert [g.number for g in games] == list(range(1, summaries + 1))
        assert series[0].defeat_points == (int(final[1]), int(final[2]))
        # Replaying the stored records gives the stored results: nothing half-applied.
        from kozel_discord.engine import Series
        from kozel_discord.engine.series import RECORD_VERSION

        actions = [a for g in games for a in g.record["actions"]]
        seeds = [g.record["seed"] for g in games]  # each game's own (KOZEL_FIXED_SEED too)
        record = {"version": RECORD_VERSION, "target": 12, "seeds": seeds, "actions": actions}
        replay = Series.replay(record)
        assert [r.card_points for r in replay.results] == [g.card_points for g in games]
    finally:
        await engine.dispose()
        await _drop(server, name)


async def _create(server: object) -> str:
    import asyncio

    return await asyncio.to_thread(server.create)  # type: ignore[attr-defined]


async def _drop(server: object, name: str) -> None:
    import asyncio

    await asyncio.to_thread(server.drop, name)  # type: ignore[attr-defined]
