"""kozel-discord: the card game Kozel on 4 cards, on Discord, with per-server leagues."""

__version__ = "0.1.0"
