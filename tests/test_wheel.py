"""A plain (not editable) install of the wheel can migrate and check a database.

Builds the wheel from a copy of the sources (without build isolation: no network), installs
it with ``--no-deps`` into a fresh virtualenv that sees this virtualenv's site-packages for
the dependencies (a ``.pth`` line, the equivalent of ``--system-site-packages``; the
editable install of ``kozel_discord`` here is not active there), and runs the console
script from a directory outside the repository.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from kozel_discord.store.db import alembic_config
from tests.cli.admin_helpers import make_token

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "kozel_discord", "migrations")


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so")
            )
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    _run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "--no-index", "--quiet", "-w", out, src, cwd=src,
    )  # fmt: skip
    (built,) = out.glob("kozel_discord-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv)
    python = venv / "bin" / "python"
    purelib = _run(
        python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=venv
    ).strip()
    # The dependencies: this virtualenv's site-packages, after the fresh one's own.
    (Path(purelib) / "kozel_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(
        sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
        "--quiet", wheel, cwd=venv,
    )  # fmt: skip
    return venv


def test_the_wheel_ships_the_migrations_and_no_stand_in(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for script in ("env.py", "script.py.mako", "versions/0001_initial_schema.py"):
        assert f"kozel_discord/migrations/{script}" in names
    assert not [n for n in names if n.split("/")[0] == "standin"]
    assert not [n for n in names if n.startswith("kozel_discord/testing/")]
    # The C simulator (an optional extension), compiled from the copied sources, as a
    # machine with a compiler builds it.
    assert [n for n in names if n.startswith("kozel_discord/ai/_csim.") and n.endswith(".so")]


def test_the_installed_bot_migrates_a_fresh_sqlite_file(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
    where = _run(python, "-c", "import kozel_discord; print(kozel_discord.__file__)", cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(venv), "the wheel's package is the one imported"
    simulator = _run(
        python, "-c", "from kozel_discord.ai import _csim; print(_csim.__file__)", cwd=tmp_path
    )
    assert Path(simulator.strip()).is_relative_to(venv)

    database = tmp_path / "league.sqlite3"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("KOZEL_", "DISCORD_"))},
        "KOZEL_DATABASE_URL": f"sqlite+aiosqlite:///{database}",
        "DISCORD_TOKEN": make_token(),
    }
    _run(venv / "bin" / "kozel-discord", "migrate", cwd=tmp_path, env=env)
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with sqlite3.connect(database) as connection:
        (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
    assert revision == head
    assert {"series", "games", "players", "live_tables"} <= tables

    report = _run(venv / "bin" / "kozel-discord", "doctor", cwd=tmp_path, env=env)
    assert "Everything looks fine." in report
