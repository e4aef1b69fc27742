// "How will this go?": the GM's foresight panel. The server plays the fight in the scene many
// times (POST /tables/{id}/foresight, GM only) and this panel draws what it found as SVG charts,
// with the numbers beside the bars: each side's chance to win, how many exchanges the fight
// lasts, and what each fighter risks. A what-if (NPCs added or left out, a skill re-rated, a
// weapon or armour changed) is played with the same dice beside the scene as it stands, never at the table.
// How each side plays (whom it attacks, whether allies help with teamwork, when it concedes or
// braces on full defense) is the GM's choice too, and holds for the scene and its what-if alike.

import { request } from "./lib/api.js";
import { add, button, field, fill, free, h, section } from "./lib/dom.js";
import { untilStill } from "./lib/still.js";
import { t, tn } from "./lib/i18n.js";
import { ladderOptions, select, skillOptions } from "./forms.js";
import { openSeat, redraw, seatView, showError } from "./store.js";
import { hasOption } from "./view.js";

const SVG = "http://www.w3.org/2000/svg";
const RISKS = ["taken_out", "conceded", "mild", "moderate", "severe", "extreme"];
const COLOURS = {
  taken_out: "#b2182b",
  conceded: "#d6604d",
  mild: "#92c5de",
  moderate: "#4393c3",
  severe: "#2166ac",
  extreme: "#053061",
};
const SIDE_COLOURS = ["#1f4e8c", "#8a3b00"];
const TARGETS = ["first", "weakest", "strongest", "most_hurt", "random"];
// Policy keys whose values are words; the others are counts.
const WORDS = new Set(["target", "teamwork"]);

/** What POST /tables/{id}/foresight answers (docs/server.md; fatekit/server/foresight.py, each
 * report fatekit/odds/report.py's as_json): a report for the scene as it stands and one for its
 * what-if, with the chances as fractions of the runs.
 * @typedef {{side: string, taken_out: number, conceded: number, consequences: Record<string, number>,
 *   fate_points: number}} FighterOdds
 * @typedef {{sides: Record<string, {wins: number, win: number, interval: number[]}>, unfinished: number,
 *   exchanges: {mean: number, distribution: Record<string, number>}, fighters: Record<string, FighterOdds>}} Report
 * @typedef {{who: string, skill: string, modifier: number}} Unskilled a fighter with no skill to fight with
 * @typedef {{runs: number, seed: number, seconds: number, version: number, names: Record<string, string>,
 *   play: Record<string, Record<string, string | number>> | null, unskilled: Unskilled[][], baseline: Report,
 *   what_if: Report | null}} Answer */

// What the panel shows survives redraws of the table: the last answer, and whether one is coming.
/** @type {{answer: Answer | null, table: string | null, busy: boolean}} */
const shown = { answer: null, table: null, busy: false };

/** An SVG element: s("rect", {x: 1}, child, ...); an attribute null or undefined is left out.
 * @param {string} tag @param {Record<string, string | number | null | undefined>} [attrs]
 * @param {...(Node | string | null | undefined)} children */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs))
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children.flat())
    if (child !== null && child !== undefined)
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

const pct = (/** @type {number} */ p) => `${(100 * p).toFixed(1)}%`;

/** A side's name: ours for the scene's PCs and NPCs, else as the GM typed it.
 * @param {string} name */
function sideLabel(name) {
  if (name === "pcs") return t("foresight.side_pcs");
  if (name === "npcs") return t("foresight.side_npcs");
  return name;
}

/** @param {string} name @param {Record<string, string | number | null>} attrs */
function sideText(name, attrs) {
  const typed = name !== "pcs" && name !== "npcs";
  return s("text", { ...attrs, "data-free": typed ? "" : null }, sideLabel(name));
}

/** @param {string} id */
function nameOf(id) {
  return (shown.answer && shown.answer.names[id]) || id;
}

// -- the charts -----------------------------------------------------------------------------------

/** Each side's chance to win, as bars, with the change from the scene as it stands.
 * @param {Report} report @param {Report | null} before */
function winChart(report, before) {
  /** @type {[string | null, number][]} a side's name (null: no winner) and its chance */
  const rows = Object.entries(report.sides).map(([name, side]) => [name, side.win]);
  if (report.unfinished > 0) rows.push([null, report.unfinished]);
  const width = 320;
  const height = rows.length * 26 + 4;
  const chart = s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart win-chart",
    role: "img",
    "aria-label": t("foresight.win"),
  });
  rows.forEach(([name, chance], i) => {
    const y = 4 + i * 26;
    const bar = Math.max(1, chance * 150);
    const label =
      name === null ? s("text", { x: 0, y: y + 14 }, t("foresight.unfinished")) : sideText(name, { x: 0, y: y + 14 });
    const colour = name === null ? "#999" : SIDE_COLOURS[i % 2];
    let change = null;
    if (before && name !== null && before.sides[name]) {
      const delta = 100 * (chance - before.sides[name].win);
      change = s(
        "text",
        { x: 100 + bar + 52, y: y + 14, class: delta >= 0 ? "up" : "down" },
        `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}`,
      );
    }
    add(
      chart,
      label,
      s(
        "rect",
        { x: 100, y, width: bar, height: 18, fill: colour, "data-side": name || "" },
        s("title", {}, t("foresight.win_hover", { chance: pct(chance) })),
      ),
      s("text", { x: 104 + bar, y: y + 14, class: "value" }, pct(chance)),
      change,
    );
  });
  return chart;
}

/** How many exchanges the fights lasted: a histogram, with the mean marked.
 * @param {Report} report */
function lengthChart(report) {
  const entries = Object.entries(report.exchanges.distribution).map(([k, v]) => [Number(k), v]);
  const last = Math.max(...entries.map(([k]) => k), 1);
  const top = Math.max(...entries.map(([, v]) => v), 0.01);
  const width = 320;
  const height = 136;
  const step = (width - 20) / last;
  const chart = s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart length-chart",
    role: "img",
    "aria-label": t("foresight.length"),
  });
  for (const [k, v] of entries) {
    const tall = (v / top) * 90;
    add(
      chart,
      s(
        "rect",
        {
          x: 10 + (k - 1) * step + 1,
          y: 100 - tall,
          width: Math.max(1, step - 2),
          height: tall,
          fill: "#4393c3",
          "data-exchanges": k,
        },
        s("title", {}, t("foresight.length_hover", { n: k, share: pct(v) })),
      ),
    );
    if (last <= 16 || k % Math.ceil(last / 12) === 0)
      add(chart, s("text", { x: 10 + (k - 0.5) * step, y: 114, class: "tick" }, String(k)));
  }
  const mean = report.exchanges.mean;
  add(chart, s("line", { x1: 10 + (mean - 0.5) * step, x2: 10 + (mean - 0.5) * step, y1: 4, y2: 100, class: "mean" }));
  add(chart, s("line", { x1: 10, x2: width - 10, y1: 100, y2: 100, class: "axis" }));
  add(chart, s("text", { x: width / 2, y: 130, class: "caption" }, t("foresight.mean", { mean: mean.toFixed(1) })));
  return chart;
}

/** What each fighter risks: a row of bars per fighter, the chance written beside each.
 * @param {Report} report */
function riskChart(report) {
  const fighters = Object.entries(report.fighters);
  const cell = 40;
  const left = 92;
  const width = left + RISKS.length * cell;
  const height = 34 + fighters.length * 24;
  const chart = s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart risk-chart",
    role: "img",
    "aria-label": t("foresight.risks"),
  });
  RISKS.forEach((risk, j) =>
    add(chart, s("text", { x: left + j * cell + cell / 2, y: 12, class: "head" }, t(`foresight.risk_${risk}`))),
  );
  fighters.forEach(([id, odds], i) => {
    const y = 22 + i * 24;
    add(chart, s("text", { x: 0, y: y + 12, "data-free": "", class: "fighter" }, nameOf(id)));
    RISKS.forEach((risk, j) => {
      const p = risk === "taken_out" || risk === "conceded" ? odds[risk] : odds.consequences[risk];
      const x = left + j * cell;
      add(
        chart,
        s("rect", { x, y, width: cell - 3, height: 16, class: "cell" }),
        s(
          "rect",
          {
            x,
            y,
            width: Math.max(0, p * (cell - 3)),
            height: 16,
            fill: COLOURS[/** @type {keyof typeof COLOURS} */ (risk)],
            "data-risk": `${id}:${risk}`,
          },
          s("title", {}, t("foresight.risk_hover", { chance: pct(p) })),
        ),
        s(
          "text",
          { x: x + (cell - 3) / 2, y: y + 12, class: p > 0.55 ? "value light" : "value" },
          p >= 0.0005 ? (100 * p).toFixed(0) : "·",
        ),
      );
    });
  });
  add(chart, s("text", { x: width / 2, y: height - 2, class: "caption" }, t("foresight.risk_caption")));
  return chart;
}

/** @param {string} id @param {string} title @param {Report} report @param {Report | null} before
 * @param {Unskilled[]} unskilled */
function column(id, title, report, before, unskilled) {
  return h(
    "div",
    { class: "foresight-column", id },
    h("h3", {}, title),
    h("h4", {}, t("foresight.win")),
    winChart(report, before),
    h("h4", {}, t("foresight.length")),
    lengthChart(report),
    h("h4", {}, t("foresight.risks")),
    riskChart(report),
    // Below the charts, so that the scene and its what-if stay level side by side.
    unskilled.map((n) =>
      h(
        "p",
        { class: "note" },
        tn("foresight.unskilled", {
          who: free(nameOf(n.who)),
          modifier: n.modifier >= 0 ? `+${n.modifier}` : String(n.modifier),
        }),
      ),
    ),
  );
}

// -- asking ---------------------------------------------------------------------------------------

/** @param {Record<string, unknown>} body @param {Element} out */
async function ask(body, out) {
  shown.busy = true;
  redraw();
  try {
    const answer = await request("POST", `/tables/${openSeat().tableId}/foresight`, { link: openSeat().link, body });
    await untilStill();
    shown.answer = answer;
    shown.table = openSeat().tableId;
    shown.busy = false;
    redraw();
  } catch (error) {
    shown.busy = false;
    redraw();
    showError(error, document.getElementById("foresight-error") || out);
  }
}

function runs() {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById("foresight-runs"));
  return Math.max(1, Math.min(100000, Number(input && input.value) || 10000));
}

/** The what-if the controls describe, or null when they change nothing. A character file
 * chosen to add is read here; one that is not JSON throws, and the panel says so. */
async function whatIf() {
  const value = (/** @type {string} */ id) =>
    /** @type {HTMLInputElement | null} */ (document.getElementById(id))?.value || "";
  /** @type {{add: Record<string, unknown>[], remove: string[], skills: Record<string, unknown>[],
   * gear: Record<string, unknown>[]}} */
  const out = { add: [], remove: [], skills: [], gear: [] };
  const side = value("foresight-add-side");
  const copies = Number(value("foresight-add-count")) || 1;
  if (value("foresight-add")) out.add.push({ copy_of: value("foresight-add"), side, copies });
  const file = /** @type {HTMLInputElement | null} */ (document.getElementById("foresight-add-file"));
  if (file && file.files && file.files.length)
    out.add.push({ sheet: JSON.parse(await file.files[0].text()), side, copies });
  if (value("foresight-remove")) out.remove.push(value("foresight-remove"));
  if (value("foresight-skill-who") && value("foresight-skill"))
    out.skills.push({
      character: value("foresight-skill-who"),
      skill: value("foresight-skill"),
      rating: Number(value("foresight-rating")),
    });
  /** @type {Record<string, string | number>} */
  const gear = { character: value("foresight-gear-who") };
  if (value("foresight-weapon")) gear.weapon = Number(value("foresight-weapon"));
  if (value("foresight-armor")) gear.armor = Number(value("foresight-armor"));
  if (gear.character && ("weapon" in gear || "armor" in gear)) out.gear.push(gear);
  return out.add.length || out.remove.length || out.skills.length || out.gear.length ? out : null;
}

/** How each side plays, as chosen: only what differs from the simulator's default is sent. */
function playChoices() {
  /** @type {Record<string, Record<string, string | number>>} */
  const out = {};
  for (const el of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#foresight-play select"))) {
    const { side, key } = el.dataset;
    if (!el.value || !side || !key) continue;
    const policy = (out[side] ||= {});
    policy[key] = WORDS.has(key) ? el.value : Number(el.value);
  }
  return out;
}

/** @param {Answer} answer */
function playControls(answer) {
  const bracing = hasOption("full_defense") || hasOption("full_defense_core");
  const counts = (/** @type {string[][]} */ first) => [
    ["", t("foresight.never")],
    ...first,
    ...[1, 2, 3].map((n) => [String(n), t(`foresight.consequences_${n}`)]),
  ];
  /** @param {number} i @param {string} name @param {string} key @param {string} label @param {string[][]} options */
  const choice = (i, name, key, label, options) => {
    const policy = (answer.play || {})[name] || {};
    const el = select(`foresight-play-${i}-${key}`, options, key in policy ? String(policy[key]) : "");
    el.dataset.side = name;
    el.dataset.key = key;
    return field(label, el);
  };
  const targets = [["", t("foresight.target_first")], ...TARGETS.slice(1).map((k) => [k, t(`foresight.target_${k}`)])];
  const teamwork = [
    ["", t("foresight.never")],
    ["weaker_help", t("foresight.teamwork_weaker_help")],
  ];
  return h(
    "fieldset",
    { class: "what-if", id: "foresight-play" },
    h("legend", {}, t("foresight.play")),
    h("p", { class: "hint" }, t("foresight.play_hint")),
    ...Object.keys(answer.baseline.sides).map((name, i) =>
      h(
        "fieldset",
        { class: "play-side" },
        h("legend", { "data-free": name === "pcs" || name === "npcs" ? null : "" }, sideLabel(name)),
        h(
          "div",
          { class: "what-if-grid" },
          choice(i, name, "target", t("foresight.target"), targets),
          choice(i, name, "teamwork", t("foresight.teamwork"), teamwork),
          choice(i, name, "concede_after", t("foresight.concede_after"), counts([])),
          bracing
            ? choice(
                i,
                name,
                "full_defense_after",
                t("foresight.full_defense_after"),
                counts([["0", t("foresight.from_the_start")]]),
              )
            : null,
        ),
      ),
    ),
  );
}

/** @param {Answer} answer */
function whatIfControls(answer) {
  const fighters = Object.keys(answer.baseline.fighters);
  const people = [["", t("foresight.nobody")], ...fighters.map((id) => [id, nameOf(id)])];
  const sides = Object.keys(answer.baseline.sides).map((name) => [name, sideLabel(name)]);
  const mark = (/** @type {HTMLSelectElement} */ el) => (el.setAttribute("data-free", ""), el);
  const counts = [1, 2, 3, 4, 5].map((n) => [String(n), String(n)]);
  const ratings = [["", t("foresight.as_now")], ...[0, 1, 2, 3, 4].map((n) => [String(n), String(n)])];
  const out = h("div", { id: "foresight-error" });
  return h(
    "fieldset",
    { class: "what-if" },
    h("legend", {}, t("foresight.what_if")),
    h(
      "div",
      { class: "what-if-grid" },
      field(t("foresight.add"), mark(select("foresight-add", people))),
      field(
        t("foresight.add_file"),
        h("input", { type: "file", id: "foresight-add-file", accept: ".json,application/json" }),
      ),
      field(t("foresight.add_side"), mark(select("foresight-add-side", sides, sides.length > 1 ? sides[1][0] : null))),
      field(t("foresight.add_count"), select("foresight-add-count", counts)),
      field(t("foresight.remove"), mark(select("foresight-remove", people))),
      field(t("foresight.skill_who"), mark(select("foresight-skill-who", people))),
      field(t("foresight.skill"), select("foresight-skill", skillOptions())),
      field(t("foresight.rating"), select("foresight-rating", ladderOptions(), "3")),
      ...(seatView().table.options.includes("weapon_and_armor")
        ? [
            field(t("foresight.gear_who"), mark(select("foresight-gear-who", people))),
            field(t("foresight.weapon"), select("foresight-weapon", ratings)),
            field(t("foresight.armor"), select("foresight-armor", ratings)),
          ]
        : []),
    ),
    h(
      "div",
      { class: "actions" },
      button(
        t("foresight.compare"),
        async () => {
          let changes;
          try {
            changes = await whatIf();
          } catch {
            return fill(out, h("p", { class: "error", role: "alert" }, t("foresight.bad_file")));
          }
          if (!changes) return fill(out, h("p", { class: "error", role: "alert" }, t("foresight.no_change")));
          return ask({ runs: answer.runs, seed: answer.seed, what_if: changes, play: playChoices() }, out);
        },
        { id: "foresight-compare", disabled: shown.busy },
      ),
    ),
    out,
  );
}

// -- the panel ------------------------------------------------------------------------------------

/** The GM's foresight panel (null for anyone else, and when no scene is in play). */
export function foresightPanel() {
  const view = seatView();
  if (view.you.role !== "gm" || !view.scene) return null;
  if (shown.table !== openSeat().tableId) shown.answer = null;
  const answer = shown.answer;
  const status = h(
    "div",
    { id: "foresight-status", "aria-live": "polite" },
    shown.busy ? h("p", { class: "busy" }, t("foresight.running")) : null,
  );
  const runsField = h("input", {
    id: "foresight-runs",
    type: "number",
    min: 1,
    max: 100000,
    step: 1000,
    value: answer ? answer.runs : 10000,
  });
  const panel = section(
    "foresight",
    t("foresight.title"),
    h("p", { class: "hint" }, t("foresight.intro")),
    h(
      "div",
      { class: "actions" },
      field(t("foresight.runs"), runsField),
      button(t("foresight.run"), () => ask({ runs: runs(), play: playChoices() }, status), {
        id: "foresight-run",
        disabled: shown.busy,
      }),
    ),
    status,
  );
  if (!answer) return panel;
  add(
    panel,
    h(
      "p",
      { class: "hint", id: "foresight-summary" },
      t("foresight.summary", {
        runs: answer.runs.toLocaleString(),
        seed: answer.seed,
        seconds: answer.seconds.toFixed(2),
        version: answer.version,
      }),
    ),
    h(
      "div",
      { class: "foresight-results" + (answer.what_if ? " compared" : "") },
      column("foresight-baseline", t("foresight.as_it_stands"), answer.baseline, null, answer.unskilled[0]),
      answer.what_if
        ? column(
            "foresight-what-if",
            t("foresight.what_if_result"),
            answer.what_if,
            answer.baseline,
            answer.unskilled[1],
          )
        : null,
    ),
    playControls(answer),
    whatIfControls(answer),
  );
  return panel;
}
