"""The scripted players of ``standin.harness`` recognise the bot's boards by the English texts
a player reads on them; those texts come from the bot's localisation, so a changed wording
must change the harness too (else the driver would silently stop seeing its turn)."""

from __future__ import annotations

from kozel_discord.i18n import t
from standin.harness import STALE_NOTE, TURN_PLACEHOLDER


def test_the_harness_reads_the_bots_own_english_texts() -> None:
    assert t("hand.choose", "en-US") == TURN_PLACEHOLDER
    assert t("hand.stale", "en-US").startswith(STALE_NOTE)
