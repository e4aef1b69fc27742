"""The aspects that outlast a scene ("Other Kinds of Aspects": setting, scenario and organization
aspects), and taking an aspect out of play ("How Can I Add and Remove Aspects?").

A setting aspect belongs to the campaign and stays until the GM takes it away; a scenario aspect
is open to every character until the GM closes the part of the story it belongs to; an
organization aspect is each member's as if it were their own. Any of them may be removed by the
GM; an overcome removes only what a scene brought (a situation or zone aspect, a boost).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse

__all__ = [
    "ORGANIZATION_RULE",
    "REMOVE_BY_OVERCOME_RULE",
    "REMOVE_FREELY_RULE",
    "SCENARIO_RULE",
    "SETTING_ASPECT_RULE",
    "SETTING_RULE",
    "Issue",
    "LastingAspects",
    "check_organization_compel",
    "check_organization_invoke",
    "check_overcome_removes",
    "check_removable",
    "check_removes_freely",
    "removable",
]

SETTING_RULE = rule(
    "setting.define",
    CONDENSED,
    "Getting Started > Define Your Setting",
    "Every game starts from a setting the table agrees on; it decides what is true and what fits",
)
SETTING_ASPECT_RULE = rule(
    "aspect.setting",
    CONDENSED,
    "Other Kinds of Aspects",
    "A setting aspect is a recurring theme of the whole campaign, open to every character; "
    "unlike a scenario aspect it never goes away by itself",
)
SCENARIO_RULE = rule(
    "aspect.scenario",
    CONDENSED,
    "Other Kinds of Aspects",
    "A scenario aspect is open to every character in the story until its part of the story "
    "concludes",
)
ORGANIZATION_RULE = rule(
    "aspect.organization",
    CONDENSED,
    "Other Kinds of Aspects",
    "An organization aspect may be used by every member of the organization as if it were their "
    "own: members invoke it and are the ones it complicates",
)
REMOVE_BY_OVERCOME_RULE = rule(
    "aspect.remove-overcome",
    CONDENSED,
    "How Can I Add and Remove Aspects?",
    "An aspect the story lets a character remove may take an overcome, which an opponent may "
    "defend against to keep it; succeeding removes it",
)
REMOVE_FREELY_RULE = rule(
    "aspect.remove-freely",
    CONDENSED,
    "How Can I Add and Remove Aspects?",
    "When nothing in the story stands in the way, an aspect simply goes, with no roll",
)


class Issue(StrEnum):
    """A setting's issues, which the table plays as setting aspects."""

    CURRENT = "current"  # a problem the setting has now
    IMPENDING = "impending"  # a threat about to break out


#: The kinds an overcome may remove: what a scene brought. Character aspects change at
#: milestones and consequences by recovering; the story's lasting aspects are the GM's.
_OVERCOMABLE = frozenset({AspectKind.SITUATION, AspectKind.ZONE, AspectKind.BOOST})


class LastingAspects:
    """The story's aspects that outlast scenes and sessions, with ids of their own (``w1``,
    ``w2``...), and which characters belong to which organization."""

    __slots__ = ("aspects", "memberships")

    def __init__(self) -> None:
        self.aspects = AspectsInPlay(prefix="w")
        self.memberships: dict[str, set[str]] = {}  # organization -> member character ids

    def __iter__(self) -> Iterator[Aspect]:
        return iter(self.aspects)

    def __contains__(self, aspect_id: object) -> bool:
        return aspect_id in self.aspects

    def add(self, name: str, kind: AspectKind, *, organization: str | None = None) -> Aspect:
        """A new setting, scenario or organization aspect (an organization's needs its name)."""
        if not kind.is_lasting:
            raise BadInput(f"a {kind.value} aspect belongs to a scene or a sheet, not the story")
        org = (organization or "").strip() or None
        if (kind is AspectKind.ORGANIZATION) != (org is not None):
            raise BadInput(
                "name the organization of an organization aspect (and of no other kind)",
                code="organization_name",
            )
        aspect = self.aspects.create(name, kind)
        aspect.organization = org
        if org is not None:
            aspect.members = set(self.memberships.get(org, ()))
        return aspect

    def set_member(self, character_id: str, organization: str, member: bool) -> None:
        """Make a character a member of an organization, or no longer one."""
        org = organization.strip()
        if not org:
            raise BadInput("name the organization", code="organization_name")
        members = self.memberships.setdefault(org, set())
        if member:
            members.add(character_id)
        else:
            members.discard(character_id)
            if not members:
                del self.memberships[org]
        for aspect in self.aspects:
            if aspect.organization == org:
                aspect.members = set(members)

    def organizations_of(self, character_id: str) -> list[str]:
        """The organizations a character belongs to, by name."""
        return sorted(o for o, members in self.memberships.items() if character_id in members)

    def remove(self, aspect_id: str) -> Aspect:
        """Take a lasting aspect away (the GM's word)."""
        return self.aspects.remove(aspect_id)

    def close_scenario(self) -> list[Aspect]:
        """The scenario's part of the story is over: its aspects go; return them."""
        closing = [a for a in self.aspects if a.kind is AspectKind.SCENARIO]
        for aspect in closing:
            self.aspects.remove(aspect.id)
        return closing

    def forget(self, character_ids: Iterable[str]) -> None:
        """Characters who left the game are no longer members of anything."""
        for character_id in character_ids:
            for org in list(self.memberships):
                self.set_member(character_id, org, False)


def check_organization_invoke(aspect: Aspect, by: str) -> None:
    """Only members pay to invoke an organization aspect, as they would their own (a free
    invoke someone earned on it is theirs to spend, member or not)."""
    if aspect.kind is AspectKind.ORGANIZATION and by != GM and by not in aspect.members:
        refuse(
            f"{by} is not a member of {aspect.organization}: only its members invoke "
            f"{aspect.label} as their own",
            ORGANIZATION_RULE,
        )


def check_organization_compel(aspect: Aspect, target: str) -> None:
    """An organization aspect complicates its members' lives, as their own aspects do."""
    if aspect.kind is AspectKind.ORGANIZATION and target not in aspect.members:
        refuse(
            f"{target} is not a member of {aspect.organization}: {aspect.label} is compelled on "
            "its members",
            ORGANIZATION_RULE,
        )


def removable(aspect: Aspect) -> bool:
    """Whether ``aspect`` is one a removal may take out of play (:func:`check_removable`'s
    test): not a character's own aspect, nor a consequence."""
    return not (aspect.kind.is_character_aspect or aspect.kind is AspectKind.CONSEQUENCE)


def check_removable(aspect: Aspect) -> None:
    """Raise for an aspect nobody takes out of play by removing it: a character's own aspects
    change at milestones, and consequences go by recovering."""
    if not removable(aspect):
        raise IllegalAction(
            f"{aspect.label} is on a character's sheet: it changes at a milestone, or "
            "recovers, rather than being removed",
            REMOVE_FREELY_RULE,
        )


def check_overcome_removes(aspect: Aspect) -> None:
    """Raise unless an overcome may aim at removing ``aspect``: what a scene brought may be
    overcome; the story's lasting aspects are the GM's to take away."""
    check_removable(aspect)
    if aspect.kind not in _OVERCOMABLE:
        refuse(
            f"{aspect.label} is a {aspect.kind.value} aspect: it lasts beyond the scene, and "
            "the GM takes it away when its part of the story ends",
            SETTING_ASPECT_RULE
            if aspect.kind is AspectKind.SETTING
            else SCENARIO_RULE
            if aspect.kind is AspectKind.SCENARIO
            else ORGANIZATION_RULE,
        )


def check_removes_freely(aspect: Aspect, by: str) -> None:
    """Raise unless ``by`` may take ``aspect`` out of play without a roll. Whether anything in
    the story stands in the way is the GM's call; a character may always let go of a boost they
    hold, which nothing else depends on."""
    check_removable(aspect)
    if by == GM or (aspect.is_boost and aspect.free_invokes_held_by(by) > 0):
        return
    refuse(
        f"{aspect.label} goes without a roll only when nothing in the story stands in the way, "
        "which the GM judges: ask the GM, or roll to overcome it",
        REMOVE_FREELY_RULE,
    )
