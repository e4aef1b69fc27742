// Aspects counted instead of skills (The Three Rocketeers): a PC's roll names the aspects of its
// sheet that bear on the action, one tick each, where another roll picks a skill. What each one
// adds comes from the table's view (counted_worth, decided by the engine) and the total from
// /odds: the page adds nothing up itself.

import { fill, free, h } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { character, sheetOf } from "./view.js";

/** A roll's ticks: the element, and the ids ticked in the sheet's order.
 * @typedef {{box: HTMLElement, chosen: () => string[]}} CountedPicker */

/** What each aspect of `actor`'s sheet adds when counted, or null when the actor rolls skills
 * (an NPC, a table that counts no aspects, a sheet the seat does not read).
 * @param {string | null | undefined} actor @returns {Record<string, number> | null} */
export function countedWorth(actor) {
  const c = actor ? character(actor) : null;
  return (c && c.revealed && c.counted_worth) || null;
}

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "+0";
}

/** One tick for each aspect on `actor`'s sheet, with what it adds; `onChange` runs as the ticks
 * change. `id` prefixes the boxes' ids (a dialog may hold the roller's and a defender's).
 * @param {string} id @param {string} actor @param {() => void} onChange @returns {CountedPicker} */
export function countedPicker(id, actor, onChange) {
  const worth = countedWorth(actor) || {};
  const c = character(actor);
  const sheet = c ? sheetOf(c) : null;
  const aspects = sheet ? sheet.aspects.filter((a) => a.id in worth) : [];
  const box = h(
    "fieldset",
    { class: "counted-picker", id },
    h("legend", {}, t("roll.counted")),
    h("p", { class: "hint" }, t("roll.counted_hint")),
    aspects.map((a) => {
      const tick = h("input", { type: "checkbox", "data-counted": a.id, id: `${id}-${a.id}` });
      tick.addEventListener("change", onChange);
      return h(
        "div",
        { class: "check" },
        tick,
        " ",
        h("label", { for: tick.id }, free(a.name), " ", h("strong", {}, signed(worth[a.id]))),
      );
    }),
  );
  const chosen = () =>
    [.../** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-counted]"))]
      .filter((b) => b.checked)
      .map((b) => /** @type {string} */ (b.dataset.counted));
  return { box, chosen };
}

/** The running bonus as the odds counted it: each aspect ticked with what it adds, and the
 * total the engine gave ("Hero +2, Swordplay +1 = +3").
 * @param {string} actor @param {string[]} ids @param {number} total */
export function countedLine(actor, ids, total) {
  const worth = countedWorth(actor) || {};
  const c = character(actor);
  const sheet = c ? sheetOf(c) : null;
  const named = ids.map((id) => {
    const a = sheet ? sheet.aspects.find((x) => x.id === id) : null;
    return `${a ? a.name : id} ${signed(worth[id] ?? 0)}`;
  });
  return h(
    "p",
    { class: "counted-total", id: "odds-counted", "data-total": String(total) },
    named.length
      ? tn("odds.counted", { parts: free(named.join(", ")), total: signed(total) })
      : tn("odds.counted_none", { total: signed(total) }),
  );
}

/** A dialog's counted aspects for the roller `actorOf()` (a contest's, a challenge task's, a
 * secret roll's): the ticks in place of the skill field `skillBox` while the actor counts
 * aspects, hidden otherwise. `sent()` is what the roll sends for them ({skill: "", counted}, or
 * null when the actor rolls a skill), `counted()` the same for the odds (the list as JSON);
 * `repick()` follows a change of actor.
 * @param {string} id @param {() => string} actorOf @param {HTMLElement | null} skillBox
 * @param {() => void} onChange */
export function countedField(id, actorOf, skillBox, onChange) {
  const box = h("div", {});
  /** @type {CountedPicker | null} */
  let picker = null;
  const repick = () => {
    const counts = Boolean(countedWorth(actorOf()));
    picker = counts ? countedPicker(id, actorOf(), onChange) : null;
    fill(box, picker ? picker.box : null);
    if (skillBox) skillBox.hidden = counts;
    box.hidden = !counts;
  };
  repick();
  const sent = () => (picker ? { skill: "", counted: picker.chosen() } : null);
  const counted = () => (picker ? { skill: "", counted: JSON.stringify(picker.chosen()) } : {});
  return { box, repick, sent, counted };
}
