// The table's log: each event the seat may see, as a line in the page's language.
// Events carry ids and stable keys; names come from the view, or from earlier events for
// things no longer in play (an aspect from a finished scene).

import { button, dice, field, fill, free, h, section } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { app, ruleReason, send, showError } from "./store.js";
import { SCREEN_LINES, diceOrHidden } from "./screen.js";
import { aspectLabel, isGm, ladderValue, milestoneName, presetName, skill, trackName, who } from "./view.js";

/** How many log entries a page of the log holds. */
export const LOG_PAGE = 50;

// Situation aspects' ids start again in each scene (a1, a2...), so a name is remembered with the
// version of the event that gave it, and a line names the aspect that held the id when the
// line's event happened: id -> [[version, name], ...], oldest first.
const aspectNames = new Map();
// The latest scene change the page holds, for telling whether an event is from the scene in
// play (the page holds every event since the oldest it shows).
const sceneChanges = new Set(["SceneStarted", "SceneEnded", "PreparedSceneStarted"]);
let lastSceneChange = 0;
// The version of the event being described (aspect() names as of then).
let describing = Infinity;

function named(id, version, name) {
  const known = aspectNames.get(id) || [];
  known.push([version, name]);
  known.sort((a, b) => a[0] - b[0]);
  aspectNames.set(id, known);
}

/** Remember names that events introduce, for lines about them later. */
export function learn(event) {
  const d = event.data;
  const v = event.version;
  if (sceneChanges.has(event.type)) lastSceneChange = Math.max(lastSceneChange, v);
  if (event.type === "SituationAspectAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  if (event.type === "RollResolved" && d.created) for (const id of d.created) named(id, v, d.aspect_name);
  if (event.type === "BlockAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  if (event.type === "LastingAspectAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  // A hidden aspect revealed to the seat: its name comes with the reveal, not with its making.
  if (event.type === "AspectRevealed" && d.aspect) named(d.aspect_id, v, d.aspect.name);
}

/** Forget the names learnt at another table (a new seat's page starts afresh). */
export function forgetNames() {
  aspectNames.clear();
  lastSceneChange = 0;
}

function aspect(id) {
  if (!id) return h("span", {}, t("aspect.hidden_name"));
  if (app.view) {
    // An event of the scene in play names the aspect as the scene holds it now.
    const scene = app.view.scene;
    const found = scene && describing >= lastSceneChange && scene.aspects.find((a) => a.id === id);
    if (found) return aspectLabel(found);
    // The story's lasting aspects (w1, w2...) keep their ids for good too.
    const lasting = app.view.setting && app.view.setting.aspects.find((a) => a.id === id);
    if (lasting) return aspectLabel(lasting);
    // A character's aspects keep their ids for good.
    for (const c of app.view.characters) {
      const list = c.revealed ? c.sheet.aspects : c.aspects;
      const own = list.find((a) => a.id === id);
      if (own) return free(own.name, "span", { class: "aspect-name" });
    }
  }
  // An earlier scene's: the latest name given to this id up to the event, the aspect it meant.
  const then = (aspectNames.get(id) || []).filter(([v]) => v <= describing).pop();
  return then ? free(then[1], "span", { class: "aspect-name" }) : free(id, "code");
}

function seat(id) {
  const found = app.view && app.view.seats.find((s) => s.id === id);
  return free(found ? found.name : id, "span", { class: "who" });
}

function rolled(faces, defendFaces = null) {
  // Dice the GM keeps hidden (an NPC's, behind the screen) are null: said so, never drawn.
  return h("span", {}, diceOrHidden(faces), defendFaces ? h("span", {}, " / ", dice(defendFaces)) : null);
}

/** Each event type: the catalog key of its line and the pieces the line names. */
const LINES = {
  TableCreated: (d) => ["TableCreated", { name: free(d.name), preset: presetName(d.preset) }],
  SeatAdded: (d) => ["SeatAdded", { who: free(d.name), role: t(`role.${d.role}`) }],
  SeatRemoved: (d) => ["SeatRemoved", { who: free(d.seat_id) }],
  CharacterAdded: (d) => ["CharacterAdded", { who: who(d.character_id) }],
  CharacterUpdated: (d) => ["CharacterUpdated", { who: who(d.character_id) }],
  CharacterRevealed: (d) => ["CharacterRevealed", { who: who(d.character_id) }],
  CharacterGiven: (d) => [
    d.owner ? "CharacterGiven" : "CharacterGiven.gm",
    { who: who(d.character_id), seat: seat(d.owner) },
  ],
  SessionStarted: (d) => ["SessionStarted", { n: d.number }],
  SessionEnded: (d) => [
    d.milestone ? "SessionEnded.milestone" : "SessionEnded",
    { milestone: d.milestone ? milestoneName(d.milestone) : "" },
  ],
  SceneStarted: (d) => ["SceneStarted", { name: free(d.name) }],
  SceneEnded: () => ["SceneEnded", {}],
  JoinedScene: (d) => [
    d.side ? "JoinedScene.side" : "JoinedScene",
    { who: who(d.character_id), side: d.side ? free(d.side) : "" },
  ],
  SituationAspectAdded: (d) => ["SituationAspectAdded", { aspect: free(d.name) }],
  AspectRevealed: (d) => ["AspectRevealed", { aspect: aspect(d.aspect_id) }],
  AspectRemoved: (d) => ["AspectRemoved", { aspect: aspect(d.aspect_id) }],
  SettingDescribed: (d) => ["SettingDescribed", { name: free(d.name) }],
  LastingAspectAdded: (d) => [
    `LastingAspectAdded.${d.kind}`,
    { aspect: free(d.name), organization: free(d.organization || "") },
  ],
  ScenarioClosed: () => ["ScenarioClosed", {}],
  MembershipSet: (d) => [
    d.member ? "MembershipSet" : "MembershipSet.left",
    { who: who(d.character_id), organization: free(d.organization) },
  ],
  SettingEntryPut: (d) => [`SettingEntryPut.${d.kind}`, { name: free(d.name) }],
  SettingEntryRemoved: () => ["SettingEntryRemoved", {}],
  CountdownAdded: (d) => ["CountdownAdded", { name: d.name ? free(d.name) : h("span", {}, t("countdown.unnamed")) }],
  CountdownMarked: (d) => ["CountdownMarked", { n: d.count }],
  TriggerFired: () => ["TriggerFired", {}],
  CompelOffered: (d) => [
    d.kind === "decision" ? "CompelOffered.decision" : "CompelOffered",
    { target: who(d.target), aspect: aspect(d.aspect_id), by: who(d.offered_by) },
  ],
  CompelAnswered: (d) => [`CompelAnswered.${d.answer}`, {}],
  RollMade: (d) => [
    d.move_to ? "RollMade.move" : "RollMade",
    {
      ...(d.move_to ? { zone: free(d.move_to) } : {}),
      who: who(d.actor),
      action: t(`action.${d.action}`),
      skill: skill(d.skill),
      dice: rolled(d.faces, d.defend_faces),
      against: d.against
        ? who(d.against)
        : d.difficulty === null
          ? t("screen.hidden_difficulty")
          : ladderValue(d.difficulty),
    },
  ],
  // On an aimed target's defence (a split or zone attack), the line says whose defence it was.
  // A boost is gone once used: the event keeps its name ("" unnamed) for this line.
  Invoked: (d) => [
    `Invoked.${typeof d.boost_name === "string" ? "boost" : d.free ? "free" : "paid"}${d.target ? "_target" : ""}`,
    {
      who: who(d.by),
      aspect:
        typeof d.boost_name === "string"
          ? d.boost_name
            ? free(d.boost_name, "span", { class: "aspect-name" })
            : h("span", {}, t("aspect.unnamed_boost"))
          : aspect(d.aspect_id),
      effect: t(`effect.${d.effect}`),
      ...(d.target ? { target: who(d.target) } : {}),
    },
  ],
  RollResolved: (d) =>
    d.removed && d.removed.length
      ? ["RollResolved.removed", { option: t(`option.outcome.${d.option || "success"}`), aspect: aspect(d.removed[0]) }]
      : [
          d.option ? "RollResolved.option" : "RollResolved",
          { option: d.option ? t(`option.outcome.${d.option}`) : "" },
        ],
  ConflictStarted: (d) => ["ConflictStarted", { kind: t(`conflict.kind.${d.kind}`) }],
  AttackRolled: (d) => [
    "AttackRolled",
    { who: who(d.actor), target: who(d.target), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) },
  ],
  AdvantageRolled: (d) => [
    "AdvantageRolled",
    { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) },
  ],
  OvercomeRolled: (d) => [
    "OvercomeRolled",
    { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) },
  ],
  FullDefenseTaken: (d) => ["FullDefenseTaken", { who: who(d.actor) }],
  Moved: (d) => ["Moved", { who: who(d.actor), zone: free(d.to) }],
  PlacedInZone: (d) => ["PlacedInZone", { who: who(d.character_id), zone: free(d.zone) }],
  HitAbsorbed: (d) => {
    const consequence = h(
      "span",
      {},
      (d.names || []).map(([, name]) => free(name, "span", { class: "aspect-name" })),
    );
    if (d.extreme)
      // The extreme consequence and the aspect it took the place of (a sheet the seat may not
      // see keeps that aspect's name from it).
      return [
        d.names && d.names.length ? "HitAbsorbed.extreme_more" : "HitAbsorbed.extreme",
        {
          who: who(d.target),
          consequence,
          extreme: free(d.extreme.name, "span", { class: "aspect-name" }),
          replaced: d.replaced_name
            ? free(d.replaced_name, "span", { class: "aspect-name" })
            : h("span", {}, t("harm.hidden_aspect")),
        },
      ];
    return [d.names && d.names.length ? "HitAbsorbed.consequence" : "HitAbsorbed", { who: who(d.target), consequence }];
  },
  TakenOut: (d) => [d.standing ? "TakenOut.member" : "TakenOut", { who: who(d.target), n: d.standing || 0 }],
  ContestHitAbsorbed: (d) => [
    d.names && d.names.length ? "ContestHitAbsorbed.consequence" : "ContestHitAbsorbed",
    {
      who: who(d.target),
      n: d.shifts,
      consequence: h(
        "span",
        {},
        (d.names || []).map(([, name]) => free(name, "span", { class: "aspect-name" })),
      ),
    },
  ],
  ContestTakenOut: (d) => ["ContestTakenOut", { who: who(d.target), n: d.shifts }],
  Conceded: (d) => [
    d.terms ? "Conceded.terms" : "Conceded",
    { who: who(d.character_id), terms: d.terms ? free(d.terms, "q") : "" },
  ],
  TurnEnded: (d) => [d.next_actor ? "TurnEnded.next" : "TurnEnded", { who: who(d.next_actor) }],
  ConflictFinished: () => ["ConflictFinished", {}],
  TemplateAdded: (d) => ["TemplateAdded", { name: free(d.name) }],
  TemplateRemoved: () => ["TemplateRemoved", {}],
  ContestStarted: () => ["ContestStarted", {}],
  ContestRolled: (d) => ["ContestRolled", { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces) }],
  ContestForfeited: (d) => ["ContestForfeited", { side: free(d.side) }],
  ContestThreatRolled: (d) => [
    "ContestThreatRolled",
    { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces), sides: free(d.sides.join(", ")) },
  ],
  ContestEnded: () => ["ContestEnded", {}],
  ChallengeStarted: () => ["ChallengeStarted", {}],
  ChallengeRolled: (d) => ["ChallengeRolled", { who: who(d.actor), dice: rolled(d.faces) }],
  ChallengeEnded: () => ["ChallengeEnded", {}],
  TreatmentRolled: (d) => [
    "TreatmentRolled",
    {
      who: who(d.actor),
      patient: who(d.patient),
      name: free(d.new_name, "span", { class: "aspect-name" }),
      skill: skill(d.skill),
      dice: rolled(d.faces),
    },
  ],
  MinionShielded: (d) => ["MinionShielded", { who: who(d.minion) }],
  Equipped: (d) => ["Equipped", { who: who(d.character_id), weapon: d.weapon, armor: d.armor }],
  ScaleSet: (d) => ["ScaleSet", { who: who(d.character_id) }],
  HazardAdded: (d) => ["HazardAdded", { name: free(d.name) }],
  BlockAdded: (d) => ["BlockAdded", { name: free(d.name) }],
  SplitAttackRolled: (d) => ["SplitAttackRolled", { who: who(d.actor), dice: rolled(d.faces) }],
  ZoneAttackRolled: (d) => ["ZoneAttackRolled", { who: who(d.actor), dice: rolled(d.faces) }],
  TargetsAssigned: () => ["TargetsAssigned", {}],
  TargetsResolved: () => ["TargetsResolved", {}],
  MissedEveryone: () => ["MissedEveryone", {}],
  BigBadSet: (d) => ["BigBadSet", { who: who(d.character_id) }],
  ImmunityBroken: (d) => ["ImmunityBroken", { who: who(d.character_id) }],
  FreeInvokePassed: (d) => [
    "FreeInvokePassed",
    { from: who(d.from_character), to: who(d.to_character), aspect: aspect(d.aspect_id) },
  ],
  StuntUsed: (d) => [
    d.note ? "StuntUsed.note" : "StuntUsed",
    {
      who: who(d.by),
      stunt: d.stunt === null ? h("span", {}, t("stunt.unnamed")) : free(d.stunt, "strong"),
      note: free(d.note || ""),
    },
  ],
  StoryDetailDeclared: (d) => ["StoryDetailDeclared", { who: who(d.by), detail: free(d.detail) }],
  SelfCompelAsked: (d) => [
    d.kind === "decision" ? "SelfCompelAsked.decision" : "SelfCompelAsked",
    { who: who(d.target), aspect: aspect(d.aspect_id) },
  ],
  SelfCompelAnswered: (d) => [d.accepted ? "SelfCompelAnswered.yes" : "SelfCompelAnswered.no", {}],
  MilestoneTaken: (d) => ["MilestoneTaken", { who: who(d.character_id) }],
  // Fate Core's and Fate Accelerated's milestones: the level spent, and the extreme
  // consequences a major one made lasting aspects (their names as the seat may know them).
  MilestoneSpent: (d) => {
    const settled = (d.settled || []).filter((s) => s.name);
    if (settled.length)
      return [
        "MilestoneSpent.settled",
        {
          who: who(d.character_id),
          aspect: h(
            "span",
            {},
            settled.flatMap((s, i) => [i ? ", " : "", free(s.name, "span", { class: "aspect-name" })]),
          ),
        },
      ];
    return [`MilestoneSpent.${d.level}`, { who: who(d.character_id) }];
  },
  BreakthroughTaken: (d) => ["BreakthroughTaken", { who: who(d.character_id) }],
  SkillsRaised: (d) => [
    "SkillsRaised",
    {
      who: who(d.character_id),
      skills: h(
        "span",
        {},
        (d.steps || []).flatMap((k, i) => (i ? [", ", skill(k)] : [skill(k)])),
      ),
    },
  ],
  NoteAdded: (d) => [`NoteAdded.${d.visibility}`, { text: free(d.text, "q") }],
  RecapLineAdded: (d) => [`RecapLineAdded.${d.visibility}`, { n: d.session, text: free(d.text, "q") }],
  // The GM's corrections: what was set straight, from what to what.
  FatePointsCorrected: (d) => [
    d.character_id ? "FatePointsCorrected" : "FatePointsCorrected.pool",
    { who: who(d.character_id), was: d.was, to: d.fate_points },
  ],
  StressCorrected: (d) => [
    "StressCorrected",
    { who: who(d.character_id), track: trackName(d.track), was: d.was.length, to: d.marked.length },
  ],
  ConsequenceCorrected: (d) => [
    `ConsequenceCorrected.${d.name === null ? "cleared" : d.was === null ? "written" : "renamed"}`,
    {
      who: who(d.character_id),
      name: free(d.name || "", "span", { class: "aspect-name" }),
      was: free(d.was || "", "span", { class: "aspect-name" }),
    },
  ],
  FreeInvokesCorrected: (d) => [
    "FreeInvokesCorrected",
    { who: who(d.holder), aspect: aspect(d.aspect_id), was: d.was, to: d.count },
  ],
  AspectCorrected: (d) => [
    "AspectCorrected",
    { was: free(d.was, "span", { class: "aspect-name" }), name: free(d.name, "span", { class: "aspect-name" }) },
  ],
  TurnCorrected: (d) => ["TurnCorrected", { who: who(d.current), was: who(d.was) }],
  ExtremeCorrected: (d) => [
    `ExtremeCorrected.${d.name === null ? "taken_back" : d.was === null ? "written" : "renamed"}`,
    {
      who: who(d.character_id),
      name: free(d.name || "", "span", { class: "aspect-name" }),
      was: free(d.was || "", "span", { class: "aspect-name" }),
      replaced: d.replaced_name
        ? free(d.replaced_name, "span", { class: "aspect-name" })
        : h("span", {}, t("harm.hidden_aspect")),
    },
  ],
  Undone: (d) => ["Undone", { n: d.target_version }],
  // A signal names nobody: its line has no "who" (describeEvent leaves it out for no seat).
  SignalRaised: (d) => ["SignalRaised", { tool: t(`safety.tool.${d.tool}`) }],
  SignalAnswered: (d) => [
    d.note ? "SignalAnswered.note" : "SignalAnswered",
    { tool: t(`safety.tool.${d.tool}`), note: free(d.note || "", "span", { class: "note-text" }) },
  ],
  SafetyToolSet: (d) => [d.on ? "SafetyToolSet.on" : "SafetyToolSet.off", { tool: t(`safety.tool.${d.tool}`) }],
  OptionalRuleSet: (d) => [d.on ? "OptionalRuleSet.on" : "OptionalRuleSet.off", { option: t(`option.${d.option}`) }],
  ...SCREEN_LINES,
};

/** One event as a log line (who did it, and what), or null for a kind the page does not know. */
export function describeEvent(event) {
  const line = LINES[event.type];
  if (!line) return null;
  const data = event.data || {};
  describing = event.version ?? Infinity;
  let key, args;
  try {
    [key, args] = line(data);
  } finally {
    describing = Infinity;
  }
  const by = event.seat ? [h("span", { class: "by" }, seat(event.seat)), " "] : [];
  const out = h("span", { class: "line" }, ...by, tn(`event.${key}`, args));
  if (data.stunts && data.stunts.length) out.append(" ", stuntsLine(data.stunts));
  if (data.waived && data.waived.length) out.append(" ", waiverLine(data));
  return out;
}

/** The stunts a roll applied (a name the seat may not see comes as null: "a stunt"). */
function stuntsLine(names) {
  const list = h("span", {});
  names.forEach((name, i) => {
    if (i) list.append(", ");
    list.append(name === null ? h("span", {}, t("stunt.unnamed")) : free(name, "strong"));
  });
  return h(
    "span",
    { class: "with-stunts", "data-stunts": String(names.length) },
    tn("event.with_stunts", { stunts: list }),
  );
}

/** A move the GM allowed against the rules: which rules, in the seat's language, and why. */
function waiverLine(data) {
  const rules = h("span", { class: "rules" });
  data.waived.forEach((key, i) => {
    if (i) rules.append("; ");
    rules.append(ruleReason(key));
  });
  return h(
    "span",
    { class: "waived", "data-waived": data.waived.join(" ") },
    tn("event.waived", { rules, reason: free(data.waiver_reason || "", "q") }),
  );
}

/** A fate point count that changed between two views. */
export function describeLedger(change) {
  const name = change.who ? who(change.who) : h("span", {}, t("gm.pool"));
  return h(
    "span",
    { class: "line ledger" },
    tn(change.to > change.from ? "ledger.gain" : "ledger.spend", { who: name, from: change.from, to: change.to }),
  );
}

// -- the history the page holds -----------------------------------------------------------------

/** Add events to the page's history (oldest first, each version once): the log's pages and the
 * socket's events may overlap. Returns whether any was new. */
export function addEvents(events) {
  const seen = new Set(app.events.map((e) => e.version));
  let added = false;
  for (const event of events) {
    if (seen.has(event.version)) continue;
    seen.add(event.version);
    learn(event);
    app.events.push(event);
    added = true;
  }
  if (added) app.events.sort((a, b) => a.version - b.version);
  return added;
}

/** Read one page of the log, older than what the page holds (the latest page when it holds
 * none), and show it. A read under way is shared: its promise is `app.log.loading`. */
export function loadOlder() {
  const log = app.log;
  if (log.loading) return log.loading;
  if (log.started && !log.more) return Promise.resolve();
  log.loading = readPage(log).finally(() => {
    log.loading = null;
  });
  return log.loading;
}

async function readPage(log) {
  const seat = app.seat;
  try {
    const page = await seat.get("/log", { limit: LOG_PAGE, before: log.started ? log.before : null });
    if (seat !== app.seat) return;
    addEvents([...page.entries].reverse());
    log.started = true;
    log.before = page.before;
    log.more = page.more && page.before !== null;
  } catch (error) {
    showError(error);
  }
  showLog();
}

/** Whether the page holds the log's latest page, once read (it is read now if it was not). */
export async function logRead() {
  if (!app.log.started) await loadOlder();
  return app.log.started;
}

// -- the log panel ------------------------------------------------------------------------------

function entries() {
  const out = [];
  for (const event of app.events) {
    const line = describeEvent(event);
    if (line) out.push({ version: event.version, node: line, type: event.type });
  }
  for (const change of app.ledger)
    out.push({ version: change.version + 0.5, node: describeLedger(change), type: "ledger" });
  return out.sort((a, b) => b.version - a.version);
}

/** Draw the log's lines again (newest first) where the panel is; the list keeps its scroll. */
export function showLog() {
  const list = document.getElementById("log-list");
  if (!list) return;
  const top = list.scrollTop;
  fill(
    list,
    entries().map((e) => h("li", { "data-type": e.type, "data-version": Math.floor(e.version) }, e.node)),
  );
  list.scrollTop = top;
  const older = document.getElementById("log-older");
  if (older) older.hidden = !app.log.more;
  document.body.dataset.events = String(app.events.length);
}

/** The log: a note to write, and the table's history, newest first; older pages load when the
 * list is scrolled to its end, or with the button under it (for keyboards). */
export function logPanel() {
  const text = h("textarea", { id: "note-text", rows: 2, required: true });
  const visibility = h(
    "select",
    { id: "note-visibility" },
    ["public", "private", ...(isGm() ? ["gm"] : [])].map((v) => h("option", { value: v }, t(`note.${v}`))),
  );
  const out = h("div", { "aria-live": "polite" });
  const list = h("ol", {
    // Scrolls on its own: focusable, so a keyboard can scroll it too.
    class: "log",
    id: "log-list",
    tabindex: "0",
    "aria-labelledby": "log-title",
    onscroll: (e) => {
      const el = e.target;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) loadOlder();
    },
  });
  const panel = section(
    "log",
    t("log.title"),
    app.view.you.role !== "spectator"
      ? h(
          "form",
          {
            id: "note-form",
            onsubmit: async (e) => {
              e.preventDefault();
              const written = text.value.trim();
              if (!written) {
                // Nothing to send: say so at the field rather than do nothing.
                fill(out, h("p", { class: "error", role: "alert", id: "note-empty" }, t("note.write_first")));
                text.focus();
                return;
              }
              text.value = ""; // cleared first, so the redraw after sending does not bring it back
              if (!(await send("Note", { text: written, visibility: visibility.value }, out))) text.value = written;
            },
          },
          field(t("note.text"), text),
          field(t("note.visibility"), visibility),
          h("button", { type: "submit" }, t("note.button")),
          out,
        )
      : null,
    list,
    button(t("log.older"), () => loadOlder(), { id: "log-older", hidden: !app.log.more }),
  );
  return panel;
}
