"""The private board on the real bot process: two clicks a move at most (one while the open
board refreshes itself), and the card faces uploaded once as application emojis."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from standin.discord_standin import DiscordStandIn, RecordedMessage
from standin.harness import (
    STALE_NOTE,
    TURN_PLACEHOLDER,
    BotProcess,
    Driver,
    embed_text,
    summary_number,
)
from standin.records import InteractionResult

WEBHOOK_MESSAGE = "/webhooks/{application_id}/{token}/messages/{message_id}"


async def _table(
    standin: DiscordStandIn,
    sqlite_url: str,
    log_path: Path,
    bots: list[BotProcess],
    env: dict[str, str] | None = None,
) -> tuple[Driver, Any]:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Clicks", members=[alice])
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild, extra_env=env)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    driver = Driver(standin, guild, {0: alice}, lambda opts: str(opts[0]["value"]))
    await driver.open_table(alice, {1: "random", 2: "random", 3: "random"})
    return driver, alice


def _menu(driver: Driver, board: RecordedMessage) -> tuple[str, int] | None:
    sel = driver.play_select(board)
    if sel is None or (board.component(sel) or {}).get("placeholder") != TURN_PLACEHOLDER:
        return None
    return sel, int(sel.rsplit(":", 1)[1])


def _game_over(standin: DiscordStandIn, channel_id: int) -> bool:
    return any(summary_number(m) == 1 for m in standin.public_messages(channel_id))


async def test_a_whole_game_takes_at_most_two_clicks_a_move(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    driver, alice = await _table(standin, sqlite_url, log_path, bots)
    table = driver.table_message()
    assert table is not None
    board_answer = await standin.click(alice, table, f"kozel:hand:{driver.tid}")
    board = board_answer.message
    assert board is not None
    clicks, last = 1, -1
    per_move: list[int] = []  # "My hand" counts for the first move
    while True:
        ready = await standin.wait_for(
            lambda last=last: (  # type: ignore[misc]
                _game_over(standin, driver.channel_id)
                or ((m := _menu(driver, board)) is not None and m[1] > last and m)
            ),
            timeout=20,
            what="Alice's turn on her open board, or the end of the game",
        )
        if ready is True:
            break
        assert isinstance(ready, tuple)
        sel, last = ready
        options = (board.component(sel) or {}).get("options") or []
        await standin.select(alice, board, sel, [str(options[0]["value"])])
        per_move.append(clicks + 1)
        clicks = 0
    assert len(per_move) >= 5, per_move  # seat 0's moves of a whole game
    assert max(per_move) <= 2, per_move
    average = sum(per_move) / len(per_move)
    print(f"clicks per move over a whole game: {average:.2f} ({len(per_move)} moves)")
    assert average < 1.5
    assert standin.rejections == [] and standin.missed_deadlines == []


async def test_card_emojis_are_uploaded_once_and_shown_in_the_move_menu(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    first = BotProcess(standin, sqlite_url, log_path)
    bots.append(first)
    await first.start()
    await standin.wait_for(
        lambda: len(standin.application_emojis) == 37, timeout=30, what="37 card emojis"
    )
    ids = {e["name"]: e["id"] for e in standin.application_emojis}
    assert all(name.startswith("kz_") for name in ids)
    await first.stop()

    driver, alice = await _table(standin, sqlite_url, log_path, bots)
    board = await driver.hand(alice)
    shown: set[str] = set()
    last = -1
    for _ in range(30):  # the open board refreshes itself each turn; emojis come once synced
        ready = await standin.wait_for(
            lambda last=last: (m := _menu(driver, board)) is not None and m[1] > last and m,  # type: ignore[misc]
            timeout=20,
            what="Alice's turn",
        )
        assert isinstance(ready, tuple)
        sel, last = ready
        options = (board.component(sel) or {}).get("options") or []
        shown = {str(o["emoji"]["id"]) for o in options if o.get("emoji")}
        if shown:
            break
        await standin.select(alice, board, sel, [str(options[0]["value"])])
    assert shown and shown <= {str(i) for i in ids.values()}, "the select shows card emojis"
    assert "<:kz_" in board.text()
    assert {e["name"]: e["id"] for e in standin.application_emojis} == ids  # none uploaded
    assert "card emojis ready: 0 uploaded, 37 kept" in bots[-1].log_text()
    assert standin.rejections == []


async def test_a_slow_self_refresh_never_lands_over_the_answer_to_a_newer_click(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    # Computers take a second a move, so nothing refreshes Alice's board while she plays.
    env = {"KOZEL_COMPUTER_DELAY": "1"}
    driver, alice = await _table(standin, sqlite_url, log_path, bots, env)
    hand = f"kozel:hand:{driver.tid}"
    board = await driver.hand(alice)

    async def play(board: RecordedMessage) -> InteractionResult:
        menu = _menu(driver, board)
        assert menu is not None
        options = (board.component(menu[0]) or {}).get("options") or []
        before = len(board.versions)
        r = await standin.select(alice, board, menu[0], [str(options[0]["value"])])
        if r.response_type == 6:  # deferred: the board is edited when its answer is drawn
            await standin.wait_for(lambda: len(board.versions) > before, timeout=30)
        return r

    for _ in range(10):  # until her board shows no turn: the next one comes by refresh
        if _menu(driver, board) is None:
            break
        await play(board)
    assert _menu(driver, board) is None
    # Her turn comes: the bot refreshes her board, and Discord is slow with that edit. She
    # clicks Refresh meanwhile, and plays if the answer lets her.
    slow = standin.hold("PATCH", WEBHOOK_MESSAGE, when=lambda p, _: p["message_id"] == "@original")
    await slow.wait_reached(timeout=30)
    await standin.click(alice, board, hand)
    if not board.loading and _menu(driver, board) is not None:
        await play(board)
    versions = len(board.versions)
    slow.release()
    await standin.wait_for(
        lambda: len(board.versions) > versions and not board.loading,
        timeout=30,
        what="the slow refresh landed",
    )
    # Whatever the board shows last is the table now: a move menu on it is never stale.
    menu = await standin.wait_for(
        lambda: not board.loading and _menu(driver, board), timeout=30, what="Alice's turn"
    )
    assert menu
    r = await play(board)
    assert r.message is not None and STALE_NOTE not in embed_text(r.message)
    assert standin.rejections == [] and standin.missed_deadlines == []
