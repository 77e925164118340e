"""Test helpers for kozel-discord: the local Discord stand-in used by the end-to-end tests."""
