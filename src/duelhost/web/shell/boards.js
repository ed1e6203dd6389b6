// Loads a game's board module (served at boards/<board>.js from the game's own package) and
// its styles (boards/<board>.css) when the game ships them. A game without a board (or whose
// module fails to load) gets the text board: the game's own text rendering plus typed input.
import * as text from "../boards/text.js";

const cache = new Map();

function loadStyles(name) {
  const id = "board-css-" + name;
  if (document.getElementById(id)) return;
  const link = document.createElement("link");
  link.id = id;
  link.rel = "stylesheet";
  link.href = "/static/boards/" + name + ".css";
  document.head.appendChild(link);
}

export async function loadBoard(name, exists = true, css = false) {
  if (!exists || !/^[a-z0-9_]+$/.test(name || "")) return text;
  if (css) loadStyles(name);
  if (!cache.has(name)) {
    cache.set(name, import("../boards/" + name + ".js").catch((error) => {
      console.warn("board " + name + " did not load; using the text board", error);
      return text;
    }));
  }
  return cache.get(name);
}
