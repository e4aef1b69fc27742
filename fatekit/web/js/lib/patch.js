// JSON Patch (RFC 6902) for the live document the table's socket keeps up to date: the server
// sends the few operations that turn the seat's document at one version into the next, and
// the page applies them here. Only add, remove and replace are used by the server. No imports:
// this module is also run on its own by the tests (node).

/** One operation as the server sends it (its op is checked here: only add, remove and replace).
 * @typedef {{op: string, path: string, value?: unknown}} Operation */

/** A patch that cannot be applied: a path that is not in the document, or an unknown op. */
export class PatchError extends Error {}

/** The reference tokens of a JSON Pointer ("/a/b~1c" -> ["a", "b/c"]).
 * @param {string} path */
export function pointer(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`not a JSON pointer: ${path}`);
  return path
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** @param {unknown[]} list @param {string} token @param {{append?: boolean}} [how] */
function index(list, token, { append = false } = {}) {
  if (append && token === "-") return list.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new PatchError(`not an array index: ${token}`);
  const i = Number(token);
  const limit = append ? list.length : list.length - 1;
  if (i > limit) throw new PatchError(`index ${i} is past the end`);
  return i;
}

/** An object or an array (whose members are its properties too): what a path walks through.
 * @param {unknown} value @returns {value is Record<string, unknown>} */
function isContainer(value) {
  return value !== null && typeof value === "object";
}

/** @param {unknown} parent @param {string} token @returns {unknown} */
function child(parent, token) {
  if (Array.isArray(parent)) return parent[index(parent, token)];
  if (!isContainer(parent) || !Object.prototype.hasOwnProperty.call(parent, token)) {
    throw new PatchError(`no member ${token}`);
  }
  return parent[token];
}

/** Apply one operation to `doc` in place; returns the document (a new one when the path is "").
 * @param {unknown} doc @param {Operation} op @returns {unknown} */
function applyOne(doc, op) {
  const tokens = pointer(op.path);
  if (!["add", "remove", "replace"].includes(op.op)) throw new PatchError(`unsupported op ${op.op}`);
  if (tokens.length === 0) {
    if (op.op === "remove") throw new PatchError("cannot remove the whole document");
    return structuredClone(op.value);
  }
  let parent = doc;
  for (const token of tokens.slice(0, -1)) parent = child(parent, token);
  const last = tokens[tokens.length - 1];
  if (!isContainer(parent)) throw new PatchError(`${op.path}: the parent is not a container`);
  const value = op.op === "remove" ? undefined : structuredClone(op.value);
  if (Array.isArray(parent)) {
    if (op.op === "add") parent.splice(index(parent, last, { append: true }), 0, value);
    else if (op.op === "remove") parent.splice(index(parent, last), 1);
    else parent[index(parent, last)] = value;
  } else if (op.op === "add") {
    parent[last] = value;
  } else {
    child(parent, last); // remove and replace need the member to be there
    if (op.op === "remove") delete parent[last];
    else parent[last] = value;
  }
  return doc;
}

/** Apply a patch to a copy of `doc`: the original is left as it was if any operation fails, so a
 * bad patch never leaves the page with half a change. Returns the patched document (the server's
 * patch keeps it the kind of document it was).
 * @template T @param {T} doc @param {Operation[]} ops @returns {T} */
export function applyPatch(doc, ops) {
  /** @type {unknown} */
  let out = structuredClone(doc);
  for (const op of ops) out = applyOne(out, op);
  return /** @type {T} */ (out);
}

/** The parts of the document a patch touches, as the first one or two path tokens joined by
 * "/" ("characters", "extras/acted", "table/version"); "" when it replaces the whole.
 * @param {Operation[]} ops */
export function touched(ops) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const op of ops) {
    const tokens = pointer(op.path);
    out.add(tokens.slice(0, 2).join("/"));
  }
  return out;
}
