// The GM's screen (fatekit.table.screen): secret rolls and their reveal, hidden difficulties and
// scenes prepared ahead of play, for GM seats; for a player, the rolls the GM asks of their
// characters against a difficulty they do not see (in a conflict, as their action on their turn). The server leaves the GM's part out of a
// player's view altogether, so nothing here hides anything: it draws what the view holds.

import { countedField } from "./counted.js";
import { add, button, dice, field, free, h, section } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import {
  advantageTarget,
  characterOptions,
  characterSelect,
  diceField,
  difficultyGuide,
  firstSkills,
  ladderOptions,
  openDialog,
  rankSkills,
  ratingOf,
  refill as refillSelect,
  secondSkillField,
  secondSkills,
  select,
  sendFrom,
  skillOptions,
  splitList,
  typedDice,
  zoneLinks,
} from "./forms.js";
import { seatView, send } from "./store.js";
import { isGm, ladderValue, mine, sheetOf, skill, who } from "./view.js";

/** @typedef {import("../../../docs/page").AskedPart} AskedPart */
/** @typedef {import("../../../docs/page").PreparedScenePart} PreparedScenePart */

const ACTIONS = ["overcome", "create_advantage"];

// -- the panel ----------------------------------------------------------------------------------

/** The GM's screen for a GM seat; for a player, the rolls the GM asks of their characters. */
export function screenPanel() {
  const screen = seatView().screen;
  if (!screen) return null;
  if (!isGm()) return askedPanel(screen.asked.filter((a) => mine().has(a.actor)));
  return section(
    "screen",
    t("screen.title"),
    h("h3", {}, t("screen.secret_rolls")),
    npcDice(screen.npc_dice_hidden),
    secretRolls(screen.secret_rolls),
    h("h3", {}, t("screen.asked")),
    askedList(screen.asked),
    h("h3", {}, t("screen.prepared")),
    preparedList(screen.prepared),
  );
}

/** The table's switch for the NPCs' dice: kept from the players, or shown.
 * @param {boolean} hidden */
function npcDice(hidden) {
  const out = h("div", { "aria-live": "polite" });
  return h(
    "div",
    { class: "actions" },
    h("p", { class: "hint" }, t(hidden ? "screen.npc_dice_hidden" : "screen.npc_dice_shown")),
    button(
      t(hidden ? "screen.npc_dice_show" : "screen.npc_dice_hide"),
      () => send("HideNpcDice", { hidden: !hidden }, out),
      { id: "npc-dice", "data-hidden": String(hidden) },
    ),
    out,
  );
}

/** @param {import("../../../docs/page").SecretRollPart[]} rolls */
function secretRolls(rolls) {
  const out = h("div", { "aria-live": "polite" });
  const list = h(
    "ul",
    { class: "plain", id: "secret-rolls" },
    rolls.map((r) =>
      h(
        "li",
        { "data-roll": r.roll_id, "data-outcome": r.outcome || "" },
        tn("screen.secret_line", {
          who: who(r.actor),
          skill: skill(r.skill),
          dice: dice(r.faces),
          effort: ladderValue(r.effort),
        }),
        r.difficulty !== null
          ? h(
              "span",
              {},
              " ",
              tn("screen.secret_against", {
                difficulty: ladderValue(r.difficulty),
                outcome: h("strong", {}, t(`outcome.${r.outcome}`)),
              }),
            )
          : null,
        r.reason ? h("span", {}, " ", free(r.reason, "q")) : null,
        " ",
        button(t("screen.reveal"), () => send("RevealRoll", { roll_id: r.roll_id }, out), {
          id: `reveal-${r.roll_id}`,
        }),
      ),
    ),
  );
  // Someone must be at the table to roll: with nobody, the form would send a roll for no one.
  const roll = seatView().characters.length
    ? h(
        "div",
        { class: "actions" },
        button(t("screen.secret_roll"), () => openSecretRoll(), { id: "secret-roll" }),
      )
    : null;
  return h("div", {}, rolls.length ? list : h("p", { class: "hint" }, t("screen.no_secret_rolls")), roll, out);
}

/** The rolls the GM asked for, with their difficulties (a GM's view has them).
 * @param {AskedPart[]} asked */
function askedList(asked) {
  const out = h("div", { "aria-live": "polite" });
  const list = h(
    "ul",
    { class: "plain", id: "asked-rolls" },
    asked.map((a) =>
      h(
        "li",
        { "data-asked": a.actor },
        tn("screen.asked_line", {
          who: who(a.actor),
          action: t(`action.${a.action}`),
          skill: a.skill ? skill(a.skill) : t("screen.any_skill"),
          difficulty: ladderValue(/** @type {number} */ (a.difficulty)),
        }),
        " ",
        button(t("screen.withdraw"), () => send("HideDifficulty", { actor: a.actor, difficulty: null }, out), {
          id: `withdraw-${a.actor}`,
        }),
      ),
    ),
  );
  const ask = seatView().characters.length
    ? h(
        "div",
        { class: "actions" },
        button(t("screen.ask"), () => openAsk(), { id: "ask-roll" }),
      )
    : null;
  // The withdraw buttons' refusals right after the list, before the ask button: beside them.
  return h("div", {}, asked.length ? list : null, out, ask);
}

/** Where each PC who joins a prepared scene starts: one choice a PC when the scene has zones,
 * set to the entrance (or the only zone; else no zone until the GM places them).
 * @param {PreparedScenePart} p @param {string[]} pcs */
function startPlaceFields(p, pcs) {
  const joining = pcs.filter((pc) => !p.participants.includes(pc));
  if (!p.zones.length || !joining.length) return null;
  const start = p.entrance || (p.zones.length === 1 ? p.zones[0] : "");
  return h(
    "div",
    { class: "actions wrap" },
    joining.map((pc) =>
      field(
        tn("screen.starts_in", { who: who(pc) }),
        select(`start-place-${p.scene_id}-${pc}`, zoneOptions(p.zones), start, { freeText: true }),
      ),
    ),
  );
}

/** The positions the GM chose for the PCs joining ``p`` (none when its zones leave no choice).
 * @param {PreparedScenePart} p @param {string[]} pcs */
function startPlaces(p, pcs) {
  return pcs
    .map((pc) => [
      pc,
      /** @type {HTMLSelectElement | null} */ (document.getElementById(`start-place-${p.scene_id}-${pc}`))?.value,
    ])
    .filter(([, zone]) => zone);
}

/** @param {PreparedScenePart[]} prepared */
function preparedList(prepared) {
  const out = h("div", { "aria-live": "polite" });
  const running = Boolean(seatView().scene);
  const { characters } = seatView();
  const pcs = characters.filter((c) => sheetOf(c)?.kind === "pc").map((c) => c.id);
  const list = h(
    "ul",
    { class: "plain", id: "prepared-scenes" },
    prepared.map((p) =>
      h(
        "li",
        { "data-prepared": p.scene_id, class: "card" },
        free(p.name, "strong"),
        h(
          "p",
          { class: "hint" },
          tn("screen.prepared_line", { n: p.participants.length, zones: p.zones.length, aspects: p.aspects.length }),
        ),
        running ? null : startPlaceFields(p, pcs),
        h(
          "div",
          { class: "actions wrap" },
          running
            ? null
            : button(
                t("screen.start"),
                () =>
                  send(
                    "StartPreparedScene",
                    { scene_id: p.scene_id, joining: pcs, positions: startPlaces(p, pcs) },
                    out,
                  ),
                { id: `start-prepared-${p.scene_id}`, class: "primary" },
              ),
          button(t("screen.edit"), () => openPrepare(p), { id: `edit-prepared-${p.scene_id}` }),
          button(t("screen.remove"), () => send("RemovePreparedScene", { scene_id: p.scene_id }, out), {
            id: `remove-prepared-${p.scene_id}`,
          }),
        ),
      ),
    ),
  );
  return h(
    "div",
    {},
    prepared.length ? list : h("p", { class: "hint" }, t("screen.no_prepared")),
    prepared.length && running ? h("p", { class: "hint" }, t("screen.end_scene_first")) : null,
    h(
      "div",
      { class: "actions" },
      button(t("screen.prepare"), () => openPrepare(null), { id: "prepare-scene" }),
    ),
    out,
  );
}

// -- a player's side: the rolls asked of their characters ---------------------------------------

/** @param {AskedPart[]} asked */
function askedPanel(asked) {
  if (!asked.length) return null;
  return section(
    "screen",
    t("screen.asked_title"),
    asked.map((a) => {
      // In a conflict the roll is the character's action: it waits for their turn.
      const waits = seatView().conflict && !conflictMove(a);
      return h(
        "div",
        { class: "card", "data-asked": a.actor },
        h("p", {}, askedOf(a)),
        waits
          ? h("p", { class: "hint", id: `asked-wait-${a.actor}` }, tn("screen.asked_on_turn", { who: who(a.actor) }))
          : button(t("roll.roll_button"), () => openAskedRoll(a), { id: `asked-roll-${a.actor}`, class: "primary" }),
      );
    }),
  );
}

/** The roll the GM asks of this seat's character ``actor`` for ``action`` against a hidden
 * difficulty, or null. A GM sees every number and rolls openly, so never has one.
 * @param {string} actor @param {string} action */
export function askedRoll(actor, action) {
  const screen = seatView().screen;
  if (!screen || isGm()) return null;
  return screen.asked.find((a) => a.actor === actor && a.action === action) || null;
}

/** In a conflict, the exchange's move the asked roll is, if its character may take it now.
 * @param {AskedPart} asked */
function conflictMove(asked) {
  const c = seatView().conflict;
  if (!c) return null;
  return (c.legal_actions[asked.actor] || []).find((m) => m.move === asked.action) || null;
}

/** What the GM asks of one of this seat's characters: who rolls, for what action, with which skill.
 * @param {AskedPart} asked */
function askedOf(asked) {
  return tn("screen.asked_you", {
    who: who(asked.actor),
    action: t(`action.${asked.action}`),
    skill: asked.skill ? skill(asked.skill) : t("screen.any_skill"),
  });
}

/** Roll what the GM asks, with no difficulty to name: outside a conflict a roll, in one the
 * exchange's overcome (which may move the character) or create an advantage.
 * @param {AskedPart} asked @param {import("../../../docs/page").LegalActionPart | null} [move] */
export function openAskedRoll(asked, move = conflictMove(asked)) {
  const fighting = Boolean(seatView().conflict);
  const skillSel = select("asked-skill", skillOptions(move ? move.skills : null, asked.actor));
  const scene = seatView().scene;
  const zones = scene && scene.zones ? scene.zones.zones : [];
  const moving = fighting && asked.action === "overcome" && zones.length;
  const moveTo = moving
    ? select("asked-move-to", [["", t("overcome.no_move")], ...zones.map((z) => [z, z])], "", { freeText: true })
    : null;
  // A create an advantage in a conflict aims as the open dialog's does.
  const aim = fighting && asked.action === "create_advantage" ? advantageTarget("asked-aspect") : null;
  const [diceIn, diceBox] = diceField("asked-dice");
  openDialog(
    t("screen.asked_title"),
    h(
      "div",
      {},
      h("p", {}, askedOf(asked)),
      asked.skill ? null : field(t("roll.skill"), skillSel),
      moveTo ? field(t("overcome.move_to"), moveTo) : null,
      aim ? aim.node : null,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        fighting ? (asked.action === "overcome" ? "Overcome" : "CreateAdvantage") : "Roll",
        {
          actor: asked.actor,
          ...(fighting ? {} : { action: asked.action }),
          skill: asked.skill || skillSel.value,
          ...(moveTo && moveTo.value ? { move_to: moveTo.value } : {}),
          ...(aim ? aim.read() : {}),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "asked-form" },
  );
}

// -- the GM's dialogs ---------------------------------------------------------------------------

/** The characters a GM's roll is for: those in the scene, when one is running. */
function inScene() {
  const scene = seatView().scene;
  const all = seatView().characters.map((c) => c.id);
  return scene ? all.filter((id) => scene.participants.includes(id)) : all;
}

function openSecretRoll() {
  const actor = characterSelect("secret-actor", inScene());
  const skillSel = select("secret-skill", skillOptions(firstSkills(), actor.value));
  const skillBox = field(t("roll.skill"), skillSel);
  // A PC that counts aspects: the GM ticks them in place of a skill (counted.js).
  const counting = countedField(
    "secret-counted",
    () => actor.value,
    skillBox,
    () => {},
  );
  actor.addEventListener("change", counting.repick);
  // Two combined lists: the second list's skill the roll adds, and the sum said.
  const second = secondSkillField("secret-second-skill", () => actor.value, skillSel);
  actor.addEventListener("change", () => {
    rankSkills(skillSel, actor.value, firstSkills());
    if (second.sel) rankSkills(second.sel, actor.value, secondSkills());
    second.redraw();
  });
  const difficulty = select("secret-difficulty", [["", t("screen.no_difficulty")], ...ladderOptions()], "");
  const secretGuide = difficultyGuide(difficulty, second.rating);
  actor.addEventListener("change", secretGuide.redraw);
  skillSel.addEventListener("change", secretGuide.redraw);
  if (second.sel) second.sel.addEventListener("change", secretGuide.redraw);
  const reason = h("input", { id: "secret-reason", autocomplete: "off" });
  const [diceIn, diceBox] = diceField("secret-dice");
  openDialog(
    t("screen.secret_roll"),
    h(
      "div",
      {},
      field(t("roll.actor"), actor),
      skillBox,
      counting.box,
      second.box,
      field(t("roll.difficulty"), difficulty, secretGuide),
      field(t("screen.reason"), reason),
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        "SecretRoll",
        {
          actor: actor.value,
          ...(counting.sent() || {
            skill: skillSel.value,
            ...(second.sel ? { second_skill: second.sel.value } : {}),
          }),
          ...(difficulty.value !== "" ? { difficulty: Number(difficulty.value) } : {}),
          ...(reason.value.trim() ? { reason: reason.value.trim() } : {}),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "secret-roll-form" },
  );
}

function openAsk() {
  // In a conflict, only someone still fighting has an action left to roll it with.
  const fight = seatView().conflict;
  const actors = fight ? fight.fighters.filter((f) => f.status === "active").map((f) => f.id) : inScene();
  const actor = characterSelect("ask-actor", actors);
  const action = select(
    "ask-action",
    ACTIONS.map((a) => [a, t(`action.${a}`)]),
  );
  const askable = () => [["", t("screen.any_skill")], ...skillOptions(null, actor.value)];
  const skillSel = select("ask-skill", askable(), "");
  actor.addEventListener("change", () => refillSelect(skillSel, askable()));
  const difficulty = select("ask-difficulty", ladderOptions(), "2");
  const askGuide = difficultyGuide(difficulty, () => ratingOf(actor.value, skillSel.value));
  actor.addEventListener("change", askGuide.redraw);
  skillSel.addEventListener("change", askGuide.redraw);
  openDialog(
    t("screen.ask"),
    h(
      "div",
      {},
      field(t("roll.actor"), actor),
      field(t("roll.action"), action),
      field(t("roll.skill"), skillSel),
      field(t("roll.difficulty"), difficulty, askGuide),
      h("p", { class: "hint" }, t("screen.ask_hint")),
      fight ? h("p", { class: "hint", id: "ask-conflict-hint" }, t("screen.ask_conflict_hint")) : null,
    ),
    (form, out) =>
      sendFrom(
        "HideDifficulty",
        {
          actor: actor.value,
          action: action.value,
          difficulty: Number(difficulty.value),
          ...(skillSel.value ? { skill: skillSel.value } : {}),
        },
        out,
      ),
    { id: "ask-form" },
  );
}

/** A new scene id from its name: a slug no other prepared scene has.
 * @param {string} name */
function sceneId(name) {
  const taken = new Set(seatView().screen.prepared.map((p) => p.scene_id));
  const base =
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "") || "scene";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** @param {string[]} zones */
function zoneOptions(zones) {
  return [["", t("scene.no_zone")], ...zones.map((z) => [z, z])];
}

/** Refill a select of zones, keeping its choice when the zone is still there.
 * @param {HTMLSelectElement} sel @param {string[]} zones */
function refill(sel, zones) {
  const was = sel.value;
  sel.replaceChildren(
    ...zoneOptions(zones).map(([value, label]) => h("option", { value, selected: value === was }, label)),
  );
}

/** A scene to prepare: `prepared` to edit, or null for a new one.
 * @param {PreparedScenePart | null} prepared */
function openPrepare(prepared) {
  const editing = prepared !== null;
  /** @type {Omit<PreparedScenePart, "scene_id"> & {scene_id?: string}} */
  const p = prepared || {
    name: "",
    participants: [],
    zones: [],
    links: [],
    positions: [],
    aspects: [],
    entrance: null,
    map: null, // a prepared scene's map comes by upload, once it is prepared
  };
  const placed = new Map(/** @type {[string, string][]} */ (p.positions)); // [character, zone] pairs
  const name = h("input", { id: "prep-name", required: true, autocomplete: "off", value: p.name });
  const zones = h("input", { id: "prep-zones", autocomplete: "off", value: p.zones.join(", ") });
  const links = h("input", {
    id: "prep-links",
    autocomplete: "off",
    value: p.links.map((l) => l.join("-")).join(", "),
  });
  /** @type {HTMLSelectElement[]} */
  const zoneSelects = [];
  /** @param {string} id @param {string | null | undefined} chosen */
  const zoneSelect = (id, chosen) => {
    const sel = select(id, zoneOptions(p.zones), chosen || "", { freeText: true });
    zoneSelects.push(sel);
    return sel;
  };
  const entrance = zoneSelect("prep-entrance", p.entrance);
  // The NPCs first: the PCs join when the scene starts.
  const { characters } = seatView();
  const people = characters.filter((c) => sheetOf(c)?.kind !== "pc").map((c) => c.id);
  const npcs = people.map((id) => {
    const box = h("input", {
      type: "checkbox",
      value: id,
      id: `prep-with-${id}`,
      checked: p.participants.includes(id),
    });
    return h(
      "div",
      { class: "check" },
      box,
      h("label", { for: box.id }, who(id)),
      " ",
      field(tn("scene.place", { who: who(id) }), zoneSelect(`prep-place-${id}`, placed.get(id))),
    );
  });
  const holders = [["", t("aspect.no_free")], ...characterOptions(seatView().characters.map((c) => c.id))];
  const rows = h("div", { id: "prep-aspects" });
  let count = 0;
  const addRow = (
    /** @type {import("../../../docs/page").PreparedAspectPart} */ a = {
      name: "",
      zone: null,
      hidden: false,
      known_to: [],
      free_invokes: [],
    },
  ) => {
    const n = count++;
    // Free invokes as [holder, count] pairs.
    const [holder, invokes] = /** @type {[string, number]} */ (a.free_invokes[0] || ["", 1]);
    const hidden = h("input", { type: "checkbox", id: `prep-aspect-hidden-${n}`, checked: a.hidden });
    add(
      rows,
      h(
        "fieldset",
        { class: "prep-aspect", "data-row": n, "data-known": JSON.stringify(a.known_to) },
        h("legend", {}, tn("screen.aspect_n", { n: n + 1 })),
        field(t("aspect.name"), h("input", { id: `prep-aspect-${n}`, autocomplete: "off", value: a.name })),
        field(t("aspect.zone"), zoneSelect(`prep-aspect-zone-${n}`, a.zone)),
        h("div", { class: "check" }, hidden, h("label", { for: hidden.id }, t("aspect.hide_from_players"))),
        field(t("aspect.free_for"), select(`prep-aspect-holder-${n}`, holders, holder, { freeText: true })),
        field(
          t("aspect.free_count"),
          h("input", { type: "number", id: `prep-aspect-count-${n}`, min: 1, max: 5, value: invokes }),
        ),
      ),
    );
  };
  for (const a of p.aspects) addRow(a);
  if (!p.aspects.length) addRow();
  zones.addEventListener("input", () => {
    for (const sel of zoneSelects) refill(sel, splitList(zones.value));
  });
  openDialog(
    editing ? t("screen.edit_prepared") : t("screen.prepare"),
    h(
      "div",
      {},
      field(t("scene.name"), name),
      field(t("scene.zones"), zones, h("p", { class: "hint" }, t("scene.zones_hint"))),
      field(t("scene.links"), links, h("p", { class: "hint" }, t("scene.links_hint"))),
      field(t("screen.entrance"), entrance),
      h("fieldset", {}, h("legend", {}, t("screen.npcs")), npcs),
      h("h3", {}, t("screen.aspects")),
      rows,
      button(t("screen.add_aspect"), () => addRow(), { id: "prep-add-aspect" }),
    ),
    (form, out) => {
      const zoneList = splitList(zones.value);
      const chosen = people.filter(
        (id) => /** @type {HTMLInputElement} */ (document.getElementById(`prep-with-${id}`)).checked,
      );
      const aspects = [.../** @type {NodeListOf<HTMLElement>} */ (rows.querySelectorAll(".prep-aspect"))]
        .map((row) => {
          const n = row.dataset.row;
          const value = (/** @type {string} */ id) =>
            /** @type {HTMLInputElement} */ (document.getElementById(`prep-aspect-${id}-${n}`));
          const holder = value("holder").value;
          const hidden = value("hidden").checked;
          return {
            name: /** @type {HTMLInputElement} */ (document.getElementById(`prep-aspect-${n}`)).value.trim(),
            ...(value("zone").value ? { zone: value("zone").value } : {}),
            hidden,
            known_to: hidden ? JSON.parse(/** @type {string} */ (row.dataset.known)) : [], // addRow sets it
            free_invokes: holder ? [[holder, Number(value("count").value) || 1]] : [],
          };
        })
        .filter((a) => a.name);
      return sendFrom(
        "PrepareScene",
        {
          scene_id: editing ? p.scene_id : sceneId(name.value),
          name: name.value.trim(),
          participants: chosen,
          zones: zoneList,
          links: zoneLinks(links.value),
          positions: chosen
            .map((id) => [id, /** @type {HTMLSelectElement} */ (document.getElementById(`prep-place-${id}`)).value])
            .filter(([, z]) => z),
          aspects,
          ...(entrance.value ? { entrance: entrance.value } : {}),
        },
        out,
      );
    },
    { id: "prepare-form" },
  );
}

// -- what the roll panel and the log say ----------------------------------------------------------

/** Dice as the seat may see them: the faces, or a word saying the GM keeps them hidden.
 * @param {string | null} faces
 * @param {string | null} [id] */
export function diceOrHidden(faces, id = null) {
  return faces === null
    ? h("span", { class: "hint dice-hidden", ...(id ? { id } : {}) }, t("screen.hidden"))
    : dice(faces);
}

/** The verdict of a roll whose numbers the seat does not see (a difficulty, or a hazard's
 * effort): the outcome, no number (null when nothing of the roll is hidden from this seat).
 * @param {import("./scene.js").RollPart} roll */
export function hiddenVerdict(roll) {
  if (roll.effort === null) {
    // A hazard's own roll: its effort would give its rating and Weapon away.
    return h(
      "p",
      { class: "roll-verdict", id: `roll-verdict-${roll.id}`, "data-outcome": roll.outcome, "data-hidden": "true" },
      tn("screen.verdict_effort_hidden", { outcome: h("strong", {}, t(`outcome.${roll.outcome}`)) }),
    );
  }
  if (!roll.difficulty_hidden) return null;
  if (roll.opposition !== null)
    return h("p", { class: "hint roll-hidden", id: `roll-hidden-${roll.id}` }, t("screen.hidden_from_players"));
  return h(
    "p",
    { class: "roll-verdict", id: `roll-verdict-${roll.id}`, "data-outcome": roll.outcome, "data-hidden": "true" },
    tn("screen.verdict_hidden", {
      effort: ladderValue(/** @type {number} */ (roll.effort)), // only the difficulty is hidden here
      outcome: h("strong", {}, t(`outcome.${roll.outcome}`)),
    }),
  );
}
