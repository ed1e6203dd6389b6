// Live thumbnails of an event's boards (the audience's page and the host's console): each
// game's own board module (the one of the watch page) draws the spectator's view the server
// sends (`GET /api/events/{id}/boards?views=true`, as it was the spectator delay ago) into a
// detached element; its drawings (SVG, scaled by their viewBox) are the thumbnail. A board
// drawn without SVG is shown whole, scaled down; a game without a board module shows its text
// view. A thumbnail is drawn again only when its board's view changed (kept by match), so the
// polling pages never flicker. Nothing in a thumbnail can be clicked but the link around it.
import {api} from "./api.js";
import {loadBoard} from "./boards.js";
import {h} from "./dom.js";

let gamesList = null;
const modules = new Map();
let current = null;  // the board module of the event's game (an event plays one game)
const drawn = new Map();  // match id -> {key, el}

/** Load the board module of the event's game (once); the thumbnails of its boards need it. */
export async function prepare(game) {
  if (modules.has(game)) { current = modules.get(game); return; }
  gamesList ??= api("GET", "/api/lobby").catch(() => []);  // each game with its board module
  const info = (await gamesList).find((g) => g.name === game);
  const board = info ? info.board : game;
  // The game's own colours (a game that names its seats by a colour ships them).
  document.documentElement.dataset.board = board;
  modules.set(game, await loadBoard(board, info ? info.has_board : false, info ? info.board_css : false));
  current = modules.get(game);
}

function spectatorCtx(board, names) {
  const view = board.view || {};
  return {
    seat: null, names, mustAct: false, submitted: false, pending: null, legal: null, legalComplete: true,
    orders: null, over: Boolean(board.over), replay: true, reference: null, text: board.thumbnail ?? "",
    clock: null, now: () => Date.now() / 1000, local: {}, unsent: null, redraw: () => {},
    submit: async () => { throw new Error("a thumbnail cannot act"); }, error: () => {}, thumbnail: true,
    decision: view.decision,
  };
}

/** The drawings of a rendered board worth a thumbnail: its SVGs, not its small icons. */
function drawings(root) {
  return [...root.querySelectorAll("svg")].filter((svg) => {
    if (svg.parentElement && svg.parentElement.closest("svg")) return false;
    const width = Number(svg.getAttribute("width") || 0);
    return !width || width > 40;
  });
}

function quiet(el) {
  // Ids, focus and clicks stay with the page's own elements.
  for (const node of el.querySelectorAll("[id]")) node.removeAttribute("id");
  for (const node of el.querySelectorAll("[tabindex], button, a, input, select")) node.setAttribute("tabindex", "-1");
  el.setAttribute("inert", "");
  return el;
}

function draw(board, names) {
  const module = current;
  if (!module || !board.view || module.fallback) {
    return h("pre", {class: "thumb text"}, board.thumbnail || "");
  }
  const scratch = h("div", {class: "board"});
  try {
    module.render(scratch, board.view, spectatorCtx(board, names));
  } catch (error) {
    console.warn("thumbnail of " + board.match + " not drawn", error);
    return h("pre", {class: "thumb text"}, board.thumbnail || "");
  }
  const svgs = drawings(scratch);
  if (svgs.length) {
    return quiet(h("div", {class: "thumb drawn", "aria-hidden": "true"}, svgs.slice(0, 3).map((svg) => {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      // As wide as the card, at most about 48 px a row of the drawing's units (a strip of
      // one galaxy stays a strip, not a poster).
      const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
      const rows = box.length === 4 && box[3] > 0 ? box[3] : 4;
      svg.classList.add("thumb-svg", rows <= 1.5 ? "rows-1" : rows <= 4 ? "rows-3" : "rows-many");
      return svg;
    })));
  }
  return quiet(h("div", {class: "thumb whole", "aria-hidden": "true"}, h("div", {class: "thumb-scale"}, scratch)));
}

/** The live thumbnail of one board (the same element while its view is unchanged). */
export function thumbnail(board, names) {
  const key = JSON.stringify([board.view ?? board.thumbnail ?? null, names]);
  const kept = drawn.get(board.match);
  if (kept && kept.key === key) return kept.el;
  const el = draw(board, names);
  drawn.set(board.match, {key, el});
  return el;
}

/** Forget the thumbnails of boards no longer shown. */
export function keepOnly(matches) {
  const shown = new Set(matches);
  for (const match of drawn.keys()) if (!shown.has(match)) drawn.delete(match);
}
