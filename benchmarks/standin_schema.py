"""How long the stand-in's OpenAPI check of one request body takes (CPU time, p50/p95).

    .venv/bin/python -m benchmarks.standin_schema

Bodies: a plain message, and a components-v2 table message (container, text, gallery, a row
of five buttons, a 25-option select) sent as a channel message and as an interaction answer.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from standin.schema import openapi_spec

ROUNDS = 300


def v2_table() -> dict[str, Any]:
    button = {"type": 2, "style": 1, "label": "x", "emoji": {"name": "🃏"}}
    row = {"type": 1, "components": [{**button, "custom_id": f"c{i}"} for i in range(5)]}
    options = [{"label": str(i), "value": str(i)} for i in range(25)]
    select = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]}
    text = {"type": 10, "content": "**Alice** to play"}
    container = {"type": 17, "accent_color": 0x2D7D46, "components": [text, gallery, row, select]}
    return {
        "flags": 1 << 15,
        "components": [container],
        "attachments": [{"id": 0, "filename": "table.png"}],
    }


def measure(method: str, template: str, body: dict[str, Any]) -> tuple[float, float]:
    spec = openapi_spec()
    assert spec.violations(method, template, body) == []
    times = []
    for _ in range(ROUNDS):
        started = time.process_time()
        spec.violations(method, template, body)
        times.append((time.process_time() - started) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def main() -> None:
    started = time.process_time()
    openapi_spec().validator("POST", "/channels/{channel_id}/messages")
    print(f"load spec + compile one validator: {(time.process_time() - started) * 1000:.0f} ms")
    cases = [
        ("plain message", "POST", "/channels/{channel_id}/messages", {"content": "hello"}),
        ("v2 table message", "POST", "/channels/{channel_id}/messages", v2_table()),
        (
            "v2 interaction answer",
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            {"type": 4, "data": v2_table()},
        ),
    ]
    for name, method, template, body in cases:
        p50, p95 = measure(method, template, body)
        print(f"{name:24s} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms (CPU)")


if __name__ == "__main__":
    main()
