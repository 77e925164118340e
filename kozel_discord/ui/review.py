"""The "Review" button of a game's summary and the review it opens: the clicker's own
decisions in that game beside the strong computer's evaluation (:mod:`..service.review`).

Only the game's human players may open it, each for their own seat; the answer is
ephemeral. A review not in the cache takes up to a few seconds in a worker process, so
the button answers at once when it is ready within :data:`ANSWER_WAIT` seconds and
otherwise defers ("thinking") and follows up.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ..i18n import NBSP, locale_of, t
from ..service.review import MISTAKE_THRESHOLD, Choice, Decision, GameReview
from . import render
from .answering import in_time
from .emojis import CARD_EMOJIS
from .errors import Guarded
from .ports import host_of

KEY = r"(?P<key>[0-9a-f]{32})"
ANSWER_WAIT = 1.5  # seconds from the click: answer directly if the review is ready, else defer
MAX_FIELD = 1024
MAX_EMBED = 5800  # Discord's limit is 6000 characters in all


def review_view(series_key: str | None, number: int, locale: str) -> discord.ui.View | None:
    """The summary's controls: the Review button (None for a table without a series key)."""
    if not series_key:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(series_key, number, t("button.review", locale)))
    return view


def choice_text(choice: Choice, locale: str) -> str:
    if choice is None:
        return t("review.act.pass", locale)
    cards = CARD_EMOJIS.inline(choice.cards, locale)
    return t(render.move_key("review.act.", choice.kind, len(choice.cards)), locale, cards=cards)


# A move's mark, by its name in the legend's keys (review.legend.<name>), in the legend's order.
MARKS = {"best": "✅", "close": "👍", "costly": "⚠️", "worst": "❌"}


def _mark(d: Decision) -> str:
    if d.mistake:
        return MARKS["worst"]
    if d.cost >= MISTAKE_THRESHOLD:  # as its line shows it, as the legend says
        return MARKS["costly"]
    return MARKS["best"] if d.cost == 0 else MARKS["close"]


def _line(d: Decision, locale: str) -> str:
    played = choice_text(d.played, locale)
    if d.cost == 0 and not d.mistake:
        return t(
            "review.line_best" if d.top else "review.line_even",
            locale,
            mark=_mark(d),
            trick=d.trick,
            played=played,
            value=round(d.value),
        )
    return t(
        "review.line",
        locale,
        mark=_mark(d),
        trick=d.trick,
        played=played,
        value=round(d.value),
        best_value=round(d.best_value),
        best=choice_text(d.best, locale),
    )


# Reasons that speak of the cards played, and their words for a single card.
_ONE_CARD = {
    "same_cards": "same_card",
    "keep_cards": "keep_card",
    "could_beat": "could_beat_one",
}


def _reason_key(d: Decision) -> str:
    """The reason's text; one that speaks of the cards played speaks of one card when the
    move was one ("keep these cards" after a single card read wrong)."""
    reason = d.reason or "other"
    if reason in _ONE_CARD and d.played is not None and len(d.played.cards) == 1:
        return _ONE_CARD[reason]
    return reason


def _played_cards(d: Decision, locale: str) -> str:
    return CARD_EMOJIS.inline(d.played.cards, locale) if d.played is not None else ""


def _mistake(d: Decision, locale: str) -> str:
    return t(
        "review.mistake",
        locale,
        trick=d.trick,
        played=choice_text(d.played, locale),
        points=d.cost,
        best=choice_text(d.best, locale),
        # the cards a reason speaks of by name: "keeping that card" after "better:
        # discarding Q♤" read as keeping the Q♤
        why=t(f"review.why.{_reason_key(d)}", locale, cards=_played_cards(d, locale)),
    )


def review_embed(review: GameReview, locale: str) -> discord.Embed:
    """The review as the player sees it: their moves only, the costliest first in words."""
    worlds = min((d.worlds for d in review.decisions), default=0)
    parts = [
        t(
            "review.intro",
            locale,
            seat=render.seat_long(review.seat, locale),
            moves=review.moves,
            choices=len(review.decisions),
        )
    ]
    if review.auto:
        parts.append(t("review.auto", locale, n=review.auto))
    if not review.decisions:
        parts.append(t("review.no_choice", locale))
    else:
        total = sum(d.cost for d in review.decisions)
        if total >= 1:
            parts.append(t("review.total", locale, points=total))
        mistakes = review.mistakes
        if mistakes:
            parts.append(f"**{t('review.mistakes', locale)}**")
            parts += [_mistake(d, locale) for d in mistakes]
        else:
            parts.append(t("review.no_mistakes", locale, points=MISTAKE_THRESHOLD))
    if review.capped:
        parts.append(t("review.capped", locale))
    e = discord.Embed(
        title=t("review.title", locale, n=review.game),
        description="\n\n".join(parts)[:4096],
        colour=render.COLOR_DONE,
    )
    size = len(e.title or "") + len(e.description or "")
    for i, chunk in enumerate(
        render.line_chunks((_line(d, locale) for d in review.decisions), MAX_FIELD)
    ):
        name = t("review.moves", locale) if i == 0 else "\u200b"
        if size + len(name) + len(chunk) > MAX_EMBED:
            break
        e.add_field(name=name, value=chunk, inline=False)
        size += len(name) + len(chunk)
    if review.decisions:  # only the marks shown: an unused "⚠️" puzzled a reader
        shown = {_mark(d) for d in review.decisions}
        legend = [
            t(f"review.legend.{name}", locale, points=MISTAKE_THRESHOLD)
            for name, mark in MARKS.items()
            if mark in shown
        ]
        # How the numbers were found, in small print under the moves they explain: six
        # lines of method above the total kept a reader from what their moves cost.
        method = t("review.method", locale, worlds=worlds)
        e.set_footer(text=f"{NBSP}· ".join(legend) + "\n" + method)
    return e


class ReviewButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:review:{KEY}:(?P<n>[0-9]{{1,4}})",
):
    """Opens the clicker's review of game ``number`` of the series ``series_key``."""

    def __init__(self, series_key: str, number: int, label: str = "Review") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎓",
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:review:{series_key}:{number}",
            )
        )
        self.series_key = series_key
        self.number = number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(match["key"], int(match["n"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        locale = locale_of(interaction)
        reviews = host_of(interaction).reviews
        review = reviews.review(
            interaction.guild_id or 0, self.series_key, self.number, interaction.user.id
        )
        # a refusal goes the one error path (a follow-up once deferred)
        answer = await in_time(interaction, review, ANSWER_WAIT)
        embed = review_embed(answer.review, locale)
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)


__all__ = ["ReviewButton", "choice_text", "review_embed", "review_view"]
