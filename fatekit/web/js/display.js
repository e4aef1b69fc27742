// How the page is shown to this seat: its text size and its contrast. Kept in this browser for
// the seat (another seat at the same table, or the same person at another table, chooses apart),
// and drawn by the style sheet from two attributes on <html>. Contrast "auto" follows the
// device's `prefers-contrast: more`.

import { field, h } from "./lib/dom.js";
import { t } from "./lib/i18n.js";
import { app } from "./store.js";

export const TEXT_SIZES = ["standard", "large"];
export const CONTRASTS = ["auto", "standard", "high"];
const KEY = "fatekit.display";
/** A display as kept: a text size and a contrast of the lists above.
 * @typedef {{text: string, contrast: string}} Display */
const PLAIN = { text: "standard", contrast: "auto" };

/** The key the seat's choice is kept under; the page's own before a seat is open. */
function keyOf() {
  return app.seat && app.view ? `${KEY}.${app.seat.tableId}/${app.view.you.seat}` : KEY;
}

/** The display kept under `key`, if it is one of ours.
 * @param {string} key @returns {Display | null} */
function read(key) {
  try {
    const found = JSON.parse(localStorage.getItem(key) || "null");
    if (found && TEXT_SIZES.includes(found.text) && CONTRASTS.includes(found.contrast)) return found;
  } catch {
    // a value not of our making: the plain display
  }
  return null;
}

/** The seat's display: its own choice, else the last one made in this browser, else plain. */
export function chosenDisplay() {
  return read(keyOf()) || read(KEY) || PLAIN;
}

/** Show the page as the seat chose. */
export function applyDisplay() {
  const { text, contrast } = chosenDisplay();
  document.documentElement.dataset.text = text;
  document.documentElement.dataset.contrast = contrast;
}

/** @param {Partial<Display>} change */
function choose(change) {
  const next = { ...chosenDisplay(), ...change };
  localStorage.setItem(keyOf(), JSON.stringify(next));
  localStorage.setItem(KEY, JSON.stringify(next)); // what a new seat in this browser starts with
  applyDisplay();
}

/** The header's menu: text size and contrast, each a labelled select. */
export function displayMenu() {
  const now = chosenDisplay();
  /** @param {string} id @param {string[]} values @param {string} current @param {string} prefix
   * @param {(value: string) => void} onchange */
  const pick = (id, values, current, prefix, onchange) =>
    h(
      "select",
      { id, onchange: (/** @type {Event} */ event) => onchange(/** @type {HTMLSelectElement} */ (event.target).value) },
      values.map((v) => h("option", { value: v, selected: v === current }, t(`${prefix}.${v}`))),
    );
  return h(
    "details",
    { id: "display-menu", class: "display-menu" },
    h("summary", { id: "display-open" }, t("display.menu")),
    h(
      "div",
      { class: "display-choices" },
      field(
        t("display.text"),
        pick("display-text", TEXT_SIZES, now.text, "display.text", (text) => choose({ text })),
      ),
      field(
        t("display.contrast"),
        pick("display-contrast", CONTRASTS, now.contrast, "display.contrast", (contrast) => choose({ contrast })),
      ),
    ),
  );
}
