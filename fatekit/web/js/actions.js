// Forms that send commands: rolls, invokes, outcomes, compels, harm, conflict moves and the GM's
// tools. Each offers only what the view (or /extras, /invokes, /odds) says is open, and shows
// the server's answer when it refuses.

import { app, send, showError } from "./app.js";
import { add, dice, field, fill, free, h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { aspectName, button, hasOption, isGm, ladderValue, mine, skill, visibleAspects, who } from "./table.js";
import { describeEvent } from "./log.js";

// -- dialogs ------------------------------------------------------------------------------------

/** Show a modal form. `submit(form, out)` returns true when done (the dialog closes). */
export function openDialog(title, body, submit, { submitLabel = null, id = "dialog-form" } = {}) {
  const dialog = document.getElementById("dialog");
  const out = h("div", { class: "dialog-error", "aria-live": "assertive" });
  const form = h(
    "form",
    {
      id,
      method: "dialog",
      onsubmit: async (event) => {
        event.preventDefault();
        const ok = submitter.disabled;
        if (ok) return;
        submitter.disabled = true;
        try {
          if (await submit(form, out)) dialog.close();
        } finally {
          submitter.disabled = false;
        }
      },
    },
    h("h2", { id: "dialog-title" }, title),
    body,
    out,
  );
  const submitter = h("button", { type: "submit", class: "primary", id: `${id}-submit` }, submitLabel || t("dialog.ok"));
  form.append(h("div", { class: "actions" }, submitter, h("button", { type: "button", onclick: () => dialog.close() }, t("dialog.cancel"))));
  fill(dialog, form);
  dialog.showModal();
  const first = form.querySelector("input, select, textarea");
  if (first) first.focus();
  return form;
}

/** Send a command from a dialog: true when the server took it. */
async function sendFrom(type, data, out) {
  return (await send(type, data, out)) !== null;
}

function select(id, options, selected = null, { freeText = false } = {}) {
  const el = h(
    "select",
    { id },
    options.map(([value, label]) => h("option", { value, selected: value === selected }, label)),
  );
  if (freeText) el.setAttribute("data-free", "");
  return el;
}

function characterOptions(ids) {
  return ids.map((id) => [id, who(id).textContent]);
}

function skillOptions(keys = null) {
  const list = keys || (app.preset ? app.preset.skills : []);
  return list.map((k) => [k, skill(k).textContent]);
}

function ladderOptions() {
  const out = [];
  for (let n = 8; n >= -4; n--) out.push([String(n), ladderValue(n)]);
  return out;
}

/** A select of characters shows typed names: mark it so, since those are not our words. */
function characterSelect(id, ids, selected = null) {
  return select(id, characterOptions(ids), selected, { freeText: true });
}

function diceInput(id) {
  return h("input", { id, autocomplete: "off", spellcheck: "false", inputmode: "text", placeholder: "+0-+", pattern: "[-+0 _bB\\[\\]1-6]*" });
}

function diceField(id, label = null) {
  const input = diceInput(id);
  return [input, field(label || t("roll.enter_dice"), input, h("p", { class: "hint" }, t("roll.dice_hint")))];
}

// -- odds before a roll -------------------------------------------------------------------------

function percent(p) {
  return `${(p * 100).toFixed(1)}%`;
}

/** Ask /odds for the chances and show them in `out`; the page never works a probability out. */
async function showOdds(out, params) {
  // Answers may come back out of order as the form changes: only the latest question's counts.
  const asked = (out.asked = (out.asked || 0) + 1);
  try {
    const found = await app.seat.get("/odds", params);
    if (asked !== out.asked) return;
    if (found.hidden) {
      fill(out, h("p", { class: "hint", id: "odds-hidden" }, t("odds.hidden")));
      return;
    }
    if (found.stunts === undefined) found.stunts = [];
    // The roll names the stunts the odds counted, so the table adds exactly what was shown.
    out.stunts = found.stunts.filter((st) => st.counted).map((st) => st.name);
    const c = found.chances;
    const stuntLine = (list, key) =>
      list.map((st) =>
        h("p", { class: "hint stunt-bonus", "data-stunt": st.name, "data-counted": String(st.counted) }, tn(st.counted ? key : "odds.stunt_paid", { name: free(st.name), n: st.bonus })),
      );
    fill(
      out,
      h("p", { class: "hint" }, tn(found.active ? "odds.active" : "odds.passive", { me: ladderValue(found.modifier), them: ladderValue(found.opposition) })),
      stuntLine(found.stunts || [], "odds.stunt"),
      (found.opposing_stunts || []).map((st) =>
        h("p", { class: "hint stunt-bonus", "data-stunt": st.name, "data-counted": "false" }, tn("odds.stunt_theirs", { name: free(st.name), n: st.bonus })),
      ),
      h(
        "ul",
        { class: "odds plain", id: "odds-list" },
        ["fail", "tie", "success", "success_with_style"].map((k) =>
          h("li", { "data-outcome": k }, h("span", {}, t(`outcome.${k}`)), " ", h("strong", { title: c[k].exact }, percent(c[k].p))),
        ),
      ),
    );
  } catch (error) {
    if (asked === out.asked) fill(out);
  }
}

// -- a roll outside a conflict ------------------------------------------------------------------

export function openRoll() {
  const chars = [...mine()].filter((id) => app.view.scene && app.view.scene.participants.includes(id));
  const ids = chars.length ? chars : [...mine()];
  const actor = characterSelect("roll-actor", ids);
  const action = select("roll-action", ["overcome", "create_advantage"].map((a) => [a, t(`action.${a}`)]));
  const skillSel = select("roll-skill", skillOptions());
  const mode = select("roll-mode", [["difficulty", t("roll.against_difficulty")], ["against", t("roll.against_someone")]]);
  const difficulty = select("roll-difficulty", ladderOptions(), "2");
  const others = app.view.characters.map((c) => c.id);
  const against = characterSelect("roll-against", others);
  const aspects = visibleAspects().filter((a) => a.kind !== "boost");
  const target = select("roll-aspect", [["", t("roll.new_aspect")], ...aspects.map((a) => [a.id, a.name])], "", { freeText: true });
  const [diceIn, diceBox] = diceField("roll-dice");
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const againstBox = field(t("roll.opponent"), against);
  const difficultyBox = field(t("roll.difficulty"), difficulty);
  const targetBox = field(t("roll.advantage_on"), target);
  const update = () => {
    againstBox.hidden = mode.value !== "against";
    difficultyBox.hidden = mode.value !== "difficulty";
    targetBox.hidden = action.value !== "create_advantage";
    showOdds(odds, {
      actor: actor.value,
      skill: skillSel.value,
      action: action.value,
      ...(mode.value === "difficulty" ? { difficulty: difficulty.value } : { against: against.value }),
    });
  };
  for (const el of [actor, action, skillSel, mode, difficulty, against]) el.addEventListener("change", update);
  openDialog(
    t("roll.new"),
    h("div", {}, field(t("roll.actor"), actor), field(t("roll.action"), action), field(t("roll.skill"), skillSel), field(t("roll.opposition"), mode), difficultyBox, againstBox, targetBox, h("h3", {}, t("odds.title")), odds, diceBox),
    (form, out) =>
      sendFrom(
        "Roll",
        {
          actor: actor.value,
          action: action.value,
          skill: skillSel.value,
          ...(mode.value === "difficulty" ? { difficulty: Number(difficulty.value) } : { against: against.value }),
          ...(action.value === "create_advantage" && target.value ? { aspect_id: target.value } : {}),
          ...(odds.stunts && odds.stunts.length ? { stunts: odds.stunts } : {}),
          ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "roll-form" },
  );
  update();
}

// -- invokes after the dice ---------------------------------------------------------------------

/** The invokes a character of this seat may make on the roll in play, with the odds' advice. */
export function invokeBox(roll) {
  const ids = [...mine()];
  const preferred = ids.includes(roll.actor) ? roll.actor : roll.defence && ids.includes(roll.defence.actor) ? roll.defence.actor : ids[0];
  const as = characterSelect("invoke-as", ids, preferred);
  const list = h("div", { id: "invoke-options", "aria-live": "polite" });
  const out = h("div", {});
  const load = async () => {
    try {
      const found = await app.seat.get("/invokes", { by: as.value });
      const onDefence = roll.defence && roll.defence.actor === as.value && roll.actor !== as.value;
      const rows = found.options.map((o) => {
        const base = { aspect_id: o.aspect_id, by: as.value, on_defence: onDefence };
        const buttons = [];
        if (o.free > 0) buttons.push(button(t("invoke.plus_two_free"), () => send("Invoke", { ...base, free: true }, out), { "data-invoke": `${o.aspect_id}|free` }));
        if (o.paid) buttons.push(button(t("invoke.plus_two_paid"), () => send("Invoke", { ...base, free: false }, out), { "data-invoke": `${o.aspect_id}|paid` }));
        if (as.value === roll.actor) {
          if (o.free > 0) buttons.push(button(t("invoke.reroll_free"), () => send("Invoke", { ...base, free: true, effect: "reroll" }, out)));
          if (o.paid) buttons.push(button(t("invoke.reroll_paid"), () => send("Invoke", { ...base, free: false, effect: "reroll" }, out)));
        }
        return h(
          "li",
          { "data-aspect": o.aspect_id },
          free(o.name, "span", { class: "aspect-name" }),
          o.free > 0 ? h("span", { class: "badge" }, tn("invoke.free_held", { n: o.free })) : null,
          " ",
          buttons,
        );
      });
      const advice = found.advice;
      fill(
        list,
        rows.length ? h("ul", { class: "plain invoke-list" }, rows) : h("p", { class: "empty" }, t("invoke.none")),
        advice
          ? h(
              "p",
              { class: "advice", id: "invoke-advice", "data-choice": advice.choice },
              tn(`advice.${advice.choice}`, { n: advice.invokes }),
              " ",
              h(
                "span",
                { class: "hint" },
                advice.choices
                  .filter((c) => c in advice.chances)
                  .map((c) => h("span", { class: "chance" }, tn("advice.chance", { choice: t(`advice.option.${c}`), p: percent(advice.chances[c].p) }))),
              ),
            )
          : null,
      );
    } catch (error) {
      showError(error, list);
    }
  };
  as.addEventListener("change", load);
  load();
  return h("div", { class: "invoke-box" }, h("h3", {}, t("invoke.title")), field(t("invoke.as"), as), list, out);
}

/** The outcome's options, for the seat the outcome gives the choice to (the GM may always). */
export function resolveBox(roll) {
  const found = app.extras.resolution;
  if (!found) return null;
  const chooser = found.chosen_by;
  const ours = mine();
  // As the server judges it: the GM may always; the opposition's choice is its seat's (the
  // GM's against a difficulty); anything else is the roller's.
  const may = isGm() || (chooser === "opposition" ? Boolean(roll.defence && ours.has(roll.defence.actor)) : chooser !== "gm" && ours.has(roll.actor));
  const box = h("div", { class: "resolve-box" }, h("h3", {}, t("resolve.title")));
  if (!may) {
    add(box, h("p", { class: "hint" }, tn("resolve.waiting", { who: t(`chooser.${chooser === "none" ? "actor" : chooser}`) })));
    return box;
  }
  const out = h("div", {});
  const name = h("input", { id: "resolve-aspect-name", autocomplete: "off" });
  const boost = h("input", { id: "resolve-boost-name", autocomplete: "off" });
  const nameBox = field(t("resolve.aspect_name"), name);
  const boostBox = field(t("resolve.boost_name"), boost);
  const radios = found.options.map((o, i) => {
    const input = h("input", { type: "radio", name: "resolve-option", value: o.key, id: `resolve-${o.key}`, checked: i === 0 });
    return h("div", { class: "check" }, input, h("label", { for: input.id }, t(`option.outcome.${o.key}`), o.hit !== null ? h("span", {}, " ", tn("resolve.hit", { n: o.hit })) : null));
  });
  const chosen = () => found.options.find((o) => o.key === (box.querySelector("input[name=resolve-option]:checked") || {}).value) || found.options[0];
  const update = () => {
    const o = chosen();
    nameBox.hidden = !(o && o.names_aspect);
    boostBox.hidden = !(o && o.boosts.length);
  };
  add(box, 
    h("p", {}, tn("resolve.outcome", { outcome: t(`outcome.${found.outcome}`), n: found.shifts })),
    h("fieldset", { onchange: update }, h("legend", {}, t("resolve.options")), radios),
    nameBox,
    boostBox,
    button(
      t("resolve.button"),
      () => {
        const o = chosen();
        const data = { option: o.key };
        if (o.names_aspect) data.aspect_name = name.value.trim();
        if (o.boosts.length && boost.value.trim()) {
          const holder = o.boosts.includes("actor") ? roll.actor : roll.defence ? roll.defence.actor : roll.actor;
          data.boost_names = [[holder, boost.value.trim()]];
        }
        send("ResolveRoll", data, out);
      },
      { id: "resolve-button", class: "primary" },
    ),
    out,
  );
  update();
  return box;
}

// -- compels and free invokes -------------------------------------------------------------------

export function openCompel(aspect) {
  const ids = app.view.characters.map((c) => c.id);
  const target = characterSelect("compel-target", ids, aspect.owner && ids.includes(aspect.owner) ? aspect.owner : ids[0]);
  const complication = h("textarea", { id: "compel-complication", rows: 3, required: true });
  const kind = select("compel-kind", ["event", "decision"].map((k) => [k, t(`compel.kind.${k}`)]));
  const offerers = isGm() ? [] : [...mine()];
  const by = offerers.length ? characterSelect("compel-by", offerers) : null;
  openDialog(
    tn("compel.offer_on", { name: free(aspect.name) }),
    h(
      "div",
      {},
      h("p", {}, free(aspect.name, "strong")),
      field(t("compel.target"), target),
      field(t("compel.complication"), complication),
      field(t("compel.kind"), kind),
      by ? field(t("compel.by"), by, h("p", { class: "hint" }, t("compel.player_pays"))) : null,
    ),
    (form, out) =>
      sendFrom(
        "OfferCompel",
        { aspect_id: aspect.id, target: target.value, complication: complication.value.trim(), kind: kind.value, ...(by ? { offered_by: by.value } : {}) },
        out,
      ),
    { submitLabel: t("compel.offer"), id: "compel-form" },
  );
}

export function openPass(aspect, holder) {
  const others = app.view.characters.map((c) => c.id).filter((id) => id !== holder);
  const to = characterSelect("pass-to", others);
  openDialog(
    t("aspect.pass_title"),
    h("div", {}, h("p", {}, free(aspect.name, "strong")), field(t("aspect.pass_to"), to)),
    (form, out) => sendFrom("PassFreeInvoke", { aspect_id: aspect.id, from_character: holder, to_character: to.value }, out),
    { submitLabel: t("aspect.pass_button"), id: "pass-form" },
  );
}

// -- conflicts ----------------------------------------------------------------------------------

/** What one of this seat's characters may do now, from the view's legal_actions. */
export function conflictActions(id, moves) {
  const out = h("div", {});
  const box = h("div", { class: "card moves", id: `moves-${id}` }, h("h3", {}, tn("conflict.moves_for", { who: who(id) })));
  const row = h("div", { class: "actions wrap" });
  for (const m of moves) {
    if (m.move === "attack") add(row, button(t("move.attack"), () => openAttack(id, m), { id: `attack-${id}`, class: "primary" }));
    else if (m.move === "create_advantage") add(row, button(t("move.create_advantage"), () => openConflictRoll(id, m, "CreateAdvantage"), { id: `advantage-${id}` }));
    else if (m.move === "overcome") add(row, button(t("move.overcome"), () => openConflictRoll(id, m, "Overcome"), { id: `overcome-${id}` }));
    else if (m.move === "full_defense") {
      // Fate Condensed's full defense takes a focus; Fate Core's takes none.
      const focused = hasOption("full_defense");
      add(row, button(t("move.full_defense"), () => (focused ? openFullDefense(id) : send("FullDefense", { actor: id }, out)), { id: `full-defense-${id}` }));
    } else if (m.move === "split_attack") add(row, button(t("move.split_attack"), () => openMultiAttack(id, m, "SplitAttack"), { id: `split-attack-${id}` }));
    else if (m.move === "zone_attack") add(row, button(t("move.zone_attack"), () => openMultiAttack(id, m, "ZoneAttack"), { id: `zone-attack-${id}` }));
    else if (m.move === "assign_targets") add(row, assignTargets(id, out));
    else if (m.move === "end_turn") {
      const next = characterSelect(`next-${id}`, m.targets);
      add(row, 
        m.targets.length ? field(t("conflict.next"), next) : null,
        button(t("move.end_turn"), () => send("EndTurn", m.targets.length ? { next_actor: next.value } : {}, out), { id: `end-turn-${id}` }),
      );
    } else if (m.move === "concede") {
      add(row, button(t("move.concede"), () => openConcede(id), { id: `concede-${id}` }));
    }
  }
  if (!row.childNodes.length) return h("div", {});
  add(box, row, out);
  return box;
}

function openConcede(id) {
  openDialog(
    t("concede.title"),
    h("div", {}, h("p", {}, tn("concede.confirm", { who: who(id) })), h("p", { class: "hint" }, t("concede.payout"))),
    (form, out) => sendFrom("Concede", { character_id: id }, out),
    { submitLabel: t("move.concede"), id: "concede-form" },
  );
}

/** The higher side's choice of scale benefit, when the table plays with scale. */
function scaleBenefit(id) {
  if (!hasOption("scale") && !hasOption("big_bads")) return [null, null];
  const sel = select(id, [["", t("scale.benefit.none")], ...["before_roll", "after_success", "free_invokes"].map((b) => [b, t(`scale.benefit.${b}`)])]);
  return [sel, field(t("scale.benefit"), sel, h("p", { class: "hint" }, t("scale.benefit_hint")))];
}

function openAttack(actor, move) {
  const c = app.view.conflict;
  const target = characterSelect("attack-target", move.targets);
  const skillSel = select("attack-skill", skillOptions(move.skills));
  const [diceIn, diceBox] = diceField("attack-dice");
  const [defendIn, defendBox] = diceField("attack-defend-dice", t("roll.enter_defend_dice"));
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const mental = c && c.kind === "mental";
  // Blocks: cover for the target (only weakening the attack) or a block to force them into.
  const blocks = hasOption("obstacles") && c ? c.blocks : [];
  const shelters = blocks.filter((b) => b.cover);
  const cover = select("attack-cover", [["", t("attack.no_cover")], ...shelters.map((b) => [b.id, b.name])], "", { freeText: true });
  const coverUse = select("attack-cover-use", ["mitigate", "negate"].map((u) => [u, t(`attack.cover.${u}`)]));
  const into = select("attack-into-block", [["", t("attack.no_block")], ...blocks.map((b) => [b.id, b.name])], "", { freeText: true });
  const [benefit, benefitBox] = scaleBenefit("attack-scale-benefit");
  const update = () => showOdds(odds, { actor, skill: skillSel.value, against: target.value, mental, action: "attack" });
  target.addEventListener("change", update);
  skillSel.addEventListener("change", update);
  openDialog(
    tn("move.attack_by", { who: who(actor) }),
    h(
      "div",
      {},
      field(t("attack.target"), target),
      field(t("roll.skill"), skillSel),
      shelters.length ? h("div", { class: "inline" }, field(t("attack.cover"), cover), field(t("attack.cover_use"), coverUse)) : null,
      blocks.length ? field(t("attack.into_block"), into) : null,
      benefitBox,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
      isGm() ? defendBox : null,
    ),
    (form, out) =>
      sendFrom(
        "Attack",
        {
          actor,
          target: target.value,
          skill: skillSel.value,
          ...(cover.value ? { cover: cover.value, cover_use: coverUse.value } : {}),
          ...(into.value ? { into_block: into.value } : {}),
          ...(benefit && benefit.value ? { scale_benefit: benefit.value } : {}),
          ...(odds.stunts && odds.stunts.length ? { stunts: odds.stunts } : {}),
          ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}),
          ...(isGm() && defendIn.value.trim() ? { defend_dice: defendIn.value.trim() } : {}),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "attack-form" },
  );
  update();
}

/** Full defense with a focus (Fate Condensed): oneself, allies to protect, aggressors to watch,
 * or others' efforts to overcome. */
function openFullDefense(actor) {
  const c = app.view.conflict;
  const focus = select("defense-focus", ["self", "protect", "aggressors", "outcome"].map((f) => [f, t(`focus.${f}`)]));
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
      const named = ["protect", "aggressors"].includes(focus.value) ? checks.map((c) => c.querySelector("input")).filter((i) => i.checked).map((i) => i.value) : [];
      return sendFrom("FullDefense", { actor, focus: focus.value, who: named }, out);
    },
    { id: "full-defense-form" },
  );
  update();
}

/** One roll for several targets: split among opponents, or on everyone in a zone. */
function openMultiAttack(actor, move, type) {
  const skillSel = select("multi-skill", skillOptions(move.skills));
  const zone = type === "ZoneAttack" ? select("multi-zone", move.targets.map((z) => [z, z]), null, { freeText: true }) : null;
  const [diceIn, diceBox] = diceField("multi-dice");
  openDialog(
    t(type === "SplitAttack" ? "move.split_attack" : "move.zone_attack"),
    h("div", {}, h("p", { class: "hint" }, t(type === "SplitAttack" ? "multi.split_hint" : "multi.zone_hint")), field(t("roll.skill"), skillSel), zone ? field(t("multi.zone"), zone) : null, diceBox),
    (form, out) =>
      sendFrom(
        type,
        { actor, skill: skillSel.value, ...(zone ? { zone: zone.value } : {}), ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}) },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "multi-form" },
  );
}

/** Aiming the split or zone attack just rolled: shares of the effort for a split (the engine
 * checks them), everyone in the zone for a zone attack; or calling it off. */
function assignTargets(actor, out) {
  const view = app.view;
  const rolled = view.last_roll;
  const last = rolled && rolled.actor === actor && (rolled.action === "split_attack" || rolled.action === "zone_attack") ? rolled : null;
  const miss = button(t("multi.miss"), () => send("MissEveryone", {}, out), { id: "miss-everyone" });
  if (!last || last.action === "zone_attack") {
    return h("div", { class: "assign", id: "assign-targets" }, button(t("multi.aim_zone"), () => send("AssignTargets", {}, out), { id: "aim-zone", class: "primary" }), miss);
  }
  const c = view.conflict;
  const side = (c.fighters.find((f) => f.id === actor) || {}).side;
  const opponents = c.fighters.filter((f) => f.side !== side && f.status === "active" && !f.hazard).map((f) => f.id);
  const shares = opponents.map((id) => ({ id, input: h("input", { type: "number", min: 0, max: 20, value: 0, id: `share-${id}` }) }));
  return h(
    "div",
    { class: "assign", id: "assign-targets" },
    h("p", { class: "hint" }, t("multi.shares_hint")),
    shares.map((sh) => field(tn("multi.share", { who: who(sh.id) }), sh.input)),
    button(
      t("multi.aim"),
      () => {
        const split = shares.filter((sh) => Number(sh.input.value) > 0).map((sh) => [sh.id, Number(sh.input.value)]);
        send("AssignTargets", { split }, out);
      },
      { id: "aim-split", class: "primary" },
    ),
    miss,
  );
}

/** The targets of a split or zone attack once aimed: everyone sees each one's outcome; the
 * attacker's seat (or the GM) settles them, picking an option where there is a choice. */
export function targetsBox(c) {
  if (!c.targets) return null;
  const current = c.current;
  const settles = isGm() || (current && mine().has(current));
  const out = h("div", {});
  const picks = [];
  const rows = Object.entries(c.targets).map(([target, r]) => {
    let pick = null;
    if (settles && r.options.length > 1) {
      pick = select(`target-option-${target}`, r.options.map((o) => [o, t(`option.outcome.${o}`)]));
      picks.push([target, pick]);
    }
    return h(
      "li",
      { id: `target-${target}`, "data-outcome": r.outcome, "data-shifts": r.shifts },
      who(target),
      " ",
      tn("resolve.outcome", { outcome: t(`outcome.${r.outcome}`), n: r.shifts }),
      pick ? field(t("resolve.options"), pick) : null,
    );
  });
  return h(
    "div",
    { class: "card targets", id: "targets" },
    h("h3", {}, t("multi.targets")),
    h("ul", { class: "plain" }, rows),
    settles
      ? button(t("resolve.button"), () => send("ResolveTargets", { options: picks.map(([target, sel]) => [target, sel.value]) }, out), { id: "resolve-targets", class: "primary" })
      : null,
    out,
  );
}

function openConflictRoll(actor, move, type) {
  const c = app.view.conflict;
  const skillSel = select("conflict-skill", skillOptions(move.skills));
  const difficulty = select("conflict-difficulty", ladderOptions(), "2");
  // With obstacles, an overcome may be aimed at a block (past it, or rid of it) or a hazard;
  // the engine then sets the difficulty from its rating.
  const obstacles = type === "Overcome" && hasOption("obstacles") && c ? [...c.blocks.map((b) => [`block:${b.id}`, tn("overcome.block", { name: free(b.name) }).textContent]), ...c.blocks.map((b) => [`remove:${b.id}`, tn("overcome.remove_block", { name: free(b.name) }).textContent]), ...c.hazards.map((z) => [`hazard:${z.id}`, tn("overcome.hazard", { name: free(z.name) }).textContent])] : [];
  const against = select("conflict-obstacle", [["", t("overcome.difficulty")], ...obstacles], "", { freeText: true });
  const [benefit, benefitBox] = scaleBenefit("conflict-scale-benefit");
  const zones = app.view.scene && app.view.scene.zones ? app.view.scene.zones.zones : [];
  const moveTo = type === "Overcome" && zones.length ? select("conflict-move-to", [["", t("overcome.no_move")], ...zones.map((z) => [z, z])], "", { freeText: true }) : null;
  const aspects = visibleAspects().filter((a) => a.kind !== "boost");
  const target = type === "CreateAdvantage" ? select("conflict-aspect", [["", t("roll.new_aspect")], ...aspects.map((a) => [a.id, a.name])], "", { freeText: true }) : null;
  const [diceIn, diceBox] = diceField("conflict-dice");
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const difficultyBox = field(t("roll.difficulty"), difficulty);
  const action = type === "Overcome" ? "overcome" : "create_advantage";
  const update = () => {
    difficultyBox.hidden = Boolean(against.value);
    if (against.value) {
      odds.asked = (odds.asked || 0) + 1; // an answer still on its way is no longer wanted
      fill(odds, h("p", { class: "hint" }, t("overcome.obstacle_odds")));
    }
    else showOdds(odds, { actor, skill: skillSel.value, difficulty: difficulty.value, action });
  };
  skillSel.addEventListener("change", update);
  difficulty.addEventListener("change", update);
  against.addEventListener("change", update);
  const obstacle = () => {
    const [kind, id] = against.value.split(":");
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
      field(t("roll.skill"), skillSel),
      obstacles.length ? field(t("overcome.against"), against) : null,
      difficultyBox,
      moveTo ? field(t("overcome.move_to"), moveTo) : null,
      target ? field(t("roll.advantage_on"), target) : null,
      benefitBox,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        type,
        {
          actor,
          skill: skillSel.value,
          ...obstacle(),
          ...(benefit && benefit.value ? { scale_benefit: benefit.value } : {}),
          ...(moveTo && moveTo.value ? { move_to: moveTo.value } : {}),
          ...(target && target.value ? { aspect_id: target.value } : {}),
          ...(odds.stunts && odds.stunts.length ? { stunts: odds.stunts } : {}),
          ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "conflict-roll-form" },
  );
  update();
}

/** The hit waiting to be absorbed: everyone sees it; its target's seat picks how to take it. */
export function harmBox(hit) {
  const box = h("div", { class: "card harm", id: "pending-hit", "data-shifts": hit.shifts, "data-target": hit.target }, h("p", { class: "hit" }, tn("harm.pending", { who: who(hit.target), n: hit.shifts })));
  if (!hit.absorb_options) return box;
  // A big bad may throw one of its minions in front of the hit.
  const shield = (app.view.conflict.legal_actions[hit.target] || []).find((m) => m.move === "shield");
  if (shield) {
    const minions = h("div", { class: "actions" });
    for (const m of shield.targets) add(minions, button(tn("harm.shield", { who: who(m) }), () => send("Shield", { minion: m }), { id: `shield-${m}` }));
    add(box, minions);
  }
  const target = app.view.characters.find((c) => c.id === hit.target);
  const sheet = target && target.sheet;
  const kind = app.view.conflict.kind;
  const out = h("div", {});
  const names = new Map();
  const plans = hit.absorb_options.map((plan, i) => {
    const input = h("input", { type: "radio", name: "absorb-plan", value: String(i), id: `absorb-${i}`, checked: i === 0 });
    const parts = [];
    if (plan.boxes.length) parts.push(h("span", {}, tn("harm.boxes", { boxes: plan.boxes.map((b) => b + 1).join(", ") })));
    for (const slot of plan.slots) {
      const s = sheet && sheet.consequences[slot];
      parts.push(h("span", {}, " ", s ? tn("harm.slot", { severity: t(`severity.${s.severity}`), n: s.shifts }) : String(slot)));
    }
    if (plan.extreme) parts.push(h("span", {}, " ", t("harm.extreme")));
    return h("div", { class: "check" }, input, h("label", { for: input.id }, parts));
  });
  const nameFields = h("div", { class: "names" });
  const update = () => {
    const chosen = hit.absorb_options[Number((box.querySelector("input[name=absorb-plan]:checked") || { value: 0 }).value)];
    nameFields.replaceChildren();
    for (const slot of chosen ? chosen.slots : []) {
      if (!names.has(slot)) names.set(slot, h("input", { id: `consequence-name-${slot}`, autocomplete: "off", required: true }));
      const s = sheet && sheet.consequences[slot];
      add(nameFields, field(tn("harm.name_slot", { severity: s ? t(`severity.${s.severity}`) : String(slot) }), names.get(slot)));
    }
  };
  add(box, 
    h("fieldset", { onchange: update }, h("legend", {}, tn("harm.choose", { track: t(`track.${kind}`) })), plans.length ? plans : h("p", {}, t("harm.no_plan"))),
    nameFields,
    h(
      "div",
      { class: "actions" },
      plans.length
        ? button(
            t("harm.absorb"),
            () => {
              const chosen = hit.absorb_options[Number(box.querySelector("input[name=absorb-plan]:checked").value)];
              const named = chosen.slots.map((slot) => [slot, names.get(slot).value.trim()]);
              send("Absorb", { boxes: chosen.boxes, slots: chosen.slots, names: named }, out);
            },
            { id: "absorb-button", class: "primary" },
          )
        : null,
      button(t("harm.taken_out"), () => send("TakeOut", {}, out), { id: "take-out-button" }),
    ),
    out,
  );
  update();
  return box;
}

// -- contests and challenges --------------------------------------------------------------------

export function contestRoll(side, members) {
  const out = h("div", {});
  const actor = characterSelect(`contest-actor-${side.id}`, members);
  const skillSel = select(`contest-skill-${side.id}`, skillOptions());
  const diceIn = diceInput(`contest-dice-${side.id}`);
  return h(
    "div",
    { class: "card" },
    h("p", {}, tn("contest.roll_for", { side: free(side.id) })),
    field(t("roll.actor"), actor),
    field(t("roll.skill"), skillSel),
    field(t("roll.enter_dice"), diceIn),
    h(
      "div",
      { class: "actions" },
      button(t("roll.roll_button"), () => send("ContestRoll", { side: side.id, actor: actor.value, skill: skillSel.value, ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}) }, out)),
      button(t("contest.forfeit"), () => send("ContestForfeit", { side: side.id }, out)),
    ),
    out,
  );
}

export function challengeRoll(task) {
  const ids = [...mine()];
  if (!ids.length) return null;
  const out = h("span", {});
  const actor = characterSelect(`task-actor-${task.key}`, ids);
  const diceIn = diceInput(`task-dice-${task.key}`);
  return h(
    "span",
    { class: "inline" },
    field(t("roll.actor"), actor),
    field(t("roll.enter_dice"), diceIn),
    button(t("roll.roll_button"), () => send("ChallengeRoll", { task: task.key, actor: actor.value, ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}) }, out)),
    out,
  );
}

// -- milestones ---------------------------------------------------------------------------------

const CHANGES = ["swap_skills", "replace_skill", "rewrite_stunt", "buy_stunt", "rewrite_aspect"];

/** Spending a milestone or a breakthrough on a PC. Every change the engine offers is here; the
 * engine says whether it is legal (an Average skill to trade, refresh left for a stunt...). */
export function milestoneForm(pc, kind) {
  const out = h("div", {});
  const c = app.view.characters.find((x) => x.id === pc);
  const sheet = c && c.sheet;
  const major = kind === "major";
  const change = select(`milestone-kind-${pc}`, [...(major ? [["", t("milestone.change.none")]] : []), ...CHANGES.map((k) => [k, t(`milestone.change.${k}`)])]);
  // Two skills: swapped, or the Average one traded for a new one.
  const first = select(`milestone-first-${pc}`, skillOptions());
  const second = select(`milestone-second-${pc}`, skillOptions());
  const skillsBox = h("div", {}, field(t("milestone.first"), first), field(t("milestone.second"), second));
  // A stunt: the one to rewrite, and the new one (a +2 to one skill and action, as in the editor).
  const stunts = sheet ? sheet.stunts : [];
  const oldStunt = select(`milestone-stunt-old-${pc}`, stunts.map((st) => [st.name, st.name]), null, { freeText: true });
  const stuntName = h("input", { id: `milestone-stunt-name-${pc}`, autocomplete: "off" });
  const stuntSkill = select(`milestone-stunt-skill-${pc}`, skillOptions());
  const stuntAction = select(`milestone-stunt-action-${pc}`, ["overcome", "create_advantage", "attack", "defend"].map((a) => [a, t(`action.${a}`)]));
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
  const aspect = select(`milestone-aspect-${pc}`, aspects.map((a) => [a.id, a.name]), null, { freeText: true });
  const text = h("input", { id: `milestone-text-${pc}`, autocomplete: "off" });
  const aspectBox = h("div", {}, field(t("milestone.aspect"), aspect), field(t("milestone.new_name"), text));
  const update = () => {
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
      default:
        return null;
    }
  };
  if (!major) {
    return h(
      "div",
      { class: "milestone-form", id: `milestone-${pc}` },
      field(t("milestone.change"), change),
      skillsBox,
      stuntBox,
      aspectBox,
      button(t("milestone.take"), () => send("Milestone", { character_id: pc, choice: choice() }, out), { id: `milestone-take-${pc}`, class: "primary" }),
      out,
    );
  }
  // A breakthrough adds: the high concept rewritten, untreated moderate and severe consequences
  // renamed as they start to recover, skill steps spent now (the rest are banked), and the
  // GM's extra refresh and skill step.
  const concept = h("input", { id: `milestone-concept-${pc}`, autocomplete: "off" });
  const untreated = sheet ? sheet.consequences.filter((slot) => slot.aspect && ["moderate", "severe"].includes(slot.severity) && !slot.recovering) : [];
  const recoveries = untreated.map((slot) => ({ id: slot.aspect.id, input: h("input", { id: `milestone-recover-${pc}-${slot.aspect.id}`, autocomplete: "off", value: slot.aspect.name }) }));
  const raises = [0, 1].map((i) => select(`milestone-raise-${pc}-${i}`, [["", "\u2014"], ...skillOptions()], ""));
  const banked = sheet && sheet.skill_steps ? sheet.skill_steps.banked : 0;
  const gmRefresh = h("input", { type: "checkbox", id: `milestone-gm-refresh-${pc}` });
  const gmStep = h("input", { type: "checkbox", id: `milestone-gm-step-${pc}` });
  return h(
    "div",
    { class: "milestone-form", id: `milestone-${pc}` },
    field(t("milestone.change"), change),
    skillsBox,
    stuntBox,
    aspectBox,
    field(t("milestone.high_concept"), concept),
    recoveries.length
      ? h(
          "fieldset",
          {},
          h("legend", {}, t("milestone.recovery")),
          recoveries.map((r) => field(tn("milestone.recover", { name: aspectName(r.id) }), r.input)),
        )
      : null,
    h(
      "fieldset",
      {},
      h("legend", {}, t("milestone.raise")),
      h("p", { class: "hint" }, tn("milestone.raise_hint", { n: banked })),
      raises.map((r, i) => field(tn("milestone.raise_n", { n: i + 1 }), r)),
    ),
    isGm()
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
            recovery_names: recoveries.map((r) => [r.id, r.input.value.trim()]),
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

// -- GM tools -----------------------------------------------------------------------------------

export function openEndSession() {
  const milestone = select("end-session-milestone", [["", t("milestone.none")], ["minor", t("milestone.minor")], ["major", t("milestone.major")]]);
  openDialog(t("gm.end_session"), field(t("milestone.reached"), milestone), (form, out) => sendFrom("EndSession", milestone.value ? { milestone: milestone.value } : {}, out), { id: "end-session-form" });
}

function splitList(text) {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function openStartScene() {
  const name = h("input", { id: "scene-name", required: true, autocomplete: "off" });
  const people = app.view.characters.map((c) => c.id);
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
      add(places, field(tn("scene.place", { who: who(id) }), select(`scene-place-${id}`, [["", t("scene.no_zone")], ...list.map((z) => [z, z])], list[0] || "", { freeText: true })));
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
      const chosen = checks.map((c) => c.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      const zoneList = splitList(zones.value);
      const linkList = splitList(links.value).map((pair) => pair.split(/\s*-\s*/)).filter((p) => p.length === 2);
      const positions = zoneList.length
        ? chosen.map((id) => [id, (document.getElementById(`scene-place-${id}`) || {}).value]).filter(([, z]) => z)
        : [];
      return sendFrom("StartScene", { name: name.value.trim(), participants: chosen, zones: zoneList, links: linkList, positions }, out);
    },
    { id: "scene-form" },
  );
}

export function openAddAspect() {
  const name = h("input", { id: "aspect-name", required: true, autocomplete: "off" });
  const zones = app.view.scene.zones ? app.view.scene.zones.zones : [];
  const zone = select("aspect-zone", [["", t("scene.no_zone")], ...zones.map((z) => [z, z])], "", { freeText: true });
  const hidden = h("input", { type: "checkbox", id: "aspect-hidden" });
  const holder = select("aspect-holder", [["", t("aspect.no_free")], ...characterOptions(app.view.scene.participants)], "", { freeText: true });
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

export function openStartConflict() {
  const people = app.view.scene.participants;
  const sideA = h("input", { id: "conflict-side-a", value: t("conflict.side_a"), autocomplete: "off" });
  const sideB = h("input", { id: "conflict-side-b", value: t("conflict.side_b"), autocomplete: "off" });
  const kind = select("conflict-kind", ["physical", "mental"].map((k) => [k, t(`conflict.kind.${k}`)]));
  const sides = people.map((id) => {
    const c = app.view.characters.find((x) => x.id === id);
    const pc = c && c.revealed && c.sheet.kind === "pc";
    return field(tn("conflict.side_of", { who: who(id) }), select(`conflict-side-${id}`, [["a", t("conflict.first_side")], ["b", t("conflict.second_side")], ["", t("conflict.not_in")]], pc ? "a" : "b"));
  });
  const first = characterSelect("conflict-first", people);
  openDialog(
    t("gm.start_conflict"),
    h("div", {}, field(t("conflict.kind"), kind), field(t("conflict.first_side"), sideA), field(t("conflict.second_side"), sideB), sides, field(t("conflict.first"), first)),
    (form, out) => {
      const a = [];
      const b = [];
      for (const id of people) {
        const v = document.getElementById(`conflict-side-${id}`).value;
        if (v === "a") a.push(id);
        if (v === "b") b.push(id);
      }
      return sendFrom("StartConflict", { sides: [[sideA.value.trim() || "a", a], [sideB.value.trim() || "b", b]], kind: kind.value, first: first.value }, out);
    },
    { id: "start-conflict-form" },
  );
}

export function openStartContest() {
  const people = app.view.scene.participants;
  const sideA = h("input", { id: "contest-side-a", value: t("conflict.side_a"), autocomplete: "off" });
  const sideB = h("input", { id: "contest-side-b", value: t("conflict.side_b"), autocomplete: "off" });
  const intentA = h("input", { id: "contest-intent-a", autocomplete: "off" });
  const intentB = h("input", { id: "contest-intent-b", autocomplete: "off" });
  const sides = people.map((id) => field(tn("conflict.side_of", { who: who(id) }), select(`contest-side-${id}`, [["a", t("conflict.first_side")], ["b", t("conflict.second_side")], ["", t("conflict.not_in")]])));
  openDialog(
    t("gm.start_contest"),
    h("div", {}, field(t("conflict.first_side"), sideA), field(t("contest.intent"), intentA), field(t("conflict.second_side"), sideB), field(t("contest.intent"), intentB), sides),
    (form, out) => {
      const a = [];
      const b = [];
      for (const id of people) {
        const v = document.getElementById(`contest-side-${id}`).value;
        if (v === "a") a.push(id);
        if (v === "b") b.push(id);
      }
      const na = sideA.value.trim() || "a";
      const nb = sideB.value.trim() || "b";
      return sendFrom("StartContest", { sides: [[na, a], [nb, b]], intents: [[na, intentA.value.trim() || na], [nb, intentB.value.trim() || nb]] }, out);
    },
    { id: "start-contest-form" },
  );
}

export function openStartChallenge() {
  const rows = [0, 1, 2].map((i) => ({
    text: h("input", { id: `task-text-${i}`, autocomplete: "off" }),
    skill: select(`task-skill-${i}`, skillOptions()),
    difficulty: select(`task-difficulty-${i}`, ladderOptions(), "2"),
  }));
  openDialog(
    t("gm.start_challenge"),
    h("div", {}, rows.map((r, i) => h("fieldset", {}, h("legend", {}, tn("challenge.task_n", { n: i + 1 })), field(t("challenge.description"), r.text), field(t("roll.skill"), r.skill), field(t("roll.difficulty"), r.difficulty)))),
    (form, out) => {
      const tasks = rows.filter((r) => r.text.value.trim()).map((r, i) => [`task${i + 1}`, r.text.value.trim(), r.skill.value, Number(r.difficulty.value)]);
      return sendFrom("StartChallenge", { tasks }, out);
    },
    { id: "start-challenge-form" },
  );
}

export function openAddCountdown() {
  const name = h("input", { id: "countdown-name", required: true, autocomplete: "off" });
  const boxes = h("input", { id: "countdown-boxes", type: "number", min: 1, max: 10, value: 4 });
  const outcome = h("input", { id: "countdown-outcome", autocomplete: "off" });
  const visibility = select("countdown-visibility", ["shown", "boxes_only", "hidden"].map((v) => [v, t(`countdown.${v}`)]));
  openDialog(
    t("gm.add_countdown"),
    h("div", {}, field(t("countdown.name"), name), field(t("countdown.boxes"), boxes), field(t("countdown.outcome"), outcome), field(t("countdown.visibility"), visibility)),
    (form, out) =>
      sendFrom(
        "AddCountdown",
        { countdown_id: `cd${app.view.table.version + 1}`, name: name.value.trim(), boxes: Number(boxes.value), outcome: outcome.value.trim(), visibility: visibility.value },
        out,
      ),
    { id: "countdown-form" },
  );
}

export function openUndo() {
  const recent = app.events.filter((e) => e.type !== "Undone" && e.type !== "TableCreated").slice(-15).reverse();
  const choice = h("div", {});
  const radios = recent.map((e, i) => {
    const input = h("input", { type: "radio", name: "undo-version", value: String(e.version), id: `undo-${e.version}`, checked: i === 0 });
    return h("div", { class: "check" }, input, h("label", { for: input.id }, h("span", { class: "version" }, `#${e.version}`), " ", describeEvent(e)));
  });
  add(choice, ...radios);
  openDialog(
    t("gm.undo"),
    h("div", {}, h("p", { class: "hint" }, t("undo.hint")), h("fieldset", {}, h("legend", {}, t("undo.from")), choice)),
    (form, out) => {
      const picked = form.querySelector("input[name=undo-version]:checked");
      return picked ? sendFrom("Undo", { target_version: Number(picked.value) }, out) : false;
    },
    { submitLabel: t("gm.undo"), id: "undo-form" },
  );
}

// -- the optional rules in a conflict -------------------------------------------------------------

/** Weapon and Armor ratings (0 to 4) for a fighter: the GM's, or a player's for their own. */
export function openEquip(ids) {
  const c = app.view.conflict;
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
    h("div", {}, field(t("gear.who"), whom), field(t("gear.weapon"), weapon), field(t("gear.armor"), armor), h("p", { class: "hint" }, t("gear.hint"))),
    (form, out) => sendFrom("Equip", { character_id: whom.value, weapon: Number(weapon.value), armor: Number(armor.value) }, out),
    { id: "equip-form" },
  );
  current();
}

export const SCALE_LEVELS = ["mundane", "supernatural", "otherworldly", "legendary", "godlike"];

export function openScale(ids) {
  const whom = characterSelect("scale-who", ids);
  const level = select("scale-level", SCALE_LEVELS.map((l) => [l, t(`scale.${l}`)]));
  openDialog(
    t("scale.title"),
    h("div", {}, field(t("gear.who"), whom), field(t("scale.level"), level)),
    (form, out) => sendFrom("SetScale", { character_id: whom.value, level: level.value }, out),
    { id: "scale-form" },
  );
}

/** Make a fighter a big bad: minions to shield it, an immunity to break first, a scale, and
 * the solo bonuses. (Later true forms are character files: send them through the API.) */
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
  const immunity = select("bigbad-immunity", [["", t("bigbad.immunity.none")], ["challenge", t("bigbad.immunity.challenge")], ["contest", t("bigbad.immunity.contest")]]);
  const scale = select("bigbad-scale", [["", t("scale.none")], ...SCALE_LEVELS.map((l) => [l, t(`scale.${l}`)])]);
  const flags = ["skill", "stress", "amplified", "no_free_stacking"].map((k) => {
    const box = h("input", { type: "checkbox", id: `bigbad-solo-${k}` });
    return { key: k, box, row: h("div", { class: "check" }, box, h("label", { for: box.id }, t(`bigbad.solo.${k}`))) };
  });
  const suppress = select("bigbad-suppress", [["", t("bigbad.suppress.none")], ["plus_one", t("bigbad.suppress.plus_one")], ["reroll_only", t("bigbad.suppress.reroll_only")]]);
  openDialog(
    t("bigbad.button"),
    h(
      "div",
      {},
      field(t("gear.who"), whom),
      h("fieldset", {}, h("legend", {}, t("bigbad.minions_pick")), minionChecks),
      field(t("bigbad.immunity_pick"), immunity),
      field(t("scale.level"), scale),
      h("fieldset", {}, h("legend", {}, t("bigbad.solo_pick")), flags.map((f) => f.row), field(t("bigbad.suppress"), suppress)),
    ),
    (form, out) => {
      const data = { character_id: whom.value, minions: [...minionChecks.querySelectorAll("input:checked")].map((i) => i.value) };
      if (immunity.value) data.immunity = immunity.value;
      if (scale.value) data.scale = scale.value;
      for (const f of flags) if (f.box.checked) data[`solo_${f.key}`] = true;
      if (suppress.value) data.solo_suppress = suppress.value;
      return sendFrom("SetBigBad", data, out);
    },
    { id: "bigbad-form" },
  );
}

/** The GM settles a big bad's immunity: the challenge was beaten, or the running contest says. */
export function openBreakImmunity(bad) {
  const contest = app.view.contest;
  const byContest = bad.immunity.kind === "contest" && contest;
  const side = byContest ? select("break-side", contest.sides.map((s) => [s.id, s.id]), null, { freeText: true }) : null;
  openDialog(
    t("bigbad.break"),
    h("div", {}, h("p", {}, who(bad.id)), side ? field(t("bigbad.contest_side"), side) : h("p", { class: "hint" }, t("bigbad.break_hint"))),
    (form, out) => sendFrom("BreakImmunity", { character_id: bad.id, ...(side ? { contest_side: side.value } : {}) }, out),
    { id: "break-form" },
  );
}

export { dice };
