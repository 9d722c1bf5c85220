// The page's interface (./api.js) with no server: the games are played by the in-browser
// library (the npm package @kamisado-onitama/games in ./pkg/), the engine searches in a Web
// Worker (./engine-worker.js) so that the page stays responsive, and every game is kept in this
// browser's localStorage so that a reload (or a visit offline) finds it again. Against the
// engine or two people on one device; link play, the clock duel and Litama need the server.
import init, { Game, catalog as libraryCatalog } from './pkg/games.js';
import { ApiError } from './api-error.js';

/** The backend is the in-browser library. */
export const offline = true;

const STORE_KEY = 'games.local';
const KEPT_GAMES = 20;
/** How long the engine thinks about its move, and about a hint. */
const ENGINE_TIME_MS = 1000;
const HINT_TIME_MS = 500;
const TOKEN = 'this-device';

await init();

// ---------------------------------------------------------------- the engine's worker

let worker = null;
let nextRequest = 1;
const requests = new Map();

function engineWorker() {
  if (worker) return worker;
  worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event) => {
    const { id, result, error } = event.data;
    const request = requests.get(id);
    if (!request) return;
    requests.delete(id);
    if (error) request.reject(new ApiError(error, 400));
    else request.resolve(result);
  });
  worker.addEventListener('error', (event) => {
    for (const request of requests.values()) request.reject(new ApiError(`the engine stopped: ${event.message}`, 500));
    requests.clear();
    worker = null;
  });
  return worker;
}

/** Searches `game`'s position with the engine `spec` in the worker. */
function search(game, spec, timeMs) {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    requests.set(id, { resolve, reject });
    engineWorker().postMessage({
      id, game: game.game, record: game.record(), spec, timeMs, seed: Math.floor(Math.random() * 2 ** 32),
    });
  });
}

// ---------------------------------------------------------------- the games of this device

const games = new Map();

function readStore() {
  try {
    const value = JSON.parse(localStorage.getItem(STORE_KEY));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function persist(id, entry) {
  const store = readStore();
  store[id] = { options: entry.options, record: entry.game.record(), at: Date.now() };
  const ids = Object.keys(store).sort((a, b) => store[b].at - store[a].at);
  for (const old of ids.slice(KEPT_GAMES)) delete store[old];
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // Full or refused: the game goes on in memory.
  }
}

function refused(err, status = 400) {
  return err instanceof ApiError ? err : new ApiError(err && err.message ? err.message : String(err), status);
}

/** The game `id`, from memory or from this browser's storage. */
function entryOf(id) {
  let entry = games.get(id);
  if (entry) return entry;
  const saved = readStore()[id];
  if (!saved) throw new ApiError(`no game ${id} on this device`, 404);
  const { game, opponent, level, side, format, name } = saved.options;
  // A mirror match comes back as its current game only (the record holds one game).
  const kept = new Game({
    game, record: saved.record, opponent, level, side, name, format: format === 'mirror_match' ? 'casual' : format,
  });
  entry = { game: kept, options: saved.options, version: 1, thinking: false, listeners: new Set() };
  games.set(id, entry);
  engineTurn(id, entry);
  return entry;
}

function stateOf(id, entry) {
  const state = entry.game.state();
  state.id = id;
  state.version = entry.version;
  state.thinking = entry.thinking;
  return state;
}

function notify(id, entry) {
  const state = stateOf(id, entry);
  for (const listener of entry.listeners) listener(state);
}

/** After every change: count it, keep it, tell the subscribers, let the engine move. */
function changed(id, entry) {
  entry.version += 1;
  persist(id, entry);
  engineTurn(id, entry);
  notify(id, entry);
}

/** If the engine's seat is to move, searches in the worker and plays its move, unless the game
 *  changed meanwhile (an undo): then it thinks again about the new position. */
function engineTurn(id, entry) {
  const spec = entry.game.engineToMove();
  if (!spec || entry.thinking) return;
  entry.thinking = true;
  const version = entry.version;
  search(entry.game, spec, ENGINE_TIME_MS).then((result) => {
    entry.thinking = false;
    if (entry.version !== version) {
      engineTurn(id, entry);
      notify(id, entry);
      return;
    }
    entry.game.play(result.best);
    changed(id, entry);
  }, (err) => {
    entry.thinking = false;
    console.error(`the engine failed: ${err.message}`);
    notify(id, entry);
  });
}

function act(id, action) {
  const entry = entryOf(id);
  try {
    action(entry.game);
  } catch (err) {
    throw refused(err, /over|nothing to/.test(err.message) ? 409 : 400);
  }
  changed(id, entry);
  return stateOf(id, entry);
}

const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');

// ---------------------------------------------------------------- the interface

export async function catalog() {
  return libraryCatalog();
}

export async function newGame(options) {
  const given = {};
  for (const [key, value] of Object.entries(options || {})) {
    if (value !== null && value !== undefined && value !== '' && key !== 'time_control') given[key] = value;
  }
  let game;
  try {
    game = new Game(given);
  } catch (err) {
    throw refused(err);
  }
  const id = `local-${hex(8)}`;
  const entry = { game, options: given, version: 1, thinking: false, listeners: new Set() };
  games.set(id, entry);
  persist(id, entry);
  engineTurn(id, entry);
  return { id, token: TOKEN, state: stateOf(id, entry) };
}

export async function state(id) {
  return stateOf(id, entryOf(id));
}

export async function join() {
  throw new ApiError('a game by link needs the server (games serve): this page plays on this device only', 409);
}

export async function play(id, token, move) {
  return act(id, (game) => game.play(move));
}

export async function undo(id) {
  return act(id, (game) => game.undo());
}

export async function takeback() {
  throw new ApiError('no takeback is asked: on one device, undo takes the turn back at once', 409);
}

export async function redo(id) {
  return act(id, (game) => game.redo());
}

export async function resign(id, token, player) {
  return act(id, (game) => game.resign(player || undefined));
}

export async function next(id) {
  return act(id, (game) => game.nextGame());
}

export async function propose(id, token, move) {
  const entry = entryOf(id);
  try {
    return entry.game.propose(move);
  } catch (err) {
    throw refused(err);
  }
}

export async function engineMove(id) {
  const entry = entryOf(id);
  if (entry.game.isOver()) throw new ApiError(`the game is over: ${entry.game.state().result}`, 409);
  const seat = entry.game.state().seats.find((s) => s.kind === 'engine');
  const result = await search(entry.game, seat ? seat.name : 'max', HINT_TIME_MS);
  return { move: result.best, score: result.score, pv: result.pv, depth: result.depth };
}

export function subscribe(id, onState, onStatus) {
  let entry;
  try {
    entry = entryOf(id);
  } catch {
    if (onStatus) onStatus(false);
    return () => {};
  }
  entry.listeners.add(onState);
  if (onStatus) onStatus(true);
  queueMicrotask(() => onState(stateOf(id, entry)));
  return () => entry.listeners.delete(onState);
}
