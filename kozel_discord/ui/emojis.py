"""Cards as the application's own emojis, and as colour-safe text when there are none.

At start-up the bot uploads the 36 faces and the back drawn by :mod:`.pictures`
(:func:`~.pictures.card_emojis`) as application emojis, in the background. An emoji's name
carries a short hash of its picture (``kz_10h_1a2b3c``), so the upload is idempotent: an
emoji whose name is already there is kept with its id, a changed picture gets a new name
(the old one is deleted), and only our own stale ``kz_`` emojis are ever deleted.

Until the emojis are there (or when Discord refuses them) cards are text, and in select
options and notifications they are always text. Discord draws ♠ and ♣ as near-black pictures
on its dark theme, so text shows spades with the outline mark ♤ (a plain character, drawn in
the text colour: light on dark, dark on light), clubs with the shamrock ☘ (green on both
themes; clubs are the trefoil, *trèfle*, трефы, and green is the four-colour deck's clubs), and
♥ ♦ for the red ones (red on both themes). Two outline marks, ♤ and ♧, were too alike at a
phone's text size: "7♧ K♥ 7♤" read as two equal sevens. For the same reason the card
emojis and the table pictures draw clubs green (``pictures.style.CLUBS``): a black club and
a black spade are the same few pixels at emoji size, and text and pictures agree.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from typing import Any, Protocol

import discord

from ..engine import Card, Suit
from ..i18n import NBSP, t
from . import pictures

log = logging.getLogger(__name__)

FACE_DOWN = "🎴"  # an emoji of Unicode's list (🂠 U+1F0A0 is not one)
PREFIX = "kz_"
HASH_CHARS = 6
SUIT_MARK = {Suit.CLUBS: "☘", Suit.SPADES: "♤", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_OURS = re.compile(rf"^{PREFIX}[0-9a-z]+_[0-9a-f]{{{HASH_CHARS}}}$")


WORD_JOINER = "\u2060"  # invisible; no line break between a card's rank and its suit


def card_text(c: Card, locale: str) -> str:
    """One card as colour-safe text through the viewer's language (``card-text``). A word
    joiner keeps the rank and the suit mark on one line: Discord draws ♥ ♦ as emoji images,
    and a browser may otherwise break a line between a letter and an image ("Q" / "♦")."""
    return t("card.text", locale, rank=c.rank.label, suit=WORD_JOINER + SUIT_MARK[c.suit])


def cards_text(cards: Iterable[Card], locale: str, sep: str = " ") -> str:
    return sep.join(card_text(c, locale) for c in cards) or "—"


def versioned_name(image: pictures.EmojiImage) -> str:
    return f"{image.name}_{image.sha256[:HASH_CHARS]}"


class CardEmojis:
    """The uploaded card emojis (empty until the upload finished, or when it failed)."""

    def __init__(self) -> None:
        self._by_name: dict[str, discord.PartialEmoji] = {}

    def set(self, emojis: dict[str, discord.PartialEmoji]) -> None:
        self._by_name = dict(emojis)

    def clear(self) -> None:
        self._by_name = {}

    def __bool__(self) -> bool:
        return bool(self._by_name)

    def of(self, c: Card | None) -> discord.PartialEmoji | None:
        return self._by_name.get(pictures.emoji_name(c))

    def mention(self, c: Card | None) -> str | None:
        """``<:name:id>`` of a card's emoji (``None``: the back), or None before the upload."""
        e = self.of(c)
        return None if e is None else f"<:{e.name}:{e.id}>"

    def face_down(self, n: int) -> str:
        """``n`` cards face down: the back emoji when uploaded, else 🎴 (a Unicode emoji),
        joined by word joiners so that a line never breaks inside a discard (4 backs, not
        3 and 1 on the next line)."""
        return WORD_JOINER.join([self.mention(None) or FACE_DOWN] * n)

    def inline(self, cards: Iterable[Card], locale: str, sep: str = NBSP) -> str:
        """Cards for a line of text: the emojis when uploaded, else colour-safe text; one
        play (or hand) in one piece, joined by no-break spaces (a phone broke "beating
        with 9♦ / Q♦" between its cards)."""
        cards = tuple(cards)
        shown = [self.mention(c) for c in cards]
        if cards and all(shown):
            return sep.join(s for s in shown if s)
        return cards_text(cards, locale, sep)


#: The process's card emojis, filled by :func:`sync_card_emojis` (the ui reads them).
CARD_EMOJIS = CardEmojis()


class EmojiClient(Protocol):
    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


#: How long a process that does not upload waits for the uploader's emojis: the delays
#: between its listings (seconds), about two minutes in all.
FOLLOWER_WAITS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)


async def sync_card_emojis(
    client: Any,
    into: CardEmojis = CARD_EMOJIS,
    *,
    upload: bool = True,
    waits: tuple[float, ...] = FOLLOWER_WAITS,
) -> int:
    """Make the application's card emojis match the pictures; return how many were uploaded.

    Application emojis belong to the bot, not to a process: when several processes run the
    bot's shards, only one (``upload``: the one with shard 0) uploads and deletes; the others
    (``upload=False``) list them until the uploader's are all there (``waits``), so two
    processes never upload the same name (Discord refuses the second). Never raises for
    Discord's refusals: the cards then stay text (logged once)."""
    images = await asyncio.to_thread(pictures.card_emojis)
    wanted = {versioned_name(i): i for i in images}
    if not upload:
        return await _follow(client, into, images, wanted, waits)
    try:
        existing = await client.fetch_application_emojis()
    except discord.HTTPException as exc:
        log.warning("card emojis not listed (status %s): cards stay text", exc.status)
        return 0
    found: dict[str, discord.PartialEmoji] = {}
    for e in existing:
        if e.name in wanted and e.name not in found:
            found[e.name] = discord.PartialEmoji(name=e.name, id=e.id)
        elif _OURS.match(e.name):
            try:
                await e.delete()
                log.info("stale card emoji %s deleted", e.name)
            except discord.HTTPException as exc:
                log.warning("stale card emoji %s not deleted (status %s)", e.name, exc.status)
    uploaded = 0
    for name, image in wanted.items():
        if name in found:
            continue
        try:
            e = await client.create_application_emoji(name=name, image=image.png)
        except discord.HTTPException as exc:
            log.warning("card emoji %s not uploaded (status %s): cards stay text", name, exc.status)
            return uploaded
        found[name] = discord.PartialEmoji(name=e.name, id=e.id)
        uploaded += 1
    into.set({i.name: found[versioned_name(i)] for i in images})
    log.info("card emojis ready: %d uploaded, %d kept", uploaded, len(images) - uploaded)
    return uploaded


async def _follow(
    client: Any,
    into: CardEmojis,
    images: tuple[Any, ...],
    wanted: dict[str, Any],
    waits: tuple[float, ...],
) -> int:
    """Wait for the uploading process's card emojis (see :func:`sync_card_emojis`)."""
    for wait in (0.0, *waits):
        if wait:
            await asyncio.sleep(wait)
        try:
            existing = await client.fetch_application_emojis()
        except discord.HTTPException as exc:
            log.warning("card emojis not listed (status %s)", exc.status)
            continue
        found = {
            e.name: discord.PartialEmoji(name=e.name, id=e.id) for e in existing if e.name in wanted
        }
        if len(found) == len(wanted):
            into.set({i.name: found[versioned_name(i)] for i in images})
            log.info("card emojis ready: %d, uploaded by the process with shard 0", len(found))
            return 0
    log.warning("card emojis not there after waiting for shard 0's process: cards stay text")
    return 0
