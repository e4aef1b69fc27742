"""The GM's screen at the table: secret rolls and their reveal, hidden difficulties, and scenes
prepared ahead of play. What each seat sees of them is also searched, payload by payload, in
the secret scene (tests/table/test_views.py and tests/server/test_permissions.py)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction
from fatekit.table import commands as c
from fatekit.table import (
    decode_snapshot,
    document_for,
    encode_snapshot,
    event_for,
    export_table,
    fold,
    import_table,
    view_for,
)
from fatekit.table.play.secrets import SECRET_ROLLS_KEPT

from ..sheets import npc_sheet  # type: ignore[import-not-found]
from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]

PLAYERS = ("ann", "ben", "sam")


def _refused(play: Play, command: c.Command, seat: str = "gm") -> Exception:
    """The command is refused and the table is left as it was."""
    before, log = view_for(play.s, "gm"), len(play.log)
    with pytest.raises((BadInput, ForbiddenAction)) as caught:
        play.do(command, seat)
    assert view_for(play.s, "gm") == before and len(play.log) == log
    return caught.value


# -- secret rolls -----------------------------------------------------------------------------


@pytest.mark.rule("roll.effort", "roll.outcomes")
def test_a_secret_roll_is_the_gms_until_revealed(play: Play) -> None:
    # Alice's Deceive is Great (+4): +2 on the dice makes 6 against a difficulty of 5.
    made = play.do(
        c.SecretRoll(actor="alice", skill="deceive", difficulty=5, dice="++00", reason="lies")
    )
    [rolled] = play.s.screen.secret_rolls.values()
    assert (rolled.effort, rolled.outcome, rolled.faces) == (6, "success", "++00")
    gm = view_for(play.s, "gm")["screen"]["secret_rolls"]
    assert [(r["roll_id"], r["effort"], r["outcome"]) for r in gm] == [("s10", 6, "success")]
    for seat in PLAYERS:
        assert view_for(play.s, seat)["screen"]["secret_rolls"] == []
        assert event_for(made.events[0], play.s, seat) is None
        assert "++00" not in json.dumps(document_for(play.s, seat))
    # Nothing of it is a roll in play: no one invokes on it, the last roll is untouched.
    assert play.s.roll is None and play.s.last_roll is None

    revealed = play.do(c.RevealRoll(roll_id="s10"))
    assert play.s.screen.secret_rolls == {}
    for seat in PLAYERS:
        shown = event_for(revealed.events[0], play.s, seat)
        assert shown is not None and shown["type"] == "SecretRollRevealed"
        assert shown["data"]["faces"] == "++00" and shown["data"]["effort"] == 6
        assert shown["data"]["outcome"] == "success" and shown["data"]["rolled_at"] == 10
        assert "reason" not in shown["data"]  # the GM's note stays the GM's
        # The log shows the reveal, not the roll itself.
        assert [e["type"] for e in log_of(play, seat)][:1] == ["SecretRollRevealed"]
        assert "SecretRollMade" not in [e["type"] for e in log_of(play, seat)]
    assert_replays(play)


def test_a_secret_roll_without_a_difficulty_has_an_effort_only(play: Play) -> None:
    play.do(c.SecretRoll(actor="ruth", skill="notice", dice="-000"))
    [rolled] = play.s.screen.secret_rolls.values()
    assert (rolled.effort, rolled.outcome, rolled.difficulty) == (1, None, None)


def test_only_the_gm_rolls_in_secret_and_reveals(play: Play) -> None:
    _refused(play, c.SecretRoll(actor="ruth", skill="notice"), "ann")
    play.do(c.SecretRoll(actor="alice", skill="deceive", dice="0000"))
    _refused(play, c.RevealRoll(roll_id="s10"), "ann")
    _refused(play, c.RevealRoll(roll_id="s404"))
    _refused(play, c.SecretRoll(actor="nobody", skill="notice"))
    _refused(play, c.SecretRoll(actor="alice", skill=" "))
    _refused(play, c.SecretRoll(actor="alice", skill="deceive", dice="abcd"))
    play.do(c.RevealRoll(roll_id="s10"))
    assert "already" not in str(_refused(play, c.RevealRoll(roll_id="s10")))


def test_the_npcs_dice_are_kept_from_the_players_while_the_gm_says_so(play: Play) -> None:
    _refused(play, c.HideNpcDice(hidden=True), "ann")
    _refused(play, c.HideNpcDice(hidden=False))  # they are shown already
    play.do(c.HideNpcDice(hidden=True))
    _refused(play, c.HideNpcDice(hidden=True))
    assert view_for(play.s, "ann")["screen"]["npc_dice_hidden"] is True
    # Alice overcomes against Ruth's Notice: both rolls' results show, Alice's dice do not.
    rolled = play.do(
        c.Roll(
            actor="alice",
            action=Action.OVERCOME,
            skill="deceive",
            against="ruth",
            defend_skill="notice",
            dice="+-+0",
            defend_dice="-0-0",
        )
    )
    for seat in PLAYERS:
        roll = view_for(play.s, seat)["roll"]
        assert roll["faces"] is None and roll["dice_hidden"] is True
        assert roll["defence"]["faces"] == "-0-0"  # Ruth's own dice
        assert roll["effort"] == 5 and roll["outcome"] == "success_with_style"
        assert view_for(play.s, seat)["last_roll"]["faces"] is None
        shown = event_for(rolled.events[0], play.s, seat)
        assert shown is not None and shown["data"]["faces"] is None
        assert shown["data"]["defend_faces"] == "-0-0"
    assert view_for(play.s, "gm")["roll"]["faces"] == "+-+0"
    play.do(c.ResolveRoll(option="success_with_style"))
    # Shown again from now on; what was rolled meanwhile stays hidden in the log.
    play.do(c.HideNpcDice(hidden=False))
    assert event_for(rolled.events[0], play.s, "ann")["data"]["faces"] is None  # type: ignore[index]
    again = play.do(
        c.Roll(actor="alice", action=Action.OVERCOME, skill="deceive", difficulty=1, dice="0+0-")
    )
    assert view_for(play.s, "ann")["roll"]["faces"] == "0+0-"
    assert event_for(again.events[0], play.s, "ann")["data"]["faces"] == "0+0-"  # type: ignore[index]
    assert play.s.screen.npc_dice_spans == [(10, 13)]
    assert_replays(play)


def test_showing_the_npcs_dice_again_leaves_the_roll_in_play_hidden(play: Play) -> None:
    # The probe's leak A: hidden, an NPC rolls (and an NPC defends), shown again before the roll
    # is settled. The roll was made with its dice hidden; what the GM chose later changes nothing.
    play.do(c.AddCharacter(sheet=json.dumps({**json.loads(npc_sheet()), "id": "bob"})))
    play.do(c.EndScene())
    play.do(c.StartScene(name="The hold", participants=("ruth", "alice", "bob")))
    play.do(c.HideNpcDice(hidden=True))
    play.do(
        c.Roll(
            actor="alice",
            action=Action.OVERCOME,
            skill="deceive",
            against="bob",
            defend_skill="will",
            dice="+-+0",
            defend_dice="0-0+",
        )
    )
    play.do(c.HideNpcDice(hidden=False))
    for seat in PLAYERS:
        roll = view_for(play.s, seat)["roll"]
        assert roll["faces"] is None and roll["defence"]["faces"] is None, seat
        assert "+-+0" not in json.dumps(document_for(play.s, seat))
    assert view_for(play.s, "gm")["roll"]["faces"] == "+-+0"
    assert_replays(play)


def test_undoing_the_hiding_leaves_what_was_rolled_meanwhile_hidden(play: Play) -> None:
    # The probe's leak B: hidden, an NPC rolls, settled, and the hiding undone. The rolls were
    # sent with their dice hidden; the log pages them so for good, in a log written before
    # events recorded the hiding too (read from the log's own HideNpcDice events).
    hide = play.do(c.HideNpcDice(hidden=True)).state.version
    rolled = play.do(
        c.Roll(actor="alice", action=Action.OVERCOME, skill="deceive", difficulty=2, dice="--0+")
    ).events[0]
    assert rolled.npc_dice_hidden is True  # type: ignore[attr-defined]
    play.do(c.ResolveRoll())
    play.do(c.Undo(target_version=hide))
    assert view_for(play.s, "ann")["screen"]["npc_dice_hidden"] is False
    older = [
        dataclasses.replace(ev, npc_dice_hidden=None) if hasattr(ev, "npc_dice_hidden") else ev
        for ev in play.log
    ]
    for log in (play.log, older):
        state = fold(log)
        assert state.screen.npc_dice_spans == [(hide, state.version)]
        for seat in PLAYERS:
            shown = event_for(log[rolled.version - 1], state, seat)
            assert shown is not None and shown["data"]["faces"] is None, seat
    after = play.do(
        c.Roll(actor="alice", action=Action.OVERCOME, skill="deceive", difficulty=1, dice="0+0-")
    )
    assert event_for(after.events[0], play.s, "ann")["data"]["faces"] == "0+0-"  # type: ignore[index]


# -- hidden difficulties ----------------------------------------------------------------------


@pytest.mark.rule("roll.outcomes")
def test_a_player_rolls_against_a_hidden_difficulty_and_sees_the_outcome_only(play: Play) -> None:
    asked = play.do(c.HideDifficulty(actor="ruth", difficulty=5, skill="notice"))
    ann = view_for(play.s, "ann")["screen"]["asked"]
    assert ann == [{"actor": "ruth", "skill": "notice", "action": "overcome"}]
    assert view_for(play.s, "ben")["screen"]["asked"] == []  # not Ben's character
    assert view_for(play.s, "gm")["screen"]["asked"][0]["difficulty"] == 5
    told = event_for(asked.events[0], play.s, "ann")
    assert told is not None and "difficulty" not in told["data"]

    # Ruth's Notice is Fair (+2): +1 on the dice makes 3 against 5, a failure.
    rolled = play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", dice="+000"), "ann"
    )
    assert play.s.screen.asked == {}
    for seat in PLAYERS:
        document = document_for(play.s, seat)
        roll = document["roll"]
        assert roll["outcome"] == "fail" and roll["effort"] == 3
        assert roll["difficulty"] is None and roll["opposition"] is None
        assert roll["shifts"] is None and roll["difficulty_hidden"] is True
        assert document["extras"]["resolution"]["shifts"] is None
        assert document["last_roll"]["difficulty"] is None
        shown = event_for(rolled.events[0], play.s, seat)
        assert shown is not None and shown["data"]["difficulty"] is None
    gm = document_for(play.s, "gm")
    assert gm["roll"]["difficulty"] == 5 and gm["roll"]["shifts"] == -2
    assert gm["roll"]["difficulty_hidden"] is True and gm["last_roll"]["difficulty"] == 5
    # An invoke turns it into a tie: the player learns that much, still not the number.
    concept = play.s.game.character("ruth").high_concept
    assert concept is not None
    play.do(c.Invoke(aspect_id=concept.id, by="ruth"), "ann")
    assert view_for(play.s, "ann")["roll"]["outcome"] == "tie"
    assert view_for(play.s, "ann")["roll"]["difficulty"] is None
    play.do(c.ResolveRoll(option="success_at_minor_cost"))  # a tie: the GM names the cost
    assert play.s.rolls == {}  # nothing left in play to hide
    assert_replays(play)
    # The next roll is an open one again.
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", difficulty=1, dice="0000"),
        "ann",
    )
    assert view_for(play.s, "ann")["roll"]["difficulty"] == 1
    assert "difficulty_hidden" not in view_for(play.s, "ann")["roll"]


def test_a_hidden_difficulty_is_the_gms_to_set(play: Play) -> None:
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=3), "ann")
    _refused(
        play,
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="notice",
            difficulty=3,
            hidden_difficulty=True,
        ),
        "ann",
    )
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=None))  # none to withdraw
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=3, action=Action.ATTACK))
    play.do(c.HideDifficulty(actor="ruth", difficulty=3, skill="notice"))
    # With a difficulty set, the player rolls without one, and the skill asked for.
    secret = _refused(
        play, c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", difficulty=1), "ann"
    )
    assert "3" not in str(secret)
    _refused(play, c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight"), "ann")
    _refused(play, c.Roll(actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice"), "ann")
    play.do(c.HideDifficulty(actor="ruth", difficulty=None))
    assert play.s.screen.asked == {}
    _refused(play, c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice"), "ann")


def test_the_gm_rolls_for_an_npc_against_a_difficulty_kept_from_the_players(play: Play) -> None:
    play.do(
        c.Roll(
            actor="alice",
            action=Action.OVERCOME,
            skill="deceive",
            difficulty=4,
            hidden_difficulty=True,
            dice="0000",
        )
    )
    assert view_for(play.s, "ann")["roll"]["outcome"] == "tie"
    assert view_for(play.s, "ann")["roll"]["difficulty"] is None
    assert view_for(play.s, "gm")["roll"]["difficulty"] == 4


# -- prepared scenes --------------------------------------------------------------------------


def _hold(name: str = "Below deck") -> c.PrepareScene:
    return c.PrepareScene(
        scene_id="hold",
        name=name,
        participants=("alice",),
        zones=("hold", "stairs"),
        links=(("hold", "stairs"),),
        positions=(("alice", "hold"),),
        entrance="stairs",
        aspects=(
            c.PreparedAspect(name="Cramped Hold", zone="hold", free_invokes=(("alice", 2),)),
            c.PreparedAspect(name="Smuggled Guns", hidden=True),
            c.PreparedAspect(name="Alice's Hideout", hidden=True, known_to=("alice",)),
        ),
    )


@pytest.mark.rule("aspect.hidden")
def test_a_prepared_scene_starts_with_one_command(play: Play) -> None:
    prepared = play.do(_hold())
    assert [p["name"] for p in view_for(play.s, "gm")["screen"]["prepared"]] == ["Below deck"]
    for seat in PLAYERS:
        assert view_for(play.s, seat)["screen"]["prepared"] == []
        assert event_for(prepared.events[0], play.s, seat) is None
    play.do(c.EndScene())
    started = play.do(
        c.StartPreparedScene(
            scene_id="hold", joining=("ruth", "charles"), positions=(("ruth", "hold"),)
        )
    )
    assert [type(e).__name__ for e in started.events] == [
        "PreparedSceneStarted",
        "SceneStarted",
        "SituationAspectAdded",
        "SituationAspectAdded",
        "SituationAspectAdded",
    ]
    scene = view_for(play.s, "gm")["scene"]
    assert scene["name"] == "Below deck"
    assert scene["participants"] == ["alice", "ruth", "charles"]
    # Ruth was placed; Charles comes in at the entrance.
    assert scene["zones"]["positions"] == {"alice": "hold", "charles": "stairs", "ruth": "hold"}
    assert scene["zones"]["links"] == [["hold", "stairs"]]
    hold = next(a for a in scene["aspects"] if a["name"] == "Cramped Hold")
    assert hold["zone"] == "hold" and hold["free_invokes"] == {"alice": 2}
    assert view_for(play.s, "gm")["screen"]["prepared"] == []
    ann = view_for(play.s, "ann")["scene"]
    assert [a["name"] for a in ann["aspects"]] == ["Cramped Hold"]
    for seat in PLAYERS:
        seen = [event_for(e, play.s, seat) for e in started.events]
        assert [s["type"] for s in seen if s is not None] == [
            "SceneStarted",
            "SituationAspectAdded",
        ]
    assert_replays(play)
    # Undoing the start puts the scene back on the GM's list.
    play.do(c.Undo(target_version=started.events[0].version))
    assert list(play.s.screen.prepared) == ["hold"] and play.s.game.scene is None


def test_the_gm_rewrites_and_removes_prepared_scenes(play: Play) -> None:
    play.do(_hold())
    play.do(_hold("The bilge"))
    assert [p.name for p in play.s.screen.prepared.values()] == ["The bilge"]
    play.do(c.RemovePreparedScene(scene_id="hold"))
    assert play.s.screen.prepared == {}
    _refused(play, c.RemovePreparedScene(scene_id="hold"))
    _refused(play, c.StartPreparedScene(scene_id="hold"))


def test_a_prepared_scene_that_does_not_hold_together_is_refused(play: Play) -> None:
    _refused(play, _hold(), "ann")
    _refused(play, c.PrepareScene(scene_id="x", name=" "))
    _refused(play, c.PrepareScene(scene_id="x", name="X", participants=("nobody",)))
    _refused(play, c.PrepareScene(scene_id="x", name="X", zones=("a",), links=(("a", "b"),)))
    _refused(
        play,
        c.PrepareScene(scene_id="x", name="X", zones=("a",), positions=(("alice", "a"),)),
    )
    _refused(
        play,
        c.PrepareScene(scene_id="x", name="X", aspects=(c.PreparedAspect(name="A", zone="z"),)),
    )
    _refused(play, c.PrepareScene(scene_id="x", name="X", zones=("a",), entrance="b"))
    _refused(
        play,
        c.PrepareScene(
            scene_id="x",
            name="X",
            aspects=(c.PreparedAspect(name="A", free_invokes=(("ruth", 0),)),),
        ),
    )
    _refused(
        play,
        c.PrepareScene(
            scene_id="x", name="X", aspects=(c.PreparedAspect(name="A", known_to=("ruth",)),)
        ),
    )
    # A prepared scene starts only once the scene in play has ended, and stays prepared till then.
    play.do(_hold())
    _refused(play, c.StartPreparedScene(scene_id="hold"))
    _refused(play, c.StartPreparedScene(scene_id="hold"), "ann")
    assert list(play.s.screen.prepared) == ["hold"]


# -- the screen travels with the table --------------------------------------------------------


def test_prepared_scenes_and_secret_rolls_go_with_the_tables_file_and_snapshots(
    play: Play,
) -> None:
    play.do(_hold())
    play.do(c.SecretRoll(actor="alice", skill="deceive", dice="+-+-"))
    play.do(c.HideDifficulty(actor="charles", difficulty=2))
    play.do(c.HideNpcDice(hidden=True))
    exported = export_table(play.log, play.s, "gm")
    imported = import_table(json.loads(json.dumps(exported)), table_id="copy")
    assert view_for(imported.state, "gm")["screen"] == view_for(play.s, "gm")["screen"]
    assert list(imported.state.screen.prepared) == ["hold"]
    restored = decode_snapshot("fatekit-table/json/1", encode_snapshot(play.s))
    assert restored is not None
    assert view_for(restored, "gm") == view_for(play.s, "gm")


def test_the_screen_keeps_the_latest_secret_rolls_not_revealed(play: Play) -> None:
    # A campaign's state stays small: the oldest unrevealed roll leaves the screen for a newer
    # one, and stays in the GM's log.
    first = play.do(c.SecretRoll(actor="ruth", skill="notice", dice="0000")).events[0]
    for _ in range(SECRET_ROLLS_KEPT):
        play.do(c.SecretRoll(actor="ruth", skill="notice", dice="+000"))
    rolls = play.s.screen.secret_rolls
    assert len(rolls) == SECRET_ROLLS_KEPT and f"s{first.version}" not in rolls
    assert len(view_for(play.s, "gm")["screen"]["secret_rolls"]) == SECRET_ROLLS_KEPT
    refused = _refused(play, c.RevealRoll(roll_id=f"s{first.version}"))
    assert f"latest {SECRET_ROLLS_KEPT}" in str(refused)
    assert event_for(first, play.s, "gm") is not None  # the GM's log keeps it
    play.do(c.RevealRoll(roll_id=next(iter(rolls))))  # the oldest one kept is revealed
    assert_replays(play)
