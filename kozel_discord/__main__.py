"""``python -m kozel_discord``: the ``kozel-discord`` command line (:mod:`kozel_discord.cli`)."""

from __future__ import annotations

import sys

from .cli import build_parser, main

__all__ = ["build_parser", "main"]

if __name__ == "__main__":
    sys.exit(main())
