// The GM's corrections: a value set straight by hand (fate points, stress boxes, consequences,
// extreme consequences, free invokes, an aspect's name, whose turn it is), for when the table
// erred. Each change is a
// command of its own, which every seat's log shows as a correction (as far as it may see it).

import { button, field, free, h } from "../lib/dom.js";
import { characterSelect, openDialog, select } from "../forms.js";
import { t, tn } from "../lib/i18n.js";
import { send, seatView } from "../store.js";
import { hasOption, trackName, who } from "../view.js";

/** @typedef {import("../../../../docs/page").SheetAspectPart} Aspect */

/** A command to send: its type and its data.
 * @typedef {[string, Record<string, unknown>]} Command */

/** Send each correction in turn, stopping at the first one refused (its reason shows in `out`,
 * inside the dialog); true when all went through.
 * @param {Command[]} commands @param {Element} out */
async function sendAll(commands, out) {
  for (const [type, data] of commands) {
    if ((await send(type, data, out)) === null) return false;
  }
  return true;
}

/** @param {string} id @param {number} value @param {number} max */
function count(id, value, max) {
  return h("input", { id, type: "number", min: 0, max, step: 1, value, required: true, inputmode: "numeric" });
}

/** "Correct" on a character's card: its fate points, stress boxes and consequences at once.
 * @param {import("../../../../docs/page").CharacterPart} c a character whose sheet the card shows */
export function correctCharacterButton(c) {
  return button(t("correct.button"), () => openCorrectCharacter(c), {
    id: `correct-${c.id}`,
    "aria-label": t("correct.character_title", { who: who(c.id).textContent }),
  });
}

/** @param {import("../../../../docs/page").CharacterPart} c */
function openCorrectCharacter(c) {
  const s = /** @type {import("../../../../docs/page").SheetPart} */ (c.sheet); // the card's, which shows it
  const points = count("correct-fp", s.fate_points, 99);
  const tracks = Object.entries(s.stress || {}).map(([track, boxes]) => {
    const checks = boxes.map((b, i) => {
      const box = h("input", { type: "checkbox", id: `correct-stress-${track}-${i}`, checked: b.marked });
      return h("span", { class: "check" }, box, h("label", { for: box.id }, String(b.value)));
    });
    // Each check holds its box, drawn just above.
    const ticked = (/** @type {Element} */ x) => /** @type {HTMLInputElement} */ (x.querySelector("input")).checked;
    const marked = () => checks.map((x, i) => (ticked(x) ? i : -1)).filter((i) => i >= 0);
    const was = boxes.map((b, i) => (b.marked ? i : -1)).filter((i) => i >= 0);
    return { track, was, marked, node: h("fieldset", { class: "boxes" }, h("legend", {}, trackName(track)), checks) };
  });
  const slots = (s.consequences || [])
    .map((slot, i) => ({ slot, i }))
    .filter(({ slot }) => slot.severity !== "extreme")
    .map(({ slot, i }) => {
      const input = h("input", {
        id: `correct-slot-${i}`,
        autocomplete: "off",
        maxlength: 200,
        value: slot.aspect ? slot.aspect.name : "",
      });
      const label = tn("consequence.slot", { severity: t(`severity.${slot.severity}`), n: slot.shifts });
      return { i, was: slot.aspect ? slot.aspect.name : "", input, node: field(label, input) };
    });
  // Extreme consequences (those holding one: their aspect): each renamed or taken back (the
  // aspect it replaced returns), and, at a table that plays them, one written in the place of an
  // aspect (taken away from the table).
  const extremes = (s.consequences || [])
    .map((slot, i) => ({ slot, i }))
    .filter(({ slot }) => slot.severity === "extreme" && slot.aspect)
    .map(({ slot, i }) => {
      const input = h("input", {
        id: `correct-extreme-${i}`,
        autocomplete: "off",
        maxlength: 200,
        value: /** @type {Aspect} */ (slot.aspect).name,
      });
      const back = h("input", { type: "checkbox", id: `correct-extreme-back-${i}` });
      const was = slot.replaced ? slot.replaced.name : "";
      return {
        id: /** @type {Aspect} */ (slot.aspect).id,
        was: /** @type {Aspect} */ (slot.aspect).name,
        input,
        back,
        node: h(
          "div",
          { class: "extreme-correction" },
          field(t("correct.extreme_name"), input),
          h(
            "div",
            { class: "check" },
            back,
            h(
              "label",
              { for: back.id },
              tn("correct.extreme_back", { name: free(was, "span", { class: "aspect-name" }) }),
            ),
          ),
        ),
      };
    });
  const replaceable = (s.aspects || []).filter((a) => a.kind !== "high_concept");
  const newExtreme =
    (hasOption("extreme_consequences") || extremes.length) && replaceable.length
      ? {
          name: h("input", { id: "correct-extreme-new", autocomplete: "off", maxlength: 200 }),
          replaces: select(
            "correct-extreme-replaces",
            replaceable.map((a) => [a.id, a.name, true]),
          ),
        }
      : null;
  const body = h(
    "div",
    {},
    h("p", { class: "hint" }, t("correct.hint")),
    field(t("correct.fate_points"), points),
    tracks.length
      ? h(
          "div",
          { class: "stress" },
          h("h3", {}, t("correct.stress")),
          tracks.map((x) => x.node),
        )
      : null,
    slots.length
      ? h(
          "div",
          {},
          h("h3", {}, t("sheet.consequences")),
          h("p", { class: "hint" }, t("correct.slot_hint")),
          slots.map((x) => x.node),
        )
      : null,
    extremes.length || newExtreme
      ? h(
          "div",
          { id: "correct-extremes" },
          h("h3", {}, t("correct.extreme")),
          extremes.map((x) => x.node),
          newExtreme
            ? h(
                "div",
                { class: "inline" },
                field(t("correct.extreme_new"), newExtreme.name),
                field(t("harm.extreme_replaces"), newExtreme.replaces),
              )
            : null,
        )
      : null,
  );
  openDialog(
    tn("correct.character_title", { who: who(c.id) }),
    body,
    (form, out) => {
      /** @type {Command[]} */
      const commands = [];
      if (Number(points.value) !== s.fate_points)
        commands.push(["CorrectFatePoints", { character_id: c.id, fate_points: Number(points.value) }]);
      for (const x of tracks) {
        const now = x.marked();
        if (now.join() !== x.was.join())
          commands.push(["CorrectStress", { character_id: c.id, track: x.track, marked: now }]);
      }
      for (const x of slots) {
        const name = x.input.value.trim();
        if (name !== x.was)
          commands.push(["CorrectConsequence", { character_id: c.id, slot: x.i, ...(name ? { name } : {}) }]);
      }
      for (const x of extremes) {
        const name = x.input.value.trim();
        if (x.back.checked) commands.push(["CorrectExtreme", { character_id: c.id, consequence_id: x.id }]);
        else if (name && name !== x.was)
          commands.push(["CorrectExtreme", { character_id: c.id, consequence_id: x.id, name }]);
      }
      if (newExtreme && newExtreme.name.value.trim())
        commands.push([
          "CorrectExtreme",
          { character_id: c.id, name: newExtreme.name.value.trim(), replaces: newExtreme.replaces.value },
        ]);
      return sendAll(commands, out);
    },
    { submitLabel: t("correct.save"), id: "correct-form" },
  );
}

/** "Correct" on an aspect's card: its name, and the free invokes someone holds on it.
 * @param {import("../cards.js").CardAspect} a */
export function correctAspectButton(a) {
  return button(t("correct.button"), () => openCorrectAspect(a), {
    id: `correct-aspect-${a.id.replace(/[^\w-]/g, "_")}`,
    "aria-label": t("correct.aspect_title", { name: a.name }),
  });
}

/** @param {import("../cards.js").CardAspect} a */
function openCorrectAspect(a) {
  const name = h("input", {
    id: "correct-aspect-name",
    autocomplete: "off",
    maxlength: 200,
    required: true,
    value: a.name,
  });
  const holders = seatView().characters.map((c) => c.id);
  const held = (/** @type {string} */ id) => (a.free_invokes && a.free_invokes[id]) || 0;
  const first = holders.find((id) => held(id) > 0) || holders[0];
  const holder = characterSelect("correct-aspect-holder", holders, first);
  const invokes = count("correct-aspect-invokes", held(first), 20);
  holder.addEventListener("change", () => {
    invokes.value = String(held(holder.value));
  });
  openDialog(
    t("correct.aspect_title", { name: a.name }),
    h(
      "div",
      {},
      h("p", { class: "hint" }, t("correct.hint")),
      field(t("aspect.name"), name),
      h("div", { class: "inline" }, field(t("aspect.free_for"), holder), field(t("aspect.free_count"), invokes)),
    ),
    (form, out) => {
      /** @type {Command[]} */
      const commands = [];
      const renamed = name.value.trim();
      if (renamed && renamed !== a.name) commands.push(["CorrectAspect", { aspect_id: a.id, name: renamed }]);
      if (holder.value && Number(invokes.value) !== held(holder.value))
        commands.push(["CorrectFreeInvokes", { aspect_id: a.id, holder: holder.value, count: Number(invokes.value) }]);
      return sendAll(commands, out);
    },
    { submitLabel: t("correct.save"), id: "correct-aspect-form" },
  );
}

/** "Correct" beside the GM's pool. */
export function correctPoolButton() {
  return button(t("correct.button"), openCorrectPool, {
    id: "correct-pool",
    class: "small",
    "aria-label": t("correct.pool_title"),
  });
}

function openCorrectPool() {
  const points = count("correct-pool-points", seatView().gm_pool, 99);
  openDialog(
    t("correct.pool_title"),
    h("div", {}, h("p", { class: "hint" }, t("correct.hint")), field(t("correct.fate_points"), points)),
    (form, out) =>
      Number(points.value) === seatView().gm_pool
        ? true
        : sendAll([["CorrectFatePoints", { fate_points: Number(points.value) }]], out),
    { submitLabel: t("correct.save"), id: "correct-pool-form" },
  );
}

/** In a conflict, between actions: the GM gives the turn to whoever should have it.
 * @param {import("../../../../docs/page").ConflictPart} c */
export function turnCorrection(c) {
  if (c.phase !== "turn" && c.phase !== "next") return null;
  const active = c.fighters.filter((f) => f.status === "active").map((f) => f.id);
  const whom = characterSelect("correct-turn", active, c.current);
  return h(
    "div",
    { class: "inline correct-turn" },
    field(t("correct.turn"), whom),
    button(t("correct.turn_button"), () => send("CorrectTurn", { current: whom.value }), { id: "correct-turn-button" }),
  );
}
