"""Seats at a table: who is sitting there and in what role."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["NoteVisibility", "Role", "Seat"]


class Role(StrEnum):
    """What a seat may do: the GM everything, a player their own characters, a spectator watch."""

    GM = "gm"
    PLAYER = "player"
    SPECTATOR = "spectator"


class NoteVisibility(StrEnum):
    """Who reads a note: everyone (narration), the GMs only, or its writer (and the GMs)."""

    PUBLIC = "public"
    GM = "gm"
    PRIVATE = "private"


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a stable id, a role and a display name."""

    id: str
    role: Role
    name: str

    @property
    def is_gm(self) -> bool:
        """Whether this seat runs the game."""
        return self.role is Role.GM
