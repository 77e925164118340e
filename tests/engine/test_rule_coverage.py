"""Every numbered rule of docs/rules.md has at least one named test (test_rule_<s>_<n>_...)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE.parents[1] / "docs" / "rules.md"


def _rule_numbers() -> list[str]:
    return re.findall(r"^(\d+\.\d+) ", RULES.read_text(encoding="utf-8"), flags=re.MULTILINE)


def test_the_rule_book_is_numbered_section_by_section() -> None:
    numbers = _rule_numbers()
    assert len(numbers) >= 25, "docs/rules.md was parsed"
    assert len(set(numbers)) == len(numbers), "a rule number appears twice"
    for section in {n.split(".")[0] for n in numbers}:
        rules = [int(n.split(".")[1]) for n in numbers if n.split(".")[0] == section]
        assert rules == list(range(1, len(rules) + 1)), f"section {section} skips a number"


def test_every_numbered_rule_has_a_named_test() -> None:
    numbers = _rule_numbers()
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_rule_\d+_\d+_\w+)", path.read_text(encoding="utf-8")))
    missing = [
        n
        for n in numbers
        if not any(t.startswith(f"test_rule_{n.replace('.', '_')}_") for t in names)
    ]
    assert not missing, f"rules without a named test: {missing}"
