// Forms that send commands: rolls, invokes, outcomes, compels, harm, conflict moves and the GM's
// tools. Each offers only what the view (or /extras, /invokes, /odds) says is open, and shows
// the server's answer when it refuses.

import { app, send, showError } from "./app.js";
import { add, dice, field, fill, free, h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { aspectName, button, isGm, ladderValue, mine, skill, visibleAspects, who } from "./table.js";
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
  try {
    const found = await app.seat.get("/odds", params);
    if (found.hidden) {
      fill(out, h("p", { class: "hint", id: "odds-hidden" }, t("odds.hidden")));
      return;
    }
    const c = found.chances;
    fill(
      out,
      h("p", { class: "hint" }, tn(found.active ? "odds.active" : "odds.passive", { me: ladderValue(found.modifier), them: ladderValue(found.opposition) })),
      h(
        "ul",
        { class: "odds plain", id: "odds-list" },
        ["fail", "tie", "success", "success_with_style"].map((k) =>
          h("li", { "data-outcome": k }, h("span", {}, t(`outcome.${k}`)), " ", h("strong", { title: c[k].exact }, percent(c[k].p))),
        ),
      ),
    );
  } catch (error) {
    fill(out);
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
    else if (m.move === "full_defense") add(row, button(t("move.full_defense"), () => send("FullDefense", { actor: id }, out)));
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

function openAttack(actor, move) {
  const target = characterSelect("attack-target", move.targets);
  const skillSel = select("attack-skill", skillOptions(move.skills));
  const [diceIn, diceBox] = diceField("attack-dice");
  const [defendIn, defendBox] = diceField("attack-defend-dice", t("roll.enter_defend_dice"));
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const mental = app.view.conflict && app.view.conflict.kind === "mental";
  const update = () => showOdds(odds, { actor, skill: skillSel.value, against: target.value, mental });
  target.addEventListener("change", update);
  skillSel.addEventListener("change", update);
  openDialog(
    tn("move.attack_by", { who: who(actor) }),
    h("div", {}, field(t("attack.target"), target), field(t("roll.skill"), skillSel), h("h3", {}, t("odds.title")), odds, diceBox, isGm() ? defendBox : null),
    (form, out) =>
      sendFrom(
        "Attack",
        {
          actor,
          target: target.value,
          skill: skillSel.value,
          ...(diceIn.value.trim() ? { dice: diceIn.value.trim() } : {}),
          ...(isGm() && defendIn.value.trim() ? { defend_dice: defendIn.value.trim() } : {}),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "attack-form" },
  );
  update();
}

function openConflictRoll(actor, move, type) {
  const skillSel = select("conflict-skill", skillOptions(move.skills));
  const difficulty = select("conflict-difficulty", ladderOptions(), "2");
  const zones = app.view.scene && app.view.scene.zones ? app.view.scene.zones.zones : [];
  const moveTo = type === "Overcome" && zones.length ? select("conflict-move-to", [["", t("overcome.no_move")], ...zones.map((z) => [z, z])], "", { freeText: true }) : null;
  const aspects = visibleAspects().filter((a) => a.kind !== "boost");
  const target = type === "CreateAdvantage" ? select("conflict-aspect", [["", t("roll.new_aspect")], ...aspects.map((a) => [a.id, a.name])], "", { freeText: true }) : null;
  const [diceIn, diceBox] = diceField("conflict-dice");
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const update = () => showOdds(odds, { actor, skill: skillSel.value, difficulty: difficulty.value });
  skillSel.addEventListener("change", update);
  difficulty.addEventListener("change", update);
  openDialog(
    t(type === "Overcome" ? "move.overcome" : "move.create_advantage"),
    h("div", {}, field(t("roll.skill"), skillSel), field(t("roll.difficulty"), difficulty), moveTo ? field(t("overcome.move_to"), moveTo) : null, target ? field(t("roll.advantage_on"), target) : null, h("h3", {}, t("odds.title")), odds, diceBox),
    (form, out) =>
      sendFrom(
        type,
        {
          actor,
          skill: skillSel.value,
          difficulty: Number(difficulty.value),
          ...(moveTo && moveTo.value ? { move_to: moveTo.value } : {}),
          ...(target && target.value ? { aspect_id: target.value } : {}),
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
  const box = h("div", { class: "card harm", id: "pending-hit" }, h("p", { class: "hit" }, tn("harm.pending", { who: who(hit.target), n: hit.shifts })));
  if (!hit.absorb_options) return box;
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

export function milestoneForm(pc, kind) {
  const out = h("div", {});
  const c = app.view.characters.find((x) => x.id === pc);
  const sheet = c && c.sheet;
  const change = select(`milestone-kind-${pc}`, ["swap_skills", "replace_skill", "rewrite_aspect"].map((k) => [k, t(`milestone.change.${k}`)]));
  const first = select(`milestone-first-${pc}`, skillOptions());
  const second = select(`milestone-second-${pc}`, skillOptions());
  const aspects = sheet ? sheet.aspects.filter((a) => a.kind !== "high_concept") : [];
  const aspect = select(`milestone-aspect-${pc}`, aspects.map((a) => [a.id, a.name]), null, { freeText: true });
  const text = h("input", { id: `milestone-text-${pc}`, autocomplete: "off" });
  const concept = h("input", { id: `milestone-concept-${pc}`, autocomplete: "off" });
  const skillsBox = h("div", {}, field(t("milestone.first"), first), field(t("milestone.second"), second));
  const aspectBox = h("div", {}, field(t("milestone.aspect"), aspect), field(t("milestone.new_name"), text));
  const update = () => {
    skillsBox.hidden = change.value === "rewrite_aspect";
    aspectBox.hidden = change.value !== "rewrite_aspect";
  };
  change.addEventListener("change", update);
  update();
  const choice = () => {
    if (change.value === "swap_skills") return { kind: "swap_skills", first: first.value, second: second.value };
    if (change.value === "replace_skill") return { kind: "replace_skill", old: first.value, new: second.value };
    return { kind: "rewrite_aspect", aspect_id: aspect.value, name: text.value.trim() };
  };
  return h(
    "div",
    {},
    field(t("milestone.change"), change),
    skillsBox,
    aspectBox,
    kind === "major" ? field(t("milestone.high_concept"), concept) : null,
    button(t("milestone.take"), () =>
      kind === "major"
        ? send("Breakthrough", { character_id: pc, milestone: choice(), ...(concept.value.trim() ? { high_concept: concept.value.trim() } : {}) }, out)
        : send("Milestone", { character_id: pc, choice: choice() }, out),
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

export { dice };
