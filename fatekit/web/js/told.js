// The log's lines, as the events' domains declare them (fatekit/table/telling.py): written by
// `make docs` (tools/page_lines.py), never by hand. log.js reads them; Discord reads the same.

/** Each event type's line: the cases of its catalog key and the pieces its text names. */
export const TOLD = {
  AdvantageRolled: {
    cases: [
      {
        key: "AdvantageRolled.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "AdvantageRolled.defend_weight",
        when: [
          {
            field: "defend_weight",
          },
        ],
      },
      {
        key: "AdvantageRolled.pair",
        when: [
          {
            field: "second_skill",
          },
        ],
      },
      {
        key: "AdvantageRolled.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "AdvantageRolled.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "AdvantageRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      second: {
        kind: "skill",
        field: "second_skill",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      dice: {
        kind: "dice",
        field: "faces",
        also: "defend_faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
      def_own: {
        kind: "number",
        field: "defend_weight.own",
      },
      def_other: {
        kind: "number",
        field: "defend_weight.other",
      },
      def_turned: {
        kind: "number",
        field: "defend_weight.turned",
      },
      def_rolled: {
        kind: "dice",
        field: "defend_rolled_faces",
      },
    },
    after: [
      {
        kind: "stunts",
        field: "stunts",
        style: "strong",
        prefix: "event.with_stunts",
      },
    ],
  },
  AspectCorrected: {
    cases: [
      {
        key: "AspectCorrected",
      },
    ],
    pieces: {
      was: {
        kind: "text",
        field: "was",
        style: "aspect",
      },
      name: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
    },
  },
  AspectRemoved: {
    cases: [
      {
        key: "AspectRemoved",
      },
    ],
    pieces: {
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
    },
  },
  AspectRevealed: {
    cases: [
      {
        key: "AspectRevealed",
      },
    ],
    pieces: {
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
    },
  },
  AttackRolled: {
    cases: [
      {
        key: "AttackRolled.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "AttackRolled.defend_weight",
        when: [
          {
            field: "defend_weight",
          },
        ],
      },
      {
        key: "AttackRolled.pair",
        when: [
          {
            field: "second_skill",
          },
        ],
      },
      {
        key: "AttackRolled.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "AttackRolled.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "AttackRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      target: {
        kind: "who",
        field: "target",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      second: {
        kind: "skill",
        field: "second_skill",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      dice: {
        kind: "dice",
        field: "faces",
        also: "defend_faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
      def_own: {
        kind: "number",
        field: "defend_weight.own",
      },
      def_other: {
        kind: "number",
        field: "defend_weight.other",
      },
      def_turned: {
        kind: "number",
        field: "defend_weight.turned",
      },
      def_rolled: {
        kind: "dice",
        field: "defend_rolled_faces",
      },
    },
    after: [
      {
        kind: "stunts",
        field: "stunts",
        style: "strong",
        prefix: "event.with_stunts",
      },
    ],
  },
  BigBadSet: {
    cases: [
      {
        key: "BigBadSet",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  BlockAdded: {
    cases: [
      {
        key: "BlockAdded",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  BorderBlocked: {
    cases: [
      {
        key: "BorderBlocked",
      },
    ],
    pieces: {
      aspect: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
      zone: {
        kind: "text",
        field: "zone",
      },
      to: {
        kind: "text",
        field: "to",
      },
    },
  },
  BorderCleared: {
    cases: [
      {
        key: "BorderCleared",
      },
    ],
    pieces: {
      aspect: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
      zone: {
        kind: "text",
        field: "zone",
      },
      to: {
        kind: "text",
        field: "to",
      },
    },
  },
  BreakthroughTaken: {
    cases: [
      {
        key: "BreakthroughTaken",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  ChallengeEnded: {
    cases: [
      {
        key: "ChallengeEnded",
      },
    ],
  },
  ChallengeRolled: {
    cases: [
      {
        key: "ChallengeRolled.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "ChallengeRolled.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "ChallengeRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
    },
  },
  ChallengeStarted: {
    cases: [
      {
        key: "ChallengeStarted",
      },
    ],
  },
  CharacterAdded: {
    cases: [
      {
        key: "CharacterAdded",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  CharacterGiven: {
    cases: [
      {
        key: "CharacterGiven",
        when: [
          {
            field: "owner",
          },
        ],
      },
      {
        key: "CharacterGiven.gm",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      seat: {
        kind: "seat",
        field: "owner",
      },
    },
  },
  CharacterRevealed: {
    cases: [
      {
        key: "CharacterRevealed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  CharacterUpdated: {
    cases: [
      {
        key: "CharacterUpdated",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  CompelAnswered: {
    cases: [
      {
        key: "CompelAnswered.{answer}",
      },
    ],
  },
  CompelOffered: {
    cases: [
      {
        key: "CompelOffered.decision",
        when: [
          {
            field: "kind",
            test: "is",
            value: "decision",
          },
        ],
      },
      {
        key: "CompelOffered",
      },
    ],
    pieces: {
      target: {
        kind: "who",
        field: "target",
      },
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
      by: {
        kind: "who",
        field: "offered_by",
      },
    },
  },
  Conceded: {
    cases: [
      {
        key: "Conceded.terms",
        when: [
          {
            field: "terms",
          },
        ],
      },
      {
        key: "Conceded",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      terms: {
        kind: "text",
        field: "terms",
        style: "quote",
      },
    },
  },
  ConditionCleared: {
    cases: [
      {
        key: "ConditionCleared",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      condition: {
        kind: "conditions",
        field: "key",
        style: "aspect",
        also: "name",
      },
    },
  },
  ConditionMarked: {
    cases: [
      {
        key: "ConditionMarked.by",
        when: [
          {
            field: "by",
          },
        ],
      },
      {
        key: "ConditionMarked",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      condition: {
        kind: "conditions",
        field: "key",
        style: "aspect",
        also: "name",
      },
      by: {
        kind: "who",
        field: "by",
      },
    },
  },
  ConditionRecovering: {
    cases: [
      {
        key: "ConditionRecovering",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      condition: {
        kind: "conditions",
        field: "key",
        style: "aspect",
        also: "name",
      },
      effort: {
        kind: "number",
        field: "effort",
      },
    },
  },
  ConflictFinished: {
    cases: [
      {
        key: "ConflictFinished",
      },
    ],
  },
  ConflictStarted: {
    cases: [
      {
        key: "ConflictStarted",
      },
    ],
    pieces: {
      kind: {
        kind: "word",
        field: "kind",
        prefix: "conflict.kind.",
      },
    },
  },
  ConsequenceCorrected: {
    cases: [
      {
        key: "ConsequenceCorrected.cleared",
        when: [
          {
            field: "name",
            test: "null",
          },
        ],
      },
      {
        key: "ConsequenceCorrected.written",
        when: [
          {
            field: "was",
            test: "null",
          },
        ],
      },
      {
        key: "ConsequenceCorrected.renamed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      name: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
      was: {
        kind: "text",
        field: "was",
        style: "aspect",
      },
    },
  },
  ContestEnded: {
    cases: [
      {
        key: "ContestEnded",
      },
    ],
  },
  ContestForfeited: {
    cases: [
      {
        key: "ContestForfeited",
      },
    ],
    pieces: {
      side: {
        kind: "text",
        field: "side",
      },
    },
  },
  ContestHitAbsorbed: {
    cases: [
      {
        key: "ContestHitAbsorbed.consequence",
        when: [
          {
            field: "names",
          },
        ],
      },
      {
        key: "ContestHitAbsorbed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "target",
      },
      n: {
        kind: "number",
        field: "shifts",
      },
      consequence: {
        kind: "names",
        field: "names",
        style: "aspect",
        item: "1",
      },
    },
  },
  ContestRolled: {
    cases: [
      {
        key: "ContestRolled.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "ContestRolled.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "ContestRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
    },
  },
  ContestStarted: {
    cases: [
      {
        key: "ContestStarted",
      },
    ],
  },
  ContestTakenOut: {
    cases: [
      {
        key: "ContestTakenOut",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "target",
      },
      n: {
        kind: "number",
        field: "shifts",
      },
    },
  },
  ContestThreatRolled: {
    cases: [
      {
        key: "ContestThreatRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
      sides: {
        kind: "names",
        field: "sides",
      },
    },
  },
  CountdownAdded: {
    cases: [
      {
        key: "CountdownAdded",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
        fallback: "countdown.unnamed",
      },
    },
  },
  CountdownMarked: {
    cases: [
      {
        key: "CountdownMarked",
      },
    ],
    pieces: {
      n: {
        kind: "number",
        field: "count",
        fallback: "1",
      },
    },
  },
  CountdownRemoved: {
    cases: [
      {
        key: "CountdownRemoved",
        when: [
          {
            field: "name",
          },
        ],
      },
      {
        key: "CountdownRemoved.unnamed",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  DifficultyHidden: {
    cases: [
      {
        key: "DifficultyHidden.withdrawn",
        when: [
          {
            field: "withdrawn",
          },
        ],
      },
      {
        key: "DifficultyHidden.withdrawn",
        when: [
          {
            field: "difficulty",
            test: "null",
          },
        ],
      },
      {
        key: "DifficultyHidden",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
    },
  },
  Equipped: {
    cases: [
      {
        key: "Equipped",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      weapon: {
        kind: "number",
        field: "weapon",
      },
      armor: {
        kind: "number",
        field: "armor",
      },
    },
  },
  ExtremeCorrected: {
    cases: [
      {
        key: "ExtremeCorrected.taken_back",
        when: [
          {
            field: "name",
            test: "null",
          },
        ],
      },
      {
        key: "ExtremeCorrected.written",
        when: [
          {
            field: "was",
            test: "null",
          },
        ],
      },
      {
        key: "ExtremeCorrected.renamed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      name: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
      was: {
        kind: "text",
        field: "was",
        style: "aspect",
      },
      replaced: {
        kind: "text",
        field: "replaced_name",
        style: "aspect",
        fallback: "harm.hidden_aspect",
      },
    },
  },
  FatePointsCorrected: {
    cases: [
      {
        key: "FatePointsCorrected",
        when: [
          {
            field: "character_id",
          },
        ],
      },
      {
        key: "FatePointsCorrected.pool",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      was: {
        kind: "number",
        field: "was",
      },
      to: {
        kind: "number",
        field: "fate_points",
      },
    },
  },
  FreeInvokePassed: {
    cases: [
      {
        key: "FreeInvokePassed",
      },
    ],
    pieces: {
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
      from: {
        kind: "who",
        field: "from_character",
      },
      to: {
        kind: "who",
        field: "to_character",
      },
    },
  },
  FreeInvokesCorrected: {
    cases: [
      {
        key: "FreeInvokesCorrected",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "holder",
      },
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
      was: {
        kind: "number",
        field: "was",
      },
      to: {
        kind: "number",
        field: "count",
      },
    },
  },
  FullDefenseTaken: {
    cases: [
      {
        key: "FullDefenseTaken",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
    },
  },
  HazardAdded: {
    cases: [
      {
        key: "HazardAdded",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  HitAbsorbed: {
    cases: [
      {
        key: "HitAbsorbed.extreme_more",
        when: [
          {
            field: "extreme",
          },
          {
            field: "names",
          },
        ],
      },
      {
        key: "HitAbsorbed.extreme",
        when: [
          {
            field: "extreme",
          },
        ],
      },
      {
        key: "HitAbsorbed.conditions_consequence",
        when: [
          {
            field: "conditions",
          },
          {
            field: "names",
          },
        ],
      },
      {
        key: "HitAbsorbed.consequence",
        when: [
          {
            field: "names",
          },
        ],
      },
      {
        key: "HitAbsorbed.conditions",
        when: [
          {
            field: "conditions",
          },
        ],
      },
      {
        key: "HitAbsorbed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "target",
      },
      consequence: {
        kind: "names",
        field: "names",
        style: "aspect",
        item: "1",
      },
      conditions: {
        kind: "conditions",
        field: "conditions",
        style: "aspect",
        also: "condition_names",
      },
      extreme: {
        kind: "text",
        field: "extreme.name",
        style: "aspect",
      },
      replaced: {
        kind: "text",
        field: "replaced_name",
        style: "aspect",
        fallback: "harm.hidden_aspect",
      },
    },
  },
  ImmunityBroken: {
    cases: [
      {
        key: "ImmunityBroken",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  Invoked: {
    cases: [
      {
        key: "Invoked.boost_target.weight",
        when: [
          {
            field: "boost_name",
            test: "text",
          },
          {
            field: "target",
          },
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.boost_target",
        when: [
          {
            field: "boost_name",
            test: "text",
          },
          {
            field: "target",
          },
        ],
      },
      {
        key: "Invoked.boost.weight",
        when: [
          {
            field: "boost_name",
            test: "text",
          },
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.boost",
        when: [
          {
            field: "boost_name",
            test: "text",
          },
        ],
      },
      {
        key: "Invoked.free_target.weight",
        when: [
          {
            field: "free",
          },
          {
            field: "target",
          },
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.free_target",
        when: [
          {
            field: "free",
          },
          {
            field: "target",
          },
        ],
      },
      {
        key: "Invoked.free.weight",
        when: [
          {
            field: "free",
          },
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.free",
        when: [
          {
            field: "free",
          },
        ],
      },
      {
        key: "Invoked.paid_target.weight",
        when: [
          {
            field: "target",
          },
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.paid_target",
        when: [
          {
            field: "target",
          },
        ],
      },
      {
        key: "Invoked.paid.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "Invoked.paid",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "by",
      },
      aspect: {
        kind: "either",
        choices: [
          [
            [
              {
                field: "boost_name",
                test: "text",
              },
            ],
            {
              kind: "text",
              field: "boost_name",
              style: "aspect",
              fallback: "aspect.unnamed_boost",
            },
          ],
        ],
        otherwise: {
          kind: "aspect",
          field: "aspect_id",
        },
      },
      effect: {
        kind: "word",
        field: "effect",
        prefix: "effect.",
      },
      target: {
        kind: "who",
        field: "target",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
    },
  },
  JoinedScene: {
    cases: [
      {
        key: "JoinedScene.side",
        when: [
          {
            field: "side",
          },
        ],
      },
      {
        key: "JoinedScene",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      side: {
        kind: "text",
        field: "side",
      },
    },
  },
  LastingAspectAdded: {
    cases: [
      {
        key: "LastingAspectAdded.{kind}",
      },
    ],
    pieces: {
      aspect: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
      organization: {
        kind: "text",
        field: "organization",
      },
    },
  },
  MembershipSet: {
    cases: [
      {
        key: "MembershipSet",
        when: [
          {
            field: "member",
          },
        ],
      },
      {
        key: "MembershipSet.left",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      organization: {
        kind: "text",
        field: "organization",
      },
    },
  },
  MilestoneSpent: {
    cases: [
      {
        key: "MilestoneSpent.settled",
        when: [
          {
            field: "settled",
          },
        ],
      },
      {
        key: "MilestoneSpent.{level}",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      aspect: {
        kind: "names",
        field: "settled",
        style: "aspect",
        item: "name",
      },
    },
  },
  MilestoneTaken: {
    cases: [
      {
        key: "MilestoneTaken",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  MinionShielded: {
    cases: [
      {
        key: "MinionShielded",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "minion",
      },
    },
  },
  MissedEveryone: {
    cases: [
      {
        key: "MissedEveryone",
      },
    ],
  },
  Moved: {
    cases: [
      {
        key: "Moved",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      zone: {
        kind: "text",
        field: "to",
      },
    },
  },
  NoteAdded: {
    cases: [
      {
        key: "NoteAdded.{visibility}",
      },
    ],
    pieces: {
      text: {
        kind: "text",
        field: "text",
        style: "quote",
      },
    },
  },
  NpcDiceHidden: {
    cases: [
      {
        key: "NpcDiceHidden",
        when: [
          {
            field: "hidden",
          },
        ],
      },
      {
        key: "NpcDiceHidden.shown",
      },
    ],
  },
  OptionalRuleSet: {
    cases: [
      {
        key: "OptionalRuleSet.on",
        when: [
          {
            field: "on",
          },
        ],
      },
      {
        key: "OptionalRuleSet.off",
      },
    ],
    pieces: {
      option: {
        kind: "word",
        field: "option",
        prefix: "option.",
      },
    },
  },
  OvercomeRolled: {
    cases: [
      {
        key: "OvercomeRolled.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "OvercomeRolled.defend_weight",
        when: [
          {
            field: "defend_weight",
          },
        ],
      },
      {
        key: "OvercomeRolled.pair",
        when: [
          {
            field: "second_skill",
          },
        ],
      },
      {
        key: "OvercomeRolled.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "OvercomeRolled.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "OvercomeRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      second: {
        kind: "skill",
        field: "second_skill",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      dice: {
        kind: "dice",
        field: "faces",
        also: "defend_faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
      def_own: {
        kind: "number",
        field: "defend_weight.own",
      },
      def_other: {
        kind: "number",
        field: "defend_weight.other",
      },
      def_turned: {
        kind: "number",
        field: "defend_weight.turned",
      },
      def_rolled: {
        kind: "dice",
        field: "defend_rolled_faces",
      },
    },
    after: [
      {
        kind: "stunts",
        field: "stunts",
        style: "strong",
        prefix: "event.with_stunts",
      },
    ],
  },
  OwnRandomizerChosen: {
    cases: [
      {
        key: "OwnRandomizerChosen",
      },
    ],
    pieces: {
      randomizer: {
        kind: "word",
        field: "randomizer",
        prefix: "randomizer.",
      },
    },
  },
  PlacedInZone: {
    cases: [
      {
        key: "PlacedInZone",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      zone: {
        kind: "text",
        field: "zone",
      },
    },
  },
  PreparedSceneMapSet: {
    cases: [
      {
        key: "PreparedSceneMapSet",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "scene_id",
      },
    },
  },
  PreparedSceneRemoved: {
    cases: [
      {
        key: "PreparedSceneRemoved",
      },
    ],
  },
  PreparedSceneStarted: {
    cases: [
      {
        key: "PreparedSceneStarted",
      },
    ],
  },
  RandomizerChosen: {
    cases: [
      {
        key: "RandomizerChosen",
      },
    ],
    pieces: {
      randomizer: {
        kind: "word",
        field: "randomizer",
        prefix: "randomizer.",
      },
    },
  },
  RecapLineAdded: {
    cases: [
      {
        key: "RecapLineAdded.{visibility}",
      },
    ],
    pieces: {
      n: {
        kind: "number",
        field: "session",
      },
      text: {
        kind: "text",
        field: "text",
        style: "quote",
      },
    },
  },
  RollMade: {
    cases: [
      {
        key: "RollMade.move.pair",
        when: [
          {
            field: "move_to",
          },
          {
            field: "second_skill",
          },
        ],
      },
      {
        key: "RollMade.move.counted_named",
        when: [
          {
            field: "move_to",
          },
          {
            field: "counted",
          },
        ],
      },
      {
        key: "RollMade.move.counted",
        when: [
          {
            field: "move_to",
          },
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "RollMade.move",
        when: [
          {
            field: "move_to",
          },
        ],
      },
      {
        key: "RollMade.pair",
        when: [
          {
            field: "second_skill",
          },
        ],
      },
      {
        key: "RollMade.counted_named",
        when: [
          {
            field: "counted",
          },
        ],
      },
      {
        key: "RollMade.counted",
        when: [
          {
            field: "counted_bonus",
            test: "given",
          },
        ],
      },
      {
        key: "RollMade",
      },
    ],
    pieces: {
      zone: {
        kind: "text",
        field: "move_to",
      },
      who: {
        kind: "who",
        field: "actor",
      },
      action: {
        kind: "word",
        field: "action",
        prefix: "action.",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      second: {
        kind: "skill",
        field: "second_skill",
      },
      bonus: {
        kind: "rating",
        field: "counted_bonus",
      },
      counted: {
        kind: "aspects",
        field: "counted",
      },
      dice: {
        kind: "dice",
        field: "faces",
        also: "defend_faces",
      },
      against: {
        kind: "either",
        choices: [
          [
            [
              {
                field: "against",
              },
            ],
            {
              kind: "who",
              field: "against",
            },
          ],
          [
            [
              {
                field: "difficulty",
                test: "null",
              },
            ],
            {
              kind: "word",
              prefix: "screen.hidden_difficulty",
            },
          ],
        ],
        otherwise: {
          kind: "rating",
          field: "difficulty",
        },
      },
    },
    after: [
      {
        kind: "stunts",
        field: "stunts",
        style: "strong",
        prefix: "event.with_stunts",
      },
    ],
  },
  RollResolved: {
    cases: [
      {
        key: "RollResolved.removed",
        when: [
          {
            field: "removed",
          },
        ],
      },
      {
        key: "RollResolved.option",
        when: [
          {
            field: "option",
          },
        ],
      },
      {
        key: "RollResolved",
      },
    ],
    pieces: {
      option: {
        kind: "either",
        choices: [
          [
            [
              {
                field: "removed",
              },
            ],
            {
              kind: "word",
              field: "option",
              prefix: "option.outcome.",
              fallback: "success",
            },
          ],
        ],
        otherwise: {
          kind: "outcome",
          field: "option",
        },
      },
      aspect: {
        kind: "aspect",
        field: "removed.0",
      },
    },
  },
  SafetyToolSet: {
    cases: [
      {
        key: "SafetyToolSet.on",
        when: [
          {
            field: "on",
          },
        ],
      },
      {
        key: "SafetyToolSet.off",
      },
    ],
    pieces: {
      tool: {
        kind: "word",
        field: "tool",
        prefix: "safety.tool.",
      },
    },
  },
  ScaleSet: {
    cases: [
      {
        key: "ScaleSet",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
    },
  },
  ScenarioClosed: {
    cases: [
      {
        key: "ScenarioClosed",
      },
    ],
  },
  SceneEnded: {
    cases: [
      {
        key: "SceneEnded",
      },
    ],
  },
  SceneMapRemoved: {
    cases: [
      {
        key: "SceneMapRemoved",
      },
    ],
  },
  SceneMapSet: {
    cases: [
      {
        key: "SceneMapSet",
      },
    ],
  },
  ScenePrepared: {
    cases: [
      {
        key: "ScenePrepared",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  SceneStarted: {
    cases: [
      {
        key: "SceneStarted",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  SeatAdded: {
    cases: [
      {
        key: "SeatAdded",
      },
    ],
    pieces: {
      who: {
        kind: "text",
        field: "name",
      },
      role: {
        kind: "word",
        field: "role",
        prefix: "role.",
      },
    },
  },
  SeatRandomizersAllowed: {
    cases: [
      {
        key: "SeatRandomizersAllowed.on",
        when: [
          {
            field: "allowed",
          },
        ],
      },
      {
        key: "SeatRandomizersAllowed.off",
      },
    ],
  },
  SeatRemoved: {
    cases: [
      {
        key: "SeatRemoved",
      },
    ],
    pieces: {
      who: {
        kind: "seat",
        field: "seat_id",
      },
    },
  },
  SecretRollMade: {
    cases: [
      {
        key: "SecretRollMade",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
    },
  },
  SecretRollRevealed: {
    cases: [
      {
        key: "SecretRollRevealed.against",
        when: [
          {
            field: "difficulty",
            test: "given",
          },
        ],
      },
      {
        key: "SecretRollRevealed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
      effort: {
        kind: "rating",
        field: "effort",
      },
      difficulty: {
        kind: "rating",
        field: "difficulty",
      },
      outcome: {
        kind: "word",
        field: "outcome",
        prefix: "outcome.",
      },
    },
  },
  SelfCompelAnswered: {
    cases: [
      {
        key: "SelfCompelAnswered.yes",
        when: [
          {
            field: "accepted",
          },
        ],
      },
      {
        key: "SelfCompelAnswered.no",
      },
    ],
  },
  SelfCompelAsked: {
    cases: [
      {
        key: "SelfCompelAsked.decision",
        when: [
          {
            field: "kind",
            test: "is",
            value: "decision",
          },
        ],
      },
      {
        key: "SelfCompelAsked",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "target",
      },
      aspect: {
        kind: "aspect",
        field: "aspect_id",
      },
    },
  },
  SessionEnded: {
    cases: [
      {
        key: "SessionEnded.milestone",
        when: [
          {
            field: "milestone",
          },
        ],
      },
      {
        key: "SessionEnded",
      },
    ],
    pieces: {
      milestone: {
        kind: "milestone",
        field: "milestone",
      },
    },
  },
  SessionStarted: {
    cases: [
      {
        key: "SessionStarted",
      },
    ],
    pieces: {
      n: {
        kind: "number",
        field: "number",
      },
    },
  },
  SettingDescribed: {
    cases: [
      {
        key: "SettingDescribed",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  SettingEntryPut: {
    cases: [
      {
        key: "SettingEntryPut.{kind}",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  SettingEntryRemoved: {
    cases: [
      {
        key: "SettingEntryRemoved",
      },
    ],
  },
  SignalAnswered: {
    cases: [
      {
        key: "SignalAnswered.note",
        when: [
          {
            field: "note",
          },
        ],
      },
      {
        key: "SignalAnswered",
      },
    ],
    pieces: {
      tool: {
        kind: "word",
        field: "tool",
        prefix: "safety.tool.",
      },
      note: {
        kind: "text",
        field: "note",
      },
    },
  },
  SignalRaised: {
    cases: [
      {
        key: "SignalRaised",
      },
    ],
    pieces: {
      tool: {
        kind: "word",
        field: "tool",
        prefix: "safety.tool.",
      },
    },
  },
  SituationAspectAdded: {
    cases: [
      {
        key: "SituationAspectAdded",
      },
    ],
    pieces: {
      aspect: {
        kind: "text",
        field: "name",
        style: "aspect",
      },
    },
  },
  SkillsRaised: {
    cases: [
      {
        key: "SkillsRaised",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      skills: {
        kind: "skills",
        field: "steps",
      },
    },
  },
  SplitAttackRolled: {
    cases: [
      {
        key: "SplitAttackRolled.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "SplitAttackRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
    },
  },
  StoryDetailDeclared: {
    cases: [
      {
        key: "StoryDetailDeclared",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "by",
      },
      detail: {
        kind: "text",
        field: "detail",
      },
    },
  },
  StressCorrected: {
    cases: [
      {
        key: "StressCorrected",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "character_id",
      },
      track: {
        kind: "track",
        field: "track",
      },
      was: {
        kind: "count",
        field: "was",
      },
      to: {
        kind: "count",
        field: "marked",
      },
    },
  },
  StuntUsed: {
    cases: [
      {
        key: "StuntUsed.note",
        when: [
          {
            field: "note",
          },
        ],
      },
      {
        key: "StuntUsed",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "by",
      },
      stunt: {
        kind: "text",
        field: "stunt",
        style: "strong",
        fallback: "stunt.unnamed",
      },
      note: {
        kind: "text",
        field: "note",
      },
    },
  },
  TableCreated: {
    cases: [
      {
        key: "TableCreated",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
      preset: {
        kind: "preset",
        field: "preset",
      },
    },
  },
  TakenOut: {
    cases: [
      {
        key: "TakenOut.member",
        when: [
          {
            field: "standing",
          },
        ],
      },
      {
        key: "TakenOut",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "target",
      },
      n: {
        kind: "number",
        field: "standing",
        fallback: "0",
      },
    },
  },
  TargetsAssigned: {
    cases: [
      {
        key: "TargetsAssigned",
      },
    ],
  },
  TargetsResolved: {
    cases: [
      {
        key: "TargetsResolved",
      },
    ],
  },
  TemplateAdded: {
    cases: [
      {
        key: "TemplateAdded",
      },
    ],
    pieces: {
      name: {
        kind: "text",
        field: "name",
      },
    },
  },
  TemplateRemoved: {
    cases: [
      {
        key: "TemplateRemoved",
      },
    ],
  },
  TreatmentRolled: {
    cases: [
      {
        key: "TreatmentRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      patient: {
        kind: "who",
        field: "patient",
      },
      name: {
        kind: "text",
        field: "new_name",
        style: "aspect",
      },
      skill: {
        kind: "skill",
        field: "skill",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
    },
    after: [
      {
        kind: "stunts",
        field: "stunts",
        style: "strong",
        prefix: "event.with_stunts",
      },
    ],
  },
  TriggerFired: {
    cases: [
      {
        key: "TriggerFired",
      },
    ],
  },
  TurnCorrected: {
    cases: [
      {
        key: "TurnCorrected",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "current",
      },
      was: {
        kind: "who",
        field: "was",
      },
    },
  },
  TurnEnded: {
    cases: [
      {
        key: "TurnEnded.next",
        when: [
          {
            field: "next_actor",
          },
        ],
      },
      {
        key: "TurnEnded",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "next_actor",
      },
    },
  },
  Undone: {
    cases: [
      {
        key: "Undone",
      },
    ],
    pieces: {
      n: {
        kind: "number",
        field: "target_version",
      },
    },
  },
  ZoneAttackRolled: {
    cases: [
      {
        key: "ZoneAttackRolled.weight",
        when: [
          {
            field: "weight",
          },
        ],
      },
      {
        key: "ZoneAttackRolled",
      },
    ],
    pieces: {
      who: {
        kind: "who",
        field: "actor",
      },
      dice: {
        kind: "dice",
        field: "faces",
      },
      own: {
        kind: "number",
        field: "weight.own",
      },
      other: {
        kind: "number",
        field: "weight.other",
      },
      turned: {
        kind: "number",
        field: "weight.turned",
      },
      rolled: {
        kind: "dice",
        field: "rolled_faces",
      },
    },
  },
  ZoneHidden: {
    cases: [
      {
        key: "ZoneHidden",
        when: [
          {
            field: "hidden",
          },
        ],
      },
      {
        key: "ZoneHidden.shown",
      },
    ],
    pieces: {
      zone: {
        kind: "text",
        field: "zone",
      },
    },
  },
  ZoneShaped: {
    cases: [
      {
        key: "ZoneShaped",
      },
    ],
    pieces: {
      zone: {
        kind: "text",
        field: "zone",
      },
    },
  },
};
