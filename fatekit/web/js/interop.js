// Characters from other programs: a Fari sheet, a Foundry VTT actor (Fate Core Official) or a
// fatekit file, chosen or dropped on the page. The server reads it and reports first (what it
// recognised, what has no place on a fatekit sheet, what the rules say); only then does the
// player (their own PC) or the GM (an NPC, or a PC for a player) bring it in. A sheet on the
// table downloads for Fari or Foundry. The server does all the reading: see docs/interop.md.

import { request } from "./lib/api.js";
import { download, field, fileName, fill, free, h } from "./lib/dom.js";
import { openDialog } from "./forms.js";
import { t, tn } from "./lib/i18n.js";
import { problemList } from "./sheet.js";
import { openSeat, pressed, seatView, showError, showErrorBeside } from "./store.js";
import { who } from "./view.js";

/** What the server made of a file (fatekit/server/interop.py; its report is
 * fatekit/formats/draft.py's ImportReport.as_json): a change's `detail` holds its part's before
 * and after as data, by kind of part (stress boxes, consequence slots, skill ratings).
 * @typedef {[number | null, boolean]} StressBox a box's value (null: not known), and whether it is ticked
 * @typedef {{severity: string, shifts: number, track: string, text: string}} SlotSeen
 * A condition's change holds its ticks before and after and its boxes (numbers); a power's option
 * kept as it was, the powers that offer it (`packages`).
 * @typedef {{what: string, label: string, before: string, after: string, reason: string, lost: boolean,
 *   detail: {before?: unknown, after?: unknown, rules?: unknown, packages?: string[]}}} Change
 * @typedef {{what: string, label: string, value: string}} Leftover
 * @typedef {{name: string, kind?: string}} SheetAspect
 * @typedef {{report: {source: string, preset: string, leftovers: Leftover[], changes: Change[], whole: boolean,
 *   refused?: import("./sheet.js").Problem[]},
 *   sheet: {name: string, preset: string, aspects: SheetAspect[], skills: Record<string, number>, stunts: unknown[]},
 *   problems: import("./sheet.js").Problem[]}} Imported */

// The server refuses larger files too; saying so here spares the upload.
const MAX_BYTES = 4 * 1024 * 1024;
const LEFTOVERS = [
  "image",
  "link",
  "counter",
  "clock",
  "number",
  "dice pool",
  "track",
  "stress track",
  "disabled track",
  "skill",
  "condition",
  "power",
];
const CHANGES = [
  "refit",
  "no_track",
  "kept_marks",
  "kept_consequences",
  "duplicate_skill",
  "conditions",
  "condition_boxes",
  "counted_aspect",
  "mode_skill",
  "package_unbought_stunt",
  "package_unbought_aspect",
];

/** @param {Record<string, unknown>} body @returns {Promise<Imported>} */
function importAt(body) {
  return request("POST", `/tables/${openSeat().tableId}/characters/import`, { link: openSeat().link, body });
}

/** @param {string} what */
function leftoverName(what) {
  return LEFTOVERS.includes(what) ? t(`import.leftover.${what.replace(" ", "_")}`) : t("import.leftover.other");
}

/** Stress boxes as the report gives them ([value, marked]): a ticked or empty box with its value.
 * @param {StressBox[]} boxes */
function boxesText(boxes) {
  return (
    boxes.map(([value, marked]) => `${marked ? "\u2612" : "\u2610"}${value === null ? "?" : value}`).join(" ") ||
    "\u2014"
  );
}

/** Consequence slots as the report gives them, in the seat's words.
 * @param {SlotSeen[]} slots */
function slotsText(slots) {
  return (
    slots
      .map((s) => {
        const track = s.track === "any" ? "" : ` (${t(`track.${s.track}`)})`;
        return `${t(`severity.${s.severity}`)} ${s.shifts}${track}${s.text ? ` \u201c${s.text}\u201d` : ""}`;
      })
      .join(", ") || "\u2014"
  );
}

/** @param {number} n */
function signed(n) {
  return `${n >= 0 ? "+" : ""}${n}`;
}

/** One thing the import changed or left out to fit the rules, said in the seat's language.
 * @param {Change} c */
function changeView(c) {
  const d = c.detail || {};
  const reason = CHANGES.includes(c.reason) ? c.reason : "refit";
  const key = c.what === "consequences" ? `import.change.consequences_${reason}` : `import.change.${reason}`;
  let before = c.before;
  let after = c.after;
  let rules = "";
  if (c.what === "stress") {
    before = boxesText(/** @type {StressBox[]} */ (d.before || []));
    after = boxesText(/** @type {StressBox[]} */ (d.after || []));
    rules = /** @type {string[]} */ (d.rules || []).join(" ");
  } else if (c.what === "aspect") {
    // A counted aspect's rating on the sheet and the rule set's (numbers).
    before = signed(Number(d.before));
    after = signed(Number(d.after));
  } else if (c.what === "condition") {
    before = String(d.before);
    after = String(d.after);
    rules = String(d.rules);
  } else if (c.what === "package") {
    rules = (d.packages || []).join(", ");
  } else if (c.what === "consequences") {
    before = slotsText(/** @type {SlotSeen[]} */ (d.before || []));
    after = slotsText(/** @type {SlotSeen[]} */ (d.after || []));
  } else if (c.what === "skill") {
    // Skill ratings: [label, rating].
    before = /** @type {[string, number][]} */ (d.before || [])
      .map(([label, n]) => `${label} ${n >= 0 ? "+" : ""}${n}`)
      .join(", ");
    after = /** @type {[string, number][]} */ (d.after || []).map(([, n]) => `${n >= 0 ? "+" : ""}${n}`).join(", ");
  }
  return h(
    "li",
    { "data-what": c.what, "data-reason": c.reason, "data-lost": String(Boolean(c.lost)) },
    tn(key, {
      label: free(c.label || t(`import.part.${c.what}`)),
      before: free(before),
      after: free(after),
      rules: free(rules),
    }),
  );
}

/** What the server made of the file, before anything is added.
 * @param {Imported} found */
function reportView(found) {
  const r = found.report;
  const s = found.sheet;
  return h(
    "div",
    {
      id: "import-report",
      "data-preset": s.preset,
      "data-leftovers": r.leftovers.length,
      "data-changes": (r.changes || []).length,
      "data-whole": String(Boolean(r.whole)),
      "data-refused": String((r.refused || []).length),
    },
    h("p", {}, t("import.read_as"), " ", free(r.source, "strong"), " \u2014 ", free(r.preset, "strong")),
    h(
      "p",
      { id: "import-summary" },
      free(s.name, "strong"),
      " ",
      tn("import.counts", { aspects: s.aspects.length, skills: Object.keys(s.skills).length, stunts: s.stunts.length }),
    ),
    (r.changes || []).length
      ? h("div", {}, h("p", {}, t("import.changes")), h("ul", { id: "import-changes" }, r.changes.map(changeView)))
      : null,
    r.leftovers.length
      ? h(
          "div",
          {},
          h("p", {}, t("import.leftovers")),
          h(
            "ul",
            { id: "import-leftovers" },
            r.leftovers.map((x) =>
              h(
                "li",
                { "data-what": x.what },
                leftoverName(x.what),
                ": ",
                free(x.label || "\u2014"),
                x.value ? h("span", {}, " ", free(x.value)) : null,
              ),
            ),
          ),
        )
      : r.whole
        ? h("p", { id: "import-no-leftovers" }, t("import.nothing_left"))
        : null,
    // Conditions, modes or powers that break the rule set refuse the whole sheet: the table
    // would add nothing, so the engine's problems are said as the reason, not as notes.
    (r.refused || []).length
      ? h(
          "div",
          { id: "import-refused" },
          h("p", { class: "error" }, tn("import.refused", { game: free(r.preset) })),
          problemList(/** @type {import("./sheet.js").Problem[]} */ (r.refused)),
        )
      : found.problems.length
        ? h("div", {}, h("p", {}, t("import.problems")), problemList(found.problems))
        : h("p", { class: "ok" }, t("sheet.legal")),
  );
}

/** The dialog: a file picker and a drop zone, the report, and the button that brings it in. */
export function openImport() {
  const view = seatView();
  // What the table takes from this seat (you.adds, you.may_hide: AddCharacter's own checks):
  // the kinds, each with its owners (null: the GM's), and whether aspects may be kept hidden.
  const adds = view.you.adds || {};
  const hides = view.you.may_hide;
  const file = h("input", { type: "file", id: "import-file", accept: ".json,application/json" });
  const zone = h("div", { id: "import-drop", class: "drop-zone", tabindex: "0" }, t("import.drop"));
  const kinds = ["major_npc", "minor_npc", "mob", "monster", "pc", "extra"].filter((k) => k in adds);
  const kind = h(
    "select",
    { id: "import-kind" },
    kinds.map((k) => h("option", { value: k }, t(`kind.${k}`))),
  );
  const owner = h("select", { id: "import-owner", "data-free": "" });
  const nameOf = (/** @type {string} */ id) => (view.seats.find((s) => s.id === id) || { name: id }).name;
  const ownerBox = field(t("sheet.owner"), owner);
  /** The owners the table takes for the chosen kind, players' seats first. */
  const owners = () => {
    const offered = /** @type {Record<string, (string | null)[]>} */ (adds)[kind.value] || [];
    return [...offered.filter((o) => o !== null), ...offered.filter((o) => o === null)];
  };
  const report = h("div", { id: "import-result", "aria-live": "polite" });
  // A seat that may hide aspects (the GM) chooses which of the sheet's the players may not see:
  // all of an NPC's at first (its trouble too), none of a PC's.
  const secrets = h("fieldset", { id: "import-hidden", hidden: true });
  /** @type {string | null} the file's text, once the server has read it */
  let content = null;

  const hiddenBoxes = () => [
    .../** @type {NodeListOf<HTMLInputElement>} */ (secrets.querySelectorAll("input[type=checkbox]")),
  ];
  const choices = () => {
    /** @type {{content: string | null, kind?: string, owner?: string, hidden?: number[]}} */
    const body = { content };
    if (kind.value) body.kind = kind.value;
    const offered = owners();
    const chosen = offered.length === 1 ? offered[0] : owner.value || null;
    if (chosen) body.owner = chosen;
    if (hides && hiddenBoxes().length)
      body.hidden = hiddenBoxes()
        .filter((b) => b.checked)
        .map((b) => Number(b.value));
    return body;
  };
  const showSecrets = (/** @type {SheetAspect[]} */ aspects) => {
    if (!hides) return;
    secrets.hidden = !aspects.length;
    const npc = kind.value !== "pc";
    fill(
      secrets,
      h("legend", {}, t("import.hidden")),
      h("p", { class: "hint" }, t("import.hidden_hint")),
      aspects.map((a, i) => {
        const box = h("input", { type: "checkbox", id: `import-hide-${i}`, value: String(i), checked: npc });
        return h(
          "div",
          { class: "check" },
          box,
          h(
            "label",
            { for: box.id },
            free(a.name),
            " ",
            h("span", { class: "badge" }, t(`aspect.kind.${a.kind || "character"}`)),
          ),
        );
      }),
    );
  };
  const update = () => {
    const offered = owners();
    fill(
      owner,
      offered.map((o) => h("option", { value: o || "" }, o === null ? t("sheet.owner_gm") : nameOf(o))),
    );
    ownerBox.hidden = offered.length < 2;
    for (const box of hiddenBoxes()) box.checked = kind.value !== "pc";
  };
  const read = async (/** @type {File | null | undefined} */ chosen) => {
    content = null;
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      fill(report, h("p", { class: "error", role: "alert" }, t("import.too_large")));
      return;
    }
    fill(report, h("p", {}, t("import.reading")));
    try {
      const text = await chosen.text();
      const found = await importAt({ ...choices(), content: text, dry_run: true });
      content = text;
      fill(report, reportView(found));
      showSecrets(found.sheet.aspects);
    } catch (error) {
      showError(error, report);
    }
  };
  file.addEventListener("change", () => read(file.files && file.files[0]));
  zone.addEventListener("dragover", (/** @type {DragEvent} */ event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (/** @type {DragEvent} */ event) => {
    event.preventDefault();
    zone.classList.remove("over");
    read(event.dataTransfer && event.dataTransfer.files[0]);
  });
  kind.addEventListener("change", update);
  update();

  const body = h(
    "div",
    { class: "import" },
    h("p", { class: "hint" }, t("import.hint")),
    zone,
    field(t("import.file"), file),
    kinds.length > 1 ? field(t("sheet.kind"), kind) : null,
    ownerBox,
    report,
    secrets,
  );
  openDialog(
    t("import.title"),
    body,
    async (form, out) => {
      if (content === null) {
        fill(out, h("p", { class: "error", role: "alert" }, t("import.choose_first")));
        return false;
      }
      try {
        await importAt(choices());
        return true;
      } catch (error) {
        showError(error, out);
        return false;
      }
    },
    { submitLabel: t("import.add"), id: "import-form" },
  );
}

/** The button on the characters panel. */
export function importButton() {
  return h("button", { type: "button", id: "import-character", onclick: () => openImport() }, t("import.open"));
}

/** @param {string} id @param {"fari" | "foundry"} target */
async function downloadAs(id, target) {
  const from = pressed();
  try {
    const data = await openSeat().get(`/characters/${id}/export/${target}`);
    download(`${fileName(who(id).textContent, id)}.${target}.json`, data);
  } catch (error) {
    showErrorBeside(error, from);
  }
}

/** "Download as Fari" and "Download as Foundry" for a sheet the seat may see whole.
 * @param {string} id */
export function downloadButtons(id) {
  return [
    h("button", { type: "button", id: `fari-${id}`, onclick: () => downloadAs(id, "fari") }, t("import.download_fari")),
    h(
      "button",
      { type: "button", id: `foundry-${id}`, onclick: () => downloadAs(id, "foundry") },
      t("import.download_foundry"),
    ),
  ];
}
