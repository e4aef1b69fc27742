// Fate points that travel. When a document brings new fate point counts, each point that changed
// hands flies as a coin from where it was to where it went: from one pile to another, from a
// player's pile onto the aspect they paid to invoke, or from a compelled aspect into the pile of
// the character who took the compel. A point with nowhere to come from or go to lands on or leaves
// its pile in place (style.css). The counts themselves are always written out beside the piles.

const FLIGHT_MS = 650;

/** @typedef {import("../../../docs/page").SeatView} SeatView */
/** A pile whose count changed: whose ("" the GM's pool), and by how many points.
 * @typedef {{who: string, delta: number}} PileChange */
/** A coin's way: the selectors of the element it leaves and of the one it lands on.
 * @typedef {{from: string, to: string}} Flight */

/** The piles whose counts differ between two documents: [{who, delta}], "" being the GM's pool.
 * @param {SeatView | null} before @param {SeatView} after @returns {PileChange[]} */
export function pileChanges(before, after) {
  if (!before) return [];
  /** @param {SeatView} view */
  const points = (view) => {
    /** @type {Map<string, number>} */
    const out = new Map();
    for (const c of view.characters) if (c.revealed && c.sheet) out.set(c.id, c.sheet.fate_points);
    out.set("", view.gm_pool);
    return out;
  };
  const was = points(before);
  /** @type {PileChange[]} */
  const changes = [];
  for (const [who, now] of points(after)) {
    // has(): the pile was there before, with a count
    if (was.has(who) && was.get(who) !== now) changes.push({ who, delta: now - /** @type {number} */ (was.get(who)) });
  }
  return changes;
}

/** Where each coin goes: [{from, to}] of element selectors, planned from the pile changes and
 * the events that made them (``before`` still holds the compels those events answered).
 * @param {PileChange[]} changes @param {import("./store.js").LoggedEvent[]} events @param {SeatView} before
 * @returns {Flight[]} */
export function planFlights(changes, events, before) {
  /** @type {Flight[]} */
  const flights = [];
  const losses = changes.filter((c) => c.delta < 0).map((c) => ({ ...c, left: -c.delta }));
  const gains = changes.filter((c) => c.delta > 0).map((c) => ({ ...c, left: c.delta }));
  // A pile that lost and one that gained in the same change: the coins went from one to the other.
  for (const gain of gains) {
    for (const loss of losses) {
      while (gain.left > 0 && loss.left > 0) {
        flights.push({ from: pile(loss.who), to: pile(gain.who) });
        gain.left -= 1;
        loss.left -= 1;
      }
    }
  }
  for (const event of events) {
    const data = event.data || {};
    if ((event.type === "Invoked" && !data.free) || event.type === "StoryDetailDeclared") {
      // An NPC's point comes out of the GM's pool unless the NPC holds points of its own.
      const loss = [data.by, ""].map((who) => losses.find((l) => l.who === who && l.left > 0)).find(Boolean);
      if (loss && data.aspect_id) {
        flights.push({ from: pile(loss.who), to: card(data.aspect_id) });
        loss.left -= 1;
      }
    } else if (event.type === "CompelAnswered" || event.type === "SelfCompelAnswered") {
      const asked = [...(before.compels || []), ...(before.self_compels || [])].find((c) => c.id === data.compel_id);
      const gain = asked && gains.find((g) => g.who === asked.target && g.left > 0);
      if (gain && asked.aspect_id) {
        flights.push({ from: card(asked.aspect_id), to: pile(gain.who) });
        gain.left -= 1;
      }
    }
  }
  return flights;
}

// Ids go into selectors as quoted strings (a JSON string is a valid CSS string for them).
const pile = (/** @type {string} */ who) => `[data-pile=${JSON.stringify(who || "gm")}]`;
const card = (/** @type {string} */ aspectId) => `[data-aspect=${JSON.stringify(aspectId)}]`;

/** Fly the planned coins across the page as it is drawn now. Each destination keeps a record of
 * its last coin in ``data-coin-from`` (what a screen reader's log already says in words).
 * @param {Flight[]} flights */
export function fly(flights) {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  for (const { from, to } of flights) {
    const source = document.querySelector(from);
    const target = /** @type {HTMLElement | null} */ (document.querySelector(to));
    if (!source || !target) continue;
    target.dataset.coinFrom = from;
    if (still) continue;
    const a = source.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const coin = document.createElement("span");
    coin.className = "token flying";
    coin.setAttribute("aria-hidden", "true");
    coin.style.left = `${a.left + a.width / 2}px`;
    coin.style.top = `${a.top + a.height / 2}px`;
    document.body.append(coin);
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    coin
      .animate(
        [
          { transform: "translate(-50%, -50%)" },
          { transform: `translate(calc(${dx / 2}px - 50%), calc(${dy / 2 - 40}px - 50%)) scale(1.3)`, offset: 0.5 },
          { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%))` },
        ],
        { duration: FLIGHT_MS, easing: "ease-in-out" },
      )
      .finished.finally(() => coin.remove());
  }
}
