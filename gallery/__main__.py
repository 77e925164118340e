"""``python -m gallery [--out docs/gallery] [--lang en --lang ru]``: run the real bot against
the stand-in and draw its messages into PNG files."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from .render import render_messages
from .scenes import LANGS, capture_all
from .theme import px


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m gallery")
    ap.add_argument("--out", type=Path, default=Path("docs/gallery"))
    ap.add_argument("--lang", action="append", choices=list(LANGS))
    args = ap.parse_args()
    started = time.monotonic()
    args.out.mkdir(parents=True, exist_ok=True)
    scenes = capture_all(tuple(args.lang or LANGS))
    for scene in scenes:
        im = render_messages(scene.messages, scene.caption)
        if scene.crop_css is not None:
            im = im.crop((0, 0, im.width, min(im.height, px(scene.crop_css))))
        path = args.out / f"{scene.name}.png"
        im.save(path, optimize=True)
        print(f"{path}  {im.width}x{im.height}")
    print(f"{len(scenes)} pictures in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
