"""The stand-in counts the requests authorised with the bot token in sliding windows (what
Discord's global limit counts, over every process of the bot)."""

from __future__ import annotations

import aiohttp

from standin.discord_standin import DiscordStandIn


async def test_bot_requests_are_counted_per_sliding_window_over_all_connections() -> None:
    async with DiscordStandIn() as standin:
        bot = {"Authorization": f"Bot {standin.token}"}
        # Two "processes": two sessions with their own connections.
        async with aiohttp.ClientSession() as one, aiohttp.ClientSession() as two:
            for session in (one, two, one):
                async with session.get(f"{standin.api_base}/users/@me", headers=bot) as r:
                    assert r.status == 200
            async with one.get(f"{standin.api_base}/users/@me") as r:  # no token: not counted
                assert r.status == 401
        assert len(standin.bot_request_times) == 3
        assert standin.max_bot_requests_in_window(1.0) == 3
        assert standin.bot_requests_in_windows(1.0) == [3, 2, 1]
        late = standin.bot_request_times[-1]
        assert standin.max_bot_requests_in_window(1.0, since=late) == 1
        assert standin.max_bot_requests_in_window(0.0) == 0


def test_windows_slide_over_the_arrival_times() -> None:
    standin = DiscordStandIn()
    standin.bot_request_times.extend([0.0, 0.5, 0.99, 1.0, 1.2, 2.5])
    # [0, 1): 3; [0.5, 1.5): 4; [0.99, 1.99): 3; ...
    assert standin.bot_requests_in_windows(1.0) == [3, 4, 3, 2, 1, 1]
    assert standin.max_bot_requests_in_window(1.0) == 4
    assert standin.max_bot_requests_in_window(1.0, until=1.0) == 3
