"""The local Discord stand-in for kozel-discord's tests and benchmarks (not installed with the bot).

Modules: ``discord_standin`` (the :class:`DiscordStandIn` facade tests use, with its mixins
``directory`` (users, guilds, members), ``acting`` (a user's commands and clicks) and ``reading``
(what tests read)), ``state`` (the shared model the REST API and the gateway work on), ``rest`` /
``gateway`` / ``http`` (the servers; ``rest`` with ``channels_api``, ``interactions_api``,
``app_commands`` and ``app_emojis`` for its route families, ``recording`` for the messages it
keeps), ``model`` (users, guilds, channels, errors), ``records`` (recorded messages,
interactions, refusals), ``limits`` (Discord's documented limits), ``validation`` /
``component_checks`` / ``command_checks`` (payloads checked against them), ``emojis`` (emoji
checks), ``schema`` (request bodies against Discord's OpenAPI spec in ``openapi/``),
``commands`` (slash-command resolution), ``holds`` (requests held back on purpose),
``harness`` (the bot process and player helpers, with ``message_text`` for reading messages
and ``proxy`` for a database that goes away) and ``postgres`` (throw-away databases).
"""
