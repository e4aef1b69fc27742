// A contest: the sides, their victories, each exchange's rolls (who rolled which skill, the dice,
// the effort), and a side's overcome, rolled through the same flow as any roll: the odds in the
// dialog, then invokes and settling on its card among the rolls in play.

import { add, button, field, fill, free, h, idPart, section } from "../lib/dom.js";
import {
  characterSelect,
  diceField,
  difficultyGuide,
  firstSkills,
  followSideNames,
  ladderOptions,
  openDialog,
  rankSkills,
  secondSkillField,
  secondSkills,
  sendFrom,
  select,
  sideSelect,
  skillOptions,
  typedDice,
} from "../forms.js";
import { countedField } from "../counted.js";
import { t, tn } from "../lib/i18n.js";
import { contestHit, harmBox } from "../moves.js";
import { showOdds } from "../roll.js";
import { diceOrHidden } from "../screen.js";
import { app, seatView, send } from "../store.js";
import { character, ladderValue, may, mine, skill, trackText, who } from "../view.js";

/** @typedef {import("../roll.js").OddsBox} OddsBox */
/** @typedef {import("../../../../docs/page").ContestPart} ContestPart */
/** @typedef {import("../../../../docs/page").SidePart} SidePart */
/** @typedef {import("../../../../docs/page").ContestRollPart} ContestRollPart */

/** Names of characters as a list read aloud: "Ann, Ben".
 * @param {string[]} ids */
export function names(ids) {
  return h(
    "span",
    { class: "names" },
    ids.map((id, i) => [i ? ", " : "", who(id)]),
  );
}

/** Where a side stands this exchange: counted (its effort), rolling, given up, or owed.
 * @param {ContestPart} c @param {SidePart} side */
function sideState(c, side) {
  if (side.id in c.rolled) return "rolled";
  if (c.rolling && side.id in c.rolling) return "rolling";
  if (c.forfeited.includes(side.id)) return "forfeited";
  return "waiting";
}

/** One side's settled overcome: "Ruth, Athletics: [dice] Good (+3)".
 * @param {ContestRollPart} r */
function rolledLine(r) {
  return h(
    "span",
    { class: "contest-roll", "data-side": r.side },
    tn("contest.roll_line", {
      who: who(r.actor),
      skill: skill(r.skill),
      dice: diceOrHidden(r.faces),
      effort: ladderValue(r.effort),
    }),
  );
}

export function contestPanel() {
  const c = seatView().contest;
  if (!c) return null; // drawn only while a contest runs
  const ours = (/** @type {SidePart} */ s) => s.members.some((m) => mine().has(m));
  const thisExchange = new Map((c.rolls || []).map((r) => [r.side, r]));
  const panel = section(
    "contest",
    t("contest.title"),
    h("p", {}, tn("contest.needed", { n: c.victories_needed }), " ", tn("conflict.exchange", { n: c.exchange })),
    h(
      "ul",
      { class: "plain sides" },
      c.sides.map((s) => {
        const state = sideState(c, s);
        return h(
          "li",
          { class: `side card${ours(s) ? " ours" : ""}`, id: `contest-${idPart(s.id)}`, "data-state": state },
          h(
            "p",
            {},
            free(s.id, "strong"),
            " ",
            h(
              "span",
              { class: "victories", "data-victories": s.victories },
              tn("contest.victories", { n: s.victories }),
            ),
          ),
          h("p", { class: "hint" }, tn("contest.intent_line", { intent: free(s.intent) })),
          c.difficulties && s.id in c.difficulties
            ? h(
                "p",
                { class: "difficulty", "data-difficulty": c.difficulties[s.id] },
                tn("contest.difficulty_line", { difficulty: ladderValue(c.difficulties[s.id]) }),
              )
            : null,
          h("p", { class: "members" }, tn("contest.members", { who: names(s.members) })),
          h(
            "p",
            { class: "side-state" },
            state === "rolled" && thisExchange.has(s.id)
              ? rolledLine(/** @type {ContestRollPart} */ (thisExchange.get(s.id)))
              : state === "rolled"
                ? tn("contest.rolled", { n: c.rolled[s.id] })
                : t(`contest.state.${state}`),
          ),
          !c.winner && state === "waiting" && (s.rollers.length || s.may_forfeit) ? contestMoves(c, s) : null,
        );
      }),
    ),
    Object.entries(c.threats || {}).map(([side, effort]) =>
      h("p", { class: "threat" }, tn("contest.threat_line", { side: free(side), effort: ladderValue(effort) })),
    ),
    c.last ? lastExchange(/** @type {Settled} */ (c)) : null,
    c.winner ? h("p", { class: "winner" }, tn("contest.winner", { side: free(c.winner) })) : null,
  );
  if (may("EndContest"))
    add(
      panel,
      h(
        "div",
        { class: "actions" },
        // Öde's outside threats (a GM elsewhere makes the threat a side of its own).
        // Only with someone to be the threat: its roller is in the scene, on no side.
        c.whole_side && !c.winner && outsideThreats(c).length
          ? button(t("contest.threat_button"), () => openContestThreat(c), { id: "contest-threat" })
          : null,
        button(t("contest.end"), () => send("EndContest", {}), { id: "end-contest" }),
      ),
    );
  return panel;
}

/** The hits contests dealt, waiting to be taken (even after the contest ended): everyone sees
 * them; the seat that plays a struck character takes theirs with the conflict's own box. */
export function contestHitsPanel() {
  const hits = seatView().contest_hits || [];
  return section(
    "contest-hits",
    t("contest.hits_title"),
    hits.map((hit) => {
      const box = harmBox(hit, contestHit(hit));
      box.insertBefore(
        h(
          "p",
          { class: "hint hit-by", "data-by": hit.by },
          hit.by === "gm" ? t("contest.hit_by_gm") : tn("contest.hit_by", { who: who(hit.by) }),
        ),
        box.children[1] || null,
      );
      return box;
    }),
  );
}

/** The exchange just settled: each side's roll and effort, and what it decided.
 * @typedef {ContestPart & {last: import("../../../../docs/page").ExchangePart}} Settled past its first exchange
 * @param {Settled} c */
function lastExchange(c) {
  const last = c.last;
  const won = Object.entries(last.victories).filter(([, n]) => n > 0);
  return h(
    "div",
    { class: "last-exchange", id: "contest-last" },
    h("h3", {}, tn("contest.last", { n: c.exchange - 1 })),
    h(
      "ul",
      { class: "plain" },
      (last.rolls || []).map((r) => h("li", {}, free(r.side, "strong"), ": ", rolledLine(r))),
    ),
    last.twist ? h("p", { class: "twist" }, t("contest.twist")) : null,
    won.map(([side, n]) => h("p", { class: "victory" }, tn("contest.marked", { side: free(side), n }))),
    // Öde hits every member of a side; elsewhere the side takes one hit.
    Object.keys(last.member_hits || {}).length
      ? Object.entries(last.member_hits).map(([id, n]) =>
          h("p", { class: "hit", "data-member": id }, tn("contest.member_hit", { who: who(id), n })),
        )
      : Object.entries(last.hits || {}).map(([side, n]) =>
          h("p", { class: "hit" }, tn("contest.hit", { side: free(side), n })),
        ),
  );
}

/** A side's moves this exchange, as the side offers them to this seat (the deciders' own checks
 * on the server): roll its overcome for a member, or give the roll up (after a failed create an
 * advantage).
 * @param {ContestPart} c @param {SidePart} side */
function contestMoves(c, side) {
  const out = h("div", {});
  return h(
    "div",
    { class: "actions" },
    side.rollers.length
      ? button(tn("contest.roll_for", { side: free(side.id) }), () => openContestRoll(c, side, side.rollers), {
          id: `contest-roll-${idPart(side.id)}`,
          class: "primary",
        })
      : null,
    side.may_forfeit
      ? button(t("contest.forfeit"), () => send("ContestForfeit", { side: side.id }, out), {
          id: `contest-forfeit-${idPart(side.id)}`,
        })
      : null,
    out,
  );
}

/** What a side's overcome is measured against, for the odds: its passive difficulty, else the
 * best effort another side has already counted or has in play (a number to beat), else another
 * side's member rolling the same skill (who rolls too).
 * @param {ContestPart} c @param {SidePart} side @param {string} skillKey */
function opposition(c, side, skillKey) {
  // Against a passive difficulty, the side's own obstacle is what its roll must beat.
  if (c.difficulties && side.id in c.difficulties) return { difficulty: c.difficulties[side.id] };
  /** @type {number[]} */
  const known = [];
  for (const other of c.sides) {
    if (other.id === side.id) continue;
    if (other.id in c.rolled) known.push(c.rolled[other.id]);
    const inPlay = (seatView().rolls || []).find((r) => r.side === other.id);
    if (inPlay && inPlay.effort !== undefined && inPlay.effort !== null) known.push(inPlay.effort);
  }
  if (known.length) return { difficulty: Math.max(...known) };
  const other = c.sides.find((s) => s.id !== side.id && !c.forfeited.includes(s.id) && s.members.length);
  return other ? { against: other.members[0], defend_skill: skillKey } : null;
}

/** A side's overcome this exchange, rolled by one of `members`.
 * @param {ContestPart} c @param {SidePart} side @param {string[]} members */
export function openContestRoll(c, side, members) {
  const id = idPart(side.id);
  const actor = characterSelect(`contest-actor-${id}`, members);
  const skillSel = select(`contest-skill-${id}`, skillOptions(firstSkills(), actor.value));
  const skillBox = field(t("roll.skill"), skillSel);
  // A PC that counts aspects ticks them in place of a skill (counted.js).
  const counting = countedField(
    `contest-counted-${id}`,
    () => actor.value,
    skillBox,
    () => update(),
  );
  // Two combined lists: the second list's skill the roll adds, and the sum said.
  const second = secondSkillField(`contest-second-skill-${id}`, () => actor.value, skillSel);
  const pair = () => (second.sel ? { second_skill: second.sel.value } : {});
  const bonus = h("input", {
    id: `contest-bonus-${id}`,
    type: "number",
    min: 0,
    max: 10,
    value: 0,
    inputmode: "numeric",
  });
  const [diceIn, diceBox] = diceField(`contest-dice-${id}`);
  /** @type {OddsBox} */
  const odds = h("div", { class: "odds-box", "aria-live": "polite" });
  const update = () => {
    const against = opposition(seatView().contest || c, side, skillSel.value);
    if (!against) {
      odds.asked = (odds.asked || 0) + 1; // an answer still on its way is no longer wanted
      odds.params = undefined;
      fill(odds);
      return;
    }
    showOdds(odds, {
      actor: actor.value,
      skill: skillSel.value,
      ...pair(),
      ...counting.counted(),
      action: "overcome",
      bonus: Number(bonus.value) || 0,
      ...against,
    });
  };
  actor.addEventListener("change", () => {
    counting.repick();
    rankSkills(skillSel, actor.value, firstSkills());
    if (second.sel) rankSkills(second.sel, actor.value, secondSkills());
    second.redraw();
  });
  for (const el of [actor, skillSel, bonus, second.sel]) if (el) el.addEventListener("change", update);
  bonus.addEventListener("input", update); // the odds follow the number as it is typed
  openDialog(
    tn("contest.roll_for", { side: free(side.id) }),
    h(
      "div",
      {},
      h("p", { class: "hint" }, tn("contest.intent_line", { intent: free(side.intent) })),
      field(t("roll.actor"), actor),
      skillBox,
      counting.box,
      second.box,
      field(t("contest.bonus"), bonus, h("p", { class: "hint" }, t("contest.bonus_hint"))),
      h("h3", {}, t("odds.title")),
      odds,
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        "ContestRoll",
        // The side as the table names it: `id` is only its part of the fields' ids.
        {
          side: side.id,
          actor: actor.value,
          ...(counting.sent() || { skill: skillSel.value, ...pair() }),
          bonus: Number(bonus.value) || 0,
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "contest-roll-form" },
  );
  update();
}

// -- the GM's dialogs -------------------------------------------------------------------------

/** Who may roll as an outside threat: someone in the scene on no side of the contest.
 * @param {ContestPart} c */
function outsideThreats(c) {
  const onSides = new Set(c.sides.flatMap((s) => s.members));
  const scene = seatView().scene;
  return (scene ? scene.participants : []).filter((id) => !onSides.has(id) && character(id));
}

/** Öde: an outside threat, on no side of the contest (a volcano, an angry god), attacks the
 * sides the GM picks this exchange, before they roll (contest.outside-threat).
 * @param {ContestPart} c */
export function openContestThreat(c) {
  const threats = outsideThreats(c);
  const actor = characterSelect("threat-actor", threats);
  const skillSel = select("threat-skill", skillOptions(firstSkills(), actor.value));
  const second = secondSkillField("threat-second-skill", () => actor.value, skillSel);
  actor.addEventListener("change", () => {
    rankSkills(skillSel, actor.value, firstSkills());
    if (second.sel) rankSkills(second.sel, actor.value, secondSkills());
    second.redraw();
  });
  const open = c.sides.filter((s) => !(s.id in c.rolled) && !c.forfeited.includes(s.id));
  const boxes = open.map((s) =>
    h("input", { type: "checkbox", id: `threat-side-${idPart(s.id)}`, value: s.id, checked: true }),
  );
  const [diceIn, diceBox] = diceField("threat-dice");
  openDialog(
    t("contest.threat_title"),
    h(
      "div",
      {},
      h("p", { class: "hint" }, t("contest.threat_hint")),
      field(t("contest.threat_who"), actor),
      field(t("roll.skill"), skillSel),
      second.box,
      h(
        "fieldset",
        {},
        h("legend", {}, t("contest.threat_sides")),
        boxes.map((box, i) => h("label", { class: "check" }, box, " ", free(open[i].id))),
      ),
      diceBox,
    ),
    (form, out) =>
      sendFrom(
        "ContestThreat",
        {
          actor: actor.value,
          skill: skillSel.value,
          ...(second.sel ? { second_skill: second.sel.value } : {}),
          sides: boxes.filter((b) => b.checked).map((b) => b.value),
          ...typedDice(diceIn),
        },
        out,
      ),
    { submitLabel: t("roll.roll_button"), id: "contest-threat-form" },
  );
}

/** Which side of a contest someone is on: "a", "b" or "" (not in it).
 * @param {string} id @param {string | null} [chosen] */
function sidePicker(id, chosen) {
  const c = character(id);
  const pc = c && c.revealed && c.sheet && c.sheet.kind === "pc";
  // A hazard of the fight this contest follows joins no side unless the GM puts it on one
  // (the engine refuses it: obstacle.hazard.acts).
  const fight = seatView().conflict;
  const hazard = fight !== null && fight.hazards.some((z) => z.id === id);
  return field(
    tn("conflict.side_of", { who: who(id) }),
    sideSelect(`contest-side-${id}`, chosen || (hazard ? "" : pc ? "a" : "b")),
  );
}

export function openStartContest() {
  const scene = seatView().scene;
  const people = scene ? scene.participants : [];
  const sideA = h("input", { id: "contest-side-a", value: t("conflict.side_a"), autocomplete: "off" });
  const sideB = h("input", { id: "contest-side-b", value: t("conflict.side_b"), autocomplete: "off" });
  const intentA = h("input", { id: "contest-intent-a", autocomplete: "off" });
  const intentB = h("input", { id: "contest-intent-b", autocomplete: "off" });
  const needed = h("input", { id: "contest-needed", type: "number", min: 3, max: 5, value: 3, inputmode: "numeric" });
  // The sides something in the contest is out to harm: they take hits when beaten.
  const harmA = h("input", { type: "checkbox", id: "contest-harm-a" });
  const harmB = h("input", { type: "checkbox", id: "contest-harm-b" });
  // The stress a harmed character takes the contest's hits on: the rule set's own tracks.
  const tracks = [
    ...new Set(((app.preset && app.preset.tracks) || []).map((/** @type {{harm: string}} */ x) => x.harm)),
  ];
  const harmKind = select(
    "contest-harm-kind",
    (tracks.length ? tracks : ["physical", "mental"]).map((k) => [k, trackText(k)]),
  );

  // Each side's passive difficulty when it faces its own obstacle (contest.difficulty); left
  // empty, the sides compete with one another.
  const passive = (/** @type {string} */ key) =>
    select(`contest-difficulty-${key}`, [["", t("contest.no_difficulty")], ...ladderOptions()], "");
  const diffA = passive("a");
  const diffB = passive("b");
  const sideName = (/** @type {string} */ key) =>
    h("span", { "data-side-name": key }, t(key === "a" ? "conflict.first_side" : "conflict.second_side"));
  const body = h(
    "div",
    {},
    field(t("conflict.first_side"), sideA),
    field(t("contest.intent"), intentA),
    field(t("conflict.second_side"), sideB),
    field(t("contest.intent"), intentB),
    people.map((id) => sidePicker(id)),
    field(t("contest.needed_field"), needed, h("p", { class: "hint" }, t("contest.needed_hint"))),
    h(
      "fieldset",
      {},
      h("legend", {}, t("contest.harm_field")),
      h("label", { class: "check" }, harmA, " ", sideName("a")),
      h("label", { class: "check" }, harmB, " ", sideName("b")),
      h("p", { class: "hint" }, t("contest.harm_hint")),
      field(t("contest.harm_kind"), harmKind),
    ),
    h(
      "fieldset",
      { id: "contest-difficulties" },
      h("legend", {}, t("contest.difficulty_field")),
      h("p", { class: "hint" }, t("contest.difficulty_hint")),
      field(sideName("a"), diffA, difficultyGuide(diffA)),
      field(sideName("b"), diffB, difficultyGuide(diffB)),
    ),
  );
  followSideNames(body, sideA, sideB);
  openDialog(
    t("gm.start_contest"),
    body,
    (form, out) => {
      /** @type {string[][]} */
      const sides = [[], []];
      for (const id of people) {
        const v = /** @type {HTMLSelectElement} */ (document.getElementById(`contest-side-${id}`)).value;
        if (v === "a") sides[0].push(id);
        if (v === "b") sides[1].push(id);
      }
      const na = sideA.value.trim() || "a";
      const nb = sideB.value.trim() || "b";
      return sendFrom(
        "StartContest",
        {
          sides: [
            [na, sides[0]],
            [nb, sides[1]],
          ],
          intents: [
            [na, intentA.value.trim() || na],
            [nb, intentB.value.trim() || nb],
          ],
          victories_needed: Number(needed.value) || 3,
          harmful_to: [...(harmA.checked ? [na] : []), ...(harmB.checked ? [nb] : [])],
          harm: harmKind.value,
          difficulties: [
            ...(diffA.value === "" ? [] : [[na, Number(diffA.value)]]),
            ...(diffB.value === "" ? [] : [[nb, Number(diffB.value)]]),
          ],
        },
        out,
      );
    },
    { id: "start-contest-form" },
  );
}
