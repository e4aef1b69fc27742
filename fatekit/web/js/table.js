// The table screen: panels drawn from the seat's view. Nothing here decides a rule; buttons
// appear where the view says the seat may act (legal_actions, absorb_options, the roll's
// options from /extras), and the server has the last word on every command.

import { app, pageFor, refresh, send, showError } from "./app.js";
import { add, dice, field, fill, free, h, uid } from "./dom.js";
import { rating, skillName, t, tn } from "./i18n.js";
import { describeEvent, describeLedger } from "./log.js";
import * as act from "./actions.js";
import { openSheetEditor, openQuickNpc } from "./sheet.js";
import { downloadButtons, importButton } from "./interop.js";

// -- small helpers used across panels -----------------------------------------------------------

export const mine = () => new Set(app.view.you.characters);
export const isGm = () => app.view.you.role === "gm";

export function character(id) {
  return app.view.characters.find((c) => c.id === id) || null;
}

/** A character's name as its players typed it. */
export function who(id) {
  if (!id) return h("span", {}, t("gm.pool_owner"));
  const found = character(id);
  const name = found ? (found.revealed ? found.sheet.name : found.name) : id;
  return free(name, "span", { class: "who" });
}

export function seatName(id) {
  const seat = app.view.seats.find((s) => s.id === id);
  return free(seat ? seat.name : id, "span", { class: "who" });
}

export function skill(key) {
  const name = skillName(key, app.view.table.preset, app.view.table.skill_list);
  if (name) return h("span", {}, name);
  // A skill of the table's own making (a hazard's, a minor NPC's): the name it was given.
  for (const c of app.view.characters) {
    const label = c.revealed && c.sheet.skill_labels && c.sheet.skill_labels[key];
    if (label) return free(label);
  }
  return free(key);
}

export function ladderValue(n) {
  return rating(n, app.preset && app.preset.ladder);
}

/** Every aspect the seat can see: the scene's and the characters'. */
export function visibleAspects() {
  const out = [];
  const scene = app.view.scene;
  if (scene) out.push(...scene.aspects);
  for (const c of app.view.characters) {
    if (c.revealed) {
      for (const a of c.sheet.aspects) out.push({ ...a, owner: c.id });
      for (const slot of c.sheet.consequences) if (slot.aspect) out.push({ ...slot.aspect, kind: "consequence", owner: c.id });
    } else {
      out.push(...c.aspects, ...c.consequences);
    }
  }
  return out;
}

export function aspectName(id) {
  if (!id) return h("span", {}, t("aspect.hidden_name"));
  const found = visibleAspects().find((a) => a.id === id);
  return found ? free(found.name, "span", { class: "aspect-name" }) : free(id, "code");
}

function section(id, title, ...children) {
  return h("section", { class: "panel", id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title), ...children);
}

function button(label, onclick, props = {}) {
  return h("button", { type: "button", onclick, ...props }, label);
}

function tokens(n) {
  return h("span", { class: "tokens", "aria-hidden": "true" }, "\u25cf".repeat(Math.max(0, Math.min(n, 20))));
}

function copyField(id, value) {
  const input = h("input", { id, value, readonly: true, class: "link", onfocus: (e) => e.target.select() });
  return h(
    "div",
    { class: "copy" },
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
      h("dd", { id: "gm-pool", "data-points": view.gm_pool }, String(view.gm_pool), " ", tokens(view.gm_pool)),
    ),
  );
}

// -- characters ---------------------------------------------------------------------------------

function charactersPanel() {
  const view = app.view;
  const canAdd = view.you.role !== "spectator";
  return section(
    "characters",
    t("characters.title"),
    view.characters.length === 0 ? h("p", { class: "empty" }, t("characters.none")) : null,
    h("div", { class: "cards" }, view.characters.map(characterCard)),
    canAdd
      ? h(
          "div",
          { class: "actions" },
          button(t("characters.new"), () => openSheetEditor(null), { id: "new-character" }),
          isGm() ? button(t("characters.quick_npc"), () => openQuickNpc(), { id: "quick-npc" }) : null,
          importButton(),
        )
      : null,
  );
}

function characterCard(c) {
  const ours = mine().has(c.id);
  const card = h("article", { class: `card character${ours ? " ours" : ""}`, id: `char-${c.id}`, "aria-labelledby": `char-${c.id}-name` });
  if (!c.revealed) {
    add(card, 
      h("h3", { id: `char-${c.id}-name` }, free(c.name), " ", h("span", { class: "badge" }, t(`kind.${c.kind}`))),
      aspectList(c.aspects.map((a) => ({ ...a, owner: c.id }))),
      c.consequences.length ? h("p", {}, t("sheet.consequences"), " ", c.consequences.map((a) => free(a.name, "span", { class: "aspect-name" }))) : null,
    );
    return card;
  }
  const s = c.sheet;
  const skills = Object.entries(s.skills).sort((a, b) => b[1] - a[1]);
  // A hazard's sheet is a monster's; the conflict says it is a hazard.
  const hazard = app.view.conflict && app.view.conflict.fighters.some((f) => f.id === c.id && f.hazard);
  add(card, 
    h(
      "h3",
      { id: `char-${c.id}-name` },
      free(s.name),
      " ",
      h("span", { class: "badge" }, t(hazard ? "kind.hazard" : `kind.${s.kind}`)),
      c.owner ? h("span", { class: "owner" }, " ", seatName(c.owner)) : null,
    ),
    s.kind === "pc" || s.fate_points > 0
      ? h(
          "p",
          { class: "fate-points", "data-points": s.fate_points },
          tn("fp.count", { n: s.fate_points }),
          " ",
          tokens(s.fate_points),
          s.kind === "pc" ? h("span", { class: "refresh" }, " ", tn("sheet.refresh_is", { n: s.refresh })) : null,
        )
      : null,
    aspectList(s.aspects.map((a) => ({ ...a, owner: c.id }))),
    skills.length
      ? h(
          "ul",
          { class: "skills", "aria-label": t("sheet.skills") },
          skills.map(([k, v]) => h("li", {}, skill(k), " ", h("span", { class: "rating" }, ladderValue(v)))),
        )
      : null,
    s.stunts.length ? h("ul", { class: "stunts", "aria-label": t("sheet.stunts") }, s.stunts.map((st) => h("li", {}, free(st.name, "strong"), " ", free(st.description || "")))) : null,
    stressView(s),
    consequenceView(s),
    h(
      "div",
      { class: "actions" },
      (ours && s.kind === "pc") || isGm() ? button(t("characters.edit"), () => openSheetEditor(c), { id: `edit-${c.id}` }) : null,
      button(t("characters.export"), () => exportCharacter(c.id)),
      ...downloadButtons(c.id),
      isGm() && s.kind !== "pc" ? button(t("characters.reveal"), () => send("RevealCharacter", { character_id: c.id })) : null,
    ),
  );
  return card;
}

function stressView(s) {
  const tracks = Object.entries(s.stress || {});
  if (!tracks.length) return null;
  return h(
    "div",
    { class: "stress" },
    tracks.map(([track, boxes]) =>
      h(
        "p",
        { class: "track", id: `stress-${s.id}-${track}` },
        h("span", { class: "label" }, t(`track.${track}`)),
        " ",
        boxes.map((b) =>
          h("span", { class: `box${b.marked ? " marked" : ""}`, "aria-label": b.marked ? t("stress.marked", { n: b.value }) : t("stress.free", { n: b.value }) }, String(b.value)),
        ),
      ),
    ),
  );
}

function consequenceView(s) {
  if (!s.consequences.length) return null;
  return h(
    "ul",
    { class: "consequences", "aria-label": t("sheet.consequences") },
    s.consequences.map((slot, i) =>
      h(
        "li",
        { id: `slot-${s.id}-${i}` },
        h("span", { class: "label" }, tn("consequence.slot", { severity: t(`severity.${slot.severity}`), n: slot.shifts })),
        " ",
        slot.aspect ? free(slot.aspect.name, "span", { class: "aspect-name" }) : h("span", { class: "empty" }, t("consequence.empty")),
        slot.recovering ? h("span", { class: "badge" }, t("consequence.recovering")) : null,
      ),
    ),
  );
}

async function exportCharacter(id) {
  try {
    const data = await app.seat.get(`/characters/${id}/export`);
    download(`${id}.json`, data);
  } catch (error) {
    showError(error);
  }
}

export function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

// -- aspects ------------------------------------------------------------------------------------

function aspectList(aspects) {
  if (!aspects.length) return null;
  return h("ul", { class: "aspects" }, aspects.map((a) => h("li", {}, aspectCard(a))));
}

function aspectCard(a) {
  const holders = Object.entries(a.free_invokes || {});
  const myHolders = holders.filter(([holder]) => mine().has(holder));
  const card = h(
    "div",
    { class: `aspect ${a.kind}${a.hidden ? " hidden" : ""}`, id: `aspect-${a.id.replace(/[^\w-]/g, "_")}`, "data-aspect": a.id },
    h("span", { class: "kind" }, t(`aspect.kind.${a.kind}`)),
    " ",
    free(a.name, "span", { class: "aspect-name" }),
    a.hidden ? h("span", { class: "badge secret" }, t("aspect.hidden")) : null,
    a.hidden && a.known_to && a.known_to.length ? h("span", { class: "known" }, tn("aspect.known_to", { who: h("span", {}, a.known_to.map(who)) })) : null,
    holders.length
      ? h(
          "ul",
          { class: "free-invokes" },
          holders.map(([holder, n]) => h("li", { "data-holder": holder, "data-count": n }, tn("aspect.free_invokes", { who: who(holder), n }))),
        )
      : null,
  );
  const buttons = h("div", { class: "actions small" });
  if (a.kind !== "boost" && (isGm() || mine().size > 0) && app.view.you.role !== "spectator") {
    add(buttons, button(t("compel.offer"), () => act.openCompel(a), { "aria-label": t("compel.offer_on", { name: a.name }) }));
  }
  for (const [holder] of myHolders) {
    add(buttons, button(tn("aspect.pass", { who: who(holder) }), () => act.openPass(a, holder), { id: `pass-${a.id.replace(/[^\w-]/g, "_")}-${holder}` }));
  }
  if (isGm() && a.hidden) add(buttons, button(t("aspect.reveal"), () => send("RevealAspect", { aspect_id: a.id })));
  if (isGm() && (a.kind === "situation" || a.kind === "zone" || a.kind === "boost")) {
    add(buttons, button(t("aspect.remove"), () => send("RemoveAspect", { aspect_id: a.id })));
  }
  if (buttons.childNodes.length) add(card, buttons);
  return card;
}

// -- the scene ----------------------------------------------------------------------------------

function scenePanel() {
  const scene = app.view.scene;
  if (!scene) return section("scene", t("scene.title"), h("p", { class: "empty" }, t("scene.none")));
  const situation = scene.aspects.filter((a) => a.kind !== "boost");
  const boosts = scene.aspects.filter((a) => a.kind === "boost");
  return section(
    "scene",
    t("scene.title"),
    h("p", { class: "scene-name" }, free(scene.name, "strong"), " ", h("span", { class: "badge" }, tn("scene.number", { n: scene.number }))),
    h("h3", {}, t("scene.aspects")),
    situation.length ? aspectList(situation) : h("p", { class: "empty" }, t("scene.no_aspects")),
    boosts.length ? h("h3", {}, t("scene.boosts")) : null,
    boosts.length ? aspectList(boosts) : null,
    scene.zones ? zoneMap(scene) : null,
    scene.countdowns.length ? countdowns(scene.countdowns) : null,
  );
}

/** The zone map: a box per zone holding its people; lines for adjacency (drawn after layout),
 * dashed where an aspect stands in the way. A person is dragged to another zone, or moved with
 * the keyboard by the select under the map, when the view lets their seat make a free move. */
function zoneMap(scene) {
  const zones = scene.zones;
  const conflict = app.view.conflict;
  const movable = new Map();
  if (conflict) {
    for (const [id, moves] of Object.entries(conflict.legal_actions)) {
      const free_ = moves.find((m) => m.move === "free_move");
      if (free_) movable.set(id, free_.targets);
    }
  }
  const map = h("div", { class: "zone-map", id: "zone-map" });
  add(map, h("svg", { class: "links", "aria-hidden": "true" }));
  for (const zone of zones.zones) {
    const people = Object.entries(zones.positions).filter(([, z]) => z === zone).map(([id]) => id);
    const box = h(
      "div",
      {
        class: "zone",
        id: `zone-${zone}`,
        "data-zone": zone,
        ondragover: (e) => e.preventDefault(),
        ondrop: (e) => {
          e.preventDefault();
          const id = e.dataTransfer.getData("text/plain");
          if (id) send("FreeMove", { actor: id, to: zone });
        },
      },
      free(zone, "h4"),
      h(
        "ul",
        { class: "plain" },
        people.map((id) =>
          h(
            "li",
            {
              class: `person${movable.has(id) ? " movable" : ""}`,
              draggable: movable.has(id) ? "true" : "false",
              "data-character": id,
              ondragstart: (e) => e.dataTransfer.setData("text/plain", id),
            },
            who(id),
          ),
        ),
      ),
    );
    add(map, box);
  }
  const legend = h(
    "ul",
    { class: "plain zone-links", "aria-label": t("zones.links") },
    zones.links.map(([a, b]) => {
      const blocked = (app.extras.impediments || []).find((i) => i.between[0] === a && i.between[1] === b);
      return h("li", { "data-link": `${a}|${b}`, class: blocked ? "impeded" : "" }, free(a), " \u2194 ", free(b), blocked ? h("span", {}, " ", tn("zones.impeded", { what: h("span", {}, blocked.aspects.map(aspectName)) })) : null);
    }),
  );
  const moves = [...movable.entries()].map(([id, targets]) => {
    const select = h("select", { id: `move-${id}` }, targets.map((z) => h("option", { value: z }, z)));
    select.setAttribute("data-free", "");
    return h("div", { class: "inline" }, field(tn("zones.move", { who: who(id) }), select), button(t("zones.move_button"), () => send("FreeMove", { actor: id, to: select.value })));
  });
  return h("div", {}, h("h3", {}, t("zones.title")), map, legend, moves);
}

function drawZoneLinks() {
  const map = document.getElementById("zone-map");
  if (!map || !app.view.scene || !app.view.scene.zones) return;
  requestAnimationFrame(() => {
    const svg = map.querySelector("svg.links");
    if (!svg) return;
    const box = map.getBoundingClientRect();
    svg.setAttribute("width", box.width);
    svg.setAttribute("height", box.height);
    svg.replaceChildren();
    const ns = "http://www.w3.org/2000/svg";
    for (const [a, b] of app.view.scene.zones.links) {
      const ea = document.getElementById(`zone-${a}`);
      const eb = document.getElementById(`zone-${b}`);
      if (!ea || !eb) continue;
      const ra = ea.getBoundingClientRect();
      const rb = eb.getBoundingClientRect();
      const line = document.createElementNS(ns, "line");
      line.setAttribute("x1", ra.left + ra.width / 2 - box.left);
      line.setAttribute("y1", ra.top + ra.height / 2 - box.top);
      line.setAttribute("x2", rb.left + rb.width / 2 - box.left);
      line.setAttribute("y2", rb.top + rb.height / 2 - box.top);
      const blocked = (app.extras.impediments || []).some((i) => i.between[0] === a && i.between[1] === b);
      line.setAttribute("class", blocked ? "impeded" : "");
      svg.append(line);
    }
  });
}

function countdowns(list) {
  return h(
    "div",
    { class: "countdowns" },
    h("h3", {}, t("countdown.title")),
    list.map((cd) =>
      h(
        "div",
        { class: "countdown", id: `countdown-${cd.id}` },
        cd.name ? free(cd.name, "strong") : h("strong", {}, t("countdown.unnamed")),
        " ",
        Array.from({ length: cd.boxes }, (_, i) => h("span", { class: `box${i < cd.marked ? " marked" : ""}` }, "\u00a0")),
        cd.finished ? h("span", { class: "badge" }, t("countdown.finished")) : null,
        cd.outcome ? h("p", {}, free(cd.outcome)) : null,
        isGm() && !cd.finished ? button(t("countdown.mark"), () => send("MarkCountdown", { countdown_id: cd.id })) : null,
      ),
    ),
  );
}

// -- compels ------------------------------------------------------------------------------------

function compelsPanel() {
  const open = app.view.compels.filter((c) => c.state === "offered");
  const asked = app.view.self_compels;
  if (!open.length && !asked.length) return null;
  return section(
    "compels",
    t("compel.title"),
    open.map((c) => {
      const target = mine().has(c.target);
      const offerer = isGm() || (c.offered_by && mine().has(c.offered_by));
      return h(
        "div",
        { class: "card compel", id: `compel-${c.id}` },
        h("p", {}, tn("compel.offered", { aspect: aspectName(c.aspect_id), target: who(c.target), by: who(c.offered_by) })),
        h("blockquote", {}, free(c.complication)),
        target
          ? h(
              "div",
              { class: "actions" },
              button(t("compel.accept"), () => send("AnswerCompel", { compel_id: c.id, answer: "accept" }), { id: `accept-${c.id}`, class: "primary" }),
              h("span", { class: "hint" }, t("compel.accept_gain")),
              button(t("compel.refuse"), () => send("AnswerCompel", { compel_id: c.id, answer: "refuse" }), { id: `refuse-${c.id}` }),
              h("span", { class: "hint" }, t("compel.refuse_cost")),
            )
          : h("p", { class: "hint" }, t("compel.waiting")),
        offerer ? button(t("compel.withdraw"), () => send("AnswerCompel", { compel_id: c.id, answer: "withdraw" })) : null,
      );
    }),
    asked.map((c) =>
      h(
        "div",
        { class: "card compel" },
        h("p", {}, tn("compel.self_asked", { aspect: aspectName(c.aspect_id), target: who(c.target) })),
        h("blockquote", {}, free(c.complication)),
        isGm()
          ? h(
              "div",
              { class: "actions" },
              button(t("compel.agree"), () => send("SelfCompelAnswer", { compel_id: c.id, accepted: true })),
              button(t("compel.decline"), () => send("SelfCompelAnswer", { compel_id: c.id, accepted: false })),
            )
          : null,
      ),
    ),
  );
}

// -- the roll in play ---------------------------------------------------------------------------

function rollPanel() {
  const roll = app.view.roll;
  const canRoll = app.view.scene && !app.view.conflict && mine().size > 0;
  if (!roll) {
    if (!canRoll) return null;
    return section("roll", t("roll.title"), button(t("roll.new"), () => act.openRoll(), { id: "new-roll", class: "primary" }));
  }
  const panel = section("roll", t("roll.title"));
  add(panel, 
    h(
      "p",
      { class: "roll-head" },
      tn("roll.by", { who: who(roll.actor), action: t(`action.${roll.action}`), skill: skill(roll.skill) }),
    ),
    h(
      "div",
      { class: "roll-dice" },
      h("span", { class: "label" }, t("roll.dice")),
      " ",
      dice(roll.faces),
      roll.rerolled.length ? h("span", { class: "hint" }, " ", t("roll.rerolled")) : null,
      roll.defence ? h("span", {}, " ", tn("roll.defence_by", { who: who(roll.defence.actor), skill: skill(roll.defence.skill) }), " ", dice(roll.defence.faces)) : null,
    ),
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, t("roll.effort")),
      h("dd", { id: "roll-effort" }, ladderValue(roll.effort)),
      h("dt", {}, t("roll.opposition")),
      h("dd", { id: "roll-opposition" }, ladderValue(roll.opposition)),
      h("dt", {}, t("roll.shifts")),
      h("dd", { id: "roll-shifts" }, String(roll.shifts)),
      h("dt", {}, t("roll.outcome")),
      h("dd", { id: "roll-outcome", "data-outcome": roll.outcome }, t(`outcome.${roll.outcome}`)),
    ),
    roll.invocations.length || (roll.defence && roll.defence.invocations.length)
      ? h(
          "ul",
          { class: "invocations", "aria-label": t("roll.invocations") },
          [...roll.invocations, ...(roll.defence ? roll.defence.invocations : [])].map((i) =>
            h("li", {}, tn(i.free ? "invoke.done_free" : "invoke.done_paid", { who: who(i.by), aspect: aspectName(i.aspect_id), effect: t(`effect.${i.effect}`) })),
          ),
        )
      : null,
  );
  if (mine().size > 0) add(panel, act.invokeBox(roll));
  add(panel, act.resolveBox(roll));
  return panel;
}

// -- conflicts ----------------------------------------------------------------------------------

function conflictPanel() {
  const c = app.view.conflict;
  const acted = new Set(app.extras.acted || []);
  const sides = new Map();
  for (const f of c.fighters) {
    if (!sides.has(f.side)) sides.set(f.side, []);
    sides.get(f.side).push(f);
  }
  const panel = section(
    "conflict",
    t("conflict.title"),
    h(
      "p",
      {},
      h("span", { class: "badge" }, t(`conflict.kind.${c.kind}`)),
      " ",
      tn("conflict.exchange", { n: c.exchange }),
      " ",
      h("span", { class: "badge", id: "conflict-phase", "data-phase": c.phase }, t(`conflict.phase.${c.phase}`)),
    ),
    c.order ? h("p", {}, t("conflict.order"), " ", h("span", {}, c.order.map((id, i) => h("span", {}, i ? " \u2192 " : "", who(id))))) : null,
    h(
      "div",
      { class: "sides" },
      [...sides.entries()].map(([side, fighters]) =>
        h(
          "div",
          { class: "side" },
          free(side, "h3"),
          h(
            "ul",
            { class: "plain" },
            fighters.map((f) =>
              h(
                "li",
                { class: `fighter ${f.status}${c.current === f.id ? " current" : ""}`, id: `fighter-${f.id}`, "data-status": f.status },
                who(f.id),
                " ",
                h("span", { class: "badge" }, t(`fighter.${f.status}`)),
                c.current === f.id && c.phase !== "ended" ? h("span", { class: "badge now" }, t("conflict.current")) : null,
                acted.has(f.id) ? h("span", { class: "badge" }, t("conflict.acted")) : null,
                f.id in c.full_defenders ? h("span", { class: "badge", "data-focus": (c.full_defenders[f.id] || {}).focus || "" }, fullDefenseBadge(c.full_defenders[f.id])) : null,
                fighterExtras(f, c),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  add(panel, obstaclesView(c), bigBadsView(c), act.targetsBox(c));
  if (c.pending_hit) add(panel, act.harmBox(c.pending_hit));
  const moves = Object.entries(c.legal_actions).filter(([, list]) => list.length);
  for (const [id, list] of moves) add(panel, act.conflictActions(id, list));
  // Someone who conceded or was taken out still hands the turn on (their seat, or the GM).
  const current = c.current;
  const listed = (c.legal_actions[current] || []).some((m) => m.move === "end_turn");
  if (c.phase === "next" && c.next_choices.length && !listed && (isGm() || mine().has(current))) {
    add(panel, act.conflictActions(current, [{ move: "end_turn", targets: c.next_choices, skills: [] }]));
  }
  add(panel, optionalTools(c));
  if (isGm()) {
    add(panel, 
      h(
        "div",
        { class: "actions" },
        button(c.phase === "ended" ? t("conflict.finish") : t("conflict.finish_early"), () => send("FinishConflict", {}), { id: "finish-conflict", class: c.phase === "ended" ? "primary" : "" }),
      ),
    );
  }
  return panel;
}

/** Whether the table plays with an optional rule (the view lists those switched on). */
export function hasOption(key) {
  return app.view.table.options.includes(key);
}

function fullDefenseBadge(focus) {
  if (!focus) return t("conflict.full_defense");
  const named = focus.who.length ? h("span", {}, " ", focus.who.map((id, i) => h("span", {}, i ? ", " : "", who(id)))) : null;
  return h("span", {}, tn("conflict.full_defense_focus", { focus: t(`focus.${focus.focus}`) }), named);
}

/** What the optional rules add to a fighter: Weapon and Armor, scale, hazard, big bad. */
function fighterExtras(f, c) {
  const out = [];
  if (hasOption("weapon_and_armor") && (f.weapon || f.armor)) {
    out.push(h("span", { class: "badge gear", "data-weapon": f.weapon, "data-armor": f.armor }, tn("conflict.gear", { weapon: f.weapon, armor: f.armor })));
  }
  if (f.scale) out.push(h("span", { class: "badge", "data-scale": f.scale }, t(`scale.${f.scale}`)));
  if (f.hazard) out.push(h("span", { class: "badge" }, t("kind.hazard")));
  if (c.big_bads.some((b) => b.id === f.id)) out.push(h("span", { class: "badge secret" }, t("bigbad.badge")));
  return out.length ? h("span", {}, " ", out) : null;
}

/** Hazards in the turn order and blocks in the way (the obstacles option). A hazard's rating and
 * Weapon show only where the view gives them (the GM's, until its sheet is revealed). */
function obstaclesView(c) {
  if (!c.hazards.length && !c.blocks.length) return null;
  return h(
    "div",
    { class: "obstacles" },
    c.hazards.length ? h("h3", {}, t("obstacle.hazards")) : null,
    c.hazards.length
      ? h(
          "ul",
          { class: "plain" },
          c.hazards.map((z) =>
            h(
              "li",
              { id: `hazard-${z.id}`, class: "hazard", "data-rating": "rating" in z ? z.rating : null },
              free(z.name, "strong"),
              " ",
              tn("obstacle.hazard_side", { side: free(z.side) }),
              "rating" in z ? h("span", {}, " \u00b7 ", tn("obstacle.numbers", { rating: ladderValue(z.rating), weapon: z.weapon })) : null,
            ),
          ),
        )
      : null,
    c.blocks.length ? h("h3", {}, t("obstacle.blocks")) : null,
    c.blocks.length
      ? h(
          "ul",
          { class: "plain" },
          c.blocks.map((b) =>
            h(
              "li",
              { id: `block-${b.id}`, class: "block", "data-rating": b.rating },
              free(b.name, "strong"),
              " \u00b7 ",
              tn("obstacle.numbers", { rating: ladderValue(b.rating), weapon: b.weapon }),
              b.harmful ? h("span", { class: "badge" }, t("obstacle.harmful")) : null,
              b.cover ? h("span", { class: "badge" }, t("obstacle.cover")) : null,
            ),
          ),
        )
      : null,
  );
}

/** Big bads: their minions, immunity and solo bonuses; the GM settles an immunity here. */
function bigBadsView(c) {
  if (!c.big_bads.length) return null;
  return h(
    "div",
    { class: "big-bads" },
    h("h3", {}, t("bigbad.title")),
    h(
      "ul",
      { class: "plain" },
      c.big_bads.map((b) => {
        const solo = Object.entries(b.solo).filter(([k, v]) => v && k !== "skill_capped").map(([k, v]) => (k === "suppress" ? t(`bigbad.suppress.${v}`) : t(`bigbad.solo.${k}`)));
        return h(
          "li",
          { id: `bigbad-${b.id}`, "data-immunity": b.immunity ? b.immunity.state : "" },
          who(b.id),
          b.minions.length ? h("span", {}, " ", tn("bigbad.minions", { who: h("span", {}, b.minions.map((m, i) => h("span", {}, i ? ", " : "", who(m)))) })) : null,
          b.immunity ? h("span", { class: "badge" }, tn("bigbad.immunity", { kind: t(`bigbad.immunity.${b.immunity.kind}`), state: t(`bigbad.state.${b.immunity.state}`) })) : null,
          b.scale ? h("span", { class: "badge" }, t(`scale.${b.scale}`)) : null,
          solo.map((text) => h("span", { class: "badge" }, text)),
          b.forms_revealed ? h("span", { class: "badge" }, tn("bigbad.forms", { n: b.forms_revealed })) : null,
          isGm() && b.immunity && b.immunity.state === "active"
            ? button(t("bigbad.break"), () => act.openBreakImmunity(b), { id: `break-${b.id}` })
            : null,
        );
      }),
    ),
  );
}

/** The optional rules' tools in a conflict, for the seats that may use them: Weapon and Armor
 * (the GM, and a player for their own characters), scale, hazards and blocks, big bads (GM). */
function optionalTools(c) {
  if (c.phase === "ended") return null;
  const row = h("div", { class: "actions wrap" });
  const fighters = c.fighters.filter((f) => !f.hazard).map((f) => f.id);
  const equippable = isGm() ? fighters : fighters.filter((id) => mine().has(id));
  if (hasOption("weapon_and_armor") && equippable.length) add(row, button(t("gear.button"), () => act.openEquip(equippable), { id: "equip" }));
  if (isGm() && hasOption("scale")) add(row, button(t("scale.button"), () => act.openScale(fighters), { id: "set-scale" }));
  if (isGm() && hasOption("obstacles")) {
    add(row, button(t("obstacle.add_hazard"), () => openQuickNpc("hazard"), { id: "add-hazard" }));
    add(row, button(t("obstacle.add_block"), () => openQuickNpc("block"), { id: "add-block" }));
  }
  if (isGm() && hasOption("big_bads")) add(row, button(t("bigbad.button"), () => act.openBigBad(fighters), { id: "set-big-bad" }));
  if (!row.childNodes.length) return null;
  return h("div", { class: "card optional-tools", id: "optional-tools" }, h("h3", {}, t("conflict.optional_tools")), row);
}

// -- contests and challenges --------------------------------------------------------------------

function contestPanel() {
  const c = app.view.contest;
  const panel = section(
    "contest",
    t("contest.title"),
    h("p", {}, tn("contest.needed", { n: c.victories_needed }), " ", tn("conflict.exchange", { n: c.exchange })),
    h(
      "ul",
      { class: "plain sides" },
      c.sides.map((s) =>
        h(
          "li",
          { class: "side", id: `contest-${s.id}` },
          free(s.id, "strong"),
          " ",
          free(s.intent),
          " ",
          h("span", { class: "victories", "data-victories": s.victories }, tn("contest.victories", { n: s.victories })),
          s.id in c.rolled ? h("span", { class: "badge" }, tn("contest.rolled", { n: c.rolled[s.id] })) : null,
          c.forfeited.includes(s.id) ? h("span", { class: "badge" }, t("contest.forfeited")) : null,
          " ",
          s.members.map((m) => who(m)),
        ),
      ),
    ),
    c.last && c.last.twist ? h("p", { class: "twist" }, t("contest.twist")) : null,
    c.winner ? h("p", { class: "winner" }, tn("contest.winner", { side: free(c.winner) })) : null,
  );
  if (!c.winner) {
    for (const s of c.sides) {
      if (s.id in c.rolled || c.forfeited.includes(s.id)) continue;
      const ours = s.members.filter((m) => mine().has(m));
      if (ours.length) add(panel, act.contestRoll(s, ours));
    }
  }
  if (isGm()) add(panel, h("div", { class: "actions" }, button(t("contest.end"), () => send("EndContest", {}))));
  return panel;
}

function challengePanel() {
  const c = app.view.challenge;
  const panel = section(
    "challenge",
    t("challenge.title"),
    h(
      "ul",
      { class: "plain tasks" },
      c.tasks.map((task) =>
        h(
          "li",
          { class: "task", id: `task-${task.key}` },
          free(task.description, "strong"),
          " ",
          tn("challenge.task", { skill: skill(task.skill), difficulty: ladderValue(task.difficulty) }),
          task.result
            ? h("span", { class: "badge" }, tn("challenge.result", { who: who(task.result.by), outcome: t(`outcome.${task.result.outcome}`) }))
            : act.challengeRoll(task),
        ),
      ),
    ),
    h(
      "p",
      {},
      tn("challenge.report", { ok: c.report.successes.length, bad: c.report.failures.length, open: c.report.open.length }),
    ),
  );
  if (isGm()) add(panel, h("div", { class: "actions" }, button(t("challenge.end"), () => send("EndChallenge", {}))));
  return panel;
}

// -- milestones ---------------------------------------------------------------------------------

function milestonesPanel() {
  const open = Object.entries(app.view.milestones).filter(([pc]) => mine().has(pc));
  if (!open.length) return null;
  return section(
    "milestones",
    t("milestone.title"),
    open.map(([pc, kind]) => h("div", { class: "card" }, h("p", {}, tn(`milestone.open_${kind}`, { who: who(pc) })), act.milestoneForm(pc, kind))),
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
            refresh();
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
    (app.invites || []).map((i) => h("div", { class: "invite" }, h("p", {}, tn("invite.made", { who: free(i.name) })), copyField(`invite-link-${i.seat}`, pageFor(i.link)))),
    h("p", {}, t("invite.own_link")),
    copyField("own-link", pageFor(app.seat.link)),
  );
}

// -- GM tools -----------------------------------------------------------------------------------

function gmPanel() {
  const view = app.view;
  const tools = h("div", { class: "actions wrap" });
  if (!view.time.in_session) add(tools, button(t("gm.start_session"), () => send("StartSession", {}), { id: "start-session" }));
  else add(tools, button(t("gm.end_session"), () => act.openEndSession(), { id: "end-session" }));
  if (!view.scene) add(tools, button(t("gm.start_scene"), () => act.openStartScene(), { id: "start-scene" }));
  else {
    add(tools, button(t("gm.end_scene"), () => send("EndScene", {}), { id: "end-scene" }));
    add(tools, button(t("gm.add_aspect"), () => act.openAddAspect(), { id: "add-aspect" }));
    if (!view.conflict) add(tools, button(t("gm.start_conflict"), () => act.openStartConflict(), { id: "start-conflict" }));
    if (!view.contest) add(tools, button(t("gm.start_contest"), () => act.openStartContest(), { id: "start-contest" }));
    if (!view.challenge) add(tools, button(t("gm.start_challenge"), () => act.openStartChallenge(), { id: "start-challenge" }));
    if (view.table.options.includes("countdowns")) add(tools, button(t("gm.add_countdown"), () => act.openAddCountdown(), { id: "add-countdown" }));
  }
  add(tools, button(t("gm.undo"), () => act.openUndo(), { id: "undo" }));
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
      { class: "log", id: "log-list", reversed: true },
      entries.map((e) => h("li", { "data-type": e.type, "data-version": Math.floor(e.version) }, e.node)),
    ),
  );
}

export { button, section, tokens, uid };
