// Other seats' moves, said to a screen reader: one polite live region, spoken when the reader is
// free. Moves that come together (a GM's turn of several commands, a fight's exchange) are
// gathered for a moment and said as one summary, so a listener is never flooded.

import { free, h } from "./lib/dom.js";
import { language, tn } from "./lib/i18n.js";
import { describeEvent } from "./log.js";
import { app } from "./store.js";

/** How long moves gather before they are said: more than one in that time is said as one. */
export const GATHER_MS = 1500;

/** @type {{seat: string, line: Node}[]} */
let waiting = [];
/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;

/** Take a move that reached the table: another seat's is said, soon; the seat's own is not (its
 * page answered it where it was made).
 * @param {import("./store.js").LoggedEvent} event */
export function announceMove(event) {
  if (!app.view || !event.seat || event.seat === app.view.you.seat) return;
  // The log's line itself (its dice an image named in words), without its seat: said after the
  // seat's name with a pause ("Ann: Ruth: Overcome…"), where the log sets the name apart by its
  // look alone.
  const line = describeEvent({ ...event, seat: null });
  if (!line) return;
  waiting.push({ seat: event.seat, line });
  if (timer === null) timer = setTimeout(sayWaiting, GATHER_MS);
}

/** Drop what was waiting to be said (the page left the table). */
export function forgetMoves() {
  waiting = [];
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const region = document.getElementById("moves");
  if (region) region.replaceChildren();
}

/** @param {string} id */
function seatName(id) {
  const found = app.view && app.view.seats.find((s) => s.id === id);
  return found ? found.name : id;
}

function sayWaiting() {
  timer = null;
  const moves = waiting;
  waiting = [];
  const region = document.getElementById("moves");
  if (!region || !moves.length) return;
  const last = moves[moves.length - 1];
  const latest = tn("announce.by", { who: free(seatName(last.seat)), line: last.line });
  let said = latest;
  if (moves.length > 1) {
    const names = [...new Set(moves.map((m) => seatName(m.seat)))];
    const who = new Intl.ListFormat(language(), { type: "conjunction" }).format(names);
    said = tn("announce.burst", { n: moves.length, who: free(who), latest });
  }
  // A new node each time: the same words twice in a row are still said twice.
  region.replaceChildren(h("p", { "data-moves": String(moves.length) }, said));
}
