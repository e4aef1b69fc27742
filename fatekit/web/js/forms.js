// The pieces forms are built from: the modal dialog, selects of characters, skills and ladder
// steps, and the field where a player types the dice they rolled at a physical table.

import { checkShown, fill, focusAgain, focusNearestHeading, free, h, field } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { app, seatView, send } from "./store.js";
import { character, ladderValue, modeName, skill, skillMode, visibleAspects, who } from "./view.js";

// -- dialogs ------------------------------------------------------------------------------------

// Where focus goes back when the dialog closes: the control that opened it and its section.
/** @type {{id: string | null, section: string | null}} the control a dialog was opened from */
let opener = { id: null, section: null };

/** Focus the control that opened the dialog when the browser could not (the command's answer
 * redrew it while the dialog was open): found again by its id, else its section's heading.
 * @param {HTMLDialogElement} dialog a dialog just closed */
function giveFocusBack(dialog) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !dialog.contains(active)) return;
  if (focusAgain(opener.id, opener.section)) return;
  // The opener went, its heading too (a roll's button with the scene the GM ended): the nearest
  // panel's heading from its section (else from the page's top), not the page's body.
  const section = opener.section ? document.getElementById(opener.section) : null;
  focusNearestHeading(section || document.body);
}

/** Show a modal form. `submit(form, out)` returns true when done (the dialog closes).
 * @param {string | Node} title @param {Node} body
 * @param {(form: HTMLFormElement, out: HTMLElement) => unknown} submit
 * @param {{submitLabel?: string | null, id?: string}} [how] */
export function openDialog(title, body, submit, { submitLabel = null, id = "dialog-form" } = {}) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("dialog"));
  const from = document.activeElement;
  if (from && from !== document.body && !dialog.contains(from)) {
    const sectionOf = from.closest("section[id]");
    opener = { id: from.id || null, section: sectionOf ? sectionOf.id : null };
  }
  if (!dialog.dataset.givesFocusBack) {
    // Escape closes it without us: the focus goes back when its close event comes.
    dialog.addEventListener("close", () => giveFocusBack(dialog));
    dialog.dataset.givesFocusBack = "true";
  }
  // Closed by the form, the focus goes back at once: the close event comes a task later, and a
  // page in the background may be held back that long with the focus on nothing.
  const close = () => {
    dialog.close();
    giveFocusBack(dialog);
  };
  const out = h("div", { class: "dialog-error", "aria-live": "assertive" });
  let sending = false; // a command from this form is under way
  const form = h(
    "form",
    {
      id,
      method: "dialog",
      novalidate: true,
      onsubmit: async (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        if (sending || !checkShown(form)) return;
        // Busy, not disabled: a disabled button loses the keyboard's focus to the page's body,
        // and a refused form would leave a keyboard user nowhere.
        sending = true;
        submitter.setAttribute("aria-disabled", "true");
        try {
          if (await submit(form, out)) close();
        } finally {
          sending = false;
          submitter.removeAttribute("aria-disabled");
        }
      },
    },
    h("h2", { id: "dialog-title" }, title),
    body,
    out,
  );
  const submitter = h(
    "button",
    { type: "submit", class: "primary", id: `${id}-submit` },
    submitLabel || t("dialog.ok"),
  );
  form.append(
    h("div", { class: "actions" }, submitter, h("button", { type: "button", onclick: close }, t("dialog.cancel"))),
  );
  fill(dialog, form);
  dialog.showModal();
  // A form may name the field to start in (the new character's name, not the file picker
  // that comes first); else the first field.
  const first = /** @type {HTMLElement | null} */ (
    form.querySelector("[autofocus]") || form.querySelector("input, select, textarea")
  );
  if (first) first.focus();
  return form;
}

/** Send a command from a dialog: true when the server took it.
 * @param {string} type @param {Record<string, any>} data the command's (any JSON) @param {Element | null} out */
export async function sendFrom(type, data, out) {
  return (await send(type, data, out)) !== null;
}

/** @param {string} id
 * @param {any[][]} options each [value, label, whether the label is not our words]
 * @param {string | null} [selected]
 * @param {{freeText?: boolean}} [how] */
export function select(id, options, selected = null, { freeText = false } = {}) {
  const el = h(
    "select",
    { id },
    // An option whose label is not our words (a rule-set file's skill name) is marked so.
    options.map(([value, label, own = false]) =>
      h("option", { value, selected: value === selected, ...(own ? { "data-free": "" } : {}) }, label),
    ),
  );
  if (freeText) el.setAttribute("data-free", "");
  return el;
}

/** The characters `ids` as a select's options: each [id, name as its players typed it].
 * @param {string[]} ids @returns {[string, string | null][]} */
export function characterOptions(ids) {
  return ids.map((id) => [id, who(id).textContent]);
}

/** The skills to pick from; for an `actor` whose sheet the seat sees, highest first with each
 * rating beside it, so the select starts on the best and nobody has to remember the sheet.
 * @param {string[] | null} [keys]
 * @param {string | null} [actor]
 * @returns {[string, string | null, boolean][]} each [key, label, whether the label is not our words] */
export function skillOptions(keys = null, actor = null) {
  const list = keys || (app.preset ? app.preset.skills : []);
  const found = actor ? character(actor) : null;
  const ratings = found && found.revealed && found.sheet ? found.sheet.skills : null;
  const ranked = ratings ? [...list].sort((a, b) => (ratings[b] || 0) - (ratings[a] || 0)) : list;
  return ranked.map((/** @type {string} */ k) => {
    const name = skill(k);
    const n = ratings ? ratings[k] || 0 : null;
    // A rule set with modes: the mode the rating comes from, beside it.
    const mode = found && found.revealed ? skillMode(found, k) : null;
    const rated =
      n === null
        ? name.textContent
        : t("roll.skill_rated", { skill: name.textContent, n: n < 0 ? String(n) : `+${n}` });
    const label = mode ? t("roll.skill_in_mode", { skill: rated, mode: modeName(mode) }) : rated;
    // A mode's name is the rule set's words (table text), as a rule-set file's skill name is.
    return [k, label, name.hasAttribute("data-free") || Boolean(mode)];
  });
}

/** With two combined skill lists (rule skills.combined-roll) every roll adds a skill of the
 * second list to one of the first: the second list's keys, none at a table with one list. */
export function secondSkills() {
  return /** @type {string[]} */ ((app.preset && app.preset.second_skills) || []);
}

/** The skills a roll may start from (`keys`, or the preset's): with two combined lists, none of
 * the second list's, which are only ever added.
 * @param {string[] | null} [keys] */
export function firstSkills(keys = null) {
  const second = secondSkills();
  const list = /** @type {string[]} */ (keys || (app.preset ? app.preset.skills : []));
  return list.filter((k) => !second.includes(k));
}

/** The second skill a roll adds at a table with two combined lists: a select of the second
 * list for the actor (`actor()`), its field, and a line saying the sum with the first skill
 * (`first`), "Swordplay (+2) + Daring (+1) = +3"; `sel` and `box` are null at other tables.
 * `redraw` follows a change of actor or skill; `rating()` is the rating rolled (the sum).
 * `first` may be a fixed skill's key (a challenge's task names its skill).
 * @param {string} id @param {() => string} actor @param {HTMLSelectElement | string} first */
export function secondSkillField(id, actor, first) {
  const keys = secondSkills();
  const firstKey = () => (typeof first === "string" ? first : first.value);
  if (!keys.length) return { sel: null, box: null, redraw: () => {}, rating: () => ratingOf(actor(), firstKey()) };
  const sel = select(id, skillOptions(keys, actor()));
  const sum = h("p", { class: "hint", id: `${id}-sum`, "aria-live": "polite" });
  const signed = (/** @type {number} */ n) => (n < 0 ? String(n) : `+${n}`);
  const redraw = () => {
    const a = ratingOf(actor(), firstKey());
    const b = ratingOf(actor(), sel.value);
    fill(
      sum,
      a === null || b === null
        ? null
        : t("roll.pair_sum", {
            first: t("roll.skill_rated", { skill: skill(firstKey()).textContent, n: signed(a) }),
            second: t("roll.skill_rated", { skill: skill(sel.value).textContent, n: signed(b) }),
            total: signed(a + b),
          }),
    );
  };
  sel.addEventListener("change", redraw);
  if (typeof first !== "string") first.addEventListener("change", redraw);
  redraw();
  // The rating the roll is made at: the two added (for the difficulty guide).
  const rating = () => {
    const a = ratingOf(actor(), firstKey());
    return a === null ? null : a + (ratingOf(actor(), sel.value) || 0);
  };
  return { sel, box: field(t("roll.second_skill"), sel, sum), redraw, rating };
}

/** Refill a skill select for another actor, keeping the skill already chosen.
 * @param {HTMLSelectElement} sel @param {string | null} actor @param {string[] | null} [keys] */
export function rankSkills(sel, actor, keys = null) {
  refill(sel, skillOptions(keys, actor));
}

/** Give a select new options ([value, label] pairs), keeping the choice when it is still one.
 * @param {HTMLSelectElement} sel @param {any[][]} options as select() takes them */
export function refill(sel, options) {
  const chosen = sel.value;
  sel.replaceChildren(...select(sel.id, options).childNodes);
  if ([...sel.options].some((o) => o.value === chosen)) sel.value = chosen;
}

/** Selects whose options come from the view (the aspects a roll may aim at), each with how to
 * draw them. */
/** @type {WeakMap<Element, () => any[][]>} */
const following = new WeakMap();

/** Let `sel` follow the table while its dialog is open: `options()` is asked again on every new
 * document (a sheet rewritten, an aspect added or gone), the choice kept while it is still there;
 * when it is gone, the select says so with a change event, as if the person had picked anew.
 * @param {HTMLSelectElement} sel @param {() => any[][]} options as select() takes them */
export function followsView(sel, options) {
  sel.setAttribute("data-follows", "");
  following.set(sel, options);
  return sel;
}

/** Draw again the options of every open dialog's select that follows the table. */
export function refreshFollowing() {
  for (const sel of /** @type {NodeListOf<HTMLSelectElement>} */ (
    document.querySelectorAll("dialog[open] select[data-follows]")
  )) {
    const options = following.get(sel);
    if (!options) continue;
    const was = /** @type {HTMLSelectElement} */ (sel).value;
    refill(sel, options());
    if (/** @type {HTMLSelectElement} */ (sel).value !== was) sel.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** The text's rules of thumb for a difficulty (the table's `difficulty_guidance`, from the rules
 * engine) as buttons under a difficulty select: by the reasons a task is tough, and, when
 * `rated()` gives the roller's rating in the skill rolled (a sheet the seat sees), against it.
 * A choice sets the select; `redraw()` draws the buttons again for another roller or skill.
 * @param {HTMLSelectElement} sel
 * @param {() => number | null} [rated] */
export function difficultyGuide(sel, rated = () => null) {
  const box = h("div", { class: "difficulty-guide", id: `${sel.id}-guide`, role: "group" });
  const redraw = () => {
    const guidance = seatView().table.difficulty_guidance;
    if (!guidance) return box.replaceChildren();
    const rating = rated();
    const bySkill = rating === null || rating === undefined ? [] : guidance.by_skill[String(rating)] || [];
    const chip = (/** @type {import("../../../docs/page").DifficultyChoicePart} */ c) =>
      h(
        "button",
        {
          type: "button",
          class: "guide-choice",
          "data-guide": c.key,
          "data-rating": c.rating,
          title: t(`difficulty.hint.${c.key}`),
          onclick: () => {
            sel.value = String(c.rating);
            sel.dispatchEvent(new Event("change", { bubbles: true }));
            // The choice pressed is now the one set, so disabled (below): the focus goes to the
            // select that shows it, not to the page's body with the button.
            sel.focus();
          },
        },
        tn("difficulty.choice", { choice: t(`difficulty.${c.key}`), rating: ladderValue(c.rating) }),
      );
    box.replaceChildren(
      h("span", { class: "hint" }, t("difficulty.guide")),
      ...bySkill.map(chip),
      ...guidance.any.map(chip),
    );
    mark();
  };
  // The choices that give the difficulty already set are shown as chosen, and not offered again
  // (pressing one would change nothing).
  const mark = () => {
    for (const el of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll(".guide-choice"))) {
      const chosen = el.dataset.rating === sel.value;
      el.setAttribute("aria-pressed", String(chosen));
      el.disabled = chosen;
    }
  };
  sel.addEventListener("change", mark);
  redraw();
  return Object.assign(box, { redraw });
}

/** A character's rating in a skill, when the seat sees their sheet (else null).
 * @param {string | null} actor @param {string | null} key */
export function ratingOf(actor, key) {
  const found = actor ? character(actor) : null;
  return found && found.revealed && found.sheet && key ? found.sheet.skills[key] || 0 : null;
}

/** The ladder's steps as a select's options, highest first. */
export function ladderOptions() {
  /** @type {[string, string][]} */
  const out = [];
  for (let n = 8; n >= -4; n--) out.push([String(n), ladderValue(n)]);
  return out;
}

/** A select of characters shows typed names: mark it so, since those are not our words. */
/** @param {string} id
 * @param {string[]} ids
 * @param {string | null} [selected] */
export function characterSelect(id, ids, selected = null) {
  return select(id, characterOptions(ids), selected, { freeText: true });
}

/** @param {string} id */
export function diceInput(id) {
  // Browsers compile `pattern` with the `v` flag, where a bare "-" in a class is an error that
  // silently switches the check off: every literal sign here is escaped.
  return h("input", {
    id,
    autocomplete: "off",
    spellcheck: "false",
    inputmode: "text",
    placeholder: "+0-+",
    pattern: "[\\-\\+0 _bB\\[\\]1-6]*",
  });
}

/** The dice typed into a dice input, as a command's field `name`; no field when it is left empty
 * (the table rolls them then).
 * @param {HTMLInputElement} input @param {string} [name] */
export function typedDice(input, name = "dice") {
  const typed = input.value.trim();
  return typed ? { [name]: typed } : {};
}

/** Where a create an advantage in a conflict aims: a new aspect (blank), free invokes on an aspect
 * in play (boosts aside), or a new aspect on one of the scene's zones. `read()` gives the
 * command's `aspect_id` or `zone`; the engine checks either.
 * @param {string} id */
export function advantageTarget(id) {
  const options = () => {
    const aspects = visibleAspects().filter((a) => a.kind !== "boost");
    const scene = seatView().scene;
    const zones = scene && scene.zones ? scene.zones.zones : [];
    return [
      ["", t("roll.new_aspect")],
      ...aspects.map((a) => [`aspect:${a.id}`, a.name]),
      ...zones.map((z) => [`zone:${z}`, tn("roll.advantage_zone", { zone: z }).textContent]),
    ];
  };
  const sel = followsView(select(id, options(), "", { freeText: true }), options);
  const read = () => {
    const [kind, ...rest] = sel.value.split(":");
    const value = rest.join(":");
    if (kind === "aspect") return { aspect_id: value };
    if (kind === "zone") return { zone: value };
    return {};
  };
  return { select: sel, node: field(t("roll.advantage_on"), sel), read };
}

/** Where a character comes into the running scene: its zone (when the scene has a map) and, in
 * a conflict under way, the side it fights on or none. `optional` adds the box that says it
 * comes in now (a new character); `side` is the side chosen to start with. `read()` gives the
 * command's `zone` and `side`, or null when it stays out. No scene running: no node.
 * @param {string} prefix @param {{optional?: boolean, side?: string | null}} [options] */
export function entranceFields(prefix, { optional = false, side = null } = {}) {
  const scene = seatView().scene;
  if (!scene) return { node: null, read: () => null };
  const conflict = seatView().conflict;
  const zones = scene.zones ? scene.zones.zones : [];
  const enter = h("input", { type: "checkbox", id: `${prefix}-enter`, checked: true });
  const zone = select(
    `${prefix}-enter-zone`,
    zones.map((z) => [z, z]),
    zones[0],
    { freeText: true },
  );
  const sides = conflict ? [...new Set(conflict.fighters.map((f) => f.side))] : [];
  const sideSel = select(
    `${prefix}-enter-side`,
    [...sides.map((x) => [x, x]), ["", t("enter.no_side")]],
    side !== null && sides.includes(side) ? side : sides[sides.length - 1],
    { freeText: true },
  );
  const details = h(
    "div",
    {},
    zones.length ? field(t("enter.zone"), zone) : null,
    sides.length ? field(t("enter.side"), sideSel) : null,
  );
  const node = h(
    "fieldset",
    { id: `${prefix}-entrance` },
    h("legend", {}, tn("enter.title", { scene: free(scene.name) })),
    optional ? h("div", { class: "check" }, enter, h("label", { for: enter.id }, t("enter.now"))) : null,
    details,
  );
  const update = () => (details.hidden = optional && !enter.checked);
  enter.addEventListener("change", update);
  update();
  const read = () => {
    if (optional && !enter.checked) return null;
    return {
      ...(zones.length ? { zone: zone.value } : {}),
      ...(sides.length && sideSel.value ? { side: sideSel.value } : {}),
    };
  };
  return { node, read };
}

/** A field for dice rolled at the table, labelled `label` (else as the player's own dice): its
 * input, and the field around it to show.
 * @param {string} id @param {string | null} [label] @returns {[HTMLInputElement, HTMLDivElement]} */
export function diceField(id, label = null) {
  const input = diceInput(id);
  return [input, field(label || t("roll.enter_dice"), input, h("p", { class: "hint" }, t("roll.dice_hint")))];
}

// -- lists typed into one field -----------------------------------------------------------------

/** The items of a list typed into one field, split at commas and line breaks.
 * @param {string} text */
export function splitList(text) {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The links between zones typed as "zone - zone" items: the pairs, others skipped.
 * @param {string} text */
export function zoneLinks(text) {
  return splitList(text)
    .map((pair) => pair.split(/\s*-\s*/))
    .filter((pair) => pair.length === 2);
}

/** The names typed for a conflict's or contest's two sides, as every place in the form that
 * names a side shows them (a side picker's options, a label marked `data-side-name`): they
 * follow what is typed, and fall back on the words for "first side" and "second side".
 * @param {Element} form @param {HTMLInputElement} first @param {HTMLInputElement} second */
export function followSideNames(form, first, second) {
  const named = () => [first.value.trim(), second.value.trim()];
  const draw = () => {
    const [a, b] = named();
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-side-name]"))) {
      const typed = el.dataset.sideName === "a" ? a : b;
      el.textContent = typed || t(el.dataset.sideName === "a" ? "conflict.first_side" : "conflict.second_side");
      // A typed name is the GM's words, not the catalog's.
      if (typed) el.setAttribute("data-free", "");
      else el.removeAttribute("data-free");
    }
  };
  first.addEventListener("input", draw);
  second.addEventListener("input", draw);
  draw();
}

/** A select of the sides someone may be on: the first, the second (named as typed, see
 * `followSideNames`), or not in it.
 * @param {string} id @param {string | null} chosen */
export function sideSelect(id, chosen) {
  const el = select(
    id,
    [
      ["a", t("conflict.first_side")],
      ["b", t("conflict.second_side")],
      ["", t("conflict.not_in")],
    ],
    chosen,
  );
  el.options[0].dataset.sideName = "a";
  el.options[1].dataset.sideName = "b";
  return el;
}
