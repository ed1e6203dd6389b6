// The replay viewer (/replay/<id>, or /replay with a downloaded record file): step through a
// finished match on its board with a slider or the arrow keys, as seat 0 saw it, as seat 1 saw
// it, as a spectator saw it, or the truth (both seats' views and every submission's text).
// With a match id it also asks for the match's analysis (GET /api/matches/<id>/analysis, made
// by the server in the background: 202 while it is being made) and, once it is there, shows a
// bar per move: a <meter> of the value the submission gave up (0 to 2), with the position's
// value before and after and the best move found in its title (no inline style: CSP-safe).
import {api} from "./api.js";
import {fill, h} from "./dom.js";
import {loadBoard} from "./boards.js";
import {plainReason, resultSentence} from "./events.js";

const PERSPECTIVES = [["0", "as seat 0 saw it"], ["1", "as seat 1 saw it"], ["spectator", "spectator"], ["truth", "the truth"]];

export async function replayPage(app, matchId) {
  const games = await api("GET", "/api/lobby").catch(() => []);
  window.duelhost = {renders: 0, frame: null};
  if (matchId) {
    document.getElementById("title").textContent = "replay of match " + matchId;
    try {
      const url = "/api/matches/" + encodeURIComponent(matchId) + "/replay";
      const data = await allPages((from) => api("GET", url + "?from=" + from));
      await show(app, data, games);
    } catch (error) {
      fill(app, h("p", {class: "error", id: "replay-error"}, error.message), filePicker(app, games));
    }
    return;
  }
  document.getElementById("title").textContent = "replay a record file";
  fill(app, h("h1", {}, "Replay a match record"), filePicker(app, games));
}

/** A replay comes a page of steps at a time (`next`: the first step of the next page, null
 *  on the last): ask for each in turn and join their steps. */
async function allPages(ask) {
  const data = await ask(0);
  for (let from = data.next; from !== null && from !== undefined; ) {
    const more = await ask(from);
    data.steps.push(...more.steps);
    from = more.next;
  }
  return data;
}

function filePicker(app, games) {
  const error = h("div", {class: "error", id: "file-error"});
  const input = h("input", {type: "file", id: "record-file", accept: ".json,application/json"});
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      const data = await allPages((from) => api("POST", "/api/replay?from=" + from, record));
      await show(app, data, games);
    } catch (e) {
      error.textContent = e.message;
    }
  });
  return h("p", {}, h("label", {for: "record-file"}, "A record file (downloaded at the end of a match): "), input, error);
}

async function show(app, data, games) {
  const game = games.find((g) => g.name === data.game);
  const seatNames = game ? game.seat_names.map((n, i) => (n === "seat " + i ? n : n + " (seat " + i + ")")) : ["seat 0", "seat 1"];
  // Who held the seats, by name (issue 30), where the record says.
  const names = seatNames.map((n, i) => (data.players && data.players[i] ? data.players[i].name + (data.players[i].guest ? " (guest)" : "") : n));
  if (data.players && data.players.some(Boolean)) {
    const title = document.getElementById("title");
    title.textContent += " · " + names.join(" v ");
  }
  const board = await loadBoard(data.board, data.has_board, data.board_css);
  document.documentElement.dataset.board = data.board;  // board-specific colours (CSS)
  const last = data.steps.length - 1;
  const state = {step: last, who: "0"};
  const slider = h("input", {type: "range", id: "slider", min: 0, max: last, value: last, "aria-label": "step"});
  const where = h("span", {class: "num", id: "where"});
  const seg = h("span", {class: "seg", role: "group", "aria-label": "whose view"},
    PERSPECTIVES.map(([key, label]) => h("button", {type: "button", "data-who": key, "aria-pressed": key === state.who ? "true" : "false", onclick: () => { state.who = key; draw(); }}, label)));
  const stage = h("div", {id: "stage"});
  const entries = h("ul", {class: "log", id: "entries"});
  const analysisNote = h("p", {class: "muted", id: "analysis-status"}, data.match ? "analysis: asking the server…" : "");
  const notes = new Map();  // history index -> the analysis note of that entry
  const firstEntry = [];    // index in the history of each step's first entry
  let counted = 0;
  for (const step of data.steps) { firstEntry.push(counted); counted += step.entries.length; }
  const log = h("ul", {class: "log", id: "replay-log"});
  const go = (step) => { state.step = Math.max(0, Math.min(last, step)); draw(); };
  slider.addEventListener("input", () => go(Number(slider.value)));
  fill(app,
    h("div", {class: "status", id: "status"}, (game ? game.title : data.game) + ": " + (data.complete ? resultSentence(data.result, null, names) : "the record stops before the end")),
    h("div", {class: "replaybar"},
      h("button", {type: "button", id: "prev", onclick: () => go(state.step - 1), "aria-label": "previous step"}, "◀"),
      slider,
      h("button", {type: "button", id: "next", onclick: () => go(state.step + 1), "aria-label": "next step"}, "▶"),
      where, seg),
    h("div", {class: "layout"},
      h("section", {class: "board-area"}, stage),
      h("aside", {class: "side"},
        h("section", {class: "panel"}, h("h3", {}, "Submissions of this step"), entries, analysisNote),
        h("section", {class: "panel"}, h("h3", {}, "What happened"), log),
        h("section", {class: "panel"}, data.match ? h("a", {href: "/api/matches/" + data.match + "/record", download: data.match + ".json"}, "Download the record") : null,
          " · ", h("a", {href: "/"}, "Lobby")))));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (event.key === "ArrowLeft") { event.preventDefault(); go(state.step - 1); }
    if (event.key === "ArrowRight") { event.preventDefault(); go(state.step + 1); }
    if (event.key === "Home") { event.preventDefault(); go(0); }
    if (event.key === "End") { event.preventDefault(); go(last); }
  });

  const ctxFor = (seat, step, index) => ({
    seat, names, mustAct: false, submitted: false, pending: step.views[index].pending ?? null, legal: null, legalComplete: true,
    orders: null, over: step.views[index].is_over, replay: true, reference: data.reference ?? null, text: step.texts[index], clock: null,
    now: () => Date.now() / 1000, local: {}, redraw: () => draw(), submit: async () => { throw new Error("a replay cannot act"); }, error: () => {},
  });

  function draw() {
    const step = data.steps[state.step];
    slider.value = String(state.step);
    where.textContent = "step " + state.step + " of " + last + " · decision " + step.decision;
    for (const button of seg.querySelectorAll("button")) button.setAttribute("aria-pressed", button.dataset.who === state.who ? "true" : "false");
    const started = performance.now();
    if (state.who === "truth") {
      const left = h("div", {class: "board", "data-seat": 0});
      const right = h("div", {class: "board", "data-seat": 1});
      board.render(left, step.views[0], ctxFor(0, step, 0));
      board.render(right, step.views[1], ctxFor(1, step, 1));
      fill(stage, h("div", {class: "truth"}, h("div", {}, h("div", {class: "section-title"}, "Seat 0 knew"), left), h("div", {}, h("div", {class: "section-title"}, "Seat 1 knew"), right)));
    } else {
      const index = state.who === "spectator" ? 2 : Number(state.who);
      const root = h("div", {class: "board", id: "board"});
      board.render(root, step.views[index], ctxFor(index === 2 ? null : index, step, index));
      fill(stage, root);
    }
    quiet(stage);
    window.duelhost.lastRenderMs = performance.now() - started;
    window.duelhost.renders += 1;
    window.duelhost.step = state.step;
    if (window.duelhost.interactiveAt === undefined) window.duelhost.interactiveAt = performance.now();  // ms since navigation
    // Submissions are shown with their texts: the match is over, nothing is secret any more.
    fill(entries, step.entries.length ? step.entries.map((e, k) => h("li", {},
      names[e.seat] + (e.kind === "submit" ? ": " + e.text : e.kind === "timeout" ? " timed out" : " resigned"),
      moveBar(notes.get(firstEntry[state.step] + k)))) : [h("li", {class: "muted"}, "none (the start)")]);
    const lines = [];
    for (const s of data.steps.slice(0, state.step + 1)) for (const e of s.events) if (e.line) lines.push(plainReason(e.line));
    fill(log, lines.slice(-150).reverse().map((line) => h("li", {}, line)));
  }
  draw();
  if (data.match) loadAnalysis(data.match, notes, analysisNote, draw);
}

/** Poll the match's analysis until it is made (202 while computing, with the notes made so
 *  far: each shown as soon as it is made), redrawing as notes come. */
async function loadAnalysis(matchId, notes, status, redraw) {
  const url = "/api/matches/" + encodeURIComponent(matchId) + "/analysis";
  for (let tries = 0; tries < 300; tries++) {
    let answer;
    try {
      answer = await api("GET", url);
    } catch (error) {
      status.textContent = "analysis: " + error.message;
      return;
    }
    if (answer.status === "done") {
      for (const note of answer.notes) notes.set(note.entry, note);
      const methods = [...new Set(answer.notes.map((n) => n.method).filter((m) => m))];
      status.textContent = "analysis (" + (methods.join(", ") || "none") + "): each bar is the value a move gave up, 0 to 2";
      window.duelhost.analysis = answer.notes.length;
      redraw();
      return;
    }
    // The notes made so far are shown at once; the rest come with the next answers.
    const before = notes.size;
    for (const note of answer.notes || []) notes.set(note.entry, note);
    status.textContent = "analysis: being made (" + answer.done + " of " + answer.total + "; the moves valued so far are shown)";
    window.duelhost.analysisSoFar = notes.size;
    if (notes.size > before) redraw();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The bar of one analysed move: what it gave up (0: as good as the best), with details. */
function moveBar(note) {
  if (!note || note.gave_up === null || note.gave_up === undefined) return null;
  const sign = (x) => (x === null || x === undefined ? "?" : (x >= 0 ? "+" : "") + x.toFixed(2));
  const title = "gave up " + note.gave_up.toFixed(3) + " · value " + sign(note.value) + " → " + sign(note.after) +
    (note.best ? " · best: " + note.best : "") + " · " + note.method;
  return h("span", {class: "movebar"}, " ",
    h("meter", {class: "gave-up", min: 0, max: 2, low: 0.05, high: 0.5, optimum: 0, value: note.gave_up, title, "aria-label": title}),
    " ", h("span", {class: "num muted"}, note.gave_up < 0.005 ? "0" : "−" + note.gave_up.toFixed(2)));
}

/** A replay offers nothing to click on its boards: every control a board drew is disabled and
 *  the boards are inert (no clicks, no focus), so nothing invites an action that cannot be
 *  taken (issue 32 point 4). The step controls live outside the stage. */
function quiet(stage) {
  for (const board of stage.querySelectorAll(".board")) board.inert = true;
  for (const el of stage.querySelectorAll("button, input, select, textarea")) el.disabled = true;
  for (const el of stage.querySelectorAll("[role=button]")) el.removeAttribute("role");
}
