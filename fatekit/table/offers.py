"""What a seat may do now, in one place: the moves of a conflict each of its characters may make
(and against whom, with which skill), the ways to absorb a hit, the skills to defend with against
a split or zone attack, what a character may invoke on a roll in play with :mod:`fatekit.odds`'s
advice on spending it, and a roll's exact odds before it is made with the skill an opponent
would defend with.

Pure functions of a table's state and a seat: the view, the extras and the server's read-only
routes call them, and none holds a rule of its own: they ask the rules engine
(:mod:`fatekit.rules`) and the odds (:mod:`fatekit.odds`). Nothing here tells a seat what it may
not see: no odds on an opponent's secret skills, no advice on a hidden difficulty.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from fatekit.formats.character_json import stunt_dict
from fatekit.odds import Choice, advise, chances
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.invokes import check_invoke
from fatekit.rules.aspects.stunt_uses import stunt_offers
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.combined_rolls import (
    best_second,
    check_pair,
    opposing_first_skills,
    pair_rating,
)
from fatekit.rules.core.actions import Action, Side
from fatekit.rules.core.difficulty import DifficultyKey, difficulty_guidance
from fatekit.rules.core.errors import BadInput, FateError, ForbiddenAction
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.toolkit_conditions import soaked
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.conflict import Conflict, LegalAction, Move, Outweighs, Status
from fatekit.table.counting import counted_fields
from fatekit.table.deciding import allowed, check_enter_dice
from fatekit.table.parts import UNSET, AbsorbOptionPart, AspectRefPart, Part, UnsetType
from fatekit.table.play.rolls import roll_in_play
from fatekit.table.play.targets import check_aimer, check_defender
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.state import SEAT_RULE, RollInPlay, RollKind, TableState

__all__ = [
    "ODDS_ACTIONS",
    "absorb_after",
    "absorb_options",
    "defend_skills",
    "defending_skill",
    "difficulty_choices",
    "extreme_replaces",
    "invoke_advice",
    "invoke_options",
    "legal_actions",
    "roll_odds",
    "scale_against",
    "soaking",
    "stunt_bonuses",
]

#: The actions a roll's odds may be asked for (a defence is the opponent's side of one).
ODDS_ACTIONS = {a.value: a for a in (Action.OVERCOME, Action.CREATE_ADVANTAGE, Action.ATTACK)}


# -- setting a difficulty ----------------------------------------------------------------------


class DifficultyChoicePart(Part, kw_only=True):
    """A rule of thumb for a difficulty: its reason, the difficulty, and whether no roll is
    needed at all."""

    key: DifficultyKey
    rating: int
    no_roll: bool


class DifficultyGuidancePart(Part, kw_only=True):
    """The rules of thumb for a difficulty: ``any`` (by the reasons a task is tough) and
    ``by_skill`` (against a roller's rating, its value as text)."""

    any: list[DifficultyChoicePart]
    by_skill: dict[str, list[DifficultyChoicePart]]


def _choices(skill: int | None) -> list[DifficultyChoicePart]:
    return [
        DifficultyChoicePart(key=c.key, rating=c.difficulty, no_roll=c.no_roll)
        for c in difficulty_guidance(skill)
        if c.from_skill == (skill is not None)
    ]


@cache
def difficulty_choices() -> DifficultyGuidancePart:
    """The text's rules of thumb for a difficulty, for every form where one is set: ``any``, by
    the reasons a task is tough, and ``by_skill``, against a roller's rating on the ladder (its
    value as text), which the page looks up for the character and skill it rolls. Each choice
    gives its difficulty as ``rating`` (a ``difficulty`` key is kept for numbers a seat may be
    denied, which the permission tests look for).

    The same for every seat and state, so built once and shared by every view (never changed
    in place): it was most of a view's cost, six times over at each command of a full table."""
    return DifficultyGuidancePart(
        any=_choices(None), by_skill={str(r): _choices(r) for r in sorted(LADDER)}
    )


# -- in a conflict ------------------------------------------------------------------------------


class LegalActionPart(Part, kw_only=True):
    """A move the engine allows a fighter now: its targets and skills; an attack also says which
    targets each skill reaches (``reach``) and which skills attack from a distance."""

    move: Move
    targets: list[str]
    skills: list[str]
    reach: dict[str, list[str]] | UnsetType = UNSET
    ranged: list[str] | UnsetType = UNSET
    # Whom this roll may be made against with a scale benefit named by this seat (none: unset).
    scale_against: list[str] | UnsetType = UNSET
    # An attack: the targets whose defence dice this seat may enter (by the decider's check).
    defend_dice: list[str] | UnsetType = UNSET


# The rolled moves whose higher side in scale takes a benefit.
_SCALED_MOVES = frozenset({Move.ATTACK, Move.CREATE_ADVANTAGE, Move.OVERCOME})


def legal_actions(viewer: Viewer, conflict: Conflict) -> dict[str, list[LegalActionPart]]:
    """The moves each of the seat's characters in the conflict may make now, as the engine
    allows them."""
    out: dict[str, list[LegalActionPart]] = {}
    for who in conflict.roster.fighters:
        if who in viewer.mine:
            scaled = scale_against(viewer, conflict, who)
            made = (_legal_action(viewer, a, scaled) for a in conflict.legal_actions(who))
            # A free move with nowhere left to go (every zone it reached is kept from the seat).
            out[who] = [a for a in made if a.targets or a.move is not Move.FREE_MOVE]
    return out


#: The moves whose targets are zones: a zone the seat may not know of is none of them (the table
#: refuses it as a zone that is not there, ``check_zone_known``).
_TO_ZONES = frozenset({Move.FREE_MOVE, Move.ZONE_ATTACK})


def scale_against(viewer: Viewer, conflict: Conflict, actor: str) -> list[str]:
    """The participants ``actor`` may roll against naming a scale benefit from this seat: those
    the engine puts at another scale (its own check, the one a roll makes), where the higher
    side is one the seat acts for (the table's own check: the benefit is the higher side's)."""
    found = []
    for other in conflict.roster.fighters:
        if other == actor:
            continue
        side = conflict.obstacles.higher_in_scale(actor, other)
        if side is Side.ACTOR or (side is Side.OPPOSITION and other in viewer.mine):
            found.append(other)
    return found


def _legal_action(viewer: Viewer, action: LegalAction, scaled: list[str]) -> LegalActionPart:
    """A move the view offers; an attack also says which targets each skill reaches and which
    skills attack from a distance, so a page offers only what the engine will take, and whose
    defence dice the seat may enter; a rolled move, against whom a scale benefit may be
    named."""
    state, seat = viewer.state, viewer.seat
    targets = list(action.targets)
    if action.move in _TO_ZONES:
        targets = [zone for zone in targets if viewer.sees_zone(zone)]
    return LegalActionPart(
        move=action.move,
        targets=targets,
        skills=list(action.skills),
        reach={skill: list(targets) for skill, targets in action.reach} if action.reach else UNSET,
        ranged=list(action.ranged) if action.reach else UNSET,
        scale_against=scaled if scaled and action.move in _SCALED_MOVES else UNSET,
        defend_dice=[t for t in action.targets if allowed(check_enter_dice, state, seat, t)]
        if action.move is Move.ATTACK
        else UNSET,
    )


def absorb_options(conflict: Conflict) -> list[AbsorbOptionPart]:
    """The ways the engine allows to absorb the hit waiting in the conflict: stress boxes,
    consequence slots, and whether an extreme consequence is among them."""
    return [
        AbsorbOptionPart(boxes=list(plan.boxes), slots=list(plan.slots), extreme=plan.extreme)
        for plan in conflict.hits.absorb_options()
    ]


def soaking(conflict: Conflict) -> dict[str, int]:
    """The rule set's conditions the pending hit's target may mark against it now (the Fate
    System Toolkit's), with the shifts each takes off, by the check the decision makes."""
    hit = conflict.hits.pending_hit
    if hit is None:
        return {}
    target = conflict.roster.fighter(hit[0]).character
    specs = conflict.roster.ruleset.preset.conditions
    return {spec.key: spec.shifts for spec in specs if allowed(soaked, target, specs, [spec.key])}


def absorb_after(conflict: Conflict) -> dict[str, list[AbsorbOptionPart]]:
    """For each total of shifts marked conditions take off the pending hit, short of all of it,
    the ways the engine allows to absorb the rest."""
    return {
        str(total): [
            AbsorbOptionPart(boxes=list(p.boxes), slots=list(p.slots), extreme=p.extreme)
            for p in plans
        ]
        for total, plans in conflict.hits.soak_options().items()
    }


def extreme_replaces(conflict: Conflict) -> list[AspectRefPart]:
    """The aspects an extreme consequence may take the place of, when one is among the ways to
    absorb the hit waiting: the target's character aspects other than the high concept."""
    hit = conflict.hits.pending_hit
    if hit is None:
        return []
    target = conflict.roster.fighter(hit[0]).character
    return [
        AspectRefPart(id=a.id, name=a.name, kind=a.kind)
        for a in target.aspects
        if a.kind.is_character_aspect and a.kind is not AspectKind.HIGH_CONCEPT
    ]


def defend_skills(state: TableState, seat: str) -> dict[str, list[str]]:
    """For a split or zone attack waiting to be aimed by this seat: the skills each active
    fighter (the attacker aside) whose defence the seat may choose may defend with, as the
    engine allows. AssignTargets' own checks (:func:`~fatekit.table.play.targets.check_aimer`,
    :func:`~fatekit.table.play.targets.check_defender`): its keys are the targets the page
    offers this seat a defence for as it aims."""
    conflict, roll = state.conflict, state.roll
    sitter = state.seat(seat)
    if conflict is None or roll is None or not allowed(check_aimer, state, sitter):
        return {}
    out: dict[str, list[str]] = {}
    try:
        for who in sorted(conflict.roster.fighters):
            fighter = conflict.roster.fighters[who]
            if who == roll.actor or fighter.status is not Status.ACTIVE:
                continue
            if allowed(check_defender, state, sitter, who):
                out[who] = list(conflict.targets.aimed_defence_skills(who))
    except FateError:
        return {}  # no attack on several targets is waiting to be aimed
    return out


# -- invokes on a roll in play ------------------------------------------------------------------


def invoke_options(
    state: TableState,
    seat: str,
    by: str,
    *,
    target: str = "success",
    on_target: str | None = None,
    roll_id: str | None = None,
) -> JSON:
    """What ``by`` may invoke on the roll in play (``roll_id``; or, with ``on_target``, on the
    defence of that aimed target of a split or zone attack): each aspect the seat sees that the
    engine lets ``by`` invoke, free (how many) or paid; ``by``'s fate points; and, on the
    roller's own roll, the odds' advice on reaching ``target`` (none behind a hidden number)."""
    if by not in state.characters_of(seat):
        raise ForbiddenAction(f"your seat does not act for {by}", SEAT_RULE)
    in_play = roll_in_play(state, roll_id) if on_target is None else None
    roll = None if in_play is None else in_play.roll
    if on_target is not None:
        # A target's defence of a split or zone attack: the engine finds it, or refuses.
        if state.conflict is None:
            raise BadInput("there is no conflict in play", code="no_conflict")
        roll = state.conflict.targets.target_defence(on_target)
    if roll is None or roll.dice is None:
        raise BadInput("no roll is in play")
    viewer = Viewer(state, seat)
    ledger = state.game.ledger
    payer = state.game.payer(by, state.players_pcs(by, seat))  # a player's extra: their PC's
    # The defender's invokes go on their own defence roll (the page sends them `on_defence`):
    # what was paid for there is what a second paid invoke would be refused for.
    invoked_on = roll
    opposition = roll.opposition
    if on_target is None and opposition is not None and opposition.actor == by != roll.actor:
        invoked_on = opposition
    paid_already = {i.aspect_id for i in invoked_on.invocations if not i.free}
    options: list[JSON] = []
    free_total = paid_total = 0
    for aspect in _visible_aspects(viewer):
        held = aspect.free_invokes_held_by(by)
        can_free = can_paid = True
        try:
            check_invoke(aspect, by, free=True, ledger=ledger)
        except FateError:
            can_free = False
        try:
            check_invoke(
                aspect, by, free=False, ledger=ledger, paid_already=paid_already, payer=payer
            )
        except FateError:
            can_paid = False
        if can_free or can_paid:
            options.append(
                {
                    "aspect_id": aspect.id,
                    "name": aspect.name,
                    "kind": aspect.kind.value,
                    "owner": aspect.owner,
                    "free": held if can_free else 0,
                    "paid": can_paid,
                }
            )
            free_total += held if can_free else 0
            paid_total += 1 if can_paid else 0
    fate_points = ledger.account(payer).available
    advice = None
    if on_target is None and by == roll.actor and in_play is not None:
        assumed = _assumed(options, fate_points)
        advice = invoke_advice(viewer, in_play, invokes=len(assumed), target=target)
        if advice is not None:
            # The invokes the advice counts on, named: what "invoke" means for this roll.
            advice["assumes"] = assumed
    return {"by": by, "fate_points": fate_points, "options": options, "advice": advice}


def _assumed(options: list[JSON], fate_points: int) -> list[JSON]:
    """The invokes the advice counts on, in the order it would make them: every free invoke
    held first (they cost nothing), then one paid invoke of each aspect that may be paid for,
    as many as the fate points go."""
    found: list[JSON] = []
    for option in options:
        found += [
            {"aspect_id": option["aspect_id"], "name": option["name"], "free": True}
        ] * option["free"]
    paid = [o for o in options if o["paid"]][:fate_points]
    found += [{"aspect_id": o["aspect_id"], "name": o["name"], "free": False} for o in paid]
    return found


def invoke_advice(viewer: Viewer, in_play: RollInPlay, *, invokes: int, target: str) -> JSON | None:
    """The odds' advice to a roll's own side on spending up to ``invokes`` invokes to reach
    ``target``; ``None`` where it would give away a number the seat may not see (a difficulty
    behind the GM's screen, a hazard's rating) and on a contest's roll, whose effort is compared
    with the other sides' rather than met on its own."""
    roll = in_play.roll
    if roll.dice is None or in_play.kind is RollKind.CONTEST or viewer.hides_roll_numbers(in_play):
        return None
    defence = roll.opposition
    their_dice = None if defence is None or defence.dice is None else defence.dice
    against = roll.opposition_value - (0 if their_dice is None else their_dice.total)
    found = advise(
        roll.effort - roll.dice.total,
        against,
        roll.dice,
        invokes=invokes,
        target=target,
        opposition_dice=their_dice,
        randomizer=Randomizer(viewer.state.randomizer_for(roll.actor)),
        # A reroll is weighed again as it is made; no one moves mid-roll, so as this roll was.
        turned=0 if in_play.weight is None else in_play.weight.turned,
    )
    return {
        "choice": found.choice.value,
        "target": found.target.value,
        "shifts_now": found.shifts_now,
        "invokes": found.invokes,
        "chances": {c.value: _fraction(found.chances[c]) for c in found.chances},
        "expected_invokes": {
            c.value: float(found.expected_invokes[c]) for c in found.expected_invokes
        },
        "choices": [c.value for c in Choice],
    }


def _visible_aspects(viewer: Viewer) -> list[Aspect]:
    game = viewer.state.game
    found: list[Aspect] = []
    if game.scene is not None:
        found.extend(game.scene.aspects)
    found.extend(game.lasting)  # setting, scenario and organization aspects: every scene's
    for character in game.characters.values():
        found.extend(character.aspects)
        found.extend(s.aspect for s in character.consequences if s.aspect is not None)
    return [a for a in found if viewer.sees_aspect(a)]


# -- a roll's odds before it is made ------------------------------------------------------------


def roll_odds(
    state: TableState,
    seat: str,
    *,
    actor: str,
    skill: str = "",
    difficulty: int | None = None,
    against: str | None = None,
    defend_skill: str | None = None,
    mental: bool = False,
    action: str = "overcome",
    bonus: int = 0,
    chosen: tuple[str, ...] | None = None,
    scale_benefit: ScaleBenefit | None = None,
    weight_claimed: bool = False,
    second_skill: str | None = None,
    defend_second_skill: str | None = None,
    counted: tuple[str, ...] | None = None,
    defend_counted: tuple[str, ...] | None = None,
) -> JSON:
    """The exact chances of ``actor``'s roll of ``skill`` for ``action`` against ``difficulty``
    or the opponent ``against`` (defending with ``defend_skill``, or the skill the table would
    pick for them: :func:`defending_skill`), counting the stunts that add to it and ``bonus``
    (a contest's teamwork). In a conflict the engine sets the roll up as it would now
    (:func:`_engine_roll`), so whatever it adds before the dice counts as well: a mob's
    teamwork, a big bad fighting alone, full defense, scale (``scale_benefit``, the higher
    side's choice), and the dice weight turns to + for each side (``weight``, ``opposing_weight``:
    an attack and a defence always; a create an advantage or an overcome when ``weight_claimed``,
    counted as if the GM allows it). An opponent whose sheet the seat may not see gives no odds:
    they would tell the opponent's skills. With two combined skill lists each side adds its
    second list's skill (``second_skill``; ``defend_second_skill``, or the defender's best), as
    the roll would: the rating is the two added. Where PCs count aspects instead of skills,
    ``counted`` and ``defend_counted`` name them, and their bonus is the rating (the rules'
    :func:`~fatekit.table.counting.counted_fields` decides it as the roll would)."""
    viewer = Viewer(state, seat)
    game = state.game
    if not viewer.sees_sheet(actor):
        raise ForbiddenAction(f"your seat may not see {actor}'s skills", SEAT_RULE)
    roller = game.character(actor)
    preset = state.ruleset.preset
    check_pair(preset, roller.skills, skill, second_skill, who=actor)
    tally = counted_fields(
        state,
        actor,
        skill,
        counted,
        defender=against if defend_counted is not None else None,
        defend_counted=defend_counted,
    )
    rating: int | None = tally["counted_bonus"]
    defend_rating: int | None = tally["defend_counted_bonus"]
    # The rating rolled: the counted aspects' bonus, else the skill's (with two combined
    # lists, the two skills' added).
    rolled = pair_rating(roller.rating, skill, second_skill) if rating is None else rating
    stunts = stunt_bonuses(state, roller, skill, ODDS_ACTIONS[action], chosen, second_skill)
    modifier = rolled + _counted(stunts) + bonus
    opposing: list[JSON] = []
    defending: str | None = None
    if against is not None:
        opponent = game.character(against)
        if not viewer.sees_sheet(against):
            # The opponent's skills are the GM's secret: no odds that would give them away.
            # Weight tells none of them (the sides stand in the open): it is said still.
            weighed = _weighed(state, actor, ODDS_ACTIONS[action], against, claimed=weight_claimed)
            said = {
                key: _weight_json(found)
                for key, found in zip(("weight", "opposing_weight"), weighed, strict=True)
                if found is not None
            }
            return {"hidden": True, "modifier": modifier, "stunts": stunts, **said}
        defending = defend_skill
        if defending is None and defend_rating is None:
            defending = defending_skill(state, actor, skill, against, action=action, mental=mental)
        if defend_rating is not None:
            # Aspects counted: no skill, so no second one either (refused if named).
            check_pair(preset, opponent.skills, "", defend_second_skill, who=against)
            defence_rating = defend_rating
        else:
            if defend_second_skill is None:
                defend_second_skill = best_second(preset, opponent.skills)
            elif defending:
                check_pair(preset, opponent.skills, defending, defend_second_skill, who=against)
            defence_rating = pair_rating(opponent.rating, defending or "", defend_second_skill)
        # The defender's free stunts that fit count, as the table applies them.
        opposing = stunt_bonuses(
            state, opponent, defending or "", Action.DEFEND, second=defend_second_skill
        )
        opposition, active = defence_rating + _counted(opposing), True
    elif difficulty is not None:
        opposition, active = difficulty, False
    else:
        raise BadInput("give a difficulty or an opponent")
    extra = (0, 0)
    engine = _engine_roll(
        state,
        actor=actor,
        skill=skill,
        action=ODDS_ACTIONS[action],
        against=against,
        defend_skill=defending if active else None,
        scale_benefit=scale_benefit,
        second_skill=second_skill,
        defend_second_skill=defend_second_skill if active else None,
        ratings=(rating, defend_rating),
    )
    if engine is not None:
        # What the rules add beyond each side's rating (the stunts are counted above).
        effort, defence_effort = engine
        mine = effort - rolled
        theirs = 0
        if against is not None and defence_effort is not None:
            theirs = defence_effort - defence_rating
        extra = (mine, theirs)
        modifier += mine
        opposition += theirs
    # Each side draws its own seat's way: the actor's player's, the opponent's (an NPC's: the
    # table's); a difficulty is met by the actor's draw alone.
    mine_way = Randomizer(state.randomizer_for(actor))
    theirs_way = Randomizer(state.randomizer_for(against)) if against is not None else mine_way
    weighed = _weighed(state, actor, ODDS_ACTIONS[action], against, claimed=weight_claimed)
    found = chances(
        modifier,
        opposition,
        active=active,
        randomizer=mine_way,
        opposing=theirs_way,
        turned=0 if weighed[0] is None else weighed[0].turned,
        opposing_turned=0 if weighed[1] is None or not active else weighed[1].turned,
    )
    return {
        "hidden": False,
        "randomizer": mine_way.value,
        "opposing_randomizer": theirs_way.value if active else None,
        "modifier": modifier,
        "opposition": opposition,
        "active": active,
        # What the rules add before the dice beyond skills and stunts, to each side.
        "engine_bonus": extra[0],
        "opposing_engine_bonus": extra[1],
        "defend_skill": defending if active else None,
        # Two combined lists: the second skills each side adds (None: one skill is rolled).
        "second_skill": second_skill,
        "defend_second_skill": defend_second_skill if active else None,
        "stunts": stunts,
        "opposing_stunts": opposing,
        # Aspects counted instead of skills: what they add up to, as the roll would count them
        # (None: a skill is rolled).
        "counted_bonus": rating,
        "defend_counted_bonus": defend_rating if active else None,
        "chances": {name: _fraction(p) for name, p in found.as_dict().items()},
        # The dice weight turns to + on each side, and why (None: none turns).
        "weight": _weight_json(weighed[0]),
        "opposing_weight": _weight_json(weighed[1]) if active else None,
    }


def _weighed(
    state: TableState, actor: str, action: Action, against: str | None, *, claimed: bool
) -> tuple[Outweighs | None, Outweighs | None]:
    """How many dice weight turns for ``actor`` and the one defending (``against``), weighed as
    the table would weigh them if the roll were decided now; a claim on a create an advantage
    or an overcome counted as allowed (the GM's word comes with the roll)."""
    conflict = state.conflict
    if conflict is None or actor not in conflict.roster.fighters:
        return (None, None)
    target = against if action is Action.ATTACK else None
    # A claim is counted as the GM allowing it: the odds of the roll the GM would let be made.
    mine = conflict.outweighs(actor, action, target=target, claimed=claimed, allowed=claimed)
    theirs = None
    if against is not None and against in conflict.roster.fighters:
        theirs = conflict.outweighs(against, Action.DEFEND)
    return (mine, theirs)


def _weight_json(found: Outweighs | None) -> JSON | None:
    if found is None:
        return None
    weights = found.weights
    return {
        "own": weights.own,
        "other": weights.other,
        "target": weights.target,
        "turned": found.turned,
    }


def _engine_roll(
    state: TableState,
    *,
    actor: str,
    skill: str,
    action: Action,
    against: str | None,
    defend_skill: str | None,
    scale_benefit: ScaleBenefit | None,
    second_skill: str | None = None,
    defend_second_skill: str | None = None,
    ratings: tuple[int | None, int | None] = (None, None),
) -> tuple[int, int | None] | None:
    """In a conflict, ``actor``'s roll and its opposition before the dice as the engine sets them
    up (:meth:`~fatekit.rules.scenes.conflict.Conflict.efforts_before_dice`: a mob's teamwork, a
    big bad alone, full defense, scale), without the stunts, which the odds count apart.
    ``None`` outside a conflict (nothing there adds beyond skills and stunts), or when the
    engine would refuse the roll's set-up: the odds then count skills and stunts alone."""
    conflict = state.conflict
    fighters = () if conflict is None else conflict.roster.fighters
    if (
        conflict is None
        or actor not in fighters
        or (against is not None and against not in fighters)
    ):
        return None
    try:
        return conflict.efforts_before_dice(
            actor,
            action,
            skill,
            against=against,
            defend_skill=defend_skill,
            scale_benefit=scale_benefit,
            second_skill=second_skill,
            defend_second_skill=defend_second_skill,
            ratings=ratings,
        )
    except FateError:
        return None


def defending_skill(
    state: TableState, actor: str, skill: str, against: str, *, action: str, mental: bool
) -> str:
    """The skill ``against`` opposes ``actor``'s ``skill`` with when no one names one, as the
    table takes it: in a conflict, the engine's choice (the best skill that may stop this attack,
    so no parrying a shot with Fight; the best that may oppose anything else); outside one, an
    overcome or an advantage is resisted with any skill the story fits, so the opponent's best,
    and an attack with the best the preset lets defend (``mental``: against mental harm)."""
    opponent = state.game.character(against)
    conflict = state.conflict
    if conflict is not None and {actor, against} <= set(conflict.roster.fighters):
        if action == "attack":
            ranged = conflict.targets.attack_is_ranged(actor, skill)
            allowed = conflict.defence.defence_skills(against, melee=not ranged)
        else:
            allowed = conflict.defence.opposing_skills(against)
        return next(iter(allowed), "")
    if action != "attack":
        mine = opposing_first_skills(state.ruleset.preset, opponent.skills)
        return max(mine, key=opponent.rating, default="")
    track = Track.MENTAL if mental else Track.PHYSICAL
    if conflict is not None:
        track = conflict.roster.harm  # a rule set's own harm, such as wealth
    return state.ruleset.preset.best_defence(opponent.skills, track)


def stunt_bonuses(
    state: TableState,
    character: Character,
    skill: str,
    action: Action,
    chosen: tuple[str, ...] | None = None,
    second: str | None = None,
) -> list[JSON]:
    """The character's stunts that do something on a roll of ``skill`` for ``action`` (with
    ``second``, the second list's skill added at a table of two combined lists), as the
    rules engine offers them (:func:`~fatekit.rules.aspects.stunt_uses.stunt_offers`), whoever
    the opponent is. ``counted`` says whether the roll applies one: those in ``chosen``, or
    (``None``) those the table applies when the player names none. A spent one is never counted.
    The page's roll dialog and Discord's rolls name the counted ones on the roll, so both make
    the same events."""
    out: list[JSON] = []
    for offer in stunt_offers(character, skill, action, state.game.stunt_uses, second):
        stunt = offer.stunt
        counted = offer.by_default if chosen is None else stunt.name in chosen
        out.append(
            {
                "name": stunt.name,
                "bonus": offer.bonus,
                "cost": stunt.cost.value,
                "fate_point_cost": stunt.fate_point_cost,
                "circumstance": stunt.circumstance,
                "description": stunt.description,
                "effect": stunt_dict(stunt)["effect"],
                "spent": offer.spent,
                "counted": counted and not offer.spent,
            }
        )
    return out


def _counted(stunts: list[JSON]) -> int:
    return sum(s["bonus"] for s in stunts if s["counted"])


def _fraction(value: Fraction) -> JSON:
    return {"p": float(value), "exact": f"{value.numerator}/{value.denominator}"}
