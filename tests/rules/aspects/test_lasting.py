"""The aspects that outlast a scene and removing aspects, in the rules engine alone
(fate-condensed.ru.md § Other Kinds of Aspects; § How Can I Add and Remove Aspects?)."""

from __future__ import annotations

import pytest

from fatekit.rules import AspectKind, AspectsInPlay, BadInput, IllegalAction
from fatekit.rules.aspects.compels import offer_compel
from fatekit.rules.aspects.effects import carry_out
from fatekit.rules.aspects.fate_points import GM, FateLedger
from fatekit.rules.aspects.invokes import check_invoke
from fatekit.rules.aspects.lasting import (
    LastingAspects,
    check_overcome_removes,
    check_removes_freely,
)
from fatekit.rules.core.actions import Option, Succeed
from fatekit.rules.core.waivers import waiving


def ledger() -> FateLedger:
    found = FateLedger()
    found.add_pc("ruth", 3)
    found.add_pc("charles", 3)
    return found


@pytest.mark.rule("aspect.scenario")
def test_lasting_aspects_take_ids_of_their_own_and_a_scenario_closes() -> None:
    lasting = LastingAspects()
    theme = lasting.add("Spies Everywhere", AspectKind.SETTING)
    trope = lasting.add("Everyone Has a Price", AspectKind.SCENARIO)
    assert (theme.id, trope.id) == ("w1", "w2")  # never a scene's a1, a2...
    assert [a.id for a in lasting.close_scenario()] == ["w2"]
    assert [a.id for a in lasting] == ["w1"]
    with pytest.raises(BadInput):
        lasting.add("Slick Floor", AspectKind.SITUATION)


@pytest.mark.rule("aspect.organization")
def test_an_organization_aspect_is_its_members_own() -> None:
    lasting = LastingAspects()
    lasting.set_member("ruth", "Thieves' Guild", True)
    guild = lasting.add(
        "The Guild Never Forgets", AspectKind.ORGANIZATION, organization="Thieves' Guild"
    )
    book = ledger()
    assert guild.members == {"ruth"}
    check_invoke(guild, "ruth", free=False, ledger=book)
    with pytest.raises(IllegalAction) as outsider:
        check_invoke(guild, "charles", free=False, ledger=book)
    assert outsider.value.rule.key == "aspect.organization" and outsider.value.waivable
    with waiving({"aspect.organization"}):  # the GM's word: a hostile use, say
        check_invoke(guild, "charles", free=False, ledger=book)
    # A free invoke someone earned on it is theirs, member or not.
    guild.add_free_invokes("charles")
    check_invoke(guild, "charles", free=True, ledger=book)
    offer_compel(guild, "ruth", offered_by=GM, ledger=book, complication="A debt comes due")
    with pytest.raises(IllegalAction):
        offer_compel(guild, "charles", offered_by=GM, ledger=book, complication="A debt")
    lasting.set_member("charles", "Thieves' Guild", True)
    lasting.set_member("ruth", "Thieves' Guild", False)
    assert guild.members == {"charles"} and lasting.organizations_of("ruth") == []
    with pytest.raises(BadInput) as nameless:
        lasting.add("Loyal", AspectKind.ORGANIZATION)
    assert nameless.value.code == "organization_name"


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_removes_what_a_scene_brought_on_any_success() -> None:
    scene = AspectsInPlay()
    fire = scene.create("Raging Fire")
    check_overcome_removes(fire)
    done = carry_out(
        Option("success", (Succeed(),)),
        actor="ruth",
        opposition=GM,
        aspects=scene,
        target=fire,
        removes=True,
    )
    assert done.removed == [fire]
    kept = carry_out(Option("fail", ()), actor="ruth", opposition=GM, aspects=scene, target=fire)
    assert kept.removed == []
    theme = LastingAspects().add("The Docks Are Dying", AspectKind.SETTING)
    with pytest.raises(IllegalAction) as lasting:
        check_overcome_removes(theme)
    assert lasting.value.rule.key == "aspect.setting"
    trouble = scene.create("Owes the Wrong People", AspectKind.TROUBLE, owner="ruth")
    with pytest.raises(IllegalAction) as sheet:
        check_overcome_removes(trouble)
    assert not sheet.value.waivable  # a sheet changes at milestones, not by removing


@pytest.mark.rule("aspect.remove-freely")
def test_without_a_roll_the_gm_removes_and_a_holder_lets_a_boost_go() -> None:
    scene = AspectsInPlay()
    tied = scene.create("All Tied Up")
    check_removes_freely(tied, GM)
    with pytest.raises(IllegalAction):
        check_removes_freely(tied, "ruth")
    boost = scene.create_boost("ruth", "Momentum")
    check_removes_freely(boost, "ruth")
    with pytest.raises(IllegalAction):
        check_removes_freely(boost, "charles")
