"""``python -m kozel_discord``: the ``kozel-discord`` command line (:mod:`kozel_discord.cli`)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """The command line. The import is here, not at the top: the installed ``kozel-discord``
    script imports this module, and every worker process (started with "spawn") imports the
    bot's main script again; the command line's modules (settings, database tools) are of
    no use to a worker."""
    from .cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
