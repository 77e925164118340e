"""End to end: the real bot process against the local Discord stand-in, at one table of one
or two humans and computers: foreign, stale, out-of-turn and forged controls change
nothing; timed-out turns; stopping the table; a board that refreshes itself (whole games
are in test_bot_play_games.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text

pytestmark = pytest.mark.e2e


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
    await standin.click(mod, asked.message, f"kozel:stop:{driver.tid}:playing")  # type: ignore[arg-type]
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
