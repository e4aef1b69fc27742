"""The golden tables: how each is played, command by command, at a table the recorder
(``tools/record_golden_tables.py``) opens on the server's own repository.

Each :class:`Recipe` names a table, says what it holds, when its evening starts and how it is
opened, and plays it through a :class:`Play`: ``do(seat, command type, **fields)`` sends a command
as the server reads it from JSON (``rolls`` gives the faces of dice the command leaves to the
table) and returns the table's version after it; ``by(seat)`` is ``do`` for one seat; ``later``
lets time pass. Every die is entered or scripted, so a recipe plays the same table every time.
Add a recipe under a new name when the event schema changes; never change a recorded one's play.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from fatekit.formats import dumps_character
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict
from fatekit.rules import Action, SkillBonus, Stunt, major_npc, minor_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.table.handle import Waiver

ROOT = Path(__file__).resolve().parent.parent


class Play(Protocol):
    """A table being played (the recorder's ``Table``)."""

    def do(
        self,
        seat: str,
        type_name: str,
        *,
        rolls: tuple[str, ...] = (),
        waiver: Waiver | None = None,
        **data: Any,
    ) -> int:
        """Send a command from ``seat`` (with the GM's ``waiver`` over a rule, if any); the
        table's version after it."""

    def by(self, seat: str) -> Callable[..., int]:
        """``do`` for one seat."""

    def later(self, **delta: float) -> None:
        """Let time pass at the table."""


@dataclass(frozen=True)
class Recipe:
    """A golden table: its name, what it holds, when it starts, how it is opened and played."""

    name: str
    about: str
    started: datetime
    create: dict[str, Any]
    play: Callable[[Play], None]


# -- the sheets ---------------------------------------------------------------------------------


def pyramid(*tiers: str) -> dict[str, int]:
    """Skills by tier, best first: ``pyramid("fight", "athletics notice")`` is Fight at Fair
    (+2) and the two others at Average (+1)."""
    return {skill: len(tiers) - i for i, tier in enumerate(tiers) for skill in tier.split()}


def sheet(preset: Any, id: str, name: str, *tiers: str, **fields: Any) -> str:
    """A PC's character file, its skills in a pyramid."""
    return dumps_character(new_character(preset, id, name, skills=pyramid(*tiers), **fields))


def npc(preset: Any, id: str, name: str, *tiers: str, **fields: Any) -> str:
    """A major NPC's character file: built like a PC, with refresh and fate points of its own."""
    return dumps_character(major_npc(preset, id, name, skills=pyramid(*tiers), **fields))


def minion(preset: str, id: str, name: str, aspect: str, skill: str) -> str:
    """A minor NPC's character file: one aspect, one skill, one stress box."""
    return dumps_character(minor_npc(preset, id, name, [aspect], [skill], stress_boxes=1))


def seated(t: Play, *players: str) -> list[Callable[..., int]]:
    """Seat the players (ids from their names) and Sam, a spectator; each seat's ``do``."""
    for name in players:
        t.do("gm", "AddSeat", seat_id=name.lower(), role="player", name=name)
    t.do("gm", "AddSeat", seat_id="sam", role="spectator", name="Sam")
    return [t.by(seat) for seat in ("gm", *(name.lower() for name in players))]


# The scripts below are laid out by hand, a command a line where it fits.
# fmt: off

# -- evening-condensed: a whole Fate Condensed evening --------------------------------------------


def evening_condensed(t: Play) -> None:
    """Two sessions of Fate Condensed with a GM, three players and a spectator."""
    gm, ann, ben, cal = seated(t, "Ann", "Ben", "Cal")
    relationship, other = AspectKind.RELATIONSHIP, AspectKind.CHARACTER
    ruth = sheet(
        "condensed", "ruth", "Ruth Calloway",
        "fight", "athletics physique", "notice will provoke", "contacts stealth drive empathy",
        high_concept="Ex-Boxer on the Run", trouble="Owes the Wrong People",
        aspects=[(relationship, "Charles Pulled Me Out of the Harbour"),
                 (other, "Fists Like Anchors"), (other, "Never Backs Down")],
    )
    ann("AddCharacter", sheet=ruth, owner="ann")
    charles = sheet(
        "condensed", "charles", "Charles Hale",
        "lore", "investigate academics", "will notice empathy", "shoot rapport athletics crafts",
        high_concept="Occult Librarian", trouble="Curious to a Fault",
        aspects=[(relationship, "Ruth Keeps Me Alive"),
                 (other, "I Have Read About This"), (other, "Friends in the Archive")],
    )
    ben("AddCharacter", sheet=charles, owner="ben")
    reads_water = Stunt(
        "Reads the Water",
        SkillBonus("notice", (Action.CREATE_ADVANTAGE,)),
        "+2 to Notice when she creates an advantage from how the water moves",
    )
    mira = sheet(
        "condensed", "mira", "Mira Voss",
        "drive", "notice athletics", "shoot stealth physique", "rapport contacts crafts will",
        high_concept="Harbour Pilot Who Knows Every Current", trouble="The Sea Took My Brother",
        aspects=[(relationship, "Ruth Saved My Boat"),
                 (other, "Salt in My Veins"), (other, "Quiet as Fog")],
        stunts=[reads_water],
    )
    cal("AddCharacter", sheet=mira, owner="cal")
    alice = npc(
        "condensed", "alice", "Alice Westforth",
        "deceive", "fight will provoke", "athletics physique notice", "",
        high_concept="High Priestess of the Drowned Lantern",
        aspects=[(other, "Servant of the Deep One"), (other, "Never Without Her Guards")],
    )
    gm("AddCharacter", sheet=alice, hidden_aspects=["alice/character/1"])
    gm("AddCharacter", sheet=minion("condensed", "goon", "Lantern Thug", "Cult Muscle",
                                    "Fair (+2) at Fight"))
    gm("AddTemplate", template_id="dockhand", name="Dockhand", sheet=ruth)
    gm("Note", text="The Drowned Lantern cult has been seen at the fish market.")
    gm(
        "PrepareScene", scene_id="warehouse", name="The Lantern warehouse",
        participants=["alice", "goon"], zones=["floor", "loft"], links=[["floor", "loft"]],
        positions=[["alice", "loft"], ["goon", "loft"]], entrance="floor",
        aspects=[
            {"name": "Stacked Crates", "zone": "floor"},
            {"name": "Lantern Oil Everywhere", "free_invokes": [["alice", 1]]},
            {"name": "Trapdoor to the Canal", "zone": "loft", "hidden": True},
        ],
    )

    # Session one: the fish market, with aspects open, known to Mira alone, and the GM's alone.
    gm("StartSession")
    gm("StartScene", name="The fish market at dusk", participants=["ruth", "charles", "mira"])
    gm("AddSituationAspect", name="Crowded Stalls")
    gm("AddSituationAspect", name="A Watcher on the Roof", hidden=True, known_to=["mira"])
    gm("AddSituationAspect", name="Chalk Marks of the Cult", hidden=True)
    # Ruth ties creating an advantage: a boost (a4), which she spends on her next roll.
    ann("Roll", actor="ruth", action="create_advantage", skill="notice", difficulty=2, dice="0000")
    ann("ResolveRoll", option="boost", boost_names=[["ruth", "Steady Footing"]])
    ann("Roll", actor="ruth", action="overcome", skill="athletics", difficulty=3, dice="0-00")
    ann("Invoke", aspect_id="a4", by="ruth", free=True)
    ann("ResolveRoll")
    # Mira's stunt and a success with style: two free invokes on a5, one passed to Ruth.
    cal("Roll", actor="mira", action="create_advantage", skill="notice", difficulty=3,
        dice="+0-+", stunts=["Reads the Water"])
    cal("ResolveRoll", aspect_name="The Pickpocket's Escape Route")
    cal("PassFreeInvoke", aspect_id="a5", from_character="mira", to_character="ruth")
    # Charles rolls the wrong skill and the GM undoes it; he rolls again, pays to invoke twice
    # (+2, then a reroll) and names the boost his success with style brings.
    wrong = ben("Roll", actor="charles", action="overcome", skill="shoot", difficulty=4,
                dice="-0-0")
    gm("Undo", target_version=wrong)
    ben("Roll", actor="charles", action="overcome", skill="investigate", difficulty=4,
        dice="-0-0")
    ben("Invoke", aspect_id="charles/high_concept/1", by="charles")
    ben("Invoke", aspect_id="a1", by="charles", effect="reroll", dice="+0+0")
    ben("ResolveRoll", boost_names=[["charles", "The Cult's Ledger Code"]])
    # Compels: the GM's, accepted and refused; Mira's own, which the GM agrees to.
    offered = gm("OfferCompel", aspect_id="ruth/trouble/1", target="ruth",
                 complication="The loan shark's men spot her in the crowd")
    ann("AnswerCompel", compel_id=f"c{offered}", answer="accept")
    offered = gm("OfferCompel", aspect_id="charles/trouble/1", target="charles",
                 complication="He follows the chalk marks alone")
    ben("AnswerCompel", compel_id=f"c{offered}", answer="refuse")
    asked = cal("SelfCompel", aspect_id="mira/trouble/1", target="mira",
                complication="She dives after a drowned lantern")
    gm("SelfCompelAnswer", compel_id=f"s{asked}", accepted=True)
    ann("DeclareStoryDetail", aspect_id="a1", by="ruth", detail="Her cousin runs the eel stall")
    gm("RevealAspect", aspect_id="a2")
    gm("Note", text="The watcher on the roof is Alice's scout.", visibility="gm")
    ben("Note", text="Charles pockets a coin stamped with a lantern.", visibility="private")
    cal("Note", text="Mira whistles for her boat.")
    gm("SecretRoll", actor="alice", skill="deceive", difficulty=3, dice="+-0+",
       reason="Does Alice fool the harbourmaster?")
    gm("EndScene")

    # The warehouse, prepared before the session: Alice's own fate points join the GM's pool,
    # and from now on the players do not see the NPCs' dice.
    t.later(minutes=10)
    gm("StartPreparedScene", scene_id="warehouse", joining=["ruth", "charles", "mira"])
    gm("HideNpcDice", hidden=True)
    gm("StartConflict", sides=[["crew", ["ruth", "charles", "mira"]], ["cult", ["alice", "goon"]]],
       first="ruth")
    gm("SetBigBad", character_id="alice", minions=["goon"])
    # Exchange 1. Ruth climbs to the loft and hits Alice, who throws her thug in the way.
    ann("FreeMove", actor="ruth", to="loft")
    ann("Attack", actor="ruth", target="alice", skill="fight", dice="+0+0", rolls=("0-00",))
    ann("ResolveRoll", option="hit")
    gm("Shield", minion="goon")
    gm("TakeOut")
    ann("EndTurn", next_actor="alice")
    # Alice spends her free invoke on the oil (a2); Ruth takes a moderate consequence.
    gm("Attack", actor="alice", target="ruth", skill="fight", dice="++0+", rolls=("0000",))
    gm("Invoke", aspect_id="a2", by="alice", free=True)
    gm("ResolveRoll", option="hit")
    ann("Absorb", slots=[1], names=[[1, "Cracked Ribs"]])
    gm("EndTurn", next_actor="charles")
    ben("CreateAdvantage", actor="charles", skill="lore", difficulty=2, dice="0+00")
    ben("ResolveRoll", aspect_name="Her Ritual Is Unfinished")
    ben("EndTurn", next_actor="mira")
    cal("Attack", actor="mira", target="alice", skill="shoot", dice="+0+0", ranged=True,
        rolls=("-000",))
    cal("Invoke", aspect_id="mira/high_concept/1", by="mira")
    cal("ResolveRoll", option="hit")
    gm("Absorb", boxes=[0, 1, 2], slots=[0], names=[[0, "Grazed by a Flare"]])
    cal("EndTurn", next_actor="alice")
    # Exchange 2. Ruth defends with style: a boost (a5); Charles passes her a free invoke (a4).
    gm("Attack", actor="alice", target="ruth", skill="fight", dice="0000", rolls=("++0+",))
    gm("ResolveRoll", option="miss", boost_names=[["ruth", "Inside Her Guard"]])
    gm("EndTurn", next_actor="ruth")
    ben("PassFreeInvoke", aspect_id="a4", from_character="charles", to_character="ruth")
    ann("Attack", actor="ruth", target="alice", skill="fight", dice="0-00", rolls=("0000",))
    ann("Invoke", aspect_id="a5", by="ruth", free=True)
    ann("Invoke", aspect_id="a4", by="ruth", free=True)
    ann("ResolveRoll", option="hit")
    gm("Absorb", slots=[1], names=[[1, "Shattered Lantern Staff"]])
    ann("EndTurn", next_actor="charles")
    # Alice concedes and slips out through the trapdoor (a3), which the players now see.
    gm("Concede", character_id="alice")
    gm("FinishConflict")
    gm("RevealAspect", aspect_id="a3")
    gm("Note", text="Alice drops through the trapdoor into the canal.")
    gm("EndScene")

    # A contest on the water (a tie in its second exchange); then a minor milestone.
    gm("StartScene", name="Chase through the fog", participants=["ruth", "mira", "alice"])
    gm("StartContest", sides=[["crew", ["ruth", "mira"]], ["alice", ["alice"]]],
       intents=[["crew", "catch Alice before open water"], ["alice", "reach the cult's ship"]])
    cal("ContestRoll", side="crew", actor="mira", skill="drive", dice="+0+0")
    gm("ContestRoll", side="alice", actor="alice", skill="athletics", dice="0-00")
    ann("ContestRoll", side="crew", actor="ruth", skill="athletics", bonus=1, dice="0000")
    gm("ContestRoll", side="alice", actor="alice", skill="athletics", dice="++00")
    cal("ContestRoll", side="crew", actor="mira", skill="drive", dice="0+00")
    gm("ContestRoll", side="alice", actor="alice", skill="athletics", dice="0000")
    gm("EndContest")
    gm("EndScene")
    gm("EndSession", milestone="minor")
    ann("Milestone", character_id="ruth",
        choice={"kind": "swap_skills", "first": "fight", "second": "athletics"})
    cal("Milestone", character_id="mira", choice={"kind": "rewrite_aspect",
        "aspect_id": "mira/character/1", "name": "Salt and Iron in My Veins"})

    # Session two, a week later: a challenge at the lighthouse, and behind the screen a roll
    # revealed to everyone and one against a difficulty kept from the players.
    t.later(days=7, minutes=-90)
    gm("StartSession")
    gm("StartScene", name="The lighthouse on Gull Rock", participants=["ruth", "charles", "mira"])
    gm("AddSituationAspect", name="Howling Gale", free_invokes=[["mira", 1]])
    gm("StartChallenge", tasks=[["stairs", "climb the crumbling stairs", "athletics", 2],
                                ["lamp", "relight the great lamp", "crafts", 3],
                                ["runes", "read the warding runes", "lore", 4]])
    ann("ChallengeRoll", task="stairs", actor="ruth", dice="+000")
    cal("ChallengeRoll", task="lamp", actor="mira", dice="-000", option="success_at_major_cost")
    ben("ChallengeRoll", task="runes", actor="charles", dice="0+00")
    gm("EndChallenge")
    kept = gm("SecretRoll", actor="mira", skill="notice", dice="++-0",
              reason="Does Mira see the lantern glowing under the water?")
    gm("RevealRoll", roll_id=f"s{kept}")
    gm("Roll", actor="charles", action="overcome", skill="lore", difficulty=5,
       hidden_difficulty=True, dice="0+0+")
    ben("ResolveRoll")
    ann("Note", text="Ruth keeps the drowned lantern.")
    gm("EndScene")
    # A major milestone: Ruth's breakthrough renames her moderate consequence as it starts to
    # recover, Charles's takes the GM's extra refresh, and Mira's is left open.
    gm("EndSession", milestone="major")
    ann("Breakthrough", character_id="ruth", high_concept="Champion of the Fish Market",
        recovery_names=[["ruth/consequence/1", "Mending Ribs"]])
    gm("Breakthrough", character_id="charles", gm_refresh=True, milestone={
        "kind": "rewrite_aspect", "aspect_id": "charles/trouble/1",
        "name": "Curious, but Not Alone"})
    gm("Note", text="Next time: the Deep One stirs under Gull Rock.", visibility="gm")


# -- core-escalating: Fate Core's escalating boxes and turns by Notice ---------------------------


def core_escalating(t: Play) -> None:
    """Two PCs against a brute and his thug in a warehouse, until Landon's attack is rolled."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    landon = sheet(
        "core", "landon", "Landon",
        "fight", "athletics physique", "notice will provoke", "rapport stealth shoot empathy",
        high_concept="Former Soldier Turned Bodyguard", trouble="I Owe Old Finn Everything",
    )
    ann("AddCharacter", sheet=landon, owner="ann")
    cynere = sheet(
        "core", "cynere", "Cynere",
        "fight", "athletics notice", "physique deceive rapport", "will stealth burglary contacts",
        high_concept="Infamous Girl with Sword", trouble="Tempted by Shiny Things",
    )
    ben("AddCharacter", sheet=cynere, owner="ben")
    og = npc("core", "og", "Og the Strong", "fight physique", "", "athletics", "notice",
             high_concept="Brute for Hire")
    gm("AddCharacter", sheet=og)
    gm("AddCharacter", sheet=minion("core", "thug", "Dock Thug", "Hired Muscle",
                                    "Fair (+2) at Fight"))
    gm("StartSession")
    gm("StartScene", name="The warehouse", participants=["landon", "cynere", "og", "thug"])
    gm("StartConflict", sides=[["heroes", ["landon", "cynere"]], ["og", ["og", "thug"]]])
    # Exchange 1, in Notice order: Cynere (Great), Landon (Fair), Og (Average), the thug.
    ben("Attack", actor="cynere", target="thug", skill="fight", dice="+0+0", rolls=("0-00",))
    ben("ResolveRoll", option="hit")
    gm("TakeOut")
    ben("EndTurn")
    ann("Attack", actor="landon", target="og", skill="fight", dice="+000", rolls=("-000",))
    ann("ResolveRoll", option="hit")
    gm("Absorb", boxes=[1])  # 2 shifts: Og's 2-point box alone
    ann("EndTurn")
    gm("Attack", actor="og", target="landon", skill="fight", dice="+++0", defend_dice="0000")
    gm("ResolveRoll", option="hit")
    ann("Absorb", boxes=[0], slots=[0], names=[[0, "Bruised Ribs"]])  # 3: a mild 2, the 1-box
    gm("EndTurn")
    # Exchange 2: Cynere invokes her high concept; Landon's attack is rolled as the evening ends.
    ben("Attack", actor="cynere", target="og", skill="fight", dice="0000", rolls=("0000",))
    ben("Invoke", aspect_id="cynere/high_concept/1", by="cynere")
    ben("ResolveRoll", option="hit")
    gm("Absorb", boxes=[2])  # 2 shifts: the 2-point box is marked, so the 3-point one
    ben("EndTurn")
    ann("Attack", actor="landon", target="og", skill="fight", dice="0+00", rolls=("00-0",))


# -- hack-ruleset: a table playing a rule-set file with a Wealth track ----------------------------

EXAMPLES = ROOT / "docs" / "examples" / "rulesets"


def merchant_princes() -> dict[str, Any]:
    """The CreateTable fields of a table on docs/examples' Merchant Princes: the rule-set file as
    the server keeps one it is sent (checked, and stored as compact JSON text)."""
    preset = ruleset_from_dict(
        json.loads((EXAMPLES / "merchant-princes.ruleset.json").read_text(encoding="utf-8"))
    )
    text = json.dumps(ruleset_to_dict(preset), ensure_ascii=False, separators=(",", ":"))
    return {"name": "The Spice Exchange", "preset": preset.key, "ruleset": text, "gm_name": "Vera"}


def hack_ruleset(t: Play) -> None:
    """A trade war on the Lower Canals: Lucia (the example's character file) and Beppe against
    Ottavio, in a conflict that deals wealth harm."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    preset = ruleset_from_dict(
        json.loads((EXAMPLES / "merchant-princes.ruleset.json").read_text(encoding="utf-8"))
    )
    ann("AddCharacter", owner="ann",
        sheet=(EXAMPLES / "merchant-princes.character.json").read_text(encoding="utf-8"))
    beppe = sheet(
        preset, "beppe", "Beppe Rosso",
        "contacts", "deceive resources", "rapport notice burglary",
        "stealth will athletics empathy",
        high_concept="Smuggler with a Seat at the Guild", trouble="Every Customs Man Knows My Face",
    )
    ben("AddCharacter", sheet=beppe, owner="ben")
    ottavio = npc(preset, "ottavio", "Ottavio Brun", "resources", "contacts deceive will", "",
                  high_concept="Shipping Magnate on Borrowed Money")
    gm("AddCharacter", sheet=ottavio)
    gm("StartSession")
    gm("StartScene", name="The spice exchange at dawn", participants=["lucia", "beppe", "ottavio"])
    gm("AddSituationAspect", name="Cinnamon Prices Falling")
    gm("StartConflict", sides=[["traders", ["lucia", "beppe"]], ["ottavio", ["ottavio"]]],
       kind="mental", harm="wealth", first="lucia")
    # Lucia's Resources marks two of Ottavio's Wealth boxes; his Contacts fills the mild slot
    # Lucia has for wealth only; Beppe's hit takes his last box and a moderate, and he concedes.
    ann("Attack", actor="lucia", target="ottavio", skill="resources", dice="+000", rolls=("0000",))
    ann("ResolveRoll", option="hit")
    gm("Absorb", boxes=[0, 1])
    ann("EndTurn", next_actor="ottavio")
    gm("Attack", actor="ottavio", target="lucia", skill="contacts", dice="+++0",
       defend_skill="resources", defend_dice="-000")
    gm("ResolveRoll", option="hit")
    ann("Absorb", slots=[3], names=[[3, "Cargo Impounded at Customs"]])
    gm("EndTurn", next_actor="beppe")
    ben("Attack", actor="beppe", target="ottavio", skill="contacts", dice="+000", rolls=("0-00",))
    ben("Invoke", aspect_id="a1", by="beppe")
    ben("ResolveRoll", option="hit")
    gm("Absorb", boxes=[2], slots=[1], names=[[1, "Creditors at Every Door"]])
    ben("EndTurn", next_actor="lucia")
    gm("Concede", character_id="ottavio")
    gm("FinishConflict")
    gm("Note", text="Ottavio sells his fleet to the Guild; the canals are Lucia's.")


# -- big-bad-ode: Öde, three PCs against a solo big bad ------------------------------------------


def big_bad_ode(t: Play) -> None:
    """Three PCs against Draken, a major NPC with fate points of its own that fill the GM's pool
    (issue 27, item 4), as a solo big bad whose stress reduction rounds half the PCs up (issue
    27, item 1: Öde rounds down). The conflict is still running when the evening stops."""
    gm, ann, ben, cal = seated(t, "Ann", "Ben", "Cal")
    pcs = (
        ("ann", "astrid", "Astrid Järnhand", "Sista smeden i Öde", "Hämndlysten",
         "fight", "notice lore", "athletics physique will"),
        ("ben", "bjorn", "Björn Vargskinn", "Spårare från skogen", "Litar inte på någon",
         "notice", "fight lore", "athletics physique will"),
        ("cal", "cilla", "Cilla Rimfrost", "Runristerska", "Nyfiken på det förbjudna",
         "lore", "fight notice", "athletics physique will"),
    )
    for seat, id, name, high_concept, trouble, *tiers in pcs:
        pc = sheet("ode", id, name, *tiers, "stealth empathy rapport shoot",
                   high_concept=high_concept, trouble=trouble)
        t.do(seat, "AddCharacter", sheet=pc, owner=seat)
    draken = npc("ode", "draken", "Draken under Berget",
                 "fight", "physique", "provoke", "notice", "",
                 high_concept="Uråldrig lindorm")
    gm("AddCharacter", sheet=draken)
    gm("StartSession")
    gm("StartScene", name="Drakens håla", participants=["astrid", "bjorn", "cilla", "draken"])
    gm("AddSituationAspect", name="Glödande guldhögar")
    gm("StartConflict", sides=[["hjaltar", ["astrid", "bjorn", "cilla"]], ["draken", ["draken"]]],
       first="bjorn")
    gm("SetBigBad", character_id="draken", solo_stress=True, solo_skill=True)
    # Björn finds its blind side (a2) and passes Astrid a free invoke on it; her blow lands
    # with 5 shifts, which the solo reduction (half of three PCs, rounded up: 2) makes 3.
    ben("CreateAdvantage", actor="bjorn", skill="notice", against="draken", defend_skill="notice",
        dice="+++0", rolls=("-00-",))
    ben("ResolveRoll", aspect_name="Drakens blinda sida")
    ben("PassFreeInvoke", aspect_id="a2", from_character="bjorn", to_character="astrid")
    ben("EndTurn", next_actor="astrid")
    ann("Attack", actor="astrid", target="draken", skill="fight", dice="++0+", rolls=("---0",))
    ann("Invoke", aspect_id="a2", by="astrid", free=True)
    ann("ResolveRoll", option="hit")
    gm("Absorb", boxes=[0, 1, 2])
    ann("EndTurn", next_actor="draken")
    # Draken strikes back, and the GM pays its invoke from the pool its own points filled.
    gm("Attack", actor="draken", target="bjorn", skill="fight", dice="-0-0", rolls=("0-00",))
    gm("Invoke", aspect_id="draken/high_concept/1", by="draken")
    gm("ResolveRoll", option="hit")
    ben("Absorb", boxes=[0, 1, 2], slots=[0], names=[[0, "Brännsår över bröstet"]])
    gm("EndTurn", next_actor="cilla")
    # Cilla's 2-shift hit is reduced by 2: it does no harm at all.
    cal("Attack", actor="cilla", target="draken", skill="fight", dice="+++0", rolls=("--0-",))
    cal("ResolveRoll", option="hit")
    gm("Note", text="Draken ruvar på sitt guld; nästa slag blir dess.")


# -- rolls-in-play: several rolls at once, contests and challenges through the roll's flow ------


def rolls_in_play(t: Play) -> None:
    """Two players rolling at once, a challenge of four tasks and a contest whose rolls are
    invoked on before they count, left with two rolls in play."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "condensed", "fyodor", "Фёдор Кравцов",
        "athletics", "fight notice", "will rapport shoot", "lore drive stealth contacts",
        high_concept="Бывший жандарм", trouble="Долги чести",
    ), owner="ann")
    ben("AddCharacter", sheet=sheet(
        "condensed", "astrid", "Astrid Lind",
        "drive", "shoot notice", "athletics deceive contacts", "rapport will stealth fight",
        high_concept="Smugglerskeppare", trouble="Jagad av tullen",
    ), owner="ben")
    gm("AddCharacter", sheet=npc("condensed", "kruger", "Sergeant Kruger", "shoot notice",
                                 "athletics will", "fight", "", high_concept="Customs Sergeant"))
    gm("StartSession")
    gm("StartScene", name="The quay at night", participants=["fyodor", "astrid", "kruger"])
    gm("AddSituationAspect", name="Fog on the Water", free_invokes=[["astrid", 1]])
    # Both players roll at once: two rolls in play, each invoked on and settled by its id.
    his = ann("Roll", actor="fyodor", action="overcome", skill="athletics", difficulty=4,
              dice="0-00")
    hers = ben("Roll", actor="astrid", action="create_advantage", skill="drive", difficulty=3,
               dice="0000")
    ben("Invoke", aspect_id="a1", by="astrid", free=True, roll=f"r{hers}")
    ann("Invoke", aspect_id="fyodor/high_concept/1", by="fyodor", effect="reroll",
        roll=f"r{his}", rolls=("+0+0",))
    ben("ResolveRoll", roll=f"r{hers}", aspect_name="A Smuggler's Channel")
    ann("ResolveRoll", roll=f"r{his}")
    # A challenge of four tasks: two rolled at once, a failure made a success at a serious cost.
    gm("StartChallenge", tasks=[
        ["lines", "Cut the mooring lines", "athletics", 3],
        ["engine", "Start the engine", "drive", 2],
        ["boat", "Spot the customs boat", "notice", 4],
        ["papers", "Keep the papers dry", "will", 1],
    ])
    lines = ann("ChallengeRoll", task="lines", actor="fyodor", dice="--00")
    engine = ben("ChallengeRoll", task="engine", actor="astrid", dice="0+00")
    ben("ResolveRoll", roll=f"r{engine}")
    gm("ResolveRoll", roll=f"r{lines}", option="success_at_major_cost")
    boat = ben("ChallengeRoll", task="boat", actor="astrid", dice="0+00")
    gm("ResolveRoll", roll=f"r{boat}", option="success_at_minor_cost")
    gm("EndChallenge")
    # A contest: the customs boat against the smugglers, each side's roll invoked on before it
    # counts; the NPCs' dice are hidden from the second exchange on.
    gm("StartContest", sides=[["customs", ["kruger", "fyodor"]], ["smugglers", ["astrid"]]],
       intents=[["customs", "board the boat"], ["smugglers", "reach open water"]])
    theirs = gm("ContestRoll", side="customs", actor="kruger", skill="shoot", bonus=1,
                dice="0000")
    ours = ben("ContestRoll", side="smugglers", actor="astrid", skill="drive", dice="-000")
    ben("Invoke", aspect_id="astrid/high_concept/1", by="astrid", roll=f"r{ours}")
    gm("ResolveRoll", roll=f"r{theirs}")
    ben("ResolveRoll", roll=f"r{ours}")
    gm("HideNpcDice", hidden=True)
    theirs = gm("ContestRoll", side="customs", actor="kruger", skill="notice", dice="+-00")
    ours = ben("ContestRoll", side="smugglers", actor="astrid", skill="drive", dice="++00")
    gm("ResolveRoll", roll=f"r{theirs}")
    ben("ResolveRoll", roll=f"r{ours}")
    # The third exchange is rolled as the evening ends: both rolls still in play.
    gm("ContestRoll", side="customs", actor="kruger", skill="shoot", dice="0+00")
    ben("ContestRoll", side="smugglers", actor="astrid", skill="drive", dice="0000")


def facts_recorded(t: Play) -> None:
    """Öde's big bad evening again, then a secret roll, recorded once events carry their
    facts and schema versions (issue 28): every hit's reduction, the GM's pool and each fate
    point moved are on the events, and the secret roll's effort and outcome."""
    big_bad_ode(t)
    t.do("gm", "SecretRoll", actor="draken", skill="notice", difficulty=2, dice="+0+0",
         reason="Märker Draken tjuven vid guldet?")


def treatment_ode(t: Play) -> None:
    """Treating consequences at an Öde table (issue 27): a PC treats herself at no extra
    difficulty, then another PC's moderate consequence on a tie made a success at a cost; the
    mild clears after the next whole scene; at a breakthrough a player starts one consequence's
    recovery and leaves another, and the severe clears at the next milestone."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "ode", "sigrid", "Sigrid Falk",
        "academics", "empathy notice", "will athletics lore", "rapport stealth crafts contacts",
        high_concept="Fältskär i kungens tjänst", trouble="Kan inte låta bli att hjälpa",
    ), owner="ann")
    ben("AddCharacter", sheet=sheet(
        "ode", "ulf", "Ulf Järnhand",
        "fight", "physique athletics", "will notice provoke", "drive shoot crafts stealth",
        high_concept="Legosoldat med skuld", trouble="Dricker för mycket",
    ), owner="ben")
    gm("StartSession")
    gm("StartScene", name="Fältlägret", participants=["sigrid", "ulf"])
    gm("CorrectConsequence", character_id="sigrid", slot=0, name="Brännsår på handen")
    gm("CorrectConsequence", character_id="ulf", slot=1, name="Djupt hugg i armen")
    gm("CorrectConsequence", character_id="ulf", slot=2, name="Krossat knä")
    # Sigrid treats herself: Academics Great (+4) and +1 against Fair (+2), no extra on oneself.
    own = ann("Treat", actor="sigrid", skill="academics", aspect_id="sigrid/consequence/0",
              new_name="Förbunden hand", dice="0+00")
    ann("ResolveRoll", roll=f"r{own}")
    # She treats Ulf's arm: +4 against Great (+4), a tie the GM makes a success at a cost.
    arm = ann("Treat", actor="sigrid", skill="academics", aspect_id="ulf/consequence/1",
              new_name="Sytt hugg", dice="0000")
    gm("ResolveRoll", roll=f"r{arm}", option="success_at_minor_cost")
    gm("EndScene")
    gm("StartScene", name="Vägen norrut", participants=["sigrid", "ulf"])
    gm("EndScene")  # a whole scene after the treatment: the hand has healed
    gm("EndSession", milestone="major")
    ben("Breakthrough", character_id="ulf", recovery_names=[["ulf/consequence/2", "Knä i skena"]])
    ann("Breakthrough", character_id="sigrid")
    gm("StartSession")
    gm("StartScene", name="Borgen", participants=["sigrid", "ulf"])
    gm("EndScene")
    gm("EndSession", milestone="minor")  # Öde: the knee clears at this milestone


def breakthrough_keeps_healing(t: Play) -> None:
    """Öde's breakthrough with the player's choice of what clears (issue 27): Sigrid treats
    Ulf's arm and her own leg this session; at the breakthrough Ulf keeps his arm healing
    (nothing ticked) and Sigrid clears her leg; the arm clears when the next session ends."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "ode", "sigrid", "Sigrid Falk",
        "academics", "empathy notice", "will athletics lore", "rapport stealth crafts contacts",
        high_concept="Fältskär i kungens tjänst", trouble="Kan inte låta bli att hjälpa",
    ), owner="ann")
    ben("AddCharacter", sheet=sheet(
        "ode", "ulf", "Ulf Järnhand",
        "fight", "physique athletics", "will notice provoke", "drive shoot crafts stealth",
        high_concept="Legosoldat med skuld", trouble="Dricker för mycket",
    ), owner="ben")
    gm("StartSession")
    gm("StartScene", name="Fältlägret", participants=["sigrid", "ulf"])
    gm("CorrectConsequence", character_id="ulf", slot=1, name="Djupt hugg i armen")
    gm("CorrectConsequence", character_id="sigrid", slot=1, name="Vrickad fot")
    arm = ann("Treat", actor="sigrid", skill="academics", aspect_id="ulf/consequence/1",
              new_name="Sytt hugg", dice="+000")
    ann("ResolveRoll", roll=f"r{arm}")
    foot = ann("Treat", actor="sigrid", skill="academics", aspect_id="sigrid/consequence/1",
               new_name="Lindad fot", dice="+000")
    ann("ResolveRoll", roll=f"r{foot}")
    gm("EndScene")
    gm("EndSession", milestone="major")
    ben("Breakthrough", character_id="ulf", clear_recovering=[])
    ann("Breakthrough", character_id="sigrid", clear_recovering=["sigrid/consequence/1"])
    gm("StartSession")
    gm("StartScene", name="Borgen", participants=["sigrid", "ulf"])
    gm("EndScene")
    gm("EndSession")  # a whole session after the treatment: the arm has healed


def treatment_stunts(t: Play) -> None:
    """A healing stunt on treatment rolls (issue 27): Iris's free +2 to overcome with Academics
    counts on her treatment by default, turns a -1 into a success, and is left out by name on a
    second treatment, which fails."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", owner="ann", sheet=sheet(
        "condensed", "iris", "Iris Vance", "", "academics", "notice will",
        high_concept="Ship's Doctor", trouble="Never Off Duty",
        stunts=[Stunt("Field Surgeon", SkillBonus("academics", (Action.OVERCOME,)),
                      "+2 to overcome to treat physical consequences with Academics")],
    ))
    ann("AddCharacter", owner="ann", sheet=sheet(
        "condensed", "ruth", "Ruth Okafor", "fight", "athletics", "notice will",
        high_concept="Ex-Boxer on the Run", trouble="Owes the Wrong People",
    ))
    gm("StartSession")
    gm("StartScene", name="Sickbay", participants=["iris", "ruth"])
    gm("CorrectConsequence", character_id="ruth", slot=0, name="Bruised Ribs")
    gm("CorrectConsequence", character_id="ruth", slot=1, name="Deep Cut")
    ribs = ann("Treat", actor="iris", skill="academics", aspect_id="ruth/consequence/0",
               new_name="Strapped Ribs", dice="-000")
    ann("ResolveRoll", roll=f"r{ribs}")
    cut = ann("Treat", actor="iris", skill="academics", aspect_id="ruth/consequence/1",
              new_name="Stitched Cut", dice="0000", stunts=[])
    gm("ResolveRoll", roll=f"r{cut}", option="fail")
    gm("EndScene")


def long_arcs_between_sessions(t: Play) -> None:
    """Long arcs taken up mid-campaign (issue 27): Ruth's severe consequence is treated in the
    first session; after three more the GM turns long arcs on between sessions, and the severe
    clears once a fourth whole session has passed, with no major milestone."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", owner="ann", sheet=sheet(
        "condensed", "iris", "Iris Vance", "academics", "notice will", "fight athletics",
        high_concept="Ship's Doctor", trouble="Never Off Duty",
    ))
    ann("AddCharacter", owner="ann", sheet=sheet(
        "condensed", "ruth", "Ruth Okafor", "fight", "athletics", "notice will",
        high_concept="Ex-Boxer on the Run", trouble="Owes the Wrong People",
    ))
    gm("StartSession")
    gm("StartScene", name="The Docks", participants=["iris", "ruth"])
    gm("CorrectConsequence", character_id="ruth", slot=2, name="Shattered Knee")
    knee = ann("Treat", actor="iris", skill="academics", aspect_id="ruth/consequence/2",
               new_name="Knee in a Brace", dice="++++")
    ann("ResolveRoll", roll=f"r{knee}")
    gm("EndScene")
    gm("EndSession")
    for night in ("The Warehouse", "The Ferry", "The Market"):
        gm("StartSession")
        gm("StartScene", name=night, participants=["iris", "ruth"])
        gm("EndScene")
        gm("EndSession")
    gm("SetOptionalRule", option="long_arcs", on=True)
    gm("StartSession")
    gm("StartScene", name="The Lighthouse", participants=["iris", "ruth"])
    gm("EndScene")
    gm("EndSession")  # four whole sessions after the treatment's: the knee has healed


# -- economy-ode: issue 27's pool, compel kinds and Öde's contests ------------------------------


def economy_ode(t: Play) -> None:
    """Öde: a major NPC with fate points of her own in her first scene (the pool is one per
    PC), an event compel, a player's decision compel and a decision self-compel, then a contest
    in which an outside threat, the volcano, hits every member of the side it beats."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    for seat, id, name, high_concept, trouble, *tiers in (
        ("ann", "astrid", "Astrid Järnhand", "Sista smeden i Öde", "Skyldig fel folk",
         "fight", "athletics lore", "notice physique will"),
        ("ben", "bjorn", "Björn Vargskinn", "Spårare från skogen", "Litar inte på någon",
         "notice", "fight lore", "athletics physique will"),
    ):
        t.do(seat, "AddCharacter", owner=seat, sheet=sheet(
            "ode", id, name, *tiers, "stealth empathy rapport shoot",
            high_concept=high_concept, trouble=trouble))
    gm("AddCharacter", revealed=True, sheet=npc(
        "ode", "alva", "Alva Skuggfot", "deceive", "fight", "athletics", "notice", "",
        high_concept="Kultens rösträttare"))
    gm("AddCharacter", revealed=True, sheet=npc(
        "ode", "vulkanen", "Vulkanen", "shoot", "", "", "", "", high_concept="Berget vaknar"))
    gm("StartSession")
    gm("StartScene", name="Hamnen under berget",
       participants=["astrid", "bjorn", "alva", "vulkanen"])
    event = gm("OfferCompel", aspect_id="astrid/trouble/1", target="astrid", kind="event",
               complication="Fordringsägarna väntar på kajen")
    ann("AnswerCompel", compel_id=f"c{event}", answer="accept")
    decision = ben("OfferCompel", aspect_id="astrid/high_concept/1", target="astrid", offered_by="bjorn",
        kind="decision", decision="Hon utmanar hamnfogden på envig",
        complication="Hon vinner, och hamnarbetarna vänder sig mot henne")
    ann("AnswerCompel", compel_id=f"c{decision}", answer="accept")
    asked = ann("SelfCompel", aspect_id="astrid/trouble/1", target="astrid", kind="decision",
        decision="Hon lånar igen", complication="Ockraren vill ha dubbelt tillbaka")
    gm("SelfCompelAnswer", compel_id=f"s{asked}", accepted=True)
    gm("StartContest", sides=[["hjaltar", ["astrid", "bjorn"]], ["kulten", ["alva"]]],
       intents=[["hjaltar", "nå båten"], ["kulten", "segla ensam"]])
    gm("ContestThreat", actor="vulkanen", skill="shoot", sides=["hjaltar"], dice="++00")
    ann("ContestRoll", side="hjaltar", actor="astrid", skill="athletics", dice="0000")
    ann("ResolveRoll")
    gm("ContestRoll", side="kulten", actor="alva", skill="fight", dice="0000")
    gm("ResolveRoll")


# -- contest-hits-ode: a contest's hits taken, and passive difficulties -------------------------


def contest_hits_ode(t: Play) -> None:
    """Öde: a contest whose outside threat hits the whole side; one member takes the hit with
    stress, the other a consequence after the contest ends, a third is taken out; then a race in
    which each side faces its own passive difficulty and the heroes' side, below its own, is hit."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    for seat, id, name, high_concept, trouble, *tiers in (
        ("ann", "astrid", "Astrid Järnhand", "Sista smeden i Öde", "Skyldig fel folk",
         "fight", "athletics lore", "notice physique will"),
        ("ben", "bjorn", "Björn Vargskinn", "Spårare från skogen", "Litar inte på någon",
         "notice", "fight lore", "athletics physique will"),
    ):
        t.do(seat, "AddCharacter", owner=seat, sheet=sheet(
            "ode", id, name, *tiers, "stealth empathy rapport shoot",
            high_concept=high_concept, trouble=trouble))
    gm("AddCharacter", revealed=True, sheet=npc(
        "ode", "alva", "Alva Skuggfot", "deceive", "fight", "athletics", "notice", "",
        high_concept="Kultens rösträttare"))
    gm("AddCharacter", revealed=True, sheet=npc(
        "ode", "tore", "Tore Bärare", "physique", "", "", "", "", high_concept="Kultens oxe"))
    gm("AddCharacter", revealed=True, sheet=npc(
        "ode", "vulkanen", "Vulkanen", "shoot", "", "", "", "", high_concept="Berget vaknar"))
    gm("StartSession")
    gm("StartScene", name="Kajen brinner",
       participants=["astrid", "bjorn", "alva", "tore", "vulkanen"])
    gm("StartContest", sides=[["hjaltar", ["astrid", "bjorn"]], ["kulten", ["alva", "tore"]]],
       intents=[["hjaltar", "nå båten"], ["kulten", "segla ensam"]], harm="physical")
    gm("ContestThreat", actor="vulkanen", skill="shoot", dice="0000")
    ann("ContestRoll", side="hjaltar", actor="astrid", skill="athletics", dice="-000")
    ann("ResolveRoll")
    gm("ContestRoll", side="kulten", actor="alva", skill="fight", dice="0000")
    gm("ResolveRoll")
    ann("AbsorbContestHit", target="astrid", boxes=[0, 1, 2])
    gm("TakeContestOut", target="tore")
    gm("AbsorbContestHit", target="alva", boxes=[0])
    gm("EndContest")
    ben("AbsorbContestHit", target="bjorn", slots=[1], names=[[1, "Svedd arm"]])
    gm("StartContest", sides=[["hjaltar", ["astrid", "bjorn"]], ["kulten", ["alva"]]],
       intents=[["hjaltar", "vada över forsen"], ["kulten", "klättra till helgedomen"]],
       harmful_to=["hjaltar"], difficulties=[["hjaltar", 4], ["kulten", 1]], harm="physical")
    ben("ContestRoll", side="hjaltar", actor="bjorn", skill="athletics", dice="0000")
    ben("ResolveRoll")
    gm("ContestRoll", side="kulten", actor="alva", skill="fight", dice="--00")
    gm("ResolveRoll")
    ann("AbsorbContestHit", target="astrid", boxes=[3, 4])
    ben("AbsorbContestHit", target="bjorn", boxes=[0, 1])


def setting_and_lasting_aspects(t: Play) -> None:
    """Game creation and the aspects that outlast scenes (issues 27 and 28): a setting with its
    issues, faces and places (one face secret, written public later), an organization with a
    PC and a hidden NPC among its members, a scenario aspect until the scenario closes; the
    setting's and the guild's aspects invoked, an aspect overcome away against a defence, one
    the GM removes, a boost its holder lets go, over two sessions."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "condensed", "mara", "Mara Quill",
        "burglary", "athletics stealth", "notice deceive will", "fight contacts lore rapport",
        high_concept="Guild Cat Burglar", trouble="Owes the Guild",
    ), owner="ann")
    ben("AddCharacter", sheet=sheet(
        "condensed", "tomas", "Tomas Reyes",
        "lore", "investigate notice", "will rapport empathy", "athletics contacts drive shoot",
        high_concept="Harbour Archivist", trouble="Curious to a Fault",
    ), owner="ben")
    gm("AddCharacter", sheet=npc("condensed", "voss", "Captain Voss", "fight will",
                                 "athletics notice", "deceive", "", high_concept="Syndicate Enforcer"))
    gm("DescribeSetting", name="Bay City", summary="A port run by two families, and a third coming.")
    gm("AddLastingAspect", name="The Docks Are Dying", kind="setting", issue="current")
    gm("AddLastingAspect", name="The Syndicate Is Coming", kind="setting", issue="impending")
    gm("AddLastingAspect", name="Fog Every Night", kind="setting")
    gm("AddLastingAspect", name="The Guild Never Forgets", kind="organization",
       organization="Thieves' Guild")
    gm("AddLastingAspect", name="Everyone Has a Price", kind="scenario")
    gm("SetMembership", character_id="mara", organization="Thieves' Guild")
    gm("SetMembership", character_id="voss", organization="The Syndicate")
    gm("PutSettingEntry", kind="face", name="Harbour Master Ines", text="Knows every ship")
    gm("PutSettingEntry", entry_id="informer", kind="face", name="The Informer",
       text="Tomas's cousin, selling to the Syndicate", secret=True)
    gm("PutSettingEntry", kind="place", name="The Rusty Anchor", text="A dive by the water")
    gm("StartSession")
    gm("StartScene", name="The warehouse", participants=["mara", "tomas", "voss"])
    gm("AddSituationAspect", name="Pinned Down")
    gm("AddSituationAspect", name="Crates Everywhere")
    # Mara invokes the guild's aspect and the setting's on one roll; Tomas the setting's.
    hers = ann("Roll", actor="mara", action="overcome", skill="athletics", difficulty=4,
               dice="0-00")
    ann("Invoke", aspect_id="w4", by="mara", roll=f"r{hers}")
    ann("Invoke", aspect_id="w3", by="mara", roll=f"r{hers}")
    ann("ResolveRoll", roll=f"r{hers}")
    # Tomas overcomes "Pinned Down"; Voss defends it and keeps it, then loses it.
    his = ben("Roll", actor="tomas", action="overcome", skill="athletics", against="voss",
              defend_skill="deceive", aspect_id="a1", dice="0000", rolls=("0000",))
    gm("ResolveRoll", roll=f"r{his}", option="fail")
    his = ben("Roll", actor="tomas", action="overcome", skill="athletics", against="voss",
              defend_skill="athletics", aspect_id="a1", dice="++++", rolls=("-000",))
    ben("ResolveRoll", roll=f"r{his}", boost_names=[["tomas", "Momentum"]])
    ben("RemoveAspect", aspect_id="a3", by="tomas")  # his boost, let go
    gm("RemoveAspect", aspect_id="a2")  # the crates are cleared, nothing in the way
    gm("OfferCompel", aspect_id="w4", target="mara", complication="The guild calls in a debt")
    gm("EndScene")
    gm("EndSession")
    gm("StartSession")
    gm("PutSettingEntry", entry_id="informer", kind="face", name="Luis Reyes",
       text="Tomas's cousin, selling to the Syndicate")
    gm("CloseScenario")
    gm("RemoveSettingEntry", entry_id="the-rusty-anchor")


def safety_signals(t: Play) -> None:
    """Safety signals (issue 27): raised from a player's seat and a spectator's in the middle of
    a roll, the roll taken back by the GM's undo for the rewind, both answered (one with a
    note), and a signal turned off; play goes on (a golden table must take a new command, so
    none is left waiting)."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "condensed", "ingrid", "Ingrid Holm",
        "athletics", "fight notice", "will rapport shoot", "lore drive stealth contacts",
        high_concept="Dykare utan licens", trouble="Rädd för mörkt vatten",
    ), owner="ann")
    gm("StartSession")
    gm("StartScene", name="The wreck at twenty metres", participants=["ingrid"])
    dive = ann("Roll", actor="ingrid", action="overcome", skill="athletics", difficulty=3,
               dice="-000")
    ben("RaiseSignal", tool="x-card")
    t.do("sam", "RaiseSignal", tool="rewind")
    gm("Undo", target_version=dive)
    gm("AnswerSignal", signal_id=f"x{dive + 1}", note="No drowning: the hatch is open.")
    gm("AnswerSignal", signal_id=f"x{dive + 2}")
    gm("SetSafetyTool", tool="pause", on=False)
    ann("Roll", actor="ingrid", action="overcome", skill="athletics", difficulty=3, dice="+000")
    ann("ResolveRoll")


def figures_recorded(t: Play) -> None:
    """Every roll's figures and every advancement's sheet on its event (issue 28): rolls made,
    invoked on and settled in and out of a conflict, an advantage created with style and its
    free invokes, a challenge and a contest, a milestone, a breakthrough and a skill step spent
    later; left with a roll invoked on and still in play."""
    gm, ann, ben = seated(t, "Ann", "Ben")
    ann("AddCharacter", sheet=sheet(
        "condensed", "fyodor", "Фёдор Кравцов",
        "athletics", "fight notice", "will rapport shoot", "lore drive stealth contacts",
        high_concept="Бывший жандарм", trouble="Долги чести",
    ), owner="ann")
    ben("AddCharacter", sheet=sheet(
        "condensed", "astrid", "Astrid Lind",
        "drive", "shoot notice", "athletics deceive contacts", "rapport will stealth fight",
        high_concept="Smugglerskeppare", trouble="Jagad av tullen",
    ), owner="ben")
    gm("AddCharacter", sheet=npc("condensed", "kruger", "Sergeant Kruger", "shoot notice",
                                 "athletics will", "fight", "", high_concept="Customs Sergeant"))
    gm("StartSession")
    gm("StartScene", name="The customs shed", participants=["fyodor", "astrid", "kruger"])
    # Drive +4 and two pluses against 1: an advantage with style, two free invokes for Astrid.
    made = ben("Roll", actor="astrid", action="create_advantage", skill="drive", difficulty=1,
               dice="++00")
    ben("ResolveRoll", roll=f"r{made}", aspect_name="Engine Still Warm")
    gm("StartConflict", sides=[["crew", ["fyodor", "astrid"]], ["customs", ["kruger"]]],
       first="fyodor")
    ann("Attack", actor="fyodor", target="kruger", skill="fight", dice="+000", rolls=("0-00",))
    ben("Invoke", aspect_id="a1", by="astrid", free=True)
    ann("ResolveRoll", option="hit")
    gm("Absorb", slots=[1], names=[[1, "Bruised Pride"]])
    ann("EndTurn", next_actor="kruger")
    gm("Attack", actor="kruger", target="astrid", skill="shoot", dice="0+00", rolls=("0000",))
    gm("ResolveRoll", option="hit")
    ben("Absorb", boxes=[0, 1, 2])
    gm("FinishConflict")
    gm("StartChallenge", tasks=[["rope", "Throw the line to the boat", "athletics", 2]])
    rope = ann("ChallengeRoll", task="rope", actor="fyodor", dice="+000")
    ann("ResolveRoll", roll=f"r{rope}")
    gm("EndChallenge")
    gm("EndScene")
    gm("EndSession", milestone="minor")
    ann("Milestone", character_id="fyodor",
        choice={"kind": "swap_skills", "first": "athletics", "second": "fight"})
    gm("StartSession")
    gm("EndSession", milestone="major")
    ben("Breakthrough", character_id="astrid", high_concept="Skeppare med eget fartyg")
    gm("StartSession")
    ben("RaiseSkills", character_id="astrid", steps=["lore"])
    gm("StartScene", name="Open water", participants=["fyodor", "astrid", "kruger"])
    gm("StartContest", sides=[["crew", ["astrid"]], ["customs", ["kruger"]]],
       intents=[["crew", "reach open water"], ["customs", "board the boat"]])
    ours = ben("ContestRoll", side="crew", actor="astrid", skill="drive", dice="0+00")
    theirs = gm("ContestRoll", side="customs", actor="kruger", skill="shoot", dice="00-0")
    ben("Invoke", aspect_id="astrid/high_concept/1", by="astrid", roll=f"r{ours}")
    ben("ResolveRoll", roll=f"r{ours}")
    gm("ResolveRoll", roll=f"r{theirs}")
    gm("EndContest")
    left = ann("Roll", actor="fyodor", action="overcome", skill="fight", difficulty=4,
               dice="0-00")
    ann("Invoke", aspect_id="fyodor/high_concept/1", by="fyodor", roll=f"r{left}")



def overcome_in_conflict(t: Play) -> None:
    """An overcome in a conflict aimed at removing a scene aspect (issue 27): Mara's, on her
    turn, defended by Voss and won on a tie at a cost, which takes it out of play; Voss's own
    against a difficulty fails and leaves his target standing."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", sheet=sheet(
        "condensed", "mara", "Mara Quill",
        "burglary", "athletics stealth", "notice deceive will", "fight contacts lore rapport",
        high_concept="Guild Cat Burglar", trouble="Owes the Guild",
    ), owner="ann")
    gm("AddCharacter", sheet=npc("condensed", "voss", "Captain Voss", "fight will",
                                 "athletics notice", "deceive", "", high_concept="Syndicate Enforcer"))
    gm("StartSession")
    gm("StartScene", name="The rooftops", participants=["mara", "voss"])
    gm("AddSituationAspect", name="Cornered on the Ridge")
    gm("AddSituationAspect", name="Rain on the Tiles")
    gm("StartConflict", sides=[["guild", ["mara"]], ["syndicate", ["voss"]]], first="mara")
    # Athletics +3 against Voss's Athletics +2 with one minus: a tie, a success at a cost.
    ann("Overcome", actor="mara", skill="athletics", against="voss", defend_skill="athletics",
        aspect_id="a1", dice="0000", rolls=("-+00",))
    gm("ResolveRoll", option="success_at_minor_cost")
    ann("EndTurn", next_actor="voss")
    gm("Overcome", actor="voss", skill="athletics", difficulty=4, aspect_id="a2", dice="-000")
    gm("ResolveRoll", option="fail")
    gm("FinishConflict")


def weight_deliah(t: Play) -> None:
    """War of Ashes' weight, played as the book's own example goes (issue 41): two City guards
    outweigh Deliah two to one, so a guard's [00-+] turns to [00++]; she takes one out, and the
    one left rolls as he falls; four more come, five to one, and [0-+-] turns to [0+++]. Her own
    attack on an outweighing pair is rolled as usual, while the guard defending turns a die."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", sheet=sheet(
        "condensed", "deliah", "Deliah",
        "fight", "athletics notice", "physique will stealth", "burglary contacts lore rapport",
        high_concept="Sellsword of the Free Cities", trouble="Wanted by the City Watch",
    ), owner="ann")
    for n in range(1, 7):
        gm("AddCharacter", sheet=npc("condensed", f"guard{n}", f"City Guard {n}", "fight",
                                     "athletics", high_concept="Sworn to the City Watch"))
    gm("StartSession")
    gm("StartScene", name="The city gate", participants=["deliah", "guard1", "guard2"],
       zones=["gate", "road"], links=[["gate", "road"]],
       positions=[["deliah", "gate"], ["guard1", "gate"], ["guard2", "gate"]])
    gm("StartConflict", sides=[["deliah", ["deliah"]], ["watch", ["guard1", "guard2"]]],
       first="guard1")
    # Two guards against Deliah: two to one, one die turned. Fight +2 and [00++] against her
    # Fight +4 and [-000]: a hit of 1.
    gm("Attack", actor="guard1", target="deliah", skill="fight", dice="00-+", rolls=("-000",))
    gm("ResolveRoll", option="hit")
    ann("Absorb", boxes=[0])
    gm("EndTurn", next_actor="deliah")
    # Deliah, outweighed, rolls as she falls; the guard defending turns one of his dice.
    ann("Attack", actor="deliah", target="guard2", skill="fight", dice="+++0", rolls=("-000",))
    gm("ResolveRoll", option="hit")
    gm("TakeOut")
    ann("EndTurn", next_actor="guard1")
    # One guard against one Deliah: nobody outweighs anyone, his dice stay as they fell.
    gm("Attack", actor="guard1", target="deliah", skill="fight", dice="00-+", rolls=("++00",))
    gm("ResolveRoll", option="miss")
    # Four more guards come: five to one against her, and never more than two dice.
    for n in range(3, 7):
        gm("JoinScene", character_id=f"guard{n}", zone="gate", side="watch")
    gm("EndTurn", next_actor="guard3")
    gm("Attack", actor="guard3", target="deliah", skill="fight", dice="0-+-", rolls=("0000",))


def weight_targets(t: Play) -> None:
    """Weight on attacks on several targets (issue 41): the goblin chief, outweighed three to
    one, attacks a whole zone as he falls, and each of the three defending turns a die; Rolf
    rerolls his defence, weighed again; then Rolf's split attack, rolled before its targets are
    named, turns one die."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", sheet=sheet(
        "condensed", "rolf", "Rolf",
        "fight", "athletics physique", "notice will provoke", "lore rapport stealth shoot",
        high_concept="Barbarian of the Northern Reaches", trouble="Ancestors Always Watching",
    ), owner="ann")
    gm("AddCharacter", sheet=npc("condensed", "olivia", "Olivia", "shoot", "athletics",
                                 high_concept="Ranger of the Marches"))
    gm("AddCharacter", sheet=npc("condensed", "merc", "Hired Blade", "fight", "athletics",
                                 high_concept="Paid Up to the Full Moon"))
    gm("AddCharacter", sheet=npc("condensed", "chief", "Goblin Chief", "fight", "athletics",
                                 high_concept="Loudest of the Horde"))
    gm("StartSession")
    gm("StartScene", name="The ruins", participants=["rolf", "olivia", "merc", "chief"],
       zones=["ruins", "pillars"], links=[["ruins", "pillars"]],
       positions=[["rolf", "ruins"], ["olivia", "ruins"], ["merc", "ruins"], ["chief", "ruins"]])
    gm("StartConflict", sides=[["heroes", ["rolf", "olivia", "merc"]], ["horde", ["chief"]]],
       first="chief")
    gm("ZoneAttack", actor="chief", skill="fight", zone="ruins", dice="0-00")
    # Merc, Olivia and Rolf defend (as the zone lists them), each with one die turned to +.
    gm("AssignTargets", rolls=("-000", "0-00", "--00"))
    ann("Invoke", aspect_id="rolf/high_concept/1", by="rolf", effect="reroll", target="rolf",
        dice="-0-0")
    gm("ResolveTargets")
    gm("EndTurn", next_actor="rolf")
    ann("SplitAttack", actor="rolf", skill="fight", dice="--00")



def woa_sample(id: str, name: str) -> str:
    """A copy of docs/examples' Vidaar Sailor (the War of Ashes SRD's rank-and-file minion, weight
    1) under its own id and name."""
    path = ROOT / "docs" / "examples" / "war-of-ashes" / "vidaar-sailor.character.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    old = data["id"]
    data.update(id=id, name=name)
    for aspect in data["aspects"]:
        aspect["id"] = aspect["id"].replace(old, id, 1)
    return json.dumps(data, ensure_ascii=False, indent=2)


#: A War of Ashes minion rolls what it is skilled at, words no approach names: the GM allows
#: its attack (the rule set lets only approaches attack).
MINION_SKILL = Waiver(("skills.attack-defend",), "a minion fights with what it is skilled at")


def woa_gangway(t: Play) -> None:
    """The War of Ashes SRD's own example of weight (Deliah and the City guards, its dice and
    weights as the book gives them) on the built-in War of Ashes rule set, weight on by the rule
    set and Deliah on approaches, with the book's sample Vidaar Sailor in the guards' place: two
    outweigh her two to one and [00-+] turns to [00++]; she takes one out and the one left
    rolls as the dice fell; four more come, five to one, and [0-+-] turns to [0+++], never more
    than two dice."""
    gm, ann = seated(t, "Ann")
    deliah = new_character(
        "woa", "deliah", "Deliah",
        skills={"forceful": 3, "quick": 2, "sneaky": 2, "careful": 1, "clever": 1, "flashy": 0},
        high_concept="Sellsword of the Free Cities", trouble="Wanted by the City Watch",
        aspects=[(AspectKind.CHARACTER, "Never Fights Fair"),
                 (AspectKind.CHARACTER, "Knows Every Alley of Agaptus"),
                 (AspectKind.CHARACTER, "Olivia Has My Back")],
    )
    ann("AddCharacter", sheet=dumps_character(deliah), owner="ann")
    for n in range(1, 7):
        gm("AddCharacter", sheet=woa_sample(f"sailor{n}", f"Vidaar Sailor {n}"))
    gm("StartSession")
    gm("StartScene", name="The Skyhammer's gangway",
       participants=["deliah", "sailor1", "sailor2"],
       zones=["gangway", "quay"], links=[["gangway", "quay"]],
       positions=[["deliah", "gangway"], ["sailor1", "gangway"], ["sailor2", "gangway"]])
    # Deliah's Quick puts her first; the GM has the last word (the book: the situation may
    # trump the approaches), and the sailors strike first, as the book's guards do.
    gm("StartConflict", sides=[["deliah", ["deliah"]], ["crew", ["sailor1", "sailor2"]]])
    gm("CorrectTurn", current="sailor1")
    # Two sailors against Deliah: the book's [00-+] turned to [00++].
    gm("Attack", actor="sailor1", target="deliah", skill="skilled", dice="00-+", rolls=("-000",),
       waiver=MINION_SKILL)
    gm("ResolveRoll", option="hit")
    ann("Absorb", boxes=[1])
    gm("EndTurn")
    # Deliah, outweighed, rolls as her dice fall; the sailor defending turns one of his.
    ann("Attack", actor="deliah", target="sailor2", skill="forceful", dice="+++0", rolls=("-000",))
    gm("ResolveRoll", option="hit")
    gm("TakeOut")
    ann("EndTurn")
    gm("CorrectTurn", current="sailor1")  # a new exchange: the sailor strikes first again
    # One sailor against one Deliah: nobody outweighs anyone, [00-+] stays.
    gm("Attack", actor="sailor1", target="deliah", skill="skilled", dice="00-+", rolls=("++00",),
       waiver=MINION_SKILL)
    gm("ResolveRoll", option="miss")
    # Four more come: five to one, and the book's [0-+-] turned to [0+++].
    for n in range(3, 7):
        gm("JoinScene", character_id=f"sailor{n}", zone="gangway", side="crew")
    gm("EndTurn")
    gm("CorrectTurn", current="sailor3")
    gm("Attack", actor="sailor3", target="deliah", skill="skilled", dice="0-+-", rolls=("0000",),
       waiver=MINION_SKILL)


def rocketeers_sample(name: str) -> str:
    """A sample character file of docs/examples/three-rocketeers, as it is."""
    path = ROOT / "docs" / "examples" / "three-rocketeers" / f"{name}.character.json"
    return path.read_text(encoding="utf-8")


def rocketeers_rooftops(t: Play) -> None:
    """The Three Rocketeers' rooftop duel (docs/examples/three-rocketeers/rooftop-duel.scene.json,
    built from the book's rules: it gives no worked example with dice) at a table: Séverine counts
    her hero and swordplay aspects (+3) and no fate point goes, then invokes the hero aspect for
    one; the Comte's Flashy meets two aspects she counts to defend; she counts three to create
    an advantage in the exchange, and one outside the conflict once it is over."""
    gm, ann = seated(t, "Ann")
    hero, swordplay = "severine/high_concept/1", "severine/character/1"
    family, friend, rooftops = (f"severine/character/{n}" for n in (2, 3, 4))
    ann("AddCharacter", sheet=rocketeers_sample("severine-dufresne"), owner="ann")
    gm("AddCharacter", sheet=rocketeers_sample("comte-de-vire"))
    gm("StartSession")
    gm("StartScene", name="The rooftops of Montmartre", participants=["severine", "comte-de-vire"])
    gm("StartConflict", sides=[["heroes", ["severine"]], ["cardinal", ["comte-de-vire"]]],
       first="severine")
    ann("Attack", actor="severine", target="comte-de-vire", counted=[hero, swordplay],
        dice="-000", defend_skill="quick", rolls=("0000",))
    ann("Invoke", aspect_id=hero, by="severine")
    gm("ResolveRoll", option="hit")
    gm("Absorb", boxes=[1])
    ann("EndTurn", next_actor="comte-de-vire")
    gm("Attack", actor="comte-de-vire", target="severine", skill="flashy", dice="++00",
       defend_counted=[hero, rooftops], rolls=("0+00",))
    gm("ResolveRoll")
    gm("EndTurn", next_actor="severine")
    ann("CreateAdvantage", actor="severine", counted=[swordplay, family, friend], difficulty=2,
        dice="0000")
    ann("ResolveRoll", aspect_name="Pinned Against the Chimney")
    ann("EndTurn", next_actor="comte-de-vire")
    gm("Concede", character_id="comte-de-vire", terms="He flees over the roofs and leaves the letters behind")
    gm("FinishConflict")
    ann("Roll", actor="severine", action="overcome", counted=[rooftops], difficulty=1,
        dice="+000")
    ann("ResolveRoll")


def venture_sample(name: str) -> str:
    """A sample character file of docs/examples/venture-city, as it is (powers named only)."""
    path = ROOT / "docs" / "examples" / "venture-city" / f"{name}.character.json"
    return path.read_text(encoding="utf-8")


def venture_harbor(t: Play) -> None:
    """Venture City's harbor bridge (docs/examples/venture-city/harbor-bridge.scene.json, built
    from the book's rules: its worked example builds Miles but rolls no dice) at a table: Miles's
    file names his power only, and the table records the stunts, drawback and refresh it grants;
    Master Flight bought twice adds +4 to an overcome in the air; in the fight Gridlock's
    Natural Weapon (a synergy of Super Strength) adds +2 to his attack, which Miles defends
    with Athletics and the powers that apply by default, and Gridlock's fifth stress box
    (Master Super Toughness) takes Miles's hit."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", sheet=venture_sample("miles"), owner="ann")
    gm("AddCharacter", sheet=venture_sample("gridlock"))
    gm("StartSession")
    gm("StartScene", name="The Harbor Bridge at midnight", participants=["miles", "gridlock"])
    ann("Roll", actor="miles", action="overcome", skill="athletics", difficulty=4,
        stunts=["Master Flight"], dice="0000")
    ann("ResolveRoll")
    gm("StartConflict", sides=[["heroes", ["miles"]], ["syndicate", ["gridlock"]]], first="miles")
    ann("Attack", actor="miles", target="gridlock", skill="fight", dice="0+0+",
        defend_skill="fight", rolls=("0000",))
    gm("ResolveRoll", option="hit")
    gm("Absorb", boxes=[1])
    ann("EndTurn", next_actor="gridlock")
    gm("Attack", actor="gridlock", target="miles", skill="fight", dice="+000",
       stunts=["Basic Natural Weapon"], defend_skill="athletics", rolls=("-000",))
    gm("ResolveRoll")


def atomic_sample(name: str) -> str:
    """A sample character file of docs/examples/atomic-robo, as it is (modes and steps only)."""
    path = ROOT / "docs" / "examples" / "atomic-robo" / f"{name}.character.json"
    return path.read_text(encoding="utf-8")


def atomic_lab(t: Play) -> None:
    """Atomic Robo's lab (docs/examples/atomic-robo/brainstorm-lab.scene.json; the book's
    examples roll no dice) at a table: Dr. Okafor's file names her modes and steps only, and the
    table records the ratings they give; a brainstorm's first fact, a create an advantage with
    Physics (Fair Science specialized, Great) and Field Instruments against Good (+3); Notice,
    reinforced twice to Superb, overcomes; in the fight the crate's attack is defended with
    Athletics reinforced to Great."""
    gm, ann = seated(t, "Ann")
    ann("AddCharacter", sheet=atomic_sample("dr-okafor"), owner="ann")
    gm("AddCharacter", sheet=npc("atomicrobo", "crate", "Humming Crate", "combat", "will",
                                 high_concept="Something Alive in the Shipping Crate"))
    gm("StartSession")
    gm("StartScene", name="Tesladyne's lab at night", participants=["okafor", "crate"])
    ann("Roll", actor="okafor", action="create_advantage", skill="physics", difficulty=3,
        stunts=["Field Instruments"], dice="0000")
    ann("ResolveRoll", aspect_name="Distinctive Energy Signature")
    ann("Roll", actor="okafor", action="overcome", skill="notice", difficulty=3, dice="-000")
    ann("ResolveRoll")
    gm("StartConflict", sides=[["tesladyne", ["okafor"]], ["crate", ["crate"]]], first="crate")
    gm("Attack", actor="crate", target="okafor", skill="combat", dice="++0+",
       defend_skill="athletics", rolls=("0000",))
    gm("ResolveRoll")
    ann("Absorb", boxes=[0])
    gm("EndTurn", next_actor="okafor")


# fmt: on


RECIPES = {
    recipe.name: recipe
    for recipe in (
        Recipe(
            "evening-condensed",
            "A long Fate Condensed evening over two sessions: a GM, three players and a "
            "spectator; aspects open, hidden, known to one PC and revealed, boosts, compels "
            "(accepted, refused, a self-compel), free and paid invokes (+2 and rerolls), an "
            "undo, notes of every kind, secret rolls (one revealed), a hidden difficulty, a "
            "prepared scene, the NPCs' dice hidden, a conflict over two exchanges with a big "
            "bad, its minion taken out and a concession, a contest, a challenge, a milestone "
            "and breakthroughs",
            datetime(2026, 11, 6, 19, 0, tzinfo=UTC),
            {"name": "The Drowned Lantern", "options": ["big_bads"], "gm_name": "Morgan"},
            evening_condensed,
        ),
        Recipe(
            "core-escalating",
            "Fate Core: turns by Notice, escalating stress boxes and a consequence in a short "
            "conflict, left with an attack rolled and not yet resolved",
            datetime(2026, 11, 14, 19, 0, tzinfo=UTC),
            {"name": "The Warehouse on Pier Nine", "preset": "core", "gm_name": "Gail"},
            core_escalating,
        ),
        Recipe(
            "hack-ruleset",
            "A rule-set file (docs/examples' Merchant Princes): a conflict in wealth harm marks "
            "the Wealth track and the consequence slot kept for wealth",
            datetime(2026, 11, 20, 19, 0, tzinfo=UTC),
            merchant_princes(),
            hack_ruleset,
        ),
        Recipe(
            "big-bad-ode",
            "Öde: three PCs against a solo big bad with fate points of its own in the GM's "
            "pool; its solo stress reduction makes a 5-shift hit 3 and a 2-shift hit nothing",
            datetime(2026, 11, 21, 18, 30, tzinfo=UTC),
            {
                "name": "Öde: Draken under Berget",
                "preset": "ode",
                "options": ["big_bads"],
                "gm_name": "Greta",
            },
            big_bad_ode,
        ),
        Recipe(
            "rolls-in-play",
            "Several rolls in play at once (issue 26): two players roll together and each roll "
            "is invoked on and settled by its id; a challenge of four tasks rolled through the "
            "roll's flow, a failure made a success at a serious cost; a contest whose rolls are "
            "invoked on before their efforts count, the NPCs' dice hidden for a while, left with "
            "both sides' rolls in play",
            datetime(2026, 11, 27, 19, 0, tzinfo=UTC),
            {"name": "Harbour Night", "gm_name": "Morgan"},
            rolls_in_play,
        ),
        Recipe(
            "facts-ode",
            "Events with their facts and schema versions (issue 28): Öde's solo big bad with its "
            "hits reduced and fate points of its own in the GM's pool, as big-bad-ode, and a "
            "secret roll with its effort and outcome recorded",
            datetime(2026, 11, 27, 20, 0, tzinfo=UTC),
            {
                "name": "Öde: Draken under Berget, igen",
                "preset": "ode",
                "options": ["big_bads"],
                "gm_name": "Greta",
            },
            facts_recorded,
        ),
        Recipe(
            "rolls-in-play-schema-2",
            "ChallengeRolled and ContestRolled at schema version 2 (in_play required) with every "
            "event's facts: rolls-in-play's evening recorded again after issue 28",
            datetime(2026, 11, 27, 21, 0, tzinfo=UTC),
            {"name": "Harbour Night, again", "gm_name": "Morgan"},
            rolls_in_play,
        ),
        Recipe(
            "economy-ode",
            "Issue 27 at an Öde table: a major NPC's own fate points kept out of the GM's pool "
            "at her first scene, an event compel, a player's decision compel and a decision "
            "self-compel (CompelOffered.decision, SelfCompelAsked.kind and .decision), and a "
            "contest in which an outside threat hits each member of the side it beats "
            "(ContestThreatRolled)",
            datetime(2026, 11, 28, 19, 0, tzinfo=UTC),
            {"name": "Öde: Hamnen under berget", "preset": "ode", "gm_name": "Greta"},
            economy_ode,
        ),
        Recipe(
            "contest-hits-ode",
            "A contest's hits taken (issue 27) at an Öde table: an outside threat hits both "
            "sides whole; hits taken with stress and with a consequence after the contest "
            "ended, one member taken out (ContestHitAbsorbed, ContestTakenOut, "
            "ContestStarted.harm); then a race against passive difficulties "
            "(ContestStarted.difficulties), the heroes hit below theirs",
            datetime(2026, 11, 29, 19, 0, tzinfo=UTC),
            {"name": "Öde: Kajen brinner", "preset": "ode", "gm_name": "Greta"},
            contest_hits_ode,
        ),
        Recipe(
            "setting-aspects",
            "Game creation and the other kinds of aspects (issues 27 and 28): a setting with "
            "current and impending issues, faces (one secret, made public later) and places, "
            "organization aspects and memberships (a hidden NPC's too), a scenario aspect until "
            "the scenario closes; lasting aspects invoked, an aspect overcome away against a "
            "defence, one removed by the GM, a boost let go by its holder",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "Bay City Nights", "gm_name": "Morgan"},
            setting_and_lasting_aspects,
        ),
        Recipe(
            "safety-signals",
            "Safety signals (issue 27): the X-Card from a player and a rewind from a spectator "
            "in the middle of a roll, which the GM's undo takes back; both answered, one with a "
            "note; the pause turned off; play going on. No event names who raised a signal",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "The Wreck at Twenty Metres", "gm_name": "Morgan"},
            safety_signals,
        ),
        Recipe(
            "figures-recorded",
            "Every roll's figures (effort, opposition, outcome), a settled roll's free invokes "
            "and every advancement's sheet on its event (issue 28): rolls in and out of a "
            "conflict invoked on and settled, a challenge and a contest, a milestone, a "
            "breakthrough and a skill step spent later, left with a roll in play",
            datetime(2026, 11, 28, 19, 0, tzinfo=UTC),
            {"name": "Customs Night", "gm_name": "Morgan"},
            figures_recorded,
        ),
        Recipe(
            "treatment-ode",
            "Treatment at the table (issue 27): an Öde PC treats herself at no extra difficulty "
            "and another PC on a tie made a success at a cost; a breakthrough starts one "
            "consequence's recovery and leaves another; the severe clears at the next milestone",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "Fältskärens år", "preset": "ode", "gm_name": "Greta"},
            treatment_ode,
        ),
        Recipe(
            "breakthrough-keeps-healing",
            "A breakthrough's choice of what clears (issue 27): one PC keeps a treated "
            "consequence healing, another clears hers; the kept one clears a session later",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "Fältskärens vinter", "preset": "ode", "gm_name": "Greta"},
            breakthrough_keeps_healing,
        ),
        Recipe(
            "treatment-stunts",
            "A healing stunt on treatment rolls (issue 27): a free +2 to overcome with Academics "
            "counted by default on one treatment, left out by name on another",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "Sickbay", "gm_name": "Morgan"},
            treatment_stunts,
        ),
        Recipe(
            "long-arcs-between-sessions",
            "Long arcs taken up between sessions (issue 27): a severe consequence treated in the "
            "first session clears after four whole sessions once the GM turns the option on",
            datetime(2026, 11, 27, 22, 0, tzinfo=UTC),
            {"name": "The Long Winter", "gm_name": "Morgan"},
            long_arcs_between_sessions,
        ),
        Recipe(
            "overcome-in-conflict",
            "An overcome in a conflict that removes a scene aspect (issue 27): defended and won "
            "on a tie at a cost, and one that fails against a difficulty",
            datetime(2026, 11, 29, 19, 0, tzinfo=UTC),
            {"name": "Rooftops", "gm_name": "Morgan"},
            overcome_in_conflict,
        ),
        Recipe(
            "weight-deliah",
            "War of Ashes' weight (issue 41), the book's example: two guards turn one die of "
            "their attack and of a defence, one guard alone none, five guards two "
            "(AttackRolled.rolled_faces and .weight, .defend_rolled_faces and .defend_weight, "
            "a sheet's weight)",
            datetime(2026, 12, 7, 19, 0, tzinfo=UTC),
            {"name": "Agaptus: the city gate", "options": ["weight"], "gm_name": "Morgan"},
            weight_deliah,
        ),
        Recipe(
            "weight-targets",
            "Weight on attacks on several targets (issue 41): a zone attack and every defence "
            "against it weighed (TargetsAssigned.defend_rolled_faces and .defend_weights), a "
            "target's defence rerolled and weighed again (Invoked.rolled_faces and .weight), a "
            "split attack turning one die (SplitAttackRolled.rolled_faces and .weight)",
            datetime(2026, 12, 7, 20, 0, tzinfo=UTC),
            {
                "name": "Agaptus: the ruins",
                "options": ["weight", "multiple_targets"],
                "gm_name": "Morgan",
            },
            weight_targets,
        ),
        Recipe(
            "woa-gangway",
            "The built-in War of Ashes rule set (issue 41): a table made with preset woa plays "
            "weight without choosing the option; the book's weight example (Deliah and the "
            "City guards) with Deliah on approaches and the sample Vidaar Sailor "
            "(docs/examples/war-of-ashes) in the guards' place, the GM correcting the turn and "
            "allowing a minion's skill: [00-+] turned to [00++] two to one, none one to one, "
            "[0-+-] to [0+++] five to one",
            datetime(2026, 12, 7, 21, 0, tzinfo=UTC),
            {"name": "Agaptus: the Skyhammer's gangway", "preset": "woa", "gm_name": "Morgan"},
            woa_gangway,
        ),
        Recipe(
            "rocketeers-rooftops",
            "The built-in Three Rocketeers rule set (issue 41): a PC counts aspects instead of "
            "skills on an attack, a defence, a create an advantage and a roll outside the "
            "conflict (RollMade, AttackRolled, AdvantageRolled with counted and counted_bonus, "
            "defend_counted and defend_counted_bonus), a counted aspect invoked afterwards for "
            "a fate point, an NPC on approaches; the sample characters of "
            "docs/examples/three-rocketeers",
            datetime(2026, 12, 7, 22, 0, tzinfo=UTC),
            {"name": "Paris: the rooftops", "preset": "rocketeers", "gm_name": "Morgan"},
            rocketeers_rooftops,
        ),
        Recipe(
            "venture-harbor",
            "The built-in Venture City rule set (issue 41): powers bought as packages, named in "
            "the character file only, their stunts, drawback and refresh recorded in "
            "CharacterAdded; granted stunts on a roll outside a conflict, on an attack and by "
            "default on a defence; a stress box an enhancement grants; the sample characters of "
            "docs/examples/venture-city",
            datetime(2026, 12, 7, 23, 0, tzinfo=UTC),
            {
                "name": "Venture City: the harbor bridge",
                "preset": "venturecity",
                "gm_name": "Morgan",
            },
            venture_harbor,
        ),
        Recipe(
            "atomic-lab",
            "The built-in Atomic Robo rule set (issue 41): a character file naming its modes "
            "and steps only, the ratings they give recorded in CharacterAdded; a skill rolled "
            "at its mode's rating plus the steps bought, with a stunt, outside a conflict; a "
            "skill reinforced by two modes defending; the sample character of "
            "docs/examples/atomic-robo",
            datetime(2026, 12, 8, 0, 0, tzinfo=UTC),
            {"name": "Tesladyne: the lab", "preset": "atomicrobo", "gm_name": "Morgan"},
            atomic_lab,
        ),
    )
}
