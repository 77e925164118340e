"""The pictures' alternative text: what a screen reader says of the table and of a private
board. It names exactly the cards its picture shows face up (never a discard's), in the
standard suit characters, within Discord's 1,024 characters, in every language."""

from __future__ import annotations

import random
import re

import pytest

from kozel_discord.engine import Observation, Series, observe
from kozel_discord.i18n import NBSP, t
from kozel_discord.service import Seat
from kozel_discord.ui import alt_text

CARD = re.compile(r"(?:10|[6-9JQKA])[♠♥♦♣]")
LOCALES = ("en-US", "ru", "uk", "tr")


def _shown(obs: Observation) -> list[str]:
    """The face-up cards of the trick the picture shows (the open one, or the last taken
    while no card of the next is down)."""
    plays = obs.trick or (obs.taken[-1].plays if obs.taken else ())
    return [alt_text.card(c) for p in plays if p.face_up for c in p.cards]


def _states(seed: int, moves: int) -> list[tuple[Observation, Observation]]:
    """The public view and the view of the seat to play, after each of ``moves`` random
    moves."""
    rng = random.Random(seed)
    s, states = Series(seed), []
    for _ in range(moves):
        seat = s.turn
        if seat is None:
            break
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        states.append((observe(s, None), observe(s, s.turn if s.turn is not None else 0)))
    return states


SEATS = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]


@pytest.mark.parametrize("seed", [3, 8])
def test_the_table_names_the_face_up_cards_and_never_a_discards(seed: int) -> None:
    discards_seen = 0
    for obs, _ in _states(seed, 80):
        text = alt_text.table(SEATS, obs, "en-US")
        trump = alt_text.card(obs.trump_card)
        assert sorted(CARD.findall(text)) == sorted([trump, *_shown(obs)]), text
        plays = obs.trick or (obs.taken[-1].plays if obs.taken else ())
        for p in plays:
            if not p.face_up:
                discards_seen += 1
                assert t("alt.discard", "en-US", who=f"p{p.seat}", n=p.count) in text
        assert "☘" not in text and "♤" not in text and "<@" not in text
    assert discards_seen > 0  # the deals chosen do show discards


@pytest.mark.parametrize("seed", [3, 8])
def test_a_board_names_its_own_hand_and_what_the_table_shows(seed: int) -> None:
    for _, obs in _states(seed, 40):
        text = alt_text.hand(SEATS, obs, "ru")
        mine = [alt_text.card(c) for c in obs.hand]
        assert sorted(CARD.findall(text)) == sorted(
            [*mine, alt_text.card(obs.trump_card), *_shown(obs)]
        ), text
        assert text.replace(NBSP, " ").startswith("Изображение ваших карт: ")


@pytest.mark.parametrize("locale", LOCALES)
def test_long_names_stay_within_discords_limit(locale: str) -> None:
    long = [Seat(user_id=10 + i, name="Ж" * 32 + str(i)) for i in range(4)]
    for public, own in _states(5, 60):
        for obs in (public, own):
            for text in (alt_text.table(long, obs, locale), alt_text.hand(long, obs, locale)):
                assert 1 <= len(text) <= alt_text.MAX_ALT


@pytest.mark.parametrize(
    ("locale", "n", "word"),
    [
        ("en-US", 1, "1 card face"),
        ("en-US", 3, "3 cards face"),
        ("ru", 1, "1 карта"),
        ("ru", 2, "2 карты"),
        ("ru", 4, "4 карты"),
        ("uk", 3, "3 карти"),
        ("tr", 2, "2 kart kapalı"),
    ],
)
def test_a_discard_counts_its_cards_in_the_languages_plural(locale: str, n: int, word: str) -> None:
    assert word in t("alt.discard", locale, who="p1", n=n).replace(NBSP, " ")


def test_a_board_never_names_its_own_face_down_discard() -> None:
    # (its owner knows it, but the picture shows it face down, and so does the alt text)
    own_discards = 0
    for seed in (3, 8, 12):
        rng = random.Random(seed)
        s = Series(seed)
        for _ in range(60):
            seat = s.turn
            if seat is None:
                break
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            for viewer in range(4):
                obs = observe(s, viewer)
                plays = obs.trick or (obs.taken[-1].plays if obs.taken else ())
                mine = [c for p in plays if p.seat == viewer and not p.face_up for c in p.cards]
                if not mine:
                    continue
                own_discards += 1
                text = alt_text.hand(SEATS, obs, "en-US")
                expected = [alt_text.card(c) for c in obs.hand]
                expected += [alt_text.card(obs.trump_card), *_shown(obs)]
                assert sorted(CARD.findall(text)) == sorted(expected), text
    assert own_discards > 10
