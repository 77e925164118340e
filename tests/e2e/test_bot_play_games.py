"""End to end: the real bot process against the local Discord stand-in, whole games: a
series to 12 and its rematch, hands that stay private, a molodka out of turn; Russian
texts, and commands not synced again on a restart (one table's controls, timeouts and
boards are in test_bot_play_table.py)."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text, summary_number, text_displays
from tests.ui.test_render import CARD_RE  # a card as the bot writes it in text

pytestmark = pytest.mark.e2e

SUITS = "♣♦♥♠"


def random_choice(rng: random.Random):  # type: ignore[no-untyped-def]
    def choose(options: list[dict[str, object]]) -> str:
        return str(rng.choice(options)["value"])

    return choose


async def test_two_humans_two_computers_play_a_series_to_12(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Kozel club", members=[alice, bob])
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)

    driver = Driver(standin, guild, {0: alice, 1: bob}, random_choice(random.Random(7)))
    await driver.open_table(alice, {2: "heuristic", 3: "random"})
    await driver.play_until(driver.series_over, max_steps=3000)

    over = driver.series_over()
    assert over is not None
    text = embed_text(over)
    assert "goats" in text
    score = re.search(r"Defeat points: A (\d+)\u00a0· B (\d+)", text)
    assert score is not None and max(int(score[1]), int(score[2])) >= 12
    # A summary was posted for every game, and a new table message for each game.
    channel = guild.default_channel.id
    results = [m for m in standin.public_messages(channel) if summary_number(m) is not None]
    assert len(results) >= 3
    # The league store shows the finished series.
    history = await standin.slash(alice, guild, None, "league", subcommand="history")
    assert history.message is not None
    shown = embed_text(history.message)
    assert "goats" in shown and f"{score[1]}\u00a0:\u00a0{score[2]}" in shown
    profile = await standin.slash(bob, guild, None, "league", subcommand="player")
    assert profile.message is not None and profile.message.visible_to == bob.id
    assert "league profile" in embed_text(profile.message)
    assert "· casual" in embed_text(profile.message)  # computer seats: not ranked by default

    # Rematch: the same seats, a new series with a new table message. Both press it at
    # once: one starts it, the other gets their board of it (not "a table that is over").
    old_tid = driver.tid
    pressed = await asyncio.gather(
        standin.click(bob, over, f"kozel:rematch:{old_tid}"),
        standin.click(alice, over, f"kozel:rematch:{old_tid}"),
    )
    late = [r for r in pressed if r.message is not None and r.message.visible_to is not None]
    assert len(late) == 1 and late[0].message is not None
    if late[0].message.loading:
        await standin.wait_until_resolved(late[0], timeout=30.0)
    assert "The next series has already started" in text_displays(late[0].message)[0]
    new_table = await standin.wait_for(
        lambda: next(
            (
                m
                for m in reversed(standin.public_messages(guild.default_channel.id))
                if any(c.startswith("kozel:hand:") and old_tid not in c for c in m.custom_ids())
            ),
            None,
        ),
        timeout=20,
    )
    assert "game 1" in embed_text(new_table)
    # A control of the finished series is refused now.
    # (the old table messages are frozen without controls; an old board still has one)
    stale = await standin.click(alice, driver.hands[alice.id], f"kozel:hand:{old_tid}")
    assert "table that is over" in embed_text(stale.message)  # type: ignore[arg-type]
    assert standin.rejections == [] and standin.unhandled == [] and standin.missed_deadlines == []


def _label(text: str) -> str:
    """A card as the engine labels it (text marks spades ♤ and clubs ☘)."""
    from kozel_discord.engine import card

    return card(text).label


def _face_up_cards(value: str) -> set[str]:
    """The cards of a chosen move that everyone sees (leads, beats, molodkas)."""
    from kozel_discord.engine import Action, ActionKind

    action = Action.decode(value)
    if action.kind is ActionKind.DISCARD:
        return set()
    return {c.label for c in action.cards}


async def test_four_humans_hands_stay_private(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    users = [standin.add_user(n) for n in ("ann", "ben", "cat", "dan")]
    guild = standin.add_guild("Private club", members=users)
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)

    rng = random.Random(3)
    revealed: set[str] = set()
    discarded: set[str] = set()

    def choose(options: list[dict[str, object]]) -> str:
        return str(rng.choice(options)["value"])

    driver = Driver(standin, guild, dict(enumerate(users)), choose)
    await driver.open_table(users[0], {})
    channel = guild.default_channel.id

    def first_game_over() -> bool:
        return any(summary_number(m) == 1 for m in standin.public_messages(channel))

    await driver.play_until(first_game_over, max_steps=500)
    # every move played, from a menu or a one-move button (a forced lead is face up too)
    for _sel, value, stale in driver.selections:
        if stale:  # refused: not played
            continue
        shown = _face_up_cards(value)
        revealed.update(shown)
        if not shown:
            from kozel_discord.engine import Action

            discarded.update(c.label for c in Action.decode(value).cards)

    trumps = {
        _label(m[0])
        for m in re.findall(
            r"Trump: \*\*((10|[6-9JQKA])[♣♦♥♠♤♧☘])\*\*", _all_public(standin, channel)
        )
    }
    allowed = revealed | trumps
    for message in standin.messages(channel):
        if message.visible_to is None:
            for version in message.versions:
                shown = {_label(m.group(0)) for m in CARD_RE.finditer(str(version))}
                assert shown <= allowed, f"public message shows hidden cards {shown - allowed}"
        else:
            assert message.ephemeral, "a private board is an ephemeral message"
            assert message.visible_to in {u.id for u in users}
    # Every private board was shown only to the player who asked for it.
    for user in users:
        board = driver.hands[user.id]
        assert board.visible_to == user.id
    hidden = discarded - revealed
    assert hidden, "some cards were discarded face down in this game"
    log = bot.log_text()
    assert not CARD_RE.search(log), "a card appears in the bot's log"
    assert not re.search(r"\b(lead|beat|discard|molodka):", log)
    assert standin.token not in log
    assert standin.rejections == [] and standin.unhandled == [] and standin.missed_deadlines == []


def _all_public(standin: DiscordStandIn, channel: int) -> str:
    return "\n".join(str(v) for m in standin.public_messages(channel) for v in m.versions)


def _molodka_seed(channel_id: int) -> int:
    """A fixed seed whose first deal gives the dealer a molodka (four of one suit)."""
    from kozel_discord.bot import seed_source
    from kozel_discord.engine import Series

    for fixed in range(100_000):
        seed = seed_source(fixed)(0)
        g = Series(seed).game
        hand = g.hands[g.dealer]
        if len({c.suit for c in hand}) == 1:
            return fixed
    raise AssertionError("no seed found")


async def test_molodka_out_of_turn_returns_played_cards_and_takes_the_trick(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    users = [standin.add_user(n) for n in ("ann", "ben", "cat", "dan")]
    guild = standin.add_guild("Molodka club", members=users)
    fixed = _molodka_seed(guild.default_channel.id)
    bot = BotProcess(
        standin, sqlite_url, log_path, guild=guild, extra_env={"KOZEL_FIXED_SEED": str(fixed)}
    )
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    driver = Driver(standin, guild, dict(enumerate(users)), lambda opts: str(opts[0]["value"]))
    await driver.open_table(users[0], {})

    from kozel_discord.bot import seed_source
    from kozel_discord.engine import Series

    game = Series(seed_source(fixed)(0)).game
    leader, dealer = game.first_leader, game.dealer
    # The leader leads one card, the next player answers: two players have played.
    for seat in (leader, (leader + 1) % 4):
        board = await driver.hand(users[seat])
        sel = driver.play_select(board)
        assert sel is not None
        single = [o for o in board.component(sel)["options"] if str(o["value"]).count(",") == 0]  # type: ignore[index]
        await standin.select(users[seat], board, sel, [str(single[0]["value"])])
    # The dealer (fourth in this trick) declares the molodka out of turn.
    board = await driver.hand(users[dealer])
    sel = driver.play_select(board)
    assert sel is not None
    assert board.component(sel)["placeholder"] == "Declare your molodka…"  # type: ignore[index]
    molodka = [o for o in board.component(sel)["options"] if str(o["value"]).startswith("molodka:")]  # type: ignore[index]
    assert len(molodka) == 1
    await standin.select(users[dealer], board, sel, [str(molodka[0]["value"])])
    await standin.wait_for(
        lambda: "laid a molodka" in embed_text(driver.table_message()), timeout=10
    )  # type: ignore[arg-type]
    table = embed_text(driver.table_message())  # type: ignore[arg-type]
    current_trick = (
        table.split("Current trick")[1].split("Last trick")[0].split("Kozel\u00a0— game")[0]
    )
    assert "laid a molodka" in current_trick and "led" not in current_trick
    # The cards already played went back: everyone holds four again.
    for seat in (leader, (leader + 1) % 4):
        text = embed_text(await driver.hand(users[seat]))
        assert len(re.search(r"Your cards:\s(.*)", text)[1].split()) == 4  # type: ignore[index]
    # Play continues clockwise from the molodka player.
    assert driver.whose_mention() == users[(dealer + 1) % 4].id
    assert standin.rejections == [] and standin.missed_deadlines == []


async def test_russian_players_and_servers_get_russian_texts(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    ivan = standin.add_user("ivan", locale="ru")
    guild = standin.add_guild("Клуб", members=[ivan], preferred_locale="ru")
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    commands = {c["name"]: c for c in standin.commands(guild)}
    assert commands["kozel"]["name_localizations"]["ru"] == "козёл"
    # Commands in texts are clickable mentions, which Discord shows under the default name,
    # so a Russian text adds the name of the Russian command menu.
    no_table = await standin.slash(ivan, guild, None, "kozel", subcommand="hand")
    mention = f"</kozel start:{commands['kozel']['id']}> (/козёл начать)"
    assert f"Начните игру командой {mention}." in embed_text(no_table.message)  # type: ignore[arg-type]
    rules = await standin.slash(ivan, guild, None, "kozel", subcommand="rules")
    assert "Козёл на 4 карты" in embed_text(rules.message)  # type: ignore[arg-type]
    driver = Driver(standin, guild, {0: ivan}, lambda o: str(o[0]["value"]))
    await driver.open_table(ivan, {1: "random", 2: "random", 3: "random"})
    assert "Козёл\u00a0— новый стол" in embed_text(driver.lobby)  # type: ignore[arg-type]
    assert "козырь: **" in embed_text(driver.table_message())  # type: ignore[arg-type]
    board = await driver.hand(ivan)
    assert "Ваши карты" in embed_text(board)
    english = standin.add_user("john", locale="en-US")
    standin.add_member(guild, english)
    rules_en = await standin.slash(english, guild, None, "kozel", subcommand="rules")
    assert "the rules in short" in embed_text(rules_en.message)  # type: ignore[arg-type]


async def test_unchanged_commands_are_not_synced_again_on_restart(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Restarts", members=[alice])
    first = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(first)
    await first.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    syncs = standin.command_syncs
    assert syncs >= 1
    await first.stop()
    second = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(second)
    await second.start()
    rules = await standin.slash(alice, guild, None, "kozel", subcommand="rules")
    assert rules.message is not None
    assert standin.command_syncs == syncs, "the same commands were not synced twice"
    # Without a sync the bot still learnt the commands' ids, so texts mention them.
    kozel_id = next(c["id"] for c in standin.commands(guild) if c["name"] == "kozel")
    no_table = await standin.slash(alice, guild, None, "kozel", subcommand="hand")
    assert f"</kozel start:{kozel_id}>" in embed_text(no_table.message)  # type: ignore[arg-type]
    assert "slash commands unchanged" in second.log_text()
