"""Card parsing and formatting (both ways)."""

from __future__ import annotations

import pytest

from kozel_discord.engine import CARDS, CardParseError, Rank, Suit, card, cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10h", Rank.TEN, Suit.HEARTS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        ("ad", Rank.ACE, Suit.DIAMONDS),
        (" Td ", Rank.TEN, Suit.DIAMONDS),
        ("j♠", Rank.JACK, Suit.SPADES),
        ("K♤", Rank.KING, Suit.SPADES),
        ("7☘", Rank.SEVEN, Suit.CLUBS),  # the bot's text marks, copied back from a message
    ],
)
def test_parse_card(text: str, rank: Rank, suit: Suit) -> None:
    c = card(text)
    assert (c.rank, c.suit) == (rank, suit)


def test_format_round_trips_for_every_card() -> None:
    for c in CARDS:
        assert card(c.code) is c
        assert card(c.label) is c
        assert card(c.code.upper()) is c


def test_labels() -> None:
    assert card("10h").label == "10♥" and card("10h").code == "10h"
    assert str(card("Qs")) == "Q♠"


@pytest.mark.parametrize("bad", ["", "1h", "5s", "10", "h", "10x", "QQ", "10hh", "11h", "A♥♥"])
def test_bad_card_string_gives_a_clear_error(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        card(bad)
    assert "is not a card" in str(info.value)
    assert "for example" in str(info.value)


def test_parse_several_cards() -> None:
    assert [c.code for c in cards("10h, Qs 7c")] == ["10h", "Qs", "7c"]
    assert cards(["Ah", "6d"]) == (card("Ah"), card("6d"))
