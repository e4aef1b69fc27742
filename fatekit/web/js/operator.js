// The operator's token. A server with one opens tables only for requests that carry it
// (Authorization: Bearer). The page asks for it the first time the server says so, keeps it in
// this browser (localStorage, never in an address), and sends it with every new table after.

import { ApiError, request } from "./lib/api.js";
import { field, fill, h } from "./lib/dom.js";
import { t } from "./lib/i18n.js";

const TOKEN_KEY = "fatekit.operator";

function kept() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** @param {string} token */
function keep(token) {
  localStorage.setItem(TOKEN_KEY, token);
}

function forget() {
  localStorage.removeItem(TOKEN_KEY);
}

/** @param {unknown} error */
function needsToken(error) {
  return error instanceof ApiError && error.status === 401 && error.body.error === "operator";
}

/** Ask for the token in the page's dialog: the token typed, or null if the person cancels.
 * @param {boolean} wrong @returns {Promise<string | null>} */
function ask(wrong) {
  return new Promise((resolve) => {
    const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("dialog"));
    const input = h("input", {
      id: "operator-token",
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      required: true,
    });
    /** @type {string | null} */
    let answer = null;
    const form = h(
      "form",
      {
        id: "operator-form",
        method: "dialog",
        onsubmit: (/** @type {SubmitEvent} */ event) => {
          event.preventDefault();
          answer = input.value.trim() || null;
          dialog.close();
        },
      },
      h("h2", { id: "dialog-title" }, t("operator.title")),
      h("p", {}, t("operator.why")),
      wrong ? h("p", { class: "error", role: "alert", id: "operator-wrong" }, t("operator.wrong")) : null,
      field(t("operator.token"), input),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "submit", class: "primary", id: "operator-form-submit" }, t("dialog.ok")),
        h("button", { type: "button", onclick: () => dialog.close() }, t("dialog.cancel")),
      ),
    );
    dialog.addEventListener("close", () => resolve(answer), { once: true });
    fill(dialog, form);
    dialog.showModal();
    input.focus();
  });
}

/**
 * Open a table (POST to `path`: /tables or /tables/import) with the kept token. When the server
 * wants one and has none that works, ask for it and try again; a cancelled question throws the
 * server's refusal.
 * @param {string} path @param {unknown} body the table's JSON, sent as it is
 */
export async function openTable(path, body) {
  let wrong = false;
  for (;;) {
    const token = kept();
    try {
      return await request("POST", path, { body, headers: token ? { authorization: `Bearer ${token}` } : null });
    } catch (error) {
      if (!needsToken(error)) throw error;
      if (token) forget(); // the server no longer takes it
      const given = await ask(wrong || Boolean(token));
      if (!given) throw error;
      keep(given);
      wrong = true; // if this one is refused too, say so when asking again
    }
  }
}

/** On the start screen, while a token is kept: a button that forgets it (a shared computer). */
export function operatorControls() {
  if (!kept()) return null;
  const holder = h("p", { class: "hint", id: "operator-kept" }, t("operator.kept"), " ");
  holder.append(
    h(
      "button",
      {
        type: "button",
        id: "operator-forget",
        onclick: () => {
          forget();
          holder.remove();
        },
      },
      t("operator.forget"),
    ),
  );
  return holder;
}
