"""What the random agent (``agent.py``) found at the table layer, each fixed and pinned here by
a plain test: a move the view offered that the engine refused, or a spot the GM could not leave."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, IllegalAction
from fatekit.rules.scenes.conflict import Move
from fatekit.rules.scenes.conflict_targets import MULTIPLE_TARGETS_RULE
from fatekit.table import Waiver
from fatekit.table import commands as c

from .conftest import Play, seated  # type: ignore[import-not-found]


def test_a_fixed_order_offers_only_the_next_in_line() -> None:
    # Fate Core orders by Notice: when the turn ends, the next is known; offering every fighter
    # still waiting let a seat pick one the engine then refused.
    play = seated(preset="core")
    play.do(c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",)))))
    conflict = play.s.conflict
    assert conflict is not None and conflict.turns.order is not None
    first = conflict.turns.current
    play.do(c.Overcome(actor=first, skill="notice", difficulty=0, dice="0000"))
    play.do(c.ResolveRoll())
    conflict = play.s.conflict
    assert conflict is not None and conflict.turns.order is not None
    (end_turn,) = [a for a in conflict.legal_actions(first) if a.move is Move.END_TURN]
    assert end_turn.targets == (conflict.turns.order[1],)
    play.do(c.EndTurn(next_actor=end_turn.targets[0]))


def test_ending_a_scene_drops_a_roll_left_unsettled(play: Play) -> None:
    play.do(c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", difficulty=2, dice="0000"))
    assert play.s.roll is not None
    play.do(c.EndScene())
    assert play.s.roll is None and play.s.game.scene is None
    play.do(c.StartScene(name="Next", participants=("ruth",)))
    play.do(c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", difficulty=2, dice="0000"))


def test_the_gm_calls_a_conflict_over_that_nobody_has_lost(play: Play) -> None:
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    # The GM's to call at any moment (conflict.end-called): no waiver needed.
    play.do(c.FinishConflict())
    assert play.s.conflict is None


def test_the_gm_calls_off_a_split_attack_with_an_effort_to_share() -> None:
    play = seated(("multiple_targets",))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="++++"), "ann")
    with pytest.raises(IllegalAction) as caught:
        play.do(c.MissEveryone(), "ann")
    assert caught.value.waivable and caught.value.rule is MULTIPLE_TARGETS_RULE
    play.do(c.MissEveryone(), waiver=Waiver((MULTIPLE_TARGETS_RULE.key,), "she pulls the blow"))
    assert play.s.conflict is not None and play.s.conflict.turns.phase.value == "next"


@pytest.mark.parametrize(("where", "offered"), [("deck", True), ("cabin", False)])
def test_a_big_bad_is_offered_only_minions_close_enough(where: str, offered: bool) -> None:
    from fatekit.formats import dumps_character
    from fatekit.rules import minor_npc

    play = seated(("big_bads",))
    goon = minor_npc("condensed", "goon", "Goon", ["Goon"], {"fight": 1}, stress_boxes=1)
    play.do(c.AddCharacter(sheet=dumps_character(goon)))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="Deck",
            participants=("ruth", "alice", "goon"),
            zones=("deck", "cabin"),
            links=(("deck", "cabin"),),
            positions=(("ruth", "deck"), ("alice", "deck"), ("goon", where)),
        )
    )
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth",)), ("cult", ("alice", "goon"))), first="ruth")
    )
    play.do(c.SetBigBad(character_id="alice", minions=("goon",)))
    play.dice[:] = ["----"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    conflict = play.s.conflict
    assert conflict is not None and conflict.hits.pending_hit is not None
    shields = [a for a in conflict.legal_actions("alice") if a.move is Move.SHIELD]
    assert bool(shields) is offered
    if offered:
        play.do(c.Shield(minion="goon"))


def test_corrected_free_invokes_dump_as_the_same_state_folded_again(play: Play) -> None:
    """The table agent's find (golden release 52039c3, game 501273): the GM set two free invokes
    on an aspect, and the live state held one object twice where the state folded again from
    the log holds two, so an undo's state dumped otherwise than before the undone move."""
    from fatekit.table import fold
    from fatekit.table.snapshot import encode_snapshot

    play.do(c.AddSituationAspect(name="Slick Deck"))
    aspect = play.s.last_created[0]
    play.do(c.CorrectFreeInvokes(aspect_id=aspect, holder="ruth", count=2))
    invokes = play.s.game.find_aspect(aspect).free_invokes
    assert [f.holder for f in invokes] == ["ruth", "ruth"] and invokes[0] is not invokes[1]
    assert encode_snapshot(fold(play.log)) == encode_snapshot(play.s)


@pytest.mark.parametrize("seed", [500141, 500671, 501259, 501273, 501570, 501936])
def test_the_games_golden_release_52039c3_found_play_clean(seed: int) -> None:
    """The six random games in which 52039c3's table agent found something (its golden set
    keeps them as recorded): a contest with a hazard offered, a self-compel on a replaced
    aspect offered, a correction's aliased free invokes. Today's agent and table find nothing."""
    from .agent import Game  # type: ignore[import-not-found]

    game = Game(seed, 50)
    game.play()
    assert game.findings == []


@pytest.mark.parametrize("seed", [500065, 500162, 500351, 500381])
def test_the_games_golden_release_af8603e_found_play_clean(seed: int) -> None:
    """The four random games in which af8603e's table agent found something: a view that
    failed on a hit left waiting once its attacker was taken out (500065, left out of its
    golden set), and a hidden zone a player stood in, offered for a zone attack and refused."""
    from .agent import Game  # type: ignore[import-not-found]

    game = Game(seed, 50)
    game.play()
    assert game.findings == []
