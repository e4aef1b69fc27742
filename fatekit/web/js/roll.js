// A roll outside a conflict, and what follows the dice: the odds before it, invokes after it, the
// outcome's options; compels and passing a free invoke on an aspect.

import { add, button, field, fill, free, h } from "./lib/dom.js";
import { untilStill } from "./lib/still.js";
import { spreadNote } from "./dice_choice.js";
import { countedLine, countedPicker, countedWorth } from "./counted.js";
import {
  characterOptions,
  characterSelect,
  diceField,
  difficultyGuide,
  firstSkills,
  followsView,
  ladderOptions,
  openDialog,
  rankSkills,
  refill,
  secondSkillField,
  secondSkills,
  select,
  sendFrom,
  skillOptions,
  typedDice,
} from "./forms.js";
import { language, t, tn } from "./lib/i18n.js";
import { openSeat, seatExtras, seatView, send, showError } from "./store.js";
import {
  aspectLabel,
  character,
  ladderValue,
  mine,
  offered,
  offeredBy,
  skill,
  visibleAspects,
  who,
  withCost,
} from "./view.js";

/** @typedef {import("./scene.js").RollPart} RollPart */
/** @typedef {import("../../../docs/page").WeightPart} WeightPart */
/** A stunt /odds says may count on the roll (fatekit/table/offers.py): counted as things stand,
 * spent for now, its cost and circumstance, and its effect.
 * @typedef {{name: string, counted: boolean, spent: boolean, cost: string, circumstance?: string | null,
 *   bonus?: number, effect?: import("./sheet/stunts.js").Effect}} StuntOffer */
/** What the odds are asked for (GET /odds's parameters): who rolls what, against what, with the
 * stunts ticked (as JSON).
 * @typedef {{actor: string, skill: string, action?: string, stunts?: string, [field: string]: unknown}} OddsParams */
/** The element the odds are shown in, with what it keeps of them: the latest question, the
 * stunts ticked for a roll, and those the roll is to apply.
 * @typedef {HTMLElement & {asked?: number, picked?: {roll: string, chosen: string[]}, params?: OddsParams,
 *   stunts?: string[]}} OddsBox */
/** An aspect /invokes offers the invoker: its free invokes held, whether a paid one may be made.
 * @typedef {{aspect_id: string, name?: string | null, kind?: string, owner?: string | null, free: number,
 *   paid: boolean}} InvokeOption */

// -- odds before a roll -------------------------------------------------------------------------

/** A chance as the page's language writes it ("12.5%", "12,5 %"): a screen reader says it in
 * that language, where "12.5%" would be a number from another.
 * @param {number} p */
function percent(p) {
  return new Intl.NumberFormat(language(), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(p);
}

/** The roller's stunts that do something on this roll, as the rules engine offers them (whether
 * or not the odds can be shown), one tick each: the player confirms each one's circumstance. A
 * spent one is shown, not offered. Ticking asks the odds again, counting what is ticked.
 * @param {OddsBox} out @param {OddsParams} params @param {StuntOffer[]} offers */
function stuntPicker(out, params, offers) {
  if (!offers.length) return null;
  return h(
    "fieldset",
    { class: "stunt-picker" },
    h("legend", {}, t("stunt.on_roll")),
    offers.map((st) => {
      const box = h("input", { type: "checkbox", "data-stunt-pick": st.name, checked: st.counted, disabled: st.spent });
      box.addEventListener("change", () => {
        const chosen = [.../** @type {NodeListOf<HTMLInputElement>} */ (out.querySelectorAll("[data-stunt-pick]"))]
          .filter((b) => b.checked)
          .map((b) => /** @type {string} */ (b.dataset.stuntPick)); // each tick names its stunt
        out.picked = { roll: rollKey(params), chosen };
        showOdds(out, { ...params, stunts: JSON.stringify(chosen) });
      });
      return h(
        "label",
        {
          class: "stunt-bonus",
          "data-stunt": st.name,
          "data-counted": String(st.counted),
          "data-spent": String(st.spent),
        },
        box,
        " ",
        free(st.name, "strong"),
        " ",
        stuntDoes(st),
        st.circumstance ? h("span", { class: "hint" }, " ", tn("stunt.when", { when: free(st.circumstance) })) : null,
        st.spent ? h("span", { class: "hint" }, " ", t(`stunt.spent.${st.cost}`)) : null,
      );
    }),
  );
}

/** Which roll the odds are asked for: the same actor, skill and action offer the same stunts.
 * @param {OddsParams} params */
function rollKey(params) {
  return `${params.actor}|${params.skill}|${params.action || "overcome"}`;
}

/** What a stunt does on a roll, in the seat's language.
 * @param {StuntOffer} st */
function stuntDoes(st) {
  const e = /** @type {Partial<import("./sheet/stunts.js").Effect>} */ (st.effect || {});
  let does = null;
  if (e.type === "skill_bonus") does = tn("stunt.does.bonus", { n: st.bonus || e.bonus });
  // A swap names the skill it replaces.
  else if (e.type === "skill_swap")
    does = tn("stunt.does.swap_short", { replaces: skill(/** @type {string} */ (e.replaces)) });
  else if (e.type === "extra_free_invoke") does = tn("stunt.does.free_invoke_short", { n: e.count });
  else if (e.type === "boost") does = tn("stunt.does.boost_short");
  return does ? withCost(does, st.cost) : st.cost && st.cost !== "free" ? t(`stunt.cost.${st.cost}`) : null;
}

/** Ask /odds for the chances and show them in `out`; the page never works a probability out.
 * `out.stunts` holds the stunts the roll is to apply, as ticked: the command names them.
 * @param {OddsBox} out @param {OddsParams} params */
export async function showOdds(out, params) {
  // Answers may come back out of order as the form changes: only the latest question's counts.
  const asked = (out.asked = (out.asked || 0) + 1);
  // What the player ticked stays ticked while the form changes around the same roll.
  if (params.stunts === undefined && out.picked && out.picked.roll === rollKey(params))
    params = { ...params, stunts: JSON.stringify(out.picked.chosen) };
  // Kept, so the odds are asked again when the table changes under the open dialog.
  out.params = params;
  out.classList.add("odds-live");
  try {
    const found = await openSeat().get("/odds", params);
    await untilStill();
    if (asked !== out.asked) return;
    /** @type {StuntOffer[]} */
    const offers = found.stunts || [];
    // The roll names the ticked stunts, so the table adds exactly what was shown; the table
    // decides the same ones itself when the page names none (no answer yet).
    out.stunts = offers.filter((st) => st.counted).map((st) => st.name);
    const picker = stuntPicker(out, params, offers);
    if (found.hidden) {
      fill(
        out,
        picker,
        h("p", { class: "hint", id: "odds-hidden" }, tn("odds.hidden_with", { me: ladderValue(found.modifier) })),
        weightNotes(found),
      );
      return;
    }
    const c = found.chances;
    fill(
      out,
      // Aspects counted instead of a skill: each with what it adds, the engine's total.
      found.counted_bonus !== null && found.counted_bonus !== undefined && params.counted
        ? countedLine(params.actor, JSON.parse(String(params.counted)), found.counted_bonus)
        : null,
      h(
        "p",
        { class: "hint" },
        tn(found.active ? "odds.active" : "odds.passive", {
          me: ladderValue(found.modifier),
          them: ladderValue(found.opposition),
        }),
      ),
      // What the rules add before the dice (a mob's teamwork, a big bad alone, full defense,
      // scale), counted above: said, so the figures are not a puzzle.
      found.engine_bonus
        ? h("p", { class: "hint", id: "odds-engine-mine" }, tn("odds.engine_mine", { n: signed(found.engine_bonus) }))
        : null,
      found.opposing_engine_bonus
        ? h(
            "p",
            { class: "hint", id: "odds-engine-theirs" },
            tn("odds.engine_theirs", { n: signed(found.opposing_engine_bonus) }),
          )
        : null,
      weightNotes(found),
      picker,
      // 3d6 and d6-d6 fall otherwise than four Fate dice: the figures say so in words.
      spreadNote(found),
      // The defender's free stunts that fit count, as the table applies them; others are theirs.
      (found.opposing_stunts || []).map((/** @type {StuntOffer} */ st) =>
        h(
          "p",
          { class: "hint stunt-bonus", "data-stunt": st.name, "data-counted": String(st.counted) },
          tn(st.counted ? "odds.stunt_theirs_counted" : "odds.stunt_theirs", { name: free(st.name), n: st.bonus }),
        ),
      ),
      h(
        "ul",
        { class: "odds plain", id: "odds-list" },
        ["fail", "tie", "success", "success_with_style"].map((k) =>
          h(
            "li",
            { "data-outcome": k },
            h("span", {}, t(`outcome.${k}`)),
            " ",
            h("strong", { title: c[k].exact }, percent(c[k].p)),
          ),
        ),
      ),
    );
  } catch {
    if (asked === out.asked) {
      out.stunts = undefined;
      fill(out);
    }
  }
}

/** Invokes spent on average, as a person reads it: a whole number, or one decimal in the page's
 * language ("1,5" in Russian); a whole number picks the plural form.
 * @param {number} x */
function invokeCount(x) {
  const near = Math.round(x);
  if (Math.abs(x - near) < 0.05) return near;
  return new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(x);
}

/** Weight: the dice the engine turns to + on either side, counted in the odds (said even where
 * the opponent's skills keep the figures hidden: the sides stand in the open).
 * @param {{weight?: WeightPart | null, opposing_weight?: WeightPart | null}} found */
function weightNotes(found) {
  return [
    found.weight
      ? h("p", { class: "hint", id: "odds-weight-mine" }, tn("odds.weight_mine", weighed(found.weight)))
      : null,
    found.opposing_weight
      ? h("p", { class: "hint", id: "odds-weight-theirs" }, tn("odds.weight_theirs", weighed(found.opposing_weight)))
      : null,
  ];
}

/** What weight did to a roll, as its catalog lines take it: the sides' weights in the zone and
 * the dice turned to +.
 * @param {WeightPart} w */
export function weighed(w) {
  return { own: w.own, other: w.other, n: w.turned };
}

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** Ask again for the odds every open dialog shows: the table changed under it (a mob member
 * taken out, a full defense declared, a stunt spent), and the odds follow. */
export function refreshOdds() {
  for (const out of /** @type {NodeListOf<OddsBox>} */ (document.querySelectorAll("dialog[open] .odds-live"))) {
    if (out.params) showOdds(out, out.params);
  }
}

// -- a roll outside a conflict ------------------------------------------------------------------

/** The characters this seat may start a roll for now, as the scene offers them (the roll's own
 * check on the server: a scene and no conflict, no roll of theirs in play); those in the scene
 * first, the only ones listed when there are any. */
export function freeToRoll() {
  const scene = seatView().scene;
  if (!scene) return [];
  const inScene = scene.rollers.filter((id) => scene.participants.includes(id));
  return inScene.length ? inScene : scene.rollers;
}

/** Who else is in the scene: the characters a roll may be opposed by (all, with no scene).
 * @param {string | null} [actor] */
export function othersInScene(actor = null) {
  const view = seatView();
  const scene = view.scene;
  const ids = scene ? scene.participants : view.characters.map((c) => c.id);
  return ids.filter((id) => id !== actor && character(id));
}

export function openRoll() {
  const actor = characterSelect("roll-actor", freeToRoll());
  const action = select(
    "roll-action",
    ["overcome", "create_advantage"].map((a) => [a, t(`action.${a}`)]),
  );
  const skillSel = select("roll-skill", skillOptions(firstSkills(), actor.value));
  const skillBox = field(t("roll.skill"), skillSel);
  // Two combined lists: the second list's skill the roll adds, and the sum said.
  const second = secondSkillField("roll-second-skill", () => actor.value, skillSel);
  // A PC that counts aspects ticks them in place of a skill (counted.js); so may its opponent.
  const countedBox = h("div", {});
  const theirCountedBox = h("div", {});
  /** @type {import("./counted.js").CountedPicker | null} */
  let picker = null;
  /** @type {import("./counted.js").CountedPicker | null} */
  let theirPicker = null;
  const counting = () => Boolean(countedWorth(actor.value));
  const theyCount = () => mode.value === "against" && Boolean(countedWorth(against.value));
  const myRoll = () =>
    counting() && picker
      ? { skill: "", counted: picker.chosen() }
      : { skill: skillSel.value, ...(second.sel ? { second_skill: second.sel.value } : {}) };
  const theirs_ = () =>
    theyCount() && theirPicker
      ? { defend_counted: theirPicker.chosen() }
      : defendSkill.value
        ? { defend_skill: defendSkill.value }
        : {};
  const mode = select("roll-mode", [
    ["difficulty", t("roll.against_difficulty")],
    ["against", t("roll.against_someone")],
  ]);
  const difficulty = select("roll-difficulty", ladderOptions(), "2");
  const against = characterSelect("roll-against", othersInScene(actor.value));
  // The aspects to aim at follow the table while the dialog is open (a sheet rewritten meanwhile).
  const aimable = () => [
    ["", t("roll.new_aspect")],
    ...visibleAspects()
      .filter((a) => a.kind !== "boost")
      .map((a) => [a.id, a.name]),
  ];
  const target = followsView(select("roll-aspect", aimable(), "", { freeText: true }), aimable);
  const [diceIn, diceBox] = diceField("roll-dice");
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  // The skill the opponent resists with: theirs to pick (the GM's for an NPC); left to the
  // table, their best opposes the roll.
  const theirs = () => [["", t("roll.their_best")], ...skillOptions(firstSkills(), against.value)];
  const defendSkill = select("roll-defend-skill", theirs(), "");
  const defendSkillBox = field(t("roll.their_skill"), defendSkill);
  const againstBox = h("div", {}, field(t("roll.opponent"), against), defendSkillBox, theirCountedBox);
  const guide = difficultyGuide(difficulty, second.rating);
  const difficultyBox = field(t("roll.difficulty"), difficulty, guide);
  const targetBox = field(t("roll.advantage_on"), target);
  // A new advantage made on someone may describe them: the aspect goes on their character.
  const onOpponent = h("input", { type: "checkbox", id: "roll-on-opponent", checked: true });
  const onOpponentLabel = h("label", { for: onOpponent.id });
  const onOpponentBox = h("div", { class: "check" }, onOpponent, " ", onOpponentLabel);
  // An overcome may aim at removing an aspect the scene brought (an opponent may defend it).
  // Only an aspect the actor knows of: a hidden one must be discovered first.
  const removableBy = (/** @type {string} */ who) =>
    visibleAspects().filter(
      (a) =>
        ["situation", "zone", "boost"].includes(a.kind || "") &&
        (!a.hidden || ("known_to" in a && (a.known_to || []).includes(who))),
    );
  const removingOptions = (/** @type {string} */ who) => [
    ["", t("roll.no_aspect_removed")],
    ...removableBy(who).map((a) => (a.name ? [a.id, a.name, true] : [a.id, t("aspect.unnamed_boost")])),
  ];
  let removable = removableBy(actor.value);
  const removing = followsView(select("roll-remove", removingOptions(actor.value)), () => {
    removable = removableBy(actor.value);
    return removingOptions(actor.value);
  });
  const removingBox = field(t("roll.remove_aspect"), removing);
  // An overcome may take the actor across the map, where a free move does not reach (further
  // than the next zone, past something in the way): the engine says whether they get there.
  const scene = seatView().scene;
  const map = scene && scene.zones;
  const movingOptions = (/** @type {string} */ who) =>
    ((map && map.further && map.further[who]) || []).map((z) => [z, z]);
  const moveTo = select("roll-move-to", [["", t("overcome.no_move")], ...movingOptions(actor.value)], "", {
    freeText: true,
  });
  const moveBox = field(t("overcome.move_to"), moveTo, h("p", { class: "hint" }, t("roll.move_hint")));
  const update = () => {
    skillBox.hidden = counting();
    countedBox.hidden = !counting();
    defendSkillBox.hidden = theyCount();
    theirCountedBox.hidden = !theyCount();
    againstBox.hidden = mode.value !== "against";
    difficultyBox.hidden = mode.value !== "difficulty";
    targetBox.hidden = action.value !== "create_advantage";
    onOpponentBox.hidden = action.value !== "create_advantage" || mode.value !== "against" || Boolean(target.value);
    fill(onOpponentLabel, tn("roll.on_opponent", { who: who(against.value) }));
    moveBox.hidden = action.value !== "overcome" || !movingOptions(actor.value).length;
    removingBox.hidden = action.value !== "overcome" || !removable.length || Boolean(moveTo.value);
    const asked = /** @type {Record<string, unknown>} */ ({ ...myRoll(), ...theirs_() });
    for (const key of ["counted", "defend_counted"])
      if (Array.isArray(asked[key])) asked[key] = JSON.stringify(asked[key]);
    showOdds(odds, {
      actor: actor.value,
      skill: skillSel.value,
      action: action.value,
      ...(mode.value === "difficulty" ? { difficulty: difficulty.value } : { against: against.value }),
      ...asked,
      ...(mode.value === "difficulty" ? { defend_counted: undefined, defend_skill: undefined } : {}),
    });
  };
  const repick = () => {
    picker = counting() ? countedPicker("roll-counted", actor.value, update) : null;
    fill(countedBox, picker ? picker.box : null);
    theirPicker = theyCount() ? countedPicker("roll-defend-counted", against.value, update) : null;
    fill(theirCountedBox, theirPicker ? theirPicker.box : null);
  };
  repick();
  actor.addEventListener("change", () => {
    removable = removableBy(actor.value);
    refill(removing, removingOptions(actor.value));
    refill(moveTo, [["", t("overcome.no_move")], ...movingOptions(actor.value)]);
    rankSkills(skillSel, actor.value, firstSkills());
    if (second.sel) rankSkills(second.sel, actor.value, secondSkills());
    second.redraw();
    refill(against, characterOptions(othersInScene(actor.value)));
    refill(defendSkill, theirs());
    repick();
  });
  against.addEventListener("change", () => {
    refill(defendSkill, theirs());
    repick();
  });
  mode.addEventListener("change", repick);
  actor.addEventListener("change", guide.redraw);
  skillSel.addEventListener("change", guide.redraw);
  if (second.sel) second.sel.addEventListener("change", guide.redraw);
  for (const el of [actor, action, skillSel, second.sel, mode, difficulty, against, defendSkill, moveTo, target])
    if (el) el.addEventListener("change", update);
  openDialog(
    t("roll.new"),
    h(
      "div",
      {},
      field(t("roll.actor"), actor),
      field(t("roll.action"), action),
      skillBox,
      second.box,
      countedBox,
      field(t("roll.opposition"), mode),
      difficultyBox,
      againstBox,
      targetBox,
      onOpponentBox,
      moveBox,
      removingBox,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        "Roll",
        {
          actor: actor.value,
          action: action.value,
          ...myRoll(),
          ...(mode.value === "difficulty"
            ? { difficulty: Number(difficulty.value) }
            : { against: against.value, ...theirs_() }),
          ...(action.value === "create_advantage" && target.value ? { aspect_id: target.value } : {}),
          ...(action.value === "create_advantage" && mode.value === "against" && !target.value && onOpponent.checked
            ? { on_opponent: true }
            : {}),
          ...(action.value === "overcome" && moveTo.value ? { move_to: moveTo.value } : {}),
          ...(action.value === "overcome" && removing.value && !moveTo.value ? { aspect_id: removing.value } : {}),
          ...(odds.stunts ? { stunts: odds.stunts } : {}),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "roll-form" },
  );
  update();
}

// -- invokes after the dice ---------------------------------------------------------------------

// How many invokable aspects the picker shows before "show all".
const SHORT_LIST = 5;

/** The invokes a character of this seat may make on a roll in play, with the odds' advice;
 * with `target`, on the defence of that aimed target of a split or zone attack instead. Ids end
 * in the roll's id (or the target's), as several rolls may be in play at once. Without a target
 * there is a roll.
 * @param {RollPart | null} roll @param {string | null} [target] */
export function invokeBox(roll, target = null) {
  const ids = [...mine()];
  const key = target ? `t-${target}` : /** @type {RollPart} */ (roll).id;
  // Whoever rolled the dice invoked on comes first: the target for its own defence.
  const roller = target || /** @type {RollPart} */ (roll).actor;
  const preferred = ids.includes(roller)
    ? roller
    : roll && roll.defence && ids.includes(roll.defence.actor)
      ? roll.defence.actor
      : ids[0];
  const as = characterSelect(`invoke-as-${key}`, ids, preferred);
  const list = h("div", { id: `invoke-options-${key}`, class: "invoke-options", "aria-live": "polite" });
  const load = async () => {
    // The list is for the character chosen when it was asked for; an answer that comes back
    // after another was chosen is dropped (its invokes are not theirs to make).
    const by = as.value;
    try {
      const found = await openSeat().get("/invokes", {
        by,
        ...(target ? { on_target: target } : { roll: /** @type {RollPart} */ (roll).id }),
      });
      await untilStill();
      if (by !== as.value) return;
      const onDefence =
        !target &&
        /** @type {RollPart} */ (roll).defence &&
        /** @type {import("../../../docs/page").DefencePart} */ (/** @type {RollPart} */ (roll).defence).actor === by &&
        /** @type {RollPart} */ (roll).actor !== by;
      // The most relevant first: free invokes held, then the invoker's own aspects, then the
      // scene's, then everyone else's. A long list is cut to a few, with a filter by name.
      const rank = (/** @type {InvokeOption} */ o) => (o.free > 0 ? 0 : o.owner === by ? 1 : !o.owner ? 2 : 3);
      const options = /** @type {InvokeOption[]} */ ([...found.options]).sort((a, b) => rank(a) - rank(b));
      const rows = options.map((o, i) => {
        const base = {
          aspect_id: o.aspect_id,
          by,
          ...(target ? { target } : { on_defence: onDefence, roll: /** @type {RollPart} */ (roll).id }),
        };
        /** @type {HTMLElement[]} */
        const buttons = [];
        /** @param {string} label @param {string} full @param {Record<string, unknown>} data
         * @param {Record<string, string>} [props] */
        const choice = (label, full, data, props = {}) =>
          buttons.push(
            // A refused invoke says why in its own row, beside the button pressed (under the whole
            // list it could be a screen away on a phone).
            button(label, () => send("Invoke", { ...base, ...data }), {
              "aria-label": `${aspectLabel(o).textContent}: ${full}`,
              title: full,
              class: "invoke-choice",
              ...props,
            }),
          );
        if (o.free > 0)
          choice(
            "+2",
            t("invoke.plus_two_free"),
            { free: true },
            { "data-invoke": `${o.aspect_id}|free`, class: "invoke-choice free" },
          );
        if (o.paid) choice("+2", t("invoke.plus_two_paid"), { free: false }, { "data-invoke": `${o.aspect_id}|paid` });
        if (by === roller) {
          if (o.free > 0)
            choice(
              "\u21bb",
              t("invoke.reroll_free"),
              { free: true, effect: "reroll" },
              { "data-invoke": `${o.aspect_id}|free-reroll`, class: "invoke-choice free" },
            );
          if (o.paid)
            choice(
              "\u21bb",
              t("invoke.reroll_paid"),
              { free: false, effect: "reroll" },
              { "data-invoke": `${o.aspect_id}|paid-reroll` },
            );
        }
        return h(
          "li",
          { "data-aspect": o.aspect_id, "data-rank": rank(o), hidden: i >= SHORT_LIST, class: "invoke-row" },
          h(
            "span",
            { class: "invoke-what" },
            aspectLabel(o),
            " ",
            h("span", { class: "hint" }, t(`aspect.kind.${o.kind}`)),
          ),
          h(
            "span",
            { class: "invoke-cost" },
            o.free > 0
              ? h("span", { class: "badge free" }, tn("invoke.free_held", { n: o.free }))
              : o.paid
                ? h("span", { class: "badge cost" }, t("invoke.costs_point"))
                : null,
          ),
          h("span", { class: "invoke-buttons" }, buttons),
        );
      });
      const filter = h("input", { id: `invoke-filter-${key}`, type: "search", autocomplete: "off" });
      const more = button(
        tn("invoke.show_all", { n: rows.length }),
        () => {
          for (const row of rows) row.hidden = false;
          // The button hides itself: the focus goes to the first row it showed (it dropped to the
          // page's body).
          const shown = (rows[SHORT_LIST] && rows[SHORT_LIST].querySelector("button")) || filter;
          if (shown) shown.focus();
          more.hidden = true;
        },
        { id: `invoke-more-${key}`, hidden: rows.length <= SHORT_LIST },
      );
      filter.addEventListener("input", () => {
        const wanted = filter.value.trim().toLowerCase();
        rows.forEach((row, i) => {
          // Each row shows its aspect's label (aspectLabel's); an element's text is never null.
          const label = /** @type {Element} */ (row.querySelector(".aspect-name"));
          const name = /** @type {string} */ (label.textContent).toLowerCase();
          row.hidden = wanted ? !name.includes(wanted) : i >= SHORT_LIST && !more.hidden;
        });
      });
      const advice = found.advice;
      fill(
        list,
        rows.length ? h("p", { class: "hint" }, t("invoke.legend")) : null,
        rows.length > SHORT_LIST ? field(t("invoke.filter"), filter) : null,
        rows.length ? h("ul", { class: "plain invoke-list" }, rows) : h("p", { class: "empty" }, t("invoke.none")),
        more,
        advice
          ? h(
              "p",
              { class: "advice invoke-advice", id: `invoke-advice-${key}`, "data-choice": advice.choice },
              // The aspect the advice would invoke first, named, and how it is paid for.
              advice.choice !== "nothing" && advice.assumes && advice.assumes.length
                ? tn(`advice.${advice.choice}_on`, {
                    aspect: h("span", { class: "aspect-name", "data-free": "" }, advice.assumes[0].name),
                    how: t(advice.assumes[0].free ? "advice.how.free" : "advice.how.paid"),
                  })
                : tn(`advice.${advice.choice}`, { n: advice.invokes }),
              // Each choice on a line of its own, with what it is likely to cost.
              h(
                "ul",
                { class: "hint plain advice-chances" },
                advice.choices
                  .filter((/** @type {string} */ c) => c in advice.chances)
                  .map((/** @type {string} */ c) =>
                    h(
                      "li",
                      { class: "chance", "data-choice": c },
                      tn(c === "nothing" ? "advice.chance" : "advice.chance_cost", {
                        choice: t(`advice.option.${c}`),
                        p: percent(advice.chances[c].p),
                        n: invokeCount((advice.expected_invokes || {})[c] || 0),
                      }),
                    ),
                  ),
              ),
            )
          : null,
      );
    } catch (error) {
      if (by === as.value) showError(error, list);
    }
  };
  as.addEventListener("change", load);
  load();
  return h("div", { class: "invoke-box" }, h("h3", {}, t("invoke.title")), field(t("invoke.as"), as), list);
}

/** The outcome's options of a roll in play, for the seat the outcome gives the choice to (the GM
 * may always). A contest's overcome offers none: its roller counts its effort.
 * @param {RollPart} roll */
export function resolveBox(roll) {
  const extras = seatExtras();
  const resolutions = extras.resolutions || {};
  const found = roll.id in resolutions ? resolutions[roll.id] : extras.resolution;
  if (!found) return null;
  const key = roll.id;
  const chooser = found.chosen_by;
  // The server offers the roll's settling to the seat its outcome gives the choice to.
  const may = offered(roll, "ResolveRoll");
  const box = h(
    "div",
    { class: "resolve-box" },
    h("h3", {}, t(roll.kind === "contest" ? "resolve.contest_title" : "resolve.title")),
  );
  if (!may) {
    add(
      box,
      h(
        "p",
        { class: "hint resolve-waiting" },
        tn("resolve.waiting", { who: t(`chooser.${chooser === "none" ? "actor" : chooser}`) }),
      ),
    );
    return box;
  }
  const out = h("div", {});
  // A contest's resolution always counts its effort (extras.py); the test narrows the type.
  if (roll.kind === "contest" && found.effort !== undefined) {
    add(
      box,
      h("p", {}, tn("resolve.contest_effort", { effort: ladderValue(found.effort) })),
      button(t("resolve.contest_button"), () => send("ResolveRoll", { roll: key }, out), {
        id: `resolve-button-${key}`,
        class: "primary resolve-button",
      }),
      out,
    );
    return box;
  }
  const name = h("input", { id: `resolve-aspect-name-${key}`, class: "resolve-aspect-name", autocomplete: "off" });
  const boost = h("input", { id: `resolve-boost-name-${key}`, class: "resolve-boost-name", autocomplete: "off" });
  const nameBox = field(t("resolve.aspect_name"), name);
  const boostBox = field(t("resolve.boost_name"), boost, h("p", { class: "hint" }, t("resolve.boost_hint")));
  const radios = found.options.map((o, i) => {
    const input = h("input", {
      type: "radio",
      name: `resolve-option-${key}`,
      value: o.key,
      id: `resolve-${o.key}-${key}`,
      "data-option": o.key,
      checked: i === 0,
    });
    return h(
      "div",
      { class: "check" },
      input,
      h(
        "label",
        { for: input.id },
        t(`option.outcome.${o.key}`),
        o.hit !== null ? h("span", {}, " ", tn("resolve.hit", { n: o.hit })) : null,
      ),
    );
  });
  const chosen = () => {
    const picked = /** @type {HTMLInputElement | null} */ (
      box.querySelector(`input[name=resolve-option-${key}]:checked`)
    );
    return found.options.find((o) => o.key === (picked || {}).value) || found.options[0];
  };
  const update = () => {
    const o = chosen();
    nameBox.hidden = !(o && o.names_aspect);
    boostBox.hidden = !(o && o.boosts.length);
  };
  add(
    box,
    // Against a difficulty the GM keeps hidden, no shifts: they would tell the number.
    h(
      "p",
      {},
      found.shifts === null
        ? t(`outcome.${found.outcome}`)
        : tn("resolve.outcome", { outcome: t(`outcome.${found.outcome}`), n: found.shifts }),
    ),
    h("fieldset", { onchange: update }, h("legend", {}, t("resolve.options")), radios),
    nameBox,
    boostBox,
    button(
      t("resolve.button"),
      () => {
        const o = chosen();
        /** @type {Record<string, unknown>} */
        const data = { option: o.key, roll: key };
        if (o.names_aspect) data.aspect_name = name.value.trim();
        if (o.boosts.length && boost.value.trim()) {
          // The opposition's boost, with nobody defending, is the GM's (the engine's "gm").
          const holder = o.boosts.includes("actor") ? roll.actor : roll.defence ? roll.defence.actor : "gm";
          data.boost_names = [[holder, boost.value.trim()]];
        }
        send("ResolveRoll", data, out);
      },
      { id: `resolve-button-${key}`, class: "primary resolve-button" },
    ),
    out,
  );
  update();
  return box;
}

// -- compels and free invokes -------------------------------------------------------------------

/** @param {import("./cards.js").CardAspect & {organization?: string | null}} aspect (an organization's
 *   lasting aspect names it) */
export function openCompel(aspect) {
  // Who may offer it, as the table offers it: the GM for free, a player in a character's name
  // (paying), or, for their own character, asking the GM for a self-compel.
  const forFree = offered(aspect, "OfferCompel");
  const offerers = forFree ? [] : offeredBy(aspect, "OfferCompel");
  const selfFor = forFree ? [] : offeredBy(aspect, "SelfCompel");
  // Those in the scene, and the aspect's owner wherever they are; an organization's aspect is
  // compelled on its members, who come first. A seat that may only ask a self-compel asks it for
  // its own.
  const ids = (forFree || offerers.length ? othersInScene() : selfFor).filter((id) => id !== aspect.owner);
  if (aspect.owner && character(aspect.owner) && (forFree || offerers.length || selfFor.includes(aspect.owner)))
    ids.unshift(aspect.owner);
  const organization =
    aspect.kind === "organization" && seatView().setting
      ? seatView().setting.organizations.find((o) => o.name === aspect.organization)
      : null;
  const members = organization ? organization.members.filter((m) => character(m)) : [];
  const ordered = [...members, ...ids.filter((id) => !members.includes(id))];
  const target = characterSelect(
    "compel-target",
    ordered,
    aspect.owner && ordered.includes(aspect.owner) ? aspect.owner : ordered[0],
  );
  // Each kind keeps its own words: what happens (an event), or what they decide and what goes
  // wrong then (a decision). Switching the kind shows the other's fields; nothing typed moves.
  const complication = h("textarea", { id: "compel-complication", rows: 3 });
  const fallout = h("textarea", { id: "compel-fallout", rows: 3 });
  // An event happens to the character; a decision is theirs, led by their own aspect, and says
  // what they decide before what goes wrong (compel.kinds).
  const kind = select(
    "compel-kind",
    ["event", "decision"].map((k) => [k, t(`compel.kind.${k}`)]),
  );
  const decision = h("textarea", { id: "compel-decision", rows: 2 });
  const by = offerers.length ? characterSelect("compel-by", offerers) : null;
  // A player compelling their own character asks the GM for a self-compel: no one pays, and the
  // GM's yes brings the fate point.
  const self = () => selfFor.includes(target.value);
  const kindHint = h("p", { class: "hint", id: "compel-kind-hint" });
  const kindBox = field(t("compel.kind"), kind, kindHint);
  const decisionBox = field(t("compel.decision"), decision);
  const complicationBox = field(t("compel.happens"), complication);
  const falloutBox = field(t("compel.fallout"), fallout);
  const byBox = by ? field(t("compel.by"), by, h("p", { class: "hint" }, t("compel.player_pays"))) : null;
  const selfNote = h("p", { class: "hint", id: "compel-self-note" }, t("compel.self_hint"));
  const told = () => ({
    aspect_id: aspect.id,
    target: target.value,
    kind: kind.value,
    complication: (kind.value === "decision" ? fallout : complication).value.trim(),
    ...(kind.value === "decision" ? { decision: decision.value.trim() } : {}),
  });
  const form = openDialog(
    tn("compel.offer_on", { name: free(aspect.name) }),
    h(
      "div",
      {},
      h("p", {}, free(aspect.name, "strong")),
      field(t("compel.target"), target),
      selfNote,
      kindBox,
      complicationBox,
      decisionBox,
      falloutBox,
      byBox,
    ),
    (form, out) =>
      self()
        ? sendFrom("SelfCompel", told(), out)
        : sendFrom("OfferCompel", { ...told(), ...(by ? { offered_by: by.value } : {}) }, out),
    { submitLabel: t("compel.offer"), id: "compel-form" },
  );
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector("#compel-form-submit")); // openDialog's
  const update = () => {
    const deciding = kind.value === "decision";
    selfNote.hidden = !self();
    if (byBox) byBox.hidden = self();
    decisionBox.hidden = !deciding;
    falloutBox.hidden = !deciding;
    complicationBox.hidden = deciding;
    decision.required = deciding;
    fallout.required = deciding;
    complication.required = !deciding;
    kindHint.textContent = t(`compel.kind_hint.${kind.value}`);
    submit.textContent = t(self() ? "compel.self_ask" : "compel.offer");
  };
  target.addEventListener("change", update);
  kind.addEventListener("change", update);
  update();
}

/** @param {import("./cards.js").CardAspect} aspect @param {string} holder */
export function openPass(aspect, holder) {
  const others = othersInScene(holder);
  const to = characterSelect("pass-to", others);
  openDialog(
    t("aspect.pass_title"),
    h("div", {}, h("p", {}, free(aspect.name, "strong")), field(t("aspect.pass_to"), to)),
    (form, out) =>
      sendFrom("PassFreeInvoke", { aspect_id: aspect.id, from_character: holder, to_character: to.value }, out),
    { submitLabel: t("aspect.pass_button"), id: "pass-form" },
  );
}

/** Declare a story detail with an aspect: who pays the fate point, and what becomes true.
 * @param {import("./cards.js").CardAspect} aspect @param {string[]} payers */
export function openStoryDetail(aspect, payers) {
  const by = characterSelect("detail-by", payers, aspect.owner && payers.includes(aspect.owner) ? aspect.owner : null);
  const detail = h("textarea", { id: "detail-text", rows: 3, required: true, maxlength: 500 });
  openDialog(
    tn("detail.declare_on", { name: free(aspect.name) }),
    h(
      "div",
      {},
      h("p", {}, free(aspect.name, "strong")),
      h("p", { class: "hint" }, t("detail.hint")),
      field(t("detail.by"), by),
      field(t("detail.text"), detail),
    ),
    (form, out) =>
      sendFrom("DeclareStoryDetail", { aspect_id: aspect.id, by: by.value, detail: detail.value.trim() }, out),
    { submitLabel: t("detail.button"), id: "detail-form" },
  );
}
