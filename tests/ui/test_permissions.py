"""What the bot needs in a channel to host a table, checked at /kozel start."""

from __future__ import annotations

import discord

from kozel_discord.cli.tokens import BOT_PERMISSIONS
from kozel_discord.ui.permissions import missing


def test_the_invites_permissions_are_enough_and_each_one_missing_is_named() -> None:
    invited = discord.Permissions(BOT_PERMISSIONS)
    assert missing(invited, in_thread=False) == [] and missing(invited, in_thread=True) == []
    no_files = discord.Permissions(BOT_PERMISSIONS & ~discord.Permissions.attach_files.flag)
    assert missing(no_files, in_thread=False) == ["attach_files"]
    quiet = discord.Permissions(BOT_PERMISSIONS & ~discord.Permissions.send_messages.flag)
    assert missing(quiet, in_thread=False) == ["send_messages"]
    assert missing(quiet, in_thread=True) == []  # a thread needs Send Messages in Threads
    no_thread = discord.Permissions(
        BOT_PERMISSIONS & ~discord.Permissions.send_messages_in_threads.flag
    )
    assert missing(no_thread, in_thread=True) == ["send_messages_in_threads"]
    assert missing(discord.Permissions(administrator=True), in_thread=False) == []
    assert missing(discord.Permissions.none(), in_thread=False) == [
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
    ]


def test_a_thread_is_known_by_its_type_cached_or_not() -> None:
    # An uncached thread reaches an interaction as a PartialMessageable, not a Thread: it
    # was checked for Send Messages, which a thread does not need.
    from types import SimpleNamespace

    import pytest

    from kozel_discord.service import ServiceError
    from kozel_discord.ui.permissions import check_can_host

    only_threads = discord.Permissions(BOT_PERMISSIONS & ~discord.Permissions.send_messages.flag)
    thread = SimpleNamespace(type=discord.ChannelType.public_thread)
    text = SimpleNamespace(type=discord.ChannelType.text)
    check_can_host(SimpleNamespace(channel=thread, app_permissions=only_threads), "en-US")  # type: ignore[arg-type]
    with pytest.raises(ServiceError) as refused:
        check_can_host(SimpleNamespace(channel=text, app_permissions=only_threads), "en-US")  # type: ignore[arg-type]
    assert refused.value.params == {"perms": "Send Messages"}
