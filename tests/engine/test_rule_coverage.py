"""Every numbered rule of RULES.md has at least one named test (test_rule_<s>_<n>_...)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
RULES = Path(os.environ.get("KOZEL_RULES_MD", HERE.parents[2] / "shared" / "RULES.md"))


def _rule_numbers() -> list[str]:
    if not RULES.is_file():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"RULES.md not found at {RULES} (set KOZEL_RULES_MD)")
        pytest.skip(f"RULES.md not found at {RULES}")
    return re.findall(r"^(\d+\.\d+) ", RULES.read_text(encoding="utf-8"), flags=re.MULTILINE)


def test_every_numbered_rule_has_a_named_test() -> None:
    numbers = _rule_numbers()
    assert len(numbers) >= 25, "RULES.md was parsed"
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_rule_\d+_\d+_\w+)", path.read_text(encoding="utf-8")))
    missing = [
        n
        for n in numbers
        if not any(t.startswith(f"test_rule_{n.replace('.', '_')}_") for t in names)
    ]
    assert not missing, f"rules without a named test: {missing}"
