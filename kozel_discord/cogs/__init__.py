"""Thin Discord cogs: parse the interaction, call the service, render the answer."""

EXTENSIONS = ("kozel_discord.cogs.kozel", "kozel_discord.cogs.league", "kozel_discord.cogs.errors")
