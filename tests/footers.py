"""What Discord shows garbled in an embed's footer, which it draws as plain text: a code
span keeps its backticks, bold its asterisks, a masked link its brackets, and a mention or
a custom emoji its raw syntax ("</league game:123…>")."""

from __future__ import annotations

import re

FOOTER_MARKUP = re.compile(
    r"`|\*\*|__|~~|\|\||\[[^\]\n]+\]\(|</[^>]+:\d+>|<[@#][!&]?\d+>|<a?:\w+:\d+>"
)
