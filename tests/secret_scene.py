"""One scene full of secrets, played both in process (tests/table) and over HTTP (tests/server).

Every command that makes a secret is played in it, and the probe's steps for each way a secret
once reached the players (issue 33): a roll made while the NPCs' dice were hidden, shown again
before it is settled; the hiding undone after an NPC rolled; a hazard overcome and attacking; a
high concept hidden from the other players rewritten at a breakthrough; a hidden difficulty set
for someone else's character; a story detail on a hidden aspect.

Everything hidden from some seat carries a marker string, so a test can search every payload a
seat received for what it must not see, and the GM's payloads for proof the markers exist.
"""

from __future__ import annotations

import json
from typing import Protocol

from fatekit.formats import dumps_character
from fatekit.rules import Action, Milestone, major_npc, new_character
from fatekit.rules.options.countdowns import Visibility
from fatekit.table import commands as c
from fatekit.table.seats import NoteVisibility

from .sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]

ALWAYS_HIDDEN = {
    "ZZ-HIDDEN-ASPECT",
    "ZZ-NPC-SECRET",
    "ZZ-GM-NOTE",
    "ZZ-HIDDEN-COUNTDOWN",
    "ZZ-HIDDEN-OUTCOME",
    "zz-hidden-trigger",
    "cd-ZZ-HIDDEN-ID",
    "ZZ-BOXES-NAME",
    "ZZ-BOXES-OUTCOME",
    "zz-boxes-trigger",
    # The GM's screen: a secret roll never revealed (its dice, quoted as JSON has them), a scene
    # prepared and never started, and the hidden aspect of one that was.
    "ZZ-SECRET-KEPT",
    "ZZ-SECRET-LATER",  # the GM's note on the roll revealed later: the reveal leaves it out
    '"--+-"',
    "ZZ-PREP-NEVER",
    "ZZ-PREP-HIDDEN-ASPECT",
    # Alice's attack and her defence, rolled while the NPCs' dice were kept from the players.
    '"+-00"',
    '"0+-0"',
    # Alice's roll against Bob while the NPCs' dice were hidden, settled after the GM showed
    # them again (leak A); Alice's roll while they were hidden, then the hiding undone (leak B).
    '"+-+0"',
    '"-0-+"',
    '"--0+"',
    # The hazard's dice (leak C: its rating would follow from its effort less its dice).
    '"-0-0"',
    "ZZ-DETAIL",  # a story detail declared on the hidden trapdoor
    "ZZ-TRUE-FORM",  # Bob's later true form, never reached
    "ZZ-PREP-REMOVED",  # a prepared scene the GM took back
    # Who knew of the aspect an event names, as the event records it for the GM (Alice knew of
    # the trapdoor she invoked): the players see only whether they may see it.
    '"aspect_sight"',
}
PRIVATE = {"ann": "ZZ-ANN-PRIVATE", "ben": "ZZ-BEN-PRIVATE"}
RUTH_ONLY = "ZZ-RUTH-ONLY"
#: Eve's high concept and one more of her aspects, hidden from everyone but Eve's player (Ben),
#: before and after Ben rewrites them at a breakthrough (leak D: its high concept, and its
#: milestone); and the hidden difficulty the GM set for Charles, which only Ben is told of (as
#: the event's type, quoted as JSON quotes it).
BEN_ONLY = (
    "ZZ-EVE-OLD-HC",
    "ZZ-EVE-NEW-HC",
    "ZZ-EVE-OLD-VOW",
    "ZZ-EVE-NEW-VOW",
    '"DifficultyHidden"',
)
#: Eve's hidden aspects.
EVE_HIDDEN = ("eve/high_concept/1", "eve/character/1")
#: The options the scene's table plays with.
OPTIONS = ("countdowns", "obstacles", "big_bads")
#: The hazard whose rating (:data:`KEPT_DIFFICULTY`) and Weapon stay the GM's.
HAZARD = "fire"
HAZARD_WEAPON = 3
BOB = "ZZ-BOB-SECRET"
#: A secret roll revealed near the end: its dice reach the players only then.
REVEALED_ROLL = ('"-+-+"',)
#: Numbers kept from the players for good: the hidden difficulty of Charles's Investigate roll
#: and the difficulty of the secret roll never revealed (no other roll uses either).
HIDDEN_DIFFICULTY = 6
KEPT_DIFFICULTY = 5


def bob_sheet(more: str = "") -> str:
    bob = major_npc("condensed", "bob", "Bob the Boatswain", high_concept="Loyal Deckhand")
    bob.description = f"Secretly in the cult {BOB} {more}".strip()
    return dumps_character(bob)


def eve_sheet() -> str:
    eve = new_character(
        "condensed",
        "eve",
        "Eve",
        high_concept="ZZ-EVE-OLD-HC Sleepwalking Medium",
        trouble="Hears the Drowned",
        skills={"lore": 3, "will": 2},
    )
    eve.add_aspect("ZZ-EVE-OLD-VOW Sworn to the Tide")
    return dumps_character(eve)


def true_form_sheet() -> str:
    form = major_npc(
        "condensed", "bob", "ZZ-TRUE-FORM The Boatswain Unmasked", high_concept="Deep One"
    )
    return dumps_character(form)


class Do(Protocol):
    """Sends one command from a seat and returns the table's version after it."""

    def __call__(self, command: c.Command, seat: str = "gm") -> int: ...


def play_secret_scene(do: Do, table_dice: list[str]) -> None:
    """From a table with the countdowns option and seats gm, ann, ben and sam (a spectator):
    characters, a scene with hidden aspects, countdowns and notes, a hidden difficulty, secret
    rolls, a conflict, a compel, Bob and one secret roll revealed near the end, and a prepared
    scene started last. ``table_dice`` is the queue the table rolls from."""
    do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), "ann")
    do(c.AddCharacter(sheet=charles_sheet(), owner="ben"), "ben")
    alice = json.loads(npc_sheet("ZZ-NPC-SECRET"))
    secret_id = alice["aspects"][-1]["id"]
    do(c.AddCharacter(sheet=json.dumps(alice), hidden_aspects=(secret_id,)))
    do(c.AddCharacter(sheet=bob_sheet()))
    do(c.UpdateCharacter(sheet=bob_sheet("and armed")))  # an NPC's sheet, rewritten unseen
    # Eve's high concept is hidden from all but Eve's player.
    do(c.AddCharacter(sheet=eve_sheet(), owner="ben", hidden_aspects=EVE_HIDDEN))
    for hidden in EVE_HIDDEN:
        do(c.RevealAspect(aspect_id=hidden, to=("eve",)))
    do(c.StartSession())
    # Scenes the GM prepared: one the players never reach, one they do (below deck).
    do(
        c.PrepareScene(
            scene_id="never",
            name="ZZ-PREP-NEVER Lighthouse",
            participants=("alice",),
            aspects=(c.PreparedAspect(name="ZZ-PREP-NEVER Beacon Out"),),
        )
    )
    do(c.PrepareScene(scene_id="gone", name="ZZ-PREP-REMOVED Attic", participants=("bob",)))
    do(c.RemovePreparedScene(scene_id="gone"))
    do(
        c.PrepareScene(
            scene_id="hold",
            name="Below deck",
            participants=("alice",),
            zones=("hold", "stairs"),
            links=(("hold", "stairs"),),
            positions=(("alice", "hold"),),
            aspects=(
                c.PreparedAspect(name="Cramped Hold", zone="hold", free_invokes=(("alice", 1),)),
                c.PreparedAspect(name="ZZ-PREP-HIDDEN-ASPECT Smuggled Guns", hidden=True),
            ),
        )
    )
    do(c.StartScene(name="Storm on deck", participants=("ruth", "charles", "alice", "bob")))
    do(c.AddSituationAspect(name="Rain-Slick Deck"))
    do(c.AddSituationAspect(name="ZZ-HIDDEN-ASPECT Trapdoor", hidden=True))
    do(c.AddSituationAspect(name=f"{RUTH_ONLY} Smell of Brine", hidden=True, known_to=("ruth",)))
    do(
        c.AddCountdown(
            countdown_id="cd-ZZ-HIDDEN-ID",
            name="ZZ-HIDDEN-COUNTDOWN",
            boxes=3,
            outcome="ZZ-HIDDEN-OUTCOME",
            triggers=("zz-hidden-trigger",),
            visibility=Visibility.HIDDEN,
        )
    )
    do(
        c.AddCountdown(
            countdown_id="storm",
            name="ZZ-BOXES-NAME",
            boxes=4,
            outcome="ZZ-BOXES-OUTCOME",
            triggers=("zz-boxes-trigger",),
            visibility=Visibility.BOXES_ONLY,
        )
    )
    do(
        c.AddCountdown(
            countdown_id="tide",
            name="The tide turns",
            boxes=2,
            outcome="Aground",
            triggers=("exchange",),
        )
    )
    do(c.Note(text="ZZ-GM-NOTE: Alice drowns them at midnight", visibility=NoteVisibility.GM))
    do(
        c.Note(text="ZZ-ANN-PRIVATE Ruth distrusts Charles", visibility=NoteVisibility.PRIVATE),
        "ann",
    )
    do(
        c.Note(text="ZZ-BEN-PRIVATE Charles found the map", visibility=NoteVisibility.PRIVATE),
        "ben",
    )
    do(c.Note(text="Thunder rolls over the yacht"), "ben")
    do(c.FireTrigger(trigger="zz-hidden-trigger"))
    do(c.FireTrigger(trigger="zz-boxes-trigger"))
    do(c.MarkCountdown(countdown_id="cd-ZZ-HIDDEN-ID"))
    do(c.MarkCountdown(countdown_id="storm"))
    # Alice learns of the trapdoor and uses it; the players see only that something was invoked.
    do(c.RevealAspect(aspect_id="a2", to=("alice",)))
    do(
        c.Roll(
            actor="ruth", action=Action.CREATE_ADVANTAGE, skill="notice", difficulty=2, dice="+0+0"
        ),
        "ann",
    )
    do(c.Invoke(aspect_id="a3", by="ruth"), "ann")
    do(c.ResolveRoll(aspect_name="Found the Brine Trail"), "ann")
    do(c.DeclareStoryDetail(aspect_id="a2", by="alice", detail="ZZ-DETAIL it is unlatched"))
    # Behind the screen: Charles investigates against a difficulty only the GM knows, and the GM
    # rolls twice in secret (one roll is revealed near the end).
    do(c.HideDifficulty(actor="charles", difficulty=HIDDEN_DIFFICULTY, skill="investigate"))
    do(c.Roll(actor="charles", action=Action.OVERCOME, skill="investigate", dice="++++"), "ben")
    do(c.ResolveRoll(), "ben")
    # The GM rolls for Ruth against a difficulty of the GM's own, hidden from the players.
    do(
        c.Roll(
            actor="ruth",
            action=Action.OVERCOME,
            skill="athletics",
            difficulty=HIDDEN_DIFFICULTY,
            hidden_difficulty=True,
            dice="0-00",
        )
    )
    do(c.ResolveRoll(option="fail"))
    do(
        c.SecretRoll(
            actor="alice",
            skill="deceive",
            difficulty=KEPT_DIFFICULTY,
            dice="--+-",
            reason="ZZ-SECRET-KEPT is the captain lying?",
        )
    )
    later = do(c.SecretRoll(actor="bob", skill="notice", dice="-+-+", reason="ZZ-SECRET-LATER"))
    # The NPCs' dice behind the screen. A roll made while they were hidden stays hidden when the
    # GM takes the hiding back with an undo (leak B), and when the GM shows them again before the
    # roll is settled: the roller's dice and an NPC defender's (leak A).
    hide = do(c.HideNpcDice(hidden=True))
    do(c.Roll(actor="alice", action=Action.OVERCOME, skill="deceive", difficulty=2, dice="--0+"))
    do(c.ResolveRoll())
    do(c.Undo(target_version=hide))
    do(c.HideNpcDice(hidden=True))
    do(
        c.Roll(
            actor="alice",
            action=Action.OVERCOME,
            skill="deceive",
            against="bob",
            defend_skill="notice",
            dice="+-+0",
            defend_dice="-0-+",
        )
    )
    do(c.HideNpcDice(hidden=False))
    do(c.ResolveRoll())
    do(c.HideNpcDice(hidden=True))
    do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "bob"))), first="alice"
        )
    )
    do(c.SetBigBad(character_id="bob", forms=(true_form_sheet(),)))
    do(
        c.AddHazard(
            hazard_id=HAZARD,
            name="Raging Fire",
            rating=KEPT_DIFFICULTY,
            weapon=HAZARD_WEAPON,
            side="cult",
        )
    )
    do(c.Attack(actor="alice", target="charles", skill="fight", dice="+-00", defend_dice="++00"))
    do(c.Invoke(aspect_id="a2", by="alice"))
    do(c.ResolveRoll(option="hit"))
    do(c.Absorb(boxes=(0, 1, 2)), "ben")
    # The hazard attacks Ruth (leak C): its dice, effort and the shifts that give its rating and
    # Weapon away stay the GM's.
    do(c.EndTurn(next_actor=HAZARD))
    do(c.Attack(actor=HAZARD, target="ruth", skill="raging_fire", dice="-0-0", defend_dice="0000"))
    do(c.ResolveRoll())
    do(c.EndTurn(next_actor="ruth"))
    table_dice[:] = ["0+-0"]  # Alice's defence, rolled by the table
    do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    do(c.ResolveRoll(option="hit"), "ann")
    do(c.TakeOut())
    # Charles tries to put the fire out: its rating is the difficulty, kept from the players.
    do(c.EndTurn(next_actor="charles"))
    do(c.Overcome(actor="charles", skill="will", disable_hazard=HAZARD, dice="00-0"), "ben")
    do(c.ResolveRoll(option="fail"))
    offered = do(
        c.OfferCompel(
            aspect_id="charles/trouble/1",
            target="charles",
            offered_by="ruth",
            complication="He reads the cursed log",
        ),
        "ann",
    )
    do(c.AnswerCompel(compel_id=f"c{offered}", answer=c.CompelAnswer.ACCEPT), "ben")
    do(c.RevealCharacter(character_id="bob"))
    do(c.RevealRoll(roll_id=f"s{later}"))
    do(c.Concede(character_id="bob"))
    do(c.FinishConflict())
    do(c.EndScene())
    do(c.StartPreparedScene(scene_id="hold", joining=("ruth", "charles")))
    # Aspect ids start again in each scene: revealing this scene's a3 shows nothing of the first
    # scene's a3 (Ruth's secret), and a log read after the first scene ended still shows Ann
    # the aspects she could see then.
    do(c.AddSituationAspect(name="Rats in the Bilge", hidden=True))
    do(c.RevealAspect(aspect_id="a3"))
    # A breakthrough rewrites Eve's hidden high concept (leak D).
    do(c.EndScene())
    do(c.EndSession(milestone=Milestone.MAJOR))
    vow = c.MilestoneChange(
        kind=c.ChangeKind.REWRITE_ASPECT, aspect_id=EVE_HIDDEN[1], name="ZZ-EVE-NEW-VOW Unbound"
    )
    do(
        c.Breakthrough(
            character_id="eve", high_concept="ZZ-EVE-NEW-HC Woken Oracle", milestone=vow
        ),
        "ben",
    )


def numbers_kept(payload: object) -> list[str]:
    """Where a payload shows a number kept from the players (as ``key=value`` found): a hidden
    difficulty (or the hazard's rating, faced as one), or the hazard's own numbers (its rating
    and Weapon, its dice, an effort or shifts of its rolls that would give them away)."""
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("difficulty", "opposition") and value in (
                HIDDEN_DIFFICULTY,
                KEPT_DIFFICULTY,
            ):
                found.append(f"{key}={value}")
            found.extend(numbers_kept(value))
        hazard = HAZARD in (payload.get("actor"), payload.get("id"), payload.get("hazard_id"))
        for key in ("rating", "faces", "effort", "shifts") if hazard else ():
            if payload.get(key) is not None:
                found.append(f"{HAZARD}.{key}={payload[key]}")
        if hazard and payload.get("weapon") == HAZARD_WEAPON:  # a fighter's own gear is no secret
            found.append(f"{HAZARD}.weapon={HAZARD_WEAPON}")
    elif isinstance(payload, list):
        for value in payload:
            found.extend(numbers_kept(value))
    return found
