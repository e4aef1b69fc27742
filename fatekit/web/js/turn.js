// The guided turn: at the top of the table, whose turn it is in a conflict and what the table is
// waiting for; for this seat, the few things it may do now (from the view's legal_actions) as
// the main buttons, and the hit it has to take. Waiting seats read what they wait for. Above it,
// the notices: whatever is addressed to this seat (a compel, a hit, a roll the GM asks, a choice
// an outcome waits for), each with the way to it; on a phone its panel rises to the top.

import { add, button, focusAgain, free, h, section } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { conflictActions, harmBox } from "./moves.js";
import { app, seatView } from "./store.js";
import { answersFor, isGm, mine, offered, who } from "./view.js";

// -- notices ------------------------------------------------------------------------------------

/** @typedef {import("./store.js").Part} Part */

/** The parts of the document the notices read.
 * @type {Part[]} */
export const NOTICE_READS = [
  "compels",
  "self_compels",
  "conflict",
  "screen",
  "rolls",
  "extras",
  "contest",
  "characters",
  "you",
];

/** What is addressed to this seat now: [panel, line] pairs, in the order they are listed. Each
 * follows the table's offer for it (what the seat may do, by the deciders' checks); among the
 * seats offered, a PC's is addressed to its player (answersFor: the GM may act for anyone). */
export function addressed() {
  const view = seatView();
  /** @type {[string, DocumentFragment][]} */
  const out = [];
  for (const c of view.compels.filter((x) => x.state === "offered")) {
    // The seat that made the compel knows of it: no notice of its own offer.
    const offeredByUs = c.offered_by ? mine().has(c.offered_by) : isGm();
    if (offered(c, "accept") && answersFor(c.target) && !offeredByUs)
      out.push(["compels", tn("notice.compel", { who: who(c.target) })]);
  }
  for (const c of view.self_compels.filter((x) => x.answers.length))
    out.push(["compels", tn("notice.self_compel", { who: who(c.target) })]);
  const hit = view.conflict && view.conflict.pending_hit;
  if (hit && hit.absorb_options && answersFor(hit.target))
    out.push(["turn", tn("notice.hit", { who: who(hit.target), n: hit.shifts })]);
  // A player's part of the screen is the rolls asked of its characters (the view redacts the
  // rest); the GM's whole screen addresses no one.
  if (!isGm() && view.screen) {
    for (const a of view.screen.asked.filter((x) => mine().has(x.actor)))
      out.push(["screen", tn("notice.asked", { who: who(a.actor) })]);
  }
  const resolutions = (app.extras && app.extras.resolutions) || {};
  for (const roll of view.rolls || []) {
    const found = resolutions[roll.id];
    if (!found || !offered(roll, "ResolveRoll") || answersFor(roll.actor)) continue; // its own: it knows
    // Someone else's roll whose outcome this seat settles: the GM's choice, or the opposition's
    // (the defender's player, when a PC defends).
    const ours =
      found.chosen_by === "gm" ||
      (found.chosen_by === "opposition" && (!roll.defence || answersFor(roll.defence.actor)));
    if (ours) out.push(["roll", tn("notice.choose", { who: who(roll.actor) })]);
  }
  const contest = view.contest;
  if (contest && !contest.winner) {
    for (const s of contest.sides) {
      const owed = !(s.id in contest.rolled) && !contest.forfeited.includes(s.id) && !(contest.rolling || {})[s.id];
      if (owed && s.rollers.some((m) => answersFor(m)))
        out.push(["contest", tn("notice.contest", { side: free(s.id) })]);
    }
  }
  return out;
}

/** The notices, at the top: each says what is waiting and takes the seat to it. */
export function noticePanel() {
  const items = addressed();
  if (!items.length) return null;
  const panel = section(
    "notice",
    t("notice.title"),
    h(
      "ul",
      { class: "plain notices" },
      items.map(([panelId, line]) =>
        h(
          "li",
          { "data-for": panelId },
          h("span", {}, line),
          " ",
          button(
            t("notice.show"),
            () => {
              const where = document.getElementById(String(panelId));
              if (where) {
                where.scrollIntoView({ block: "start" });
                // Lit for a moment, so pressing "Show" again, with the panel already in view and
                // its heading focused, still shows where it is.
                where.removeAttribute("data-shown");
                void where.offsetWidth; // the animation starts again
                where.setAttribute("data-shown", "");
              }
              focusAgain(null, panelId);
            },
            { class: "notice-go" },
          ),
        ),
      ),
    ),
  );
  panel.classList.add("notice");
  panel.setAttribute("role", "status");
  return panel;
}

/** Raise the panels that hold what is addressed to this seat (on a phone, to the top). */
export function markAttention() {
  const wanted = new Set(addressed().map(([panel]) => panel));
  for (const slot of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#app .slot[data-panel]"))) {
    if (wanted.has(slot.dataset.panel || "")) slot.dataset.attention = "true";
    else delete slot.dataset.attention;
  }
}

// -- the turn -----------------------------------------------------------------------------------

/** What the table waits for now, as a sentence, and for whom (a character id), or null.
 * @param {import("../../../docs/page").ConflictPart} c @returns {[string, string] | null} */
function waitingFor(c) {
  if (c.pending_hit) return ["turn.waiting_hit", c.pending_hit.target];
  const roll = seatView().roll;
  if (c.phase === "roll" && roll) return ["turn.waiting_roll", roll.actor];
  if (c.current) return [c.phase === "next" ? "turn.waiting_next" : "turn.waiting", c.current];
  return null;
}

/** A contest's or a challenge's turn: which sides still roll, which tasks are open. */
function otherTurn() {
  const contest = seatView().contest;
  const challenge = seatView().challenge;
  if (contest && !contest.winner) {
    const waiting = contest.sides.filter((s) => !(s.id in contest.rolled) && !contest.forfeited.includes(s.id));
    const ours = waiting.some((s) => s.members.some((m) => answersFor(m)));
    // A side of ours with its roll in play has that roll to settle, not a new one to make.
    const settling =
      ours && waiting.every((s) => !s.members.some((m) => answersFor(m)) || (contest.rolling || {})[s.id]);
    const names = h(
      "span",
      {},
      waiting.map((s, i) => h("span", {}, i ? ", " : "", free(s.id))),
    );
    const line = ours
      ? t(settling ? "turn.contest_settle" : "turn.contest_yours")
      : waiting.length
        ? tn("turn.contest_waiting", { sides: names })
        : null;
    const panel = section(
      "turn",
      t("turn.title"),
      h("p", { class: "turn-head" }, tn("turn.contest", { n: contest.exchange })),
      line ? h("p", { class: ours ? "turn-yours" : "turn-waiting" }, line) : null,
    );
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
  const c = seatView().conflict;
  if (!c || c.phase === "ended") return otherTurn();
  const panel = section("turn", t("turn.title"));
  panel.classList.add("turn");
  add(
    panel,
    h(
      "p",
      { class: "turn-head" },
      tn("turn.exchange", { n: c.exchange }),
      " ",
      c.current ? tn("turn.current", { who: who(c.current) }) : null,
    ),
  );
  const hit = c.pending_hit;
  const rolling = seatView().roll;
  const mineNow = [];
  // The server gives the ways to take a hit only to the seat that takes it.
  const hitBox = hit ? harmBox(hit) : null;
  // (hitBox is there whenever hit is: the checks of both say so to the type checker.)
  if (hit && hitBox && hit.absorb_options) mineNow.push(hitBox);
  else if (hit) add(panel, hitBox);
  const moves = Object.entries(c.legal_actions).filter(([, list]) => list.length);
  // Moves a character may make out of turn (conceding before a roll, invoking on one) are no
  // turn of theirs: a seat with only those is told whose turn it is, not "your move".
  // A GM may act for a player's character too, but it is the player's move: said so, apart.
  const anytime = [];
  const forPlayers = [];
  for (const [id, list] of moves) {
    const node = conflictActions(id, list);
    if (list.every((m) => ANYTIME.has(m.move))) anytime.push(node);
    else if (answersFor(id)) mineNow.push(node);
    else forPlayers.push(node);
  }
  // Someone who conceded or was taken out still hands the turn on (their seat, or the GM).
  const current = c.current;
  const listed = ((current && c.legal_actions[current]) || []).some((m) => m.move === "end_turn");
  if (current !== null && c.phase === "next" && c.next_choices.length && !listed && offered(c, "EndTurn")) {
    mineNow.push(conflictActions(current, [{ move: "end_turn", targets: c.next_choices, skills: [] }]));
  }
  const ours = mineNow.filter((node) => node.childNodes.length);
  if (ours.length) {
    panel.dataset.yours = "true";
    // A hit to take is not a move to choose: say whose hit it is, not "your move".
    const line =
      hit && hitBox && ours.includes(hitBox) ? tn("turn.hit_yours", { who: who(hit.target) }) : t("turn.yours");
    add(panel, h("p", { class: "turn-yours", id: "turn-yours" }, line), ours);
  } else if (c.phase === "roll" && rolling && answersFor(rolling.actor)) {
    panel.dataset.yours = "true";
    add(panel, h("p", { class: "turn-yours" }, t("turn.roll_yours")));
  } else {
    const waiting = waitingFor(c);
    panel.dataset.yours = "false";
    if (waiting)
      add(panel, h("p", { class: "turn-waiting", id: "turn-waiting" }, tn(waiting[0], { who: who(waiting[1]) })));
  }
  const theirs = forPlayers.filter((node) => node.childNodes.length);
  if (theirs.length) add(panel, h("p", { class: "hint", id: "turn-for-players" }, t("turn.for_players")), theirs);
  const meanwhile = anytime.filter((node) => node.childNodes.length);
  if (meanwhile.length) add(panel, h("p", { class: "hint", id: "turn-anytime" }, t("turn.anytime")), meanwhile);
  return panel;
}

/** The moves :func:`legal_actions` lists whenever they may be made, not only in one's turn. */
const ANYTIME = new Set(["concede", "invoke"]);
