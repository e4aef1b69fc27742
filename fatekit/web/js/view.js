// Lookups over the seat's view that every panel and form shares: whose characters these are,
// names as people typed them, skills and ladder steps in the page's language.

import { free, h } from "./lib/dom.js";
import { has, language, rating, skillName, t, tn } from "./lib/i18n.js";
import { app, seatView } from "./store.js";

/** @typedef {import("../../../docs/page").CharacterPart} CharacterPart */
/** @typedef {import("../../../docs/page").SheetPart} SheetPart */

/** The id the engine gives the GM where a character could stand (`fatekit.rules` GM). */
const GM = "gm";

export const mine = () => new Set(seatView().you.characters);
export const isGm = () => seatView().you.role === "gm";

/** Whether the seat may send a command only the GM may send, as the server lists them for it
 * (`you.may`, by the check the command's decider makes): the page asks this, never the role. */
export const may = (/** @type {string} */ kind) => /** @type {readonly string[]} */ (seatView().you.may).includes(kind);

/** Whether a part of the document (a character, an aspect, a compel, a roll, the scene, the
 * conflict) offers `kind` to this seat now: the server lists exactly what it would take. */
/** @param {{offers?: readonly string[]} | null | undefined} part @param {string} kind */
export const offered = (part, kind) => Boolean(part && part.offers && part.offers.includes(kind));

/** The characters in whose names an aspect offers `kind` to this seat now (`offers_by`: pass a
 * free invoke, pay for a story detail, offer or ask for a compel, let go of a boost), by the
 * check the table's decider makes. */
/** @param {{offers_by?: Record<string, string[]>} | null | undefined} aspect @param {string} kind
 * @returns {string[]} */
export const offeredBy = (aspect, kind) => (aspect && aspect.offers_by && aspect.offers_by[kind]) || [];

/** Whether this seat answers for a character: a player for their own, the GM for the NPCs (a GM
 * acts for everyone, but a PC's moves are its player's to make). @param {string} id */
export function answersFor(id) {
  if (!isGm()) return mine().has(id);
  const c = character(id);
  const sheet = c ? sheetOf(c) : null;
  return Boolean(c && !c.owner && !(sheet && sheet.kind === "pc"));
}

/** The scene running, for a dialog opened only while one runs (its button shows only then). */
export function runningScene() {
  const scene = seatView().scene;
  if (!scene) throw new Error("no scene is running");
  return scene;
}

/** The conflict under way, for a dialog opened only from its panel. */
export function runningConflict() {
  const conflict = seatView().conflict;
  if (!conflict) throw new Error("no conflict is under way");
  return conflict;
}

/** @param {string} id @returns {CharacterPart | null} */
export function character(id) {
  return seatView().characters.find((c) => c.id === id) || null;
}

/** The sheet the seat reads for a character: only a revealed character comes with one (a
 * hidden one shows its name, kind and the aspects anyone sees), so null when it is not.
 * @param {CharacterPart} c @returns {SheetPart | null} */
export function sheetOf(c) {
  return c.revealed && c.sheet ? c.sheet : null;
}

/** A character's name as its players typed it; the GM's for "gm" or no one.
 * @param {string | null | undefined} id */
export function who(id) {
  const found = id ? character(id) : null;
  // The GM's own moves (a compel offered, a point paid from the pool) name "gm" or no one.
  if (!id || (!found && id === GM)) return h("span", {}, t("gm.pool_owner"));
  const sheet = found ? sheetOf(found) : null;
  const name = sheet ? sheet.name : (found && found.name) || id;
  return free(name, "span", { class: "who" });
}

/** A seat's name as its player typed it. @param {string} id */
export function seatName(id) {
  const seat = seatView().seats.find((s) => s.id === id);
  return free(seat ? seat.name : id, "span", { class: "who" });
}

/** A skill's name in a table playing a rule-set file: the file's, in the page's language if it
 * gives one. @param {string} key */
function ownSkillName(key) {
  const names = seatView().table.ruleset && app.preset && app.preset.skill_names && app.preset.skill_names[key];
  return names ? names[language()] || names[""] : null;
}

/** The name a rule-set file gives the stress track for a kind of harm (in the page's language
 * when it gives one), or null. @param {string} track */
function ownTrackName(track) {
  const spec = app.preset && (app.preset.tracks || []).find((/** @type {{harm: string}} */ x) => x.harm === track);
  return spec && spec.name ? (spec.names && spec.names[language()]) || spec.name : null;
}

/** A rule set's condition by its key, in the page's language where the file names it so; the
 * view's own name otherwise. @param {string} key @param {string} fallback */
export function conditionName(key, fallback) {
  return free(conditionText(key, fallback));
}

/** The same as text. @param {string} key @param {string} fallback */
export function conditionText(key, fallback) {
  const spec = app.preset && (app.preset.conditions || []).find((/** @type {{key: string}} */ x) => x.key === key);
  return spec ? (spec.names && spec.names[language()]) || spec.name : fallback;
}

/** What the table calls the stress track for a kind of harm, as text. @param {string} track */
export function trackText(track) {
  return ownTrackName(track) || (has(`track.${track}`) ? t(`track.${track}`) : track);
}

/** The same as a node: a rule set's own name is the table's text, not the page's.
 * @param {string} track */
export function trackName(track) {
  const own = ownTrackName(track);
  if (own) return free(own);
  return has(`track.${track}`) ? t(`track.${track}`) : free(track);
}

/** A preset's name: the catalog's for a built-in, the file's own for a table's rule set.
 * @param {string} key */
export function presetName(key) {
  if (has(`preset.${key}`)) return t(`preset.${key}`);
  return free(app.preset && app.preset.key === key ? app.preset.name : key);
}

/** A skill's name: the rule set's, the catalog's, or as the table typed it. @param {string} key */
export function skill(key) {
  const own = ownSkillName(key);
  if (own) return free(own);
  const view = seatView();
  const name = skillName(key, view.table.preset, view.table.skill_list);
  if (name) return h("span", {}, name);
  // A built-in rule set's own skill the catalogs do not name (Atomic Robo's Combat).
  const kept =
    app.preset && app.preset.key === view.table.preset && app.preset.skill_names && app.preset.skill_names[key];
  if (kept) return free(kept[language()] || kept[""]);
  // A skill of the table's own making (a hazard's, a minor NPC's): the name it was given.
  for (const c of view.characters) {
    const sheet = sheetOf(c);
    const label = sheet && sheet.skill_labels && sheet.skill_labels[key];
    if (label) return free(label);
  }
  return free(key);
}

/** A mode's name in a rule set with modes: the file's, in the page's language if it gives one.
 * @param {string} key */
export function modeName(key) {
  const found = app.preset && (app.preset.modes || []).find((/** @type {{key: string}} */ m) => m.key === key);
  return found ? (found.names && found.names[language()]) || found.name : key;
}

/** A rule set's packages (Venture City's powers), one of them or one option bought on them,
 * named in the page's language if the file gives it; the key itself when the rule set has none.
 * @param {"label" | "packages" | "options"} part @param {string} [key] @returns {string} */
export function packageName(part, key) {
  const spec = app.preset && app.preset.packages;
  if (!spec) return key || "";
  /** @type {{key?: string, name: string, names?: Record<string, string>} | undefined} */
  const found =
    part === "label"
      ? { name: spec.label, names: spec.names }
      : (spec[part] || []).find((/** @type {{key: string}} */ p) => p.key === key);
  return found ? (found.names && found.names[language()]) || found.name : key || "";
}

/** The mode a character's skill is written under (the engine says which), or null.
 * @param {CharacterPart} c @param {string} key */
export function skillMode(c, key) {
  const found = (c.modes || []).find((m) => m.skills.includes(key));
  return found ? found.key : null;
}

/** A rating on the table's ladder ("Good (+3)"). @param {number} n */
export function ladderValue(n) {
  return rating(n, app.preset && app.preset.ladder);
}

/** Every aspect the seat can see: the scene's, the story's lasting ones and the characters'. */
export function visibleAspects() {
  const out = [];
  const view = seatView();
  const scene = view.scene;
  if (scene) out.push(...scene.aspects);
  if (view.setting) out.push(...view.setting.aspects);
  for (const c of view.characters) {
    const sheet = sheetOf(c);
    if (sheet) {
      for (const a of sheet.aspects) out.push({ ...a, owner: c.id });
      for (const slot of sheet.consequences)
        if (slot.aspect) out.push({ ...slot.aspect, kind: "consequence", owner: c.id });
    } else {
      // A hidden character: only the aspects and consequences anyone sees.
      out.push(...(c.aspects || []), ...(c.consequences || []));
    }
  }
  return out;
}

/** An aspect's name as its card and lines show it: as typed, or for a boost not named yet (the
 * texts let its holder name it when using it) words saying so.
 * @param {{name?: string | null, kind?: string}} a */
export function aspectLabel(a) {
  if (!a.name && a.kind === "boost") return h("span", { class: "aspect-name unnamed" }, t("aspect.unnamed_boost"));
  return free(a.name, "span", { class: "aspect-name" });
}

/** An aspect's name by its id; a hidden one's words saying so. @param {string | null | undefined} id */
export function aspectName(id) {
  if (!id) return h("span", {}, t("aspect.hidden_name"));
  const found = visibleAspects().find((a) => a.id === id);
  // An id no aspect in play has any more: one an extreme consequence replaced, or an edit
  // dropped, since a compel named it.
  return found ? aspectLabel(found) : h("span", {}, t("aspect.gone_name"));
}

/** Whether the table plays with an optional rule (the view lists those switched on).
 * @param {string} key */
export function hasOption(key) {
  return seatView().table.options.includes(key);
}

/** A milestone as the table's book names it: Fate Condensed's milestone and breakthrough, or
 * Fate Core's and Fate Accelerated's minor, significant and major milestones.
 * @param {string} kind */
export function milestoneName(kind) {
  const table = app.view && app.view.table;
  const three = table && table.advancement && table.advancement !== "condensed";
  return t(three ? `milestone.three.${kind}` : `milestone.${kind}`);
}

/** The milestones a session's end may bring at this table, smallest first. */
export function milestoneLevels() {
  const table = app.view && app.view.table;
  return (table && table.milestone_levels) || ["minor", "major"];
}

/** A list of catalog words, each its own text node (so each reads as the catalog's).
 * @param {(string | Node)[]} words */
function wordList(words) {
  const out = h("span", {});
  words.forEach((w, i) => {
    if (i) out.append(", ");
    out.append(w);
  });
  return out;
}

/** A stunt's cost beside what it does, when it has one.
 * @template {string | Node} T @param {T} does @param {string | null | undefined} cost */
export function withCost(does, cost) {
  return cost && cost !== "free" ? tn("stunt.with_cost", { does, cost: t(`stunt.cost.${cost}`) }) : does;
}

/** What a stunt does, in the seat's language: its effect as the character file gives it (the
 * kinds the texts name), and its cost when it has one. The player's own words stay theirs.
 * @param {import("../../../docs/page").StuntPart} st */
export function stuntSummary(st) {
  const e = st.effect;
  const listed = "actions" in e && e.actions ? e.actions : "action" in e && e.action ? [e.action] : [];
  const actions = wordList(listed.map((a) => t(`action.${a}`)));
  let does;
  switch (e.type) {
    case "skill_bonus":
      does = tn("stunt.does.bonus_to", { n: e.bonus, skill: skill(e.skill), actions });
      break;
    case "skill_swap":
      does = listed.length
        ? tn("stunt.does.swap_for", { skill: skill(e.skill), replaces: skill(e.replaces), actions })
        : tn("stunt.does.swap", { skill: skill(e.skill), replaces: skill(e.replaces) });
      break;
    case "extra_action":
      does = tn("stunt.does.extra_action", { skill: skill(e.skill), action: t(`action.${e.action}`) });
      break;
    case "extra_free_invoke":
      does = tn("stunt.does.free_invoke", { n: e.count, skill: skill(e.skill) });
      break;
    case "extra_stress":
      does = tn("stunt.does.stress", { n: e.boxes, track: trackName(e.track) });
      break;
    case "extra_consequence":
      does = tn("stunt.does.consequence", { severity: t(`severity.${e.severity}`), track: trackName(e.track) });
      break;
    case "boost":
      does = e.skill ? tn("stunt.does.boost_on", { skill: skill(e.skill) }) : tn("stunt.does.boost");
      break;
    case "act_first":
      does = tn("stunt.does.act_first");
      break;
    case "rule_exception":
      does = tn("stunt.does.exception", { text: free(e.text || "") });
      break;
    default:
      does = tn("stunt.does.detail", { detail: free(e.detail || "") });
  }
  return withCost(does, st.cost);
}
