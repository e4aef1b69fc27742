// "Last time…": the recap of the last session played, shown while no scene is running (at the
// start of a session, between sessions). The server writes it in the page's language with only
// what this seat may see; the page shows its lines as text, offers it as Markdown and as a page
// to print, any session's recap on request, and the GM a line of their own to add.

import { button, field, fill, free, h, section } from "./lib/dom.js";
import { untilStill } from "./lib/still.js";
import { language, t } from "./lib/i18n.js";
import { openSeat, seatView, send, showError } from "./store.js";
import { may } from "./view.js";

/** Whether the panel shows: a session has been played to its end, and no scene is under way. */
export function showsRecap() {
  return seatView().time.sessions_ended >= 1 && !seatView().scene;
}

/** @type {number | null} */
let chosen = null; // the session the reader picked (null: the last one ended)
let asked = 0; // answers to older requests are dropped

/** The panel, drawn empty and filled when the recap arrives. */
export function recapPanel() {
  if (!showsRecap()) return null;
  const body = h("div", { id: "recap-body", "aria-live": "polite" });
  const time = seatView().time;
  // The last session played unless the reader picked another: drawn from the table, so a
  // redraw after a session ends turns it to that session (the reader's pick is `chosen`).
  const sessions = h("select", { id: "recap-session", "data-from-table": "" });
  const last = time.in_session ? time.session - 1 : time.session;
  for (let n = Math.max(time.session, 1); n >= 1; n--) {
    sessions.append(h("option", { value: String(n) }, String(n)));
  }
  sessions.value = String(chosen || Math.max(last, 1));
  sessions.addEventListener("change", () => {
    chosen = Number(sessions.value);
    load(body, chosen);
  });
  const panel = section(
    "recap",
    t("recap.title"),
    h("div", { class: "actions wrap" }, field(t("recap.other_session"), sessions)),
    body,
    h(
      "div",
      { class: "actions wrap" },
      button(t("recap.download_md"), () => download("md", Number(sessions.value)), { id: "recap-markdown" }),
      button(t("recap.print"), () => printable(Number(sessions.value)), { id: "recap-print" }),
    ),
    may("AddRecapLine") ? lineForm(() => load(body, Number(sessions.value))) : null,
  );
  load(body, Number(sessions.value));
  return panel;
}

/** What /recap is asked: a session, in the page's language, as JSON, Markdown or a page.
 * @param {number} session @param {string} format */
function params(session, format) {
  return { session, lang: language(), format };
}

/** @param {HTMLElement} body @param {number} session */
async function load(body, session) {
  const mine = ++asked;
  try {
    const recap = await openSeat().get("/recap", params(session, "json"));
    await untilStill();
    if (mine !== asked || !body.isConnected) return;
    fill(body, draw(recap));
  } catch (error) {
    if (mine !== asked) return;
    fill(body);
    showError(error, body);
  }
}

/** A recap as /recap gives it (fatekit/server/campaign.py, RecapOut): its title, its sections.
 * @param {{title: string, sections: {heading: string, lines: {kind: string, text: string}[]}[]}} recap */
function draw(recap) {
  /** @type {HTMLElement[]} */
  const parts = [h("h3", { id: "recap-session-title" }, recap.title)];
  for (const part of recap.sections) {
    parts.push(h("h4", {}, part.heading));
    let list = h("ul", { class: "recap-lines" });
    parts.push(list);
    for (const line of part.lines) {
      if (line.kind === "scene") {
        parts.push(free(line.text, "h5", { class: "recap-scene" }));
        list = h("ul", { class: "recap-lines" });
        parts.push(list);
      } else {
        list.append(free(line.text, "li", { class: `recap-${line.kind}`, "data-kind": line.kind }));
      }
    }
  }
  return parts.filter((p) => p.tagName !== "UL" || p.childElementCount);
}

// The files come with the seat's link in a header, never in an address: fetched, then handed
// to the browser as a file (Markdown) or a page of its own (to print).
/** @param {number} session @param {string} format */
async function fetchText(session, format) {
  const url = new URL(`/tables/${openSeat().tableId}/recap`, location.origin);
  // set() writes the session's number as its digits.
  for (const [k, v] of Object.entries(params(session, format))) url.searchParams.set(k, /** @type {string} */ (v));
  const response = await fetch(url, { headers: { "X-Fatekit-Link": openSeat().link } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** @param {string} format @param {number} session */
async function download(format, session) {
  try {
    const text = await fetchText(session, format);
    const blob = new Blob([text], { type: "text/markdown;charset=utf-8" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `recap-${session}.md` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (error) {
    showError(error, document.getElementById("recap-body"));
  }
}

/** @param {number} session */
async function printable(session) {
  try {
    const text = await fetchText(session, "html");
    const blob = new Blob([text], { type: "text/html;charset=utf-8" });
    const a = h("a", { href: URL.createObjectURL(blob), target: "_blank", rel: "noopener", id: "recap-print-link" });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (error) {
    showError(error, document.getElementById("recap-body"));
  }
}

/** The GM's line to add to the recap shown; `reload` shows the recap again once it is added.
 * @param {() => void} reload */
function lineForm(reload) {
  const text = h("input", { id: "recap-line", maxlength: "500", autocomplete: "off" });
  const who = h(
    "select",
    { id: "recap-line-for" },
    h("option", { value: "public" }, t("recap.line_public")),
    h("option", { value: "gm" }, t("recap.line_gm")),
  );
  const out = h("div", { class: "out" });
  return h(
    "form",
    {
      id: "recap-line-form",
      onsubmit: async (/** @type {SubmitEvent} */ submitted) => {
        submitted.preventDefault();
        const session = Number(/** @type {HTMLSelectElement} */ (document.getElementById("recap-session")).value);
        const done = await send("AddRecapLine", { text: text.value, session, visibility: who.value }, out, {
          named: { text: "recap.line_text" },
        });
        if (done) {
          // The line's own event may have redrawn the panel already, keeping what was typed.
          const now = /** @type {HTMLInputElement | null} */ (document.getElementById("recap-line"));
          if (now) now.value = "";
          reload();
        }
      },
    },
    // A part of the panel beside the recap (its title is an h3 too): the heading order holds
    // while the recap is still on its way.
    h("h3", {}, t("recap.add_line")),
    field(t("recap.line_text"), text),
    field(t("recap.line_for"), who),
    h("button", { type: "submit", id: "recap-line-add" }, t("recap.line_button")),
    out,
  );
}
