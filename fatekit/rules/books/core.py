"""The Fate Core System, chapter by chapter: what the Fate Core preset plays of it."""

from __future__ import annotations

from fatekit.rules.books.reasons import (
    ABOUT,
    ADVICE,
    ASPECT_CRAFT,
    CHAPTER,
    EXAMPLES,
    EXTRAS,
    OVERVIEW,
    SCENARIOS,
    SETTING,
    SKILL_JUDGEMENT,
)
from fatekit.rules.books.survey import Book, left, played
from fatekit.rules.core.citations import CORE_BOOK

__all__ = ["CORE_SYSTEM"]

_C = "CHARACTER CREATION > Character Creation Is Play"
_A = "ASPECTS AND FATE POINTS > WHAT ASPECTS DO"
_S = "SKILLS AND STUNTS"
_O = "ACTIONS AND OUTCOMES > IT’S TIME FOR ACTION!"
_X = "CHALLENGES, CONTESTS, AND CONFLICTS"
_F = "CHALLENGES, CONTESTS, AND CONFLICTS > CONFLICTS"
_R = "RUNNING THE GAME > WHAT YOU DO > WHAT TO DO DURING PLAY"
_N = "RUNNING THE GAME > CREATING THE OPPOSITION"
_M = "THE LONG GAME > DEFINING ARCS > BUILDING A CAMPAIGN > DEFINING MILESTONES"
_E = "EXTRAS > CREATING AN EXTRA"

CORE_SYSTEM = Book(
    CORE_BOOK,
    "Fate Core System",
    top=2,
    depth=4,
    sections=(
        left("Declarations & Copyright", ABOUT),
        # -- The Basics: a tour of what the later chapters give in full.
        played(
            "THE BASICS",
            "dice.four-fate-dice",
            "dice.six-sided",
            "ladder",
            "roll.effort",
            "roll.outcomes",
            "invoke.effects",
            "invoke.story-detail",
            "compel.offer",
            group=OVERVIEW + "; the Deck of Fate is not offered (dice, six-sided dice or faces "
            "entered by hand are)",
            whole=True,
        ),
        # -- Game Creation
        played(
            "GAME CREATION",
            "setting.define",
            "aspect.setting",
            group=SETTING,
            whole=True,
        ),
        # -- Character Creation
        left("CHARACTER CREATION", CHAPTER, whole=False),
        left("CHARACTER CREATION > Character Creation Is Play", ADVICE, whole=False),
        left(f"{_C} > WHEN CREATING YOUR CHARACTER:", OVERVIEW),
        left(f"{_C} > Your Character Idea", ADVICE),
        left(f"{_C} > KEEP BUILDING YOUR SETTING", SETTING),
        played(f"{_C} > High Concept", "character.aspect-slots", group=ASPECT_CRAFT, whole=True),
        played(f"{_C} > Trouble", "character.aspect-slots", group=ASPECT_CRAFT, whole=True),
        played(f"{_C} > Name", "character.name"),
        played(
            f"{_C} > The Phase Trio",
            "character.aspect-slots",
            group="the phases are a story the players tell together; the sheet holds the three "
            "aspects they give",
            whole=False,
        ),
        left(f"{_C} > The Phase Trio > INTRO TO CHOOSING ASPECTS", ASPECT_CRAFT),
        left(f"{_C} > The Phase Trio > Phase One: Your Adventure", ASPECT_CRAFT),
        left(f"{_C} > The Phase Trio > Phase Two: Crossing Paths", ASPECT_CRAFT),
        left(f"{_C} > The Phase Trio > Phase Three: Crossing Paths Again", ASPECT_CRAFT),
        left(f"{_C} > The Phase Trio > FEWER THAN THREE PLAYERS?", ASPECT_CRAFT),
        played(
            f"{_C} > The Phase Trio > Choosing Skills",
            "shape.pyramid",
            "character.skills-from-list",
            "advancement.skill-cap",
            whole=True,
        ),
        played(
            f"{_C} > The Phase Trio > Stunts and Refresh",
            "character.refresh",
            "character.stunts",
            whole=True,
        ),
        played(
            f"{_C} > The Phase Trio > Stress and Consequences",
            "preset.core.stress",
            "character.consequence-slots",
            "character.superb-extra-mild",
        ),
        left(f"{_C} > The Phase Trio > You’re All Set!", OVERVIEW),
        played(f"{_C} > The Phase Trio > Quick Character Creation", "character.as-you-play"),
        # -- Aspects and Fate Points
        left("ASPECTS AND FATE POINTS", CHAPTER, whole=False),
        played(
            "ASPECTS AND FATE POINTS > DEFINING ASPECTS",
            "aspect.hidden",
            group="an aspect is always true in the story: the group says what that means",
        ),
        played("ASPECTS AND FATE POINTS > DEFINING FATE POINTS", "fate-points.never-negative"),
        played(
            "ASPECTS AND FATE POINTS > TYPES OF ASPECTS",
            "aspect.situation-lifetime",
            group=OVERVIEW,
            whole=False,
        ),
        played(
            "ASPECTS AND FATE POINTS > TYPES OF ASPECTS > Game Aspects",
            "aspect.setting",
            "aspect.scenario",
        ),
        played(
            "ASPECTS AND FATE POINTS > TYPES OF ASPECTS > Character Aspects",
            "character.aspect-slots",
            "aspect.organization",
        ),
        played(
            "ASPECTS AND FATE POINTS > TYPES OF ASPECTS > Situation Aspects",
            "aspect.situation-lifetime",
            "scene.setup",
        ),
        played("ASPECTS AND FATE POINTS > TYPES OF ASPECTS > Consequences", "consequence.aspect"),
        played("ASPECTS AND FATE POINTS > TYPES OF ASPECTS > Boosts", "aspect.boost"),
        left("ASPECTS AND FATE POINTS > WHAT ASPECTS DO", ASPECT_CRAFT, whole=False),
        left(f"{_A} > Importance", ASPECT_CRAFT),
        left(f"{_A} > Deciding When to Use Mechanics", ADVICE),
        left(f"{_A} > MAKING A GOOD ASPECT", ASPECT_CRAFT),
        played(
            f"{_A} > INVOKING ASPECTS",
            "invoke.effects",
            "invoke.paid-once-per-roll",
            "invoke.hostile",
            "fate-points.after-scene",
            group="the group judges that the aspect fits; creating passive opposition at Fair "
            "where there was none is the GM setting a difficulty",
            whole=False,
        ),
        left(f"{_A} > INVOKING ASPECTS > THE REROLL VS. THE +2", ADVICE),
        played(f"{_A} > INVOKING ASPECTS > THE ELLIPSIS TRICK", "invoke.after-the-dice"),
        played(
            f"{_A} > INVOKING ASPECTS > Free Invocations",
            "invoke.free-invokes-stack",
            "aspect.free-invoke-holder",
        ),
        played(
            f"{_A} > COMPELLING ASPECTS",
            "compel.offer",
            "compel.refuse",
            "compel.withdraw",
            "compel.self",
            group="whether a compel fits is the group's to judge",
            whole=False,
        ),
        left(f"{_A} > COMPELLING ASPECTS > FOR VETERANS", ABOUT),
        played(
            f"{_A} > COMPELLING ASPECTS > Types of Compels",
            "compel.kinds",
            "compel.self",
            whole=True,
        ),
        left(f"{_A} > USING ASPECTS FOR ROLEPLAYING", ADVICE),
        played(
            f"{_A} > REMOVING OR CHANGING AN ASPECT",
            "aspect.remove-overcome",
            "aspect.remove-freely",
            group="game and character aspects change at milestones (The Long Game)",
        ),
        played(
            f"{_A} > CREATING AND DISCOVERING NEW ASPECTS IN PLAY",
            "action.create-advantage.new",
            "action.create-advantage.existing",
            group="an aspect the group simply agrees on is added by the GM with no roll",
            whole=False,
        ),
        left(
            f"{_A} > CREATING AND DISCOVERING NEW ASPECTS IN PLAY > FOR THE GM: EXTREMELY "
            "POWERFUL NINJA GM TRICK",
            ADVICE,
        ),
        played(
            f"{_A} > CREATING AND DISCOVERING NEW ASPECTS IN PLAY > Secret or Hidden Aspects",
            "aspect.hidden",
            group="what to keep secret is the GM's judgement",
        ),
        played(
            f"{_A} > THE FATE POINT ECONOMY",
            "fate-points.refresh",
            "fate-points.scenario-reset",
            "character.stunts",
            "conflict.concede-reward",
            "invoke.hostile",
            "fate-points.gm-pool",
            whole=True,
        ),
        # -- Skills and Stunts
        left("SKILLS AND STUNTS", CHAPTER, whole=False),
        played(
            f"{_S} > DEFINING SKILLS",
            "skills.attack-defend",
            "action.overcome",
            "action.create-advantage.new",
            "action.attack",
            "action.defend",
            whole=True,
        ),
        played(
            f"{_S} > DEFINING STUNTS",
            "stunt.bonus",
            "stunt.rule-changing",
            "stunt.fate-point-cost",
            "stunt.uses",
            "stunt.extra-stress-or-consequence",
            "character.stunts",
            group="stunt families and how a stunt is worded are the player's craft",
            whole=True,
        ),
        played(f"{_S} > THE DEFAULT SKILL LIST", "character.skills-from-list", whole=True),
        played(
            f"{_S} > CREATING SETTING WITH SKILLS",
            "skills.custom-list",
            "option.changing-skill-list",
            group=SKILL_JUDGEMENT,
            whole=False,
        ),
        played(
            f"{_S} > CREATING SETTING WITH SKILLS > SKILLS AND GEAR",
            "skills.attack-defend",
            "skills.ranged",
            "preset.core.stress",
            "turn-order.skills",
            "recovery.treatment-skill",
            group=SKILL_JUDGEMENT + "; the example stunts are for players to copy into their "
            "sheets",
            whole=True,
        ),
        # -- Actions and Outcomes
        played(
            "ACTIONS AND OUTCOMES",
            "roll.effort",
            "roll.outcomes",
            "difficulty.guidance",
            "action.overcome",
            "action.create-advantage.new",
            "action.create-advantage.existing",
            "action.attack",
            "action.defend",
            group="whether opposition is active or passive, and what a cost is, are the GM's call",
            whole=False,
        ),
        played(
            _O,
            "roll.effort",
            "roll.outcomes",
            whole=False,
        ),
        played(f"{_O} > Opposition", "difficulty.guidance", "action.defend", whole=True),
        played(f"{_O} > THE FOUR OUTCOMES", "roll.outcomes", "action.overcome", whole=True),
        played(f"{_O} > THE FOUR ACTIONS", "action.overcome", whole=False),
        played(
            f"{_O} > THE FOUR ACTIONS > Overcome",
            "action.overcome",
            "aspect.remove-overcome",
        ),
        played(
            f"{_O} > THE FOUR ACTIONS > Create an Advantage",
            "action.create-advantage.new",
            "action.create-advantage.existing",
        ),
        played(f"{_O} > THE FOUR ACTIONS > Attack", "action.attack"),
        played(
            f"{_O} > THE FOUR ACTIONS > Defend",
            "action.defend",
            group="no stacked effects, and no defence against an overcome but as active "
            "opposition: the engine plays defence only as an attack's or an advantage's "
            "opposition",
            whole=True,
        ),
        # -- Challenges, Contests, and Conflicts
        left("CHALLENGES, CONTESTS, AND CONFLICTS", CHAPTER, whole=False),
        left(f"{_X} > ZOOMING IN ON THE ACTION", ADVICE),
        played(
            f"{_X} > CHALLENGES",
            "challenge.tasks",
            group="advantages in a challenge are rolled as ordinary advantages; their costs "
            "the GM judges",
            whole=True,
        ),
        played(
            f"{_X} > CONTESTS",
            "contest.victories",
            "contest.twist",
            "contest.roles",
            "contest.advantage",
            "contest.difficulty",
            whole=True,
        ),
        played(f"{_F}", "conflict.exchange", "conflict.end", whole=False),
        played(f"{_F} > Setting the Scene", "scene.setup"),
        played(f"{_F} > Situation Aspects", "scene.setup", whole=True),
        played(f"{_F} > Zones", "zone.interact", "zone.ranged", "zone.free-move"),
        left(
            f"{_F} > Establishing Sides",
            "who stands on which side is the GM's to say when the conflict starts",
        ),
        played(f"{_F} > Turn Order", "turn-order.skills"),
        played(
            f"{_F} > The Exchange",
            "conflict.exchange",
            "conflict.interpose",
            "character.mob",
            whole=True,
        ),
        played(f"{_F} > The Exchange > Full Defense", "conflict.full-defense.core"),
        played(
            f"{_F} > Resolving Attacks",
            "harm.absorb",
            "conflict.forgo-defense",
            "conflict.taken-out",
        ),
        played(
            f"{_F} > Stress",
            "stress.escalating",
            "stress.kind-of-harm",
            "preset.core.stress",
            "recovery.stress",
            "harm.only-as-needed",
        ),
        played(
            f"{_F} > Consequences",
            "consequence.slots",
            "consequence.aspect",
            "consequence.reserved-slot",
            "character.superb-extra-mild",
            group="how bad a consequence's name sounds is the player's to judge",
            whole=True,
        ),
        played(
            f"{_F} > Recovering from a Consequence",
            "recovery.treatment",
            "recovery.time",
            "recovery.core-scenario",
            "recovery.treatment-skill",
            group="instant healing (a potion) is the GM's to allow, by renaming or correcting "
            "a consequence",
            whole=True,
        ),
        played(
            f"{_F} > Extreme Consequences",
            "consequence.extreme",
            "consequence.extreme-last-ditch",
            "consequence.extreme-who",
            "consequence.extreme-no-recovery",
            "consequence.extreme-rename",
        ),
        played(
            f"{_F} > Conceding the Conflict",
            "conflict.concede-timing",
            "conflict.concede-reward",
            "conflict.taken-out",
            group="what the winners get from a concession is the players' to agree",
        ),
        left(
            f"{_F} > Character Death",
            "whether taken out means dead is the group's to agree; the engine records who was "
            "taken out and the group tells the rest",
        ),
        played(f"{_F} > Movement", "zone.free-move", "zone.move-roll"),
        played(
            f"{_F} > Advantages in a Conflict",
            "action.create-advantage.new",
            "action.create-advantage.existing",
            group="cover fire and other impositions are advantages or overcomes the GM frames",
            whole=True,
        ),
        played(
            f"{_F} > Other Actions in a Conflict",
            "challenge.in-conflict",
            "zone.free-move",
            group="free actions (a shout, a glance) need no roll",
            whole=True,
        ),
        played(f"{_F} > Ending a Conflict", "conflict.end", "conflict.end-called"),
        played(f"{_F} > Transitioning to a Contest or Challenge", "conflict.end-called"),
        played(
            f"{_F} > TEAMWORK",
            "teamwork.combine-skills",
            "aspect.free-invoke-holder",
            group="Fate Core adds +1 a helper with no cap (the mob of five guardians rolls at "
            "Superb); fatekit caps the bonus at the roller's rating as Fate Condensed does",
        ),
        # -- Running the Game
        left("RUNNING THE GAME", CHAPTER, whole=False),
        left("RUNNING THE GAME > WHAT YOU DO", ADVICE, whole=False),
        played(
            "RUNNING THE GAME > WHAT YOU DO > Start and End Scenes",
            "scene.end",
            group=ADVICE,
            whole=True,
        ),
        left("RUNNING THE GAME > WHAT YOU DO > Play the World and the NPCs", ADVICE),
        left(
            "RUNNING THE GAME > WHAT YOU DO > Create Scenarios (and Nearly Everything Else)",
            SCENARIOS,
        ),
        left("RUNNING THE GAME > WHAT YOU DO > WHAT TO DO DURING GAME CREATION", SETTING),
        left(_R, ADVICE, whole=False),
        left(f"{_R} > The Golden Rule", ADVICE),
        left(f"{_R} > THE SILVER RULE", ADVICE),
        left(f"{_R} > When to Roll Dice", ADVICE),
        left(f"{_R} > SITUATION ASPECTS ARE YOUR FRIEND", ADVICE),
        left(f"{_R} > Making Failure Awesome", ADVICE),
        left(f"{_R} > Let the Player Do the Work", ADVICE),
        played(f"{_R} > Setting Difficulties", "difficulty.guidance", whole=True),
        left(f"{_R} > Dealing with Extraordinary Success", ADVICE),
        played(
            f"{_R} > Dealing with Time",
            "time-shift.steps",
            group="game time and story time are the GM's to keep; the time-shifts option "
            "counts story time by shifts",
        ),
        left(f"{_R} > Game Time", ADVICE),
        left(f"{_R} > Story Time", ADVICE),
        left(f"{_R} > Deadline Pressure", ADVICE),
        played(f"{_R} > Using Story Time in Success and Failure", "time-shift.steps", whole=True),
        left(f"{_R} > Story Time and the Scope of an Action", ADVICE),
        left(f"{_R} > Zoom In, Zoom Out", ADVICE),
        left(f"{_R} > Judging the Use of Skills and Stunts", SKILL_JUDGEMENT),
        left(f"{_R} > Aspects and Details: Discovery vs. Creation", ADVICE),
        left(f"{_R} > Skills and Specific Measurements", SKILL_JUDGEMENT),
        played(
            f"{_R} > Dealing with Conflicts and Other Weird Stuff",
            "option.multiple-targets",
            "obstacle.hazard.acts",
            group="splitting an attack or hitting a zone is played under the multiple-targets "
            "option (a Fate Core table ticks it); a compel on several targets costs a fate "
            "point each, which the GM asks; a hazard is a character the GM writes, or the "
            "obstacles option",
            whole=True,
        ),
        left(f"{_R} > Dealing with Aspects", ADVICE),
        left(f"{_R} > Invocations", ADVICE),
        left(f"{_R} > Compels", ADVICE),
        played(
            _N,
            "character.minor-npc",
            "character.major-npc",
            "character.mob",
            "character.mob.hits",
            "fate-points.gm-pool",
            group="a supporting NPC is written as a major NPC with fewer slots; advantages for "
            "NPCs and changing the conflict's venue are the GM's play",
            whole=True,
        ),
        left("RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS", SCENARIOS, whole=False),
        left("RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS > SO, NOW WHAT?", SCENARIOS),
        played(
            "RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS > DEFINING SCENARIOS",
            "aspect.scenario",
            group=SCENARIOS,
            whole=True,
        ),
        played(
            "RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS > DEFINING SCENES",
            "scene.setup",
            "scene.end",
            group=ADVICE,
            whole=True,
        ),
        left("RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS > THE SCENARIO IN PLAY", ADVICE),
        played(
            "RUNNING THE GAME > SCENES, SESSIONS, AND SCENARIOS > RESOLVING THE SCENARIO",
            "advancement.significant",
            group=ADVICE,
        ),
        # -- The Long Game
        left("THE LONG GAME", CHAPTER, whole=False),
        left("THE LONG GAME > DEFINING ARCS", SCENARIOS, whole=False),
        left("THE LONG GAME > DEFINING ARCS > DEFINING CAMPAIGNS", SCENARIOS),
        left("THE LONG GAME > DEFINING ARCS > BUILDING AN ARC", SCENARIOS),
        left("THE LONG GAME > DEFINING ARCS > BUILDING A CAMPAIGN", SCENARIOS, whole=False),
        left(
            "THE LONG GAME > DEFINING ARCS > BUILDING A CAMPAIGN > ADVANCEMENT AND CHANGE",
            OVERVIEW,
        ),
        played(
            "THE LONG GAME > DEFINING ARCS > BUILDING A CAMPAIGN > DEFINING MILESTONES",
            "advancement.milestone",
            "advancement.minor-recovery",
            group="when a milestone comes is the GM's call (a session's, a scenario's or an "
            "arc's end, as the page offers it)",
        ),
        played(f"{_M} > Minor Milestones", "advancement.milestone", "advancement.minor-recovery"),
        played(
            f"{_M} > Significant Milestones",
            "advancement.significant",
            "advancement.banked-steps",
            "skills.column-rule",
            group="a GM who lets a player break the columns now and correct them later sets "
            "the rule aside for that move",
        ),
        played(f"{_M} > Skill Columns", "skills.column-rule", "advancement.banked-steps"),
        played(
            f"{_M} > Major Milestones",
            "advancement.major",
            "advancement.skill-cap",
            "consequence.extreme-rename",
        ),
        left(
            f"{_M} > BACK TO CHARACTER CREATION",
            "rebuilding the sheets between arcs is the group's; the GM edits a sheet with the "
            "same refresh and skill points",
        ),
        left(
            "THE LONG GAME > DEFINING ARCS > BUILDING A CAMPAIGN > WORLD ADVANCEMENT",
            SETTING + "; NPCs grow as the GM edits their sheets",
        ),
        # -- Extras
        left("EXTRAS", CHAPTER, whole=False),
        played(
            "EXTRAS > DEFINING EXTRAS",
            "stunt.rule-changing",
            "fate-points.extra",
            group=EXTRAS,
        ),
        played(
            "EXTRAS > THE BRONZE RULE, AKA THE FATE FRACTAL",
            "character.monster",
            group="anything may be written as a character: an extra with its own sheet, "
            "shared by the PCs who hold it",
        ),
        left(_E, EXTRAS, whole=False),
        left(f"{_E} > Setting Elements", EXTRAS),
        left(f"{_E} > Assigning Character Elements", EXTRAS),
        played(f"{_E} > Permissions and Costs", "character.stunts", group=EXTRAS),
        left(f"{_E} > The Writeup", EXAMPLES),
        played(
            f"{_E} > EXTRAS AND ADVANCEMENT",
            "option.weapon-armor",
            "option.weapon-armor.range",
            group="an extra grows at milestones as the GM edits it; of the examples, Weapon and "
            "Armor ratings are played under their option, the others are stunts and aspects",
            whole=True,
        ),
        played(
            f"{_E} > POWERS AND SCALING",
            "scale.levels",
            "scale.benefit",
            group="powers above the mundane are played under the scale option; what a power "
            "does is its stunts'",
        ),
        left(f"{_E} > Special Gear", EXTRAS),
        left("CHEAT SHEET", "a page left blank in the SRD"),
        left("VETERANS’ GUIDE", "what changed since earlier Fate: the chapters above say it"),
        left("FEEDBACK HEROES", ABOUT),
        left("Appendix I: Open Game License Version 1.0a", ABOUT),
    ),
)
