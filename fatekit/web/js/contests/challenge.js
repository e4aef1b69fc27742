// A challenge: as many tasks as the GM sets, each an overcome rolled through the same flow as any
// roll (the odds in the dialog, then invokes and settling on its card among the rolls in play,
// where a failure may become success at a serious cost), and the report the GM reads.

import { add, button, field, free, h, section } from "../lib/dom.js";
import {
  characterOptions,
  diceField,
  difficultyGuide,
  ladderOptions,
  openDialog,
  secondSkillField,
  select,
  sendFrom,
  skillOptions,
  typedDice,
} from "../forms.js";
import { countedField } from "../counted.js";
import { t, tn } from "../lib/i18n.js";
import { showOdds } from "../roll.js";
import { seatView, send } from "../store.js";
import { character, ladderValue, may, skill, who } from "../view.js";

/** @typedef {import("../roll.js").OddsBox} OddsBox */
/** @typedef {import("../../../../docs/page").TaskPart} TaskPart */

/** A character's rating in a skill, when the seat sees the sheet (else null).
 * @param {string} id @param {string} key */
function rating(id, key) {
  const c = character(id);
  return c && c.revealed && c.sheet ? c.sheet.skills[key] || 0 : null;
}

/** Who of this seat may work at a task now, as the task offers them (the roll's own check on the
 * server), of those in the scene while one runs; the best at the task's skill first.
 * @param {TaskPart} task */
function workers(task) {
  const scene = seatView().scene;
  const ids = task.rollers.filter((id) => !scene || scene.participants.includes(id));
  return ids.sort((a, b) => (rating(b, task.skill) || 0) - (rating(a, task.skill) || 0));
}

/** A done task's result (drawn only for a task that has one).
 * @param {TaskPart} task */
function taskResult(task) {
  const r = /** @type {import("../../../../docs/page").TaskResultPart} */ (task.result);
  const cost = r.at_a_cost ? h("span", { class: "badge cost" }, t("challenge.at_a_cost")) : null;
  return h(
    "span",
    { class: "task-result", "data-succeeded": String(r.succeeded), "data-option": r.option },
    tn("challenge.result", { who: who(r.by), outcome: t(`option.outcome.${r.option}`) }),
    " ",
    cost,
  );
}

export function challengePanel() {
  const c = seatView().challenge;
  if (!c) return null; // drawn only while a challenge runs
  const panel = section(
    "challenge",
    t("challenge.title"),
    h(
      "ul",
      { class: "plain tasks" },
      c.tasks.map((task) => {
        const free_ = workers(task);
        return h(
          "li",
          {
            class: "task card",
            id: `task-${task.key}`,
            "data-state": task.result ? "done" : task.rolling ? "rolling" : "open",
          },
          h(
            "p",
            {},
            free(task.description, "strong"),
            " ",
            h(
              "span",
              { class: "hint" },
              tn("challenge.task", { skill: skill(task.skill), difficulty: ladderValue(task.difficulty) }),
            ),
          ),
          task.result
            ? taskResult(task)
            : task.rolling
              ? h(
                  "p",
                  { class: "hint" },
                  tn("challenge.rolling", {
                    who: who((seatView().rolls || []).find((r) => r.id === task.rolling)?.actor),
                  }),
                )
              : free_.length
                ? h(
                    "div",
                    { class: "actions" },
                    button(t("challenge.roll"), () => openTaskRoll(task), {
                      id: `task-roll-${task.key}`,
                      class: "primary",
                    }),
                  )
                : null,
        );
      }),
    ),
    h(
      "p",
      { class: "report" },
      tn("challenge.report", {
        ok: c.report.successes.length,
        bad: c.report.failures.length,
        open: c.report.open.length,
      }),
      c.report.costs.length ? h("span", {}, " ", tn("challenge.costs", { n: c.report.costs.length })) : null,
    ),
  );
  if (may("EndChallenge"))
    add(
      panel,
      h(
        "div",
        { class: "actions" },
        button(t("challenge.end"), () => send("EndChallenge", {}), { id: "end-challenge" }),
      ),
    );
  return panel;
}

/** Roll a task's overcome: who works at it (the best at its skill first, rating shown), the odds
 * against its difficulty, and the dice.
 * @param {TaskPart} task */
export function openTaskRoll(task) {
  const ids = workers(task);
  const options = characterOptions(ids).map(([id, name]) => {
    const n = rating(id, task.skill);
    return [
      id,
      n === null ? name : t("challenge.worker", { who: name, skill: skill(task.skill).textContent, n: ladderValue(n) }),
      true,
    ];
  });
  const actor = select(`task-actor-${task.key}`, options, ids[0], { freeText: true });
  const [diceIn, diceBox] = diceField(`task-dice-${task.key}`);
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  // Two combined lists: the task names the first skill; the roller adds one of the second.
  const second = secondSkillField(`task-second-skill-${task.key}`, () => actor.value, task.skill);
  const pair = () => (second.sel ? { second_skill: second.sel.value } : {});
  // A PC that counts aspects ticks them in place of the task's skill (counted.js).
  const counting = countedField(
    `task-counted-${task.key}`,
    () => actor.value,
    null,
    () => update(),
  );
  const update = () =>
    showOdds(odds, {
      actor: actor.value,
      skill: task.skill,
      ...pair(),
      ...counting.counted(),
      action: "overcome",
      difficulty: task.difficulty,
    });
  actor.addEventListener("change", () => counting.repick());
  actor.addEventListener("change", update);
  actor.addEventListener("change", second.redraw);
  if (second.sel) second.sel.addEventListener("change", update);
  openDialog(
    free(task.description),
    h(
      "div",
      {},
      h(
        "p",
        { class: "hint" },
        tn("challenge.task", { skill: skill(task.skill), difficulty: ladderValue(task.difficulty) }),
      ),
      field(t("roll.actor"), actor),
      counting.box,
      second.box,
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom(
        "ChallengeRoll",
        {
          task: task.key,
          actor: actor.value,
          ...(counting.sent() ? { counted: counting.sent()?.counted } : pair()),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "task-roll-form" },
  );
  update();
}

// -- the GM's dialog --------------------------------------------------------------------------

/** The most tasks a challenge takes (the engine's MAX_TASKS). */
const MAX_TASKS = 20;

/** Start a challenge with as many tasks as the GM needs: one per character in the scene to begin
 * with (the texts' rule of thumb), more or fewer with the buttons. */
export function openStartChallenge() {
  const list = h("div", { class: "task-rows", id: "task-rows" });
  let made = 0;
  // A task's difficulty, with the text's rules of thumb: nobody is rolling yet, so no skill's.
  const taskDifficulty = (/** @type {number} */ n) => {
    const sel = select(`task-difficulty-${n}`, ladderOptions(), "2");
    return field(t("roll.difficulty"), sel, difficultyGuide(sel));
  };
  const addRow = () => {
    made += 1;
    const n = made;
    const row = h(
      "fieldset",
      { class: "task-row", "data-row": n },
      h("legend", {}, tn("challenge.task_n", { n: list.children.length + 1 })),
      field(
        t("challenge.description"),
        h("input", { id: `task-text-${n}`, class: "task-text", autocomplete: "off", required: true }),
      ),
      field(t("roll.skill"), select(`task-skill-${n}`, skillOptions())),
      taskDifficulty(n),
    );
    add(
      row,
      button(
        t("challenge.remove_task"),
        () => {
          row.remove();
          renumber();
        },
        { class: "remove-task", id: `task-remove-${n}` },
      ),
    );
    list.append(row);
    renumber();
    return row;
  };
  // Each row holds what addRow drew in it: the casts below name those parts.
  const more = button(
    t("challenge.add_task"),
    () => /** @type {HTMLInputElement} */ (addRow().querySelector("input")).focus(),
    { id: "add-task" },
  );
  const renumber = () => {
    [...list.children].forEach((row, i) => {
      /** @type {HTMLLegendElement} */ (row.querySelector("legend")).replaceChildren(
        tn("challenge.task_n", { n: i + 1 }),
      );
      /** @type {HTMLButtonElement} */ (row.querySelector(".remove-task")).hidden = list.children.length === 1;
    });
    more.hidden = list.children.length >= MAX_TASKS;
  };
  const scene = seatView().scene;
  const pcs = (scene ? scene.participants : []).filter((id) => {
    const c = character(id);
    return Boolean(c && c.revealed && c.sheet && c.sheet.kind === "pc");
  });
  for (let i = 0; i < Math.max(1, pcs.length); i++) addRow();
  openDialog(
    t("gm.start_challenge"),
    h("div", {}, h("p", { class: "hint" }, t("challenge.tasks_hint")), list, h("div", { class: "actions" }, more)),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) => {
      const tasks = [...list.children]
        .map((row) => [
          /** @type {HTMLInputElement} */ (row.querySelector(".task-text")).value.trim(),
          /** @type {HTMLSelectElement} */ (row.querySelector("select[id^=task-skill]")).value,
          Number(/** @type {HTMLSelectElement} */ (row.querySelector("select[id^=task-difficulty]")).value),
        ])
        .filter(([text]) => text)
        .map(([text, key, difficulty], i) => [`task${i + 1}`, text, key, difficulty]);
      return sendFrom("StartChallenge", { tasks }, out);
    },
    { id: "start-challenge-form" },
  );
}
