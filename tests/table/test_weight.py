"""Weight at the table (srd/war-of-ashes.md § Weight > Weight in Combat): the server weighs the
sides in the roller's zone when a roll is decided, turns the dice, and the event keeps the draw
as it fell beside the dice turned, so the log folds them as facts."""

from __future__ import annotations

import json

import pytest

from fatekit.formats import dumps_character, loads_character
from fatekit.rules import BadInput, IllegalAction, major_npc
from fatekit.table import Waiver
from fatekit.table import commands as c
from fatekit.table import events as e

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]


def troll_sheet(weight: int = 4) -> str:
    troll = major_npc(
        "condensed", "troll", "Bridge Troll", high_concept="Huge and Hungry", skills={"fight": 2}
    )
    troll.weight = weight
    return dumps_character(troll)


def fight(play: Play, cult: tuple[str, ...] = ("alice",)) -> None:
    play.do(c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", cult)), first="ruth"))


def last(play: Play) -> e.Event:
    return play.log[-1]


@pytest.mark.rule("weight.sides", "weight.two-to-one", "weight.turned-dice")
def test_two_heroes_outweigh_alice_and_ruth_turns_a_die() -> None:
    play = seated(("weight",))
    fight(play)
    play.dice[:] = ["00-+"]  # Alice's defence, as the table rolls it: she is outweighed
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="00-+"), "ann")
    rolled = last(play)
    assert isinstance(rolled, e.AttackRolled)
    assert (rolled.rolled_faces, rolled.faces) == ("00-+", "00++")
    assert rolled.weight == e.Outweighed(own=2, other=1, target=1, turned=1)
    assert (rolled.defend_faces, rolled.defend_rolled_faces, rolled.defend_weight) == (
        "00-+",
        None,
        None,
    )
    assert play.s.roll is not None and play.s.roll.dice is not None
    assert play.s.roll.dice.symbols() == "00++"
    # Both seats read the same fact in the log: what fell, what was turned, and why.
    for seat in ("ann", "gm"):
        entry = log_of(play, seat)[0]
        assert entry["type"] == "AttackRolled"
        told = entry["data"]
        assert told["rolled_faces"] == "00-+" and told["faces"] == "00++"
        assert told["weight"] == {"own": 2, "other": 1, "target": 1, "turned": 1}
    assert_replays(play)


@pytest.mark.rule("weight.four-to-one", "weight.sides")
def test_a_troll_from_a_character_file_weighs_four() -> None:
    play = seated(("weight",))
    play.do(c.AddCharacter(sheet=troll_sheet()))
    assert play.s.game.character("troll").weight == 4
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The bridge",
            participants=("ruth", "charles", "alice", "troll"),
            zones=("bridge", "bank"),
            links=(("bridge", "bank"),),
            positions=(
                ("ruth", "bridge"),
                ("charles", "bank"),
                ("alice", "bridge"),
                ("troll", "bridge"),
            ),
        )
    )
    play.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "troll"))), first="troll"
        )
    )
    # On the bridge the troll and Alice weigh 5 against Ruth's 1: two dice, and no more.
    play.dice[:] = ["----"]
    play.do(c.Attack(actor="troll", target="ruth", skill="fight", dice="-0-0"))
    rolled = last(play)
    assert isinstance(rolled, e.AttackRolled)
    assert rolled.faces == "+0+0" and rolled.weight is not None and rolled.weight.turned == 2
    assert rolled.weight == e.Outweighed(own=5, other=1, target=1, turned=2)
    assert rolled.defend_faces == "----"  # Ruth, outweighed, rolls as she fell
    assert_replays(play)


@pytest.mark.rule("weight.when")
def test_an_advantage_counts_weight_only_when_the_gm_allows_it() -> None:
    play = seated(("weight",))
    fight(play)
    before = len(play.log)
    with pytest.raises(IllegalAction) as refused:
        play.do(
            c.CreateAdvantage(
                actor="ruth", skill="provoke", difficulty=2, dice="0-00", weight_claimed=True
            ),
            "ann",
        )
    assert refused.value.rule.key == "weight.when" and refused.value.waivable
    assert len(play.log) == before  # nothing changed
    # Without the claim the advantage rolls as it fell; with the GM's word it turns a die.
    play.do(
        c.CreateAdvantage(
            actor="ruth", skill="provoke", difficulty=2, dice="0-00", weight_claimed=True
        ),
        "gm",
        waiver=Waiver(rules=("weight.when",), reason="her allies' shouts back her up"),
    )
    rolled = last(play)
    assert isinstance(rolled, e.AdvantageRolled)
    assert (rolled.rolled_faces, rolled.faces) == ("0-00", "0+00")
    assert rolled.waived == ("weight.when",)
    assert_replays(play)


def test_no_weight_without_the_option() -> None:
    play = seated()
    fight(play)
    before = len(play.log)
    with pytest.raises(BadInput, match="weight is not in use"):
        play.do(
            c.CreateAdvantage(
                actor="ruth", skill="provoke", difficulty=2, dice="0000", weight_claimed=True
            ),
            "ann",
        )
    assert len(play.log) == before
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="00-+"), "ann")
    rolled = last(play)
    assert isinstance(rolled, e.AttackRolled)
    assert rolled.faces == "00-+" and rolled.weight is None and rolled.rolled_faces is None


@pytest.mark.rule("weight.sides")
def test_a_character_file_keeps_its_weight_and_refuses_a_bad_one() -> None:
    sheet = troll_sheet(4)
    assert json.loads(sheet)["weight"] == 4
    assert loads_character(sheet).character.weight == 4
    assert "weight" not in json.loads(troll_sheet(1))  # the default is left out
    play = seated(("weight",))
    before = len(play.log)
    bad = json.loads(sheet)
    bad["weight"] = 21
    with pytest.raises(BadInput, match="weight"):
        play.do(c.AddCharacter(sheet=json.dumps(bad)))
    assert len(play.log) == before


@pytest.mark.rule("weight.two-to-one", "weight.turned-dice")
def test_the_odds_before_a_roll_count_the_die_weight_turns() -> None:
    from fractions import Fraction

    from fatekit.odds.exact import chances
    from fatekit.table.offers import roll_odds

    play = seated(("weight",))
    fight(play)
    odds = roll_odds(play.s, "gm", actor="ruth", skill="fight", against="alice", action="attack")
    assert odds["weight"] == {"own": 2, "other": 1, "target": 1, "turned": 1}
    assert odds["opposing_weight"] is None
    # Ann may not see Alice's skills: the odds stay hidden, the weight (in the open) is said.
    hidden = roll_odds(play.s, "ann", actor="ruth", skill="fight", against="alice", action="attack")
    assert hidden["hidden"] and hidden["weight"] == odds["weight"]
    exact = chances(odds["modifier"], odds["opposition"], active=True, turned=1)
    assert {k: Fraction(v["exact"]) for k, v in odds["chances"].items()} == {
        k: v for k, v in exact.as_dict().items()
    }
    # Alice's attack on Ruth: Ruth's defence turns a die, Alice's roll none.
    gm = roll_odds(play.s, "gm", actor="alice", skill="fight", against="ruth", action="attack")
    assert gm["weight"] is None and gm["opposing_weight"]["turned"] == 1
    # A create an advantage counts weight only when claimed (the GM's word comes with the roll).
    plain = roll_odds(play.s, "ann", actor="ruth", skill="provoke", difficulty=2)
    assert plain["weight"] is None
    claimed = roll_odds(
        play.s, "ann", actor="ruth", skill="provoke", difficulty=2, weight_claimed=True
    )
    assert claimed["weight"]["turned"] == 1
    assert Fraction(claimed["chances"]["fail"]["exact"]) < Fraction(
        plain["chances"]["fail"]["exact"]
    )
    # Without the option, nothing turns.
    off = seated()
    fight(off)
    assert (
        roll_odds(off.s, "gm", actor="ruth", skill="fight", against="alice", action="attack")[
            "weight"
        ]
        is None
    )


@pytest.mark.rule("weight.each-roll", "weight.two-to-one")
def test_the_roll_card_shows_the_weight_and_a_reroll_is_weighed_again() -> None:
    from fatekit.rules.aspects.invokes import InvokeEffect
    from fatekit.table import view_for

    play = seated(("weight",))
    fight(play)
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="--00"), "ann")
    for seat in ("ann", "ben"):
        card = view_for(play.s, seat)["rolls"][0]
        assert (card["faces"], card["rolled_faces"]) == ("+-00", "--00")
        assert card["weight"] == {"own": 2, "other": 1, "target": 1, "turned": 1}
        assert card["defence"]["weight"] is None
    # The advice on invoking counts a reroll as weighed again: one die turned.
    from fractions import Fraction

    from fatekit.odds.invokes import Choice, advise
    from fatekit.table.offers import invoke_options

    advice = invoke_options(play.s, "ann", "ruth", target="style")["advice"]
    roll = play.s.roll
    assert roll is not None and roll.dice is not None
    assert roll.opposition is not None and roll.opposition.dice is not None
    expected = advise(
        roll.effort - roll.dice.total,
        roll.opposition_value - roll.opposition.dice.total,
        roll.dice,
        invokes=advice["invokes"],
        target="style",
        opposition_dice=roll.opposition.dice,
        turned=1,
    )
    assert Fraction(advice["chances"]["reroll"]["exact"]) == expected.chances[Choice.REROLL]
    unweighed = advise(
        roll.effort - roll.dice.total,
        roll.opposition_value - roll.opposition.dice.total,
        roll.dice,
        invokes=advice["invokes"],
        target="style",
        opposition_dice=roll.opposition.dice,
    )
    assert unweighed.chances[Choice.REROLL] < expected.chances[Choice.REROLL]
    # Ruth rerolls: who outweighs whom is read again, and the new dice are turned too.
    play.do(
        c.Invoke(
            aspect_id="ruth/high_concept/1", by="ruth", effect=InvokeEffect.REROLL, dice="-0-0"
        ),
        "ann",
    )
    rerolled = last(play)
    assert isinstance(rerolled, e.Invoked)
    assert (rerolled.rolled_faces, rerolled.faces) == ("-0-0", "+0-0")
    card = view_for(play.s, "ben")["rolls"][0]
    assert (card["faces"], card["rolled_faces"], card["rerolled"]) == ("+0-0", "-0-0", ["+-00"])
    assert_replays(play)


@pytest.mark.rule("weight.two-to-one")
def test_kept_npc_dice_keep_the_draw_too() -> None:
    from fatekit.table import view_for

    play = seated(("weight",))
    play.do(c.AddCharacter(sheet=troll_sheet(2)))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The bridge",
            participants=("ruth", "charles", "alice", "troll"),
            zones=("bridge", "bank"),
            links=(("bridge", "bank"),),
            positions=(
                ("ruth", "bridge"),
                ("charles", "bank"),
                ("alice", "bridge"),
                ("troll", "bridge"),
            ),
        )
    )
    play.do(c.HideNpcDice(hidden=True))
    play.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "troll"))), first="troll"
        )
    )
    play.dice[:] = ["0000"]
    play.do(c.Attack(actor="troll", target="ruth", skill="fight", dice="-000"))
    gm = view_for(play.s, "gm")["rolls"][0]
    assert (gm["faces"], gm["rolled_faces"], gm["weight"]["turned"]) == ("+000", "-000", 1)
    ann = view_for(play.s, "ann")["rolls"][0]
    assert ann["faces"] is None and ann["rolled_faces"] is None and ann["dice_hidden"]
    assert ann["weight"] == {"own": 3, "other": 1, "target": 1, "turned": 1}
    entry = log_of(play, "ann")[0]["data"]
    assert entry["faces"] is None and entry["rolled_faces"] is None
    assert log_of(play, "gm")[0]["data"]["rolled_faces"] == "-000"
    assert_replays(play)


@pytest.mark.rule("weight.two-to-one")
def test_a_rule_set_file_switches_weight_on() -> None:
    from pathlib import Path

    from fatekit.rules.core.switches import OptionalRule
    from fatekit.table.seats import Role

    from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]

    built_in = Path(__file__).resolve().parents[2] / "fatekit/rules/characters/rulesets"
    data = json.loads((built_in / "condensed.json").read_text(encoding="utf-8"))
    data.update(key="ashes", name="Ashes", source="our War of Ashes hack", options=["weight"])
    table = Play()
    table.do(c.CreateTable(name="Agaptus", preset="ashes", ruleset=json.dumps(data)))
    assert table.s.ruleset.has(OptionalRule.WEIGHT)
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    for sheet, owner in ((ruth_sheet(), "ann"), (charles_sheet(), None), (npc_sheet(), None)):
        made = json.loads(sheet)
        made["preset"] = "ashes"
        table.do(c.AddCharacter(sheet=json.dumps(made), owner=owner))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The gate", participants=("ruth", "charles", "alice")))
    fight(table)
    table.dice[:] = ["0000"]
    table.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="000-"), "ann")
    rolled = last(table)
    assert isinstance(rolled, e.AttackRolled)
    # No map: the whole scene is one zone, two against one.
    assert rolled.faces == "000+" and rolled.weight is not None
    assert_replays(table, ("gm", "ann"))


@pytest.mark.rule("weight.turned-dice")
def test_a_table_drawing_3d6_turns_a_six_sided_die_to_six() -> None:
    play = seated(("weight",), randomizer="3d6")
    fight(play)
    play.dice[:] = ["3d6:111"]  # Alice's defence, outweighed: as it fell
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="3d6:413"), "ann")
    rolled = last(play)
    assert isinstance(rolled, e.AttackRolled)
    assert (rolled.rolled_faces, rolled.faces) == ("3d6:413=-1", "3d6:463=+1")
    assert rolled.defend_faces == "3d6:111=-4" and rolled.defend_weight is None
    assert play.s.roll is not None and play.s.roll.effort == 4 + 1
    assert_replays(play)


@pytest.mark.rule("weight.two-to-one", "weight.sides")
def test_attacks_on_several_targets_weigh_the_roll_and_every_defence() -> None:
    from fatekit.rules.aspects.invokes import InvokeEffect
    from fatekit.table import view_for

    from .test_conflict_options import with_goon  # type: ignore[import-not-found]

    play = with_goon(seated(("multiple_targets", "weight")))
    sides = (("heroes", ("ruth", "charles", "goon")), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first="alice"))
    # Alice, outweighed three to one, attacks the whole deck: her dice fall as they fall...
    play.do(c.ZoneAttack(actor="alice", skill="fight", zone="deck", dice="-000"))
    rolled = last(play)
    assert isinstance(rolled, e.ZoneAttackRolled) and rolled.weight is None
    # ... and every one of her targets defends with a die turned to +.
    play.dice[:] = ["-000", "0-00", "00-0"]
    play.do(c.AssignTargets())
    assigned = last(play)
    assert isinstance(assigned, e.TargetsAssigned)
    assert dict(assigned.defend_faces) == {"charles": "+000", "goon": "0+00", "ruth": "00+0"}
    assert dict(assigned.defend_rolled_faces) == {
        "charles": "-000",
        "goon": "0-00",
        "ruth": "00-0",
    }
    assert dict(assigned.defend_weights)["ruth"] == e.Outweighed(
        own=3, other=1, target=None, turned=1
    )
    for seat in ("ann", "ben"):
        target = view_for(play.s, seat)["conflict"]["targets"]["ruth"]
        assert target["rolled_faces"] == "00-0" and target["weight"]["turned"] == 1
    # Ruth rerolls her defence: weighed again, the target's card follows the new dice.
    play.do(
        c.Invoke(
            aspect_id="ruth/high_concept/1",
            by="ruth",
            effect=InvokeEffect.REROLL,
            target="ruth",
            dice="-0-0",
        ),
        "ann",
    )
    rerolled = last(play)
    assert isinstance(rerolled, e.Invoked)
    assert (rerolled.rolled_faces, rerolled.faces) == ("-0-0", "+0-0")
    assert view_for(play.s, "ben")["conflict"]["targets"]["ruth"]["rolled_faces"] == "-0-0"
    assert_replays(play)
    # A split attack, rolled before its targets are named, turns one die at most.
    split = with_goon(seated(("multiple_targets", "weight")))
    split.do(c.StartConflict(sides=sides, first="ruth"))
    split.do(c.SplitAttack(actor="ruth", skill="fight", dice="--00"), "ann")
    made = last(split)
    assert isinstance(made, e.SplitAttackRolled)
    assert (made.rolled_faces, made.faces) == ("--00", "+-00")
    assert made.weight == e.Outweighed(own=3, other=1, target=None, turned=1)
    assert view_for(split.s, "ben")["rolls"][0]["weight"]["turned"] == 1
    line = log_of(split, "gm")[0]
    assert line["type"] == "SplitAttackRolled" and line["data"]["rolled_faces"] == "--00"
    assert_replays(split)


@pytest.mark.rule("weight.two-to-one", "weight.sides")
def test_foresight_plays_weight_as_the_table_does() -> None:
    """The scene's fight, as foresight simulates it, weighs Ruth and Charles (2) against Alice
    (1): both engines turn the heroes' dice alike, and Alice falls sooner, and hurts them less,
    than in the same fight without weight."""
    from fatekit.odds import fight_plan, play
    from fatekit.table.foresight import foresight_scenarios

    weighed = seated(("weight",))
    fight(weighed)
    scenario = foresight_scenarios(weighed.s).baseline
    plan = fight_plan(scenario)
    assert plan.weight and [f.weight for f in plan.fighters] == [1, 1, 1]
    reference = play(scenario, 300, seed=4, engine="scalar")
    fast = play(scenario, 300, seed=4, engine="vector")
    assert (reference.winner == fast.winner).all()
    assert (reference.consequences == fast.consequences).all()
    plain = seated(())
    fight(plain)
    unweighed = foresight_scenarios(plain.s).baseline
    assert not fight_plan(unweighed).weight
    heavy, light = play(scenario, 4000, seed=4), play(unweighed, 4000, seed=4)
    assert heavy.exchanges.mean() < light.exchanges.mean()  # Alice falls sooner
    heroes = [i for i, f in enumerate(plan.fighters) if f.side == 0]
    assert heavy.consequences[:, heroes].sum() < light.consequences[:, heroes].sum()  # less hurt
