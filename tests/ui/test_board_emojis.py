"""The private board's card emojis: colour-safe text cards without them, emojis with them,
and their upload (idempotent, by one process while the others wait)."""

from __future__ import annotations

import discord
import pytest

from kozel_discord.ui import board, moves, pictures
from kozel_discord.ui.emojis import CARD_EMOJIS, CardEmojis, sync_card_emojis, versioned_name
from tests.ui.board_helpers import POSITIONS, _table, _texts, select_options

pytestmark = pytest.mark.usefixtures("_no_emojis")


def test_cards_are_colour_safe_text_without_emojis_and_emojis_with_them() -> None:
    series, obs = next((s, o) for s, o in POSITIONS if o.my_turn and len(o.legal_actions) > 3)
    table = _table(series)
    CARD_EMOJIS.clear()
    view = board.board_view(table, obs, 1, "en-US")
    assert all("emoji" not in o for o in select_options(view))
    text = "\n".join(_texts(view)) + "".join(o["label"] for o in select_options(view))
    assert "♠" not in text and "♣" not in text  # near-black on the dark theme
    fake = {
        pictures.emoji_name(c): discord.PartialEmoji(name=f"{pictures.emoji_name(c)}_abcdef", id=i)
        for i, c in enumerate(
            [*(o.card for o in moves.move_options(obs, "en-US")), *obs.hand], start=1000
        )
    }
    CARD_EMOJIS.set(fake)
    try:
        view = board.board_view(table, obs, 1, "en-US")
        options = select_options(view)
        assert all(int(o["emoji"]["id"]) >= 1000 for o in options)
        assert "Your cards:\u00a0<:kz_" in "\n".join(_texts(view))
    finally:
        CARD_EMOJIS.clear()


class _FakeEmoji:
    def __init__(self, client: _FakeClient, name: str, emoji_id: int) -> None:
        self.client, self.name, self.id = client, name, emoji_id

    async def delete(self) -> None:
        self.client.emojis.remove(self)
        self.client.deleted.append(self.name)


class _FakeClient:
    def __init__(self) -> None:
        self.emojis: list[_FakeEmoji] = []
        self.created: list[str] = []
        self.deleted: list[str] = []
        self.next_id = 1

    async def fetch_application_emojis(self) -> list[_FakeEmoji]:
        return list(self.emojis)

    async def create_application_emoji(self, *, name: str, image: bytes) -> _FakeEmoji:
        e = _FakeEmoji(self, name, self.next_id)
        self.next_id += 1
        self.emojis.append(e)
        self.created.append(name)
        return e


async def test_emoji_sync_is_idempotent_and_deletes_only_our_stale_emojis() -> None:
    client = _FakeClient()
    client.emojis.append(_FakeEmoji(client, "server_party", 900))  # not ours
    client.emojis.append(_FakeEmoji(client, "kz_10h_000000", 901))  # ours, stale
    into = CardEmojis()
    assert await sync_card_emojis(client, into) == 37
    first = {e.name: e.id for e in client.emojis}
    assert client.deleted == ["kz_10h_000000"] and "server_party" in first
    again = CardEmojis()
    assert await sync_card_emojis(client, again) == 0
    assert {e.name: e.id for e in client.emojis} == first  # ids kept
    back = again.of(None)
    assert back is not None and back.id == first[versioned_name(pictures.card_emojis()[-1])]
    assert all(versioned_name(i) in first for i in pictures.card_emojis())


async def test_only_one_process_uploads_the_emojis_the_others_wait_for_them() -> None:
    """Two processes of one bot: the one without shard 0 never uploads (Discord would
    refuse the second upload of a name); it lists until the uploader's emojis are there."""
    client = _FakeClient()
    follower, leader = CardEmojis(), CardEmojis()
    listings = 0
    real_fetch = client.fetch_application_emojis

    async def fetch() -> list[_FakeEmoji]:
        nonlocal listings
        listings += 1
        if listings == 2:  # the uploading process runs between the follower's listings
            assert await sync_card_emojis(client, leader) == 37
        return await real_fetch()

    client.fetch_application_emojis = fetch  # type: ignore[method-assign]
    assert await sync_card_emojis(client, follower, upload=False, waits=(0.0, 0.0, 0.0)) == 0
    assert len(client.created) == 37 and client.deleted == []  # the leader's uploads only
    back = follower.of(None)
    assert back is not None and back == leader.of(None)


async def test_a_follower_without_the_uploader_keeps_text_cards() -> None:
    client = _FakeClient()
    into = CardEmojis()
    assert await sync_card_emojis(client, into, upload=False, waits=(0.0,)) == 0
    assert client.created == [] and into.of(None) is None
