// The page's state and its one writer: `update` changes it and renders, `receive` takes a
// game state from the backend. Other modules read `page` and the derived facts below.

export const page = {
  catalog: null, // the backend's catalog (games, levels, formats, opponents)
  id: null,
  token: null,
  side: null, // the viewer's seat (player id), null for a spectator
  seat: null, // the index of the viewer's seat in state.seats
  opponent: null, // engine, same_device or link
  state: null,
  receivedAt: 0,
  selected: null, // a square
  selectedCard: null, // Onitama
  ambiguous: null, // Onitama: a destination two cards reach
  hint: null, // {move, text}
  pending: null, // coaching: {move, answer} waiting for "play it"
  flipped: false, // the viewer turned the board by hand
};

let renderer = () => {};
let onNewMoves = () => {};

/** Sets what renders the page, and what announces moves that arrived (forced turns). */
export function onRender(render, announce) {
  renderer = render;
  if (announce) onNewMoves = announce;
}

/** The one writer: changes the page state, then renders. */
export function update(patch = {}) {
  Object.assign(page, patch);
  if (page.state) renderer();
}

/** A state from the backend (an answer or a push). An older version is ignored; a new
 *  position clears the selection, the hint and a pending candidate. */
export function receive(state) {
  if (!state) return;
  const old = page.state;
  if (old && state.id === old.id && typeof state.version === 'number'
      && typeof old.version === 'number' && state.version < old.version) {
    return;
  }
  const changed = !old || old.id !== state.id || old.position !== state.position
    || (old.moves || []).length !== (state.moves || []).length
    || !!old.outcome !== !!state.outcome || old.to_move !== state.to_move
    || JSON.stringify(old.mirror) !== JSON.stringify(state.mirror);
  const patch = { state, receivedAt: performance.now() };
  // A mirror match swaps the sides in its second game: the seat stays, its player changes.
  if (page.seat !== null && page.seat !== undefined && state.seats && state.seats[page.seat]) {
    patch.side = state.seats[page.seat].player;
  }
  if (changed) Object.assign(patch, { selected: null, selectedCard: null, ambiguous: null, hint: null, pending: null });
  update(patch);
  if (changed) onNewMoves(old, state);
}

/** The catalog's entry of a game. */
export function gameInfo(name) {
  return ((page.catalog && page.catalog.games) || []).find((g) => g.name === name) || null;
}

export const over = () => !!(page.state && (page.state.outcome || page.state.result));

export function seatOf(player) {
  return ((page.state && page.state.seats) || []).find((seat) => seat.player === player);
}

/** Whether the viewer may move now. */
export function canAct() {
  const st = page.state;
  if (!st || !page.token || over() || st.thinking) return false;
  const seat = seatOf(st.to_move);
  if (seat && seat.kind === 'engine') return false;
  if (page.opponent === 'same_device') return true;
  return st.to_move === page.side;
}

/** The legal moves in parts, when the viewer may move. */
export function legal() {
  return canAct() ? page.state.legal || [] : [];
}

/** A move of the state (legal or just played) in parts, by its text. */
export function partsOf(text) {
  if (!text || !page.state) return null;
  const st = page.state;
  return (st.legal || []).find((m) => m.move === text)
    || (st.moves || []).find((m) => m.move === text) || null;
}

/** The player drawn at the bottom: the viewer's side unless the board is turned by hand. */
export function bottomPlayer() {
  const st = page.state;
  const info = gameInfo(st.game);
  const players = (info && info.players) || (st.seats || []).map((s) => s.player);
  const top = info && info.board ? info.board.top : players[1];
  const bottom = players.find((p) => p !== top) || players[0];
  const viewerAtTop = page.side === top;
  return viewerAtTop !== page.flipped ? top : bottom;
}
