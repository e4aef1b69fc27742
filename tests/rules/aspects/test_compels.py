"""Compels (fate-condensed.ru.md § What Can I Do with Aspects? > Compels; § Events and Decisions)."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    GM,
    AspectKind,
    AspectsInPlay,
    BadInput,
    CompelKind,
    CompelState,
    FateLedger,
    IllegalAction,
    offer_compel,
    self_compel,
)
from fatekit.rules.aspects.compels import check_compel_kind


@pytest.fixture
def ledger() -> FateLedger:
    ledger = FateLedger()
    ledger.add_pc("ruth", 1)
    ledger.add_pc("ethan", 0)
    ledger.add_npc("alice")
    ledger.start_scene()
    return ledger


@pytest.fixture
def scene() -> AspectsInPlay:
    return AspectsInPlay()


@pytest.mark.rule("compel.offer")
def test_gm_compel_costs_the_gm_nothing_and_pays_the_target(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    trouble = scene.create("I Must Protect My Brother", AspectKind.TROUBLE, owner="ruth")
    pool = ledger.gm.available
    compel = offer_compel(
        trouble,
        "ruth",
        offered_by=GM,
        ledger=ledger,
        complication="Your brother is taken",
        kind=CompelKind.EVENT,
    )
    assert ledger.gm.available == pool
    compel.accept(ledger)
    assert compel.state is CompelState.ACCEPTED
    assert ledger.wallet("ruth").available == 2
    with pytest.raises(IllegalAction, match="already accepted"):
        compel.refuse(ledger)


@pytest.mark.rule("compel.offer")
def test_a_player_pays_to_offer_a_compel(ledger: FateLedger, scene: AspectsInPlay) -> None:
    reckless = scene.create("Reckless", AspectKind.TROUBLE, owner="ethan")
    compel = offer_compel(
        reckless,
        "ethan",
        offered_by="ruth",
        ledger=ledger,
        complication="He charges in",
        kind=CompelKind.DECISION,
    )
    assert ledger.wallet("ruth").available == 0
    compel.accept(ledger)
    assert ledger.wallet("ethan").available == 1


@pytest.mark.rule("compel.offer", "fate-points.never-negative")
def test_a_player_without_fate_points_cannot_offer_one(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    aspect = scene.create("Reckless", AspectKind.TROUBLE, owner="ruth")
    with pytest.raises(IllegalAction, match="cannot offer a compel"):
        offer_compel(aspect, "ruth", offered_by="ethan", ledger=ledger, complication="x")


@pytest.mark.rule("compel.refuse")
def test_refusing_costs_a_fate_point_and_needs_one(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    ruth_trouble = scene.create("Reckless", AspectKind.TROUBLE, owner="ruth")
    compel = offer_compel(ruth_trouble, "ruth", offered_by=GM, ledger=ledger, complication="x")
    compel.refuse(ledger)
    assert compel.state is CompelState.REFUSED and ledger.wallet("ruth").available == 0

    ethan_trouble = scene.create("Curious", AspectKind.TROUBLE, owner="ethan")
    broke = offer_compel(ethan_trouble, "ethan", offered_by=GM, ledger=ledger, complication="x")
    with pytest.raises(IllegalAction, match="must accept") as error:
        broke.refuse(ledger)
    assert error.value.rule.key == "compel.refuse"
    assert broke.state is CompelState.OFFERED


@pytest.mark.rule("compel.refuse")
def test_refused_player_offer_returns_the_offerers_point(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    proud = scene.create("Proud", AspectKind.CHARACTER, owner="alice")
    ledger.wallet(GM).gain(1)
    compel = offer_compel(proud, "alice", offered_by="ruth", ledger=ledger, complication="x")
    pool = ledger.gm.available
    compel.refuse(ledger)  # the GM refuses for the NPC, from the pool
    assert ledger.gm.available == pool - 1
    assert ledger.wallet("ruth").available == 1


@pytest.mark.rule("compel.withdraw")
def test_withdrawn_compel_costs_nobody_anything(ledger: FateLedger, scene: AspectsInPlay) -> None:
    aspect = scene.create("Reckless", AspectKind.TROUBLE, owner="ethan")
    compel = offer_compel(aspect, "ethan", offered_by="ruth", ledger=ledger, complication="x")
    compel.withdraw(ledger)
    assert compel.state is CompelState.WITHDRAWN
    assert ledger.wallet("ruth").available == 1 and ledger.wallet("ethan").available == 0


@pytest.mark.rule("compel.offer", "aspect.boost")
def test_boosts_cannot_be_compelled(ledger: FateLedger, scene: AspectsInPlay) -> None:
    with pytest.raises(IllegalAction, match="boosts cannot be compelled"):
        offer_compel(
            scene.create_boost("gm"), "ruth", offered_by=GM, ledger=ledger, complication="x"
        )


@pytest.mark.rule("compel.offer")
def test_situation_aspects_and_consequences_can_be_compelled(
    ledger: FateLedger, scene: AspectsInPlay
) -> None:
    for aspect in (
        scene.create("On Fire"),
        scene.create("Sprained Ankle", AspectKind.CONSEQUENCE, owner="ruth"),
    ):
        offer_compel(aspect, "ruth", offered_by=GM, ledger=ledger, complication="x").accept(ledger)
    assert ledger.wallet("ruth").available == 3


@pytest.mark.rule("compel.self")
def test_self_compel_pays_when_the_gm_agrees(ledger: FateLedger, scene: AspectsInPlay) -> None:
    trouble = scene.create("Curious", AspectKind.TROUBLE, owner="ethan")
    assert self_compel(
        trouble, "ethan", ledger=ledger, complication="opened the crate", gm_agrees=True
    )
    assert ledger.wallet("ethan").available == 1
    assert not self_compel(trouble, "ethan", ledger=ledger, complication="again", gm_agrees=False)
    assert ledger.wallet("ethan").available == 1


def test_compel_input_errors(ledger: FateLedger, scene: AspectsInPlay) -> None:
    aspect = scene.create("Reckless", AspectKind.TROUBLE, owner="ruth")
    with pytest.raises(BadInput, match="complication"):
        offer_compel(aspect, "ruth", offered_by=GM, ledger=ledger, complication=" ")
    with pytest.raises(BadInput, match="self-compel"):
        offer_compel(aspect, "ruth", offered_by="ruth", ledger=ledger, complication="x")
    with pytest.raises(BadInput, match="unknown participant"):
        offer_compel(aspect, "nobody", offered_by=GM, ledger=ledger, complication="x")
    assert ledger.wallet("ruth").available == 1


@pytest.mark.rule("compel.kinds")
def test_a_decision_is_the_characters_own_and_says_what_they_decide(scene: AspectsInPlay) -> None:
    """§ Events and Decisions (ode-kortfattad.sv.rst § Händelser och beslut alike): an event is
    an outside force acting through the aspect; a decision comes from the character's own flaws
    or values, and its fallout is the complication."""
    trouble = scene.create("Owes the Wrong People", AspectKind.TROUBLE, owner="ruth")
    fog = scene.create("Thick Fog", AspectKind.SITUATION)
    check_compel_kind(fog, "ruth", CompelKind.EVENT, "")
    check_compel_kind(trouble, "ruth", CompelKind.EVENT, "")
    check_compel_kind(trouble, "ruth", CompelKind.DECISION, "She borrows again")
    with pytest.raises(IllegalAction) as caught:
        check_compel_kind(fog, "ruth", CompelKind.DECISION, "She walks into it")
    assert caught.value.rule.key == "compel.kinds"
    with pytest.raises(IllegalAction):
        check_compel_kind(trouble, "ethan", CompelKind.DECISION, "He lends her money")
    with pytest.raises(BadInput) as untold:
        check_compel_kind(trouble, "ruth", CompelKind.DECISION, "  ")
    assert untold.value.code == "compel_decision_untold"
    with pytest.raises(BadInput) as mixed:
        check_compel_kind(fog, "ruth", CompelKind.EVENT, "She decides to wait")
    assert mixed.value.code == "compel_event_decision"
