"""Colours of the pictures, chosen to read on Discord's dark (#313338) and light (#ffffff)
themes alike: an opaque dark-green felt, white card faces with a dark border, red hearts
and diamonds, black spades and green clubs (a black club and a black spade look alike at
a phone's size; the text's clubs mark is the green shamrock ☘), and an Okabe-Ito
blue/orange pair for the two teams (told apart with every common colour-vision
deficiency)."""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

FELT: Final[RGB] = (22, 77, 52)
FELT_DARK: Final[RGB] = (15, 56, 38)
FELT_LINE: Final[RGB] = (44, 110, 78)
PANEL: Final[RGB] = (24, 26, 31)
PANEL_TEXT: Final[RGB] = (242, 243, 245)
MUTED_TEXT: Final[RGB] = (181, 186, 193)

CARD_FACE: Final[RGB] = (255, 255, 255)
CARD_EDGE: Final[RGB] = (40, 42, 48)
RED: Final[RGB] = (206, 22, 36)
BLACK: Final[RGB] = (20, 20, 24)
CLUBS: Final[RGB] = (22, 128, 52)  # as a four-colour deck's clubs
BACK: Final[RGB] = (48, 64, 140)
BACK_LINE: Final[RGB] = (98, 118, 204)

TEAM: Final[tuple[RGB, RGB]] = ((86, 180, 233), (230, 159, 0))  # Okabe-Ito sky blue, orange
TURN: Final[RGB] = (255, 255, 255)
# The play that wins (or took) the trick: white, as the turn. It was gold, the trumps'
# colour, and a newcomer took a winning 6♣ in its gold frame for a trump.
WIN: Final[RGB] = (255, 255, 255)
TRUMP_GOLD: Final[RGB] = (242, 178, 0)  # trumps only: their frame, star and label
GOATS: Final[RGB] = (255, 208, 0)
EGG: Final[RGB] = (244, 236, 214)
