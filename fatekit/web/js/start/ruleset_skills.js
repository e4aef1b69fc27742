// The rule-set editor's skills: one skill list, or two for a game adding one skill from each to a
// roll. Each list has a key and a name; each skill's key and name can be changed, a skill removed
// or added by key and name, and the second list added or removed. Renaming a key renames it
// everywhere the file names it; removing a skill repairs what named it, so the file stays one the
// engine can play. The server's check still judges every value (a key used twice included).

import { field, fill, free, h } from "../lib/dom.js";
import { t, tn } from "../lib/i18n.js";
import { rename, shown } from "./ruleset_form.js";

/** A skill of a list: its key, and its name (by language where the file has them).
 * @typedef {{key: string, name?: string, names?: Record<string, string>}} Skill */
/** An option of a select choosing a skill, holding the skill it offers (follow() finds it by it).
 * @typedef {HTMLOptionElement & {skill?: Skill}} SkillOption */
/** A skill list: its key and name, and its skills.
 * @typedef {{key: string, name: string, skills: Skill[]}} SkillList */
/** Something in the file naming a skill: the object (or the list) holding the key, and where.
 * @typedef {[Record<string | number, unknown>, string | number]} Naming */
/** A side of the turn order (the tie-breaking skills of a physical and of a mental conflict).
 * @typedef {"physical" | "mental"} Side */
/** What the skills section reads and repairs of the rule-set file (the editor opens only on a
 * file with these): its lists, and what names a skill.
 * @typedef {{skill_lists: SkillList[], stress: {tracks: {skill?: string | null}[]},
 *   consequences: {skill?: string}[], skill_uses: {skill?: string}[], recovery?: {skills?: {skill?: string}[]},
 *   turn_order: {physical?: string[], mental?: string[]}}} SkilledFile */

/** Every skill of every list in ``data``, the first list's first.
 * @param {SkilledFile} data */
export function allSkills(data) {
  return data.skill_lists.flatMap((list) => list.skills);
}

/** One ``option`` a skill, for a select choosing a skill (``chosen``: the key chosen now). Each
 * option holds its skill, so a key renamed later renames the option's value too.
 * @param {SkilledFile} data @param {string | null | undefined} chosen */
export function skillOptions(data, chosen) {
  return allSkills(data).map((skill) => {
    /** @type {SkillOption} */
    const option = h(
      "option",
      { value: skill.key, selected: skill.key === chosen, "data-free": "" },
      shown(skill, skill.key),
    );
    option.skill = skill;
    return option;
  });
}

/** A package or an option granting stunts, as far as the skills their effects name.
 * @typedef {{stunts?: {effect?: {skill?: string | null, replaces?: string}}[]}} Granting */
/** Every place in ``data`` naming the skill ``key``: pairs of the holder and what it is under.
 * @param {SkilledFile} data @param {string} key @returns {Naming[]} */
export function namings(data, key) {
  /** @type {Naming[]} */
  const places = [];
  for (const track of data.stress.tracks) if (track.skill === key) places.push([track, "skill"]);
  for (const slot of data.consequences) if (slot.skill === key) places.push([slot, "skill"]);
  for (const use of data.skill_uses) if (use.skill === key) places.push([use, "skill"]);
  // The skills that treat consequences follow a renamed key too.
  for (const treating of (data.recovery && data.recovery.skills) || [])
    if (treating.skill === key) places.push([treating, "skill"]);
  for (const side of /** @type {Side[]} */ (["physical", "mental"])) {
    const order = data.turn_order[side] || [];
    order.forEach((k, j) => {
      // The list holds it at its index (a list's members are its properties).
      if (k === key) places.push([/** @type {Record<number, unknown>} */ (/** @type {unknown} */ (order)), j]);
    });
  }
  // The published games' parts naming skills (start/ruleset_mechanics.js): a mode's skills, and
  // the effects of the stunts packages and their options grant.
  /** @type {{shape?: {modes?: {skills: string[]}[]}, packages?: {packages: Granting[], options?: Granting[]}}} */
  const more = /** @type {any} */ (data);
  for (const mode of (more.shape && more.shape.modes) || [])
    mode.skills.forEach((k, j) => {
      if (k === key) places.push([/** @type {Record<number, unknown>} */ (/** @type {unknown} */ (mode.skills)), j]);
    });
  const spec = more.packages;
  for (const holder of spec ? [...spec.packages, ...(spec.options || [])] : [])
    for (const stunt of holder.stunts || [])
      for (const at of /** @type {const} */ (["skill", "replaces"]))
        if (stunt.effect && stunt.effect[at] === key) places.push([stunt.effect, at]);
  return places;
}

/** Take the skill ``key`` out of everything in ``data`` that named it.
 * @param {SkilledFile} data @param {string} key */
export function forgetSkill(data, key) {
  // The track stays; with no skill adding boxes, it keeps its table's first row.
  for (const track of data.stress.tracks) if (track.skill === key) track.skill = null;
  // A slot had only while the skill is rated high enough can never be had without the skill:
  // dropping it keeps every sheet as it was (dropping the condition would give everyone a slot).
  data.consequences = data.consequences.filter((slot) => slot.skill !== key);
  data.skill_uses = data.skill_uses.filter((use) => use.skill !== key);
  // A kind of harm whose treating skill is gone may be treated with any skill (the rules' default).
  if (data.recovery && data.recovery.skills)
    data.recovery.skills = data.recovery.skills.filter((treating) => treating.skill !== key);
  // The other skills keep breaking ties in their order; a list left empty is for the GM to
  // fill (the check says so), not for the editor to guess.
  for (const side of /** @type {Side[]} */ (["physical", "mental"])) {
    const order = data.turn_order;
    if (!order[side]) continue;
    order[side] = order[side].filter((k) => k !== key);
    if (!order[side].length) delete order[side];
  }
  // A mode keeps its other skills (one left with none is for the GM to fill: the check says so).
  // A stunt a package grants on the skill stays for the GM to rewrite: the check names it.
  /** @type {{shape?: {modes?: {skills: string[]}[]}}} */
  const more = /** @type {any} */ (data);
  for (const mode of (more.shape && more.shape.modes) || []) mode.skills = mode.skills.filter((k) => k !== key);
}

/** The skills section. ``ui`` gives the editor's ``text`` and ``button`` makers, its
 * ``reshaped(focusId)`` and ``changed()``; the returned function draws the section for ``data``.
 * @param {import("./ruleset_shape.js").Makers & {changed: () => void}} ui */
export function skillsSection(ui) {
  let open = false; // stays open across a redraw once opened
  const fresh = [
    { key: "", name: "" },
    { key: "", name: "" },
  ]; // each list's new skill, as typed so far
  // The places a skill's key was last renamed in: while two skills share a key (a clash the check
  // refuses), only these are the renamed skill's own.
  /** @type {WeakMap<Skill, Naming[]>} */
  const held = new WeakMap();

  return (/** @type {SkilledFile} */ data) => {
    const lists = data.skill_lists;
    const suffix = (/** @type {number} */ l) => (l ? `-${l}` : "");
    const used = new Set(); // ids given in this drawing: two skills with one key get the second by place

    /** @param {Skill} skill */
    function placesOf(skill) {
      if (allSkills(data).some((s) => s !== skill && s.key === skill.key))
        return (held.get(skill) || []).filter(([holder, at]) => holder[at] === skill.key);
      return namings(data, skill.key);
    }

    // What the page shows of a renamed key follows it: the selects choosing a skill, the turn order.
    /** @param {Skill} skill @param {Element} nameLabel */
    function follow(skill, nameLabel) {
      for (const option of /** @type {NodeListOf<SkillOption>} */ (document.querySelectorAll("#ruleset-editor option")))
        if (option.skill === skill) option.value = skill.key;
      for (const side of /** @type {Side[]} */ (["physical", "mental"])) {
        const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`ruleset-edit-turn-${side}`));
        if (input) input.value = (data.turn_order[side] || []).join(", ");
      }
      fill(nameLabel, tn("ruleset_editor.skill_name", { key: free(skill.key) }));
    }

    /** @param {SkillList} list @param {Skill} skill @param {number} i @param {number} l */
    function skillRow(list, skill, i, l) {
      let id = `ruleset-edit-skill-${skill.key}`;
      if (used.has(id)) id = `ruleset-edit-skill-${l}-${i}`;
      used.add(id);
      const name = ui.text(id, tn("ruleset_editor.skill_name", { key: free(skill.key) }), shown(skill), (v) =>
        rename(skill, v),
      );
      /** @type {Naming[] | null} */
      let places = null;
      const key = h("input", {
        id: id.replace("ruleset-edit-skill-", "ruleset-edit-skill-key-"),
        value: skill.key,
        autocomplete: "off",
        spellcheck: "false",
        onfocus: () => (places = placesOf(skill)),
        oninput: (/** @type {Event} */ e) => {
          // Kept as typed (spaces trimmed): the check says what a key may be, and refuses one
          // another skill already has.
          if (!places) places = placesOf(skill);
          skill.key = /** @type {HTMLInputElement} */ (e.target).value.trim();
          for (const [holder, at] of places) holder[at] = skill.key;
          held.set(skill, places);
          follow(skill, /** @type {HTMLLabelElement} */ (name.querySelector("label"))); // a field has its label
          ui.changed();
        },
      });
      return h(
        "div",
        { class: "inline" },
        field(tn("ruleset_editor.skill_key", { n: i + 1 }), key),
        name,
        list.skills.length > 1
          ? ui.button(
              id.replace("ruleset-edit-skill-", "ruleset-edit-skill-remove-"),
              tn("ruleset_editor.remove_skill", { name: free(shown(skill, skill.key)) }),
              () => removeSkill(list, i, l),
            )
          : null,
      );
    }

    /** @param {SkillList} list @param {number} i @param {number} l */
    function removeSkill(list, i, l) {
      const [gone] = list.skills.splice(i, 1);
      // A key still on a list (the file had it twice) keeps what names it.
      if (!allSkills(data).some((s) => s.key === gone.key)) forgetSkill(data, gone.key);
      ui.reshaped(`ruleset-edit-skill-new-key${suffix(l)}`);
    }

    /** @param {SkillList} list @param {number} l */
    function newSkill(list, l) {
      const typed = fresh[l];
      /** @param {string} id @param {string} label @param {"key" | "name"} what
       * @param {Record<string, string>} [props] */
      const input = (id, label, what, props = {}) =>
        field(
          label,
          h("input", {
            id,
            value: typed[what],
            autocomplete: "off",
            ...props,
            oninput: (/** @type {Event} */ e) => (typed[what] = /** @type {HTMLInputElement} */ (e.target).value),
          }),
        );
      const add = () => {
        /** @type {Skill} */
        const skill = { key: typed.key.trim() };
        rename(skill, typed.name.trim());
        list.skills.push(skill);
        typed.key = "";
        typed.name = "";
        ui.reshaped(`ruleset-edit-skill-new-key${suffix(l)}`);
      };
      return h(
        "fieldset",
        { id: `ruleset-edit-skill-new${suffix(l)}` },
        h("legend", {}, t("ruleset_editor.new_skill")),
        h(
          "div",
          { class: "inline" },
          input(`ruleset-edit-skill-new-key${suffix(l)}`, t("ruleset_editor.new_skill_key"), "key", {
            spellcheck: "false",
          }),
          input(`ruleset-edit-skill-new-name${suffix(l)}`, t("ruleset_editor.new_skill_name"), "name"),
          ui.button(`ruleset-edit-skill-add${suffix(l)}`, t("ruleset_editor.add_skill"), add),
        ),
      );
    }

    /** @param {SkillList} list @param {number} l */
    function listEditor(list, l) {
      return h(
        "fieldset",
        { class: "skill-list", id: `ruleset-edit-list-${l}` },
        h("legend", {}, tn("ruleset_editor.list_n", { n: l + 1 })),
        h(
          "div",
          { class: "inline" },
          ui.text(`ruleset-edit-list-name-${l}`, t("ruleset_editor.list_name"), list.name, (v) => (list.name = v)),
          ui.text(`ruleset-edit-list-key-${l}`, t("ruleset_editor.list_key"), list.key, (v) => (list.key = v.trim()), {
            spellcheck: "false",
          }),
        ),
        h(
          "div",
          { class: "columns" },
          list.skills.map((skill, i) => skillRow(list, skill, i, l)),
        ),
        newSkill(list, l),
        l > 0
          ? ui.button(`ruleset-edit-list-remove-${l}`, t("ruleset_editor.remove_list"), () => {
              const [gone] = lists.splice(l, 1);
              for (const skill of gone.skills)
                if (!allSkills(data).some((s) => s.key === skill.key)) forgetSkill(data, skill.key);
              fresh[l] = { key: "", name: "" };
              ui.reshaped("ruleset-edit-list-add");
            })
          : null,
      );
    }

    return h(
      "details",
      {
        id: "ruleset-edit-skills",
        open,
        ontoggle: (/** @type {Event} */ e) => (open = /** @type {HTMLDetailsElement} */ (e.target).open),
      },
      h("summary", {}, t("ruleset_editor.skills")),
      lists.map(listEditor),
      h("p", { class: "hint" }, t("ruleset_editor.remove_skill_hint")),
      h("p", { class: "hint" }, t("ruleset_editor.new_skill_hint")),
      lists.length < 2
        ? [
            ui.button("ruleset-edit-list-add", t("ruleset_editor.add_list"), () => {
              // Empty at first: the check asks for its skills until the GM adds them.
              lists.push({ key: "second", name: t("ruleset_editor.new_list"), skills: [] });
              ui.reshaped("ruleset-edit-skill-new-key-1");
            }),
            h("p", { class: "hint" }, t("ruleset_editor.add_list_hint")),
          ]
        : null,
    );
  };
}
