"""End to end, issue 12 items 1, 6 and 9 on the real bot process against the stand-in:
turn pings (and their reminder, and the opt-out), results that explain themselves and the
series recap, the host hand-over, the vote against a host who holds the game up, and the
close of idle tables. Nothing sleeps: every wait is on a condition, with a timeout."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import (
    TURN_PLACEHOLDER,
    BotProcess,
    Driver,
    embed_text,
    find_id,
    forge_component,
    move_options,
    summary_number,
)
from standin.model import StandInGuild, StandInUser
from standin.records import RecordedMessage

pytestmark = pytest.mark.e2e

TURN = "it is your turn"
REMINDER = "almost up"


async def _bot(
    standin: DiscordStandIn,
    sqlite_url: str,
    log_path: Path,
    bots: list[BotProcess],
    guild: StandInGuild,
    **env: str,
) -> BotProcess:
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild, extra_env=env)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    return bot


def _pings(s: DiscordStandIn, channel: int, text: str = TURN) -> list[RecordedMessage]:
    return [m for m in s.messages(channel, include_deleted=True) if text in m.content]


def _live(s: DiscordStandIn, channel: int, text: str = TURN) -> list[RecordedMessage]:
    return [m for m in _pings(s, channel, text) if not m.deleted]


def _choose(rng: random.Random):  # type: ignore[no-untyped-def]
    return lambda options: str(rng.choice(options)["value"])


async def _play_ping(driver: Driver, users: dict[int, StandInUser], ping: RecordedMessage) -> None:
    """The pinged player opens their board with the ping's own "My hand" button (the
    table message may be out of sight) and moves."""
    (uid,) = ping.mentioned
    user = users[uid]
    board = await driver.hand(user, via=ping)
    sel = driver.play_select(board) or driver.move_button(board)
    assert sel is not None
    if sel.startswith("kozel:play:"):  # a move menu (else the one-move button)
        assert (board.component(sel) or {}).get("placeholder") == TURN_PLACEHOLDER
    await driver.play(user, board, sel, driver.choose(move_options(board, sel)))


async def test_each_human_turn_pings_only_that_player_until_they_move(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Ping club", members=[alice, bob])
    await _bot(standin, sqlite_url, log_path, bots, guild)
    channel = guild.default_channel.id
    users = {alice.id: alice, bob.id: bob}
    driver = Driver(standin, guild, {0: alice, 1: bob}, _choose(random.Random(5)))
    await driver.open_table(alice, {2: "random", 3: "heuristic"})

    # Whenever Discord takes a turn ping, the table message already says it is that
    # player's turn (the ping never arrives under a table still showing another turn).
    early: list[tuple[int, int | None]] = []

    def ping_posted(_params: dict[str, str], answer: object) -> bool:
        if isinstance(answer, dict) and TURN in str(answer.get("content")):
            pinged = int(answer["mentions"][0]["id"])
            if driver.whose_mention() != pinged:
                early.append((pinged, driver.whose_mention()))
        return False  # only looks: never holds anything

    standin.hold("POST", "/channels/{channel_id}/messages", after=True, when=ping_posted)
    moves = 0
    for _ in range(10):
        ping = await standin.wait_for(
            lambda: next(iter(_live(standin, channel)), None), timeout=20, what="a turn ping"
        )
        assert len(_live(standin, channel)) == 1  # at most one ping, for the current turn
        assert ping.mentioned in ([alice.id], [bob.id]), ping.mentioned
        assert ping.content.startswith(f"<@{ping.mentioned[0]}>")
        await _play_ping(driver, users, ping)
        moves += 1
        await standin.wait_for(lambda p=ping: p.deleted, timeout=20, what="the ping removed")
    # One ping per human turn, none for a computer's: every ping mentions a human, and
    # there were as many as human turns (plus, maybe, the one of the turn now).
    every = _pings(standin, channel)
    assert all(m.mentioned[0] in users for m in every)
    assert len(every) in (moves, moves + 1)
    assert early == [], early

    # Bob turns his pings off: his turns go quiet, Alice's still ping.
    r = await standin.slash(bob, guild, None, "kozel", subcommand="pings", options={"state": "off"})
    assert r.message is not None and "off" in r.message.content
    for _ in range(60):
        token = driver.state_token()
        live = _live(standin, channel)
        if live:
            assert live[0].mentioned == [alice.id]
            await _play_ping(driver, users, live[0])
            gone = live[0]
            await standin.wait_for(lambda p=gone: p.deleted, timeout=20, what="ping removed")
            continue
        try:
            mover, _board, _sel = await driver.mover()
        except AssertionError:
            await driver.wait_change(token)
            continue
        if mover.id == bob.id:
            assert not any(bob.id in m.mentioned for m in _live(standin, channel))
            break
        await standin.wait_for(lambda: bool(_live(standin, channel)), timeout=20)
    else:
        raise AssertionError("Bob's turn never came")
    assert not any(bob.id in m.mentioned for m in _pings(standin, channel)[len(every) :])
    # Only the pings notify: a table message names the player to move, and notified him
    # too (with pings off as well) when a game's message was posted on his turn.
    everything = standin.messages(channel, include_deleted=True)
    assert all(not m.mentioned for m in everything if m not in _pings(standin, channel))
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_reminder_comes_before_the_turn_timer_runs_out(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Reminder club", members=[alice])
    await _bot(standin, sqlite_url, log_path, bots, guild, KOZEL_TURN_TIMEOUT="6")
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice}, _choose(random.Random(1)))
    await driver.open_table(alice, {1: "random", 2: "random", 3: "random"})
    ping = await standin.wait_for(
        lambda: next(iter(_live(standin, channel)), None), timeout=20, what="a turn ping"
    )
    # 3 s before the 6 s timer runs out (at most half the timer): a new message, which
    # notifies again (an edit would not), replacing the first ping.
    reminder = await standin.wait_for(
        lambda: next(iter(_live(standin, channel, REMINDER)), None), timeout=20, what="reminder"
    )
    assert reminder.mentioned == [alice.id] and reminder.id != ping.id
    await standin.wait_for(lambda: ping.deleted, timeout=10, what="the first ping removed")
    # The timer runs out, the computer plays the turn, the reminder goes.
    await standin.wait_for(lambda: reminder.deleted, timeout=20, what="the reminder removed")
    assert len(_pings(standin, channel, REMINDER)) >= 1
    assert standin.rejections == [] and standin.unhandled == []


async def test_summaries_say_why_and_the_series_ends_with_a_recap(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Recap club", members=[alice])
    # A tiny timer: Alice times out three times, is marked away and the computer plays
    # her seat (a series plays itself quickly, through the real paths).
    await _bot(standin, sqlite_url, log_path, bots, guild, KOZEL_TURN_TIMEOUT="0.2")
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice}, _choose(random.Random(1)))
    await driver.open_table(alice, {1: "random", 2: "heuristic", 3: "random"})
    over = await standin.wait_for(driver.series_over, timeout=120, what="the end of the series")
    summaries = [m for m in standin.public_messages(channel) if summary_number(m) is not None]
    assert summaries
    reasons = ("no trick taken at all", "30\u00a0or\u00a0fewer", "31 to 59", "Eggs!")
    bars = r"A [🟦🔹⬛]{6} \d+/12\n.*B [🟧🔸⬛]{6} \d+/12"
    for m in summaries:
        text = embed_text(m)
        assert any(r in text for r in reasons), text
        # Each game's summary shows the series' progress, but the last leaves the final
        # bars to the end of the series, posted right below it (not the same bars twice).
        assert bool(re.search(bars, text)) is (m is not summaries[-1]), text
    recap = embed_text(over)
    assert re.search(bars, recap), recap
    assert "Recap" in recap and "Biggest trick" in recap
    n = len(summaries)
    assert re.search(rf"\b{n}\u00a0games?\b", recap)
    lines = re.findall(r"^\d+\. \d+ : \d+\u00a0— ", recap, flags=re.M)
    assert len(lines) == min(n, 15)
    # Alice was away for most of it: no ping after she was marked away.
    assert len(_pings(standin, channel)) <= 3 + 3
    # Closing the finished table: nothing is abandoned, and its Rematch goes with it.
    assert any(c.startswith("kozel:rematch:") for c in over.custom_ids())
    ask = await standin.slash(alice, guild, None, "kozel", subcommand="stop")
    assert ask.message is not None
    assert ask.message.content == "Close this table? Its finished series stays in the league."
    await standin.click(alice, ask.message, find_id(ask.message, r"kozel:stop:.*"))
    await standin.wait_for(lambda: not over.custom_ids(), timeout=20, what="Rematch removed")
    assert standin.rejections == [] and standin.unhandled == []


async def test_turning_pings_off_on_your_own_turn_takes_that_ping_back(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    """The ping (and the reminder it would have had) stayed until the move, after "Turn
    pings are off for you"."""
    alice = standin.add_user("alice")
    guild = standin.add_guild("Quiet club", members=[alice])
    await _bot(standin, sqlite_url, log_path, bots, guild, KOZEL_TURN_TIMEOUT="120")
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice}, _choose(random.Random(1)))
    lobby = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert lobby.message is not None
    ask = await standin.slash(alice, guild, None, "kozel", subcommand="stop")
    assert ask.message is not None
    assert ask.message.content.startswith("Close this lobby? No game has been played")
    await standin.click(alice, ask.message, find_id(ask.message, r"kozel:stop:.*"))
    await driver.open_table(alice, {1: "random", 2: "random", 3: "random"})
    ping = await standin.wait_for(
        lambda: next(iter(_live(standin, channel)), None), timeout=20, what="a turn ping"
    )
    r = await standin.slash(
        alice, guild, None, "kozel", subcommand="pings", options={"state": "off"}
    )
    assert r.message is not None and "off" in r.message.content
    await standin.wait_for(lambda: ping.deleted, timeout=20, what="the ping taken back")
    assert _live(standin, channel) == [] and _live(standin, channel, REMINDER) == []
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_leaving_host_hands_over_and_a_lobby_without_humans_cannot_start(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob, carol = (standin.add_user(n) for n in ("alice", "bob", "carol"))
    guild = standin.add_guild("Host club", members=[alice, bob, carol])
    await _bot(standin, sqlite_url, log_path, bots, guild)
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert r.message is not None
    lobby = r.message
    tid = re.search(r"kozel:sit:([0-9a-f]{12}):0", " ".join(lobby.custom_ids()))[1]  # type: ignore[index]
    await standin.click(bob, lobby, f"kozel:sit:{tid}:1")
    # The lobby's pings toggle answers the clicker privately, off then on again.
    off = await standin.click(bob, lobby, f"kozel:pings:{tid}")
    assert off.message is not None and off.message.ephemeral and "off" in off.message.content
    on = await standin.click(bob, lobby, f"kozel:pings:{tid}")
    assert on.message is not None and "are on" in on.message.content
    await standin.click(alice, lobby, f"kozel:lobby:{tid}:leave")
    # Alice is not the host any more: Bob is, and he fills the table and starts it.
    for seat in (0, 2, 3):
        await standin.select(bob, lobby, f"kozel:addbot:{tid}", [f"{seat}:random"])
    refused = await standin.click(alice, lobby, f"kozel:lobby:{tid}:begin")
    assert refused.message is not None and refused.message.ephemeral
    assert "host" in refused.message.content.lower()
    await standin.click(bob, lobby, f"kozel:lobby:{tid}:begin")
    driver = Driver(standin, guild, {1: bob}, _choose(random.Random(2)))
    driver.tid = tid
    await standin.wait_for(driver.table_message, timeout=20, what="Bob's table")

    # In another channel Carol opens a lobby, leaves it, fills it with computers: no start.
    other = standin.add_channel(guild, "second")
    r = await standin.slash(carol, guild, other, "kozel", subcommand="start")
    assert r.message is not None
    lobby2 = r.message
    tid2 = re.search(r"kozel:sit:([0-9a-f]{12}):0", " ".join(lobby2.custom_ids()))[1]  # type: ignore[index]
    await standin.click(carol, lobby2, f"kozel:lobby:{tid2}:leave")
    for seat in range(4):
        await standin.select(carol, lobby2, f"kozel:addbot:{tid2}", [f"{seat}:random"])
    begin = lobby2.component(f"kozel:lobby:{tid2}:begin")
    assert begin is not None and begin.get("disabled")  # the button says so...
    refused = await forge_component(standin, carol, lobby2, f"kozel:lobby:{tid2}:begin")
    assert refused.message is not None and "at least one human" in refused.message.content
    assert not any(
        any(c.startswith(f"kozel:hand:{tid2}") for c in m.custom_ids())
        for m in standin.public_messages(other.id)
    )
    assert standin.unhandled == []


async def test_the_other_players_vote_against_a_host_who_holds_the_game_up(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob, carol = (standin.add_user(n) for n in ("alice", "bob", "carol"))
    guild = standin.add_guild("Vote club", members=[alice, bob, carol])
    await _bot(standin, sqlite_url, log_path, bots, guild)
    channel = guild.default_channel.id
    humans = {0: alice, 1: bob, 2: carol}
    driver = Driver(standin, guild, humans, _choose(random.Random(4)))
    await driver.open_table(alice, {3: "random"})
    # Bob and Carol play until it is Alice's (the host's) turn; she does not move.
    for _ in range(200):
        token = driver.state_token()
        try:
            mover, board, sel = await driver.mover()
        except AssertionError:
            await driver.wait_change(token)
            continue
        if mover.id == alice.id:
            break
        await driver.play(mover, board, sel, driver.choose(move_options(board, sel)))
    else:
        raise AssertionError("Alice's turn never came")

    async def vote(user: StandInUser, what: str) -> str:
        r = await standin.slash(
            user, guild, None, "kozel", subcommand="vote", options={"what": what}
        )
        assert r.message is not None and r.message.ephemeral
        return r.message.content

    assert "only the other players" in (await vote(alice, "stop")).lower()
    assert "1 of 2" in await vote(bob, "timer")
    assert "already voted" in await vote(bob, "timer")
    assert "1 of 2" in await vote(carol, "stop")  # no timer: the host's turn holds it up
    assert "timer is on now" in await vote(carol, "timer")
    await standin.wait_for_message(
        lambda m: "the move timer is on now" in m.content, channel=channel, timeout=20
    )
    # With the timer on, the clock plays the host's turn: her opponents cannot stop a
    # series at any of her turns any more (only once three timeouts mark her away).
    assert "nothing to vote on" in (await vote(bob, "stop")).lower()
    # The host stops the table herself (the service tests carry a stop by vote).
    ask = await standin.slash(alice, guild, None, "kozel", subcommand="stop")
    assert ask.message is not None
    await standin.click(alice, ask.message, find_id(ask.message, r"kozel:stop:.*"))
    await standin.wait_for(
        lambda: any("stopped" in m.content for m in standin.public_messages(channel)),
        timeout=20,
        what="the table stopped",
    )
    # The series counts as abandoned in the league.
    history = await standin.slash(bob, guild, None, "league", subcommand="history")
    assert history.message is not None and "abandoned" in embed_text(history.message).lower()
    assert standin.unhandled == []


async def test_an_idle_table_is_closed_with_a_message(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Idle club", members=[alice, bob])
    # 0.001 h = 3.6 s without anything happening closes a table (swept every second).
    await _bot(standin, sqlite_url, log_path, bots, guild, KOZEL_IDLE_CLOSE_HOURS="0.001")
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice, 1: bob}, _choose(random.Random(3)))
    await driver.open_table(alice, {2: "random", 3: "random"})
    closed = await standin.wait_for_message(
        lambda m: "nothing happened at it for a long time" in m.content, channel=channel, timeout=30
    )
    assert "abandoned" in closed.content
    assert any("closed for inactivity" in m.content for m in standin.public_messages(channel))
    history = await standin.slash(bob, guild, None, "league", subcommand="history")
    assert history.message is not None and "abandoned" in embed_text(history.message).lower()
    # The channel is free again.
    again = await standin.slash(bob, guild, None, "kozel", subcommand="start")
    assert again.message is not None and not again.ephemeral
    assert standin.unhandled == []
