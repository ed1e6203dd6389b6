// Loads a game's board module (web/boards/<board>.js). A game without one (or whose module
// fails to load) gets the text board: the game's own text rendering plus the typed input.
import * as text from "../boards/text.js";

const cache = new Map();

export async function loadBoard(name, exists = true) {
  if (!exists || !/^[a-z0-9_]+$/.test(name || "")) return text;
  if (!cache.has(name)) {
    cache.set(name, import("../boards/" + name + ".js").catch((error) => {
      console.warn("board " + name + " did not load; using the text board", error);
      return text;
    }));
  }
  return cache.get(name);
}
