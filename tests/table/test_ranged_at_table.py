"""A shot at the table: the engine, not the seat, says an attack is made from a distance, records
it on the event, and offers each skill only the targets it reaches (fate-condensed.ru.md § Setting
Up Scenes > Zones; § Actions > Which skills can be used to attack and defend?)."""

from __future__ import annotations

import pytest

from fatekit.rules import IllegalAction
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.events import AttackRolled

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


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
