// The table screen: panels drawn from the seat's view. Nothing here decides a rule; buttons
// appear where the view says the seat may act (legal_actions, absorb_options, the roll's
// options from /extras), and the server has the last word on every command.

import { milestoneForm } from "./advance.js";
import { pageFor } from "./api.js";
import { charactersPanel } from "./cards.js";
import { challengePanel, conflictPanel, contestPanel } from "./conflict.js";
import { add, button, download, field, fill, free, h, section, tokens } from "./dom.js";
import { openAddCountdown, openEndSession, openStartChallenge, openStartConflict, openStartContest, openStartScene, openUndo } from "./gm.js";
import { t, tn } from "./i18n.js";
import { turnPanel } from "./turn.js";
import { describeEvent, describeLedger } from "./log.js";
import { compelsPanel, drawZoneLinks, rollPanel, scenePanel } from "./scene.js";
import { app, redraw, send, showError } from "./store.js";
import { isGm, mine, seatName, who } from "./view.js";

/** A link to copy, with its label (what the link is for) tied to the field. */
function copyField(id, value, label) {
  const input = h("input", { id, value, readonly: true, class: "link", onfocus: (e) => e.target.select() });
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

export function renderTable(main) {
  const view = app.view;
  const left = h("div", { class: "col" }, youPanel(), charactersPanel(), isGm() ? seatsPanel() : null);
  const middle = h(
    "div",
    { class: "col wide" },
    turnPanel(),
    scenePanel(),
    compelsPanel(),
    rollPanel(),
    view.conflict ? conflictPanel() : null,
    view.contest ? contestPanel() : null,
    view.challenge ? challengePanel() : null,
    milestonesPanel(),
    isGm() ? gmPanel() : null,
  );
  const right = h("div", { class: "col" }, logPanel());
  fill(main, h("h1", { class: "visually-hidden" }, t("app.name")), h("div", { class: "layout" }, left, middle, right));
  drawZoneLinks();
}

function youPanel() {
  const view = app.view;
  const time = view.time;
  return section(
    "you",
    t("you.title"),
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, t("you.seat")),
      h("dd", {}, seatName(view.you.seat), " ", h("span", { class: "badge" }, t(`role.${view.you.role}`))),
      h("dt", {}, t("table.preset")),
      h("dd", {}, t(`preset.${view.table.preset}`)),
      view.table.options.length ? h("dt", {}, t("table.options")) : null,
      view.table.options.length ? h("dd", {}, view.table.options.map((o) => h("span", { class: "badge" }, t(`option.${o}`)))) : null,
      view.table.skill_list ? h("dt", {}, t("table.skill_list")) : null,
      view.table.skill_list ? h("dd", { id: "skill-list" }, t(`skill_list.${view.table.skill_list}`)) : null,
      h("dt", {}, t("time.session")),
      h("dd", { id: "session-state", "data-in-session": String(time.in_session) }, time.in_session ? tn("time.in_session", { n: time.session }) : t("time.no_session")),
      h("dt", {}, t("time.arc")),
      h("dd", {}, String(time.arc)),
      h("dt", {}, t("gm.pool")),
      h("dd", { id: "gm-pool", "data-points": view.gm_pool }, String(view.gm_pool), " ", tokens(view.gm_pool, "")),
    ),
  );
}

// -- milestones ---------------------------------------------------------------------------------

function milestonesPanel() {
  const open = Object.entries(app.view.milestones).filter(([pc]) => mine().has(pc));
  if (!open.length) return null;
  return section(
    "milestones",
    t("milestone.title"),
    open.map(([pc, kind]) => h("div", { class: "card" }, h("p", {}, tn(`milestone.open_${kind}`, { who: who(pc) })), milestoneForm(pc, kind))),
  );
}

// -- seats (GM) ---------------------------------------------------------------------------------

function seatsPanel() {
  const out = h("div", { id: "invite-result", "aria-live": "polite" });
  const name = h("input", { id: "invite-name", autocomplete: "off" });
  const role = h("select", { id: "invite-role" }, ["player", "spectator", "gm"].map((r) => h("option", { value: r }, t(`role.${r}`))));
  return section(
    "seats",
    t("seats.title"),
    h(
      "ul",
      { class: "plain" },
      app.view.seats.map((s) => h("li", { "data-seat": s.id }, free(s.name), " ", h("span", { class: "badge" }, t(`role.${s.role}`)))),
    ),
    h(
      "form",
      {
        id: "invite-form",
        onsubmit: async (e) => {
          e.preventDefault();
          const invited = name.value.trim();
          if (!invited) return;
          name.value = "";
          try {
            const made = await app.seat.invite(invited, role.value);
            // Kept on the page (not in the view: links are secrets the server does not repeat).
            app.invites.push({ seat: made.seat, name: invited, link: made.link });
            redraw();
          } catch (error) {
            showError(error, out);
          }
        },
      },
      h("h3", {}, t("invite.title")),
      field(t("invite.name"), name),
      field(t("invite.role"), role),
      h("button", { type: "submit" }, t("invite.button")),
    ),
    out,
    (app.invites || []).map((i) => h("div", { class: "invite" }, copyField(`invite-link-${i.seat}`, pageFor(i.link), tn("invite.made", { who: free(i.name) })))),
    copyField("own-link", pageFor(app.seat.link), t("invite.own_link")),
  );
}

// -- GM tools -----------------------------------------------------------------------------------

function gmPanel() {
  const view = app.view;
  const tools = h("div", { class: "actions wrap" });
  if (!view.time.in_session) add(tools, button(t("gm.start_session"), () => send("StartSession", {}), { id: "start-session" }));
  else add(tools, button(t("gm.end_session"), () => openEndSession(), { id: "end-session" }));
  if (!view.scene) add(tools, button(t("gm.start_scene"), () => openStartScene(), { id: "start-scene" }));
  else {
    add(tools, button(t("gm.end_scene"), () => send("EndScene", {}), { id: "end-scene" }));
    if (!view.conflict) add(tools, button(t("gm.start_conflict"), () => openStartConflict(), { id: "start-conflict" }));
    if (!view.contest) add(tools, button(t("gm.start_contest"), () => openStartContest(), { id: "start-contest" }));
    if (!view.challenge) add(tools, button(t("gm.start_challenge"), () => openStartChallenge(), { id: "start-challenge" }));
    if (view.table.options.includes("countdowns")) add(tools, button(t("gm.add_countdown"), () => openAddCountdown(), { id: "add-countdown" }));
  }
  add(tools, button(t("gm.undo"), () => openUndo(), { id: "undo" }));
  add(tools, button(t("gm.export"), async () => download(`${view.table.id}.json`, await app.seat.get("/export"))));
  return section("gm", t("gm.title"), tools);
}

// -- the log ------------------------------------------------------------------------------------

function logPanel() {
  const text = h("textarea", { id: "note-text", rows: 2 });
  const visibility = h(
    "select",
    { id: "note-visibility" },
    ["public", "private", ...(isGm() ? ["gm"] : [])].map((v) => h("option", { value: v }, t(`note.${v}`))),
  );
  const out = h("div", { "aria-live": "polite" });
  const entries = [];
  for (const event of app.events) {
    const line = describeEvent(event);
    if (line) entries.push({ version: event.version, node: line, type: event.type });
  }
  for (const change of app.ledger) entries.push({ version: change.version + 0.5, node: describeLedger(change), type: "ledger" });
  entries.sort((a, b) => b.version - a.version);
  return section(
    "log",
    t("log.title"),
    app.view.you.role !== "spectator"
      ? h(
          "form",
          {
            id: "note-form",
            onsubmit: async (e) => {
              e.preventDefault();
              const written = text.value.trim();
              if (!written) return;
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
    h(
      "ol",
      // Scrolls on its own: focusable, so a keyboard can scroll it too.
      { class: "log", id: "log-list", reversed: true, tabindex: "0", "aria-labelledby": "log-title" },
      entries.map((e) => h("li", { "data-type": e.type, "data-version": Math.floor(e.version) }, e.node)),
    ),
  );
}
