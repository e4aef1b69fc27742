"""The skills a split or zone attack's targets may defend with, in a seat's extras: while the
attack waits to be aimed, for the seat that aims it, each active fighter it plays (the attacker
aside; AssignTargets' own checks) gets the skills
the engine lets defend against this conflict's harm, so the page offers only those; a split is a
flurry of blows that Fight may parry, a zone attack is not (fate-condensed.ru.md § Actions > Which
skills can be used to attack and defend?; § Optional Rules > Ways to Handle Multiple Targets)."""

from __future__ import annotations

import pytest

from fatekit.rules import IllegalAction
from fatekit.table import commands as c
from fatekit.table.extras import extras_for

from .conftest import Play, seated  # type: ignore[import-not-found]
from .test_conflict_options import fight  # type: ignore[import-not-found]


def defend_skills(play: Play, seat: str) -> object:
    return extras_for(play.s, seat)["defend_skills"]


def alice_first() -> Play:
    play = seated(("multiple_targets",))
    fight(play, first="alice")
    return play


@pytest.mark.rule("skills.attack-defend", "option.multiple-targets")
def test_each_seat_gets_the_defences_of_the_targets_it_plays() -> None:
    play = alice_first()
    assert defend_skills(play, "gm") == {}  # no attack waits to be aimed
    play.do(c.SplitAttack(actor="alice", skill="fight", dice="0000"))
    both = ["athletics", "fight"]
    assert defend_skills(play, "gm") == {"charles": both, "ruth": both}
    # Alice's attack is the GM's to aim: the players and the spectator choose no defence.
    for seat in ("ann", "ben", "sam"):
        assert defend_skills(play, seat) == {}
    # Ruth parries with Athletics (Good) rather than her Great Fight: one shift of three lands.
    play.dice[:] = ["0000"]
    play.do(c.AssignTargets(split=(("ruth", 3),), defend_skills=(("ruth", "athletics"),)))
    assert play.s.conflict is not None
    assert play.s.conflict.targets.preview_targets()["ruth"].shifts == 0
    assert defend_skills(play, "gm") == {}  # aimed: nothing left to choose


@pytest.mark.rule("skills.attack-defend", "option.multiple-targets")
def test_fight_does_not_defend_against_a_zone_attack() -> None:
    play = alice_first()
    play.do(c.ZoneAttack(actor="alice", skill="fight", zone="deck", dice="0000"))
    assert defend_skills(play, "gm")["ruth"] == ["athletics"]
    # The engine refuses the skill the extras leave out, and nothing is aimed.
    with pytest.raises(IllegalAction, match="cannot defend"):
        play.do(c.AssignTargets(defend_skills=(("ruth", "fight"),)))
    assert defend_skills(play, "gm")["ruth"] == ["athletics"]
