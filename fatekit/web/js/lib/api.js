// Talking to the table server: HTTP for commands and reads, a WebSocket for live events.
// The seat link travels in the X-Fatekit-Link header (and in the socket's query string, which
// browsers cannot send headers on); it is never written into a page address sent to the server.

export class ApiError extends Error {
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
  constructor(link) {
    this.link = link;
    this.tableId = link.slice(0, link.lastIndexOf("."));
  }

  get(path, params = null) {
    return request("GET", `/tables/${this.tableId}${path}`, { link: this.link, params });
  }

  /** Send a command; a retry of the same call reuses its key, so it is applied once. `extra`
   * holds the envelope's other fields: a GM's `waive` and `reason`. */
  command(type, data = {}, extra = {}) {
    return request("POST", `/tables/${this.tableId}/commands`, {
      link: this.link,
      body: { type, data, idempotency_key: randomKey(), ...extra },
    });
  }

  invite(name, role) {
    return request("POST", `/tables/${this.tableId}/seats`, { link: this.link, body: { name, role } });
  }

  join() {
    return request("GET", "/join", { link: this.link });
  }
}

/**
 * The live connection with the seat's document (view=1): `hello` brings the whole document,
 * each command's events are followed by a `view` message patching it. Reconnects with a growing
 * pause when the connection drops, and at once when the page finds a gap; a reconnect asks for
 * the events after the last one seen (for the log), and hello brings the document again.
 */
export class Live {
  constructor(seat, { onHello, onEvent, onView, onStatus }) {
    this.seat = seat;
    this.onHello = onHello;
    this.onEvent = onEvent;
    this.onView = onView;
    this.onStatus = onStatus;
    this.version = null; // the last version whose events the page has seen; null: none yet
    this.pause = 500;
    this.closed = false;
    this.socket = null;
  }

  start() {
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const after = this.version === null ? "" : `&after=${this.version}`;
    const url = `${scheme}://${location.host}/tables/${this.seat.tableId}/ws?link=${encodeURIComponent(this.seat.link)}&view=1${after}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.onStatus("connecting");
    socket.addEventListener("message", (message) => {
      if (socket === this.socket) this.receive(JSON.parse(message.data));
    });
    socket.addEventListener("close", (closing) => {
      if (this.closed || socket !== this.socket) return;
      // 4401: the link was revoked or never opened a seat; no point trying again.
      if (closing.code === 4401 || closing.code === 4403 || closing.code === 4404) {
        this.onStatus("refused");
        return;
      }
      this.onStatus("offline");
      setTimeout(() => this.open(), this.pause);
      this.pause = Math.min(this.pause * 2, 10000);
    });
  }

  /** Drop this connection and open a new one now (the page's document missed a change). */
  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.open();
  }

  receive(message) {
    if (message.kind === "hello") {
      this.pause = 500;
      if (this.version === null) this.version = message.version;
      this.onStatus("live");
      this.onHello(message);
    } else if (message.kind === "event") {
      this.version = Math.max(this.version || 0, message.event.version);
      this.onEvent(message.event);
    } else if (message.kind === "version") {
      this.version = Math.max(this.version || 0, message.version);
    } else if (message.kind === "view") {
      this.onView(message);
    } else if (message.kind === "ping") {
      this.socket.send(JSON.stringify({ kind: "pong" }));
    }
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }
}

/** A link typed or pasted: a whole page address with #link=..., or the bare link. */
export function linkFrom(text) {
  const trimmed = String(text || "").trim();
  const m = /[#&?]link=([^&\s]+)/.exec(trimmed);
  return m ? decodeURIComponent(m[1]) : trimmed;
}

/** The page address that opens a seat (the link rides in the fragment, never sent). */
export function pageFor(link) {
  return `${location.origin}/#link=${encodeURIComponent(link)}`;
}
