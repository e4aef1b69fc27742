"""The GM's screen as commands: secret rolls and their reveal, hidden difficulties, and scenes
prepared ahead of play (every one the GM's alone). Registered in
:data:`fatekit.table.commands.COMMAND_TYPES` with the others."""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.table.commands import Command
from fatekit.table.screen.records import PreparedAspect

__all__ = [
    "COMMANDS",
    "HideDifficulty",
    "PrepareScene",
    "RemovePreparedScene",
    "RevealRoll",
    "SecretRoll",
    "StartPreparedScene",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRoll(Command):
    """Roll ``actor``'s ``skill`` behind the screen (GM only), against ``difficulty`` if given.
    Only GM seats see the dice and the result until :class:`RevealRoll`. ``reason`` is the GM's
    own note of what it was for; ``dice`` are entered faces, or ``None`` for the table to roll."""

    actor: str
    skill: str
    difficulty: int | None = None
    dice: str | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealRoll(Command):
    """Show a secret roll to everyone (GM only): the reveal goes in the log with the dice."""

    roll_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HideDifficulty(Command):
    """Set the difficulty of ``actor``'s next roll outside a conflict without telling its player
    (GM only): the player rolls with no difficulty and sees the outcome, never the number.
    ``skill`` asks for a roll of that skill; ``difficulty=None`` withdraws the request."""

    actor: str
    difficulty: int | None
    skill: str | None = None
    action: Action = Action.OVERCOME


@dataclass(frozen=True, slots=True, kw_only=True)
class PrepareScene(Command):
    """Prepare a scene ahead of play, or rewrite the one prepared under ``scene_id`` (GM only).

    ``participants`` are the characters already there (the PCs join when it starts),
    ``positions`` places them in ``zones``, ``links`` connects zones in pairs, ``aspects`` are
    the situation aspects it starts with (hidden ones included); those who join it as it starts
    come in at ``entrance`` unless placed otherwise. Players see none of it.
    """

    scene_id: str
    name: str
    participants: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    positions: tuple[tuple[str, str], ...] = ()
    aspects: tuple[PreparedAspect, ...] = ()
    entrance: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovePreparedScene(Command):
    """Drop a prepared scene (GM only)."""

    scene_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StartPreparedScene(Command):
    """Start a prepared scene (GM only): ``joining`` are the characters who join its own
    participants (the PCs, as a rule), placed by ``positions`` (else at its entrance). It becomes the
    running scene with its aspects, and leaves the prepared ones."""

    scene_id: str
    joining: tuple[str, ...] = ()
    positions: tuple[tuple[str, str], ...] = ()


#: The screen's commands by type name.
COMMANDS: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        SecretRoll,
        RevealRoll,
        HideDifficulty,
        PrepareScene,
        RemovePreparedScene,
        StartPreparedScene,
    )
}
