"""The command line: without a token the bot explains in one line what to set, and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_run_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["KOZEL_DATABASE_URL"] = "sqlite+aiosqlite:///:memory:"
    proc = subprocess.run(
        [sys.executable, "-m", "kozel_discord", "run"],
        env=env,
        cwd=tmp_path,  # no .env file here
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0]
    assert "docs/self-hosting.md" in lines[0]
