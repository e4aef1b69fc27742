"""The whole books at the table: Fate Core's milestones and extreme consequences end to end, the
extreme consequence's correction, a new scenario's refresh, and refusals citing the table's own
book (srd/fate-core.md § The Long Game > Defining Milestones, § Conflicts > Extreme
Consequences, § The Fate Point Economy > Refresh; issue 39)."""

from __future__ import annotations

import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.words import words
from fatekit.formats import dumps_character
from fatekit.rules import BadInput, IllegalAction, major_npc, mob, new_character
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.core.clock import Milestone
from fatekit.table import Waiver, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.seats import Role

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]

CYNERE_SKILLS = {
    "fight": 4,
    "athletics": 3,
    "physique": 3,
    "notice": 2,
    "provoke": 2,
    "will": 2,
    "burglary": 1,
    "deceive": 1,
    "rapport": 1,
    "stealth": 1,
}


def core_table(preset: str = "core") -> Play:
    """A Fate Core table: Cynere (Ann's), Og the Strong (a main NPC) and a mob of thugs."""
    play = Play()
    play.do(c.CreateTable(name="Kazak-Thorn", preset=preset))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    play.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    cynere = new_character(
        preset,
        "cynere",
        "Cynere",
        high_concept="Infamous Girl with Sword",
        trouble="Tempted by Shiny Things",
        aspects=[
            (AspectKind.CHARACTER, "I've Got Zird's Back"),
            (AspectKind.CHARACTER, "Rivals in the Collegia"),
            (AspectKind.CHARACTER, "Ninja Sword Master"),
        ],
        skills=CYNERE_SKILLS,
    )
    play.do(c.AddCharacter(sheet=dumps_character(cynere), owner="ann"), "ann")
    og = major_npc(
        preset,
        "og",
        "Og the Strong",
        high_concept="Og Smash!",
        aspects=[(AspectKind.CHARACTER, "Og Not Terribly Bright")],
        skills={"fight": 6, "physique": 5, "athletics": 4, "notice": 5},
    )
    play.do(c.AddCharacter(sheet=dumps_character(og)))
    thugs = mob(preset, "thugs", "Street Toughs", 3, ["Street Gang"], {"fight": 1})
    play.do(c.AddCharacter(sheet=dumps_character(thugs)))
    play.do(c.StartSession())
    play.do(c.StartScene(name="Caverns", participants=("cynere", "og", "thugs")))
    return play


def worn_down(play: Play) -> None:
    """A conflict in which Cynere has only her 4-point box left, and Og hits her for 9."""
    play.do(c.StartConflict(sides=(("heroes", ("cynere",)), ("foes", ("og", "thugs")))))
    play.do(c.CorrectStress(character_id="cynere", track="physical", marked=(0, 1, 2)))
    for slot, name in enumerate(("Bruised", "Deep Cut", "Nearly Gutted")):
        play.do(c.CorrectConsequence(character_id="cynere", slot=slot, name=name))
    play.do(c.Attack(actor="og", target="cynere", skill="fight", dice="+++0", defend_dice="----"))
    play.do(c.ResolveRoll(option="hit"))


def pending(play: Play, seat: str = "ann") -> dict[str, object]:
    conflict = view_for(play.s, seat)["conflict"]
    assert conflict is not None
    hit = conflict["pending_hit"]
    assert isinstance(hit, dict)
    return hit


# -- extreme consequences ------------------------------------------------------------------


@pytest.mark.rule("consequence.extreme", "consequence.extreme-last-ditch")
def test_an_extreme_consequence_is_taken_named_and_logged() -> None:
    """srd/fate-core.md § Extreme Consequences: the hit panel's plan names the extreme
    consequence and the aspect it replaces; the log says what happened."""
    play = core_table()
    worn_down(play)
    hit = pending(play)
    assert hit["absorb_options"] == [{"boxes": [3], "slots": [], "extreme": True}]
    replaceable = [a["id"] for a in hit["extreme_replaces"]]  # type: ignore[union-attr]
    assert "cynere/high_concept/1" not in replaceable and "cynere/character/1" in replaceable
    taken = play.do(
        c.Absorb(
            boxes=(3,),
            extreme=c.ExtremeConsequence(
                name="Soul-Burned by the Demon", replaces="cynere/character/1"
            ),
        ),
        "ann",
    ).events[0]
    assert isinstance(taken, e.HitAbsorbed) and taken.replaced_name == "I've Got Zird's Back"
    sheet = play.s.game.character("cynere")
    assert "I've Got Zird's Back" not in [a.name for a in sheet.aspects]
    extreme = sheet.consequences[-1]
    assert extreme.aspect is not None and extreme.aspect.name == "Soul-Burned by the Demon"
    assert extreme.aspect.free_invokes_held_by("og") == 1
    logged = next(x["data"] for x in log_of(play, "sam") if x["type"] == "HitAbsorbed")
    assert logged["extreme"] == {
        "name": "Soul-Burned by the Demon",
        "replaces": "cynere/character/1",
    }
    assert logged["replaced_name"] == "I've Got Zird's Back"
    assert_replays(play, ("gm", "ann", "sam"))


@pytest.mark.rule("consequence.extreme-last-ditch")
def test_the_gm_allows_an_extreme_consequence_with_one_waiver() -> None:
    """An extreme consequence stress could spare is refused under the last-ditch rule, which
    the GM sets aside with one waiver; the log keeps the rule and the reason."""
    play = core_table()
    play.do(c.StartConflict(sides=(("heroes", ("cynere",)), ("foes", ("og", "thugs")))))
    play.do(c.Attack(actor="og", target="cynere", skill="fight", dice="0000", defend_dice="0000"))
    play.do(c.ResolveRoll(option="hit"))
    assert not any(o["extreme"] for o in pending(play)["absorb_options"])  # type: ignore[union-attr]
    assert "extreme_replaces" not in pending(play)
    extreme = c.ExtremeConsequence(name="Scarred for Life", replaces="cynere/trouble/1")
    with pytest.raises(IllegalAction) as refused:
        play.do(c.Absorb(extreme=extreme), "ann")
    assert refused.value.rule.key == "consequence.extreme-last-ditch" and refused.value.waivable
    assert refused.value.book == "srd/fate-core.md"
    waiver = Waiver(("consequence.extreme-last-ditch",), "she wants Og to remember this")
    event = play.do(c.Absorb(extreme=extreme), waiver=waiver).events[0]
    assert isinstance(event, e.HitAbsorbed) and event.waived == ("consequence.extreme-last-ditch",)
    assert event.replaced_name == "Tempted by Shiny Things"
    assert play.s.game.character("cynere").consequences[-1].aspect is not None
    assert_replays(play, ("gm", "ann"))


def test_an_empty_plan_is_malformed_and_no_waiver_lets_it_through() -> None:
    """Issue 39: the page sent {"boxes":[],"slots":[],"names":[]}; two waivers let a 7-shift
    hit through with no harm. An empty plan is malformed: no waiver sets it aside."""
    play = core_table()
    worn_down(play)
    with pytest.raises(BadInput, match="takes no stress box"):
        play.do(c.Absorb(), "ann")
    with pytest.raises(BadInput, match="takes no stress box"):
        play.do(c.Absorb(), waiver=Waiver(("harm.absorb", "harm.only-as-needed"), "whatever"))


@pytest.mark.rule("consequence.extreme-who")
def test_a_mob_is_never_offered_an_extreme_consequence() -> None:
    """Issue 39: a mob of nameless NPCs was offered an extreme consequence for a 1-shift hit."""
    play = core_table()
    play.do(c.StartConflict(sides=(("heroes", ("cynere",)), ("foes", ("og", "thugs")))))
    play.do(c.CorrectTurn(current="cynere"))
    play.dice[:] = ["----"]  # the mob's defence, rolled by the table
    play.do(c.Attack(actor="cynere", target="thugs", skill="fight", dice="0000"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    hit = pending(play, "gm")
    assert hit["target"] == "thugs"
    assert not any(o["extreme"] for o in hit["absorb_options"])  # type: ignore[union-attr]


@pytest.mark.rule("consequence.extreme")
def test_the_gm_corrects_an_extreme_consequence() -> None:
    """The GM writes an extreme consequence taken away from the table, renames it, and takes
    one back (the aspect it replaced returns); every seat's log says what changed."""
    play = core_table()
    written = play.do(
        c.CorrectExtreme(character_id="cynere", name="One-Eyed", replaces="cynere/character/2")
    ).events[0]
    assert isinstance(written, e.ExtremeCorrected) and written.was is None
    sheet = play.s.game.character("cynere")
    assert "Rivals in the Collegia" not in [a.name for a in sheet.aspects]
    slot = sheet.consequences[-1]
    assert slot.aspect is not None and slot.aspect.id == written.consequence_id
    play.do(
        c.CorrectExtreme(
            character_id="cynere", consequence_id=written.consequence_id, name="Eye Patch"
        )
    )
    renamed = play.s.game.character("cynere").consequences[-1].aspect
    assert renamed is not None and renamed.name == "Eye Patch"
    with pytest.raises(BadInput):
        play.do(c.CorrectExtreme(character_id="cynere", name="X", replaces="cynere/high_concept/1"))
    with pytest.raises(Exception, match="GM"):
        play.do(
            c.CorrectExtreme(character_id="cynere", consequence_id=written.consequence_id), "ann"
        )
    back = play.do(
        c.CorrectExtreme(character_id="cynere", consequence_id=written.consequence_id)
    ).events[0]
    assert isinstance(back, e.ExtremeCorrected) and back.name is None and back.was == "Eye Patch"
    sheet = play.s.game.character("cynere")
    assert "Rivals in the Collegia" in [a.name for a in sheet.aspects]
    assert all(s.severity.value != "extreme" for s in sheet.consequences)
    kinds = [x["type"] for x in log_of(play, "sam")]
    assert kinds.count("ExtremeCorrected") == 3
    assert_replays(play, ("gm", "ann", "sam"))


# -- milestones ------------------------------------------------------------------------------


def test_a_condensed_table_has_no_significant_milestone(play: Play) -> None:
    play.do(c.EndScene())
    with pytest.raises(BadInput) as refused:
        play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    assert refused.value.code == "milestone_level"
    assert view_for(play.s, "ann")["table"]["milestone_levels"] == ["minor", "major"]


@pytest.mark.rule("advancement.significant", "advancement.minor-recovery")
def test_fate_core_milestones_of_every_kind_at_the_table() -> None:
    """srd/fate-core.md § Defining Milestones: a minor milestone at a session's end, a
    significant one at a scenario's (a skill point, severe consequences start recovering), a
    major one at an arc's (refresh, the high concept, an extreme consequence made permanent)."""
    play = core_table()
    view = view_for(play.s, "ann")["table"]
    assert view["advancement"] == "core"
    assert view["milestone_levels"] == ["minor", "significant", "major"]
    assert view["book_rules"] == ["extreme_consequences", "full_defense_core"]
    play.do(c.CorrectConsequence(character_id="cynere", slot=1, name="Deep Cut"))
    play.do(c.CorrectConsequence(character_id="cynere", slot=2, name="Nearly Gutted"))
    play.do(
        c.CorrectExtreme(character_id="cynere", name="Demon-Marked", replaces="cynere/character/1")
    )
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    assert view_for(play.s, "ann")["milestones"] == {"cynere": "minor"}
    with pytest.raises(BadInput) as refused:  # Fate Condensed's commands are not Fate Core's
        play.do(
            c.Milestone(
                character_id="cynere",
                choice=c.MilestoneChange(
                    kind=c.ChangeKind.SWAP_SKILLS, first="fight", second="lore"
                ),
            ),
            "ann",
        )
    assert refused.value.code == "milestone_kind"
    play.do(
        c.SpendMilestone(
            character_id="cynere",
            change=c.MilestoneChange(
                kind=c.ChangeKind.REWRITE_ASPECT,
                aspect_id="cynere/character/2",
                name="Rivals No More",
            ),
            recovery_names=(("cynere/consequence/1", "Stitched Up"),),
        ),
        "ann",
    )
    sheet = play.s.game.character("cynere")
    assert sheet.consequences[1].recovering and "Rivals No More" in [a.name for a in sheet.aspects]
    assert play.s.milestones == {}
    # The next session ends the scenario.
    play.do(c.StartSession())
    play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    assert play.s.game.clock.significant_milestones == 1
    play.do(
        c.SpendMilestone(
            character_id="cynere",
            raise_now=("lore",),
            recovery_names=(("cynere/consequence/2", "Bandaged"),),
        ),
        "ann",
    )
    sheet = play.s.game.character("cynere")
    assert sheet.rating("lore") == 1 and sheet.consequences[2].recovering
    # A severe consequence renamed at a significant milestone clears after the next scenario.
    play.do(c.StartSession())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    sheet = play.s.game.character("cynere")
    assert sheet.consequences[2].is_free
    extreme_id = next(
        s.aspect.id for s in sheet.consequences if s.severity.value == "extreme" and s.aspect
    )
    spent = play.do(
        c.SpendMilestone(
            character_id="cynere",
            high_concept="Demon-Hunting Girl with Sword",
            extreme_names=((extreme_id, "I Must Kill the Demon's Kind"),),
        ),
        "ann",
    ).events[0]
    assert isinstance(spent, e.MilestoneSpent) and spent.level is Milestone.MAJOR
    assert [(s.aspect_id, s.name) for s in spent.settled] == [
        ("cynere/character/1", "I Must Kill the Demon's Kind")
    ]
    sheet = play.s.game.character("cynere")
    assert sheet.refresh_awarded == 1 and sheet.refresh == 4
    assert sheet.high_concept is not None and sheet.high_concept.name.startswith("Demon-Hunting")
    assert ("cynere/character/1", "I Must Kill the Demon's Kind") in [
        (a.id, a.name) for a in sheet.aspects
    ]
    assert all(s.severity.value != "extreme" for s in sheet.consequences)
    logged = [x for x in log_of(play, "sam") if x["type"] == "MilestoneSpent"]
    assert [x["data"]["level"] for x in logged] == ["major", "significant", "minor"]
    assert "sheet" not in logged[0]["data"]
    assert_replays(play, ("gm", "ann", "sam"))


def test_a_milestone_open_is_never_replaced_by_a_smaller_one() -> None:
    play = core_table()
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    play.do(c.StartSession())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    assert play.s.milestones == {"cynere": Milestone.SIGNIFICANT}


@pytest.mark.rule("advancement.skill-cap")
def test_the_skill_cap_is_the_campaigns() -> None:
    """srd/fate-core.md § Major Milestones: past the cap only at a major milestone."""
    play = core_table()
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    with pytest.raises(IllegalAction) as refused:
        play.do(c.SpendMilestone(character_id="cynere", raise_now=("fight",)), "ann")
    assert refused.value.rule.key in {"advancement.skill-cap", "skills.column-rule"}


@pytest.mark.rule("fate-points.scenario-reset")
def test_a_new_scenario_starts_everyone_at_their_refresh() -> None:
    """srd/fate-core.md § The Fate Point Economy > Refresh: more than refresh carries over from
    session to session, but a new scenario resets fate points to refresh."""
    play = core_table()
    play.do(c.CorrectFatePoints(character_id="cynere", fate_points=6))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    play.do(c.StartSession())
    assert play.s.game.ledger.account("cynere").available == 6  # carried over
    play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    play.do(c.StartSession())
    assert play.s.game.ledger.account("cynere").available == 3  # a new scenario
    assert_replays(play, ("gm", "ann"))
    condensed = seated()
    condensed.do(c.CorrectFatePoints(character_id="ruth", fate_points=6))
    condensed.do(c.EndScene())
    condensed.do(c.EndSession(milestone=Milestone.MAJOR))
    condensed.do(c.StartSession())
    assert condensed.s.game.ledger.account("ruth").available == 6  # Fate Condensed keeps them


# -- citations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "source", "section"),
    [
        ("core", "srd/fate-core.md", "Milestones"),
        ("fae", "srd/fate-accelerated-SRD.md", "Milestones"),
        ("condensed", "srd/Fate-Condensed-SRD-CC-BY.md", "Minor Milestones"),
        ("ode", "ode-kortfattad.sv.rst", "Karriär > Milsten"),
    ],
)
def test_a_refusal_cites_the_tables_own_book(preset: str, source: str, section: str) -> None:
    """Issue 39: a refusal on a Core table cited the Condensed text. Each table cites its own
    book: Fate Core, Fate Accelerated, Fate Condensed, or the Swedish Öde."""
    from fatekit.server.errors import problem

    play = seated(preset=preset)
    command: c.Command
    if preset in ("core", "fae"):
        command = c.SpendMilestone(character_id="ruth")
    else:
        command = c.Milestone(
            character_id="ruth",
            choice=c.MilestoneChange(
                kind=c.ChangeKind.REWRITE_ASPECT, aspect_id="ruth/aspect/9", name="x"
            ),
        )
    with pytest.raises(IllegalAction) as refused:
        play.do(command, "ann")
    assert refused.value.rule.key == "advancement.milestone"
    _, body = problem(refused.value)
    assert body["rule"]["source"] == source
    assert section in body["rule"]["section"]
    assert body["rule"]["book"] == {"fae": "accelerated"}.get(preset, preset)


# -- Fate Accelerated ------------------------------------------------------------------------


def fae_table() -> Play:
    play = Play()
    play.do(c.CreateTable(name="Skyship Nimbus", preset="fae"))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    kiri = new_character(
        "fae",
        "kiri",
        "Kiri",
        high_concept="Ninja of the Silver Lotus",
        trouble="Sworn Rival",
        skills={"quick": 3, "sneaky": 2, "clever": 2, "careful": 1, "flashy": 1},
    )
    play.do(c.AddCharacter(sheet=dumps_character(kiri), owner="ann"), "ann")
    play.do(c.StartSession())
    return play


@pytest.mark.rule("advancement.approach-cap", "advancement.fae-clears")
def test_fate_accelerated_milestones_at_the_table() -> None:
    """srd/fate-accelerated-SRD.md § Milestones: a significant milestone raises an approach with
    no column rule and clears a severe consequence two sessions old; no trading approaches."""
    play = fae_table()
    play.do(c.CorrectConsequence(character_id="kiri", slot=2, name="Broken Leg"))
    play.do(c.EndSession(milestone=Milestone.MINOR))
    with pytest.raises(IllegalAction) as refused:
        play.do(
            c.SpendMilestone(
                character_id="kiri",
                change=c.MilestoneChange(
                    kind=c.ChangeKind.REPLACE_SKILL, old="flashy", new="forceful"
                ),
            ),
            "ann",
        )
    assert refused.value.rule.key == "advancement.milestone"
    assert refused.value.book == "srd/fate-accelerated-SRD.md"
    play.do(c.SpendMilestone(character_id="kiri"), "ann")
    play.do(c.StartSession())
    play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
    play.do(
        c.SpendMilestone(character_id="kiri", raise_now=("quick",), clear=("kiri/consequence/2",)),
        "ann",
    )
    kiri = play.s.game.character("kiri")
    assert kiri.rating("quick") == 4 and kiri.consequences[2].is_free
    assert_replays(play, ("gm", "ann"))


@pytest.mark.rule("advancement.skill-cap")
def test_banked_points_spent_between_milestones_keep_the_cap() -> None:
    """srd/fate-core.md § Major Milestones: only a major milestone takes a skill past the cap,
    so points banked earlier and spent between milestones keep under it."""
    play = core_table()
    play.do(c.EndScene())
    for _ in range(2):  # two scenarios end; each point is banked
        play.do(c.EndSession(milestone=Milestone.SIGNIFICANT))
        play.do(c.SpendMilestone(character_id="cynere"), "ann")
        play.do(c.StartSession())
    assert play.s.game.character("cynere").skill_steps_banked == 2
    # Athletics to Great keeps the columns under Fight at Superb: only the cap stands in the way.
    with pytest.raises(IllegalAction) as refused:
        play.do(c.RaiseSkills(character_id="cynere", steps=("athletics", "fight")), "ann")
    assert refused.value.rule.key == "advancement.skill-cap"
    play.do(c.RaiseSkills(character_id="cynere", steps=("lore",)), "ann")
    assert play.s.game.character("cynere").rating("lore") == 1


@pytest.mark.rule("compel.self")
@pytest.mark.rule("consequence.extreme")
def test_a_self_compel_on_an_aspect_an_extreme_consequence_replaced_is_only_turned_down() -> None:
    """The table agent's find (golden release 52039c3, game 501259): Ann asked for a
    self-compel on Cynere's aspect, then an extreme consequence took that aspect's place. The
    GM was offered both answers and agreeing was refused; now the self-compel offers only
    turning it down, and agreeing is refused with a coded reason, changing nothing."""
    play = core_table()
    asked = play.do(
        c.SelfCompel(
            aspect_id="cynere/character/2", target="cynere", complication="An old rival calls"
        ),
        "ann",
    ).events[0]
    assert isinstance(asked, e.SelfCompelAsked)
    offered = view_for(play.s, "gm")["self_compels"]
    assert [s["answers"] for s in offered] == [[True, False]]
    assert [s["answers"] for s in view_for(play.s, "ann")["self_compels"]] == [[]]
    play.do(c.CorrectExtreme(character_id="cynere", name="One-Eyed", replaces="cynere/character/2"))
    assert [s["answers"] for s in view_for(play.s, "gm")["self_compels"]] == [[False]]
    # Seats that saw the aspect when it was asked for keep its id, so the page and Discord say it
    # is no longer in play rather than that it is hidden.
    for seat in ("ann", "sam"):
        said = view_for(play.s, seat)
        assert [s["aspect_id"] for s in said["self_compels"]] == ["cynere/character/2"]
        reader = Reader(said, words("en"))
        assert reader.self_compels()[0].count(words("en")("aspect.gone_name")) == 1
    version, points = play.s.version, play.s.game.ledger.wallet("cynere").available
    with pytest.raises(BadInput) as refused:
        play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=True))
    assert refused.value.code == "aspect_gone"
    assert (play.s.version, play.s.game.ledger.wallet("cynere").available) == (version, points)
    play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=False))
    assert view_for(play.s, "gm")["self_compels"] == []
    assert_replays(play, ("gm", "ann"))
