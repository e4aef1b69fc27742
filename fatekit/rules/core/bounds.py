"""The bounds every number at a table keeps.

Ratings (a skill, a difficulty, an obstacle's rating, a bonus) stay within the ladder's reach:
the named steps run from -4 to +8 and the dice add at most 4 either way, so a monster or a big
bad stands above the ladder but never as far as :data:`HIGHEST_RATING`. What is counted one by
one (free invokes, boxes) or kept as a tally (fate points, refresh, a mob's members) stays under
small caps. A number past them is a slip of the keyboard or an attack (ten million free invokes
on one aspect once took a whole server down), so it is refused where numbers come in: a command
when it is decided, a sheet or a rule-set file when it is read (their schemas carry the bounds).
"""

from __future__ import annotations

__all__ = [
    "HIGHEST_RATING",
    "LOWEST_RATING",
    "MAX_BOXES",
    "MAX_FREE_INVOKES",
    "MAX_TALLY",
    "MAX_WHOLE",
]

#: The lowest and highest rating anything at a table may have or face.
LOWEST_RATING = -10
HIGHEST_RATING = 20

#: The most free invokes one command or sheet puts on one aspect.
MAX_FREE_INVOKES = 10

#: The most boxes a countdown or a stress track has (and consequence slots a sheet lists).
MAX_BOXES = 20

#: The largest tally: fate points, refresh, skill steps, a mob's members, victories to win.
MAX_TALLY = 100

#: The largest whole number anything holds (a version, a count of scenes): 64 bits, signed.
MAX_WHOLE = 2**63 - 1
