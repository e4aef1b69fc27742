// How a seat's rolls are drawn (issue 43 item 4): the GM's setting for the table (its way, and
// whether players may choose their own), a player's own choice from what the view offers, and
// the words an odds panel says when a way spreads otherwise than four Fate dice.

import { h } from "./lib/dom.js";
import { t } from "./lib/i18n.js";
import { seatView, send } from "./store.js";
import { RANDOMIZERS } from "./start/choices.js";

/** The ways whose totals fall otherwise than four Fate dice': the odds panel says how. */
const SPREADS = new Set(["3d6", "d6-d6"]);

/** The seat's own dice: its way now and, where the GM lets the seats choose, a list of the
 * ways the view offers (the server's own check: an offered way is accepted). */
export function ownDice() {
  const you = seatView().you;
  const offered = you.randomizers || [];
  if (!offered.length)
    return [h("dt", {}, t("randomizer.label")), h("dd", { id: "own-dice" }, t(`randomizer.${you.randomizer}`))];
  const out = h("div", { id: "own-dice-out", "aria-live": "polite" });
  const pick = h(
    "select",
    {
      id: "own-dice-choice",
      onchange: async (/** @type {Event} */ event) => {
        // gone from the event once the handler has awaited
        const list = /** @type {HTMLSelectElement} */ (event.currentTarget);
        const wanted = list.value;
        if (!(await send("ChooseOwnRandomizer", { randomizer: wanted }, out))) list.value = you.randomizer;
      },
    },
    offered.map((way) => h("option", { value: way, selected: way === you.randomizer }, t(`randomizer.${way}`))),
  );
  return [
    h("dt", {}, h("label", { for: pick.id }, t("randomizer.own"))),
    h("dd", { id: "own-dice" }, pick, h("p", { class: "hint" }, t("randomizer.own_hint")), out),
  ];
}

/** The GM's setting: the table's way, and whether each player may choose their own. */
export function tableDice() {
  const table = seatView().table;
  const out = h("div", { id: "table-dice-out", "aria-live": "polite" });
  const way = h(
    "select",
    {
      id: "table-dice-choice",
      onchange: async (/** @type {Event} */ event) => {
        const list = /** @type {HTMLSelectElement} */ (event.currentTarget);
        const wanted = list.value;
        if (!(await send("ChooseRandomizer", { randomizer: wanted }, out))) list.value = table.randomizer;
      },
    },
    RANDOMIZERS.map((r) => h("option", { value: r, selected: r === table.randomizer }, t(`randomizer.${r}`))),
  );
  const seats = h("input", {
    type: "checkbox",
    id: "seats-choose-dice",
    checked: table.seats_choose_randomizer,
    onchange: async (/** @type {Event} */ event) => {
      const tick = /** @type {HTMLInputElement} */ (event.currentTarget);
      const wanted = tick.checked;
      if (!(await send("AllowSeatRandomizers", { allowed: wanted }, out))) tick.checked = !wanted;
    },
  });
  return h(
    "fieldset",
    { id: "table-dice", class: "optional-rules" },
    h("legend", {}, t("randomizer.table")),
    h("label", { for: way.id }, t("randomizer.label")),
    way,
    h("p", { class: "hint" }, t("randomizer.table_hint")),
    h("div", { class: "check" }, seats, h("label", { for: seats.id }, t("randomizer.seats_choose"))),
    out,
  );
}

/** What an odds panel says of the ways its figures count, where one spreads otherwise than four
 * Fate dice (3d6 gathers at 0; d6-d6 reaches ±5): one line per such way, or nothing.
 * @param {{randomizer: string, active: boolean, opposing_randomizer: string | null}} found /odds's answer */
export function spreadNote(found) {
  const ways = [found.randomizer, found.active ? found.opposing_randomizer : null].filter(
    (way, i, all) => way && SPREADS.has(way) && all.indexOf(way) === i,
  );
  if (!ways.length) return null;
  return ways.map((way) =>
    h("p", { class: "hint odds-spread", "data-randomizer": way }, t(`randomizer.spread.${way}`)),
  );
}
