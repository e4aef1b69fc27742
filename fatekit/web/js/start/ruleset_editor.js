// The start page's rule-set editor: a GM starts from a built-in (fetched as its rule-set file) or
// an uploaded file, edits its name, key, source, skill list(s), skill shape, aspect slots, stress
// tracks (their box style, rows and a row's extra mild slot), consequence slots (and the skill
// some need), refresh and stunts, which skills attack and defend, turn order and the optional rules it
// starts with in a form, and sees at once what a new character under it holds. Every change is
// checked by the server (POST /rules/rulesets/check, debounced): this file holds no rule, it only
// edits the file. The skills section is start/ruleset_skills.js, the shape start/ruleset_shape.js,
// the published games' mechanics (conditions, counted aspects, packages, modes)
// start/ruleset_mechanics.js; the check's refusals are shown beside the control they name.

import { request } from "../lib/api.js";
import { box, fill, field, free, h } from "../lib/dom.js";
import { untilStill } from "../lib/still.js";
import { language, t, tn } from "../lib/i18n.js";
import { showError } from "../store.js";
import { OPTIONS } from "./choices.js";
import { numberOr, rename, shown } from "./ruleset_form.js";
import { markRefusals, mechanicsSections } from "./ruleset_mechanics.js";
import { newShape, shapeSection } from "./ruleset_shape.js";
import { allSkills, skillOptions, skillsSection } from "./ruleset_skills.js";

const SEVERITIES = ["mild", "moderate", "severe"];
const STRESS_STYLES = ["one_point", "escalating"];
const TURN_STYLES = ["elective", "skill_order", "approach_order"];
const ASPECT_KINDS = ["high_concept", "trouble", "relationship", "character"];
const USE_ACTIONS = ["attack", "defend"];
const WAIT_MS = 250; // a burst of typing is checked once, when it pauses

// What the editor holds of a rule-set file while it is edited. A number is kept as typed when it
// is not one (`Typed`), for the server's check to name; the check says what each value may be.
/** @typedef {import("./ruleset_shape.js").Typed} Typed */
/** @typedef {import("./ruleset_mechanics.js").MechanicFile} MechanicFile */
/** A row of a stress table: from which rating it applies, its boxes, and an extra mild slot.
 * @typedef {{min_rating: Typed, boxes: Typed[], extra_mild?: boolean}} StressRow */
/** A stress track: the harm it takes, the skill that adds boxes, its names, and its own rows.
 * @typedef {{harm: string, skill?: string | null, name?: string, names?: Record<string, string>,
 *   table?: StressRow[]}} Track */
/** A consequence slot: its severity, the harm it takes, and the skill and rating that give it.
 * @typedef {{severity: string, harm?: string, skill?: string, min_rating?: Typed}} Slot */
/** An aspect slot: its kind and how many.
 * @typedef {{kind: string, count?: Typed}} AspectSlot */
/** A skill's use: the action, the harm it deals, and whether from a distance or close only.
 * @typedef {{skill?: string, action: string, harm?: string, ranged?: boolean, melee_only?: boolean}} SkillUse */
/** The turn order: its style, and the skills compared for each kind of conflict.
 * @typedef {{style: string, physical?: string[], mental?: string[]}} TurnOrder */
/** The numbers of the stunts section (left out of the file when left empty).
 * @typedef {"refresh" | "min_refresh" | "free_stunts" | "stunt_cost"} StuntNumber */
/**
 * The file as the form edits it (the editor opens only on a file with these parts).
 * @typedef {Omit<import("./ruleset_skills.js").SkilledFile, "stress" | "consequences" | "skill_uses" | "turn_order"> & {
 *   shape: import("./ruleset_shape.js").Shape, name?: string, key?: string, source?: string,
 *   refresh?: Typed, min_refresh?: Typed, free_stunts?: Typed, stunt_cost?: Typed,
 *   stress: {style?: string, rule?: string, table: StressRow[], tracks: Track[]},
 *   consequences: Slot[], aspects: AspectSlot[], skill_uses: SkillUse[], turn_order: TurnOrder,
 *   options?: string[], conditions?: MechanicFile["conditions"], counted_aspects?: MechanicFile["counted_aspects"],
 *   packages?: MechanicFile["packages"],
 * }} EditedFile
 */

// -- the preview -------------------------------------------------------------------------------

/**
 * The server's check of a file (POST /rules/rulesets/check): its problems, or the rule set as
 * the preset list gives it and a new character under it (the parts the preview shows).
 * @typedef {{usable: false, problems: string[]} | {usable: true, preset: CheckedPreset, sheet: NewSheet}} Checked
 * @typedef {{name: string, skills: string[], skill_names: Record<string, Record<string, string>>,
 *   tracks: {harm: string, name?: string, names?: Record<string, string>}[],
 *   aspect_slots: {kind: string, count: number}[],
 *   peak: number, refresh: number, free_stunts: number, stunt_cost: number, min_refresh: number,
 *   conditions: {key: string, name: string, names: Record<string, string>, kind: string, boxes: number, shifts: number}[],
 *   counted_worth?: Record<string, number>, mode_ratings?: number[],
 *   modes?: {key: string, name: string, names: Record<string, string>}[],
 *   packages?: {label: string, names: Record<string, string>, packages: {key: string, name: string, names: Record<string, string>}[]}}} CheckedPreset
 * @typedef {{stress: Record<string, {value: number}[]>,
 *   consequences: {severity: string, shifts: number, track?: string}[]}} NewSheet
 */

let asked = 0; // the latest check asked for: an older answer arriving late is dropped

/** Check ``data`` with the server and draw, in ``out``, what a new character under it holds (its
 * skills, each stress track's boxes, its consequence slots), or every problem the engine found.
 * @param {unknown} data any JSON (a file too far off to edit is checked too)
 * @param {HTMLElement} out */
export async function checkRuleset(data, out) {
  const mine = ++asked;
  /** @type {Checked} */
  let found;
  try {
    found = await request("POST", "/rules/rulesets/check", { body: data });
    await untilStill();
  } catch (error) {
    if (mine === asked) showError(error, out);
    return;
  }
  if (mine !== asked) return;
  const editor = document.getElementById("ruleset-editor");
  if (editor) markRefusals(editor, found.usable ? [] : found.problems);
  if (!found.usable) {
    fill(
      out,
      h("p", {}, t("start.ruleset_problems")),
      h(
        "ul",
        { id: "ruleset-preview-problems" },
        found.problems.map((p) => h("li", {}, free(p))),
      ),
    );
    return;
  }
  const lang = language();
  const named = (/** @type {Record<string, string> | undefined} */ names, /** @type {string} */ fallback) =>
    (names && names[lang]) || fallback;
  const { preset, sheet } = found;
  const trackLabel = (/** @type {string} */ harm) => {
    const spec = preset.tracks.find((x) => x.harm === harm);
    return spec && spec.name ? free(named(spec.names, spec.name)) : t(`track.${harm}`);
  };
  const skills = preset.skills.map((k) => named(preset.skill_names[k], preset.skill_names[k][""])).join(", ");
  const slots = sheet.consequences.map((c) => {
    const slot = t("consequence.slot", { severity: t(`severity.${c.severity}`), n: c.shifts });
    return h(
      "span",
      { class: "badge" },
      c.track && c.track !== "any" ? tn("start.ruleset_slot_for", { slot, track: trackLabel(c.track) }) : slot,
    );
  });
  fill(
    out,
    h("p", {}, tn("start.ruleset_sheet", { name: free(preset.name) })),
    h("p", {}, h("span", {}, t("sheet.skills")), " ", free(skills)),
    Object.entries(sheet.stress).map(([harm, boxes]) =>
      h(
        "p",
        { class: "track", id: `ruleset-track-${harm}` },
        h("span", { class: "label" }, trackLabel(harm)),
        " ",
        boxes.map((b, i) => box(i, boxes.length, false, b.value)),
      ),
    ),
    h(
      "p",
      { id: "ruleset-aspects" },
      h("span", {}, t("sheet.aspects")),
      " ",
      preset.aspect_slots.map((a) =>
        h("span", { class: "badge" }, t(`aspect.kind.${a.kind}`), a.count > 1 ? ` \u00d7${a.count}` : ""),
      ),
    ),
    h("p", { id: "ruleset-peak" }, tn("ruleset_editor.peak_is", { n: preset.peak })),
    h("p", { id: "ruleset-refresh" }, tn("ruleset_editor.refresh_is", { n: preset.refresh })),
    h("p", { id: "ruleset-free-stunts" }, tn("ruleset_editor.free_stunts_is", { n: preset.free_stunts })),
    h(
      "p",
      { id: "ruleset-stunt-cost" },
      tn("ruleset_editor.stunt_cost_is", { n: preset.stunt_cost, least: preset.min_refresh }),
    ),
    slots.length ? h("p", { id: "ruleset-slots" }, slots) : null,
    mechanicsPreview(preset, named),
  );
}

/** What a new character holds of the published games' mechanics: its conditions with their
 * boxes, the ratings it gives its modes, what a counted aspect of each slot adds, and the
 * packages it may buy (each as the server read it).
 * @param {CheckedPreset} preset @param {(names: Record<string, string> | undefined, fallback: string) => string} named */
function mechanicsPreview(preset, named) {
  const packages = preset.packages;
  return [
    preset.conditions.length
      ? h(
          "p",
          { id: "ruleset-conditions" },
          h("span", {}, t("sheet.conditions")),
          " ",
          preset.conditions.map((c) =>
            h(
              "span",
              { class: "badge", "data-condition": c.key },
              free(named(c.names, c.name)),
              " ",
              tn(`condition.kind.${c.kind}`, { n: c.shifts }),
              " ",
              Array.from({ length: c.boxes }, (_, i) => box(i, c.boxes, false)),
            ),
          ),
        )
      : null,
    preset.modes && preset.modes.length
      ? h(
          "p",
          { id: "ruleset-modes" },
          h("span", {}, t("sheet.modes")),
          " ",
          preset.modes.map((m) => h("span", { class: "badge", "data-mode": m.key }, free(named(m.names, m.name)))),
          " ",
          tn("ruleset_editor.modes_rated", { ratings: (preset.mode_ratings || []).map((r) => `+${r}`).join(", ") }),
        )
      : null,
    preset.counted_worth
      ? h(
          "p",
          { id: "ruleset-counted" },
          h("span", {}, t("ruleset_editor.counted")),
          " ",
          Object.entries(preset.counted_worth).map(([kind, n]) =>
            h("span", { class: "badge", "data-kind": kind }, t(`aspect.kind.${kind}`), ` +${n}`),
          ),
        )
      : null,
    packages
      ? h(
          "p",
          { id: "ruleset-packages" },
          h("span", {}, free(named(packages.names, packages.label))),
          " ",
          packages.packages.map((p) =>
            h("span", { class: "badge", "data-package": p.key }, free(named(p.names, p.name))),
          ),
        )
      : null,
  ];
}

// -- typed values ------------------------------------------------------------------------------

/** What the select or the input a change came from holds now.
 * @param {Event} e */
const valueOf = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target).value;
/** Whether the checkbox a change came from is ticked.
 * @param {Event} e */
const checkedOf = (e) => /** @type {HTMLInputElement} */ (e.target).checked;

/** @param {string} text @returns {Typed[]} */
function parseBoxes(text) {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  // Anything not a number is passed on as it is, so the server's check names the problem.
  return parts.map((p) => (/^-?\d+$/.test(p) ? Number(p) : p));
}

// -- the editor --------------------------------------------------------------------------------

/** The editor: ``start(data)`` opens it on a rule-set file's data; ``current()`` is the edited
 * file (null before it is opened). ``out`` is where the preview or the problems are drawn.
 * @param {HTMLElement} out */
export function rulesetEditor(out) {
  const box = h("div", { id: "ruleset-editor" });
  /** @type {EditedFile | null} */
  let data = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // The file the form draws: the editor draws only once a file is open.
  const opened = () => {
    if (!data) throw new Error("the rule-set editor is drawn with no file open");
    return data;
  };
  let openUses = false; // the skill uses stay open across a redraw once opened

  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => data && checkRuleset(data, out), WAIT_MS);
  };
  // A change of shape (a track or slot added or removed): redraw, check, keep the focus near.
  const reshaped = (/** @type {string} */ focus) => {
    draw();
    changed();
    const next = focus && document.getElementById(focus);
    if (next) next.focus();
  };
  /** @type {import("./ruleset_shape.js").Makers["text"]} */
  const text = (id, label, value, onInput, props = {}) =>
    field(
      label,
      h("input", {
        id,
        value: value == null ? "" : String(value),
        autocomplete: "off",
        ...props,
        oninput: (/** @type {Event} */ e) => {
          onInput(/** @type {HTMLInputElement} */ (e.target).value);
          changed();
        },
      }),
    );
  /** @type {import("./ruleset_shape.js").Makers["button"]} */
  const button = (id, label, onClick) => h("button", { type: "button", id, onclick: onClick }, label);
  const skillsOf = skillsSection({ text, button, reshaped, changed });
  const mechanics = mechanicsSections({ text, button, reshaped, changed });
  const shapeOf = shapeSection({ text, button, reshaped, modes: mechanics.modes });

  /** A row's extra mild slot: written only when ticked, as the file leaves it out when false.
   * @param {StressRow} row @param {string} id */
  function mildBox(row, id) {
    const tick = h("input", {
      type: "checkbox",
      id,
      checked: Boolean(row.extra_mild),
      onchange: (/** @type {Event} */ e) => {
        if (/** @type {HTMLInputElement} */ (e.target).checked) row.extra_mild = true;
        else delete row.extra_mild;
        changed();
      },
    });
    return h("div", { class: "check" }, tick, h("label", { for: id }, t("ruleset_editor.extra_mild")));
  }

  /** @param {StressRow[]} rows @param {string} prefix @param {string} legend */
  function rowsEditor(rows, prefix, legend) {
    return h(
      "fieldset",
      { class: "rows", id: `${prefix}-rows` },
      h("legend", {}, legend),
      rows.map((row, r) =>
        h(
          "div",
          { class: "inline" },
          text(
            `${prefix}-min-${r}`,
            t("ruleset_editor.min_rating"),
            row.min_rating,
            (v) => (row.min_rating = numberOr(v)),
            { inputmode: "numeric" },
          ),
          text(
            `${prefix}-boxes-${r}`,
            t("ruleset_editor.boxes"),
            row.boxes.join(" "),
            (v) => (row.boxes = parseBoxes(v)),
          ),
          mildBox(row, `${prefix}-mild-${r}`),
          rows.length > 1
            ? button(`${prefix}-remove-${r}`, t("ruleset_editor.remove_row"), () => {
                rows.splice(r, 1);
                reshaped(`${prefix}-add`);
              })
            : null,
        ),
      ),
      button(`${prefix}-add`, t("ruleset_editor.add_row"), () => {
        const last = rows[rows.length - 1];
        rows.push({
          min_rating: (last ? Number(last.min_rating) || 0 : -1) + 1,
          boxes: last ? [...last.boxes, 1] : [1],
        });
        reshaped(`${prefix}-boxes-${rows.length - 1}`);
      }),
    );
  }

  /** @param {Track} track @param {number} i */
  function trackEditor(track, i) {
    const data = opened();
    const stress = data.stress;
    const skill = h(
      "select",
      {
        id: `ruleset-edit-track-skill-${i}`,
        "data-free": "",
        onchange: (/** @type {Event} */ e) => {
          track.skill = /** @type {HTMLSelectElement} */ (e.target).value || null;
          changed();
        },
      },
      h("option", { value: "", selected: !track.skill }, "\u2014"),
      skillOptions(data, track.skill),
    );
    const harmBefore = { value: track.harm };
    return h(
      "fieldset",
      { class: "track-edit", id: `ruleset-edit-track-${i}` },
      h("legend", {}, tn("ruleset_editor.track_n", { n: i + 1 })),
      text(
        `ruleset-edit-track-name-${i}`,
        t("ruleset_editor.track_name"),
        shown(track, t(`track.${track.harm}`)),
        (v) => {
          rename(track, v);
          relabel(track);
        },
      ),
      text(
        `ruleset-edit-track-harm-${i}`,
        t("ruleset_editor.harm"),
        track.harm,
        (v) => {
          // What dealt or took the old kind of harm now names the new one.
          for (const use of data.skill_uses || []) if (use.harm === harmBefore.value) use.harm = v;
          for (const slot of data.consequences) if (slot.harm === harmBefore.value) slot.harm = v;
          track.harm = v;
          harmBefore.value = v;
        },
        { spellcheck: "false" },
      ),
      field(t("ruleset_editor.track_skill"), skill),
      track.table
        ? [
            rowsEditor(track.table, `ruleset-edit-track-${i}`, t("ruleset_editor.own_rows")),
            button(`ruleset-edit-track-shared-${i}`, t("ruleset_editor.use_shared"), () => {
              delete track.table;
              reshaped(`ruleset-edit-track-own-${i}`);
            }),
          ]
        : button(`ruleset-edit-track-own-${i}`, t("ruleset_editor.own_table"), () => {
            track.table = stress.table.map((row) => ({ ...row, boxes: [...row.boxes] }));
            reshaped(`ruleset-edit-track-shared-${i}`);
          }),
      stress.tracks.length > 1
        ? button(`ruleset-edit-track-remove-${i}`, t("ruleset_editor.remove_track"), () => {
            stress.tracks.splice(i, 1);
            // Nothing may deal or take a kind of harm no track holds.
            data.skill_uses = (data.skill_uses || []).filter((u) => u.harm !== track.harm);
            data.consequences = data.consequences.filter((c) => c.harm !== track.harm);
            reshaped("ruleset-edit-track-add");
          })
        : null,
    );
  }

  /** A track renamed: every select naming its harm (skill uses, consequence slots) says the new
   * name at once, not the one it had when the form was drawn.
   * @param {Track} track */
  function relabel(track) {
    for (const sel of /** @type {NodeListOf<HTMLSelectElement>} */ (
      document.querySelectorAll("select[id^='ruleset-edit-use-harm-'], select[id^='ruleset-edit-slot-harm-']")
    )) {
      for (const option of sel.options)
        if (option.value === track.harm) option.textContent = shown(track, t(`track.${track.harm}`));
    }
  }

  /** @param {Slot} slot @param {number} i */
  function slotEditor(slot, i) {
    const data = opened();
    const harms = data.stress.tracks.map((x) => x.harm).filter((x) => x !== "any");
    return h(
      "div",
      { class: "inline", id: `ruleset-edit-slot-${i}` },
      field(
        tn("ruleset_editor.slot_n", { n: i + 1 }),
        h(
          "select",
          {
            id: `ruleset-edit-slot-severity-${i}`,
            onchange: (/** @type {Event} */ e) => {
              slot.severity = valueOf(e);
              changed();
            },
          },
          SEVERITIES.map((s) => h("option", { value: s, selected: s === slot.severity }, t(`severity.${s}`))),
        ),
      ),
      field(
        t("ruleset_editor.slot_harm"),
        h(
          "select",
          {
            id: `ruleset-edit-slot-harm-${i}`,
            onchange: (/** @type {Event} */ e) => {
              if (valueOf(e)) slot.harm = valueOf(e);
              else delete slot.harm;
              changed();
            },
          },
          h("option", { value: "", selected: !slot.harm }, t("ruleset_editor.any_harm")),
          harms.map((x) =>
            h(
              "option",
              { value: x, selected: x === slot.harm, "data-free": "" },
              shown(data.stress.tracks.find((tr) => tr.harm === x) || {}, t(`track.${x}`)),
            ),
          ),
        ),
      ),
      field(
        t("ruleset_editor.slot_skill"),
        h(
          "select",
          {
            id: `ruleset-edit-slot-skill-${i}`,
            onchange: (/** @type {Event} */ e) => {
              // Without a skill, a slot is always there: no rating is left to need.
              if (valueOf(e)) slot.skill = valueOf(e);
              else {
                delete slot.skill;
                delete slot.min_rating;
              }
              reshaped(valueOf(e) ? `ruleset-edit-slot-min-${i}` : `ruleset-edit-slot-skill-${i}`);
            },
          },
          h("option", { value: "", selected: !slot.skill }, t("ruleset_editor.slot_always")),
          skillOptions(data, slot.skill),
        ),
      ),
      slot.skill
        ? text(
            `ruleset-edit-slot-min-${i}`,
            t("ruleset_editor.slot_min_rating"),
            slot.min_rating,
            (v) => {
              if (v.trim()) slot.min_rating = numberOr(v);
              else delete slot.min_rating;
            },
            { inputmode: "numeric", "data-where": `$.consequences[${i}].min_rating` },
          )
        : null,
      button(`ruleset-edit-slot-remove-${i}`, t("ruleset_editor.remove_slot"), () => {
        data.consequences.splice(i, 1);
        reshaped("ruleset-edit-slot-add");
      }),
    );
  }

  /** @param {AspectSlot} slot @param {number} i */
  function aspectEditor(slot, i) {
    const data = opened();
    return h(
      "div",
      { class: "inline", id: `ruleset-edit-aspect-${i}` },
      field(
        tn("ruleset_editor.aspect_n", { n: i + 1 }),
        h(
          "select",
          {
            id: `ruleset-edit-aspect-kind-${i}`,
            onchange: (/** @type {Event} */ e) => {
              slot.kind = valueOf(e);
              changed();
            },
          },
          ASPECT_KINDS.map((k) => h("option", { value: k, selected: k === slot.kind }, t(`aspect.kind.${k}`))),
        ),
      ),
      text(
        `ruleset-edit-aspect-count-${i}`,
        t("ruleset_editor.count"),
        slot.count || 1,
        (v) => (slot.count = numberOr(v)),
        { inputmode: "numeric", "data-where": `$.aspects[${i}].count` },
      ),
      button(`ruleset-edit-aspect-remove-${i}`, t("ruleset_editor.remove_aspect"), () => {
        data.aspects.splice(i, 1);
        reshaped("ruleset-edit-aspect-add");
      }),
    );
  }

  /** @param {SkillUse} use @param {number} i */
  function useEditor(use, i) {
    const data = opened();
    const harms = data.stress.tracks.map((x) => x.harm);
    /** @type {(id: string, label: string, values: string[], chosen: string | undefined,
     *   shownAs: (v: string) => string, set: (v: string) => void, free_?: boolean) => HTMLElement} */
    const pick = (id, label, values, chosen, shownAs, set, free_ = false) =>
      field(
        label,
        h(
          "select",
          {
            id,
            ...(free_ ? { "data-free": "" } : {}),
            onchange: (/** @type {Event} */ e) => {
              set(valueOf(e));
              changed();
            },
          },
          values.map((v) => h("option", { value: v, selected: v === chosen }, shownAs(v))),
        ),
      );
    // An attack may be made from a distance (Shoot); a defence may be one for close quarters
    // only (Fight): each use shows the box that fits its action.
    /** @type {["ranged" | "melee_only", string, string]} */
    const [flag, suffix, label] =
      use.action === "attack"
        ? ["ranged", "ranged", "ruleset_editor.ranged"]
        : ["melee_only", "melee", "ruleset_editor.melee_only"];
    const box = h("input", {
      type: "checkbox",
      id: `ruleset-edit-use-${suffix}-${i}`,
      checked: Boolean(use[flag]),
      onchange: (/** @type {Event} */ e) => {
        if (checkedOf(e)) use[flag] = true;
        else delete use[flag];
        changed();
      },
    });
    const setAction = (/** @type {string} */ v) => {
      use.action = v;
      delete use.melee_only;
      delete use.ranged;
      reshaped(`ruleset-edit-use-action-${i}`);
    };
    return h(
      "div",
      { class: "inline", id: `ruleset-edit-use-${i}` },
      field(
        tn("ruleset_editor.use_n", { n: i + 1 }),
        h(
          "select",
          {
            id: `ruleset-edit-use-skill-${i}`,
            onchange: (/** @type {Event} */ e) => {
              use.skill = valueOf(e);
              changed();
            },
          },
          skillOptions(data, use.skill),
        ),
      ),
      pick(
        `ruleset-edit-use-action-${i}`,
        t("ruleset_editor.use_action"),
        USE_ACTIONS,
        use.action,
        (a) => t(`action.${a}`),
        setAction,
      ),
      pick(
        `ruleset-edit-use-harm-${i}`,
        t("ruleset_editor.use_harm"),
        harms,
        use.harm,
        (x) => shown(data.stress.tracks.find((tr) => tr.harm === x) || {}, t(`track.${x}`)),
        (v) => (use.harm = v),
        true,
      ),
      h("div", { class: "check" }, box, h("label", { for: box.id }, t(label))),
      button(`ruleset-edit-use-remove-${i}`, t("ruleset_editor.remove_use"), () => {
        data.skill_uses.splice(i, 1);
        reshaped("ruleset-edit-use-add");
      }),
    );
  }

  function turnOrderEditor() {
    const data = opened();
    const order = data.turn_order;
    const compared = (/** @type {"physical" | "mental"} */ kind) =>
      text(
        `ruleset-edit-turn-${kind}`,
        t(`ruleset_editor.turn_${kind}`),
        (order[kind] || []).join(", "),
        (v) => {
          const keys = v
            .split(",")
            .map((k) => k.trim())
            .filter(Boolean);
          if (keys.length) order[kind] = keys;
          else delete order[kind];
        },
        { spellcheck: "false" },
      );
    const style = h(
      "select",
      {
        id: "ruleset-edit-turn-style",
        onchange: (/** @type {Event} */ e) => {
          order.style = valueOf(e);
          // Elective order compares no skills: what was listed for another style goes with it.
          if (order.style === "elective")
            for (const kind of /** @type {const} */ (["physical", "mental"])) delete order[kind];
          reshaped("ruleset-edit-turn-style");
        },
      },
      TURN_STYLES.map((s) => h("option", { value: s, selected: s === order.style }, t(`ruleset_editor.turn.${s}`))),
    );
    return h(
      "fieldset",
      { id: "ruleset-edit-turn" },
      h("legend", {}, t("ruleset_editor.turn_order")),
      field(t("ruleset_editor.turn_style"), style),
      order.style === "elective"
        ? null
        : [compared("physical"), compared("mental"), h("p", { class: "hint" }, t("ruleset_editor.turn_hint"))],
    );
  }

  function optionsEditor() {
    const data = opened();
    const on = new Set(data.options || []);
    return h(
      "fieldset",
      { class: "options", id: "ruleset-edit-options" },
      h("legend", {}, t("ruleset_editor.options")),
      OPTIONS.map((o) => {
        const box = h("input", {
          type: "checkbox",
          id: `ruleset-edit-option-${o}`,
          checked: on.has(o),
          onchange: (/** @type {Event} */ e) => {
            if (checkedOf(e)) on.add(o);
            else on.delete(o);
            // Options the file names that are not listed here stay as they were.
            data.options = [
              ...(data.options || []).filter((x) => !OPTIONS.includes(x)),
              ...OPTIONS.filter((x) => on.has(x)),
            ];
            changed();
          },
        });
        return h("div", { class: "check" }, box, h("label", { for: box.id }, t(`option.${o}`)));
      }),
    );
  }

  function stuntsEditor() {
    const data = opened();
    // Left empty, a field is left out of the file and the engine's usual number applies.
    const count = (/** @type {StuntNumber} */ key) =>
      text(
        `ruleset-edit-${key.replace("_", "-")}`,
        t(`ruleset_editor.${key}`),
        data[key],
        (v) => {
          if (v.trim()) data[key] = numberOr(v);
          else delete data[key];
        },
        { inputmode: "numeric", "data-where": `$.${key}` },
      );
    return h(
      "fieldset",
      { id: "ruleset-edit-stunts" },
      h("legend", {}, t("ruleset_editor.stunts")),
      h(
        "div",
        { class: "inline" },
        text("ruleset-edit-refresh", t("ruleset_editor.refresh"), data.refresh, (v) => (data.refresh = numberOr(v)), {
          inputmode: "numeric",
          "data-where": "$.refresh",
        }),
        count("min_refresh"),
        count("free_stunts"),
        count("stunt_cost"),
      ),
      h("p", { class: "hint" }, t("ruleset_editor.stunts_hint")),
    );
  }

  function draw() {
    const data = opened();
    fill(
      box,
      h("h3", {}, t("ruleset_editor.title")),
      text("ruleset-edit-name", t("ruleset_editor.name"), data.name, (v) => (data.name = v), {
        "data-where": "$.name",
      }),
      // The key as typed, even empty: the server's check says what a key may be.
      text("ruleset-edit-key", t("ruleset_editor.key"), data.key, (v) => (data.key = v), {
        spellcheck: "false",
        "data-where": "$.key",
      }),
      text(
        "ruleset-edit-source",
        t("ruleset_editor.source"),
        data.source,
        (v) => {
          if (v.trim()) data.source = v;
          else delete data.source;
        },
        { "data-where": "$.source" },
      ),
      stuntsEditor(),
      skillsOf(data),
      shapeOf(data),
      h("h4", {}, t("ruleset_editor.aspects")),
      data.aspects.map(aspectEditor),
      button("ruleset-edit-aspect-add", t("ruleset_editor.add_aspect"), () => {
        data.aspects.push({ kind: "character", count: 1 });
        reshaped(`ruleset-edit-aspect-kind-${data.aspects.length - 1}`);
      }),
      h("h4", {}, t("ruleset_editor.tracks")),
      field(
        t("ruleset_editor.stress_style"),
        h(
          "select",
          {
            id: "ruleset-edit-stress-style",
            onchange: (/** @type {Event} */ e) => {
              data.stress.style = valueOf(e);
              // Boxes of another style no longer follow the rule the built-in cited for them.
              delete data.stress.rule;
              changed();
            },
          },
          STRESS_STYLES.map((x) =>
            h("option", { value: x, selected: x === data.stress.style }, t(`ruleset_editor.stress_style.${x}`)),
          ),
        ),
      ),
      rowsEditor(data.stress.table, "ruleset-edit-shared", t("ruleset_editor.shared_rows")),
      data.stress.tracks.map(trackEditor),
      button("ruleset-edit-track-add", t("ruleset_editor.add_track"), () => {
        const taken = new Set(data.stress.tracks.map((x) => x.harm));
        let n = data.stress.tracks.length + 1;
        while (taken.has(`track_${n}`)) n++;
        data.stress.tracks.push({ harm: `track_${n}`, skill: null, name: t("ruleset_editor.new_track", { n }) });
        reshaped(`ruleset-edit-track-name-${data.stress.tracks.length - 1}`);
      }),
      h("h4", {}, t("ruleset_editor.slots")),
      data.consequences.map(slotEditor),
      button("ruleset-edit-slot-add", t("ruleset_editor.add_slot"), () => {
        data.consequences.push({ severity: "mild" });
        reshaped(`ruleset-edit-slot-severity-${data.consequences.length - 1}`);
      }),
      h(
        "details",
        {
          id: "ruleset-edit-uses",
          open: openUses,
          ontoggle: (/** @type {Event} */ e) => (openUses = /** @type {HTMLDetailsElement} */ (e.target).open),
        },
        h("summary", {}, t("ruleset_editor.uses")),
        data.skill_uses.map(useEditor),
        button("ruleset-edit-use-add", t("ruleset_editor.add_use"), () => {
          data.skill_uses.push({
            skill: (allSkills(data)[0] || {}).key,
            action: "attack",
            harm: data.stress.tracks[0].harm,
          });
          reshaped(`ruleset-edit-use-skill-${data.skill_uses.length - 1}`);
        }),
      ),
      turnOrderEditor(),
      optionsEditor(),
      mechanics.sections(data),
    );
  }

  return {
    element: box,
    /** @param {EditedFile} file a rule-set file with the parts the form lays out */
    start(file) {
      const opening = structuredClone(file);
      // What the form edits is always there to edit (the server still checks all of it).
      opening.aspects = opening.aspects || [];
      opening.skill_uses = opening.skill_uses || [];
      opening.turn_order = opening.turn_order || { style: "elective" };
      // A diamond without counts has the usual ones; written out, they can be edited.
      if (opening.shape && opening.shape.type === "diamond" && !opening.shape.tiers)
        opening.shape = newShape("diamond");
      data = opening;
      draw();
      checkRuleset(data, out);
    },
    close() {
      data = null;
      fill(box);
    },
    current: () => data,
  };
}

/** The button that opens the editor: on the chosen file if there is one, else on the chosen
 * built-in, fetched as its rule-set file; with another skill list chosen, as a table playing that
 * list has it (the built-in's shape kept, so the preview names the problem if the list is too
 * short for it, and the GM picks a shape that fits).
 * @param {ReturnType<typeof rulesetEditor>} editor @param {HTMLSelectElement} presetSelect
 * @param {HTMLInputElement} fileInput @param {HTMLElement} out @param {HTMLSelectElement | null} [listSelect] */
export function editButton(editor, presetSelect, fileInput, out, listSelect) {
  return h(
    "button",
    {
      type: "button",
      id: "ruleset-edit",
      onclick: async () => {
        const file = fileInput.files && fileInput.files[0];
        /** @type {any} any JSON: a file is laid out in the form only once it has the parts it edits */
        let data;
        try {
          if (file) data = JSON.parse(await file.text());
          else {
            const listed = listSelect && listSelect.value ? `?skill_list=${encodeURIComponent(listSelect.value)}` : "";
            data = await request("GET", `/rules/rulesets/${encodeURIComponent(presetSelect.value)}${listed}`);
            // A hack of a built-in is a rule set of its own: it takes a key of its own.
            data.key = `${data.key}-hack`;
          }
        } catch (error) {
          if (error instanceof SyntaxError) fill(out, h("p", { class: "error" }, t("start.ruleset_not_json")));
          else showError(error, out);
          return;
        }
        const lists =
          data &&
          Array.isArray(data.skill_lists) &&
          data.skill_lists.length &&
          data.skill_lists.every((/** @type {{skills?: unknown} | null} */ l) => l && Array.isArray(l.skills));
        const shape = data && data.shape;
        const ranges =
          shape instanceof Object &&
          (shape.type !== "combined" || (shape.first instanceof Object && shape.second instanceof Object)) &&
          // A spread's tiers are a list to lay out; a diamond may leave them out (it has the usual ones).
          (shape.type !== "tiers" || Array.isArray(shape.tiers)) &&
          (shape.type !== "diamond" || !shape.tiers || Array.isArray(shape.tiers));
        const editable =
          lists &&
          ranges &&
          data.stress &&
          Array.isArray(data.stress.table) &&
          Array.isArray(data.stress.tracks) &&
          Array.isArray(data.consequences);
        // A file too far off to lay out in the form: the check says what is wrong with it.
        if (!editable) {
          editor.close();
          checkRuleset(data, out);
          return;
        }
        editor.start(data);
      },
    },
    t("ruleset_editor.open"),
  );
}
