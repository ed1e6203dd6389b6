// The seat page (/play/<id>#invite=<code>) and the spectator page (/watch/<id>): a status bar, the
// game's board, the player panels with clocks, receipts, the event log and the game-over banner.
import {api, Live} from "./api.js";
import {$, badge, fill, h} from "./dom.js";
import {cap, isProtocol, resultSentence, sentence} from "./events.js";
import {headline, presenceText, sentSeats} from "./headline.js";
import {loadBoard} from "./boards.js";
import {Submissions} from "./submit.js";
import {Unsent} from "./unsent.js";
import {Refusal} from "./refusal.js";
import {forgetToken, keepSeat, resumeNotice} from "./seats.js";
import {gameOver} from "./hooks.js";

export async function matchPage(app, matchId, token) {
  // The stream and the games' list are fetched at the same time: the first frame waits for
  // the list (it names the board module), not the other way round.
  const games = api("GET", "/api/lobby").catch(() => []);
  const page = new MatchPage(app, matchId, token, games);
  window.duelhost = page;  // for the browser tests: frame, render timing
  page.start();
}

class MatchPage {
  constructor(app, matchId, token, games) {
    this.app = app;
    this.matchId = matchId;
    this.token = token;
    this.games = [];
    this.gamesLoading = games.then((list) => { this.games = list; });
    this.frame = null;
    this.seat = null;
    this.board = null;
    this.boardName = null;
    this.local = {};
    this.reference = null;
    this.logLines = [];
    this.lastRenderMs = null;
    this.renders = 0;
    this.error = "";
    this.live = new Live(matchId, token, {
      // Frames are handled one after the other (the first one waits for its board module).
      frame: (frame) => { this.frames = this.frames.then(() => this.onFrame(frame)).catch((e) => console.error(e)); },
      reply: (message) => this.showError(message.error),
      state: (text, ok) => { const c = $("conn"); c.textContent = text; c.classList.toggle("bad", !ok); },
      closed: (reason) => this.onClosed(reason),
      clock: () => this.tick(),
      presence: (data) => { this.presence = data; this.showPresence(); },
      players: (players) => { this.players = players; this.showTitle(); this.render(); },
    });
    this.players = null;  // who holds each seat, by name (the server's players message)
    this.submissions = null;
    this.commitSeen = new Set();  // "decision:seat" of every commitment announced
    this.sentSeen = new Set();  // "decision:seat" of every submission or commitment announced
    this.presence = null;  // who is connected (the server's presence message)
    this.frames = Promise.resolve();
    this.build();
  }

  build() {
    const mine = Boolean(this.token);
    this.els = {
      status: h("div", {class: "status", id: "status", role: "status", "aria-live": "polite"}, "Connecting…"),
      banner: h("div", {class: "banner", id: "banner", hidden: true}),
      board: h("div", {class: "board", id: "board"}),
      error: h("div", {class: "error", id: "error", role: "alert"}),
      actions: h("div", {class: "actions", id: "actions", hidden: !mine}),
      expert: h("details", {class: "expert", id: "expert", hidden: !mine}),
      panels: h("div", {class: "panels", id: "panels"}),
      receipts: h("ul", {class: "receipts", id: "receipts"}),
      log: h("ul", {class: "log", id: "log"}),
      protocolLog: h("ul", {class: "log", id: "protocol-log"}),
      protocol: h("details", {class: "protocol", id: "protocol"}),
    };
    const e = this.els;
    this.refusal = new Refusal(e.error);
    this.resign = h("button", {type: "button", class: "danger", id: "resign", onclick: () => this.onResign()}, "Resign");
    this.draw = h("button", {type: "button", id: "draw", hidden: true, onclick: () => this.act("draw")}, "Offer / accept a draw");
    this.extend = h("button", {type: "button", id: "extend", hidden: true, onclick: () => this.act("extend")}, "Call extended time");
    fill(e.actions, this.resign, this.draw, this.extend);
    this.input = h("input", {id: "text", autocomplete: "off", spellcheck: "false", placeholder: "notation, e.g. from the list below", "aria-label": "submission in the game's notation"});
    this.legalBox = h("div", {class: "legal", id: "legal"});
    fill(e.expert,
      h("summary", {}, "Type a move in the game's notation (for experts)"),
      h("form", {id: "submitform", onsubmit: (ev) => { ev.preventDefault(); this.submitTyped(); }},
        this.input, h("button", {type: "submit"}, "Submit")),
      this.legalBox);
    const receiptsPanel = h("section", {class: "panel", id: "receipts-panel", hidden: !mine},
      h("h3", {}, "Your receipts"), e.receipts,
      h("a", {href: "#", id: "download-receipts", class: "small", onclick: (event) => this.downloadReceipts(event)}, "Download my receipts"),
      h("p", {class: "muted small", id: "receipts-help"}, "Kept in this browser. Once a nonce is published this page recomputes the receipt (SHA-256)."));
    fill(this.app,
      e.status, e.banner,
      h("div", {class: "layout"},
        h("section", {class: "board-area"}, e.board, e.error, e.actions, e.expert),
        h("aside", {class: "side"}, mine ? resumeNotice(this.matchId) : null, e.panels, receiptsPanel,
          h("section", {class: "panel"}, h("h3", {}, "What happened"), e.log, e.protocol))));
  }

  start() {
    this.live.connect();
    this.timer = setInterval(() => this.tick(), 200);
  }

  names() {
    const game = this.games.find((g) => g.name === this.frame?.game);
    const names = game ? game.seat_names : ["seat 0", "seat 1"];
    return names.map((n, i) => {
      const player = this.players?.[i];
      if (player) return player.name + (player.guest ? " (guest)" : "");
      return n === "seat " + i ? "seat " + i : n + " (seat " + i + ")";
    });
  }

  /** The header's title: the game, who plays (by name, once known), the match. */
  showTitle() {
    const frame = this.frame;
    if (!frame) return;
    const game = this.games.find((g) => g.name === frame.game);
    const who = this.players && this.players.some(Boolean) ? " · " + this.names().join(" v ") : "";
    $("title").textContent = (game ? game.title : frame.game) + who + " · match " + this.matchId + (this.seat === null ? " · spectating" : "") + (frame.clock ? "" : " · untimed")
      // RULINGS G7: a seed the creator chose is said before the first decision.
      + (frame.seed_chosen_by_creator ? " · seed chosen by the match's creator" : "");
  }

  async onFrame(frame) {
    const first = this.frame === null;
    if (frame.kind === "full") { this.logLines = []; }
    this.frame = frame;
    this.seat = frame.seat;
    if (first) {
      await this.gamesLoading;
      const game = this.games.find((g) => g.name === frame.game);
      this.showTitle();
      document.title = (game ? game.title : frame.game) + " · duelhost";
      // The rules, one click away from the board (a new tab: the match keeps its page).
      if (game && game.rules && !$("rules-link")) {
        $("title").after(h("a", {href: game.rules, id: "rules-link", class: "rules-link", target: "_blank", rel: "noopener"}, "Rules"));
      }
      if (this.seat !== null) this.takeSeat(frame.game);
      if (this.seat !== null) this.unsent = new Unsent(this.matchId, this.seat);
      this.boardName = game ? game.board : frame.game;
      document.documentElement.dataset.board = this.boardName;  // board-specific colours (CSS)
      this.board = await loadBoard(this.boardName, game ? game.has_board : false, game ? game.board_css : false);
      // The board's reference panels (units chart, faction cards): public data, fetched once.
      if (game && game.has_reference) {
        this.referencePending = true;
        api("GET", "/api/matches/" + encodeURIComponent(this.matchId) + "/reference")
          .then((data) => { this.reference = data; this.render(); })
          .catch((error) => console.warn("no reference data", error))
          .finally(() => { this.referencePending = false; });
      }
      this.els.expert.open = Boolean(this.board.fallback);
    }
    for (const event of frame.events) if (event.type === "committed") this.commitSeen.add(event.decision + ":" + event.seat);
    for (const event of frame.events) if (event.type === "committed" || event.type === "submitted") this.sentSeen.add(event.decision + ":" + event.seat);
    if (this.submissions) this.submissions.note(frame.events, frame.view.decision);
    frame.events.forEach((event, i) => {
      // A submission that resolved its decision at once (a sequential move, the second of a
      // simultaneous pair) is told by the game's own line that follows it in the same frame.
      if (event.type === "submitted" && frame.events.slice(i + 1).some((e) => e.type === "game")) return;
      const line = sentence(this.shown(event), this.seat, this.names());
      if (line) this.logLines.push({line, mine: event.type === "your_submission", protocol: isProtocol(event)});
    });
    if (frame.is_over) this.live.stopped = true;
    this.render();
  }

  /** An event with its submission text as the board says it (a board may export
   *  `describe(text)`: notation fields said in words); the text sent stays as it was. */
  shown(event) {
    if (!this.board?.describe || typeof event.text !== "string") return event;
    return {...event, text: this.board.describe(event.text)};
  }

  /** The decision in play, and whether both seats make it secretly (then the page plays it by
   *  commit, then reveal: the server takes commitments for exactly these, not tick orders). */
  decisionInPlay(text) {
    const frame = this.frame;
    const view = frame.view;
    const seats = (view.to_act || []).length + (view.submitted || []).length;
    const tick = frame.clock?.mode === "tick";
    // A commitment is never judged before its reveal: a text outside a complete list of
    // legal submissions (typed by hand) goes plainly, so the game's refusal comes back now.
    const listed = frame.legal_complete === false || !Array.isArray(frame.legal) || frame.legal.includes(text);
    return {decision: view.decision, secret: !tick && listed && seats >= 2 && (view.to_act || []).includes(this.seat)};
  }

  /** This seat's commitment to the decision in play (its move is sealed, not yet revealed). */
  sealed() {
    if (!this.submissions || this.frame.is_over) return null;
    return this.submissions.commitment(this.frame.view.decision);
  }

  ctx() {
    const frame = this.frame;
    const view = frame.view;
    const seat = this.seat;
    const sealed = this.sealed();
    return {
      seat,
      names: this.names(),
      mustAct: seat !== null && frame.to_act.includes(seat) && !frame.is_over,
      submitted: seat !== null && ((view.submitted || []).includes(seat) || Boolean(sealed)),
      pending: view.pending ?? (sealed ? sealed.text : null),
      legal: frame.legal ?? null,
      legalComplete: frame.legal_complete !== false,
      orders: frame.orders ?? null,
      over: frame.is_over,
      replay: false,
      reference: this.reference,
      text: frame.text,
      clock: frame.clock,
      now: () => this.live.now(),
      local: this.local,
      unsent: frame.is_over ? null : this.unsent ?? null,  // choices kept across a reload
      redraw: () => this.render(),
      submit: (text) => this.submit(text),
      error: (message) => this.showError(message),
    };
  }

  render() {
    if (!this.frame || !this.board) return;
    const ctx = this.ctx();
    const focus = focusWithin(this.els.board);
    const started = performance.now();
    this.board.render(this.els.board, this.frame.view, ctx);
    this.lastRenderMs = performance.now() - started;
    refocus(this.els.board, focus);
    if (this.renders === 0) this.interactiveAt = performance.now();  // ms since navigation
    this.renders += 1;
    this.showStatus(ctx);
    this.showPanels();
    this.showActions(ctx);
    this.showLog();
    this.showBanner();
    this.showReceipts();
    this.refusal.place(this.frame.view.decision);
  }

  /** Render time (ms) of the board for another view (for the performance test), median of
   *  `runs`; the real frame is drawn again afterwards. */
  timeRender(view, runs = 15) {
    const ctx = this.ctx();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      this.board.render(this.els.board, view, ctx);
      times.push(performance.now() - started);
    }
    this.render();
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  showStatus(ctx) {
    const frame = this.frame;
    const el = this.els.status;
    const sent = this.sent();
    el.classList.toggle("act", ctx.mustAct && !ctx.submitted && !sent.has(this.seat) && frame.phase !== "waiting");
    el.classList.toggle("over", frame.is_over);
    const asks = ctx.mustAct && this.board.status ? this.board.status(frame.view, ctx) : null;
    const pending = ctx.pending ?? ctx.orders;
    const said = pending && this.board.describe ? this.board.describe(pending) : pending;
    el.textContent = headline(frame, this.seat, this.names(), sent, asks, said);
  }

  /** The seats that have sent for the decision in play. */
  sent() {
    return sentSeats(this.frame, this.sentSeen, Boolean(this.sealed()), this.seat);
  }

  /** Each player's panel says whether that seat's page is connected. */
  showPresence() {
    for (const s of [0, 1]) {
      const el = document.getElementById("presence" + s);
      if (!el) continue;
      const text = presenceText(this.presence, s, this.frame?.phase === "waiting");
      el.textContent = text || "";
      el.dataset.presence = this.presence?.seats?.[s] || "";
    }
  }

  showPanels() {
    const frame = this.frame;
    const names = this.names();
    const order = this.seat === null ? [0, 1] : [1 - this.seat, this.seat];
    const submitted = frame.view.submitted || [];
    // This seat's own move is sealed only while this page holds its commitment (a reveal the
    // game refused leaves the decision open: issue 32).
    const sealed = (s) => (s === this.seat ? Boolean(this.sealed()) : this.commitSeen.has(frame.view.decision + ":" + s));
    const sent = this.sent();
    fill(this.els.panels, ...order.map((s) => {
      const acting = frame.to_act.includes(s) && !frame.is_over;
      let state;
      if (frame.is_over) state = frame.winner === s ? "won" : frame.winner === null ? "draw" : "lost";
      else if (frame.phase === "waiting") state = "waiting for the start";
      else if (submitted.includes(s)) state = s === this.seat ? "submitted: waiting for the reveal" : "has submitted";
      else if (sealed(s)) state = s === this.seat ? "submitted (sealed): waiting for the reveal" : "has submitted (sealed)";
      else if (sent.has(s) && acting) state = s === this.seat ? "you have sent" : "has sent";
      else if (acting) state = s === this.seat ? "your decision" : "is deciding";
      else state = "waiting";
      const label = s === this.seat ? "You · " + names[s] : names[s];
      return h("section", {class: "panel player" + (acting ? " acting" : ""), id: "player" + s, "data-seat": s},
        badge(s, s === 0 ? "0" : "1"),
        h("span", {class: "name"}, label),
        h("span", {class: "clock", id: "clock" + s}, ""),
        h("span", {class: "state", id: "state" + s}, state),
        h("span", {class: "presence small", id: "presence" + s}));
    }));
    this.showPresence();
    this.tick();
  }

  tick() {
    const frame = this.frame;
    if (!frame) return;
    const clock = frame.clock;
    for (const s of [0, 1]) {
      const el = document.getElementById("clock" + s);
      if (!el) continue;
      let text = "";
      let low = false;
      if (!clock) text = "";
      else if (!frame.is_over && clock.deadline !== null && (frame.to_act.includes(s) || clock.mode === "tick")) {
        const left = Math.max(0, clock.deadline - this.live.now());
        text = formatSeconds(left);
        low = left < 5 && frame.to_act.includes(s);
      }
      el.textContent = text;
      el.classList.toggle("low", low);
    }
    // A board's countdowns (a break's end, say): `data-countdown` holds the Unix time.
    for (const el of document.querySelectorAll("[data-countdown]")) {
      const left = Math.max(0, Number(el.dataset.countdown) - this.live.now());
      el.textContent = Math.ceil(left) + " s";
    }
  }

  showActions(ctx) {
    const frame = this.frame;
    const mine = this.seat !== null && !frame.is_over;
    this.els.actions.hidden = !mine;
    this.els.expert.hidden = !mine;
    if (!mine) return;
    this.showDraw(ctx);
    const clock = frame.clock;
    this.extend.hidden = !(clock && clock.extended_seconds && clock.extensions_left && clock.extensions_left[this.seat] > 0 && !clock.extended);
    fill(this.legalBox);
    if (frame.legal && frame.legal.length && ctx.mustAct) {
      this.legalBox.append(frame.legal_complete === false ? "Examples: " : "Legal: ");
      for (const text of frame.legal.slice(0, 120)) {
        this.legalBox.append(h("button", {type: "button", onclick: () => { this.input.value = text; this.input.focus(); }}, text));
      }
    }
  }

  /** The game's events, newest first; the fair-play protocol's lines (commitments, receipts,
   *  reveals asked for, ticks resolved) folded apart under them. */
  /** A draw is offered or accepted by a move of the seat's own turn: the button works then
   *  and says so otherwise (never an invitation that the server then refuses). */
  showDraw(ctx) {
    const frame = this.frame;
    this.draw.hidden = !frame.draws;
    const now = ctx.mustAct && !ctx.submitted;
    this.draw.disabled = !now;
    this.draw.textContent = now ? "Offer / accept a draw" : "Draw: offer or accept on your turn";
    this.draw.title = now ? "" : "a draw is offered or accepted in place of a move, on your own turn";
  }

  showLog() {
    const items = (protocol) => this.logLines.filter((l) => l.protocol === protocol).slice(-200).reverse()
      .map((l) => h("li", {class: l.mine ? "mine" : ""}, l.line));
    const game = items(false);
    fill(this.els.log, ...(game.length ? game : [h("li", {class: "muted"}, "nothing yet")]));
    const protocol = items(true);
    fill(this.els.protocolLog, ...protocol);
    const open = this.els.protocol.open;
    fill(this.els.protocol, h("summary", {class: "small"}, "Commitments and receipts (" + protocol.length + ")"), this.els.protocolLog);
    this.els.protocol.open = open;
  }

  showReceipts() {
    if (!this.submissions) return;
    const items = this.submissions.list.slice().reverse().map((r) => {
      const commit = r.mode === "commit";
      const how = commit ? "this page recomputed the SHA-256 commitment of its own move and nonce, and the server recorded the reveal under it"
        : "this page recomputed the receipt from the published nonce";
      const mark = r.verified === true ? h("span", {class: "ok", "data-verified": "yes", title: how}, "✓ verified")
        : r.verified === false ? h("span", {class: "bad", "data-verified": "no"}, "✗ does not match")
        : r.error ? h("span", {class: "bad", "data-verified": "no", title: r.error}, "✗ not revealed")
        : h("span", {class: "muted", "data-verified": "pending"}, commit ? (r.revealed ? "revealed" : "committed, sealed") : "sealed");
      return h("li", {"data-decision": r.decision, "data-mode": commit ? "commit" : "plain"},
        h("span", {class: "num"}, "#" + (r.decision + 1)), h("b", {}, this.board?.describe ? this.board.describe(r.text) : r.text),
        h("span", {class: "r", title: (commit ? "commitment " : "receipt ") + r.receipt}, r.receipt.slice(0, 10) + "…"), mark);
    });
    fill(this.els.receipts, ...(items.length ? items : [h("li", {class: "muted"}, "none yet")]));
  }

  showBanner() {
    const frame = this.frame;
    const el = this.els.banner;
    el.hidden = !frame.is_over;
    if (!frame.is_over) return;
    el.classList.toggle("won", frame.winner !== null && frame.winner === this.seat);
    el.classList.toggle("lost", frame.winner !== null && this.seat !== null && frame.winner !== this.seat);
    if (el.dataset.shown === String(frame.n)) return;
    el.dataset.shown = String(frame.n);
    const result = frame.result;
    fill(el,
      h("div", {class: "big", id: "result"}, cap(resultSentence(result, this.seat, this.names())) + "."),
      h("a", {href: "/api/matches/" + encodeURIComponent(this.matchId) + "/record", download: this.matchId + ".json", id: "download"}, "Download the record"),
      h("a", {href: "/replay/" + encodeURIComponent(this.matchId), id: "replaylink"}, "Replay: what each side knew"),
      this.seat !== null ? h("button", {type: "button", id: "rematch", onclick: () => this.rematch()}, "Rematch (seats swapped)") : null,
      h("a", {href: "/"}, "Lobby"),
      h("div", {id: "rematch-box", class: "links"}),
      h("div", {id: "rating-change"}));
    for (const hook of gameOver) hook(el, {matchId: this.matchId, seat: this.seat, frame, players: this.players});
    if (this.seat !== null) this.watchRematch();
    this.showRatingChange(el);
    inView(el);
  }

  /** A rated match's rating changes on the banner (issue 30): "+12 (1512)" for each seat,
   *  stored with the result, so there when the last frame comes; why an unrated end is. */
  async showRatingChange(banner) {
    let rating;
    try {
      rating = await api("GET", "/api/matches/" + encodeURIComponent(this.matchId) + "/rating");
    } catch { return; }  // the banner stands without it
    if (!rating.rated) return;
    const box = h("div", {class: "rating-change", id: "rating-change"});
    if (!rating.changes.length) {
      fill(box, h("span", {class: "muted"}, "Unrated: " + (rating.unrated || "no rating changed") + "."));
    } else {
      fill(box, rating.changes.map((c) => {
        const delta = Math.round(c.change);
        const who = c.seat === this.seat ? "Your rating" : c.name;
        return h("span", {class: "rating-seat", "data-seat": c.seat},
          h("a", {href: c.profile}, who), ": ",
          h("b", {class: delta > 0 ? "up" : delta < 0 ? "down" : ""}, (delta > 0 ? "+" : delta < 0 ? "−" : "±") + Math.abs(delta)),
          " (" + c.shown + ")");
      }));
    }
    banner.querySelector("#rating-change")?.remove();
    banner.insertBefore(box, banner.children[1] || null);
  }

  /** Once the match is over, ask the server every few seconds whether a seat has asked for a
   *  rematch; the seat that did not ask is shown the offer and its own link. */
  watchRematch() {
    if (this.rematchTimer) return;
    const until = Date.now() + 30 * 60 * 1000;  // a page left open stops asking after 30 minutes
    const look = async () => {
      if (Date.now() > until) { clearInterval(this.rematchTimer); return; }
      try {
        const offer = await api("GET", "/api/matches/" + encodeURIComponent(this.matchId) + "/rematch", undefined, this.token);
        if (offer.offered) { clearInterval(this.rematchTimer); this.showRematch(offer); }
      } catch { /* try again at the next look */ }
    };
    this.rematchTimer = setInterval(look, 2000);
    look();
  }

  showRematch(offer) {
    const box = $("rematch-box");
    if (!box) return;
    const mine = offer.by === this.seat;
    const button = $("rematch");
    if (button) button.hidden = true;
    fill(box,
      h("p", {id: "rematch-offer"}, mine
        ? "Rematch created (seats swapped): you play seat " + offer.seat + ". Your opponent is offered it on their page."
        : "Your opponent asks for a rematch with the seats swapped: you would play seat " + offer.seat + "."),
      offer.url ? h("a", {href: offer.url, id: mine ? "my-rematch" : "join-rematch", class: "button primary"}, mine ? "Go to the rematch" : "Join the rematch") : null);
  }

  /** The receipts this page kept, its own and its opponent's, as `duelhost verify --receipts
   *  FILE` reads them (duelhost-receipts/1, docs/fairness.md). */
  downloadReceipts(event) {
    const link = event.currentTarget;
    const list = this.submissions ? this.submissions.list : [];
    const theirs = this.submissions ? this.submissions.theirs : [];
    const data = {
      format: "duelhost-receipts/1", match: this.matchId, seat: this.seat,
      seed_commitment: this.frame?.seed_commitment ?? null,
      // In a tick window only the last message's receipt is what the tick submitted.
      receipts: list.filter((r, i) => !list.slice(i + 1).some((later) => later.decision === r.decision))
        .map((r) => ({seat: this.seat, decision: r.decision, receipt: r.receipt}))
        .concat(theirs.map((r) => ({seat: r.seat, decision: r.decision, receipt: r.receipt}))),
    };
    link.href = "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(data, null, 1));
    link.download = this.matchId + "-seat" + this.seat + "-receipts.json";
  }

  showError(message) {
    this.els.error.textContent = message || "";
  }

  async submit(text) {
    this.showError("");
    this.refusal.sending(this.frame.view.decision);
    try {
      const ack = await this.submissions.submit(text, this.decisionInPlay(text));
      this.render();  // a commitment seals the move on this page alone: show it at once
      return ack;
    } catch (error) {
      this.refusal.show(error.message);
      throw error;
    }
  }

  /** The seat this page holds: its submissions, and its token kept in this browser. */
  takeSeat(game) {
    this.submissions = new Submissions(this.live, this.matchId, this.seat, () => this.showReceipts(), (message) => this.refusedReveal(message));
    keepSeat(this.matchId, this.seat, this.token, game);
  }

  /** The game refused this seat's move at its reveal: nothing was played, the decision is
   *  open again (issue 32). */
  refusedReveal(message) {
    this.refusal.show("Refused: " + message + ". Nothing was played: correct your move and send it again.", this.frame.view.decision);
    this.render();
  }

  onClosed(reason) {
    if (reason !== "no such match" && this.token) {
      forgetToken(this.matchId, this.token);
      reason = "This seat's token was refused: the match's host may have re-issued this seat's invite (ask them for the new link).";
    }
    $("conn").textContent = "closed";
    $("conn").classList.add("bad");
    this.showError(reason);
  }

  async submitTyped() {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      await this.submit(text);
      if (this.input.value.trim() === text) this.input.value = "";
    } catch { /* shown in place */ }
  }

  onResign() {
    if (this.resign.dataset.armed) {
      delete this.resign.dataset.armed;
      this.resign.textContent = "Resign";
      this.act("resign");
      return;
    }
    this.resign.dataset.armed = "1";
    this.resign.textContent = "Click again to resign";
    setTimeout(() => { delete this.resign.dataset.armed; this.resign.textContent = "Resign"; }, 4000);
  }

  async act(type) {
    this.showError("");
    this.refusal.sending(this.frame.view.decision);
    try { await this.live.send({type}); } catch (error) { this.refusal.show(error.message); }
  }

  /** Ask for a rematch (same settings, seats swapped): the server makes it, or gives the one
   *  the opponent already asked for; the opponent's page is offered its own seat's link. */
  async rematch() {
    const box = $("rematch-box");
    try {
      const offer = await api("POST", "/api/matches/" + encodeURIComponent(this.matchId) + "/rematch", undefined, this.token);
      clearInterval(this.rematchTimer);
      this.showRematch(offer);
    } catch (error) {
      fill(box, h("span", {class: "error"}, error.message));
    }
  }
}

/** What has the keyboard focus inside `root` (its data-nav or id, and a text box's caret), to
 *  focus it again once `root` is drawn anew; null when the focus is elsewhere. */
export function focusWithin(root) {
  const el = document.activeElement;
  if (!el || el === root || !root.contains(el)) return null;
  if (el.dataset && el.dataset.nav) return {nav: el.dataset.nav};
  if (!el.id) return null;
  let caret = null;
  try { caret = el.selectionStart === null || el.selectionStart === undefined ? null : [el.selectionStart, el.selectionEnd]; } catch { caret = null; }
  return {id: el.id, caret, input: el.tagName === "INPUT"};
}

/** Focus again what `focusWithin` saw, with the caret where it was: a frame that arrived while
 *  a number was being typed (a real-time game's tick) put the caret before the typed digits, so
 *  "1", a tick, "0" read 01. A number box keeps no caret position: the caret goes to the end,
 *  where typing leaves it. */
export function refocus(root, focus) {
  if (!focus || root.contains(document.activeElement)) return;
  const el = focus.nav ? [...root.querySelectorAll("[data-nav]")].find((e) => e.dataset.nav === focus.nav) : document.getElementById(focus.id);
  if (!el || !root.contains(el) || el.disabled) return;
  el.focus({preventScroll: true});
  if (!focus.input || el.tagName !== "INPUT") return;
  if (focus.caret) {
    try { el.setSelectionRange(focus.caret[0], focus.caret[1]); } catch { /* not a text box */ }
  } else if (el.type === "number") {
    const value = el.value;
    el.value = "";
    el.value = value;
  }
}

/** Scroll `el` into view when it is not (the result banner after a resignation clicked at the
 *  foot of the page). */
function inView(el) {
  const box = el.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({block: "start", behavior: "instant"});
}

export function formatSeconds(left) {
  if (left >= 60) {
    const m = Math.floor(left / 60);
    const sec = Math.floor(left % 60);
    return m + ":" + String(sec).padStart(2, "0");
  }
  return left.toFixed(1) + " s";
}
