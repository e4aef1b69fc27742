// The page's words: one JSON catalog per language under /i18n/, keyed by stable keys.
// Game data never carries display text; names of ladder steps, skills, actions and outcomes
// are looked up here by the engine's keys, so a translation cannot break a table.

import { APPROACH_PRESETS } from "../start/choices.js";

export const LANGUAGES = ["en", "ru", "it", "sv"];
const STORE_KEY = "fatekit.lang";

/** What a catalog holds: each key's text.
 * @typedef {Record<string, string>} Catalog */
/** A text's placeholders by name: a node is put in as it is, anything else as its text.
 * @typedef {Record<string, unknown>} Args */

/** @type {Catalog} */
let catalog = {};
/** @type {Catalog} */
let fallback = {};
let current = "en";
let plurals = new Intl.PluralRules("en");

/** The language to start in: the one chosen before, else the browser's, else English. */
export function pickLanguage() {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = String(wanted).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** @param {string} lang @returns {Promise<Catalog>} */
async function fetchCatalog(lang) {
  const response = await fetch(`/i18n/${lang}.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`no catalog for ${lang}`);
  return response.json();
}

/** Load a language (and English, for keys a catalog lacks: the key test keeps that empty).
 * @param {string} lang @param {boolean} [remember] */
export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  const [chosen, english] = await Promise.all([fetchCatalog(lang), lang === "en" ? null : fetchCatalog("en")]);
  catalog = chosen;
  fallback = english || chosen;
  current = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem(STORE_KEY, lang);
}

export function language() {
  return current;
}

/** @param {string} key */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

/** The key to read for these arguments: a text that counts {n} things may have a variant per
 * plural category of the language (`KEY#one`, `KEY#few`, ...), chosen by the browser's own
 * CLDR rules; a language without variants for the key reads the key itself.
 * @param {string} key @param {Args} args */
function counted(key, args) {
  if (!("n" in args) || args.n instanceof Node) return key;
  const n = Number(args.n);
  if (!Number.isFinite(n)) return key;
  const variant = `${key}#${plurals.select(n)}`;
  return has(variant) ? variant : key;
}

/** @param {string} key @returns {string} */
function template(key) {
  if (has(key)) return catalog[key];
  console.error(`missing catalog key ${key} in ${current}`);
  // Marked so that the browser tests catch it.
  return Object.prototype.hasOwnProperty.call(fallback, key) ? `\u27e6${fallback[key]}\u27e7` : `\u27e6${key}\u27e7`;
}

/** A catalog string with {placeholders} filled in (for attributes and plain text).
 * @param {string} key @param {Args} [args] */
export function t(key, args = {}) {
  return template(counted(key, args)).replace(/\{(\w+)\}/g, (whole, name) =>
    // A placeholder's node is an element or a text: its textContent is never null.
    name in args
      ? args[name] instanceof Node
        ? /** @type {string} */ (args[name].textContent)
        : String(args[name])
      : whole,
  );
}

/** A catalog string as DOM: each placeholder becomes its own node (an element, or text).
 * @param {string} key @param {Args} [args] */
export function tn(key, args = {}) {
  const out = document.createDocumentFragment();
  const parts = template(counted(key, args)).split(/(\{\w+\})/);
  for (const part of parts) {
    const m = /^\{(\w+)\}$/.exec(part);
    if (m && m[1] in args) {
      const value = args[m[1]];
      out.append(value instanceof Node ? value : document.createTextNode(String(value)));
    } else if (part) {
      out.append(document.createTextNode(part));
    }
  }
  return out;
}

/** A rating with its ladder name: "Good (+3)"; beyond the named steps, the bare number.
 * @param {number} value @param {Record<string, string> | null | undefined} ladder the preset's, by rating */
export function rating(value, ladder) {
  const n = Number(value);
  const sign = n >= 0 ? `+${n}` : `${n}`;
  const key = ladder && ladder[String(n)];
  return key ? t("rating", { name: t(`ladder.${key}`), n: sign }) : sign;
}

/** A skill's display name by its stable key, for the table's preset, or for the other skill
 * list the table plays with (`list`: an alternative list's key, whose names are keyed apart
 * since lists share keys: Actions' "fight" is not Fate Condensed's).
 * @param {string} key @param {string} preset @param {string | null} [list] */
export function skillName(key, preset, list = null) {
  if (list) return has(`skill.${list}.${key}`) ? t(`skill.${list}.${key}`) : null;
  const group = APPROACH_PRESETS.includes(preset) ? "approach" : "skill";
  if (has(`${group}.${key}`)) return t(`${group}.${key}`);
  return null; // a table's own list: the caller shows the key as the table wrote it
}
