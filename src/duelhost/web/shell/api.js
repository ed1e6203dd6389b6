// HTTP calls and the live stream (WebSocket): numbered frames (asked for as delta frames, which
// carry what changed: the page keeps the whole frame), silent reconnection with the last frame
// number, and the server's clock measured by ping round trips.

/** A JSON API call; throws an Error carrying the server's one-sentence message. */
export async function api(method, url, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const response = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json().catch(() => ({error: "the server's answer was not JSON (" + response.status + ")"}));
  if (!response.ok) {
    const error = new Error(data.error || "error " + response.status);
    error.status = response.status;
    throw error;
  }
  return data;
}

/**
 * The live stream of one match for a seat (token) or a spectator (no token).
 * handlers: frame(frame), reply(message), state(text, ok), closed(reason)
 */
export class Live {
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token;
    this.handlers = handlers;
    this.lastN = -1;
    this.held = null;           // the whole frame numbered lastN (delta frames change it)
    this.resyncing = false;     // a full frame was asked for: deltas wait for it
    this.taken = {delta: 0, resync: 0};  // delta frames applied, full frames asked for
    this.socket = null;
    this.refs = 0;
    this.waiting = new Map();   // ref -> {resolve, reject}
    this.offset = 0;            // server time - local time, seconds
    this.bestRtt = Infinity;
    this.retry = 0;
    this.stopped = false;
    this.pinger = null;
  }

  /** Server time now (Unix seconds), corrected by the measured offset. */
  now() { return Date.now() / 1000 + this.offset; }

  connect() {
    if (this.stopped) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(proto + "//" + location.host + "/api/matches/" + encodeURIComponent(this.matchId) + "/live");
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.resyncing = false;
      socket.send(JSON.stringify({token: this.token || null, after: this.lastN, text: true, delta: true, presence: true}));
      this.handlers.state("live", true);
      this.ping();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), 15000);
    };
    socket.onmessage = (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch { return; }
      if (data.type === "frame") {
        const frame = this.take(data);
        if (frame) this.handlers.frame(frame);
        return;
      }
      if (data.type === "pong") { this.pong(data); return; }
      if (data.type === "presence") { this.handlers.presence?.(data); return; }
      if (data.type === "players") { this.handlers.players?.(data.players); return; }
      const waiter = data.ref !== undefined ? this.waiting.get(data.ref) : undefined;
      if (waiter) {
        this.waiting.delete(data.ref);
        if (data.type === "ack") waiter.resolve(data); else waiter.reject(new Error(data.error || "refused"));
      } else if (data.type === "error" && data.ref === undefined) {
        this.handlers.reply(data);
      }
    };
    socket.onclose = (event) => {
      clearInterval(this.pinger);
      for (const waiter of this.waiting.values()) waiter.reject(dropped("the connection dropped; try again"));
      this.waiting.clear();
      if ([4400, 4403, 4404].includes(event.code)) {
        this.stopped = true;
        this.handlers.closed(event.code === 4404 ? "no such match" : "this link's seat token was refused");
        return;
      }
      if (this.stopped) return;
      if (event.code === 4410) { this.stopped = true; return; }  // the match is over: nothing more will come
      this.handlers.state("reconnecting…", false);
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), Math.min(250 * 2 ** this.retry, 8000));
    };
  }

  /** The whole frame a frame of the stream stands for, or null (one already held, or a delta
   *  that does not follow the frame held: a full frame is asked for, and deltas wait for it). */
  take(data) {
    if (data.kind === "full") this.resyncing = false;
    else if (this.held && data.n <= this.lastN) return null;
    if (data.kind !== "delta") {
      this.held = data;
      this.lastN = data.n;
      return data;
    }
    if (this.resyncing) return null;
    if (!this.held || data.prev !== this.lastN) {
      this.resyncing = true;
      this.taken.resync += 1;
      this.socket.send(JSON.stringify({type: "full"}));
      return null;
    }
    const {patch, ...changed} = data;
    const frame = {...this.held, ...changed, kind: "update", view: applyPatch(structuredClone(this.held.view), patch)};
    this.held = frame;
    this.lastN = frame.n;
    this.taken.delta += 1;
    return frame;
  }

  /** Stop reconnecting (the match is over and nothing more will come). */
  stop() {
    this.stopped = true;
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }

  ping() {
    if (!this.socket || this.socket.readyState !== 1) return;
    const ref = "ping:" + performance.now();
    this.socket.send(JSON.stringify({type: "ping", ref}));
  }

  pong(data) {
    if (typeof data.ref !== "string" || !data.ref.startsWith("ping:")) return;
    const sent = Number(data.ref.slice(5));
    const rtt = (performance.now() - sent) / 1000;
    // The round trip with the least delay gives the best estimate (NTP's rule).
    if (rtt <= this.bestRtt * 1.5 || !isFinite(this.bestRtt)) {
      this.bestRtt = Math.min(this.bestRtt, rtt);
      this.offset = data.time - (Date.now() / 1000 - rtt / 2);
      this.handlers.clock?.();
    }
  }

  /** Send one action; resolves with the ack, rejects with the server's error. */
  send(message) {
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== 1) { reject(dropped("not connected: reconnecting, try again in a moment")); return; }
      const ref = ++this.refs;
      this.waiting.set(ref, {resolve, reject});
      this.socket.send(JSON.stringify({...message, ref}));
    });
  }
}

/** An error of the connection, not the server's answer (`transient`: try again later). */
function dropped(message) {
  const error = new Error(message);
  error.transient = true;
  return error;
}

/** ``doc`` with JSON Patch operations applied (RFC 6902: the server's "add", "replace" and
 *  "remove"; paths are JSON Pointers), changed in place; returns the result. */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    if (op.path === "") { doc = op.value; continue; }
    const tokens = op.path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = tokens.pop();
    let parent = doc;
    for (const token of tokens) parent = parent[Array.isArray(parent) ? Number(token) : token];
    if (Array.isArray(parent)) {
      if (op.op === "add") { if (last === "-") parent.push(op.value); else parent.splice(Number(last), 0, op.value); }
      else if (op.op === "replace") parent[Number(last)] = op.value;
      else if (op.op === "remove") parent.splice(Number(last), 1);
    } else if (op.op === "remove") delete parent[last];
    else parent[last] = op.value;
  }
  return doc;
}
