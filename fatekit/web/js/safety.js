// Safety tools (Fate Condensed, "Safety Tools"): the X-Card and Script Change's pause, rewind and
// fast forward. Any seat raises one from the header's Safety menu and nobody learns who: the
// signal goes on the seat's socket (no request line for an access log), and the page draws it
// from the socket's patch like every other seat's page, never from its own answer, so the
// raiser's screen looks like everyone's. A waiting signal shows at the top of every page until
// the GM answers it; the server refuses every other move meanwhile (rule safety.signal-first).

import { button, fill, h, keeping } from "./lib/dom.js";
import { language, t } from "./lib/i18n.js";
import { openUndo } from "./gm.js";
import { app, openSeat, seatView, send, showErrorBeside } from "./store.js";
import { may } from "./view.js";

/** The signals, in the order the menu offers them. */
/** @type {import("../../../docs/page").SafetyTool[]} */
export const TOOLS = ["x-card", "pause", "rewind", "fast-forward"];

/** @type {string | null} */
let drawn = null; // what the signals area last showed, so a patch elsewhere keeps a typed note

/** Raise `tool`: on the socket when it is open, else over HTTP. The menu closes at the tap, before
 * any page shows the signal (a menu still open on one page would tell who raised it); a refusal
 * opens it again, with the reason beside the button.
 * @param {import("../../../docs/page").SafetyTool} tool @param {HTMLDetailsElement} menu */
async function raise(tool, menu) {
  // The focus goes to the menu's own summary as it closes: on the hidden button it dropped to
  // the page's body.
  const summary = menu.querySelector("summary");
  if (summary && menu.contains(document.activeElement)) summary.focus();
  menu.open = false;
  try {
    const onSocket = app.live ? app.live.command("RaiseSignal", { tool }) : null;
    await (onSocket || openSeat().command("RaiseSignal", { tool }));
  } catch (error) {
    const again = /** @type {HTMLDetailsElement | null} */ (document.getElementById("safety-menu"));
    const control = document.getElementById(`safety-raise-${tool}`);
    if (again) again.open = true;
    if (control) showErrorBeside(error, control);
  }
}

/** The header's Safety menu: one button per signal the table uses. */
function menu() {
  const safety = seatView().safety;
  if (!safety.on.length) return null;
  const details = h("details", { id: "safety-menu", class: "safety-menu" });
  details.append(
    h("summary", { id: "safety-open" }, t("safety.menu")),
    h(
      "div",
      { class: "safety-choices" },
      h("p", { class: "hint" }, t("safety.menu_hint")),
      h(
        "div",
        { class: "actions wrap" },
        safety.on.map((tool) =>
          button(t(`safety.tool.${tool}`), () => raise(tool, details), {
            id: `safety-raise-${tool}`,
            class: `safety-raise ${tool}`,
            title: t(`safety.about.${tool}`),
          }),
        ),
      ),
    ),
  );
  return details;
}

/** One waiting signal, as every seat reads it; the GM's page adds the answer (and, for a
 * rewind, the undo of the recent moves).
 * @param {import("../../../docs/page").SignalPart} waiting */
function signal(waiting) {
  const { id, tool } = waiting;
  const out = h(
    "div",
    { class: `safety-signal ${tool}`, "data-signal": id, "data-tool": tool },
    h("p", { class: "safety-title" }, h("strong", {}, t(`safety.raised.${tool}`))),
    h("p", {}, t(`safety.about.${tool}`)),
  );
  if (!may("AnswerSignal")) return out;
  const note = h("input", {
    id: `safety-note-${id}`,
    maxlength: "500",
    autocomplete: "off",
    placeholder: t("safety.note_hint"),
  });
  out.append(
    h(
      "div",
      { class: "actions wrap" },
      h("label", { for: note.id }, t("safety.note")),
      note,
      button(t("safety.answer"), () => send("AnswerSignal", { signal_id: id, note: note.value }), {
        id: `safety-answer-${id}`,
        class: "primary",
      }),
      tool === "rewind" ? button(t("safety.rewind"), () => openUndo(), { id: `safety-rewind-${id}` }) : null,
    ),
  );
  return out;
}

/** Draw the Safety menu in the header and the waiting signals at the top of the page, when
 * they changed since they were last drawn (a note being typed survives other seats' moves). */
export function drawSafety(force = false) {
  const place = document.getElementById("safety-signals");
  const slot = document.getElementById("safety-slot");
  const view = app.view && app.seat ? app.view : null;
  const safety = view ? view.safety : null;
  const key = view ? JSON.stringify([view.safety, view.you.may, language()]) : null;
  if (!force && key === drawn) return;
  drawn = key;
  if (slot) {
    const wasOpen = Boolean(slot.querySelector("details[open]"));
    // keeping: the focus on a signal's button stays on it (it dropped to the page's body).
    keeping(slot, () => {
      fill(slot, safety ? menu() : null);
      const again = slot.querySelector("details");
      if (again && wasOpen) again.open = true;
    });
  }
  if (!place) return;
  const waiting = safety ? safety.waiting : [];
  document.body.dataset.safety = waiting.length ? "waiting" : "";
  // A note being typed survives any redraw, a forced one too (the whole page is drawn again
  // after an undo): its text, and the focus if it was there.
  const notes = /** @type {HTMLInputElement[]} */ ([...place.querySelectorAll("input[id^='safety-note-']")]);
  const typed = new Map(notes.map((el) => [el.id, el.value]));
  // keeping: the focus stays where it was, or, the signal answered and gone, goes to the
  // nearest panel's heading (it dropped to the page's body).
  keeping(place, () => {
    fill(
      place,
      waiting.length
        ? [
            h("h2", { class: "visually-hidden" }, t("safety.title")),
            ...waiting.map(signal),
            h("p", { class: "hint safety-waits" }, t("safety.waits")),
          ]
        : null,
    );
    place.hidden = !waiting.length;
    for (const [id, value] of typed) {
      const again = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
      if (again && !again.value) again.value = value;
    }
  });
}
