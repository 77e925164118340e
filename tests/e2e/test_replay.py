"""Replays on the real bot process against the stand-in: a game is played to its end, found
in ``/league history``, opened with ``/league game``, stepped through with ⏮ ◀ ▶ ⏭ (no
payload ever shows a discarded card's face), exported as a JSON file equal to the stored
record; another server's game and an unknown id get clear answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.engine import Action, ActionKind, Card
from kozel_discord.store import LeagueStore, StoredGame, create_engine, create_sessionmaker
from kozel_discord.ui import render
from standin.discord_standin import DiscordStandIn
from standin.harness import (
    BotProcess,
    Driver,
    embed_text,
    select_options,
    summary_number,
    text_displays,
)
from standin.records import RecordedMessage

pytestmark = pytest.mark.e2e


def _game_over(standin: DiscordStandIn, channel_id: int) -> bool:
    return any(summary_number(m) == 1 for m in standin.public_messages(channel_id))


async def _stored(url: str, game_id: int) -> StoredGame:
    engine = create_engine(url)
    try:
        game = await LeagueStore(create_sessionmaker(engine)).get_game(game_id)
    finally:
        await engine.dispose()
    assert game is not None
    return game


def _hidden(record: dict[str, Any]) -> set[Card]:
    """The cards discarded face down in the game and never played face up in it."""
    discarded: set[Card] = set()
    face_up: set[Card] = set()
    for _seat, encoded in record["actions"]:
        action = Action.decode(encoded)
        (discarded if action.kind is ActionKind.DISCARD else face_up).update(action.cards)
    return discarded - face_up


def _shows(payload: str, c: Card) -> bool:
    """Whether a payload shows card ``c``: as text (either mark of its suit) or its emoji."""
    text = render.card_text(c, "en-US")
    forms = {text, text.replace("♤", "♠").replace("☘", "♣")}
    if any(re.search(rf"(?<![0-9]){re.escape(f)}", payload) for f in forms):
        return True
    return re.search(rf"kz_{re.escape(c.code.lower())}_", payload, re.IGNORECASE) is not None


def _step_of(message: RecordedMessage) -> tuple[int, int]:
    m = re.search(r"\*\*Trick (\d+) of (\d+)\*\*", "\n".join(text_displays(message)))
    assert m is not None, text_displays(message)
    return int(m[1]), int(m[2])


def _button(message: RecordedMessage, slot: str) -> str:
    for cid in message.custom_ids():
        if cid.startswith("kozel:rp:") and cid.endswith(f":{slot}"):
            return cid
    raise AssertionError(f"no {slot} button: {message.custom_ids()}")


async def test_a_finished_game_replays_trick_by_trick_and_exports_its_record(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Replays", members=[alice, bob])
    other = standin.add_guild("Elsewhere", members=[alice, bob])
    bot = BotProcess(standin, sqlite_url, log_path)  # global commands: both servers have them
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("league", timeout=30)
    channel = guild.default_channel.id
    driver = Driver(standin, guild, {0: alice}, lambda opts: str(opts[-1]["value"]))
    await driver.open_table(alice, {1: "random", 2: "random", 3: "random"})
    await driver.play_until(lambda: _game_over(standin, channel), max_steps=500)

    # The history lists the game with its id in its "Replay a game" menu.
    history = await standin.slash(bob, guild, None, "league", subcommand="history")
    assert history.message is not None and not history.message.ephemeral
    assert "Replay a game" in embed_text(history.message)
    options = select_options(history.message, "kozel:rpsel")
    first = next(o for o in options if o["label"].endswith("· game 1 of the series"))
    game_id = int(first["value"])
    assert first["label"].startswith(f"#{game_id}\u00a0· ")
    stored = await _stored(sqlite_url, game_id)
    hidden = _hidden(stored.record)
    assert hidden, "this game has face-down discards"

    # Bob picks it in the menu: his own ephemeral replay at trick 1.
    picked = await standin.select(bob, history.message, "kozel:rpsel", [str(game_id)])
    assert picked.message is not None and picked.message.visible_to == bob.id
    assert _step_of(picked.message)[0] == 1

    # Alice opens it with /league game and steps through it to the end and back.
    opened = await standin.slash(
        alice, guild, None, "league", subcommand="game", options={"id": game_id}
    )
    replay = opened.message
    assert replay is not None and replay.ephemeral and replay.visible_to == alice.id
    assert replay.attachment("replay.png").data.startswith(b"\x89PNG")
    step, total = _step_of(replay)
    assert step == 1 and total == sum(stored.tricks)
    assert f"Replay of game #{game_id}" in replay.text()
    seen = [step]
    while step < total:
        answer = await standin.click(alice, replay, _button(replay, "next"))
        assert answer.response_type == 7 and answer.message is replay
        step = _step_of(replay)[0]
        seen.append(step)
    assert seen == list(range(1, total + 1))
    final = "\n".join(text_displays(replay))
    a, b = stored.card_points
    assert f"Card points, discards included: 🔵\u00a0{a}\u00a0·\u00a0🟠\u00a0{b}" in final
    await standin.click(alice, replay, _button(replay, "prev"))
    assert _step_of(replay)[0] == total - 1
    await standin.click(alice, replay, _button(replay, "first"))
    assert _step_of(replay)[0] == 1
    await standin.click(alice, replay, _button(replay, "last"))
    assert _step_of(replay)[0] == total
    # Every step carried a freshly drawn table picture.
    assert all(replay.attachments(i) for i in range(len(replay.versions)))

    # Someone else's click on Alice's controls (a forged one: it is her ephemeral message)
    # gives Bob his own copy and leaves hers as it was.
    from standin.harness import forge_component

    versions = len(replay.versions)
    forged = await forge_component(standin, bob, replay, _button(replay, "first"))
    assert forged.message is not None and forged.message is not replay
    assert forged.message.visible_to == bob.id and _step_of(forged.message)[0] == 1
    assert len(replay.versions) == versions

    # Export: the stored record as a JSON file, to the clicker only.
    exported = await standin.click(alice, replay, f"kozel:rpx:{game_id}")
    assert exported.message is not None and exported.message.visible_to == alice.id
    file = exported.message.attachment(f"kozel-game-{game_id}.json")
    assert json.loads(file.data) == stored.record

    # Posted in the channel on request: the opener moves it, anybody else gets a copy.
    shared = await standin.slash(
        alice, guild, None, "league", subcommand="game", options={"id": game_id, "public": True}
    )
    posted = shared.message
    assert posted is not None and not posted.ephemeral and posted.visible_to is None
    assert posted.mentioned == []  # it names the players; it notifies nobody
    copy = await standin.click(bob, posted, _button(posted, "next"))
    assert copy.message is not None and copy.message.visible_to == bob.id
    assert _step_of(copy.message)[0] == 2 and _step_of(posted)[0] == 1
    await standin.click(alice, posted, _button(posted, "next"))
    assert _step_of(posted)[0] == 2 and not posted.ephemeral

    # Another server's game, an unknown id.
    theirs = await standin.slash(
        alice, other, None, "league", subcommand="game", options={"id": game_id}
    )
    assert theirs.message is not None and theirs.message.ephemeral
    assert "played on another server" in theirs.message.text()
    unknown = await standin.slash(
        alice, guild, None, "league", subcommand="game", options={"id": game_id + 1000}
    )
    assert unknown.message is not None and unknown.message.ephemeral
    assert f"There is no finished game #{game_id + 1000}" in unknown.message.text()
    profile = await standin.slash(alice, guild, None, "league", subcommand="player")
    assert profile.message is not None and profile.message.ephemeral
    assert any(o["value"] == str(game_id) for o in select_options(profile.message, "kozel:rpsel"))
    # No payload of any replay (every version, every control) shows a hidden discard.
    replays = [
        m
        for m in standin.messages(channel)
        if any(c.startswith("kozel:rp:") for c in m.custom_ids())
    ]
    assert len(replays) == 5  # Bob's pick, Alice's, Bob's copy, the posted one, its copy
    payloads = [json.dumps(v, ensure_ascii=False) for m in replays for v in m.versions]
    payloads.append(json.dumps(history.message.payload, ensure_ascii=False))
    for c in hidden:
        assert not any(_shows(p, c) for p in payloads), f"{c.code} shown in a replay"
    led = {c for _s, a in stored.record["actions"] for c in Action.decode(a).cards} - hidden
    assert any(_shows(p, c) for p in payloads for c in led)  # the check does see faces

    assert standin.rejections == [] and standin.unhandled == [] and standin.missed_deadlines == []
