// The guided turn: at the top of the table, whose turn it is in a conflict and what the table is
// waiting for; for this seat, the few things it may do now (from the view's legal_actions) as
// the main buttons, and the hit it has to take. Waiting seats read what they wait for.

import { add, free, h, section } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { conflictActions, harmBox } from "./moves.js";
import { app } from "./store.js";
import { isGm, mine, who } from "./view.js";

/** What the table waits for now, as a sentence, and for whom (a character id), or null. */
function waitingFor(c) {
  if (c.pending_hit) return ["turn.waiting_hit", c.pending_hit.target];
  if (c.phase === "roll" && app.view.roll) return ["turn.waiting_roll", app.view.roll.actor];
  if (c.current) return [c.phase === "next" ? "turn.waiting_next" : "turn.waiting", c.current];
  return null;
}

/** A contest's or a challenge's turn: which sides still roll, which tasks are open. */
function otherTurn() {
  const contest = app.view.contest;
  const challenge = app.view.challenge;
  if (contest && !contest.winner) {
    const waiting = contest.sides.filter((s) => !(s.id in contest.rolled) && !contest.forfeited.includes(s.id));
    const ours = waiting.some((s) => s.members.some((m) => mine().has(m)));
    // A side of ours with its roll in play has that roll to settle, not a new one to make.
    const settling = ours && waiting.every((s) => !s.members.some((m) => mine().has(m)) || (contest.rolling || {})[s.id]);
    const names = h("span", {}, waiting.map((s, i) => h("span", {}, i ? ", " : "", free(s.id))));
    const line = ours ? t(settling ? "turn.contest_settle" : "turn.contest_yours") : waiting.length ? tn("turn.contest_waiting", { sides: names }) : null;
    const panel = section("turn", t("turn.title"), h("p", { class: "turn-head" }, tn("turn.contest", { n: contest.exchange })), line ? h("p", { class: ours ? "turn-yours" : "turn-waiting" }, line) : null);
    panel.classList.add("turn");
    panel.dataset.yours = String(ours);
    return panel;
  }
  if (challenge) {
    const open = challenge.tasks.filter((task) => !task.result).length;
    if (!open) return null;
    const panel = section("turn", t("turn.title"), h("p", { class: "turn-head" }, tn("turn.challenge", { n: open })));
    panel.classList.add("turn");
    return panel;
  }
  return null;
}

/** The turn strip, or null when no conflict, contest or challenge is going on. */
export function turnPanel() {
  const c = app.view.conflict;
  if (!c || c.phase === "ended") return otherTurn();
  const panel = section("turn", t("turn.title"));
  panel.classList.add("turn");
  add(panel, h("p", { class: "turn-head" }, tn("turn.exchange", { n: c.exchange }), " ", c.current ? tn("turn.current", { who: who(c.current) }) : null));
  const hit = c.pending_hit;
  const mineNow = [];
  // The server gives the ways to take a hit only to the seat that takes it.
  const hitBox = hit ? harmBox(hit) : null;
  if (hit && hit.absorb_options) mineNow.push(hitBox);
  else if (hit) add(panel, hitBox);
  const moves = Object.entries(c.legal_actions).filter(([, list]) => list.length);
  for (const [id, list] of moves) mineNow.push(conflictActions(id, list));
  // Someone who conceded or was taken out still hands the turn on (their seat, or the GM).
  const current = c.current;
  const listed = (c.legal_actions[current] || []).some((m) => m.move === "end_turn");
  if (c.phase === "next" && c.next_choices.length && !listed && (isGm() || mine().has(current))) {
    mineNow.push(conflictActions(current, [{ move: "end_turn", targets: c.next_choices, skills: [] }]));
  }
  const ours = mineNow.filter((node) => node.childNodes.length);
  if (ours.length) {
    panel.dataset.yours = "true";
    // A hit to take is not a move to choose: say whose hit it is, not "your move".
    const line = ours.includes(hitBox) ? tn("turn.hit_yours", { who: who(hit.target) }) : t("turn.yours");
    add(panel, h("p", { class: "turn-yours", id: "turn-yours" }, line), ours);
  } else if (c.phase === "roll" && app.view.roll && mine().has(app.view.roll.actor)) {
    panel.dataset.yours = "true";
    add(panel, h("p", { class: "turn-yours" }, t("turn.roll_yours")));
  } else {
    const waiting = waitingFor(c);
    panel.dataset.yours = "false";
    if (waiting) add(panel, h("p", { class: "turn-waiting", id: "turn-waiting" }, tn(waiting[0], { who: who(waiting[1]) })));
  }
  return panel;
}
