// The campaign's setting, as every seat sees it: its name and what it is about, its issues and
// other lasting aspects (setting, scenario, organization), its faces and places, and who belongs
// to which organization. The GM writes it here; the server decides what each seat is sent (a
// secret face never reaches a player), and the engine has the last word on every command.

import { aspectList } from "./cards.js";
import { characterOptions, openDialog, select, sendFrom } from "./forms.js";
import { add, button, field, free, h, section } from "./lib/dom.js";
import { t } from "./lib/i18n.js";
import { send, seatView } from "./store.js";
import { may, who } from "./view.js";

const NAME_MAX = 200;
const TEXT_MAX = 2000;

export function settingPanel() {
  const setting = seatView().setting;
  if (!setting) return null;
  // The setting's tools are the GM's: drawn for a seat the server lets write it.
  const gm = may("PutSettingEntry");
  const empty = !setting.name && !setting.aspects.length && !setting.entries.length;
  if (empty && !gm) return null;
  /** @param {string} kind
   * @param {string | null} [issue] */
  const aspects = (kind, issue = undefined) =>
    setting.aspects.filter((a) => a.kind === kind && (issue === undefined || a.issue === issue));
  /** @param {string} title @param {Element | null} list */
  const part = (title, list) => (list ? [h("h3", {}, title), list] : []);
  /** @param {import("../../../docs/page").EntryKind} kind */
  const entries = (kind) => setting.entries.filter((e) => e.kind === kind).map((e) => entryCard(e, gm));
  const faces = entries("face");
  const places = entries("place");
  const organizations = setting.organizations.map((o) =>
    h(
      "li",
      { "data-organization": o.name },
      free(o.name, "strong"),
      " — ",
      o.members.length
        ? h("span", {}, ...o.members.flatMap((m, i) => (i ? [", ", who(m)] : [who(m)])))
        : h("span", { class: "empty" }, t("setting.no_members")),
      ...aspectCards(aspects("organization").filter((a) => a.organization === o.name)),
    ),
  );
  const panel = section(
    "setting",
    t("setting.title"),
    setting.name
      ? h("p", { class: "setting-name" }, free(setting.name, "strong"))
      : h("p", { class: "empty" }, t("setting.none")),
    setting.summary ? free(setting.summary, "p", { class: "setting-summary" }) : null,
    ...part(t("setting.issue.current"), aspectList(aspects("setting", "current"))),
    ...part(t("setting.issue.impending"), aspectList(aspects("setting", "impending"))),
    ...part(t("setting.aspects"), aspectList(aspects("setting", null))),
    ...part(t("setting.scenario"), aspectList(aspects("scenario"))),
    ...part(
      t("setting.organizations"),
      organizations.length ? h("ul", { class: "organizations" }, organizations) : null,
    ),
    ...part(t("setting.faces"), faces.length ? h("ul", { class: "setting-entries" }, faces) : null),
    ...part(t("setting.places"), places.length ? h("ul", { class: "setting-entries" }, places) : null),
  );
  if (gm) {
    add(
      panel,
      h(
        "div",
        { class: "actions" },
        button(t("setting.describe"), () => openDescribe(), { id: "setting-describe" }),
        button(t("setting.add_aspect"), () => openLastingAspect(), { id: "setting-add-aspect" }),
        button(t("setting.add_face"), () => openEntry("face"), { id: "setting-add-face" }),
        button(t("setting.add_place"), () => openEntry("place"), { id: "setting-add-place" }),
        button(t("setting.membership"), () => openMembership(), { id: "setting-membership" }),
        aspects("scenario").length
          ? button(t("setting.close_scenario"), () => send("CloseScenario", {}), { id: "setting-close-scenario" })
          : null,
      ),
    );
  }
  return panel;
}

/** An organization's aspects, as cards under its name.
 * @param {import("./cards.js").CardAspect[]} list */
function aspectCards(list) {
  const cards = aspectList(list);
  return cards ? [cards] : [];
}

/** A face or a place; the GM's card has its tools.
 * @param {import("../../../docs/page").EntryPart} entry @param {boolean} gm */
function entryCard(entry, gm) {
  return h(
    "li",
    { class: `setting-entry ${entry.kind}${entry.secret ? " hidden" : ""}`, "data-entry": entry.id },
    free(entry.name, "strong"),
    entry.secret ? h("span", { class: "badge secret" }, " ", t("setting.secret_badge")) : null,
    entry.text ? free(entry.text, "p") : null,
    gm
      ? h(
          "div",
          { class: "actions small" },
          button(t("setting.edit"), () => openEntry(entry.kind, entry), {
            "aria-label": t("setting.edit_entry", { name: entry.name }),
          }),
          button(t("setting.remove_entry"), () => send("RemoveSettingEntry", { entry_id: entry.id }), {
            "aria-label": t("setting.remove_entry_named", { name: entry.name }),
          }),
        )
      : null,
  );
}

function openDescribe() {
  const setting = seatView().setting;
  const name = h("input", {
    id: "setting-name",
    required: true,
    maxlength: NAME_MAX,
    autocomplete: "off",
    value: setting.name,
  });
  const summary = h("textarea", { id: "setting-summary", maxlength: TEXT_MAX, rows: 3 }, setting.summary);
  openDialog(
    t("setting.describe"),
    h("div", {}, field(t("setting.name"), name), field(t("setting.summary"), summary)),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom("DescribeSetting", { name: name.value.trim(), summary: summary.value }, out),
    { id: "setting-describe-form" },
  );
}

function openLastingAspect() {
  const name = h("input", { id: "lasting-name", required: true, maxlength: NAME_MAX, autocomplete: "off" });
  const kind = select(
    "lasting-kind",
    ["setting", "scenario", "organization"].map((k) => [k, t(`aspect.kind.${k}`)]),
  );
  const issue = select("lasting-issue", [
    ["", t("setting.no_issue")],
    ["current", t("setting.issue.current")],
    ["impending", t("setting.issue.impending")],
  ]);
  const known = seatView().setting.organizations.map((o) => o.name);
  const organization = h("input", {
    id: "lasting-organization",
    maxlength: NAME_MAX,
    autocomplete: "off",
    list: "lasting-organizations",
  });
  const issueBox = field(t("setting.issue"), issue);
  const organizationBox = field(t("setting.organization"), organization);
  const update = () => {
    issueBox.hidden = kind.value !== "setting";
    organizationBox.hidden = kind.value !== "organization";
    organization.required = kind.value === "organization";
  };
  kind.addEventListener("change", update);
  openDialog(
    t("setting.add_aspect"),
    h(
      "div",
      {},
      field(t("aspect.name"), name),
      field(t("setting.kind"), kind),
      issueBox,
      organizationBox,
      h(
        "datalist",
        { id: "lasting-organizations" },
        known.map((o) => h("option", { value: o })),
      ),
    ),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom(
        "AddLastingAspect",
        {
          name: name.value.trim(),
          kind: kind.value,
          ...(kind.value === "setting" && issue.value ? { issue: issue.value } : {}),
          ...(kind.value === "organization" ? { organization: organization.value.trim() } : {}),
        },
        out,
      ),
    { id: "lasting-form" },
  );
  update();
}

/** @param {string} kind
 * @param {import("../../../docs/page").EntryPart | null} [entry] */
function openEntry(kind, entry = null) {
  const name = h("input", {
    id: "entry-name",
    required: true,
    maxlength: NAME_MAX,
    autocomplete: "off",
    value: entry ? entry.name : "",
  });
  const text = h("textarea", { id: "entry-text", maxlength: TEXT_MAX, rows: 3 }, entry ? entry.text : "");
  const secret = h("input", { type: "checkbox", id: "entry-secret", checked: entry ? entry.secret : false });
  openDialog(
    entry ? t("setting.edit_entry", { name: entry.name }) : t(`setting.add_${kind}`),
    h(
      "div",
      {},
      field(t("setting.name"), name),
      field(t("setting.entry_text"), text),
      h("div", { class: "check" }, secret, h("label", { for: secret.id }, t("setting.secret"))),
    ),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom(
        "PutSettingEntry",
        {
          ...(entry ? { entry_id: entry.id } : {}),
          kind,
          name: name.value.trim(),
          text: text.value,
          secret: secret.checked,
        },
        out,
      ),
    { id: "entry-form" },
  );
}

function openMembership() {
  const character = select(
    "membership-character",
    characterOptions(seatView().characters.map((c) => c.id)).map(([id, name]) => [id, name, true]),
  );
  const known = seatView().setting.organizations.map((o) => o.name);
  const organization = h("input", {
    id: "membership-organization",
    required: true,
    maxlength: NAME_MAX,
    autocomplete: "off",
    list: "membership-organizations",
    value: known.length === 1 ? known[0] : "",
  });
  const member = select("membership-member", [
    ["true", t("setting.joins")],
    ["false", t("setting.leaves")],
  ]);
  openDialog(
    t("setting.membership"),
    h(
      "div",
      {},
      field(t("setting.character"), character),
      field(t("setting.organization"), organization),
      h(
        "datalist",
        { id: "membership-organizations" },
        known.map((o) => h("option", { value: o })),
      ),
      field(t("setting.member"), member),
    ),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom(
        "SetMembership",
        {
          character_id: character.value,
          organization: organization.value.trim(),
          member: member.value === "true",
        },
        out,
      ),
    { id: "membership-form" },
  );
}
