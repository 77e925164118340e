"""The ``kozel-discord`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import random_chooser, simulate

    players = [random_chooser] * 4
    report = simulate(args.series, args.seed, players)
    print("\n".join(report.lines()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kozel-discord", description="Kozel on 4 cards for Discord servers."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play series between computer players")
    sim.add_argument("--series", type=int, default=10, help="number of series (default 10)")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.set_defaults(func=_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
