// Kuhn poker's board: your card face up, the opponent's face down until a showdown, the pot,
// the chips, this hand's actions, and one button per legal action. It ships in the game's own
// package (duelhost serves it at boards/kuhn_poker.js), as every game's board does.
import {fill, h} from "../shell/dom.js";

const NAMES = {J: "Jack", Q: "Queen", K: "King"};

function legal(view) {
  return view.actions.includes("bet") && view.actions[view.actions.length - 1] === "bet"
    ? ["call", "fold"] : ["check", "bet"];
}

export function status(view, ctx) {
  const card = view.card ? "You hold the " + NAMES[view.card] + ". " : "";
  return card + "Hand " + (view.hand + 1) + " of " + view.hands + ": " + legal(view).join(" or ") + "?";
}

export function render(root, view, ctx) {
  const me = ctx.seat === null ? 0 : ctx.seat;
  const canAct = ctx.mustAct && !ctx.submitted && !ctx.replay;
  const act = async (word) => {
    if (!canAct) return;
    try { await ctx.submit(word); } catch { /* the shell shows the refusal */ }
    ctx.redraw();
  };
  const card = (face, label) => h("div", {class: "card", "aria-label": label},
    h("span", {class: "v"}, face ?? "?"));
  fill(root,
    h("div", {class: "kuhn", id: "kuhn"},
      h("p", {}, "Hand " + (view.hand + 1) + " of " + view.hands + " · pot " + view.pot +
        " · chips: you " + view.chips[me] + ", opponent " + view.chips[1 - me]),
      h("div", {class: "hand"},
        card(view.card, view.card ? "your card: " + NAMES[view.card] : "no card"),
        card(null, "the opponent's card, face down")),
      h("p", {class: "small muted"}, view.actions.length ? "This hand: " + view.actions.join(", ") : "No action yet this hand."),
      h("div", {class: "buttons"}, legal(view).map((word) =>
        h("button", {type: "button", "data-action": word, disabled: !canAct, onclick: () => act(word)}, word)))));
}
