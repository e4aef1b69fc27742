"""What the GM keeps from the players stays kept, in every seat's view, event and log:

- an NPC or an extra the GM adds is unknown to the players until they meet it in a scene (or
  the GM shows its sheet): preparing a villain tells no one its name or its high concept;
- an extra no player owns is the GM's, like an NPC: its sheet is shown when the GM decides;
- a GM's note on a hidden NPC's stunt stays the GM's, with the stunt's name.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, ForbiddenAction, major_npc
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import RuleException, Stunt
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table.extras import extras_for

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]

PLAYERS = ("ann", "ben", "sam")
SECRET_NAME = "Zora Nightveil"
SECRET_CONCEPT = "Queen of the Drowned Court"
SECRET_ASPECT = "Owes the Deep One a Life"
SECRET_STUNT = "Voice Beneath the Waves"
SECRET_NOTE = "she calls the tide into the hold"


def _zora() -> str:
    npc = major_npc(
        "condensed",
        "zora",
        SECRET_NAME,
        high_concept=SECRET_CONCEPT,
        aspects=[(AspectKind.CHARACTER, SECRET_ASPECT)],
        skills={"will": 4, "provoke": 3},
        stunts=[Stunt(SECRET_STUNT, RuleException("once a scene, the sea answers her"))],
    )
    return dumps_character(npc)


def _idol() -> str:
    return json.dumps(
        {
            "format": "fatekit-character",
            "version": 1,
            "id": "idol",
            "name": "The Weeping Idol",
            "kind": "extra",
            "preset": "condensed",
            "aspects": [{"kind": "high_concept", "name": "Whispers to Whoever Holds It"}],
            "skills": {"will": 3},
        }
    )


def _seen(play: Play, seat: str) -> str:
    """Everything ``seat`` receives: its view, every event as sent, its log."""
    parts: list[Any] = [view_for(play.s, seat), extras_for(play.s, seat), log_of(play, seat)]
    parts += [event_for(event, play.s, seat) for event in play.log]
    return json.dumps(parts, ensure_ascii=False)


def _secret_in(play: Play, *texts: str) -> list[str]:
    return [f"{seat}: {t}" for seat in PLAYERS for t in texts if t in _seen(play, seat)]


def test_a_prepared_npc_reaches_no_player_until_met() -> None:
    play = seated()
    play.do(c.AddCharacter(sheet=_zora(), hidden_aspects=("zora/character/1",)))
    # Prepared: no player learns of her, not her name, not her high concept, not her id.
    assert _secret_in(play, SECRET_NAME, SECRET_CONCEPT, SECRET_ASPECT, '"zora"') == []
    assert SECRET_NAME in _seen(play, "gm")
    # She comes into the scene: now they have met her, by name and high concept, and no more.
    play.do(c.JoinScene(character_id="zora", zone="deck"))
    for seat in PLAYERS:
        view = view_for(play.s, seat)
        zora = next(ch for ch in view["characters"] if ch["id"] == "zora")
        assert zora["revealed"] is False and zora["name"] == SECRET_NAME
        assert [a["name"] for a in zora["aspects"]] == [SECRET_CONCEPT]
    assert _secret_in(play, SECRET_ASPECT, SECRET_STUNT) == []
    # Met once is met: the scene ends, her name stays known; her secrets stay kept.
    play.do(c.EndScene())
    assert all(any(ch["id"] == "zora" for ch in view_for(play.s, s)["characters"]) for s in PLAYERS)
    assert _secret_in(play, SECRET_ASPECT, SECRET_STUNT) == []
    assert_replays(play)


def test_showing_a_prepared_npc_introduces_it() -> None:
    play = seated()
    play.do(c.AddCharacter(sheet=_zora()))
    play.do(c.RevealCharacter(character_id="zora"))
    for seat in PLAYERS:
        zora = next(ch for ch in view_for(play.s, seat)["characters"] if ch["id"] == "zora")
        assert zora["revealed"] is True and zora["sheet"]["stunts"][0]["name"] == SECRET_STUNT


def test_an_extra_no_player_owns_is_the_gms_to_show() -> None:
    play = seated()
    play.do(c.AddCharacter(sheet=_idol()))
    assert "idol" not in play.s.revealed
    assert _secret_in(play, "Weeping Idol", "Whispers to Whoever") == []
    play.do(c.JoinScene(character_id="idol", zone="deck"))
    for seat in PLAYERS:
        idol = next(ch for ch in view_for(play.s, seat)["characters"] if ch["id"] == "idol")
        # Met: its name and what shows of it, not its sheet (its skills).
        assert idol["revealed"] is False and "sheet" not in idol
    assert '"will": 3' not in _seen(play, "ann")
    play.do(c.RevealCharacter(character_id="idol"))
    idol = next(ch for ch in view_for(play.s, "ann")["characters"] if ch["id"] == "idol")
    assert idol["revealed"] is True and idol["sheet"]["skills"] == {"will": 3}
    # An extra a player brings is in the open, like a PC.
    mine = json.loads(_idol())
    mine.update(id="lantern", name="The Lantern")
    play.do(c.AddCharacter(sheet=json.dumps(mine), owner="ben"), seat="ben")
    lantern = next(ch for ch in view_for(play.s, "ann")["characters"] if ch["id"] == "lantern")
    assert lantern["revealed"] is True
    assert_replays(play)


def test_a_gms_note_on_a_hidden_npcs_stunt_stays_the_gms() -> None:
    play = seated()
    play.do(c.AddCharacter(sheet=_zora()))
    play.do(c.UseStunt(by="zora", stunt=SECRET_STUNT, note=SECRET_NOTE))
    assert _secret_in(play, SECRET_NOTE, SECRET_STUNT, SECRET_NAME) == []
    play.do(c.JoinScene(character_id="zora", zone="deck"))
    play.do(c.UseStunt(by="zora", stunt=SECRET_STUNT, note=SECRET_NOTE))
    told = event_for(play.log[-1], play.s, "ann")
    assert told is not None and told["data"]["by"] == "zora" and told["data"]["stunt"] is None
    assert _secret_in(play, SECRET_NOTE, SECRET_STUNT) == []
    gm = event_for(play.log[-1], play.s, "gm")
    assert gm is not None and gm["data"]["note"] == SECRET_NOTE
    # Shown, her stunts are on her sheet for all to read, and so is what they did.
    play.do(c.RevealCharacter(character_id="zora"))
    told = event_for(play.log[-1 - 1], play.s, "ann")
    assert told is not None and told["data"]["note"] == SECRET_NOTE


# -- hidden zones (issue 42) --------------------------------------------------------------------

VAULT = "zz-sunken-vault"


def _into_the_hold(play: Play) -> None:
    """A scene whose third zone, the vault behind the cabin, the GM keeps hidden; Zora waits in
    it, and Alice (met already) is sent there."""
    play.do(c.AddCharacter(sheet=_zora()))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The hold",
            participants=("ruth", "charles", "alice"),
            zones=("deck", "cabin", VAULT),
            links=(("deck", "cabin"), ("cabin", VAULT)),
            positions=(("ruth", "deck"), ("charles", "deck"), ("alice", "cabin")),
            hidden=(VAULT,),
        )
    )
    play.do(c.JoinScene(character_id="zora", zone=VAULT))
    play.do(c.PlaceInZone(character_id="alice", zone=VAULT))


def test_a_hidden_zone_and_whoever_the_gm_has_in_it_reach_no_player() -> None:
    play = seated()
    _into_the_hold(play)
    # Not its name, not the links to it, not Zora (never met), nor where Alice went.
    assert _secret_in(play, VAULT, SECRET_NAME, '"zora"') == []
    for seat in PLAYERS:
        zones = view_for(play.s, seat)["scene"]["zones"]
        assert zones["zones"] == ["cabin", "deck"]
        assert zones["links"] == [["cabin", "deck"]]
        assert "alice" not in zones["positions"] and zones["hidden"] == []
        assert "alice" not in view_for(play.s, seat)["scene"]["participants"]
    gm = view_for(play.s, "gm")["scene"]
    assert gm["zones"]["hidden"] == [VAULT] and gm["zones"]["positions"]["zora"] == VAULT
    assert VAULT in gm["zones"]["shapes"] and "zora" in gm["participants"]
    assert_replays(play)


def test_a_hidden_zone_is_no_way_for_a_player_to_go() -> None:
    play = seated()
    _into_the_hold(play)
    play.do(c.PlaceInZone(character_id="ruth", zone="cabin"))
    ann = view_for(play.s, "ann")["scene"]["zones"]
    # What the view offers is what the table takes: no move to the vault, free or rolled...
    assert ann["moves"] == {"ruth": ["deck"]}
    assert ann["further"] == {"ruth": ["deck"]}
    with pytest.raises(BadInput, match="no zone"):
        play.do(c.FreeMove(actor="ruth", to=VAULT), "ann")
    with pytest.raises(BadInput, match="no zone"):
        play.do(
            c.Roll(
                actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=1, move_to=VAULT
            ),
            "ann",
        )
    # ...while the GM's view lists it, and the GM may take her there.
    assert VAULT in view_for(play.s, "gm")["scene"]["zones"]["moves"]["ruth"]
    play.do(c.FreeMove(actor="ruth", to=VAULT))
    # Ann now sees the zone Ruth stands in, marked hidden, and Ruth in it; still not Zora, and
    # Ben (whose Charles is on deck) sees none of it.
    ann = view_for(play.s, "ann")["scene"]["zones"]
    assert ann["hidden"] == [VAULT] and ann["positions"]["ruth"] == VAULT
    assert "zora" not in ann["positions"]
    assert VAULT not in json.dumps(view_for(play.s, "ben"))
    assert [e for e in log_of(play, "ben") if VAULT in json.dumps(e)] == []
    assert _secret_in(play, SECRET_NAME, '"zora"') == []
    assert_replays(play)


def test_an_npcs_overcome_into_a_hidden_zone_does_not_name_it_to_players() -> None:
    """The GM rolls for Alice to get into the vault: the players see the roll (she is in the
    open, in the cabin), never where it leads; a roll with the page's move-to left out, in the
    event, the roll in play and the log's line."""
    play = seated()
    _into_the_hold(play)
    play.do(c.PlaceInZone(character_id="alice", zone="cabin"))
    play.do(
        c.Roll(
            actor="alice",
            action=Action.OVERCOME,
            skill="fight",
            difficulty=1,
            move_to=VAULT,
            dice="0000",
        )
    )
    for seat in PLAYERS:
        view = view_for(play.s, seat)
        rolls = view["rolls"]
        assert [r["actor"] for r in rolls] == ["alice"] and rolls[0]["move_to"] is None, seat
    gm_rolls = view_for(play.s, "gm")["rolls"]
    assert gm_rolls[0]["move_to"] == VAULT
    assert _secret_in(play, VAULT) == []
    play.do(c.ResolveRoll())
    assert _secret_in(play, VAULT, SECRET_NAME) == []
    assert view_for(play.s, "gm")["scene"]["zones"]["positions"]["alice"] == VAULT
    assert_replays(play)


def test_showing_a_hidden_zone_introduces_whoever_is_in_it() -> None:
    play = seated()
    _into_the_hold(play)
    play.do(c.HideZone(zone=VAULT, hidden=False))
    for seat in PLAYERS:
        scene = view_for(play.s, seat)["scene"]
        assert VAULT in scene["zones"]["zones"] and scene["zones"]["positions"]["zora"] == VAULT
        assert "zora" in scene["participants"]
        assert any(ch["id"] == "zora" for ch in view_for(play.s, seat)["characters"])
    # Hidden again, the zone leaves the players' copies; Zora, met, stays known by name.
    play.do(c.HideZone(zone=VAULT))
    for seat in PLAYERS:
        scene = view_for(play.s, seat)["scene"]
        assert VAULT not in scene["zones"]["zones"] and "zora" not in scene["participants"]
    with pytest.raises(BadInput, match="hidden already"):
        play.do(c.HideZone(zone=VAULT))
    with pytest.raises(ForbiddenAction):
        play.do(c.HideZone(zone="deck"), "ann")
    assert_replays(play)


def test_an_aspect_on_a_hidden_zones_border_is_in_no_players_extras() -> None:
    play = seated()
    _into_the_hold(play)
    play.do(c.AddSituationAspect(name="Rusted Hatch", zone="cabin"))
    hatch = play.s.last_created[0]
    scene = play.s.game.scene
    assert scene is not None and scene.zones is not None
    # No table command puts an aspect on a border yet: the rules' map holds one as it would.
    scene.zones.impede("cabin", VAULT, hatch)
    assert _secret_in(play, VAULT) == []
    assert extras_for(play.s, "gm")["impediments"] == [
        {"between": ["cabin", VAULT], "aspects": [hatch]}
    ]


def test_a_player_in_a_hidden_zone_may_attack_the_zone_the_view_shows_them() -> None:
    """The table agent's find (golden release af8603e, games 500162, 500351 and 500381): a
    hidden zone a player's character stands in is on that player's map, and was offered for a
    zone attack, but the table refused it as no zone on the map."""
    play = seated(("multiple_targets",))
    _into_the_hold(play)
    play.do(c.PlaceInZone(character_id="ruth", zone=VAULT))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )

    def zone_attack_targets(seat: str, who: str) -> list[str]:
        actions = view_for(play.s, seat)["conflict"]["legal_actions"].get(who, [])
        return next((a["targets"] for a in actions if a["move"] == "zone_attack"), [])

    assert VAULT in zone_attack_targets("ann", "ruth")
    assert VAULT in view_for(play.s, "ann")["scene"]["zones"]["zones"]
    assert VAULT not in view_for(play.s, "ben")["scene"]["zones"]["zones"]
    play.do(c.ZoneAttack(actor="ruth", skill="fight", zone=VAULT, dice="+000"), "ann")
    conflict = play.s.conflict
    assert conflict is not None and conflict.turns.turn is not None
    assert conflict.turns.turn.zone == VAULT
    assert_replays(play)
