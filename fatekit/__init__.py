"""fatekit: the Fate roleplaying game's rules, a shared table, and a command line."""

__version__ = "0.1.0"
