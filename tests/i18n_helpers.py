"""What the tests of the translations (test_i18n_*.py) share."""

from __future__ import annotations

# The numbers every text with a count is tried with: one of each Russian plural form
# (1, 2, 5) and 21, which takes the singular again.
NUMBERS = (1, 2, 5, 21)
