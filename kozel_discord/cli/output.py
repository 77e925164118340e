"""How the operator commands print: one line per check, a mark, and what to fix."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TextIO

Status = Literal["ok", "fail", "skip"]


def marks(stream: TextIO) -> dict[Status, str]:
    """✓ ✗ - on a terminal that can show them, else [ok] [FAIL] [--]."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "✓✗→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return {"ok": "[ok]", "fail": "[FAIL]", "skip": "[--]"}
    return {"ok": "✓", "fail": "✗", "skip": "-"}


def arrow(stream: TextIO) -> str:
    return "→" if marks(stream)["ok"] == "✓" else "->"


@dataclass(frozen=True)
class Check:
    """One line of ``doctor``: ``status`` "skip" means not checked (an earlier check
    failed, or nothing to check yet), which does not count as a problem of its own."""

    name: str
    status: Status
    detail: str
    fix: str | None = None

    def lines(self, stream: TextIO) -> list[str]:
        out = [f"{marks(stream)[self.status]} {self.name}: {self.detail}"]
        if self.status == "fail" and self.fix:
            out.append(f"  {arrow(stream)} {self.fix}")
        return out


__all__ = ["Check", "Status", "arrow", "marks"]
