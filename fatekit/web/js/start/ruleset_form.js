// What the rule-set editor's parts share: names in the page's language and numbers as typed.
// It holds no rule: the server's check says what a value may be.

import { language } from "../lib/i18n.js";

/** A skill or a track of a rule-set file as the editor holds it: its file name, and its names by
 * language where the file has them, beside its other fields.
 * @typedef {{name?: string, names?: Record<string, string>, [field: string]: unknown}} Named */

/** The name a skill or track shows on this page: its own for the page's language, else its name.
 * @param {Named} thing @param {string} [fallback] */
export function shown(thing, fallback = "") {
  return (thing.names && thing.names[language()]) || thing.name || fallback;
}

/** Write ``value`` as the name in the page's language (English is the file's own ``name``, and
 * its English name too when it has one: a built-in's file names its skills in every language).
 * @param {Named} thing @param {string} value */
export function rename(thing, value) {
  const lang = language();
  if (lang === "en" || !thing.name) thing.name = value;
  if (lang !== "en" || (thing.names && "en" in thing.names)) thing.names = { ...(thing.names || {}), [lang]: value };
}

/** A whole number as typed, else the text itself, so the server's check names the problem.
 * @param {string} text */
export function numberOr(text) {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}
