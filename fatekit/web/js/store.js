// The page's one store: what the seat knows (`app`), how a command is sent, and how an error is
// shown. View modules import this and never the page's entry (app.js), so the scripts have no
// import cycles; app.js subscribes to hear that a command went through or a redraw is due.

import { ApiError } from "./lib/api.js";
import { free, h, fill } from "./lib/dom.js";
import { has, language, t, tn } from "./lib/i18n.js";

/** @typedef {import("../../../docs/page").SeatView} SeatView */
/** @typedef {import("../../../docs/page").ExtrasPart} Extras */
/** The document a seat's socket sends: its view with its extras inside (a patch names them
 * "extras/..."). @typedef {SeatView & {extras: Extras}} LiveDocument */
/** A part of what the seat is sent: a part of its document, or its extras (the page's redraws
 * name what they read by these). @typedef {keyof SeatView | "extras"} Part */

/** @typedef {import("./lib/api.js").Seat} Seat */
/** @typedef {import("./lib/api.js").Live} Live */
/** An event of the log as the server sends it (docs/server.md): its type, version and data. */
/** @typedef {{type: string, version: number, data: Record<string, any>, [key: string]: any}} LoggedEvent */
/** The log's paging; `first` is the latest page already asked for (beside a first hello's rules).
 * @typedef {{started: boolean, before: number | null, more: boolean, loading: Promise<void> | null,
 * first: Promise<any> | null}} LogPaging */
/** A link this page made for a seat (kept only here: the server never repeats one), with its QR
 * code once asked for. @typedef {{seat: string, name: string, link: string, url: string,
 * qr: Promise<string | null> | null}} Invite */
/** A seat's link waiting for the server: `retry` tries again (its timer, none while the network
 * is down), `lost` hears the network go.
 * @typedef {{link: string, retry: () => void, lost: () => void, timer: ReturnType<typeof setTimeout> | null}} Waiting */

/** Everything the page knows; panels read it, the page's entry replaces its parts. */
export const app = {
  /** @type {Seat | null} the seat this page plays, once a link opened it */
  seat: null,
  /** @type {Live | null} */
  live: null,
  /** @type {SeatView | null} the seat's document (docs/page.schema.json), its extras beside it */
  view: null,
  /** @type {Extras | null} */
  extras: null,
  /** @type {Record<string, any> | null} the table's rules as the preset list gives them */
  preset: null,
  /** @type {number | null} the version of the document in `view` */
  version: null,
  /** @type {LoggedEvent[]} the part of the log the page holds, oldest first */
  events: [],
  /** @type {LogPaging} paging the log */
  log: { started: false, before: null, more: false, loading: null, first: null },
  /** @type {Record<string, any>[]} fate point changes seen between views, shown in the log */
  ledger: [],
  /** @type {Invite[]} links this page made for new seats */
  invites: [],
  /** @type {Record<string, any> | null} where the server's links lead (GET /address), for a GM's seat */
  address: null,
  /** @type {Waiting | null} a seat's link waiting for the server to answer (offline), with its retry */
  waiting: null,
  status: "offline",
  wasLive: false, // this seat's connection was live once: losing it now is worth pinning
  /** @type {unknown} */
  error: null,
};

/** The seat's document, for what is drawn from it: the table is drawn only once one came. */
export function seatView() {
  if (!app.view) throw new Error("the table is drawn before its document came");
  return app.view;
}

/** The extras the seat is sent beside its document (what a roll may use, pending answers). */
export function seatExtras() {
  if (!app.extras) throw new Error("the table is drawn before its extras came");
  return app.extras;
}

/** The table's rules as the preset list gives them, for a form built from them (a sheet's
 * skills and aspect slots): they come with the table's first document. */
export function tablePreset() {
  if (!app.preset) throw new Error("the table's rules have not come yet");
  return app.preset;
}

/** The seat this page plays, for what only a seat's page does. */
export function openSeat() {
  if (!app.seat) throw new Error("no seat is open");
  return app.seat;
}

/** What the store announces: a command the server took (its answer), or a redraw due.
 * @typedef {{kind: "sent", type: string, done: any} | {kind: "redraw"}} Change */

/** @type {Set<(change: Change) => unknown>} */
const listeners = new Set();

/** Hear every change the store announces: {kind: "sent", type} after a command the server took,
 * {kind: "redraw"} when something only the page keeps (an invite link) changed.
 * @param {(change: Change) => unknown} listener */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell every listener about a change; settles when they have all done their part.
 * @param {Change} change */
export function notify(change) {
  return Promise.all([...listeners].map((listener) => listener(change)));
}

/** Ask for the table to be drawn again from the store. */
export function redraw() {
  notify({ kind: "redraw" });
}

// -- errors ---------------------------------------------------------------------------------------

const KINDS = ["illegal", "forbidden", "malformed", "stale", "link", "not_found", "operator", "cap", "read_only"];

/** The reason a rule gives, in the page's language: the catalog holds every rule's reason by its
 * key; the engine's own English summary stands in only for a rule the catalog does not know.
 * @param {string} key @param {string} [summary] */
export function ruleReason(key, summary = "") {
  if (has(`rule.${key}`)) return h("span", { class: "reason", "data-rule": key }, t(`rule.${key}`));
  return summary ? free(summary, "span", { class: "reason", "data-rule": key }) : free(key, "code");
}

/** What each refused field says: the page's own words where the page knows the field (`named`,
 * field path -> catalog key), else the engine's message for it.
 * @param {Record<string, string> | null | undefined} fields @param {Record<string, string>} [named] */
function fieldList(fields, named = {}) {
  const listed = Object.entries(fields || {});
  if (!listed.length) return null;
  return h(
    "ul",
    { class: "fields" },
    listed.map(([path, message]) =>
      h("li", { "data-field": path }, named[path] ? t(named[path]) : free(`${path}: ${message}`)),
    ),
  );
}

/** A message for a failed request, in the page's language: what kind of refusal, and its real
 * reason: the rule's (from the catalog), each field's, or the server's own sentence. The engine's
 * detailed sentence (names, numbers) is English, so only English shows it beside a rule.
 * @param {unknown} error @param {Record<string, string>} [named] */
export function errorText(error, named = {}) {
  if (!(error instanceof ApiError)) return tn("error.network");
  const body = error.body || {};
  const kind = KINDS.includes(body.error) ? body.error : "other";
  // A refusal the engine names (`code`) reads in the page's own words, names and all: the
  // engine's English sentence is only its fallback.
  if (body.code && has(`refusal.${body.code}`))
    return h(
      "span",
      { class: "detail", "data-code": body.code },
      tn(`refusal.${body.code}`, refusalParams(body.params)),
    );
  const out = h("span", {}, tn(`error.${kind}`));
  const rule = body.rule;
  if (rule && rule.key)
    out.append(" ", h("span", { class: "rule" }, tn("error.rule", { rule: ruleReason(rule.key, rule.summary) })));
  // Where the table's own book writes the rule: the book by name, its section as the book heads it.
  if (rule && rule.key && rule.section)
    out.append(
      " ",
      h(
        "span",
        { class: "citation", "data-source": rule.source || "" },
        tn("error.cited", {
          book: has(`book.${rule.book}`) ? t(`book.${rule.book}`) : free(rule.source || ""),
          section: free(rule.section, "span", { class: "section" }),
        }),
      ),
    );
  const fields = fieldList(body.fields, named);
  if (fields) out.append(fields);
  // Beside a rule the engine's sentence adds names and numbers (English only); with nothing
  // else to say, it is the reason itself, in whatever language the server wrote it.
  const alone =
    !(rule && rule.key) && !fields && !["stale", "link", "not_found", "network", "read_only"].includes(kind);
  if (body.detail && (language() === "en" || alone))
    out.append(rule && rule.key ? " — " : " ", free(body.detail, "span", { class: "detail" }));
  return out;
}

/** A coded refusal's parameters for its sentence: a character id (`who`) by the name the seat
 * knows it by. @param {Record<string, any> | null | undefined} params */
function refusalParams(params) {
  const out = { ...(params || {}) };
  if (typeof out.who === "string") {
    const found = (app.view && app.view.characters.find((c) => c.id === out.who)) || null;
    if (found) out.who = free(found.revealed && found.sheet ? found.sheet.name : found.name, "span", { class: "who" });
  }
  // Zones (a border's two sides) by the names the table typed.
  for (const key of ["a", "b"]) if (typeof out[key] === "string") out[key] = free(out[key]);
  // A rule set's name, as its file gives it.
  if (typeof out.game === "string") out.game = free(out.game);
  // An optional rule's key, in the seat's words.
  if (typeof out.option === "string" && has(`option.${out.option}`)) out.option = t(`option.${out.option}`);
  return out;
}

/** The refusal's paragraph (contract §2): its reason, and for a rule a GM may set aside the
 * GM's "Allow it anyway" (a player reads that they may ask the GM).
 * @param {unknown} error @param {Record<string, string>} named
 * @param {((why: string) => Promise<unknown>) | null} allow */
function refusal(error, named, allow) {
  const body = (error instanceof ApiError && error.body) || {};
  const rule = body.rule && body.rule.key ? body.rule.key : "";
  const p = h(
    "p",
    {
      class: "refusal error",
      role: "alert",
      "data-error": error instanceof ApiError ? body.error || "other" : "network",
      "data-rule": rule,
    },
    errorText(error, named),
  );
  if (body.waivable && rule) {
    const gm = app.view && app.view.you && app.view.you.role === "gm";
    if (gm && allow) p.append(" ", allowButton(allow));
    else p.append(" ", h("span", { class: "ask-gm" }, t("refusal.ask_gm")));
  }
  return p;
}

/** "Allow it anyway": asks the GM why (the log keeps it), then sends the command again.
 * @param {(why: string) => Promise<unknown>} allow */
function allowButton(allow) {
  const wrap = h("span", { class: "allow" });
  // Not `required`: the field sits inside the dialog's form, hidden until asked for, and a
  // required one would stop the form itself from being sent again once changed. The confirm
  // button asks for the reason instead.
  const reason = h("input", {
    type: "text",
    maxlength: "500",
    autocomplete: "off",
    "data-waive-reason": "",
    "aria-required": "true",
  });
  const ask = h(
    "span",
    { class: "allow-reason", hidden: true },
    h("label", {}, t("refusal.allow_reason"), " ", reason),
    " ",
    h(
      "button",
      {
        type: "button",
        class: "primary",
        "data-waive-confirm": "",
        onclick: async (/** @type {MouseEvent} */ event) => {
          const why = reason.value.trim();
          if (!why) {
            reason.focus();
            return;
          }
          if (event.currentTarget instanceof HTMLButtonElement) event.currentTarget.disabled = true;
          await allow(why);
        },
      },
      t("refusal.allow_confirm"),
    ),
  );
  const open = h(
    "button",
    {
      type: "button",
      "data-waive": "",
      onclick: () => {
        open.hidden = true;
        ask.hidden = false;
        reason.focus();
      },
    },
    t("refusal.allow"),
  );
  reason.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      /** @type {HTMLButtonElement} */ (ask.querySelector("[data-waive-confirm]")).click(); // drawn above
    }
  });
  wrap.append(open, ask);
  return wrap;
}

/** @typedef {{inside?: Element | null, own?: boolean, after?: Element}} Home */

/** Where a refusal goes: into `where` (a dialog's or a form's place for it), else right after
 * the container of the control that sent the command (the button the person just pressed),
 * else the banner.
 * @param {Element | null} where
 * @param {Element | null} control
 * @returns {Home} */
function homeFor(where, control) {
  if (where) return { inside: where, own: true };
  const from = control && control.isConnected ? control : null;
  const inDialog = from && from.closest("dialog[open]");
  if (inDialog)
    return { inside: inDialog.querySelector(".dialog-error") || inDialog.querySelector("form") || inDialog };
  if (from && from.parentElement) return { after: from.parentElement };
  return { inside: document.getElementById("banner"), own: true };
}

/** The control a command came from: the target of the event being handled, if any. */
function triggeringControl() {
  const event = window.event;
  const target = event && event.target instanceof Element ? event.target : null;
  if (!target) return null;
  return target.closest("button, input, select, textarea, a, [draggable], [data-zone]") || target;
}

/** @param {Home} home */
function clearRefusal(home) {
  if (home.inside && home.own)
    fill(home.inside); // a place kept for what went wrong
  else if (home.inside) {
    for (const old of home.inside.querySelectorAll(":scope > .refusal")) old.remove();
  } else if (
    home.after &&
    home.after.nextElementSibling &&
    home.after.nextElementSibling.classList.contains("refusal")
  ) {
    home.after.nextElementSibling.remove();
  }
}

/** @param {Home} home @param {Element} p */
function placeRefusal(home, p) {
  clearRefusal(home);
  if (home.inside) home.inside.append(p);
  else if (home.after) home.after.after(p);
}

/** The control whose event is being handled now: read it before the first `await`, then give it
 * to :func:`showErrorBeside` once the answer came back refused. */
export function pressed() {
  return triggeringControl();
}

/** Show what went wrong (a read, not a command) beside the control that asked for it.
 * @param {unknown} error @param {Element | null} control */
export function showErrorBeside(error, control) {
  placeRefusal(homeFor(null, control), refusal(error, {}, null));
}

/** Show what went wrong in `where` (or the banner at the top).
 * @param {unknown} error
 * @param {Element | null} [where] */
export function showError(error, where = null) {
  const target = where || document.getElementById("banner");
  if (target) placeRefusal({ inside: target, own: true }, refusal(error, {}, null));
}

/** Run a command from a button or form; a refusal shows its reason where the person is looking
 * (`where`, a form's place for it; else beside the control pressed). `named` maps a field path
 * of this command to the page's own catalog key for its message. Returns the server's answer,
 * or null when it refused. */
/**
 * @param {string} type
 * @param {Record<string, any>} data
 * @param {Element | null} [where]
 * @param {{named?: Record<string, string>, waive?: string[], reason?: string | null, home?: Home | null}} [how]
 * @returns {Promise<any>}
 */
export async function send(type, data, where = null, { named = {}, waive = [], reason = null, home = null } = {}) {
  const place = home || homeFor(where, triggeringControl());
  const extra = waive.length ? { waive, reason } : {};
  try {
    const done = await openSeat().command(type, data, extra);
    clearRefusal(place);
    // A move the GM allowed from a dialog's refusal closes that dialog, as sending it would have.
    if (waive.length && place.inside) {
      const dialog = place.inside.closest("dialog[open]");
      if (dialog instanceof HTMLDialogElement) dialog.close();
    }
    await notify({ kind: "sent", type, done });
    return done;
  } catch (error) {
    const body = (error instanceof ApiError && error.body) || {};
    const key = body.rule && body.rule.key;
    // The GM's "Allow it anyway" sends the same command with every rule set aside so far.
    const allow =
      body.waivable && key
        ? (/** @type {string} */ why) =>
            send(type, data, where, { named, waive: [...new Set([...waive, key])], reason: why, home: place })
        : null;
    placeRefusal(place, refusal(error, named, allow));
    return null;
  }
}
