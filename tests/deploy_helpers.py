"""What the tests of the self-hosting files (test_deploy_*.py) share: the repository's
root and what a Discord bot token looks like (none may be written in those files)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What a Discord bot token looks like (base64url id . timestamp . HMAC).
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
