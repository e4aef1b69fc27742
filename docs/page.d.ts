// The page's types, generated from the typed parts of a seat's document by
// tools/page_types.py (`make docs`): do not edit by hand.

/**
 * How characters advance: the milestones a rule set names and what each allows.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AdvancementStyle".
 */
export type AdvancementStyle = "accelerated" | "condensed" | "core";
/**
 * The kinds of milestone the clock counts.
 *
 * Fate Condensed calls them a *milestone* (usually at the end of a session) and a
 * *breakthrough* (at the end of a story arc); Fate Core calls the latter a *major milestone*.
 * Fate Core and Fate Accelerated have a *significant* milestone between them, at the end of a
 * scenario.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Milestone".
 */
export type Milestone = "major" | "minor" | "significant";
/**
 * The text's rules of thumb, each a choice.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "DifficultyKey".
 */
export type DifficultyKey =
  "dire" | "not_tough" | "one_reason" | "show_off" | "tension" | "three_reasons" | "two_reasons";
/**
 * What a seat may do: the GM everything, a player their own characters, a spectator watch.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Role".
 */
export type Role = "gm" | "player" | "spectator";
/**
 * Who reads a note: everyone (narration), the GMs only, or its writer (and the GMs).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "NoteVisibility".
 */
export type NoteVisibility = "gm" | "private" | "public";
/**
 * What sort of character a sheet describes; each has its own limits.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CharacterKind".
 */
export type CharacterKind = "extra" | "major_npc" | "minor_npc" | "mob" | "monster" | "pc";
/**
 * The kinds of aspect; they differ mostly in how long they last.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AspectKind".
 */
export type AspectKind =
  | "boost"
  | "character"
  | "consequence"
  | "high_concept"
  | "organization"
  | "relationship"
  | "scenario"
  | "setting"
  | "situation"
  | "trouble"
  | "zone";
/**
 * What using a stunt costs: nothing, a fate point a use, or its one use a scene or session.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "StuntCost".
 */
export type StuntCost = "fate_point" | "free" | "once_per_scene" | "once_per_session";
/**
 * The four actions.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Action".
 */
export type Action = "attack" | "create_advantage" | "defend" | "overcome";
/**
 * Where in play a mark falls, innermost span first.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Moment".
 */
export type Moment = "arc" | "between_arcs" | "scene" | "session";
/**
 * How bad a consequence is; :data:`SEVERITY_SHIFTS` gives the shifts each absorbs.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Severity".
 */
export type Severity = "extreme" | "mild" | "moderate" | "severe";
/**
 * How a condition clears: with a breath, with an event of the story, or with treatment.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConditionKind".
 */
export type ConditionKind = "fleeting" | "lasting" | "sticky";
/**
 * How a zone is drawn: a rectangle (two opposite corners) or a polygon (its corners).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ShapeKind".
 */
export type ShapeKind = "polygon" | "rect";
/**
 * The kind of harm a conflict deals.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConflictKind".
 */
export type ConflictKind = "mental" | "physical";
/**
 * Where the conflict stands.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Phase".
 */
export type Phase = "ended" | "hit" | "next" | "roll" | "turn";
/**
 * Whether a participant is still in the fight.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Status".
 */
export type Status = "active" | "conceded" | "escaped" | "taken_out";
/**
 * What a Fate Condensed full defense concentrates on.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "FocusKind".
 */
export type FocusKind = "aggressors" | "outcome" | "protect" | "self";
/**
 * The kinds of move :meth:`Conflict.legal_actions` lists.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Move".
 */
export type Move =
  | "absorb"
  | "assign_targets"
  | "attack"
  | "concede"
  | "create_advantage"
  | "end_turn"
  | "free_move"
  | "full_defense"
  | "invoke"
  | "overcome"
  | "resolve"
  | "shield"
  | "split_attack"
  | "take_out"
  | "zone_attack";
/**
 * What the group must get through before it can harm the big bad.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ImmunityKind".
 */
export type ImmunityKind = "challenge" | "contest";
/**
 * Where the immunity stands.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ImmunityState".
 */
export type ImmunityState = "active" | "broken" | "escaped";
/**
 * How the foes' invokes against a solo big bad are held down.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SuppressMode".
 */
export type SuppressMode = "plus_one" | "reroll_only";
/**
 * The four outcomes of a roll.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Outcome".
 */
export type Outcome = "fail" | "success" | "success_with_style" | "tie";
/**
 * Who picks between a resolution's options.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Chooser".
 */
export type Chooser = "actor" | "gm" | "none" | "opposition";
/**
 * What an invoke is spent on.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "InvokeEffect".
 */
export type InvokeEffect = "plus_two" | "raise_difficulty" | "reroll";
/**
 * What a roll in play is for, which says what settling it does.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "RollKind".
 */
export type RollKind = "action" | "challenge" | "conflict" | "contest" | "treatment";
/**
 * Where a roll is in its life.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "RollPhase".
 */
export type RollPhase = "ready" | "resolved" | "rolled";
/**
 * Event compels happen to a character; decision compels are choices the character makes.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CompelKind".
 */
export type CompelKind = "decision" | "event";
/**
 * Where a compel stands.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CompelState".
 */
export type CompelState = "accepted" | "offered" | "refused" | "withdrawn";
/**
 * The answers to a compel.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CompelAnswer".
 */
export type CompelAnswer = "accept" | "refuse" | "withdraw";
/**
 * A setting's issues, which the table plays as setting aspects.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "Issue".
 */
export type Issue = "current" | "impending";
/**
 * What a setting lists besides its issues: the people who matter and where things happen.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "EntryKind".
 */
export type EntryKind = "face" | "place";
/**
 * A signal someone may raise: the X-Card, or one of Script Change's.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SafetyTool".
 */
export type SafetyTool = "fast-forward" | "pause" | "rewind" | "x-card";

/**
 * What a seat's page reads: its view and its extras (docs/page.schema.json).
 */
export interface PageContract {
  view: SeatView;
  extras: ExtrasPart;
}
/**
 * The table as one seat sees it: every part of the document, each a domain's.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SeatView".
 */
export interface SeatView {
  table: TablePart;
  you: YouPart;
  seats: SeatPart[];
  time: TimePart;
  gm_pool: number;
  characters: CharacterPart[];
  templates: TemplatePart[];
  scene: ScenePart | null;
  conflict: ConflictPart | null;
  contest: ContestPart | null;
  contest_hits: ContestHitPart[];
  challenge: ChallengePart | null;
  roll: RollPart | null;
  rolls: RollPart[];
  compels: CompelPart[];
  self_compels: SelfCompelPart[];
  milestones: {
    [k: string]: Milestone;
  };
  last_roll: LastRollPart | null;
  screen: ScreenPart;
  setting: SettingPart;
  safety: SafetyPart;
}
/**
 * The table itself: its name and version, the rules it plays by.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TablePart".
 */
export interface TablePart {
  id: string;
  name: string;
  version: number;
  preset: string;
  options: string[];
  book_rules: string[];
  advancement: AdvancementStyle;
  milestone_levels: Milestone[];
  between_sessions: string[];
  skill_list: string | null;
  randomizer: string;
  seats_choose_randomizer: boolean;
  ruleset: boolean;
  difficulty_guidance: DifficultyGuidancePart;
  read_only: ReadOnlyPart | null;
}
/**
 * The rules of thumb for a difficulty: ``any`` (by the reasons a task is tough) and
 * ``by_skill`` (against a roller's rating, its value as text).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "DifficultyGuidancePart".
 */
export interface DifficultyGuidancePart {
  any: DifficultyChoicePart[];
  by_skill: {
    [k: string]: DifficultyChoicePart[];
  };
}
/**
 * A rule of thumb for a difficulty: its reason, the difficulty, and whether no roll is
 * needed at all.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "DifficultyChoicePart".
 */
export interface DifficultyChoicePart {
  key: DifficultyKey;
  rating: number;
  no_roll: boolean;
}
/**
 * The ``read_only`` part of the table in a seat's document (:meth:`ReadOnly.part`).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ReadOnlyPart".
 */
export interface ReadOnlyPart {
  version: number;
  event?: string;
  error?: "forbidden" | "illegal" | "malformed" | "unexpected";
  detail?: string;
  rule?: RuleSummary | null;
  code?: string | null;
  params?: {
    [k: string]: string;
  };
}
/**
 * A rule, by key, with its summary.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "RuleSummary".
 */
export interface RuleSummary {
  key: string;
  summary: string;
}
/**
 * The seat reading the document, and the characters it plays.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "YouPart".
 */
export interface YouPart {
  seat: string;
  role: Role;
  name: string;
  characters: string[];
  may: (
    | "AddBlock"
    | "AddCountdown"
    | "AddHazard"
    | "AddLastingAspect"
    | "AddRecapLine"
    | "AddSeat"
    | "AddSituationAspect"
    | "AddTemplate"
    | "AllowSeatRandomizers"
    | "AnswerSignal"
    | "BlockBorder"
    | "BreakImmunity"
    | "ChooseRandomizer"
    | "ClearBorder"
    | "CloseScenario"
    | "ContestThreat"
    | "CorrectAspect"
    | "CorrectConsequence"
    | "CorrectExtreme"
    | "CorrectFatePoints"
    | "CorrectFreeInvokes"
    | "CorrectStress"
    | "CorrectTurn"
    | "DescribeSetting"
    | "EndChallenge"
    | "EndContest"
    | "EndScene"
    | "EndSession"
    | "FinishConflict"
    | "FireTrigger"
    | "GiveCharacter"
    | "HideDifficulty"
    | "HideNpcDice"
    | "HideZone"
    | "JoinScene"
    | "MarkCountdown"
    | "PlaceInZone"
    | "PrepareScene"
    | "PutSettingEntry"
    | "RemoveCountdown"
    | "RemovePreparedScene"
    | "RemoveSceneMap"
    | "RemoveSeat"
    | "RemoveSettingEntry"
    | "RemoveTemplate"
    | "RevealAspect"
    | "RevealCharacter"
    | "RevealRoll"
    | "SecretRoll"
    | "SelfCompelAnswer"
    | "SetBigBad"
    | "SetMembership"
    | "SetOptionalRule"
    | "SetPreparedSceneMap"
    | "SetSafetyTool"
    | "SetScale"
    | "SetSceneMap"
    | "ShapeZone"
    | "StartChallenge"
    | "StartConflict"
    | "StartContest"
    | "StartPreparedScene"
    | "StartScene"
    | "StartSession"
    | "Undo"
  )[];
  randomizer: string;
  randomizers: string[];
  adds: {
    [k: string]: (string | null)[];
  };
  may_hide: boolean;
  notes: NoteVisibility[];
  may_waive: boolean;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SeatPart".
 */
export interface SeatPart {
  id: string;
  role: Role;
  name: string;
}
/**
 * Where the table is in its story: the session, the arc, the scenes and sessions ended and
 * the milestones reached.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TimePart".
 */
export interface TimePart {
  session: number;
  in_session: boolean;
  arc: number;
  scenes_ended: number;
  sessions_ended: number;
  minor_milestones: number;
  major_milestones: number;
  significant_milestones: number;
}
/**
 * A character the seat may know of. ``revealed``: its whole ``sheet`` (with ``healing``,
 * one entry a consequence slot); otherwise only its ``name``, ``kind``, the aspects the seat
 * sees and its consequences. ``offers``: what the seat may do with the character now.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CharacterPart".
 */
export interface CharacterPart {
  id: string;
  revealed: boolean;
  offers: (
    | "Breakthrough"
    | "GiveCharacter"
    | "JoinScene"
    | "Milestone"
    | "RaiseSkills"
    | "RevealCharacter"
    | "SpendMilestone"
    | "UpdateCharacter"
  )[];
  aspect_offers?: {
    [k: string]: ("CorrectAspect" | "OfferCompel" | "RemoveAspect" | "RevealAspect")[];
  };
  aspect_offers_by?: {
    [k: string]: {
      [k: string]: string[];
    };
  };
  usable_stunts?: string[];
  gm_powers?: boolean;
  package_offers?: PackageOfferPart[];
  owner: string | null;
  sheet?: SheetPart;
  modes?: ModePart[];
  counted_worth?: {
    [k: string]: number;
  };
  healing?: HealingPart[];
  name?: string;
  kind?: CharacterKind;
  aspects?: AspectPart[];
  consequences?: ConsequenceSeenPart[];
  conditions?: ConditionPart[];
}
/**
 * A package (Venture City's power) the seat may buy for a PC at its open milestone, or take
 * in the place of one it bought (``replaces``: that one's key), with the options it must take
 * (``options``: one from each such group, a drawback and a collateral damage effect) and the
 * refresh that costs (``refresh``). The milestone's change sends exactly these, with any of
 * ``extras`` (each taken alone, the options it may buy on top: their sum is the judge's to
 * accept). With ``adds``, the change buys ``options`` (one) on the package the PC holds under
 * ``key`` (``add_package_options``).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "PackageOfferPart".
 */
export interface PackageOfferPart {
  key: string;
  options: string[];
  refresh: number;
  replaces?: string | null;
  adds?: boolean;
  extras?: PackageExtraPart[];
}
/**
 * An option the same milestone change may buy on top of a package's way (``option``), and
 * the refresh the change costs with it (``refresh``).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "PackageExtraPart".
 */
export interface PackageExtraPart {
  option: string;
  refresh: number;
}
/**
 * A whole sheet the seat may read, shaped as a character file (the page may send it back
 * as one), with the fate points, hidden aspects and spent stunts as they stand at the table.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SheetPart".
 */
export interface SheetPart {
  format: string;
  version: number;
  id: string;
  name: string;
  kind: CharacterKind;
  preset: string;
  as_you_play: boolean;
  description?: string;
  aspects: SheetAspectPart[];
  skills: {
    [k: string]: number;
  };
  skill_labels?: {
    [k: string]: string;
  };
  stunts: StuntPart[];
  refresh: number;
  refresh_awarded: number;
  fate_points: number;
  skill_steps: SkillStepsPart;
  members?: number;
  weight?: number;
  modes?: {
    [k: string]: number;
  };
  skill_improvements?: {
    [k: string]: number;
  };
  packages?: BoughtPackagePart[];
  shared_with?: string[];
  gear?: GearPart[];
  stress: {
    [k: string]: StressBoxPart[];
  };
  consequences: ConsequencePart[];
  conditions?: {
    [k: string]: SheetConditionPart;
  };
}
/**
 * An aspect on a sheet as the character file writes it, with whether it is hidden; its
 * free invokes' holders (one entry a free invoke), of those the seat may know of.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SheetAspectPart".
 */
export interface SheetAspectPart {
  id: string;
  kind?: AspectKind;
  name: string;
  free_invokes?: string[];
  hidden?: boolean;
}
/**
 * A stunt on a sheet, and whether it is spent until the next scene or session.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "StuntPart".
 */
export interface StuntPart {
  name: string;
  description: string;
  cost: StuntCost;
  fate_point_cost: number;
  effect:
    | SkillBonusPart
    | SkillSwapPart
    | ExtraActionPart
    | ExtraFreeInvokePart
    | ExtraStressPart
    | ExtraConsequencePart
    | GrantsBoostPart
    | ActFirstPart
    | RuleExceptionPart
    | TrueDetailPart;
  circumstance?: string;
  used_at?: MarkPart;
  spent: boolean;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SkillBonusPart".
 */
export interface SkillBonusPart {
  type: "skill_bonus";
  skill: string;
  actions: Action[];
  action?: Action;
  bonus: number;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SkillSwapPart".
 */
export interface SkillSwapPart {
  type: "skill_swap";
  skill: string;
  replaces: string;
  actions: Action[];
  action?: Action | null;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExtraActionPart".
 */
export interface ExtraActionPart {
  type: "extra_action";
  skill: string;
  action: Action;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExtraFreeInvokePart".
 */
export interface ExtraFreeInvokePart {
  type: "extra_free_invoke";
  skill: string;
  count: number;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExtraStressPart".
 */
export interface ExtraStressPart {
  type: "extra_stress";
  track: string;
  boxes: number;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExtraConsequencePart".
 */
export interface ExtraConsequencePart {
  type: "extra_consequence";
  track: string;
  severity: string;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "GrantsBoostPart".
 */
export interface GrantsBoostPart {
  type: "boost";
  skill: string | null;
  actions: Action[];
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ActFirstPart".
 */
export interface ActFirstPart {
  type: "act_first";
  track: string;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "RuleExceptionPart".
 */
export interface RuleExceptionPart {
  type: "rule_exception";
  text: string;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TrueDetailPart".
 */
export interface TrueDetailPart {
  type: "true_detail";
  detail: string;
}
/**
 * A moment of play (:class:`~fatekit.rules.core.clock.ClockMark`) as a sheet writes it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "MarkPart".
 */
export interface MarkPart {
  scenes_ended: number;
  sessions_ended: number;
  minor_milestones: number;
  major_milestones: number;
  moment?: Moment;
  significant_milestones?: number;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SkillStepsPart".
 */
export interface SkillStepsPart {
  earned: number;
  banked: number;
}
/**
 * A package of the rule set a sheet bought (a Venture City power), as a character file
 * names it: its key and the options bought on it, once per purchase (the rule set names
 * them; their stunts and aspects are on the sheet).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "BoughtPackagePart".
 */
export interface BoughtPackagePart {
  key: string;
  options?: string[];
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "GearPart".
 */
export interface GearPart {
  name: string;
  weapon: number;
  armor: number;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "StressBoxPart".
 */
export interface StressBoxPart {
  value: number;
  marked: boolean;
}
/**
 * A consequence slot on a sheet: its severity and track, the aspect it holds (or replaced,
 * for an extreme one), and when it was taken and treated.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConsequencePart".
 */
export interface ConsequencePart {
  severity: Severity;
  shifts: number;
  track: string;
  aspect: SheetAspectPart | null;
  recovering: boolean;
  treated_at: MarkPart | null;
  taken_at: MarkPart | null;
  conflict: string | null;
  replaced: SheetAspectPart | null;
  condition?: string;
}
/**
 * A marked condition as the character file writes it (the sheet sent back keeps it).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SheetConditionPart".
 */
export interface SheetConditionPart {
  boxes: number;
  taken_session: number;
  recovering_session: number | null;
  invokes: string[];
}
/**
 * One mode a character took (a rule set with modes): its key, its rating, whether it is a
 * weird mode, and the skills written under it (each once, under the highest-rated mode that
 * has it: :func:`~fatekit.rules.characters.modes.home_modes`). The rule set names it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ModePart".
 */
export interface ModePart {
  key: string;
  rating: number;
  weird: boolean;
  skills: string[];
}
/**
 * For one consequence slot: what it waits for before it clears, and what treating it takes
 * (``None``: nothing to treat).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "HealingPart".
 */
export interface HealingPart {
  clears_after: string | null;
  treatment: TreatmentPart | null;
}
/**
 * The difficulty of treating a consequence, by someone else and by its bearer; the
 * characters the seat may ask to treat it now (``treaters``, those in the scene first: none
 * outside a scene, in a conflict, or while a treatment of it waits to be settled).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TreatmentPart".
 */
export interface TreatmentPart {
  difficulty: number;
  on_self: number;
  treaters: string[];
}
/**
 * An aspect the seat sees: whose and where it is, its free invokes by holder (of the
 * holders the seat may know of), and, when hidden, who among the seat's characters knows it
 * (all who know it, for a GM); what the seat may do with it now (``offers``).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AspectPart".
 */
export interface AspectPart {
  id: string;
  name: string;
  kind: AspectKind;
  owner: string | null;
  zone: string | null;
  free_invokes: {
    [k: string]: number;
  };
  hidden: boolean;
  known_to?: string[];
  offers?: ("CorrectAspect" | "OfferCompel" | "RemoveAspect" | "RevealAspect")[];
  offers_by?: {
    [k: string]: string[];
  };
}
/**
 * A consequence on a sheet the seat may not read: its aspect, and how it heals.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConsequenceSeenPart".
 */
export interface ConsequenceSeenPart {
  id: string;
  name: string;
  kind: AspectKind;
  owner: string | null;
  zone: string | null;
  free_invokes: {
    [k: string]: number;
  };
  hidden: boolean;
  known_to?: string[];
  offers?: ("CorrectAspect" | "OfferCompel" | "RemoveAspect" | "RevealAspect")[];
  offers_by?: {
    [k: string]: string[];
  };
  recovering: boolean;
  clears_after: string | null;
}
/**
 * One of the rule set's conditions on a sheet the seat knows of: its ``name`` and ``kind``,
 * its ``boxes`` and how many are ``marked``, whether a lasting one is ``recovering``, the
 * ``aspect`` it is while marked (``None``: not marked) and what the seat may do with it now.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConditionPart".
 */
export interface ConditionPart {
  key: string;
  name: string;
  kind: ConditionKind;
  shifts: number;
  boxes: number;
  marked: number;
  recovering: boolean;
  aspect: AspectPart | null;
  offers: ("ClearCondition" | "MarkCondition" | "RecoverCondition")[];
}
/**
 * A character template the GM keeps (its sheet as a character file's text).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TemplatePart".
 */
export interface TemplatePart {
  id: string;
  name: string;
  sheet: string;
}
/**
 * The scene in play as the seat sees it; what the seat may do with it now (``offers``).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ScenePart".
 */
export interface ScenePart {
  name: string;
  number: number;
  participants: string[];
  aspects: AspectPart[];
  zones: ZonesPart | null;
  countdowns: CountdownPart[];
  offers: "EndScene"[];
  rollers: string[];
}
/**
 * The scene's zones as the seat may know of them: the borders between them, who stands
 * where, and where the characters the seat acts for may go (``moves``: a free move;
 * ``further``: with an overcome; ``blocked``: the borders an aspect blocks, from where each
 * stands). ``map`` is the picture under them (``None``: a plain ground), ``shapes`` each
 * zone's outline, ``hidden`` the zones kept from the players that the seat sees (every one,
 * for a GM; for a player, one its character stands in).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ZonesPart".
 */
export interface ZonesPart {
  zones: string[];
  links: string[][];
  positions: {
    [k: string]: string;
  };
  moves: {
    [k: string]: string[];
  };
  further: {
    [k: string]: string[];
  };
  blocked: {
    [k: string]: BorderPart[];
  };
  map: MapPart | null;
  shapes: {
    [k: string]: ShapePart;
  };
  hidden: string[];
}
/**
 * An adjacent zone whose border aspects (``aspects``, their ids) stand in the way: getting
 * there takes an overcome, not a free move.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "BorderPart".
 */
export interface BorderPart {
  zone: string;
  aspects: string[];
}
/**
 * The picture under the scene's zones: where to fetch it (``url``, which names the image by
 * its hash, so a new map is a new address), its media type and its size in pixels.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "MapPart".
 */
export interface MapPart {
  url: string;
  image: string;
  media_type: string;
  width: number;
  height: number;
}
/**
 * A zone's outline in map units (ten-thousandths of the map's width and height, from the
 * top left): a ``rect``'s two corners or a ``polygon``'s corners; ``drawn`` is false for the
 * place the default layout gives a zone the GM has not drawn.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ShapePart".
 */
export interface ShapePart {
  kind: ShapeKind;
  points: number[][];
  drawn: boolean;
}
/**
 * A countdown as the seat sees it (``None``: kept from it).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CountdownPart".
 */
export interface CountdownPart {
  id: string;
  boxes: number;
  marked: number;
  finished: boolean;
  name: string | null;
  triggers: string[] | null;
  outcome: string | null;
}
/**
 * The conflict as the seat sees it (:class:`~fatekit.table.play.conflicts.ConflictSeenPart`),
 * with what the seat's own characters may do now, the hazards, the big bads and the targets a
 * split or zone attack aims at.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ConflictPart".
 */
export interface ConflictPart {
  kind: ConflictKind;
  multi: string | null;
  harm: string;
  phase: Phase;
  exchange: number;
  current: string | null;
  order: string[] | null;
  next_choices: string[];
  fighters: FighterPart[];
  full_defenders: {
    [k: string]: FocusPart | null;
  };
  pending_hit: PendingHitPart | null;
  blocks: BlockPart[];
  legal_actions: {
    [k: string]: LegalActionPart[];
  };
  offers: ("CorrectTurn" | "EndTurn" | "FinishConflict" | "ResolveTargets")[];
  equips: string[];
  hazards: HazardPart[];
  big_bads: BigBadPart[];
  targets: {
    [k: string]: TargetPart;
  } | null;
}
/**
 * A fighter: its side and status, its Weapon and Armor ratings, its scale, whether it is a
 * hazard, and a mob's members still standing (1 for anyone else).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "FighterPart".
 */
export interface FighterPart {
  id: string;
  side: string;
  status: Status;
  weapon: number;
  armor: number;
  scale: string | null;
  hazard: boolean;
  members: number;
}
/**
 * What a full defence guards besides the defender (whom, or a zone).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "FocusPart".
 */
export interface FocusPart {
  focus: FocusKind;
  who: string[];
}
/**
 * The hit waiting to be absorbed; for a character the seat plays, the ways the rules allow
 * to absorb it and, when an extreme consequence is one, the aspects it may replace.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "PendingHitPart".
 */
export interface PendingHitPart {
  target: string;
  shifts: number;
  absorb_options?: AbsorbOptionPart[];
  extreme_replaces?: AspectRefPart[];
  soaking?: {
    [k: string]: number;
  };
  absorb_after?: {
    [k: string]: AbsorbOptionPart[];
  };
}
/**
 * A way the rules allow to absorb a hit: the stress boxes and consequence slots (indexes on
 * the sheet) it marks, and whether it is an extreme consequence.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AbsorbOptionPart".
 */
export interface AbsorbOptionPart {
  boxes: number[];
  slots: number[];
  extreme: boolean;
}
/**
 * An aspect named by id, name and kind (one an extreme consequence may replace, the one a
 * roll aims at).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AspectRefPart".
 */
export interface AspectRefPart {
  id: string;
  name: string;
  kind: AspectKind;
}
/**
 * A block in the way (the obstacles option).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "BlockPart".
 */
export interface BlockPart {
  id: string;
  name: string;
  rating: number;
  weapon: number;
  harmful: boolean;
  cover: boolean;
}
/**
 * A move the engine allows a fighter now: its targets and skills; an attack also says which
 * targets each skill reaches (``reach``) and which skills attack from a distance.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "LegalActionPart".
 */
export interface LegalActionPart {
  move: Move;
  targets: string[];
  skills: string[];
  reach?: {
    [k: string]: string[];
  };
  ranged?: string[];
  scale_against?: string[];
  defend_dice?: string[];
}
/**
 * A hazard acting in the conflict; its rating and Weapon only to a seat that may see its
 * sheet.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "HazardPart".
 */
export interface HazardPart {
  id: string;
  name: string;
  side: string;
  rating?: number;
  weapon?: number;
}
/**
 * A big bad's rule breaks; its later true forms only to a GM, the number revealed to all.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "BigBadPart".
 */
export interface BigBadPart {
  id: string;
  minions: string[];
  immunity: ImmunityPart | null;
  scale: string | null;
  solo: SoloPart;
  forms_revealed: number;
  forms?: FormsPart;
  threat?: ThreatShownPart;
}
/**
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ImmunityPart".
 */
export interface ImmunityPart {
  kind: ImmunityKind;
  harm: string;
  state: ImmunityState;
}
/**
 * A solo big bad's bonuses (Fate Adversary Toolkit).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SoloPart".
 */
export interface SoloPart {
  skill: boolean;
  skill_capped: boolean;
  stress: boolean;
  stress_floor_one: boolean;
  amplified: boolean;
  suppress: SuppressMode | null;
  no_free_stacking: boolean;
}
/**
 * A big bad's true forms: their names and which is current (the GM's only).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "FormsPart".
 */
export interface FormsPart {
  names: string[];
  current: number;
  gentle: boolean;
}
/**
 * A big bad that is a map or a hive: its parts, which stand and which can be attacked
 * now; which is its heart only to a GM.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ThreatShownPart".
 */
export interface ThreatShownPart {
  map: boolean;
  parts: ThreatPiecePart[];
  standing: string[];
  attackable: string[];
  defeated: boolean;
  heart?: string;
}
/**
 * A part of a map or hive: where it is, how far it reaches and what stands behind it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ThreatPiecePart".
 */
export interface ThreatPiecePart {
  id: string;
  zone: string | null;
  reach: number;
  behind: string[];
}
/**
 * One aimed target of a split or zone attack: what each outcome allows, and the invokes
 * made on its defence.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TargetPart".
 */
export interface TargetPart {
  shifts: number;
  outcome: Outcome;
  options: string[];
  chosen_by: Chooser;
  invocations: InvocationPart[];
  rolled_faces?: string | null;
  weight?: WeightPart | null;
  defends: boolean;
}
/**
 * An invoke made on a roll: the aspect's id only when the seat sees the aspect.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "InvocationPart".
 */
export interface InvocationPart {
  aspect_id: string | null;
  by: string;
  effect: InvokeEffect;
  free: boolean;
}
/**
 * With weight: the sides' weights in the roller's zone as the roll was decided (``own``
 * the roller's side, ``other`` the rest, ``target`` an attack's target) and the dice turned
 * to + (1 or 2).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "WeightPart".
 */
export interface WeightPart {
  own: number;
  other: number;
  target: number | null;
  turned: number;
}
/**
 * The contest: sides, intents, victories, this exchange's rolls so far, the last result.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ContestPart".
 */
export interface ContestPart {
  sides: SidePart[];
  victories_needed: number;
  faster: boolean;
  exchange: number;
  rolled: {
    [k: string]: number;
  };
  rolls: ContestRollPart[];
  rolling: {
    [k: string]: string;
  };
  forfeited: string[];
  whole_side: boolean;
  difficulties: {
    [k: string]: number;
  };
  threats: {
    [k: string]: number;
  };
  last: ExchangePart | null;
  winner: string | null;
}
/**
 * A side of the contest: its members, what it wants and its victories.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SidePart".
 */
export interface SidePart {
  id: string;
  members: string[];
  intent: string;
  victories: number;
  rollers: string[];
  may_forfeit: boolean;
}
/**
 * A side's settled overcome: who rolled what, the dice (``None``: kept from the seat) and
 * the effort it counts for.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ContestRollPart".
 */
export interface ContestRollPart {
  side: string;
  actor: string;
  skill: string;
  faces: string | null;
  effort: number;
  dice_hidden?: boolean;
}
/**
 * The last exchange's result: efforts, victories marked, a twist, hits dealt.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExchangePart".
 */
export interface ExchangePart {
  efforts: {
    [k: string]: number;
  };
  victories: {
    [k: string]: number;
  };
  twist: boolean;
  hits: {
    [k: string]: number;
  };
  member_hits: {
    [k: string]: number;
  };
  rolls: ContestRollPart[];
}
/**
 * A hit a contest dealt, waiting to be taken; for a character the seat plays, on its first
 * hit, the ways the rules allow to take it (empty: only being taken out is left).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ContestHitPart".
 */
export interface ContestHitPart {
  target: string;
  shifts: number;
  by: string;
  harm: string;
  absorb_options?: AbsorbOptionPart[];
}
/**
 * The challenge: its tasks, their results and the report, in plain sight at the table.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ChallengePart".
 */
export interface ChallengePart {
  in_conflict: boolean;
  tasks: TaskPart[];
  report: ReportPart;
}
/**
 * A task of the challenge, with the id of its roll in play and its result.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TaskPart".
 */
export interface TaskPart {
  key: string;
  description: string;
  skill: string;
  difficulty: number;
  rolling: string | null;
  result: TaskResultPart | null;
  rollers: string[];
}
/**
 * How a task's roll came out: by whom, the effort, the outcome and the option taken.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TaskResultPart".
 */
export interface TaskResultPart {
  by: string;
  effort: number;
  outcome: Outcome;
  option: string;
  succeeded: boolean;
  at_a_cost: boolean;
}
/**
 * The challenge's report: which tasks succeeded, failed, tied, cost, or are still open.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ReportPart".
 */
export interface ReportPart {
  successes: string[];
  failures: string[];
  ties: string[];
  costs: string[];
  open: string[];
}
/**
 * A roll in play as the seat sees it. Its numbers (``effort``, ``opposition``, ``shifts``,
 * ``outcome``) once its dice are rolled; ``None`` where they are kept from the seat, which
 * ``difficulty_hidden``, ``dice_hidden`` and ``effort_hidden`` say.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "RollPart".
 */
export interface RollPart {
  id: string;
  kind: RollKind;
  side: string | null;
  task: string | null;
  actor: string;
  action: Action;
  skill: string | null;
  phase: RollPhase;
  faces: string | null;
  rerolled: string[];
  invocations: InvocationPart[];
  aim: AspectRefPart | null;
  move_to: string | null;
  aspect_owner: string | null;
  rolled_faces?: string | null;
  weight?: WeightPart | null;
  effort?: number | null;
  opposition?: number | null;
  shifts?: number | null;
  outcome?: Outcome | null;
  difficulty?: number | null;
  treats?: TreatsPart;
  difficulty_hidden?: boolean;
  defence?: DefencePart;
  dice_hidden?: boolean;
  effort_hidden?: boolean;
  offers?: "ResolveRoll"[];
}
/**
 * The consequence a treatment treats, whose, and the name it takes once it succeeds.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "TreatsPart".
 */
export interface TreatsPart {
  aspect_id: string;
  patient: string | null;
  new_name: string | null;
}
/**
 * The defence against a roll: who defends with what, its dice (``None``: kept from the
 * seat) and the invokes on it; with weight, the draw as it fell (``rolled_faces``) when
 * ``weight`` turned some of its dice to +.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "DefencePart".
 */
export interface DefencePart {
  actor: string;
  skill: string | null;
  faces: string | null;
  invocations: InvocationPart[];
  rolled_faces?: string | null;
  weight?: WeightPart | null;
}
/**
 * A compel on the table, naming its aspect only to a seat that sees it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "CompelPart".
 */
export interface CompelPart {
  id: string;
  aspect_id: string | null;
  target: string;
  offered_by: string;
  kind: CompelKind;
  decision: string;
  complication: string;
  state: CompelState;
  offers: CompelAnswer[];
}
/**
 * A self-compel waiting for the GM's answer, naming its aspect only to a seat that sees
 * it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SelfCompelPart".
 */
export interface SelfCompelPart {
  id: string;
  aspect_id: string | null;
  target: string;
  kind: CompelKind;
  decision: string;
  complication: string;
  answers: boolean[];
}
/**
 * The latest roll's record as the seat sees it (for aiming a split or zone attack): its
 * dice and its defender's, ``None`` where kept from the seat.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "LastRollPart".
 */
export interface LastRollPart {
  version: number;
  at: string;
  actor: string;
  action: string;
  skill: string;
  faces: string | null;
  defender: string | null;
  defend_faces: string | null;
  difficulty: number | null;
  dice_hidden?: boolean;
  difficulty_hidden?: boolean;
}
/**
 * The GM's screen: the secret rolls, the rolls asked against hidden difficulties, the
 * prepared scenes and whether NPCs' dice are hidden. A player sees only the rolls asked of
 * their own characters, never the difficulty.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ScreenPart".
 */
export interface ScreenPart {
  secret_rolls: SecretRollPart[];
  asked: AskedPart[];
  prepared: PreparedScenePart[];
  npc_dice_hidden: boolean;
}
/**
 * A secret roll not revealed yet (the GM's only): dice, effort, outcome and why it was
 * made.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SecretRollPart".
 */
export interface SecretRollPart {
  roll_id: string;
  version: number;
  actor: string;
  skill: string;
  faces: string;
  effort: number;
  difficulty: number | null;
  outcome: string | null;
  reason: string;
}
/**
 * A roll the GM asked of a character against a hidden difficulty: the difficulty only to a
 * GM.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "AskedPart".
 */
export interface AskedPart {
  actor: string;
  difficulty?: number;
  skill: string | null;
  action: Action;
}
/**
 * A scene the GM set up ahead of play (:class:`~fatekit.table.state.PreparedScene`).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "PreparedScenePart".
 */
export interface PreparedScenePart {
  name: string;
  participants: string[];
  zones: string[];
  links: string[][];
  positions: string[][];
  scene_id: string;
  aspects: PreparedAspectPart[];
  entrance: string | null;
  map: MapPart | null;
}
/**
 * A situation aspect a prepared scene starts with; its free invokes as [holder, count]
 * pairs.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "PreparedAspectPart".
 */
export interface PreparedAspectPart {
  name: string;
  zone: string | null;
  hidden: boolean;
  known_to: string[];
  free_invokes: (string | number)[][];
}
/**
 * The setting as the seat sees it.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SettingPart".
 */
export interface SettingPart {
  name: string;
  summary: string;
  aspects: SettingAspectPart[];
  entries: EntryPart[];
  organizations: OrganizationPart[];
}
/**
 * A lasting aspect of the setting: a setting aspect's issue, an organization aspect's
 * organization.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SettingAspectPart".
 */
export interface SettingAspectPart {
  id: string;
  name: string;
  kind: AspectKind;
  owner: string | null;
  zone: string | null;
  free_invokes: {
    [k: string]: number;
  };
  hidden: boolean;
  known_to?: string[];
  offers?: ("CorrectAspect" | "OfferCompel" | "RemoveAspect" | "RevealAspect")[];
  offers_by?: {
    [k: string]: string[];
  };
  issue: Issue | null;
  organization: string | null;
}
/**
 * A face or a place of the setting.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "EntryPart".
 */
export interface EntryPart {
  id: string;
  kind: EntryKind;
  name: string;
  text: string;
  secret: boolean;
}
/**
 * An organization, and its members whose sheets the seat may see.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "OrganizationPart".
 */
export interface OrganizationPart {
  name: string;
  members: string[];
}
/**
 * The table's safety tools, alike for every seat: the signals on, and those waiting for
 * the GM (oldest first).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SafetyPart".
 */
export interface SafetyPart {
  on: SafetyTool[];
  waiting: SignalPart[];
}
/**
 * A signal waiting for the GM: which tool, and nobody's name.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "SignalPart".
 */
export interface SignalPart {
  id: string;
  tool: SafetyTool;
}
/**
 * What a seat's page shows beside the view (the module's description says what).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ExtrasPart".
 */
export interface ExtrasPart {
  version: number;
  resolution: ResolutionPart | null;
  resolutions: {
    [k: string]: ResolutionPart | null;
  };
  acted: string[];
  defend_skills: {
    [k: string]: string[];
  };
  impediments: ImpedimentPart[];
}
/**
 * What a roll in play's outcome offers as things stand, and who chooses (a contest's
 * overcome: its effort, and no choice).
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ResolutionPart".
 */
export interface ResolutionPart {
  outcome: Outcome | null;
  shifts: number | null;
  chosen_by: Chooser;
  effort?: number;
  options: OptionPart[];
  difficulty_hidden?: boolean;
}
/**
 * One way to take a roll's outcome: whether it names an aspect, the boosts it grants and
 * the hit it deals.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "OptionPart".
 */
export interface OptionPart {
  key: string;
  names_aspect: boolean;
  boosts: string[];
  hit: number | null;
}
/**
 * A border between two zones, and the aspects impeding it that the seat sees.
 *
 * This interface was referenced by `PageContract`'s JSON-Schema
 * via the `definition` "ImpedimentPart".
 */
export interface ImpedimentPart {
  between: string[];
  aspects: string[];
}
