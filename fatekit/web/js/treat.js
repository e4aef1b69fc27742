// Treating a consequence: the overcome that starts its recovery. Asked from the consequence on a
// sheet, with one of the treaters the table offers this seat (the GM, or a player for a character
// they act for: the one treating or the one treated); the roll then stays in play like any other,
// to be invoked on and settled.

import { button, field, fill, h } from "./lib/dom.js";
import {
  characterSelect,
  diceField,
  openDialog,
  rankSkills,
  secondSkillField,
  secondSkills,
  select,
  sendFrom,
  skillOptions,
  typedDice,
} from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { showOdds } from "./roll.js";
import { app } from "./store.js";
import { ladderValue, who } from "./view.js";

/** @typedef {import("./roll.js").OddsBox} OddsBox */
/** @typedef {import("../../../docs/page").ConsequencePart} ConsequencePart */
/** @typedef {import("../../../docs/page").HealingPart} HealingPart */
/** A consequence slot that holds one (its aspect).
 * @typedef {ConsequencePart & {aspect: import("../../../docs/page").SheetAspectPart}} Taken */

/** The skills offered for a treatment: the rule set's treating skills first (Academics,
 * Empathy...), then the rest, best first for the treater.
 * @param {string} treater */
function treatingOptions(treater) {
  const first = (app.preset && app.preset.treating_skills) || [];
  const all = skillOptions(null, treater);
  return [...all.filter(([k]) => first.includes(k)), ...all.filter(([k]) => !first.includes(k))];
}

/** A "Treat" button beside an untreated consequence, when the table offers this seat a treater
 * for it now (`healing.treatment.treaters`: none outside a scene, in a conflict, or while a
 * treatment of it waits to be settled).
 * @param {string} patient @param {ConsequencePart} slot @param {number} index
 * @param {HealingPart | undefined} healing */
export function treatButton(patient, slot, index, healing) {
  const ids = (healing && healing.treatment && healing.treatment.treaters) || [];
  if (!slot.aspect || !ids.length) return null;
  // The slot holds a consequence (its aspect), as checked above.
  return button(t("treat.button"), () => openTreat(patient, /** @type {Taken} */ (slot), healing, ids), {
    id: `treat-${patient}-${index}`,
    class: "treat-button",
  });
}

/** @param {string} patient @param {Taken} slot @param {HealingPart | undefined} healing @param {string[]} ids */
function openTreat(patient, slot, healing, ids) {
  // Someone else first, where the table offers another: treating oneself is often harder.
  const treater = characterSelect(
    "treat-actor",
    ids,
    ids.includes(patient) && ids.length > 1 ? ids.find((id) => id !== patient) : ids[0],
  );
  const skillSel = select("treat-skill", treatingOptions(treater.value));
  // Two combined lists: the second list's skill the treatment adds, and the sum said.
  const second = secondSkillField("treat-second-skill", () => treater.value, skillSel);
  const pair = () => (second.sel ? { second_skill: second.sel.value } : {});
  const name = h("input", {
    id: "treat-name",
    autocomplete: "off",
    required: true,
    maxlength: 200,
    value: slot.aspect.name,
  });
  const [diceIn, diceBox] = diceField("treat-dice");
  // The difficulty as the engine gives it: by someone else, and (often harder) on oneself.
  const hint = h("p", { class: "hint", id: "treat-hint" });
  // The odds and the treater's stunts that count on this overcome, as on any roll: a free
  // +2 to overcome with the skill is ticked, and the roll names what is ticked.
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", id: "treat-odds", "aria-live": "polite" });
  const explain = () => {
    const found = healing && healing.treatment;
    if (!found) return;
    const own = treater.value === patient;
    const difficulty = own ? found.on_self : found.difficulty;
    fill(hint, tn("treat.hint", { difficulty: ladderValue(difficulty) }));
    showOdds(odds, { actor: treater.value, skill: skillSel.value, ...pair(), action: "overcome", difficulty });
  };
  treater.addEventListener("change", () => {
    rankSkills(skillSel, treater.value);
    const first = treatingOptions(treater.value)[0];
    if (first) skillSel.value = first[0];
    if (second.sel) rankSkills(second.sel, treater.value, secondSkills());
    second.redraw();
    explain();
  });
  skillSel.addEventListener("change", explain);
  if (second.sel) second.sel.addEventListener("change", explain);
  openDialog(
    tn("treat.title", { name: slot.aspect.name, who: who(patient) }),
    h(
      "div",
      {},
      hint,
      field(t("treat.actor"), treater),
      field(t("treat.skill"), skillSel),
      second.box,
      field(t("treat.new_name"), name, h("p", { class: "hint" }, t("treat.new_name_hint"))),
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom(
        "Treat",
        {
          actor: treater.value,
          skill: skillSel.value,
          ...pair(),
          aspect_id: slot.aspect.id,
          new_name: name.value.trim(),
          ...(odds.stunts ? { stunts: odds.stunts } : {}),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("treat.roll"), id: "treat-form" },
  );
  explain();
}

/** What a recovering consequence waits for, in words ("clears after the next whole scene").
 * @param {ConsequencePart} slot @param {HealingPart | undefined} healing */
export function clearsAfter(slot, healing) {
  if (!slot.recovering || !healing || !healing.clears_after) return null;
  return h(
    "span",
    { class: "badge clears-after", "data-clears": healing.clears_after },
    t(`consequence.clears.${healing.clears_after}`),
  );
}
