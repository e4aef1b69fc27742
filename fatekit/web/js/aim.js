// The attack being chosen in the attack dialog, for the board to draw its reach (issue 42). The
// dialog says who attacks, with which skill, and whom that skill reaches: the view's legal
// action (`reach`, `ranged`), which the engine made with the same check that refuses an attack
// out of reach. The board only draws it; nothing here decides who is in reach.

/** An attack being aimed: `skill` null when the attacker counts aspects in place of a skill.
 * @typedef {{actor: string, skill: string | null, targets: string[], ranged: boolean}} Aim */

/** The event the board listens for to draw the reach again. */
export const AIM_EVENT = "fatekit-aim";

/** @type {Aim | null} */
let aim = null;

/** Say what the attack dialog aims now (null: the dialog closed). @param {Aim | null} next */
export function aimAt(next) {
  aim = next;
  document.dispatchEvent(new Event(AIM_EVENT));
}

/** The attack aimed while the attack (or split attack) dialog is open, else null (a dialog
 * replaced by another form, or closed, aims nothing). @returns {Aim | null} */
export function aimed() {
  const form = document.querySelector("#attack-form, #multi-form");
  const dialog = form && form.closest("dialog");
  return aim && dialog instanceof HTMLDialogElement && dialog.open ? aim : null;
}
