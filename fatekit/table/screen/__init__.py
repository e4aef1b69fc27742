"""The GM's screen: what the GM keeps from the players.

- **Secret rolls** (:class:`~fatekit.table.screen.commands.SecretRoll`): a roll only GM seats
  see, dice and result, until :class:`~fatekit.table.screen.commands.RevealRoll` puts it in
  everyone's log. Any character may be rolled for, so an NPC's roll stays behind the screen by
  rolling it this way.
- **Hidden difficulties** (:class:`~fatekit.table.screen.commands.HideDifficulty`, or a GM's
  ``Roll`` with ``hidden_difficulty``): a player rolls and sees the outcome, never the number.
- **Prepared scenes** (:class:`~fatekit.table.screen.commands.PrepareScene`): name, zones and
  links, situation aspects with free invokes, hidden aspects, NPCs and where they stand, made
  ahead of play and started with one command.

Commands, events, deciders and fold steps live here and are registered with the table's own in
:mod:`fatekit.table.commands`, :mod:`fatekit.table.events`, :mod:`fatekit.table.handle` and
:mod:`fatekit.table.fold`; :mod:`fatekit.table.screen.views` says what each seat sees. This
module imports nothing, so the table's modules can register these in any order.
"""
