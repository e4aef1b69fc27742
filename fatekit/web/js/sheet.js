// The character sheet editor: build from scratch, from a template or from a JSON file, with the
// rules engine's verdict (POST /rules/characters/check) shown as you type. The page only
// gathers what was typed into a character file; the engine fills in stress, consequences and
// refresh, and says what is wrong.

import { ApiError, request } from "./lib/api.js";
import { box, button, field, fill, free, h } from "./lib/dom.js";
import { untilStill } from "./lib/still.js";
import { entranceFields, openDialog } from "./forms.js";
import { has, t, tn } from "./lib/i18n.js";
import { app, openSeat, ruleReason, seatView, send, showErrorBeside, tablePreset } from "./store.js";
import { hasOption, ladderValue, may, modeName, sheetOf, skill, trackName } from "./view.js";
import { gearEditor, stuntEditor } from "./sheet/stunts.js";
import { APPROACH_PRESETS } from "./start/choices.js";

/** @typedef {import("../../../docs/page").SheetPart} SheetPart */
/** A problem the engine finds with a sheet: where on it, what (in English, and as a code with its
 * arguments for the page's own words), and the rule that says so.
 * @typedef {{where: string, detail: string, rule: string, code: string, args: Record<string, unknown>}} Problem */
/** The engine's verdict on a sheet (POST .../characters/check): legal or its problems, and the
 * sheet as it would be (its refresh, stress boxes and consequence slots; null while unfinished).
 * @typedef {{legal: boolean, problems: Problem[], sheet: {refresh: number,
 *   stress?: Record<string, {value: number}[]>, consequences: {severity: string, shifts: number}[]} | null}} Checked */
/** A character file as the page writes it (the engine reads and checks it); the fields the
 * page does not write pass through as they came.
 * @typedef {{format: string, version: number, id: string, name: string, kind: string, preset: string,
 *   aspects: {kind: string, name: string, id?: string}[], skills?: Record<string, number>, skill_lists?: string[],
 *   modes?: Record<string, number>, skill_improvements?: Record<string, number>,
 *   stress?: Record<string, {value: number}[]>, members?: number, weight?: number, [field: string]: unknown}} CharacterFile */

/** The engine's verdict on a sheet: under the table's own rule set when it plays a rule-set file
 * (only the table knows that file), else under the preset the sheet names.
 * @param {{sheet: CharacterFile}} body @returns {Promise<Checked>} */
function checkSheet(body) {
  if (seatView().table.ruleset) {
    const seat = openSeat();
    return request("POST", `/tables/${seat.tableId}/characters/check`, { link: seat.link, body });
  }
  return request("POST", "/rules/characters/check", { body });
}

/** The id a new sheet proposes, made from its name in any script ("Фёдор" -> "федор"); the
 * table keeps it when it is free and makes another from the name when it is taken.
 * @param {string} text */
function slug(text) {
  const base = String(text || "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "character";
}

/** One argument of a problem's detail, as the page says it: ratings by the ladder, skills,
 * tracks, severities and aspect kinds by their names; numbers and counts as they are.
 * @param {string} name @param {unknown} value */
function problemArg(name, value) {
  if (typeof value === "number" && (name === "rating" || name.endsWith("_rating"))) return ladderValue(value);
  // A skill and a track are named by their keys.
  if (name === "skill") return app.view ? skill(/** @type {string} */ (value)) : free(/** @type {string} */ (value));
  if (name === "track")
    return app.view || app.preset ? trackName(/** @type {string} */ (value)) : free(/** @type {string} */ (value));
  if (name === "severity" && has(`severity.${value}`)) return t(`severity.${value}`);
  if (name === "kind" && has(`aspect.kind.${value}`)) return t(`aspect.kind.${value}`);
  if (name === "style" && has(`problem.style.${value}`)) return t(`problem.style.${value}`);
  if (typeof value === "string" && ["label", "name", "list", "condition"].includes(name)) return free(value);
  return value;
}

/** What is wrong, with its numbers, in the page's language: the catalog's words for the
 * problem's code, else (a problem the catalog does not know yet) the engine's English.
 * @param {Problem} p */
function problemDetail(p) {
  if (p.code && has(`problem.${p.code}`)) {
    const args = Object.fromEntries(Object.entries(p.args || {}).map(([k, v]) => [k, problemArg(k, v)]));
    return h("span", { class: "detail", "data-code": p.code }, tn(`problem.${p.code}`, args));
  }
  return h("span", { class: "detail" }, free(p.detail));
}

/** The engine's problems, in the page's language: where on the sheet, what is wrong (numbers
 * and all), and which rule says so.
 * @param {Problem[]} problems */
export function problemList(problems) {
  return h(
    "ul",
    { class: "problems", id: "sheet-problems" },
    problems.map((p) => {
      const place = p.where.split(".")[0];
      const where = has(`where.${place}`) ? t(`where.${place}`) : p.where;
      return h(
        "li",
        { "data-rule": p.rule, "data-where": p.where },
        h("strong", {}, where),
        " ",
        problemDetail(p),
        " ",
        h("span", { class: "why" }, "(", ruleReason(p.rule), ")"),
      );
    }),
  );
}

/** A skill's ratings from `peak` + 1 down to Mediocre, as a select's options.
 * @param {number} peak */
function skillRatings(peak) {
  /** @type {[string, string][]} */
  const out = [];
  for (let n = peak + 1; n >= 0; n--) out.push([String(n), ladderValue(n)]);
  return out;
}

/** The modes of a rule set with modes, in the sheet editor: a rating (or none) for each mode and
 * the steps bought for each skill above its mode; null for any other rule set.
 * @param {Record<string, any>} preset @param {Record<string, any> | null | undefined} start */
function modesEditor(preset, start) {
  if (!preset.modes || !preset.modes.length) return null;
  /** @type {Record<string, number>} */
  const given = (start && start.modes) || {};
  /** @type {Record<string, number>} */
  const bought = (start && start.skill_improvements) || {};
  /** @type {{key: string, sel: HTMLSelectElement}[]} */
  const modeSelects = preset.modes.map((/** @type {{key: string}} */ m) => {
    const current = given[m.key] ? String(given[m.key]) : "";
    const choices = [
      ["", t("sheet.mode_not_taken")],
      ...preset.mode_ratings.map((/** @type {number} */ r) => [String(r), ladderValue(r)]),
    ];
    const sel = h(
      "select",
      { id: `sheet-mode-${m.key}`, "data-mode": m.key },
      choices.map(([v, label]) => h("option", { value: v, selected: v === current }, label)),
    );
    return { key: m.key, sel };
  });
  /** @type {{key: string, sel: HTMLSelectElement}[]} */
  const stepSelects = preset.skills.map((/** @type {string} */ key) => {
    const current = String(bought[key] || 0);
    const steps = Array.from({ length: preset.mode_steps + 1 }, (_, n) => String(n));
    const sel = h(
      "select",
      { id: `sheet-improve-${key}`, "data-skill": key },
      steps.map((v) => h("option", { value: v, selected: v === current }, v === "0" ? "—" : `+${v}`)),
    );
    return { key, sel };
  });
  const node = h(
    "div",
    {},
    h(
      "fieldset",
      { class: "skill-grid", id: "sheet-modes" },
      h("legend", {}, t("sheet.modes")),
      modeSelects.map((m) => field(free(modeName(m.key)), m.sel)),
    ),
    h(
      "fieldset",
      { class: "skill-grid", id: "sheet-improvements" },
      h("legend", {}, t("sheet.mode_improvements")),
      h("p", { class: "hint" }, t("sheet.mode_improvements_hint")),
      stepSelects.map((s) => field(skill(s.key), s.sel)),
    ),
  );
  const read = () => ({
    modes: Object.fromEntries(modeSelects.filter((m) => m.sel.value).map((m) => [m.key, Number(m.sel.value)])),
    skill_improvements: Object.fromEntries(
      stepSelects.filter((s) => s.sel.value !== "0").map((s) => [s.key, Number(s.sel.value)]),
    ),
  });
  return { node, read };
}

/** Open the editor: `existing` is a character from the view, or null for a new one. */
/** The template the sheet editor was last opened again on. */
let pickedTemplate = "";

/** @param {import("../../../docs/page").CharacterPart | null} existing
 * @param {Record<string, any> | null} [seed] a character file to start from (a template's, an
 *   imported one's): any JSON the engine reads as one */
export function openSheetEditor(existing, seed = null) {
  const preset = tablePreset();
  const view = seatView();
  const editing = existing && existing.sheet;
  const start = seed || (editing ? existing.sheet : null);
  const name = h("input", {
    id: "sheet-name",
    autocomplete: "off",
    required: true,
    autofocus: true,
    value: start ? start.name : "",
  });
  // The kinds the table takes from this seat (you.adds, by AddCharacter's own check), in the
  // editor's order; a sheet being edited keeps its own.
  const adds = view.you.adds || {};
  const kinds = ["pc", "extra", "major_npc", "minor_npc", "mob", "monster"].filter(
    (k) => k in adds || (start && start.kind === k),
  );
  const kind = h(
    "select",
    { id: "sheet-kind", disabled: Boolean(editing) },
    kinds.map((k) => h("option", { value: k, selected: start && start.kind === k }, t(`kind.${k}`))),
  );
  const players = view.seats.filter((s) => s.role === "player");
  // The GM may make a PC before its player is seated: the GM plays it until handing it over.
  const owner = h(
    "select",
    { id: "sheet-owner", "data-free": "" },
    players.map((s) => h("option", { value: s.id }, s.name)),
    h("option", { value: "" }, t("sheet.owner_gm")),
  );
  // A choice of owner where the table offers one (the GM's: a player's seat, or none).
  const ownerBox =
    !editing && (adds.pc || []).length > 1
      ? field(t("sheet.owner"), owner, h("p", { class: "hint" }, t("sheet.owner_hint")))
      : null;
  // The GM's character made while a scene runs may come straight into it (and into the fight).
  const entrance =
    may("JoinScene") && !editing ? entranceFields("sheet", { optional: true }) : { node: null, read: () => null };

  // An extra (a ship, a familiar, an organization): the PCs whose players act for it too.
  const pcs = view.characters.flatMap((c) => {
    const pc = sheetOf(c);
    return pc && pc.kind === "pc" ? [{ id: c.id, name: pc.name }] : [];
  });
  const sharedWith = new Set((start && start.shared_with) || []);
  const shareBoxes = pcs.map((c) =>
    h("input", { type: "checkbox", id: `sheet-shared-${c.id}`, value: c.id, checked: sharedWith.has(c.id) }),
  );
  const shareBox = h(
    "fieldset",
    { class: "inline", id: "sheet-shared" },
    h("legend", {}, t("sheet.shared_with")),
    h("p", { class: "hint" }, t("sheet.shared_hint")),
    pcs.map((c, i) => h("label", {}, shareBoxes[i], " ", free(c.name))),
  );
  const showShare = () => (shareBox.hidden = kind.value !== "extra" || !pcs.length);
  kind.addEventListener("change", showShare);
  showShare();

  // Aspects: one input per slot the preset has.
  /** @type {{kind: string, input: HTMLInputElement, id: string | null}[]} */
  const aspectInputs = [];
  const given = start ? [...start.aspects] : [];
  for (const slot of preset.aspect_slots) {
    for (let i = 0; i < slot.count; i++) {
      const index = given.findIndex((a) => (a.kind || "character") === slot.kind);
      const found = index >= 0 ? given.splice(index, 1)[0] : null;
      const input = h("input", {
        id: `sheet-aspect-${slot.kind}-${i}`,
        autocomplete: "off",
        value: found ? found.name : "",
        "data-kind": slot.kind,
      });
      aspectInputs.push({ kind: slot.kind, input, id: found ? found.id : null });
    }
  }
  const aspectBox = h(
    "fieldset",
    {},
    h("legend", {}, t("sheet.aspects")),
    aspectInputs.map((a) => field(t(`aspect.kind.${a.kind}`), a.input)),
  );

  // Skills: a rating for every skill of the list.
  const ratings = skillRatings(preset.peak);
  /** @type {{key: string, sel: HTMLSelectElement}[]} */
  const skillSelects = preset.skills.map((/** @type {string} */ key) => {
    const current = start && start.skills && start.skills[key] ? String(start.skills[key]) : "0";
    const sel = h(
      "select",
      { id: `sheet-skill-${key}`, "data-skill": key },
      ratings.map(([v, label]) => h("option", { value: v, selected: v === current }, label)),
    );
    return { key, sel };
  });
  // A rule set with modes: the modes and the steps bought take the ratings' place (the engine
  // derives the ratings from them).
  const modes = modesEditor(preset, start);
  const skillBox = modes
    ? modes.node
    : h(
        "fieldset",
        { class: "skill-grid" },
        h(
          "legend",
          {},
          APPROACH_PRESETS.includes(preset.key) && !preset.list ? t("sheet.approaches") : t("sheet.skills"),
        ),
        skillSelects.map((s) => field(skill(s.key), s.sel)),
      );

  // Stunts: every kind the texts give, as data the engine checks.
  const stunts = stuntEditor(preset, start && start.stunts);
  const gear = gearEditor(start && start.gear);

  // With weight: the character's individual weight (1, the usual, left out of the file).
  const weight = weightInput("sheet-weight", start && typeof start.weight === "number" ? start.weight : 1);

  const verdict = h("div", { id: "sheet-verdict", "aria-live": "polite" });
  const preview = h("div", { id: "sheet-preview" });

  // A new character named in the dialog gets an id from its name: the ids of a file's aspects
  // made from the file's own id follow it (as the table's do when it gives a sheet a new id), so
  // the same file brought in twice under two names holds no aspect of the other's.
  const fileId = !editing && start && typeof start.id === "string" ? start.id : "";
  /** @param {string} id @param {string} aspect */
  const followed = (id, aspect) =>
    fileId && aspect.startsWith(`${fileId}/`) ? id + aspect.slice(fileId.length) : aspect;
  const sheet = () => {
    const id = editing ? existing.id : slug(name.value);
    /** @type {CharacterFile} */
    const data = {
      format: "fatekit-character",
      version: 1,
      id,
      name: name.value.trim(),
      kind: editing ? /** @type {SheetPart} */ (existing.sheet).kind : kind.value,
      preset: view.table.preset,
      // A table with another skill list: the sheet says so, and the engine checks it by that list.
      ...(preset.list ? { skill_lists: [preset.list] } : {}),
      aspects: aspectInputs
        .filter((a) => a.input.value.trim())
        .map((a) => ({ ...(a.id ? { id: followed(id, a.id) } : {}), kind: a.kind, name: a.input.value.trim() })),
      ...(modes
        ? modes.read()
        : {
            skills: Object.fromEntries(
              skillSelects.filter((s) => s.sel.value !== "0").map((s) => [s.key, Number(s.sel.value)]),
            ),
          }),
      stunts: stunts.read(),
      ...(kind.value === "extra" && shareBoxes.some((b) => b.checked)
        ? { shared_with: shareBoxes.filter((b) => b.checked).map((b) => b.value) }
        : {}),
      ...(gear.read().length ? { gear: gear.read() } : {}),
      ...weighs(weight),
    };
    if (!editing && seed && seed.packages && seed.packages.length) {
      // A file's packages bought (Venture City's powers): the form edits none, and without them
      // the stunts they grant would be counted as bought with refresh.
      data.packages = seed.packages;
    }
    if (editing) {
      // Harm and advancement stay as the table has them, and the rule set's packages bought
      // (their stunts and aspects are among the sheet's); the engine checks the rest.
      for (const keep of /** @type {(keyof SheetPart)[]} */ ([
        "packages",
        "stress",
        "consequences",
        "refresh_awarded",
        "skill_steps",
        "fate_points",
        "as_you_play",
      ])) {
        // (editing: the character has its sheet; data takes the field as the sheet has it)
        if (keep in /** @type {SheetPart} */ (existing.sheet))
          /** @type {Record<string, unknown>} */ (data)[keep] = /** @type {SheetPart} */ (existing.sheet)[keep];
      }
    }
    return data;
  };

  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let asked = 0;
  const check = () => {
    clearTimeout(/** @type {ReturnType<typeof setTimeout>} */ (timer)); // none yet: clears nothing
    timer = setTimeout(async () => {
      const mine = ++asked;
      try {
        const found = await checkSheet({ sheet: sheet() });
        await untilStill();
        if (mine !== asked) return;
        fill(
          verdict,
          found.legal ? h("p", { class: "ok", id: "sheet-legal" }, t("sheet.legal")) : problemList(found.problems),
        );
        // What the engine says of a stunt also shows at the stunt's own field.
        stunts.mark(found.problems, (/** @type {Problem} */ p) =>
          h("span", {}, problemDetail(p), " ", h("span", { class: "why" }, "(", ruleReason(p.rule), ")")),
        );
        const s = found.sheet;
        if (!s) {
          fill(preview); // unfinished: no sheet until the fields above are
          return;
        }
        fill(
          preview,
          h("p", {}, tn("sheet.refresh_is", { n: s.refresh })),
          Object.entries(s.stress || {}).map(([track, boxes]) =>
            h(
              "p",
              {},
              h("span", {}, trackName(track)),
              " ",
              boxes.map((b, i) => box(i, boxes.length, false, b.value)),
            ),
          ),
          s.consequences.length
            ? h(
                "p",
                {},
                s.consequences.map((c) =>
                  h(
                    "span",
                    { class: "badge" },
                    tn("consequence.slot", { severity: t(`severity.${c.severity}`), n: c.shifts }),
                  ),
                ),
              )
            : null,
        );
      } catch (error) {
        if (mine !== asked) return;
        stunts.mark([], () => null);
        // Say where the engine stopped reading, in its own words, rather than only that it did.
        const detail =
          error instanceof ApiError && error.body && typeof error.body.detail === "string" ? error.body.detail : "";
        fill(
          verdict,
          h(
            "p",
            { class: "error", id: "sheet-unreadable" },
            detail ? tn("sheet.unreadable_at", { detail: free(detail) }) : t("sheet.unreadable"),
          ),
        );
      }
    }, 200);
  };

  // Start from a template or a file: both fill the form, which the engine checks again.
  const templates = view.templates || [];
  // The form opens again on a template picked; the select keeps it picked (once).
  const picked = seed ? pickedTemplate : "";
  pickedTemplate = "";
  const templateSel = templates.length
    ? h(
        "select",
        { id: "sheet-template", "data-free": "" },
        h("option", { value: "" }, "\u2014"),
        templates.map((tp) => h("option", { value: tp.id, selected: tp.id === picked }, tp.name)),
      )
    : null;
  if (templateSel) {
    templateSel.addEventListener("change", () => {
      const tp = templates.find((x) => x.id === templateSel.value);
      pickedTemplate = tp ? tp.id : "";
      if (tp) reopen(JSON.parse(tp.sheet));
    });
  }
  // The GM withdraws the template picked above (players then no longer see it): the button
  // waits until one is picked.
  const removeTemplate = button(
    t("sheet.remove_template"),
    async () => {
      if (!templateSel) return; // (the button is shown only with the list)
      const picked = templateSel.value;
      if (picked && (await send("RemoveTemplate", { template_id: picked })) !== null) {
        const option = [...templateSel.options].find((o) => o.value === picked);
        if (option) option.remove();
        templateSel.value = "";
        // The focus goes to the list before the button is disabled (a disabled button drops it).
        templateSel.focus();
        removeTemplate.disabled = true;
      }
    },
    { id: "sheet-remove-template", disabled: !picked, title: t("sheet.remove_template_hint") },
  );
  // Any character file the table reads (a fatekit file, a Fari sheet, a Foundry actor): the
  // table reads it for its rules, and the form opens again on what it made of it. A file it
  // cannot read keeps the form as it was, with the reason beside the file input (the verdict below
  // is redrawn by the live check, which would wipe it).
  const file = h("input", { type: "file", id: "sheet-file", accept: ".json,application/json" });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    try {
      // The kind chosen (one the table offers this seat): the server takes only those.
      const body = { content: await chosen.text(), dry_run: true, kind: kind.value };
      const seat = openSeat();
      const found = await request("POST", `/tables/${seat.tableId}/characters/import`, {
        link: seat.link,
        body,
      });
      reopen(found.sheet);
    } catch (error) {
      showErrorBeside(error, file);
    }
  });
  /** @param {Record<string, any>} data a character file (any JSON the engine reads as one) */
  const reopen = (data) => {
    /** @type {HTMLDialogElement} */ (document.getElementById("dialog")).close();
    openSheetEditor(existing, { ...data, name: name.value.trim() || data.name });
  };

  const body = h(
    "div",
    { class: "sheet-editor" },
    editing
      ? null
      : h(
          "div",
          { class: "inline" },
          templateSel ? field(t("sheet.from_template"), templateSel) : null,
          templateSel && may("RemoveTemplate") ? removeTemplate : null,
          field(t("sheet.import"), file),
        ),
    field(t("sheet.name"), name),
    editing ? null : field(t("sheet.kind"), kind),
    ownerBox,
    shareBox,
    entrance.node,
    aspectBox,
    skillBox,
    stunts.node,
    gear.node,
    weightField(weight),
    h("h3", {}, t("sheet.check")),
    verdict,
    preview,
    may("AddTemplate") && !editing
      ? h(
          "button",
          {
            type: "button",
            onclick: () =>
              send("AddTemplate", {
                template_id: slug(name.value),
                name: name.value.trim(),
                sheet: JSON.stringify(sheet()),
              }),
          },
          t("sheet.as_template"),
        )
      : null,
  );
  if (ownerBox) {
    const showOwner = () => (ownerBox.hidden = kind.value !== "pc");
    kind.addEventListener("change", showOwner);
    showOwner();
  }
  body.addEventListener("input", check);
  body.addEventListener("change", check);
  openDialog(
    editing ? t("characters.edit") : t("characters.new"),
    body,
    async (form, out) => {
      const text = JSON.stringify(sheet());
      if (editing) return (await send("UpdateCharacter", { sheet: text }, out)) !== null;
      /** @type {{sheet: string, owner?: string, enter?: object}} */
      const data = { sheet: text };
      // The owners the table takes for this kind: the only one, or the one chosen.
      const owners = adds[kind.value] || [null];
      const chosen = owners.length === 1 ? owners[0] : owners.includes(owner.value) ? owner.value : null;
      if (chosen) data.owner = chosen;
      const enter = entrance.read();
      if (enter) data.enter = enter;
      return (await send("AddCharacter", data, out)) !== null;
    },
    { submitLabel: editing ? t("sheet.save") : t("sheet.add"), id: "sheet-form" },
  );
  check();
}

/** A GM's quick NPC: a minor NPC, a mob, a monster or a major NPC (a name, an aspect or two, a
 * skill or two, a few stress boxes), or, in a running conflict with the obstacles option, a
 * hazard or a block (a name, a rating, a Weapon). `chosen` preselects the kind.
 * @param {string | null} [chosen] */
export function openQuickNpc(chosen = null) {
  const preset = tablePreset();
  const view = seatView();
  const conflict = view.conflict;
  // Hazards and blocks are conflict commands: offered only where the table can take them.
  const obstacles = Boolean(conflict && view.table.options.includes("obstacles") && conflict.phase !== "ended");
  const kinds = ["minor_npc", "mob", "monster", "major_npc", ...(obstacles ? ["hazard", "block"] : [])];
  const name = h("input", { id: "npc-name", autocomplete: "off", required: true });
  const kind = h(
    "select",
    { id: "npc-kind" },
    kinds.map((k) => h("option", { value: k, selected: k === chosen }, t(`kind.${k}`))),
  );
  const aspect = h("input", { id: "npc-aspect", autocomplete: "off" });
  const secret = h("input", { id: "npc-secret", autocomplete: "off" });
  const rows = [0, 1].map((i) => ({
    skill: h(
      "select",
      { id: `npc-skill-${i}` },
      h("option", { value: "" }, "\u2014"),
      preset.skills.map((/** @type {string} */ k) => h("option", { value: k }, skill(k).textContent)),
    ),
    rating: h(
      "select",
      { id: `npc-rating-${i}` },
      skillRatings(preset.peak + 2).map(([v, label]) => h("option", { value: v, selected: v === "2" }, label)),
    ),
  }));
  const boxes = h("input", { id: "npc-boxes", type: "number", min: 0, max: 10, value: 2 });
  const members = h("input", { id: "npc-members", type: "number", min: 2, max: 20, value: 3 });
  const npcWeight = weightInput("npc-weight", 1);
  // A hazard's or a block's numbers.
  const rating = h(
    "select",
    { id: "npc-obstacle-rating" },
    skillRatings(preset.peak + 3).map(([v, label]) => h("option", { value: v, selected: v === "2" }, label)),
  );
  const weapon = h(
    "select",
    { id: "npc-weapon" },
    [0, 1, 2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 1 }, String(n))),
  );
  const sides = conflict ? [...new Set(conflict.fighters.map((f) => f.side))] : [];
  const side = h(
    "select",
    { id: "npc-side", "data-free": "" },
    sides.map((s, i) => h("option", { value: s, selected: i === sides.length - 1 }, s)),
  );
  const scene = view.scene;
  const zones = scene && scene.zones ? scene.zones.zones : [];
  const zone = h(
    "select",
    { id: "npc-zone", "data-free": "" },
    h("option", { value: "" }, "\u2014"),
    zones.map((z) => h("option", { value: z }, z)),
  );
  const harmful = h("input", { type: "checkbox", id: "npc-harmful" });
  const cover = h("input", { type: "checkbox", id: "npc-cover" });
  const verdict = h("div", { id: "npc-verdict", "aria-live": "polite" });
  const isObstacle = () => kind.value === "hazard" || kind.value === "block";
  const sheet = () => {
    const aspects = [];
    if (aspect.value.trim())
      aspects.push({ kind: kind.value === "major_npc" ? "high_concept" : "character", name: aspect.value.trim() });
    if (secret.value.trim()) aspects.push({ kind: "character", name: secret.value.trim() });
    /** @type {Record<string, number>} */
    const skills = {};
    for (const r of rows) if (r.skill.value) skills[r.skill.value] = Number(r.rating.value);
    const n = Number(boxes.value) || 0;
    /** @type {CharacterFile} */
    const data = {
      format: "fatekit-character",
      version: 1,
      id: slug(name.value),
      name: name.value.trim(),
      kind: kind.value,
      preset: view.table.preset,
      aspects,
      skills,
    };
    if (preset.list) data.skill_lists = [preset.list];
    if (kind.value !== "major_npc") data.stress = { any: Array.from({ length: n }, () => ({ value: 1 })) };
    if (kind.value === "mob") data.members = Number(members.value) || 2;
    Object.assign(data, weighs(npcWeight));
    return data;
  };
  const check = async () => {
    if (isObstacle()) {
      // The rules engine checks a hazard or block when it joins the conflict.
      fill(verdict);
      return;
    }
    try {
      const found = await checkSheet({ sheet: sheet() });
      await untilStill(); // the verdict's height moves the buttons under it
      fill(verdict, found.legal ? h("p", { class: "ok" }, t("sheet.legal")) : problemList(found.problems));
    } catch {
      fill(verdict, h("p", { class: "error" }, t("sheet.unreadable")));
    }
  };
  const people = h(
    "div",
    {},
    field(t("npc.aspect"), aspect),
    field(t("npc.secret"), secret, h("p", { class: "hint" }, t("npc.secret_hint"))),
    rows.map((r, i) =>
      h("div", { class: "inline" }, field(tn("npc.skill_n", { n: i + 1 }), r.skill), field(t("npc.rating"), r.rating)),
    ),
    field(t("npc.boxes"), boxes),
    weightField(npcWeight),
  );
  // An NPC made while a scene runs comes straight into it (and into the fight, on a side).
  const entrance = entranceFields("npc", { optional: true });
  const membersBox = field(t("npc.members"), members);
  const sideBox = field(t("npc.side"), side);
  const blockBox = h(
    "div",
    {},
    h("div", { class: "check" }, harmful, h("label", { for: harmful.id }, t("npc.harmful"))),
    h("div", { class: "check" }, cover, h("label", { for: cover.id }, t("npc.cover"))),
  );
  const things = h(
    "div",
    {},
    field(t("npc.obstacle_rating"), rating),
    field(t("npc.weapon"), weapon, h("p", { class: "hint" }, t("npc.weapon_hint"))),
    sideBox,
    zones.length ? field(t("aspect.zone"), zone) : null,
    blockBox,
  );
  const update = () => {
    people.hidden = isObstacle();
    if (entrance.node) entrance.node.hidden = isObstacle();
    things.hidden = !isObstacle();
    membersBox.hidden = kind.value !== "mob";
    sideBox.hidden = kind.value !== "hazard";
    blockBox.hidden = kind.value !== "block";
  };
  // A hazard always has a Weapon (1 to 4); a block has none unless the GM gives it one.
  kind.addEventListener("change", () => {
    weapon.value = kind.value === "block" ? "0" : "1";
  });
  kind.addEventListener("change", update);
  const body = h(
    "div",
    {},
    field(t("sheet.name"), name),
    field(t("sheet.kind"), kind, obstacles ? null : h("p", { class: "hint" }, t("npc.obstacles_hint"))),
    people,
    membersBox,
    entrance.node,
    things,
    verdict,
  );
  body.addEventListener("change", check);
  update();
  if (chosen === "block") weapon.value = "0";
  openDialog(
    t("characters.quick_npc"),
    body,
    async (form, out) => {
      const id = slug(name.value);
      const where = zone.value ? { zone: zone.value } : {};
      if (kind.value === "hazard") {
        const data = {
          hazard_id: id,
          name: name.value.trim(),
          rating: Number(rating.value),
          weapon: Number(weapon.value),
          side: side.value,
          ...where,
        };
        return (await send("AddHazard", data, out)) !== null;
      }
      if (kind.value === "block") {
        const data = {
          block_id: id,
          name: name.value.trim(),
          rating: Number(rating.value),
          weapon: Number(weapon.value),
          harmful: harmful.checked,
          cover: cover.checked,
          ...where,
        };
        return (await send("AddBlock", data, out)) !== null;
      }
      const data = sheet();
      // The second aspect is the GM's secret: kept hidden from the players.
      const hidden = secret.value.trim() ? [`${data.id}/character/${data.aspects.length}`] : [];
      const enter = entrance.read();
      return (
        (await send(
          "AddCharacter",
          { sheet: JSON.stringify(data), hidden_aspects: hidden, ...(enter ? { enter } : {}) },
          out,
        )) !== null
      );
    },
    { submitLabel: t("sheet.add"), id: "npc-form" },
  );
}

/** A character's weight (the weight option, War of Ashes): 0 to 20; `null` where the table
 * plays without weight. The engine checks the number with the sheet.
 * @param {string} id @param {number} value */
function weightInput(id, value) {
  return hasOption("weight")
    ? /** @type {HTMLInputElement} */ (h("input", { id, type: "number", min: 0, max: 20, step: 1, value }))
    : null;
}

/** The weight field with its hint, where the table plays with weight.
 * @param {HTMLInputElement | null} input */
function weightField(input) {
  return input ? field(t("sheet.weight"), input, h("p", { class: "hint" }, t("sheet.weight_hint"))) : null;
}

/** What a sheet says of its weight: nothing for 1, the usual; the number as typed otherwise
 * (the engine refuses one out of range, naming the field).
 * @param {HTMLInputElement | null} input */
function weighs(input) {
  if (!input || input.value.trim() === "" || Number(input.value) === 1) return {};
  return { weight: Number(input.value) };
}
