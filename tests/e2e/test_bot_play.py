"""End to end: the real bot process against the local Discord stand-in."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text, summary_number
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

    # Rematch: the same seats, a new series with a new table message.
    old_tid = driver.tid
    await standin.click(bob, over, f"kozel:rematch:{old_tid}")
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
        value = str(rng.choice(options)["value"])
        shown = _face_up_cards(value)
        revealed.update(shown)
        if not shown:
            from kozel_discord.engine import Action

            discarded.update(c.label for c in Action.decode(value).cards)
        return value

    driver = Driver(standin, guild, dict(enumerate(users)), choose)
    await driver.open_table(users[0], {})
    channel = guild.default_channel.id

    def first_game_over() -> bool:
        return any(summary_number(m) == 1 for m in standin.public_messages(channel))

    await driver.play_until(first_game_over, max_steps=500)

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


async def _lone_table(
    standin: DiscordStandIn,
    sqlite_url: str,
    log_path: Path,
    bots: list[BotProcess],
    names: tuple[str, ...],
    computers: dict[int, str],
    extra_env: dict[str, str] | None = None,
    fixed_seed: int | None = None,
) -> tuple[Driver, list[object], BotProcess]:
    users = [standin.add_user(n) for n in names]
    guild = standin.add_guild("Table", members=users)
    env = dict(extra_env or {})
    if fixed_seed is not None:
        env["KOZEL_FIXED_SEED"] = str(fixed_seed)
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild, extra_env=env)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    humans = {i: u for i, u in enumerate(users)}
    driver = Driver(standin, guild, humans, lambda opts: str(opts[0]["value"]))
    await driver.open_table(users[0], computers)
    return driver, list(users), bot


async def test_foreign_stale_out_of_turn_and_forged_controls_change_nothing(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    from standin.harness import forge_component

    driver, users, _bot = await _lone_table(
        standin, sqlite_url, log_path, bots, ("alice", "bob"), {2: "random", 3: "random"}
    )
    alice, bob = users[0], users[1]

    # Play until Alice is to lead (then Bob, a human, is next).
    async def alice_leads() -> bool:
        if driver.whose_mention() != alice.id:  # type: ignore[attr-defined]
            return False
        board = await driver.hand(alice)  # type: ignore[arg-type]
        return "Your lead" in embed_text(board)

    for _ in range(400):
        if await alice_leads():
            break
        token = driver.state_token()
        if not await driver.step():
            await driver.wait_change(token)
    else:
        raise AssertionError("Alice never got the lead")

    old_board = driver.hands[alice.id]  # type: ignore[attr-defined]
    r = await standin.click(alice, driver.table_message(), f"kozel:hand:{driver.tid}")  # type: ignore[arg-type]
    new_board = r.message
    assert new_board is not None and new_board.id != old_board.id
    sel = driver.play_select(new_board)
    assert sel is not None
    move_no = int(sel.rsplit(":", 1)[1])
    options = [str(o["value"]) for o in new_board.component(sel)["options"]]  # type: ignore[index]
    table_before = embed_text(driver.table_message())  # type: ignore[arg-type]

    # Another player's controls (forged from Bob's client onto Alice's seat): refused.
    answer = await forge_component(standin, bob, new_board, sel, [options[0]])
    assert answer.message.visible_to == bob.id and "not your seat" in embed_text(answer.message)
    # A forged custom id of a table that does not exist: refused.
    answer = await forge_component(
        standin, alice, new_board, f"kozel:play:{'0' * 12}:0:{move_no}", [options[0]], rewrite=sel
    )
    assert "table that is over" in embed_text(answer.message)
    # A forged value that is not a legal move: refused, and Alice sees her current board.
    answer = await forge_component(standin, alice, new_board, sel, ["beat:Ah,As,Ad,Ac"])
    assert "not allowed" in embed_text(answer.message)
    assert embed_text(driver.table_message()) == table_before  # type: ignore[arg-type]

    # Alice leads from the new board; the old board's menu is now stale.
    await standin.select(alice, new_board, sel, [options[0]])
    old_sel = driver.play_select(old_board)
    assert old_sel is not None
    stale = await standin.select(
        alice, old_board, old_sel, [str(old_board.component(old_sel)["options"][-1]["value"])]
    )  # type: ignore[index]
    assert "out of date" in embed_text(stale.message)  # type: ignore[arg-type]
    assert stale.message is old_board and stale.response_type == 7

    # Out of turn: Alice forges a move while it is Bob's turn.
    await standin.wait_for(lambda: driver.whose_mention() == bob.id, timeout=10)  # type: ignore[attr-defined]
    bob_board = await driver.hand(bob)  # type: ignore[arg-type]
    bob_sel = driver.play_select(bob_board)
    assert bob_sel is not None
    current = int(bob_sel.rsplit(":", 1)[1])
    before = embed_text(driver.table_message())  # type: ignore[arg-type]
    alice_board = await driver.hand(alice)  # type: ignore[arg-type]
    # A card of Alice's hand: its emoji (kz_<code>_<hash>) or its text (9♤).
    some_card = re.search(
        r"Your cards:\s(?:<:kz_(\w+?)_[0-9a-f]{6}:\d+>|(\S+))", embed_text(alice_board)
    )
    assert some_card is not None
    from kozel_discord.engine import card

    code = some_card[1] or card(some_card[2]).code  # the parser reads the text marks
    forged = f"kozel:play:{driver.tid}:0:{current}"
    answer = await forge_component(
        standin, alice, bob_board, forged, [f"lead:{code}"], rewrite=bob_sel
    )
    assert "not your turn" in embed_text(answer.message)
    assert embed_text(driver.table_message()) == before  # type: ignore[arg-type]
    # Bob can still play his move.
    await standin.select(
        bob, bob_board, bob_sel, [str(bob_board.component(bob_sel)["options"][0]["value"])]
    )  # type: ignore[index]
    assert standin.rejections == [] and standin.missed_deadlines == []


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


async def test_timed_out_turns_are_played_by_the_computer_then_the_seat_is_away(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    driver, users, _bot = await _lone_table(
        standin,
        sqlite_url,
        log_path,
        bots,
        ("alice",),
        {1: "heuristic", 2: "heuristic", 3: "random"},
        extra_env={"KOZEL_TURN_TIMEOUT": "0.5"},
    )
    alice = users[0]
    channel = driver.channel_id

    def timeouts() -> int:  # over every game's table message (each game has its own)
        return sum(
            "time ran out" in str(v) for m in standin.public_messages(channel) for v in m.versions
        )

    # Nobody acts: the computer plays Alice's turn when time runs out (a picture per edit
    # coalesces the three instant computer moves after it, so the line may be skipped).
    await standin.wait_for(
        lambda: (
            timeouts() >= 1
            or "timed_out=True" in _bot.log_text()
            or "away" in " ".join(embed_text(m) for m in standin.public_messages(channel))
        ),
        timeout=15,
        what="a timed-out turn",
    )
    # After three timeouts in a row the seat is marked away and the computer keeps playing.
    await standin.wait_for(
        lambda: any("away" in embed_text(m) for m in standin.public_messages(channel)), timeout=20
    )
    # Alice comes back: opening her hand ends the away state.
    await driver.hand(alice)  # type: ignore[arg-type]
    # (Between two games no message has live controls: the next game's is not posted yet.)
    await standin.wait_for(
        lambda: (m := driver.table_message()) is not None and "away" not in embed_text(m),
        timeout=10,
    )
    assert standin.rejections == [] and standin.missed_deadlines == []


async def test_stop_needs_the_host_or_manage_server_and_a_confirmation(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    from standin.discord_standin import PERM_MANAGE_GUILD

    driver, users, _bot = await _lone_table(
        standin, sqlite_url, log_path, bots, ("alice", "bob"), {2: "random", 3: "random"}
    )
    alice, bob = users
    guild = driver.guild
    mod = standin.add_user("mod")
    standin.add_member(guild, mod)
    refused = await standin.slash(bob, guild, None, "kozel", subcommand="stop")  # type: ignore[arg-type]
    assert "Only the host" in embed_text(refused.message)  # type: ignore[arg-type]
    standin.grant_permissions(guild, mod, PERM_MANAGE_GUILD)  # type: ignore[arg-type]
    asked = await standin.slash(mod, guild, None, "kozel", subcommand="stop")  # type: ignore[arg-type]
    assert asked.message is not None and asked.message.visible_to == mod.id  # type: ignore[attr-defined]
    assert "Stop the game" in embed_text(asked.message)
    table_message = driver.table_message()
    assert table_message is not None
    await standin.click(mod, asked.message, f"kozel:stop:{driver.tid}")  # type: ignore[arg-type]
    assert "stopped" in embed_text(asked.message)
    await standin.wait_for(lambda: not table_message.custom_ids(), timeout=10)
    assert "stopped" in embed_text(table_message)
    gone = await standin.slash(alice, guild, None, "kozel", subcommand="hand")  # type: ignore[arg-type]
    assert "no table" in embed_text(gone.message)  # type: ignore[arg-type]
    history = await standin.slash(alice, guild, None, "league", subcommand="history")  # type: ignore[arg-type]
    assert "abandoned" in embed_text(history.message)  # type: ignore[arg-type]
    # The channel is free for a new table.
    again = await standin.slash(alice, guild, None, "kozel", subcommand="start")  # type: ignore[arg-type]
    assert again.message is not None and not again.ephemeral


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


async def test_a_board_refreshes_itself_when_the_players_turn_comes(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    from standin.harness import TURN_PLACEHOLDER

    driver, users, _bot = await _lone_table(
        standin, sqlite_url, log_path, bots, ("alice",), {1: "random", 2: "random", 3: "random"}
    )
    alice = users[0]
    board = await driver.hand(alice)  # type: ignore[arg-type]

    def menu() -> tuple[str, int] | None:
        sel = driver.play_select(board)
        if sel is None or (board.component(sel) or {}).get("placeholder") != TURN_PLACEHOLDER:
            return None
        return sel, int(sel.rsplit(":", 1)[1])

    for _ in range(3):
        current = await standin.wait_for(menu, timeout=15, what="Alice's turn on her board")
        assert current is not None
        sel, move = current
        clicks = len([r for r in standin.latencies])
        await standin.select(alice, board, sel, [str(board.component(sel)["options"][0]["value"])])  # type: ignore[index]
        # No click from Alice: her board shows her next turn by itself.
        nxt = await standin.wait_for(
            lambda m=move: (x := menu()) is not None and x[1] > m and x,  # type: ignore[misc]
            timeout=15,
            what="the board to refresh itself",
        )
        assert nxt and len(standin.latencies) == clicks + 1
    assert standin.rejections == [] and standin.missed_deadlines == []


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
