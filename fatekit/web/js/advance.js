// Advancement: the form a player fills in to change their character when a milestone is open,
// and the one that spends skill steps banked at earlier breakthroughs.

import { button, field, h } from "./lib/dom.js";
import { select, skillOptions } from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { app, send, seatView } from "./store.js";
import { aspectName, packageName } from "./view.js";

/** @typedef {import("../../../docs/page").ConsequencePart} ConsequencePart */
/** @typedef {import("../../../docs/page").PackageOfferPart} PackageOfferPart */
/** A consequence slot that holds one (its aspect).
 * @typedef {ConsequencePart & {aspect: import("../../../docs/page").SheetAspectPart}} Taken */
/** A consequence's row in a milestone's form: its tick, and its new name where it takes one.
 * @typedef {{id: string, tick: HTMLInputElement, input: HTMLInputElement | null}} TickRow */

// -- milestones ---------------------------------------------------------------------------------

const CHANGES = ["swap_skills", "replace_skill", "rewrite_stunt", "buy_stunt", "rewrite_aspect"];
// The changes that rate skills anew: a rule set with modes refuses them (modes.improve), its
// ratings following from the modes, so they are not offered there.
const SKILL_CHANGES = ["swap_skills", "replace_skill"];

/** Whether the table's rule set has modes (its sheets improve skills within them). */
function moded() {
  return Boolean(app.preset && app.preset.modes && app.preset.modes.length);
}

/** The one change every milestone allows (Fate Condensed's milestone, Fate Core's and Fate
 * Accelerated's minor one): its fields, and `choice()`, the change as the engine reads it (null
 * for none, when `none` is offered). Fate Accelerated swaps approaches and never trades one.
 * @param {string} pc @param {{none: boolean, trade?: boolean}} how */
function changeFields(pc, { none, trade = true }) {
  const c = seatView().characters.find((x) => x.id === pc);
  const sheet = c && c.sheet;
  // A rule set's packages (Venture City's powers): each way the milestone takes one, bought or
  // in the place of one bought, as the table offers it for this PC.
  const ways = /** @type {PackageOfferPart[]} */ ((c && c.package_offers) || []);
  const label = packageName("label");
  const change = select(`milestone-kind-${pc}`, [
    ...(none ? [["", t("milestone.change.none")]] : []),
    ...CHANGES.filter((k) => (trade || k !== "replace_skill") && !(moded() && SKILL_CHANGES.includes(k))).map((k) => [
      k,
      t(`milestone.change.${k}`),
    ]),
    ...(ways.some((w) => !w.replaces && !w.adds)
      ? [["buy_package", t("milestone.change.buy_package", { label })]]
      : []),
    ...(ways.some((w) => w.replaces) ? [["swap_package", t("milestone.change.swap_package", { label })]] : []),
    ...(ways.some((w) => w.adds)
      ? [["add_package_options", t("milestone.change.add_package_options", { label })]]
      : []),
  ]);
  const pack = packageFields(pc, ways, change);
  // Two skills: swapped, or the Average one traded for a new one. They start on two different
  // skills: a swap of a skill with itself is no change, and the engine refuses it.
  const skills = skillOptions();
  const first = select(`milestone-first-${pc}`, skills);
  const second = select(`milestone-second-${pc}`, skills, skills.length > 1 ? skills[1][0] : null);
  const skillsBox = h("div", {}, field(t("milestone.first"), first), field(t("milestone.second"), second));
  // A stunt: the one to rewrite, and the new one (a +2 to one skill and action, as in the editor).
  const stunts = sheet ? sheet.stunts : [];
  const oldStunt = select(
    `milestone-stunt-old-${pc}`,
    stunts.map((st) => [st.name, st.name]),
    null,
    { freeText: true },
  );
  const stuntName = h("input", { id: `milestone-stunt-name-${pc}`, autocomplete: "off" });
  const stuntSkill = select(`milestone-stunt-skill-${pc}`, skillOptions());
  const stuntAction = select(
    `milestone-stunt-action-${pc}`,
    ["overcome", "create_advantage", "attack", "defend"].map((a) => [a, t(`action.${a}`)]),
  );
  const stuntText = h("input", { id: `milestone-stunt-text-${pc}`, autocomplete: "off" });
  const oldStuntBox = field(t("milestone.old_stunt"), oldStunt);
  const stuntBox = h(
    "div",
    {},
    oldStuntBox,
    field(t("milestone.stunt_name"), stuntName),
    h("div", { class: "inline" }, field(t("roll.skill"), stuntSkill), field(t("roll.action"), stuntAction)),
    field(t("sheet.stunt_text"), stuntText, h("p", { class: "hint" }, t("sheet.stunt_hint"))),
  );
  // An aspect other than the high concept, and its new wording.
  const aspects = sheet ? sheet.aspects.filter((a) => a.kind !== "high_concept") : [];
  const aspect = select(
    `milestone-aspect-${pc}`,
    aspects.map((a) => [a.id, a.name]),
    null,
    { freeText: true },
  );
  const text = h("input", { id: `milestone-text-${pc}`, autocomplete: "off" });
  const aspectBox = h("div", {}, field(t("milestone.aspect"), aspect), field(t("milestone.new_name"), text));
  const update = () => {
    pack.update();
    skillsBox.hidden = !["swap_skills", "replace_skill"].includes(change.value);
    stuntBox.hidden = !["rewrite_stunt", "buy_stunt"].includes(change.value);
    oldStuntBox.hidden = change.value !== "rewrite_stunt";
    aspectBox.hidden = change.value !== "rewrite_aspect";
  };
  change.addEventListener("change", update);
  update();
  const stunt = () =>
    JSON.stringify({
      name: stuntName.value.trim(),
      description: stuntText.value.trim(),
      effect: { type: "skill_bonus", skill: stuntSkill.value, action: stuntAction.value },
    });
  const choice = () => {
    switch (change.value) {
      case "swap_skills":
        return { kind: "swap_skills", first: first.value, second: second.value };
      case "replace_skill":
        return { kind: "replace_skill", old: first.value, new: second.value };
      case "rewrite_stunt":
        return { kind: "rewrite_stunt", old: oldStunt.value, stunt: stunt() };
      case "buy_stunt":
        return { kind: "buy_stunt", stunt: stunt() };
      case "rewrite_aspect":
        return { kind: "rewrite_aspect", aspect_id: aspect.value, name: text.value.trim() };
      case "buy_package":
      case "swap_package":
      case "add_package_options":
        return pack.choice();
      default:
        return null;
    }
  };
  return { nodes: [field(t("milestone.change"), change), skillsBox, stuntBox, aspectBox, pack.box], choice };
}

/** A package bought or changed at a milestone: the one it replaces (a change), the package, and
 * the way it is taken (the options it must take, with the refresh that costs), each from the
 * ways the table offers (`ways`), so what is sent is one the engine takes; the options the way
 * may take on top (its `extras`, ticked), the engine judging them together. Or an option bought
 * on a package held (`adds`).
 * @param {string} pc @param {PackageOfferPart[]} ways @param {HTMLSelectElement} change */
function packageFields(pc, ways, change) {
  const old = select(
    `milestone-package-old-${pc}`,
    [...new Set(ways.map((w) => w.replaces).filter(Boolean))].map((k) => [
      /** @type {string} */ (k),
      packageName("packages", /** @type {string} */ (k)),
      true,
    ]),
  );
  const key = select(`milestone-package-${pc}`, []);
  const way = select(`milestone-package-with-${pc}`, []);
  const oldBox = field(t("milestone.package_old"), old);
  // The options the way chosen may take on top, each a tick with the refresh the change costs
  // with it alone.
  const extras = h("div", { id: `milestone-package-extras-${pc}` });
  const extrasBox = h("fieldset", {}, h("legend", {}, t("milestone.package_extras")), extras);
  const box = h(
    "div",
    {},
    h("p", { class: "hint", id: `milestone-package-hint-${pc}` }, t("milestone.package_hint")),
    oldBox,
    field(packageName("label"), key),
    field(t("milestone.package_with"), way),
    extrasBox,
  );
  const swap = () => change.value === "swap_package";
  const adds = () => change.value === "add_package_options";
  // The ways open to the change chosen (and the package replaced); then to the package chosen.
  const open = () =>
    ways.filter((w) => (adds() ? Boolean(w.adds) : !w.adds && (swap() ? w.replaces === old.value : !w.replaces)));
  const fillExtras = () => {
    const w = ways[Number(way.value)];
    const found = (w && !w.adds && w.extras) || [];
    extras.replaceChildren(
      ...found.map((e) => {
        const tick = h("input", { type: "checkbox", value: e.option, id: `milestone-package-extra-${pc}-${e.option}` });
        return h(
          "div",
          { class: "check" },
          tick,
          h(
            "label",
            { for: tick.id, "data-free": "" },
            t("milestone.package_cost", { what: packageName("options", e.option), n: e.refresh }),
          ),
        );
      }),
    );
    extrasBox.hidden = !found.length;
  };
  /** @param {HTMLSelectElement} el @param {[string, string][]} options */
  const refill = (el, options) => {
    const kept = el.value;
    el.replaceChildren(...options.map(([value, text]) => h("option", { value, "data-free": "" }, text)));
    if (options.some(([value]) => value === kept)) el.value = kept;
  };
  const fillWays = () => {
    refill(
      way,
      ways
        .map((w, i) => /** @type {[PackageOfferPart, number]} */ ([w, i]))
        .filter(([w]) => open().includes(w) && w.key === key.value)
        .map(([w, i]) => [
          String(i),
          t("milestone.package_cost", {
            what: w.options.map((o) => packageName("options", o)).join(" · "),
            n: w.refresh,
          }),
        ]),
    );
    fillExtras();
  };
  const fillKeys = () => {
    refill(
      key,
      [...new Set(open().map((w) => w.key))].map((k) => [k, packageName("packages", k)]),
    );
    fillWays();
  };
  old.addEventListener("change", fillKeys);
  key.addEventListener("change", fillWays);
  way.addEventListener("change", fillExtras);
  const update = () => {
    box.hidden = !["buy_package", "swap_package", "add_package_options"].includes(change.value);
    oldBox.hidden = !swap();
    fillKeys();
  };
  const choice = () => {
    const w = ways[Number(way.value)];
    if (!w) return null;
    if (w.adds) return { kind: "add_package_options", package: w.key, options: w.options };
    const ticked = [...extras.querySelectorAll("input:checked")].map(
      (el) => /** @type {HTMLInputElement} */ (el).value,
    );
    const options = [...w.options, ...ticked];
    return swap()
      ? { kind: "swap_package", old: w.replaces, package: w.key, options }
      : { kind: "buy_package", package: w.key, options };
  };
  return { box, update, choice };
}

/** Spending a milestone or a breakthrough on a PC (Fate Condensed; Fate Core's and Fate
 * Accelerated's three milestones are `threeMilestoneForm`'s). Every change the engine offers is
 * here; the engine says whether it is legal (an Average skill to trade, refresh left for a
 * stunt...).
 * @param {string} pc @param {import("../../../docs/page").Milestone} kind */
export function milestoneForm(pc, kind) {
  if ((seatView().table.advancement || "condensed") !== "condensed") return threeMilestoneForm(pc, kind);
  const out = h("div", {});
  const c = seatView().characters.find((x) => x.id === pc);
  const sheet = c && c.sheet;
  const major = kind === "major";
  const { nodes, choice } = changeFields(pc, { none: major });
  // A milestone's form; a breakthrough's has it all and more.
  const milestone = nodes;
  if (!major) {
    return h(
      "div",
      { class: "milestone-form", id: `milestone-${pc}` },
      ...milestone,
      button(t("milestone.take"), () => send("Milestone", { character_id: pc, choice: choice() }, out), {
        id: `milestone-take-${pc}`,
        class: "primary",
      }),
      out,
    );
  }
  // A breakthrough adds: the high concept rewritten, untreated moderate and severe consequences
  // renamed as they start to recover, skill steps spent now (the rest are banked), and the
  // GM's extra refresh and skill step.
  const concept = h("input", { id: `milestone-concept-${pc}`, autocomplete: "off" });
  const untreated = sheet
    ? sheet.consequences.filter(
        (slot) => slot.aspect && ["moderate", "severe"].includes(slot.severity) && !slot.recovering,
      )
    : [];
  // Starting recovery is the player's choice, one consequence or more: each has its own tick.
  const recoveries = untreated.flatMap(({ aspect }) =>
    aspect
      ? [
          {
            id: aspect.id,
            start: h("input", { type: "checkbox", id: `milestone-recover-start-${pc}-${aspect.id}`, checked: true }),
            input: h("input", { id: `milestone-recover-${pc}-${aspect.id}`, autocomplete: "off", value: aspect.name }),
          },
        ]
      : [],
  );
  // Those already healing may be cleared (the text says *may*): each its own tick, on by default.
  const clears = (sheet ? sheet.consequences : [])
    .filter((slot) => ["moderate", "severe"].includes(slot.severity) && slot.recovering)
    .flatMap(({ aspect }) =>
      aspect
        ? [
            {
              id: aspect.id,
              tick: h("input", { type: "checkbox", id: `milestone-clear-${pc}-${aspect.id}`, checked: true }),
            },
          ]
        : [],
    );
  const raises = [0, 1].map((i) => select(`milestone-raise-${pc}-${i}`, [["", "\u2014"], ...skillOptions()], ""));
  const banked = sheet && sheet.skill_steps ? sheet.skill_steps.banked : 0;
  const gmRefresh = h("input", { type: "checkbox", id: `milestone-gm-refresh-${pc}` });
  const gmStep = h("input", { type: "checkbox", id: `milestone-gm-step-${pc}` });
  return h(
    "div",
    { class: "milestone-form", id: `milestone-${pc}` },
    ...milestone,
    field(t("milestone.high_concept"), concept),
    recoveries.length
      ? h(
          "fieldset",
          {},
          h("legend", {}, t("milestone.recovery")),
          recoveries.map((r) =>
            h(
              "div",
              { class: "recovery-choice" },
              h(
                "div",
                { class: "check" },
                r.start,
                h("label", { for: r.start.id }, tn("milestone.recover_start", { name: aspectName(r.id) })),
              ),
              field(tn("milestone.recover", { name: aspectName(r.id) }), r.input),
            ),
          ),
        )
      : null,
    clears.length
      ? h(
          "fieldset",
          {},
          h("legend", {}, t("milestone.clear")),
          clears.map((c) =>
            h(
              "div",
              { class: "check" },
              c.tick,
              h("label", { for: c.tick.id }, tn("milestone.clear_one", { name: aspectName(c.id) })),
            ),
          ),
        )
      : null,
    h(
      "fieldset",
      {},
      h("legend", {}, t("milestone.raise")),
      h("p", { class: "hint" }, tn("milestone.raise_hint", { n: banked })),
      raises.map((r, i) => field(tn("milestone.raise_n", { n: i + 1 }), r)),
    ),
    // The GM's power-up, where the table offers it to this seat (the PC's gm_powers).
    c && c.gm_powers
      ? h(
          "fieldset",
          {},
          h("legend", {}, t("milestone.gm_power")),
          h("div", { class: "check" }, gmRefresh, h("label", { for: gmRefresh.id }, t("milestone.gm_refresh"))),
          h("div", { class: "check" }, gmStep, h("label", { for: gmStep.id }, t("milestone.gm_step"))),
        )
      : null,
    button(
      t("milestone.take"),
      () => {
        const chosen = choice();
        send(
          "Breakthrough",
          {
            character_id: pc,
            ...(chosen ? { milestone: chosen } : {}),
            ...(concept.value.trim() ? { high_concept: concept.value.trim() } : {}),
            recovery_names: recoveries.filter((r) => r.start.checked).map((r) => [r.id, r.input.value.trim()]),
            clear_recovering: clears.filter((c) => c.tick.checked).map((c) => c.id),
            raise_now: raises.map((r) => r.value).filter(Boolean),
            gm_refresh: gmRefresh.checked,
            gm_skill_step: gmStep.checked,
          },
          out,
        );
      },
      { id: `milestone-take-${pc}`, class: "primary" },
    ),
    out,
  );
}

/** A tick for each consequence, and (with `renamed`) its new name: the consequences a milestone
 * starts healing, clears, or turns into lasting aspects.
 * @param {string} pc @param {Taken[]} slots @param {string} idPart @param {boolean} renamed @param {boolean} checked */
function ticks(pc, slots, idPart, renamed, checked) {
  return slots.map((slot) => ({
    id: slot.aspect.id,
    tick: h("input", { type: "checkbox", id: `milestone-${idPart}-tick-${pc}-${slot.aspect.id}`, checked }),
    input: renamed
      ? h("input", { id: `milestone-${idPart}-${pc}-${slot.aspect.id}`, autocomplete: "off", value: slot.aspect.name })
      : null,
  }));
}

/** @param {string} legend @param {TickRow[]} rows @param {string} tickLabel @param {string | null} inputLabel */
function tickBox(legend, rows, tickLabel, inputLabel) {
  if (!rows.length) return null;
  return h(
    "fieldset",
    {},
    h("legend", {}, legend),
    rows.map((r) =>
      h(
        "div",
        { class: "recovery-choice" },
        h("div", { class: "check" }, r.tick, h("label", { for: r.tick.id }, tn(tickLabel, { name: aspectName(r.id) }))),
        // Rows with a new name to type come with its label.
        r.input ? field(tn(/** @type {string} */ (inputLabel), { name: aspectName(r.id) }), r.input) : null,
      ),
    ),
  );
}

/** Spending a Fate Core or Fate Accelerated milestone: the minor milestone's one change (or
 * none); in Fate Core moderate consequences renamed to start healing (and severe ones from a
 * significant milestone), in Fate Accelerated those two sessions old cleared; from a
 * significant milestone a skill point (an approach step) to spend or bank; at a major one the
 * high concept renamed and each extreme consequence renamed into a lasting aspect. The engine
 * judges it all and says why it refuses, under the button.
 * @param {string} pc @param {import("../../../docs/page").Milestone} level */
export function threeMilestoneForm(pc, level) {
  const out = h("div", { "aria-live": "polite" });
  const c = seatView().characters.find((x) => x.id === pc);
  const sheet = c && c.sheet;
  const core = seatView().table.advancement === "core";
  const grows = level !== "minor";
  const major = level === "major";
  const { nodes, choice } = changeFields(pc, { none: true, trade: core });
  const heavy = (/** @type {ConsequencePart} */ slot) =>
    slot.severity === "moderate" || (grows && slot.severity === "severe");
  const held = /** @type {Taken[]} */ (sheet ? sheet.consequences.filter((slot) => slot.aspect && heavy(slot)) : []);
  const recoveries = core
    ? ticks(
        pc,
        held.filter((slot) => !slot.recovering),
        "recover",
        true,
        true,
      )
    : [];
  const clears = core ? [] : ticks(pc, held, "clear", false, false);
  const extremes = major
    ? ticks(
        pc,
        /** @type {Taken[]} */ (
          (sheet ? sheet.consequences : []).filter((slot) => slot.aspect && slot.severity === "extreme")
        ),
        "extreme",
        true,
        false,
      )
    : [];
  // A ticked row and the name typed for it: recoveries and extremes were made `renamed`, each
  // with its input.
  const named = (/** @type {TickRow} */ r) => [r.id, /** @type {HTMLInputElement} */ (r.input).value.trim()];
  const banked = sheet && sheet.skill_steps ? sheet.skill_steps.banked : 0;
  const raises = grows
    ? Array.from({ length: banked + 1 }, (_, i) =>
        select(`milestone-raise-${pc}-${i}`, [["", "\u2014"], ...skillOptions()], ""),
      )
    : [];
  const concept = major ? h("input", { id: `milestone-concept-${pc}`, autocomplete: "off" }) : null;
  return h(
    "div",
    { class: "milestone-form", id: `milestone-${pc}`, "data-level": level },
    major ? h("p", { class: "hint" }, t(core ? "milestone.major_hint" : "milestone.major_hint_fae")) : null,
    ...nodes,
    concept ? field(t("milestone.high_concept"), concept) : null,
    tickBox(t("milestone.recovery"), recoveries, "milestone.recover_start", "milestone.recover"),
    tickBox(t("milestone.fae_clear"), clears, "milestone.clear_one", null),
    tickBox(t("milestone.extreme"), extremes, "milestone.extreme_one", "milestone.recover"),
    raises.length
      ? h(
          "fieldset",
          {},
          h("legend", {}, t(core ? "milestone.skill_point" : "milestone.approach_step")),
          h("p", { class: "hint" }, tn(core ? "milestone.point_hint" : "milestone.approach_hint", { n: banked })),
          raises.map((r, i) => field(tn("milestone.raise_n", { n: i + 1 }), r)),
        )
      : null,
    button(
      t("milestone.take"),
      () => {
        const chosen = choice();
        send(
          "SpendMilestone",
          {
            character_id: pc,
            ...(chosen ? { change: chosen } : {}),
            recovery_names: recoveries.filter((r) => r.tick.checked).map(named),
            clear: clears.filter((r) => r.tick.checked).map((r) => r.id),
            raise_now: raises.map((r) => r.value).filter(Boolean),
            ...(concept && concept.value.trim() ? { high_concept: concept.value.trim() } : {}),
            extreme_names: extremes.filter((r) => r.tick.checked).map(named),
          },
          out,
        );
      },
      { id: `milestone-take-${pc}`, class: "primary" },
    ),
    out,
  );
}

// -- banked skill steps -------------------------------------------------------------------------

/** Spending skill steps a PC banked at earlier breakthroughs, with no milestone open: one skill
 * per step, sent together so the engine checks the column rule on the result (and its refusal,
 * a broken column or too few steps, is shown under the button).
 * @param {string} pc @param {number} banked */
export function raiseForm(pc, banked) {
  const out = h("div", { "aria-live": "polite" });
  const steps = Array.from({ length: banked }, (_, i) =>
    select(`advance-raise-${pc}-${i}`, [["", "\u2014"], ...skillOptions()], ""),
  );
  return h(
    "div",
    { class: "milestone-form", id: `advance-${pc}` },
    h("p", { class: "hint" }, t("advance.hint")),
    steps.map((s, i) => field(tn("milestone.raise_n", { n: i + 1 }), s)),
    button(
      t("advance.spend"),
      () => send("RaiseSkills", { character_id: pc, steps: steps.map((s) => s.value).filter(Boolean) }, out),
      {
        id: `advance-spend-${pc}`,
        class: "primary",
      },
    ),
    out,
  );
}
