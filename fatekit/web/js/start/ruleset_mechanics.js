// The rule-set editor's mechanics of published games: the Fate System Toolkit's conditions, aspects
// counted instead of skills (The Three Rocketeers), packages bought with stunts (Venture City's
// powers: option groups, packages, options and the stunts and aspects they grant) and modes
// (Atomic Robo, a skill shape). Each entry and each of its fields can be changed, added or
// removed; a field is written only when the GM changes it, so a file opened and left alone stays
// as it was. It holds no rule: the server's check judges every value and its refusals are shown
// beside the control they name (each control carries the file path it edits, ``data-where``).

import { field, free, h } from "../lib/dom.js";
import { language, t, tn } from "../lib/i18n.js";
import { numberOr, rename, shown } from "./ruleset_form.js";
import { allSkills, skillOptions } from "./ruleset_skills.js";

/** @typedef {import("./ruleset_shape.js").Typed} Typed */
/** @typedef {import("./ruleset_shape.js").Makers} Makers */
/** @typedef {import("./ruleset_form.js").Named} Named */
/** A condition: its key, names, kind, and the boxes and shifts it sets (else the kind's own).
 * @typedef {{key: string, name?: string, names?: Record<string, string>, kind: string, boxes?: Typed,
 *   shifts?: Typed}} Condition */
/** Aspects counted instead of skills: what each adds, and slots worth their own amount.
 * @typedef {{per_aspect?: Typed, bonuses?: {kind: string, bonus: Typed}[]}} Counted */
/** A stunt a package or an option grants: its name, words, cost per use and effect.
 * @typedef {{name: string, description?: string, circumstance?: string, cost?: string,
 *   effect: import("../sheet/stunts.js").Effect & Record<string, unknown>}} Granted */
/** A package, an option or a group: key, names and the fields of its kind.
 * @typedef {{key: string, name?: string, names?: Record<string, string>, [field: string]: unknown}} Entry */
/** A rule set's packages as the file holds them.
 * @typedef {{label: string, names?: Record<string, string>, bonus_stunts?: Typed, least?: Typed, most?: Typed,
 *   groups?: Entry[], packages: Entry[], options?: Entry[]}} Packages */
/** A mode of a modes shape.
 * @typedef {{key: string, name?: string, names?: Record<string, string>, skills: string[], cost?: Typed,
 *   weird?: boolean}} Mode */
/** What these sections read and write of the file.
 * @typedef {Omit<import("./ruleset_skills.js").SkilledFile, "stress"> & {conditions?: Condition[],
 *   counted_aspects?: Counted, packages?: Packages,
 *   stress: {tracks: {harm: string, skill?: string | null, name?: string, names?: Record<string, string>}[]}}} MechanicFile */

const CONDITION_KINDS = ["fleeting", "sticky", "lasting"];
const ASPECT_KINDS = ["high_concept", "trouble", "relationship", "character"];
const ACTIONS = ["overcome", "create_advantage", "attack", "defend"];
const STUNT_COSTS = ["free", "fate_point", "once_per_scene", "once_per_session"];
const SEVERITIES = ["mild", "moderate", "severe"];
/** The fields each kind of effect has (the character file's stunts: fatekit.rules.characters.stunts).
 * @type {Record<string, string[]>} */
const EFFECT_FIELDS = {
  skill_bonus: ["skill", "actions", "bonus"],
  skill_swap: ["skill", "replaces", "actions"],
  extra_action: ["skill", "action"],
  extra_free_invoke: ["skill", "count"],
  boost: ["skill", "actions"],
  extra_stress: ["track", "boxes"],
  extra_consequence: ["track", "severity"],
  act_first: ["track"],
  rule_exception: ["text"],
  true_detail: ["detail"],
};
const NAME_MAX = "200"; // the schema's bound on a name; the server's check says it again

/** Whether a change came with a ticked box.
 * @param {Event} e */
const ticked = (e) => /** @type {HTMLInputElement} */ (e.target).checked;
/** @param {Event} e */
const picked = (e) => /** @type {HTMLSelectElement} */ (e.target).value;

/** A key not yet in ``taken``: ``stem_n`` with the first n free.
 * @param {string} stem @param {{key: string}[]} taken */
function freeKey(stem, taken) {
  const keys = new Set(taken.map((x) => x.key));
  let n = taken.length + 1;
  while (keys.has(`${stem}_${n}`)) n++;
  return `${stem}_${n}`;
}

/** Words split into a list (a line each): what a list of aspects or keys is typed as.
 * @param {string} text @param {RegExp} by */
const listed = (text, by) =>
  text
    .split(by)
    .map((x) => x.trim())
    .filter(Boolean);

/** The sections. ``ui`` gives the editor's makers; the returned ``sections(data)`` draws the
 * conditions, counted aspects and packages, and ``modes(data)`` the modes of a modes shape.
 * @param {Makers & {changed: () => void}} ui */
export function mechanicsSections(ui) {
  const { text, button, reshaped, changed } = ui;
  let openPackages = false; // the packages stay open across a redraw once opened

  /** A whole number a file may leave out: emptied, it is left out (the engine's usual applies).
   * @param {string} id @param {string} label @param {Record<string, unknown>} holder @param {string} key
   * @param {string} where */
  const count = (id, label, holder, key, where) =>
    text(
      id,
      label,
      holder[key],
      (v) => {
        if (v.trim()) holder[key] = numberOr(v);
        else delete holder[key];
      },
      { inputmode: "numeric", maxlength: "6", "data-where": where },
    );
  /** A name in the page's language (the file's ``name``, or its ``names``).
   * @param {string} id @param {string} label @param {Named} thing @param {string} where */
  const naming = (id, label, thing, where) =>
    text(id, label, shown(thing), (v) => rename(thing, v), { maxlength: NAME_MAX, "data-where": where });
  /** A key as typed: the check says what a key may be.
   * @param {string} id @param {Entry} thing @param {string} where @param {(before: string, now: string) => void} [moved] */
  const keyed = (id, thing, where, moved) =>
    text(
      id,
      t("ruleset_editor.entry_key"),
      thing.key,
      (v) => {
        const before = thing.key;
        thing.key = v;
        if (moved) moved(before, v);
      },
      { spellcheck: "false", maxlength: "60", "data-where": where },
    );
  /** @param {string} id @param {string | Node} label @param {string[]} values @param {string | undefined} chosen
   * @param {(v: string) => string} label_ @param {(v: string) => void} set @param {string} where
   * @param {boolean} [named] whether the choices are the file's own names (skills, tracks, groups) */
  const choose = (id, label, values, chosen, label_, set, where, named = false) =>
    field(
      label,
      h(
        "select",
        {
          id,
          "data-where": where,
          onchange: (/** @type {Event} */ e) => {
            set(picked(e));
            changed();
          },
        },
        // A value the form does not offer is shown as it is, so the check can name it.
        chosen !== undefined && !values.includes(chosen)
          ? h("option", { value: chosen, selected: true, "data-free": "" }, String(chosen))
          : null,
        values.map((v) =>
          h("option", { value: v, selected: v === chosen, ...(named ? { "data-free": "" } : {}) }, label_(v)),
        ),
      ),
    );
  /** A box: ticked, ``set(true)``; unticked, ``set(false)``.
   * @param {string} id @param {string | Node} label @param {boolean} on @param {(on: boolean) => void} set
   * @param {string} where */
  const tick = (id, label, on, set, where) =>
    h(
      "div",
      { class: "check" },
      h("input", {
        type: "checkbox",
        id,
        checked: on,
        "data-where": where,
        onchange: (/** @type {Event} */ e) => {
          set(ticked(e));
          changed();
        },
      }),
      h("label", { for: id }, label),
    );
  /** A list of words a line each, written only when changed (emptied, left out).
   * @param {string} id @param {string} label @param {Record<string, unknown>} holder @param {string} key
   * @param {string} where */
  const lines = (id, label, holder, key, where) => {
    const area = h("textarea", {
      id,
      rows: "2",
      maxlength: "1100",
      "data-where": where,
      oninput: (/** @type {Event} */ e) => {
        const items = listed(/** @type {HTMLTextAreaElement} */ (e.target).value, /\n/);
        if (items.length) holder[key] = items;
        else delete holder[key];
        changed();
      },
    });
    area.value = /** @type {string[]} */ (holder[key] || []).join("\n");
    return field(label, area, h("p", { class: "hint" }, t("ruleset_editor.a_line_each")));
  };

  // -- conditions --------------------------------------------------------------------------

  /** @param {MechanicFile} data @param {Condition} c @param {number} i */
  function conditionRow(data, c, i) {
    const at = `$.conditions[${i}]`;
    const id = (/** @type {string} */ part) => `ruleset-edit-condition-${part}-${i}`;
    const list = /** @type {Condition[]} */ (data.conditions);
    return h(
      "fieldset",
      { class: "entry", id: `ruleset-edit-condition-${i}` },
      h("legend", {}, tn("ruleset_editor.condition_n", { n: i + 1 })),
      h(
        "div",
        { class: "inline" },
        naming(id("name"), t("ruleset_editor.entry_name"), c, `${at}.name`),
        keyed(id("key"), c, `${at}.key`),
        choose(
          id("kind"),
          t("ruleset_editor.condition_kind"),
          CONDITION_KINDS,
          c.kind,
          (k) => t(`ruleset_editor.condition.${k}`),
          (v) => (c.kind = v),
          `${at}.kind`,
        ),
        count(id("boxes"), t("ruleset_editor.boxes"), c, "boxes", `${at}.boxes`),
        count(id("shifts"), t("ruleset_editor.condition_shifts"), c, "shifts", `${at}.shifts`),
      ),
      button(id("remove"), t("ruleset_editor.remove_condition"), () => {
        list.splice(i, 1);
        // No condition left: the file says none, as one that never had any.
        if (!list.length) delete data.conditions;
        reshaped("ruleset-edit-condition-add");
      }),
    );
  }

  /** @param {MechanicFile} data */
  function conditionsSection(data) {
    const list = data.conditions || [];
    return h(
      "fieldset",
      { id: "ruleset-edit-conditions", "data-where": "$.conditions" },
      h("legend", {}, t("ruleset_editor.conditions")),
      h("p", { class: "hint" }, t("ruleset_editor.conditions_hint")),
      list.map((c, i) => conditionRow(data, c, i)),
      button("ruleset-edit-condition-add", t("ruleset_editor.add_condition"), () => {
        const conditions = (data.conditions = data.conditions || []);
        const key = freeKey("condition", conditions);
        conditions.push({
          key,
          name: t("ruleset_editor.new_condition", { n: conditions.length + 1 }),
          kind: "fleeting",
        });
        reshaped(`ruleset-edit-condition-name-${conditions.length - 1}`);
      }),
    );
  }

  // -- counted aspects ---------------------------------------------------------------------

  /** @param {MechanicFile} data */
  function countedSection(data) {
    const counted = data.counted_aspects;
    const on = h("input", {
      type: "checkbox",
      id: "ruleset-edit-counted",
      checked: Boolean(counted),
      "data-where": "$.counted_aspects",
      onchange: (/** @type {Event} */ e) => {
        if (ticked(e)) data.counted_aspects = { per_aspect: 1, bonuses: [{ kind: "high_concept", bonus: 2 }] };
        else delete data.counted_aspects;
        reshaped("ruleset-edit-counted");
      },
    });
    /** @param {NonNullable<Counted["bonuses"]>} bonuses */
    const bonusRows = (bonuses) =>
      bonuses.map((b, i) =>
        h(
          "div",
          { class: "inline", id: `ruleset-edit-counted-bonus-${i}` },
          choose(
            `ruleset-edit-counted-kind-${i}`,
            tn("ruleset_editor.counted_slot_n", { n: i + 1 }),
            ASPECT_KINDS,
            b.kind,
            (k) => t(`aspect.kind.${k}`),
            (v) => (b.kind = v),
            `$.counted_aspects.bonuses[${i}].kind`,
          ),
          text(
            `ruleset-edit-counted-bonus-value-${i}`,
            t("ruleset_editor.counted_bonus"),
            b.bonus,
            (v) => (b.bonus = numberOr(v)),
            { inputmode: "numeric", maxlength: "6", "data-where": `$.counted_aspects.bonuses[${i}].bonus` },
          ),
          button(`ruleset-edit-counted-remove-${i}`, t("ruleset_editor.remove_counted_bonus"), () => {
            bonuses.splice(i, 1);
            reshaped("ruleset-edit-counted-add");
          }),
        ),
      );
    return h(
      "fieldset",
      { id: "ruleset-edit-counted-aspects" },
      h("legend", {}, t("ruleset_editor.counted")),
      h("div", { class: "check" }, on, h("label", { for: on.id }, t("ruleset_editor.counted_on"))),
      counted
        ? [
            count(
              "ruleset-edit-counted-per",
              t("ruleset_editor.counted_per_aspect"),
              counted,
              "per_aspect",
              "$.counted_aspects.per_aspect",
            ),
            counted.bonuses ? bonusRows(counted.bonuses) : h("p", { class: "hint" }, t("ruleset_editor.counted_usual")),
            button("ruleset-edit-counted-add", t("ruleset_editor.add_counted_bonus"), () => {
              const bonuses = (counted.bonuses = counted.bonuses || []);
              bonuses.push({ kind: "character", bonus: 1 });
              reshaped(`ruleset-edit-counted-kind-${bonuses.length - 1}`);
            }),
          ]
        : null,
      h("p", { class: "hint" }, t("ruleset_editor.counted_hint")),
    );
  }

  // -- packages ----------------------------------------------------------------------------

  /** The fields of a stunt's effect of its kind, for a stunt a package or option grants.
   * @param {MechanicFile} data @param {Granted} stunt @param {string} id @param {string} at */
  function effectFields(data, stunt, id, at) {
    const e = stunt.effect;
    const shows = EFFECT_FIELDS[e.type] || [];
    /** A select of the file's skills (its options follow a renamed key: skillOptions).
     * @param {string} sid @param {string} label @param {string | null | undefined} chosen
     * @param {(v: string) => void} set @param {string} at @param {string | null} none the choice of no skill */
    const skillChoice = (sid, label, chosen, set, at, none) =>
      field(
        label,
        h(
          "select",
          {
            id: sid,
            "data-where": at,
            onchange: (/** @type {Event} */ ev) => {
              set(picked(ev));
              changed();
            },
          },
          none === null ? null : h("option", { value: "", selected: !chosen }, none),
          skillOptions(data, chosen),
        ),
      );
    const harms = ["any", ...data.stress.tracks.map((x) => x.harm)];
    const harmName = (/** @type {string} */ x) => {
      const track = data.stress.tracks.find((tr) => tr.harm === x);
      return track ? shown(track, t(`track.${x}`)) : t(`track.${x}`);
    };
    const where = (/** @type {string} */ f) => `${at}.effect.${f}`;
    /** @type {Record<string, () => HTMLElement>} */
    const makers = {
      skill: () =>
        skillChoice(
          `${id}-skill`,
          t("roll.skill"),
          e.skill,
          (v) => (e.skill = e.type === "boost" ? v || null : v),
          where("skill"),
          // A boost may come with any use of the stunt: no skill at all.
          e.type === "boost" ? t("stunt.any_use") : null,
        ),
      replaces: () =>
        skillChoice(
          `${id}-replaces`,
          t("stunt.replaces"),
          e.replaces,
          (v) => (e.replaces = v),
          where("replaces"),
          null,
        ),
      action: () =>
        choose(
          `${id}-action`,
          t("roll.action"),
          ACTIONS,
          e.action || undefined,
          (a) => t(`action.${a}`),
          (v) => (e.action = v),
          where("action"),
        ),
      actions: () => {
        const chosen = e.actions || (e.action ? [e.action] : []);
        return h(
          "fieldset",
          { class: "inline stunt-actions", "data-where": where("actions") },
          h("legend", {}, t("stunt.actions")),
          ACTIONS.map((a) =>
            tick(
              `${id}-actions-${a}`,
              t(`action.${a}`),
              chosen.includes(a),
              (on) => {
                const now = new Set(e.actions || (e.action ? [e.action] : []));
                if (on) now.add(a);
                else now.delete(a);
                e.actions = ACTIONS.filter((x) => now.has(x));
                // The older one-action field gives way to the list the GM now writes.
                delete e.action;
              },
              where("actions"),
            ),
          ),
        );
      },
      bonus: () => count(`${id}-bonus`, t("stunt.bonus"), e, "bonus", where("bonus")),
      count: () => count(`${id}-count`, t("stunt.count"), e, "count", where("count")),
      boxes: () => count(`${id}-boxes`, t("stunt.boxes"), e, "boxes", where("boxes")),
      track: () =>
        choose(`${id}-track`, t("stunt.track"), harms, e.track, harmName, (v) => (e.track = v), where("track"), true),
      severity: () =>
        choose(
          `${id}-severity`,
          t("stunt.severity"),
          SEVERITIES,
          e.severity,
          (s) => t(`severity.${s}`),
          (v) => (e.severity = v),
          where("severity"),
        ),
      text: () =>
        text(`${id}-text`, t("stunt.text"), e.text, (v) => (e.text = v), {
          maxlength: "500",
          "data-where": where("text"),
        }),
      detail: () =>
        text(`${id}-detail`, t("stunt.text"), e.detail, (v) => (e.detail = v), {
          maxlength: "500",
          "data-where": where("detail"),
        }),
    };
    return shows.map((f) => makers[f]());
  }

  /** A new effect of ``type`` with what it needs, for the check to judge.
   * @param {MechanicFile} data @param {string} type */
  function newEffect(data, type) {
    const skill = (allSkills(data)[0] || { key: "" }).key;
    /** @type {Record<string, Record<string, unknown>>} */
    const made = {
      skill_bonus: { skill, actions: ["overcome"], bonus: 2 },
      skill_swap: { skill, replaces: (allSkills(data)[1] || { key: skill }).key, actions: [] },
      extra_action: { skill, action: "attack" },
      extra_free_invoke: { skill, count: 1 },
      boost: { skill: null, actions: [] },
      extra_stress: { track: "any", boxes: 1 },
      extra_consequence: { track: "any", severity: "mild" },
      act_first: { track: "any" },
      rule_exception: { text: t("ruleset_editor.new_exception") },
      true_detail: { detail: t("ruleset_editor.new_detail") },
    };
    return /** @type {Granted["effect"]} */ ({ type, ...made[type] });
  }

  /** The stunts a package or option grants.
   * @param {MechanicFile} data @param {Entry} holder @param {string} id @param {string} at */
  function grantedStunts(data, holder, id, at) {
    const stunts = /** @type {Granted[]} */ (holder.stunts || []);
    return h(
      "fieldset",
      { class: "granted", id: `${id}-stunts`, "data-where": `${at}.stunts` },
      h("legend", {}, t("ruleset_editor.granted_stunts")),
      stunts.map((stunt, s) => {
        const sid = `${id}-stunt-${s}`;
        const sat = `${at}.stunts[${s}]`;
        return h(
          "div",
          { class: "entry", id: sid },
          h(
            "div",
            { class: "inline" },
            text(`${sid}-name`, tn("sheet.stunt_n", { n: s + 1 }), stunt.name, (v) => (stunt.name = v), {
              maxlength: NAME_MAX,
              "data-where": `${sat}.name`,
            }),
            choose(
              `${sid}-kind`,
              t("stunt.kind_label"),
              Object.keys(EFFECT_FIELDS),
              stunt.effect.type,
              (k) => t(`stunt.kind.${k}`),
              (v) => {
                stunt.effect = newEffect(data, v);
                reshaped(`${sid}-kind`);
              },
              `${sat}.effect.type`,
            ),
            effectFields(data, stunt, sid, sat),
            choose(
              `${sid}-cost`,
              t("stunt.cost_label"),
              STUNT_COSTS,
              stunt.cost || "free",
              (c) => t(`stunt.cost.${c}`),
              (v) => (stunt.cost = v),
              `${sat}.cost`,
            ),
            text(
              `${sid}-circumstance`,
              t("stunt.circumstance"),
              stunt.circumstance,
              (v) => {
                if (v.trim()) stunt.circumstance = v;
                else delete stunt.circumstance;
              },
              { maxlength: "500", "data-where": `${sat}.circumstance` },
            ),
            text(`${sid}-description`, t("stunt.description"), stunt.description, (v) => (stunt.description = v), {
              maxlength: "2000",
              "data-where": `${sat}.description`,
            }),
          ),
          button(`${sid}-remove`, t("ruleset_editor.remove_stunt"), () => {
            stunts.splice(s, 1);
            if (!stunts.length) delete holder.stunts;
            reshaped(`${id}-stunt-add`);
          }),
        );
      }),
      button(`${id}-stunt-add`, t("ruleset_editor.add_stunt"), () => {
        const list = /** @type {Granted[]} */ (holder.stunts = holder.stunts || []);
        list.push({
          name: t("ruleset_editor.new_stunt", { n: list.length + 1 }),
          description: "",
          cost: "free",
          effect: newEffect(data, "skill_bonus"),
        });
        reshaped(`${id}-stunt-${list.length - 1}-name`);
      }),
    );
  }

  /** A package or an option: its key, name and cost (or group, times and where offered), the
   * aspects and stunts it grants.
   * @param {MechanicFile} data @param {Packages} spec @param {"package" | "option"} kind @param {Entry} entry
   * @param {number} i */
  function packageRow(data, spec, kind, entry, i) {
    const part = kind === "package" ? "packages" : "options";
    const at = `$.packages.${part}[${i}]`;
    const id = `ruleset-edit-${kind}-${i}`;
    const list = /** @type {Entry[]} */ (spec[part]);
    const groups = (spec.groups || []).map((g) => g.key);
    const groupName = (/** @type {string} */ k) => {
      const found = (spec.groups || []).find((g) => g.key === k);
      return found ? shown(found, k) : k;
    };
    return h(
      "fieldset",
      { class: "entry", id },
      h("legend", {}, tn(`ruleset_editor.${kind}_n`, { n: i + 1 })),
      h(
        "div",
        { class: "inline" },
        naming(`${id}-name`, t("ruleset_editor.entry_name"), entry, `${at}.name`),
        keyed(`${id}-key`, entry, `${at}.key`),
        kind === "package"
          ? count(`${id}-cost`, t("ruleset_editor.package_cost"), entry, "cost", `${at}.cost`)
          : [
              choose(
                `${id}-group`,
                t("ruleset_editor.option_group"),
                groups,
                /** @type {string | undefined} */ (entry.group),
                groupName,
                (v) => (entry.group = v),
                `${at}.group`,
                true,
              ),
              count(`${id}-most`, t("ruleset_editor.option_most"), entry, "most", `${at}.most`),
              text(
                `${id}-within`,
                t("ruleset_editor.option_within"),
                /** @type {string[]} */ (entry.within || []).join(", "),
                (v) => {
                  const keys = listed(v, /[\s,]+/);
                  if (keys.length) entry.within = keys;
                  else delete entry.within;
                },
                { spellcheck: "false", maxlength: "1300", "data-where": `${at}.within` },
              ),
            ],
      ),
      lines(`${id}-aspects`, t("ruleset_editor.granted_aspects"), entry, "aspects", `${at}.aspects`),
      grantedStunts(data, entry, id, at),
      kind === "option" || list.length > 1
        ? button(`${id}-remove`, t(`ruleset_editor.remove_${kind}`), () => {
            list.splice(i, 1);
            if (kind === "option" && !list.length) delete spec.options;
            reshaped(`ruleset-edit-${kind}-add`);
          })
        : null,
    );
  }

  /** @param {Packages} spec @param {Entry} g @param {number} i */
  function groupRow(spec, g, i) {
    const at = `$.packages.groups[${i}]`;
    const id = `ruleset-edit-group-${i}`;
    const groups = /** @type {Entry[]} */ (spec.groups);
    return h(
      "fieldset",
      { class: "entry", id },
      h("legend", {}, tn("ruleset_editor.group_n", { n: i + 1 })),
      h(
        "div",
        { class: "inline" },
        naming(`${id}-name`, t("ruleset_editor.entry_name"), g, `${at}.name`),
        keyed(`${id}-key`, g, `${at}.key`, (before, now) => {
          // The options of the group follow its key.
          for (const o of spec.options || []) if (o.group === before) o.group = now;
        }),
        count(`${id}-cost`, t("ruleset_editor.group_cost"), g, "cost", `${at}.cost`),
        count(`${id}-free`, t("ruleset_editor.group_free"), g, "free", `${at}.free`),
        count(`${id}-per`, t("ruleset_editor.group_per_cost"), g, "per_cost", `${at}.per_cost`),
        count(`${id}-least`, t("ruleset_editor.least"), g, "least", `${at}.least`),
        count(`${id}-most`, t("ruleset_editor.most"), g, "most", `${at}.most`),
      ),
      button(`${id}-remove`, t("ruleset_editor.remove_group"), () => {
        groups.splice(i, 1);
        if (!groups.length) delete spec.groups;
        reshaped("ruleset-edit-group-add");
      }),
    );
  }

  /** @param {MechanicFile} data */
  function packagesSection(data) {
    const spec = data.packages;
    const on = h("input", {
      type: "checkbox",
      id: "ruleset-edit-packages-on",
      checked: Boolean(spec),
      "data-where": "$.packages",
      onchange: (/** @type {Event} */ e) => {
        if (ticked(e))
          data.packages = {
            label: t("ruleset_editor.new_packages_label"),
            packages: [{ key: "package_1", name: t("ruleset_editor.new_package", { n: 1 }), cost: 1 }],
          };
        else delete data.packages;
        reshaped("ruleset-edit-packages-on");
      },
    });
    /** @param {Packages} spec */
    const body = (spec) => {
      const label = /** @type {Named} */ ({ name: spec.label, names: spec.names });
      return [
        h(
          "div",
          { class: "inline" },
          text(
            "ruleset-edit-packages-label",
            t("ruleset_editor.packages_label"),
            shown(label),
            (v) => {
              rename(label, v);
              spec.label = /** @type {string} */ (label.name);
              if (label.names) spec.names = label.names;
            },
            { maxlength: NAME_MAX, "data-where": "$.packages.label" },
          ),
          count(
            "ruleset-edit-packages-bonus",
            t("ruleset_editor.packages_bonus"),
            spec,
            "bonus_stunts",
            "$.packages.bonus_stunts",
          ),
          count("ruleset-edit-packages-least", t("ruleset_editor.least"), spec, "least", "$.packages.least"),
          count("ruleset-edit-packages-most", t("ruleset_editor.most"), spec, "most", "$.packages.most"),
        ),
        h("h5", {}, t("ruleset_editor.groups")),
        (spec.groups || []).map((g, i) => groupRow(spec, g, i)),
        button("ruleset-edit-group-add", t("ruleset_editor.add_group"), () => {
          const groups = (spec.groups = spec.groups || []);
          groups.push({ key: freeKey("group", groups), name: t("ruleset_editor.new_group", { n: groups.length + 1 }) });
          reshaped(`ruleset-edit-group-${groups.length - 1}-name`);
        }),
        h("h5", {}, t("ruleset_editor.package_list")),
        spec.packages.map((p, i) => packageRow(data, spec, "package", p, i)),
        button("ruleset-edit-package-add", t("ruleset_editor.add_package"), () => {
          spec.packages.push({
            key: freeKey("package", spec.packages),
            name: t("ruleset_editor.new_package", { n: spec.packages.length + 1 }),
            cost: 1,
          });
          reshaped(`ruleset-edit-package-${spec.packages.length - 1}-name`);
        }),
        h("h5", {}, t("ruleset_editor.options_list")),
        (spec.options || []).map((o, i) => packageRow(data, spec, "option", o, i)),
        spec.groups && spec.groups.length
          ? button("ruleset-edit-option-add", t("ruleset_editor.add_option"), () => {
              const options = (spec.options = spec.options || []);
              const groups = /** @type {Entry[]} */ (spec.groups);
              options.push({
                key: freeKey("option", options),
                name: t("ruleset_editor.new_option", { n: options.length + 1 }),
                group: groups[0].key,
              });
              reshaped(`ruleset-edit-option-${options.length - 1}-name`);
            })
          : h("p", { class: "hint" }, t("ruleset_editor.options_need_group")),
      ];
    };
    return h(
      "details",
      {
        id: "ruleset-edit-packages",
        open: openPackages || Boolean(spec),
        ontoggle: (/** @type {Event} */ e) => (openPackages = /** @type {HTMLDetailsElement} */ (e.target).open),
      },
      h("summary", {}, t("ruleset_editor.packages")),
      h("div", { class: "check" }, on, h("label", { for: on.id }, t("ruleset_editor.packages_on"))),
      spec ? body(spec) : null,
      h("p", { class: "hint" }, t("ruleset_editor.packages_hint")),
    );
  }

  // -- modes -------------------------------------------------------------------------------

  /** The modes of a modes shape: each mode's name, key, cost, whether weird, and its skills;
   * the ratings a character gives its modes, its points and what each step above a mode costs.
   * @param {MechanicFile & {shape: import("./ruleset_shape.js").Shape}} data */
  function modesPart(data) {
    const shape = /** @type {import("./ruleset_shape.js").Shape & {modes: Mode[]}} */ (data.shape);
    const numbers = (/** @type {"ratings" | "step_costs"} */ key, /** @type {string} */ label) =>
      text(
        `ruleset-edit-shape-${key.replace("_", "-")}`,
        label,
        /** @type {Typed[]} */ (shape[key] || []).join(" "),
        (v) => {
          const parts = listed(v, /[\s,]+/).map((p) => numberOr(p));
          if (parts.length) shape[key] = parts;
          else delete shape[key];
        },
        { maxlength: "200", spellcheck: "false", "data-where": `$.shape.${key}` },
      );
    return [
      h(
        "div",
        { class: "inline" },
        numbers("ratings", t("ruleset_editor.mode_ratings")),
        count("ruleset-edit-shape-budget", t("ruleset_editor.budget"), shape, "budget", "$.shape.budget"),
        numbers("step_costs", t("ruleset_editor.mode_step_costs")),
      ),
      shape.modes.map((mode, i) => {
        const at = `$.shape.modes[${i}]`;
        const id = `ruleset-edit-mode-${i}`;
        return h(
          "fieldset",
          { class: "entry", id },
          h("legend", {}, tn("ruleset_editor.mode_n", { n: i + 1 })),
          h(
            "div",
            { class: "inline" },
            naming(`${id}-name`, t("ruleset_editor.entry_name"), mode, `${at}.name`),
            keyed(`${id}-key`, mode, `${at}.key`),
            count(`${id}-cost`, t("ruleset_editor.mode_cost"), mode, "cost", `${at}.cost`),
            tick(
              `${id}-weird`,
              t("ruleset_editor.mode_weird"),
              Boolean(mode.weird),
              (on) => {
                if (on) mode.weird = true;
                else delete mode.weird;
              },
              `${at}.weird`,
            ),
          ),
          h(
            "fieldset",
            { class: "inline mode-skills", "data-where": `${at}.skills` },
            h("legend", {}, t("ruleset_editor.mode_skills")),
            allSkills(data).map((s) =>
              tick(
                `${id}-skill-${s.key}`,
                free(shown(s, s.key)),
                mode.skills.includes(s.key),
                (on) => {
                  // Ticked, a skill joins the end; unticked, it leaves: the rest keep their order.
                  mode.skills = on ? [...mode.skills, s.key] : mode.skills.filter((k) => k !== s.key);
                },
                `${at}.skills`,
              ),
            ),
          ),
          shape.modes.length > 1
            ? button(`${id}-remove`, t("ruleset_editor.remove_mode"), () => {
                shape.modes.splice(i, 1);
                reshaped("ruleset-edit-mode-add");
              })
            : null,
        );
      }),
      button("ruleset-edit-mode-add", t("ruleset_editor.add_mode"), () => {
        shape.modes.push({
          key: freeKey("mode", shape.modes),
          name: t("ruleset_editor.new_mode", { n: shape.modes.length + 1 }),
          skills: [],
        });
        reshaped(`ruleset-edit-mode-${shape.modes.length - 1}-name`);
      }),
    ];
  }

  return {
    /** @param {MechanicFile} data */
    sections: (data) => [conditionsSection(data), countedSection(data), packagesSection(data)],
    modes: modesPart,
  };
}

/** A new modes shape: one mode holding every skill, the usual ratings, points and step costs
 * (fatekit.rules.characters.modes' defaults), for the GM to split.
 * @param {{key: string}[]} skills */
export function newModes(skills) {
  return {
    type: "modes",
    modes: [{ key: "mode_1", name: t("ruleset_editor.new_mode", { n: 1 }), skills: skills.map((s) => s.key) }],
    ratings: [3, 2, 1],
    budget: 30,
    step_costs: [1, 2],
  };
}

/** Show each of the server's problems (``"$.path: what"``) beside the control that edits that
 * path, in ``editor``; a problem about a part no control edits alone goes beside the nearest
 * control edits it as a whole. Controls shown refused before are cleared first.
 * @param {HTMLElement} editor @param {string[]} problems */
export function markRefusals(editor, problems) {
  for (const old of editor.querySelectorAll(".refusal[data-editor]")) old.remove();
  for (const el of editor.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }
  const lang = language();
  problems.forEach((problem, n) => {
    const found = /^(\$[^:\s]*): (.*)$/s.exec(problem);
    if (!found) return;
    // A name in another language is edited by the name's own control.
    let path = found[1].replace(new RegExp(`\\.names\\.(${lang}|\\w+)$`), ".name");
    /** @type {Element | null} */
    let control = null;
    while (path.length > 1) {
      control = editor.querySelector(`[data-where="${CSS.escape(path)}"]`);
      if (control) break;
      const shorter = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
      if (shorter === path) break;
      path = shorter;
    }
    if (!control) return;
    const id = `ruleset-refusal-${n}`;
    const note = h("p", { class: "refusal", id, "data-editor": "", "data-where": path }, free(found[2]));
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", id);
    // Beside the control: after its labelled field, or inside the group it heads.
    if (control.tagName === "FIELDSET") control.append(note);
    else (control.closest(".field, .check") || control).after(note);
  });
}
