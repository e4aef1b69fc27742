// The table screen: panels drawn from the seat's view. Nothing here decides a rule; buttons
// appear where the view says the seat may act (legal_actions, absorb_options, the roll's
// options from /extras), and the server has the last word on every command.

import { milestoneForm, raiseForm } from "./advance.js";
import { ApiError, pageFor, qrFor } from "./lib/api.js";
import { charactersPanel, minePanel } from "./cards.js";
import { conflictPanel } from "./conflict.js";
import { challengePanel, openStartChallenge } from "./contests/challenge.js";
import { contestHitsPanel, contestPanel, openStartContest } from "./contests/contest.js";
import { add, button, download, field, fileName, fill, free, h, keeping, section, tokens } from "./lib/dom.js";
import { foresightPanel } from "./foresight.js";
import { openAddCountdown, openEndSession, openStartConflict, openStartScene, openUndo } from "./gm.js";
import { correctPoolButton } from "./gm/corrections.js";
import { ownDice, tableDice } from "./dice_choice.js";
import { openDialog, sendFrom } from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { NOTICE_READS, markAttention, noticePanel, turnPanel } from "./turn.js";
import { logPanel, showLog } from "./log.js";
import { compelsPanel, drawZoneLinks, rollPanel, scenePanel } from "./scene.js";
import { recapPanel } from "./recap.js";
import { screenPanel } from "./screen.js";
import { settingPanel } from "./setting.js";
import { app, errorText, openSeat, redraw, seatView, send, showError, showErrorBeside } from "./store.js";
import { TOOLS } from "./safety.js";
import { isGm, may, offered, presetName, seatName, who } from "./view.js";

/** @typedef {import("./store.js").Part} Part */
/** @typedef {import("../../../docs/page").SeatPart} SeatPart */

/** A link to copy, with its label (what the link is for) tied to the field.
 * @param {string} id @param {string} value @param {string | Node} label */
function copyField(id, value, label) {
  const input = h("input", {
    id,
    value,
    readonly: true,
    class: "link",
    onfocus: (/** @type {FocusEvent} */ e) => e.target instanceof HTMLInputElement && e.target.select(),
  });
  return h(
    "div",
    { class: "copy" },
    h("label", { for: id }, label),
    input,
    button(t("invite.copy"), async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(value);
      } catch {
        document.execCommand("copy");
      }
    }),
  );
}

// -- the table ----------------------------------------------------------------------------------

// Each panel, the parts of the seat's document it reads (top-level keys; "extras" is the
// page's extras), and how to draw it. A change to the document redraws only the panels that
// read a part it touched; names of characters are read nearly everywhere. The parts' names are
// the contract's (docs/page.d.ts): tsc refuses a part the document does not have.
/** @type {Record<string, {column: "left" | "middle" | "right", reads: Part[], draw: () => Element | null}>} */
const PANELS = {
  you: { column: "left", reads: ["you", "table", "time", "gm_pool", "seats"], draw: () => youPanel() },
  mine: { column: "left", reads: ["characters", "conflict", "you", "table", "seats"], draw: () => minePanel() },
  characters: {
    column: "left",
    reads: ["characters", "conflict", "you", "table", "seats"],
    draw: () => charactersPanel(),
  },
  setting: { column: "left", reads: ["setting", "characters", "you"], draw: () => settingPanel() },
  seats: { column: "left", reads: ["seats", "you"], draw: () => (may("AddSeat") ? seatsPanel() : null) },
  recap: { column: "middle", reads: ["time", "scene", "you"], draw: () => recapPanel() },
  notice: { column: "middle", reads: NOTICE_READS, draw: () => noticePanel() },
  turn: {
    column: "middle",
    reads: ["conflict", "contest", "challenge", "roll", "rolls", "characters", "extras", "you", "table"],
    draw: () => turnPanel(),
  },
  scene: { column: "middle", reads: ["scene", "characters", "conflict", "extras", "you"], draw: () => scenePanel() },
  compels: {
    column: "middle",
    reads: ["compels", "self_compels", "characters", "scene", "you"],
    draw: () => compelsPanel(),
  },
  roll: {
    column: "middle",
    reads: ["roll", "rolls", "conflict", "contest", "challenge", "scene", "characters", "extras", "you"],
    draw: () => rollPanel(),
  },
  conflict: {
    column: "middle",
    reads: ["conflict", "characters", "extras", "table", "scene", "contest", "you"],
    draw: () => (seatView().conflict ? conflictPanel() : null),
  },
  contest: {
    column: "middle",
    reads: ["contest", "rolls", "characters", "you"],
    draw: () => (seatView().contest ? contestPanel() : null),
  },
  contest_hits: {
    column: "middle",
    reads: ["contest_hits", "characters", "table", "you"],
    draw: () => {
      const hits = seatView().contest_hits;
      return hits && hits.length ? contestHitsPanel() : null;
    },
  },
  challenge: {
    column: "middle",
    reads: ["challenge", "rolls", "scene", "characters", "you"],
    draw: () => (seatView().challenge ? challengePanel() : null),
  },
  milestones: {
    column: "middle",
    reads: ["milestones", "characters", "conflict", "you", "table"],
    draw: () => milestonesPanel(),
  },
  gm: {
    column: "middle",
    reads: ["time", "scene", "conflict", "contest", "challenge", "rolls", "table", "you", "safety"],
    // The GM's tools: drawn for a seat the server lets send the GM's moves.
    draw: () => (seatView().you.may.length ? gmPanel() : null),
  },
  screen: {
    column: "middle",
    reads: ["screen", "scene", "conflict", "characters", "table", "you"],
    draw: () => screenPanel(),
  },
  foresight: {
    column: "middle",
    reads: ["scene", "conflict", "characters", "table", "you"],
    draw: () => (may("StartConflict") ? foresightPanel() : null),
  },
  log: { column: "right", reads: ["you"], draw: () => logPanel() },
};

// Parts that move on with every command: a change to these alone redraws no panel.
const VERSION_ONLY = new Set(["table/version", "extras/version"]);

/** @param {string} name */
function slot(name) {
  return document.querySelector(`#app [data-panel="${name}"]`);
}

/** Draw the whole table screen into `main`. @param {HTMLElement} main */
export function renderTable(main) {
  const columns = {
    left: h("div", { class: "col" }),
    middle: h("div", { class: "col wide" }),
    right: h("div", { class: "col" }),
  };
  for (const [name, panel] of Object.entries(PANELS)) {
    add(columns[panel.column], h("div", { class: "slot", "data-panel": name }, panel.draw()));
  }
  keeping(main, () =>
    fill(
      main,
      h("h1", { class: "visually-hidden" }, t("app.name")),
      readOnlyNotice(),
      h("div", { class: "layout" }, columns.left, columns.middle, columns.right),
    ),
  );
  markAttention();
  showLog();
  drawZoneLinks();
}

/** A table open read-only, because this server cannot replay one of its events: every seat
 * reads that it takes no new moves, the GM also why (in the page's words where the catalog knows
 * the rule or the refusal) and that nothing in it is lost. */
function readOnlyNotice() {
  const stopped = seatView().table.read_only;
  if (!stopped) return null;
  const gm = isGm();
  return h(
    "section",
    { id: "read-only", class: "panel notice read-only", role: "status", "data-version": String(stopped.version) },
    h("h2", {}, t("read_only.title")),
    h(
      "p",
      {},
      gm
        ? tn("read_only.gm", { version: String(stopped.version), event: h("code", {}, stopped.event) })
        : tn("read_only.seat", { version: String(stopped.version) }),
    ),
    gm
      ? h(
          "p",
          { class: "why", "data-error": stopped.error, "data-rule": stopped.rule ? stopped.rule.key : "" },
          errorText(new ApiError(409, stopped)),
        )
      : null,
    gm ? h("p", {}, t("read_only.kept")) : null,
  );
}

/** Redraw the panels that read any of `parts` (as patch.touched gives them: "characters",
 * "extras/acted", "table/version"...); the caller waits for a press under way to end
 * (lib/still.js). Returns the names of the panels redrawn.
 * @param {Iterable<string>} parts @returns {string[]} */
export function redrawParts(parts) {
  const keys = new Set([...parts].filter((p) => !VERSION_ONLY.has(p)).map((p) => p.split("/")[0]));
  const redrawn = [];
  for (const [name, panel] of Object.entries(PANELS)) {
    if (name === "log" || !panel.reads.some((k) => keys.has(k))) continue;
    const where = slot(name);
    if (!where) continue;
    keeping(where, () => fill(where, panel.draw()));
    redrawn.push(name);
  }
  markAttention();
  if (redrawn.includes("scene")) drawZoneLinks();
  if (keys.has("you")) {
    const where = slot("log");
    if (where) keeping(where, () => fill(where, PANELS.log.draw()));
    showLog();
  }
  return redrawn;
}

function youPanel() {
  const view = seatView();
  const time = view.time;
  const bookRules = view.table.book_rules || [];
  const chosenOptions = view.table.options.filter((o) => !bookRules.includes(o));
  return section(
    "you",
    t("you.title"),
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, t("you.seat")),
      h("dd", {}, seatName(view.you.seat), " ", h("span", { class: "badge" }, t(`role.${view.you.role}`))),
      h("dt", {}, t("table.preset")),
      h("dd", {}, presetName(view.table.preset)),
      // The rules the table's own book gives (Fate Core's extreme consequences and full
      // defense), apart from the optional rules the table chose.
      bookRules.length ? h("dt", {}, tn("table.book_rules", { book: presetName(view.table.preset) })) : null,
      bookRules.length
        ? h(
            "dd",
            { id: "book-rules" },
            bookRules.map((o) => h("span", { class: "badge" }, t(`option.${o}`))),
          )
        : null,
      chosenOptions.length ? h("dt", {}, t("table.options")) : null,
      chosenOptions.length
        ? h(
            "dd",
            { id: "table-options" },
            chosenOptions.map((o) => h("span", { class: "badge" }, t(`option.${o}`))),
          )
        : null,
      view.table.skill_list ? h("dt", {}, t("table.skill_list")) : null,
      view.table.skill_list ? h("dd", { id: "skill-list" }, t(`skill_list.${view.table.skill_list}`)) : null,
      ownDice(),
      h("dt", {}, t("time.session")),
      h(
        "dd",
        { id: "session-state", "data-in-session": String(time.in_session) },
        time.in_session ? tn("time.in_session", { n: time.session }) : t("time.no_session"),
      ),
      h("dt", {}, t("time.arc")),
      h("dd", {}, String(time.arc)),
      h("dt", {}, t("gm.pool")),
      h(
        "dd",
        { id: "gm-pool", "data-points": view.gm_pool },
        String(view.gm_pool),
        " ",
        tokens(view.gm_pool, ""),
        may("CorrectFatePoints") ? [" ", correctPoolButton()] : null,
      ),
    ),
  );
}

// -- milestones ---------------------------------------------------------------------------------

function milestonesPanel() {
  // What the table offers this seat on each PC (its offers, by the deciders' checks): the open
  // milestones it may spend, and banked skill steps (outside a conflict), which an open
  // breakthrough's form already spends.
  const parts = new Map(seatView().characters.map((c) => [c.id, c]));
  const spends = (/** @type {string} */ pc) =>
    ["Milestone", "Breakthrough", "SpendMilestone"].some((m) => offered(parts.get(pc), m));
  const open = Object.entries(seatView().milestones).filter(([pc]) => spends(pc));
  const banked = seatView()
    .characters.filter((c) => offered(c, "RaiseSkills") && seatView().milestones[c.id] !== "major")
    .map(
      (c) => /** @type {[string, number]} */ ([c.id, c.sheet && c.sheet.skill_steps ? c.sheet.skill_steps.banked : 0]),
    )
    .filter(([, n]) => n > 0);
  if (!open.length && !banked.length) return null;
  return section(
    "milestones",
    t("milestone.title"),
    open.map(([pc, kind]) =>
      h(
        "div",
        { class: "card" },
        h(
          "p",
          {},
          tn(seatView().table.advancement === "condensed" ? `milestone.open_${kind}` : `milestone.open_three.${kind}`, {
            who: who(pc),
          }),
        ),
        milestoneForm(pc, kind),
      ),
    ),
    banked.map(([pc, n]) =>
      h("div", { class: "card" }, h("p", {}, tn("advance.banked", { who: who(pc), n })), raiseForm(pc, n)),
    ),
  );
}

// -- seats (GM) ---------------------------------------------------------------------------------

/** An invitation's QR code: a phone's camera opens its seat. Drawn by the server once per link
 * and kept by the page (an object URL), so a redraw does not ask again.
 * @param {import("./store.js").Invite} invite */
function inviteCode(invite) {
  const img = h("img", {
    class: "qr",
    id: `invite-qr-${invite.seat}`,
    alt: t("invite.qr_alt", { who: invite.name }),
    width: 220,
    height: 220,
  });
  if (!invite.qr) invite.qr = qrFor(invite.link).catch(() => null); // without it, the link still works
  invite.qr.then((url) => url && (img.src = url));
  return h(
    "figure",
    { class: "qr" },
    img,
    h("figcaption", { class: "hint" }, tn("invite.scan", { who: free(invite.name) })),
  );
}

/** Before anyone is invited: a warning when the links would lead to a loopback address, which
 * opens only on the server's own machine, and what to do about it. */
function loopbackWarning() {
  const address = app.address;
  if (!address || !address.loopback) return null;
  return h(
    "p",
    { class: "warning", id: "invite-warning", role: "note" },
    tn("invite.loopback", {
      address: free(address.url, "code"),
      lan: free("fatekit serve --lan", "code"),
      public: free("--public-url", "code"),
    }),
  );
}

/** The page keeps the links it made for others only until it is reloaded (the server never
 * repeats a secret): a seat whose player lost theirs, or whose phone is to scan it now, gets a
 * new link and its QR code here, rather than a second seat of the same name.
 * @param {SeatPart} seat */
function newLinkButton(seat) {
  return button(
    t("invite.again"),
    async (/** @type {MouseEvent} */ event) => {
      const control = event.currentTarget instanceof Element ? event.currentTarget : null;
      try {
        const made = await openSeat().reissue(seat.id);
        app.invites = (app.invites || []).filter((i) => i.seat !== seat.id);
        app.invites.push({ seat: made.seat, name: seat.name, link: made.link, url: made.url, qr: null });
        redraw();
        const field = document.getElementById(`invite-link-${seat.id}`);
        if (field) field.focus();
      } catch (error) {
        showErrorBeside(error, control);
      }
    },
    { id: `new-link-${seat.id}`, class: "seat-link", "aria-label": t("invite.again_for", { who: seat.name }) },
  );
}

/** Taking a seat away ends its links and passes its characters to the GM: asked again in a
 * dialog, since nothing brings the seat back. The table decides whether it may go (the last GM
 * stays). @param {SeatPart} seat */
function removeSeatButton(seat) {
  return button(
    t("seats.remove"),
    () =>
      openDialog(
        t("seats.remove_title"),
        h("p", {}, tn("seats.remove_says", { who: free(seat.name, "strong") })),
        (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
          sendFrom("RemoveSeat", { seat_id: seat.id }, out),
        { submitLabel: t("seats.remove_button"), id: "remove-seat-form" },
      ),
    { id: `remove-seat-${seat.id}`, class: "seat-remove", "aria-label": t("seats.remove_for", { who: seat.name }) },
  );
}

function seatsPanel() {
  const out = h("div", { id: "invite-result", "aria-live": "polite" });
  const name = h("input", { id: "invite-name", autocomplete: "off", required: true });
  const role = h(
    "select",
    { id: "invite-role" },
    ["player", "spectator", "gm"].map((r) => h("option", { value: r }, t(`role.${r}`))),
  );
  return section(
    "seats",
    t("seats.title"),
    h(
      "ul",
      { class: "plain" },
      seatView().seats.map((s) =>
        h(
          "li",
          { "data-seat": s.id },
          free(s.name),
          " ",
          h("span", { class: "badge" }, t(`role.${s.role}`)),
          s.id === seatView().you.seat ? null : newLinkButton(s),
          s.id === seatView().you.seat ? null : removeSeatButton(s),
        ),
      ),
    ),
    h(
      "form",
      {
        id: "invite-form",
        onsubmit: async (/** @type {SubmitEvent} */ e) => {
          e.preventDefault();
          const invited = name.value.trim();
          if (!invited) {
            // Nothing to send: say so at the field rather than do nothing.
            fill(out, h("p", { class: "error", role: "alert", id: "invite-unnamed" }, t("invite.name_first")));
            name.focus();
            return;
          }
          name.value = "";
          try {
            const made = await openSeat().invite(invited, role.value);
            // Kept on the page (not in the view: links are secrets the server does not repeat).
            app.invites.push({ seat: made.seat, name: invited, link: made.link, url: made.url, qr: null });
            redraw();
          } catch (error) {
            showError(error, out);
          }
        },
      },
      h("h3", {}, t("invite.title")),
      field(t("invite.name"), name),
      field(t("invite.role"), role),
      loopbackWarning(),
      h("button", { type: "submit" }, t("invite.button")),
    ),
    out,
    (app.invites || []).map((i) =>
      h(
        "div",
        { class: "invite", "data-seat": i.seat },
        copyField(`invite-link-${i.seat}`, i.url, tn("invite.made", { who: free(i.name) })),
        inviteCode(i),
      ),
    ),
    copyField("own-link", pageFor(openSeat().link, app.address && app.address.url), t("invite.own_link")),
  );
}

// -- GM tools -----------------------------------------------------------------------------------

function gmPanel() {
  const view = seatView();
  const tools = h("div", { class: "actions wrap" });
  // Only what the engine takes now: a session ends once its scene has, a scene once its
  // conflict has (the conflict panel ends that).
  if (!view.time.in_session)
    add(
      tools,
      button(t("gm.start_session"), () => send("StartSession", {}), { id: "start-session" }),
    );
  else if (!view.scene)
    add(
      tools,
      button(t("gm.end_session"), () => openEndSession(), { id: "end-session" }),
    );
  if (!view.scene)
    add(
      tools,
      button(t("gm.start_scene"), () => openStartScene(), { id: "start-scene" }),
    );
  else {
    if (offered(view.scene, "EndScene"))
      add(
        tools,
        button(t("gm.end_scene"), () => send("EndScene", {}), { id: "end-scene" }),
      );
    // A fight starts once the rolls in play are settled (the GM may settle any on its card).
    const rolling = (view.rolls || []).length > 0;
    if (!view.conflict && !rolling)
      add(
        tools,
        button(t("gm.start_conflict"), () => openStartConflict(), { id: "start-conflict" }),
      );
    if (!view.conflict && rolling)
      add(tools, h("span", { class: "hint", id: "conflict-waits" }, t("gm.conflict_waits")));
    if (!view.contest)
      add(
        tools,
        button(t("gm.start_contest"), () => openStartContest(), { id: "start-contest" }),
      );
    if (!view.challenge)
      add(
        tools,
        button(t("gm.start_challenge"), () => openStartChallenge(), { id: "start-challenge" }),
      );
    if (view.table.options.includes("countdowns"))
      add(
        tools,
        button(t("gm.add_countdown"), () => openAddCountdown(), { id: "add-countdown" }),
      );
  }
  add(
    tools,
    button(t("gm.undo"), () => openUndo(), { id: "undo" }),
  );
  // The whole campaign, the one file the GM keeps (any fatekit server opens it).
  add(
    tools,
    button(
      t("gm.export"),
      async () =>
        download(`${fileName(view.table.name, view.table.id)}.campaign.json`, await openSeat().get("/campaign")),
      { id: "download-campaign" },
    ),
  );
  return section("gm", t("gm.title"), tools, tableDice(), safetyTools(), optionalRules());
}

/** The optional rules the GM may take up or drop between sessions (long arcs), each a tick;
 * a refusal (a session running) shows under them. */
function optionalRules() {
  const table = seatView().table;
  const out = h("div", { id: "optional-rules-out", "aria-live": "polite" });
  return h(
    "fieldset",
    { id: "optional-rules", class: "optional-rules" },
    h("legend", {}, t("gm.optional_rules")),
    h("p", { class: "hint" }, t("gm.optional_rules_hint")),
    (table.between_sessions || []).map((option) => {
      const box = h("input", {
        type: "checkbox",
        id: `optional-rule-${option}`,
        checked: table.options.includes(option),
        onchange: async (/** @type {Event} */ event) => {
          // The box itself: an event's currentTarget is gone once the handler has awaited.
          const tick = event.currentTarget;
          if (!(tick instanceof HTMLInputElement)) return;
          const wanted = tick.checked;
          if (!(await send("SetOptionalRule", { option, on: wanted }, out))) tick.checked = !wanted;
        },
      });
      return h("div", { class: "check" }, box, h("label", { for: box.id }, t(`option.${option}`)));
    }),
    out,
  );
}

/** The safety signals this table uses, each on or off (on by default; the log keeps each
 * change). */
function safetyTools() {
  const on = new Set(seatView().safety.on);
  return h(
    "fieldset",
    { id: "safety-tools", class: "safety-tools" },
    h("legend", {}, t("safety.tools")),
    TOOLS.map((tool) => {
      const box = h("input", {
        type: "checkbox",
        id: `safety-tool-${tool}`,
        checked: on.has(tool),
        onchange: async (/** @type {Event} */ event) => {
          const tick = event.currentTarget; // gone from the event once the handler has awaited
          if (!(tick instanceof HTMLInputElement)) return;
          const wanted = tick.checked;
          if (!(await send("SetSafetyTool", { tool, on: wanted }))) tick.checked = !wanted;
        },
      });
      return h("div", { class: "check" }, box, h("label", { for: box.id }, t(`safety.tool.${tool}`)));
    }),
  );
}
