"""The replay message: every step's text and picture come from the public view (no
discard's face anywhere), the controls step through the game and survive restarts, the
last step shows the result, Export is the stored record as is."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from typing import Any

import discord
import pytest

from kozel_discord.engine import Action, ActionKind, Card, Observation, Series, team_of
from kozel_discord.engine.replay import replay_steps
from kozel_discord.i18n import t
from kozel_discord.service.replays import GameReplayView, _seats
from kozel_discord.store import GameListing, SeatSpec, StoredGame
from kozel_discord.ui import drawing, render
from kozel_discord.ui import replay as ui
from kozel_discord.ui.pictures import table as table_picture

from ..engine.helpers import play_randomly
from .board_helpers import _components, _walk

SEATS = (
    SeatSpec(0, 101, "Alice"),
    SeatSpec(1, None, "Bot 1", "heuristic"),
    SeatSpec(2, 102, "Bob"),
    SeatSpec(3, None, "Bot 3", "random"),
)
OWNER = 101


def _views(seed: int) -> list[GameReplayView]:
    s = Series(seed)
    play_randomly(s, random.Random(seed))
    views = []
    before = [0, 0]
    eggs = 0
    for n, r in enumerate(s.results, start=1):
        record = s.game_record(n)
        game = StoredGame(
            game_id=1000 + n,
            guild_id=1,
            series_key="key",
            number=n,
            seats=SEATS,
            card_points=r.card_points,
            defeat_points=r.defeat_points,
            eggs=r.eggs,
            finished_at=dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
            record=record,
            dealer=r.dealer,
            first_leader=r.first_leader,
            tricks=r.tricks,
            last_trick_taker=r.last_trick_taker,
            defeat_points_before=(before[0], before[1]),
            eggs_before=eggs,
            target=12,
        )
        replay = replay_steps(record, defeat_points=game.defeat_points_before, eggs=eggs)
        views.append(GameReplayView(game, replay, _seats(game)))
        before = [before[0] + r.defeat_points[0], before[1] + r.defeat_points[1]]
        eggs += int(r.eggs)
    return views


VIEWS = _views(4) + _views(17)


def _texts(view: discord.ui.LayoutView) -> str:
    return "\n".join(c["content"] for c in _components(view) if c.get("type") == 10)


def _buttons(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    return [c for c in _components(view) if c.get("type") == 2]


def _hidden(view: GameReplayView) -> set[Card]:
    discarded: set[Card] = set()
    face_up: set[Card] = set()
    for _seat, encoded in view.record["actions"]:
        action = Action.decode(encoded)
        (discarded if action.kind is ActionKind.DISCARD else face_up).update(action.cards)
    return discarded - face_up - {view.steps[0].observation.trump_card}


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_no_step_text_shows_a_hidden_discard(locale: str) -> None:
    checked = 0
    for view in VIEWS:
        hidden = _hidden(view)
        faces = {render.card_text(c, locale) for c in hidden}
        for n in range(1, len(view.steps) + 1):
            layout = ui.replay_layout(view, n, OWNER, locale)
            payload = json.dumps(layout.to_components(), ensure_ascii=False)  # type: ignore[no-untyped-call]
            assert not [f for f in faces if re.search(rf"(?<![0-9]){re.escape(f)}", payload)]
            checked += bool(hidden)
    assert checked > 20


def test_every_picture_is_drawn_from_the_public_view_with_discards_face_down() -> None:
    drawn: list[Observation] = []
    original = table_picture.table_state

    def spy(obs: Observation, *args: Any, **kw: Any) -> Any:
        drawn.append(obs)
        return original(obs, *args, **kw)

    async def draw_all() -> None:
        drawing.use(drawing.Drawer(0))
        for view in VIEWS[:3]:
            for n in range(1, len(view.steps) + 1):
                file = await ui.replay_picture(view, n, "en-US")
                assert file.filename == ui.REPLAY_PNG

    import asyncio

    mp = pytest.MonkeyPatch()
    mp.setattr(drawing, "table_state", spy)
    try:
        asyncio.run(draw_all())
    finally:
        mp.undo()
    assert len(drawn) == sum(len(v.steps) for v in VIEWS[:3])
    for obs in drawn:
        assert obs.seat is None and obs.hand == () and obs.my_discards == ()
        assert obs.turn is None  # nobody is to move in a replay
        for trick in obs.taken:
            for p in trick.plays:
                assert p.face_up or p.cards == ()
    # The last step shows the series' defeat points after the game, as the result under it
    # says (and the live table's final position showed); the steps before, those before.
    at = 0
    for view in VIEWS[:3]:
        steps = drawn[at : at + len(view.steps)]
        at += len(view.steps)
        assert steps[-1].defeat_points == view.defeat_points_after
        assert steps[-1].eggs == view.eggs_after
        for obs in steps[:-1]:
            assert obs.defeat_points == view.game.defeat_points_before
    assert any(v.defeat_points_after != v.game.defeat_points_before for v in VIEWS[:3])


def test_the_picture_state_shows_the_trick_just_taken_with_backs_for_discards() -> None:
    for view in VIEWS[:4]:
        for st in view.steps:
            state = table_picture.table_state(
                st.observation, ui.replay_labels(view.seats, "en-US"), ui.last_trick(st.observation)
            )
            assert state.finished and state.marked_seat == st.taker
            for shown, play in zip(state.plays, st.trick.plays, strict=True):
                if play.kind is ActionKind.DISCARD:
                    assert shown.cards == (None,) * play.count
                else:
                    assert shown.cards == play.cards


def test_the_controls_step_through_the_game_and_carry_game_step_and_owner() -> None:
    view = VIEWS[0]
    total = len(view.steps)
    first = _buttons(ui.replay_layout(view, 1, OWNER, "en-US"))
    ids = {b["custom_id"]: b for b in first}
    gid = view.game_id
    assert ids[f"kozel:rp:{gid}:1:{OWNER}:first"].get("disabled")
    assert ids[f"kozel:rp:{gid}:1:{OWNER}:prev"].get("disabled")
    assert ids[f"kozel:rp:{gid}:2:{OWNER}:next"].get("disabled") in (None, False)
    assert ids[f"kozel:rp:{gid}:{total}:{OWNER}:last"].get("disabled") in (None, False)
    assert [b["label"] for b in first if b["custom_id"].startswith("kozel:rp:")] == [
        "⏮", "◀", "▶", "⏭"
    ]  # fmt: skip
    assert f"kozel:rpx:{gid}" in ids
    last = {b["custom_id"]: b for b in _buttons(ui.replay_layout(view, total, OWNER, "en-US"))}
    assert last[f"kozel:rp:{gid}:{total - 1}:{OWNER}:prev"].get("disabled") in (None, False)
    assert last[f"kozel:rp:{gid}:{total}:{OWNER}:next"].get("disabled")
    for cid in [*ids, *last]:
        assert len(cid) <= 100
        assert any(
            item.__discord_ui_compiled_template__.fullmatch(cid) for item in ui.REPLAY_ITEMS
        ), cid
    # A step past the end (a forged control) shows the last one.
    assert _texts(ui.replay_layout(view, 999, OWNER, "en-US")) == _texts(
        ui.replay_layout(view, total, OWNER, "en-US")
    )


def test_each_step_says_who_led_every_play_who_took_it_and_the_running_points() -> None:
    view = next(
        v
        for v in VIEWS
        if any(p.kind is ActionKind.DISCARD for s in v.steps for p in s.trick.plays)
    )
    total = len(view.steps)
    for st in view.steps:
        text = _texts(ui.replay_layout(view, st.number, OWNER, "en-US"))
        assert f"**Trick {st.number} of {total}**" in text
        assert f"Replay of game #{view.game_id}" in text
        lines = [line for line in text.splitlines() if line.startswith("• ")]
        assert len(lines) == len(st.trick.plays)
        for line, p in zip(lines, st.trick.plays, strict=True):
            if p.kind is ActionKind.DISCARD:
                assert "discarded" in line and "🎴" in line
        taker = render.who(view.seats[st.taker], "en-US", mention=False, level=False)
        dot = ("🔵", "🟠")[team_of(st.taker)]  # the team's dot before the taker's name
        assert f"**\u2060{dot}\u00a0{taker} took it**" in text
        a, b = st.face_up_points
        assert f"face-up cards only: 🔵\u00a0{a}\u00a0·\u00a0🟠\u00a0{b}" in text
        if st.number < total:
            assert "the result" not in text
    final = _texts(ui.replay_layout(view, total, OWNER, "en-US"))
    ca, cb = view.replay.result.card_points
    assert f"Card points, discards included: 🔵\u00a0{ca}\u00a0·\u00a0🟠\u00a0{cb}" in final
    assert f"Game {view.game.number}: the result" in final
    da, db = view.defeat_points_after
    assert f"{da}/12" in final and f"{db}/12" in final


def test_export_is_the_stored_record_as_is() -> None:
    for view in VIEWS[:3]:
        data = ui.export_bytes(view)
        assert json.loads(data) == view.record
        assert ui.export_filename(view.game_id) == f"kozel-game-{view.game_id}.json"


def test_the_pick_menu_lists_games_with_their_ids() -> None:
    games = [
        GameListing(
            game_id=77 + i,
            guild_id=1,
            series_key="k",
            number=i + 1,
            seats=SEATS,
            card_points=(60, 60) if i == 0 else (80, 40),
            defeat_points=(0, 0) if i == 0 else (0, 2),
            eggs=i == 0,
            finished_at=dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
        )
        for i in range(30)
    ]
    view = ui.games_view(games, "en-US")
    assert view is not None
    (select,) = [c for c in _walk(view.to_components()) if c.get("type") == 3]  # type: ignore[no-untyped-call]
    assert select["custom_id"] == "kozel:rpsel"
    options = select["options"]
    assert len(options) == 25
    assert (
        # "#77 · game 1": two numbers, and only one of them is what /league game takes
        options[0]["label"] == "#77\u00a0· Dec 1, 2026\u00a0· game 1 of the series"
        and options[0]["value"] == "77"
    )
    assert options[0]["description"] == "eggs, 60 : 60\u00a0· no defeat points"
    assert options[1]["description"] == "2\u00a0defeat\u00a0points to 🤖 the computers"
    ru = ui.games_view(games[:2], "ru")
    assert ru is not None
    (ru_select,) = [c for c in _walk(ru.to_components()) if c.get("type") == 3]  # type: ignore[no-untyped-call]
    assert ru_select["options"][1]["description"] == "🤖 компьютеры: +2\u00a0штрафных\u00a0очка"
    label = ru_select["options"][0]["label"]
    assert label == "#77\u00a0· 1 дек. 2026\u202fг.\u00a0· 1-й кон партии"
    assert ui.games_view([], "en-US") is None
    assert t("replay.pick", "ru") != t("replay.pick", "en")


def test_a_replay_step_is_not_captioned_as_the_last_trick() -> None:
    # A live table heads a taken trick "Last trick"; a replay step's trick is the one the
    # reader stepped to ("Trick 1 of 8" above the picture), so its picture has no caption.
    labels = ui.replay_labels((None, None, None, None), "en-US")
    assert labels.last_trick == ""
    assert labels.took == t("picture.took", "en-US") and labels.took
