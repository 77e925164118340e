"""The Alembic migrations, installed as ``kozel_discord.migrations`` (see pyproject.toml)."""
