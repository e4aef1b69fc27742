"""The setting at the table and the aspects that outlast scenes (issue 27's "Other Kinds of
Aspects" and "How Can I Add and Remove Aspects?", issue 28's item 4): setting aspects, scenario
aspects, organization aspects, the setting's issues, faces and places, and removing an aspect by
an overcome or without a roll."""

from __future__ import annotations

import json

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.lasting import Issue
from fatekit.table import Waiver, event_for, view_for
from fatekit.table import commands as c
from fatekit.table.campaign import export_campaign, import_campaign
from fatekit.table.offers import invoke_options
from fatekit.table.state import EntryKind

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def points(play: Play, who: str) -> int:
    return int(play.s.game.ledger.account(who).available)


def lasting(play: Play, name: str, kind: AspectKind, **more: object) -> str:
    """Put a lasting aspect in play; its id."""
    done = play.do(c.AddLastingAspect(name=name, kind=kind, **more))  # type: ignore[arg-type]
    return str(done.events[0].aspect_id)


def offered(play: Play, seat: str, by: str) -> dict[str, dict[str, object]]:
    return {o["aspect_id"]: o for o in invoke_options(play.s, seat, by)["options"]}


def next_scene(play: Play) -> None:
    play.do(c.EndScene())
    play.do(c.StartScene(name="Below deck", participants=("ruth", "charles", "alice")))


@pytest.mark.rule("aspect.setting")
def test_a_setting_aspect_outlasts_scenes_and_sessions_and_any_character_invokes_it(
    play: Play,
) -> None:
    # fate-condensed.ru.md § Other Kinds of Aspects: unlike a scenario aspect, a setting aspect
    # does not go away.
    war = lasting(play, "The Cold War Runs Hot", AspectKind.SETTING, issue=Issue.CURRENT)
    assert war.startswith("w")
    next_scene(play)
    play.do(c.EndScene())
    play.do(c.EndSession())
    play.do(c.StartSession())
    play.do(c.StartScene(name="Harbour", participants=("ruth", "charles", "alice")))
    assert play.s.game.find_aspect(war).name == "The Cold War Runs Hot"
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=4, dice="0000"),
        "ann",
    )
    assert offered(play, "ann", "ruth")[war]["paid"] is True
    before = points(play, "ruth")
    play.do(c.Invoke(aspect_id=war, by="ruth", effect=InvokeEffect.PLUS_TWO), "ann")
    assert points(play, "ruth") == before - 1
    assert play.s.game.ledger.account("ruth").pending == 0  # nobody's aspect: nobody is paid
    # Every seat sees it in the setting, the spectator too.
    for seat in ("gm", "ann", "ben", "sam"):
        names = [a["name"] for a in view_for(play.s, seat)["setting"]["aspects"]]
        assert names == ["The Cold War Runs Hot"], seat
    assert_replays(play)


@pytest.mark.rule("aspect.setting")
def test_an_overcome_does_not_remove_a_setting_aspect_but_the_gm_may(play: Play) -> None:
    # fate-condensed.ru.md § Other Kinds of Aspects: a setting aspect lasts; the GM has the last
    # word, without a roll.
    war = lasting(play, "The Cold War Runs Hot", AspectKind.SETTING)
    with pytest.raises(IllegalAction) as refused:
        play.do(
            c.Roll(
                actor="ruth",
                action=Action.OVERCOME,
                skill="athletics",
                difficulty=1,
                aspect_id=war,
                dice="++++",
            ),
            "ann",
        )
    assert refused.value.rule.key == "aspect.setting" and refused.value.waivable
    with pytest.raises(ForbiddenAction):
        play.do(c.RemoveAspect(aspect_id=war), "ann")
    play.do(c.RemoveAspect(aspect_id=war))
    assert war not in play.s.game.lasting
    assert_replays(play)


@pytest.mark.rule("aspect.scenario")
def test_a_scenario_aspect_lasts_until_the_gm_closes_the_scenario(play: Play) -> None:
    # fate-condensed.ru.md § Other Kinds of Aspects: open to all characters until that part of
    # the story concludes.
    trope = lasting(play, "Everyone Has a Price", AspectKind.SCENARIO)
    theme = lasting(play, "Spies Everywhere", AspectKind.SETTING)
    next_scene(play)
    play.do(c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=3), "ben")
    assert {trope, theme} <= set(offered(play, "ben", "charles"))
    done = play.do(c.CloseScenario())
    assert done.events[0].removed == (trope,)
    assert trope not in play.s.game.lasting and theme in play.s.game.lasting
    assert trope not in offered(play, "ben", "charles")
    assert [a["id"] for a in view_for(play.s, "ben")["setting"]["aspects"]] == [theme]
    with pytest.raises(ForbiddenAction):
        play.do(c.CloseScenario(), "ben")
    assert_replays(play)


@pytest.mark.rule("aspect.organization")
def test_members_invoke_an_organization_aspect_as_their_own(play: Play) -> None:
    # fate-condensed.ru.md § Other Kinds of Aspects: any member may use it as if it were their
    # own; the compel, as on their own aspects, falls on a member.
    guild = lasting(
        play, "The Guild Never Forgets", AspectKind.ORGANIZATION, organization="Thieves' Guild"
    )
    play.do(c.SetMembership(character_id="ruth", organization="Thieves' Guild"))
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=4, dice="0000"),
        "ann",
    )
    play.do(
        c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=4, dice="0000"),
        "ben",
    )
    ruth_roll, charles_roll = list(play.s.rolls)
    ruth_options = invoke_options(play.s, "ann", "ruth", roll_id=ruth_roll)["options"]
    assert {o["aspect_id"]: o["paid"] for o in ruth_options}[guild] is True
    options = invoke_options(play.s, "ben", "charles", roll_id=charles_roll)["options"]
    assert guild not in {o["aspect_id"] for o in options}  # not Charles's to use
    before = points(play, "ruth")
    play.do(c.Invoke(aspect_id=guild, by="ruth", roll=ruth_roll), "ann")
    assert points(play, "ruth") == before - 1
    with pytest.raises(IllegalAction) as refused:
        play.do(c.Invoke(aspect_id=guild, by="charles", roll=charles_roll), "ben")
    assert refused.value.rule.key == "aspect.organization"
    # Compels: on a member, not on an outsider.
    with pytest.raises(IllegalAction) as outsider:
        play.do(c.OfferCompel(aspect_id=guild, target="charles", complication="A debt is called"))
    assert outsider.value.rule.key == "aspect.organization"
    play.do(c.OfferCompel(aspect_id=guild, target="ruth", complication="A debt is called in"))
    # Leaving the organization: no longer hers to invoke.
    play.do(c.SetMembership(character_id="ruth", organization="Thieves' Guild", member=False))
    play.do(c.ResolveRoll(roll=ruth_roll))  # +2 from the guild: a success
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=4, dice="0000"),
        "ann",
    )
    again = next(r for r in play.s.rolls if r != charles_roll)
    assert guild not in {
        o["aspect_id"] for o in invoke_options(play.s, "ann", "ruth", roll_id=again)["options"]
    }
    with pytest.raises(IllegalAction):
        play.do(c.Invoke(aspect_id=guild, by="ruth", roll=again), "ann")
    view = view_for(play.s, "ben")["setting"]
    assert view["organizations"] == [{"name": "Thieves' Guild", "members": []}]
    assert view["aspects"][0]["organization"] == "Thieves' Guild"
    assert_replays(play)


def test_an_npcs_membership_is_kept_from_players_until_its_sheet_is_revealed(play: Play) -> None:
    play.do(c.SetMembership(character_id="alice", organization="The Cult"))
    assert view_for(play.s, "ann")["setting"]["organizations"] == []
    assert event_for(play.log[-1], play.s, "ann") is None
    assert view_for(play.s, "gm")["setting"]["organizations"] == [
        {"name": "The Cult", "members": ["alice"]}
    ]
    play.do(c.RevealCharacter(character_id="alice"))
    assert view_for(play.s, "ann")["setting"]["organizations"] == [
        {"name": "The Cult", "members": ["alice"]}
    ]


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_an_opponent_defends_removes_an_aspect_on_success(play: Play) -> None:
    # fate-condensed.ru.md § How Can I Add and Remove Aspects?: an overcome, which an opponent
    # may defend against to keep the aspect.
    play.do(c.AddSituationAspect(name="Pinned Down"))
    play.dice = ["0000"]  # Alice's defence, the table's to roll
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            against="alice",
            defend_skill="fight",
            aspect_id="a1",
            dice="--00",
        ),
        "ann",
    )
    roll = view_for(play.s, "ben")["roll"]
    assert roll["aim"] == {"id": "a1", "name": "Pinned Down", "kind": "situation"}
    assert roll["outcome"] == "fail"  # Athletics 3 - 2 against Alice's Fight 3: she keeps it
    play.do(c.ResolveRoll(option="fail"))
    assert play.s.game.find_aspect("a1").name == "Pinned Down"  # Alice kept it
    play.dice = ["-000"]
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            against="alice",
            defend_skill="fight",
            aspect_id="a1",
            dice="++++",
        ),
        "ann",
    )
    done = play.do(
        c.ResolveRoll(option="success_with_style", boost_names=(("ruth", "Free"),)), "ann"
    )
    assert done.events[0].removed == ("a1",)
    with pytest.raises(BadInput):
        play.s.game.find_aspect("a1")
    # The log says so, to every seat (the spectator too).
    assert log_of(play, "sam")[0]["data"]["removed"] == ["a1"]
    # A character's own aspect is not overcome away.
    with pytest.raises(IllegalAction) as sheet:
        play.do(
            c.Roll(
                actor="ruth",
                action=Action.OVERCOME,
                skill="athletics",
                difficulty=1,
                aspect_id=play.s.game.character("charles").aspects[0].id,
            ),
            "ann",
        )
    assert sheet.value.rule.key == "aspect.remove-freely" and not sheet.value.waivable
    assert_replays(play)


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_on_ones_turn_in_a_conflict_removes_an_aspect_alice_defends(
    play: Play,
) -> None:
    # fate-condensed.ru.md § How Can I Add and Remove Aspects?: in a conflict too, the overcome
    # is the actor's action on their turn, and the opponent defends the aspect.
    play.do(c.AddSituationAspect(name="Pinned Down"))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    play.dice = ["0000"]  # Alice's defence, the table's to roll
    overcome = c.Overcome(
        actor="ruth",
        skill="athletics",
        against="alice",
        defend_skill="fight",
        aspect_id="a1",
        dice="+000",
    )
    rolled = play.do(overcome, "ann")
    assert rolled.events[0].aspect_id == "a1"
    roll = view_for(play.s, "ben")["roll"]
    assert roll["aim"] == {"id": "a1", "name": "Pinned Down", "kind": "situation"}
    assert roll["outcome"] == "success"  # Athletics 3 + 1 against Alice's Fight 3
    done = play.do(c.ResolveRoll(option="success"), "ann")
    assert done.events[0].removed == ("a1",)
    with pytest.raises(BadInput):
        play.s.game.find_aspect("a1")
    assert log_of(play, "sam")[0]["data"]["removed"] == ["a1"]  # every seat's log says so
    play.do(c.EndTurn(next_actor="alice"), "ann")
    # Alice cannot aim at what the GM keeps hidden from her, nor at Charles's own aspect.
    play.do(c.AddSituationAspect(name="Trapdoor", hidden=True))
    with pytest.raises(IllegalAction) as hidden:
        play.do(c.Overcome(actor="alice", skill="fight", difficulty=1, aspect_id="a2", dice="0000"))
    assert hidden.value.rule.key == "aspect.hidden"
    charles = play.s.game.character("charles").aspects[0].id
    with pytest.raises(IllegalAction) as sheet:
        play.do(
            c.Overcome(actor="alice", skill="fight", difficulty=1, aspect_id=charles, dice="0000")
        )
    assert sheet.value.rule.key == "aspect.remove-freely" and not sheet.value.waivable
    assert play.s.conflict is not None and play.s.conflict.turns.turn is None  # nothing changed
    assert_replays(play)


@pytest.mark.rule("aspect.remove-overcome")
def test_success_at_a_cost_still_removes_the_aspect(play: Play) -> None:
    # fate-condensed.ru.md § How Can I Add and Remove Aspects?; a tie is success at a minor cost.
    play.do(c.AddSituationAspect(name="Locked Hatch"))
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            difficulty=3,
            aspect_id="a1",
            dice="0000",
        ),
        "ann",
    )
    play.do(c.ResolveRoll(option="success_at_minor_cost"))
    assert [a.name for a in play.s.game.scene.aspects] == []


@pytest.mark.rule("aspect.remove-freely")
def test_with_nothing_in_the_way_an_aspect_goes_without_a_roll(play: Play) -> None:
    # fate-condensed.ru.md § How Can I Add and Remove Aspects?: no narrative block, no roll.
    # Whether something stands in the way is the GM's call; a boost's holder lets it go.
    play.do(c.AddSituationAspect(name="All Tied Up"))
    with pytest.raises(IllegalAction) as refused:
        play.do(c.RemoveAspect(aspect_id="a1", by="ruth"), "ann")
    assert refused.value.rule.key == "aspect.remove-freely"
    play.do(c.RemoveAspect(aspect_id="a1"))  # the GM: a friend untied her
    scene = play.s.game.scene
    assert scene is not None and "a1" not in scene.aspects
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    with pytest.raises(ForbiddenAction):
        play.do(c.RemoveAspect(aspect_id="a2", by="ruth"), "ben")  # not Ben's character
    with pytest.raises(IllegalAction):  # a situation aspect, even with her free invoke on it
        play.do(c.RemoveAspect(aspect_id="a2", by="ruth"), "ann")
    # A boost Ruth earned: she may let it go.
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=0, dice="++++"),
        "ann",
    )
    done = play.do(
        c.ResolveRoll(option="success_with_style", boost_names=(("ruth", "Momentum"),)), "ann"
    )
    (boost_id,) = done.events[0].created
    play.do(c.RemoveAspect(aspect_id=boost_id, by="ruth"), "ann")
    assert boost_id not in play.s.game.scene.aspects
    # Setting the rule aside is the GM's to do, never a player's.
    with pytest.raises(ForbiddenAction):
        play.do(
            c.RemoveAspect(aspect_id="a2", by="ruth"),
            "ann",
            waiver=Waiver(rules=("aspect.remove-freely",), reason="she cut the rope"),
        )
    assert_replays(play)


@pytest.mark.rule("setting.define")
def test_the_setting_its_issues_faces_and_places_carry_across_sessions(play: Play) -> None:
    # fate-condensed.ru.md § Getting Started > Define Your Setting: the table's common ground.
    play.do(c.DescribeSetting(name="Bay City", summary="A port run by two families."))
    current = lasting(play, "The Docks Are Dying", AspectKind.SETTING, issue=Issue.CURRENT)
    impending = lasting(play, "The Syndicate Is Coming", AspectKind.SETTING, issue=Issue.IMPENDING)
    play.do(c.PutSettingEntry(kind=EntryKind.FACE, name="Mara Voss", text="Harbour master"))
    play.do(c.PutSettingEntry(kind=EntryKind.PLACE, name="The Rusty Anchor", text="A dive"))
    play.do(
        c.PutSettingEntry(
            kind=EntryKind.FACE, name="The Syndicate's Man", text="Mara's brother", secret=True
        )
    )
    play.do(c.EndScene())
    play.do(c.EndSession())
    play.do(c.StartSession())
    gm, ann = view_for(play.s, "gm")["setting"], view_for(play.s, "ann")["setting"]
    assert gm["name"] == ann["name"] == "Bay City"
    assert [(a["id"], a["issue"]) for a in ann["aspects"]] == [
        (current, "current"),
        (impending, "impending"),
    ]
    assert [e["name"] for e in gm["entries"]] == [
        "Mara Voss",
        "The Rusty Anchor",
        "The Syndicate's Man",
    ]
    assert [e["name"] for e in ann["entries"]] == ["Mara Voss", "The Rusty Anchor"]
    # The secret face reaches no player: neither the view nor the log.
    for seat in ("ann", "ben", "sam"):
        assert "Syndicate's Man" not in json.dumps(view_for(play.s, seat))
        assert "Syndicate's Man" not in json.dumps(log_of(play, seat))
    # The GM edits: the secret face becomes known, under the same id.
    secret_id = gm["entries"][2]["id"]
    play.do(
        c.PutSettingEntry(
            entry_id=secret_id, kind=EntryKind.FACE, name="Tomas Voss", text="Mara's brother"
        )
    )
    assert [e["name"] for e in view_for(play.s, "ann")["setting"]["entries"]][-1] == "Tomas Voss"
    play.do(c.RemoveSettingEntry(entry_id=secret_id))
    assert len(view_for(play.s, "ann")["setting"]["entries"]) == 2
    with pytest.raises(ForbiddenAction):
        play.do(c.DescribeSetting(name="Mine now"), "ann")
    with pytest.raises(BadInput) as blank:
        play.do(c.DescribeSetting(name="  "))
    assert blank.value.code == "setting_name"
    with pytest.raises(BadInput) as wrong:
        play.do(c.AddLastingAspect(name="X", kind=AspectKind.SCENARIO, issue=Issue.CURRENT))
    assert wrong.value.code == "issue_kind"
    with pytest.raises(BadInput) as nameless:
        play.do(c.AddLastingAspect(name="X", kind=AspectKind.ORGANIZATION))
    assert nameless.value.code == "organization_name"
    with pytest.raises(BadInput):
        play.do(c.AddLastingAspect(name="X", kind=AspectKind.SITUATION))
    assert_replays(play)


def test_the_campaign_file_carries_the_setting(play: Play) -> None:
    play.do(c.DescribeSetting(name="Bay City"))
    lasting(play, "The Docks Are Dying", AspectKind.SETTING, issue=Issue.CURRENT)
    lasting(play, "Loyal to the End", AspectKind.ORGANIZATION, organization="Crew")
    play.do(c.SetMembership(character_id="ruth", organization="Crew"))
    play.do(c.PutSettingEntry(kind=EntryKind.FACE, name="Tomas", secret=True))
    exported = export_campaign(play.log, play.s, "gm", exported_at="2024-03-02T00:00:00+00:00")
    setting = exported["contents"]["setting"]
    assert setting["name"] == "Bay City"
    assert [a["kind"] for a in setting["aspects"]] == ["setting", "organization"]
    assert setting["entries"][0]["secret"] is True
    assert setting["organizations"] == [{"name": "Crew", "members": ["ruth"]}]
    imported = import_campaign(json.loads(json.dumps(exported)), table_id="t2")
    assert view_for(imported.state, "gm")["setting"] == view_for(play.s, "gm")["setting"]


@pytest.mark.rule("aspect.remove-overcome")
def test_an_overcome_whose_aspect_left_play_meanwhile_still_settles(play: Play) -> None:
    # Found by the random agent: the GM removed the aspect while the roll waited, and settling
    # the roll then failed on the missing aspect, leaving the roll stuck in play.
    play.do(c.AddSituationAspect(name="Locked Hatch"))
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            difficulty=1,
            aspect_id="a1",
            dice="0000",
        ),
        "ann",
    )
    play.do(c.RemoveAspect(aspect_id="a1"))
    play.do(c.AddSituationAspect(name="A Later Aspect"))  # a2: a1 is never reused
    play.do(c.ResolveRoll(), "ann")
    assert play.s.rolls == {}
    assert [a.name for a in play.s.game.scene.aspects] == ["A Later Aspect"]
    assert_replays(play)


@pytest.mark.rule("aspect.hidden")
def test_an_overcome_cannot_remove_an_aspect_its_actor_has_not_discovered(play: Play) -> None:
    # fate-condensed.ru.md § Actions > Create an Advantage: an aspect unknown to a participant is
    # discovered before they use it; removing it is using it.
    play.do(c.AddSituationAspect(name="Hidden Tripwire", hidden=True))
    with pytest.raises(IllegalAction) as unknown:
        play.do(
            c.Roll(
                actor="ruth",
                action=Action.OVERCOME,
                skill="athletics",
                difficulty=1,
                aspect_id="a1",
            ),
            "ann",
        )
    assert unknown.value.rule.key == "aspect.hidden"
    play.do(c.RevealAspect(aspect_id="a1", to=("ruth",)))
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            difficulty=1,
            aspect_id="a1",
            dice="++00",
        ),
        "ann",
    )
    done = play.do(c.ResolveRoll(), "ann")
    assert done.events[0].removed == ("a1",)
    assert_replays(play)
