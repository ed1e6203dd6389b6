// Where other parts of the client add to the shell's pages without the shell naming them.
// `gameOver`: functions called as hook(banner, info) once the game-over banner is drawn, with
// info = {matchId, seat, frame, players}; the banner holds an empty #rating-change for the
// ratings' line (the change of each player's rating, issue 30 point 4).
export const gameOver = [];
