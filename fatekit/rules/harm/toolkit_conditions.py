"""Conditions as the Fate System Toolkit gives them: named boxes a rule set declares, each
fleeting, sticky or lasting, marked by a hit, by the GM, or as a cost, and cleared by its kind.

These are not Fate Condensed's optional conditions (:mod:`fatekit.rules.harm.conditions`, which
replace consequence slots with fixed boxes): a rule set lists its own (:class:`ConditionSpec`),
beside its consequence slots or in their place, and a sheet keeps the ones marked
(:class:`MarkedCondition`, by key).

- Taking a hit, the defender may mark any number of free conditions; each takes its shifts off
  the hit before stress and consequences absorb the rest (:func:`soaked`): by default 1 for a
  fleeting, 2 for a sticky and 4 for a lasting condition.
- A lasting condition has two boxes, both marked when it is taken, and is taken only while both
  are empty; a fleeting or sticky one may have more boxes, one marked at a time.
- A marked condition is an aspect of its bearer; whoever inflicted it holds one free invoke.
- Fleeting conditions clear when the scene ends (the breath the book asks for); sticky ones when
  the GM says the story's event came; a lasting one starts to recover (one box erased) once a
  session has ended since it was taken and an overcome against Great (+4) succeeded, and clears
  once one more session has ended.

    >>> hurt = ConditionSpec("angry", "Angry", ConditionKind.FLEETING)
    >>> (hurt.shifts, hurt.boxes)
    (1, 1)
    >>> ConditionSpec("broken", "Broken", ConditionKind.LASTING).shifts
    4
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect, AspectKind, FreeInvoke
from fatekit.rules.core.citations import rule
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.waivers import refuse

__all__ = [
    "CONDITION_ASPECT_RULE",
    "CONDITION_BOXES_RULE",
    "CONDITION_GM_RULE",
    "CONDITION_SOAK_RULE",
    "FLEETING_CLEARS_RULE",
    "KIND_SHIFTS",
    "LASTING_BOXES",
    "LASTING_DIFFICULTY",
    "LASTING_RECOVERY_RULE",
    "MAX_BOXES",
    "MAX_CONDITIONS",
    "MAX_SHIFTS",
    "STICKY_CLEARS_RULE",
    "TOOLKIT",
    "ConditionKind",
    "ConditionSpec",
    "HasConditions",
    "MarkedCondition",
    "begin_recovery",
    "check_clear",
    "check_mark",
    "check_recoverable",
    "clear",
    "clear_fleeting",
    "condition_aspect_id",
    "mark",
    "marked_as_recorded",
    "recovery_begun",
    "settle_lasting",
    "soaked",
]

TOOLKIT = "srd/fate-system-toolkit-SRD.md"
_SECTION = "Conditions"

CONDITION_SOAK_RULE = rule(
    "toolkit.conditions.soak",
    TOOLKIT,
    _SECTION,
    "Taking a hit, a defender may mark as many free conditions as they like, each taking its "
    "shifts off the hit (fleeting 1, sticky 2, lasting 4) before stress and consequences",
)
CONDITION_BOXES_RULE = rule(
    "toolkit.conditions.lasting-boxes",
    TOOLKIT,
    _SECTION,
    "A lasting condition has two boxes, both marked when it is taken, and can be taken only "
    "while both are empty; a condition with no free box cannot be marked",
)
CONDITION_ASPECT_RULE = rule(
    "toolkit.conditions.aspect",
    TOOLKIT,
    _SECTION,
    "A marked condition is an aspect on its bearer's sheet, invoked and compelled like any; "
    "whoever inflicted it gets one free invoke on it",
)
CONDITION_GM_RULE = rule(
    "toolkit.conditions.gm-marks",
    TOOLKIT,
    _SECTION,
    "The GM may mark a condition when the story says a character suffers it, not only as a hit",
)
FLEETING_CLEARS_RULE = rule(
    "toolkit.conditions.fleeting-clears",
    TOOLKIT,
    _SECTION,
    "A fleeting condition clears once its bearer catches their breath: at the end of the scene",
)
STICKY_CLEARS_RULE = rule(
    "toolkit.conditions.sticky-clears",
    TOOLKIT,
    _SECTION,
    "A sticky condition stays until a specific event happens in the story: the GM clears it "
    "then; a lasting one is never cleared that way",
)
LASTING_RECOVERY_RULE = rule(
    "toolkit.conditions.lasting-recovery",
    TOOLKIT,
    _SECTION,
    "A lasting condition stays at least a whole session (fatekit: a session has ended since it "
    "was taken); then an overcome against Great (+4) starts its recovery, erasing one box, and "
    "the other is erased once one more session has ended",
)


class ConditionKind(StrEnum):
    """How a condition clears: with a breath, with an event of the story, or with treatment."""

    FLEETING = "fleeting"
    STICKY = "sticky"
    LASTING = "lasting"


#: The shifts a condition of each kind takes off a hit, as the Toolkit gives them.
KIND_SHIFTS: Mapping[ConditionKind, int] = {
    ConditionKind.FLEETING: 1,
    ConditionKind.STICKY: 2,
    ConditionKind.LASTING: 4,
}
#: A lasting condition's boxes.
LASTING_BOXES = 2
#: The passive opposition an overcome beats to start a lasting condition's recovery: Great.
LASTING_DIFFICULTY = 4
#: Bounds a rule set's conditions keep: how many, boxes on one, shifts one takes off a hit
#: (8: an extreme consequence's worth; the Toolkit's spread totals 14 over six).
MAX_CONDITIONS = 20
MAX_BOXES = 10
MAX_SHIFTS = 8


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A condition a rule set declares: ``shifts`` taken off a hit when marked (0: it soaks
    none and is only ever marked by the GM), ``boxes`` on the sheet, display ``names`` by
    language. Left out (``None``), shifts and boxes are the kind's own."""

    key: str
    name: str
    kind: ConditionKind
    shifts_given: int | None = None
    boxes_given: int | None = None
    names: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.key.strip() or not self.name.strip():
            raise BadInput("a condition needs a key and a name")
        object.__setattr__(self, "kind", ConditionKind(self.kind))
        if self.shifts_given is not None and not 0 <= self.shifts_given <= MAX_SHIFTS:
            raise BadInput(f"a condition takes 0 to {MAX_SHIFTS} shifts off a hit")
        if self.boxes_given is not None and not 1 <= self.boxes_given <= MAX_BOXES:
            raise BadInput(f"a condition has 1 to {MAX_BOXES} boxes")
        if self.kind is ConditionKind.LASTING and self.boxes != LASTING_BOXES:
            raise BadInput(
                f"a lasting condition has {LASTING_BOXES} boxes ({CONDITION_BOXES_RULE.cite()})"
            )

    @property
    def shifts(self) -> int:
        """What marking it takes off a hit."""
        return KIND_SHIFTS[self.kind] if self.shifts_given is None else self.shifts_given

    @property
    def boxes(self) -> int:
        """Its boxes on a sheet."""
        if self.boxes_given is not None:
            return self.boxes_given
        return LASTING_BOXES if self.kind is ConditionKind.LASTING else 1

    def name_in(self, language: str) -> str:
        """Its name in ``language`` (its own name where none is given)."""
        return dict(self.names).get(language, self.name)


@dataclass(slots=True)
class MarkedCondition:
    """A condition marked on a sheet: ``boxes`` of its boxes checked, the ``aspect`` it is
    while marked, the sessions ended when it was taken and (lasting) when recovery began."""

    key: str
    boxes: int
    aspect: Aspect
    taken_session: int = 0
    recovering_session: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.boxes, bool) or not isinstance(self.boxes, int) or self.boxes < 1:
            raise BadInput(f"the condition {self.key!r} has at least one box marked")


class HasConditions(Protocol):
    """A sheet as far as conditions go."""

    @property
    def id(self) -> str:
        """The character's id."""
        ...

    @property
    def conditions(self) -> dict[str, MarkedCondition]:
        """The conditions marked, by key."""
        ...


def condition_aspect_id(owner: str, key: str) -> str:
    """The id of the aspect a marked condition is (one per condition and sheet)."""
    return f"{owner}/condition/{key}"


def _spec(specs: Sequence[ConditionSpec], key: str) -> ConditionSpec:
    found = next((s for s in specs if s.key == key), None)
    if found is None:
        known = ", ".join(s.key for s in specs) or "none"
        raise BadInput(
            f"no condition {key!r} in this rule set (its conditions: {known})",
            code="no_condition",
            condition=key,
        )
    return found


def check_mark(sheet: HasConditions, specs: Sequence[ConditionSpec], key: str) -> ConditionSpec:
    """The condition ``key``, if ``sheet`` may mark it now; refuse otherwise."""
    spec = _spec(specs, key)
    held = sheet.conditions.get(key)
    if spec.kind is ConditionKind.LASTING and held is not None:
        refuse(
            f"{spec.name} is lasting and still marked: it is taken only with both boxes empty",
            CONDITION_BOXES_RULE,
        )
    elif held is not None and held.boxes >= spec.boxes:
        refuse(f"every box of {spec.name} is already marked", CONDITION_BOXES_RULE)
    return spec


def soaked(sheet: HasConditions, specs: Sequence[ConditionSpec], keys: Sequence[str]) -> int:
    """The shifts marking ``keys`` takes off a hit on ``sheet``, once each is checked (a key
    twice marks two boxes of it, so the second must have room too)."""
    total = 0
    counts: dict[str, int] = {}
    for key in keys:
        spec = check_mark(sheet, specs, key)
        counts[key] = counts.get(key, 0) + 1
        held = sheet.conditions.get(key)
        used = (0 if held is None else held.boxes) + counts[key]
        room = 1 if spec.kind is ConditionKind.LASTING else spec.boxes
        if used > room:
            refuse(f"{spec.name} has no box left for a second mark", CONDITION_BOXES_RULE)
        if spec.shifts == 0:
            refuse(f"{spec.name} takes no shifts off a hit", CONDITION_SOAK_RULE)
        total += spec.shifts
    return total


def mark(
    sheet: HasConditions,
    specs: Sequence[ConditionSpec],
    key: str,
    *,
    by: str | None,
    clock: Clock,
) -> MarkedCondition:
    """Mark ``key`` on ``sheet`` (checked by :func:`check_mark`): a lasting condition all its
    boxes, another one more; the aspect it is gives ``by`` (who inflicted it) a free invoke."""
    spec = check_mark(sheet, specs, key)
    return marked_as_recorded(sheet, spec, by=by, sessions=clock.sessions_ended)


def marked_as_recorded(
    sheet: HasConditions, spec: ConditionSpec, *, by: str | None, sessions: int
) -> MarkedCondition:
    """``spec`` marked on ``sheet`` (checked by no rule: see :func:`mark`)."""
    held = sheet.conditions.get(spec.key)
    if held is not None and spec.kind is not ConditionKind.LASTING:
        held.boxes = min(spec.boxes, held.boxes + 1)
        if by is not None and by != sheet.id:
            held.aspect.free_invokes.append(FreeInvoke(by))
        return held
    aspect = Aspect(
        condition_aspect_id(sheet.id, spec.key), spec.name, AspectKind.CONSEQUENCE, owner=sheet.id
    )
    if by is not None and by != sheet.id:
        aspect.free_invokes.append(FreeInvoke(by))
    boxes = spec.boxes if spec.kind is ConditionKind.LASTING else 1
    made = MarkedCondition(spec.key, boxes, aspect, taken_session=sessions)
    sheet.conditions[spec.key] = made
    return made


def check_clear(sheet: HasConditions, specs: Sequence[ConditionSpec], key: str) -> ConditionSpec:
    """The condition ``key``, if the GM may clear it from ``sheet`` now: a marked fleeting or
    sticky one (a lasting one clears by its recovery)."""
    spec = _spec(specs, key)
    if key not in sheet.conditions:
        raise BadInput(
            f"{spec.name} is not marked on {sheet.id}", code="condition_unmarked", condition=key
        )
    if spec.kind is ConditionKind.LASTING:
        refuse(f"{spec.name} is lasting: it clears by its recovery", STICKY_CLEARS_RULE)
    return spec


def clear(sheet: HasConditions, key: str) -> MarkedCondition | None:
    """Erase ``key`` from ``sheet`` (checked by no rule: see :func:`check_clear`)."""
    return sheet.conditions.pop(key, None)


def clear_fleeting(sheets: Iterable[HasConditions], specs: Sequence[ConditionSpec]) -> list[str]:
    """The scene ended: erase every fleeting condition; returns the aspect ids cleared."""
    fleeting = {s.key for s in specs if s.kind is ConditionKind.FLEETING}
    cleared = []
    for sheet in sheets:
        for key in [k for k in sheet.conditions if k in fleeting]:
            cleared.append(sheet.conditions.pop(key).aspect.id)
    return cleared


def check_recoverable(
    sheet: HasConditions, specs: Sequence[ConditionSpec], key: str, clock: Clock
) -> MarkedCondition:
    """The marked condition ``key``, if an overcome may start its recovery now: lasting, not
    recovering yet, and a session has ended since it was taken; refuse otherwise."""
    spec = _spec(specs, key)
    held = sheet.conditions.get(key)
    if held is None:
        raise BadInput(
            f"{spec.name} is not marked on {sheet.id}", code="condition_unmarked", condition=key
        )
    if spec.kind is not ConditionKind.LASTING:
        refuse(
            f"{spec.name} is {spec.kind.value}, not lasting: it has no recovery",
            LASTING_RECOVERY_RULE,
        )
    if held.recovering_session is not None:
        refuse(f"{spec.name} is already recovering", LASTING_RECOVERY_RULE)
    if clock.sessions_ended <= held.taken_session:
        refuse(f"{spec.name} stays at least until this session ends", LASTING_RECOVERY_RULE)
    return held


def begin_recovery(
    sheet: HasConditions, specs: Sequence[ConditionSpec], key: str, effort: int, clock: Clock
) -> MarkedCondition:
    """An overcome reaching ``effort`` was rolled to start ``key``'s recovery: refused unless
    :func:`check_recoverable` allows it and the effort reaches Great (+4); then one box is
    erased."""
    held = check_recoverable(sheet, specs, key, clock)
    if effort < LASTING_DIFFICULTY:
        refuse(
            f"starting {held.aspect.name}'s recovery needs an overcome of Great "
            f"(+{LASTING_DIFFICULTY}) or better, not {effort:+d}",
            LASTING_RECOVERY_RULE,
        )
    recovery_begun(held, clock.sessions_ended)
    return held


def recovery_begun(held: MarkedCondition, sessions: int) -> None:
    """A lasting condition's recovery begun (checked by no rule: see :func:`begin_recovery`):
    one box erased."""
    held.boxes = max(1, held.boxes - 1)
    held.recovering_session = sessions


def settle_lasting(sheets: Iterable[HasConditions], clock: Clock) -> list[str]:
    """A session ended: erase every recovering lasting condition one more session has passed
    on; returns the aspect ids cleared."""
    cleared = []
    for sheet in sheets:
        for key, held in list(sheet.conditions.items()):
            since = held.recovering_session
            if since is not None and clock.sessions_ended > since:
                cleared.append(sheet.conditions.pop(key).aspect.id)
    return cleared
