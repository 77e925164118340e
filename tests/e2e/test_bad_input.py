"""End to end: bad input gets its own clear, ephemeral answer and changes nothing --
controls the bot does not recognise, options of the wrong type, server-only commands from
a DM, and an interaction claiming another server than the channel's table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, embed_text, find_id, forge_component

pytestmark = pytest.mark.e2e

NOT_VALID = "This control is not valid any more."


def _no_errors_logged(bot: BotProcess) -> None:
    log = bot.log_text()
    assert " ERROR " not in log and "Task exception was never retrieved" not in log, log[-3000:]
    assert "Traceback" not in log, log[-3000:]


async def test_bad_input_gets_a_clear_answer_and_changes_nothing(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Club", members=[alice, bob], owner=alice)
    other = standin.add_guild("Elsewhere", members=[alice, bob])
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)

    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    lobby = r.message
    assert lobby is not None
    tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    versions = len(lobby.versions)
    before = embed_text(lobby)

    # Controls that match none of the bot's: each answered, nothing changed.
    sit = f"kozel:sit:{tid}:1"
    forged = [
        f"kozel:sit:{tid}:4",
        f"kozel:sit:{tid}:-1",
        f"kozel:sit:{tid}:x",
        f"kozel:sit:{tid}:1:extra",
        f"kozel:sit:{tid}",
        f"kozel:play:{tid}:0:abc",
        f"kozel:play:{tid}:9:1",
        f"kozel:move:{tid}:0:1",  # the one-move button without its move
        f"kozel:move:{tid}:0:1:beat:ZZ",
        "kozel:nonsense",
        "kozel:",
    ]
    for custom_id in forged:
        answer = await forge_component(standin, bob, lobby, custom_id, rewrite=sit)
        assert answer.ephemeral and answer.message is not None, custom_id
        assert answer.message.visible_to == bob.id
        assert NOT_VALID in embed_text(answer.message), custom_id
    # A button sent on the select's id, a select sent on a button's id.
    addbot = f"kozel:addbot:{tid}"
    answer = await forge_component(standin, alice, lobby, addbot, component_type=2)
    assert NOT_VALID in embed_text(answer.message)
    answer = await forge_component(standin, bob, lobby, sit, ["1"], component_type=3)
    assert NOT_VALID in embed_text(answer.message)
    # An id the message does not carry at all (not rewritten onto it).
    answer = await forge_component(standin, bob, lobby, f"kozel:sit:{tid}:2:0")
    assert NOT_VALID in embed_text(answer.message)
    assert len(lobby.versions) == versions and embed_text(lobby) == before

    # The lobby's own controls still work after all that.
    await standin.click(bob, lobby, sit)
    await standin.wait_for(lambda: len(lobby.versions) > versions, what="the lobby edit")
    assert f"<@{bob.id}>" in embed_text(lobby)
    versions, before = len(lobby.versions), embed_text(lobby)

    # A seat's button says what it does: once a computer sits in seat 3, its button
    # removes it (another id), and a click on the "Sit" drawn before is refused, not taken
    # for a click on "Remove".
    await standin.select(alice, lobby, f"kozel:addbot:{tid}", ["2:heuristic"])
    await standin.wait_for(lambda: len(lobby.versions) > versions, what="the computer")
    unbot = f"kozel:unbot:{tid}:2"
    assert unbot in lobby.custom_ids() and f"kozel:sit:{tid}:2" not in lobby.custom_ids()
    versions, before = len(lobby.versions), embed_text(lobby)
    answer = await forge_component(standin, bob, lobby, f"kozel:sit:{tid}:2", rewrite=unbot)
    assert answer.ephemeral and embed_text(answer.message) == "Seat 3 is taken."
    assert len(lobby.versions) == versions and embed_text(lobby) == before
    await standin.click(bob, lobby, unbot)
    await standin.wait_for(lambda: len(lobby.versions) > versions, what="the computer out")
    assert f"kozel:sit:{tid}:2" in lobby.custom_ids()
    versions, before = len(lobby.versions), embed_text(lobby)
    answer = await forge_component(standin, bob, lobby, unbot, rewrite=f"kozel:sit:{tid}:2")
    assert answer.ephemeral and embed_text(answer.message) == "Seat 3 has no computer player now."
    assert len(lobby.versions) == versions and embed_text(lobby) == before

    # A value outside an option's declared choices: refused as a bad value, not an error.
    def timer_7(payload: dict[str, Any]) -> None:
        payload["data"]["options"][0]["options"] = [{"name": "timer", "type": 4, "value": 7}]

    def sort_bogus(payload: dict[str, Any]) -> None:
        payload["data"]["options"][0]["options"] = [{"name": "sort", "type": 3, "value": "x"}]

    for name, sub, opts, patch in (
        ("kozel", "start", {"timer": 30}, timer_7),
        ("league", "table", {"sort": "rating"}, sort_bogus),
    ):
        answer = await standin.slash(
            alice, guild, None, name, subcommand=sub, options=opts, patch=patch
        )
        assert answer.ephemeral and "is not valid" in embed_text(answer.message), (name, sub)
    assert len(lobby.versions) == versions and embed_text(lobby) == before

    # A control of this channel's table, claiming another server: refused.
    def elsewhere(payload: dict[str, Any]) -> None:
        payload["guild_id"] = str(other.id)
        payload["guild"] = {**payload["guild"], "id": str(other.id)}

    answer = await forge_component(standin, bob, lobby, f"kozel:lobby:{tid}:leave", patch=elsewhere)
    assert "belongs to another server" in embed_text(answer.message)
    answer = await standin.slash(bob, guild, None, "kozel", subcommand="stop", patch=elsewhere)
    assert "belongs to another server" in embed_text(answer.message)
    assert len(lobby.versions) == versions and embed_text(lobby) == before

    # /league ranked enabled:<not a boolean>
    def not_a_boolean(payload: dict[str, Any]) -> None:
        payload["data"]["options"][0]["options"] = [{"name": "enabled", "type": 5, "value": "yes"}]

    answer = await standin.slash(
        alice,
        guild,
        None,
        "league",
        subcommand="ranked",
        options={"enabled": True},
        patch=not_a_boolean,
    )
    assert answer.ephemeral and "is not valid" in embed_text(answer.message)
    assert "database" not in embed_text(answer.message)

    # /league player member:<not a member> (an id the interaction does not resolve).
    def nobody(payload: dict[str, Any]) -> None:
        payload["data"]["options"][0]["options"][0]["value"] = "4242"

    answer = await standin.slash(
        alice, guild, None, "league", subcommand="player", options={"member": bob}, patch=nobody
    )
    assert answer.ephemeral and "must be a member" in embed_text(answer.message)

    # Server-only commands from a DM.
    def from_a_dm(payload: dict[str, Any]) -> None:
        payload.pop("guild_id")
        payload.pop("guild")
        payload.pop("guild_locale")
        member = payload.pop("member")
        payload["user"] = member["user"]
        payload["channel"] = {"id": payload["channel_id"], "type": 1}
        payload["context"] = 1

    for name, sub in (("kozel", "stop"), ("kozel", "start"), ("league", "table")):
        answer = await standin.slash(alice, guild, None, name, subcommand=sub, patch=from_a_dm)
        assert "only in a server channel" in embed_text(answer.message), (name, sub)
    _no_errors_logged(bot)
