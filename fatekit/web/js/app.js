// The page: the start screen (make a table, join one) and the table itself.
// The server holds every rule; this file keeps the seat's latest view and redraws from it.

import { ApiError, Live, Seat, linkFrom, request } from "./lib/api.js";
import { checkShown, fill, field, focusAgain, free, h } from "./lib/dom.js";
import { LANGUAGES, language, pickLanguage, setLanguage, t, tn } from "./lib/i18n.js";
import { openTable, operatorControls } from "./operator.js";
import { addEvents, askLatest, forgetNames, loadOlder, showLog } from "./log.js";
import { announceMove, forgetMoves } from "./announce.js";
import { applyDisplay, displayMenu } from "./display.js";
import { untilStill, whenStill } from "./lib/still.js";
import { PatchError, applyPatch, touched } from "./lib/patch.js";
import { fly, pileChanges, planFlights } from "./coins.js";
import { app, openSeat, seatView, showError, subscribe } from "./store.js";
import { redrawParts, renderTable } from "./table.js";
import { refreshOdds } from "./roll.js";
import { refreshFollowing } from "./forms.js";
import { drawSafety } from "./safety.js";
import { checkRuleset, editButton, rulesetEditor } from "./start/ruleset_editor.js";
import { OPTIONS, PRESETS, RANDOMIZERS, SKILL_LISTS } from "./start/choices.js";

/** @typedef {import("./lib/patch.js").Operation} Operation */

const RECENT_KEY = "fatekit.recent";

/** The page's words (its catalog): asked for as the page starts, beside the seat's link and
 * socket rather than before them (on a phone each is a round trip); drawing waits for them. */
let words = Promise.resolve();

// -- the header ---------------------------------------------------------------------------------

function renderHeader() {
  const top = document.getElementById("top");
  if (!top) throw new Error("the page's HTML has no #top to draw the header in");
  const choose = h(
    "select",
    {
      id: "language",
      onchange: async (/** @type {Event} */ event) => {
        await setLanguage(/** @type {HTMLSelectElement} */ (event.target).value, true);
        render();
      },
    },
    LANGUAGES.map((lang) => h("option", { value: lang, selected: lang === language() }, t(`language.${lang}`))),
  );
  const status = h(
    "span",
    { class: statusClass(app.status), id: "connection", role: "status" },
    t(`status.${app.status}`),
  );
  fill(
    top,
    h("a", { href: "#", class: "brand", onclick: leave }, t("app.name")),
    app.view ? free(app.view.table.name, "span", { class: "table-name" }) : null,
    app.seat || app.waiting ? status : null,
    app.view ? h("span", { id: "safety-slot", class: "safety-slot" }) : null,
    field(t("language.label"), choose),
    displayMenu(),
  );
  drawSafety(true);
}

/** @param {Event} event */
function leave(event) {
  event.preventDefault();
  if (app.live) app.live.close();
  app.live = null;
  app.seat = null;
  app.view = null;
  stopWaiting();
  history.pushState(null, "", "/");
  render();
}

/** The connection's pill. Once the table was live, a lost connection is also pinned to the foot
 * of the screen (class "lost"): a player scrolled down to their sheet on a phone never sees the
 * header, and would play on without knowing that nothing reaches the table.
 * @param {string} status */
function statusClass(status) {
  if (status === "live") app.wasLive = true;
  const lost = app.wasLive && status !== "live" && status !== "connecting";
  return `status ${status}${lost ? " lost" : ""}`;
}

/** @param {import("./lib/api.js").LiveStatus} status */
function setStatus(status) {
  app.status = status;
  const el = document.getElementById("connection");
  if (el) {
    el.className = statusClass(status);
    el.textContent = t(`status.${status}`);
  }
}

// -- the start screen ---------------------------------------------------------------------------

/** A link to the rules chosen in `preset` as a rule-set file, to start a hack from: what a GM
 * needs to write one is on the page (this file, and the editor below), not in the repository.
 * @param {HTMLSelectElement} preset */
function builtinFile(preset) {
  const link = h("a", { id: "builtin-ruleset" });
  const update = () => {
    link.href = `/rules/rulesets/${encodeURIComponent(preset.value)}`;
    link.download = `${preset.value}.ruleset.json`;
    link.replaceChildren(tn("start.ruleset_builtin", { preset: t(`preset.${preset.value}`) }));
  };
  preset.addEventListener("change", update);
  update();
  return h("p", { class: "hint" }, link);
}

/** The tables this browser opened lately, newest first (kept in localStorage).
 * @returns {{link: string, name: string, seat: string}[]} */
function recent() {
  try {
    return JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
  } catch {
    return [];
  }
}

/** @param {string} link @param {string} name @param {string} seatName */
function remember(link, name, seatName) {
  const kept = recent().filter((r) => r.link !== link);
  kept.unshift({ link, name, seat: seatName });
  localStorage.setItem(RECENT_KEY, JSON.stringify(kept.slice(0, 8)));
}

/** Under a refused rule-set file, each problem the server named (they quote the file).
 * @param {{body?: Record<string, any>}} error what opening the table threw: a refusal (its
 *   body, the server's JSON) or a network error (none) @param {HTMLElement} out */
function rulesetProblems(error, out) {
  const fields = Object.entries((error && error.body && error.body.fields) || {}).filter(([k]) =>
    k.startsWith("ruleset"),
  );
  if (!fields.length) return;
  out.append(
    h("p", {}, t("start.ruleset_problems")),
    h(
      "ul",
      { id: "ruleset-problems" },
      fields.map(([k, v]) => h("li", {}, free(`${k.replace(/^ruleset/, "$")}: ${v}`))),
    ),
  );
}

/** What a new character under the chosen rule-set file holds, or what is wrong with the file.
 * @param {HTMLInputElement} input a file input (it has its list of files) @param {HTMLElement} out */
async function previewRuleset(input, out) {
  fill(out);
  const file = /** @type {FileList} */ (input.files)[0];
  if (!file) return;
  try {
    await checkRuleset(JSON.parse(await file.text()), out);
  } catch {
    fill(out, h("p", { class: "error" }, t("start.ruleset_not_json")));
  }
}

function renderStart() {
  const main = document.getElementById("app");
  if (!main) throw new Error("the page's HTML has no #app to draw in");
  const out = h("div", { id: "start-error", "aria-live": "polite" });
  const name = h("input", { id: "new-table-name", required: true, autocomplete: "off" });
  const gmName = h("input", { id: "new-table-gm", value: t("start.gm_default"), autocomplete: "off" });
  const preset = h(
    "select",
    { id: "new-table-preset" },
    PRESETS.map((p) => h("option", { value: p }, t(`preset.${p}`))),
  );
  const randomizer = h(
    "select",
    { id: "new-table-randomizer" },
    RANDOMIZERS.map((r) => h("option", { value: r }, t(`randomizer.${r}`))),
  );
  const rulesetPreview = h("div", { id: "ruleset-preview", "aria-live": "polite" });
  const editor = rulesetEditor(rulesetPreview);
  const rulesetFile = h("input", {
    id: "new-table-ruleset",
    type: "file",
    accept: ".json,application/json",
    onchange: () => {
      editor.close(); // a new file: the edits of the old one are dropped
      previewRuleset(rulesetFile, rulesetPreview);
    },
  });
  // Another skill list is the changing-the-skill-list option; the server says which presets'
  // shapes a list is long enough for. "Edit a rule set" opens the editor on the list, where the
  // GM picks a shape that fits it.
  const skillList = h(
    "select",
    { id: "new-table-skill-list" },
    h("option", { value: "" }, t("start.skill_list_own")),
    SKILL_LISTS.map((l) => h("option", { value: l }, t(`skill_list.${l}`))),
  );
  const options = h(
    "fieldset",
    { class: "options" },
    h("legend", {}, t("start.options")),
    OPTIONS.map((o) => {
      const box = h("input", { type: "checkbox", value: o, id: `opt-${o}` });
      return h(
        "div",
        { class: "check" },
        box,
        h("label", { for: box.id }, t(`option.${o}`), h("span", { class: "hint book-rule", hidden: true })),
      );
    }),
    field(t("option.changing_skill_list"), skillList, h("p", { class: "hint" }, t("start.skill_list_hint"))),
  );
  // A rule of the preset's own book (Fate Core's extreme consequences and full defense) is no
  // option there: ticked, fixed, and said to be the book's. Another version of one of them
  // (Fate Condensed's full defense on a Core table) is unticked and fixed, the rule that plays
  // in its place named: the server says which (the table would refuse both).
  const bookRules = async () => {
    const chosen = preset.value;
    let rules = [];
    /** @type {Record<string, string>} */
    let ruledOut = {};
    try {
      const info = await request("GET", `/rules/presets/${encodeURIComponent(chosen)}`);
      await untilStill();
      rules = info.own_options || [];
      ruledOut = info.ruled_out || {};
    } catch {
      rules = [];
    }
    if (preset.value !== chosen) return; // another preset was picked meanwhile
    for (const o of OPTIONS) {
      // Each option's box, and the note in its label, were drawn above, one per option.
      const box = /** @type {HTMLInputElement} */ (options.querySelector(`#opt-${o}`));
      const note = /** @type {HTMLElement} */ (box.parentElement?.querySelector(".book-rule"));
      const own = rules.includes(o);
      const instead = ruledOut[o];
      if (own) box.checked = true;
      else if (box.disabled || instead) box.checked = false;
      box.disabled = own || Boolean(instead);
      note.hidden = !own && !instead;
      const book = t(`preset.${chosen}`);
      note.replaceChildren(
        own
          ? tn("start.book_rule", { book })
          : instead
            ? tn("start.ruled_out", { book, rule: t(`option.${instead}`) })
            : "",
      );
    }
    // The preset whose book rules the boxes now show (a seat that ticks boxes waits for it).
    options.dataset.preset = chosen;
  };
  preset.addEventListener("change", bookRules);
  bookRules();
  const create = h(
    "form",
    {
      class: "card",
      id: "create-table",
      novalidate: true,
      onsubmit: async (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        const form = /** @type {HTMLFormElement} */ (event.currentTarget);
        if (!checkShown(form)) return;
        // The preset's own rules come with it: only the options chosen are sent.
        const chosen = [
          .../** @type {NodeListOf<HTMLInputElement>} */ (options.querySelectorAll("input:checked:not(:disabled)")),
        ].map((i) => i.value);
        // A rule-set file opened in the editor with the chosen list already plays it, with the
        // shape the GM gave it: the table takes the file as it is.
        const edited = editor.current();
        const inFile =
          edited && edited.skill_lists && edited.skill_lists[0] && edited.skill_lists[0].key === skillList.value;
        const listed = skillList.value && !inFile ? { skill_list: skillList.value } : {};
        if (listed.skill_list) chosen.push("changing_skill_list");
        let own = {};
        const file = /** @type {FileList} */ (rulesetFile.files)[0]; // a file input's list is never null
        if (editor.current()) own = { ruleset: editor.current() };
        else if (file) {
          try {
            own = { ruleset: JSON.parse(await file.text()) };
          } catch {
            fill(out, h("p", { class: "error", role: "alert" }, t("start.ruleset_not_json")));
            return;
          }
        }
        try {
          const made = await openTable("/tables", {
            name: name.value.trim(),
            preset: preset.value,
            options: chosen,
            gm_name: gmName.value.trim() || "GM",
            randomizer: randomizer.value,
            ...listed,
            ...own,
          });
          open(made.link);
        } catch (error) {
          showError(error, out);
          rulesetProblems(/** @type {{body?: Record<string, any>}} */ (error), out);
        }
      },
    },
    h("h2", {}, t("start.create")),
    field(t("start.table_name"), name),
    field(t("start.gm_name"), gmName),
    field(t("start.preset"), preset),
    field(t("randomizer.label"), randomizer, h("p", { class: "hint" }, t("randomizer.hint"))),
    field(t("start.ruleset"), rulesetFile, [h("p", { class: "hint" }, t("start.ruleset_hint")), builtinFile(preset)]),
    h(
      "div",
      { class: "actions" },
      editButton(editor, preset, rulesetFile, rulesetPreview, skillList),
      h("span", { class: "hint" }, t("ruleset_editor.open_hint")),
    ),
    editor.element,
    rulesetPreview,
    h("details", {}, h("summary", {}, t("start.options")), options),
    h("button", { type: "submit", class: "primary" }, t("start.create_button")),
    operatorControls(),
  );
  const linkInput = h("input", { id: "join-link", autocomplete: "off", spellcheck: "false" });
  const join = h(
    "form",
    {
      class: "card",
      id: "join-table",
      onsubmit: (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        const link = linkFrom(linkInput.value);
        if (link) open(link);
      },
    },
    h("h2", {}, t("start.join")),
    field(t("start.link"), linkInput, h("p", { class: "hint" }, t("start.link_hint"))),
    h("button", { type: "submit" }, t("start.join_button")),
  );
  const again = recent();
  const back = again.length
    ? h(
        "section",
        { class: "card", "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, t("start.recent")),
        h(
          "ul",
          { class: "plain" },
          again.map((r) =>
            h(
              "li",
              {},
              h(
                "button",
                { type: "button", onclick: () => open(r.link) },
                tn("start.return", { table: free(r.name), seat: free(r.seat) }),
              ),
            ),
          ),
        ),
      )
    : null;
  // Coming back to a table is what most visits are for: its links come before the new-table form.
  fill(
    main,
    h("h1", { class: "visually-hidden" }, t("app.name")),
    h("p", { class: "lead" }, t("start.lead")),
    out,
    back,
    h("div", { class: "columns" }, create, join),
  );
}

// -- offline ------------------------------------------------------------------------------------

// A seat's page that cannot reach the server: the page itself came from the service worker, or
// the server is down. It says which, and opens the table as soon as it can: at once when the
// device's network comes back, and every few seconds while the network is up but the server
// does not answer.
const RETRY_MS = 5000;

function stopWaiting() {
  if (!app.waiting) return;
  if (app.waiting.timer !== null) clearTimeout(app.waiting.timer);
  window.removeEventListener("online", app.waiting.retry);
  window.removeEventListener("offline", app.waiting.lost);
  app.waiting = null;
}

/** @param {string} link */
function waitForServer(link) {
  stopWaiting();
  const retry = () => {
    if (app.waiting && linkFrom(location.hash.slice(1) ? location.hash : "") === link) start();
  };
  const lost = () => {
    // Nothing to try until the network is back.
    if (app.waiting && app.waiting.timer !== null) clearTimeout(app.waiting.timer);
    app.status = "no_network";
    render();
  };
  app.waiting = { link, retry, lost, timer: navigator.onLine ? setTimeout(retry, RETRY_MS) : null };
  window.addEventListener("online", retry);
  window.addEventListener("offline", lost);
  app.status = navigator.onLine ? "offline" : "no_network";
  render();
}

/** @param {HTMLElement} main @param {import("./store.js").Waiting} waiting */
function renderWaiting(main, waiting) {
  const known = recent().find((r) => r.link === waiting.link);
  fill(
    main,
    h(
      "section",
      { class: "card", id: "offline", "aria-labelledby": "offline-title" },
      h("h1", { id: "offline-title" }, t("offline.title")),
      known
        ? h("p", { class: "lead" }, tn("offline.table", { table: free(known.name), seat: free(known.seat) }))
        : null,
      h(
        "p",
        { id: "offline-why", "data-network": String(navigator.onLine) },
        t(navigator.onLine ? "offline.no_server" : "offline.no_network"),
      ),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "button", id: "offline-retry", onclick: () => start() }, t("offline.retry")),
      ),
    ),
  );
}

/** The page's service worker keeps its own files, so it opens at once and offline. A new
 * version of the page, once its files are kept, is offered in the banner rather than loaded
 * under the table's feet. */
function registerWorker() {
  if (!("serviceWorker" in navigator)) return; // only secure pages (https, or this machine) have one
  const had = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!had) return;
    const banner = document.getElementById("banner");
    if (!banner) return; // no page to say it on
    fill(
      banner,
      h(
        "p",
        { id: "page-update", role: "status" },
        t("update.ready"),
        " ",
        h("button", { type: "button", onclick: () => location.reload() }, t("update.reload")),
      ),
    );
  });
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (a private window, a browser setting): the page works, only not offline.
  });
}

/** Ask the server for its worker again: after a reconnection the server may run a new release,
 * whose worker keeps the new files and makes the banner offer them. */
function lookForNewPage() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration && registration.update())
    .catch(() => null); // no worker, or no answer: the next reconnection asks again
}

// -- the table ----------------------------------------------------------------------------------

/** @param {string} link */
function open(link) {
  history.pushState(null, "", `/#link=${encodeURIComponent(link)}`);
  start();
}

/** Fate points moving between two documents go to the log, so every spend and gain is
 * visible, and fly across the page (coins.js). Returns the coins' flights.
 * @param {import("./store.js").SeatView | null} before @param {import("./store.js").SeatView} after
 * @param {number} version */
function noteFatePoints(before, after, version) {
  const changes = pileChanges(before, after);
  for (const { who, delta } of changes) {
    // A pile that changed is the GM's or a sheet's the seat sees (pileChanges counts no other).
    const to =
      who === ""
        ? after.gm_pool
        : /** @type {import("./view.js").SheetPart} */ (
            /** @type {import("./view.js").CharacterPart} */ (after.characters.find((c) => c.id === who)).sheet
          ).fate_points;
    app.ledger.push({ version: after.table.version, who, from: to - delta, to });
  }
  const since = app.version;
  // Piles change between two documents only: the first has no version before it.
  if (!changes.length || since === null) return null;
  const events = app.events.filter((e) => e.version > since && e.version <= version);
  // Piles changed: so there was a document before.
  return planFlights(changes, events, /** @type {import("./store.js").SeatView} */ (before));
}

/** The preset's skills and ladder, read again only when the table's preset or list changes.
 * @param {import("./store.js").SeatView} view */
async function loadPreset(view) {
  const list = view.table.skill_list || null;
  const own = Boolean(view.table.ruleset); // a rule-set file: only the table knows it
  if (app.preset && app.preset.key === view.table.preset && app.preset.list === list && app.preset.own === own)
    return false;
  const found = own
    ? await openSeat().get("/preset")
    : await request("GET", `/rules/presets/${view.table.preset}`, { params: list ? { skill_list: list } : null });
  app.preset = { ...found, list, own };
  return true;
}

/** Take a new document for the seat (from hello, a whole `view` message, or a patch), and
 * redraw: everything when `parts` is null, else only the panels that read those parts.
 * @param {import("./store.js").LiveDocument} doc @param {number} version @param {Set<string> | null} [parts] */
async function adopt(doc, version, parts = null) {
  const seat = app.seat;
  const flights = noteFatePoints(app.view, doc, version);
  app.view = doc;
  applyDisplay(); // the seat's own text size and contrast
  app.extras = doc.extras;
  app.version = version;
  document.body.dataset.version = String(version); // held, not yet drawn, while a press lasts
  if (await loadPreset(doc)) parts = null;
  if (seat !== app.seat) return;
  if (!document.getElementById("log-list")) {
    render();
    return;
  }
  // Drawn once any press under way ends (lib/still.js): a click is not lost to another seat's move.
  whenStill(() => {
    if (seat !== app.seat) return;
    if (parts === null) {
      render();
    } else {
      redrawParts(parts);
      drawSafety();
      // The log's lines name characters as the view does now: a renamed character's earlier
      // lines take the new name (the events arrive before the view that renames them).
      if (flights || [...parts].some((part) => part.split("/")[0] === "characters")) showLog();
    }
    if (flights) fly(flights);
    refreshOdds();
    refreshFollowing();
  });
}

/** A `view` message: a patch on the document at `base`, or a whole document. A patch for
 * another version than the page holds (or one that does not fit) means the page missed
 * something: it reconnects, and hello brings the document again.
 * @param {import("./lib/api.js").ViewMessage} message (without its whole document, it brings a patch) */
function receiveView(message) {
  if (message.view) {
    adopt(message.view, message.version);
    return;
  }
  // A patch the page cannot apply: the socket reconnects (if the page still has one).
  if (app.view === null || message.base !== app.version) {
    if (app.live) app.live.reconnect();
    return;
  }
  let next;
  try {
    // The document held is a whole one, extras and all (adopt() keeps what it is given).
    next = applyPatch(
      /** @type {import("./store.js").LiveDocument} */ (app.view),
      /** @type {Operation[]} */ (message.patch),
    );
  } catch (error) {
    if (!(error instanceof PatchError)) throw error;
    if (app.live) app.live.reconnect();
    return;
  }
  adopt(next, message.version, touched(/** @type {Operation[]} */ (message.patch)));
}

async function start() {
  let link = linkFrom(location.hash.slice(1) ? location.hash : "");
  // Opened from the home screen (the manifest's start address): back to the last table.
  if (!link && new URLSearchParams(location.search).get("from") === "home" && recent().length) {
    link = recent()[0].link;
    history.replaceState(null, "", `/#link=${encodeURIComponent(link)}`);
  }
  stopWaiting();
  if (app.live) app.live.close();
  app.live = null;
  app.events = [];
  forgetNames();
  forgetMoves();
  app.wasLive = false;
  app.ledger = [];
  app.invites = [];
  app.log = { started: false, before: null, more: false, loading: null, first: null };
  app.view = null;
  app.version = null;
  if (!link) {
    app.seat = null;
    await words;
    render();
    return;
  }
  const seat = new Seat(link);
  app.seat = seat;
  // The link is checked and the socket opened side by side (on a phone each is a round trip);
  // the socket's hello is drawn once the seat and the page's words are known.
  const joining = seat.join();
  const ready = Promise.all([joining, words]);
  ready.catch(() => null); // a refusal is answered below
  const live = openSocket(seat, link, ready);
  let joined;
  try {
    [joined] = await ready;
  } catch (error) {
    live.close();
    await words.catch(() => null); // what is drawn next is drawn in the page's words
    if (seat !== app.seat) return;
    app.live = null;
    app.seat = null;
    if (!(error instanceof ApiError)) {
      waitForServer(link); // no answer at all: offline, or the server is down
      return;
    }
    render();
    showError(error, document.getElementById("start-error"));
    return;
  }
  if (seat !== app.seat) return;
  // Where the links the GM hands out lead, and whether they only open on this machine: asked
  // beside the socket, not before it; the seats panel is drawn again when the answer comes.
  app.address = null;
  if (joined.role === "gm") {
    request("GET", "/address").then(
      (address) => {
        if (seat !== app.seat) return;
        app.address = address;
        if (app.view) whenStill(() => redrawParts(["seats"]));
      },
      () => null, // the invitations still carry the server's address
    );
  }
}

/** The seat's socket, open: it brings the document (hello) and every change after it; the log's
 * history is read a page at a time, and a session's recap when "Last time…" shows. Nothing else
 * is read from the server while the page is open. A hello waits for `ready` (the seat's link
 * checked, the page's words loaded).
 * @param {Seat} seat @param {string} link
 * @param {Promise<[{name: string, role: string}, void]>} ready GET /join's answer, and the words */
function openSocket(seat, link, ready) {
  let greeted = false;
  const live = new Live(seat, {
    onHello: async (hello) => {
      // The table's rules are asked beside the seat and the words, not after them, and so is
      // the log's latest page (on a phone each is a round trip; it is shown once drawn).
      if (!app.log.started) askLatest();
      const [[joined]] = await Promise.all([
        ready.catch(() => [null]), // a refusal: start() answers it
        loadPreset(hello.view).catch(() => false), // a failure: adopt() asks again, and says so
      ]);
      if (!joined || seat !== app.seat) return;
      if (greeted) lookForNewPage(); // connected again: perhaps to a server restarted anew
      greeted = true;
      await adopt(hello.view, hello.version);
      if (seat !== app.seat) return;
      remember(link, seatView().table.name, joined.name);
      if (!app.log.started) await loadOlder();
    },
    onEvent: (event) => {
      const added = addEvents([event]);
      if (added && app.log.started) whenStill(showLog);
      if (added) announceMove(event);
      if (event.type === "RecapLineAdded") whenStill(() => redrawParts(["time"])); // "Last time…" reads it anew
    },
    onView: receiveView,
    onStatus: setStatus,
  });
  app.live = live;
  live.start();
  return live;
}

// -- drawing ------------------------------------------------------------------------------------

function render() {
  // The whole page is drawn anew (a language chosen, a document that came whole): the control
  // that had the focus takes it back where it is drawn again, else the keyboard would start over.
  const focused = document.activeElement && document.activeElement !== document.body ? document.activeElement.id : "";
  drawAll();
  if (focused && document.activeElement !== document.getElementById(focused)) focusAgain(focused, null);
}

function drawAll() {
  renderHeader();
  const main = document.getElementById("app");
  if (!main) throw new Error("the page's HTML has no #app to draw in");
  if (app.waiting) {
    renderWaiting(main, app.waiting);
    return;
  }
  if (!app.seat || !app.view) {
    renderStart();
    return;
  }
  renderTable(main);
  document.body.dataset.version = String(app.version);
}

// A command the server took changes nothing here: the socket brings its events and the patch.
subscribe((change) => {
  if (change.kind === "redraw") render();
  return null;
});

window.addEventListener("popstate", start);
window.addEventListener("hashchange", start);

(async () => {
  applyDisplay();
  words = setLanguage(pickLanguage());
  await start();
  registerWorker();
})();
