"""What both simulator engines know before the first roll: a scenario boiled down to numbers.

:func:`start_conflict` sets a scenario up in :mod:`fatekit.rules` (a :class:`Game`, its scene and a
:class:`Conflict`); :func:`fight_plan` reads from that set-up everything a policy needs: each
fighter's best attack (close and ranged), the defence the engine will pick against each kind of
attack, the skill for creating advantages and for moving, stress boxes and consequence slots,
the ways a hit can be absorbed in the engine's order of preference, with conditions kept apart
how many boxes each row may hold, fate points, and the turn order. The scalar engine uses the plan only to decide; the rules engine still plays every move.
The vectorized engine plays the plan itself.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from fatekit.odds.big_bad import ROLLS, Carry, SoloPlan, carry_plan, in_play, solo_plan
from fatekit.odds.hazards import HazardsPlan, add_hazards, hazards_plan
from fatekit.odds.scenario import AbsorbPolicy, Scenario, SidePolicy, TeamworkPolicy
from fatekit.odds.teamwork import TeamworkPlan, teamwork_plan
from fatekit.rules.characters.character import Character, CharacterKind
from fatekit.rules.characters.combined_rolls import best_second, first_skills, pair_rating
from fatekit.rules.characters.counted import counted_bonus
from fatekit.rules.characters.preset import Preset, TurnOrderStyle
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.harm.absorb import AbsorbPlan, extreme_available, stress_track_for
from fatekit.rules.harm.conditions import check_row_cutoff
from fatekit.rules.harm.consequences import SEVERITY_SHIFTS, Severity
from fatekit.rules.harm.stress import StressStyle
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict import Conflict, ConflictKind
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap

__all__ = [
    "SEVERITIES",
    "AbsorbCandidate",
    "FightPlan",
    "FighterPlan",
    "Roll",
    "fight_plan",
    "harm_threshold",
    "start_conflict",
    "turn_ids",
    "turns",
]

#: Consequence severities in the order reports use.
SEVERITIES = (Severity.MILD, Severity.MODERATE, Severity.SEVERE, Severity.EXTREME)


@dataclass(frozen=True, slots=True)
class Roll:
    """A skill and the modifier it rolls with (rating plus free bonus stunts)."""

    skill: str
    modifier: int
    ranged: bool = False
    extra_invokes: int = 0  # stunts' extra free invokes on a successful create an advantage
    # Two combined skill lists: the second list's skill added (the fighter's best), counted in
    # ``modifier``; None with one list.
    second: str | None = None
    # Aspects counted instead of a skill (The Three Rocketeers): their bonus, which the rules
    # engine takes as the roll's rating (``skill`` is then ""); None: a skill is rolled.
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class AbsorbCandidate:
    """One way to absorb a hit: consequence slots (positions in ``FighterPlan.slots``) and
    perhaps an extreme consequence; stress boxes make up the rest."""

    slots: tuple[int, ...]
    extreme: bool
    covered: int  # shifts the consequences absorb
    least: int  # the smallest of those parts (a large number when there are none)


@dataclass(frozen=True, slots=True)
class FighterPlan:
    """One fighter as the engines see them."""

    id: str
    side: int
    pc: bool
    close: Roll  # the best attack on someone in the same zone
    ranged: Roll | None  # the best attack on someone in another zone
    defend_close: Roll  # against a close (melee) attack
    defend_ranged: Roll  # against a ranged attack, which Fight cannot parry
    advantage: Roll
    move: Roll
    weapon: int
    armor: int
    escalating: bool
    boxes: tuple[int, ...]  # box values
    marked: tuple[bool, ...]
    slots: tuple[tuple[int, int, int], ...]  # (index on the sheet, shifts, severity index)
    filled: tuple[bool, ...]
    candidates: tuple[AbsorbCandidate, ...]  # in the engine's order of preference
    extreme_ok: bool
    own_aspects: int  # aspects on the sheet the fighter may pay to invoke
    fate_points: int  # a PC's own; NPCs use the GM's pool
    zone: int  # index into FightPlan.zones, 0 without zones
    free_invokes: int  # held at the start, on scene aspects
    scale: int | None = None  # level on the scale ladder; attacks between levels get +1 a level
    # Conditions kept apart: how many of ``slots`` on each row (mild, moderate, severe) may be
    # filled at once, the row cut-off; None where no cut-off applies.
    row_marks: tuple[int, int, int] | None = None
    # The individual weight War of Ashes' weight counts (the sheet's; people 1).
    weight: int = 1


@dataclass(frozen=True, slots=True)
class FightPlan:
    """A scenario ready to simulate."""

    fighters: tuple[FighterPlan, ...]
    policies: tuple[SidePolicy, SidePolicy]
    order: tuple[int, ...]  # fighter indexes in turn order
    zones: tuple[str, ...]
    distance: tuple[tuple[int, ...], ...]
    next_hop: tuple[tuple[int, ...], ...]  # the first step from one zone towards another
    ranged_reach: int
    mental: bool
    gm_pool: int
    scene_aspects: int  # situation aspects anyone may pay to invoke
    max_exchanges: int
    move_difficulty: int
    # Fate Condensed's full defense: a boost at one's next turn if nobody made one defend.
    full_defense_boost: bool = False
    # Who may help whose attack (teamwork), by the rules engine; None: nobody.
    teamwork: TeamworkPlan | None = None
    # The big bad whose solo bonuses the engines play; None: no big bad.
    solo: SoloPlan | None = None
    # The big bad's later true forms, in the order they are revealed (ids: the big bad's).
    forms: tuple[FighterPlan, ...] = ()
    # In the gentle variant, how each form's consequences carry over to the next.
    carries: tuple[Carry, ...] = ()
    # The obstacles option's hazards and the turn order with them; None: no hazards.
    hazards: HazardsPlan | None = None
    # How rolls are drawn (the scenario's randomizer): a hazard's, and every fighter's but
    # those ``ways`` names otherwise.
    randomizer: Randomizer = Randomizer.FATE_DICE
    # Each fighter's way, by index in ``fighters`` (a big bad's true forms roll as it does);
    # empty: every fighter draws ``randomizer``'s way.
    ways: tuple[Randomizer, ...] = ()
    # War of Ashes' weight (the weight option): attacks and defences turn dice to + by the
    # sides' weights in the roller's zone, read afresh for every roll.
    weight: bool = False

    def way(self, fighter: int) -> Randomizer:
        """How fighter ``fighter`` (an index in :attr:`fighters`) draws its rolls."""
        return self.ways[fighter] if self.ways else self.randomizer

    def index(self, fighter_id: str) -> int:
        """The position of a fighter in :attr:`fighters`."""
        for i, fighter in enumerate(self.fighters):
            if fighter.id == fighter_id:
                return i
        raise BadInput(f"no fighter {fighter_id!r}")


def start_conflict(scenario: Scenario) -> tuple[Game, Conflict]:
    """Set the scenario up in the rules engine, on fresh copies of the sheets."""
    characters = scenario.fresh_characters()
    game = Game(characters, ruleset=scenario.ruleset)
    zones = None
    if scenario.zones is not None:
        zones = ZoneMap(ranged_reach=scenario.zones.ranged_reach)
        for zone in scenario.zones.zones:
            zones.add_zone(zone)
        for a, b in scenario.zones.connect:
            zones.connect(a, b)
        for who, fighter in scenario.fighters.items():
            assert fighter.zone is not None  # the loader places everyone when there are zones
            zones.place(who, fighter.zone)
    scene = game.start_scene(scenario.title, list(scenario.fighters), zones=zones)
    if scenario.gm_pool is not None:  # a scene already in play, whose pool is what it is
        game.ledger.gm.available = scenario.gm_pool
    for name, invokes in scenario.aspects:
        scene.add_situation_aspect(name, free_invokes=invokes)
    elective = scenario.ruleset.preset.turn_order.style is TurnOrderStyle.ELECTIVE
    conflict = Conflict(
        game,
        {side.name: side.members for side in scenario.sides},
        kind=scenario.kind,
        # A hazard joins the conflict once it has started: the first to act is a fighter.
        first=next(w for w in scenario.order if w in scenario.fighters) if elective else None,
        group_npcs=scenario.group_npcs,
        harm=scenario.harm,
    )
    for who, fighter in scenario.fighters.items():
        if fighter.weapon or fighter.armor:
            conflict.equip(who, weapon=fighter.weapon, armor=fighter.armor)
        if fighter.scale is not None:
            conflict.obstacles.set_scale(who, fighter.scale)
    if scenario.big_bad is not None:  # as the table's SetBigBad does
        conflict.big_bad_rules.set_big_bad(in_play(scenario.big_bad, conflict))
    add_hazards(conflict, scenario.hazards)
    return game, conflict


def fight_plan(scenario: Scenario) -> FightPlan:
    """Boil a scenario down for the engines (raises :class:`BadInput` if it cannot be played)."""
    try:
        game, conflict = start_conflict(scenario)
    except IllegalAction as error:
        raise BadInput(f"the scenario cannot be set up: {error}") from None
    preset = conflict.roster.preset
    zones = scenario.zones.zones if scenario.zones is not None else ("",)
    distance = _distances(zones, scenario.zones.connect if scenario.zones else ())
    invokes: dict[str, int] = {}
    for _, holders in scenario.aspects:
        for who, count in holders:
            invokes[who] = invokes.get(who, 0) + count
    fighters = []
    for who, spec in scenario.fighters.items():
        side = scenario.side_of(who)
        sheet = conflict.roster.fighter(who).character
        fighters.append(
            _fighter(
                sheet,
                side,
                scenario.sides[side].policy,
                preset,
                conflict,
                game,
                zone=zones.index(spec.zone) if spec.zone is not None else 0,
                weapon=spec.weapon,
                armor=spec.armor,
                free_invokes=invokes.get(who, 0),
                scale=None
                if spec.scale is None
                else conflict.roster.scale_ladder.level(spec.scale),
                counted=spec.counted,
            )
        )
    forms, carries = _forms(scenario, conflict, game, fighters)
    ids = [f.id for f in fighters]
    order = conflict.turns.order if conflict.turns.order is not None else list(scenario.order)
    return FightPlan(
        tuple(fighters),
        (scenario.sides[0].policy, scenario.sides[1].policy),
        tuple(ids.index(who) for who in order if who in ids),
        zones,
        distance,
        _next_hops(zones, distance),
        scenario.zones.ranged_reach if scenario.zones else 1,
        scenario.kind is ConflictKind.MENTAL,
        game.ledger.gm.available,
        len(scenario.aspects),
        scenario.max_exchanges,
        scenario.move_difficulty,
        scenario.ruleset.has(OptionalRule.FULL_DEFENSE),
        teamwork_plan(
            conflict,
            ids,
            [f.side for f in fighters],
            [(f.close.skill, (f.ranged or f.close).skill) for f in fighters],
            [(f.close.second, (f.ranged or f.close).second) for f in fighters],
        ),
        _solo(scenario, conflict, fighters, forms),
        forms,
        carries,
        hazards_plan(
            scenario.hazards, conflict, ids, order, [s.name for s in scenario.sides], zones
        ),
        scenario.randomizer,
        tuple(scenario.way_of(f.id) for f in fighters),
        scenario.ruleset.has(OptionalRule.WEIGHT),
    )


def _forms(
    scenario: Scenario, conflict: Conflict, game: Game, fighters: Sequence[FighterPlan]
) -> tuple[tuple[FighterPlan, ...], tuple[Carry, ...]]:
    """The big bad's later true forms as the engines see them (each fighter's plan, fresh), and
    in the gentle variant how each carries its consequences to the next."""
    bad = scenario.big_bad
    if bad is None or bad.forms is None:
        return (), ()
    side = scenario.side_of(bad.id)
    policy = scenario.sides[side].policy
    if policy.teamwork is not TeamworkPolicy.NEVER:
        raise BadInput("the simulator plays no teamwork on the side of a big bad with true forms")
    spec = scenario.fighters[bad.id]
    zones = scenario.zones.zones if scenario.zones is not None else ("",)
    found = []
    for sheet in bad.forms.forms[1:]:
        found.append(
            _fighter(
                copy.deepcopy(sheet),
                side,
                policy,
                conflict.roster.preset,
                conflict,
                game,
                zone=zones.index(spec.zone) if spec.zone is not None else 0,
                weapon=spec.weapon,
                armor=spec.armor,
                free_invokes=0,
                scale=None
                if spec.scale is None
                else conflict.roster.scale_ladder.level(spec.scale),
            )
        )
    if not bad.forms.gentle:
        return tuple(found), ()
    sheets = (conflict.roster.fighter(bad.id).character, *bad.forms.forms[1:])
    plans = (next(f for f in fighters if f.id == bad.id), *found)
    carries = tuple(
        carry_plan(
            sheets[k],
            [i for i, _, _ in plans[k].slots],
            sheets[k + 1],
            [i for i, _, _ in plans[k + 1].slots],
        )
        for k in range(len(found))
    )
    return tuple(found), carries


def _solo(
    scenario: Scenario,
    conflict: Conflict,
    fighters: Sequence[FighterPlan],
    forms: Sequence[FighterPlan],
) -> SoloPlan | None:
    """The big bad's solo bonuses as the vectorized engine plays them, if it has any."""
    bad = scenario.big_bad
    if bad is None or not (
        bad.solo.skill or bad.solo.stress or bad.solo.amplified or bad.solo.suppress is not None
    ):
        return None
    first = next(f for f in fighters if f.id == bad.id)
    sheets = bad.forms.forms[1:] if bad.forms is not None else ()
    rolls = [
        (sheet, {name: (getattr(me, name) or me.close).skill for name in ROLLS})
        for sheet, me in zip(
            (conflict.roster.fighter(bad.id).character, *sheets), (first, *forms), strict=True
        )
    ]
    return solo_plan(conflict, [f.id for f in fighters], bad, rolls)


# -- one fighter --------------------------------------------------------------------------------


def _fighter(
    sheet: Character,
    side: int,
    policy: SidePolicy,
    preset: Preset,
    conflict: Conflict,
    game: Game,
    *,
    zone: int,
    weapon: int,
    armor: int,
    free_invokes: int,
    scale: int | None,
    counted: tuple[str, ...] | None = None,
) -> FighterPlan:
    track = conflict.roster.harm
    if counted is not None and preset.counted is not None:
        # A PC that counts aspects rolls every action at their bonus, as the rules count it.
        bonus = counted_bonus(preset.counted, sheet, counted)
        rolled = Roll("", bonus, rating=bonus)
        rolls: tuple[Roll, Roll | None, Roll, Roll, Roll, Roll] = (
            rolled,
            None,  # no skill reaches further: a swashbuckler closes in to fight
            rolled,
            rolled,
            rolled,
            rolled,
        )
    else:
        rolls = _skill_rolls(sheet, preset, conflict, policy)
    close, ranged, defend_close, defend_ranged, advantage, move = rolls
    stress = stress_track_for(sheet, track)
    usable = [
        (i, slot.shifts, SEVERITIES.index(slot.severity))
        for i, slot in enumerate(sheet.consequences)
        if slot.serves(track) and slot.severity is not Severity.EXTREME
    ]
    allow_extreme = game.ruleset.has(OptionalRule.EXTREME_CONSEQUENCES)
    apart = game.ruleset.has(OptionalRule.CONDITIONS_APART)
    return FighterPlan(
        id=sheet.id,
        side=side,
        pc=sheet.kind is CharacterKind.PC,
        close=close,
        ranged=ranged,
        defend_close=defend_close,
        defend_ranged=defend_ranged,
        advantage=advantage,
        move=move,
        weapon=weapon,
        armor=armor,
        escalating=stress is not None and stress.style is StressStyle.ESCALATING,
        boxes=tuple(b.value for b in stress.boxes) if stress else (),
        marked=tuple(b.marked for b in stress.boxes) if stress else (),
        slots=tuple(usable),
        filled=tuple(not sheet.consequences[i].is_free for i, _, _ in usable),
        candidates=_candidates(
            [shifts for _, shifts, _ in usable],
            allow_extreme and policy.absorb is not AbsorbPolicy.NO_EXTREME,
        ),
        extreme_ok=extreme_available(sheet, allow_extreme=allow_extreme, clock=game.clock),
        own_aspects=len(sheet.aspects),
        fate_points=game.ledger.account(sheet.id).available,
        zone=zone,
        free_invokes=free_invokes,
        scale=scale,
        row_marks=_row_marks(sheet, [i for i, _, _ in usable]) if apart else None,
        weight=sheet.weight,
    )


def _skill_rolls(
    sheet: Character, preset: Preset, conflict: Conflict, policy: SidePolicy
) -> tuple[Roll, Roll | None, Roll, Roll, Roll, Roll]:
    """A fighter's best close and ranged attacks, its defences against each, its advantage and
    its move, by skill."""
    track = conflict.roster.harm
    mental = conflict.roster.kind is ConflictKind.MENTAL
    skills = _skills(sheet, preset)
    second = best_second(preset, sheet.skills)
    attacks = [
        Roll(
            s,
            pair_rating(sheet.rating, s, second) + _bonus(sheet, s, Action.ATTACK, second),
            # As the engine decides it: the rule set's word on the skill (Shoot reaches other
            # zones and Fight cannot parry it).
            not mental and preset.attacks_at_range(s, track, stunts=sheet.stunts),
            second=second,
        )
        for s in skills
        if preset.can_use(s, Action.ATTACK, track, stunts=sheet.stunts)
    ]
    if not attacks:
        raise BadInput(
            f"{sheet.id} has no skill to attack with in a {conflict.roster.kind.value} conflict"
        )
    close = _best(attacks)
    # Shooting from afar at Mediocre is a waste of a turn: only a ranged skill of Average (+1)
    # or better (stunts included) makes a fighter stay back and shoot rather than close in.
    far = [a for a in attacks if a.ranged and a.modifier >= 1]
    return (
        close,
        _best(far) if far else None,
        _defence(sheet, preset, track, melee=True),
        _defence(sheet, preset, track, melee=False),
        _advantage(sheet, skills, policy.advantage_skill, second),
        _move(sheet, preset, skills, second),
    )


def _row_marks(sheet: Character, usable: Sequence[int]) -> tuple[int, int, int]:
    """How many of the ``usable`` slots on each row may be filled at once under the row cut-off.

    The rules engine says how many more boxes a row takes now: the most free condition boxes of
    the row that :func:`check_row_cutoff` lets one plan mark. Add the usable slots already filled.
    """
    found = []
    for severity in SEVERITIES[:3]:
        free = [
            i
            for i, slot in enumerate(sheet.consequences)
            if slot.condition is not None and slot.severity is severity and slot.is_free
        ]
        more = 0
        for count in range(1, len(free) + 1):
            try:
                check_row_cutoff(sheet, AbsorbPlan(slots=tuple(free[:count])))
            except IllegalAction:
                break
            more = count
        held = [i for i in usable if sheet.consequences[i].severity is severity]
        found.append(more + sum(1 for i in held if not sheet.consequences[i].is_free))
    return found[0], found[1], found[2]


def _bonus(sheet: Character, skill: str, action: Action, second: str | None = None) -> int:
    """What the sheet's free stunts add to ``skill`` used for ``action`` (with two combined
    lists, those naming ``second``, the second list's skill added, too)."""
    return sum(
        s.bonus_for(s.skill_on(skill, second), action)
        for s in sheet.stunts
        if not s.fate_point_cost
    )


def _best(rolls: Sequence[Roll]) -> Roll:
    """The highest modifier; the first listed among equals."""
    best = rolls[0]
    for roll in rolls[1:]:
        if roll.modifier > best.modifier:
            best = roll
    return best


def _skills(sheet: Character, preset: Preset) -> list[str]:
    """The skills a roll may start from: the preset's, then the sheet's own (with two combined
    lists, none of the second list's: those are only ever added)."""
    skills = [*preset.skill_keys, *(k for k in sheet.skills if k not in preset.skill_keys)]
    return list(first_skills(preset, skills))


def _defence(sheet: Character, preset: Preset, track: object, *, melee: bool) -> Roll:
    """The defence the engine picks (the best-rated allowed skill, and with two combined lists
    the best of the second), plus free stunts."""
    skills = _skills(sheet, preset)
    allowed = [
        s
        for s in skills
        if preset.can_use(s, Action.DEFEND, track, melee=melee, stunts=sheet.stunts)  # type: ignore[arg-type]
    ]
    if not allowed:
        raise BadInput(f"{sheet.id} has no skill to defend with")
    skill = max(allowed, key=sheet.rating)
    second = best_second(preset, sheet.skills)
    rating = pair_rating(sheet.rating, skill, second)
    return Roll(skill, rating + _bonus(sheet, skill, Action.DEFEND, second), second=second)


def _advantage(
    sheet: Character, skills: Sequence[str], wanted: str | None, second: str | None
) -> Roll:
    if wanted is not None and wanted not in skills:
        raise BadInput(f"advantage_skill {wanted!r} is not a skill {sheet.id} can roll")
    skill = wanted if wanted is not None else max(skills, key=sheet.rating)
    action = Action.CREATE_ADVANTAGE
    extra = sum(
        s.extra_free_invokes(s.skill_on(skill, second), action)
        for s in sheet.stunts
        if not s.fate_point_cost
    )
    rating = pair_rating(sheet.rating, skill, second)
    return Roll(
        skill, rating + _bonus(sheet, skill, action, second), extra_invokes=extra, second=second
    )


def _move(sheet: Character, preset: Preset, skills: Sequence[str], second: str | None) -> Roll:
    """Athletics moves (Quick in Fate Accelerated); failing both, the best skill."""
    found = [s for s in ("athletics", "quick") if preset.has_skill(s)]
    skill = found[0] if found else max(skills, key=sheet.rating)
    rating = pair_rating(sheet.rating, skill, second)
    return Roll(skill, rating + _bonus(sheet, skill, Action.OVERCOME, second), second=second)


def _candidates(shifts: Sequence[int], extreme: bool) -> tuple[AbsorbCandidate, ...]:
    """Every set of consequences, in the order :func:`fatekit.rules.harm.absorb.absorb_options`
    ranks plans: no extreme first, fewer consequences, fewer consequence shifts, then slot order.
    Plans tied on those need the same boxes, so the order is fixed before any hit."""
    big = 10**6
    extreme_shifts = SEVERITY_SHIFTS[Severity.EXTREME]
    found = []
    for count in range(len(shifts) + 1):
        for chosen in itertools.combinations(range(len(shifts)), count):
            for with_extreme in (False, True) if extreme else (False,):
                parts = [shifts[i] for i in chosen] + ([extreme_shifts] if with_extreme else [])
                found.append(
                    AbsorbCandidate(chosen, with_extreme, sum(parts), min(parts, default=big))
                )
    found.sort(key=lambda c: (c.extreme, len(c.slots) + c.extreme, c.covered, c.slots))
    return tuple(found)


# -- the map ----------------------------------------------------------------------------------


def _distances(
    zones: Sequence[str], links: Sequence[tuple[str, str]]
) -> tuple[tuple[int, ...], ...]:
    n = len(zones)
    far = n + 1
    dist = [[0 if a == b else far for b in range(n)] for a in range(n)]
    for a, b in links:
        i, j = zones.index(a), zones.index(b)
        dist[i][j] = dist[j][i] = 1
    for k in range(n):  # Floyd-Warshall: maps are small
        for i in range(n):
            for j in range(n):
                dist[i][j] = min(dist[i][j], dist[i][k] + dist[k][j])
    return tuple(tuple(row) for row in dist)


def _next_hops(zones: Sequence[str], dist: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    n = len(zones)
    hops = []
    for a in range(n):
        row = []
        for b in range(n):
            if a == b:
                row.append(a)
                continue
            row.append(
                next(c for c in range(n) if dist[a][c] == 1 and dist[c][b] == dist[a][b] - 1)
            )
        hops.append(tuple(row))
    return tuple(hops)


def harm_threshold(weapon: int, armor: int) -> int:
    """The fewest shifts on an attack that still harm, with the attacker's Weapon and the
    defender's Armor (a tie harms only through a weapon the armor does not cancel)."""
    if weapon > 0 and weapon - armor >= 1:
        return 0
    return max(1, 1 + armor - weapon)


def turns(plan: FightPlan, exchange: int) -> tuple[int, ...]:
    """Who acts in what order in this exchange (hazards as ``~h``)."""
    if plan.hazards is None:
        return plan.order
    return plan.hazards.opening if exchange == 1 else plan.hazards.turns


def turn_ids(plan: FightPlan, ids: Sequence[str]) -> list[str]:
    """The turn order by id, hazards included."""
    if plan.hazards is None:
        return [ids[i] for i in plan.order]
    return [plan.hazards.hazards[~t].id if t < 0 else ids[t] for t in plan.hazards.turns]
