// The sheet editor's stunts: every kind the texts give, as data the engine checks (a bonus to a
// skill with some actions, a skill in place of another, a skill doing another action, more free
// invokes, a boost, more stress boxes or a consequence, acting first, a rule exception, a true
// detail), with its cost per use and the circumstance the player confirms at the table.

import { field, h } from "../lib/dom.js";
import { t, tn } from "../lib/i18n.js";
import { skill, trackText } from "../view.js";

/** A stunt's effect, any kind's fields (the sheet's StuntPart's effect is one of them).
 * @typedef {{type: string, skill?: string | null, actions?: string[], action?: string | null, bonus?: number,
 *   replaces?: string, count?: number, boxes?: number, track?: string, severity?: string, text?: string,
 *   detail?: string}} Effect */
/** A stunt as the sheet (or the file the editor opened on) has it.
 * @typedef {{name: string, description?: string, cost?: string, fate_point_cost?: number, effect?: Effect,
 *   circumstance?: string, used_at?: unknown}} Given */
/** A stunt's row of the editor: its fields, where the engine's problems with it are said, the
 * stunt as the sheet had it, and the row's node.
 * @typedef {{name: HTMLInputElement, kind: HTMLSelectElement, skill: HTMLSelectElement,
 *   boostSkill: HTMLSelectElement, replaces: HTMLSelectElement, action: HTMLSelectElement,
 *   actions: HTMLInputElement[], bonus: HTMLInputElement, count: HTMLInputElement, boxes: HTMLInputElement,
 *   track: HTMLSelectElement, severity: HTMLSelectElement, text: HTMLInputElement, cost: HTMLSelectElement,
 *   circumstance: HTMLInputElement, description: HTMLInputElement, said: {actions: HTMLElement, text: HTMLElement},
 *   found: Given | null, node: HTMLElement}} StuntRow */

const ACTIONS = ["overcome", "create_advantage", "attack", "defend"];
const KINDS = [
  "skill_bonus",
  "skill_swap",
  "extra_action",
  "extra_free_invoke",
  "boost",
  "extra_stress",
  "extra_consequence",
  "act_first",
  "rule_exception",
  "true_detail",
];
const COSTS = ["free", "fate_point", "once_per_scene", "once_per_session"];
// Which fields each kind shows.
/** @type {Record<string, string[]>} */
const SHOWS = {
  skill_bonus: ["skill", "actions", "bonus"],
  skill_swap: ["skill", "replaces", "actions"],
  extra_action: ["skill", "action"],
  extra_free_invoke: ["skill", "count"],
  boost: ["boostSkill", "actions"],
  extra_stress: ["track", "boxes"],
  extra_consequence: ["track", "severity"],
  act_first: ["track"],
  rule_exception: ["text"],
  true_detail: ["text"],
};
// Boxes and slots are always there: they cost nothing a use.
const ALWAYS_ON = new Set(["extra_stress", "extra_consequence"]);

/** @param {string} id @param {(string | null)[][]} pairs [value, label] @param {string | null | undefined} chosen */
function options(id, pairs, chosen) {
  return h(
    "select",
    { id },
    pairs.map(([value, label]) => h("option", { value, selected: value === chosen }, label)),
  );
}

/** @param {string} id @param {number} value @param {number} most */
function number(id, value, most) {
  return h("input", {
    id,
    type: "number",
    min: "1",
    max: String(most),
    step: "1",
    value: String(value),
    inputmode: "numeric",
  });
}

/** One stunt's row of the editor; `found` is the stunt as the sheet has it (or null).
 * @param {number} i @param {Record<string, any>} preset the table's rules as the preset list gives them (store.js)
 * @param {Given | null} found @returns {StuntRow} */
function stuntRow(i, preset, found) {
  const e = /** @type {Partial<Effect>} */ ((found && found.effect) || {});
  const listed = e.actions || (e.action ? [e.action] : []);
  const skills = preset.skills.map((/** @type {string} */ k) => [k, skill(k).textContent]);
  const tracks = [
    ["any", trackText("any")],
    ...(preset.tracks || []).map((/** @type {{harm: string}} */ tr) => [tr.harm, trackText(tr.harm)]),
  ];
  const id = (/** @type {string} */ part) => `sheet-stunt-${part}-${i}`;
  // said, found and node are added below.
  const row = /** @type {StuntRow} */ ({
    name: h("input", { id: `sheet-stunt-${i}`, autocomplete: "off", value: found ? found.name : "", maxlength: "200" }),
    kind: options(
      id("kind"),
      KINDS.map((k) => [k, t(`stunt.kind.${k}`)]),
      e.type || "skill_bonus",
    ),
    skill: options(id("skill"), skills, e.skill),
    boostSkill: options(id("boost-skill"), [["", t("stunt.any_use")], ...skills], e.skill || ""),
    replaces: options(id("replaces"), skills, e.replaces),
    action: options(
      id("action"),
      ACTIONS.map((a) => [a, t(`action.${a}`)]),
      e.action || "overcome",
    ),
    actions: ACTIONS.map((a) =>
      h("input", {
        type: "checkbox",
        id: `${id("action")}-${a}`,
        value: a,
        // A new stunt names no action until the player ticks one: the engine asks for it.
        checked: found ? listed.includes(a) : false,
      }),
    ),
    bonus: number(id("bonus"), e.bonus || preset.stunt_bonus || 2, 10),
    count: number(id("count"), e.count || 1, 5),
    boxes: number(id("boxes"), e.boxes || 1, 10),
    track: options(id("track"), tracks, e.track || "any"),
    severity: options(
      id("severity"),
      ["mild", "moderate", "severe"].map((s) => [s, t(`severity.${s}`)]),
      e.severity || "mild",
    ),
    text: h("input", { id: id("text"), autocomplete: "off", maxlength: "500", value: e.text || e.detail || "" }),
    cost: options(
      id("cost"),
      COSTS.map((c) => [c, t(`stunt.cost.${c}`)]),
      (found && found.cost) || (found && found.fate_point_cost ? "fate_point" : "free"),
    ),
    circumstance: h("input", {
      id: id("circumstance"),
      autocomplete: "off",
      maxlength: "500",
      value: (found && found.circumstance) || "",
    }),
    description: h("input", {
      id: `sheet-stunt-description-${i}`,
      autocomplete: "off",
      maxlength: "2000",
      value: found ? found.description || "" : "",
    }),
  });
  const boxes = {
    skill: field(t("roll.skill"), row.skill),
    boostSkill: field(t("roll.skill"), row.boostSkill),
    replaces: field(t("stunt.replaces"), row.replaces),
    action: field(t("roll.action"), row.action),
    actions: h(
      "fieldset",
      { class: "inline stunt-actions" },
      h("legend", {}, t("stunt.actions")),
      ACTIONS.map((a, k) => h("label", {}, row.actions[k], " ", t(`action.${a}`))),
    ),
    bonus: field(t("stunt.bonus"), row.bonus),
    count: field(t("stunt.count"), row.count),
    boxes: field(t("stunt.boxes"), row.boxes),
    track: field(t("stunt.track"), row.track),
    severity: field(t("stunt.severity"), row.severity),
    text: field(t("stunt.text"), row.text),
  };
  // The engine's problems with this stunt, at the field they are about (filled by `mark`).
  row.said = { actions: h("div", { class: "field-problems" }), text: h("div", { class: "field-problems" }) };
  boxes.actions.append(row.said.actions);
  boxes.text.append(row.said.text);
  const costBox = field(t("stunt.cost_label"), row.cost);
  const fit = () => {
    const shows = SHOWS[row.kind.value] || [];
    for (const [key, box] of Object.entries(boxes)) box.hidden = !shows.includes(key);
    costBox.hidden = ALWAYS_ON.has(row.kind.value);
  };
  row.kind.addEventListener("change", fit);
  fit();
  row.found = found;
  row.node = h(
    "div",
    { class: "stunt-row", "data-row": String(i) },
    field(tn("sheet.stunt_n", { n: i + 1 }), row.name),
    field(t("stunt.kind_label"), row.kind),
    Object.values(boxes),
    costBox,
    field(t("stunt.circumstance"), row.circumstance),
    field(t("stunt.description"), row.description),
  );
  return row;
}

/** @param {StuntRow} row */
function effectOf(row) {
  const kind = row.kind.value;
  const actions = ACTIONS.filter((a, k) => row.actions[k].checked);
  switch (kind) {
    case "skill_bonus":
      return { type: kind, skill: row.skill.value, actions, bonus: Number(row.bonus.value) };
    case "skill_swap":
      return { type: kind, skill: row.skill.value, replaces: row.replaces.value, actions };
    case "extra_action":
      return { type: kind, skill: row.skill.value, action: row.action.value };
    case "extra_free_invoke":
      return { type: kind, skill: row.skill.value, count: Number(row.count.value) };
    case "boost":
      return { type: kind, skill: row.boostSkill.value || null, actions };
    case "extra_stress":
      return { type: kind, track: row.track.value, boxes: Number(row.boxes.value) };
    case "extra_consequence":
      return { type: kind, track: row.track.value, severity: row.severity.value };
    case "act_first":
      return { type: kind, track: row.track.value };
    case "rule_exception":
      return { type: kind, text: row.text.value.trim() };
    default:
      return { type: "true_detail", detail: row.text.value.trim() };
  }
}

/** The stunts part of the sheet editor: `node` to show (its edits bubble up as input and
 * change events), and `read()` for the character file's `stunts` (the rows with a name).
 * @param {Record<string, any>} preset the table's rules as the preset list gives them (store.js)
 * @param {Given[] | null | undefined} given */
export function stuntEditor(preset, given) {
  /** @type {StuntRow[]} */
  const rows = [];
  const list = h("div", { class: "stunt-rows" });
  const add = (/** @type {Given | null} */ found) => {
    const row = stuntRow(rows.length, preset, found);
    rows.push(row);
    list.append(row.node);
    return row;
  };
  const start = given || [];
  for (let i = 0; i < Math.max(3, start.length); i++) add(start[i] || null);
  const more = h("button", { type: "button", id: "sheet-stunt-add", class: "small" }, t("stunt.add"));
  more.addEventListener("click", () => add(null).name.focus());
  return {
    node: h(
      "fieldset",
      {},
      h("legend", {}, t("sheet.stunts")),
      h("p", { class: "hint" }, t("stunt.editor_hint")),
      list,
      more,
    ),
    /** Show each of the engine's problems with a stunt beside the field it names (`where`:
     * "stunts.N.effect.actions"; N counts the stunts the sheet sends, the rows with a name), in
     * words `say` gives; the fields it names are marked invalid.
     * @param {import("../sheet.js").Problem[]} problems
     * @param {(problem: import("../sheet.js").Problem) => Node | null} say */
    mark: (problems, say) => {
      const named = rows.filter((r) => r.name.value.trim());
      for (const r of rows) {
        for (const slot of Object.values(r.said)) slot.replaceChildren();
        for (const box of r.actions) box.removeAttribute("aria-invalid");
        r.text.removeAttribute("aria-invalid");
      }
      for (const p of problems) {
        const found = /^stunts\.(\d+)\.effect\.(actions|detail|text)$/.exec(p.where || "");
        const r = found && named[Number(found[1])];
        if (!r) continue;
        const slot = found[2] === "actions" ? r.said.actions : r.said.text;
        const id = `${slot === r.said.actions ? "sheet-stunt-actions" : "sheet-stunt-words"}-problem-${rows.indexOf(r)}`;
        slot.append(h("p", { class: "refusal", id, "data-rule": p.rule, "data-where": p.where }, say(p)));
        const fields = found[2] === "actions" ? r.actions : [r.text];
        for (const el of fields) {
          el.setAttribute("aria-invalid", "true");
          el.setAttribute("aria-describedby", id);
        }
      }
    },
    read: () =>
      rows
        .filter((r) => r.name.value.trim())
        .map((r) => {
          const always = ALWAYS_ON.has(r.kind.value);
          return {
            name: r.name.value.trim(),
            description: r.description.value.trim(),
            cost: always ? "free" : r.cost.value,
            ...(r.circumstance.value.trim() ? { circumstance: r.circumstance.value.trim() } : {}),
            // A use counted this scene or session stays with the stunt it was counted for.
            ...(r.found && r.found.used_at && r.found.name === r.name.value.trim() ? { used_at: r.found.used_at } : {}),
            effect: effectOf(r),
          };
        }),
  };
}

/** The gear part of the sheet editor: what the character carries with Weapon and Armor ratings
 * (0 to 4, the optional rule's), which a conflict counts when the table plays that rule.
 * @param {{name: string, weapon?: number, armor?: number}[] | null | undefined} given */
export function gearEditor(given) {
  /** @type {{name: HTMLInputElement, weapon: HTMLInputElement, armor: HTMLInputElement}[]} */
  const rows = [];
  const list = h("div", { class: "gear-rows" });
  /** @param {string} id @param {number | null | undefined} value */
  const rating = (id, value) =>
    h("input", { id, type: "number", min: "0", max: "4", step: "1", value: String(value || 0), inputmode: "numeric" });
  const add = (/** @type {{name: string, weapon?: number, armor?: number} | null} */ found) => {
    const i = rows.length;
    const row = {
      name: h("input", {
        id: `sheet-gear-${i}`,
        autocomplete: "off",
        maxlength: "200",
        value: found ? found.name : "",
      }),
      weapon: rating(`sheet-gear-weapon-${i}`, found && found.weapon),
      armor: rating(`sheet-gear-armor-${i}`, found && found.armor),
    };
    rows.push(row);
    list.append(
      h(
        "div",
        { class: "inline gear-row" },
        field(t("sheet.gear_item"), row.name),
        field(t("gear.weapon"), row.weapon),
        field(t("gear.armor"), row.armor),
      ),
    );
    return row;
  };
  for (const found of given || []) add(found);
  if (!rows.length) add(null);
  const more = h("button", { type: "button", id: "sheet-gear-add", class: "small" }, t("sheet.gear_add"));
  more.addEventListener("click", () => add(null).name.focus());
  return {
    node: h(
      "fieldset",
      {},
      h("legend", {}, t("sheet.gear")),
      h("p", { class: "hint" }, t("sheet.gear_hint")),
      list,
      more,
    ),
    read: () =>
      rows
        .filter((r) => r.name.value.trim())
        .map((r) => ({
          name: r.name.value.trim(),
          weapon: Number(r.weapon.value) || 0,
          armor: Number(r.armor.value) || 0,
        })),
  };
}
