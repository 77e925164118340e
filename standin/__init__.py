"""The local Discord stand-in for kozel-discord's tests and benchmarks (not installed with the bot).

Modules: ``discord_standin`` (the :class:`DiscordStandIn` facade tests use), ``state`` (the shared
model the REST API and the gateway work on), ``rest`` / ``gateway`` / ``http`` (the servers),
``app_emojis`` (application-emoji endpoints), ``model`` (users, guilds, recorded messages),
``validation`` (Discord's documented limits), ``emojis`` (emoji checks), ``schema`` (request bodies
against Discord's OpenAPI spec in ``openapi/``), ``commands`` (slash-command resolution),
``harness`` (the bot process and player helpers) and ``postgres`` (throw-away databases).
"""
