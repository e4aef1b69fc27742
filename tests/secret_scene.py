"""One scene full of secrets, played both in process (tests/table) and over HTTP (tests/server).

Everything hidden from some seat carries a marker string, so a test can search every payload a
seat received for what it must not see, and the GM's payloads for proof the markers exist.
"""

from __future__ import annotations

import json
from typing import Protocol

from fatekit.formats import dumps_character
from fatekit.rules import Action, major_npc
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
}
PRIVATE = {"ann": "ZZ-ANN-PRIVATE", "ben": "ZZ-BEN-PRIVATE"}
RUTH_ONLY = "ZZ-RUTH-ONLY"
BOB = "ZZ-BOB-SECRET"
#: A secret roll revealed near the end: its dice reach the players only then.
REVEALED_ROLL = ('"-+-+"',)
#: Numbers kept from the players for good: the hidden difficulty of Charles's Investigate roll
#: and the difficulty of the secret roll never revealed (no other roll uses either).
HIDDEN_DIFFICULTY = 6
KEPT_DIFFICULTY = 5


def bob_sheet() -> str:
    bob = major_npc("condensed", "bob", "Bob the Boatswain", high_concept="Loyal Deckhand")
    bob.description = f"Secretly in the cult {BOB}"
    return dumps_character(bob)


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
    # Behind the screen: Charles investigates against a difficulty only the GM knows, and the GM
    # rolls twice in secret (one roll is revealed near the end).
    do(c.HideDifficulty(actor="charles", difficulty=HIDDEN_DIFFICULTY, skill="investigate"))
    do(c.Roll(actor="charles", action=Action.OVERCOME, skill="investigate", dice="++++"), "ben")
    do(c.ResolveRoll(), "ben")
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
    do(c.HideNpcDice(hidden=True))
    do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "bob"))), first="alice"
        )
    )
    do(c.Attack(actor="alice", target="charles", skill="fight", dice="+-00", defend_dice="++00"))
    do(c.Invoke(aspect_id="a2", by="alice"))
    do(c.ResolveRoll(option="hit"))
    do(c.Absorb(boxes=(0, 1, 2)), "ben")
    do(c.EndTurn(next_actor="ruth"))
    table_dice[:] = ["0+-0"]  # Alice's defence, rolled by the table
    do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    do(c.ResolveRoll(option="hit"), "ann")
    do(c.TakeOut())
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


def numbers_kept(payload: object) -> list[str]:
    """Where a payload shows a difficulty kept from the players (as ``key=value`` found)."""
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("difficulty", "opposition") and value in (
                HIDDEN_DIFFICULTY,
                KEPT_DIFFICULTY,
            ):
                found.append(f"{key}={value}")
            found.extend(numbers_kept(value))
    elif isinstance(payload, list):
        for value in payload:
            found.extend(numbers_kept(value))
    return found
