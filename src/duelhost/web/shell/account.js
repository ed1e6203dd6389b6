// The signed-in player, on every page: the account menu in the header, and the lobby's live
// stream (WS /api/lobby/live) that brings the account's challenges (shown on any page, to
// accept or decline) and the matches made from its seeks and challenges (the page goes to the
// board at once).
import {api} from "./api.js";
import {$, h, fill} from "./dom.js";

let me = null;
let asked = null;

/** The signed-in account ({name, ...}) or null. */
export function account() {
  if (!asked) asked = api("GET", "/api/session").then((data) => { me = data.account; return me; }).catch(() => null);
  return asked;
}

export function signedIn() { return me; }

/** The header's account menu: "Sign in" when signed out; the name with its menu otherwise. */
export async function accountMenu() {
  const box = $("account-box");
  if (!box) return;
  const data = await account();
  if (!data) {
    if (location.pathname !== "/signin") fill(box, h("a", {href: "/signin", id: "signin-link", class: "button"}, "Sign in"));
    return;
  }
  const status = h("span", {class: "error small", role: "alert"});
  const out = async (url) => {
    try { await api("DELETE", url); location.href = "/"; } catch (error) { status.textContent = error.message; }
  };
  fill(box, h("details", {class: "menu", id: "account-menu"},
    h("summary", {id: "account-name", title: "your account"}, data.name),
    h("div", {class: "menu-items"},
      h("a", {href: "/#account-matches", id: "menu-matches"}, "My matches"),
      h("a", {href: "/signin#account", id: "menu-account"}, "Passkeys and password"),
      h("button", {type: "button", id: "sign-out", onclick: () => out("/api/session")}, "Sign out"),
      h("button", {type: "button", id: "sign-out-everywhere", class: "quiet", onclick: () => out("/api/sessions")}, "Sign out everywhere"),
      status)));
}

/** The lobby's live stream: handlers.hello(data), seek(seek), seekGone(id), challenge(c),
 *  challengeGone(id, reason), matched(message). Reconnects by itself. */
export class LobbyLive {
  constructor(handlers) {
    this.handlers = handlers;
    this.retry = 0;
    this.stopped = false;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(proto + "//" + location.host + "/api/lobby/live");
    this.socket = socket;
    socket.onmessage = (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch { return; }
      const on = this.handlers;
      if (data.type === "hello") { this.retry = 0; on.hello?.(data); }
      else if (data.type === "seek") on.seek?.(data.seek);
      else if (data.type === "seek_gone") on.seekGone?.(data.id, data.reason);
      else if (data.type === "challenge") on.challenge?.(data.challenge);
      else if (data.type === "challenge_gone") on.challengeGone?.(data.id, data.reason);
      else if (data.type === "matched") on.matched?.(data);
    };
    socket.onclose = () => {
      if (this.stopped) return;
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), Math.min(250 * 2 ** this.retry, 8000));
    };
  }

  stop() { this.stopped = true; this.socket?.close(); }
}

/** Go to the seat of a match made for this account (a seek taken, a challenge accepted). */
export function goToMatch(message) {
  location.href = "/play/" + encodeURIComponent(message.match) + "#claim=" + message.seat;
}

/** On pages other than the lobby: a signed-in player's challenges appear in a corner box
 *  (accept or decline), and a match made for them opens at once. */
export async function watchChallenges() {
  if (!(await account())) return;
  const box = h("aside", {class: "panel toast", id: "challenge-toast", hidden: true, "aria-live": "polite"});
  document.body.append(box);
  const shown = new Map();
  const draw = () => {
    const incoming = [...shown.values()].filter((c) => c.to === me.name);
    box.hidden = !incoming.length;
    fill(box, incoming.map((c) => challengeLine(c, () => { shown.delete(c.id); draw(); })));
  };
  const live = new LobbyLive({
    hello: (data) => { shown.clear(); for (const c of data.challenges) shown.set(c.id, c); draw(); },
    challenge: (c) => { shown.set(c.id, c); draw(); },
    challengeGone: (id) => { shown.delete(id); draw(); },
    matched: (message) => { if (!location.pathname.startsWith("/play/" + message.match)) goToMatch(message); },
  });
  live.connect();
}

/** One challenge to this account: who, what, and its two buttons. */
export function challengeLine(c, done) {
  const error = h("span", {class: "error small", role: "alert"});
  const answer = async (verb) => {
    try {
      const made = await api("POST", "/api/challenges/" + encodeURIComponent(c.id) + "/" + verb);
      done();
      if (verb === "accept") location.href = "/play/" + encodeURIComponent(made.match_id) + "#claim=" + made.seat;
    } catch (e) { error.textContent = e.message; }
  };
  return h("div", {class: "challenge", "data-challenge": c.id},
    h("b", {}, c.by), " challenges you to ", h("b", {}, c.title), c.rated ? " (rated)" : " (casual)", " ",
    h("span", {class: "buttons"},
      h("button", {type: "button", class: "primary", "data-action": "accept", onclick: () => answer("accept")}, "Accept"),
      h("button", {type: "button", "data-action": "decline", onclick: () => answer("decline")}, "Decline")),
    error);
}
