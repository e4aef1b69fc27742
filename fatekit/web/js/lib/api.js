// Talking to the table server: HTTP for commands and reads, a WebSocket for live events.
// The seat link travels in the X-Fatekit-Link header (and in the socket's query string, which
// browsers cannot send headers on); it is never written into a page address sent to the server.

/** A refusal: its HTTP status and the server's answer (any JSON object: its fields depend on the
 * kind of refusal, see fatekit/server).
 */
export class ApiError extends Error {
  /** @param {number} status @param {Record<string, any> | null} body */
  constructor(status, body) {
    super(body && body.detail ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

function randomKey() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{link?: string | null, body?: unknown, params?: Record<string, any> | null,
 *   headers?: Record<string, string> | null}} [how]
 */
export async function request(
  method,
  path,
  { link = null, body = undefined, params = null, headers: extra = null } = {},
) {
  const url = new URL(path, location.origin);
  if (params) {
    for (const [k, v] of Object.entries(params)) {
      if (v !== null && v !== undefined && v !== "") url.searchParams.set(k, v);
    }
  }
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json" };
  if (link) headers["X-Fatekit-Link"] = link;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (extra) Object.assign(headers, extra);
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** One seat at one table. */
export class Seat {
  /** @param {string} link */
  constructor(link) {
    this.link = link;
    this.tableId = link.slice(0, link.lastIndexOf("."));
  }

  /** @param {string} path
   * @param {Record<string, any> | null} [params] */
  get(path, params = null) {
    return request("GET", `/tables/${this.tableId}${path}`, { link: this.link, params });
  }

  /** Send a command; a retry of the same call reuses its key, so it is applied once. `extra`
   * holds the envelope's other fields: a GM's `waive` and `reason`. */
  /** @param {string} type
   * @param {Record<string, any>} [data]
   * @param {Record<string, any>} [extra] */
  command(type, data = {}, extra = {}) {
    return request("POST", `/tables/${this.tableId}/commands`, {
      link: this.link,
      body: { type, data, idempotency_key: randomKey(), ...extra },
    });
  }

  /** Upload the running scene's map picture (the GM): the body is the file itself; the server
   * makes it clean or refuses it with a reason (an ApiError, as a command's refusal).
   * @param {Blob} file */
  async putMap(file) {
    const response = await fetch(new URL(`/tables/${this.tableId}/scene/map`, location.origin), {
      method: "PUT",
      headers: {
        accept: "application/json",
        "content-type": file.type || "application/octet-stream",
        "X-Fatekit-Link": this.link,
      },
      body: file,
    });
    let data;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) throw new ApiError(response.status, data);
    return data;
  }

  /** @param {string} name
   * @param {string} role */
  invite(name, role) {
    return request("POST", `/tables/${this.tableId}/seats`, { link: this.link, body: { name, role } });
  }

  /** A new link for a seat already at the table (the GM); its older links keep working.
   * @param {string} seatId */
  reissue(seatId) {
    return request("POST", `/tables/${this.tableId}/seats/${encodeURIComponent(seatId)}/links`, { link: this.link });
  }

  join() {
    return request("GET", "/join", { link: this.link });
  }
}

/** How the live connection stands, as the page's status says it.
 * @typedef {"connecting" | "live" | "offline" | "no_network" | "refused"} LiveStatus */
/** The socket's messages, as far as the page reads them (fatekit/server/ws.py says all they hold).
 * @typedef {{kind: "hello", version: number, view: import("../store.js").LiveDocument}} Hello
 * @typedef {{kind: "view", version: number, base?: number, patch?: import("./patch.js").Operation[],
 *   view?: import("../store.js").LiveDocument}} ViewMessage
 * @typedef {{kind: "ack", id: string, version: number}} Ack
 * @typedef {{kind: "error", id?: string, status: number, error?: string, detail?: string}} Refused
 * @typedef {Hello | ViewMessage | Ack | Refused | {kind: "event", event: import("../store.js").LoggedEvent}
 *   | {kind: "version", version: number}} Message */
/** What the live connection tells the page.
 * @typedef {{onHello: (hello: Hello) => Promise<void>, onEvent: (event: import("../store.js").LoggedEvent) => void,
 *   onView: (message: ViewMessage) => void, onStatus: (status: LiveStatus) => void}} Listeners */
/** A command sent on the socket, waiting for its answer.
 * @typedef {{resolve: (ack: Ack) => void, reject: (error: Error) => void, socket: WebSocket}} Sent */

/**
 * The live connection with the seat's document (view=1): `hello` brings the whole document,
 * each command's events are followed by a `view` message patching it. Reconnects with a growing
 * pause when the connection drops, at once when the page finds a gap, and at once when the
 * device's network comes back (while it has none, the status says so and nothing is tried); a
 * reconnect asks for the events after the last one seen (for the log), and hello brings the
 * document again.
 */
export class Live {
  /** @param {Seat} seat @param {Listeners} listeners */
  constructor(seat, { onHello, onEvent, onView, onStatus }) {
    this.seat = seat;
    this.onHello = onHello;
    this.onEvent = onEvent;
    this.onView = onView;
    this.onStatus = onStatus;
    /** @type {number | null} the last version whose events the page has seen; null: none yet */
    this.version = null;
    this.pause = 500;
    this.closed = false;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {Map<string, Sent>} */
    this.sent = new Map(); // commands sent on the socket, by id, waiting for their answer
    /** @type {Promise<unknown>} the messages received, handled one after another */
    this.handling = Promise.resolve();
    this.lost = () => this.networkLost();
    this.back = () => this.networkBack();
  }

  start() {
    window.addEventListener("offline", this.lost);
    window.addEventListener("online", this.back);
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!navigator.onLine) {
      this.onStatus("no_network");
      return; // "online" opens it
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const after = this.version === null ? "" : `&after=${this.version}`;
    const url = `${scheme}://${location.host}/tables/${encodeURIComponent(this.seat.tableId)}/ws?link=${encodeURIComponent(this.seat.link)}&view=1&batch=1${after}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.onStatus("connecting");
    socket.addEventListener("message", (message) => {
      if (socket !== this.socket) return;
      // The server's heartbeat is the WebSocket protocol's ping, which the browser answers itself.
      const data = JSON.parse(message.data);
      // A command's messages come in one frame (batch=1): its events, then the patch.
      for (const one of Array.isArray(data) ? data : [data]) {
        // In order, each after the one before: a hello's document is drawn (its rules and the
        // page's words loaded) before the events and patches that follow it are applied to it.
        const handled = this.handling.then(() => (socket === this.socket ? this.receive(one) : null));
        // One message's failure stops none after it, and is still reported as the page's error
        // (a drawing bug must not hide behind a table that says "connecting" forever).
        this.handling = handled.catch((error) => reportError(error));
      }
    });
    socket.addEventListener("close", (closing) => {
      this.dropSent(socket);
      if (this.closed || socket !== this.socket) return;
      this.socket = null;
      // 4401: the link was revoked or never opened a seat; no point trying again.
      if (closing.code === 4401 || closing.code === 4403 || closing.code === 4404) {
        this.onStatus("refused");
        return;
      }
      if (!navigator.onLine) {
        this.onStatus("no_network");
        return;
      }
      this.onStatus("offline");
      this.timer = setTimeout(() => this.open(), this.pause);
      this.pause = Math.min(this.pause * 2, 10000);
    });
  }

  /** The device lost its network: say so, and drop the socket rather than wait for it to time
   * out (what it would bring is caught up on reconnecting). */
  networkLost() {
    if (this.closed) return;
    clearTimeout(this.timer);
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.onStatus("no_network");
  }

  /** The network is back: reconnect now, not after the pause. */
  networkBack() {
    if (this.closed || (this.socket && this.socket.readyState === WebSocket.OPEN)) return;
    this.pause = 500;
    this.reconnect();
  }

  /** Drop this connection and open a new one now (the page's document missed a change). */
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.open();
  }

  /** @param {Message} message */
  async receive(message) {
    if (message.kind === "hello") {
      this.pause = 500;
      if (this.version === null) this.version = message.version;
      // "Live" once the document is drawn: what the seat sees then is what it can use.
      await this.onHello(message);
      if (!this.closed && this.socket && this.socket.readyState === WebSocket.OPEN) this.onStatus("live");
    } else if (message.kind === "event") {
      this.version = Math.max(this.version || 0, message.event.version);
      this.onEvent(message.event);
    } else if (message.kind === "version") {
      this.version = Math.max(this.version || 0, message.version);
    } else if (message.kind === "view") {
      this.onView(message);
    } else if (
      (message.kind === "ack" || message.kind === "error") &&
      this.sent.has(/** @type {string} */ (message.id))
    ) {
      // An error that answers no command has no id, and no command waits under none: so here the
      // answer has an id, and sent holds it.
      const { resolve, reject } = /** @type {Sent} */ (this.sent.get(/** @type {string} */ (message.id)));
      this.sent.delete(/** @type {string} */ (message.id));
      if (message.kind === "ack") resolve(message);
      else reject(new ApiError(message.status, message));
    }
  }

  /** Send a command on the socket rather than over HTTP (a request line is what an access log
   * keeps, with the sender's address): resolves with its ack, rejects with the refusal HTTP
   * would give. Null when the socket is not open.
   * @param {string} type @param {Record<string, any>} [data] @returns {Promise<Ack> | null} */
  command(type, data = {}) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return null;
    const id = randomKey();
    return new Promise((resolve, reject) => {
      this.sent.set(id, { resolve, reject, socket });
      socket.send(JSON.stringify({ kind: "command", id, type, data, idempotency_key: randomKey() }));
    });
  }

  /** The commands sent on `socket` will get no answer now: they fail as a lost request does.
   * @param {WebSocket} socket */
  dropSent(socket) {
    for (const [id, waiting] of this.sent) {
      if (waiting.socket !== socket) continue;
      this.sent.delete(id);
      waiting.reject(new Error("the connection was lost"));
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    window.removeEventListener("offline", this.lost);
    window.removeEventListener("online", this.back);
    if (this.socket) this.socket.close();
  }
}

/** A link typed or pasted: a whole page address with #link=..., or the bare link.
 * @param {string | null | undefined} text */
export function linkFrom(text) {
  const trimmed = String(text || "").trim();
  const m = /[#&?]link=([^&\s]+)/.exec(trimmed);
  return m ? decodeURIComponent(m[1]) : trimmed;
}

/** The page address that opens a seat (the link rides in the fragment, never sent), on `base`
 * (the server's address for links, from GET /address) or else this page's own. */
/** @param {string} link
 * @param {string | null} [base] */
export function pageFor(link, base = null) {
  const root = base ? base.replace(/\/$/, "") : location.origin;
  return `${root}/#link=${encodeURIComponent(link)}`;
}

/** A QR code of the address that opens `link`'s seat, drawn by the server (GET /join/qr), as an
 * object URL for an <img>. The link travels in the header, as for every request.
 * @param {string} link */
export async function qrFor(link) {
  const response = await fetch(new URL("/join/qr", location.origin), { headers: { "X-Fatekit-Link": link } });
  if (!response.ok) throw new ApiError(response.status, null);
  return URL.createObjectURL(await response.blob());
}
