"""Provably fair deals, end to end: the real bot (each game's seed and salt from the OS)
against the stand-in. The commitment is on the table from the deal on (short form) and in
"Tricks so far" (full); no message, public or ephemeral, shows a running game's seed or salt;
after the game its summary reveals the line that hashes to the commitment, and the stored
record is what `kozel-discord verify` accepts."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from kozel_discord.__main__ import main
from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text, find_id, text_displays

pytestmark = pytest.mark.e2e


class OsSeededBot(BotProcess):
    """The bot as it runs for real: no KOZEL_FIXED_SEED, every game's seed from the OS."""

    def env(self) -> dict[str, str]:
        env = super().env()
        env.pop("KOZEL_FIXED_SEED", None)
        return env


def _summary_of(standin: DiscordStandIn, channel: int, number: int) -> str | None:
    for m in standin.public_messages(channel):
        if any(e.get("title") == f"Game {number} is over" for e in m.embeds):
            return embed_text(m)
    return None


async def test_the_deal_is_committed_and_the_reveal_verifies(
    standin: DiscordStandIn,
    sqlite_url: str,
    tmp_path: Path,
    bots: list[BotProcess],
    capsys: pytest.CaptureFixture[str],
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Fair club", members=[alice, bob])
    channel = guild.default_channel.id
    bot = OsSeededBot(standin, sqlite_url, tmp_path / "bot.log", guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)
    rng = random.Random(5)
    driver = Driver(standin, guild, {0: alice, 2: bob}, lambda o: str(rng.choice(o)["value"]))
    tid = await driver.open_table(alice, {1: "random", 3: "random"})

    # At the deal: the short commitment on the table, the full one in "Tricks so far".
    table = driver.table_message()
    assert table is not None
    posted = "\n".join(text_displays(table, 0))
    short = re.search(r"-# 🔒 Deal sealed: ([0-9a-f]{12})…", posted)
    assert short is not None, posted
    tricks = await standin.click(bob, table, find_id(table, rf"kozel:tricks:{tid}"))
    assert tricks.message is not None and tricks.message.visible_to == bob.id
    footer = embed_text(tricks.message)
    full = re.search(r"\b([0-9a-f]{64})\b", footer)
    assert full is not None and full[1].startswith(short[1]), footer
    commitment = full[1]

    # Play the first game out (every move through the players' private boards).
    await driver.play_until(lambda: _summary_of(standin, channel, 1), max_steps=2000)
    summary = _summary_of(standin, channel, 1)
    assert summary is not None
    line = re.search(r"(kozel-fair/v1:\S+)\n", summary)
    assert line is not None, summary
    assert hashlib.sha256(line[1].encode()).hexdigest() == commitment
    # The summary names the seal as the table showed it at the deal (its short form).
    assert f"{short[1]}…" in summary and commitment not in summary

    engine = create_engine(sqlite_url)
    try:
        store = LeagueStore(create_sessionmaker(engine))
        [series] = await store.recent_series(guild.id)
        games = await store.get_series_games(guild.id, series.series_key)
        live = await store.load_table(channel)
    finally:
        await engine.dispose()
    record = games[0].record
    assert record["fair"]["commitment"] == commitment
    scheme, key, number, seed, salt = line[1].split(":")
    assert (scheme, key, int(number), int(seed), salt) == (
        "kozel-fair/v1",
        series.series_key,
        1,
        record["seed"],
        record["fair"]["salt"],
    )

    # The stored record, exported as it is, verifies.
    path = tmp_path / "game-1.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    assert "matches seed and salt" in capsys.readouterr().out

    # No message at all (every version, public or ephemeral, deleted ones too) shows the
    # running game's seed or salt; game 1's only in its own summary, after it ended.
    assert live is not None
    running_seed = live.state["series"]["record"]["seeds"][1]
    running_salt = live.state["salts"][1]
    assert running_salt and running_salt != salt
    versions = standin.message_versions(channel, include_deleted=True)
    assert any(v.visible_to is not None for v in versions), "ephemeral answers were checked"
    for v in versions:
        text = json.dumps(v.payload, ensure_ascii=False)
        assert str(running_seed) not in text and running_salt not in text
        if str(record["seed"]) in text or salt in text:
            assert any(e.get("title") == "Game 1 is over" for e in v.payload.get("embeds") or [])
