"""The bare discord.py bot of ``floor.py`` (its child process, ``--client``): the picture
it sends (:func:`make_png`), the bot (:class:`BareBot`), its message layout with two
``DynamicItem`` controls, and :func:`client_main`, which drives it by lines on stdin and
answers on stdout. ``floor.py`` describes what is measured.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import sys
import time
from typing import Any, cast

import discord
from discord.ext import commands
from PIL import Image, ImageDraw

from standin.discord_standin import use_local_discord

IMAGE = "table.png"
MOVES = [f"m{i}" for i in range(6)]


def make_png(kib: float, seed: int = 1) -> bytes:
    """A PNG of about ``kib`` KiB: a few drawn cards on a table and a block of noise
    (which does not compress) sized to reach the target."""
    image = Image.new("RGB", (640, 400), (30, 90, 50))
    draw = ImageDraw.Draw(image)
    for i in range(12):
        x, y = 40 + 45 * i, 60 + 20 * (i % 4)
        draw.rounded_rectangle((x, y, x + 60, y + 90), 6, fill=(240, 240, 235), outline=0)
        draw.text((x + 8, y + 8), f"{i + 6}", fill=(200, 20, 20))
    side = max(8, min(390, int((max(kib - 6, 1) * 1024 / 3) ** 0.5)))  # the drawing: ~6 KiB
    noise = Image.frombytes("RGB", (side, side), random.Random(seed).randbytes(3 * side * side))
    image.paste(noise, (600 - side, 390 - side) if side < 390 else (0, 0))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


class BareBot(commands.AutoShardedBot):
    """discord.py and nothing else: posts its messages once, then answers."""

    def __init__(self, png: bytes) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as the real bot
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=1,
            shard_ids=[0],
        )
        self.png = png
        self.posted = False

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=IMAGE)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(DeferButton, MoveSelect)

    async def on_ready(self) -> None:
        if self.posted:
            return
        self.posted = True
        guild = self.guilds[0]
        posted = []
        for i, channel in enumerate(guild.text_channels):
            message = await channel.send(view=layout(i, 0), file=self.file())
            posted.append((channel.id, message.id))
        print(json.dumps({"ready": posted}), flush=True)

    async def edits(self, total: int, posted: list[tuple[int, int]]) -> None:
        """``total`` edits with the picture, spread over the posted messages (one writer
        per message, all at once)."""

        async def edit(i: int, channel_id: int, message_id: int) -> None:
            message = self.get_partial_messageable(channel_id).get_partial_message(message_id)
            for n in range(total // len(posted)):
                await message.edit(view=layout(i, n), attachments=[self.file()])

        await asyncio.gather(*(edit(i, c, m) for i, (c, m) in enumerate(posted)))


class DeferButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floor:defer:(?P<n>[0-9]+)"
):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", custom_id=f"floor:defer:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeferButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floor:move:(?P<n>[0-9]+)"
):
    def __init__(self, n: int) -> None:
        options = [
            discord.SelectOption(
                label=f"Play the {v} of hearts", value=v, description="wins the trick", emoji="♥"
            )
            for v in MOVES
        ]
        select = discord.ui.Select[Any](
            custom_id=f"floor:move:{n}", placeholder="Choose your move…", options=options
        )
        super().__init__(select)
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = cast(BareBot, interaction.client)
        await interaction.response.edit_message(view=layout(self.n, 1), attachments=[bot.file()])


def layout(n: int, version: int) -> discord.ui.LayoutView:
    """A message like the bot's table message or board (components v2)."""
    top = f"<@{n}> to play. Trick {version}: 10♥ K♥ — winning: A♥ (team A). " * 2
    rest = "\n".join(f"Seat {s}: player {s}, {8 - s} cards, 2 tricks" for s in range(4))
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container[Any](
        discord.ui.TextDisplay[Any](top),
        discord.ui.MediaGallery[Any](discord.MediaGalleryItem(f"attachment://{IMAGE}")),
        discord.ui.TextDisplay[Any](f"-# Your hand\n{rest}\nTrump ♠, stock 12, eggs 0"),
        discord.ui.ActionRow[Any](MoveSelect(n)),
        discord.ui.ActionRow[Any](DeferButton(n)),
        accent_colour=discord.Colour(0x56B4E9),
    )
    view.add_item(container)
    return view


async def client_main(png_kib: float) -> None:
    """The child: a bare bot, driven by lines on stdin, answering on stdout."""
    use_local_discord(
        os.environ["KOZEL_DISCORD_API_BASE"].rstrip("/"), os.environ["KOZEL_DISCORD_GATEWAY_URL"]
    )
    bot = BareBot(make_png(png_kib))
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    runner = asyncio.create_task(bot.start(os.environ["DISCORD_TOKEN"]))
    posted: list[tuple[int, int]] = []
    while line := (await reader.readline()).decode().split():
        if line[0] == "cpu":
            print(json.dumps({"cpu": time.process_time()}), flush=True)
        elif line[0] == "posted":
            posted = [(int(c), int(m)) for c, m in zip(line[1::2], line[2::2], strict=True)]
        elif line[0] == "edit":
            await bot.edits(int(line[1]), posted)
            print(json.dumps({"edited": int(line[1])}), flush=True)
        elif line[0] == "quit":
            break
    await bot.close()
    await runner
