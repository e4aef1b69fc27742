"""Carrying out a chosen option of a resolution on the aspects in play."""

from __future__ import annotations

from dataclasses import dataclass, field

from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay
from fatekit.rules.core.actions import (
    AddFreeInvokes,
    CreateAspect,
    Fail,
    GainBoost,
    Hit,
    MajorCost,
    MinorCost,
    Option,
    PartialSuccess,
    RevealAspect,
    Side,
    Succeed,
    TakeHit,
)
from fatekit.rules.core.errors import BadInput

__all__ = ["Applied", "carry_out"]


@dataclass(slots=True)
class Applied:
    """What carrying out an option changed."""

    created: list[Aspect] = field(default_factory=list)
    boosts: list[Aspect] = field(default_factory=list)
    revealed: list[Aspect] = field(default_factory=list)
    removed: list[Aspect] = field(default_factory=list)  # what an overcome took out of play
    hit: int = 0
    takes_hit: bool = False  # the actor takes a hit the GM sizes
    succeeded: bool | None = None
    partial: bool = False
    cost: str | None = None  # "minor" or "major", for the GM to narrate


def carry_out(
    option: Option,
    *,
    actor: str,
    opposition: str | None,
    aspects: AspectsInPlay,
    target: Aspect | None = None,
    aspect_name: str = "",
    aspect_owner: str | None = None,
    boost_names: dict[Side, str] | None = None,
    removes: bool = False,
    checked: bool = True,
) -> Applied:
    """Apply ``option``'s effects: create aspects and boosts, add free invokes, reveal aspects.

    ``target`` is the existing aspect of a create an advantage on one; ``aspect_name`` names a
    new one (``aspect_owner`` when it sits on a character). A hit is reported, not absorbed:
    absorbing harm is the defender's choice. Everything is checked before anything changes.

    ``removes``: the roll is an overcome to remove ``target``; any success (at a cost too) takes
    it out of play, which :attr:`Applied.removed` reports for the caller, who knows where it
    lives, to carry out. Not ``checked``: an option a table's log recorded, carried out with no
    rule asked whether it may be now (a boost's one free invoke, say).
    """
    names = boost_names or {}
    needs_opposition = any(_holder(e) is Side.OPPOSITION for e in option.effects)
    if needs_opposition and opposition is None:
        raise BadInput("this option gives something to the opposition, but there is none")
    if any(isinstance(e, CreateAspect) for e in option.effects) and not aspect_name.strip():
        raise BadInput("name the new aspect")
    if any(isinstance(e, AddFreeInvokes | RevealAspect) for e in option.effects) and target is None:
        raise BadInput("this option works on an existing aspect: say which")

    def who(side: Side) -> str:
        return actor if side is Side.ACTOR else opposition  # type: ignore[return-value]

    applied = Applied()
    for effect in option.effects:
        if isinstance(effect, CreateAspect):
            created = aspects.create(
                aspect_name,
                AspectKind.SITUATION,
                owner=aspect_owner,
                free_invokes=[(who(effect.holder), effect.free_invokes)],
            )
            applied.created.append(created)
        elif isinstance(effect, AddFreeInvokes):
            assert target is not None
            if checked:
                target.add_free_invokes(who(effect.holder), effect.count)
            else:
                target.give_free_invokes(who(effect.holder), effect.count)
        elif isinstance(effect, RevealAspect):
            assert target is not None
            target.reveal()
            applied.revealed.append(target)
        elif isinstance(effect, GainBoost):
            boost = aspects.create_boost(who(effect.to), names.get(effect.to, ""))
            applied.boosts.append(boost)
        elif isinstance(effect, Hit):
            applied.hit = effect.shifts
        elif isinstance(effect, Succeed):
            applied.succeeded = True
        elif isinstance(effect, Fail):
            applied.succeeded = False
        elif isinstance(effect, PartialSuccess):
            applied.succeeded = True
            applied.partial = True
        elif isinstance(effect, TakeHit):
            applied.takes_hit = True
        elif isinstance(effect, MinorCost):
            applied.cost = "minor"
        elif isinstance(effect, MajorCost):
            applied.cost = "major"
    if removes and target is not None and applied.succeeded:
        applied.removed.append(target)
    return applied


def _holder(effect: object) -> Side | None:
    if isinstance(effect, CreateAspect | AddFreeInvokes):
        return effect.holder
    if isinstance(effect, GainBoost):
        return effect.to
    return None
