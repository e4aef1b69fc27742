"""What each evening sets out to do: the paths the agent is seeded with (issue 39).

An evening is still played through the page's controls, chosen at random; its plan only sets the
table up (a preset, sometimes its options) and names goals, command types or paths (see
`routes.paths`) that the agent leans towards until it has sent them. Seed n plays
``PLANS[n % len(PLANS)]``, so any seven seeds in a row play every plan once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    name: str
    #: The preset the GM picks (None: any).
    preset: str | None = None
    #: Optional rules the GM always ticks (beside some drawn at random).
    options: tuple[str, ...] = ()
    #: Optional rules never drawn: they would take the plan's paths away (conditions replace
    #: consequences, extreme ones among them).
    without: tuple[str, ...] = ()
    #: The goals the evening leans towards until it has sent them.
    goals: frozenset[str] = frozenset()
    #: When (a share of the evening's steps) the GM starts to end the session.
    end_from: float = 0.7
    #: Whether the GM ends sessions again and again (a milestone each time).
    sessions: bool = False
    #: Whether every scene has zones.
    zones: bool = False
    #: Whether the players bring their characters in from files.
    imports: bool = False
    #: Goals that open only once the evening has sent `after`, a command type or a path (taking
    #: someone out waits for a hit absorbed: as a goal from the start it would end the fight
    #: before anyone is hit).
    then: frozenset[str] = frozenset()
    after: str = ""


#: A fight's way through, from the session's start (conceding, taking out and finishing come in
#: their time: as goals they would end the fight before anyone is hit).
FIGHT = ("StartSession", "StartScene", "StartConflict", "Attack", "Absorb", "EndTurn")

PLANS: tuple[Plan, ...] = (
    Plan(
        "Fate Core: a mob, a fight, extreme consequences, treatment, several targets, weapons",
        preset="core",
        options=("multiple_targets", "weapon_and_armor"),
        without=("conditions", "conditions_apart"),
        goals=frozenset(
            (
                *FIGHT,
                "AddCharacter:mob",
                "Absorb:extreme:core",
                "Treat",
                "SplitAttack",
                "AssignTargets",
                "Equip",
            )
        ),
        # Out of the fight once an extreme consequence has been taken: a big hit after it finds
        # nothing left to take it (Fate Core's extreme is the last resort, once).
        # The GM corrects the extreme consequence once there is one to correct.
        then=frozenset(("TakeOut", "Concede", "FinishConflict", "CorrectExtreme")),
        after="Absorb:extreme:core",
    ),
    Plan(
        "Fate Accelerated: milestones of every kind; rolls drawn another way",
        preset="fae",
        goals=frozenset(f"EndSession:{level}:fae" for level in ("minor", "significant", "major"))
        | {"SpendMilestone", "RaiseSkills"}
        # Rolls drawn another way: the table's, and each player's own once the GM allows it.
        | {"ChooseRandomizer", "AllowSeatRandomizers", "ChooseOwnRandomizer"},
        end_from=0.15,
        sessions=True,
    ),
    Plan(
        "A character imported from a file and edited afterwards; zones and moves; story details",
        preset="condensed",
        goals=frozenset(
            (
                "AddCharacter:import",
                "UpdateCharacter:imported",
                "PlaceInZone",
                "FreeMove",
                "JoinScene",
                "DeclareStoryDetail",
            )
        ),
        zones=True,
        imports=True,
    ),
    Plan(
        "Fate Core: milestones of every kind",
        preset="core",
        goals=frozenset(f"EndSession:{level}:core" for level in ("minor", "significant", "major"))
        | {"SpendMilestone", "RaiseSkills"},
        end_from=0.15,
        sessions=True,
    ),
    Plan(
        "The GM's tools: the setting, prepared scenes, countdowns and their triggers, templates, "
        "seats, corrections, notes, the recap; Condensed's milestone and breakthrough",
        preset="condensed",
        options=("countdowns", "scale", "obstacles"),
        end_from=0.4,
        sessions=True,
        goals=frozenset(
            (
                "Milestone",
                "Breakthrough",
                "DescribeSetting",
                "AddLastingAspect",
                "PutSettingEntry",
                "RemoveSettingEntry",
                "SetMembership",
                "PrepareScene",
                "StartPreparedScene",
                "RemovePreparedScene",
                "AddCountdown",
                "FireTrigger",
                "MarkCountdown",
                "AddTemplate",
                "RemoveTemplate",
                "RemoveSeat",
                "CorrectFatePoints",
                "AddRecapLine",
                "AddSituationAspect",
                "Note",
                "CloseScenario",
                # Condensed's two milestones: each session ends at one.
                "EndSession:minor:condensed",
                "EndSession:major:condensed",
            )
        ),
        # A countdown struck off once it has been marked (no plan named it, and no soak ever
        # sent it; as a goal from the start it would take the countdown away before its marks).
        then=frozenset(("RemoveCountdown",)),
        after="MarkCountdown",
    ),
    Plan(
        "Öde: zones in a fight, placing, moving, zone attacks, obstacles; contests with outside "
        "threats",
        preset="ode",
        options=("multiple_targets", "obstacles"),
        goals=frozenset(
            (
                "StartSession",
                "StartScene",
                "StartConflict",
                "Overcome",
                "CreateAdvantage",
                "FullDefense",
                "AddBlock",
                "AddHazard",
                "ContestThreat",
                "AbsorbContestHit",
                "PlaceInZone",
                "FreeMove",
                "ZoneAttack",
                "StartContest",
                "ContestRoll",
                "StartChallenge",
                "ChallengeRoll",
                "AddCharacter:major_npc",
                "Attack",
            )
        ),
        then=frozenset(("TakeContestOut",)),
        after="AbsorbContestHit",
        zones=True,
    ),
    Plan(
        "A big bad with minions to throw in front of hits and an immunity to break first, then "
        "taken out",
        preset="condensed",
        options=("big_bads", "scale"),
        goals=frozenset((*FIGHT, "SetBigBad", "BreakImmunity", "Shield", "SetScale")),
        then=frozenset(("TakeOut", "FinishConflict")),
        after="Shield",
    ),
)


def plan_for(seed: int) -> Plan:
    return PLANS[seed % len(PLANS)]
