// A tiny DOM builder. Every text the page shows goes through here or through i18n.tn(), so the
// browser tests can tell catalog text from what people typed: user text lives in [data-free].

import { t } from "./i18n.js";

/** What a child of an element may be: a node, or a text (a number or string, written as text);
 * null, undefined and false stand for nothing (so `cond && node` reads as it should), and lists of
 * them, nested to any depth, are flattened in order.
 * @typedef {Node | string | number | boolean | null | undefined | Children} Child */
/** (Two names: a JSDoc type alias cannot name itself inside its own array.) @typedef {Child[]} Children */
/** A listener h() adds for a prop named after an event ("onclick"), typed by that event.
 * @typedef {{[E in keyof HTMLElementEventMap as `on${E}`]?: ((event: HTMLElementEventMap[E]) => void) | null | false}} Listeners */
/** What h() sets on an element. `on<event>`: a listener; `class`: the class list, as one string;
 * `value`: the control's value; `checked`, `selected`, `disabled`, `open`: those properties, by
 * truth; `dataset`: data-* attributes, by their camelCase names; any other key: that attribute,
 * with true as an empty one. null, undefined and false leave a key out, whichever it is.
 * @typedef {Listeners & {dataset?: Record<string, string> | null,
 *   [attribute: string]: string | number | boolean | null | undefined | Record<string, string> | ((event: never) => void)}} Props */

/** Build an element: h("button", {class: "x", onclick: f, "aria-label": "..."}, child, ...).
 * The element's type follows its tag (h("input") is an HTMLInputElement).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Props | null} [props] @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]} */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    } else if (key === "class") {
      el.className = String(value);
    } else if (key === "value" && "value" in el) {
      /** @type {{value: string}} */ (el).value = String(value);
    } else if (key === "checked" || key === "selected" || key === "disabled" || key === "open") {
      // Properties, not attributes: a checkbox's `checked` attribute is only its default.
      Object.assign(el, { [key]: Boolean(value) });
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

/** @param {Element} el @param {Child[]} children */
function append(el, children) {
  // By hand rather than flat(Infinity), which TypeScript cannot type over a list nested at will.
  for (const child of children) {
    if (Array.isArray(child)) append(el, child);
    else if (child !== null && child !== undefined && child !== false)
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Text someone typed (a name, an aspect, a note): marked so it is never mistaken for ours.
 * @template {keyof HTMLElementTagNameMap} [K="span"]
 * @param {string | null | undefined} text (nothing: an empty element) @param {K} [tag] @param {Props} [props]
 * @returns {HTMLElementTagNameMap[K]} */
export function free(text, tag = /** @type {K} */ ("span"), props = {}) {
  return h(tag, { ...props, "data-free": "" }, text);
}

/** Replace an element's children.
 * @template {Element} E @param {E} el @param {Child[]} children @returns {E} */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A name someone typed (a zone, a contest's side), made fit for an element id: an id holds no
 * spaces, and "#zone-Customs House" is no selector.
 * @param {string} text */
export function idPart(text) {
  return String(text).trim().replace(/\s+/g, "_");
}

let counter = 0;
/** A fresh id for label/for pairs. @param {string} [prefix] */
export function uid(prefix = "f") {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A labelled form field: the label's text, and the control (which gets an id); `hint` goes under
 * it (a node, or a list of them).
 * @param {Child} label @param {HTMLElement} control @param {Child} [hint] */
export function field(label, control, hint = null) {
  if (!control.id) control.id = uid();
  return h("div", { class: "field" }, h("label", { for: control.id }, label), control, hint);
}

/** A total as a screen reader says it: U+2212 is read "minus" where a hyphen is often skipped.
 * @param {number} total */
function signedTotal(total) {
  return total > 0 ? `+${total}` : total < 0 ? `\u2212${-total}` : "0";
}

/** A draw as the table records it: four Fate faces ("+0-+"), a card of the Deck of Fate
 * ("card:+0-+") or six-sided dice with the total the server read them as ("3d6:456=+2").
 * @param {string} text
 * @returns {{way: string, faces: string, d6: number[], total: number}} */
export function drawn(text) {
  const colon = text.indexOf(":");
  const way = colon < 0 ? "4dF" : text.slice(0, colon);
  const rest = colon < 0 ? text : text.slice(colon + 1);
  if (way === "4dF" || way === "card") {
    const total = [...rest].reduce((sum, f) => sum + (f === "+" ? 1 : f === "-" ? -1 : 0), 0);
    return { way: way === "card" ? "deck" : "4dF", faces: rest, d6: [], total };
  }
  const [d6, total] = rest.split("=");
  return { way, faces: "", d6: [...d6].map(Number), total: Number(total) };
}

/** Dice as the table writes them shown as dice, a card as its large number over its faces, and
 * six-sided dice as their numbers; each read out as words in the page's language with its
 * total ("plus, blank, minus, plus; total +1"): a screen reader reads the raw faces as
 * punctuation.
 * @param {string | null | undefined} faces */
export function dice(faces) {
  const found = drawn(faces || "");
  const row = h("span", {
    class: found.way === "deck" ? "dice card" : "dice",
    role: "img",
    "aria-label": diceWords(faces || ""),
    "data-faces": faces || "",
  });
  if (found.way === "deck")
    row.append(h("span", { class: "card-number", "aria-hidden": "true" }, signedTotal(found.total)));
  for (const face of found.faces) {
    const kind = face === "+" ? "plus" : face === "-" ? "minus" : "blank";
    row.append(
      h(
        "span",
        { class: `die ${kind}`, "aria-hidden": "true" },
        face === "0" ? "\u00a0" : face === "-" ? "\u2212" : face,
      ),
    );
  }
  for (const d of found.d6) row.append(h("span", { class: "die d6", "aria-hidden": "true" }, String(d)));
  if (found.d6.length) row.append(h("span", { class: "d6-total", "aria-hidden": "true" }, signedTotal(found.total)));
  return row;
}

/** The words a screen reader says for a draw; empty for no dice.
 * @param {string | null | undefined} faces */
export function diceWords(faces) {
  if (!faces) return "";
  const found = drawn(faces);
  const total = signedTotal(found.total);
  if (found.d6.length)
    return t("dice.d6.read", { way: t(`randomizer.${found.way}`), dice: found.d6.join(", "), total });
  const names = [...found.faces].map((f) => t(`dice.face.${f === "+" ? "plus" : f === "-" ? "minus" : "blank"}`));
  const read = t("dice.read", { faces: names.join(", "), total });
  return found.way === "deck" ? t("dice.card.read", { total, faces: read }) : read;
}

/** One box of a stress track or a countdown, read as words ("box 2 of 3, worth 2, checked"):
 * a screen reader would say only the number written in it, or nothing for an empty box.
 * `value` is the shifts a stress box absorbs (a countdown's boxes have none).
 * @param {number} i @param {number} count @param {boolean} marked @param {number | null} [value] */
export function box(i, count, marked, value = null) {
  const state = t(marked ? "box.checked" : "box.free");
  const args = { i: i + 1, count, state, n: value ?? 0 };
  return h(
    "span",
    {
      class: `box${marked ? " marked" : ""}`,
      role: "img",
      "aria-label": t(value === null ? "box.read" : "box.read_worth", args),
    },
    value === null ? "\u00a0" : String(value),
  );
}

/** Append children, skipping null and false (Element.append would write "null").
 * @template {Element} E @param {E} el @param {Child[]} children @returns {E} */
export function add(el, ...children) {
  append(el, children);
  return el;
}

/** A titled panel of the table screen.
 * @param {string} id @param {Child} title @param {Child[]} children */
export function section(id, title, ...children) {
  return h(
    "section",
    { class: "panel", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
    ...children,
  );
}

/** Focus the element `id`, else the heading of the section `section`; false when neither is
 * on the page.
 * @param {string | null} id @param {string | null} section */
export function focusAgain(id, section) {
  const found = (id && document.getElementById(id)) || (section && document.getElementById(`${section}-title`));
  if (!found) return false;
  // Only what takes no focus of its own gets tabindex -1 (a heading): on a control (a menu's
  // summary too) it would take the control out of the Tab order, and mark the page that did it.
  if (!found.matches("a[href], button, input, select, textarea, summary, [tabindex]"))
    found.setAttribute("tabindex", "-1");
  found.focus();
  return true;
}

/** Keep keyboard focus and whatever was typed or chosen inside `container` across a redraw
 * made by `draw`: another seat's move must not wipe a half-written form.
 * @param {Element} container @param {() => void} draw */
export function keeping(container, draw) {
  const inside = document.activeElement && container.contains(document.activeElement) ? document.activeElement : null;
  const focused = inside ? inside.id : null;
  const sectionOf = inside ? inside.closest("section[id]") : null;
  const kept = new Map();
  const controls = /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>} */ (
    container.querySelectorAll("input[id], select[id], textarea[id]")
  );
  for (const el of controls) {
    // A value drawn from the table (`data-from-table`) follows it: the redraw's is the one to keep.
    if (el.type === "file" || ("readOnly" in el && el.readOnly) || el.hasAttribute("data-from-table")) continue;
    kept.set(
      el.id,
      el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") ? el.checked : el.value,
    );
  }
  draw();
  for (const [id, value] of kept) {
    const el = /** @type {(HTMLInputElement & HTMLSelectElement) | null} */ (document.getElementById(id));
    if (!el || !container.contains(el)) continue;
    const was = typeof value === "boolean" ? el.checked : el.value;
    if (was === value) continue;
    if (typeof value === "boolean") el.checked = value;
    else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === value)) el.value = value;
    else continue;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
  if (focused) {
    const again = document.getElementById(focused);
    // focusAgain: a section's heading the focus was put on (focusable only by its tabindex) is
    // drawn anew without it, and would not take the focus back.
    if (again && again !== document.activeElement && container.contains(again)) focusAgain(focused, null);
  }
  // The focused control is gone (a button the new state has no use for): rather than drop the
  // focus on the page's body, put it on the heading of the section it was in.
  if (inside && !inside.isConnected && (!document.activeElement || document.activeElement === document.body)) {
    // The section went too (a milestone spent, its panel with it): the nearest panel's heading,
    // the next one down the page, else the one above, so Tab goes on from where it was.
    if (!(sectionOf && focusAgain(null, sectionOf.id))) focusNearestHeading(container);
  }
}

/** Focus the heading of the first panel after `place` in the page, else of the last before it.
 * @param {Node} place */
export function focusNearestHeading(place) {
  const headings = [...document.querySelectorAll("section[id] > h2[id]")].filter((el) => el.checkVisibility());
  const after = headings.find(
    (el) => place.contains(el) || place.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  const chosen = after || headings[headings.length - 1];
  if (chosen) focusAgain(chosen.id, null);
}

/** Check a form before it is sent, in a way a person can follow (the form is `novalidate`: the
 * browser's own check stops at a field it cannot show and says nothing). A field in a box the
 * form hides for the choices made (a stunt's count once its kind takes none) is neither sent
 * nor checked; any other field the browser finds wrong is brought into view (a closed
 * <details> around it opened) and its reason shown at it. True when the form may be sent.
 * @param {HTMLFormElement} form */
export function checkShown(form) {
  const fields = /** @type {HTMLInputElement[]} */ ([...form.elements]);
  const wrong = fields.find((el) => el.willValidate && !el.validity.valid && !el.closest("[hidden]"));
  if (!wrong) return true;
  for (let d = wrong.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) {
    d.open = true;
  }
  wrong.reportValidity();
  return false;
}

/** A plain button (not a form submit).
 * @param {Child} label @param {((event: MouseEvent) => void) | null} onclick @param {Props} [props] */
export function button(label, onclick, props = {}) {
  return h("button", { type: "button", onclick, ...props }, label);
}

const seenTokens = new Map();

/** Fate point tokens: one coin per point (decoration: the count is said in words beside it).
 * `key` names whose pile this is; when it grew or shrank since the last drawing, the pile is
 * marked so the change shows (a coin lands, or one leaves).
 * @param {number} n @param {string | null} [key] */
export function tokens(n, key = null) {
  const count = Math.max(0, n);
  const pile = h("span", {
    class: "tokens",
    "aria-hidden": "true",
    "data-count": count,
    "data-pile": key === null ? null : key || "gm",
  });
  for (let i = 0; i < Math.min(count, 12); i++) pile.append(h("span", { class: "token" }));
  if (count > 12) pile.append(h("span", { class: "more" }, `+${count - 12}`));
  if (key !== null) {
    const was = seenTokens.get(key);
    if (was !== undefined && was !== count) {
      pile.classList.add(count > was ? "gained" : "spent");
      if (count < was) pile.append(h("span", { class: "token leaving" }));
    }
    seenTokens.set(key, count);
  }
  return pile;
}

/** A file name from a name typed in any script ("Фёдор Кравцов"): only the characters file
 * systems refuse become "-".
 * @param {string | null | undefined} text @param {string} [fallback] */
export function fileName(text, fallback = "fatekit") {
  const cleaned = String(text || "")
    // eslint-disable-next-line no-control-regex -- a file name must hold no control characters
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}

/** Offer data as a JSON file to save. @param {string} name @param {unknown} data */
export function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}
