"""The stand-in is a test tool: outside the bot's package and never imported by it (that the
wheel holds no stand-in is checked by tests/test_wheel.py)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bot_never_imports_the_standin() -> None:
    offenders = []
    for source in (ROOT / "kozel_discord").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [
                f"{source.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "standin"
            ]
    assert offenders == []
    assert not (ROOT / "kozel_discord" / "testing").exists()


def test_no_module_of_the_standin_imports_the_facade() -> None:
    importers = []
    for source in (ROOT / "standin").glob("*.py"):
        # The facade itself, and the helpers that use the stand-in as tests do.
        if source.name in ("discord_standin.py", "harness.py", "sharding.py", "__init__.py"):
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "standin.discord_standin":
                importers.append(source.name)
    assert importers == []
