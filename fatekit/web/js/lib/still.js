// Nothing moves under a press. A click is a press and a release on the same control; what is
// drawn between the two (another seat's move, an answer the page asked for earlier: a sheet's
// verdict, a roll's odds) can move the control away from the pointer or replace it, and the
// browser then gives the click to nothing. Drawing nobody asked for at that moment waits for the
// release.

/** A press longer than this is no click: what waits is drawn anyway. */
const LONGEST_PRESS_MS = 1000;

/** @type {(() => void)[]} drawing held back until the press ends */
const held = [];
let down = false;
/** @type {ReturnType<typeof setTimeout> | null} */
let giveUp = null;

function press() {
  down = true;
  if (giveUp !== null) clearTimeout(giveUp);
  giveUp = setTimeout(release, LONGEST_PRESS_MS);
}

function release() {
  if (giveUp !== null) clearTimeout(giveUp);
  giveUp = null;
  if (!down) return;
  down = false;
  // The click comes in the same task as the release: what was held is drawn after it.
  setTimeout(() => {
    if (down) return; // pressed again already: drawn after that press
    for (const draw of held.splice(0)) draw();
  }, 0);
}

/** Whether a press is under way (a pointer down, or Space held on a button). */
export function pressed() {
  return down;
}

/** Draw now, or once the press under way ends.
 * @param {() => void} draw */
export function whenStill(draw) {
  if (down) held.push(draw);
  else draw();
}

/** Settles when no press is under way: at once when none is.
 * @returns {Promise<void>} */
export function untilStill() {
  return new Promise((resolve) => whenStill(resolve));
}

/** Whether a key press activates its control on the key's release (Space on a button does).
 * @param {KeyboardEvent} event */
function pressesOnRelease(event) {
  const target = event.target;
  return event.key === " " && target instanceof HTMLElement && target.matches("button, [role=button], summary");
}

document.addEventListener("pointerdown", (event) => event.isPrimary && press(), true);
for (const kind of ["pointerup", "pointercancel", "dragend"]) document.addEventListener(kind, release, true);
document.addEventListener("keydown", (event) => pressesOnRelease(event) && !event.repeat && press(), true);
document.addEventListener("keyup", (event) => event.key === " " && release(), true);
window.addEventListener("blur", release);
