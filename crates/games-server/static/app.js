// The page: entering and leaving games, the head (title, turn, outcome, repetitions, mirror
// match, link), the controls, the move list, the record, the coach and the clocks, and the
// actions. The boards, the setup form, the saved games, the page state and the formatting
// live in their own modules; everything about the backend (the server, or the in-browser
// library offline) goes through ./api.js.
import * as api from './api.js';
import { $, el, setStatus, showError, readJson, writeJson } from './dom.js';
import {
  cap, FORMAT_NAMES, formatClock, moveWords, forcedWords, playedWords, hintWords, repetitionWords,
  mirrorWords, playerLabel, coachLines,
} from './format.js';
import { page, update, receive, onRender, over, seatOf, canAct, gameInfo } from './state.js';
import { boardKeys } from './board.js';
import { renderKamisado } from './kamisado-board.js';
import { renderOnitama } from './onitama-board.js';
import { renderGeneric } from './generic-board.js';
import { buildSetup, updateSetup, formOptions } from './setup.js';
import { SAVED_KEY, saveGame, loadOptions, renderSaved } from './saved.js';

const SEATS_KEY = 'games.seats';
const BOARDS = { kamisado: renderKamisado, onitama: renderOnitama };

let unsubscribe = null;

// ---------------------------------------------------------------- seats kept on this device

function seatStore() {
  return readJson(SEATS_KEY, {});
}

function rememberSeat(id, seat) {
  const seats = seatStore();
  seats[id] = { ...seat, at: Date.now() };
  const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at);
  for (const old of ids.slice(50)) delete seats[old];
  writeJson(SEATS_KEY, seats);
}

function seatIndex(state, side) {
  const seats = (state && state.seats) || [];
  const index = seats.findIndex((seat) => seat.player === side);
  return index >= 0 ? index : null;
}

// ---------------------------------------------------------------- entering and leaving a game

async function createGame(options) {
  setStatus('Starting the game…');
  try {
    const created = await api.newGame(options);
    const side = options.side || gameInfo(options.game).players[0];
    const seat = seatIndex(created.state, side);
    rememberSeat(created.id, { token: created.token, side, seat, opponent: options.opponent });
    enterGame(created.id, created.token, side, options.opponent, created.state, seat);
    setStatus(options.opponent === 'link' ? 'Game created: send the link to your opponent.' : 'Game started.');
    return true;
  } catch (err) {
    showError(err);
    return false;
  }
}

function enterGame(id, token, side, opponent, state, seat = null) {
  if (unsubscribe) unsubscribe();
  update({
    id, token, side, seat, opponent, state: null, selected: null, selectedCard: null,
    ambiguous: null, hint: null, pending: null, flipped: false,
  });
  const url = new URL(location.href);
  url.search = `?game=${encodeURIComponent(id)}`;
  history.replaceState(null, '', url);
  $('setup').hidden = true;
  $('game').hidden = false;
  $('new-game').hidden = false;
  if (state) receive(state);
  unsubscribe = api.subscribe(id, receive);
}

function leaveGame() {
  if (unsubscribe) unsubscribe();
  unsubscribe = null;
  update({ id: null, state: null, seat: null });
  const url = new URL(location.href);
  url.search = '';
  history.replaceState(null, '', url);
  $('game').hidden = true;
  $('setup').hidden = false;
  $('new-game').hidden = true;
  setStatus('');
}

async function openFromLink(id) {
  const known = seatStore()[id];
  if (known && known.token) {
    try {
      const state = await api.state(id);
      enterGame(id, known.token, known.side, known.opponent, state, known.seat ?? seatIndex(state, known.side));
      setStatus('Welcome back to your game.');
    } catch (err) {
      showError(err);
    }
    return;
  }
  let before = null;
  try {
    before = await api.state(id);
  } catch (err) {
    showError(err);
    return;
  }
  const openIndex = (before.seats || []).findIndex((seat) => seat.kind === 'person' && !seat.joined);
  const open = openIndex >= 0 ? before.seats[openIndex] : null;
  try {
    const joined = await api.join(id, $('setup-name').value.trim());
    const side = joined.player || (open && open.player) || null;
    const seat = openIndex >= 0 ? openIndex : seatIndex(joined.state, side);
    rememberSeat(id, { token: joined.token, side, seat, opponent: 'link' });
    enterGame(id, joined.token, side, 'link', joined.state, seat);
    setStatus(`You joined the game${side ? ` as ${cap(side)}` : ''}.`);
  } catch (err) {
    // The seat is taken (409) or cannot be joined: watch the game.
    enterGame(id, null, null, 'link', before);
    setStatus(`You are watching this game (${err.message}).`, err.status === 409 ? 'info' : 'error');
  }
}

/** Announces the forced turns among moves that arrived (a push, an engine's reply). */
function announceForced(old, state) {
  const moves = state.moves || [];
  const before = old && old.id === state.id ? (old.moves || []).length : moves.length;
  const forced = moves.slice(before).filter((m) => m.forced);
  if (forced.length) setStatus(forced.map(forcedWords).join(' '));
}

// ---------------------------------------------------------------- rendering

function render() {
  const st = page.state;
  if (!st) return;
  document.body.dataset.game = st.game;
  const game = $('game');
  game.dataset.game = st.game;
  game.dataset.version = st.version;
  game.dataset.over = over() ? 'true' : 'false';
  game.dataset.position = st.position || '';
  game.dataset.moves = String((st.moves || []).length);
  game.dataset.side = page.side || '';
  game.dataset.thinking = st.thinking ? 'true' : 'false';
  renderHead();
  (BOARDS[st.game] || renderGeneric)(submitMove);
  renderControls();
  renderMoves();
  $('record').value = st.record || '';
  renderCoach();
  renderClocks();
}

function viewerOf(player) {
  const mine = !!page.token && player === page.side;
  return { mine, here: !!page.token && page.opponent === 'same_device' && !mine };
}

function renderHead() {
  const st = page.state;
  const players = (gameInfo(st.game) || {}).players || (st.seats || []).map((s) => s.player);
  const labels = players.map((p) => playerLabel(p, seatOf(p), viewerOf(p)));
  $('game-title').textContent = `${cap(st.game)}, ${FORMAT_NAMES[st.format] || st.format}: ${labels.join(' against ')}`;

  let turn = st.turn || (st.to_move ? `${st.to_move} to move` : '');
  if (st.thinking) turn = `${turn} — the engine is thinking…`;
  else if (!over() && page.token && !canAct()) turn = `${turn} — waiting for your opponent`;
  else if (!over() && !page.token) turn = `${turn} (you are watching)`;
  $('turn').textContent = over() ? 'The game is over.' : turn;
  $('turn').dataset.toMove = st.to_move || '';

  const outcome = $('outcome');
  if (over()) {
    const words = (st.outcome && st.outcome.words) || st.result || '';
    const result = st.result && st.result !== words ? ` (${st.result})` : '';
    outcome.textContent = `${words}${result}`;
    outcome.dataset.reason = st.outcome ? st.outcome.reason || '' : '';
    outcome.dataset.winner = st.outcome ? st.outcome.winner || '' : '';
    outcome.hidden = false;
  } else {
    outcome.hidden = true;
    outcome.textContent = '';
  }

  const rep = $('repetitions');
  // Shown where positions can repeat: in a game with cards (Kamisado cannot repeat one).
  if (st.board && st.board.cards && typeof st.repetitions === 'number') {
    rep.hidden = false;
    rep.dataset.count = st.repetitions;
    rep.textContent = repetitionWords(st.repetitions);
  } else {
    rep.hidden = true;
  }

  const mirror = $('mirror-info');
  mirror.hidden = !st.mirror;
  if (st.mirror) mirror.textContent = mirrorWords(st.mirror);

  const share = $('share');
  const openSeat = (st.seats || []).some((seat) => seat.kind === 'person' && !seat.joined);
  if (page.opponent === 'link' && page.token) {
    const link = new URL(location.href);
    link.search = `?game=${encodeURIComponent(st.id || page.id)}`;
    link.hash = '';
    $('share-link').href = link.href;
    $('share-link').textContent = link.href;
    share.hidden = false;
    share.dataset.open = openSeat ? 'true' : 'false';
  } else {
    share.hidden = true;
  }
}

function renderControls() {
  const st = page.state;
  const hasToken = !!page.token;
  $('undo').disabled = !hasToken || !st.can_undo;
  $('redo').disabled = !hasToken || !st.can_redo;
  // A takeback asked between two browsers (a game shared by link): the opponent answers it.
  const asked = st.takeback && st.takeback.asked_by;
  $('takeback').hidden = !(asked && hasToken);
  if (asked && hasToken) {
    const mine = asked === page.side;
    $('takeback-text').textContent = mine
      ? 'You asked to take back the last turn; your opponent decides.'
      : `${cap(asked)} asks to take back the last turn.`;
    $('takeback-accept').hidden = mine;
    $('takeback-decline').hidden = mine;
  }
  $('hint').disabled = over();
  $('resign').disabled = !hasToken || over();
  const next = $('next-game');
  next.hidden = !(st.mirror && st.mirror.can_start_next);
  next.disabled = !hasToken;
  const hint = $('hint-result');
  hint.hidden = !page.hint;
  if (page.hint) hint.textContent = page.hint.text;
}

function renderMoves() {
  const moves = page.state.moves || [];
  const list = $('move-list');
  list.replaceChildren(...moves.map((m) => el('li', {
    'data-testid': `move-${m.ply}`,
    'data-move': m.move,
    'data-forced': m.forced ? 'true' : 'false',
    class: m.forced ? 'forced' : '',
    value: m.ply,
  }, [el('span', { class: 'who', text: `${cap(m.player)} ` }), el('span', { class: 'what', text: moveWords(m) })])));
  if (!moves.length) list.append(el('li', { class: 'empty', text: 'No move yet.' }));
  list.scrollTop = list.scrollHeight;
}

function renderCoach() {
  const box = $('coach');
  box.hidden = !page.pending;
  if (!page.pending) return;
  const [first, ...rest] = coachLines(page.pending.move, page.pending.answer);
  $('coach-answer').replaceChildren(el('p', { text: first }), ...rest.map((line) => el('p', { text: line })));
}

function renderClocks() {
  const st = page.state;
  const box = $('clocks');
  if (!st || !st.clock) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const players = (gameInfo(st.game) || {}).players || Object.keys(st.clock.remaining_ms || {});
  if (box.children.length !== players.length) {
    box.replaceChildren(...players.map((p) => el('div', { class: 'clock', 'data-player': p }, [
      el('span', { class: 'clock-name', text: cap(p) }),
      el('span', { class: 'clock-time', id: `clock-${p}`, 'data-testid': `clock-${p}`, role: 'timer', 'aria-label': `${cap(p)}'s clock` }),
    ])));
  }
  tickClocks();
}

function tickClocks() {
  const st = page.state;
  if (!st || !st.clock) return;
  const clock = st.clock;
  const elapsed = performance.now() - page.receivedAt;
  for (const node of $('clocks').children) {
    const p = node.dataset.player;
    let ms = (clock.remaining_ms || {})[p] ?? 0;
    const running = clock.running === p && !over() && !clock.flag;
    if (running) ms -= elapsed;
    const time = node.querySelector('.clock-time');
    time.textContent = formatClock(ms);
    time.dataset.ms = String(Math.max(0, Math.round(ms)));
    node.classList.toggle('running', running);
    node.classList.toggle('flag', clock.flag === p);
    node.classList.toggle('low', ms < 20000);
  }
}

// ---------------------------------------------------------------- actions

let busy = false;

async function run(action, busyText) {
  if (busy) return;
  busy = true;
  document.body.classList.add('busy');
  if (busyText) setStatus(busyText);
  try {
    await action();
  } catch (err) {
    showError(err);
  } finally {
    busy = false;
    document.body.classList.remove('busy');
  }
}

async function playNow(move) {
  const count = (page.state.moves || []).length;
  const state = await api.play(page.id, page.token, move);
  update({ pending: null });
  receive(state);
  setStatus(playedWords(move, state, count));
}

async function submitMove(move) {
  if (page.state.format === 'coaching') {
    // Ask the coach first; "Play it" plays the candidate.
    await run(async () => {
      const answer = await api.propose(page.id, page.token, move);
      update({ pending: { move, answer } });
      setStatus(`The coach answered about ${move}: play it, or choose another move.`);
      $('coach-play').focus();
    });
    return;
  }
  await run(() => playNow(move));
}

function playPending() {
  if (page.pending) run(() => playNow(page.pending.move));
}

function cancelPending() {
  update({ pending: null, selected: null, selectedCard: null, ambiguous: null });
  setStatus('Choose another move.');
}

/** Runs `call`, then says `words` (or `words(state)`) and takes the state it answers. */
function simple(call, words) {
  run(async () => {
    const state = await call();
    setStatus(typeof words === 'function' ? words(state) : words);
    receive(state);
  });
}

let resignArmed = null;
function doResign() {
  const button = $('resign');
  const disarm = () => {
    resignArmed = null;
    button.textContent = 'Resign';
    button.classList.remove('armed');
  };
  if (!resignArmed) {
    button.textContent = 'Really resign?';
    button.classList.add('armed');
    resignArmed = setTimeout(disarm, 4000);
    return;
  }
  clearTimeout(resignArmed);
  disarm();
  const player = page.opponent === 'same_device' ? page.state.to_move : undefined;
  simple(() => api.resign(page.id, page.token, player), 'Resigned.');
}

function doHint() {
  run(async () => {
    const version = page.state.version;
    const hint = await api.engineMove(page.id);
    if (!page.state || page.state.version !== version) return;
    const text = hintWords(hint);
    update({ hint: { move: hint.move, text } });
    setStatus(text);
  }, 'Asking the engine…');
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`${what} copied.`);
  } catch {
    // No clipboard permission (plain http on another host): select the text instead.
    if (what === 'The record') {
      const area = $('record');
      area.focus();
      area.select();
      try {
        document.execCommand('copy');
        setStatus(`${what} copied.`);
        return;
      } catch {
        // fall through
      }
    }
    setStatus(`${what} selected: copy it with Ctrl+C.`);
  }
}

async function loadSaved(entry) {
  if (await createGame(loadOptions(entry))) {
    setStatus(`Loaded the saved game: ${entry.moves.length} moves replayed.`);
  }
}

// ----------------------------------------------------------------- wiring

async function init() {
  onRender(render, announceForced);
  try {
    update({ catalog: await api.catalog() });
  } catch (err) {
    showError(err);
    return;
  }
  buildSetup();
  $('offline-note').hidden = !api.offline;
  if (api.offline && 'serviceWorker' in navigator) {
    // Keeps the site's files for visits with the network off (sw.js of `games site`).
    navigator.serviceWorker.register('./sw.js').catch((err) => console.warn(`no offline copy: ${err.message}`));
  }
  $('setup-form').addEventListener('change', updateSetup);
  $('setup-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const options = formOptions();
    if (options) createGame(options);
  });
  $('new-game').addEventListener('click', leaveGame);
  $('undo').addEventListener('click', () => simple(
    () => api.undo(page.id, page.token),
    (state) => (state.takeback ? 'Asked your opponent to take back the last turn.' : 'Took back the last turn.'),
  ));
  $('takeback-accept').addEventListener('click', () => simple(
    () => api.takeback(page.id, page.token, true),
    'Took back the last turn, as your opponent asked.',
  ));
  $('takeback-decline').addEventListener('click', () => simple(
    () => api.takeback(page.id, page.token, false),
    'Declined the takeback.',
  ));
  $('redo').addEventListener('click', () => simple(() => api.redo(page.id, page.token), 'Played the turn again.'));
  $('hint').addEventListener('click', doHint);
  $('resign').addEventListener('click', doResign);
  $('next-game').addEventListener('click', () => simple(() => api.next(page.id, page.token), 'The second game of the match: sides swapped.'));
  $('save').addEventListener('click', () => {
    if (!page.state) return;
    saveGame(page.state, page.side);
    renderSaved(loadSaved);
  });
  $('flip').addEventListener('click', () => update({ flipped: !page.flipped }));
  $('copy-record').addEventListener('click', () => copyText($('record').value, 'The record'));
  $('copy-link').addEventListener('click', () => copyText($('share-link').href, 'The link'));
  $('coach-play').addEventListener('click', playPending);
  $('coach-cancel').addEventListener('click', cancelPending);
  $('board').addEventListener('keydown', boardKeys);
  window.addEventListener('storage', (event) => {
    if (event.key === SAVED_KEY) renderSaved(loadSaved);
  });
  setInterval(tickClocks, 100);
  renderSaved(loadSaved);
  const id = new URLSearchParams(location.search).get('game');
  if (id) openFromLink(id);
  document.body.dataset.ready = 'true';
}

init();
