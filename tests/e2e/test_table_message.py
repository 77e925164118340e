"""End to end: the public table message (components v2) shows the picture drawn from the
public view, every trick's outcome, and each game ends frozen on its own message."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.engine import Series, observe, observe_game_end
from kozel_discord.service import Table
from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker
from kozel_discord.ui import alt_text
from kozel_discord.ui.table_message import TABLE_PNG, draw
from kozel_discord.ui.tricks import trick_line
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text, text_displays
from standin.records import RecordedMessage
from tests.e2e.conftest import media_items

pytestmark = pytest.mark.e2e


async def _live_table(url: str, channel_id: int) -> Table:
    engine = create_engine(url)
    try:
        live = await LeagueStore(create_sessionmaker(engine)).load_table(channel_id)
    finally:
        await engine.dispose()
    assert live is not None
    return Table.from_state(
        live.state, version=live.version, messages=live.messages, deadline=live.deadline
    )


def _game_one_positions(table: Table) -> list[Series]:
    """Game 1 replayed move by move: the series after each of its moves (and its start)."""
    assert table.series is not None
    record = table.series.record()
    seeds = list(record["seeds"])  # type: ignore[call-overload]
    s = Series(seed_source=lambda n: seeds[n - 1], target=int(record["target"]))  # type: ignore[call-overload]
    end = table.series.game_starts[1]
    positions = [Series.replay(s.record())]
    for seat, action in table.series.actions[:end]:
        s.apply(seat, action)
        positions.append(Series.replay(s.record()))
    return positions


async def test_table_messages_show_the_public_picture_every_trick_and_freeze_per_game(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Picture club", members=[alice])
    # Computers at 0.2 s a move, as in play (1 s) slower than a table edit: with instant
    # computers two tricks can end while one edit is drawn, which no player ever sees.
    bot = BotProcess(
        standin, sqlite_url, log_path, guild=guild, extra_env={"KOZEL_COMPUTER_DELAY": "0.2"}
    )
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    rng = random.Random(5)
    driver = Driver(standin, guild, {0: alice}, lambda opts: str(rng.choice(opts)["value"]))
    await driver.open_table(alice, {1: "random", 2: "random", 3: "heuristic"})
    channel = guild.default_channel.id

    def table_messages() -> list[RecordedMessage]:
        return [
            m
            for m in standin.public_messages(channel)
            if any(f.filename == TABLE_PNG for f in m.files.values())
        ]

    await driver.play_until(lambda: len(table_messages()) >= 2, max_steps=400)
    # Game 2 waits for Alice: nothing changes at the table until she moves.
    await standin.wait_for(lambda: driver.whose_mention() == alice.id, timeout=20)
    table = await _live_table(sqlite_url, channel)
    assert table.series is not None and table.series.number == 2
    first, second = table_messages()
    locale = table.locale

    # The current game's message shows the picture of the public view, once up to date.
    now = draw(table, observe(table.series, None), locale)
    await standin.wait_for(lambda: second.attachment(TABLE_PNG).data == now, timeout=10)
    assert now.startswith(b"\x89PNG")

    # Game 1's message: every version carries a picture of a public position of game 1,
    # says who took the last trick, and the last version is the final position, frozen.
    positions = _game_one_positions(table)
    drawn = {draw(table, observe(s, None), locale): s for s in positions[:-1]}
    end = observe_game_end(table.series, None)
    assert end is not None and end.game_number == 1
    final_png = draw(table, end, locale)
    versions = first.version_records()
    for v in versions[:-1]:
        png = v.attachments[0].data
        assert png in drawn, f"version {v.index} shows no public position of game 1"
        shown = observe(drawn[png], None)
        texts = "\n".join(text_displays(first, v.index))
        # what a screen reader says of the picture: the same public position
        assert _alt_texts(v.payload) == [alt_text.table(table.seats, shown, locale)]
        if shown.taken:
            assert trick_line(table, shown.taken[-1], locale, last=True) in texts
        assert any(c.get("custom_id") for c in _components(v.payload)), "live: has controls"
    last = versions[-1]
    assert last.attachments[0].data == final_png
    assert not [c for c in _components(last.payload) if c.get("custom_id")], "frozen"
    assert _alt_texts(last.payload) == [alt_text.table(table.seats, end, locale)]
    frozen_text = "\n".join(text_displays(first))
    assert "Game 1 is over." in frozen_text
    assert trick_line(table, end.taken[-1], locale, last=True) in frozen_text
    # Every trick of game 1 was on screen: the version right after it shows its outcome.
    seen = {"\n".join(text_displays(first, v.index)) for v in versions}
    for trick in end.taken:
        line = trick_line(table, trick, locale, last=True)
        assert any(line in text for text in seen), f"never shown: {line}"

    # "Tricks so far" shows the clicker the tricks of this game.
    answer = await standin.click(alice, second, f"kozel:tricks:{driver.tid}")
    assert answer.message is not None and answer.message.visible_to == alice.id
    shown = embed_text(answer.message)
    assert "Game 2: " in shown and " so far" in shown, shown

    # Alice moves: the old game's message is never edited again.
    edits = first.edit_count
    await driver.steps(1)
    await standin.wait_for(lambda: second.edit_count > 1, timeout=10)
    assert first.edit_count == edits
    assert all(v.components_v2 for m in table_messages() for v in m.version_records())
    assert standin.rejections == [] and standin.unhandled == [] and standin.missed_deadlines == []


def _components(payload: dict[str, object]) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []

    def walk(items: list[dict[str, object]]) -> None:
        for c in items:
            found.append(c)
            walk(list(c.get("components") or []))  # type: ignore[call-overload]

    walk(list(payload.get("components") or []))  # type: ignore[call-overload]
    return found


def _alt_texts(payload: dict[str, Any]) -> list[object]:
    """The descriptions (alternative texts) of a message's media gallery items."""
    return [item.get("description") for item in media_items(payload)]
