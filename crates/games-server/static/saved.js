// Saved games, kept in this browser's localStorage (this device only): the game, its start
// and moves, who played, and the result. Loading one starts a new game with the same start,
// replays the moves and puts the same opponent in the other seat.
import { $, el, readJson, writeJson, setStatus } from './dom.js';
import { savedLabel } from './format.js';

export const SAVED_KEY = 'games.saved';

export function savedGames() {
  const list = readJson(SAVED_KEY, []);
  return Array.isArray(list) ? list : [];
}

/** The saved form of a game's state, seen from `side`. */
export function savedEntry(state, side) {
  const engine = (state.seats || []).find((seat) => seat.kind === 'engine');
  return {
    key: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
    game: state.game,
    start: { position: state.start },
    moves: (state.moves || []).map((m) => m.move),
    position: state.position,
    record: state.record,
    opponent: engine ? 'engine' : 'same_device',
    level: engine ? engine.name : null,
    side: side || (state.seats && state.seats[0] && state.seats[0].player),
    result: state.result || null,
    saved_at: new Date().toISOString(),
  };
}

/** Saves the game of `state` first in the list (at most 100 kept). */
export function saveGame(state, side) {
  const entry = savedEntry(state, side);
  const list = savedGames();
  list.unshift(entry);
  if (writeJson(SAVED_KEY, list.slice(0, 100))) {
    setStatus(`Saved on this device: ${entry.moves.length} move${entry.moves.length === 1 ? '' : 's'}.`);
  }
  return entry;
}

/** The options of a new game that replays `entry`. */
export function loadOptions(entry) {
  const options = {
    game: entry.game,
    ...entry.start,
    moves: entry.moves.length ? entry.moves.join(' ') : null,
    opponent: entry.opponent === 'engine' ? 'engine' : 'same_device',
    side: entry.side,
    format: 'casual',
  };
  if (options.opponent === 'engine' && entry.level) options.level = entry.level;
  return options;
}

/** Draws the list; `load(entry)` loads one. */
export function renderSaved(load) {
  const list = savedGames();
  $('saved-empty').hidden = list.length > 0;
  $('saved-list').replaceChildren(...list.map((entry, i) => {
    const label = savedLabel(entry);
    return el('li', { 'data-testid': `saved-${i}`, 'data-key': entry.key }, [
      el('span', { class: 'saved-label', text: label }),
      el('button', { type: 'button', 'data-testid': `load-saved-${i}`, text: 'Load', onclick: () => load(entry) }),
      el('button', {
        type: 'button',
        'data-testid': `delete-saved-${i}`,
        text: 'Delete',
        'aria-label': `Delete ${label}`,
        onclick: () => {
          writeJson(SAVED_KEY, savedGames().filter((e) => e.key !== entry.key));
          renderSaved(load);
          setStatus('Deleted from this device.');
        },
      }),
    ]);
  }));
}
