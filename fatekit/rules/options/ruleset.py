"""The optional rules a table plays with: each one a switch in a :class:`Ruleset`.

Every optional rule of Fate Condensed's "Optional Rules" chapter (and the two the Fate Core
conflicts chapter adds) has an :class:`OptionalRule` member. A :class:`Ruleset` is a preset plus the
switches the table turned on; a switch is off unless the table or the preset turns it on (Fate Core
turns on extreme consequences and its own full defense).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import as_preset
from fatekit.rules.characters.shapes import Shape
from fatekit.rules.characters.skill_lists import ALTERNATIVE_LISTS, SkillList
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.switches import OptionalRule

CHANGING_LIST_RULE = rule(
    "option.changing-skill-list",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "A table may play with another skill list (an alternative list or its own) and another rating "
    "shape; characters and conflicts then use that list",
)


def _skill_list(value: SkillList | str) -> SkillList:
    if isinstance(value, SkillList):
        return value
    found = ALTERNATIVE_LISTS.get(value.strip().casefold())
    if found is None:
        raise BadInput(
            f"unknown skill list {value!r}; choose one of: {', '.join(ALTERNATIVE_LISTS)}"
        )
    return found


__all__ = [
    "BETWEEN_SESSIONS",
    "CHANGING_LIST_RULE",
    "EITHER_OR",
    "OptionalRule",
    "Ruleset",
    "ruled_out",
]

#: Optional rules that are versions of one rule: a table plays one of each group at most
#: (Fate Condensed's full defense, with its focus, or Fate Core's).
EITHER_OR: tuple[frozenset[OptionalRule], ...] = (
    frozenset({OptionalRule.FULL_DEFENSE, OptionalRule.FULL_DEFENSE_CORE}),
)


def ruled_out(preset: Preset) -> dict[OptionalRule, OptionalRule]:
    """The optional rules a table of ``preset`` cannot take, each with the preset's own rule
    that plays in its place (Fate Core's full defense rules out Fate Condensed's)."""
    own = {OptionalRule(o) for o in preset.options}
    found: dict[OptionalRule, OptionalRule] = {}
    for group in EITHER_OR:
        for kept in sorted(group & own):
            for other in sorted(group - own):
                found[other] = kept
    return found


def _switches(preset: Preset, options: Iterable[OptionalRule | str]) -> set[OptionalRule]:
    switches = {OptionalRule(o) for o in preset.options}
    for option in options:
        try:
            switches.add(OptionalRule(option))
        except ValueError:
            valid = ", ".join(o.value for o in OptionalRule)
            raise BadInput(f"unknown optional rule {option!r}; choose from: {valid}") from None
    if OptionalRule.CONDITIONS_APART in switches:
        switches.add(OptionalRule.CONDITIONS)
    return switches


#: The optional rules a group may take up or drop between sessions, as play shows it needs them
#: (Fate Condensed § Сессии и Арки: an arc that runs past four to six sessions may let severe
#: consequences clear after four). Each decides only when something next happens, so switching
#: it changes nothing already at the table. The others shape what the table already holds
#: (sheets' slots and skills, big bads, hazards, countdowns, gear) and are chosen with the table.
BETWEEN_SESSIONS = frozenset({OptionalRule.LONG_ARCS})


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A preset and the optional rules in force at a table."""

    preset: Preset
    options: frozenset[OptionalRule] = field(default_factory=frozenset)

    @classmethod
    def of(
        cls,
        preset: Preset | str = "condensed",
        options: Iterable[OptionalRule | str] = (),
        *,
        skill_list: SkillList | str | None = None,
        shape: Shape | None = None,
    ) -> Ruleset:
        """A ruleset from a preset (or its key) and the options the table turns on.

        The preset's own defaults are always included. With the changing-the-skill-list option,
        ``skill_list`` (an alternative list's key or a custom :class:`SkillList`) and ``shape``
        replace the preset's.
        """
        chosen = as_preset(preset)
        switches = _switches(chosen, options)
        if any(len(group & switches) > 1 for group in EITHER_OR):
            raise BadInput(
                "choose one version of full defense: Fate Condensed's or Fate Core's",
                code="full_defense_both",
            )
        other = skill_list is not None or shape is not None
        if other and OptionalRule.CHANGING_SKILL_LIST not in switches:
            raise IllegalAction(
                "another skill list or rating shape needs the changing-the-skill-list option",
                CHANGING_LIST_RULE,
            )
        return cls.assembled(chosen, options, skill_list=skill_list, shape=shape)

    @classmethod
    def assembled(
        cls,
        preset: Preset | str,
        options: Iterable[OptionalRule | str] = (),
        *,
        skill_list: SkillList | str | None = None,
        shape: Shape | None = None,
    ) -> Ruleset:
        """The ruleset a table's log began with (see :meth:`of`): an assignment, checked by no
        rule (the options were judged when the table was made)."""
        chosen = as_preset(preset)
        switches = _switches(chosen, options)
        if skill_list is not None or shape is not None:
            listed = _skill_list(skill_list) if skill_list is not None else None
            changes: dict[str, object] = {}
            if listed is not None:
                changes["skill_lists"] = (listed,)
            if shape is not None:
                changes["shape"] = shape
            key = f"{chosen.key}-{listed.key if listed else shape.key if shape else ''}"
            chosen = chosen.derive(
                key, f"{chosen.name} ({listed.name if listed else 'own shape'})", **changes
            )
        return cls(chosen, frozenset(switches))

    def has(self, option: OptionalRule) -> bool:
        """Whether an optional rule is switched on."""
        return option in self.options

    def without(self, option: OptionalRule) -> Ruleset:
        """The same ruleset with one switch off."""
        return Ruleset(self.preset, self.options - {option})

    def switched(self, option: OptionalRule | str, on: bool) -> Ruleset:
        """The same ruleset with ``option`` turned on or off between sessions; only the rules in
        :data:`BETWEEN_SESSIONS` may change once a table plays."""
        try:
            chosen = OptionalRule(option)
        except ValueError:
            valid = ", ".join(o.value for o in OptionalRule)
            raise BadInput(f"unknown optional rule {option!r}; choose from: {valid}") from None
        if chosen not in BETWEEN_SESSIONS:
            allowed = ", ".join(sorted(o.value for o in BETWEEN_SESSIONS))
            raise BadInput(
                f"{chosen.value} is chosen when the table is created: it shapes the sheets, "
                f"scenes or rolls already at the table. Only {allowed} may change between "
                "sessions",
                code="option_fixed",
                option=chosen.value,
            )
        if self.has(chosen) == on:
            raise BadInput(
                f"{chosen.value} is already {'on' if on else 'off'}",
                code="option_unchanged",
                option=chosen.value,
            )
        return self.with_option(chosen, on)

    def with_option(self, option: OptionalRule, on: bool) -> Ruleset:
        """The same ruleset with ``option`` on or off, as a table's log recorded the switch: an
        assignment, checked by no rule."""
        return Ruleset(self.preset, self.options | {option} if on else self.options - {option})
