"""End to end, issue 14 (a coach): after a game, a player opens Review on the game's
summary and sees their own decisions only; someone who did not play is refused. The real
bot process against the stand-in; nothing sleeps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text
from standin.records import RecordedMessage

pytestmark = pytest.mark.e2e


def _review_ids(m: RecordedMessage) -> list[str]:
    return [c for c in m.custom_ids() if c.startswith("kozel:review:")]


async def _seat_moves(sqlite_url: str, guild_id: int, series_key: str, seat: int) -> int:
    engine = create_engine(sqlite_url)
    try:
        games = await LeagueStore(create_sessionmaker(engine)).get_series_games(
            guild_id, series_key
        )
    finally:
        await engine.dispose()
    actions = games[0].record["actions"]
    return sum(1 for s, _a in actions if s == seat)


async def test_review_opens_for_a_player_after_a_game_and_lists_only_their_decisions(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    carol = standin.add_user("carol")
    guild = standin.add_guild("Coach club", members=[alice, carol])
    # Alice plays her own moves (moves the clock played for her are not hers to review).
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice}, lambda o: str(random.choice(o)["value"]))
    await driver.open_table(alice, {1: "random", 2: "heuristic", 3: "random"})

    def summary() -> RecordedMessage | None:
        found = [m for m in standin.public_messages(channel) if _review_ids(m)]
        return found[0] if found else None

    for _ in range(60):  # her moves until game 1 is over (a move of game 2 at most)
        if summary() is not None:
            break
        await driver.steps(1)
    first = await standin.wait_for(summary, timeout=90, what="the first game's summary")
    assert "Game 1 is over" in embed_text(first)
    (cid,) = _review_ids(first)
    assert cid.endswith(":1")
    series_key = cid.split(":")[2]

    # Carol did not play: a clear refusal, only for her.
    r = await standin.click(carol, first, cid)
    assert r.message is not None and r.message.ephemeral and r.message.visible_to == carol.id
    if r.message.loading:
        await standin.wait_until_resolved(r, timeout=30)
    assert "Only the players of this game" in r.message.content

    # Alice's review: hers alone (seat 1, team A), every move of her seat counted.
    r = await standin.click(alice, first, cid)
    assert r.message is not None and r.message.ephemeral and r.message.visible_to == alice.id
    if r.message.loading:  # slower than the answer's budget: deferred, then followed up
        await standin.wait_until_resolved(r, timeout=60)
    text = embed_text(r.message)
    assert "Review of your moves\u00a0— game 1" in text and "Seat 1\u00a0· Team A" in text
    moves = await _seat_moves(sqlite_url, guild.id, series_key, 0)
    assert f"{moves}\u00a0move" in text
    lines = [line for line in text.splitlines() if " Trick " in line and "\u00a0— " in line]
    assert 1 <= len(lines) <= moves
    assert "the computer played for you" not in text  # all of them were hers
    # A second look comes from the cache, at once.
    again = await standin.click(alice, first, cid)
    assert again.message is not None and not again.message.loading
    assert embed_text(again.message) == text
    assert standin.rejections == [] and standin.unhandled == []
    assert standin.missed_deadlines == []
