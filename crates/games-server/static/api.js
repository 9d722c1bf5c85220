// Everything the page knows about playing, behind one narrow interface, backed by either the
// server (`games serve`: ./api-server.js) or the in-browser library, with no server at all
// (the static site of `games site`: ./api-local.js, whose page says data-backend="local").
//
// Each function returns a Promise and rejects with an ApiError (./api-error.js):
//   catalog()                      the games, levels, formats and opponents offered
//   newGame(options)               {id, token, state}
//   state(id), join(id, name)      the state; {id, token, player, state}
//   play(id, token, move), undo(id, token), redo(id, token), resign(id, token, player?),
//   next(id, token)                the state after the action
//   takeback(id, token, accept)    the opponent's answer to a takeback asked by link: the state
//   propose(id, token, move)       the coach's answer (coaching round)
//   engineMove(id)                 the engine's choice for the side to move: {move, score, pv, depth}
//   subscribe(id, onState, onStatus?)  every state as it changes; returns a function that stops
// `offline` says whether the backend is the in-browser library (no link play, no clock duel).
export { ApiError } from './api-error.js';

const local = document.documentElement.dataset.backend === 'local';
const backend = local ? await import('./api-local.js') : await import('./api-server.js');

export const { offline } = backend;
export const catalog = (...a) => backend.catalog(...a);
export const newGame = (...a) => backend.newGame(...a);
export const state = (...a) => backend.state(...a);
export const join = (...a) => backend.join(...a);
export const play = (...a) => backend.play(...a);
export const undo = (...a) => backend.undo(...a);
export const redo = (...a) => backend.redo(...a);
export const takeback = (...a) => backend.takeback(...a);
export const resign = (...a) => backend.resign(...a);
export const propose = (...a) => backend.propose(...a);
export const next = (...a) => backend.next(...a);
export const engineMove = (...a) => backend.engineMove(...a);
export const subscribe = (...a) => backend.subscribe(...a);
