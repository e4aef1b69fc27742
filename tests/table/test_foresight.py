"""The scene in play as a simulator scenario (fatekit.table.foresight): sides, zones, gear, free
invokes, harm already taken and the GM's pool carried over from the table; what-ifs that change
the scenario and never the table; and scenes the simulator cannot play, refused with a reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.odds import fight_plan, scenario_from_dict, simulate
from fatekit.odds import play as play_runs
from fatekit.rules import BadInput
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.codec import from_json
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.foresight import (
    Added,
    Gear,
    Rerated,
    WhatIf,
    fight_notes,
    foresight_scenarios,
    table_scenario,
)
from tests.foresight_table import OPTIONS, pier_commands, pier_scenario, sheet

from .conftest import Play, seated  # type: ignore[import-not-found]


def pier(*, conflict: bool = True) -> Play:
    play = Play()
    play.do(c.CreateTable(name="Docks", options=tuple(OPTIONS)))
    for kind, data in pier_commands(conflict=conflict):
        play.do(from_json(COMMAND_TYPES[kind], data))
    return play


def test_the_conflict_in_play_is_the_scenario_file_that_says_the_same_fight() -> None:
    found = foresight_scenarios(pier().s)
    written = scenario_from_dict(pier_scenario())
    assert fight_plan(found.baseline) == fight_plan(written)
    ours = simulate(found.baseline, 2000, seed=21).as_json()
    assert ours == simulate(written, 2000, seed=21).as_json()
    assert found.what_if is None and found.names["boss"] == "Silas"


def test_before_a_conflict_the_scenes_pcs_face_its_npcs_unarmed() -> None:
    data = table_scenario(pier(conflict=False).s)
    assert data["sides"] == {
        "pcs": {"members": ["ruth", "ethan"]},
        "npcs": {"members": ["boss", "goon-1", "goon-2"]},
    }
    assert all("weapon" not in entry for entry in data["characters"])
    assert data["kind"] == "physical"
    assert table_scenario(pier(conflict=False).s, kind=ConflictKind.MENTAL)["kind"] == "mental"


def test_harm_taken_and_the_fallen_carry_over() -> None:
    play = pier()
    play.do(c.Concede(character_id="goon-2"))
    data = table_scenario(play.s)
    assert data["sides"]["smugglers"]["members"] == ["boss", "goon-1"]
    assert data["gm_pool"] == play.s.game.ledger.gm.available
    fog = next(a for a in data["aspects"] if a["name"] == "Fog off the Water")
    assert fog["free_invokes"] == {"ethan": 1}
    assert [z for z in data["zones"]["zones"]] == ["pier", "boathouse", "street"]
    where = {e["character"]["id"]: e["zone"] for e in data["characters"]}
    assert where == {"ruth": "pier", "ethan": "boathouse", "boss": "street", "goon-1": "street"}


def test_a_what_if_changes_the_scenario_and_not_the_table() -> None:
    play = pier()
    before = table_scenario(play.s)
    found = foresight_scenarios(
        play.s,
        WhatIf(
            add=(Added(side="smugglers", copy_of="goon-1", copies=2, zone="street"),),
            remove=("boss",),
            skills=(Rerated("ruth", "physique", 0),),
            gear=(Gear("ethan", weapon=4, armor=1),),
        ),
    )
    trial = found.what_if
    assert trial is not None
    assert "boss" not in trial.fighters and "boss" in found.baseline.fighters
    assert {"goon-1-extra-1", "goon-1-extra-2"} <= set(trial.fighters)
    assert trial.sides[1].members == ("goon-1", "goon-2", "goon-1-extra-1", "goon-1-extra-2")
    assert trial.fighters["ruth"].character.skills["physique"] == 0
    # Without her Good Physique, Ruth's physical stress track is shorter in the what-if.
    boxes = [len(fight_plan(s).fighters[0].boxes) for s in (found.baseline, trial)]
    assert boxes[1] < boxes[0]
    assert (trial.fighters["ethan"].weapon, trial.fighters["ethan"].armor) == (4, 1)
    assert table_scenario(play.s) == before


@pytest.mark.rule("character.minor-npc")
def test_re_rating_a_minor_npc_changes_the_skill_and_nothing_else() -> None:
    # It once gave a goon a PC's stress track and consequence slots: Good to Good moved the fight
    # from 4.3 to 7.0 exchanges.
    play = pier()
    same = foresight_scenarios(play.s, WhatIf(skills=(Rerated("goon-1", "fight", 2),)))
    assert same.what_if is not None
    before, after = (s.fighters["goon-1"].character for s in (same.baseline, same.what_if))
    assert after.consequences == [] == before.consequences
    assert [len(t.boxes) for t in after.stress.values()] == [2]
    base, trial = (fight_plan(s) for s in (same.baseline, same.what_if))
    assert base == trial
    runs = [simulate(s, 1500, seed=4).as_json() for s in (same.baseline, same.what_if)]
    assert runs[0] == runs[1]
    # A better goon is only better at fighting.
    better = foresight_scenarios(play.s, WhatIf(skills=(Rerated("goon-1", "fight", 4),)))
    assert better.what_if is not None
    goon = better.what_if.fighters["goon-1"].character
    assert goon.skills["fight"] == 4 and goon.consequences == []
    assert [len(t.boxes) for t in goon.stress.values()] == [2]


@pytest.mark.parametrize(
    ("what_if", "said"),
    [
        (WhatIf(remove=("nobody",)), "nobody"),
        (WhatIf(add=(Added(side="crew", copy_of="ethan"),)), "is a PC"),
        (WhatIf(add=(Added(side="crew"),)), "character file"),
        (WhatIf(add=(Added(side="crew", copy_of="boss", zone="moon"),)), "no zone 'moon'"),
        (WhatIf(add=(Added(side="third", copy_of="boss"),)), "sides are crew, smugglers"),
        (WhatIf(skills=(Rerated("ruth", "fight", 9),)), "from -4 to 8"),
        (WhatIf(skills=(Rerated("ruth", "juggling", 2),)), "'juggling' is not a skill"),
        (WhatIf(gear=(Gear("ruth", weapon=7),)), "Weapon"),
        (WhatIf(remove=("ruth", "ethan")), "one side only (smugglers)"),
    ],
)
def test_what_ifs_the_simulator_cannot_play_are_refused(what_if: WhatIf, said: str) -> None:
    with pytest.raises(BadInput, match=said.replace("(", r"\(").replace(")", r"\)")):
        foresight_scenarios(pier().s, what_if)


def test_scenes_the_simulator_cannot_play_are_refused() -> None:
    quiet = Play()
    quiet.do(c.CreateTable(name="Quiet"))
    with pytest.raises(BadInput, match="no scene in play"):
        table_scenario(quiet.s)
    # With only the PCs there, there is nobody to fight.
    play = seated()
    play.do(c.EndScene())
    play.do(c.StartScene(name="Alone", participants=("ruth", "charles")))
    with pytest.raises(BadInput, match=r"one side only \(pcs\)"):
        foresight_scenarios(play.s)


@pytest.mark.rule("option.conditions", "option.conditions.apart")
@pytest.mark.parametrize("option", ["conditions", "conditions_apart"])
def test_a_table_playing_conditions_foresees_its_fight(option: str) -> None:
    # Ruth hits Alice for 2 and Alice marks a condition; the export carries her condition boxes
    # as they stand, and both engines play the fight from there alike.
    play = seated((option,))
    sides = (("heroes", ("ruth", "charles")), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first="ruth"))
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+000"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    options = view_for(play.s, "gm")["conflict"]["pending_hit"]["absorb_options"]
    plan = next(o for o in options if o["slots"] and not o["boxes"])
    play.do(c.Absorb(slots=tuple(plan["slots"])))
    table = play.s.game.character("alice").consequences
    found = foresight_scenarios(play.s)
    alice = found.baseline.fighters["alice"].character.consequences
    assert [(s.condition, s.shifts, s.track, s.is_free) for s in alice] == [
        (s.condition, s.shifts, s.track, s.is_free) for s in table
    ]
    fight = fight_plan(found.baseline)
    sheet = fight.fighters[fight.index("alice")]
    assert sum(sheet.filled) == 1
    if option == "conditions_apart":  # Injured marked: one more box on the moderate row
        assert sheet.row_marks == (2, 2, 2)
    else:
        assert sheet.row_marks is None
    scalar = play_runs(found.baseline, 60, seed=3, engine="scalar")
    assert scalar.same_as(play_runs(found.baseline, 60, seed=3, engine="vector"))
    assert simulate(found.baseline, 500, seed=3).runs == 500


def test_a_fighter_with_no_skill_to_fight_with_is_noted() -> None:
    clerk = {"id": "clerk", "name": "Clerk", "kind": "minor_npc", "skills": {"lore": 2}}
    found = foresight_scenarios(pier().s, WhatIf(add=(Added(side="crew", sheet=clerk),)))
    assert found.what_if is not None
    notes = fight_notes(found.what_if, fight_plan(found.what_if))
    assert [n.text for n in notes] == [
        "Clerk has no skill to fight with: they attack with fight at +0"
    ]
    assert fight_notes(found.baseline, fight_plan(found.baseline)) == []


def test_a_skill_list_with_no_skill_to_attack_with_is_refused_by_name() -> None:
    # Fate Accelerated with the Actions list: the table carries its list into the scenario, but
    # the engine knows no action of that list that attacks, so the fight cannot be played.
    play = Play()
    play.do(
        c.CreateTable(
            name="Acts",
            preset="fae",
            options=("changing_skill_list", "creation_as_you_play"),
            skill_list="actions",
        )
    )
    for who, rating in (("ruth", 3), ("boss", 2)):
        drawn = {**sheet(who), "preset": "fae", "skills": {"fight": rating}, "stunts": []}
        play.do(c.AddCharacter(sheet=json.dumps(drawn)))
    play.do(c.StartScene(name="Rooftops", participants=("ruth", "boss")))
    found = foresight_scenarios(play.s)
    assert found.baseline.ruleset.preset.skill_keys == play.s.ruleset.preset.skill_keys
    with pytest.raises(BadInput, match="ruth has no skill to attack with in a physical conflict"):
        fight_plan(found.baseline)


def test_free_invokes_on_a_consequence_go_with_whoever_holds_them() -> None:
    # Silas took a mild consequence from Ruth's hit: she holds a free invoke on it.
    state = pier().s
    boss = state.game.character("boss")
    slot = boss.consequences[0]
    slot.aspect = Aspect("boss/mild/1", "Split Lip", AspectKind.CONSEQUENCE, owner="boss")
    slot.aspect.add_free_invokes("ruth")
    data = table_scenario(state)
    assert {"name": "Split Lip", "free_invokes": {"ruth": 1}} in data["aspects"]
    [entry] = [e for e in data["characters"] if e["character"]["id"] == "boss"]
    assert "free_invokes" not in entry["character"]["consequences"][0]["aspect"]
    plan = fight_plan(foresight_scenarios(state).baseline)
    assert plan.fighters[plan.index("ruth")].free_invokes == 1
    assert plan.fighters[plan.index("boss")].filled[0]


def test_a_conflict_of_three_sides_is_refused() -> None:
    play = seated()
    sides = (("ruth", ("ruth",)), ("charles", ("charles",)), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first="ruth"))
    with pytest.raises(BadInput, match="has 3 sides; the simulator plays two"):
        foresight_scenarios(play.s)


def test_how_each_side_plays_is_set_for_the_scene_and_its_what_if_alike() -> None:
    play = pier()
    found = foresight_scenarios(
        play.s,
        WhatIf(remove=("goon-2",)),
        play={"smugglers": {"concede_after": 1}, "crew": {"target": "most_hurt"}},
    )
    for scenario in (found.baseline, found.what_if):
        assert scenario is not None
        crew, smugglers = (side.policy for side in scenario.sides)
        assert smugglers.concede_after == 1 and crew.target.value == "most_hurt"
    with pytest.raises(BadInput, match="no side 'pcs' in the fight; the sides are crew, smugglers"):
        foresight_scenarios(play.s, play={"pcs": {}})
    with pytest.raises(BadInput, match="the scene in play: the policy of side 'crew'"):
        foresight_scenarios(play.s, play={"crew": {"flee": True}})


def big_bad_pier(**given: Any) -> Play:
    """The pier with the big-bads option on, the boss made a big bad as ``given`` (the fields of
    SetBigBad)."""
    play = Play()
    play.do(c.CreateTable(name="Docks", options=(*OPTIONS, "big_bads")))
    for kind, data in pier_commands():
        play.do(from_json(COMMAND_TYPES[kind], data))
    play.do(c.SetBigBad(character_id="boss", **given))
    return play


@pytest.mark.rule(
    "big-bad.solo.skill",
    "big-bad.solo.stress",
    "big-bad.solo.amplified-invokes",
    "big-bad.solo.suppressed-invokes",
)
def test_a_table_with_a_big_bad_foresees_the_fight_with_its_solo_bonuses() -> None:
    solo = {"solo_skill": True, "solo_stress": True, "solo_stress_floor_one": True}
    solo.update(solo_amplified=True)
    data = table_scenario(big_bad_pier(**solo, solo_suppress="plus_one").s)
    written_back = {"character_id": "boss", "solo_skill_capped": True, **solo}
    assert data["big_bad"] == {**written_back, "solo_suppress": "plus_one"}
    # Foes held to rerolls only are not played: the big bad is foreseen without that.
    held = big_bad_pier(**solo, solo_suppress="reroll_only", solo_no_free_stacking=True)
    assert table_scenario(held.s)["big_bad"] == written_back
    written = pier_scenario()
    written["options"] = [*written["options"], "big_bads"]
    written["big_bad"] = {"character_id": "boss", **solo}
    found = foresight_scenarios(big_bad_pier(**solo).s).baseline
    assert found.big_bad == scenario_from_dict(written).big_bad
    ours = simulate(found, 2000, seed=21).as_json()
    assert ours == simulate(scenario_from_dict(written), 2000, seed=21).as_json()
    # Once the goons fall the boss stands alone: the odds are not those of a plain boss.
    plain = foresight_scenarios(big_bad_pier().s).baseline
    assert ours != simulate(plain, 2000, seed=21).as_json()


def test_a_big_bad_out_of_the_fight_is_left_out_of_the_scenario() -> None:
    play = big_bad_pier(solo_skill=True)
    play.do(c.Concede(character_id="boss"))
    assert "big_bad" not in table_scenario(play.s)


@pytest.mark.rule("big-bad.true-form", "big-bad.true-form.gentle")
def test_a_big_bad_with_a_true_form_is_foreseen_with_the_forms_still_to_come() -> None:
    monster = sheet("boss")
    monster.update(name="Silas Unmasked", skills={"fight": 5, "athletics": 4, "physique": 4})
    solo = {"solo_skill": True}
    play = big_bad_pier(forms=(json.dumps(monster),), gentle=True, **solo)
    data = table_scenario(play.s)
    forms = data["big_bad"]["forms"]
    assert data["big_bad"]["gentle"] is True
    assert [f["character"]["name"] for f in forms] == ["Silas Unmasked"]
    written = pier_scenario()
    written["options"] = [*written["options"], "big_bads"]
    written["big_bad"] = {"character_id": "boss", "forms": [{"character": monster}], "gentle": True}
    written["big_bad"].update(solo)
    found = foresight_scenarios(play.s).baseline
    ours = simulate(found, 1000, seed=4).as_json()
    assert ours == simulate(scenario_from_dict(written), 1000, seed=4).as_json()
    without = foresight_scenarios(big_bad_pier(**solo).s).baseline
    assert ours != simulate(without, 1000, seed=4).as_json()


@pytest.mark.rule("obstacle.hazard.acts", "obstacle.hazard.weapon")
def test_a_conflict_with_a_hazard_foresees_the_fight_with_it() -> None:
    play = Play()
    play.do(c.CreateTable(name="Docks", options=(*OPTIONS, "obstacles")))
    for kind, data in pier_commands():
        play.do(from_json(COMMAND_TYPES[kind], data))
    plain = foresight_scenarios(play.s).baseline
    play.do(
        c.AddHazard(
            hazard_id="fire",
            name="Burning Boathouse",
            rating=4,
            weapon=2,
            side="smugglers",
            zone="boathouse",
        )
    )
    fire = {
        "id": "fire",
        "name": "Burning Boathouse",
        "rating": 4,
        "weapon": 2,
        "side": "smugglers",
        "zone": "boathouse",
    }
    assert table_scenario(play.s)["hazards"] == [fire]
    found = foresight_scenarios(play.s)
    written = {**pier_scenario(), "options": [*OPTIONS, "obstacles"], "hazards": [fire]}
    assert fight_plan(found.baseline) == fight_plan(scenario_from_dict(written))
    assert [h.hazard.id for h in found.baseline.hazards] == ["fire"]
    assert "fire" not in found.baseline.fighters and "fire" not in found.names
    scalar = play_runs(found.baseline, 60, seed=3, engine="scalar")
    assert scalar.same_as(play_runs(found.baseline, 60, seed=3, engine="vector"))
    # The fire burns Ethan where he stands: the crew, whom it works against, does worse.
    burning = simulate(found.baseline, 3000, seed=4).as_json()["sides"]["crew"]["win"]
    assert burning < simulate(plain, 3000, seed=4).as_json()["sides"]["crew"]["win"] - 0.05
