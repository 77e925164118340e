"""The ``kozel-discord`` command line."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import make_players, simulate

    try:
        players = make_players(args.players, args.seed)
    except ValueError as exc:
        print(f"kozel-discord simulate: {exc}", file=sys.stderr)
        return 2
    names = [str(getattr(p, "level", "custom")) for p in players]
    report = simulate(args.series, args.seed, players, names)
    print("\n".join(report.lines()))
    return 0


def _configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))


def _run(args: argparse.Namespace) -> int:
    from .bot import run
    from .settings import get_settings

    try:
        settings = get_settings()
    except ValueError as exc:
        print(f"kozel-discord: bad settings: {exc}", file=sys.stderr)
        return 2
    _configure_logging(settings.log_level)
    return run(settings)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kozel-discord", description="Kozel on 4 cards for Discord servers."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the Discord bot (settings from the environment)")
    run.set_defaults(func=_run)
    sim = sub.add_parser("simulate", help="play series between computer players")
    sim.add_argument("--series", type=int, default=10, help="number of series (default 10)")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument(
        "--players",
        default="random,random,random,random",
        help="computer player per seat, in seat order: random, heuristic or strong "
        "(e.g. strong,heuristic,strong,heuristic; one name means all four; default random)",
    )
    sim.set_defaults(func=_simulate)

    from . import admin, invite  # light: SQLAlchemy, Alembic and discord.py load only when needed

    mig = sub.add_parser(
        "migrate", help="bring the database schema up to date (Alembic upgrade head)"
    )
    mig.set_defaults(func=lambda args: admin.migrate())
    doc = sub.add_parser(
        "doctor", help="check the settings, the token, the database and the shard settings"
    )
    doc.add_argument(
        "--timeout",
        type=float,
        default=admin.DEFAULT_TIMEOUT,
        help=f"seconds to wait for the database (default {admin.DEFAULT_TIMEOUT:g})",
    )
    doc.set_defaults(func=lambda args: admin.doctor(timeout=args.timeout))
    inv = sub.add_parser("invite-url", help="print the link that adds the bot to a server")
    inv.add_argument(
        "--application-id",
        metavar="ID",
        help="the application id (default: read from DISCORD_TOKEN)",
    )
    inv.set_defaults(func=lambda args: invite.invite_url(args.application_id))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
