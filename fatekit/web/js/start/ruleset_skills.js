// The rule-set editor's skills: each skill of the (first) list renamed or removed, and a new one
// added by key and name. Removing a skill repairs what named it, so the file stays one the
// engine can play; the server's check still judges every value.

import { field, free, h } from "../lib/dom.js";
import { t, tn } from "../lib/i18n.js";
import { rename, shown } from "./ruleset_form.js";

/** Take the skill ``key`` out of everything in ``data`` that named it. */
export function forgetSkill(data, key) {
  // The track stays; with no skill adding boxes, it keeps its table's first row.
  for (const track of data.stress.tracks) if (track.skill === key) track.skill = null;
  // A slot had only while the skill is rated high enough can never be had without the skill:
  // dropping it keeps every sheet as it was (dropping the condition would give everyone a slot).
  data.consequences = data.consequences.filter((slot) => slot.skill !== key);
  data.skill_uses = data.skill_uses.filter((use) => use.skill !== key);
  // The other skills keep breaking ties in their order; a list left empty is for the GM to
  // fill (the check says so), not for the editor to guess.
  for (const side of ["physical", "mental"]) {
    const order = data.turn_order;
    if (!order[side]) continue;
    order[side] = order[side].filter((k) => k !== key);
    if (!order[side].length) delete order[side];
  }
}

/** The skills section. ``ui`` gives the editor's ``text`` and ``button`` makers and its
 * ``reshaped(focusId)``; the returned function draws the section for the file ``data``. */
export function skillsSection(ui) {
  let open = false; // stays open across a redraw once opened
  const fresh = { key: "", name: "" }; // the new skill, as typed so far

  return (data) => {
    const skills = data.skill_lists[0].skills;
    const typed = (id, label, what, props = {}) => field(label, h("input", { id, value: fresh[what], autocomplete: "off", ...props, oninput: (e) => (fresh[what] = e.target.value) }));
    const add = () => {
      const skill = { key: fresh.key.trim() };
      rename(skill, fresh.name.trim());
      skills.push(skill);
      fresh.key = "";
      fresh.name = "";
      ui.reshaped("ruleset-edit-skill-new-key");
    };
    const remove = (i) => {
      const [gone] = skills.splice(i, 1);
      // A key still on the list (the file had it twice) keeps what names it.
      if (!skills.some((s) => s.key === gone.key)) forgetSkill(data, gone.key);
      ui.reshaped("ruleset-edit-skill-new-key");
    };
    return h(
      "details",
      { id: "ruleset-edit-skills", open, ontoggle: (e) => (open = e.target.open) },
      h("summary", {}, t("ruleset_editor.skills")),
      h(
        "div",
        { class: "columns" },
        skills.map((s, i) =>
          h(
            "div",
            { class: "inline" },
            ui.text(`ruleset-edit-skill-${s.key}`, tn("ruleset_editor.skill_name", { key: free(s.key) }), shown(s), (v) => rename(s, v)),
            skills.length > 1 ? ui.button(`ruleset-edit-skill-remove-${s.key}`, tn("ruleset_editor.remove_skill", { name: free(shown(s, s.key)) }), () => remove(i)) : null,
          ),
        ),
      ),
      h("p", { class: "hint" }, t("ruleset_editor.remove_skill_hint")),
      h(
        "fieldset",
        { id: "ruleset-edit-skill-new" },
        h("legend", {}, t("ruleset_editor.new_skill")),
        h(
          "div",
          { class: "inline" },
          typed("ruleset-edit-skill-new-key", t("ruleset_editor.new_skill_key"), "key", { spellcheck: "false" }),
          typed("ruleset-edit-skill-new-name", t("ruleset_editor.new_skill_name"), "name"),
          ui.button("ruleset-edit-skill-add", t("ruleset_editor.add_skill"), add),
        ),
        h("p", { class: "hint" }, t("ruleset_editor.new_skill_hint")),
      ),
    );
  };
}
