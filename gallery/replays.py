"""The replay scenes of the gallery: ``/league history`` with its "Replay a game" menu open,
then ``/league game`` on the first game, at a trick with a face-down discard and at its
last trick with the result."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ._standin import DiscordStandIn, RecordedMessage

if TYPE_CHECKING:
    from .scenes import Gallery


def _text(m: RecordedMessage) -> str:
    return m.text()


def _button(m: RecordedMessage, slot: str) -> str:
    return next(c for c in m.custom_ids() if c.startswith("kozel:rp:") and c.endswith(f":{slot}"))


def _step(m: RecordedMessage) -> tuple[int, int]:
    found = re.search(r"\*\*(?:Trick|Взятка|El) (\d+) (?:of|из|з|/) (\d+)\*\*", _text(m))
    assert found is not None, _text(m)
    return int(found[1]), int(found[2])


async def replay_scenes(g: Gallery, s: DiscordStandIn, guild: Any, host: Any) -> None:
    history = await s.slash(host, guild, None, "league", subcommand="history")
    assert history.message is not None
    used = g.used(host.global_name or host.username, "league", "history")
    g.add(
        "21-history-replay-menu",
        g.snap(s, history.message, used_command=used, open_select="kozel:rpsel"),
    )
    options = (history.message.component("kozel:rpsel") or {}).get("options") or []
    game_id = min(int(o["value"]) for o in options)  # the series' first game
    opened = await s.slash(host, guild, None, "league", subcommand="game", options={"id": game_id})
    replay = opened.message
    assert replay is not None
    used = g.used(host.global_name or host.username, "league", "game")
    discard = re.compile(r"discarded|сбрас|скид|kapalı\s*at")
    step, total = _step(replay)
    while not discard.search(_text(replay)) and step < total:
        await s.click(host, replay, _button(replay, "next"))
        step, total = _step(replay)
    g.add("22-replay-step", g.snap(s, replay, used_command=used))
    await s.click(host, replay, _button(replay, "last"))
    g.add("23-replay-result", g.snap(s, replay, used_command=used))
