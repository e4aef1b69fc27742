// The scene's board (issue 42): the map picture under the zones the GM drew, the borders between
// them, a token per character, and the GM's drawing tools. It holds no rule: the moves it lets a
// token make are those the view offers (scene.zones.moves, .further, .blocked, the conflict's
// legal actions), each sent as the list under it sends it; the GM's tools are shown by `may`.

import { AIM_EVENT, aimed } from "./aim.js";
import { button, field, free, h, idPart } from "./lib/dom.js";
import { t, tn } from "./lib/i18n.js";
import { select } from "./forms.js";
import { openOvercome } from "./moves.js";
import { freeToRoll, openRoll } from "./roll.js";
import { openSeat, seatExtras, seatView, send, showErrorBeside } from "./store.js";
import { aspectName, character, may, sheetOf, skill, trackName, who } from "./view.js";

/** @typedef {import("../../../docs/page").ZonesPart} ZonesPart */
/** @typedef {import("../../../docs/page").ShapePart} ShapePart */
/** A zone a token may be taken to, and how: a free move, an overcome (further off, or past a
 * border an aspect blocks: `aspects`), blocked with no overcome to offer, or the GM's placing.
 * @typedef {{zone: string, kind: "free" | "roll" | "blocked" | "place", aspects?: string[]}} Way */

const SVG = "http://www.w3.org/2000/svg";
/** The map's width and height in map units (fatekit/table/boards.py). */
const UNITS = 10000;
/** The board's width in its own units: a map's height follows its picture's shape. */
const WIDE = 10000;
/** A plain ground's height, without a picture. */
const PLAIN_HIGH = 6250;
/** How far a pointer travels before a press on a token is a drag, in CSS pixels. */
const DRAG_PX = 6;
const MAX_ZOOM = 4;

// What outlives a redraw (another seat's move redraws the scene): the zoom and where the view
// is centred, the token whose move menu is open, the shape being drawn, and the pictures fetched.
let zoom = 1;
/** @type {[number, number] | null} the view's centre in board units (null: the middle) */
let centre = null;
/** @type {string | null} */
let menuFor = null;
/** The shape being drawn: its corners so far, where a pointer hovers (`at`), and the keyboard's
 * cursor (`cursor`), all in map units.
 * @type {{zone: string, kind: "rect" | "polygon", points: number[][], at: number[] | null, cursor: number[]} | null} */
let draft = null;
/** What the board said last to a screen reader (kept across redraws, so a redraw says nothing).
 * @type {string | Node} */
let said = "";
/** How far an arrow key moves the drawing cursor, in map units (Shift: four times as far). */
const CURSOR_STEP = 250;
/** @type {string | null} the zone the GM's tools work on */
let toolZone = null;
/** @type {string | null} the zone the GM's border form starts from */
let borderZone = null;
/** @type {Map<string, string>} a map's url: its picture as a blob: address, or "" while fetched */
const pictures = new Map();

/** @param {string} tag @param {Record<string, string | number | null | undefined>} [attrs] @param {(Node | null)[]} children */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs))
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

/** Catalog text (tn's fragment) as SVG: what people typed keeps its data-free mark.
 * @param {Node} node @returns {Node} */
function svgTextOf(node) {
  if (!(node instanceof Element)) {
    if (node instanceof DocumentFragment) {
      const span = svg("tspan");
      for (const child of [...node.childNodes]) span.append(svgTextOf(child));
      return span;
    }
    return document.createTextNode(node.textContent || "");
  }
  const span = svg("tspan", node.hasAttribute("data-free") ? { "data-free": "" } : {});
  for (const child of [...node.childNodes]) span.append(svgTextOf(child));
  return span;
}

/** The board's height in its units: the picture's shape, or a plain ground's.
 * @param {ZonesPart} zones */
function boardHigh(zones) {
  const map = zones.map;
  return map ? Math.max(1, Math.round((WIDE * map.height) / map.width)) : PLAIN_HIGH;
}

/** A shape's corners in board units. @param {ShapePart} shape @param {number} high */
function corners(shape, high) {
  const pts = shape.points.map(([x, y]) => [(x * WIDE) / UNITS, (y * high) / UNITS]);
  if (shape.kind === "rect" && pts.length === 2) {
    const [[x0, y0], [x1, y1]] = pts;
    return [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ];
  }
  return pts;
}

/** Where a zone's tokens and links meet: its corners' mean (a rectangle's middle).
 * @param {number[][]} pts */
function middleOf(pts) {
  const n = pts.length || 1;
  return [pts.reduce((s, p) => s + p[0], 0) / n, pts.reduce((s, p) => s + p[1], 0) / n];
}

/** Every way the view offers to take `id` somewhere, by zone (the list under the board offers
 * the same): a fighter's free move and overcome are the conflict's, anyone else's the scene's.
 * @param {string} id @param {ZonesPart} zones @returns {Way[]} */
export function waysFor(id, zones) {
  const conflict = seatView().conflict;
  const legal = conflict ? conflict.legal_actions[id] : undefined;
  const fighting = Boolean(conflict && conflict.fighters.some((f) => f.id === id));
  /** @type {Map<string, Way>} */
  const ways = new Map();
  const freeMove = legal && legal.find((m) => m.move === "free_move");
  const free_ = fighting ? (freeMove ? freeMove.targets : []) : zones.moves[id] || [];
  for (const zone of free_) ways.set(zone, { zone, kind: "free" });
  const mayRoll = fighting ? Boolean(legal && legal.some((m) => m.move === "overcome")) : freeToRoll().includes(id);
  const further = fighting ? [] : zones.further[id] || [];
  for (const border of zones.blocked[id] || []) {
    if (ways.has(border.zone)) continue;
    const rolls = mayRoll && (fighting || further.includes(border.zone));
    ways.set(border.zone, { zone: border.zone, kind: rolls ? "roll" : "blocked", aspects: border.aspects });
  }
  if (mayRoll) for (const zone of further) if (!ways.has(zone)) ways.set(zone, { zone, kind: "roll" });
  // The GM's word places anyone anywhere (PlaceInZone), besides the moves offered.
  if (may("PlaceInZone")) {
    for (const zone of zones.zones)
      if (!ways.has(zone) && zone !== zones.positions[id]) ways.set(zone, { zone, kind: "place" });
  }
  ways.delete(zones.positions[id]);
  return zones.zones.filter((z) => ways.has(z)).map((z) => /** @type {Way} */ (ways.get(z)));
}

/** Take `id` along `way`: a free move or the GM's placing is sent; an overcome opens the roll
 * dialog with the zone filled in, and the roll decides. @param {string} id @param {Way} way
 * @param {Element | null} out */
function go(id, way, out) {
  menuFor = null;
  // Taken from the menu: the menu closes and the focus goes back to the token, where it stays
  // once the table moves it (a redraw keeps the focus by id).
  if (document.getElementById("board-menu")) {
    redrawBoard();
    const back = /** @type {Element | null} */ (
      document.getElementById(`token-${idPart(id)}`) || document.getElementById(`board-unplaced-${idPart(id)}`)
    );
    if (back instanceof HTMLElement || back instanceof SVGElement) back.focus();
  }
  // The board may have been drawn again since the press: its refusal goes under the one shown.
  out = document.getElementById("board-out") || out;
  if (way.kind === "free") send("FreeMove", { actor: id, to: way.zone }, out);
  else if (way.kind === "place") send("PlaceInZone", { character_id: id, zone: way.zone }, out);
  else if (way.kind === "roll") openMoveRoll(id, way.zone);
}

/** The overcome that takes `id` to `zone`: the conflict's for a fighter, else the roll dialog.
 * @param {string} id @param {string} zone */
function openMoveRoll(id, zone) {
  if (openOvercome(id)) {
    choose("conflict-move-to", zone);
    return;
  }
  openRoll();
  choose("roll-actor", id);
  choose("roll-action", "overcome");
  choose("roll-move-to", zone);
}

/** Pick `value` in the select `id` as a person would (its change handlers run).
 * @param {string} id @param {string} value */
function choose(id, value) {
  const sel = document.getElementById(id);
  if (!(sel instanceof HTMLSelectElement) || ![...sel.options].some((o) => o.value === value)) return;
  sel.value = value;
  sel.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The picture as a blob: address (fetched with the seat's link in its header, as every read);
 * null until it came. Once it comes, the board's image takes it.
 * @param {string} url */
function picture(url) {
  const known = pictures.get(url);
  if (known !== undefined) return known || null;
  pictures.set(url, "");
  fetch(url, { headers: { "X-Fatekit-Link": openSeat().link } })
    .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((blob) => {
      const address = URL.createObjectURL(blob);
      pictures.set(url, address);
      for (const img of document.querySelectorAll(`#board-svg image.board-map[data-url="${CSS.escape(url)}"]`))
        img.setAttribute("href", address);
    })
    // Fetched again at the next drawing; the plain ground meanwhile.
    .catch(() => pictures.delete(url));
  return null;
}

/** A token's words: who, where, and what the seat may see of their fate points and stress.
 * @param {string} id @param {string} zone */
function tokenLabel(id, zone) {
  const found = character(id);
  const sheet = found ? sheetOf(found) : null;
  const parts = [t("board.token", { who: who(id), zone })];
  if (sheet) {
    if (sheet.kind === "pc" || sheet.fate_points > 0) parts.push(t("fp.count", { n: sheet.fate_points }));
    for (const [track, boxes] of Object.entries(sheet.stress || {}))
      parts.push(
        t("board.stress", {
          track: trackName(track),
          marked: boxes.filter((b) => b.marked).length,
          boxes: boxes.length,
        }),
      );
  }
  return parts.join(", ");
}

/** The borders an aspect blocks, as the seat sees them: "a|b" (sorted) to the aspects' ids. */
function blockedBorders() {
  const zones = seatView().scene?.zones;
  /** @type {Map<string, Set<string>>} */
  const found = new Map();
  const note = (/** @type {string} */ a, /** @type {string} */ b, /** @type {string[]} */ aspects) => {
    const key = [a, b].sort().join("|");
    const set = found.get(key) || new Set();
    for (const x of aspects) set.add(x);
    found.set(key, set);
  };
  for (const i of seatExtras().impediments || []) note(i.between[0], i.between[1], i.aspects);
  if (zones)
    for (const [id, borders] of Object.entries(zones.blocked))
      for (const b of borders) if (zones.positions[id]) note(zones.positions[id], b.zone, b.aspects);
  return found;
}

/** The board: the scene's map with its zones, borders and tokens; the GM's tools over it.
 * @param {import("../../../docs/page").ScenePart & {zones: ZonesPart}} scene */
export function board(scene) {
  const zones = scene.zones;
  const high = boardHigh(zones);
  const r = Math.min(WIDE * 0.03, high * 0.08);
  const gmDraws = may("ShapeZone");
  const out = h("div", { class: "out", id: "board-out" });
  if (draft && !zones.zones.includes(draft.zone)) draft = null;
  if (menuFor && !scene.participants.includes(menuFor)) menuFor = null;

  const reach = reachOf(zones);
  const shapes = new Map(zones.zones.map((z) => [z, corners(zones.shapes[z], high)]));
  const middles = new Map([...shapes].map(([z, pts]) => [z, middleOf(pts)]));
  const layer = (/** @type {string} */ name) => svg("g", { class: name });
  const image = zones.map
    ? svg("image", {
        class: "board-map",
        "data-url": zones.map.url,
        href: picture(zones.map.url),
        x: 0,
        y: 0,
        width: WIDE,
        height: high,
        preserveAspectRatio: "none",
      })
    : svg("rect", { class: "board-ground", x: 0, y: 0, width: WIDE, height: high });
  const links = layer("board-links");
  const blocked = blockedBorders();
  for (const [a, b] of zones.links) {
    const p = middles.get(a);
    const q = middles.get(b);
    if (!p || !q) continue;
    const aspects = blocked.get([a, b].sort().join("|"));
    links.append(
      svg("line", {
        x1: p[0],
        y1: p[1],
        x2: q[0],
        y2: q[1],
        "data-link": `${a}|${b}`,
        class: aspects ? "board-link blocked" : "board-link",
      }),
    );
    if (aspects) {
      const names = h(
        "span",
        {},
        [...aspects].map((id, i) => h("span", {}, i ? ", " : "", aspectName(id))),
      );
      const label = svg(
        "text",
        {
          class: "board-blocked",
          x: (p[0] + q[0]) / 2,
          y: (p[1] + q[1]) / 2,
          "font-size": r * 0.9,
          "data-link": `${a}|${b}`,
        },
        svgTextOf(tn("board.blocked", { aspects: names })),
      );
      links.append(label);
    }
  }
  const hidden = new Set(zones.hidden);
  const zoneLayer = layer("board-zones");
  for (const zone of zones.zones) {
    const pts = /** @type {number[][]} */ (shapes.get(zone));
    const people = Object.entries(zones.positions)
      .filter(([, z]) => z === zone)
      .map(([id]) => id);
    const names = people.map((id) => who(id).textContent).join(", ");
    const left = Math.min(...pts.map((p) => p[0]));
    const top = Math.min(...pts.map((p) => p[1]));
    const reached = reach ? reach.zones.has(zone) : null;
    zoneLayer.append(
      svg(
        "g",
        {
          class: `board-zone${hidden.has(zone) ? " hidden-zone" : ""}${zones.shapes[zone].drawn ? "" : " laid-out"}${reachClass(reached)}`,
          "data-zone": zone,
          id: `board-zone-${idPart(zone)}`,
          tabindex: 0,
          role: "group",
          "aria-label": [
            t(people.length ? "board.zone" : "board.zone_empty", { zone, who: names }),
            hidden.has(zone) ? t("zones.hidden") : "",
            reachWords(reached),
          ]
            .filter(Boolean)
            .join(", "),
        },
        svg("polygon", { class: "board-shape", points: pts.map((p) => p.join(",")).join(" ") }),
        svg(
          "text",
          { class: "board-name", x: left + r * 0.4, y: top + r * 1.1, "font-size": r * 0.9, "data-free": "" },
          document.createTextNode(zone),
        ),
        hidden.has(zone)
          ? svg(
              "text",
              { class: "board-hidden", x: left + r * 0.4, y: top + r * 2.1, "font-size": r * 0.7 },
              document.createTextNode(t("zones.hidden")),
            )
          : null,
      ),
    );
  }
  const tokenLayer = layer("board-tokens");
  for (const zone of zones.zones) {
    const people = Object.entries(zones.positions)
      .filter(([, z]) => z === zone)
      .map(([id]) => id);
    const [cx, cy] = /** @type {number[]} */ (middles.get(zone));
    // In rows round the zone's middle, so tokens never lie on each other.
    const columns = Math.ceil(Math.sqrt(people.length));
    const rows = Math.ceil(people.length / (columns || 1));
    const step = r * 2.4;
    people.forEach((id, i) => {
      const x = cx + ((i % columns) - (columns - 1) / 2) * step;
      const y = cy + (Math.floor(i / columns) - (rows - 1) / 2) * step;
      tokenLayer.append(token(id, zone, x, y, r, zones, out, reach));
    });
  }
  const draftLayer = layer("board-draft");
  if (draft) {
    const pts = draft.points.map(([x, y]) => [(x * WIDE) / UNITS, (y * high) / UNITS]);
    const at = draft.at ? [(draft.at[0] * WIDE) / UNITS, (draft.at[1] * high) / UNITS] : null;
    if (draft.kind === "rect" && pts.length === 1 && at) {
      draftLayer.append(
        svg("rect", {
          x: Math.min(pts[0][0], at[0]),
          y: Math.min(pts[0][1], at[1]),
          width: Math.abs(at[0] - pts[0][0]),
          height: Math.abs(at[1] - pts[0][1]),
        }),
      );
    } else if (draft.kind === "polygon" && pts.length) {
      draftLayer.append(svg("polyline", { points: [...pts, ...(at ? [at] : [])].map((p) => p.join(",")).join(" ") }));
      for (const [x, y] of pts) draftLayer.append(svg("circle", { cx: x, cy: y, r: r * 0.25 }));
    }
    // The keyboard's cursor: a cross where Enter puts the next corner.
    const [kx, ky] = [(draft.cursor[0] * WIDE) / UNITS, (draft.cursor[1] * high) / UNITS];
    draftLayer.append(
      svg(
        "g",
        { class: "board-cursor", id: "board-cursor", "data-at": draft.cursor.join(",") },
        svg("line", { x1: kx - r, y1: ky, x2: kx + r, y2: ky }),
        svg("line", { x1: kx, y1: ky - r, x2: kx, y2: ky + r }),
      ),
    );
  }
  const [vw, vh] = [WIDE / zoom, high / zoom];
  const [mx, my] = centre || [WIDE / 2, high / 2];
  const vx = Math.min(Math.max(0, mx - vw / 2), WIDE - vw);
  const vy = Math.min(Math.max(0, my - vh / 2), high - vh);
  const area = svg(
    "svg",
    {
      id: "board-svg",
      class: `board-svg${draft ? " drawing" : ""}${zoom > 1 ? " zoomed" : ""}`,
      viewBox: `${vx} ${vy} ${vw} ${vh}`,
      role: "group",
      "aria-label": t("board.label", { scene: scene.name }),
      "aria-describedby": "board-hint",
      "data-high": high,
      // While a shape is drawn the board takes the keyboard: arrows, Enter, Escape.
      tabindex: draft ? 0 : null,
    },
    image,
    links,
    zoneLayer,
    tokenLayer,
    draftLayer,
  );
  area.addEventListener("pointerdown", (event) => boardPress(/** @type {SVGSVGElement} */ (area), event, high, out));
  area.addEventListener("dblclick", () => closePolygon(out));
  area.addEventListener("keydown", (event) => drawByKey(event, out));
  area.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1.25 : 0.8);
  });
  const zoomBar = h(
    "div",
    { class: "board-zoom", role: "group", "aria-label": t("board.zoom") },
    button("\u2212", () => zoomBy(0.8), {
      id: "board-zoom-out",
      "aria-label": t("board.zoom_out"),
      disabled: zoom <= 1,
    }),
    button("+", () => zoomBy(1.25), {
      id: "board-zoom-in",
      "aria-label": t("board.zoom_in"),
      disabled: zoom >= MAX_ZOOM,
    }),
    button(t("board.zoom_whole"), () => zoomBy(0), { id: "board-zoom-whole", disabled: zoom <= 1 }),
  );
  const hint = h(
    "p",
    { class: "hint", id: "board-hint" },
    draft
      ? [
          tn(draft.kind === "rect" ? "board.draft_rect" : "board.draft_polygon", { zone: free(draft.zone) }),
          " ",
          t(draft.kind === "rect" ? "board.keys_rect" : "board.keys_polygon"),
        ]
      : t(gmDraws ? "board.hint_gm" : "board.hint"),
  );
  return h(
    "div",
    { class: "board", id: "board" },
    zoomBar,
    h("div", { class: "board-frame" }, area),
    hint,
    reachLegend(reach),
    gmDraws ? h("p", { class: "visually-hidden", id: "board-said", "aria-live": "polite" }, said) : null,
    may("PlaceInZone") ? tray(scene, zones, out) : null,
    menuFor ? moveMenu(menuFor, zones, out) : null,
    out,
    gmDraws ? tools(zones) : null,
    may("BlockBorder") || may("ClearBorder") ? borderTools(scene, zones) : null,
  );
}

/** @param {number} by a factor; 0: the whole map */
function zoomBy(by) {
  zoom = by ? Math.min(MAX_ZOOM, Math.max(1, zoom * by)) : 1;
  if (zoom === 1) centre = null;
  redrawBoard();
}

/** Draw the board again in its place (the scene panel draws it with the rest otherwise). */
function redrawBoard() {
  const scene = seatView().scene;
  const here = document.getElementById("board");
  if (!here || !scene || !scene.zones) return;
  const focused = document.activeElement && here.contains(document.activeElement) ? document.activeElement.id : null;
  here.replaceWith(board(/** @type {Parameters<typeof board>[0]} */ (scene)));
  if (focused) {
    const again = /** @type {Element | null} */ (document.getElementById(focused));
    if (again instanceof HTMLElement || again instanceof SVGElement) again.focus();
  }
}

/** Whom the attack being chosen reaches, on this board: the attack dialog's word (the view's
 * `reach` for the skill picked), its targets' zones, and the attacker. Null when no attack is
 * being chosen, or its attacker is not on the map.
 * @param {ZonesPart} zones @returns {Reach | null} */
function reachOf(zones) {
  const aim = aimed();
  if (!aim || !(aim.actor in zones.positions)) return null;
  const targets = new Set(aim.targets);
  const where = aim.targets.filter((id) => id in zones.positions).map((id) => zones.positions[id]);
  return { ...aim, set: targets, zones: new Set(where) };
}

/** @typedef {import("./aim.js").Aim & {set: Set<string>, zones: Set<string>}} Reach */

/** A zone's or token's class for the reach drawn (null: none drawn). @param {boolean | null} reached */
function reachClass(reached) {
  return reached === null ? "" : reached ? " in-reach" : " out-of-reach";
}

/** The same in words, for its spoken name: not by colour alone. @param {boolean | null} reached */
function reachWords(reached) {
  return reached === null ? "" : t(reached ? "board.in_reach" : "board.out_of_reach");
}

/** The legend under the board while an attack is chosen: who attacks, with what, how far it
 * goes, and whom (and which zones) it reaches; the rest is dimmed.
 * @param {Reach | null} reach */
function reachLegend(reach) {
  if (!reach) return null;
  const list = (/** @type {Node[]} */ nodes) =>
    h(
      "span",
      {},
      nodes.map((n, i) => h("span", {}, i ? ", " : "", n)),
    );
  const key = reach.skill === null ? "board.reach_counted" : reach.ranged ? "board.reach_ranged" : "board.reach_close";
  return h(
    "p",
    { class: "board-reach", id: "board-reach", role: "status" },
    tn(key, {
      who: who(reach.actor),
      skill: reach.skill === null ? "" : skill(reach.skill),
      targets: list(reach.targets.map((id) => who(id))),
    }),
    reach.zones.size ? [" ", tn("board.reach_where", { zones: list([...reach.zones].map((z) => free(z))) })] : null,
  );
}

/** A character's token: dragged to a zone the view offers, or moved from its menu (Enter, or
 * an arrow key, on the focused token); while an attack is chosen, marked in reach or not.
 * @param {string} id @param {string} zone @param {number} x @param {number} y @param {number} r
 * @param {ZonesPart} zones @param {Element} out @param {Reach | null} reach */
function token(id, zone, x, y, r, zones, out, reach) {
  const reached = !reach ? null : id === reach.actor ? null : reach.set.has(id);
  const ways = waysFor(id, zones);
  const moves = ways.some((w) => w.kind !== "blocked");
  const found = character(id);
  const sheet = found ? sheetOf(found) : null;
  const name = who(id).textContent || id;
  const el = svg(
    "g",
    {
      class: `board-token${moves ? " movable" : ""}${menuFor === id ? " chosen" : ""}${reachClass(reached)}${reach && id === reach.actor ? " aiming" : ""}`,
      id: `token-${idPart(id)}`,
      "data-character": id,
      "data-zone": zone,
      transform: `translate(${x} ${y})`,
      tabindex: 0,
      role: ways.length ? "button" : "img",
      "aria-label": [tokenLabel(id, zone), reachWords(reached)].filter(Boolean).join(", "),
      "aria-haspopup": ways.length ? "menu" : null,
      "aria-expanded": ways.length ? String(menuFor === id) : null,
    },
    reached ? svg("circle", { r: r * 1.35, class: "board-reach-ring" }) : null,
    svg("circle", { r, class: "board-disc" }),
    svg(
      "text",
      { class: "board-initials", "font-size": r * 0.9, "text-anchor": "middle", dy: "0.35em", "data-free": "" },
      document.createTextNode([...name].slice(0, 2).join("")),
    ),
    svg(
      "text",
      { class: "board-who", "font-size": r * 0.7, "text-anchor": "middle", y: r * 1.8, "data-free": "" },
      document.createTextNode(name),
    ),
  );
  // At a glance, where the seat may see them: fate points by the token, stress boxes under it.
  if (sheet && (sheet.kind === "pc" || sheet.fate_points > 0)) {
    el.append(
      svg("circle", { class: "board-fp", cx: r * 0.85, cy: -r * 0.85, r: r * 0.45 }),
      svg(
        "text",
        {
          class: "board-fp-n",
          x: r * 0.85,
          y: -r * 0.85,
          dy: "0.35em",
          "font-size": r * 0.55,
          "text-anchor": "middle",
        },
        document.createTextNode(String(sheet.fate_points)),
      ),
    );
  }
  if (sheet) {
    const boxes = Object.values(sheet.stress || {}).flat();
    const side = r * 0.35;
    boxes.forEach((b, i) =>
      el.append(
        svg("rect", {
          class: b.marked ? "board-stress marked" : "board-stress",
          x: (i - boxes.length / 2) * side * 1.2,
          y: r * 2.05,
          width: side,
          height: side,
        }),
      ),
    );
  }
  if (ways.length) {
    el.addEventListener("keydown", (event) => openMenuByKey(id, event));
    el.addEventListener("pointerdown", (event) => tokenPress(id, zones, event, out));
  }
  return el;
}

/** The GM's tray: the scene's people placed in no zone yet, each dragged onto the board or
 * placed from its menu (Enter) like a token.
 * @param {import("../../../docs/page").ScenePart} scene @param {ZonesPart} zones @param {Element} out */
function tray(scene, zones, out) {
  const unplaced = scene.participants.filter((id) => !(id in zones.positions));
  if (!unplaced.length) return null;
  return h(
    "div",
    { class: "board-tray", id: "board-tray" },
    h("span", { class: "label" }, t("board.unplaced")),
    unplaced.map((id) =>
      h(
        "button",
        {
          type: "button",
          class: `board-unplaced${menuFor === id ? " chosen" : ""}`,
          id: `board-unplaced-${idPart(id)}`,
          "data-character": id,
          "aria-haspopup": "menu",
          "aria-expanded": String(menuFor === id),
          onpointerdown: (/** @type {PointerEvent} */ event) => tokenPress(id, zones, event, out),
          onkeydown: (/** @type {KeyboardEvent} */ event) => openMenuByKey(id, event),
        },
        who(id),
      ),
    ),
  );
}

/** Enter, Space or an arrow key on a token opens its menu, its first way focused.
 * @param {string} id @param {KeyboardEvent} event */
function openMenuByKey(id, event) {
  if (!["Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(event.key)) return;
  event.preventDefault();
  menuFor = id;
  redrawBoard();
  const first = document.querySelector("#board-menu [role=menuitem]:not([disabled])");
  if (first instanceof HTMLElement) first.focus();
}

/** The token's menu: exactly the ways the view offers, each saying how.
 * @param {string} id @param {ZonesPart} zones @param {Element} out */
function moveMenu(id, zones, out) {
  const ways = waysFor(id, zones);
  const close = () => {
    menuFor = null;
    redrawBoard();
    const again = document.getElementById(`token-${idPart(id)}`);
    if (again instanceof SVGElement) again.focus();
  };
  const items = ways.map((way) => {
    const names = h(
      "span",
      {},
      (way.aspects || []).map((a, i) => h("span", {}, i ? ", " : "", aspectName(a))),
    );
    return button(
      tn(way.kind === "roll" && way.aspects ? "board.way_roll_blocked" : `board.way_${way.kind}`, {
        zone: free(way.zone),
        aspects: names,
      }),
      () => go(id, way, out),
      {
        role: "menuitem",
        id: `board-go-${idPart(id)}-${idPart(way.zone)}`,
        class: `board-way ${way.kind}`,
        "data-zone": way.zone,
        "data-kind": way.kind,
        disabled: way.kind === "blocked",
      },
    );
  });
  const menu = h(
    "div",
    {
      class: "board-menu",
      id: "board-menu",
      role: "menu",
      "aria-label": t("board.menu", { who: who(id) }),
      onkeydown: (/** @type {KeyboardEvent} */ event) => {
        const live = /** @type {HTMLElement[]} */ ([...menu.querySelectorAll("[role=menuitem]:not([disabled])")]);
        const at = live.indexOf(/** @type {HTMLElement} */ (document.activeElement));
        const to = {
          ArrowDown: at + 1,
          ArrowRight: at + 1,
          ArrowUp: at - 1,
          ArrowLeft: at - 1,
          Home: 0,
          End: live.length - 1,
        }[event.key];
        if (event.key === "Escape") {
          event.preventDefault();
          close();
        } else if (to !== undefined && live.length) {
          event.preventDefault();
          live[(to + live.length) % live.length].focus();
        }
      },
    },
    h("p", { class: "board-menu-title" }, tn("board.menu", { who: who(id) })),
    items,
    button(t("board.menu_close"), close, { id: "board-menu-close", class: "board-menu-close" }),
  );
  return menu;
}

/** A press on a token: a drag takes it to the zone it is let go over (only a zone the view
 * offers: any other is not a target, and nothing is sent); a press without a drag opens its
 * menu. The page listens on the window, so a redraw under the pointer does not lose the drag.
 * @param {string} id @param {ZonesPart} zones @param {PointerEvent} event @param {Element} out */
function tokenPress(id, zones, event, out) {
  if (draft || !event.isPrimary || event.button > 0) return;
  event.stopPropagation();
  event.preventDefault();
  const ways = new Map(waysFor(id, zones).map((w) => [w.zone, w]));
  // The GM's drag places: PlaceInZone, the GM's word, wherever it is let go.
  const placing = may("PlaceInZone");
  const [x0, y0] = [event.clientX, event.clientY];
  let dragging = false;
  /** The zone let go over: where drawn zones overlap, the topmost one the token may go to.
   * @param {number} x @param {number} y */
  const zoneAt = (x, y) => {
    const under = [];
    for (const el of document.elementsFromPoint(x, y)) {
      const zone = el.closest("#board-svg .board-zone");
      if (zone instanceof SVGElement && zone.dataset.zone !== undefined) under.push(zone.dataset.zone);
    }
    const allowed = (/** @type {string} */ z) => z !== zones.positions[id] && (placing || ways.has(z));
    return under.find(allowed) ?? under[0] ?? null;
  };
  /** @param {PointerEvent} e */
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    if (!dragging && Math.hypot(e.clientX - x0, e.clientY - y0) < DRAG_PX) return;
    if (!dragging) {
      dragging = true;
      const area = document.getElementById("board-svg");
      if (area) area.classList.add("dragging");
      for (const el of document.querySelectorAll("#board-svg .board-zone")) {
        const way = ways.get(/** @type {SVGElement} */ (el).dataset.zone || "");
        if (way) el.classList.add("target", way.kind);
      }
    }
    const area = document.getElementById("board-svg");
    const moving = area && area.querySelector(`.board-token[data-character="${CSS.escape(id)}"]`);
    if (area instanceof SVGSVGElement && moving) {
      const m = area.getScreenCTM();
      if (m) {
        const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
        moving.setAttribute("transform", `translate(${p.x} ${p.y})`);
        moving.classList.add("lifted");
      }
    }
    for (const el of document.querySelectorAll("#board-svg .board-zone"))
      el.classList.toggle("over", /** @type {SVGElement} */ (el).dataset.zone === zoneAt(e.clientX, e.clientY));
  };
  /** @param {PointerEvent} e */
  const up = (e) => {
    if (e.pointerId !== event.pointerId) return;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    if (!dragging) {
      menuFor = menuFor === id ? null : id;
      redrawBoard();
      return;
    }
    const zone = e.type === "pointerup" ? zoneAt(e.clientX, e.clientY) : null;
    const way = zone === null ? undefined : ways.get(zone);
    // The token goes back to its zone until the table moves it (let go anywhere else: nothing
    // is sent; over a zone further off, the roll decides).
    redrawBoard();
    if (zone !== null && zone !== zones.positions[id] && placing) go(id, { zone, kind: "place" }, out);
    else if (way && way.kind !== "blocked") go(id, way, out);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

/** A press on the board itself: the GM's drawing (a rectangle dragged, a polygon's corner),
 * else a pan of the zoomed map (one pointer) or a pinch (two fingers, zoomed or not).
 * @param {SVGSVGElement} area @param {PointerEvent} event @param {number} high @param {Element} out */
function boardPress(area, event, high, out) {
  const m = area.getScreenCTM();
  if (!m) return;
  const inverse = m.inverse();
  /** @param {PointerEvent} e board units */
  const at = (e) => {
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(inverse);
    return [p.x, p.y];
  };
  /** @param {number[]} p map units, on the map */
  const units = (p) => [
    Math.round(Math.min(UNITS, Math.max(0, (p[0] * UNITS) / WIDE))),
    Math.round(Math.min(UNITS, Math.max(0, (p[1] * UNITS) / high))),
  ];
  if (draft) {
    event.preventDefault();
    const shaping = draft;
    if (shaping.kind === "polygon") {
      shaping.points.push(units(at(event)));
      shaping.at = null;
      shaping.cursor = shaping.points[shaping.points.length - 1];
      redrawBoard();
      return;
    }
    shaping.points = [units(at(event))];
    /** @param {PointerEvent} e */
    const move = (e) => {
      shaping.at = units(at(e));
      redrawBoard();
    };
    /** @param {PointerEvent} e */
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      const [[x0, y0], [x1, y1]] = [shaping.points[0], units(at(e))];
      draft = null;
      const shape = {
        kind: "rect",
        points: [
          [Math.min(x0, x1), Math.min(y0, y1)],
          [Math.max(x0, x1), Math.max(y0, y1)],
        ],
      };
      redrawBoard();
      send("ShapeZone", { zone: shaping.zone, shape }, document.getElementById("board-out") || out);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    return;
  }
  // The whole map: a mouse drags nothing, and one finger scrolls the page (touch-action: pan-y)
  // unless a second comes down, which makes it a pinch. Zoomed in: one pans, two pinch.
  const whole = zoom <= 1;
  if (!event.isPrimary || (whole && event.pointerType !== "touch")) return;
  // A pan of the zoomed map; a second finger down meanwhile makes it a pinch.
  const start = at(event);
  const [cx, cy] = centre || [WIDE / 2, high / 2];
  /** @type {Map<number, number[]>} */
  const fingers = new Map([[event.pointerId, [event.clientX, event.clientY]]]);
  let spread = 0;
  /** @param {PointerEvent} e */
  const down = (e) => {
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    const [a, b] = [...fingers.values()];
    if (b) spread = Math.hypot(a[0] - b[0], a[1] - b[1]);
  };
  /** @param {PointerEvent} e */
  const move = (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    const [a, b] = [...fingers.values()];
    if (b && spread) {
      const now = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (Math.abs(now - spread) > 12) {
        const by = now / spread;
        spread = now;
        zoomBy(by);
      }
      return;
    }
    if (whole) return;
    const p = at(e);
    centre = [cx - (p[0] - start[0]), cy - (p[1] - start[1])];
    const [vw, vh] = [WIDE / zoom, high / zoom];
    const vx = Math.min(Math.max(0, centre[0] - vw / 2), WIDE - vw);
    const vy = Math.min(Math.max(0, centre[1] - vh / 2), high - vh);
    const live = document.getElementById("board-svg");
    if (live) live.setAttribute("viewBox", `${vx} ${vy} ${vw} ${vh}`);
  };
  /** @param {PointerEvent} e */
  const up = (e) => {
    fingers.delete(e.pointerId);
    if (fingers.size) return;
    window.removeEventListener("pointerdown", down);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
  };
  window.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

/** A polygon being drawn is closed (Enter, a double click, the close button) and sent: the
 * server checks its corners (3 to 64, on the map) and says why not beside the tools.
 * @param {Element} out */
function closePolygon(out) {
  if (!draft || draft.kind !== "polygon") return;
  const shaping = draft;
  draft = null;
  // A double click's two presses each put a corner down at the same place: one is enough.
  const points = shaping.points.filter(
    (p, i) => i === 0 || p[0] !== shaping.points[i - 1][0] || p[1] !== shaping.points[i - 1][1],
  );
  redrawBoard();
  toolBack("polygon");
  say(tn("board.draft_sent", { zone: free(shaping.zone) }));
  send(
    "ShapeZone",
    { zone: shaping.zone, shape: { kind: "polygon", points } },
    document.getElementById("board-out") || out,
  );
}

/** Stop drawing, nothing sent. */
function cancelDraft() {
  const kind = draft ? draft.kind : null;
  draft = null;
  redrawBoard();
  toolBack(kind);
  say(t("board.draft_cancelled"));
}

/** A shape drawn or given up: the focus, if the board had it, goes back to the tool that started
 * it (the board takes no keys between shapes). @param {"rect" | "polygon" | null} kind */
function toolBack(kind) {
  const board = document.getElementById("board");
  if (!kind || (document.activeElement !== document.body && !board?.contains(document.activeElement))) return;
  const tool = document.getElementById(kind === "rect" ? "board-draw-rect" : "board-draw-polygon");
  if (tool instanceof HTMLElement) tool.focus();
}

/** Say ``text`` in the board's live region: a catalog string, or one made by ``tn`` with a
 * name someone typed marked as theirs. @param {string | DocumentFragment} text */
function say(text) {
  // A fragment empties when put in place: a span keeps its nodes for the next redraw.
  said = typeof text === "string" ? text : h("span", {}, text);
  const region = document.getElementById("board-said");
  if (region) region.replaceChildren(said);
}

/** Where a point is, in words: percent across and down the map. @param {number[]} p */
function place(p) {
  return { x: Math.round((p[0] * 100) / UNITS), y: Math.round((p[1] * 100) / UNITS) };
}

/** Drawing without a pointer, on the focused board: the arrow keys move a cursor (Shift: further;
 * Home: back to the first corner), Enter or Space puts a corner down where it stands (a
 * rectangle's second corner sends it; a polygon's Enter on its first or last corner closes it),
 * Escape stops. Each step is said in the live region.
 * @param {KeyboardEvent} event @param {Element} out */
function drawByKey(event, out) {
  if (!draft) return;
  const shaping = draft;
  const step = event.shiftKey ? CURSOR_STEP * 4 : CURSOR_STEP;
  const moves = /** @type {Record<string, number[]>} */ ({
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  });
  const clamp = (/** @type {number} */ v) => Math.min(UNITS, Math.max(0, v));
  const same = (/** @type {number[]} */ a, /** @type {number[] | undefined} */ b) =>
    Boolean(b) && a[0] === b?.[0] && a[1] === b?.[1];
  const key = event.key;
  if (!(key in moves) && !["Enter", " ", "Escape", "Home"].includes(key)) return;
  // The board answers these keys itself: the page's own Enter and Escape below do not run.
  event.preventDefault();
  event.stopPropagation();
  if (key === "Escape") {
    cancelDraft();
    return;
  }
  if (key in moves) {
    const [dx, dy] = moves[key];
    shaping.cursor = [clamp(shaping.cursor[0] + dx), clamp(shaping.cursor[1] + dy)];
  } else if (key === "Home") {
    if (shaping.points.length) shaping.cursor = shaping.points[0];
  } else if (shaping.kind === "rect") {
    if (!shaping.points.length) {
      shaping.points = [shaping.cursor];
      shaping.at = shaping.cursor;
      redrawBoard();
      say(t("board.rect_first", place(shaping.cursor)));
      return;
    }
    const [[x0, y0], [x1, y1]] = [shaping.points[0], shaping.cursor];
    draft = null;
    const shape = {
      kind: "rect",
      points: [
        [Math.min(x0, x1), Math.min(y0, y1)],
        [Math.max(x0, x1), Math.max(y0, y1)],
      ],
    };
    redrawBoard();
    toolBack("rect");
    say(tn("board.draft_sent", { zone: free(shaping.zone) }));
    send("ShapeZone", { zone: shaping.zone, shape }, document.getElementById("board-out") || out);
    return;
  } else {
    const pts = shaping.points;
    if (same(shaping.cursor, pts[0]) || same(shaping.cursor, pts[pts.length - 1])) {
      if (pts.length >= 3) {
        closePolygon(out);
        return;
      }
      say(t("board.draft_few"));
      return;
    }
    pts.push(shaping.cursor);
    redrawBoard();
    say(t("board.corner", { number: pts.length, ...place(shaping.cursor) }));
    return;
  }
  // The cursor moved: the shape follows it, and where it stands is said.
  if (shaping.points.length) shaping.at = shaping.cursor;
  redrawBoard();
  say(t("board.cursor", place(shaping.cursor)));
}

document.addEventListener("keydown", (event) => {
  if (!draft) return;
  if (event.key === "Escape") {
    cancelDraft();
  } else if (event.key === "Enter" && draft.kind === "polygon") {
    event.preventDefault();
    closePolygon(document.getElementById("board-out") || document.body);
  }
});

// The attack dialog's skill changed, or the dialog closed: the reach is drawn again.
document.addEventListener(AIM_EVENT, () => redrawBoard());

/** The GM's tools: the map's picture (uploaded, replaced or taken away), and the zone chosen
 * drawn as a rectangle or a polygon, back to the default layout, hidden or shown.
 * @param {ZonesPart} zones */
function tools(zones) {
  const file = h("input", {
    type: "file",
    id: "board-map-file",
    accept: "image/png,image/jpeg,image/webp",
    onchange: () => {
      const chosen = file.files && file.files[0];
      if (chosen) upload(chosen, file);
    },
  });
  const zone = select(
    "board-zone",
    zones.zones.map((z) => [z, z]),
    draft ? draft.zone : toolZone,
    { freeText: true },
  );
  const start = (/** @type {"rect" | "polygon"} */ kind) => {
    draft = { zone: zone.value, kind, points: [], at: null, cursor: [UNITS / 2, UNITS / 2] };
    menuFor = null;
    redrawBoard();
    // The board takes the focus, so the keyboard draws at once (a pointer draws as before).
    const area = document.getElementById("board-svg");
    if (area instanceof SVGElement) area.focus();
  };
  const picked = () => zone.value;
  const hidden = zones.hidden.includes(picked());
  const out = h("div", { class: "out", id: "board-tools-out" });
  const box = h(
    "div",
    { class: "board-tools", id: "board-tools" },
    h(
      "div",
      { class: "inline" },
      field(t("board.map_file"), file),
      zones.map && may("RemoveSceneMap")
        ? button(t("board.map_remove"), () => send("RemoveSceneMap", {}, out), { id: "board-map-remove" })
        : null,
    ),
    h(
      "div",
      { class: "inline" },
      field(t("board.zone_pick"), zone),
      draft
        ? [
            draft.kind === "polygon"
              ? button(t("board.draft_close"), () => closePolygon(out), {
                  id: "board-draft-close",
                  disabled: draft.points.length < 3,
                })
              : null,
            button(t("board.draft_cancel"), cancelDraft, { id: "board-draft-cancel" }),
          ]
        : [
            button(t("board.draw_rect"), () => start("rect"), { id: "board-draw-rect" }),
            button(t("board.draw_polygon"), () => start("polygon"), { id: "board-draw-polygon" }),
          ],
      button(t("board.reset_shape"), () => send("ShapeZone", { zone: picked(), shape: null }, out), {
        id: "board-reset-shape",
      }),
      may("HideZone")
        ? button(
            t(hidden ? "board.show_zone" : "board.hide_zone"),
            () => send("HideZone", { zone: picked(), hidden: !zones.hidden.includes(picked()) }, out),
            { id: "board-hide-zone" },
          )
        : null,
    ),
    out,
  );
  // The hide button says what it does to the zone chosen now.
  zone.addEventListener("change", () => {
    toolZone = zone.value;
    const toggle = box.querySelector("#board-hide-zone");
    if (toggle) toggle.textContent = t(zones.hidden.includes(picked()) ? "board.show_zone" : "board.hide_zone");
  });
  return box;
}

/** The GM's aspects on borders: a situation aspect of the scene put on the border between a
 * zone and one linked to it (`BlockBorder`), and each border standing blocked (the extras'
 * impediments) with a button per aspect to take it off (`ClearBorder`). The server checks the
 * rest and says why not beside the form.
 * @param {import("../../../docs/page").ScenePart} scene @param {ZonesPart} zones */
function borderTools(scene, zones) {
  const out = h("div", { class: "out", id: "board-borders-out" });
  const neighbours = (/** @type {string} */ z) => zones.links.flatMap(([a, b]) => (a === z ? [b] : b === z ? [a] : []));
  /** @type {HTMLElement | null} */
  let form = null;
  const aspects = scene.aspects.filter((a) => a.kind === "situation" || a.kind === "zone");
  const linked = zones.zones.filter((z) => neighbours(z).length);
  if (may("BlockBorder") && aspects.length && linked.length) {
    const aspect = select(
      "board-border-aspect",
      aspects.map((a) => [a.id, a.name, true]),
    );
    const zone = select(
      "board-border-zone",
      linked.map((z) => [z, z]),
      borderZone && linked.includes(borderZone) ? borderZone : linked[0],
      { freeText: true },
    );
    const to = select("board-border-to", [], null, { freeText: true });
    const fillTo = () => to.replaceChildren(...neighbours(zone.value).map((z) => h("option", { value: z }, z)));
    fillTo();
    zone.addEventListener("change", () => {
      borderZone = zone.value;
      fillTo();
    });
    form = h(
      "div",
      { class: "inline" },
      field(t("board.border_aspect"), aspect),
      field(t("board.border_zone"), zone),
      field(t("board.border_to"), to),
      button(
        t("board.border_block"),
        () => send("BlockBorder", { aspect_id: aspect.value, zone: zone.value, to: to.value }, out),
        { id: "board-block-border" },
      ),
    );
  }
  const standing = may("ClearBorder")
    ? (seatExtras().impediments || []).flatMap((i) =>
        i.aspects.map((id) =>
          button(
            tn("board.border_clear", { aspect: aspectName(id), zone: free(i.between[0]), to: free(i.between[1]) }),
            () => send("ClearBorder", { aspect_id: id, zone: i.between[0], to: i.between[1] }, out),
            { id: `board-clear-border-${idPart(i.between[0])}-${idPart(i.between[1])}-${idPart(id)}` },
          ),
        ),
      )
    : [];
  if (!form && !standing.length) return null;
  return h(
    "div",
    { class: "board-tools", id: "board-borders" },
    form,
    standing.length ? h("div", { class: "inline" }, standing) : null,
    out,
  );
}

/** Upload `chosen` as the scene's map: the server makes it clean or says why not, beside the
 * file input; nothing changes then.
 * @param {File} chosen @param {HTMLInputElement} input */
async function upload(chosen, input) {
  try {
    // The socket brings the new map with the table's next view.
    await openSeat().putMap(chosen);
    const said = input.parentElement && input.parentElement.nextElementSibling;
    if (said && said.classList.contains("refusal")) said.remove();
  } catch (error) {
    showErrorBeside(error, input);
  } finally {
    input.value = "";
  }
}
