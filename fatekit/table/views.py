"""What each seat may see: the table as one seat sees it, and events as one seat may receive them.

Views are computed on the server from the whole state, and everything a seat may not see is left
out before the view is built, never blanked afterwards:

- hidden aspects, unless the seat is a GM or ``known_to`` holds one of the seat's characters;
- NPC sheets the GM has not revealed: only the name, the kind, unhidden aspects and consequences;
- countdowns as their visibility says (everything, only the boxes, or nothing);
- GM notes (GMs only) and private notes (their writer and the GMs only).

A view holds what is in play, never the story so far: that is the log, read a page at a time
(:func:`fatekit.table.history.log_page` with
:func:`~fatekit.table.event_views.event_for`), so a view's size does not grow
with the table's age.

:func:`view_for` gives the state; :func:`~fatekit.table.event_views.event_for` gives one event
as a seat may receive it, through the same :class:`Viewer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fatekit.formats.character_json import character_to_dict
from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.characters.character import Character
from fatekit.rules.core.errors import BadInput, FateError
from fatekit.rules.options.big_bad_threats import Threat
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.countdowns import Countdown, CountdownView
from fatekit.rules.options.obstacles import Hazard
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.conflict_parts import LegalAction, Status
from fatekit.table import events as e
from fatekit.table import screen
from fatekit.table.codec import to_json
from fatekit.table.seats import NoteVisibility, Seat
from fatekit.table.state import ContestRollRecord, RollInPlay, RollKind, TableState

__all__ = ["Viewer", "view_for"]

JSON = dict[str, Any]


class Viewer:
    """One seat's eyes on a table: what it may see, decided in one place."""

    def __init__(self, state: TableState, seat_id: str) -> None:
        self.state = state
        self.seat: Seat = state.seat(seat_id)
        self.gm = self.seat.is_gm
        self.mine = state.characters_of(seat_id)

    # -- decisions ------------------------------------------------------------------------------

    def sees_aspect(self, aspect: Aspect) -> bool:
        """Whether the seat may know this aspect exists."""
        return self.gm or not aspect.hidden or bool(aspect.known_to & self.mine)

    def sees_aspect_id(self, aspect_id: str | None) -> bool:
        """Whether the seat may see an aspect named by id (one no longer in play: no)."""
        if aspect_id is None or self.gm:
            return True
        try:
            return self.sees_aspect(self.state.game.find_aspect(aspect_id))
        except BadInput:
            return False

    def sees_sheet(self, character_id: str) -> bool:
        """Whether the seat may see a character's whole sheet."""
        return self.gm or character_id in self.state.revealed or character_id in self.mine

    def sees_note(self, note: e.NoteAdded) -> bool:
        """Whether the seat may read a note."""
        if note.visibility is NoteVisibility.PUBLIC or self.gm:
            return True
        return note.visibility is NoteVisibility.PRIVATE and note.seat == self.seat.id

    def countdown(self, countdown: Countdown) -> CountdownView | None:
        """What the seat sees of a countdown (``None``: not that it exists)."""
        return countdown.view_for(self.gm)

    def keeps_hazard(self, who: str | None) -> bool:
        """Whether ``who`` is a hazard whose numbers (rating, Weapon, its dice) the seat may not
        see: the GM's, like an NPC's skills, until its sheet is revealed."""
        return who is not None and who in self.state.hazards and not self.sees_sheet(who)

    def dice_kept(self, npc_dice_hidden: bool) -> Callable[[str], bool]:
        """Whose dice in a roll the seat may not see: the NPCs' when the GM kept them hidden as it
        was rolled (``npc_dice_hidden``), and a hazard's until its sheet is revealed."""
        if self.gm:
            return lambda who: False
        state = self.state
        return lambda who: (npc_dice_hidden and state.is_npc(who)) or self.keeps_hazard(who)

    def hides_roll_numbers(self, in_play: RollInPlay | None) -> bool:
        """Whether a roll in play's numbers (its difficulty, or an effort that would give a
        hazard's rating or Weapon away) are kept from the seat: no shifts, no advice on them."""
        if in_play is None or self.gm:
            return False
        roll = in_play.roll
        faced = roll.opposition.actor if roll.opposition is not None else in_play.disables
        return (
            screen.hides_roll_in_play(in_play, self.gm)
            or self.keeps_hazard(roll.actor)
            or self.keeps_hazard(faced)
        )

    # -- pieces ---------------------------------------------------------------------------------

    def aspect(self, aspect: Aspect) -> JSON:
        """An aspect the seat sees."""
        out: JSON = {
            "id": aspect.id,
            "name": aspect.name,
            "kind": aspect.kind.value,
            "owner": aspect.owner,
            "zone": aspect.zone,
            "free_invokes": _count_holders(aspect),
            "hidden": aspect.hidden,
        }
        if aspect.hidden:
            known = aspect.known_to if self.gm else aspect.known_to & self.mine
            out["known_to"] = sorted(known)
        return out

    def character(self, character: Character) -> JSON:
        """A sheet as the seat may see it."""
        fate_points = self.state.game.ledger.account(character.id).available
        if self.sees_sheet(character.id):
            sheet = character_to_dict(character)
            written = {a["id"]: a for a in sheet["aspects"]}
            sheet["aspects"] = [
                {**written[a.id], "hidden": a.hidden}
                for a in character.aspects
                if self.sees_aspect(a)
            ]
            sheet["fate_points"] = fate_points
            spent = self.state.game.stunt_uses.spent
            for item, stunt in zip(sheet["stunts"], character.stunts, strict=True):
                item["spent"] = spent(character.id, stunt)  # until the next scene or session
            return {
                "id": character.id,
                "revealed": True,
                "owner": self.state.owner_of(character.id),
                "sheet": sheet,
            }
        return {
            "id": character.id,
            "revealed": False,
            "owner": None,
            "name": character.name,
            "kind": character.kind.value,
            "aspects": [self.aspect(a) for a in character.aspects if self.sees_aspect(a)],
            "consequences": [
                self.aspect(s.aspect) for s in character.consequences if s.aspect is not None
            ],
        }

    def contest(self, state: TableState) -> JSON:
        """The contest: sides, intents, victories, this exchange's rolls so far, the last result."""
        contest = state.contest
        assert contest is not None
        last = contest.exchanges[-1] if contest.exchanges else None
        return {
            "sides": [
                {
                    "id": side.id,
                    "members": list(side.members),
                    "intent": side.intent,
                    "victories": side.victories,
                }
                for side in contest.sides.values()
            ],
            "victories_needed": contest.victories_needed,
            "faster": contest.faster,
            "exchange": len(contest.exchanges) + 1,
            "rolled": dict(state.contest_efforts),
            "rolls": self._contest_rolls(state.contest_rolls),
            "rolling": {r.side: r.id for r in state.rolls.values() if r.side is not None},
            "forfeited": sorted(state.contest_forfeits),
            "last": None
            if last is None
            else {
                "efforts": dict(last.efforts),
                "victories": dict(last.victories),
                "twist": last.twist,
                "hits": dict(last.hits),
                "rolls": self._contest_rolls(state.contest_last),
            },
            "winner": contest.winner,
        }

    def _contest_rolls(self, records: dict[str, ContestRollRecord]) -> list[JSON]:
        """The sides' settled overcomes, in the order of the sides."""
        sides = self.state.contest.sides if self.state.contest is not None else {}
        return [self._contest_roll(records[side]) for side in sides if side in records]

    def _contest_roll(self, record: ContestRollRecord) -> JSON:
        """A side's settled overcome: who rolled what, the dice (an NPC's kept from the players
        while its dice were hidden), and the effort it counts for."""
        out: JSON = {
            "side": record.side,
            "actor": record.actor,
            "skill": record.skill,
            "faces": record.faces,
            "effort": record.effort,
        }
        screen.hide_dice(out, self.dice_kept(record.npc_dice_hidden))
        return out

    def challenge(self, challenge: Challenge) -> JSON:
        """The challenge's tasks (with the id of a task's roll in play), their results and the
        report."""
        report = challenge.report()
        rolling = {r.task: r.id for r in self.state.rolls.values() if r.task is not None}
        return {
            "in_conflict": challenge.in_conflict,
            "tasks": [
                {
                    "key": task.key,
                    "description": task.description,
                    "skill": task.skill,
                    "difficulty": task.difficulty,
                    "rolling": rolling.get(task.key),
                    "result": None
                    if task.result is None
                    else {
                        "by": task.result.by,
                        "effort": task.result.effort,
                        "outcome": task.result.outcome.value,
                        "option": task.result.option,
                        "succeeded": task.result.succeeded,
                        "at_a_cost": task.result.at_a_cost,
                    },
                }
                for task in challenge.tasks.values()
            ],
            "report": {
                "successes": list(report.successes),
                "failures": list(report.failures),
                "ties": list(report.ties),
                "costs": list(report.costs),
                "open": list(report.open),
            },
        }

    def roll(self, in_play: RollInPlay) -> JSON:
        """A roll in play: its id and kind (a contest's side, a challenge's task), the dice, and
        the outcome as things stand."""
        roll = in_play.roll
        out: JSON = {
            "id": in_play.id,
            "kind": in_play.kind.value,
            "side": in_play.side,
            "task": in_play.task,
            "actor": roll.actor,
            "action": roll.action.value,
            "skill": roll.skill,
            "phase": roll.phase.value,
            "faces": None if roll.dice is None else roll.dice.symbols(),
            "rerolled": [d.symbols() for d in roll.rerolled],
            "invocations": [self._invocation(i) for i in roll.invocations],
        }
        if roll.dice is not None:
            out.update(
                effort=roll.effort,
                opposition=roll.opposition_value,
                shifts=roll.shifts,
                outcome=roll.outcome.value,
            )
        if in_play.kind is RollKind.CONTEST and roll.dice is not None:
            # Efforts are compared between the sides: nothing to beat on its own.
            out.update(opposition=None, shifts=None, outcome=None)
        if roll.difficulty is not None and in_play.kind is not RollKind.CONTEST:
            out["difficulty"] = roll.difficulty.value
        if screen.hides_roll_in_play(in_play, self.gm):
            screen.hide_difficulty_of_roll(out)
        elif in_play.hidden:
            out["difficulty_hidden"] = True  # the GM sees it, and that the players do not
        if roll.opposition is not None:
            defence = roll.opposition
            out["defence"] = {
                "actor": defence.actor,
                "skill": defence.skill,
                "faces": None if defence.dice is None else defence.dice.symbols(),
                "invocations": [self._invocation(i) for i in defence.invocations],
            }
        screen.hide_dice_in_play(out, self.dice_kept(in_play.npc_dice_hidden))
        self._keep_hazard_numbers(in_play, out)
        return out

    def _keep_hazard_numbers(self, in_play: RollInPlay, out: JSON) -> None:
        """A hazard's rating and Weapon stay the GM's: its own roll shows no effort or shifts
        (with its Weapon in the hit, they would give both away), a roll against it no
        difficulty, opposition or shifts. The outcome, and a hit's shifts, still show."""
        roll = in_play.roll
        if self.keeps_hazard(roll.actor):
            out.update(effort=None, shifts=None, effort_hidden=True)
        faced = roll.opposition.actor if roll.opposition is not None else in_play.disables
        if self.keeps_hazard(faced):
            screen.hide_difficulty_of_roll(out)

    def _invocation(self, invocation: Any) -> JSON:
        seen = self.sees_aspect_id(invocation.aspect_id)
        return {
            "aspect_id": invocation.aspect_id if seen else None,
            "by": invocation.by,
            "effect": invocation.effect.value,
            "free": invocation.free,
        }

    def conflict(self, conflict: Conflict) -> JSON:
        """The conflict, with what the seat's own characters may do now."""
        hit = conflict.pending_hit
        legal: JSON = {}
        for who in conflict.fighters:
            if who in self.mine:
                legal[who] = [_legal_action(a) for a in conflict.legal_actions(who)]
        return {
            "kind": conflict.kind.value,
            "harm": conflict.harm.value,  # the kind of harm hits deal (a rule set may name its own)
            "phase": conflict.phase.value,
            "exchange": conflict.exchange.number,
            "current": conflict.current,
            "order": conflict.order,
            "next_choices": conflict.next_choices() if conflict.phase.value == "next" else [],
            "fighters": [
                {
                    "id": who,
                    "side": f.side,
                    "status": f.status.value,
                    "weapon": f.weapon,
                    "armor": f.armor,
                    "scale": f.scale,
                    "hazard": f.hazard is not None,
                    "members": f.members,  # a mob's members still standing (1 for anyone else)
                }
                for who, f in conflict.fighters.items()
            ],
            "full_defenders": {
                who: None if focus is None else {"focus": focus.kind.value, "who": list(focus.who)}
                for who, focus in conflict.full_defenders.items()
            },
            "pending_hit": None if hit is None else self._pending_hit(conflict, *hit),
            "legal_actions": legal,
            "hazards": [
                self._hazard(who, f.side, f.hazard)
                for who, f in conflict.fighters.items()
                if f.hazard is not None
            ],
            "blocks": [
                {
                    "id": block.id,
                    "name": block.name,
                    "rating": block.rating,
                    "weapon": block.weapon,
                    "harmful": block.harmful,
                    "cover": block.cover,
                }
                for block in conflict.blocks.values()
            ],
            "big_bads": [self._big_bad(conflict, bad) for bad in conflict.big_bads.values()],
            "targets": _targets(conflict, self._invocation),
        }

    def _pending_hit(self, conflict: Conflict, target: str, shifts: int) -> JSON:
        """The hit waiting to be absorbed; its target's seat also sees the ways to absorb it."""
        out: JSON = {"target": target, "shifts": shifts}
        if target in self.mine:
            out["absorb_options"] = [
                {"boxes": list(plan.boxes), "slots": list(plan.slots), "extreme": plan.extreme}
                for plan in conflict.absorb_options()
            ]
        return out

    def _hazard(self, who: str, side: str, hazard: Hazard) -> JSON:
        """A hazard in the conflict: everyone sees it act; its numbers are the GM's, like an NPC's
        skills, until the GM reveals its sheet."""
        out: JSON = {"id": who, "name": hazard.name, "side": side}
        if self.sees_sheet(who):
            out.update(rating=hazard.rating, weapon=hazard.weapon)
        return out

    def _big_bad(self, conflict: Conflict, bad: BigBad) -> JSON:
        """A big bad's rule breaks. Its later true forms stay with the GM until each is revealed
        by taking out the one before: players see only how many have been revealed so far."""
        immunity = bad.immunity
        solo = bad.solo
        out: JSON = {
            "id": bad.id,
            "minions": list(bad.minions),
            "immunity": None
            if immunity is None
            else {
                "kind": immunity.kind.value,
                "harm": immunity.harm.value,
                "state": immunity.state.value,
            },
            "scale": bad.scale,
            "solo": {
                "skill": solo.skill,
                "skill_capped": solo.skill_capped,
                "stress": solo.stress,
                "stress_floor_one": solo.stress_floor_one,
                "amplified": solo.amplified,
                "suppress": None if solo.suppress is None else solo.suppress.value,
                "no_free_stacking": solo.no_free_stacking,
            },
            "forms_revealed": 0 if bad.forms is None else bad.forms.current,
        }
        if self.gm and bad.forms is not None:
            out["forms"] = {
                "names": [form.name for form in bad.forms.forms],
                "current": bad.forms.current,
                "gentle": bad.forms.gentle,
            }
        if bad.threat is not None:
            out["threat"] = self._threat(conflict, bad.threat)
        return out

    def _threat(self, conflict: Conflict, threat: Threat) -> JSON:
        """A big bad that is a map or a hive: its parts, and which stand and can be attacked now,
        are in plain sight at the table; which part is its heart is the GM's."""
        taken = {p for p, f in conflict.fighters.items() if f.status is Status.TAKEN_OUT}
        out: JSON = {
            "map": threat.is_map,
            "parts": [
                {"id": p.id, "zone": p.zone, "reach": p.reach, "behind": sorted(p.behind)}
                for p in threat.parts
            ],
            "standing": list(threat.standing(taken)),
            "attackable": list(threat.attackable(taken)),
            "defeated": threat.defeated(taken),
        }
        if self.gm:
            out["heart"] = threat.heart
        return out

    # -- the whole view -------------------------------------------------------------------------

    def view(self) -> JSON:
        """The table as this seat sees it."""
        state, game = self.state, self.state.game
        clock = game.clock
        first = state.conflict_roll() or next(iter(state.rolls.values()), None)
        scene = game.scene
        scene_view: JSON | None = None
        if scene is not None:
            zones = scene.zones
            scene_view = {
                "name": scene.name,
                "number": scene.number,
                "participants": list(scene.participants),
                "aspects": [self.aspect(a) for a in scene.aspects if self.sees_aspect(a)],
                "zones": None
                if zones is None
                else {
                    "zones": sorted(zones.zones),
                    "links": sorted(
                        [a, b] for a in zones.zones for b in zones.neighbours(a) if a < b
                    ),
                    "positions": dict(sorted(zones.positions.items())),
                },
                "countdowns": [
                    _countdown_json(view)
                    for view in (self.countdown(c) for c in scene.countdowns.values())
                    if view is not None
                ],
            }
        return {
            "table": {
                "id": state.table_id,
                "name": state.name,
                "version": state.version,
                "preset": state.preset,
                "options": sorted(o.value for o in state.ruleset.options),
                "skill_list": state.skill_list,
                "ruleset": state.ruleset_file is not None,  # a rule-set file, not a built-in
            },
            "you": {
                "seat": self.seat.id,
                "role": self.seat.role.value,
                "name": self.seat.name,
                "characters": sorted(self.mine),
            },
            "seats": [
                {"id": s.id, "role": s.role.value, "name": s.name} for s in state.seats.values()
            ],
            "time": {
                "session": state.session,
                "in_session": game.in_session,
                "arc": state.arc,
                "scenes_ended": clock.scenes_ended,
                "sessions_ended": clock.sessions_ended,
                "minor_milestones": clock.minor_milestones,
                "major_milestones": clock.major_milestones,
            },
            "gm_pool": game.ledger.gm.available,
            "characters": [self.character(c) for c in game.characters.values()],
            "templates": [
                {"id": key, "name": name, "sheet": sheet}
                for key, (name, sheet) in state.templates.items()
            ],
            "scene": scene_view,
            "conflict": None if state.conflict is None else self.conflict(state.conflict),
            "contest": None if state.contest is None else self.contest(state),
            "challenge": None if state.challenge is None else self.challenge(state.challenge),
            "roll": None if first is None else self.roll(first),
            "rolls": [self.roll(r) for r in state.rolls.values()],
            "compels": [
                {
                    "id": key,
                    "aspect_id": compel.aspect_id
                    if self.sees_aspect_id(compel.aspect_id)
                    else None,
                    "target": compel.target,
                    "offered_by": compel.offered_by,
                    "kind": compel.kind.value,
                    "complication": compel.complication,
                    "state": compel.state.value,
                }
                for key, compel in state.compels.items()
            ],
            "self_compels": [
                {
                    "id": asked.compel_id,
                    "aspect_id": asked.aspect_id if self.sees_aspect_id(asked.aspect_id) else None,
                    "target": asked.target,
                    "complication": asked.complication,
                }
                for asked in state.self_compels.values()
            ],
            "milestones": {pc: kind.value for pc, kind in sorted(state.milestones.items())},
            "last_roll": self._last_roll(),
            "screen": screen.screen_view(state, self.gm, self.mine),
        }

    def _last_roll(self) -> JSON | None:
        last = self.state.last_roll
        if last is None:
            return None
        out: JSON = to_json(last)
        screen.hide_dice(out, self.dice_kept(screen.npc_dice_hidden(self.state, last.version)))
        if screen.hides_last_roll(self.state, self.gm):
            screen.hide_difficulty_of_roll(out)
        return out


def _count_holders(aspect: Aspect) -> dict[str, int]:
    counts: dict[str, int] = {}
    for free in aspect.free_invokes:
        counts[free.holder] = counts.get(free.holder, 0) + 1
    return counts


def _targets(conflict: Conflict, invocation: Callable[[Any], JSON]) -> JSON | None:
    """The aimed targets of a split or zone attack and what each outcome allows (rolls are
    public, so everyone sees them), with the invokes made on each target's defence."""
    try:
        previews = conflict.preview_targets()
    except FateError:
        return None  # no attack on several targets is aimed
    return {
        target: {
            "shifts": resolution.shifts,
            "outcome": resolution.outcome.value,
            "options": [o.key for o in resolution.options],
            "chosen_by": resolution.chosen_by.value,
            "invocations": [invocation(i) for i in conflict.target_defence(target).invocations],
        }
        for target, resolution in previews.items()
    }


def _countdown_json(view: CountdownView) -> JSON:
    return {
        "id": view.id,
        "boxes": view.boxes,
        "marked": view.marked,
        "finished": view.finished,
        "name": view.name,
        "triggers": None if view.triggers is None else [t.key for t in view.triggers],
        "outcome": view.outcome,
    }


def view_for(state: TableState, seat: str) -> JSON:
    """The table as ``seat`` may see it, ready for ``json.dumps``.

    Raises :class:`~fatekit.rules.ForbiddenAction` for a seat that is not at the table.
    """
    return Viewer(state, seat).view()


def _legal_action(action: LegalAction) -> JSON:
    """A move the view offers; an attack also says which targets each skill reaches and which
    skills attack from a distance, so a page offers only what the engine will take."""
    out: JSON = {
        "move": action.move.value,
        "targets": list(action.targets),
        "skills": list(action.skills),
    }
    if action.reach:
        out["reach"] = {skill: list(targets) for skill, targets in action.reach}
        out["ranged"] = list(action.ranged)
    return out
