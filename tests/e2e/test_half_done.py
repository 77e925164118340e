"""End to end: half-done states a crash leaves (SIGKILL at a point the stand-in holds the
bot at), resumed on the next start -- a lobby stored but never posted, a stop whose
messages were not yet marked, and a post Discord accepted whose id was never saved, after
an outage longer than Discord's nonce window."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from kozel_discord.store import create_engine
from standin.channels_api import NONCE_WINDOW
from standin.discord_standin import DiscordStandIn
from standin.harness import (
    BotProcess,
    Driver,
    embed_text,
    find_id,
    payload_summary_number,
    summary_number,
    text_displays,
)

pytestmark = pytest.mark.e2e

CALLBACK = "/interactions/{interaction_id}/{token}/callback"
MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


class Restarts:
    """The bot, killed and started again on the same database."""

    def __init__(
        self,
        standin: DiscordStandIn,
        url: str,
        tmp: Path,
        guild: Any,
        bots: list[BotProcess],
        env: dict[str, str] | None = None,
    ) -> None:
        self.standin, self.url, self.tmp, self.guild, self.bots = standin, url, tmp, guild, bots
        self.extra_env = env
        self.bot = self._new()

    def _new(self) -> BotProcess:
        bot = BotProcess(
            self.standin,
            self.url,
            self.tmp / f"bot-{len(self.bots)}.log",
            guild=self.guild,
            extra_env=self.extra_env,
        )
        self.bots.append(bot)
        return bot

    async def start(self) -> None:
        await self.bot.start()
        await self.standin.wait_for_commands("kozel", guild=self.guild, timeout=30)

    async def crash_and_restart(self) -> None:
        await self.bot.kill()
        self.bot = self._new()
        await self.start()


def _is_table_message(message: Any) -> bool:
    texts = [embed_text(message), *text_displays(message)]
    return any("Kozel\u00a0— game " in text or " is over." in text for text in texts)


def _posted_for(tables: list[Any]) -> list[int]:
    """The game each table message was posted for (its first version: a message whose game
    ended unseen later says only that the game ended)."""
    return [
        int(m[1])
        for p in tables
        if (m := re.search(r"Kozel\u00a0— game (\d+)", " ".join(text_displays(p, 0))))
    ]


def _lobbies(standin: DiscordStandIn, channel: int, tid: str) -> list[Any]:
    return [m for m in standin.public_messages(channel) if f"kozel:sit:{tid}:0" in m.custom_ids()]


async def test_a_lobby_stored_but_never_posted_is_posted_on_resume(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Club", members=[alice, bob])
    channel = guild.default_channel.id
    bot = Restarts(standin, sqlite_url, tmp_path, guild, bots)
    await bot.start()
    # /kozel start: the lobby is stored, then the bot dies before its answer is posted.
    hold = standin.hold("POST", CALLBACK)
    start = asyncio.create_task(standin.slash(alice, guild, None, "kozel", subcommand="start"))
    await hold.wait_reached()
    await bot.crash_and_restart()
    start.cancel()
    hold.drop()
    lobby = await standin.wait_for(
        lambda: next(
            (m for m in standin.public_messages(channel) if "kozel:lobby:" in str(m.custom_ids())),
            None,
        ),
        timeout=20,
        what="the lobby posted on resume",
    )
    tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    # A second /kozel start links the lobby; Bob can sit in it.
    again = await standin.slash(bob, guild, None, "kozel", subcommand="start")
    assert again.ephemeral and "already a table" in embed_text(again.message)
    assert f"/{channel}/{lobby.id}" in embed_text(again.message)
    await standin.click(bob, lobby, f"kozel:sit:{tid}:1")
    await standin.wait_for(lambda: f"<@{bob.id}>" in embed_text(lobby), what="Bob seated")
    assert len(_lobbies(standin, channel, tid)) == 1
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_stop_whose_messages_were_not_marked_is_marked_on_resume(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Club", members=[alice])
    bot = Restarts(standin, sqlite_url, tmp_path, guild, bots)
    await bot.start()
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    lobby = r.message
    assert lobby is not None
    tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    confirm = await standin.slash(alice, guild, None, "kozel", subcommand="stop")
    assert confirm.message is not None
    # The confirmation is accepted, the table stopped; the bot dies before the lobby's
    # controls are taken off.
    hold = standin.hold("PATCH", MESSAGE, when=lambda p, _: p["message_id"] == str(lobby.id))
    click = asyncio.create_task(standin.click(alice, confirm.message, f"kozel:stop:{tid}:lobby"))
    await hold.wait_reached()
    await bot.crash_and_restart()
    click.cancel()
    hold.drop()
    await standin.wait_for(
        lambda: not lobby.custom_ids(), timeout=20, what="the lobby marked stopped"
    )
    assert "stopped" in embed_text(lobby).lower()
    # The stop is final: no table in the channel, a new one can be opened.
    hand = await standin.slash(alice, guild, None, "kozel", subcommand="hand")
    assert "There is no table" in embed_text(hand.message)
    new = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert new.message is not None and not new.ephemeral


async def _computers_table(
    standin: DiscordStandIn,
    url: str,
    tmp: Path,
    bots: list[BotProcess],
    env: dict[str, str] | None = None,
) -> tuple[Restarts, Driver, Any, Any]:
    """The bot, a driver, Alice and a lobby with Alice in seat 0 and three computers, not
    begun. A lobby needs a human:
    Alice keeps seat 0 with a tiny move timer, so the computer plays her turns (timed out,
    then away) and the computers play the series."""
    alice = standin.add_user("alice")
    guild = standin.add_guild("Club", members=[alice])
    bot = Restarts(
        standin, url, tmp, guild, bots, env={"KOZEL_TURN_TIMEOUT": "0.05", **(env or {})}
    )
    await bot.start()
    driver = Driver(standin, guild, {}, lambda opts: str(opts[0]["value"]))
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert r.message is not None
    driver.lobby = r.message
    driver.tid = tid = find_id(r.message, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    for seat, level in enumerate(("heuristic", "random", "heuristic"), start=1):
        await standin.select(alice, r.message, f"kozel:addbot:{tid}", [f"{seat}:{level}"])
    return bot, driver, alice, r.message


def _game_1_summary(_params: dict[str, str], answer: Any) -> bool:
    """Discord's answer to the post of game 1's summary (for ``hold(..., after=True)``)."""
    return payload_summary_number(answer) == 1


async def _until_stored(url: str, sql: str, at_least: int, what: str, timeout: float) -> None:
    """Until ``sql`` (a count) reaches ``at_least`` in the bot's database. The presenter is
    held, so no Discord request tells: the database is read every 50 ms (a poll of the
    condition, bounded by ``timeout``)."""
    engine = create_engine(url)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while True:
            async with engine.connect() as conn:
                count = await conn.scalar(text(sql))
            if (count or 0) >= at_least:
                return
            assert loop.time() < deadline, f"{what} did not happen within {timeout}s"
            await asyncio.sleep(0.05)
    finally:
        await engine.dispose()


async def test_a_post_accepted_but_not_saved_is_adopted_after_the_nonce_window(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    bot, driver, alice, lobby = await _computers_table(standin, sqlite_url, tmp_path, bots)
    channel = driver.channel_id
    # Computers play; Discord accepts game 1's summary, the bot dies before saving its id
    # and stays down longer than Discord remembers the nonce.
    hold = standin.hold("POST", MESSAGES, after=True, when=_game_1_summary)
    await standin.click(alice, lobby, f"kozel:lobby:{driver.tid}:begin")
    await hold.wait_reached(timeout=60)
    await bot.bot.kill()
    hold.release()
    standin.advance_clock(NONCE_WINDOW + 60)
    bot.bot = bot._new()
    await bot.start()
    await standin.wait_for(driver.series_over, timeout=120, what="the end of the series")

    posts = standin.public_messages(channel)
    numbers = [n for p in posts if (n := summary_number(p)) is not None]
    assert numbers and sorted(numbers) == list(range(1, max(numbers) + 1)), numbers
    tables = [p for p in posts if _is_table_message(p)]
    shown = _posted_for(tables)
    # No game has two table messages (a repost), the last one has its own. (A game the
    # computers played entirely while the summary's post was held has none: the presenter
    # was waiting for Discord the whole time.)
    assert len(shown) == len(tables) and len(set(shown)) == len(shown), shown
    assert max(shown) == max(numbers), (shown, numbers)
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_table_message_accepted_before_a_crash_shows_the_position_after_it(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Club", members=[alice])
    bot = Restarts(standin, sqlite_url, tmp_path, guild, bots)
    await bot.start()
    driver = Driver(standin, guild, {0: alice}, lambda opts: str(opts[0]["value"]))
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    lobby = r.message
    assert lobby is not None
    driver.lobby = lobby
    driver.tid = tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    for seat, level in ((1, "random"), (2, "heuristic"), (3, "random")):
        await standin.select(alice, lobby, f"kozel:addbot:{tid}", [f"{seat}:{level}"])

    def a_table_message(_params: dict[str, str], answer: Any) -> bool:
        game = re.search(r"Kozel\\xa0— game (\d+)", str(answer))  # a dict's repr: \xa0 escaped
        return (
            isinstance(answer, dict)
            and f"kozel:hand:{tid}" in str(answer.get("components"))
            and game is not None
            and int(game[1]) >= 2
        )

    # Discord accepts the table message of a later game (game 2, or a later one when Alice
    # played game 2 out before the bot could show it); the bot dies before saving its id,
    # while the computers play on to Alice's turn.
    hold = standin.hold("POST", MESSAGES, after=True, when=a_table_message)
    await standin.click(alice, lobby, f"kozel:lobby:{tid}:begin")
    await standin.wait_for(driver.table_message, timeout=20, what="the table message")
    play = asyncio.create_task(driver.play_until(lambda: hold.reached.is_set()))
    await hold.wait_reached(timeout=120, alongside=play)
    play.cancel()
    await bot.crash_and_restart()
    hold.release()
    # Whatever was shown before, the table message comes to say whose turn it is now, and
    # the whole series can be played from it.
    await driver.play_until(driver.series_over, max_steps=3000)
    posts = standin.public_messages(guild.default_channel.id)
    tables = [p for p in posts if _is_table_message(p)]
    numbers = [n for p in posts if (n := summary_number(p)) is not None]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    shown = _posted_for(tables)
    # The message Discord accepted before the crash was adopted, not posted again: no game
    # has two table messages, and the last game has its own. (Alice plays as fast as the
    # bot answers: a game she played out while the presenter waited for Discord has none.)
    assert len(shown) == len(tables) and len(set(shown)) == len(shown), shown
    assert max(shown) == max(numbers), (shown, numbers)
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_last_game_played_while_discord_was_slow_still_gets_its_table_message(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    _bot, driver, alice, lobby = await _computers_table(standin, sqlite_url, tmp_path, bots)
    channel = driver.channel_id
    # Discord is slow to answer game 1's summary until the series has been played to its
    # end: the games after it were never shown while they were played.
    hold = standin.hold("POST", MESSAGES, after=True, when=_game_1_summary)
    await standin.click(alice, lobby, f"kozel:lobby:{driver.tid}:begin")
    await hold.wait_reached(timeout=60)
    series_ended = "SELECT count(*) FROM series WHERE ended_at IS NOT NULL"
    await _until_stored(sqlite_url, series_ended, 1, "the end of the series", timeout=120)
    hold.release()
    await standin.wait_for(driver.series_over, timeout=60, what="the end of the series")

    posts = standin.public_messages(channel)
    summaries = {n: p.seq for p in posts if (n := summary_number(p)) is not None}
    last = max(summaries)
    assert sorted(summaries) == list(range(1, last + 1))
    tables = {
        int(m[1]): p for p in posts if (m := re.search(r"Kozel\u00a0— game (\d+)", embed_text(p)))
    }
    assert last > 1 and last in tables, (sorted(tables), last)
    final = tables[last]
    # Posted once, already final: the game's end, no controls, right before its summary.
    assert len(final.versions) == 1 and not final.custom_ids()
    assert " is over." in " ".join(text_displays(final))
    assert summaries[last - 1] < final.seq < summaries[last], "in the order played"
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_game_over_shown_late_leaves_the_next_games_message_live(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    # The computers play a little slower than instant, so that game 3 is still being
    # played when Discord answers.
    env = {"KOZEL_COMPUTER_DELAY": "0.1"}
    _bot, driver, alice, lobby = await _computers_table(standin, sqlite_url, tmp_path, bots, env)
    channel = driver.channel_id
    # Discord is slow to answer game 1's summary until game 2 has been played to its end:
    # the bot shows game 1's end while game 3 is being played, then game 2's.
    hold = standin.hold("POST", MESSAGES, after=True, when=_game_1_summary)
    await standin.click(alice, lobby, f"kozel:lobby:{driver.tid}:begin")
    await hold.wait_reached(timeout=60)
    await _until_stored(sqlite_url, "SELECT count(*) FROM games", 2, "game 2's end", timeout=120)
    hold.release()
    await standin.wait_for(driver.series_over, timeout=120, what="the end of the series")

    posts = standin.public_messages(channel)
    tables: dict[int, list[Any]] = {}
    for p in posts:
        if m := re.search(r"Kozel\u00a0— game (\d+)", embed_text(p)):
            tables.setdefault(int(m[1]), []).append(p)
    assert all(len(v) == 1 for v in tables.values()), "one table message per game"
    numbers = [n for p in posts if (n := summary_number(p)) is not None]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 3, numbers
    # Game 3's message was not taken for game 2's: it followed game 3 and ended frozen on
    # its final position, without controls.
    third = tables[3][0]
    assert len(third.versions) > 2 and not third.custom_ids()
    assert " is over." in " ".join(text_displays(third))
    assert standin.rejections == [] and standin.unhandled == []


def _game_1_table_edit(_params: dict[str, str], answer: Any) -> bool:
    """Discord's answer to an edit of game 1's table message (for ``hold(..., after=True)``)."""
    components = str(answer.get("components")) if isinstance(answer, dict) else ""
    return "Kozel\\xa0— game 1" in components  # a repr: the no-break space is escaped


async def test_a_table_message_whose_game_ended_unseen_loses_its_turn_and_controls(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    _bot, driver, alice, lobby = await _computers_table(standin, sqlite_url, tmp_path, bots)
    # Discord is slow to answer an edit of game 1's table message until game 2 has ended:
    # game 1's last position is gone by the time its end could be shown.
    hold = standin.hold("PATCH", MESSAGE, after=True, when=_game_1_table_edit)
    await standin.click(alice, lobby, f"kozel:lobby:{driver.tid}:begin")
    await hold.wait_reached(timeout=60)
    await _until_stored(sqlite_url, "SELECT count(*) FROM games", 2, "game 2's end", timeout=120)
    hold.release()
    await standin.wait_for(driver.series_over, timeout=120, what="the end of the series")

    posts = standin.public_messages(driver.channel_id)
    first = next(p for p in posts if "Kozel\u00a0— game 1" in " ".join(text_displays(p, 0)))
    # It says that game 1 ended and how; no stale turn, no controls, no stale picture.
    text = " ".join(text_displays(first))
    assert (
        "Game 1 is over." in text and " to lead." not in text and " to beat or discard " not in text
    ), text
    assert not first.custom_ids() and not first.payload.get("attachments")
    assert standin.rejections == [] and standin.unhandled == []
