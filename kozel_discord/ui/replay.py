"""Replays of finished games (``/league game``): trick by trick with ◀ ▶, and Export.

A replay message is a components v2 layout like the public table: the trick's text first
(who led, every play, who took it, the face-up card points), then the table picture of
that moment, drawn from the step's **public** observation by the same code as the live
table (discards face down), then the running totals and, at the last trick, the result.
The controls are ``DynamicItem``s whose custom ids carry the game, the step and the
opener (``kozel:rp:<game>:<step>:<owner>:<slot>``), so they work after a restart. The
opener's clicks move their message; anybody else gets their own copy (ephemeral), and
the message stays as it was. Export (``kozel:rpx:<game>``) answers the clicker with the
stored record as a JSON file, exactly as stored (what ``kozel-discord verify`` reads).
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import re
from typing import Any

import discord
from babel.dates import format_date

from ..engine import Observation, team_of
from ..engine.replay import ReplayStep
from ..i18n import lang_of, locale_of, t
from ..service import ErrorKey, Seat, ServiceError
from ..service.league import GameListing, GameReplayView
from . import alt_text, drawing, render
from .answering import answer_budget
from .errors import Guarded
from .interaction import selected_value
from .pictures import Labels, last_trick
from .ports import host_of
from .results import progress_lines, reason_line
from .table_message import TEAM_COLOURS, seat_labels
from .tricks import any_discard, team_counts, team_who

NO_MENTIONS = discord.AllowedMentions.none()

REPLAY_PNG = "replay.png"
GAME_ID = r"(?P<game>[0-9]{1,19})"
SLOTS = ("first", "prev", "next", "last")


def export_filename(game_id: int) -> str:
    return f"kozel-game-{game_id}.json"


def export_bytes(view: GameReplayView) -> bytes:
    """The stored record as is, as JSON (the file Export sends)."""
    return (json.dumps(view.record, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


# ---------------------------------------------------------------- the text
def _name(view: GameReplayView, seat: int, locale: str) -> str:
    return render.who(view.seats[seat], locale, mention=False, level=False)


def step_text(view: GameReplayView, step: ReplayStep, locale: str) -> str:
    """The first lines: the game, the trick and its plays, who took it."""
    game = view.game
    when = f"<t:{int(game.finished_at.timestamp())}:D>"
    lines = [
        t("replay.title", locale, id=str(view.game_id), n=game.number, when=when),
        # (no "lead: …": the first play line below says who led)
        t("replay.trick", locale, n=step.number, total=len(view.steps)),
    ]
    lines += [f"• {render.play_line(view.seats, p, locale)}" for p in step.trick.plays]
    play = step.trick.taking_play
    cards = render.cards_text(play.cards, locale) if play is not None else render.face_down(1)
    lines.append(
        t(
            "replay.took",
            locale,
            who=team_who(team_of(step.taker), _name(view, step.taker, locale)),
            cards=cards,
            points=step.trick_face_up_points,
        )
    )
    return "\n".join(lines)


def totals_text(view: GameReplayView, step: ReplayStep, locale: str) -> str:
    """Below the picture: tricks and face-up points so far; the result at the last step."""
    obs = step.observation
    a, b = team_counts(step.face_up_points)
    ta, tb = team_counts(obs.tricks)
    lines = [
        t("replay.tricks_so_far", locale, a=ta, b=tb),
        t("table.points_so_far", locale, a=a, b=b),
    ]
    if step.number == len(view.steps):
        result = view.replay.result
        ca, cb = team_counts(result.card_points)
        lines += [
            f"### {t('replay.result_title', locale, n=view.game.number)}",
            t("replay.card_points", locale, a=ca, b=cb),
            reason_line(result, locale),
            progress_lines(view.defeat_points_after, view.game.target, locale),
        ]
    elif any_discard(s.trick for s in view.steps[: step.number]):
        lines.append(t("table.discards_hidden", locale))
    return "\n".join(lines)


# ---------------------------------------------------------------- the message
def replay_layout(view: GameReplayView, n: int, owner: int, locale: str) -> discord.ui.LayoutView:
    step = view.step(n)
    layout = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=TEAM_COLOURS[team_of(step.taker)]
    )
    box.add_item(discord.ui.TextDisplay(step_text(view, step, locale)))
    alt = alt_text.table(view.seats, shown_observation(view, n), locale)
    picture = discord.MediaGalleryItem(f"attachment://{REPLAY_PNG}", description=alt)
    box.add_item(discord.ui.MediaGallery(picture))
    box.add_item(discord.ui.TextDisplay(totals_text(view, step, locale)))
    total = len(view.steps)
    row: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
    for slot, target, label, off in (  # four buttons: one row on a phone
        ("first", 1, "⏮", step.number == 1),
        ("prev", step.number - 1, "◀", step.number == 1),
        ("next", step.number + 1, "▶", step.number == total),
        ("last", total, "⏭", step.number == total),
    ):
        target = max(1, min(target, total))
        row.add_item(ReplayButton(view.game_id, target, owner, slot, label, disabled=off))
    box.add_item(row)
    export: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
    export.add_item(ExportButton(view.game_id, t("replay.export", locale)))
    box.add_item(export)
    layout.add_item(box)
    return layout


def replay_labels(seats: tuple[Seat | None, ...], locale: str) -> Labels:
    """A replay step's picture words: its trick is the one stepped to ("Trick 3 of 8"
    above it), not a "Last trick" as on a live table."""
    names = tuple(render.plain_name(s, locale) if s is not None else "—" for s in seats)
    labels = seat_labels((names[0], names[1], names[2], names[3]), locale)
    return dataclasses.replace(labels, last_trick="")


def shown_observation(view: GameReplayView, n: int) -> Observation:
    """What the picture of step ``n`` shows: its public observation, without the "Turn"
    mark of whoever leads next (a replay shows what happened, nobody is to move); at the
    last step with the series' defeat points and eggs after the game, as the result below
    it says and as the live table's final position showed them."""
    obs = view.step(n).observation
    assert obs.seat is None  # the public view only
    if n < len(view.steps):
        return dataclasses.replace(obs, turn=None)
    return dataclasses.replace(
        obs, turn=None, defeat_points=view.defeat_points_after, eggs=view.eggs_after
    )


async def replay_picture(view: GameReplayView, n: int, locale: str) -> discord.File:
    """The table picture of step ``n`` (:func:`shown_observation`), drawn off the event
    loop."""
    shown = shown_observation(view, n)
    png = await drawing.drawer().table(shown, replay_labels(view.seats, locale), last_trick(shown))
    return discord.File(io.BytesIO(png), filename=REPLAY_PNG)


async def show_replay(
    interaction: discord.Interaction[Any],
    view: GameReplayView,
    n: int,
    *,
    owner: int,
    edit: bool,
    public: bool = False,
) -> None:
    """Answer with step ``n`` of the replay: the clicked message edited in place (``edit``)
    or a new message (ephemeral unless ``public``). Deferred if the picture is late."""
    locale = locale_of(interaction, public=public)
    layout = replay_layout(view, n, owner, locale)
    drawn = asyncio.ensure_future(replay_picture(view, n, locale))
    done, _ = await asyncio.wait({drawn}, timeout=answer_budget(interaction))
    if not done:
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=not public, thinking=True)
        await interaction.edit_original_response(
            view=layout, attachments=[await drawn], allowed_mentions=NO_MENTIONS
        )
    elif edit:
        await interaction.response.edit_message(
            view=layout, attachments=[drawn.result()], allowed_mentions=NO_MENTIONS
        )
    else:
        # A public replay's mentions name the players; posting it notifies nobody.
        await interaction.response.send_message(
            view=layout, file=drawn.result(), ephemeral=not public, allowed_mentions=NO_MENTIONS
        )


async def open_replay(
    interaction: discord.Interaction[Any], game_id: int, *, public: bool = False
) -> None:
    """``/league game`` and the history's or profile's menu: step 1 of game ``game_id``."""
    if interaction.guild_id is None:
        raise ServiceError(ErrorKey.GUILD_ONLY)
    view = await host_of(interaction).league.game_replay(interaction.guild_id, game_id)
    await show_replay(interaction, view, 1, owner=interaction.user.id, edit=False, public=public)


class ReplayButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:rp:{GAME_ID}:(?P<step>[0-9]{{1,3}}):(?P<owner>[0-9]{{1,20}}):"
    rf"(?P<slot>{'|'.join(SLOTS)})",
):
    """⏮ ◀ ▶ ⏭ of a replay: show step ``step`` (the opener's message moves; anybody
    else gets their own copy at that step)."""

    def __init__(
        self,
        game_id: int,
        step: int,
        owner: int,
        slot: str = "next",
        label: str = "▶",
        *,
        disabled: bool = False,
    ) -> None:
        step = max(1, min(step, 999))
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:rp:{game_id}:{step}:{owner}:{slot}",
                disabled=disabled,
            )
        )
        self.game_id, self.step, self.owner = game_id, step, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["step"]), int(match["owner"]), match["slot"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise ServiceError(ErrorKey.GUILD_ONLY)
        view = await host_of(interaction).league.game_replay(interaction.guild_id, self.game_id)
        message = interaction.message
        public = message is not None and not message.flags.ephemeral
        if interaction.user.id != self.owner:  # not theirs: their own copy, nothing moves
            await show_replay(interaction, view, self.step, owner=interaction.user.id, edit=False)
            return
        await show_replay(interaction, view, self.step, owner=self.owner, edit=True, public=public)


class ExportButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:rpx:{GAME_ID}"
):
    """Export: the game's stored record as a JSON file, to the clicker only."""

    def __init__(self, game_id: int, label: str = "Export") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:rpx:{game_id}",
                emoji="📄",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ExportButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise ServiceError(ErrorKey.GUILD_ONLY)
        view = await host_of(interaction).league.game_replay(interaction.guild_id, self.game_id)
        locale = locale_of(interaction)
        file = discord.File(io.BytesIO(export_bytes(view)), filename=export_filename(view.game_id))
        await interaction.response.send_message(
            t("replay.exported", locale, id=str(view.game_id)), file=file, ephemeral=True
        )


# ---------------------------------------------------------------- picking a game
def _team_names(g: GameListing, team: int, locale: str) -> str:
    seats = [s for s in g.seats if s.team == team]
    if len(seats) == 2 and all(s.user_id is None for s in seats):
        return t("replay.option_computers", locale)  # short: an option shows ~45 characters
    names = [
        s.display_name
        if s.user_id is not None
        else f"🤖 {render.computer_name(s.display_name, locale)}"
        for s in seats
    ]
    if len(names) != 2:
        return ", ".join(names)
    return t("team.pair", locale, first=names[0], second=names[1])


def game_option(g: GameListing, locale: str) -> discord.SelectOption:
    """A finished game in the "Replay a game" menu: its number and date, and who took how
    many defeat points (a short line: a phone shows an option's first ~45 characters)."""
    if g.eggs or not any(g.defeat_points):
        result = t("replay.option_eggs", locale)
    else:
        loser = 0 if g.defeat_points[0] else 1
        result = t(
            "replay.option_lost",
            locale,
            dp=g.defeat_points[loser],
            team=_team_names(g, loser, locale),
        )
    return discord.SelectOption(
        label=t(
            "replay.option",
            locale,
            id=str(g.game_id),
            n=g.number,
            date=format_date(g.finished_at.date(), "medium", locale=lang_of(locale)),
        )[:100],
        description=result[:100],
        value=str(g.game_id),
    )


class ReplayPickSelect(
    Guarded, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"kozel:rpsel"
):
    """The history's and the profile's "Replay a game" menu (anyone may pick; the replay
    is the picker's own, ephemeral)."""

    def __init__(self, games: list[GameListing] | None = None, locale: str = "en-US") -> None:
        options = [game_option(g, locale) for g in (games or [])[:25]]
        super().__init__(
            discord.ui.Select(
                custom_id="kozel:rpsel",
                placeholder=t("replay.pick", locale),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayPickSelect:
        return cls()

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        value = selected_value(interaction)
        if not re.fullmatch(r"[0-9]{1,19}", value):
            raise ServiceError(ErrorKey.BAD_CONTROL)
        await open_replay(interaction, int(value))


def games_view(games: list[GameListing], locale: str) -> discord.ui.View | None:
    """The "Replay a game" menu under the history or a profile; None without games."""
    if not games:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayPickSelect(games, locale))
    return view


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ReplayButton,
    ExportButton,
    ReplayPickSelect,
)
