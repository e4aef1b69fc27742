// The GM's dialogs: sessions, scenes, aspects, conflicts, contests, challenges, countdowns, undo,
// and the optional rules' tools in a conflict.

import { add, button, field, fill, h } from "./lib/dom.js";
import {
  characterOptions,
  characterSelect,
  followSideNames,
  openDialog,
  select,
  sendFrom,
  sideSelect,
  splitList,
  zoneLinks,
} from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { describeEvent, logRead } from "./log.js";
import { app, seatView } from "./store.js";
import {
  character,
  milestoneLevels,
  milestoneName,
  runningConflict,
  runningScene,
  sheetOf,
  trackText,
  who,
} from "./view.js";

// -- GM tools -----------------------------------------------------------------------------------

export function openEndSession() {
  // The milestones the table's book has: Fate Core's and Fate Accelerated's three, or Fate
  // Condensed's milestone and breakthrough.
  const milestone = select("end-session-milestone", [
    ["", t("milestone.none")],
    ...milestoneLevels().map((kind) => [kind, milestoneName(kind)]),
  ]);
  openDialog(
    t("gm.end_session"),
    field(t("milestone.reached"), milestone),
    (form, out) => sendFrom("EndSession", milestone.value ? { milestone: milestone.value } : {}, out),
    { id: "end-session-form" },
  );
}

export function openStartScene() {
  const name = h("input", { id: "scene-name", required: true, autocomplete: "off" });
  const people = seatView().characters.map((c) => c.id);
  const checks = people.map((id) => {
    const box = h("input", { type: "checkbox", value: id, id: `scene-with-${id}`, checked: true });
    return h("div", { class: "check" }, box, h("label", { for: box.id }, who(id)));
  });
  const zones = h("input", { id: "scene-zones", autocomplete: "off" });
  const links = h("input", { id: "scene-links", autocomplete: "off" });
  const places = h("div", { class: "places" });
  const placeFor = () => {
    const list = splitList(zones.value);
    places.replaceChildren();
    for (const id of people) {
      add(
        places,
        field(
          tn("scene.place", { who: who(id) }),
          select(`scene-place-${id}`, [["", t("scene.no_zone")], ...list.map((z) => [z, z])], list[0] || "", {
            freeText: true,
          }),
        ),
      );
    }
  };
  zones.addEventListener("input", placeFor);
  openDialog(
    t("gm.start_scene"),
    h(
      "div",
      {},
      field(t("scene.name"), name),
      h("fieldset", {}, h("legend", {}, t("scene.participants")), checks),
      field(t("scene.zones"), zones, h("p", { class: "hint" }, t("scene.zones_hint"))),
      field(t("scene.links"), links, h("p", { class: "hint" }, t("scene.links_hint"))),
      places,
    ),
    (form, out) => {
      const chosen = checks
        .map((c) => /** @type {HTMLInputElement} */ (c.querySelector("input"))) // each check holds its box
        .filter((i) => i.checked)
        .map((i) => i.value);
      const zoneList = splitList(zones.value);
      const linkList = zoneLinks(links.value);
      const positions = zoneList.length
        ? chosen
            .map((id) => [
              id,
              /** @type {HTMLSelectElement | null} */ (document.getElementById(`scene-place-${id}`))?.value,
            ])
            .filter(([, z]) => z)
        : [];
      return sendFrom(
        "StartScene",
        { name: name.value.trim(), participants: chosen, zones: zoneList, links: linkList, positions },
        out,
      );
    },
    { id: "scene-form" },
  );
}

export function openAddAspect() {
  const name = h("input", { id: "aspect-name", required: true, autocomplete: "off" });
  const scene = runningScene();
  const zones = scene.zones ? scene.zones.zones : [];
  const zone = select("aspect-zone", [["", t("scene.no_zone")], ...zones.map((z) => [z, z])], "", { freeText: true });
  const hidden = h("input", { type: "checkbox", id: "aspect-hidden" });
  const holder = select("aspect-holder", [["", t("aspect.no_free")], ...characterOptions(scene.participants)], "", {
    freeText: true,
  });
  const count = h("input", { type: "number", id: "aspect-free-count", min: 1, max: 5, value: 1 });
  openDialog(
    t("gm.add_aspect"),
    h(
      "div",
      {},
      field(t("aspect.name"), name),
      zones.length ? field(t("aspect.zone"), zone) : null,
      h("div", { class: "check" }, hidden, h("label", { for: hidden.id }, t("aspect.hide_from_players"))),
      field(t("aspect.free_for"), holder),
      field(t("aspect.free_count"), count),
    ),
    (form, out) =>
      sendFrom(
        "AddSituationAspect",
        {
          name: name.value.trim(),
          ...(zone.value ? { zone: zone.value } : {}),
          hidden: hidden.checked,
          free_invokes: holder.value ? [[holder.value, Number(count.value) || 1]] : [],
        },
        out,
      ),
    { id: "aspect-form" },
  );
}

// Which side of a conflict or contest (`form`) someone is on: "a", "b" or "" (not in it).
/** @param {string} form @param {string} id @param {string | null} chosen */
function sidePicker(form, id, chosen) {
  return field(tn("conflict.side_of", { who: who(id) }), sideSelect(`${form}-side-${id}`, chosen));
}

// The people the form's pickers put on the first and on the second side.
/** @param {string} form @param {string[]} people */
function chosenSides(form, people) {
  /** @type {[string[], string[]]} */
  const sides = [[], []];
  for (const id of people) {
    const v = /** @type {HTMLSelectElement} */ (document.getElementById(`${form}-side-${id}`)).value;
    if (v === "a") sides[0].push(id);
    if (v === "b") sides[1].push(id);
  }
  return sides;
}

export function openStartConflict() {
  const people = runningScene().participants;
  const sideA = h("input", { id: "conflict-side-a", value: t("conflict.side_a"), autocomplete: "off" });
  const sideB = h("input", { id: "conflict-side-b", value: t("conflict.side_b"), autocomplete: "off" });
  // Only the kinds of conflict some skill attacks in (a hack may have no mental attack at all).
  const kinds =
    app.preset && app.preset.conflict_kinds && app.preset.conflict_kinds.length
      ? app.preset.conflict_kinds
      : ["physical", "mental"];
  const kind = select(
    "conflict-kind",
    kinds.map((/** @type {string} */ k) => [k, t(`conflict.kind.${k}`)]),
  );
  // A rule set's own kinds of harm (wealth, sanity): a fight may deal one of them instead.
  // Only a harm some skill attacks with: a conflict in any other could harm nobody.
  const own = /** @type {{harm: string, dealt?: boolean}[]} */ ((app.preset && app.preset.tracks) || [])
    .filter((x) => x.dealt !== false)
    .map((x) => x.harm)
    .filter((k) => !["physical", "mental", "any"].includes(k));
  const harm = own.length
    ? select("conflict-harm", [["", t("conflict.harm_kind")], ...own.map((k) => [k, trackText(k)])], null, {
        freeText: true,
      })
    : null;
  // Who acts first is the table's say in elective order only; a skill order works it out.
  const turnOrder = app.preset ? app.preset.turn_order : null;
  const elective = !turnOrder || turnOrder === "elective";
  const sides = people.map((id) => {
    const c = character(id);
    const pc = c && sheetOf(c)?.kind === "pc";
    return sidePicker("conflict", id, pc ? "a" : "b");
  });
  const first = characterSelect("conflict-first", people);
  // Who acts first is one of those put on a side: the list follows the side pickers.
  const fighters = () => {
    const chosen = first.value;
    const [a, b] = chosenSides("conflict", people);
    const onSides = [...a, ...b];
    first.replaceChildren(...characterSelect("conflict-first", onSides.length ? onSides : people).childNodes);
    if (onSides.includes(chosen)) first.value = chosen;
  };
  for (const picker of sides) picker.addEventListener("change", fighters);
  const order = elective
    ? field(t("conflict.first"), first)
    : h("p", { class: "hint", id: "conflict-order-note" }, t(`conflict.order_by.${turnOrder}`));
  const body = h(
    "div",
    {},
    field(t("conflict.kind"), kind),
    harm ? field(t("conflict.harm"), harm) : null,
    field(t("conflict.first_side"), sideA),
    field(t("conflict.second_side"), sideB),
    sides,
    order,
  );
  followSideNames(body, sideA, sideB);
  openDialog(
    t("gm.start_conflict"),
    body,
    (form, out) => {
      const [a, b] = chosenSides("conflict", people);
      const dealt = harm && harm.value ? { harm: harm.value } : {};
      return sendFrom(
        "StartConflict",
        {
          sides: [
            [sideA.value.trim() || "a", a],
            [sideB.value.trim() || "b", b],
          ],
          kind: kind.value,
          ...(elective ? { first: first.value } : {}),
          ...dealt,
        },
        out,
      );
    },
    { id: "start-conflict-form" },
  );
  fighters();
}

export function openAddCountdown() {
  const name = h("input", { id: "countdown-name", required: true, autocomplete: "off" });
  const boxes = h("input", { id: "countdown-boxes", type: "number", min: 1, max: 10, value: 4 });
  const outcome = h("input", { id: "countdown-outcome", autocomplete: "off" });
  const triggers = h("textarea", { id: "countdown-triggers", rows: 2 });
  const visibility = select(
    "countdown-visibility",
    ["shown", "boxes_only", "hidden"].map((v) => [v, t(`countdown.${v}`)]),
  );
  openDialog(
    t("gm.add_countdown"),
    h(
      "div",
      {},
      field(t("countdown.name"), name),
      field(t("countdown.boxes"), boxes),
      field(t("countdown.outcome"), outcome),
      field(t("countdown.triggers"), triggers, h("p", { class: "hint" }, t("countdown.triggers_hint"))),
      field(t("countdown.visibility"), visibility),
    ),
    (form, out) =>
      sendFrom(
        "AddCountdown",
        {
          countdown_id: `cd${seatView().table.version + 1}`,
          name: name.value.trim(),
          boxes: Number(boxes.value),
          outcome: outcome.value.trim(),
          triggers: triggers.value
            .split("\n")
            .map((/** @type {string} */ line) => line.trim())
            .filter(Boolean),
          visibility: visibility.value,
        },
        out,
      ),
    { id: "countdown-form" },
  );
}

// Steps an undo never takes back: the table's creation, an undo, and what is not a move of play
// (a safety signal raised or answered, a safety tool turned on or off).
const NOT_UNDONE = new Set(["Undone", "TableCreated", "SignalRaised", "SignalAnswered", "SafetyToolSet"]);

export function openUndo() {
  // The choices come from the log the page holds: until its latest page has been read, the
  // dialog says so and cannot be sent (an Undo sent from an empty list would do nothing).
  const choice = h("div", { id: "undo-choices", "aria-busy": "true" }, h("p", { class: "hint" }, t("undo.reading")));
  const form = openDialog(
    t("gm.undo"),
    h("div", {}, h("p", { class: "hint" }, t("undo.hint")), h("fieldset", {}, h("legend", {}, t("undo.from")), choice)),
    (form, out) => {
      const picked = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=undo-version]:checked"));
      return picked ? sendFrom("Undo", { target_version: Number(picked.value) }, out) : false;
    },
    { submitLabel: t("gm.undo"), id: "undo-form" },
  );
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector("#undo-form-submit")); // openDialog's
  submit.disabled = true;
  logRead().then((read) => {
    if (!choice.isConnected) return; // the dialog was closed, or another opened, meanwhile
    const recent = app.events
      .filter((e) => !NOT_UNDONE.has(e.type))
      .slice(-15)
      .reverse();
    const radios = recent.map((e, i) => {
      const input = h("input", {
        type: "radio",
        name: "undo-version",
        value: String(e.version),
        id: `undo-${e.version}`,
        checked: i === 0,
      });
      return h(
        "div",
        { class: "check" },
        input,
        h("label", { for: input.id }, h("span", { class: "version" }, `#${e.version}`), " ", describeEvent(e)),
      );
    });
    fill(
      choice,
      radios.length
        ? radios
        : h("p", { class: "empty", role: read ? null : "alert" }, t(read ? "undo.nothing" : "undo.unread")),
    );
    choice.removeAttribute("aria-busy");
    submit.disabled = radios.length === 0;
    // The dialog started on its Cancel button (nothing else could take focus): the newest step
    // is the one to start from, unless the person has moved on meanwhile.
    const at = document.activeElement;
    if (radios.length && !(at && form.contains(at) && at.matches("input, select, textarea")))
      /** @type {HTMLInputElement} */ (radios[0].querySelector("input")).focus(); // drawn just above
  });
}

// -- the optional rules in a conflict -------------------------------------------------------------

/** Weapon and Armor ratings (0 to 4) for a fighter: the GM's, or a player's for their own.
 * @param {string[]} ids */
export function openEquip(ids) {
  const c = runningConflict();
  const whom = characterSelect("equip-who", ids);
  const ratings = [0, 1, 2, 3, 4].map((n) => [String(n), String(n)]);
  const weapon = select("equip-weapon", ratings);
  const armor = select("equip-armor", ratings);
  const current = () => {
    const f = c.fighters.find((x) => x.id === whom.value);
    if (f) {
      weapon.value = String(f.weapon);
      armor.value = String(f.armor);
    }
  };
  whom.addEventListener("change", current);
  openDialog(
    t("gear.title"),
    h(
      "div",
      {},
      field(t("gear.who"), whom),
      field(t("gear.weapon"), weapon),
      field(t("gear.armor"), armor),
      h("p", { class: "hint" }, t("gear.hint")),
    ),
    (form, out) =>
      sendFrom("Equip", { character_id: whom.value, weapon: Number(weapon.value), armor: Number(armor.value) }, out),
    { id: "equip-form" },
  );
  current();
}

export const SCALE_LEVELS = ["mundane", "supernatural", "otherworldly", "legendary", "godlike"];

/** A fighter's scale. @param {string[]} ids */
export function openScale(ids) {
  const whom = characterSelect("scale-who", ids);
  const level = select(
    "scale-level",
    SCALE_LEVELS.map((l) => [l, t(`scale.${l}`)]),
  );
  openDialog(
    t("scale.title"),
    h("div", {}, field(t("gear.who"), whom), field(t("scale.level"), level)),
    (form, out) => sendFrom("SetScale", { character_id: whom.value, level: level.value }, out),
    { id: "scale-form" },
  );
}

/** Make a fighter a big bad: minions to shield it, an immunity to break first, a scale, the
 * solo bonuses, its later true forms (character files), and whether it is a map or a hive of
 * parts.
 * @param {string[]} ids */
export function openBigBad(ids) {
  const whom = characterSelect("bigbad-who", ids);
  const minionChecks = h("div", {});
  const fillMinions = () => {
    minionChecks.replaceChildren(
      ...ids
        .filter((id) => id !== whom.value)
        .map((id) => {
          const box = h("input", { type: "checkbox", value: id, id: `bigbad-minion-${id}` });
          return h("div", { class: "check" }, box, h("label", { for: box.id }, who(id)));
        }),
    );
  };
  whom.addEventListener("change", fillMinions);
  fillMinions();
  const immunity = select("bigbad-immunity", [
    ["", t("bigbad.immunity.none")],
    ["challenge", t("bigbad.immunity.challenge")],
    ["contest", t("bigbad.immunity.contest")],
  ]);
  const scale = select("bigbad-scale", [["", t("scale.none")], ...SCALE_LEVELS.map((l) => [l, t(`scale.${l}`)])]);
  const flags = ["skill", "stress", "amplified", "no_free_stacking"].map((k) => {
    const box = h("input", { type: "checkbox", id: `bigbad-solo-${k}` });
    return { key: k, box, row: h("div", { class: "check" }, box, h("label", { for: box.id }, t(`bigbad.solo.${k}`))) };
  });
  const suppress = select("bigbad-suppress", [
    ["", t("bigbad.suppress.none")],
    ["plus_one", t("bigbad.suppress.plus_one")],
    ["reroll_only", t("bigbad.suppress.reroll_only")],
  ]);
  const threat = threatControls(ids, whom);
  const forms = formControls();
  openDialog(
    t("bigbad.button"),
    h(
      "div",
      {},
      field(t("gear.who"), whom),
      h("fieldset", {}, h("legend", {}, t("bigbad.minions_pick")), minionChecks),
      field(t("bigbad.immunity_pick"), immunity),
      field(t("scale.level"), scale),
      h(
        "fieldset",
        {},
        h("legend", {}, t("bigbad.solo_pick")),
        flags.map((f) => f.row),
        field(t("bigbad.suppress"), suppress),
      ),
      forms.node,
      threat.node,
    ),
    async (form, out) => {
      /** @type {Record<string, unknown>} */
      const data = {
        character_id: whom.value,
        minions: [.../** @type {NodeListOf<HTMLInputElement>} */ (minionChecks.querySelectorAll("input:checked"))].map(
          (i) => i.value,
        ),
      };
      if (immunity.value) data.immunity = immunity.value;
      if (scale.value) data.scale = scale.value;
      for (const f of flags) if (f.box.checked) data[`solo_${f.key}`] = true;
      if (suppress.value) data.solo_suppress = suppress.value;
      Object.assign(data, threat.read(), await forms.read());
      return sendFrom("SetBigBad", data, out);
    },
    { id: "bigbad-form" },
  );
}

/** The big bad's later true forms: a character file for each, in the order they are revealed
 * (each when the one before is taken out), and whether consequences carry over. The files go to
 * the table as their text; its rules engine reads and checks each sheet. */
function formControls() {
  const list = h("div", { id: "bigbad-form-files" });
  /** @type {HTMLInputElement[]} */
  const inputs = [];
  const another = () => {
    const input = h("input", {
      type: "file",
      id: `bigbad-form-file-${inputs.length}`,
      accept: ".json,application/json",
    });
    inputs.push(input);
    // The sheet in play is the first form, so the files are the second form on.
    add(list, field(tn("bigbad.forms_file", { n: inputs.length + 1 }), input));
    return input;
  };
  another();
  const gentle = h("input", { type: "checkbox", id: "bigbad-gentle" });
  const node = h(
    "fieldset",
    { id: "bigbad-forms-fields" },
    h("legend", {}, t("bigbad.forms_legend")),
    h("p", { class: "hint" }, t("bigbad.forms_hint")),
    list,
    button(t("bigbad.forms_more"), () => another().focus(), { id: "bigbad-form-more" }),
    h("div", { class: "check" }, gentle, h("label", { for: gentle.id }, t("bigbad.forms_gentle"))),
  );
  const read = async () => {
    const chosen = /** @type {File[]} */ (inputs.map((input) => input.files && input.files[0]).filter(Boolean));
    const texts = await Promise.all(chosen.map((file) => file.text()));
    return { ...(texts.length ? { forms: texts } : {}), ...(gentle.checked ? { gentle: true } : {}) };
  };
  return { node, read };
}

/** The GM's note of a big bad's true forms on the conflict card: their names in order, and which
 * is in play (the players see only how many have been revealed).
 * @param {import("../../../docs/page").FormsPart} forms */
export function formsNote(forms) {
  const names = h("span", { "data-free": "" }, forms.names.join(" \u2192 "));
  return h(
    "span",
    { class: "badge secret", "data-forms": forms.current },
    tn("bigbad.forms_gm", { names, n: forms.current + 1 }),
    forms.gentle ? h("span", {}, " ", t("bigbad.forms_gentle_note")) : null,
  );
}

/** The big bad as a map or a hive: which fighters are its parts, on a map each part's zone and
 * reach, which parts shield each, and its heart. The table's rules engine judges the whole.
 * @param {string[]} ids @param {HTMLSelectElement} whom */
function threatControls(ids, whom) {
  const kind = select("bigbad-threat", [
    ["", t("bigbad.threat.none")],
    ["hive", t("bigbad.threat.hive")],
    ["map", t("bigbad.threat.map")],
  ]);
  const scene = seatView().scene;
  /** @type {{zones: string[], positions: Record<string, string>}} */
  const zones = (scene && scene.zones) || { zones: [], positions: {} };
  const rows = ids.map((id) => {
    const box = h("input", { type: "checkbox", value: id, id: `bigbad-part-${id}` });
    const zone = select(
      `bigbad-part-zone-${id}`,
      zones.zones.map((z) => [z, z]),
      zones.positions[id] || zones.zones[0] || null,
      { freeText: true },
    );
    const reach = h("input", { type: "number", min: "0", step: "1", value: "0", id: `bigbad-part-reach-${id}` });
    const shields = ids
      .filter((other) => other !== id)
      .map((other) => {
        const shield = h("input", { type: "checkbox", value: other, id: `bigbad-part-${id}-behind-${other}` });
        return h("div", { class: "check" }, shield, h("label", { for: shield.id }, who(other)));
      });
    const onMap = h(
      "div",
      { class: "threat-map-only" },
      field(t("bigbad.threat.zone"), zone),
      field(t("bigbad.threat.reach"), reach),
    );
    const details = h(
      "div",
      { class: "threat-part-details" },
      onMap,
      shields.length
        ? h("fieldset", {}, h("legend", {}, tn("bigbad.threat.behind_pick", { who: who(id) })), shields)
        : null,
    );
    const row = h(
      "div",
      { class: "threat-part" },
      h("div", { class: "check" }, box, h("label", { for: box.id }, who(id))),
      details,
    );
    return { id, box, zone, reach, onMap, details, row };
  });
  const heart = characterSelect("bigbad-heart", ids, whom.value);
  const parts = h(
    "div",
    {},
    h(
      "fieldset",
      {},
      h("legend", {}, t("bigbad.threat.parts_pick")),
      rows.map((r) => r.row),
    ),
    field(t("bigbad.threat.heart_pick"), heart),
  );
  const show = () => {
    parts.hidden = !kind.value;
    for (const r of rows) {
      r.details.hidden = !r.box.checked;
      r.onMap.hidden = kind.value !== "map";
    }
  };
  kind.addEventListener("change", show);
  for (const r of rows) r.box.addEventListener("change", show);
  show();
  const node = h(
    "fieldset",
    { id: "bigbad-threat-fields" },
    h("legend", {}, t("bigbad.threat.legend")),
    field(t("bigbad.threat.kind"), kind, h("p", { class: "hint" }, t("bigbad.threat.hint"))),
    parts,
  );
  const read = () => {
    if (!kind.value) return {};
    const chosen = rows.filter((r) => r.box.checked);
    const threat_parts = chosen.map((r) => ({
      id: r.id,
      ...(kind.value === "map" ? { zone: r.zone.value, reach: Number(r.reach.value) } : {}),
      behind: [
        .../** @type {NodeListOf<HTMLInputElement>} */ (r.details.querySelectorAll("fieldset input:checked")),
      ].map((i) => i.value),
    }));
    return { threat_parts, threat_heart: heart.value };
  };
  return { node, read };
}

/** The GM settles a big bad's immunity: the challenge was beaten, or the running contest says.
 * @typedef {import("../../../docs/page").BigBadPart & {immunity: import("../../../docs/page").ImmunityPart}} Immune
 * @param {Immune} bad */
export function openBreakImmunity(bad) {
  const contest = seatView().contest;
  const byContest = bad.immunity.kind === "contest" && contest;
  const side = byContest
    ? select(
        "break-side",
        contest.sides.map((s) => [s.id, s.id]),
        null,
        { freeText: true },
      )
    : null;
  openDialog(
    t("bigbad.break"),
    h(
      "div",
      {},
      h("p", {}, who(bad.id)),
      side ? field(t("bigbad.contest_side"), side) : h("p", { class: "hint" }, t("bigbad.break_hint")),
    ),
    (form, out) =>
      sendFrom("BreakImmunity", { character_id: bad.id, ...(side ? { contest_side: side.value } : {}) }, out),
    { id: "break-form" },
  );
}
