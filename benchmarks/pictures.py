"""Cost of the pictures: draw time (p50/p95) of the table and private-board images over
random positions, and their PNG sizes, for the shipped encoding (one fixed 256-colour
palette, zlib level ``PNG_LEVEL``) beside the same at zlib level 6 (the level before), and,
for comparison, a palette per image (octree, the encoding before) and plain
RGB PNG with ``optimize``. Timed as CPU time of this process (steadier than wall time
on a shared machine).

Run: .venv/bin/python benchmarks/pictures.py [--positions 300] [--seed 1]
The cache of whole pictures is bypassed: every figure is a fresh draw (sprites of cards and
the fonts' rendered texts stay cached, as in the bot's draw processes after their first
pictures; the texts' memo is also compared on and off).
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from PIL import Image

from kozel_discord.engine import Observation, Series, observe
from kozel_discord.ui.pictures import Labels, fonts, last_trick, warm_up
from kozel_discord.ui.pictures.draw import PNG_LEVEL, paletted, png
from kozel_discord.ui.pictures.hand import hand_state, render_hand
from kozel_discord.ui.pictures.table import render_table, table_state

LABELS = Labels(("Alice", "Борис Длинноимённый", "Carol", "Дмитрий"))


def positions(n: int, seed: int) -> list[tuple[Observation, Observation]]:
    """(public view, view of the seat to move) at ``n`` random moments of random series."""
    rng = random.Random(seed)
    out: list[tuple[Observation, Observation]] = []
    series = Series(seed)
    while len(out) < n:
        if series.over:
            series = Series(rng.randrange(1 << 30))
        seat = series.turn
        assert seat is not None
        if rng.random() < 0.5:
            out.append((observe(series, None), observe(series, seat)))
        series.apply(seat, rng.choice(series.legal_actions(seat)))
    return out


def octree_png(img: Image.Image) -> bytes:
    """The encoding before the fixed palette: a palette per image (octree)."""
    buf = io.BytesIO()
    img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buf, "PNG", compress_level=6
    )
    return buf.getvalue()


def rgb_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def measure(
    name: str, images: list[Callable[[], Image.Image]], encode: Callable[[Image.Image], bytes]
) -> None:
    times: list[float] = []
    sizes: list[int] = []
    for make in images:
        start = time.process_time()
        data = encode(make().convert("RGB"))
        times.append((time.process_time() - start) * 1000)
        sizes.append(len(data))
    times.sort()
    p50 = statistics.median(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(
        f"{name:<26} draw p50 {p50:6.1f} ms  p95 {p95:6.1f} ms   PNG bytes min {min(sizes):>6}"
        f"  median {int(statistics.median(sizes)):>6}  max {max(sizes):>6}"
    )


def compare_levels(name: str, images: list[Callable[[], Image.Image]], before: int) -> None:
    """The PNG encoding alone at the shipped zlib level and at ``before``, side by side: the
    same picture encoded both ways, in alternating order, CPU time."""
    times: dict[int, list[float]] = {PNG_LEVEL: [], before: []}
    sizes: dict[int, list[int]] = {PNG_LEVEL: [], before: []}
    for n, make in enumerate(images):
        img = paletted(make())
        order = (PNG_LEVEL, before) if n % 2 == 0 else (before, PNG_LEVEL)
        for level in order:
            buf = io.BytesIO()
            start = time.process_time()
            img.save(buf, "PNG", compress_level=level)
            times[level].append((time.process_time() - start) * 1000)
            sizes[level].append(len(buf.getvalue()))
    for level in (PNG_LEVEL, before):
        print(
            f"{name} PNG encoding, zlib {level}: p50 {statistics.median(times[level]):5.2f} ms"
            f"  PNG bytes median {int(statistics.median(sizes[level])):>6}"
        )
    ratio = sum(times[before]) / sum(times[PNG_LEVEL])
    growth = sum(sizes[PNG_LEVEL]) / sum(sizes[before])
    print(f"{name} zlib {before} / zlib {PNG_LEVEL}: CPU x{ratio:.2f}, bytes x{1 / growth:.2f}")


def compare_text_memo(name: str, images: list[Callable[[], Image.Image]]) -> None:
    """Whole pictures (drawing and PNG) with the fonts' memo of rendered texts and without,
    side by side: the same picture both ways, in alternating order, CPU time."""
    times: dict[bool, list[float]] = {True: [], False: []}
    for n, make in enumerate(images):
        for memo in (True, False) if n % 2 == 0 else (False, True):
            fonts.MEMO = memo
            start = time.process_time()
            png(make())
            times[memo].append((time.process_time() - start) * 1000)
    fonts.MEMO = True
    on, off = statistics.median(times[True]), statistics.median(times[False])
    ratio = sum(times[False]) / sum(times[True])
    print(
        f"{name} text memo: p50 {on:5.2f} ms, without {off:5.2f} ms:"
        f" without / with CPU x{ratio:.2f}"
    )


def _table_image(obs: Observation) -> Image.Image:
    return render_table(table_state(obs, LABELS, last_trick(obs)))


def _hand_image(obs: Observation) -> Image.Image:
    return render_hand(hand_state(obs, LABELS, last_trick(obs)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, {args.positions} positions")
    pos = positions(args.positions, args.seed)
    warm_up()  # the palette and the sprite caches, once, as a worker process does
    tables: list[Callable[[], Image.Image]] = [partial(_table_image, o) for o, _ in pos]
    hands: list[Callable[[], Image.Image]] = [partial(_hand_image, m) for _, m in pos]
    measure("table (fixed palette)", tables, png)
    measure("hand  (fixed palette)", hands, png)
    compare_text_memo("table", tables)
    compare_text_memo("hand ", hands)
    compare_levels("table", tables, 6)
    compare_levels("hand ", hands, 6)
    n = max(1, len(pos) // 5)
    measure("table (octree palette)", tables, octree_png)
    measure("hand  (octree palette)", hands, octree_png)
    measure("table (RGB, optimize)", tables[:n], rgb_png)
    measure("hand  (RGB, optimize)", hands[:n], rgb_png)


if __name__ == "__main__":
    main()
