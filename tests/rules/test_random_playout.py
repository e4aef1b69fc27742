"""Random playouts: thousands of random legal conflicts and contests played to their end, with the
engine's invariants checked after every step (the way game engines are fuzzed with random legal
games). Seeds are fixed, so every run plays the same games."""

from __future__ import annotations

import itertools
import random

import pytest

from fatekit.rules import AspectKind, IllegalAction, RandomDice
from fatekit.rules.characters.character import Character, minor_npc, monster, new_character
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import ExtremeChoice
from fatekit.rules.options.obstacles import Hazard
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import (
    Conflict,
    ConflictKind,
    DefenseFocus,
    FocusKind,
    Move,
    Phase,
    Status,
)
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap

PRESETS = ("condensed", "core", "fae", "ode")
CONFLICTS = 3000
CONTESTS = 1000
MAX_STEPS = 4000
RANDOM_OPTIONS = (
    OptionalRule.CONDITIONS,
    OptionalRule.CONDITIONS_APART,
    OptionalRule.EXTREME_CONSEQUENCES,
    OptionalRule.FULL_DEFENSE,
    OptionalRule.WEAPON_AND_ARMOR,
    OptionalRule.MULTIPLE_TARGETS,
    OptionalRule.SCALE,
    OptionalRule.OBSTACLES,
)
LEVELS = ("mundane", "supernatural", "otherworldly")


def random_character(rng: random.Random, preset: str, cid: str, npc: bool) -> Character:
    keys = get_preset(preset).skill_keys
    skills = {k: rng.randint(0, 4) for k in rng.sample(keys, k=min(len(keys), rng.randint(2, 6)))}
    kind = rng.random() if npc else 0.0
    if kind > 0.66:
        return minor_npc(
            preset, cid, cid, [f"{cid} the Nameless"], skills, stress_boxes=rng.randint(0, 3)
        )
    if kind > 0.33:
        return monster(
            preset,
            cid,
            cid,
            aspects=[(AspectKind.HIGH_CONCEPT, f"Horror {cid}")],
            skills=skills,
            stress={Track.ANY: rng.randint(1, 4)},
        )
    character = new_character(
        preset, cid, cid, high_concept=f"Hero {cid}", trouble=f"Trouble {cid}", skills=skills
    )
    character.fate_points = rng.randint(0, 5)
    return character


def setup(rng: random.Random) -> tuple[Game, Conflict]:
    preset = rng.choice(PRESETS)
    pcs = [random_character(rng, preset, f"pc{i}", False) for i in range(rng.randint(1, 3))]
    npcs = [random_character(rng, preset, f"npc{i}", True) for i in range(rng.randint(1, 4))]
    # A random set of the optional rules that change how a conflict plays.
    options = [o for o in RANDOM_OPTIONS if rng.random() < 0.3]
    if preset == "core":
        options = [o for o in options if o is not OptionalRule.FULL_DEFENSE]
    game = Game([*pcs, *npcs], ruleset=Ruleset.of(preset, options))
    everyone = [c.id for c in (*pcs, *npcs)]
    zones = None
    if rng.random() < 0.5:
        zones = ZoneMap(ranged_reach=rng.randint(1, 2))
        names = [f"z{i}" for i in range(rng.randint(1, 4))]
        for name in names:
            zones.add_zone(name)
        for a, b in itertools.pairwise(names):
            zones.connect(a, b)
        for who in everyone:
            zones.place(who, rng.choice(names))
    scene = game.start_scene("random", everyone, zones=zones)
    for n in range(rng.randint(0, 3)):
        scene.add_situation_aspect(
            f"Situation {n}", free_invokes=[(rng.choice(everyone), rng.randint(0, 2))]
        )
    kind = rng.choice(list(ConflictKind))
    conflict = Conflict(
        game,
        {"pcs": [c.id for c in pcs], "npcs": [c.id for c in npcs]},
        kind=kind,
        first=rng.choice(everyone)
        if get_preset(preset).turn_order.style.value == "elective"
        else None,
        group_npcs=rng.random() < 0.3,
    )
    if game.ruleset.has(OptionalRule.SCALE):
        for who in everyone:
            conflict.obstacles.set_scale(who, rng.choice(LEVELS))
    if game.ruleset.has(OptionalRule.OBSTACLES) and rng.random() < 0.5:
        hazard = Hazard("hazard", "Falling Rubble", rng.randint(0, 4), rng.randint(1, 4))
        zone = rng.choice(sorted(zones.zones)) if zones is not None and rng.random() < 0.5 else None
        conflict.obstacles.add_hazard(hazard, rng.choice(["pcs", "npcs"]), zone=zone)
    if game.ruleset.has(OptionalRule.WEAPON_AND_ARMOR):
        for who in conflict.roster.fighters:
            conflict.equip(who, weapon=rng.randint(0, 2), armor=rng.randint(0, 2))
    return game, conflict


def check_invariants(game: Game, conflict: Conflict, acted: set[str]) -> None:
    ledger = game.ledger
    for who in conflict.roster.fighters:
        account = ledger.account(who)
        assert account.available >= 0 and account.pending >= 0, who
    assert ledger.gm.available >= 0
    for fighter in conflict.roster.fighters.values():
        sheet = fighter.character
        for slot in sheet.consequences:
            assert slot.aspect is None or slot.aspect.kind is AspectKind.CONSEQUENCE
            assert slot.aspect is None or slot.aspect.owner == sheet.id
        for track in sheet.stress.values():
            assert all(isinstance(b.marked, bool) for b in track.boxes)
    active = set(conflict.roster.active())
    if conflict.turns.order is not None:
        assert set(conflict.turns.order) == active
    if conflict.turns.phase is Phase.ENDED:
        assert conflict.hits.over
        return
    assert conflict.turns.phase is Phase.NEXT or conflict.turns.current in active
    for who, fighter in conflict.roster.fighters.items():
        if fighter.status is not Status.ACTIVE:
            assert conflict.legal_actions(who) == ()
            if conflict.roster.scene.zones is not None:
                assert who not in conflict.roster.scene.zones.positions
    assert conflict.turns.current is not None
    assert conflict.turns.current not in acted or conflict.turns.phase is Phase.NEXT


def play_conflict(seed: int) -> int:
    rng = random.Random(seed)
    game, conflict = setup(rng)
    dice = RandomDice(seed)
    acted: set[str] = set()
    exchange = conflict.turns.exchange.number
    for step in range(MAX_STEPS):
        if conflict.turns.exchange.number != exchange:
            exchange, acted = conflict.turns.exchange.number, set()
        check_invariants(game, conflict, acted)
        if conflict.turns.phase is Phase.ENDED:
            conflict.hits.finish()
            for who in conflict.roster.fighters:
                assert game.ledger.account(who).pending == 0
            return step
        # Anyone may concede while no dice are down; it grows likelier as the fight drags on.
        if rng.random() < 0.01 * exchange:
            quitter = rng.choice(conflict.roster.active())
            if any(a.move is Move.CONCEDE for a in conflict.legal_actions(quitter)):
                conflict.hits.concede(quitter)
                continue
        actor = conflict.turns.current
        assert actor is not None
        phase = conflict.turns.phase
        if phase is Phase.TURN:
            moves = {a.move: a for a in conflict.legal_actions(actor)}
            if Move.FREE_MOVE in moves and rng.random() < 0.3:
                conflict.turns.free_move(actor, rng.choice(moves[Move.FREE_MOVE].targets))
                continue
            choice = rng.choice(
                [
                    m
                    for m in moves
                    if m
                    in (
                        Move.ATTACK,
                        Move.CREATE_ADVANTAGE,
                        Move.OVERCOME,
                        Move.FULL_DEFENSE,
                        Move.SPLIT_ATTACK,
                        Move.ZONE_ATTACK,
                    )
                ]
            )
            if choice in (Move.SPLIT_ATTACK, Move.ZONE_ATTACK):
                legal = moves[choice]
                skill = rng.choice(legal.skills)
                if choice is Move.SPLIT_ATTACK:
                    roll = conflict.targets.split_attack(actor, skill, dice=dice)
                else:
                    roll = conflict.targets.zone_attack(
                        actor, skill, rng.choice(legal.targets), dice=dice
                    )
                roll.roll()
                try:
                    if choice is Move.SPLIT_ATTACK:
                        targets = list(dict(legal.reach)[skill])
                        rng.shuffle(targets)
                        zones = conflict.roster.scene.zones
                        if zones is not None and conflict.roster.kind is ConflictKind.PHYSICAL:
                            here = zones.zone_of(targets[0])
                            targets = [t for t in targets if zones.zone_of(t) == here]
                        share = max(1, roll.effort // len(targets))
                        split = {t: share for t in targets[: max(1, roll.effort // share)]}
                        conflict.targets.assign_targets(
                            split, defender_dice={t: dice for t in split}
                        )
                    else:
                        conflict.targets.assign_targets(
                            defender_dice=dict.fromkeys(conflict.roster.active(), dice)
                        )
                except IllegalAction:
                    # An effort too low to share, or an empty zone: the turn's action is spent.
                    conflict.targets.miss_everyone()
                    continue
                conflict.targets.resolve_targets(
                    {
                        t: rng.choice(r.options).key
                        for t, r in conflict.targets.preview_targets().items()
                    }
                )
                continue
            if choice is Move.ATTACK:
                legal = moves[Move.ATTACK]
                skill, reached = rng.choice(legal.reach)
                roll = conflict.attack(
                    actor,
                    rng.choice(reached),
                    skill,
                    dice=dice,
                    forgo_defense=rng.random() < 0.1,
                )
            elif choice is Move.CREATE_ADVANTAGE:
                roll = conflict.create_advantage(
                    actor, rng.choice(moves[choice].skills), dice=dice, difficulty=rng.randint(0, 4)
                )
            elif choice is Move.OVERCOME:
                roll = conflict.overcome(
                    actor, rng.choice(moves[choice].skills), dice=dice, difficulty=rng.randint(0, 4)
                )
            else:
                focus = None
                if conflict.roster.ruleset.has(OptionalRule.FULL_DEFENSE):
                    focus = DefenseFocus(
                        rng.choice(list(FocusKind)), (rng.choice(conflict.roster.active()),)
                    )
                conflict.defence.full_defense(actor, focus)
                continue
            roll.roll()
            sheet = conflict.roster.fighter(actor).character
            for aspect in [*sheet.aspects, *conflict.roster.scene.aspects]:
                if rng.random() < 0.3:
                    if aspect.free_invokes_held_by(actor):
                        roll.invoke(aspect, free=True)
                    elif (
                        not aspect.is_boost
                        and game.ledger.wallet(actor).available
                        and aspect.id not in {i.aspect_id for i in roll.invocations if not i.free}
                    ):
                        roll.invoke(aspect)
            resolution = conflict.preview()
            option = rng.choice(resolution.options).key
            conflict.resolve(option, aspect_name=f"Advantage {step}")
        elif phase is Phase.HIT:
            options = conflict.hits.absorb_options()
            if options and rng.random() < 0.9:
                plan = rng.choice(options)
                extreme = None
                names = {i: f"Wound {step}-{i}" for i in plan.slots}
                if plan.extreme:
                    target = conflict.roster.fighter(conflict.hits.pending_hit[0]).character  # type: ignore[index]
                    replaced = next(
                        a for a in target.aspects if a.kind is not AspectKind.HIGH_CONCEPT
                    )
                    extreme = ExtremeChoice(f"Scarred {step}", replaced.id)
                conflict.hits.absorb(plan, names, extreme=extreme)
            else:
                conflict.hits.take_out()
        elif phase is Phase.NEXT:
            acted.add(actor)
            end_turn = (
                next(a for a in conflict.legal_actions(actor) if a.move is Move.END_TURN)
                if conflict.roster.fighter(actor).status is Status.ACTIVE
                else None
            )
            targets = end_turn.targets if end_turn else tuple(conflict.turns.next_choices())
            conflict.end_turn(rng.choice(targets) if conflict.turns.order is None else None)
        else:  # pragma: no cover - the phases above are the only ones outside a roll
            raise AssertionError(phase)
    raise AssertionError(f"conflict {seed} did not end in {MAX_STEPS} steps")


@pytest.mark.rule(
    "conflict.end", "conflict.exchange", "conflict.taken-out", "fate-points.never-negative"
)
@pytest.mark.parametrize("chunk", range(5))
def test_random_conflicts_end_with_invariants_intact(chunk: int) -> None:
    per_chunk = CONFLICTS // 5
    steps = [play_conflict(seed) for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk)]
    assert len(steps) == per_chunk and all(s > 0 for s in steps)


@pytest.mark.rule("contest.victories", "contest.twist", "contest.harm")
def test_random_contests_end_with_a_winner() -> None:
    for seed in range(CONTESTS):
        rng = random.Random(seed)
        sides = {f"s{i}": [f"m{i}"] for i in range(rng.randint(2, 4))}
        needed = rng.randint(3, 5)
        contest = Contest.between(
            sides,
            {s: "win" for s in sides},
            victories_needed=needed,
            harmful_to=[s for s in sides if rng.random() < 0.5],
        )
        for _ in range(500):
            before = {s: side.victories for s, side in contest.sides.items()}
            efforts = {s: rng.randint(-2, 8) for s in sides}
            result = contest.exchange(efforts)
            gained = sum(result.victories.values())
            assert gained in (0, 1, 2) and (gained == 0) == result.twist
            for s, side in contest.sides.items():
                assert side.victories >= before[s]
                assert side.victories <= needed + 1
                if s in result.hits:
                    assert (
                        result.hits[s]
                        == max(e for o, e in efforts.items() if o != s) - efforts[s]
                        > 0
                    )
            if contest.winner is not None:
                assert contest.sides[contest.winner].victories >= needed
                break
        else:
            raise AssertionError(f"contest {seed} never ended")
