"""What the tests of the pictures (test_pictures_*.py) share: seat labels in two languages,
a few positions, and reading a PNG back."""

from __future__ import annotations

import io
import random

from PIL import Image

from kozel_discord.engine import Game, Series
from kozel_discord.ui import pictures
from tests.engine.helpers import position

LABELS = pictures.Labels(("Alice", "Борис Длинноимённый-Сидоров", "Carol 🐐", "Дмитрий"))
RU = pictures.Labels(
    ("Аня", "Борис", "Вика", "Гоша"),
    team_names=("Команда А", "Команда Б"),
    trump="Козырь",
    stock="Колода",
    turn="Ход",
    winning="Бьёт",
    took="Взял",
    last_trick="Прошлая взятка",
    tricks="Взятки",
    defeat_points="Штрафные очки",
    eggs="Яйца",
    game="Игра",
    dealer="Сдаёт",
    molodka="Молодка",
    your_hand="Ваши карты",
    your_turn="Ваш ход",
    goats="Козлы",
)


def _pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _advance(series: Series, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        seat = series.turn
        assert seat is not None
        series.apply(seat, rng.choice(series.legal_actions(seat)))


def _mid_trick() -> Series:
    s = Series(3)
    _advance(s, 10)
    assert s.game.plays, "a trick is open"
    return s


# Four hands of small positions: seat 0 holds four clubs.
HANDS = ["6c 8c Ac 10c", "7h 8h 9d Jd", "9s Js Qs Ks", "Qd Kd 7s 8s"]


def _four_clubs() -> Game:
    """Seat 0 holds four clubs: after seat 1's lead it lays them as a molodka out of turn."""
    return position(
        HANDS,
        trump="6h",
        leader=1,
        stock="6d 7d 8d 9h",
    )
