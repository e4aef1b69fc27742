"""A shot at the table: the engine, not the seat, says an attack is made from a distance, records
it on the event, and offers each skill only the targets it reaches (fate-condensed.ru.md § Setting
Up Scenes > Zones; § Actions > Which skills can be used to attack and defend?)."""

from __future__ import annotations

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import FateError, IllegalAction, major_npc
from fatekit.table import commands as c
from fatekit.table import handle, view_for
from fatekit.table.events import AttackRolled

from .conftest import NOW, Play, assert_replays  # type: ignore[import-not-found]


def across_the_deck(play: Play, first: str = "charles") -> None:
    """Alice in the cabin, Ruth and Charles on deck; a fight, ``first`` first."""
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="Below",
            participants=("ruth", "charles", "alice"),
            zones=("deck", "cabin"),
            links=(("deck", "cabin"),),
            positions=(("ruth", "deck"), ("charles", "deck"), ("alice", "cabin")),
        )
    )
    sides = (("heroes", ("ruth", "charles")), ("cult", ("alice",)))
    play.do(c.StartConflict(sides=sides, first=first))


@pytest.mark.rule("skills.ranged", "zone.ranged")
def test_a_shot_into_the_next_zone_is_taken_and_recorded_as_ranged(play: Play) -> None:
    across_the_deck(play)
    view = view_for(play.s, "ben")
    attack = next(m for m in view["conflict"]["legal_actions"]["charles"] if m["move"] == "attack")
    # Charles reaches Alice only with Shoot, and the view says it is a shot.
    assert attack["reach"] == {"shoot": ["alice"]} and attack["ranged"] == ["shoot"]
    assert attack["skills"] == ["shoot"] and attack["targets"] == ["alice"]
    done = play.do(
        c.Attack(actor="charles", target="alice", skill="shoot", dice="0000", defend_dice="0000")
    )
    rolled = done.events[0]
    assert isinstance(rolled, AttackRolled) and rolled.ranged
    # Alice's Fight (+3) cannot stop a bullet: she dodges with Athletics (+0).
    assert play.s.roll is not None and play.s.roll.opposition is not None
    assert play.s.roll.opposition.skill == "athletics"
    assert_replays(play)


@pytest.mark.rule("zone.interact")
def test_a_blow_cannot_reach_the_next_zone_and_ruth_is_offered_no_attack(play: Play) -> None:
    across_the_deck(play, first="ruth")
    moves = view_for(play.s, "ann")["conflict"]["legal_actions"]["ruth"]
    # Ruth's Fight (+4) reaches nobody from the deck; her Shoot (+0) reaches the cabin.
    attack = next(m for m in moves if m["move"] == "attack")
    assert attack["reach"] == {"shoot": ["alice"]}
    with pytest.raises(IllegalAction) as refused:
        play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    assert refused.value.rule.key == "zone.interact"


def _foe(npc_id: str, name: str) -> str:
    return dumps_character(
        major_npc(
            "condensed", npc_id, name, high_concept="Hired Gun", skills={"shoot": 2, "fight": 1}
        )
    )


@pytest.mark.rule("zone.interact", "zone.ranged")
def test_the_reach_offered_for_each_skill_is_exactly_what_the_table_takes(play: Play) -> None:
    """The page draws an attack's reach on the board from the view's ``reach`` (issue 42): for
    every skill and every opponent, the table takes the attack exactly when the view offered
    that target for that skill. Charles stands on deck with Alice; Kruger is one zone off (a
    shot reaches him, a blow does not); Dagny two zones off (beyond a shot's reach of one)."""
    play.do(c.AddCharacter(sheet=_foe("kruger", "Kruger")))
    play.do(c.AddCharacter(sheet=_foe("dagny", "Dagny")))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The long deck",
            participants=("ruth", "charles", "alice", "kruger", "dagny"),
            zones=("deck", "hall", "cabin"),
            links=(("deck", "hall"), ("hall", "cabin")),
            positions=(
                ("ruth", "deck"),
                ("charles", "deck"),
                ("alice", "deck"),
                ("kruger", "hall"),
                ("dagny", "cabin"),
            ),
        )
    )
    sides = (("heroes", ("ruth", "charles")), ("crew", ("alice", "kruger", "dagny")))
    play.do(c.StartConflict(sides=sides, first="charles"))
    moves = view_for(play.s, "ben")["conflict"]["legal_actions"]["charles"]
    attack = next(m for m in moves if m["move"] == "attack")
    reach: dict[str, list[str]] = attack["reach"]
    assert reach["shoot"] == ["alice", "kruger"] and "shoot" in attack["ranged"]
    assert all("kruger" not in ts for k, ts in reach.items() if k not in attack["ranged"])
    assert not any("dagny" in ts for ts in reach.values())
    before = view_for(play.s, "gm")
    for skill in ("shoot", "fight", "lore", "athletics"):
        for target in ("alice", "kruger", "dagny", "ruth"):
            command = c.Attack(actor="charles", target=target, skill=skill, dice="0000")
            try:
                handle(play.s, command, seat="ben", table_id="t1", now=NOW, history=play.log)
            except FateError:
                taken = False
            else:
                taken = True
            assert taken == (target in reach.get(skill, [])), (skill, target)
    # Every try was on a copy: nothing changed.
    assert view_for(play.s, "gm") == before
