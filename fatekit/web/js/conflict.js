// Conflicts, contests and challenges: the turn order, fighters, obstacles, big bads, and the
// moves this seat may make now.

import { add, button, field, fill, free, h, section } from "./lib/dom.js";
import { openDialog, select, sendFrom } from "./forms.js";
import { formsNote, openBigBad, openBreakImmunity, openEquip, openScale } from "./gm.js";
import { turnCorrection } from "./gm/corrections.js";
import { t, tn } from "./lib/i18n.js";
import { harmBox, targetsBox } from "./moves.js";
import { openQuickNpc } from "./sheet.js";
import { seatExtras, seatView, send } from "./store.js";
import { hasOption, ladderValue, may, offered, who } from "./view.js";

/** @typedef {import("../../../docs/page").ConflictPart} ConflictPart */
/** @typedef {import("../../../docs/page").FighterPart} FighterPart */
/** @typedef {import("../../../docs/page").BigBadPart} BigBadPart */

// -- conflicts ----------------------------------------------------------------------------------

export function conflictPanel() {
  const c = seatView().conflict;
  if (!c) return null; // drawn only while a conflict runs
  const acted = new Set(seatExtras().acted || []);
  /** @type {Map<string, FighterPart[]>} */
  const sides = new Map();
  for (const f of c.fighters) {
    if (!sides.has(f.side)) sides.set(f.side, []);
    /** @type {FighterPart[]} */ (sides.get(f.side)).push(f); // set just above when missing
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
    c.order
      ? h(
          "p",
          {},
          t("conflict.order"),
          " ",
          h(
            "span",
            {},
            c.order.map((id, i) => h("span", {}, i ? " \u2192 " : "", who(id))),
          ),
        )
      : null,
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
                {
                  class: `fighter ${f.status}${c.current === f.id ? " current" : ""}`,
                  id: `fighter-${f.id}`,
                  "data-status": f.status,
                },
                who(f.id),
                " ",
                h("span", { class: "badge" }, t(`fighter.${f.status}`)),
                c.current === f.id && c.phase !== "ended"
                  ? h("span", { class: "badge now" }, t("conflict.current"))
                  : null,
                acted.has(f.id) ? h("span", { class: "badge" }, t("conflict.acted")) : null,
                f.id in c.full_defenders
                  ? h(
                      "span",
                      { class: "badge", "data-focus": (c.full_defenders[f.id] || {}).focus || "" },
                      fullDefenseBadge(c.full_defenders[f.id]),
                    )
                  : null,
                fighterExtras(f, c),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  add(panel, obstaclesView(c), bigBadsView(c), targetsBox(c));
  // The hit to take and this seat's moves are in the turn strip (turn.js), at the top.
  if (c.phase === "ended" && c.pending_hit) add(panel, harmBox(c.pending_hit));
  add(panel, optionalTools(c));
  if (offered(c, "FinishConflict")) {
    add(
      panel,
      h(
        "div",
        { class: "actions" },
        c.phase === "ended"
          ? button(t("conflict.finish"), () => send("FinishConflict", {}), { id: "finish-conflict", class: "primary" })
          : button(t("conflict.finish_early"), () => openFinishEarly(), { id: "finish-conflict" }),
      ),
      turnCorrection(c),
    );
  }
  return panel;
}

/** The GM calls the fight over before a side is out (a truce, a collapse), or turns it into a
 * contest or a challenge: what is still under way in it is dropped, as the dialog says. */
function openFinishEarly() {
  const into = select("finish-into", [
    ["", t("conflict.finish_into.none")],
    ["contest", t("conflict.finish_into.contest")],
    ["challenge", t("conflict.finish_into.challenge")],
  ]);
  const hint = h("p", { class: "hint", id: "finish-hint" });
  const update = () => fill(hint, t(into.value ? "conflict.finish_into_hint" : "conflict.finish_early_hint"));
  into.addEventListener("change", update);
  openDialog(
    t("conflict.finish_early"),
    h("div", {}, field(t("conflict.finish_into"), into), hint),
    (form, out) => sendFrom("FinishConflict", into.value ? { into: into.value } : {}, out),
    { submitLabel: t("conflict.finish_early"), id: "finish-form" },
  );
  update();
}

/** @param {import("../../../docs/page").FocusPart | null} focus */
function fullDefenseBadge(focus) {
  if (!focus) return t("conflict.full_defense");
  const named = focus.who.length
    ? h(
        "span",
        {},
        " ",
        focus.who.map((id, i) => h("span", {}, i ? ", " : "", who(id))),
      )
    : null;
  return h("span", {}, tn("conflict.full_defense_focus", { focus: t(`focus.${focus.focus}`) }), named);
}

/** What the optional rules add to a fighter: Weapon and Armor, scale, hazard, big bad.
 * @param {FighterPart} f @param {ConflictPart} c */
function fighterExtras(f, c) {
  /** @type {HTMLElement[]} */
  const out = [];
  if (hasOption("weapon_and_armor") && (f.weapon || f.armor)) {
    out.push(
      h(
        "span",
        { class: "badge gear", "data-weapon": f.weapon, "data-armor": f.armor },
        tn("conflict.gear", { weapon: f.weapon, armor: f.armor }),
      ),
    );
  }
  if (f.scale) out.push(h("span", { class: "badge", "data-scale": f.scale }, t(`scale.${f.scale}`)));
  if (f.hazard) out.push(h("span", { class: "badge" }, t("kind.hazard")));
  if (f.members > 1)
    out.push(h("span", { class: "badge", "data-members": f.members }, tn("conflict.members", { n: f.members })));
  if (c.big_bads.some((b) => b.id === f.id)) out.push(h("span", { class: "badge secret" }, t("bigbad.badge")));
  return out.length ? h("span", {}, " ", out) : null;
}

/** Hazards in the turn order and blocks in the way (the obstacles option). A hazard's rating and
 * Weapon show only where the view gives them (the GM's, until its sheet is revealed).
 * @param {ConflictPart} c */
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
              "rating" in z
                ? h(
                    "span",
                    {},
                    " \u00b7 ",
                    tn("obstacle.numbers", { rating: ladderValue(/** @type {number} */ (z.rating)), weapon: z.weapon }),
                  )
                : null,
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

/** Big bads: their minions, immunity and solo bonuses, the parts of a map or hive; the GM
 * settles an immunity here.
 * @param {ConflictPart} c */
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
        const solo = Object.entries(b.solo)
          .filter(([k, v]) => v && k !== "skill_capped")
          .map(([k, v]) => (k === "suppress" ? t(`bigbad.suppress.${v}`) : t(`bigbad.solo.${k}`)));
        return h(
          "li",
          { id: `bigbad-${b.id}`, "data-immunity": b.immunity ? b.immunity.state : "" },
          who(b.id),
          b.minions.length
            ? h(
                "span",
                {},
                " ",
                tn("bigbad.minions", {
                  who: h(
                    "span",
                    {},
                    b.minions.map((m, i) => h("span", {}, i ? ", " : "", who(m))),
                  ),
                }),
              )
            : null,
          b.immunity
            ? h(
                "span",
                { class: "badge" },
                tn("bigbad.immunity", {
                  kind: t(`bigbad.immunity.${b.immunity.kind}`),
                  state: t(`bigbad.state.${b.immunity.state}`),
                }),
              )
            : null,
          b.scale ? h("span", { class: "badge" }, t(`scale.${b.scale}`)) : null,
          solo.map((text) => h("span", { class: "badge" }, text)),
          b.forms_revealed ? h("span", { class: "badge" }, tn("bigbad.forms", { n: b.forms_revealed })) : null,
          b.forms ? formsNote(b.forms) : null,
          may("BreakImmunity") && b.immunity && b.immunity.state === "active"
            ? button(t("bigbad.break"), () => openBreakImmunity(/** @type {import("./gm.js").Immune} */ (b)), {
                id: `break-${b.id}`,
              })
            : null,
          b.threat ? threatView(/** @type {Threat} */ (b)) : null,
        );
      }),
    ),
  );
}

/** A big bad that is a map or a hive: each part, where it stands on a map, whether it can be
 * attacked now, is shielded or is out; the heart is marked for the GM only (the view says).
 * @typedef {BigBadPart & {threat: import("../../../docs/page").ThreatShownPart}} Threat
 * @param {Threat} b */
function threatView(b) {
  const threat = b.threat;
  /** @param {string[]} ids */
  const names = (ids) =>
    h(
      "span",
      {},
      ids.map((id, i) => h("span", {}, i ? ", " : "", who(id))),
    );
  return h(
    "div",
    { class: "threat", id: `threat-${b.id}` },
    h(
      "p",
      {},
      t(threat.map ? "bigbad.threat.is_map" : "bigbad.threat.is_hive"),
      threat.defeated ? h("span", { class: "badge" }, t("bigbad.threat.beaten")) : null,
    ),
    h(
      "ul",
      { class: "plain" },
      threat.parts.map((p) => {
        const state = !threat.standing.includes(p.id) ? "out" : threat.attackable.includes(p.id) ? "open" : "shielded";
        return h(
          "li",
          { id: `threat-part-${p.id}`, "data-state": state },
          who(p.id),
          p.zone
            ? h(
                "span",
                {},
                " ",
                tn("bigbad.threat.where", { zone: h("span", { "data-free": "" }, p.zone), reach: p.reach }),
              )
            : null,
          h("span", { class: "badge" }, t(`bigbad.threat.state.${state}`)),
          p.behind.length > 0 && state === "shielded"
            ? h("span", {}, " ", tn("bigbad.threat.behind", { who: names(p.behind) }))
            : null,
          threat.heart === p.id ? h("span", { class: "badge secret" }, t("bigbad.threat.heart")) : null,
        );
      }),
    ),
  );
}

/** The optional rules' tools in a conflict, for the seats that may use them: Weapon and Armor
 * (the GM, and a player for their own characters), scale, hazards and blocks, big bads (GM).
 * @param {ConflictPart} c */
function optionalTools(c) {
  if (c.phase === "ended") return null;
  const row = h("div", { class: "actions wrap" });
  const fighters = c.fighters.filter((f) => !f.hazard).map((f) => f.id);
  // Whom this seat may equip is the conflict's offer (the decider's check on the server).
  const equippable = c.equips.filter((id) => fighters.includes(id));
  if (equippable.length)
    add(
      row,
      button(t("gear.button"), () => openEquip(equippable), { id: "equip" }),
    );
  if (may("SetScale") && hasOption("scale"))
    add(
      row,
      button(t("scale.button"), () => openScale(fighters), { id: "set-scale" }),
    );
  if (may("AddHazard") && hasOption("obstacles")) {
    add(
      row,
      button(t("obstacle.add_hazard"), () => openQuickNpc("hazard"), { id: "add-hazard" }),
    );
    add(
      row,
      button(t("obstacle.add_block"), () => openQuickNpc("block"), { id: "add-block" }),
    );
  }
  if (may("SetBigBad") && hasOption("big_bads"))
    add(
      row,
      button(t("bigbad.button"), () => openBigBad(fighters), { id: "set-big-bad" }),
    );
  if (!row.childNodes.length) return null;
  return h(
    "div",
    { class: "card optional-tools", id: "optional-tools" },
    h("h3", {}, t("conflict.optional_tools")),
    row,
  );
}
