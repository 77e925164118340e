"""Answering a click in time: Discord wants a first answer within 3 s, so work that may
take longer (a picture, a move behind the table's lock, a hint) is raced against a budget
counted from the click, and the click is deferred when the budget runs out."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

T = TypeVar("T")

# An answer is deferred when its picture is not drawn this many seconds after the click
# (Discord wants an answer within 3 s; a slow commit before the drawing counts too).
DRAW_BUDGET = 1.8


def answer_budget(interaction: discord.Interaction[Any], budget: float = DRAW_BUDGET) -> float:
    """Seconds left to answer before deferring: ``budget`` counted from the click (a bot
    that is behind has less of it)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.05, budget - age)


async def in_time(
    interaction: discord.Interaction[Any], work: Awaitable[T], budget: float = DRAW_BUDGET
) -> T:
    """``work``'s result; the click answered in time (deferred: in place from a private
    board, else as "thinking") when it is not done within :func:`answer_budget`."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=answer_budget(interaction, budget))
    if not done:
        message = interaction.message
        await defer(interaction, in_place=message is not None and message.flags.ephemeral)
    return await task


async def defer(interaction: discord.Interaction[Any], in_place: bool) -> None:
    """Answer in time, the board to follow: in place (the board stays as it is until then)
    or as a "thinking" ephemeral message. Nothing when already answered (a slow hint)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=not in_place)
