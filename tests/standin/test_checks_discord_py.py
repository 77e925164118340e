"""The stand-in's checks as a real discord.py client meets them: a components v2 layout with
files, application emojis, and a refused component emoji that fails the interaction
(test_checks_raw_http.py drives the same checks by raw HTTP)."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from standin.discord_standin import (
    DiscordStandIn,
    InteractionFailedError,
    StandInGuild,
    StandInUser,
)
from tests.standin.helpers import PNG
from tests.standin.minibot import started


class Table(discord.ui.LayoutView):
    """A table message in discord.py 2.7's components v2 layout."""

    def __init__(self, turn: str) -> None:
        super().__init__(timeout=None)
        hand: discord.ui.Button[Table] = discord.ui.Button(
            label="My hand", emoji="🃏", custom_id="t:hand"
        )
        hand.callback = self.open_hand  # type: ignore[method-assign]
        container: discord.ui.Container[Table] = discord.ui.Container(
            discord.ui.TextDisplay(f"**{turn}** to play"),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png")),
            discord.ui.Separator(),
            discord.ui.Section(
                discord.ui.TextDisplay("Trump ♥"),
                accessory=discord.ui.Thumbnail("attachment://table.png"),
            ),
            discord.ui.ActionRow(hand),
            accent_colour=discord.Colour(0x2D7D46),
        )
        self.add_item(container)

    async def open_hand(self, interaction: discord.Interaction) -> None:
        board = discord.ui.LayoutView(timeout=None)
        board.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay("Your hand"),
                discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png")),
            )
        )
        await interaction.response.send_message(
            view=board, file=discord.File(io.BytesIO(PNG), "hand.png"), ephemeral=True
        )
        await interaction.followup.send(
            file=discord.File(io.BytesIO(b"log"), "log.txt"), ephemeral=True
        )
        await interaction.edit_original_response(
            attachments=[discord.File(io.BytesIO(PNG + b"!"), "hand.png")]
        )


@contextlib.asynccontextmanager
async def client(standin: DiscordStandIn) -> AsyncIterator[discord.Client]:
    async with started(standin, lambda: discord.Client(intents=discord.Intents.default())) as bot:
        await standin.wait_for_sessions(1)
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield bot


async def test_discord_py_layout_view_files_and_application_emojis(
    standin: DiscordStandIn, guild: StandInGuild, alice: StandInUser
) -> None:
    async with client(standin) as bot:
        channel = bot.get_channel(guild.default_channel.id)
        assert isinstance(channel, discord.TextChannel)
        view = Table("Alice")
        bot.add_view(view)
        sent = await channel.send(view=view, file=discord.File(io.BytesIO(PNG), "table.png"))
        message = standin.message(sent.id)
        assert message.flags & (1 << 15) and message.content == ""
        assert message.attachment("table.png").data == PNG
        assert message.custom_ids() == ["t:hand"] and "Alice" in message.text()
        result = await standin.click(alice, message, "t:hand")
        board = result.message
        assert board is not None and board.visible_to == alice.id
        await standin.wait_for(lambda: board.edit_count == 1 and result.followups)
        assert [a.filename for a in board.attachments(0)] == ["hand.png"]
        assert board.attachment("hand.png").data == PNG + b"!"
        [log] = result.followups
        assert log.attachment("log.txt").data == b"log" and log.visible_to == alice.id
        # Application emojis through discord.py: create, list, rename, delete.
        created = await bot.create_application_emoji(name="card_KH", image=PNG)
        assert [e.name for e in await bot.fetch_application_emojis()] == ["card_KH"]
        assert standin.application_emoji_image(created.id) == PNG
        renamed = await created.edit(name="card_KS")
        assert renamed.name == "card_KS" and standin.application_emojis[0]["name"] == "card_KS"
        with pytest.raises(discord.HTTPException) as refused:
            await bot.create_application_emoji(name="card_KS", image=PNG)
        assert refused.value.status == 400 and refused.value.code == 50035
        with pytest.raises(discord.HTTPException):
            await bot.create_application_emoji(name="x", image=PNG)
        with pytest.raises(discord.HTTPException) as too_big:
            await bot.create_application_emoji(name="big", image=PNG * 5000)
        assert "256" in str(too_big.value)
        await created.delete()
        assert await bot.fetch_application_emojis() == []
    assert standin.unhandled == []
    assert len(standin.rejections) == 3  # the three refused uploads above


async def test_a_refused_component_emoji_fails_the_interaction(
    standin: DiscordStandIn, guild: StandInGuild, alice: StandInUser
) -> None:
    class Bad(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="Go", custom_id="bad:go")
        async def go(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
            card_back = discord.ui.View()
            card_back.add_item(discord.ui.Button(label="Hand", emoji="🂠", custom_id="bad:x"))
            await interaction.response.send_message(view=card_back, ephemeral=True)

    async with client(standin) as bot:
        channel = bot.get_channel(guild.default_channel.id)
        assert isinstance(channel, discord.TextChannel)
        bot.add_view(Bad())
        sent = await channel.send("start", view=Bad())
        with pytest.raises(InteractionFailedError, match="BUTTON_COMPONENT_INVALID_EMOJI"):
            await standin.click(alice, standin.message(sent.id), "bad:go")
