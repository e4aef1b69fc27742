// Characters and aspects as cards: sheets with stress and consequences, aspects with their free
// invokes and the buttons this seat may use on them.

import { add, box, button, download, field, fileName, free, h, section, tokens } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { downloadButtons, importButton } from "./interop.js";
import { entranceFields, openDialog, secondSkills, sendFrom } from "./forms.js";
import { openCompel, openPass, openStoryDetail } from "./roll.js";
import { clearsAfter, treatButton } from "./treat.js";
import { openQuickNpc, openSheetEditor } from "./sheet.js";
import { correctAspectButton, correctCharacterButton } from "./gm/corrections.js";
import { openSeat, pressed, seatView, send, showErrorBeside } from "./store.js";
import {
  answersFor,
  aspectLabel,
  character,
  conditionName,
  hasOption,
  isGm,
  ladderValue,
  may,
  mine,
  modeName,
  offered,
  packageName,
  offeredBy,
  seatName,
  sheetOf,
  skill,
  skillMode,
  stuntSummary,
  trackName,
  who,
} from "./view.js";

/** What a dragged free invoke carries: its aspect and the character who holds it. */
/** @typedef {import("../../../docs/page").StuntPart} StuntPart */

const INVOKE_DRAG = "application/x-fatekit-free-invoke";

// -- characters ---------------------------------------------------------------------------------

/** A player's own characters, on their own panel above everyone else's (on a phone, right under
 * the turn); a GM acts for everyone, so has none apart. */
export function minePanel() {
  if (isGm()) return null;
  const own = seatView().characters.filter((c) => mine().has(c.id));
  if (!own.length) return null;
  return section(
    "mine",
    t(own.length > 1 ? "characters.yours_many" : "characters.yours"),
    h("div", { class: "cards" }, own.map(characterCard)),
  );
}

/** Everyone else's characters (a GM's: every one), and the buttons that add one. */
export function charactersPanel() {
  const view = seatView();
  // The table's offer (you.adds): a spectator adds none, nor anyone while a signal waits.
  const adds = view.you.adds || {};
  const canAdd = Object.keys(adds).length > 0;
  const shown = isGm() ? view.characters : view.characters.filter((c) => !mine().has(c.id));
  return section(
    "characters",
    t(shown.length < view.characters.length ? "characters.others" : "characters.title"),
    view.characters.length === 0 ? h("p", { class: "empty" }, t("characters.none")) : null,
    h("div", { class: "cards" }, shown.map(characterCard)),
    canAdd
      ? h(
          "div",
          { class: "actions" },
          button(t("characters.new"), () => openSheetEditor(null), { id: "new-character" }),
          adds.minor_npc ? button(t("characters.quick_npc"), () => openQuickNpc(), { id: "quick-npc" }) : null,
          importButton(),
        )
      : null,
  );
}

/** @param {import("./view.js").CharacterPart} c */
function characterCard(c) {
  const ours = mine().has(c.id);
  const card = h("article", {
    class: `card character${ours ? " ours" : ""}`,
    id: `char-${c.id}`,
    "aria-labelledby": `char-${c.id}-name`,
    ondragover: (/** @type {DragEvent} */ e) => {
      if (e.dataTransfer && e.dataTransfer.types.includes(INVOKE_DRAG)) e.preventDefault();
    },
    ondrop: (/** @type {DragEvent} */ e) => {
      const dragged = e.dataTransfer ? e.dataTransfer.getData(INVOKE_DRAG) : "";
      if (!dragged) return;
      e.preventDefault();
      const { aspect_id, holder } = JSON.parse(dragged);
      if (holder !== c.id) send("PassFreeInvoke", { aspect_id, from_character: holder, to_character: c.id });
    },
  });
  const s = sheetOf(c);
  if (!s) {
    // A hidden character: its name, kind and the aspects and consequences anyone sees.
    const consequences = c.consequences || [];
    add(
      card,
      h("h3", { id: `char-${c.id}-name` }, free(c.name), " ", h("span", { class: "badge" }, t(`kind.${c.kind}`))),
      aspectList((c.aspects || []).map((a) => ({ ...a, owner: c.id }))),
      consequences.length
        ? h(
            "p",
            {},
            t("sheet.consequences"),
            " ",
            consequences.map((a) => free(a.name, "span", { class: "aspect-name" })),
          )
        : null,
      conditionView(c),
    );
    return card;
  }
  // Two combined lists: each list on its own line, the second's skills being added to the first's.
  const seconds = secondSkills();
  const rated = Object.entries(s.skills).sort((a, b) => b[1] - a[1]);
  const skills = rated.filter(([k]) => !seconds.includes(k));
  const added = rated.filter(([k]) => seconds.includes(k));
  // A hazard's sheet is a monster's; the conflict says it is a hazard.
  const fight = seatView().conflict;
  const hazard = fight && fight.fighters.some((f) => f.id === c.id && f.hazard);
  add(
    card,
    h(
      "h3",
      { id: `char-${c.id}-name` },
      free(s.name),
      " ",
      h("span", { class: "badge" }, t(hazard ? "kind.hazard" : `kind.${s.kind}`)),
      c.owner ? h("span", { class: "owner" }, " ", seatName(c.owner)) : null,
      // With weight, how heavy the character is in a fight (1 unless the sheet says more).
      hasOption("weight")
        ? h(
            "span",
            { class: "badge", id: `char-${c.id}-weight`, "data-weight": s.weight ?? 1 },
            tn("sheet.weight_is", { n: s.weight ?? 1 }),
          )
        : null,
    ),
    s.kind === "pc" || s.fate_points > 0
      ? h(
          "p",
          { class: "fate-points", "data-points": s.fate_points },
          tn("fp.count", { n: s.fate_points }),
          " ",
          tokens(s.fate_points, c.id),
          s.kind === "pc" ? h("span", { class: "refresh" }, " ", tn("sheet.refresh_is", { n: s.refresh })) : null,
        )
      : null,
    aspectList(
      s.aspects.map((a) => ({
        ...a,
        // Aspects counted in place of skills (The Three Rocketeers): what each adds, the engine's.
        ...(c.counted_worth && a.id in c.counted_worth ? { counts: c.counted_worth[a.id] } : {}),
        free_invokes: invokesByHolder(a.free_invokes),
        owner: c.id,
        offers: (c.aspect_offers || {})[a.id] || [],
        offers_by: (c.aspect_offers_by || {})[a.id] || {},
      })),
    ),
    // A rule set with modes: the modes taken and their ratings, and each skill's mode beside it.
    c.modes && c.modes.length
      ? h(
          "p",
          { class: "modes", id: `char-${c.id}-modes` },
          t("sheet.modes"),
          " ",
          c.modes.map((m, i) =>
            h(
              "span",
              { class: "mode", "data-mode": m.key, "data-rating": m.rating },
              i ? ", " : "",
              free(modeName(m.key)),
              " ",
              ladderValue(m.rating),
              m.weird ? ` (${t("sheet.mode_weird")})` : "",
            ),
          ),
        )
      : null,
    skills.length
      ? h(
          "ul",
          { class: "skills", "aria-label": t("sheet.skills") },
          skills.map(([k, v]) => {
            const mode = skillMode(c, k);
            return h(
              "li",
              { "data-skill": k },
              skill(k),
              " ",
              h("span", { class: "rating" }, ladderValue(v)),
              mode
                ? h(
                    "span",
                    { class: "mode", "data-mode": mode },
                    " ",
                    tn("sheet.in_mode", { mode: free(modeName(mode)) }),
                  )
                : null,
            );
          }),
        )
      : null,
    added.length
      ? h(
          "ul",
          { class: "skills second-skills", id: `char-${c.id}-second-skills`, "aria-label": t("sheet.second_skills") },
          added.map(([k, v]) =>
            h("li", { "data-skill": k }, skill(k), " ", h("span", { class: "rating" }, ladderValue(v))),
          ),
        )
      : null,
    // A rule set with packages: those bought and their options (each option once, with how
    // often it was bought); the stunts and aspects they grant are listed with the sheet's own.
    s.packages && s.packages.length
      ? h(
          "p",
          { class: "packages", id: `char-${c.id}-packages` },
          // The rule set's own words (its label and option names), not the page's catalog.
          free(packageName("label")),
          ": ",
          s.packages.map((p, i) =>
            h(
              "span",
              { class: "package", "data-package": p.key },
              i ? "; " : "",
              free(packageName("packages", p.key), "strong"),
              p.options && p.options.length ? free(` (${boughtOptions(p.options)})`) : "",
            ),
          ),
        )
      : null,
    s.stunts.length
      ? h(
          "ul",
          { class: "stunts", "aria-label": t("sheet.stunts") },
          s.stunts.map((st) => stuntItem(c, st)),
        )
      : null,
    s.gear && s.gear.length
      ? h(
          "ul",
          { class: "gear", "aria-label": t("sheet.gear") },
          s.gear.map((g) =>
            h("li", {}, free(g.name, "strong"), " ", t("conflict.gear", { weapon: g.weapon, armor: g.armor })),
          ),
        )
      : null,
    stressView(s),
    consequenceView(s, c.healing || []),
    conditionView(c),
    h(
      "div",
      { class: "actions" },
      offered(c, "UpdateCharacter")
        ? button(t("characters.edit"), () => openSheetEditor(c), { id: `edit-${c.id}` })
        : null,
      button(t("characters.export"), () => exportCharacter(c.id)),
      ...downloadButtons(c.id),
      offered(c, "RevealCharacter")
        ? button(t("characters.reveal"), () => send("RevealCharacter", { character_id: c.id }))
        : null,
      bringInButton(c),
      may("CorrectFatePoints") ? correctCharacterButton(c) : null,
    ),
    offered(c, "GiveCharacter") ? handOver(c) : null,
  );
  return card;
}

/** The options bought on a package, each named once with how often it was bought.
 * @param {string[]} options @returns {string} */
function boughtOptions(options) {
  /** @type {Map<string, number>} */
  const times = new Map();
  for (const key of options) times.set(key, (times.get(key) || 0) + 1);
  return [...times]
    .map(([key, n]) =>
      n > 1 ? t("sheet.package_times", { option: packageName("options", key), n }) : packageName("options", key),
    )
    .join(", ");
}

/** A sheet's free invokes on an aspect (the sheet lists one holder an invoke) as the scene's
 * aspects give them, holder -> count, so the card draws both alike.
 * @param {string[] | undefined} holders @returns {Record<string, number>} */
function invokesByHolder(holders) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const holder of holders || []) counts[holder] = (counts[holder] || 0) + 1;
  return counts;
}

/** A stunt on the sheet card: its name, what it does in the seat's language, when it applies,
 * whether it is spent, and, for one the table lets this seat use on its own now (not on a
 * roll), a button to use it. */
/** @param {import("./view.js").CharacterPart} c @param {StuntPart} st */
function stuntItem(c, st) {
  const e = st.effect;
  // What the stunt's effect itself says, to tell its description apart.
  const said = e.type === "true_detail" ? e.detail : e.type === "rule_exception" ? e.text : "";
  return h(
    "li",
    { "data-stunt": st.name, "data-spent": String(Boolean(st.spent)) },
    free(st.name, "strong"),
    " ",
    h("span", { class: "stunt-does" }, stuntSummary(st)),
    st.circumstance ? h("span", { class: "hint" }, " ", tn("stunt.when", { when: free(st.circumstance) })) : null,
    // An older import wrote a detail stunt's words twice, as its detail and its description.
    st.description && st.description !== said ? h("span", {}, " ", free(st.description)) : null,
    st.spent ? h("span", { class: "badge spent" }, " ", t(`stunt.spent.${st.cost}`)) : null,
    // Offered by the table (c.usable_stunts); a GM leaves a PC's stunts to its player.
    (c.usable_stunts || []).includes(st.name) && answersFor(c.id)
      ? button(t("stunt.use"), () => openUseStunt(c.id, st), { class: "small", "data-use-stunt": st.name })
      : null,
  );
}

/** @param {string} id @param {StuntPart} st */
function openUseStunt(id, st) {
  const note = h("input", { id: "use-stunt-note", autocomplete: "off", maxlength: "500" });
  openDialog(
    tn("stunt.use_title", { who: who(id), stunt: free(st.name) }),
    h("div", {}, h("p", { class: "hint" }, stuntSummary(st)), field(t("stunt.note"), note)),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom("UseStunt", { by: id, stunt: st.name, ...(note.value.trim() ? { note: note.value.trim() } : {}) }, out),
    { submitLabel: t("stunt.use"), id: "use-stunt-form" },
  );
}

/** The GM brings a character not in the running scene into it (and into the fight). */
/** @param {import("./view.js").CharacterPart} c */
function bringInButton(c) {
  if (!offered(c, "JoinScene")) return null;
  return button(t("enter.bring_in"), () => openBringIn(c.id), { id: `bring-in-${c.id}` });
}

/** Whether the seat sees a PC's sheet for `id`. @param {string} id */
function isPc(id) {
  const c = character(id);
  return Boolean(c && sheetOf(c)?.kind === "pc");
}

/** @param {string} id */
function openBringIn(id) {
  const conflict = seatView().conflict;
  // A PC arriving late fights beside the PCs; an NPC, by default, on the last side named.
  const pcFighter = isPc(id) && conflict ? conflict.fighters.find((f) => isPc(f.id)) : null;
  const pcSide = pcFighter ? pcFighter.side : null;
  const entrance = entranceFields("bring-in", { side: pcSide || null });
  openDialog(
    tn("enter.bring_in_who", { who: who(id) }),
    h("div", {}, entrance.node),
    (/** @type {HTMLFormElement} */ form, /** @type {HTMLElement} */ out) =>
      sendFrom("JoinScene", { character_id: id, ...entrance.read() }, out),
    { submitLabel: t("enter.bring_in"), id: "bring-in-form" },
  );
}

/** The GM hands a PC to a player's seat (one made before its player sat down), or takes it back. */
/** @param {import("./view.js").CharacterPart} c */
function handOver(c) {
  const players = seatView().seats.filter((s) => s.role === "player");
  if (!players.length && !c.owner) return null;
  const out = h("div", { class: "hand-over-result" });
  const sel = h(
    "select",
    {
      id: `owner-${c.id}`,
      "data-free": "",
      onchange: () =>
        send("GiveCharacter", sel.value ? { character_id: c.id, owner: sel.value } : { character_id: c.id }, out),
    },
    players.map((s) => h("option", { value: s.id, selected: s.id === c.owner }, s.name)),
    h("option", { value: "", selected: !c.owner }, t("sheet.owner_gm")),
  );
  return h("div", { class: "hand-over" }, field(t("sheet.owner"), sel), out);
}

/** @param {import("./view.js").SheetPart} s */
function stressView(s) {
  const tracks = Object.entries(s.stress || {});
  if (!tracks.length) return null;
  return h(
    "div",
    { class: "stress" },
    tracks.map(([track, boxes]) =>
      h(
        "p",
        { class: "track", id: `stress-${s.id}-${track}` },
        h("span", { class: "label" }, trackName(track)),
        " ",
        boxes.map((b, i) => box(i, boxes.length, b.marked, b.value)),
      ),
    ),
  );
}

/** The consequence slots; `healing` says, slot by slot, when a recovering one clears and what
 * treating an untreated one takes (beside the sheet, which stays a character file).
 * @param {import("./view.js").SheetPart} s @param {import("../../../docs/page").HealingPart[]} healing */
function consequenceView(s, healing) {
  if (!s.consequences.length) return null;
  return h(
    "ul",
    { class: "consequences", "aria-label": t("sheet.consequences") },
    s.consequences.map((slot, i) =>
      h(
        "li",
        { id: `slot-${s.id}-${i}` },
        h(
          "span",
          { class: "label" },
          tn("consequence.slot", { severity: t(`severity.${slot.severity}`), n: slot.shifts }),
        ),
        " ",
        slot.aspect
          ? free(slot.aspect.name, "span", { class: "aspect-name" })
          : h("span", { class: "empty" }, t("consequence.empty")),
        slot.recovering ? h("span", { class: "badge" }, t("consequence.recovering")) : null,
        slot.recovering ? [" ", clearsAfter(slot, healing[i])] : null,
        slot.recovering ? null : treatButton(s.id, slot, i, healing[i]),
      ),
    ),
  );
}

/** The rule set's conditions on a sheet (the Fate System Toolkit's): each with its kind, its
 * boxes and the moves the view offers on it (the GM marks and clears; a lasting one's recovery
 * asks for the overcome's result). Drawn for every character the seat knows of.
 * @param {import("./view.js").CharacterPart} c */
function conditionView(c) {
  const conditions = c.conditions || [];
  if (!conditions.length) return null;
  return h(
    "ul",
    { class: "conditions", "aria-label": t("sheet.conditions") },
    conditions.map((cond) =>
      h(
        "li",
        { id: `condition-${c.id}-${cond.key}`, "data-marked": cond.marked },
        h("span", { class: "label" }, conditionName(cond.key, cond.name)),
        " ",
        h("span", { class: "badge" }, tn(`condition.kind.${cond.kind}`, { n: cond.shifts })),
        " ",
        Array.from({ length: cond.boxes }, (_, i) => box(i, cond.boxes, i < cond.marked)),
        cond.recovering ? h("span", { class: "badge" }, t("condition.recovering")) : null,
        cond.offers.includes("MarkCondition")
          ? button(t("condition.mark"), () => send("MarkCondition", { character_id: c.id, key: cond.key }), {
              id: `mark-${c.id}-${cond.key}`,
            })
          : null,
        cond.offers.includes("ClearCondition")
          ? button(t("condition.clear"), () => send("ClearCondition", { character_id: c.id, key: cond.key }), {
              id: `clear-${c.id}-${cond.key}`,
            })
          : null,
        cond.offers.includes("RecoverCondition")
          ? button(t("condition.recover"), () => openRecover(c.id, cond), { id: `recover-${c.id}-${cond.key}` })
          : null,
      ),
    ),
  );
}

/** The overcome against Great (+4) that starts a lasting condition's recovery: the seat says
 * what it reached, and the table judges it.
 * @param {string} id @param {import("../../../docs/page").ConditionPart} cond */
function openRecover(id, cond) {
  const effort = h("input", { type: "number", id: "recover-effort", min: -30, max: 30, step: 1, value: "4" });
  openDialog(
    // The rule set names the condition (table text); the words around it are the catalog's.
    tn("condition.recover_title", { name: conditionName(cond.key, cond.name) }),
    h("div", {}, h("p", { class: "hint" }, t("condition.recover_hint")), field(t("condition.effort"), effort)),
    (form, out) => sendFrom("RecoverCondition", { character_id: id, key: cond.key, effort: Number(effort.value) }, out),
    { submitLabel: t("condition.recover"), id: "recover-condition-form" },
  );
}

/** @param {string} id */
async function exportCharacter(id) {
  const from = pressed();
  try {
    const data = await openSeat().get(`/characters/${id}/export`);
    download(`${fileName(who(id).textContent, id)}.json`, data);
  } catch (error) {
    showErrorBeside(error, from);
  }
}

// -- aspects ------------------------------------------------------------------------------------

/** An aspect as a card draws it: a scene's, the story's, or a sheet's with its owner and the
 * moves the table offers on it; free invokes by holder (a sheet's counted by invokesByHolder).
 * @typedef {{id: string, name: string, kind?: string, hidden?: boolean, owner?: string | null,
 *   known_to?: string[], free_invokes?: Record<string, number>, offers?: readonly string[],
 *   offers_by?: Record<string, string[]>, counts?: number}} CardAspect */

/** @param {CardAspect[]} aspects */
export function aspectList(aspects) {
  if (!aspects.length) return null;
  return h(
    "ul",
    { class: "aspects" },
    aspects.map((a) => h("li", {}, aspectCard(a))),
  );
}

/** An aspect as an index card: its kind on the card's edge, the name large, free invokes as
 * tokens lying on the card (one per invoke, with the holder's name beside them), a hidden card
 * marked for the GM in words as well as by its edge. */
/** @param {CardAspect} a */
function aspectCard(a) {
  const holders = Object.entries(a.free_invokes || {});
  // The holders whose free invokes this seat may hand over now, as the table offers them.
  const passers = offeredBy(a, "PassFreeInvoke");
  const card = h(
    "div",
    {
      class: `aspect ${a.kind}${a.hidden ? " hidden" : ""}`,
      id: `aspect-${a.id.replace(/[^\p{L}\p{N}_-]/gu, "_")}`,
      "data-aspect": a.id,
    },
    h("span", { class: "kind" }, t(`aspect.kind.${a.kind}`)),
    " ",
    aspectLabel(a),
    a.kind === "boost" ? h("span", { class: "hint boost-note" }, " ", t("aspect.boost_note")) : null,
    a.counts !== undefined
      ? h(
          "span",
          { class: "hint counts-for", "data-counts": a.counts },
          " ",
          tn("aspect.counts_for", { n: a.counts < 0 ? `\u2212${-a.counts}` : `+${a.counts}` }),
        )
      : null,
    // A situation aspect made on someone describes them: say whom.
    a.kind === "situation" && a.owner
      ? h("span", { class: "hint aspect-on", "data-on": a.owner }, " ", tn("aspect.on_who", { who: who(a.owner) }))
      : null,
    a.hidden ? h("span", { class: "badge secret" }, t("aspect.hidden")) : null,
    a.hidden && a.known_to && a.known_to.length
      ? h("span", { class: "known" }, tn("aspect.known_to", { who: h("span", {}, a.known_to.map(who)) }))
      : null,
    holders.length
      ? h(
          "ul",
          { class: "free-invokes" },
          holders.map(([holder, n]) =>
            h(
              "li",
              {
                "data-holder": holder,
                "data-count": n,
                class: mine().has(holder) ? "mine" : "",
                // A free invoke of one's own is handed over by dragging it onto a character's card
                // (the Pass button under the card does the same).
                draggable: passers.includes(holder) ? "true" : null,
                ondragstart: passers.includes(holder)
                  ? (/** @type {DragEvent} */ e) =>
                      e.dataTransfer && e.dataTransfer.setData(INVOKE_DRAG, JSON.stringify({ aspect_id: a.id, holder }))
                  : null,
              },
              h(
                "span",
                { class: "invoke-tokens", "aria-hidden": "true" },
                Array.from({ length: Math.min(n, 6) }, () => h("span", { class: "invoke-token" })),
              ),
              tn("aspect.free_invokes", { who: who(holder), n }),
            ),
          ),
        )
      : null,
  );
  const buttons = h("div", { class: "actions small" });
  // Offered by the table: the GM's free offer, a player's paid one, or a self-compel.
  if (offered(a, "OfferCompel") || offeredBy(a, "OfferCompel").length || offeredBy(a, "SelfCompel").length) {
    add(
      buttons,
      button(t("compel.offer"), () => openCompel(a), { "aria-label": t("compel.offer_on", { name: a.name }) }),
    );
  }
  // A fate point spent on an aspect makes a story detail true: for those the table offers it to
  // (known aspect, a point to spend), of the characters the seat answers for.
  const payers = offeredBy(a, "DeclareStoryDetail").filter(answersFor);
  if (payers.length) {
    add(
      buttons,
      button(t("detail.declare"), () => openStoryDetail(a, payers), {
        id: `declare-detail-${a.id.replace(/[^\p{L}\p{N}_-]/gu, "_")}`,
        "aria-label": t("detail.declare_on", { name: a.name || "" }),
      }),
    );
  }
  for (const holder of passers) {
    add(
      buttons,
      button(tn("aspect.pass", { who: who(holder) }), () => openPass(a, holder), {
        id: `pass-${a.id.replace(/[^\p{L}\p{N}_-]/gu, "_")}-${holder}`,
      }),
    );
  }
  if (offered(a, "RevealAspect"))
    add(
      buttons,
      button(t("aspect.reveal"), () => send("RevealAspect", { aspect_id: a.id })),
    );
  if (offered(a, "CorrectAspect")) add(buttons, correctAspectButton(a));
  // Without a roll, when nothing in the story stands in the way: the GM's word on any aspect of
  // the scene or the story; a player lets go of a boost their character holds.
  if (offered(a, "RemoveAspect")) {
    add(
      buttons,
      button(t("aspect.remove"), () => send("RemoveAspect", { aspect_id: a.id }), {
        "aria-label": t("aspect.remove_named", { name: a.name || t("aspect.unnamed_boost") }),
      }),
    );
  } else if (offeredBy(a, "RemoveAspect").length) {
    const holder = offeredBy(a, "RemoveAspect")[0];
    add(
      buttons,
      button(t("aspect.let_go"), () => send("RemoveAspect", { aspect_id: a.id, by: holder })),
    );
  }
  if (buttons.childNodes.length) add(card, buttons);
  return card;
}
