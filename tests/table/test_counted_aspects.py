"""A table playing The Three Rocketeers (srd/three-rocketeers-no-skill-swashbuckling-SRD.md §
Refresh, Stunts, and Aspects-only Skills): a PC rolls with the aspects it counts, the bonus
decided once and written on the event, no fate point paid and no free invoke used; NPCs roll
approaches; what is refused changes nothing."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from fatekit.odds import chances, play
from fatekit.odds.plan import fight_plan
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, FateError, IllegalAction
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.offers import roll_odds
from fatekit.table.seats import Role

from .conftest import Play  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "three-rocketeers"
HERO = "severine/high_concept/1"
TROUBLE = "severine/trouble/1"
SWORDPLAY = "severine/character/1"
ROOFTOPS = "severine/character/4"


def rooftops() -> Play:
    table = Play()
    table.do(c.CreateTable(name="Paris", preset="rocketeers"))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=sheet, owner="ann"), "ann")
    npc = (SAMPLES / "comte-de-vire.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=npc))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The rooftops", participants=("severine", "comte-de-vire")))
    return table


def effort(table: Play) -> int:
    (in_play,) = table.s.rolls.values()
    return in_play.roll.effort


@pytest.mark.rule("aspects.counted", "aspects.counted.not-invoked")
def test_an_overcome_counts_hero_and_a_free_aspect() -> None:
    """Hero +2 and a free aspect +1 on 0000: an effort of +3, no fate point paid."""
    table = rooftops()
    points = table.s.game.character("severine").fate_points
    decision = table.do(
        c.Roll(
            actor="severine",
            action=Action.OVERCOME,
            difficulty=2,
            counted=(HERO, ROOFTOPS),
            dice="0000",
        ),
        "ann",
    )
    rolled = decision.events[-1]
    assert (rolled.counted, rolled.counted_bonus, rolled.skill) == ((HERO, ROOFTOPS), 3, "")
    assert effort(table) == 3
    assert table.s.game.character("severine").fate_points == points
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


def duel(first: str = "severine") -> Play:
    table = rooftops()
    table.do(
        c.StartConflict(
            sides=(("heroes", ("severine",)), ("cardinal", ("comte-de-vire",))),
            kind=ConflictKind.PHYSICAL,
            first=first,
        )
    )
    return table


@pytest.mark.rule("aspects.counted", "aspects.counted.npcs")
def test_an_attack_counts_hero_and_swordplay_against_an_approach() -> None:
    """Hero +2 and Swordplay +1 (+3) and +000 against the Comte's Quick +3 and 0000: a hit of 1."""
    table = duel()
    table.dice = ["0000"]  # the table rolls the GM's defence
    table.do(
        c.Attack(
            actor="severine",
            target="comte-de-vire",
            counted=(HERO, SWORDPLAY),
            dice="+000",
            defend_skill="quick",
        ),
        "ann",
    )
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (4, 3, 1)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted", "aspects.counted.npcs")
def test_a_pc_defends_with_the_aspects_it_counts() -> None:
    """The Comte attacks with Flashy +2 and ++00 (+4); Séverine defends with Hero, Swordplay
    and her rooftops aspect (+4) and 0000: a tie, no hit."""
    table = duel(first="comte-de-vire")
    table.do(
        c.Attack(
            actor="comte-de-vire",
            target="severine",
            skill="flashy",
            dice="++00",
            defend_counted=(HERO, SWORDPLAY, ROOFTOPS),
            defend_dice="0000",
        )
    )
    rolled = table.log[-1]
    assert (rolled.defend_counted_bonus, rolled.defend_skill) == (4, None)
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (4, 4, 0)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted")
@pytest.mark.parametrize("command", ["CreateAdvantage", "Overcome"])
def test_an_exchanges_advantage_and_overcome_count_aspects(command: str) -> None:
    """Hero alone (+2) and 0000 against Fair (+2) in the duel: a tie for either action."""
    table = duel()
    made = getattr(c, command)(actor="severine", counted=(HERO,), difficulty=2, dice="0000")
    table.do(made, "ann")
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["shifts"]) == (2, 0)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted.not-invoked")
def test_a_counted_aspect_may_still_be_invoked_and_keeps_its_free_invoke() -> None:
    """Counting the hero aspect spends nothing; invoking it afterwards costs the fate point."""
    table = rooftops()
    points = table.s.game.character("severine").fate_points
    table.do(
        c.Roll(
            actor="severine", action=Action.OVERCOME, difficulty=4, counted=(HERO,), dice="0000"
        ),
        "ann",
    )
    assert table.s.game.character("severine").fate_points == points
    table.do(c.Invoke(aspect_id=HERO, by="severine"), "ann")
    assert table.s.game.character("severine").fate_points == points - 1
    assert effort(table) == 4


@pytest.mark.rule("aspects.counted.named-first", "aspects.counted.npcs")
@pytest.mark.parametrize(
    ("fields", "seat", "says"),
    [
        ({"actor": "severine", "counted": (HERO, HERO)}, "ann", "counted twice"),
        (
            {"actor": "severine", "counted": ("comte-de-vire/high_concept/1",)},
            "ann",
            "not an aspect",
        ),
        ({"actor": "severine", "counted": (HERO,), "skill": "quick"}, "ann", "no skills to roll"),
        ({"actor": "severine"}, "ann", "name the aspects"),
        ({"actor": "comte-de-vire", "skill": "quick", "counted": ()}, "gm", "only a PC"),
    ],
)
def test_bad_counting_is_refused_and_changes_nothing(
    fields: dict[str, object], seat: str, says: str
) -> None:
    table = rooftops()
    before = view_for(table.s, "gm")
    length = len(table.log)
    with pytest.raises(FateError, match=says):
        table.do(c.Roll(action=Action.OVERCOME, difficulty=2, dice="0000", **fields), seat)  # type: ignore[arg-type]
    assert len(table.log) == length
    assert view_for(table.s, "gm") == before


@pytest.mark.rule("aspects.counted", "skills.combined-roll")
@pytest.mark.parametrize(
    ("command", "seat"),
    [
        (
            c.Roll(
                actor="severine",
                action=Action.OVERCOME,
                difficulty=2,
                counted=(HERO,),
                second_skill="quick",
                dice="0000",
            ),
            "ann",
        ),
        (
            c.Attack(
                actor="severine",
                target="comte-de-vire",
                counted=(HERO,),
                second_skill="quick",
                defend_skill="quick",
                dice="0000",
            ),
            "ann",
        ),
        (
            c.Attack(
                actor="comte-de-vire",
                target="severine",
                skill="flashy",
                defend_counted=(HERO,),
                defend_second_skill="quick",
                dice="0000",
                defend_dice="0000",
            ),
            "gm",
        ),
    ],
)
def test_a_second_skill_is_refused_where_aspects_are_counted(
    command: c.Roll | c.Attack, seat: str
) -> None:
    """A rule set that counts aspects has no skill lists to add from (and so never two combined
    ones): a second skill named beside counted aspects is refused, as at any one-list table."""
    table = rooftops() if isinstance(command, c.Roll) else duel(first=command.actor)
    before = view_for(table.s, "gm")
    length = len(table.log)
    with pytest.raises(BadInput) as caught:
        table.do(command, seat)
    assert caught.value.code == "second_skill_refused"
    assert len(table.log) == length
    assert view_for(table.s, "gm") == before
    with pytest.raises(BadInput) as caught:
        roll_odds(
            table.s,
            "ann",
            actor="severine",
            skill="",
            counted=(HERO,),
            difficulty=2,
            second_skill="quick",
        )
    assert caught.value.code == "second_skill_refused"


@pytest.mark.rule("aspects.counted")
def test_a_pc_opposes_a_roll_outside_a_conflict_with_the_aspects_it_counts() -> None:
    """The Comte overcomes with Clever (+2) and +000 (+3); Séverine opposes with Hero and her
    rooftops aspect (+3) and 0000: a tie, outside any conflict."""
    table = rooftops()
    table.do(
        c.Roll(
            actor="comte-de-vire",
            skill="clever",
            action=Action.OVERCOME,
            against="severine",
            defend_counted=(HERO, ROOFTOPS),
            dice="+000",
            defend_dice="0000",
        )
    )
    rolled = table.log[-1]
    assert (rolled.defend_counted_bonus, rolled.defend_skill) == (3, None)
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (3, 3, 0)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted.named-first")
def test_a_pc_defending_must_name_what_it_counts() -> None:
    table = duel(first="comte-de-vire")
    with pytest.raises(FateError, match="name the aspects"):
        table.do(c.Attack(actor="comte-de-vire", target="severine", skill="flashy", dice="++00"))


@pytest.mark.rule("aspects.counted")
def test_the_odds_read_the_counted_bonus() -> None:
    """Hero and Swordplay (+3) against Fair (+2): exactly the chances of a +3 roll; in the duel
    against the Comte's Quick (+3), the chances of +3 against an active +3; the same counted
    aspects twice are refused as the roll would be."""
    table = rooftops()
    odds = roll_odds(
        table.s, "ann", actor="severine", counted=(HERO, SWORDPLAY), skill="", difficulty=2
    )
    exact = chances(3, 2).as_dict()
    assert odds["modifier"] == 3
    assert {k: v["exact"] for k, v in odds["chances"].items()} == {
        k: f"{p.numerator}/{p.denominator}" for k, p in exact.items()
    }
    duelling = duel()
    odds = roll_odds(
        duelling.s,
        "gm",
        actor="severine",
        skill="",
        counted=(HERO, SWORDPLAY),
        against="comte-de-vire",
        defend_skill="quick",
        action="attack",
    )
    assert (odds["modifier"], odds["opposition"], odds["active"]) == (3, 3, True)
    assert odds["chances"]["success"]["exact"] == _exact(
        chances(3, 3, active=True).as_dict()["success"]
    )
    defending = roll_odds(
        duelling.s,
        "gm",
        actor="comte-de-vire",
        skill="flashy",
        against="severine",
        defend_counted=(HERO, ROOFTOPS),
        action="attack",
    )
    assert (defending["modifier"], defending["opposition"]) == (2, 3)
    with pytest.raises(FateError, match="counted twice"):
        roll_odds(table.s, "ann", actor="severine", counted=(HERO, HERO), difficulty=2)


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


@pytest.mark.rule("aspects.counted")
def test_foresight_fights_a_counting_pc_at_its_counted_bonus() -> None:
    """Foresight at the rooftop duel: Séverine, who counts aspects, fights at the bonus of the
    simulator's default (the hero aspect, +2, by the rules' counted_bonus), never at +0 on
    approaches she does not have; the Comte on his approaches."""
    table = duel()
    found = foresight_scenarios(table.s)
    plan = fight_plan(found.baseline)
    severine = plan.fighters[plan.index("severine")]
    assert (severine.close.modifier, severine.defend_close.rating, severine.ranged) == (2, 2, None)
    comte = plan.fighters[plan.index("comte-de-vire")]
    assert (comte.close.skill, comte.close.rating) == ("quick", None)
    outcomes = play(found.baseline, 200, seed=1)
    assert outcomes.runs == 200


@pytest.mark.rule("aspects.counted", "aspects.counted.npcs")
def test_a_contests_overcome_counts_aspects() -> None:
    """A rooftop chase as a contest: Séverine counts hero and rooftops (+3) and 0000, the Comte
    rolls Quick (+3) and 0000; each side's effort is +3; a skill named by her is refused."""
    table = rooftops()
    table.do(
        c.StartContest(
            sides=(("heroes", ("severine",)), ("cardinal", ("comte-de-vire",))),
            intents=(("heroes", "escape"), ("cardinal", "catch her")),
        )
    )
    with pytest.raises(BadInput) as refused:
        table.do(c.ContestRoll(side="heroes", actor="severine", skill="quick"), "ann")
    assert refused.value.code == "counted_not_skill"
    table.do(
        c.ContestRoll(side="heroes", actor="severine", counted=(HERO, ROOFTOPS), dice="0000"),
        "ann",
    )
    rolled = table.log[-1]
    assert (rolled.counted, rolled.counted_bonus) == ((HERO, ROOFTOPS), 3)
    table.do(c.ContestRoll(side="cardinal", actor="comte-de-vire", skill="quick", dice="0000"))
    efforts = sorted(r["effort"] for r in view_for(table.s, "gm")["rolls"])
    assert efforts == [3, 3]
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")
    line = seen_line(table, "ann", "en", back=2)
    assert "rolled in the contest, counting *Rocket Ace" in line


@pytest.mark.rule("aspects.counted", "aspects.counted.named-first")
def test_a_challenges_task_counts_aspects_in_place_of_its_skill() -> None:
    """A task calling for Quick at Fair (+2): Séverine counts her rooftops aspect (+1) and +000:
    an effort of +2, a tie; naming none is asked for, and an aspect not hers is refused."""
    table = rooftops()
    table.do(c.StartChallenge(tasks=(("roofs", "cross the roofs", "quick", 2),)))
    for fields, says in (({}, "name the aspects"), ({"counted": (TROUBLE, TROUBLE)}, "twice")):
        with pytest.raises(FateError, match=says):
            table.do(c.ChallengeRoll(task="roofs", actor="severine", dice="0000", **fields), "ann")  # type: ignore[arg-type]
    table.do(
        c.ChallengeRoll(task="roofs", actor="severine", counted=(ROOFTOPS,), dice="+000"), "ann"
    )
    (roll,) = view_for(table.s, "gm")["rolls"]
    assert (roll["effort"], roll["shifts"]) == (2, 0)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")
    assert "counting *Every Rooftop of Montmartre Is My Road*" in seen_line(table, "ann", "en")


@pytest.mark.rule("aspects.counted")
def test_a_secret_roll_for_a_counting_pc_counts_its_aspects() -> None:
    """The GM rolls behind the screen for Séverine, counting hero and swordplay (+3), +000: an
    effort of +4 against Good (+3), a success; a skill for her is refused."""
    table = rooftops()
    with pytest.raises(BadInput) as refused:
        table.do(c.SecretRoll(actor="severine", skill="careful", dice="0000"))
    assert refused.value.code == "counted_not_skill"
    table.do(c.SecretRoll(actor="severine", counted=(HERO, SWORDPLAY), difficulty=3, dice="+000"))
    (kept,) = view_for(table.s, "gm")["screen"]["secret_rolls"]
    assert (kept["effort"], kept["outcome"]) == (4, "success")
    assert table.log[-1].counted_bonus == 3
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted")
def test_an_overcome_to_move_zones_counts_aspects() -> None:
    """Two roofs away, past the first: Séverine counts hero and rooftops (+3), 0000, against
    Fair (+2), and gets there."""
    table = Play()
    table.do(c.CreateTable(name="Paris", preset="rocketeers"))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=sheet, owner="ann"), "ann")
    table.do(c.StartSession())
    table.do(
        c.StartScene(
            name="Montmartre",
            participants=("severine",),
            zones=("steeple", "gables", "chimneys"),
            links=(("steeple", "gables"), ("gables", "chimneys")),
            positions=(("severine", "steeple"),),
        )
    )
    table.do(
        c.Roll(
            actor="severine",
            action=Action.OVERCOME,
            counted=(HERO, ROOFTOPS),
            difficulty=2,
            move_to="chimneys",
            dice="0000",
        ),
        "ann",
    )
    assert table.log[-1].counted_bonus == 3
    table.do(c.ResolveRoll(), "ann")
    assert table.s.game.scene is not None and table.s.game.scene.zones is not None
    assert table.s.game.scene.zones.positions["severine"] == "chimneys"
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted")
def test_an_advantage_made_against_a_pc_outside_a_conflict_meets_its_counted_defence() -> None:
    """The Comte creates an advantage on Séverine with Clever (+2) and ++00 (+4); she opposes
    counting hero and family (+3) and 0000, outside any conflict."""
    table = rooftops()
    table.do(
        c.Roll(
            actor="comte-de-vire",
            skill="clever",
            action=Action.CREATE_ADVANTAGE,
            against="severine",
            defend_counted=(HERO, "severine/character/2"),
            dice="++00",
            defend_dice="0000",
        )
    )
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"]) == (4, 3)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


def seen_line(table: Play, seat: str, language: str, back: int = 1) -> str:
    """An event's line (the last, or ``back`` from the end) as Discord tells it to ``seat`` (the
    page reads the same declaration)."""
    from fatekit.discord.door import seen_by
    from fatekit.table import event_for

    event = event_for(table.log[-back], table.s, seat)
    said = seen_by(table.s, seat, language).reader.line(event)
    assert said is not None
    return said.replace("\\", "")


def swarmed() -> Play:
    """The rooftop duel with the multiple-targets option, two of the Comte's guards beside him
    on the same roof, and the Comte's side acting first or Séverine (``first``)."""
    table = Play()
    table.do(c.CreateTable(name="Paris", preset="rocketeers", options=("multiple_targets",)))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=sheet, owner="ann"), "ann")
    npc = (SAMPLES / "comte-de-vire.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=npc))
    guard = json.loads(npc)
    guard.update(id="guard", name="Guard")
    for aspect in guard["aspects"]:
        aspect["id"] = aspect["id"].replace("comte-de-vire", "guard")
    table.do(c.AddCharacter(sheet=json.dumps(guard)))
    table.do(c.StartSession())
    table.do(
        c.StartScene(
            name="The rooftops",
            participants=("severine", "comte-de-vire", "guard"),
            zones=("roof",),
            positions=(("severine", "roof"), ("comte-de-vire", "roof"), ("guard", "roof")),
        )
    )
    return table


def _fight(table: Play, first: str) -> None:
    table.do(
        c.StartConflict(
            sides=(("heroes", ("severine",)), ("cardinal", ("comte-de-vire", "guard"))),
            kind=ConflictKind.PHYSICAL,
            first=first,
        )
    )


@pytest.mark.rule("aspects.counted", "option.multiple-targets")
def test_a_split_attack_counts_aspects() -> None:
    """Séverine splits an attack counting hero and swordplay (+3) and ++00: an effort of +5,
    shared 3 and 2 between the Comte and his guard, who defend on Quick as usual."""
    table = swarmed()
    _fight(table, "severine")
    table.do(c.SplitAttack(actor="severine", counted=(HERO, SWORDPLAY), dice="++00"), "ann")
    assert (table.log[-1].counted_bonus, view_for(table.s, "gm")["roll"]["effort"]) == (3, 5)
    table.dice = ["0000", "0000"]  # the table rolls the NPCs' defences
    table.do(c.AssignTargets(split=(("comte-de-vire", 3), ("guard", 2))), "ann")
    assert table.log[-1].defend_counted == ()
    conflict = table.s.conflict
    assert conflict is not None and conflict.turns.turn is not None
    aimed = conflict.turns.turn.targets
    assert aimed is not None
    assert [(t, r.effort, r.opposition_value) for t, r in sorted(aimed.items())] == [
        ("comte-de-vire", 3, 3),
        ("guard", 2, 3),
    ]
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted", "aspects.counted.named-first", "option.multiple-targets")
def test_a_zone_attack_meets_a_targets_counted_defence() -> None:
    """The Comte attacks the whole roof with Flashy (+2) and ++00 (+4): Séverine defends counting
    hero, swordplay and rooftops (+4) and 0000, a tie. Her defence named by nobody is asked for,
    an aspect not hers refused; nothing changes until it is right."""
    table = swarmed()
    _fight(table, "comte-de-vire")
    table.do(c.ZoneAttack(actor="comte-de-vire", skill="flashy", zone="roof", dice="++00"))
    before, length = view_for(table.s, "gm"), len(table.log)
    for fields, says in (
        ({}, "name the aspects"),
        ({"defend_counted": (("severine", ("guard/high_concept/1",)),)}, "not an aspect"),
        ({"defend_skills": (("severine", "quick"),)}, "no skills to roll"),
    ):
        with pytest.raises(FateError, match=says):
            table.do(c.AssignTargets(defend_dice=(("severine", "0000"),), **fields))  # type: ignore[arg-type]
        assert (len(table.log), view_for(table.s, "gm")) == (length, before)
    table.do(
        c.AssignTargets(
            defend_dice=(("severine", "0000"),),
            defend_counted=(("severine", (HERO, SWORDPLAY, ROOFTOPS)),),
        )
    )
    assigned = table.log[-1]
    assert assigned.defend_counted_bonuses == (("severine", 4),)
    conflict = table.s.conflict
    assert conflict is not None and conflict.turns.turn is not None
    targets = conflict.turns.turn.targets
    assert targets is not None
    aimed = targets["severine"]
    assert (aimed.effort, aimed.opposition_value, aimed.shifts) == (4, 4, 0)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("aspects.counted.no-skills")
@pytest.mark.parametrize(("actor", "helper"), [("severine", "guard"), ("guard", "severine")])
def test_teamwork_is_refused_to_a_pc_who_counts_aspects(actor: str, helper: str) -> None:
    """Teamwork lends a skill (at least Average): a PC who counts aspects has none to lend, nor
    one to be helped in. Séverine helped by the guard, or helping him, is refused under the
    rule that such a PC has no skill ratings, changing nothing (the GM may allow it)."""
    table = swarmed()
    table.do(
        c.StartConflict(
            sides=(("heroes", ("severine", "guard")), ("cardinal", ("comte-de-vire",))),
            kind=ConflictKind.PHYSICAL,
            first=actor,
        )
    )
    before, length = view_for(table.s, "gm"), len(table.log)
    how = {"counted": (HERO,)} if actor == "severine" else {"skill": "quick"}
    with pytest.raises(IllegalAction) as refused:
        table.do(
            c.Attack(
                actor=actor,
                target="comte-de-vire",
                helpers=(helper,),
                dice="0000",
                defend_skill="quick",
                **how,  # type: ignore[arg-type]
            )
        )
    assert refused.value.rule.key == "aspects.counted.no-skills"
    assert refused.value.waivable
    assert (len(table.log), view_for(table.s, "gm")) == (length, before)
