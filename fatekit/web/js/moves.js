// Conflict moves for this seat's characters (from the view's legal_actions), the targets of a
// multiple-target attack, and taking a hit.

import { aimAt } from "./aim.js";
import { countedPicker, countedWorth } from "./counted.js";
import { add, button, field, fill, free, h, idPart } from "./lib/dom.js";
import {
  advantageTarget,
  characterSelect,
  diceField,
  diceInput,
  difficultyGuide,
  firstSkills,
  followsView,
  ladderOptions,
  openDialog,
  secondSkillField,
  select,
  sendFrom,
  skillOptions,
  typedDice,
} from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { invokeBox, showOdds, weighed } from "./roll.js";
import { askedRoll, diceOrHidden, openAskedRoll } from "./screen.js";
import { app, seatView, send } from "./store.js";
import { aspectName, conditionName, hasOption, offered, skill, trackName, visibleAspects, who } from "./view.js";

/** @typedef {import("./roll.js").OddsBox} OddsBox */
/** @typedef {import("../../../docs/page").ConflictPart} ConflictPart */
/** @typedef {import("../../../docs/page").LegalActionPart} LegalActionPart */
/** @typedef {import("../../../docs/page").TargetPart} TargetPart */
/** @typedef {import("../../../docs/page").PendingHitPart} PendingHitPart */
/** @typedef {import("../../../docs/page").ContestHitPart} ContestHitPart */
/**
 * How a hit is taken: the ids' prefix and the box's id, the harm it marks, the commands that
 * absorb it or take its target out, and whether a big bad's minion may shield it.
 * @typedef {{
 *   prefix: string,
 *   id: string,
 *   track: () => string,
 *   absorb: (data: AbsorbPlan, out: HTMLElement) => unknown,
 *   takeOut: (out: HTMLElement) => unknown,
 *   shield: boolean,
 * }} HitWays
 */
/**
 * A plan to absorb a hit as Absorb and AbsorbContestHit take it: the boxes and slots marked,
 * each slot's consequence named, and an extreme consequence's name and the aspect it replaces.
 * @typedef {{
 *   boxes: number[],
 *   slots: number[],
 *   names: [number, string][],
 *   extreme?: {name: string, replaces: string},
 *   conditions?: string[],
 * }} AbsorbPlan
 */

/** The conflict a move's dialog works on: opened only while one runs. */
function conflictNow() {
  const c = seatView().conflict;
  if (!c) throw new Error("a conflict's move is drawn with no conflict running");
  return c;
}

// -- conflicts ----------------------------------------------------------------------------------

/** Open the conflict's overcome for `actor`, as its button does (the board's move past a border
 * or further off, for a fighter); false when the conflict offers it none now.
 * @param {string} actor */
export function openOvercome(actor) {
  const c = seatView().conflict;
  const move = c && (c.legal_actions[actor] || []).find((m) => m.move === "overcome");
  if (!move) return false;
  openConflictRoll(actor, move, "Overcome");
  return true;
}

/** What one of this seat's characters may do now, from the view's legal_actions.
 * @param {string} id @param {LegalActionPart[]} moves */
export function conflictActions(id, moves) {
  const out = h("div", {});
  const box = h(
    "div",
    { class: "card moves", id: `moves-${id}` },
    h("h3", {}, tn("conflict.moves_for", { who: who(id) })),
  );
  const row = h("div", { class: "actions wrap" });
  for (const m of moves) {
    if (m.move === "attack")
      add(
        row,
        button(t("move.attack"), () => openAttack(id, m), { id: `attack-${id}`, class: "primary" }),
      );
    else if (m.move === "create_advantage")
      add(
        row,
        button(t("move.create_advantage"), () => openConflictRoll(id, m, "CreateAdvantage"), { id: `advantage-${id}` }),
      );
    else if (m.move === "overcome")
      add(
        row,
        button(t("move.overcome"), () => openConflictRoll(id, m, "Overcome"), { id: `overcome-${id}` }),
      );
    else if (m.move === "full_defense") {
      // Fate Condensed's full defense takes a focus; Fate Core's takes none.
      const focused = hasOption("full_defense");
      add(
        row,
        button(
          t("move.full_defense"),
          () => (focused ? openFullDefense(id) : send("FullDefense", { actor: id }, out)),
          { id: `full-defense-${id}` },
        ),
      );
    } else if (m.move === "split_attack")
      add(
        row,
        button(t("move.split_attack"), () => openMultiAttack(id, m, "SplitAttack"), { id: `split-attack-${id}` }),
      );
    else if (m.move === "zone_attack")
      add(
        row,
        button(t("move.zone_attack"), () => openMultiAttack(id, m, "ZoneAttack"), { id: `zone-attack-${id}` }),
      );
    else if (m.move === "assign_targets") add(row, assignTargets(id, out));
    else if (m.move === "end_turn") {
      const next = characterSelect(`next-${id}`, m.targets);
      add(
        row,
        m.targets.length ? field(t("conflict.next"), next) : null,
        button(t("move.end_turn"), () => send("EndTurn", m.targets.length ? { next_actor: next.value } : {}, out), {
          id: `end-turn-${id}`,
        }),
      );
    } else if (m.move === "concede") {
      add(
        row,
        button(t("move.concede"), () => openConcede(id), { id: `concede-${id}` }),
      );
    }
  }
  if (!row.childNodes.length) return h("div", {});
  add(box, row, out);
  return box;
}

/** Conceding: the player declares the terms (how their character loses and leaves, what the
 * other side gets); the fate points come when the conflict ends.
 * @param {string} id */
function openConcede(id) {
  const terms = h("textarea", { id: "concede-terms", rows: 3, maxlength: 2000, autofocus: true });
  openDialog(
    t("concede.title"),
    h(
      "div",
      {},
      h("p", {}, tn("concede.confirm", { who: who(id) })),
      field(t("concede.terms"), terms, h("p", { class: "hint" }, t("concede.terms_hint"))),
      h("p", { class: "hint", id: "concede-payout" }, t("concede.payout")),
    ),
    (form, out) =>
      sendFrom("Concede", { character_id: id, ...(terms.value.trim() ? { terms: terms.value.trim() } : {}) }, out),
    { submitLabel: t("move.concede"), id: "concede-form" },
  );
}

/** The higher side's choice of scale benefit: offered only against those the engine says this
 * seat may name one against (the move's `scale_against`); `fit` shows it for the one chosen.
 * @param {string} id @param {LegalActionPart} move
 * @returns {[HTMLSelectElement | null, HTMLElement | null, (other: string | null) => void]} */
function scaleBenefit(id, move) {
  const against = move.scale_against || [];
  if (!against.length) return [null, null, () => {}];
  const sel = select(id, [
    ["", t("scale.benefit.none")],
    ...["before_roll", "after_success", "free_invokes"].map((b) => [b, t(`scale.benefit.${b}`)]),
  ]);
  const box = field(t("scale.benefit"), sel, h("p", { class: "hint" }, t("scale.benefit_hint")));
  const fit = (/** @type {string | null} */ other) => {
    const open = other !== null && against.includes(other);
    box.hidden = !open;
    if (!open) sel.value = "";
  };
  return [sel, box, fit];
}

/** @param {string} actor @param {LegalActionPart} move */
function openAttack(actor, move) {
  const c = seatView().conflict;
  // Which targets each skill reaches, and which skills shoot from a distance, are the engine's
  // word (the view's legal actions): the target list follows the skill chosen.
  const reach = move.reach || Object.fromEntries(move.skills.map((k) => [k, move.targets]));
  const skillSel = select("attack-skill", skillOptions(firstSkills(move.skills), actor));
  // Two combined lists: the second list's skill the attack adds, and the sum said.
  const second = secondSkillField("attack-second-skill", () => actor, skillSel);
  // A PC that counts aspects ticks them instead of a skill, and reaches whom any skill would.
  const counts = Boolean(countedWorth(actor));
  const reachable = () => (counts ? move.targets : reach[skillSel.value] || []);
  const target = characterSelect("attack-target", reachable());
  const scene = seatView().scene;
  const zoned = c && c.kind === "physical" && scene && scene.zones;
  const range = h("p", { class: "hint", id: "attack-range", "aria-live": "polite" });
  const fitTargets = () => {
    const chosen = target.value;
    const ids = reachable();
    target.replaceChildren(...characterSelect(target.id, ids).childNodes);
    if (ids.includes(chosen)) target.value = chosen;
    const ranged = (move.ranged || []).includes(skillSel.value);
    fill(range, zoned ? tn(ranged ? "attack.ranged" : "attack.close", { skill: skill(skillSel.value) }) : null);
    // The board draws whom the chosen skill reaches, while the dialog is open.
    if (zoned) aimAt({ actor, skill: counts ? null : skillSel.value, targets: ids, ranged: !counts && ranged });
  };
  const [diceIn, diceBox] = diceField("attack-dice");
  const [defendIn, defendBox] = diceField("attack-defend-dice", t("roll.enter_defend_dice"));
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const mental = c && c.kind === "mental";
  // Blocks: cover for the target (only weakening the attack) or a block to force them into.
  const blocks = hasOption("obstacles") && c ? c.blocks : [];
  const shelters = blocks.filter((b) => b.cover);
  const cover = select("attack-cover", [["", t("attack.no_cover")], ...shelters.map((b) => [b.id, b.name])], "", {
    freeText: true,
  });
  const coverUse = select(
    "attack-cover-use",
    ["mitigate", "negate"].map((u) => [u, t(`attack.cover.${u}`)]),
  );
  const into = select("attack-into-block", [["", t("attack.no_block")], ...blocks.map((b) => [b.id, b.name])], "", {
    freeText: true,
  });
  const [benefit, benefitBox, fitBenefit] = scaleBenefit("attack-scale-benefit", move);
  // Whose defence dice this seat may enter is the move's offer (the decider's check).
  const entersDefence = () => (move.defend_dice || []).includes(target.value);
  /** @type {import("./counted.js").CountedPicker | null} */
  let theirPicker = null;
  const theirBox = h("div", {});
  const picker = counts ? countedPicker("attack-counted", actor, () => update()) : null;
  // A target that counts aspects defends with those ticked for it (counted.js).
  const repickTheirs = () => {
    theirPicker = countedWorth(target.value)
      ? countedPicker("attack-defend-counted", target.value, () => update())
      : null;
    fill(
      theirBox,
      theirPicker
        ? h("div", {}, h("p", { class: "hint" }, tn("roll.their_counted", { who: who(target.value) })), theirPicker.box)
        : null,
    );
  };
  const rolled = () => ({
    ...(picker
      ? { skill: "", counted: picker.chosen() }
      : { skill: skillSel.value, ...(second.sel ? { second_skill: second.sel.value } : {}) }),
    ...(theirPicker ? { defend_counted: theirPicker.chosen() } : {}),
  });
  const asked = () => {
    const r = /** @type {Record<string, unknown>} */ (rolled());
    for (const key of ["counted", "defend_counted"]) if (Array.isArray(r[key])) r[key] = JSON.stringify(r[key]);
    return r;
  };
  const update = () => {
    fitBenefit(target.value);
    defendBox.hidden = !entersDefence();
    showOdds(odds, {
      actor,
      skill: skillSel.value,
      ...asked(),
      against: target.value,
      mental,
      action: "attack",
      ...(benefit && benefit.value ? { scale_benefit: benefit.value } : {}),
    });
  };
  target.addEventListener("change", () => {
    repickTheirs();
    update();
  });
  if (benefit) benefit.addEventListener("change", update);
  if (second.sel) second.sel.addEventListener("change", update);
  skillSel.addEventListener("change", () => {
    fitTargets();
    update();
  });
  fitTargets();
  repickTheirs();
  openDialog(
    tn("move.attack_by", { who: who(actor) }),
    h(
      "div",
      {},
      picker ? h("div", {}, picker.box, range) : field(t("roll.skill"), skillSel, range),
      second.box,
      field(t("attack.target"), target),
      theirBox,
      shelters.length
        ? h("div", { class: "inline" }, field(t("attack.cover"), cover), field(t("attack.cover_use"), coverUse))
        : null,
      blocks.length ? field(t("attack.into_block"), into) : null,
      benefitBox,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
      defendBox,
    ),
    (form, out) =>
      sendFrom(
        "Attack",
        {
          actor,
          target: target.value,
          ...rolled(),
          ...(cover.value ? { cover: cover.value, cover_use: coverUse.value } : {}),
          ...(into.value ? { into_block: into.value } : {}),
          ...(benefit && benefit.value ? { scale_benefit: benefit.value } : {}),
          ...(odds.stunts ? { stunts: odds.stunts } : {}),
          ...typedDice(diceIn),
          ...(entersDefence() ? typedDice(defendIn, "defend_dice") : {}),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "attack-form" },
  );
  if (zoned) {
    // Drawn once more now the dialog is open; closed (sent, cancelled, Escape), the board forgets it.
    fitTargets();
    const dialog = document.getElementById("dialog");
    if (dialog) dialog.addEventListener("close", () => aimAt(null), { once: true });
  }
  update();
}

/** Full defense with a focus (Fate Condensed): oneself, allies to protect, aggressors to watch,
 * or others' efforts to overcome.
 * @param {string} actor */
function openFullDefense(actor) {
  const c = conflictNow();
  const focus = select(
    "defense-focus",
    ["self", "protect", "aggressors", "outcome"].map((f) => [f, t(`focus.${f}`)]),
  );
  const others = c.fighters.filter((f) => f.id !== actor && f.status === "active").map((f) => f.id);
  const checks = others.map((id) => {
    const box = h("input", { type: "checkbox", value: id, id: `defense-who-${id}` });
    return h("div", { class: "check" }, box, h("label", { for: box.id }, who(id)));
  });
  const whoBox = h("fieldset", {}, h("legend", {}, t("focus.who")), checks);
  const update = () => {
    whoBox.hidden = !["protect", "aggressors"].includes(focus.value);
  };
  focus.addEventListener("change", update);
  openDialog(
    t("move.full_defense"),
    h("div", {}, field(t("focus.title"), focus, h("p", { class: "hint" }, t("focus.hint"))), whoBox),
    (form, out) => {
      const named = ["protect", "aggressors"].includes(focus.value)
        ? checks
            .map((c) => /** @type {HTMLInputElement} */ (c.querySelector("input"))) // each check holds its box
            .filter((i) => i.checked)
            .map((i) => i.value)
        : [];
      return sendFrom("FullDefense", { actor, focus: focus.value, who: named }, out);
    },
    { id: "full-defense-form" },
  );
  update();
}

/** One roll for several targets: split among opponents, or on everyone in a zone.
 * @param {string} actor @param {LegalActionPart} move @param {"SplitAttack" | "ZoneAttack"} type */
function openMultiAttack(actor, move, type) {
  const skillSel = select("multi-skill", skillOptions(firstSkills(move.skills), actor));
  // Two combined lists: the second list's skill the attack adds, and the sum said.
  const second = secondSkillField("multi-second-skill", () => actor, skillSel);
  const zone =
    type === "ZoneAttack"
      ? select(
          "multi-zone",
          move.targets.map((z) => [z, z]),
          null,
          { freeText: true },
        )
      : null;
  const [diceIn, diceBox] = diceField("multi-dice");
  // A split attack's targets are each skill's reach, as a single attack's: the board draws it.
  const c = seatView().conflict;
  const scene = seatView().scene;
  const reach = type === "SplitAttack" && c && c.kind === "physical" && scene && scene.zones ? move.reach : undefined;
  const aim = () => {
    if (!reach) return;
    const ranged = (move.ranged || []).includes(skillSel.value);
    aimAt({ actor, skill: skillSel.value, targets: reach[skillSel.value] || [], ranged });
  };
  skillSel.addEventListener("change", aim);
  openDialog(
    t(type === "SplitAttack" ? "move.split_attack" : "move.zone_attack"),
    h(
      "div",
      {},
      h("p", { class: "hint" }, t(type === "SplitAttack" ? "multi.split_hint" : "multi.zone_hint")),
      field(t("roll.skill"), skillSel),
      second.box,
      zone ? field(t("multi.zone"), zone) : null,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        type,
        {
          actor,
          skill: skillSel.value,
          ...(second.sel ? { second_skill: second.sel.value } : {}),
          ...(zone ? { zone: zone.value } : {}),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "multi-form" },
  );
  if (reach) {
    aim();
    const dialog = document.getElementById("dialog");
    if (dialog) dialog.addEventListener("close", () => aimAt(null), { once: true });
  }
}

/** Aiming the split or zone attack just rolled: shares of the effort for a split (the engine
 * checks them), everyone in the zone for a zone attack; or calling it off. For the targets this
 * seat plays, the defence skill may be chosen and the dice typed; blank ones the engine picks and
 * the table rolls.
 * @param {string} actor @param {HTMLElement} out */
function assignTargets(actor, out) {
  const view = seatView();
  const c = conflictNow();
  // Which attack is in play is the conflict's word (`multi`), not the latest roll's: an invoke's
  // reroll is the latest roll then, and a split attack read as a zone one was aimed at nobody.
  const zone = c.multi === "zone";
  // Calling the attack off is for an effort with nothing to share, or a zone with nobody in
  // it; a positive effort is shared out (the engine refuses otherwise, save by the GM's word).
  const reached = zone ? zoneTargets(c, actor) : null;
  const nothing =
    !view.roll ||
    view.roll.effort === null ||
    view.roll.effort === undefined ||
    view.roll.effort < 1 ||
    (reached !== null && !reached.length);
  const miss = nothing ? button(t("multi.miss"), () => send("MissEveryone", {}, out), { id: "miss-everyone" }) : null;
  if (zone) {
    const defence = defences(reached || []);
    const aim = () => send("AssignTargets", defence.read(reached || []), out);
    return h(
      "div",
      { class: "assign", id: "assign-targets" },
      defence.node,
      button(t("multi.aim_zone"), aim, { id: "aim-zone", class: "primary" }),
      miss,
    );
  }
  const side = (c.fighters.find((f) => f.id === actor) || {}).side;
  const opponents = c.fighters.filter((f) => f.side !== side && f.status === "active" && !f.hazard).map((f) => f.id);
  const shares = opponents.map((id) => ({
    id,
    input: h("input", { type: "number", min: 0, max: 20, value: 0, id: `share-${id}` }),
  }));
  const defence = defences(opponents);
  return h(
    "div",
    { class: "assign", id: "assign-targets" },
    h("p", { class: "hint" }, t("multi.shares_hint")),
    shares.map((sh) => field(tn("multi.share", { who: who(sh.id) }), sh.input)),
    defence.node,
    button(
      t("multi.aim"),
      () => {
        const split = shares
          .filter((sh) => Number(sh.input.value) > 0)
          .map((sh) => /** @type {[string, number]} */ ([sh.id, Number(sh.input.value)]));
        send("AssignTargets", { split, ...defence.read(split.map(([id]) => id)) }, out);
      },
      { id: "aim-split", class: "primary" },
    ),
    miss,
  );
}

/** Who a zone attack just rolled reaches: every other active fighter standing in its zone (the
 * zone is in the roll's event). Without the event at hand, every other active fighter.
 * @param {ConflictPart} c @param {string} actor */
function zoneTargets(c, actor) {
  const others = c.fighters.filter((f) => f.id !== actor && f.status === "active" && !f.hazard).map((f) => f.id);
  const roll = app.events.findLast((e) => e.type === "ZoneAttackRolled");
  const scene = seatView().scene;
  const zones = scene && scene.zones;
  if (!roll || !roll.data || !zones) return others;
  return others.filter((id) => zones.positions[id] === roll.data.zone);
}

/** For each of these targets whose defence the table lets this seat choose (the extras'
 * defend_skills, keyed by AssignTargets' own check): the skill it defends with, among those the
 * engine allows, blank for the engine's pick, and a dice field. A target that counts aspects in
 * place of skills (The Three Rocketeers) defends with the aspects ticked for it, whoever aims, as
 * the table asks for them (counted.js); it names no skill. `read(targets)` gives the command's
 * `defend_skills`, `defend_dice` and `defend_counted` pairs for the targets aimed at.
 * @param {string[]} targets */
function defences(targets) {
  const allowed = (app.extras && app.extras.defend_skills) || {};
  const ours = targets.filter((id) => id in allowed);
  const counting = targets
    .filter((id) => countedWorth(id))
    .map((id) => ({ id, picker: countedPicker(`defend-counted-${id}`, id, () => {}) }));
  const counts = (/** @type {string} */ id) => counting.some((p) => p.id === id);
  const fields = ours.map((id) => ({
    id,
    skill: counts(id)
      ? null
      : select(`defend-skill-${id}`, [["", t("multi.defend_skill_best")], ...skillOptions(allowed[id] || [], id)], ""),
    input: diceInput(`defend-dice-${id}`),
  }));
  const node =
    fields.length || counting.length
      ? h(
          "div",
          {},
          counting.map((p) =>
            h(
              "div",
              { class: "defend-counted" },
              h("p", { class: "hint" }, tn("roll.their_counted", { who: who(p.id) })),
              p.picker.box,
            ),
          ),
          fields.length
            ? h(
                "fieldset",
                { class: "defend-dice" },
                h("legend", {}, t("multi.defend_legend")),
                h("p", { class: "hint" }, t("multi.defend_hint")),
                fields.map((f) =>
                  h(
                    "div",
                    { class: "inline" },
                    f.skill ? field(tn("multi.defend_skill", { who: who(f.id) }), f.skill) : null,
                    field(tn("multi.defend_dice", { who: who(f.id) }), f.input),
                  ),
                ),
              )
            : null,
        )
      : null;
  const read = (/** @type {string[]} */ aimed) => {
    const picked = fields.filter((f) => aimed.includes(f.id));
    const typed = Object.entries(Object.assign({}, ...picked.map((f) => typedDice(f.input, f.id))));
    const skills = picked.flatMap((f) => (f.skill && f.skill.value ? [[f.id, f.skill.value]] : []));
    const counted = counting.filter((p) => aimed.includes(p.id)).map((p) => [p.id, p.picker.chosen()]);
    return {
      ...(skills.length ? { defend_skills: skills } : {}),
      ...(typed.length ? { defend_dice: typed } : {}),
      ...(counted.length ? { defend_counted: counted } : {}),
    };
  };
  return { node, read };
}

/** The targets of a split or zone attack once aimed: everyone sees each one's outcome and the
 * invokes on its defence; a target's seat may invoke on that defence; the attacker's seat (or the
 * GM) settles them, picking an option where there is a choice.
 * @param {ConflictPart} c */
export function targetsBox(c) {
  if (!c.targets) return null;
  // Settling is the conflict's offer to this seat (the decider's check on the server).
  const settles = offered(c, "ResolveTargets");
  const out = h("div", {});
  /** @type {[string, HTMLSelectElement][]} */
  const picks = [];
  const rows = Object.entries(c.targets).map(([target, r]) => {
    let pick = null;
    if (settles && r.options.length > 1) {
      pick = select(
        `target-option-${target}`,
        r.options.map((o) => [o, t(`option.outcome.${o}`)]),
      );
      picks.push([target, pick]);
    }
    return h(
      "li",
      { id: `target-${target}`, "data-outcome": r.outcome, "data-shifts": r.shifts },
      who(target),
      " ",
      tn("resolve.outcome", { outcome: t(`outcome.${r.outcome}`), n: r.shifts }),
      // Weight: the dice of this defence turned to +, and the draw as it fell.
      r.weight
        ? h(
            "p",
            { class: "hint roll-weight", id: `target-weight-${target}` },
            tn("roll.defence_weight", weighed(r.weight)),
            r.rolled_faces ? h("span", {}, " ", t("roll.weight_fell"), " ", diceOrHidden(r.rolled_faces)) : null,
          )
        : null,
      r.invocations.length
        ? h(
            "ul",
            { class: "invocations", "aria-label": t("roll.invocations") },
            r.invocations.map((i) =>
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
      pick ? field(t("resolve.options"), pick) : null,
    );
  });
  return h(
    "div",
    { class: "card targets", id: "targets" },
    h("h3", {}, t("multi.targets")),
    h("ul", { class: "plain" }, rows),
    targetInvokes(c.targets),
    settles
      ? button(
          t("resolve.button"),
          () => send("ResolveTargets", { options: picks.map(([target, sel]) => [target, sel.value]) }, out),
          { id: "resolve-targets", class: "primary" },
        )
      : null,
    out,
  );
}

// The target whose defence the seat's invoke picker works on, kept while the page redraws.
/** @type {string | null} */
let invokeOn = null;

/** The invoke picker on the defence of one of the aimed targets this seat acts for (each
 * target's `defends`, by the table's check).
 * @param {Record<string, TargetPart>} targets */
function targetInvokes(targets) {
  const ours = Object.keys(targets).filter((id) => targets[id].defends);
  if (!ours.length) return null;
  if (invokeOn === null || !ours.includes(invokeOn)) invokeOn = ours[0];
  const on = characterSelect("target-invoke-on", ours, invokeOn);
  const box = h("div", { id: "target-invokes" });
  const show = () => {
    invokeOn = on.value;
    fill(box, invokeBox(null, on.value));
  };
  on.addEventListener("change", show);
  show();
  return h(
    "div",
    { class: "target-invoke" },
    h("p", { class: "hint" }, t("targets.invoke_hint")),
    field(t("targets.invoke_on"), on),
    box,
  );
}

/** @param {string} actor @param {LegalActionPart} move @param {"Overcome" | "CreateAdvantage"} type */
function openConflictRoll(actor, move, type) {
  // The GM may have set this action's difficulty, kept from the player: no number to ask.
  const asked = askedRoll(actor, type === "Overcome" ? "overcome" : "create_advantage");
  if (asked) return openAskedRoll(asked, move);
  const c = seatView().conflict;
  const skillSel = select("conflict-skill", skillOptions(firstSkills(move.skills), actor));
  // Two combined lists: the second list's skill the roll adds, and the sum said.
  const second = secondSkillField("conflict-second-skill", () => actor, skillSel);
  const pair = () => (second.sel ? { second_skill: second.sel.value } : {});
  const difficulty = select("conflict-difficulty", ladderOptions(), "2");
  // With obstacles, an overcome may be aimed at a block (past it, or rid of it) or a hazard;
  // the engine then sets the difficulty from its rating.
  const obstacles =
    type === "Overcome" && hasOption("obstacles") && c
      ? [
          ...c.blocks.map((b) => [`block:${b.id}`, tn("overcome.block", { name: free(b.name) }).textContent]),
          ...c.blocks.map((b) => [`remove:${b.id}`, tn("overcome.remove_block", { name: free(b.name) }).textContent]),
          ...c.hazards.map((z) => [`hazard:${z.id}`, tn("overcome.hazard", { name: free(z.name) }).textContent]),
        ]
      : [];
  // An active opponent: anyone else still fighting may oppose the roll with a skill of theirs
  // (named here, or their best when left to the table).
  const people = c
    ? c.fighters
        .filter((f) => f.status === "active" && f.id !== actor && !f.hazard)
        .map((f) => [`who:${f.id}`, who(f.id).textContent])
    : [];
  const against = select("conflict-obstacle", [["", t("overcome.difficulty")], ...people, ...obstacles], "", {
    freeText: true,
  });
  const opposeWith = select("conflict-defend-skill", [["", t("roll.their_best")]]);
  const opposeBox = field(t("roll.opposed_with"), opposeWith);
  const opponent = () => (against.value.startsWith("who:") ? against.value.slice(4) : null);
  const fitOpposition = () => {
    const id = opponent();
    const chosen = opposeWith.value;
    opposeWith.replaceChildren(
      ...select(opposeWith.id, [["", t("roll.their_best")], ...(id ? skillOptions(firstSkills(), id) : [])]).childNodes,
    );
    opposeWith.value = chosen;
    if (opposeWith.value !== chosen) opposeWith.value = "";
  };
  const [benefit, benefitBox, fitBenefit] = scaleBenefit("conflict-scale-benefit", move);
  const scene = seatView().scene;
  const zones = scene && scene.zones ? scene.zones.zones : [];
  const moveTo =
    type === "Overcome" && zones.length
      ? select("conflict-move-to", [["", t("overcome.no_move")], ...zones.map((z) => [z, z])], "", { freeText: true })
      : null;
  const target = type === "CreateAdvantage" ? advantageTarget("conflict-aspect") : null;
  // An overcome may aim at removing an aspect the scene brought, which the opponent above may
  // defend; only one the actor knows of (a hidden one is found first).
  const removableNow = () =>
    type === "Overcome"
      ? visibleAspects().filter(
          (a) =>
            ["situation", "zone", "boost"].includes(a.kind || "") &&
            (!a.hidden || ("known_to" in a && (a.known_to || []).includes(actor))),
        )
      : [];
  const removingOptions = () => [
    ["", t("roll.no_aspect_removed")],
    ...removableNow().map((a) => (a.name ? [a.id, a.name, true] : [a.id, t("aspect.unnamed_boost")])),
  ];
  const removing = removableNow().length
    ? followsView(select("conflict-remove", removingOptions()), removingOptions)
    : null;
  // With weight: the roller says the allies' presence helps; the GM's word (a waiver of
  // weight.when) lets it count, as the table decides.
  const claim = hasOption("weight")
    ? /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "conflict-weight-claim" }))
    : null;
  const claimBox = claim
    ? h(
        "div",
        { class: "check" },
        claim,
        h("label", { for: claim.id }, t("weight.claim")),
        h("p", { class: "hint" }, t("weight.claim_hint")),
      )
    : null;
  const claimed = () => (claim && claim.checked ? { weight_claimed: true } : {});
  const [diceIn, diceBox] = diceField("conflict-dice");
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const guide = difficultyGuide(difficulty, second.rating);
  const difficultyBox = field(t("roll.difficulty"), difficulty, guide);
  const action = type === "Overcome" ? "overcome" : "create_advantage";
  // A PC that counts aspects ticks them instead of a skill; so does one opposing it (counted.js).
  const picker = countedWorth(actor) ? countedPicker("conflict-counted", actor, () => update()) : null;
  /** @type {import("./counted.js").CountedPicker | null} */
  let theirPicker = null;
  const theirBox = h("div", {});
  const repickTheirs = () => {
    const id = opponent();
    theirPicker = id && countedWorth(id) ? countedPicker("conflict-defend-counted", id, () => update()) : null;
    fill(
      theirBox,
      theirPicker
        ? h(
            "div",
            {},
            h("p", { class: "hint" }, tn("roll.their_counted", { who: who(/** @type {string} */ (id)) })),
            theirPicker.box,
          )
        : null,
    );
  };
  const rolled = () => ({
    ...(picker ? { skill: "", counted: picker.chosen() } : { skill: skillSel.value, ...pair() }),
    ...(theirPicker && opponent() ? { defend_counted: theirPicker.chosen() } : {}),
  });
  const oddsAsked = () => {
    const r = /** @type {Record<string, unknown>} */ (rolled());
    for (const key of ["counted", "defend_counted"]) if (Array.isArray(r[key])) r[key] = JSON.stringify(r[key]);
    return r;
  };
  const update = () => {
    difficultyBox.hidden = Boolean(against.value);
    opposeBox.hidden = !opponent() || Boolean(theirPicker);
    fitBenefit(opponent());
    const scale = benefit && benefit.value ? { scale_benefit: benefit.value } : {};
    if (opponent())
      showOdds(odds, {
        actor,
        skill: skillSel.value,
        against: opponent(),
        action,
        ...(opposeWith.value && !theirPicker ? { defend_skill: opposeWith.value } : {}),
        ...oddsAsked(),
        ...scale,
        ...claimed(),
      });
    else if (against.value) {
      odds.asked = (odds.asked || 0) + 1; // an answer still on its way is no longer wanted
      odds.params = undefined; // nothing to ask again while an obstacle sets the difficulty
      fill(odds, h("p", { class: "hint" }, t("overcome.obstacle_odds")));
    } else
      showOdds(odds, {
        actor,
        skill: skillSel.value,
        ...oddsAsked(),
        difficulty: difficulty.value,
        action,
        ...scale,
        ...claimed(),
      });
  };
  if (benefit) benefit.addEventListener("change", update);
  if (claim) claim.addEventListener("change", update);
  skillSel.addEventListener("change", update);
  skillSel.addEventListener("change", guide.redraw);
  if (second.sel) second.sel.addEventListener("change", update);
  if (second.sel) second.sel.addEventListener("change", guide.redraw);
  difficulty.addEventListener("change", update);
  against.addEventListener("change", () => {
    fitOpposition();
    repickTheirs();
    update();
  });
  opposeWith.addEventListener("change", update);
  const obstacle = () => {
    const [kind, id] = against.value.split(":");
    if (kind === "who")
      return {
        against: against.value.slice(4),
        ...(opposeWith.value && !theirPicker ? { defend_skill: opposeWith.value } : {}),
      };
    if (kind === "block") return { block: id };
    if (kind === "remove") return { block: id, remove_block: true };
    if (kind === "hazard") return { disable_hazard: id };
    return { difficulty: Number(difficulty.value) };
  };
  openDialog(
    t(type === "Overcome" ? "move.overcome" : "move.create_advantage"),
    h(
      "div",
      {},
      picker ? picker.box : field(t("roll.skill"), skillSel),
      second.box,
      people.length || obstacles.length
        ? field(t(type === "Overcome" ? "overcome.against" : "roll.opposition"), against)
        : null,
      opposeBox,
      theirBox,
      difficultyBox,
      moveTo ? field(t("overcome.move_to"), moveTo) : null,
      removing ? field(t("roll.remove_aspect"), removing) : null,
      target ? target.node : null,
      benefitBox,
      claimBox,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        type,
        {
          actor,
          ...obstacle(),
          ...rolled(),
          ...(benefit && benefit.value ? { scale_benefit: benefit.value } : {}),
          ...(moveTo && moveTo.value ? { move_to: moveTo.value } : {}),
          ...(removing && removing.value ? { aspect_id: removing.value } : {}),
          ...(target ? target.read() : {}),
          ...(odds.stunts ? { stunts: odds.stunts } : {}),
          ...claimed(),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "conflict-roll-form" },
  );
  update();
}

/** How a conflict's pending hit is taken: its commands, its harm, its ids as they always were.
 * @type {HitWays} */
const conflictHit = {
  prefix: "",
  id: "pending-hit",
  track: () => conflictNow().harm || conflictNow().kind,
  absorb: (data, out) => send("Absorb", data, out),
  takeOut: (out) => sendFrom("TakeOut", {}, out),
  shield: true,
};

/** How a contest's hit on `target` is taken (it may outlast the contest): its own commands, the
 * contest's harm, ids of its own (several may wait at once).
 * @param {ContestHitPart} hit @returns {HitWays} */
export function contestHit(hit) {
  const prefix = `contest-${idPart(hit.target)}-`;
  return {
    prefix,
    id: `${prefix}hit`,
    track: () => hit.harm,
    absorb: (data, out) => send("AbsorbContestHit", { target: hit.target, ...data }, out),
    takeOut: (out) => sendFrom("TakeContestOut", { target: hit.target }, out),
    shield: false,
  };
}

/** Taking the hit's target out, asked first (the hit could have been absorbed).
 * @param {PendingHitPart | ContestHitPart} hit @param {HitWays} how */
function confirmTakeOut(hit, how) {
  const form = openDialog(
    t("harm.taken_out_title"),
    h("p", {}, tn("harm.taken_out_confirm", { who: who(hit.target) })),
    (f, out) => how.takeOut(out),
    { submitLabel: t("harm.taken_out_yes"), id: `${how.prefix}take-out-form` },
  );
  // The safe answer takes the focus, so a stray Enter does not take anyone out.
  /** @type {HTMLButtonElement} */ (form.querySelector(".actions button[type=button]")).focus(); // openDialog's Cancel
}

/** The hit and, for the seat that takes it, the ways to: a conflict's (`how` left out) or a
 * contest's (`contestHit(hit)`), with the same plans, names and taking out.
 * @param {PendingHitPart | ContestHitPart} hit @param {HitWays} [how] */
export function harmBox(hit, how = conflictHit) {
  const p = how.prefix;
  const box = h(
    "div",
    { class: "card harm", id: how.id, "data-shifts": hit.shifts, "data-target": hit.target },
    h("p", { class: "hit" }, tn("harm.pending", { who: who(hit.target), n: hit.shifts })),
  );
  const options = hit.absorb_options;
  if (!options) return box;
  // A big bad may throw one of its minions in front of the hit.
  const shield = how.shield && (conflictNow().legal_actions[hit.target] || []).find((m) => m.move === "shield");
  if (shield) {
    const minions = h("div", { class: "actions" });
    for (const m of shield.targets)
      add(
        minions,
        button(tn("harm.shield", { who: who(m) }), () => send("Shield", { minion: m }), { id: `shield-${m}` }),
      );
    add(box, minions);
  }
  const target = seatView().characters.find((c) => c.id === hit.target);
  const sheet = target && target.sheet;
  const out = h("div", {});
  // Each slot's name field, made once: what was typed stays while the plans are compared.
  /** @type {Map<number, HTMLInputElement>} */
  const names = new Map();
  const nameField = (/** @type {number} */ slot) => {
    let input = names.get(slot);
    if (!input) {
      input = h("input", { id: `${p}consequence-name-${slot}`, autocomplete: "off", required: true });
      names.set(slot, input);
    }
    return input;
  };
  // The rule set's conditions the target may mark against the hit (the engine's offer), each
  // taking its shifts off; the ways to absorb what is left are the engine's too (absorb_after).
  const soaking = ("soaking" in hit && hit.soaking) || {};
  const after = ("absorb_after" in hit && hit.absorb_after) || {};
  /** @type {Map<string, HTMLInputElement>} */
  const ticks = new Map();
  const marked = () => [...ticks].filter(([, input]) => input.checked).map(([key]) => key);
  /** The plans for the conditions ticked: none ticked, the hit's own; all of it taken, none. */
  const current = () => {
    const total = marked().reduce((sum, key) => sum + soaking[key], 0);
    if (!total) return options;
    if (total >= hit.shifts) return [{ boxes: [], slots: [], extreme: false }];
    return after[String(total)] || [];
  };
  /** @param {typeof options} shown */
  const drawPlans = (shown) =>
    shown.map((plan, i) => {
      const input = h("input", {
        type: "radio",
        name: `${p}absorb-plan`,
        value: String(i),
        id: `${p}absorb-${i}`,
        checked: i === 0,
      });
      const parts = [];
      if (plan.boxes.length)
        parts.push(h("span", {}, tn("harm.boxes", { boxes: plan.boxes.map((b) => b + 1).join(", ") })));
      for (const slot of plan.slots) {
        const s = sheet && sheet.consequences[slot];
        parts.push(
          h(
            "span",
            {},
            " ",
            s ? tn("harm.slot", { severity: t(`severity.${s.severity}`), n: s.shifts }) : String(slot),
          ),
        );
      }
      if (plan.extreme) parts.push(h("span", {}, " ", t("harm.extreme")));
      if (!parts.length) parts.push(h("span", {}, t("harm.conditions_only")));
      return h("div", { class: "check" }, input, h("label", { for: input.id }, parts));
    });
  const plans = drawPlans(options);
  const planList = h("div", { class: "plans" }, plans.length ? plans : h("p", {}, t("harm.no_plan")));
  const conditionTicks = Object.keys(soaking).length
    ? h(
        "fieldset",
        {
          class: "soak",
          onchange: () => {
            const shown = drawPlans(current());
            planList.replaceChildren(...(shown.length ? shown : [h("p", {}, t("harm.no_plan"))]));
            update();
          },
        },
        h("legend", {}, t("harm.conditions")),
        Object.entries(soaking).map(([key, n]) => {
          const input = h("input", { type: "checkbox", id: `${p}soak-${key}`, value: key });
          ticks.set(key, input);
          const spec = (target && target.conditions ? target.conditions : []).find((x) => x.key === key);
          return h(
            "div",
            { class: "check" },
            input,
            h("label", { for: input.id }, conditionName(key, spec ? spec.name : key), " ", tn("harm.soaks", { n })),
          );
        }),
      )
    : null;
  const nameFields = h("div", { class: "names" });
  // An extreme consequence is named, and takes the place of an aspect the player picks (never
  // the high concept: the engine lists those it may replace).
  const extremeName = h("input", { id: `${p}extreme-name`, autocomplete: "off", maxlength: 200 });
  const extremeReplaces = select(
    `${p}extreme-replaces`,
    (("extreme_replaces" in hit && hit.extreme_replaces) || []).map((a) => [a.id, a.name, true]),
  );
  const extremeFields = h(
    "div",
    { class: "extreme", id: `${p}extreme-fields` },
    h("p", { class: "hint" }, t("harm.extreme_hint")),
    field(t("harm.extreme_name"), extremeName),
    field(t("harm.extreme_replaces"), extremeReplaces),
  );
  const update = () => {
    const picked = /** @type {HTMLInputElement | null} */ (box.querySelector(`input[name=${p}absorb-plan]:checked`));
    const chosen = current()[Number((picked || { value: 0 }).value)];
    nameFields.replaceChildren();
    for (const slot of chosen ? chosen.slots : []) {
      const s = sheet && sheet.consequences[slot];
      add(
        nameFields,
        field(tn("harm.name_slot", { severity: s ? t(`severity.${s.severity}`) : String(slot) }), nameField(slot)),
      );
    }
    if (chosen && chosen.extreme) add(nameFields, extremeFields);
  };
  add(
    box,
    conditionTicks,
    h(
      "fieldset",
      { onchange: update },
      h("legend", {}, tn("harm.choose", { track: trackName(how.track()) })),
      planList,
    ),
    nameFields,
    h(
      "div",
      { class: "actions" },
      plans.length || conditionTicks
        ? button(
            t("harm.absorb"),
            () => {
              // The first plan starts checked, and a radio cannot be unchecked: one always is
              // (none, where the conditions ticked leave nothing the rules allow).
              const picked = /** @type {HTMLInputElement | null} */ (
                box.querySelector(`input[name=${p}absorb-plan]:checked`)
              );
              const chosen = picked ? current()[Number(picked.value)] : null;
              if (!chosen) {
                fill(out, h("p", { class: "error", role: "alert", id: `${p}absorb-unnamed` }, t("harm.no_plan")));
                return;
              }
              const named = chosen.slots.map(
                (slot) => /** @type {[number, string]} */ ([slot, nameField(slot).value.trim()]),
              );
              // A consequence needs a name: say so at its field rather than send a bare refusal.
              const unnamed = named.find(([, name]) => !name);
              if (unnamed) {
                fill(out, h("p", { class: "error", role: "alert", id: `${p}absorb-unnamed` }, t("harm.name_first")));
                nameField(unnamed[0]).focus();
                return;
              }
              /** @type {AbsorbPlan} */
              const plan = { boxes: chosen.boxes, slots: chosen.slots, names: named };
              const conditions = marked();
              if (conditions.length) plan.conditions = conditions;
              if (chosen.extreme) {
                const name = extremeName.value.trim();
                if (!name || !extremeReplaces.value) {
                  fill(
                    out,
                    h("p", { class: "error", role: "alert", id: `${p}absorb-unnamed` }, t("harm.extreme_first")),
                  );
                  (name ? extremeReplaces : extremeName).focus();
                  return;
                }
                plan.extreme = { name, replaces: extremeReplaces.value };
              }
              how.absorb(plan, out);
            },
            { id: `${p}absorb-button`, class: "primary" },
          )
        : null,
      // Out of the conflict in one tap, next to "Take the hit": when the hit could be absorbed,
      // ask first. When nothing can absorb it, there is nothing else to do: no question.
      button(
        t("harm.taken_out"),
        () => (plans.length || conditionTicks ? confirmTakeOut(hit, how) : how.takeOut(out)),
        {
          id: `${p}take-out-button`,
        },
      ),
    ),
    out,
  );
  update();
  return box;
}
