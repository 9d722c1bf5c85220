// The page's interface (./api.js) backed by the server (`games serve`): the JSON API and the
// game's WebSocket. Errors reject with an ApiError whose message is the server's
// `{"error": ...}` text and whose `status` is the HTTP status (0 for a network failure).
import { ApiError } from './api-error.js';

/** Everything works here: link play, clock duels, Litama. */
export const offline = false;

async function request(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(`the server cannot be reached (${err.message})`, 0);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string' ? data.error : `HTTP ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

/** The games, their players, levels, formats and start options. */
export function catalog() {
  return request('GET', '/api/catalog');
}

/** Creates a game: `{game, cards?, position?, moves?, opponent, level, side, format, time_control?, name?}`.
 *  Resolves to `{id, token, state}`. Empty or null fields are left out. */
export function newGame(options) {
  const body = {};
  for (const [key, value] of Object.entries(options || {})) {
    if (value !== null && value !== undefined && value !== '') body[key] = value;
  }
  return request('POST', '/api/games', body);
}

/** The state of a game. */
export function state(id) {
  return request('GET', game(id));
}

/** Takes the open seat of a game shared by link: `{id, token, state}`. */
export function join(id, name) {
  return request('POST', `${game(id)}/join`, name ? { name } : {});
}

/** Plays a move in the game's notation; resolves to the state after it (and any forced turns). */
export function play(id, token, move) {
  return request('POST', `${game(id)}/moves`, { token, move });
}

/** Takes back one complete turn (the server decides how far); resolves to the state. */
export function undo(id, token) {
  return request('POST', `${game(id)}/undo`, { token });
}

/** Answers the takeback the opponent asked for in a game shared by link (`accept`: take the
 *  turn back). Resolves to the state. */
export function takeback(id, token, accept) {
  return request('POST', `${game(id)}/takeback`, { token, accept });
}

/** Plays again what undo took back. */
export function redo(id, token) {
  return request('POST', `${game(id)}/redo`, { token });
}

/** Resigns (for `player`, when one token plays both seats). */
export function resign(id, token, player) {
  return request('POST', `${game(id)}/resign`, player ? { token, player } : { token });
}

/** Coaching round: what a candidate move allows the opponent. Nothing is played. */
export function propose(id, token, move) {
  return request('POST', `${game(id)}/propose`, { token, move });
}

/** Mirror match: starts the second game. */
export function next(id, token) {
  return request('POST', `${game(id)}/next`, { token });
}

/** The engine's choice for the side to move: `{move, score, pv, depth}`. */
export function engineMove(id) {
  return request('GET', `${game(id)}/hint`);
}

/** Calls `onState(state)` with every state the server pushes for the game (at once, then after
 *  every change), reconnecting when the connection drops. `onStatus(connected)` is told about
 *  the connection. Returns a function that stops the subscription. */
export function subscribe(id, onState, onStatus) {
  let socket = null;
  let stopped = false;
  let retry = 500;
  let timer = null;
  const open = () => {
    if (stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}${game(id)}/ws`);
    socket.addEventListener('open', () => {
      retry = 500;
      if (onStatus) onStatus(true);
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === 'state' && message.state) onState(message.state);
    });
    socket.addEventListener('close', () => {
      if (onStatus) onStatus(false);
      if (stopped) return;
      timer = setTimeout(open, retry);
      retry = Math.min(retry * 2, 10000);
    });
    socket.addEventListener('error', () => {
      // 'close' follows and reconnects.
    });
  };
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (socket) socket.close();
  };
}
