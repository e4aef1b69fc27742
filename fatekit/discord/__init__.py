"""The Discord front door: a Discord application that plays fatekit's tables.

Slash commands, buttons and forms become the table commands the page sends, through the same
:class:`~fatekit.server.service.TableService`; the relay posts what everyone may see to the
table's channel and what one player may see to that player alone. Interactions arrive over the
Gateway (:mod:`.gateway`) or at the server's HTTP endpoint (:mod:`.endpoint`), and both reach
the same handler (:mod:`.door`). ``docs/discord.md`` says how to set it up.
"""
