// The page's one store: what the seat knows (`app`), how a command is sent, and how an error is
// shown. View modules import this and never the page's entry (app.js), so the scripts have no
// import cycles; app.js subscribes to hear that a command went through or a redraw is due.

import { ApiError } from "./lib/api.js";
import { free, h, fill } from "./lib/dom.js";
import { has, language, t, tn } from "./lib/i18n.js";

/** Everything the page knows; panels read it, the page's entry replaces its parts. */
export const app = {
  seat: null,
  live: null,
  view: null,
  extras: null,
  preset: null,
  version: null, // the version of the document in `view`
  events: [], // the part of the log the page holds, oldest first
  log: { started: false, before: null, more: false, loading: false }, // paging the log
  ledger: [], // fate point changes seen between views, shown in the log
  invites: [], // links this page made for new seats
  address: null, // where the server's links lead (GET /address), for a GM's seat
  waiting: null, // a seat's link waiting for the server to answer (offline), with its retry
  status: "offline",
  error: null,
};

const listeners = new Set();

/** Hear every change the store announces: {kind: "sent", type} after a command the server took,
 * {kind: "redraw"} when something only the page keeps (an invite link) changed. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener about a change; settles when they have all done their part. */
export function notify(change) {
  return Promise.all([...listeners].map((listener) => listener(change)));
}

/** Ask for the table to be drawn again from the store. */
export function redraw() {
  notify({ kind: "redraw" });
}

// -- errors -------------------------------------------------------------------------------------

const KINDS = ["illegal", "forbidden", "malformed", "stale", "link", "not_found", "operator", "cap"];

/** The reason a rule gives, in the page's language: the catalog holds every rule's reason by its
 * key; the engine's own English summary stands in only for a rule the catalog does not know. */
export function ruleReason(key, summary = "") {
  if (has(`rule.${key}`)) return h("span", { class: "reason", "data-rule": key }, t(`rule.${key}`));
  return summary ? free(summary, "span", { class: "reason", "data-rule": key }) : free(key, "code");
}

/** A message for a failed request, in the page's language: what kind of refusal, and the rule's
 * reason. The engine's detailed sentence (names, numbers) is English, so only English shows it. */
export function errorText(error) {
  if (!(error instanceof ApiError)) return tn("error.network");
  const body = error.body || {};
  const kind = KINDS.includes(body.error) ? body.error : "other";
  const out = h("span", {}, tn(`error.${kind}`));
  const rule = body.rule;
  if (rule && rule.key) out.append(" ", h("span", { class: "rule" }, tn("error.rule", { rule: ruleReason(rule.key, rule.summary) })));
  if (language() === "en" && body.detail) out.append(" ", free(body.detail, "span", { class: "detail" }));
  return out;
}

/** Show what went wrong in `where` (or the banner at the top). */
export function showError(error, where = null) {
  const target = where || document.getElementById("banner");
  if (target) fill(target, h("p", { class: "error", role: "alert" }, errorText(error)));
}

/** Run a command from a button or form; show what went wrong in `where` (or the banner).
 * Returns the server's answer, or null when it refused. */
export async function send(type, data, where = null) {
  try {
    const done = await app.seat.command(type, data);
    // A command that went through clears the last refusal shown for it (or the banner's).
    const shown = where || document.getElementById("banner");
    if (shown) fill(shown);
    await notify({ kind: "sent", type, done });
    return done;
  } catch (error) {
    showError(error, where);
    return null;
  }
}
