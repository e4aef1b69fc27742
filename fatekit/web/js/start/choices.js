// What a new table offers to choose from: the built-in rules, the skill lists that may replace
// theirs, and the optional rules (in the order the start page and the rule-set editor list them).

export const PRESETS = ["condensed", "core", "fae", "ode", "woa", "rocketeers", "venturecity", "atomicrobo"];
/** The built-ins whose sheet is Fate Accelerated's six approaches (named by the catalogs'
 * approach.*, and headed "Approaches"): fatekit.rules.characters.presets.APPROACH_PRESETS. */
export const APPROACH_PRESETS = ["fae", "woa", "rocketeers"];
/** How a table may draw (fatekit.rules.core.randomizers.Randomizer): four Fate dice first. */
export const RANDOMIZERS = ["4dF", "deck", "4d6", "3d6", "d6-d6"];
export const SKILL_LISTS = [
  "actions",
  "approaches",
  "aptitudes",
  "attributes",
  "relationships",
  "roles",
  "themes",
  "values",
];
export const OPTIONS = [
  "conditions",
  "conditions_apart",
  "creation_as_you_play",
  "countdowns",
  "extreme_consequences",
  "faster_contests",
  "full_defense",
  "full_defense_core",
  "obstacles",
  "scale",
  "time_shifts",
  "big_bads",
  "multiple_targets",
  "weapon_and_armor",
  "weight",
];
