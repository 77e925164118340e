"""The one error handler of commands and components: what the user is told, and when the
error is counted and logged."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from kozel_discord.monitor import BotStats
from kozel_discord.service import ErrorKey, ServiceError
from kozel_discord.ui.errors import Guarded, error_text, handle_error


@dataclass
class Response:
    done: bool = False
    sent: list[str] = field(default_factory=list)

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        assert ephemeral
        self.sent.append(text)
        self.done = True


@dataclass
class Followup:
    sent: list[str] = field(default_factory=list)

    async def send(self, text: str, *, ephemeral: bool = False) -> None:
        assert ephemeral
        self.sent.append(text)


class Host:
    """A client with the ui's services (only the stats matter here)."""

    tables: Any = None
    league: Any = None
    reviews: Any = None
    presenter: Any = None

    def __init__(self) -> None:
        self.stats = BotStats()


@dataclass
class FakeInteraction:
    client: Any = field(default_factory=Host)
    response: Response = field(default_factory=Response)
    followup: Followup = field(default_factory=Followup)
    locale: discord.Locale = discord.Locale.american_english
    guild_id: int | None = 1
    channel_id: int | None = 2
    command: Any = None


async def test_a_refusal_is_its_ephemeral_text_and_not_counted() -> None:
    i = FakeInteraction()
    await handle_error(i, ServiceError(ErrorKey.NO_TABLE))  # type: ignore[arg-type]
    assert i.response.sent == [error_text(ServiceError(ErrorKey.NO_TABLE), "en-US", 1, 2)]
    assert i.client.stats.errors == 0


async def test_a_refusal_inside_a_command_is_unwrapped_and_followed_up_when_answered() -> None:
    i = FakeInteraction(response=Response(done=True))
    cmd: Any = app_commands.Command(name="x", description="x", callback=_noop)
    wrapped = app_commands.CommandInvokeError(cmd, ServiceError(ErrorKey.TRY_AGAIN))
    await handle_error(i, wrapped)  # type: ignore[arg-type]
    assert i.followup.sent == [error_text(ServiceError(ErrorKey.TRY_AGAIN), "en-US", 1, 2)]
    assert i.response.sent == []


async def _noop(interaction: discord.Interaction[Any]) -> None:
    return None


def test_the_texts_name_the_broken_rule_and_link_the_existing_table() -> None:
    illegal = error_text(ServiceError(ErrorKey.ILLEGAL, reason="does_not_beat"), "en-US", 1, 2)
    plain = error_text(ServiceError(ErrorKey.ILLEGAL), "en-US", 1, 2)
    assert illegal.startswith(plain) and len(illegal) > len(plain)
    exists = error_text(ServiceError(ErrorKey.TABLE_EXISTS, message_id=77), "en-US", 1, 2)
    assert exists.endswith(" https://discord.com/channels/1/2/77")


async def test_an_unexpected_error_is_an_apology_a_log_line_and_a_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    i = FakeInteraction()
    with caplog.at_level(logging.ERROR, logger="kozel_discord.ui.errors"):
        await handle_error(i, RuntimeError("boom"), "component X")  # type: ignore[arg-type]
    assert i.client.stats.errors == 1
    assert "component X failed" in caplog.text
    assert len(i.response.sent) == 1 and "boom" not in i.response.sent[0]


async def test_failed_checks_are_refusals_not_errors() -> None:
    i = FakeInteraction()
    await handle_error(i, app_commands.MissingPermissions(["manage_guild"]))  # type: ignore[arg-type]
    j = FakeInteraction()
    await handle_error(j, app_commands.NoPrivateMessage())  # type: ignore[arg-type]
    assert i.response.sent and j.response.sent and i.response.sent != j.response.sent
    assert i.client.stats.errors == j.client.stats.errors == 0


async def test_a_guarded_item_routes_what_its_action_raises_to_the_handler() -> None:
    class Item(Guarded):
        async def act(self, interaction: discord.Interaction[Any]) -> None:
            raise ServiceError(ErrorKey.OLD_TABLE)

    i = FakeInteraction()
    await Item().callback(i)  # type: ignore[arg-type]
    assert i.response.sent == [error_text(ServiceError(ErrorKey.OLD_TABLE), "en-US", 1, 2)]


class Tables:
    def __init__(self, guild_id: int) -> None:
        self.table = type("T", (), {"guild_id": guild_id})()

    def get(self, channel_id: int) -> Any:
        return self.table


async def test_an_interaction_from_another_server_than_the_tables_is_refused() -> None:
    from kozel_discord.ui.guards import check_guild

    i = FakeInteraction()
    i.client.tables = Tables(guild_id=99)

    class Item(Guarded):
        acted = False

        async def act(self, interaction: discord.Interaction[Any]) -> None:
            Item.acted = True

    await Item().callback(i)  # type: ignore[arg-type]
    assert not Item.acted
    assert i.response.sent == [error_text(ServiceError(ErrorKey.WRONG_GUILD), "en-US", 1, 2)]
    i.client.tables = Tables(guild_id=1)
    check_guild(i)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "resolved", "key"),
    [
        ({"name": "enabled", "type": 5, "value": "yes"}, {}, "error.bad_option"),
        ({"name": "enabled", "type": 5, "value": 1}, {}, "error.bad_option"),
        ({"name": "n", "type": 4, "value": True}, {}, "error.bad_option"),
        ({"name": "n", "type": 4, "value": "3"}, {}, "error.bad_option"),
        ({"name": "member", "type": 6, "value": "123"}, {}, "error.not_a_member"),
        ({"name": "member", "type": 6, "value": 123}, {"users": {"123": {}}}, "error.not_a_member"),
        ({"name": "member", "type": 6, "value": "123"}, {"users": {"5": {}}}, "error.not_a_member"),
        ({"name": "enabled", "type": 5, "value": True}, {}, None),
        ({"name": "member", "type": 6, "value": "123"}, {"users": {"123": {}}}, None),
    ],
)
def test_options_of_the_wrong_type_are_refused(
    option: dict[str, Any], resolved: dict[str, Any], key: str | None
) -> None:
    from kozel_discord.ui.guards import BadOption, check_options

    data = {"options": [{"name": "ranked", "type": 1, "options": [option]}], "resolved": resolved}
    if key is None:
        check_options(data)
        return
    with pytest.raises(BadOption) as e:
        check_options(data)
    assert e.value.key == key and e.value.name == option["name"]


async def test_a_server_only_command_from_a_dm_is_answered_and_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from kozel_discord.ui.errors import KozelTree

    cmd: Any = app_commands.Command(name="x", description="x", callback=_noop)
    cmd.guild_only = True
    i = FakeInteraction(guild_id=None, command=cmd)
    i.data = {"options": []}  # type: ignore[attr-defined]
    tree: Any = object.__new__(KozelTree)
    with caplog.at_level(logging.WARNING):
        assert not await KozelTree.interaction_check(tree, i)  # type: ignore[arg-type]
    assert i.response.sent == [t_en("error.guild_only")]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def t_en(key: str) -> str:
    from kozel_discord.i18n import t

    return t(key, "en-US")


@app_commands.choices(
    timer=[app_commands.Choice(name="30 s", value=30), app_commands.Choice(name="off", value=0)]
)
async def _start(interaction: discord.Interaction[Any], timer: app_commands.Choice[int]) -> None:
    return None


def test_a_value_outside_the_declared_choices_is_refused_before_the_command_runs() -> None:
    # discord.py raised a TransformerError for it: an apology, a traceback in the log.
    from kozel_discord.ui.guards import BadOption, check_options, declared_choices

    choices = declared_choices(app_commands.Command(name="start", description="x", callback=_start))
    assert choices == {"timer": {30, 0}}

    def data(value: Any) -> dict[str, Any]:
        return {"options": [{"name": "start", "type": 1, "options": [
            {"name": "timer", "type": 4, "value": value}
        ]}]}  # fmt: skip

    check_options(data(30), choices)
    check_options(data(0), choices)
    with pytest.raises(BadOption) as e:
        check_options(data(7), choices)
    assert e.value.key == "error.bad_option" and e.value.name == "timer"
    check_options(data(7))  # no choices declared: any integer


async def test_a_value_a_transformer_refuses_is_a_bad_option_not_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    i = FakeInteraction()
    i.data = {"options": [{"name": "start", "type": 1, "options": [  # type: ignore[attr-defined]
        {"name": "timer", "type": 4, "value": 7}
    ]}]}  # fmt: skip

    class Timer(app_commands.Transformer):
        async def transform(self, interaction: discord.Interaction[Any], value: Any) -> Any:
            return value

    error = app_commands.TransformerError(7, discord.AppCommandOptionType.integer, Timer())
    with caplog.at_level(logging.INFO):
        await handle_error(i, error, "command kozel start")  # type: ignore[arg-type]
    from kozel_discord.i18n import t

    assert i.response.sent == [t("error.bad_option", "en-US", option="timer")]
    assert i.client.stats.errors == 0 and "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_unknown_controls_log_line_names_its_kind_never_its_cards(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The one-move button's id holds its cards (a face-down discard, say); a click on one
    the board no longer carries (redrawn, or forged) is logged without them."""
    from kozel_discord.bot import ITEMS
    from kozel_discord.ui.errors import answer_unmatched

    clicked = "kozel:move:0123456789ab:2:31:discard:7h"
    i = FakeInteraction()
    i.type = discord.InteractionType.component  # type: ignore[attr-defined]
    i.data = {"custom_id": clicked, "component_type": 2}  # type: ignore[attr-defined]
    i.message = type("M", (), {"components": []})()  # type: ignore[attr-defined]
    i.user = type("U", (), {"id": 42})()  # type: ignore[attr-defined]
    with caplog.at_level(logging.DEBUG):
        await answer_unmatched(i, ITEMS)  # type: ignore[arg-type]
    assert i.response.sent == [t_en("error.bad_control")]
    assert "unknown_control kind='kozel:move'" in caplog.text
    assert "7h" not in caplog.text and "discard" not in caplog.text


async def test_a_bad_option_is_named_as_the_readers_menu_names_it() -> None:
    # The payload names an option by its default name ("timer"); a Russian menu shows
    # "таймер", and the refusal quoted the English name.
    from kozel_discord.cogs.kozel import KozelCog
    from kozel_discord.i18n import t
    from kozel_discord.ui.guards import BadOption

    start = KozelCog.start
    for locale, shown in ((discord.Locale.russian, "таймер"), (discord.Locale.turkish, "süre")):
        i = FakeInteraction(locale=locale, command=start)
        await handle_error(i, BadOption("timer", 4), "command kozel start")  # type: ignore[arg-type]
        assert i.response.sent == [t("error.bad_option", locale.value, option=shown)]
    english = FakeInteraction(command=start)
    await handle_error(english, BadOption("timer", 4), "command kozel start")  # type: ignore[arg-type]
    assert english.response.sent == [t("error.bad_option", "en-US", option="timer")]
