// The text board: the game's own text rendering of the view. It is the fallback for a game
// without a graphical board; moves are then typed (or picked from the legal list).
import {fill, h} from "../shell/dom.js";

export const fallback = true;

export function render(root, view, ctx) {
  fill(root,
    h("p", {class: "small muted", id: "no-board"}, "This game has no graphical board yet: below is the game's own text view; moves are typed in its notation or picked from the list."),
    h("pre", {class: "text", id: "textview"}, ctx.text ?? JSON.stringify(view, null, 1)));
}

export function status(view, ctx) {
  return "Your turn: type your move below, or pick one from the list.";
}
