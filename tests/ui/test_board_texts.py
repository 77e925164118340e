"""The private board's texts: advice only of moves that exist, team context, who wins the
trick, and a Refresh button that does not look like "My hand"."""

from __future__ import annotations

import pytest

from kozel_discord.engine import ActionKind, Series, observe
from kozel_discord.service import Seat
from kozel_discord.ui import board, moves, table_message
from tests.ui.board_helpers import POSITIONS, _components, _table, _texts

pytestmark = pytest.mark.usefixtures("_no_emojis")


def test_the_status_line_advises_only_moves_that_exist() -> None:
    for series, obs in POSITIONS:
        table = _table(series)
        line = board.first_line(table, obs, "en-US")
        kinds = {a.kind for a in obs.legal_actions}
        leading = obs.my_turn and obs.lead_seat is None
        assert ("Your lead" in line) == leading
        assert ("beat\u00a0" in line) == (obs.my_turn and ActionKind.BEAT in kinds), line
        no_beat = obs.my_turn and not leading and ActionKind.BEAT not in kinds
        # one card: nothing beats it; several: some may be beaten, not all of them (7♣ beats
        # the 6♣ of "6♣ Q♣ K♣": "nothing of yours beats" them was untrue)
        assert ("nothing of yours beats" in line) == (no_beat and obs.k == 1), line
        assert ("you cannot beat all of" in line) == (no_beat and obs.k > 1), line
        assert ("discard" in line) == (obs.my_turn and not leading)
        assert ("molodka" in line) == (
            ActionKind.MOLODKA in kinds or any(moves.is_molodka(a) for a in obs.legal_actions)
        ), line
        if not obs.my_turn and obs.turn is not None:
            role = "your partner" if obs.turn == (obs.seat or 0) ^ 2 else "opponent"
            assert f"Waiting for {role} " in line


def test_the_board_names_partner_and_opponents_and_keeps_to_the_limits() -> None:
    series, obs = POSITIONS[5]
    view = board.board_view(_table(series), obs, 3, "en-US")
    first, _rest = _texts(view)[0], _texts(view)[1]
    assert first == board.first_line(_table(series), obs, "en-US")
    me = obs.seat
    assert me is not None
    partner, foes = (me + 2) % 4, sorted([(me + 1) % 4, (me + 3) % 4])
    assert (
        f"Partner: <@{10 + partner}>\u00a0· opponents: <@{10 + foes[0]}>, <@{10 + foes[1]}>"
        in (_texts(view)[1])
    )
    assert view.total_children_count <= 40
    # computers are named without their level here (the table shows it): "Partner: @Boris ·
    # opponents: 🤖 Computer 2 (normal), 🤖 Computer 4 (normal)" took three lines on a phone
    bots = _table(series)
    for seat in foes:
        bots.seats[seat] = Seat(user_id=None, name=f"Computer {seat + 1}", level="heuristic")
    team_line = _texts(board.board_view(bots, obs, 3, "en-US"))[1]
    c = "🤖\u00a0Computer\u00a0"
    assert f"opponents: {c}{foes[0] + 1}, {c}{foes[1] + 1}" in team_line
    assert "(normal)" not in team_line
    # nor in the open trick's lines and the waiting line ("🤖 Computer 4 (normal) discards:
    # 🂠" wrapped on a phone): every computer, in every board of some random play
    seen = 0
    for s, o in POSITIONS:
        computers = _table(s)
        computers.seats = [
            Seat(user_id=None, name=f"Computer {i + 1}", level="heuristic") for i in range(4)
        ]
        text = "\n".join(_texts(board.board_view(computers, o, 3, "en-US")))
        assert "(normal)" not in text
        seen += len(o.trick) > 1 and "🤖\u00a0Computer" in text
    assert seen > 10
    gallery = [c for c in _components(view) if c.get("type") == 12]
    assert gallery[0]["items"][0]["media"]["url"] == "attachment://hand.png"
    for c in _components(view):
        assert len(str(c.get("custom_id", ""))) <= 100


def test_who_wins_the_trick_is_said_once_the_lead_has_an_answer() -> None:
    # A lone lead wins so far: its line says who led what, and "Winning: …" with the same
    # cards again was one more line on a phone. From the second play on, it is said.
    for series, obs in POSITIONS:
        if obs.seat is None or not obs.trick:
            continue
        text = "\n".join(_texts(board.board_view(_table(series), obs, 1, "en-US")))
        assert ("Winning:" in text) == (len(obs.trick) > 1), text


def test_refresh_does_not_look_like_my_hand() -> None:
    # Both carried 🃏: "Refresh" on the board read as a second "My hand".
    series = Series(3)
    table = _table(series)
    buttons = _components(board.board_view(table, observe(series, 0), 1, "en-US"))
    refresh = [c for c in buttons if c.get("type") == 2 and c.get("label") == "Refresh"]
    assert len(refresh) == 1 and refresh[0]["emoji"]["name"] == "🔄"
    shown = _components(table_message.layout(table, observe(series, None), "en-US"))
    my_hand = [c for c in shown if c.get("type") == 2 and c.get("label") == "My hand"]
    assert len(my_hand) == 1 and my_hand[0]["emoji"]["name"] == "🃏"


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_an_away_players_board_says_so_first_and_how_to_come_back(locale: str) -> None:
    # Marked away, a player's board still said "Your turn" with a menu while the computer
    # played each turn a second later: nothing told them why every pick was "out of date".
    from kozel_discord.i18n import t

    series, obs = next((s, o) for s, o in POSITIONS if o.my_turn)
    table = _table(series)
    assert obs.seat is not None
    here = board.first_line(table, obs, locale)
    assert t("board.away", locale) not in here
    table.seat(obs.seat).away = True
    away = board.first_line(table, obs, locale)
    assert away == f"{t('board.away', locale)}\n{here}"
    assert t("button.refresh", locale) in t("board.away", locale)


def test_a_timed_turn_shows_its_clock_on_the_board_too() -> None:
    # Only the public table said "Time runs out in 52 s": on a board a newcomer had no idea
    # how long they had before the computer played for them.
    import datetime as dt

    series, obs = next((s, o) for s, o in POSITIONS if o.my_turn)
    table = _table(series)
    assert "Time runs out" not in board.first_line(table, obs, "en-US")  # no timer
    table.deadline = dt.datetime(2026, 12, 7, 21, 0, tzinfo=dt.UTC)
    line = board.first_line(table, obs, "en-US")
    assert line.endswith(f"⏱️ Time runs out <t:{int(table.deadline.timestamp())}:R>.")
    waiting = next(o for s, o in POSITIONS if not o.my_turn and o.turn is not None)
    assert "Time runs out" not in board.first_line(table, waiting, "en-US")  # not theirs
