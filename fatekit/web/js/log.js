// The table's log: each event the seat may see, as a line in the page's language.
// Events carry ids and stable keys; names come from the view, or from earlier events for
// things no longer in play (an aspect from a finished scene).

import { dice, free, h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { app } from "./store.js";
import { ladderValue, skill, who } from "./view.js";

const aspectNames = new Map();

/** Remember names that events introduce, for lines about them later. */
export function learn(event) {
  const d = event.data;
  if (event.type === "SituationAspectAdded" && d.aspect_id) aspectNames.set(d.aspect_id, d.name);
  if (event.type === "RollResolved" && d.created) for (const id of d.created) aspectNames.set(id, d.aspect_name);
  if (event.type === "BlockAdded" && d.aspect_id) aspectNames.set(d.aspect_id, d.name);
}

function aspect(id) {
  if (!id) return h("span", {}, t("aspect.hidden_name"));
  if (app.view) {
    const scene = app.view.scene;
    const found = scene && scene.aspects.find((a) => a.id === id);
    if (found) return free(found.name, "span", { class: "aspect-name" });
    for (const c of app.view.characters) {
      const list = c.revealed ? c.sheet.aspects : c.aspects;
      const own = list.find((a) => a.id === id);
      if (own) return free(own.name, "span", { class: "aspect-name" });
    }
  }
  return aspectNames.has(id) ? free(aspectNames.get(id), "span", { class: "aspect-name" }) : free(id, "code");
}

function seat(id) {
  const found = app.view && app.view.seats.find((s) => s.id === id);
  return free(found ? found.name : id, "span", { class: "who" });
}

function rolled(faces, defendFaces = null) {
  return h("span", {}, dice(faces), defendFaces ? h("span", {}, " / ", dice(defendFaces)) : null);
}

/** Each event type: the catalog key of its line and the pieces the line names. */
const LINES = {
  TableCreated: (d) => ["TableCreated", { name: free(d.name), preset: t(`preset.${d.preset}`) }],
  SeatAdded: (d) => ["SeatAdded", { who: free(d.name), role: t(`role.${d.role}`) }],
  SeatRemoved: (d) => ["SeatRemoved", { who: free(d.seat_id) }],
  CharacterAdded: (d) => ["CharacterAdded", { who: who(d.character_id) }],
  CharacterUpdated: (d) => ["CharacterUpdated", { who: who(d.character_id) }],
  CharacterRevealed: (d) => ["CharacterRevealed", { who: who(d.character_id) }],
  SessionStarted: (d) => ["SessionStarted", { n: d.number }],
  SessionEnded: (d) => [d.milestone ? "SessionEnded.milestone" : "SessionEnded", { milestone: d.milestone ? t(`milestone.${d.milestone}`) : "" }],
  SceneStarted: (d) => ["SceneStarted", { name: free(d.name) }],
  SceneEnded: () => ["SceneEnded", {}],
  SituationAspectAdded: (d) => ["SituationAspectAdded", { aspect: free(d.name) }],
  AspectRevealed: (d) => ["AspectRevealed", { aspect: aspect(d.aspect_id) }],
  AspectRemoved: (d) => ["AspectRemoved", { aspect: aspect(d.aspect_id) }],
  CountdownAdded: (d) => ["CountdownAdded", { name: d.name ? free(d.name) : h("span", {}, t("countdown.unnamed")) }],
  CountdownMarked: (d) => ["CountdownMarked", { n: d.count }],
  TriggerFired: () => ["TriggerFired", {}],
  CompelOffered: (d) => ["CompelOffered", { target: who(d.target), aspect: aspect(d.aspect_id), by: who(d.offered_by) }],
  CompelAnswered: (d) => [`CompelAnswered.${d.answer}`, {}],
  RollMade: (d) => [
    "RollMade",
    { who: who(d.actor), action: t(`action.${d.action}`), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces), against: d.against ? who(d.against) : ladderValue(d.difficulty) },
  ],
  Invoked: (d) => [d.free ? "Invoked.free" : "Invoked.paid", { who: who(d.by), aspect: aspect(d.aspect_id), effect: t(`effect.${d.effect}`) }],
  RollResolved: (d) => [d.option ? "RollResolved.option" : "RollResolved", { option: d.option ? t(`option.outcome.${d.option}`) : "" }],
  ConflictStarted: (d) => ["ConflictStarted", { kind: t(`conflict.kind.${d.kind}`) }],
  AttackRolled: (d) => ["AttackRolled", { who: who(d.actor), target: who(d.target), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) }],
  AdvantageRolled: (d) => ["AdvantageRolled", { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) }],
  OvercomeRolled: (d) => ["OvercomeRolled", { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces, d.defend_faces) }],
  FullDefenseTaken: (d) => ["FullDefenseTaken", { who: who(d.actor) }],
  Moved: (d) => ["Moved", { who: who(d.actor), zone: free(d.to) }],
  HitAbsorbed: (d) => [
    d.names && d.names.length ? "HitAbsorbed.consequence" : "HitAbsorbed",
    { who: who(d.target), consequence: h("span", {}, (d.names || []).map(([, name]) => free(name, "span", { class: "aspect-name" }))) },
  ],
  TakenOut: (d) => ["TakenOut", { who: who(d.target) }],
  Conceded: (d) => ["Conceded", { who: who(d.character_id) }],
  TurnEnded: (d) => [d.next_actor ? "TurnEnded.next" : "TurnEnded", { who: who(d.next_actor) }],
  ConflictFinished: () => ["ConflictFinished", {}],
  TemplateAdded: (d) => ["TemplateAdded", { name: free(d.name) }],
  TemplateRemoved: () => ["TemplateRemoved", {}],
  ContestStarted: () => ["ContestStarted", {}],
  ContestRolled: (d) => ["ContestRolled", { who: who(d.actor), skill: skill(d.skill), dice: rolled(d.faces) }],
  ContestForfeited: (d) => ["ContestForfeited", { side: free(d.side) }],
  ContestEnded: () => ["ContestEnded", {}],
  ChallengeStarted: () => ["ChallengeStarted", {}],
  ChallengeRolled: (d) => ["ChallengeRolled", { who: who(d.actor), dice: rolled(d.faces) }],
  ChallengeEnded: () => ["ChallengeEnded", {}],
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
  FreeInvokePassed: (d) => ["FreeInvokePassed", { from: who(d.from_character), to: who(d.to_character), aspect: aspect(d.aspect_id) }],
  StoryDetailDeclared: (d) => ["StoryDetailDeclared", { who: who(d.by), detail: free(d.detail) }],
  SelfCompelAsked: (d) => ["SelfCompelAsked", { who: who(d.target), aspect: aspect(d.aspect_id) }],
  SelfCompelAnswered: (d) => [d.accepted ? "SelfCompelAnswered.yes" : "SelfCompelAnswered.no", {}],
  MilestoneTaken: (d) => ["MilestoneTaken", { who: who(d.character_id) }],
  BreakthroughTaken: (d) => ["BreakthroughTaken", { who: who(d.character_id) }],
  NoteAdded: (d) => [`NoteAdded.${d.visibility}`, { text: free(d.text, "q") }],
  Undone: (d) => ["Undone", { n: d.target_version }],
};

/** One event as a log line (who did it, and what), or null for a kind the page does not know. */
export function describeEvent(event) {
  const line = LINES[event.type];
  if (!line) return null;
  const [key, args] = line(event.data || {});
  return h("span", { class: "line" }, h("span", { class: "by" }, seat(event.seat)), " ", tn(`event.${key}`, args));
}

/** A fate point count that changed between two views. */
export function describeLedger(change) {
  const name = change.who ? who(change.who) : h("span", {}, t("gm.pool"));
  return h("span", { class: "line ledger" }, tn(change.to > change.from ? "ledger.gain" : "ledger.spend", { who: name, from: change.from, to: change.to }));
}
