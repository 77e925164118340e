"""Fixtures of the admin commands' tests (test_admin_*.py, which use ``clean_env``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kozel_discord.settings import Settings, setting_env_var


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    for name in Settings.model_fields:
        monkeypatch.delenv(setting_env_var(name), raising=False)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    workdir = tmp_path / "work"
    workdir.mkdir()
    monkeypatch.chdir(workdir)  # no .env of the developer's; the default SQLite file goes here
    yield workdir
