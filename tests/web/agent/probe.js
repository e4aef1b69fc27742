// The page agent's probe, run in every page before the page's own scripts (an init script).
// It only watches and lists; it never changes what the page does:
// - whether the page is idle: fetches and file reads under way, short timers pending (the sheet
//   checker's pause), so the agent waits on the page's own signals rather than on sleeps;
// - whether a control reacted: DOM mutations, the browser's own "invalid" events (a required
//   field left empty), clipboard writes;
// - the controls a person could use now: in the open dialog if there is one (it is modal), else
//   on the whole page, in document order, so a seeded choice picks the same control each run.
(() => {
  const probe = { mutations: 0, invalid: 0, copies: 0, inflight: 0, timers: new Set(), last: [] };
  Object.defineProperty(window, "__agent", { value: probe });

  const later = window.setTimeout.bind(window);
  const forget = window.clearTimeout.bind(window);
  // A short timer (a debounce: the sheet checker's 200 ms, the rule-set editor's 250) is work
  // still to come; a long one is not waited for: a reconnect's growing pause, and the moment
  // the page gathers other seats' moves before saying them to a screen reader (announce.js,
  // GATHER_MS, 1.5 s), which draws nothing but the live region's words and, waited for, added
  // a second and a half to nearly every step of an evening.
  window.setTimeout = (fn, delay, ...rest) => {
    if (typeof fn !== "function" || (delay || 0) >= 1000) return later(fn, delay, ...rest);
    const id = later((...args) => {
      probe.timers.delete(id);
      fn(...args);
    }, delay, ...rest);
    probe.timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => {
    probe.timers.delete(id);
    forget(id);
  };

  // A fetch counts until its body has been read and one more task has run, so the page has
  // drawn what the answer brought.
  const fetched = window.fetch.bind(window);
  window.fetch = async (...args) => {
    probe.inflight += 1;
    try {
      const response = await fetched(...args);
      try {
        await response.clone().arrayBuffer();
      } catch {
        // the page reads the body itself; a failed read is its business
      }
      return response;
    } finally {
      later(() => {
        probe.inflight -= 1;
      }, 0);
    }
  };
  // Reading an answer's body or a chosen file is work under way too, until one more task has
  // run after it (the page's code that awaited it has then run).
  const reads = [
    [Blob.prototype, "text"],
    [Blob.prototype, "arrayBuffer"],
    [Response.prototype, "json"],
    [Response.prototype, "text"],
  ];
  for (const [proto, name] of reads) {
    const read = proto[name];
    proto[name] = async function (...args) {
      probe.inflight += 1;
      try {
        return await read.apply(this, args);
      } finally {
        later(() => {
          probe.inflight -= 1;
        }, 0);
      }
    };
  }
  if (navigator.clipboard) {
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (...args) => {
      probe.copies += 1;
      return write(...args);
    };
  }
  const exec = document.execCommand.bind(document);
  document.execCommand = (...args) => {
    if (args[0] === "copy") probe.copies += 1;
    return exec(...args);
  };

  /** @type {Element | null} the live region other seats' moves are said in, once there */
  let moves = null;
  new MutationObserver((records) => {
    if (moves === null || !moves.isConnected) moves = document.getElementById("moves");
    for (const r of records) {
      // The agent's own marks are not the page's reaction, nor other seats' moves said in the
      // live region when their gathering ends (not waited for: above).
      if (r.type === "attributes" && r.attributeName && r.attributeName.startsWith("data-agent")) continue;
      if (moves !== null && moves.contains(r.target)) continue;
      probe.mutations += 1;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener("invalid", () => (probe.invalid += 1), true);
  // An error no one caught, in a handler or a promise: the agent reports each once.
  probe.errors = [];
  window.addEventListener("error", (event) => probe.errors.push(String(event.message || event.error)));
  window.addEventListener("unhandledrejection", (event) => {
    const why = event.reason;
    probe.errors.push(`unhandled rejection: ${why && why.stack ? why.stack.split("\n").slice(0, 2).join(" ") : String(why)}`);
  });

  probe.idle = () => probe.inflight === 0 && probe.timers.size === 0;

  // A token on the scene's board opens its menu of moves when pressed (fatekit/web/js/board.js).
  const CONTROLS = 'button, summary, a[href], input, select, textarea, [draggable="true"], .board-token[role=button]';

  function usable(el) {
    if (el.disabled || el.matches("fieldset:disabled *")) return false;
    if (el.matches("input[type=hidden]") || el.readOnly) return false;
    // The brand link leaves the table for the start page: the agent keeps each seat at its table.
    if (el.matches("a.brand")) return false;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = el.getBoundingClientRect();
    // A file input is often drawn as its label; a visually hidden one still takes files.
    return (box.width > 0 && box.height > 0) || el.type === "file";
  }

  function kind(el) {
    if (el.getAttribute("draggable") === "true" && !el.matches("button, input, select, textarea, a")) return "drag";
    if (el.tagName === "SELECT") return "select";
    if (el.tagName === "TEXTAREA") return "fill";
    if (el.tagName === "INPUT") {
      if (el.type === "checkbox" || el.type === "radio") return "check";
      if (el.type === "file") return "file";
      if (["submit", "button", "reset", "image"].includes(el.type)) return "click";
      return "fill";
    }
    return "click";
  }

  /** A control's kind across redraws and characters: its id with the characters' ids and
   * numbers taken out ("attack-*", "accept-c#"), else where it sits ("aspect>button[0]"). */
  function signature(el, people) {
    const plain = (id) => {
      let out = id;
      for (const who of people) out = out.split(who).join("*");
      return out.replace(/\d+/g, "#");
    };
    if (el.id) return plain(el.id);
    const holder = el.parentElement ? el.parentElement.closest("[id]") : null;
    const where = holder ? plain(holder.id).split("-")[0] : "page";
    const same = holder ? [...holder.querySelectorAll(el.tagName)].indexOf(el) : 0;
    return `${where}>${el.tagName.toLowerCase()}[${same}]`;
  }

  function describe(el, i, people) {
    const section = el.closest("section[id]");
    const holder = el.parentElement ? el.parentElement.closest("[id]") : null;
    const out = {
      i,
      sig: signature(el, people),
      kind: kind(el),
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute("type") || "",
      id: el.id || "",
      name: el.getAttribute("name") || "",
      text: (el.getAttribute("aria-label") || el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 60),
      section: section ? section.id : "",
      holder: holder ? holder.id : "",
      dialog: Boolean(el.closest("dialog")),
      form: el.form ? el.form.id : "",
      checked: Boolean(el.checked),
      value: "value" in el && el.type !== "file" ? String(el.value).slice(0, 80) : "",
      min: el.getAttribute("min"),
      max: el.getAttribute("max"),
      required: Boolean(el.required),
      options: el.tagName === "SELECT" ? [...el.options].filter((o) => !o.disabled).map((o) => o.value) : null,
      cancel: el.matches("dialog form > .actions > button[type=button]"),
      classes: el.className && typeof el.className === "string" ? el.className : "",
    };
    return out;
  }

  /** The controls a person could use now, in document order; remembered for `mark`. */
  probe.controls = () => {
    const dialog = document.querySelector("dialog[open]");
    const root = dialog || document;
    probe.last = [...root.querySelectorAll(CONTROLS)].filter(usable);
    const people = [...document.querySelectorAll("article.character[id]")].map((c) => c.id.slice(5)).sort((a, b) => b.length - a.length);
    return probe.last.map((el, i) => describe(el, i, people));
  };

  /** Mark the control `i` of the last listing (for the agent's locator); false if it is gone. */
  probe.mark = (i) => {
    for (const old of document.querySelectorAll("[data-agent-pick]")) old.removeAttribute("data-agent-pick");
    const el = probe.last[i];
    if (!el || !el.isConnected || !usable(el)) return false;
    el.setAttribute("data-agent-pick", "");
    return true;
  };

  /** What the agent compares before and after a click. */
  probe.snapshot = () => {
    const a = document.activeElement;
    return {
      mutations: probe.mutations,
      invalid: probe.invalid,
      copies: probe.copies,
      focus: a && a !== document.body ? a.id || a.tagName + ":" + (a.textContent || "").trim().slice(0, 30) : "",
      picked: Boolean(a && a.hasAttribute("data-agent-pick")),
      dialog: Boolean(document.querySelector("dialog[open]")),
      // A control that takes the person somewhere on the page has done something too.
      scroll: `${Math.round(window.scrollX)},${Math.round(window.scrollY)}`,
    };
  };
})();
