"""Nothing the GM keeps reaches a player, in random games (the agent of ``agent.py``).

Each game is the agent's, with the GM's secrets added at the start and now and then: a prepared
NPC with a hidden aspect and a stunt, an extra no player owns, GM-only and private notes, secret
rolls with their reasons, a hidden NPC's stunt used with the GM's note. After every step, what
each player and the spectator receive (their view, every event as it would be sent, their log
and every recap of an ended session, in each of the four languages) is searched for each
secret the table holds then, as the state says it is secret:

- a GM's character the seat does not know of (:meth:`~fatekit.table.seeing.Viewer.knows`): its
  name and id;
- a hidden aspect the seat may not see: its name (when no aspect it sees is named the same);
- the stunts of a sheet the seat may not see, and the notes the GM wrote of their use;
- a GM-only note, another seat's private note; an unrevealed secret roll's reason.

``make test`` plays a handful of games; ``make soak`` more (``FATEKIT_SOAK_GAMES``).
"""

from __future__ import annotations

import json
import os
from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import major_npc
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import RuleException, Stunt
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table import events as e
from fatekit.table.recap import session_recap, sessions_of
from fatekit.table.recap_text import LANGUAGES, recap_text
from fatekit.table.seats import NoteVisibility
from fatekit.table.seeing import Viewer

from .agent import GM, Game  # type: ignore[import-not-found]

GAMES = max(1, int(os.environ.get("FATEKIT_SOAK_GAMES", "200")) // 25)
STEPS = int(os.environ.get("FATEKIT_SOAK_STEPS", "30"))
FIRST_SEED = int(os.environ.get("FATEKIT_SOAK_SEED", "0"))
WATCHED = ("ann", "ben", "sam")

STUNT = "Voice Beneath the Waves"


class Watched(Game):
    """The agent's game, with the GM's secrets, checked after every step."""

    leaks: list[str]

    def setup(self) -> None:
        self.leaks = []
        super().setup()
        assert self.preset is not None
        zora = major_npc(
            self.preset,
            "zora",
            "Zora Nightveil",
            high_concept="Queen of the Drowned Court",
            aspects=[(AspectKind.CHARACTER, "Owes the Deep One a Life")],
            skills=self.skills(3),
            stunts=[Stunt(STUNT, RuleException("once a scene, the sea answers her"))],
        )
        secret = next(a.id for a in zora.aspects if a.name == "Owes the Deep One a Life")
        self.send(c.AddCharacter(sheet=dumps_character(zora), hidden_aspects=(secret,)), GM)
        idol = {
            "format": "fatekit-character",
            "version": 1,
            "id": "idol",
            "name": "The Weeping Idol",
            "kind": "extra",
            "preset": self.preset.key,
            "aspects": [{"kind": "high_concept", "name": "Whispers to Whoever Holds It"}],
            "skills": {},
        }
        if self.s.ruleset_file is None:  # a rule-set file's sheets name its own preset
            self.send(c.AddCharacter(sheet=json.dumps(idol)), GM)
        self.set_up = self.s.version
        self.check_secrets()

    def one_step(self) -> None:
        super().one_step()
        self.gm_secret()
        self.check_secrets()

    def gm_secret(self) -> None:
        """Now and then, something the GM keeps: a note, a secret roll, a hidden stunt used."""
        rng, n = self.rng, self.step
        pick = rng.random()
        try:
            if pick < 0.15:
                self.send(c.Note(text=f"gm-secret-note-{n}", visibility=NoteVisibility.GM), GM)
            elif pick < 0.25:
                seat = rng.choice(("ann", "ben"))
                self.send(
                    c.Note(text=f"private-note-{seat}-{n}", visibility=NoteVisibility.PRIVATE),
                    seat,
                )
            elif pick < 0.35:
                actor = rng.choice(sorted(self.s.game.characters))
                skill = rng.choice(sorted(self.s.ruleset.preset.skill_keys))
                self.send(
                    c.SecretRoll(actor=actor, skill=skill, reason=f"secret-roll-reason-{n}"), GM
                )
            elif pick < 0.42 and "zora" in self.s.game.characters:
                self.send(c.UseStunt(by="zora", stunt=STUNT, note=f"zora-stunt-note-{n}"), GM)
        except Exception:  # refused (a stunt already used this scene...): no secret this step
            return

    # -- the check ------------------------------------------------------------------------------

    def received(self, seat: str) -> str:
        state, log = self.s, self.log
        parts: list[Any] = [view_for(state, seat)]
        parts += [event_for(event, state, seat) for event in log]
        for number in sessions_of(log):
            recap = session_recap(log, state, seat, number)
            if recap is not None:
                for lang in LANGUAGES:
                    parts.append(recap_text(recap, state, seat, lang).sections)
        return json.dumps(parts, ensure_ascii=False, default=str)

    def secrets(self, seat: str) -> dict[str, str]:
        """Each text ``seat`` may not receive now, with what it is."""
        state = self.s
        viewer = Viewer(state, seat)
        found: dict[str, str] = {}
        seen_aspects = set()
        all_aspects = []
        for character in state.game.characters.values():
            all_aspects += character.aspects
            if not viewer.knows(character.id):
                found[character.name] = f"the name of {character.id}, not met"
                found[json.dumps(character.id)] = f"the id of {character.id}, not met"
            if not viewer.sees_sheet(character.id):
                for stunt in character.stunts:
                    found[stunt.name] = f"a stunt of {character.id}'s unrevealed sheet"
        if state.game.scene is not None:
            all_aspects += list(state.game.scene.aspects)
        for aspect in all_aspects:
            if viewer.sees_aspect(aspect):
                seen_aspects.add(aspect.name)
        for aspect in all_aspects:
            if not viewer.sees_aspect(aspect) and aspect.name not in seen_aspects:
                found[aspect.name] = f"the hidden aspect {aspect.id}"
        revealed_rolls = {ev.roll_id for ev in self.log if isinstance(ev, e.SecretRollRevealed)}
        for event in self.log:
            if isinstance(event, e.NoteAdded) and not viewer.sees_note(
                event.visibility, event.seat
            ):
                found[event.text] = f"a {event.visibility.value} note by {event.seat}"
            if isinstance(event, e.SecretRollMade) and event.roll_id not in revealed_rolls:
                found[event.reason] = "the reason of a secret roll not revealed"
            if isinstance(event, e.StuntUsed) and event.note and not viewer.sees_sheet(event.by):
                found[event.note] = f"the GM's note on {event.by}'s stunt"
        return {text: why for text, why in found.items() if text.strip()}

    def check_secrets(self) -> None:
        for seat in WATCHED:
            received = self.received(seat)
            for text, why in self.secrets(seat).items():
                if text in received:
                    self.leaks.append(f"seed {self.seed} step {self.step}: {seat} got {why}")


def test_nothing_the_gm_keeps_reaches_a_player_in_random_games() -> None:
    leaks: list[str] = []
    kept = 0
    for seed in range(FIRST_SEED, FIRST_SEED + GAMES):
        game = Watched(seed, steps=STEPS)
        game.play()
        leaks += game.leaks
        kept += len(game.secrets("ann"))
    assert kept > 0  # the games held secrets to keep
    assert sorted(set(leaks)) == []
