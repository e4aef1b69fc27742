"""Treating a consequence at the table (issue 27): who may ask, the roll in play, and when the
consequence clears once treatment succeeds.

Sources: fate-condensed.ru.md § Conflicts > Recovering from Conflicts; ode-kortfattad.sv.rst
§ Återhämta sig från en konflikt; fate-core-conflicts.en.txt § Recovering from a Consequence.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import (
    Action,
    BadInput,
    ForbiddenAction,
    IllegalAction,
    SkillBonus,
    Stunt,
    new_character,
)
from fatekit.rules.core.clock import Milestone
from fatekit.table import Waiver, view_for
from fatekit.table import commands as c
from fatekit.table.events import TreatmentRolled
from fatekit.table.offers import roll_odds

from .conftest import Play, assert_replays, seated


def consequence(play: Play, character: str, slot: int, seat: str = "gm") -> dict[str, Any]:
    """The slot as the seat's view shows it, with what the view says beside the sheet of when
    it clears and what treating it takes (``healing``)."""
    found = next(ch for ch in view_for(play.s, seat)["characters"] if ch["id"] == character)
    return {**found["sheet"]["consequences"][slot], **found["healing"][slot]}


def wounded(preset: str = "condensed") -> Play:
    """The usual table with Ruth's mild slot holding Bruised Ribs and her moderate one a Deep
    Cut (the GM wrote them in)."""
    play = seated(preset=preset)
    play.do(c.CorrectConsequence(character_id="ruth", slot=0, name="Bruised Ribs"))
    play.do(c.CorrectConsequence(character_id="ruth", slot=1, name="Deep Cut"))
    return play


def scene(play: Play) -> None:
    play.do(c.EndScene())
    play.do(c.StartScene(name="Later", participants=("ruth", "charles", "alice")))


@pytest.mark.rule("recovery.treatment")
@pytest.mark.rule("recovery.time")
def test_a_player_treats_another_pc_and_the_mild_clears_after_the_next_scene() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: Ben's Charles treats Ruth's mild
    consequence with Academics against Fair (+2); the roll stays in play, and settled as a
    success the consequence takes its new name and starts recovering; it clears once one
    whole scene after the treatment's has ended, which the view says on it."""
    play = wounded()
    done = play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/0",
            new_name="Strapped Ribs",
            dice="++0+",
        ),
        "ben",
    )
    [rolled] = done.events
    assert isinstance(rolled, TreatmentRolled)
    assert (rolled.patient, rolled.difficulty) == ("ruth", 2)
    [in_play] = view_for(play.s, "ann")["rolls"]
    assert (in_play["kind"], in_play["outcome"], in_play["difficulty"]) == (
        "treatment",
        "success",
        2,
    )
    play.do(c.ResolveRoll(roll=in_play["id"]), "ben")
    slot = consequence(play, "ruth", 0, "ann")
    assert slot["aspect"]["name"] == "Strapped Ribs" and slot["recovering"]
    assert slot["clears_after"] == "scene"
    scene(play)  # the scene it was treated in ends: not a whole one after it
    assert consequence(play, "ruth", 0)["aspect"]["name"] == "Strapped Ribs"
    scene(play)
    assert consequence(play, "ruth", 0)["aspect"] is None
    assert_replays(play)


@pytest.mark.rule("recovery.time")
@pytest.mark.rule("advancement.breakthrough")
def test_a_moderate_recovering_from_a_breakthrough_clears_after_the_next_session() -> None:
    """fate-condensed.ru.md § Прорывы: at a breakthrough a player may start the recovery of
    an untreated moderate consequence, or leave it; the breakthrough falls between sessions,
    so it clears when the next session ends."""
    play = wounded()
    play.do(c.CorrectConsequence(character_id="charles", slot=1, name="Cracked Rib"))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    play.do(
        c.Breakthrough(character_id="ruth", recovery_names=(("ruth/consequence/1", "Stitched"),)),
        "ann",
    )
    play.do(c.Breakthrough(character_id="charles"), "ben")  # Ben leaves his untreated
    assert consequence(play, "ruth", 1)["clears_after"] == "session"
    assert not consequence(play, "charles", 1)["recovering"]
    play.do(c.StartSession())
    play.do(c.StartScene(name="Next", participants=("ruth",)))
    play.do(c.EndScene())
    play.do(c.EndSession())
    assert consequence(play, "ruth", 1)["aspect"] is None
    assert consequence(play, "charles", 1)["aspect"]["name"] == "Cracked Rib"
    assert_replays(play)


@pytest.mark.rule("recovery.treatment")
def test_a_tie_settled_as_success_at_a_cost_starts_recovery() -> None:
    """fate-condensed.ru.md § Overcome: on a tie the GM may grant success at a minor cost; the
    treatment then succeeds and the moderate consequence recovers over the next whole session."""
    play = wounded()
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/1",
            new_name="Stitched Up",
            dice="++++",
        )
    )
    play.do(c.ResolveRoll(option="success_at_minor_cost"))
    assert consequence(play, "ruth", 1)["clears_after"] == "session"
    play.do(c.EndScene())
    play.do(c.EndSession())
    play.do(c.StartSession())
    play.do(c.StartScene(name="Next", participants=("ruth",)))
    assert consequence(play, "ruth", 1)["aspect"]["name"] == "Stitched Up"
    play.do(c.EndScene())
    play.do(c.EndSession())
    assert consequence(play, "ruth", 1)["aspect"] is None
    assert_replays(play)


@pytest.mark.rule("recovery.treatment")
def test_a_failed_treatment_changes_nothing() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: only success starts recovery."""
    play = wounded()
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/0",
            new_name="X",
            dice="----",
        )
    )
    play.do(c.ResolveRoll(option="fail"))
    slot = consequence(play, "ruth", 0)
    assert slot["aspect"]["name"] == "Bruised Ribs" and not slot["recovering"]
    assert view_for(play.s, "gm")["rolls"] == []


def test_who_may_ask_for_a_treatment() -> None:
    """A GM, or a player for a character they act for: the one treating or the one treated. A
    player enters dice only for their own character; a spectator asks for nothing."""
    play = wounded()
    ask = c.Treat(actor="alice", skill="academics", aspect_id="ruth/consequence/0", new_name="Iced")
    play.do(ask, "ann")  # Ann's Ruth is treated by the GM's Alice
    assert view_for(play.s, "gm")["rolls"][0]["actor"] == "alice"
    play.do(c.ResolveRoll(option="fail"))
    with pytest.raises(ForbiddenAction):
        play.do(ask, "ben")  # Ben acts for neither
    with pytest.raises(ForbiddenAction):
        play.do(ask, "sam")
    with pytest.raises(ForbiddenAction, match="enter their dice"):
        play.do(
            c.Treat(
                actor="alice",
                skill="academics",
                aspect_id="ruth/consequence/0",
                new_name="Iced",
                dice="++++",
            ),
            "ann",
        )


@pytest.mark.rule("recovery.treatment-skill")
def test_the_wrong_skill_is_refused_and_the_gm_may_waive_it() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: Academics or Empathy; a stunt may allow
    another skill, which the GM says with a waiver."""
    play = wounded()
    treat = c.Treat(actor="charles", skill="lore", aspect_id="ruth/consequence/0", new_name="Iced")
    with pytest.raises(IllegalAction, match="academics or empathy, not lore") as refused:
        play.do(treat, "ben")
    assert refused.value.waivable and view_for(play.s, "gm")["rolls"] == []
    with pytest.raises(IllegalAction, match="physical consequences are treated with academics"):
        play.do(
            c.Treat(
                actor="charles",
                skill="empathy",
                aspect_id="ruth/consequence/0",
                new_name="Iced",
                harm="physical",
            ),
            "ben",
        )
    done = play.do(treat, "gm", Waiver(("recovery.treatment-skill",), "Scholar, Healer stunt"))
    assert done.events[0].waived == ("recovery.treatment-skill",)
    assert_replays(play)


def test_treatment_needs_a_scene_no_conflict_and_a_consequence_to_treat() -> None:
    """Treatment is an overcome: during a scene, with calm (not in a conflict), on a consequence
    that is there and not recovering already; a bad request changes nothing."""
    play = wounded()
    treat = c.Treat(
        actor="charles", skill="academics", aspect_id="ruth/consequence/0", new_name="N"
    )
    with pytest.raises(BadInput) as missing:
        play.do(
            c.Treat(
                actor="charles", skill="academics", aspect_id="ruth/consequence/2", new_name="N"
            )
        )
    assert missing.value.code == "no_consequence"
    with pytest.raises(BadInput) as blank:
        play.do(
            c.Treat(
                actor="charles", skill="academics", aspect_id="ruth/consequence/0", new_name=" "
            )
        )
    assert blank.value.code == "treatment_name"
    play.do(
        c.StartConflict(sides=(("pcs", ("ruth", "charles")), ("foes", ("alice",))), first="ruth")
    )
    with pytest.raises(BadInput) as fighting:
        play.do(treat)
    assert fighting.value.code == "treat_in_conflict"
    play.do(c.FinishConflict())
    play.do(c.EndScene())
    with pytest.raises(BadInput) as no_scene:
        play.do(treat)
    assert no_scene.value.code == "no_scene"
    play.do(c.StartScene(name="Infirmary", participants=("ruth", "charles")))
    play.do(treat.__class__(**{**_fields(treat), "dice": "++++"}))
    play.do(c.ResolveRoll())
    with pytest.raises(IllegalAction, match="already recovering"):
        play.do(treat)


def _fields(command: c.Treat) -> dict[str, Any]:
    return {
        "actor": command.actor,
        "skill": command.skill,
        "aspect_id": command.aspect_id,
        "new_name": command.new_name,
    }


@pytest.mark.rule("recovery.ode")
def test_ode_treating_oneself_is_no_harder_at_the_table() -> None:
    """ode-kortfattad.sv.rst § Återhämta sig från en konflikt: no extra difficulty on oneself;
    Fate Condensed adds two."""
    for preset, difficulty in (("ode", 2), ("condensed", 4)):
        play = wounded(preset)
        done = play.do(
            c.Treat(actor="ruth", skill="academics", aspect_id="ruth/consequence/0", new_name="N"),
            "ann",
        )
        assert isinstance(done.events[0], TreatmentRolled)
        assert done.events[0].difficulty == difficulty, preset


def test_one_treatment_at_a_time_and_a_treatment_never_strands_the_table() -> None:
    """Found by the table agent: two characters treating one consequence at once left the
    second roll impossible to settle once the first had started the recovery. A second
    treatment waits for the first (refused, naming the roll); and a treatment whose consequence
    the GM cleared or rewrote meanwhile still settles, starting nothing."""
    play = wounded()
    first = play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/0",
            new_name="A",
            dice="----",
        ),
        "ben",
    ).events[0]
    with pytest.raises(BadInput) as waiting:
        play.do(
            c.Treat(actor="ruth", skill="academics", aspect_id="ruth/consequence/0", new_name="B"),
            "ann",
        )
    assert waiting.value.code == "treatment_waiting"
    play.do(c.CorrectConsequence(character_id="ruth", slot=0))  # the GM clears it
    play.do(c.CorrectConsequence(character_id="ruth", slot=0, name="Fresh Bruise"))
    play.do(c.ResolveRoll(roll=f"r{first.version}", option="success_at_major_cost"))
    slot = consequence(play, "ruth", 0)
    assert slot["aspect"]["name"] == "Fresh Bruise" and not slot["recovering"]
    assert view_for(play.s, "gm")["rolls"] == []
    assert_replays(play)


@pytest.mark.rule("advancement.breakthrough-clears-by-choice")
def test_a_breakthrough_clears_a_recovering_consequence_only_when_the_player_ticks_it() -> None:
    """fate-condensed.ru.md § Прорывы ("могут быть сняты"), ode-kortfattad.sv.rst § Genombrott
    ("får tas bort"): Ruth's moderate, treated this session, is still healing at the
    breakthrough; Ann keeps it (it clears when the next session ends, as treated), and a name
    that is not healing is refused with nothing changed."""
    play = wounded()
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/1",
            new_name="Stitched Up",
            dice="++++",
        )
    )
    play.do(c.ResolveRoll(option="success_at_minor_cost"))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    assert consequence(play, "ruth", 1)["recovering"]
    with pytest.raises(BadInput, match="no recovering moderate or severe"):
        play.do(
            c.Breakthrough(character_id="ruth", clear_recovering=("ruth/consequence/0",)), "ann"
        )
    play.do(c.Breakthrough(character_id="ruth", clear_recovering=()), "ann")
    kept = consequence(play, "ruth", 1)
    assert kept["aspect"]["name"] == "Stitched Up" and kept["recovering"]
    play.do(c.StartSession())
    play.do(c.StartScene(name="Next", participants=("ruth",)))
    play.do(c.EndScene())
    play.do(c.EndSession())
    assert consequence(play, "ruth", 1)["aspect"] is None
    assert_replays(play)


@pytest.mark.rule("advancement.breakthrough-clears-by-choice")
def test_a_ticked_recovering_consequence_clears_at_the_breakthrough() -> None:
    """The same moderate, ticked (as the page sends it by default), clears at once."""
    play = wounded()
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/1",
            new_name="Stitched Up",
            dice="++++",
        )
    )
    play.do(c.ResolveRoll(option="success_at_minor_cost"))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MAJOR))
    play.do(c.Breakthrough(character_id="ruth", clear_recovering=("ruth/consequence/1",)), "ann")
    assert consequence(play, "ruth", 1)["aspect"] is None
    assert_replays(play)


FIELD_SURGEON = Stunt(
    "Field Surgeon",
    SkillBonus("academics", (Action.OVERCOME,)),
    "+2 to overcome to treat physical consequences with Academics",
)


def with_surgeon(play: Play) -> None:
    """Iris, Ann's second PC: Academics Fair (+2) and the Field Surgeon stunt, in the scene."""
    sheet = new_character(
        "condensed",
        "iris",
        "Iris",
        high_concept="Ship's Doctor",
        trouble="Never Off Duty",
        skills={"academics": 2},
        stunts=[FIELD_SURGEON],
    )
    play.do(c.AddCharacter(sheet=dumps_character(sheet), owner="ann"), seat="ann")


@pytest.mark.rule("stunt.bonus", "recovery.treatment")
def test_a_healing_stunt_counts_on_a_treatment_roll_as_on_any_overcome() -> None:
    """fate-condensed.ru.md § Трюки and § Recovering from Conflicts: treatment is an overcome,
    so a +2 to overcome with Academics counts on it. Iris (+2) rolls -1 against Fair (+2):
    with her free stunt applied by default the roll succeeds (+3); named away it fails (+1).
    The odds the page asks for offer the same stunt, counted."""
    play = wounded()
    with_surgeon(play)
    odds = roll_odds(play.s, "ann", actor="iris", skill="academics", difficulty=2)
    assert [(s["name"], s["bonus"], s["counted"]) for s in odds["stunts"]] == [
        ("Field Surgeon", 2, True)
    ]
    treat = c.Treat(
        actor="iris",
        skill="academics",
        aspect_id="ruth/consequence/0",
        new_name="Strapped Ribs",
        dice="-000",
    )
    for named, effort, outcome in ((None, 3, "success"), ((), 1, "fail")):
        tried = wounded()
        with_surgeon(tried)
        [rolled] = tried.do(replace(treat, stunts=named), "ann").events
        assert isinstance(rolled, TreatmentRolled)
        assert rolled.stunts == (("Field Surgeon",) if named is None else ())
        [in_play] = view_for(tried.s, "ben")["rolls"]
        assert in_play["outcome"] == outcome
        assert tried.s.rolls[in_play["id"]].roll.effort == effort
        assert_replays(tried)
    play.do(replace(treat, stunts=("Field Surgeon",)), "ann")
    play.do(c.ResolveRoll(), "ann")
    assert consequence(play, "ruth", 0)["aspect"]["name"] == "Strapped Ribs"
    assert_replays(play)


@pytest.mark.rule("recovery.treatment")
def test_a_milestone_taken_while_a_treatment_waits_keeps_the_treatment_on_its_consequence() -> None:
    """Found by the table agent (seed 0, once it drew polygons on maps): Ruth swapped two skills
    at a milestone while Charles's treatment of her ribs was in play. The milestone lays her
    slots out anew when it folds, and the roll kept the old slot's aspect, so the folded table
    differed from the decided one (and a replayed table would not find the treated slot). The
    treatment holds the new slot's aspect: the table folds as decided, and the treatment still
    settles on Ruth's ribs."""
    play = wounded()
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    play.do(c.StartSession())
    play.do(c.StartScene(name="Later", participants=("ruth", "charles", "alice")))
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/0",
            new_name="Strapped Ribs",
            dice="++++",
        ),
        "ben",
    )
    swap = c.MilestoneChange(kind=c.ChangeKind.SWAP_SKILLS, first="fight", second="athletics")
    play.do(c.Milestone(character_id="ruth", choice=swap), "ann")
    (in_play,) = play.s.rolls.values()
    assert in_play.treats is play.s.game.character("ruth").consequences[0].aspect
    play.do(c.ResolveRoll(option="success"), "ben")
    assert consequence(play, "ruth", 0)["aspect"]["name"] == "Strapped Ribs"
    assert_replays(play)
