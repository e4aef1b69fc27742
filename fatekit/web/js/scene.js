// The scene: its aspects, the zone map, countdowns, open compels, and the roll in play.

import { board } from "./board.js";
import { aspectList } from "./cards.js";
import { add, box, button, field, free, h, idPart, section } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { openAddAspect } from "./gm.js";
import { freeToRoll, invokeBox, openRoll, resolveBox, weighed } from "./roll.js";
import { characterSelect, select } from "./forms.js";
import { diceOrHidden, hiddenVerdict } from "./screen.js";
import { seatExtras, seatView, send } from "./store.js";
import { answersFor, aspectLabel, aspectName, ladderValue, may, mine, offered, skill, who } from "./view.js";

/** @typedef {import("../../../docs/page").ScenePart} ScenePart */
/** A roll in play. It is put in play with its dice (table/play/rolls.py), so its effort,
 * opposition and shifts are there (null where kept from the seat), and it names its skill and
 * its defender's (the table asks for both): the contract's optional and nullable numbers and
 * skills are for the general shape.
 * @typedef {import("../../../docs/page").RollPart} RollPart */
/** @typedef {import("../../../docs/page").WeightPart} WeightPart */
/** A scene with zones.
 * @typedef {ScenePart & {zones: import("../../../docs/page").ZonesPart}} Zoned */

// -- the scene ----------------------------------------------------------------------------------

/** The scene as a board of index cards: situation aspects grouped by the zone they belong to
 * (the scene's own first), then the boosts; the GM adds a card right on the board. */
export function scenePanel() {
  const scene = seatView().scene;
  if (!scene) return section("scene", t("scene.title"), h("p", { class: "empty" }, t("scene.none")));
  const situation = scene.aspects.filter((a) => a.kind !== "boost");
  const boosts = scene.aspects.filter((a) => a.kind === "boost");
  const zones = scene.zones ? scene.zones.zones : [];
  /** @type {[string | null, import("../../../docs/page").AspectPart[]][]} */
  const groups = [[null, situation.filter((a) => !a.zone || !zones.includes(a.zone))]];
  for (const zone of zones) groups.push([zone, situation.filter((a) => a.zone === zone)]);
  return section(
    "scene",
    t("scene.title"),
    h(
      "p",
      { class: "scene-name" },
      free(scene.name, "strong"),
      " ",
      h("span", { class: "badge" }, tn("scene.number", { n: scene.number })),
    ),
    h("h3", {}, t("scene.aspects")),
    situation.length
      ? h(
          "div",
          { class: "board" },
          groups
            .filter(([, list]) => list.length)
            .map(([zone, list]) =>
              h(
                "div",
                { class: "board-group", "data-zone": zone || "" },
                zone ? h("h4", {}, tn("scene.in_zone", { zone: free(zone) })) : h("h4", {}, t("scene.everywhere")),
                aspectList(list),
              ),
            ),
        )
      : h("p", { class: "empty" }, t("scene.no_aspects")),
    may("AddSituationAspect")
      ? h(
          "div",
          { class: "actions" },
          button(t("gm.add_aspect"), () => openAddAspect(), { id: "add-aspect" }),
        )
      : null,
    boosts.length ? h("h3", {}, t("scene.boosts")) : null,
    boosts.length ? aspectList(boosts) : null,
    scene.zones ? zoneMap(/** @type {Zoned} */ (scene)) : null,
    scene.countdowns.length ? countdowns(scene.countdowns) : null,
  );
}

/** The zone map: a box per zone holding its people; lines for adjacency (drawn after layout),
 * dashed where an aspect stands in the way. A person is dragged to another zone, or moved with
 * the select under the map, when the view offers their seat a free move (the conflict's for a
 * fighter, the scene's outside the exchanges); the GM places anyone in any zone at any time.
 * @param {Zoned} scene */
function zoneMap(scene) {
  const zones = scene.zones;
  const conflict = seatView().conflict;
  const movable = new Map(Object.entries(zones.moves || {}));
  if (conflict) {
    for (const [id, moves] of Object.entries(conflict.legal_actions)) {
      const free_ = moves.find((m) => m.move === "free_move");
      if (free_) movable.set(id, free_.targets);
    }
  }
  // The GM may place anyone (PlaceInZone), whatever a free move allows.
  const gm = may("PlaceInZone");
  // A drop is a free move: the engine says why one that is not cannot be made, right under the
  // map, and the GM may allow it anyway (or place anyone with the form under the map).
  const dropOut = h("div", { class: "out", id: "zone-map-out" });
  /** @param {string} id @param {string} zone */
  const dropped = (id, zone) => {
    if (zones.positions[id] !== zone) send("FreeMove", { actor: id, to: zone }, dropOut);
  };
  const map = h("div", { class: "zone-map", id: "zone-map" });
  // The room made below the zones for a bowed link (drawZoneLinks) stays as the map is drawn
  // again, so the page under it does not jump at each change.
  const before = document.getElementById("zone-map");
  if (before && before.classList.contains("bent")) map.classList.add("bent");
  // In SVG's namespace: an <svg> made by createElement (as h() makes elements) is an unknown HTML
  // element, and the lines drawZoneLinks puts in it were never drawn.
  const links = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  links.setAttribute("class", "links");
  links.setAttribute("aria-hidden", "true");
  add(map, links);
  const ids = zoneIds(zones.zones);
  for (const zone of zones.zones) {
    const people = Object.entries(zones.positions)
      .filter(([, z]) => z === zone)
      .map(([id]) => id);
    const box = h(
      "div",
      {
        class: "zone",
        id: ids.get(zone),
        "data-zone": zone,
        ondragover: (/** @type {DragEvent} */ e) => e.preventDefault(),
        ondrop: (/** @type {DragEvent} */ e) => {
          e.preventDefault();
          // A drop the browser makes carries its data (only a script's own event has none).
          const id = /** @type {DataTransfer} */ (e.dataTransfer).getData("text/plain");
          if (id) dropped(id, zone);
        },
      },
      free(zone, "h4"),
      h(
        "ul",
        { class: "plain" },
        people.map((id) => {
          const draggable = movable.has(id) || gm;
          return h(
            "li",
            {
              class: `person${draggable ? " movable" : ""}`,
              draggable: draggable ? "true" : "false",
              "data-character": id,
              ondragstart: (/** @type {DragEvent} */ e) =>
                /** @type {DataTransfer} */ (e.dataTransfer).setData("text/plain", id),
            },
            who(id),
          );
        }),
      ),
    );
    add(map, box);
  }
  const unplaced = scene.participants.filter((id) => !(id in zones.positions));
  const legend = h(
    "ul",
    { class: "plain zone-links", "aria-label": t("zones.links") },
    zones.links.map(([a, b]) => {
      const blocked = (seatExtras().impediments || []).find((i) => i.between[0] === a && i.between[1] === b);
      return h(
        "li",
        { "data-link": `${a}|${b}`, class: blocked ? "impeded" : "" },
        free(a),
        " \u2194 ",
        free(b),
        blocked
          ? h("span", {}, " ", tn("zones.impeded", { what: h("span", {}, blocked.aspects.map(aspectName)) }))
          : null,
      );
    }),
  );
  // Outside a fight the GM places anyone with the form below: a row per character would only
  // repeat it. A fighter's free move (the GM's NPCs' too) is the conflict's, and listed.
  const listed = gm && !conflict ? [] : [...movable.entries()];
  const moves = listed.map(([id, targets]) => {
    const choice = select(
      `move-${idPart(id)}`,
      targets.map((z) => [z, z]),
      null,
      { freeText: true },
    );
    // A refused move says why beside its own button.
    const out = h("div", { class: "out" });
    return h(
      "div",
      { class: "inline" },
      field(tn("zones.move", { who: who(id) }), choice),
      button(t("zones.move_button"), () => send("FreeMove", { actor: id, to: choice.value }, out), {
        id: `move-button-${idPart(id)}`,
      }),
      out,
    );
  });
  return h(
    "div",
    {},
    h("h3", {}, t("zones.title")),
    board(scene),
    map,
    dropOut,
    unplaced.length
      ? h(
          "p",
          { class: "hint", id: "zones-unplaced" },
          tn("zones.unplaced", {
            who: h(
              "span",
              {},
              unplaced.map((id, i) => h("span", {}, i ? ", " : "", who(id))),
            ),
          }),
        )
      : null,
    legend,
    moves,
    gm ? placeForm(scene) : null,
  );
}

/** The GM's word on where anyone in the scene stands: any zone, at any time.
 * @param {Zoned} scene */
function placeForm(scene) {
  const person = characterSelect("place-who", scene.participants);
  const zone = select(
    "place-zone",
    scene.zones.zones.map((z) => [z, z]),
    null,
    { freeText: true },
  );
  const out = h("div", { class: "out" });
  return h(
    "div",
    { class: "inline place-form" },
    field(t("zones.place_who"), person),
    field(t("zones.place_where"), zone),
    button(t("zones.place_button"), () => send("PlaceInZone", { character_id: person.value, zone: zone.value }, out), {
      id: "place-button",
    }),
    out,
  );
}

/** Each zone's element id: "zone-" and its name made fit for an id (idPart), unique even if two
 * names then meet.
 * @param {string[]} names */
function zoneIds(names) {
  /** @type {Map<string, string>} */
  const ids = new Map();
  /** @type {Set<string>} */
  const taken = new Set();
  for (const name of names) {
    const base = `zone-${idPart(name)}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(name, id);
  }
  return ids;
}

/** Where a link's line may bow out of the straight, away from the zones between its ends: the
 * offsets of its curve's control point tried in turn (half of it is the bow at the middle). */
const BENDS = [0, 100, -100, 160, -160, 220, -220, 300, -300];

/** A point of the quadratic curve from `p` to `q` through control `c`, at `s` (0 to 1).
 * @param {number[]} p @param {number[]} c @param {number[]} q @param {number} s */
function onCurve(p, c, q, s) {
  const r = 1 - s;
  return [r * r * p[0] + 2 * r * s * c[0] + s * s * q[0], r * r * p[1] + 2 * r * s * c[1] + s * s * q[1]];
}

export function drawZoneLinks() {
  const map = document.getElementById("zone-map");
  const scene = seatView().scene;
  const zones = scene && scene.zones;
  if (!map || !zones) return;
  requestAnimationFrame(() => {
    const svg = map.querySelector("svg.links");
    if (!svg) return;
    const box = map.getBoundingClientRect();
    svg.setAttribute("width", String(box.width));
    svg.setAttribute("height", String(box.height));
    svg.replaceChildren();
    const ns = "http://www.w3.org/2000/svg";
    const boxes = new Map(
      [.../** @type {NodeListOf<HTMLElement>} */ (map.querySelectorAll(".zone"))].map((el) => [
        el.dataset.zone,
        el.getBoundingClientRect(),
      ]),
    );
    /** @param {DOMRect} r */
    const middle = (r) => [r.left + r.width / 2 - box.left, r.top + r.height / 2 - box.top];
    for (const [a, b] of zones.links) {
      const ra = boxes.get(a);
      const rb = boxes.get(b);
      if (!ra || !rb) continue;
      const p = middle(ra);
      const q = middle(rb);
      // A straight line between zones that are not side by side (the first and third of a row)
      // runs under the zone between them and reads as two links of that zone: it bows round
      // the others instead, the least it can.
      const others = [...boxes].filter(([zone]) => zone !== a && zone !== b).map(([, r]) => r);
      const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      // Bowing down first, where the map makes room (below).
      const flip = q[0] - p[0] < 0 ? -1 : 1;
      const normal = [(flip * (p[1] - q[1])) / length, (flip * (q[0] - p[0])) / length];
      /** @param {number} bend */
      const control = (bend) => [(p[0] + q[0]) / 2 + normal[0] * bend, (p[1] + q[1]) / 2 + normal[1] * bend];
      /** @param {number} bend @param {boolean} inMap whether the curve must stay inside the map too */
      const clear = (bend, inMap) => {
        for (let i = 1; i < 40; i++) {
          const [x, y] = onCurve(p, control(bend), q, i / 40);
          if (inMap && (x < 0 || y < 0 || x > box.width || y > box.height)) return false;
          const [px, py] = [x + box.left, y + box.top];
          if (others.some((r) => px > r.left - 4 && px < r.right + 4 && py > r.top - 4 && py < r.bottom + 4))
            return false;
        }
        return true;
      };
      const fitting = BENDS.find((bend) => clear(bend, true));
      if (fitting === undefined && !map.classList.contains("bent")) {
        // No room in the map for the bow: the map takes room below its zones, and all is drawn again.
        map.classList.add("bent");
        drawZoneLinks();
        return;
      }
      const bend = fitting ?? BENDS.find((b) => clear(b, false)) ?? 0;
      const line = document.createElementNS(ns, bend ? "path" : "line");
      if (bend) {
        const c = control(bend);
        line.setAttribute("d", `M ${p[0]} ${p[1]} Q ${c[0]} ${c[1]} ${q[0]} ${q[1]}`);
      } else {
        line.setAttribute("x1", String(p[0]));
        line.setAttribute("y1", String(p[1]));
        line.setAttribute("x2", String(q[0]));
        line.setAttribute("y2", String(q[1]));
      }
      line.setAttribute("data-link", `${a}|${b}`);
      const blocked = (seatExtras().impediments || []).some((i) => i.between[0] === a && i.between[1] === b);
      line.setAttribute("class", blocked ? "impeded" : "");
      svg.append(line);
    }
  });
}

/** @param {import("../../../docs/page").CountdownPart[]} list */
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
        Array.from({ length: cd.boxes }, (_, i) => box(i, cd.boxes, i < cd.marked)),
        cd.finished ? h("span", { class: "badge" }, t("countdown.finished")) : null,
        cd.outcome ? h("p", {}, free(cd.outcome)) : null,
        may("MarkCountdown") && !cd.finished
          ? button(t("countdown.mark"), () => send("MarkCountdown", { countdown_id: cd.id }), {
              id: `countdown-${cd.id}-mark`,
            })
          : null,
        // Struck off, finished or not, once what it counted down to was dealt with.
        may("RemoveCountdown")
          ? button(t("countdown.remove"), () => send("RemoveCountdown", { countdown_id: cd.id }), {
              id: `countdown-${cd.id}-remove`,
            })
          : null,
        // Each trigger once: the GM says it happened, and every countdown it triggers moves on.
        may("FireTrigger") && !cd.finished && cd.triggers
          ? [...new Set(cd.triggers)].map((trigger, i) =>
              button(tn("countdown.fire", { trigger: free(trigger) }), () => send("FireTrigger", { trigger }), {
                id: `countdown-${cd.id}-fire-${i}`,
                class: "fire-trigger",
                "data-trigger": trigger,
              }),
            )
          : null,
      ),
    ),
  );
}

// -- compels ------------------------------------------------------------------------------------

/** What a compel tells: its kind, what the character decides (a decision), and the
 * complication (for a decision, what goes wrong because of it).
 * @param {import("../../../docs/page").CompelPart | import("../../../docs/page").SelfCompelPart} c */
function compelTold(c) {
  const deciding = c.kind === "decision" && c.decision;
  return [
    h("p", { class: "compel-kind" }, t(`compel.kind_is.${c.kind}`)),
    deciding ? h("p", { class: "hint" }, t("compel.decision")) : null,
    deciding ? h("blockquote", { class: "compel-decision" }, free(c.decision)) : null,
    deciding ? h("p", { class: "hint" }, t("compel.fallout")) : null,
    h("blockquote", {}, free(c.complication)),
  ];
}

export function compelsPanel() {
  const open = seatView().compels.filter((c) => c.state === "offered");
  const asked = seatView().self_compels;
  if (!open.length && !asked.length) return null;
  return section(
    "compels",
    t("compel.title"),
    open.map((c) => {
      const target = offered(c, "accept") || offered(c, "refuse");
      return h(
        "div",
        { class: "card compel", id: `compel-${c.id}` },
        h(
          "p",
          {},
          tn("compel.offered", { aspect: aspectName(c.aspect_id), target: who(c.target), by: who(c.offered_by) }),
        ),
        ...compelTold(c),
        target
          ? h(
              "div",
              { class: "actions" },
              offered(c, "accept")
                ? button(t("compel.accept"), () => send("AnswerCompel", { compel_id: c.id, answer: "accept" }), {
                    id: `accept-${c.id}`,
                    class: "primary",
                  })
                : null,
              offered(c, "accept") ? h("span", { class: "hint" }, t("compel.accept_gain")) : null,
              offered(c, "refuse")
                ? button(t("compel.refuse"), () => send("AnswerCompel", { compel_id: c.id, answer: "refuse" }), {
                    id: `refuse-${c.id}`,
                  })
                : null,
              offered(c, "refuse") ? h("span", { class: "hint" }, t("compel.refuse_cost")) : null,
            )
          : h("p", { class: "hint" }, t("compel.waiting")),
        offered(c, "withdraw")
          ? button(t("compel.withdraw"), () => send("AnswerCompel", { compel_id: c.id, answer: "withdraw" }), {
              id: `withdraw-${c.id}`,
            })
          : null,
      );
    }),
    asked.map((c) =>
      h(
        "div",
        { class: "card compel", id: `self-compel-${c.id}` },
        h("p", {}, tn("compel.self_asked", { aspect: aspectName(c.aspect_id), target: who(c.target) })),
        ...compelTold(c),
        // The answers the table takes now: once its aspect is gone, only turning it down.
        c.answers.length
          ? h(
              "div",
              { class: "actions" },
              c.answers.includes(true)
                ? button(t("compel.agree"), () => send("SelfCompelAnswer", { compel_id: c.id, accepted: true }), {
                    id: `agree-${c.id}`,
                    class: "primary",
                  })
                : null,
              c.answers.includes(false)
                ? button(t("compel.decline"), () => send("SelfCompelAnswer", { compel_id: c.id, accepted: false }), {
                    id: `decline-${c.id}`,
                  })
                : null,
            )
          : h("p", { class: "hint" }, t("compel.self_waiting")),
      ),
    ),
  );
}

// -- the rolls in play -------------------------------------------------------------------------

// The rolls of others whose invoke picker this seat opened.
/** @type {Set<string>} */
const openPickers = new Set();

/** Every roll in play, one card each (several may be in play outside a conflict, one per
 * character): the seat's own first, then the others in the order they were rolled. */
export function rollPanel() {
  const rolls = seatView().rolls || (seatView().roll ? [seatView().roll] : []);
  const canRoll = seatView().scene && !seatView().conflict && freeToRoll().length > 0;
  if (!rolls.length && !canRoll) return null;
  const panel = section("roll", t(rolls.length > 1 ? "roll.title_many" : "roll.title"));
  if (canRoll)
    add(
      panel,
      h(
        "div",
        { class: "actions" },
        button(t("roll.new"), () => openRoll(), { id: "new-roll", class: "primary" }),
      ),
    );
  const ours = (/** @type {RollPart} */ r) => answersFor(r.actor) || Boolean(r.defence && answersFor(r.defence.actor));
  const ordered = [...rolls.filter((r) => ours(r)), ...rolls.filter((r) => !ours(r))];
  for (const roll of ordered) add(panel, rollCard(roll, ours(roll)));
  return panel;
}

/** What a roll is for: an action, a contest side's overcome, a challenge task's.
 * @param {RollPart} roll */
function rollHead(roll) {
  const by = { who: who(roll.actor), skill: skill(/** @type {string} */ (roll.skill)) };
  if (roll.kind === "contest") return tn("roll.by_contest", { ...by, side: free(roll.side) });
  if (roll.kind === "treatment" && roll.treats) {
    const name = aspectName(roll.treats.aspect_id);
    return tn("roll.by_treatment", { ...by, name, patient: who(roll.treats.patient) });
  }
  if (roll.kind === "challenge") {
    const challenge = seatView().challenge;
    const task = challenge && challenge.tasks.find((x) => x.key === roll.task);
    return tn("roll.by_challenge", { ...by, task: task ? free(task.description) : free(roll.task) });
  }
  return tn("roll.by", { ...by, action: t(`action.${roll.action}`) });
}

/** A roll in play's card; `ours` when this seat answers for its actor or its defender.
 * @param {RollPart} roll @param {boolean} ours */
function rollCard(roll, ours) {
  const id = roll.id;
  const card = h("article", {
    class: `card roll-card${ours ? " ours" : ""}`,
    id: `roll-${id}`,
    "data-roll": id,
    "data-actor": roll.actor,
    "data-kind": roll.kind,
  });
  const contest = roll.kind === "contest";
  // A contest's roll has no outcome of its own and shows its effort, a hazard's too.
  const hidden = contest ? null : hiddenVerdict(roll);
  add(
    card,
    h("p", { class: "roll-head" }, rollHead(roll)),
    // The aspect an overcome would remove (an opponent may defend it) or an advantage works on.
    roll.aim
      ? h(
          "p",
          { class: "roll-aim", "data-aim": roll.aim.id },
          tn(roll.action === "overcome" ? "roll.aim_remove" : "roll.aim_advantage", {
            aspect: aspectLabel(roll.aim),
          }),
        )
      : null,
    // The verdict first, as a player would say it: the effort's ladder step against the
    // opposition's, and what came of it (against a hidden difficulty, the outcome alone; in a
    // contest the effort alone: the sides' efforts are compared once all have counted).
    contest
      ? h(
          "p",
          { class: "roll-verdict", id: `roll-verdict-${id}` },
          tn("roll.verdict_contest", { effort: ladderValue(/** @type {number} */ (roll.effort)) }),
        )
      : hidden && hidden.classList.contains("roll-verdict")
        ? hidden
        : h(
            "p",
            { class: "roll-verdict", id: `roll-verdict-${id}`, "data-outcome": roll.outcome },
            tn("roll.verdict", {
              effort: ladderValue(/** @type {number} */ (roll.effort)),
              opposition: ladderValue(/** @type {number} */ (roll.opposition)),
              outcome: h("strong", {}, t(`outcome.${roll.outcome}`)),
              n: roll.shifts,
            }),
          ),
    hidden && !hidden.classList.contains("roll-verdict") ? hidden : null,
    h(
      "div",
      { class: "roll-dice" },
      h("span", { class: "label" }, t("roll.dice")),
      " ",
      diceOrHidden(roll.faces, `roll-dice-hidden-${id}`),
      roll.rerolled.length ? h("span", { class: "hint" }, " ", t("roll.rerolled")) : null,
      roll.defence
        ? h(
            "span",
            {},
            " ",
            tn("roll.defence_by", {
              who: who(roll.defence.actor),
              skill: skill(/** @type {string} */ (roll.defence.skill)),
            }),
            " ",
            diceOrHidden(roll.defence.faces),
          )
        : null,
    ),
    // Weight: dice the engine turned to + as the roll was decided, and the draw as it fell.
    roll.weight ? weightNote(`roll-weight-${id}`, "roll.weight", roll.weight, roll.rolled_faces) : null,
    roll.defence && roll.defence.weight
      ? weightNote(`roll-defence-weight-${id}`, "roll.defence_weight", roll.defence.weight, roll.defence.rolled_faces)
      : null,
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, t("roll.effort")),
      h(
        "dd",
        { class: "roll-effort", id: `roll-effort-${id}` },
        roll.effort === null ? t("screen.hidden") : ladderValue(/** @type {number} */ (roll.effort)),
      ),
      contest ? null : h("dt", {}, t("roll.opposition")),
      contest
        ? null
        : h(
            "dd",
            { class: "roll-opposition", id: `roll-opposition-${id}` },
            roll.opposition === null ? t("screen.hidden") : ladderValue(/** @type {number} */ (roll.opposition)),
          ),
      contest ? null : h("dt", {}, t("roll.shifts")),
      contest
        ? null
        : h("dd", { class: "roll-shifts", id: `roll-shifts-${id}` }, roll.shifts === null ? "?" : String(roll.shifts)),
      contest ? null : h("dt", {}, t("roll.outcome")),
      contest
        ? null
        : h(
            "dd",
            { class: "roll-outcome", id: `roll-outcome-${id}`, "data-outcome": roll.outcome },
            t(`outcome.${roll.outcome}`),
          ),
    ),
    roll.invocations.length || (roll.defence && roll.defence.invocations.length)
      ? h(
          "ul",
          { class: "invocations", "aria-label": t("roll.invocations") },
          [...roll.invocations, ...(roll.defence ? roll.defence.invocations : [])].map((i) =>
            h(
              "li",
              {},
              tn(i.free ? "invoke.done_free" : "invoke.done_paid", {
                who: who(i.by),
                aspect: aspectName(i.aspect_id),
                effect: t(`effect.${i.effect}`),
              }),
            ),
          ),
        )
      : null,
  );
  if (mine().size > 0) {
    // Anyone may invoke on anyone's roll; the seat's own rolls show the picker at once, the
    // others behind a click (each picker asks the server what may be invoked).
    if (ours) add(card, invokeBox(roll));
    else {
      // Opened, it stays open while other seats' moves redraw the rolls.
      const more = h(
        "details",
        { class: "invoke-other", id: `invoke-other-${id}`, open: openPickers.has(id) },
        h("summary", {}, t("invoke.on_other")),
      );
      const fillIn = () => {
        if (more.open && !more.querySelector(".invoke-box")) add(more, invokeBox(roll));
      };
      more.addEventListener("toggle", () => {
        if (more.open) openPickers.add(id);
        else openPickers.delete(id);
        fillIn();
      });
      fillIn();
      add(card, more);
    }
  }
  add(card, resolveBox(roll));
  return card;
}

/** A line of a roll's card saying what weight did: the sides' weights, the dice turned to +,
 * and the draw as it fell (when the seat may see the dice).
 * @param {string} id @param {string} key @param {WeightPart} weight @param {string | null | undefined} rolled */
function weightNote(id, key, weight, rolled) {
  return h(
    "p",
    { class: "hint roll-weight", id },
    tn(key, weighed(weight)),
    rolled ? h("span", {}, " ", t("roll.weight_fell"), " ", diceOrHidden(rolled)) : null,
  );
}
