"""The pictures, pixel-exact: golden images of the public table, the private board and the
card emojis; and the emoji faces are stable, with clubs green as the text writes them.

Regenerate the golden images after a deliberate change of the drawing with
``KOZEL_REGEN_GOLDEN=1 .venv/bin/pytest tests/ui/test_pictures_golden.py`` and look at them.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import pytest
from PIL import Image

from kozel_discord.engine import Action, ActionKind, Series, card, cards, observe
from kozel_discord.ui import pictures
from kozel_discord.ui.pictures.cards import face
from kozel_discord.ui.pictures.draw import png
from tests.engine.helpers import series_with
from tests.ui.picture_helpers import LABELS, RU, _advance, _four_clubs, _mid_trick, _pixels

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("KOZEL_REGEN_GOLDEN") == "1"


def _check_golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
    assert path.exists(), f"no golden image {path.name}: run with KOZEL_REGEN_GOLDEN=1"
    want, got = _pixels(path.read_bytes()), _pixels(png)
    assert got.size == want.size and got.mode == want.mode
    assert got.convert("RGBA").tobytes() == want.convert("RGBA").tobytes(), (
        f"{name}: the picture changed (regenerate deliberately with KOZEL_REGEN_GOLDEN=1)"
    )


def test_golden_table_mid_trick_with_a_discard() -> None:
    s = _mid_trick()
    assert any(not p.face_up for p in s.game.plays)
    _check_golden("table-mid-trick", pictures.draw_table(observe(s, None), LABELS))


def test_golden_table_finished_trick_in_russian() -> None:
    s = Series(3)
    _advance(s, 12)
    obs = observe(s, None)
    assert not obs.trick
    last = pictures.last_trick(obs)
    assert last is not None
    _check_golden("table-trick-taken-ru", pictures.draw_table(obs, RU, last))


def test_golden_table_molodka_eggs_and_score() -> None:
    s = series_with(_four_clubs(), defeat_points=(4, 10), eggs=2)
    s.apply(1, Action.lead(card("7h")))
    s.apply(0, Action.molodka(*cards("6c 8c Ac 10c")))
    s.apply(1, Action.discard(*cards("7h 8h 9d Jd")))
    obs = observe(s, None)
    assert obs.turn == 2 and [p.kind for p in obs.trick] == [ActionKind.MOLODKA, ActionKind.DISCARD]
    _check_golden("table-molodka", pictures.draw_table(obs, LABELS))


def test_golden_private_boards() -> None:
    s = _mid_trick()
    for seat in range(4):
        if s.game.plays[-1].seat == seat:
            break
    _check_golden("hand-after-own-discard", pictures.draw_hand(observe(s, seat), LABELS))
    turn = s.turn
    assert turn is not None
    _check_golden("hand-answering-ru", pictures.draw_hand(observe(s, turn), RU))


def test_golden_emojis() -> None:
    _check_golden("emoji-10h", pictures.draw_card(card("10h")))
    _check_golden("emoji-qs", pictures.draw_card(card("Qs")))
    _check_golden("emoji-back", pictures.draw_card(None))


# ---------------------------------------------------------------- emojis
def test_card_emojis_are_37_stable_valid_images() -> None:
    emojis = pictures.card_emojis()
    assert len(emojis) == 37 and emojis[-1].name == "kz_back"
    assert len({e.name for e in emojis}) == 37 and len({e.sha256 for e in emojis}) == 37
    for e in emojis:
        assert re.fullmatch(r"[A-Za-z0-9_]{2,32}", e.name)
        assert e.sha256 == hashlib.sha256(e.png).hexdigest()
        assert len(e.png) < 256 * 1024  # Discord's limit for an emoji image
        img = _pixels(e.png)
        assert img.size == (128, 128) and img.mode == "RGBA"
    assert pictures.card_emojis() == emojis


def _ink(png: bytes) -> tuple[int, int, int]:
    """The mean colour of a card emoji's marks (its pixels that are neither the white face
    nor transparent nor the thin grey edge)."""
    raw = _pixels(png).convert("RGBA").tobytes()
    quads = (tuple(raw[i : i + 4]) for i in range(0, len(raw), 4))
    px = [p for p in quads if p[3] > 200 and min(p[:3]) < 120]
    return tuple(sum(p[i] for p in px) // len(px) for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("rank", ["7", "Q", "10"])
def test_club_and_spade_emojis_differ_in_colour(rank: str) -> None:
    """At emoji size a black club's pip and a black spade's are a few pixels of one shape:
    a reviewer read "7♣ K♥ 7♠" as two equal sevens. Clubs are green on the emojis (like the
    text's ☘), spades black, hearts and diamonds red."""
    club = _ink(pictures.draw_card(card(rank + "c")))
    spade = _ink(pictures.draw_card(card(rank + "s")))
    heart = _ink(pictures.draw_card(card(rank + "h")))
    assert club[1] > club[0] + 60 and club[1] > club[2] + 40  # green
    assert max(spade) < 60  # black
    assert heart[0] > heart[1] + 100  # red


@pytest.mark.parametrize("size", [(74, 104), (176, 246)])
def test_the_table_pictures_draw_clubs_green_as_the_text_and_emojis_do(
    size: tuple[int, int],
) -> None:
    """The text writes 7☘ (green) and the emojis draw it green: the table's cards agree,
    through the pictures' fixed palette."""

    def ink(c: str) -> tuple[int, int, int]:
        sheet = Image.new("RGBA", size, (255, 255, 255, 255))
        sheet.alpha_composite(face(card(c), *size))
        return _ink(png(sheet))

    club, spade = ink("7c"), ink("7s")
    assert club[1] > club[0] + 60 and club[1] > club[2] + 40  # green
    assert max(spade) < 60  # black
