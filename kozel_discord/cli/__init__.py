"""The ``kozel-discord`` command line: ``run``, ``simulate``, ``verify``, ``migrate``,
``doctor``, ``invite-url``, ``health`` and ``--version``.

Each command is a function that prints its lines and returns the process exit code
(``run``'s codes: :mod:`kozel_discord.cli.run`). Importing this package stays cheap:
SQLAlchemy, Alembic and discord.py load only when a command needs them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .database import DEFAULT_TIMEOUT

LEVELS_HELP = "easy = random, normal = heuristic, hard = strong"


def version() -> str:
    """The installed version of kozel-discord (the package's own when not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("kozel-discord")
    except PackageNotFoundError:
        from .. import __version__

        return __version__


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _simulate(args: argparse.Namespace) -> int:
    if args.record is not None:
        from .verify import replay_command

        return replay_command(args.record)
    from ..simulate import level_name, make_players, simulate

    try:
        players = make_players(args.players, args.seed)
    except ValueError as exc:
        print(f"kozel-discord simulate: {exc} ({LEVELS_HELP})", file=sys.stderr)
        return 2
    names = [level_name(str(getattr(p, "level", "custom"))) for p in players]
    from tqdm import tqdm

    # On a terminal only (disable=None): a log or a pipe gets just the report.
    with tqdm(total=args.series, unit="series", disable=None, file=sys.stderr) as bar:
        report = simulate(args.series, args.seed, players, names, on_series=bar.update)
    print("\n".join(report.lines()))
    return 0


def _verify(args: argparse.Namespace) -> int:
    from .verify import verify_command

    return verify_command(args.record)


def _run(args: argparse.Namespace) -> int:
    from .run import run_command

    return run_command()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kozel-discord", description="Kozel on 4 cards for Discord servers."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser(
        "run",
        help="run the Discord bot (settings from the environment)",
        description="Run the Discord bot. Exit codes: 0 stopped, 2 bad settings, "
        "3 token refused by Discord, 4 database not reachable, 5 Discord not reachable, "
        "6 database migrated by a newer version of the bot.",
    )
    run.set_defaults(func=_run)
    sim = sub.add_parser("simulate", help="play series between computer players")
    sim.add_argument(
        "--series", type=positive_int, default=10, help="number of series, 1 or more (default 10)"
    )
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument(
        "--players",
        default="random,random,random,random",
        help=f"computer player per seat, in seat order: {LEVELS_HELP} (either name). "
        "Seats 1 and 3 are team A, seats 2 and 4 team B. "
        "E.g. hard,normal,hard,normal; one name means all four; default random (easy)",
    )
    sim.add_argument(
        "--record",
        metavar="FILE",
        help="instead: replay a finished game's record (the JSON file Export gives, or a "
        "series record) and print the deal, every trick and the result",
    )
    sim.set_defaults(func=_simulate)
    ver = sub.add_parser(
        "verify",
        help="check a finished game's record: commitment, deal, every move, results",
        description="Check a finished game's record (the JSON file the table's Export gives; "
        "docs/fair-play.md): the commitment shown at the deal against the revealed seed and "
        "salt, the deal from the seed, every move, the results. Exit codes: 0 it matches, "
        "1 it does not match, 3 not a readable game record, 4 a record without commitment.",
    )
    ver.add_argument("record", metavar="RECORD.json", help="the game record ('-': standard input)")
    ver.set_defaults(func=_verify)

    mig = sub.add_parser(
        "migrate", help="bring the database schema up to date (Alembic upgrade head)"
    )
    mig.set_defaults(func=lambda args: _admin("migrate"))
    doc = sub.add_parser(
        "doctor", help="check the settings, the token, the database and the shard settings"
    )
    doc.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds to wait for the database (default {DEFAULT_TIMEOUT:g})",
    )
    doc.set_defaults(func=lambda args: _admin("doctor", timeout=args.timeout))
    inv = sub.add_parser("invite-url", help="print the link that adds the bot to a server")
    inv.add_argument(
        "--application-id",
        metavar="ID",
        help="the application id (default: read from DISCORD_TOKEN)",
    )
    inv.set_defaults(func=lambda args: _admin("invite-url", application_id=args.application_id))
    from .health import DEFAULT_MAX_AGE

    hea = sub.add_parser(
        "health",
        help="exit 0 if the bot running in this directory is connected (its heartbeat file "
        "is fresh), else 1 (Docker's HEALTHCHECK)",
    )
    hea.add_argument(
        "--max-age",
        type=float,
        default=DEFAULT_MAX_AGE,
        help=f"seconds a heartbeat stays fresh (default {DEFAULT_MAX_AGE:g})",
    )
    hea.set_defaults(func=lambda args: _admin("health", max_age=args.max_age))
    return parser


def _admin(command: str, **kwargs: object) -> int:
    if command == "migrate":
        from .database import migrate

        return migrate()
    if command == "doctor":
        from .doctor import doctor

        return doctor(**kwargs)  # type: ignore[arg-type]
    if command == "invite-url":
        from .tokens import invite_url

        return invite_url(**kwargs)  # type: ignore[arg-type]
    from .health import health

    return health(**kwargs)  # type: ignore[arg-type]


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


__all__ = ["build_parser", "main", "version"]
