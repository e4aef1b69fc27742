// The rule-set editor's skill shape: a pyramid, columns, a diamond or a named spread, points spent
// freely, or two lists added together (each with its range of ratings). It holds no rule: the
// server's check says whether a shape fits the skill list(s).

import { field, free, h } from "../lib/dom.js";
import { t, tn } from "../lib/i18n.js";
import { numberOr } from "./ruleset_form.js";
import { newModes } from "./ruleset_mechanics.js";
import { allSkills } from "./ruleset_skills.js";

/** @typedef {import("../lib/dom.js").Child} Child */
/** A number as typed: a whole number, else the text itself (numberOr), for the check to name.
 * @typedef {number | string} Typed */
/** A tier of a spread: a rating, and how many skills are at it.
 * @typedef {{rating: Typed, count: Typed}} Tier */
/** One list's range in a combined shape, and the points a new character spends on it.
 * @typedef {{low: Typed, high: Typed, budget?: Typed}} Range */
/** A skill shape as the file holds it while it is edited: its type, and the fields of that type.
 * @typedef {{type: string, rule?: string, name?: string, tiers?: Tier[], first?: Range, second?: Range,
 *   [field: string]: unknown}} Shape */
/** What the shape section reads of the rule-set file: its shape, and its skill lists (the
 * editor opens only on a file with its lists).
 * @typedef {import("./ruleset_mechanics.js").MechanicFile & {shape: Shape}} ShapedFile */
/** The editor's makers (ruleset_editor.js): a labelled text input that calls back with what is
 * typed, a button, and ``reshaped(focusId)``, which draws the editor again.
 * @typedef {{text: (id: string, label: string | Node, value: unknown, onInput: (value: string) => void,
 *   props?: Record<string, string>) => HTMLElement,
 *   button: (id: string, label: string | Node, onClick: () => void) => HTMLElement,
 *   reshaped: (focus: string) => void}} Makers */

const SHAPES = ["pyramid", "column", "diamond", "tiers", "free_cap", "combined", "modes"];
const DIAMOND = [
  [4, 1],
  [3, 2],
  [2, 3],
  [1, 2],
  [0, 1],
]; // a diamond's counts when the file gives none
// Two lists each rated +0 to +2: every total stays within +0 to +4, the usual top.
const RANGE = { low: 0, high: 2 };

/** A new shape of ``type``, with the usual numbers for it.
 * @param {string} type @returns {Shape} */
export function newShape(type) {
  const rows = (/** @type {number[][]} */ pairs) => pairs.map(([rating, count]) => ({ rating, count }));
  if (type === "pyramid") return { type, peak: 4 };
  if (type === "column") return { type, peak: 4, width: 1 };
  if (type === "free_cap") return { type, budget: 20, cap: 4 };
  if (type === "diamond") return { type, tiers: rows(DIAMOND) };
  if (type === "combined") return { type, first: { ...RANGE }, second: { ...RANGE }, cap: 4 };
  return {
    type,
    name: t("ruleset_editor.new_spread"),
    tiers: rows([
      [3, 1],
      [2, 2],
      [1, 2],
      [0, 1],
    ]),
  };
}

/** The shape section. ``ui`` gives the editor's ``text`` and ``button`` makers, its
 * ``reshaped(focusId)`` and the modes part (start/ruleset_mechanics.js); the returned function
 * draws the section for the file ``data``.
 * @param {Makers & {modes: (data: ShapedFile) => Child}} ui */
export function shapeSection(ui) {
  const { text, button, reshaped, modes } = ui;

  /** @param {Shape & {tiers: Tier[]}} shape */
  function tierRows(shape) {
    const tiers = shape.tiers;
    // A spread the GM changed no longer follows the rule it was cited for.
    /** @param {Tier} tier @param {keyof Tier} key */
    const set = (tier, key) => (/** @type {string} */ v) => {
      tier[key] = numberOr(v);
      delete shape.rule;
    };
    return h(
      "fieldset",
      { class: "rows", id: "ruleset-edit-shape-tiers" },
      h("legend", {}, t("ruleset_editor.width")),
      tiers.map((tier, r) =>
        h(
          "div",
          { class: "inline" },
          text(`ruleset-edit-shape-rating-${r}`, t("ruleset_editor.rating"), tier.rating, set(tier, "rating"), {
            inputmode: "numeric",
          }),
          text(`ruleset-edit-shape-count-${r}`, t("ruleset_editor.count"), tier.count, set(tier, "count"), {
            inputmode: "numeric",
          }),
          tiers.length > 1
            ? button(`ruleset-edit-shape-remove-${r}`, t("ruleset_editor.remove_tier"), () => {
                tiers.splice(r, 1);
                delete shape.rule;
                reshaped("ruleset-edit-shape-add");
              })
            : null,
        ),
      ),
      button("ruleset-edit-shape-add", t("ruleset_editor.add_tier"), () => {
        const last = tiers[tiers.length - 1];
        tiers.push({ rating: last ? Math.max(Number(last.rating) - 1, 0) : 0, count: 1 });
        delete shape.rule;
        reshaped(`ruleset-edit-shape-rating-${tiers.length - 1}`);
      }),
    );
  }

  /** One list's range in a combined shape: its lowest and highest rating, and the points a new
   * character spends on it (left empty, the file gives none and any spread in range will do).
   * @param {ShapedFile} data @param {"first" | "second"} which @param {number} l */
  function rangeRows(data, which, l) {
    const range = /** @type {Range} */ (data.shape[which]); // a combined shape has both
    const list = data.skill_lists[l];
    const legend =
      list && list.name ? tn("ruleset_editor.range_of", { list: free(list.name) }) : t(`ruleset_editor.range_${which}`);
    const id = (/** @type {string} */ key) => `ruleset-edit-shape-${which}-${key}`;
    return h(
      "fieldset",
      { id: id("range") },
      h("legend", {}, legend),
      h(
        "div",
        { class: "inline" },
        text(id("low"), t("ruleset_editor.range_low"), range.low, (v) => (range.low = numberOr(v)), {
          inputmode: "numeric",
        }),
        text(id("high"), t("ruleset_editor.range_high"), range.high, (v) => (range.high = numberOr(v)), {
          inputmode: "numeric",
        }),
        text(
          id("budget"),
          t("ruleset_editor.range_budget"),
          range.budget,
          (v) => {
            if (v.trim()) range.budget = numberOr(v);
            else delete range.budget;
          },
          { inputmode: "numeric" },
        ),
      ),
    );
  }

  return (/** @type {ShapedFile} */ data) => {
    const shape = data.shape;
    const known = SHAPES.includes(shape.type);
    const type = h(
      "select",
      {
        id: "ruleset-edit-shape-type",
        // A problem with the shape as a whole is said beside its type.
        "data-where": "$.shape",
        onchange: (/** @type {Event} */ e) => {
          const type = /** @type {HTMLSelectElement} */ (e.target).value;
          // Modes start as one mode of every skill, for the GM to split.
          data.shape = type === "modes" ? newModes(allSkills(data)) : newShape(type);
          reshaped("ruleset-edit-shape-type");
        },
      },
      // A type the form does not know is shown as it is, so the check can name it.
      known ? null : h("option", { value: shape.type, selected: true, "data-free": "" }, String(shape.type)),
      SHAPES.map((x) => h("option", { value: x, selected: x === shape.type }, t(`ruleset_editor.shape.${x}`))),
    );
    /** @param {string} key @param {string} label */
    const number = (key, label) =>
      text(`ruleset-edit-shape-${key}`, label, shape[key], (v) => (shape[key] = numberOr(v)), {
        inputmode: "numeric",
        "data-where": `$.shape.${key}`,
      });
    const params = /** @type {Record<string, () => Child>} */ ({
      pyramid: () => number("peak", t("ruleset_editor.peak")),
      column: () => [number("peak", t("ruleset_editor.peak")), number("width", t("ruleset_editor.width"))],
      free_cap: () => [number("budget", t("ruleset_editor.budget")), number("cap", t("ruleset_editor.cap"))],
      // A diamond and a spread have their tiers: newShape's, a diamond's usual ones, or the file's list (the
      // editor opens only on a file whose tiers are one).
      diamond: () => tierRows(/** @type {Shape & {tiers: Tier[]}} */ (shape)),
      tiers: () => [
        text("ruleset-edit-shape-name", t("ruleset_editor.tiers_name"), shape.name, (v) => (shape.name = v)),
        tierRows(/** @type {Shape & {tiers: Tier[]}} */ (shape)),
      ],
      combined: () => [
        rangeRows(data, "first", 0),
        rangeRows(data, "second", 1),
        // Left empty, the file gives no cap and the engine's usual one applies.
        text(
          "ruleset-edit-shape-cap",
          t("ruleset_editor.combined_cap"),
          shape.cap,
          (v) => {
            if (v.trim()) shape.cap = numberOr(v);
            else delete shape.cap;
          },
          { inputmode: "numeric" },
        ),
        h("p", { class: "hint" }, t("ruleset_editor.combined_hint")),
      ],
      modes: () => modes(data),
    })[shape.type];
    return h(
      "fieldset",
      { id: "ruleset-edit-shape" },
      h("legend", {}, t("ruleset_editor.shape")),
      field(t("ruleset_editor.shape_type"), type),
      params ? params() : null,
    );
  };
}
