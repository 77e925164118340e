"""Runs the real bot process against the local Discord stand-in, plays a series as its human
players would, and keeps copies of the messages worth showing (the scenes of the gallery)."""

from __future__ import annotations

import asyncio
import copy
import random
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kozel_discord.engine import CARDS, Action, ActionKind

from ._standin import (
    PERM_MANAGE_GUILD,
    BotProcess,
    DiscordStandIn,
    Driver,
    RecordedMessage,
    forced_value,
)
from .canvas import Message
from .markup import Names
from .replays import replay_scenes

# A KOZEL_FIXED_SEED whose first deal gives seat 0 (a human) four hearts while a computer
# opens: a molodka out of turn, answered by discards. Found with the engine (gallery/seeds.py).
GALLERY_SEED = 925

PEOPLE = {
    "en": (("alice", "Alice"), ("bob", "Bob")),
    "ru": (("olga", "Ольга"), ("boris", "Борис")),
    "uk": (("oksana", "Оксана"), ("bohdan", "Богдан")),
    "tr": (("ayse", "Ayşe"), ("baris", "Barış")),
}
LANGS = tuple(PEOPLE)
# The Discord client locale of each gallery language, its server's name, and how the client
# writes "Alice used /kozel start" above an interaction's answer.
LOCALES = {"en": "en-US", "ru": "ru", "uk": "uk", "tr": "tr"}
SERVERS = {"en": "Kozel club", "ru": "Клуб козла", "uk": "Клуб козла", "tr": "Keçi kulübü"}
USED = {
    "en": "{who} used {cmd}",
    "ru": "{who} использует {cmd}",
    "uk": "{who} використовує {cmd}",
    "tr": "{who}, {cmd} komutunu kullandı",
}


@dataclass
class Scene:
    name: str
    messages: list[Message]
    caption: str | None = None
    crop_css: int | None = None  # draw only the top of the picture (the phone's first screen)


@dataclass
class Capture:
    """What a run collected: message payloads as they were at that moment."""

    scenes: list[Scene] = field(default_factory=list)
    seconds: float = 0.0


def _kinds(board: RecordedMessage, tid: str) -> tuple[str | None, list[dict[str, Any]]]:
    for c in board.custom_ids():
        if c.startswith(f"kozel:play:{tid}:"):
            return c, list((board.component(c) or {}).get("options") or [])
    return None, []


def _kind(option: dict[str, Any]) -> ActionKind | None:
    try:
        return Action.decode(str(option["value"])).kind
    except Exception:
        return None


class Gallery:
    def __init__(self, lang: str, workdir: Path) -> None:
        self.lang = lang
        self.locale = LOCALES[lang]
        self.workdir = workdir
        self.rng = random.Random(11)
        self.scenes: list[Scene] = []

    def names(self, s: DiscordStandIn) -> Names:
        users = {u.id: (u.global_name or u.username) for u in s.users.values()}
        users[s.bot_user.id] = s.bot_user.username
        channels = {c.id: c.name for c in s.channels.values()}
        images = dict(s.state.app_emoji_images)  # the application emojis' pictures
        return Names(users=users, channels=channels, emoji_images=images, lang=self.lang)

    def snap(self, s: DiscordStandIn, m: RecordedMessage, **kw: Any) -> Message:
        files = {stored.filename: stored.data for stored in m.attachments()}
        return Message(
            copy.deepcopy(m.payload),
            names=self.names(s),
            files=files,
            author=s.bot_user.username,
            **kw,
        )

    def command(self, group: str, sub: str) -> str:
        """The command as this client shows it (localised names)."""
        try:
            from kozel_discord.i18n import t

            return f"/{t(f'cmd.{group}.name', self.locale)} {t(f'cmd.{sub}.name', self.locale)}"
        except Exception:
            return f"/{group} {sub}"

    def used(self, who: str, group: str, sub: str) -> str:
        return USED[self.lang].format(who=who, cmd=self.command(group, sub))

    async def run(self) -> list[Scene]:
        async with DiscordStandIn(response_timeout=15.0) as s:
            (u1, n1), (u2, n2) = PEOPLE[self.lang]
            host = s.add_user(u1, global_name=n1, locale=self.locale)
            mate = s.add_user(u2, global_name=n2, locale=self.locale)
            guild = s.add_guild(
                SERVERS[self.lang],
                members=[host, mate],
                preferred_locale=self.locale,
            )
            bot = BotProcess(
                s,
                f"sqlite+aiosqlite:///{self.workdir / f'kozel-{self.lang}.sqlite3'}",
                self.workdir / f"bot-{self.lang}.log",
                guild=guild,
                extra_env={"KOZEL_FIXED_SEED": str(GALLERY_SEED)},
            )
            await bot.start()
            try:
                await s.wait_for_commands("kozel", guild=guild, timeout=30)
                # Every scene with the card emojis a running bot has (each card and the back),
                # not the 🎴 fallback of the first seconds after a first start.
                await s.wait_for(
                    lambda: len(s.application_emojis) >= len(CARDS) + 1,
                    timeout=60,
                    what="the card emojis",
                )
                await self.play(s, guild, host, mate)
            finally:
                await bot.stop()
        return self.scenes

    def add(self, name: str, *msgs: Message, **kw: Any) -> None:
        self.scenes.append(Scene(f"{self.lang}-{name}", list(msgs), **kw))

    async def play(self, s: DiscordStandIn, guild: Any, host: Any, mate: Any) -> None:
        chan = guild.default_channel.id
        # The series counts for the league (computers in it: an admin's choice), so that the
        # league table shows standings, not only its empty state.
        s.grant_permissions(guild, host, PERM_MANAGE_GUILD)
        await self.set_ranked(s, guild, host, True)
        r = await s.slash(host, guild, None, "kozel", subcommand="start")
        assert r.message is not None
        lobby = r.message
        tid = next(c for c in lobby.custom_ids() if c.startswith("kozel:sit:")).split(":")[2]
        driver = Driver(s, guild, {0: host, 2: mate}, lambda o: str(o[0]["value"]))
        driver.tid = tid
        await s.click(mate, lobby, f"kozel:sit:{tid}:2")
        await s.select(host, lobby, f"kozel:addbot:{tid}", ["1:heuristic"])
        await s.select(host, lobby, f"kozel:addbot:{tid}", ["3:heuristic"])
        used = self.used(host.global_name or host.username, "kozel", "start")
        self.add("01-lobby", self.snap(s, lobby, used_command=used))
        # Someone else presses the host's Start: the answer only they see, nothing changes.
        r = await s.click(mate, lobby, f"kozel:lobby:{tid}:begin")
        assert r.message is not None
        self.add("17-not-yours", self.snap(s, r.message))
        await s.click(host, lobby, f"kozel:lobby:{tid}:begin")
        await s.wait_for(driver.table_message, timeout=20, what="the table message")

        humans = {host.id: host, mate.id: mate}
        want = {"lead", "answer", "table", "ping", "fair", "one_move"}
        tricks: Message | None = None  # "Tricks so far" a few moves in: the full commitment
        moves = 0
        for _ in range(4000):
            token = driver.state_token()  # before the check: a post in between wakes the wait
            if driver.series_over():
                break
            self.look_for_ping(s, driver, host, want)
            moved = False
            for user in humans.values():
                board = await driver.hand(user)
                sel, options = _kinds(board, tid)
                button = driver.move_button(board)
                if sel is None and button is not None and driver.whose_mention() == user.id:
                    if user is host and "one_move" in want:  # a single legal move: one tap
                        want.discard("one_move")
                        self.add("19-board-one-move", self.snap(s, board))
                    await driver.play(user, board, button, forced_value(button))
                    moved = True
                    moves += 1
                    break
                if sel is None:
                    continue
                kinds = [_kind(o) for o in options]
                if ActionKind.MOLODKA in kinds:
                    choice = options[kinds.index(ActionKind.MOLODKA)]
                elif driver.whose_mention() != user.id or not options:
                    continue
                else:
                    leading = ActionKind.LEAD in kinds
                    if user is host and leading and "lead" in want:
                        want.discard("lead")
                        self.add("03-board-lead", self.snap(s, board, open_select=sel))
                    if user is host and not leading and "answer" in want:
                        want.discard("answer")
                        self.add("04-board-answer", self.snap(s, board, open_select=sel))
                    discards = [
                        o for o, k in zip(options, kinds, strict=True) if k is ActionKind.DISCARD
                    ]
                    pool = discards if "table" in want and discards else options
                    choice = self.rng.choice(pool)
                await s.select(user, board, sel, [str(choice["value"])])
                moved = True
                moves += 1
                break
            if "fair" in want and moves >= 6 and driver.table_message() is not None:
                want.discard("fair")
                shown = driver.table_message()
                assert shown is not None
                r = await s.click(host, shown, f"kozel:tricks:{tid}")
                assert r.message is not None
                tricks = self.snap(s, r.message)
            await self.look_at_table(s, driver, want)
            if not moved:
                await driver.wait_change(token, timeout=30)
        else:
            raise AssertionError("the series did not end")

        public = [m for m in s.public_messages(chan)]
        summaries = [
            m
            for m in public
            if not any(
                c.startswith(("kozel:sit:", "kozel:hand:", "kozel:rematch:"))
                for c in m.custom_ids()
            )
            and m.embeds
            and m.id != lobby.id  # the lobby, once started, has no controls left
        ]
        if summaries:
            self.add("05-game-summary", self.snap(s, summaries[0]))
        frozen = [m for m in public if "table.png" in {f.filename for f in m.files.values()}]
        if frozen:  # a game's table message, frozen on its final position
            self.add("09-game-final-position", self.snap(s, frozen[0]))
        over = driver.series_over()
        assert over is not None
        last = [self.snap(s, summaries[-1])] if summaries else []
        self.add("06-series-end", *last, self.snap(s, over))
        if tricks is not None and summaries:  # the deal's commitment, then its reveal
            self.add("11-fair-deal", tricks, self.snap(s, summaries[0]))
        if summaries:
            await self.review(s, host, summaries)
        league = await s.slash(host, guild, None, "league", subcommand="table")
        assert league.message is not None
        used = self.used(host.global_name or host.username, "league", "table")
        self.add("07-league-table", self.snap(s, league.message, used_command=used))
        profile = await s.slash(host, guild, None, "league", subcommand="player")
        assert profile.message is not None
        used = self.used(host.global_name or host.username, "league", "player")
        self.add("16-league-player", self.snap(s, profile.message, used_command=used))
        await replay_scenes(self, s, guild, host)
        rules = await s.slash(host, guild, None, "kozel", subcommand="rules")
        assert rules.message is not None
        used = self.used(host.global_name or host.username, "kozel", "rules")
        self.add("18-rules", self.snap(s, rules.message, used_command=used))
        await self.house_rules(s, guild, host, mate)

    async def set_ranked(self, s: DiscordStandIn, guild: Any, host: Any, on: bool) -> None:
        """``/league ranked``: whether series with computer players count for the league."""
        r = await s.slash(host, guild, None, "league", subcommand="ranked", options={"enabled": on})
        assert r.message is not None and "❌" not in r.message.content, r

    async def house_rules(self, s: DiscordStandIn, guild: Any, host: Any, mate: Any) -> None:
        """The server's settings (series to 8), a lobby with hints on, a board's Hint."""
        name = host.global_name or host.username
        await self.set_ranked(s, guild, host, False)  # hints are only for casual tables
        r = await s.slash(
            host, guild, None, "kozel", subcommand="settings", options={"length": 8, "timer": 60}
        )
        assert r.message is not None
        used = self.used(name, "kozel", "settings")
        self.add("12-settings", self.snap(s, r.message, used_command=used))
        r = await s.slash(host, guild, None, "kozel", subcommand="start")
        assert r.message is not None
        lobby = r.message
        tid = next(c for c in lobby.custom_ids() if c.startswith("kozel:sit:")).split(":")[2]
        await s.click(mate, lobby, f"kozel:sit:{tid}:2")
        await s.select(host, lobby, f"kozel:addbot:{tid}", ["1:heuristic"])
        await s.select(host, lobby, f"kozel:addbot:{tid}", ["3:strong"])
        await s.click(host, lobby, f"kozel:rules:{tid}:hints:on")
        used = self.used(name, "kozel", "start")
        self.add("13-lobby-hints", self.snap(s, lobby, used_command=used))
        await s.click(host, lobby, f"kozel:lobby:{tid}:begin")
        driver = Driver(s, guild, {0: host, 2: mate}, lambda o: str(o[0]["value"]))
        driver.tid = tid
        await s.wait_for(driver.table_message, timeout=20, what="the table message")
        for _ in range(400):
            token = driver.state_token()
            if driver.whose_mention() == host.id:
                board = await driver.hand(host)
                if f"kozel:hint:{tid}" in board.custom_ids():
                    answer = await s.click(host, board, f"kozel:hint:{tid}")
                    if answer.message is not None and answer.message.loading:
                        await s.wait_until_resolved(answer, timeout=30.0)
                    self.add("14-board-hint", self.snap(s, board))
                    return
            elif driver.whose_mention() == mate.id:
                await driver.step()
                continue
            await driver.wait_change(token, timeout=30)
        raise AssertionError("the host's turn never came")

    async def review(self, s: DiscordStandIn, host: Any, summaries: list[RecordedMessage]) -> None:
        """The host opens Review under a game's summary: their own moves, judged. The first
        game whose review marks a mistake is shown (else the first game's)."""
        shown: tuple[RecordedMessage, RecordedMessage] | None = None
        for summary in summaries[:6]:
            cid = next(c for c in summary.custom_ids() if c.startswith("kozel:review:"))
            r = await s.click(host, summary, cid)
            assert r.message is not None
            if r.message.loading:  # deferred while the worker reviewed the game
                await s.wait_until_resolved(r, timeout=60)
            if shown is None or "❌" in _all_text(r.message.payload):
                shown = (summary, r.message)
            if "❌" in _all_text(r.message.payload):
                break
        assert shown is not None
        self.add("15-review", self.snap(s, shown[0]), self.snap(s, shown[1]))

    def look_for_ping(self, s: DiscordStandIn, driver: Driver, host: Any, want: set[str]) -> None:
        """Keep the host's turn ping (a new message mentioning only them) under the table."""
        if "ping" not in want:
            return
        pings = [
            m
            for m in s.public_messages(driver.channel_id)
            if m.mentioned == [host.id] and f"kozel:turn:{driver.tid}" in m.custom_ids()
        ]
        table = driver.table_message()
        # Kept only while the table says it is the host's turn: what the pinged player
        # finds (a ping outlives the turn by the moment its deletion takes).
        if pings and table is not None and driver.whose_mention() == host.id:
            want.discard("ping")
            self.add("10-turn-ping", self.snap(s, table), self.snap(s, pings[-1]))

    async def look_at_table(self, s: DiscordStandIn, driver: Driver, want: set[str]) -> None:
        """Keep the table message when its trick shows a molodka and a discard."""
        if "table" not in want:
            return
        table = driver.table_message()
        if table is None:
            return
        text = _all_text(table.payload)
        discard = _has_discard(text)
        molodka = _has_molodka(text)
        if discard and (molodka or len(self.scenes) > 3):
            want.discard("table")
            self.add("02-table-mid-trick", self.snap(s, table))
            self.add("08-table-first-screen", self.snap(s, table, width=360), crop_css=300)


def _all_text(payload: dict[str, Any]) -> str:
    parts = [str(payload.get("content") or "")]
    for e in payload.get("embeds") or []:
        parts += [str(e.get("title", "")), str(e.get("description", ""))]
        for f in e.get("fields") or []:
            parts += [str(f.get("name", "")), str(f.get("value", ""))]

    def texts(components: list[dict[str, Any]]) -> None:  # components v2 text displays
        for c in components:
            if c.get("type") == 10:
                parts.append(str(c.get("content") or ""))
            texts(list(c.get("components") or []))

    texts(list(payload.get("components") or []))
    return "\n".join(parts)


def _has_discard(text: str) -> bool:
    return bool(re.search(r"discard|сбрас|скид|kapalı\s*at", text, re.IGNORECASE))


def _has_molodka(text: str) -> bool:
    return bool(re.search(r"molodka|молодк", text, re.IGNORECASE))


async def capture(lang: str) -> list[Scene]:
    with tempfile.TemporaryDirectory(prefix="kozel-gallery-") as tmp:
        return await Gallery(lang, Path(tmp)).run()


def capture_all(langs: tuple[str, ...] = LANGS) -> list[Scene]:
    out: list[Scene] = []
    for lang in langs:
        out += asyncio.run(capture(lang))
    return out
