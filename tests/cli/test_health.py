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


async def test_the_bot_beats_only_while_every_shard_is_connected() -> None:
    # discord.py keeps is_ready() true while its shards reconnect: the heartbeat went on,
    # and `health` said "healthy", for as long as Discord was unreachable.
    from types import SimpleNamespace

    from kozel_discord.bot import KozelBot
    from kozel_discord.settings import Settings

    bot = KozelBot(Settings(discord_token=None))  # (never started: nothing to close)
    assert not bot.connected()  # not ready yet
    gateway = SimpleNamespace(open=True)
    bot._AutoShardedClient__shards = {0: SimpleNamespace(id=0, ws=gateway)}  # type: ignore[attr-defined]
    bot._ready = asyncio.Event()  # type: ignore[attr-defined]
    bot._ready.set()  # type: ignore[attr-defined]
    assert bot.is_ready() and bot.connected() and bot._heartbeat.alive()
    gateway.open = False  # the shard lost Discord and reconnects
    assert bot.is_ready() and not bot.connected()
    assert not bot._heartbeat.alive()  # what the heartbeat asks
