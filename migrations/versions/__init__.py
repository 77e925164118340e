"""Alembic revision scripts (installed as ``kozel_discord.migrations.versions``)."""
