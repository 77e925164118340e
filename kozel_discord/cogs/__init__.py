"""Thin Discord cogs: parse the interaction, call the service, answer through the ui.
Errors are answered by the command tree (:class:`~kozel_discord.ui.errors.KozelTree`)."""

EXTENSIONS = ("kozel_discord.cogs.kozel", "kozel_discord.cogs.league")
