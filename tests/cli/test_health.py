"""``kozel-discord health`` and the heartbeat the running bot keeps."""

from __future__ import annotations

import asyncio
import io
import os
import time
from pathlib import Path

from kozel_discord.cli import main
from kozel_discord.cli.health import health
from kozel_discord.monitor import Heartbeat


def test_health_reads_the_heartbeat(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    out = io.StringIO()
    assert health(path=beat, out=out) == 1 and "no heartbeat" in out.getvalue()
    beat.write_text("1\\n")
    assert health(path=beat, out=io.StringIO()) == 0
    old = time.time() - 120
    os.utime(beat, (old, old))
    out = io.StringIO()
    assert health(path=beat, out=out) == 1 and "120 s old" in out.getvalue()
    assert health(path=beat, max_age=200, out=io.StringIO()) == 0


def test_health_command_uses_the_setting(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOZEL_HEARTBEAT_FILE", str(tmp_path / "hb"))
    assert main(["health"]) == 1
    (tmp_path / "hb").write_text("1")
    assert main(["health", "--max-age", "60"]) == 0


async def test_the_heartbeat_beats_only_while_connected(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    beat.write_text("an earlier run")
    connected = False
    heart = Heartbeat(beat, alive=lambda: connected, interval=0.01)
    heart.start()
    assert not beat.exists()  # the earlier run's beat does not count
    await asyncio.sleep(0.05)
    assert not beat.exists()
    connected = True
    for _ in range(200):
        if beat.exists():
            break
        await asyncio.sleep(0.01)
    assert beat.exists() and abs(float(beat.read_text()) - time.time()) < 5
    await heart.stop()
    assert not beat.exists()


def test_version(capsys) -> None:  # type: ignore[no-untyped-def]
    import tomllib

    import pytest

    import kozel_discord

    root = Path(__file__).resolve().parents[2]
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]
    assert kozel_discord.__version__ == declared
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"kozel-discord {declared}"
