"""Tests of the league store (SQLite and PostgreSQL)."""
