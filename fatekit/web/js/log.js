// The table's log: each event the seat may see, as a line in the page's language.
// Events carry ids and stable keys; names come from the view, or from earlier events for
// things no longer in play (an aspect from a finished scene).

import { button, dice, field, fill, free, h, section } from "./lib/dom.js";
import { untilStill } from "./lib/still.js";
import { t, tn } from "./lib/i18n.js";
import { app, openSeat, ruleReason, seatView, send, showError } from "./store.js";
import { diceOrHidden } from "./screen.js";
import { TOLD } from "./told.js";
import { aspectLabel, conditionText, ladderValue, milestoneName, presetName, skill, trackName, who } from "./view.js";

/** @typedef {import("./store.js").LoggedEvent} LoggedEvent */
/** A condition on an event's field (fatekit/table/telling.py): its test, and the value "is" compares.
 * @typedef {{field: string, test?: string, value?: unknown}} Condition */
/** A piece of a line (telling.py's kinds): the field it reads, and what its kind needs.
 * @typedef {{kind: string, field?: string, also?: string, item?: string, style?: string, prefix?: string,
 *   fallback?: string, choices?: [Condition[], Piece][], otherwise?: Piece}} Piece */
/** An event type's line (told.js): the cases of its catalog key (the last holds always), its pieces,
 * and those said after its text (a roll's stunts).
 * @typedef {{cases: {key: string, when?: Condition[]}[], pieces?: Record<string, Piece>, after?: Piece[]}} Line */
/** What a piece puts in a line. @typedef {Node | string | number} Said */

/** How many log entries a page of the log holds. */
export const LOG_PAGE = 50;

// Situation aspects' ids start again in each scene (a1, a2...), so a name is remembered with the
// version of the event that gave it, and a line names the aspect that held the id when the
// line's event happened: id -> [[version, name], ...], oldest first.
/** @type {Map<string, [number, string][]>} */
const aspectNames = new Map();
// The latest scene change the page holds, for telling whether an event is from the scene in
// play (the page holds every event since the oldest it shows).
const sceneChanges = new Set(["SceneStarted", "SceneEnded", "PreparedSceneStarted"]);
let lastSceneChange = 0;
// The version of the event being described (aspect() names as of then).
let describing = Infinity;

/** @param {string} id @param {number} version @param {string} name */
function named(id, version, name) {
  const known = aspectNames.get(id) || [];
  known.push([version, name]);
  known.sort((a, b) => a[0] - b[0]);
  aspectNames.set(id, known);
}

/** Remember names that events introduce, for lines about them later.
 * @param {LoggedEvent} event */
export function learn(event) {
  const d = event.data;
  const v = event.version;
  if (sceneChanges.has(event.type)) lastSceneChange = Math.max(lastSceneChange, v);
  if (event.type === "SituationAspectAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  if (event.type === "RollResolved" && d.created) for (const id of d.created) named(id, v, d.aspect_name);
  if (event.type === "BlockAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  if (event.type === "LastingAspectAdded" && d.aspect_id) named(d.aspect_id, v, d.name);
  // A hidden aspect revealed to the seat: its name comes with the reveal, not with its making.
  if (event.type === "AspectRevealed" && d.aspect) named(d.aspect_id, v, d.aspect.name);
}

/** Forget the names learnt at another table (a new seat's page starts afresh). */
export function forgetNames() {
  aspectNames.clear();
  lastSceneChange = 0;
}

/** @param {string | null | undefined} id */
function aspect(id) {
  if (!id) return h("span", {}, t("aspect.hidden_name"));
  if (app.view) {
    // An event of the scene in play names the aspect as the scene holds it now.
    const scene = app.view.scene;
    const found = scene && describing >= lastSceneChange && scene.aspects.find((a) => a.id === id);
    if (found) return aspectLabel(found);
    // The story's lasting aspects (w1, w2...) keep their ids for good too.
    const lasting = app.view.setting && app.view.setting.aspects.find((a) => a.id === id);
    if (lasting) return aspectLabel(lasting);
    // A character's aspects keep their ids for good.
    for (const c of app.view.characters) {
      const list = c.revealed && c.sheet ? c.sheet.aspects : c.aspects;
      const own = list && list.find((a) => a.id === id);
      if (own) return free(own.name, "span", { class: "aspect-name" });
    }
  }
  // An earlier scene's: the latest name given to this id up to the event, the aspect it meant.
  const then = (aspectNames.get(id) || []).filter(([v]) => v <= describing).pop();
  return then ? free(then[1], "span", { class: "aspect-name" }) : free(id, "code");
}

/** @param {string} id */
function seat(id) {
  const found = app.view && app.view.seats.find((s) => s.id === id);
  return free(found ? found.name : id, "span", { class: "who" });
}

/** @param {string | null} faces @param {string | null} [defendFaces] */
function rolled(faces, defendFaces = null) {
  // Dice the GM keeps hidden (an NPC's, behind the screen) are null: said so, never drawn.
  return h("span", {}, diceOrHidden(faces), defendFaces ? h("span", {}, " / ", dice(defendFaces)) : null);
}

// -- lines: each event type's line as its domain declares it (fatekit/table/telling.py), the same
// declaration Discord reads; told.js is written from it by `make docs`.

/** The value at a dotted path in an event's fields (`removed.0`, `extreme.name`): any JSON.
 * @param {unknown} data @param {string} path @returns {any} */
function at(data, path) {
  /** @type {any} an event's fields are any JSON */
  let value = data;
  for (const step of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[step];
  }
  return value;
}

/** Whether a value counts as set, as Python reads it: not empty, false, zero or nothing.
 * @param {unknown} value */
function isSet(value) {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== "object" || Object.keys(value).length > 0;
}

/** @param {Condition} condition @param {Record<string, unknown>} data */
function holds(condition, data) {
  const value = at(data, condition.field);
  switch (condition.test) {
    case "null":
      return value === null;
    case "given":
      return value !== null && value !== undefined;
    case "text":
      return typeof value === "string";
    case "is":
      return value === condition.value;
    default:
      return isSet(value);
  }
}

/** Typed text as the page marks it: an aspect's name, quoted words, or strong.
 * @param {string} text @param {string} [style] */
function styled(text, style) {
  if (style === "aspect") return free(text, "span", { class: "aspect-name" });
  if (style === "quote") return free(text, "q");
  if (style === "strong") return free(text, "strong");
  return free(text);
}

/** Nodes joined with commas, in one span.
 * @param {Node[]} nodes */
function joined(nodes) {
  return h(
    "span",
    {},
    nodes.flatMap((node, i) => (i ? [", ", node] : [node])),
  );
}

/** The names in a list of strings, pairs (`item` their index) or objects (their field).
 * @param {unknown} value @param {string} [item] */
function namesIn(value, item) {
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) => (item && entry !== null && typeof entry === "object" ? entry[item] : entry))
    .filter(Boolean);
}

/** The way a roll was settled, with the names of the aspect or boosts it made.
 * @param {Record<string, any>} d the event's fields (any JSON) */
function outcome(d) {
  /** @type {string[]} */
  const named = d.created && d.created.length && d.aspect_name ? [d.aspect_name] : [];
  for (const pair of d.boost_names || []) if (pair.length > 1 && pair[1]) named.push(pair[1]);
  const option = t(`option.outcome.${d.option}`);
  return named.length ? h("span", {}, option, ": ", joined(named.map((n) => styled(n, "aspect")))) : option;
}

/** One piece of a line, for this seat, in the page's language.
 * @param {Piece} p @param {Record<string, any>} d the event's fields (any JSON) @returns {Said} */
function piece(p, d) {
  const value = p.field ? at(d, p.field) : undefined;
  const given = value !== undefined && value !== null;
  switch (p.kind) {
    case "either": {
      for (const [conditions, choice] of p.choices || [])
        if (conditions.every((c) => holds(c, d))) return piece(choice, d);
      return p.otherwise ? piece(p.otherwise, d) : "";
    }
    case "who":
      return who(given ? value : null);
    case "seat":
      return given ? seat(value) : "";
    case "aspects":
      return joined((Array.isArray(value) ? value : []).map((a) => aspect(a)));
    case "aspect":
      return aspect(given ? value : null);
    case "skill":
      return given ? skill(value) : t("screen.any_skill");
    case "track":
      return trackName(value);
    case "rating":
      return given ? ladderValue(value) : t("screen.hidden");
    case "preset":
      return presetName(value);
    case "milestone":
      return given ? milestoneName(value) : "";
    case "dice":
      return rolled(given ? value : null, (p.also && at(d, p.also)) || null);
    case "text":
      if (!given || value === "") return p.fallback ? h("span", {}, t(p.fallback)) : "";
      return styled(String(value), p.style);
    case "names":
      return joined(namesIn(value, p.item).map((n) => styled(String(n), p.style)));
    case "conditions": {
      // The rule set's names in the page's language; the event's own where the rule set has none.
      const keys = Array.isArray(value) ? value : given ? [value] : [];
      const kept = p.also ? at(d, p.also) : undefined;
      const recorded = Array.isArray(kept) ? kept : [kept];
      return joined(keys.map((k, i) => styled(conditionText(String(k), String(recorded[i] ?? k)), "aspect")));
    }
    case "skills":
      return joined((Array.isArray(value) ? value : []).map((k) => skill(k)));
    case "word":
      if (!p.field) return t(/** @type {string} */ (p.prefix)); // a word has its prefix
      if (given && value !== "") return t(`${p.prefix}${value}`);
      return p.fallback ? t(`${p.prefix}${p.fallback}`) : "";
    case "number":
      if (given) return value;
      return p.fallback ? Number(p.fallback) : "";
    case "count":
      return Array.isArray(value) ? value.length : 0;
    case "outcome":
      return given ? outcome(d) : "";
    case "stunts":
      return Array.isArray(value) && value.length ? stuntsLine(value, /** @type {string} */ (p.prefix)) : "";
    default:
      throw new Error(`a line piece the page does not know: ${p.kind}`);
  }
}

/** An event's line: the key of the first case that holds, and its pieces.
 * @param {Line} line @param {Record<string, any>} d @returns {[string, Record<string, Said>]} */
function told(line, d) {
  // The last case holds always.
  const found = /** @type {{key: string}} */ (line.cases.find((c) => (c.when || []).every((w) => holds(w, d))));
  const key = found.key.replace(/\{([\w.]+)\}/g, (_, field) => String(at(d, field)));
  /** @type {Record<string, Said>} */
  const args = {};
  for (const [name, p] of Object.entries(line.pieces || {})) args[name] = piece(p, d);
  return [key, args];
}

/** One event as a log line (who did it, and what), or null for a kind the page does not know.
 * @param {LoggedEvent} event */
export function describeEvent(event) {
  // told.js is written from JSON: its [conditions, piece] pairs read as lists, not as pairs.
  const line = /** @type {Record<string, Line>} */ (/** @type {unknown} */ (TOLD))[event.type];
  if (!line) return null;
  const data = event.data || {};
  describing = event.version ?? Infinity;
  let key, args, after;
  try {
    [key, args] = told(line, data);
    after = (line.after || []).map((p) => piece(p, data)).filter((said) => said !== "");
  } finally {
    describing = Infinity;
  }
  // The seat is set apart by its look; a screen reader hears the pause a colon makes ("Ann: Ruth
  // absorbed the hit", not "Ann Ruth absorbed the hit").
  const by = event.seat
    ? [h("span", { class: "by" }, seat(event.seat)), h("span", { class: "visually-hidden" }, ":"), " "]
    : [];
  const out = h("span", { class: "line" }, ...by, tn(`event.${key}`, args));
  for (const said of after) out.append(" ", typeof said === "number" ? String(said) : said);
  if (data.waived && data.waived.length) out.append(" ", waiverLine(data));
  return out;
}

/** The stunts a roll applied (a name the seat may not see comes as null: "a stunt"), in the
 * catalog's words `key` (the declaration's), each name as table text.
 * @param {(string | null)[]} names @param {string} key */
function stuntsLine(names, key) {
  const list = h("span", {});
  names.forEach((name, i) => {
    if (i) list.append(", ");
    list.append(name === null ? h("span", {}, t("stunt.unnamed")) : free(name, "strong"));
  });
  return h("span", { class: "with-stunts", "data-stunts": String(names.length) }, tn(key, { stunts: list }));
}

/** A move the GM allowed against the rules: which rules, in the seat's language, and why.
 * @param {Record<string, any>} data the event's fields (any JSON): its waived rules' keys, the GM's reason */
function waiverLine(data) {
  const rules = h("span", { class: "rules" });
  data.waived.forEach((/** @type {string} */ key, /** @type {number} */ i) => {
    if (i) rules.append("; ");
    rules.append(ruleReason(key));
  });
  return h(
    "span",
    { class: "waived", "data-waived": data.waived.join(" ") },
    tn("event.waived", { rules, reason: free(data.waiver_reason || "", "q") }),
  );
}

/** A fate point count that changed between two views.
 * @param {Record<string, any>} change a line of app.ledger: who ("" the GM's pool), from, to */
export function describeLedger(change) {
  const name = change.who ? who(change.who) : h("span", {}, t("gm.pool"));
  return h(
    "span",
    { class: "line ledger" },
    tn(change.to > change.from ? "ledger.gain" : "ledger.spend", { who: name, from: change.from, to: change.to }),
  );
}

// -- the history the page holds -----------------------------------------------------------------

/** Add events to the page's history (oldest first, each version once): the log's pages and the
 * socket's events may overlap. Returns whether any was new.
 * @param {LoggedEvent[]} events */
export function addEvents(events) {
  const seen = new Set(app.events.map((e) => e.version));
  let added = false;
  for (const event of events) {
    if (seen.has(event.version)) continue;
    seen.add(event.version);
    learn(event);
    app.events.push(event);
    added = true;
  }
  if (added) app.events.sort((a, b) => a.version - b.version);
  return added;
}

/** Read one page of the log, older than what the page holds (the latest page when it holds
 * none), and show it. A read under way is shared: its promise is `app.log.loading`. */
export function loadOlder() {
  const log = app.log;
  if (log.loading) return log.loading;
  if (log.started && !log.more) return Promise.resolve();
  log.loading = readPage(log).finally(() => {
    log.loading = null;
  });
  return log.loading;
}

/** Ask for the log's latest page now, to be shown by the first loadOlder(): a seat's first hello
 * asks for it beside the table's rules rather than after the document is drawn. */
export function askLatest() {
  const log = app.log;
  if (log.started || log.first) return;
  log.first = openSeat().get("/log", { limit: LOG_PAGE, before: null });
  log.first.catch(() => null); // answered by the loadOlder() that takes it
}

/** @param {import("./store.js").LogPaging} log */
async function readPage(log) {
  const seat = openSeat();
  const asked = log.started ? null : log.first;
  log.first = null;
  try {
    const page = await (asked || seat.get("/log", { limit: LOG_PAGE, before: log.started ? log.before : null }));
    await untilStill();
    if (seat !== app.seat) return;
    addEvents([...page.entries].reverse());
    log.started = true;
    log.before = page.before;
    log.more = page.more && page.before !== null;
  } catch (error) {
    showError(error);
  }
  showLog();
}

/** Whether the page holds the log's latest page, once read (it is read now if it was not). */
export async function logRead() {
  if (!app.log.started) await loadOlder();
  return app.log.started;
}

// -- the log panel ------------------------------------------------------------------------------

function entries() {
  /** @type {{version: number, node: Node, type: string}[]} */
  const out = [];
  for (const event of app.events) {
    const line = describeEvent(event);
    if (line) out.push({ version: event.version, node: line, type: event.type });
  }
  for (const change of app.ledger)
    out.push({ version: change.version + 0.5, node: describeLedger(change), type: "ledger" });
  return out.sort((a, b) => b.version - a.version);
}

/** Draw the log's lines again (newest first) where the panel is; the list keeps its scroll. */
export function showLog() {
  const list = document.getElementById("log-list");
  if (!list) return;
  const top = list.scrollTop;
  fill(
    list,
    entries().map((e) => h("li", { "data-type": e.type, "data-version": Math.floor(e.version) }, e.node)),
  );
  list.scrollTop = top;
  const older = document.getElementById("log-older");
  if (older) older.hidden = !app.log.more;
  document.body.dataset.events = String(app.events.length);
}

/** The log: a note to write, and the table's history, newest first; older pages load when the
 * list is scrolled to its end, or with the button under it (for keyboards). */
export function logPanel() {
  const text = h("textarea", { id: "note-text", rows: 2, required: true });
  // The visibilities the table takes from this seat (you.notes, by the Note decider's checks):
  // none for a spectator. A signal waiting refuses a note beside the form, which keeps it.
  const notes = /** @type {readonly string[]} */ (seatView().you.notes);
  const visibility = h(
    "select",
    { id: "note-visibility" },
    ["public", "private", "gm"].filter((v) => notes.includes(v)).map((v) => h("option", { value: v }, t(`note.${v}`))),
  );
  const out = h("div", { "aria-live": "polite" });
  const list = h("ol", {
    // Scrolls on its own: focusable, so a keyboard can scroll it too.
    class: "log",
    id: "log-list",
    tabindex: "0",
    "aria-labelledby": "log-title",
    onscroll: (/** @type {Event} */ e) => {
      const el = /** @type {HTMLElement} */ (e.target);
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) loadOlder();
    },
  });
  const panel = section(
    "log",
    t("log.title"),
    notes.length
      ? h(
          "form",
          {
            id: "note-form",
            onsubmit: async (/** @type {SubmitEvent} */ e) => {
              e.preventDefault();
              const written = text.value.trim();
              if (!written) {
                // Nothing to send: say so at the field rather than do nothing.
                fill(out, h("p", { class: "error", role: "alert", id: "note-empty" }, t("note.write_first")));
                text.focus();
                return;
              }
              text.value = ""; // cleared first, so the redraw after sending does not bring it back
              if (!(await send("Note", { text: written, visibility: visibility.value }, out))) text.value = written;
            },
          },
          field(t("note.text"), text),
          field(t("note.visibility"), visibility),
          h("button", { type: "submit" }, t("note.button")),
          out,
        )
      : null,
    list,
    button(t("log.older"), () => loadOlder(), { id: "log-older", hidden: !app.log.more }),
  );
  return panel;
}
