// The page: setup, the two boards, controls, move list, record and saved games.
// Everything about talking to the server goes through ./api.js.
import * as api from './api.js';

// ---------------------------------------------------------------- constants

const COLOURS = {
  n: { name: 'brown', hex: '#7b4a23' },
  g: { name: 'green', hex: '#2f8f3a' },
  r: { name: 'red', hex: '#cf2e2e' },
  y: { name: 'yellow', hex: '#f0c419' },
  k: { name: 'pink', hex: '#f28cbc' },
  p: { name: 'purple', hex: '#7d3c98' },
  b: { name: 'blue', hex: '#2c6fd1' },
  o: { name: 'orange', hex: '#f07f1a' },
};

// One geometric mark per colour, drawn in a 0..20 box (inline SVG): the colour never has to
// be told apart by hue alone.
const MARKS = {
  n: { shape: 'square', svg: '<rect x="4" y="4" width="12" height="12"/>' },
  g: { shape: 'triangle', svg: '<polygon points="10,2.5 18,17 2,17"/>' },
  r: { shape: 'circle', svg: '<circle cx="10" cy="10" r="7"/>' },
  y: { shape: 'diamond', svg: '<polygon points="10,1.5 18.5,10 10,18.5 1.5,10"/>' },
  k: { shape: 'plus', svg: '<polygon points="7,2 13,2 13,7 18,7 18,13 13,13 13,18 7,18 7,13 2,13 2,7 7,7"/>' },
  p: { shape: 'star', svg: '<polygon points="10,1.5 12.4,7.2 18.5,7.6 13.8,11.6 15.3,17.6 10,14.3 4.7,17.6 6.2,11.6 1.5,7.6 7.6,7.2"/>' },
  b: { shape: 'hexagon', svg: '<polygon points="10,1.5 17.5,5.7 17.5,14.3 10,18.5 2.5,14.3 2.5,5.7"/>' },
  o: { shape: 'cross', svg: '<polygon points="4.5,2 10,7.5 15.5,2 18,4.5 12.5,10 18,15.5 15.5,18 10,12.5 4.5,18 2,15.5 7.5,10 2,4.5"/>' },
};

const ONITAMA_CARDS = [
  'boar', 'cobra', 'crab', 'crane', 'dragon', 'eel', 'elephant', 'frog',
  'goose', 'horse', 'mantis', 'monkey', 'ox', 'rabbit', 'rooster', 'tiger',
];
const DEFAULT_DEAL = ['horse', 'elephant', 'ox', 'boar', 'crab'];

const PLAYERS = { kamisado: ['black', 'gold'], onitama: ['red', 'blue'] };
// The player whose home row is at the top of the unturned board.
const TOP_PLAYER = { kamisado: 'gold', onitama: 'blue' };
const FILES = { kamisado: 'abcdefgh', onitama: 'abcde' };

const SEATS_KEY = 'games.seats';
const SAVED_KEY = 'games.saved';

// ---------------------------------------------------------------- small helpers

const $ = (id) => document.getElementById(id);
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'html') node.innerHTML = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function markSvg(letter, extraClass = '') {
  const mark = MARKS[letter];
  if (!mark) return '';
  return `<svg class="mark ${extraClass}" viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-mark="${mark.shape}">${mark.svg}</svg>`;
}

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    setStatus(`Cannot write to this browser's storage: ${err.message}`, 'error');
    return false;
  }
}

function setStatus(text, kind = 'info') {
  const status = $('status');
  status.textContent = text || '';
  status.dataset.kind = text ? kind : '';
  status.className = `status ${text ? kind : ''}`;
}

function showError(err) {
  setStatus(err && err.message ? `Error: ${err.message}` : `Error: ${err}`, 'error');
}

function formatClock(ms) {
  const clamped = Math.max(0, ms);
  const totalSeconds = Math.floor(clamped / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (clamped < 10000) {
    const tenths = Math.floor((clamped % 1000) / 100);
    return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths}`;
  }
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function formatScore(score) {
  if (score === null || score === undefined) return '';
  if (typeof score !== 'object') return String(score);
  if (score.kind === 'win') return `wins in ${score.plies} plies`;
  if (score.kind === 'loss') return `loses in ${score.plies} plies`;
  if (score.kind === 'draw') return 'a draw';
  if (score.kind === 'eval') return `evaluation ${score.value > 0 ? '+' : ''}${score.value}`;
  return JSON.stringify(score);
}

// ---------------------------------------------------------------- the page's state

const S = {
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
  hint: null,
  pending: null, // coaching: the candidate move waiting for "play it"
  flipped: false, // the viewer turned the board by hand
  unsubscribe: null,
  busy: false,
  lastMoveCount: 0,
};

function seatStore() {
  return readJson(SEATS_KEY, {});
}

function rememberSeat(id, seat) {
  const seats = seatStore();
  seats[id] = { ...seat, at: Date.now() };
  // Keep the 50 newest.
  const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at);
  for (const old of ids.slice(50)) delete seats[old];
  writeJson(SEATS_KEY, seats);
}

// ---------------------------------------------------------------- setup form

function formValue(name) {
  const checked = document.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}

function updateSetup() {
  const game = formValue('game');
  const opponent = formValue('opponent');
  const format = formValue('format');
  const deal = formValue('deal');
  const side = $('setup-side');
  const previous = side.value;
  side.replaceChildren(
    ...PLAYERS[game].map((p) => el('option', { value: p, text: cap(p) })),
  );
  if (PLAYERS[game].includes(previous)) side.value = previous;
  $('level-row').hidden = opponent !== 'engine';
  $('deal-fieldset').hidden = game !== 'onitama';
  $('deal-pick').hidden = deal !== 'pick';
  $('time-control-row').hidden = format !== 'clock_duel';
}

function fillCardSelects() {
  DEFAULT_DEAL.forEach((card, i) => {
    const select = $(`setup-card-${i}`);
    select.replaceChildren(...ONITAMA_CARDS.map((c) => el('option', { value: c, text: c })));
    select.value = card;
    select.setAttribute('aria-label', ['Red card 1', 'Red card 2', 'Blue card 1', 'Blue card 2', 'Side card'][i]);
  });
}

async function startFromForm(event) {
  event.preventDefault();
  const game = formValue('game');
  const opponent = formValue('opponent');
  const format = formValue('format');
  const options = {
    game,
    opponent,
    side: $('setup-side').value,
    format,
    name: $('setup-name').value.trim(),
  };
  if (opponent === 'engine') options.level = $('setup-level').value;
  if (format === 'clock_duel') options.time_control = $('setup-time-control').value.trim() || '5+3';
  if (game === 'onitama') {
    const deal = formValue('deal');
    if (deal === 'random') options.cards = 'random';
    if (deal === 'pick') {
      const cards = [0, 1, 2, 3, 4].map((i) => $(`setup-card-${i}`).value);
      if (new Set(cards).size !== 5) {
        setStatus('Pick five different cards.', 'error');
        return;
      }
      options.cards = cards.join(',');
    }
  }
  await createGame(options);
}

async function createGame(options) {
  setStatus('Starting the game…');
  try {
    const created = await api.newGame(options);
    const side = options.side || PLAYERS[options.game][0];
    const seat = seatIndex(created.state, side);
    rememberSeat(created.id, { token: created.token, side, seat, opponent: options.opponent });
    enterGame(created.id, created.token, side, options.opponent, created.state, seat);
    setStatus(options.opponent === 'link' ? 'Game created: send the link to your opponent.' : 'Game started.');
  } catch (err) {
    showError(err);
  }
}

// ---------------------------------------------------------------- entering and leaving a game

function seatIndex(state, side) {
  const seats = (state && state.seats) || [];
  const index = seats.findIndex((seat) => seat.player === side);
  return index >= 0 ? index : null;
}

function enterGame(id, token, side, opponent, state, seat = null) {
  if (S.unsubscribe) S.unsubscribe();
  Object.assign(S, {
    id, token, side, seat, opponent, state: null, selected: null, selectedCard: null,
    ambiguous: null, hint: null, pending: null, flipped: false, lastMoveCount: 0,
  });
  const url = new URL(location.href);
  url.search = `?game=${encodeURIComponent(id)}`;
  history.replaceState(null, '', url);
  $('setup').hidden = true;
  $('game').hidden = false;
  $('new-game').hidden = false;
  if (state) applyState(state);
  S.unsubscribe = api.subscribe(id, applyState);
}

function leaveGame() {
  if (S.unsubscribe) S.unsubscribe();
  S.unsubscribe = null;
  S.id = null;
  S.state = null;
  S.seat = null;
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
      return;
    } catch (err) {
      showError(err);
      return;
    }
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
    const side = joined.player || joined.side || (open && open.player) || null;
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

// ---------------------------------------------------------------- state and derived facts

function applyState(state) {
  if (!state) return;
  if (S.state && state.id === S.state.id && typeof state.version === 'number'
      && typeof S.state.version === 'number' && state.version < S.state.version) {
    return; // an older push
  }
  const old = S.state;
  // A new version whose game is the same (a coaching question, a seat joined) keeps the
  // selection and a pending candidate.
  const changed = !old || old.id !== state.id || old.position !== state.position
    || (old.moves || []).length !== (state.moves || []).length
    || !!old.outcome !== !!state.outcome || old.to_move !== state.to_move
    || JSON.stringify(old.mirror) !== JSON.stringify(state.mirror);
  S.state = state;
  S.receivedAt = performance.now();
  // A mirror match swaps the sides in its second game: the seat stays, its player changes.
  if (S.seat !== null && S.seat !== undefined && state.seats && state.seats[S.seat]) {
    S.side = state.seats[S.seat].player;
  }
  if (changed) {
    S.selected = null;
    S.selectedCard = null;
    S.ambiguous = null;
    S.hint = null;
    S.pending = null;
    announceForced(old, state);
  }
  render();
}

function announceForced(old, state) {
  const moves = state.moves || [];
  const before = old && old.id === state.id ? (old.moves || []).length : moves.length;
  const fresh = moves.slice(before);
  const forced = fresh.filter((m) => m.forced);
  if (forced.length) setStatus(forced.map((m) => forcedWords(state, m)).join(' '));
}

function forcedWords(state, m) {
  if (state.game === 'kamisado') {
    const square = m.move.slice(0, 2);
    const tower = (state.board.towers || []).find((t) => t.square === square);
    const colour = tower ? `${COLOURS[tower.colour].name} ` : '';
    return `Automatic turn: ${cap(m.player)}'s ${colour}tower on ${square} could not move, so it stayed (zero-length move ${m.move}).`;
  }
  return `Automatic turn: ${cap(m.player)} played ${m.move}.`;
}

const over = () => !!(S.state && (S.state.outcome || S.state.result));

function seatOf(player) {
  return (S.state.seats || []).find((seat) => seat.player === player);
}

function canAct() {
  const st = S.state;
  if (!st || !S.token || over() || st.thinking) return false;
  const seat = seatOf(st.to_move);
  if (seat && seat.kind === 'engine') return false;
  if (S.opponent === 'same_device') return true;
  return st.to_move === S.side;
}

function bottomPlayer() {
  const game = S.state.game;
  const [first, second] = PLAYERS[game];
  const top = TOP_PLAYER[game];
  const bottom = top === first ? second : first;
  const viewerAtTop = S.side === top;
  return viewerAtTop !== S.flipped ? top : bottom;
}

function legal() {
  return canAct() ? S.state.legal_moves || [] : [];
}

// ---------------------------------------------------------------- rendering

function render() {
  const st = S.state;
  if (!st) return;
  document.body.dataset.game = st.game;
  $('game').dataset.game = st.game;
  $('game').dataset.version = st.version;
  $('game').dataset.over = over() ? 'true' : 'false';
  $('game').dataset.position = st.position || '';
  $('game').dataset.moves = String((st.moves || []).length);
  $('game').dataset.side = S.side || '';
  renderHead();
  if (st.game === 'kamisado') renderKamisado();
  else if (st.game === 'onitama') renderOnitama();
  else renderGeneric();
  renderControls();
  renderMoves();
  $('record').value = st.record || '';
  renderCoach();
  renderClocks();
}

function playerLabel(player) {
  const seat = seatOf(player);
  if (!seat) return cap(player);
  if (seat.kind === 'engine') return `${cap(player)} (engine, ${seat.name})`;
  if (!seat.joined) return `${cap(player)} (the seat is open)`;
  const mine = S.token && player === S.side;
  const here = S.token && S.opponent === 'same_device' && !mine;
  const name = seat.name || 'a person';
  if (mine) return `${cap(player)} (${name === 'you' ? 'you' : `${name}, you`})`;
  if (here) return `${cap(player)} (${name === 'opponent' ? 'a person on this device' : `${name}, on this device`})`;
  // The server names a creator who gave no name "you": not the viewer here.
  return `${cap(player)} (${name === 'you' ? 'the other player' : name})`;
}

const FORMAT_NAMES = {
  casual: 'casual game', clock_duel: 'clock duel', coaching: 'coaching round', mirror_match: 'mirror match',
};

function renderHead() {
  const st = S.state;
  const players = PLAYERS[st.game] || (st.seats || []).map((s) => s.player);
  $('game-title').textContent = `${cap(st.game)}, ${FORMAT_NAMES[st.format] || st.format}: ${players.map(playerLabel).join(' against ')}`;

  let turn = st.turn || (st.to_move ? `${st.to_move} to move` : '');
  if (st.thinking) turn = `${turn} — the engine is thinking…`;
  else if (!over() && S.token && !canAct()) turn = `${turn} — waiting for your opponent`;
  else if (!over() && !S.token) turn = `${turn} (you are watching)`;
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
  if (st.game === 'onitama' && typeof st.repetitions === 'number') {
    rep.hidden = false;
    rep.dataset.count = st.repetitions;
    rep.textContent = st.repetitions > 1
      ? `This position has now occurred ${st.repetitions} times (repetitions never end the game; agree a draw if you like).`
      : 'This position has occurred once.';
  } else {
    rep.hidden = true;
  }

  const mirror = $('mirror-info');
  if (st.mirror) {
    mirror.hidden = false;
    const points = st.mirror.points || [0, 0];
    mirror.textContent = `Mirror match: game ${st.mirror.game_number} of 2; points ${points[0]}–${points[1]}${st.mirror.over ? ' — the match is over' : ''}.`;
  } else {
    mirror.hidden = true;
  }

  const share = $('share');
  const openSeat = (st.seats || []).some((seat) => seat.kind === 'person' && !seat.joined);
  if (S.opponent === 'link' && S.token) {
    const link = new URL(location.href);
    link.search = `?game=${encodeURIComponent(st.id || S.id)}`;
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
  const st = S.state;
  const hasToken = !!S.token;
  $('undo').disabled = !hasToken || !st.can_undo;
  $('redo').disabled = !hasToken || !st.can_redo;
  // A takeback asked between two browsers: the opponent answers it.
  const asked = st.takeback && st.takeback.asked_by;
  const takeback = $('takeback');
  takeback.hidden = !(asked && hasToken);
  if (asked && hasToken) {
    const mine = asked === S.side;
    $('takeback-text').textContent = mine
      ? 'You asked to take back the last turn; your opponent decides.'
      : `${cap(asked)} asks to take back the last turn.`;
    $('takeback-accept').hidden = mine;
    $('takeback-decline').hidden = mine;
  }
  $('hint').disabled = over();
  $('resign').disabled = !hasToken || over();
  const next = $('next-game');
  const canNext = st.mirror && ('can_start_next' in st.mirror
    ? st.mirror.can_start_next : !st.mirror.over && st.mirror.game_number === 1 && over());
  next.hidden = !canNext;
  next.disabled = !hasToken;
  const hint = $('hint-result');
  if (S.hint) {
    hint.hidden = false;
    hint.textContent = S.hint.text;
  } else {
    hint.hidden = true;
  }
}

function moveWords(st, m) {
  if (st.game === 'kamisado' && m.forced) {
    return `${m.move} — automatic: the tower on ${m.move.slice(0, 2)} could not move (zero-length move)`;
  }
  if (m.forced) return `${m.move} — automatic`;
  if (st.game === 'onitama' && m.move.endsWith(':pass')) {
    return `${m.move} — no move possible: passes and gives away the ${m.move.split(':')[0]}`;
  }
  if (st.game === 'kamisado' && m.move.slice(0, 2) === m.move.slice(2, 4)) {
    return `${m.move} — zero-length move`;
  }
  return m.move;
}

function renderMoves() {
  const st = S.state;
  const list = $('move-list');
  const moves = st.moves || [];
  list.replaceChildren(...moves.map((m, i) => el('li', {
    'data-testid': `move-${m.ply ?? i + 1}`,
    'data-move': m.move,
    'data-forced': m.forced ? 'true' : 'false',
    class: m.forced ? 'forced' : '',
    value: m.ply ?? i + 1,
  }, [el('span', { class: 'who', text: `${cap(m.player)} ` }), el('span', { class: 'what', text: moveWords(st, m) })])));
  if (!moves.length) list.append(el('li', { class: 'empty', text: 'No move yet.' }));
  list.scrollTop = list.scrollHeight;
}

function renderCoach() {
  const box = $('coach');
  if (!S.pending) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const answer = S.pending.answer;
  $('coach-answer').replaceChildren(...coachWords(S.pending.move, answer));
}

function coachWords(move, answer) {
  const out = [el('p', { text: `The coach on ${move}:` })];
  if (!answer || typeof answer !== 'object') {
    out.push(el('p', { text: String(answer) }));
    return out;
  }
  const words = answer.words || answer.text || answer.summary;
  if (typeof words === 'string') out.push(el('p', { text: words }));
  if (answer.ends_game) {
    const ends = answer.ends_game;
    out.push(el('p', { text: `It ends the game: ${ends.words || `${ends.winner || 'nobody'} wins (${ends.reason || ''})`}.` }));
  }
  if (Array.isArray(answer.threats)) {
    if (!answer.threats.length) out.push(el('p', { text: 'No reply wins or captures after it.' }));
    else {
      out.push(el('p', { text: 'The replies it allows:' }));
      out.push(el('ul', {}, answer.threats.map((t) => el('li', {
        text: typeof t === 'string' ? t : `${t.reply}${t.wins ? ' wins at once' : ''}${t.captures ? ' captures' : ''}`,
      }))));
    }
  }
  if (answer.hand_over) out.push(el('p', { text: `Your opponent receives: ${answer.hand_over}.` }));
  if (out.length === 1) out.push(el('pre', { text: JSON.stringify(answer, null, 2) }));
  return out;
}

// ----------------------------------------------------------------- clocks

function renderClocks() {
  const st = S.state;
  const box = $('clocks');
  if (!st || !st.clock) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const players = PLAYERS[st.game] || Object.keys(st.clock.remaining_ms || {});
  if (box.children.length !== players.length) {
    box.replaceChildren(...players.map((p) => el('div', { class: 'clock', 'data-player': p }, [
      el('span', { class: 'clock-name', text: cap(p) }),
      el('span', { class: 'clock-time', id: `clock-${p}`, 'data-testid': `clock-${p}`, role: 'timer', 'aria-label': `${cap(p)}'s clock` }),
    ])));
  }
  tickClocks();
}

function tickClocks() {
  const st = S.state;
  if (!st || !st.clock) return;
  const clock = st.clock;
  const elapsed = performance.now() - S.receivedAt;
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

setInterval(tickClocks, 100);

// ----------------------------------------------------------------- Kamisado

function kamisadoView() {
  const files = FILES.kamisado.split('');
  const ranks = [8, 7, 6, 5, 4, 3, 2, 1];
  const bottom = bottomPlayer();
  if (bottom === 'gold') return { files: files.reverse(), ranks: ranks.reverse() };
  return { files, ranks };
}

function renderKamisado() {
  const st = S.state;
  const board = $('board');
  board.className = 'board kamisado';
  $('cards-top').hidden = true;
  $('cards-bottom').hidden = true;
  $('side-card').hidden = true;
  $('pass').hidden = true;

  const moves = legal();
  const sources = new Set(canAct() ? st.sources || [] : []);
  const dests = new Set(
    S.selected ? moves.filter((m) => m.slice(0, 2) === S.selected).map((m) => m.slice(2, 4)) : [],
  );
  const towers = new Map((st.board.towers || []).map((t) => [t.square, t]));
  const last = (st.moves || [])[st.moves.length - 1];
  const hint = S.hint && S.hint.move;
  const candidate = S.pending && S.pending.move;

  const { files, ranks } = kamisadoView();
  const cells = [];
  const bottom = bottomPlayer();
  board.dataset.bottom = bottom;
  for (const rank of ranks) {
    for (const file of files) {
      const square = `${file}${rank}`;
      const colour = st.board.squares[8 - rank][FILES.kamisado.indexOf(file)];
      const tower = towers.get(square);
      const classes = ['sq', `col-${colour}`];
      if (sources.has(square)) classes.push('source');
      if (S.selected === square) classes.push('selected');
      if (dests.has(square)) classes.push('dest');
      if (last && last.move.slice(0, 2) === square) classes.push('last-from');
      if (last && last.move.slice(2, 4) === square) classes.push('last-to');
      if (hint && (hint.slice(0, 2) === square || hint.slice(2, 4) === square)) classes.push('hint');
      if (candidate && (candidate.slice(0, 2) === square || candidate.slice(2, 4) === square)) classes.push('candidate');
      let label = `${square}, ${COLOURS[colour].name} square`;
      if (tower) label += `, ${cap(tower.player)}'s ${COLOURS[tower.colour].name} tower`;
      if (sources.has(square)) label += ', can move';
      if (dests.has(square)) label += ', a destination';
      if (S.selected === square) label += ', selected';
      const inner = [
        el('span', { class: 'sq-mark', html: markSvg(colour) }),
      ];
      if (tower) {
        inner.push(el('span', {
          class: `tower ${tower.player}`,
          'data-testid': `tower-${square}`,
          'data-colour': tower.colour,
          'data-player': tower.player,
          style: `--tower-colour: ${COLOURS[tower.colour].hex}`,
          html: markSvg(tower.colour, 'tower-mark'),
        }));
      }
      if (dests.has(square)) inner.push(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      cells.push(el('button', {
        type: 'button',
        class: classes.join(' '),
        'data-testid': `square-${square}`,
        'data-square': square,
        'data-colour': colour,
        'aria-label': label,
        'aria-pressed': S.selected === square ? 'true' : 'false',
        style: `--sq-colour: ${COLOURS[colour].hex}`,
        onclick: () => clickKamisado(square),
      }, inner));
    }
  }
  replaceBoard(board, cells, 8);
}

function clickKamisado(square) {
  if (!canAct()) {
    if (!over() && S.state) setStatus(S.token ? 'It is not your turn.' : 'You are watching this game.');
    return;
  }
  const moves = legal();
  if (S.selected) {
    const move = moves.find((m) => m.slice(0, 2) === S.selected && m.slice(2, 4) === square);
    if (move) {
      submitMove(move);
      return;
    }
  }
  if ((S.state.sources || []).includes(square) && S.selected !== square) {
    S.selected = square;
    const count = moves.filter((m) => m.slice(0, 2) === square).length;
    setStatus(`Tower on ${square} selected: ${count} destination${count === 1 ? '' : 's'}.`);
  } else {
    S.selected = null;
  }
  render();
  focusSquare(square);
}

// ----------------------------------------------------------------- Onitama

function parseOnitama(move) {
  const [card, rest] = move.split(':');
  if (rest === 'pass') return { card, pass: true };
  return { card, from: rest.slice(0, 2), to: rest.slice(2, 4) };
}

function renderOnitama() {
  const st = S.state;
  const board = $('board');
  board.className = 'board onitama';
  const bottom = bottomPlayer();
  const top = bottom === 'red' ? 'blue' : 'red';
  board.dataset.bottom = bottom;

  const moves = legal().map((m) => ({ text: m, ...parseOnitama(m) }));
  const real = moves.filter((m) => !m.pass);
  const usable = real.filter((m) => !S.selectedCard || m.card === S.selectedCard);
  const sources = new Set(usable.map((m) => m.from));
  const destMoves = S.selected ? usable.filter((m) => m.from === S.selected) : [];
  const dests = new Set(destMoves.map((m) => m.to));
  const pieces = new Map((st.board.pieces || []).map((p) => [p.square, p]));
  const last = (st.moves || [])[st.moves.length - 1];
  const lastParsed = last ? parseOnitama(last.move) : null;
  const hint = S.hint && S.hint.move ? parseOnitama(S.hint.move) : null;
  const candidate = S.pending ? parseOnitama(S.pending.move) : null;

  const files = FILES.onitama.split('');
  let ranks = [5, 4, 3, 2, 1];
  let fileOrder = files;
  if (bottom === 'blue') {
    ranks = ranks.reverse();
    fileOrder = [...files].reverse();
  }
  const cells = [];
  for (const rank of ranks) {
    for (const file of fileOrder) {
      const square = `${file}${rank}`;
      const piece = pieces.get(square);
      const classes = ['sq'];
      if ((rank === 1 || rank === 5) && file === 'c') classes.push(rank === 1 ? 'temple temple-red' : 'temple temple-blue');
      if (sources.has(square)) classes.push('source');
      if (S.selected === square) classes.push('selected');
      if (dests.has(square)) classes.push('dest');
      if (lastParsed && !lastParsed.pass && lastParsed.from === square) classes.push('last-from');
      if (lastParsed && !lastParsed.pass && lastParsed.to === square) classes.push('last-to');
      if (hint && !hint.pass && (hint.from === square || hint.to === square)) classes.push('hint');
      if (candidate && !candidate.pass && (candidate.from === square || candidate.to === square)) classes.push('candidate');
      let label = square;
      if (classes.includes('temple')) label += `, ${rank === 1 ? 'Red' : 'Blue'}'s temple`;
      if (piece) label += `, ${cap(piece.player)} ${piece.kind}`;
      if (sources.has(square)) label += ', can move';
      if (dests.has(square)) label += ', a destination';
      if (S.selected === square) label += ', selected';
      const inner = [];
      if (piece) {
        inner.push(el('span', {
          class: `piece ${piece.player} ${piece.kind}`,
          'data-testid': `piece-${square}`,
          'data-player': piece.player,
          'data-kind': piece.kind,
          html: piece.kind === 'master'
            ? '<svg viewBox="0 0 20 20" aria-hidden="true"><polygon points="3,16 3,7 7,11 10,4 13,11 17,7 17,16"/></svg>'
            : '<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="6"/></svg>',
        }));
      }
      if (dests.has(square)) inner.push(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      cells.push(el('button', {
        type: 'button',
        class: classes.join(' '),
        'data-testid': `square-${square}`,
        'data-square': square,
        'aria-label': label,
        'aria-pressed': S.selected === square ? 'true' : 'false',
        onclick: () => clickOnitama(square),
      }, inner));
    }
  }
  replaceBoard(board, cells, 5);

  // The cards: the top player's hand above, the bottom player's below, the side card beside.
  const cards = st.board.cards || {};
  const selectable = new Set(real.map((m) => m.card));
  const drawHand = (player, container) => {
    container.hidden = false;
    container.dataset.player = player;
    container.replaceChildren(
      el('span', { class: 'hand-label', text: `${cap(player)}'s cards` }),
      ...(cards[player] || []).map((card) => cardButton(card, player, bottom, selectable.has(card))),
    );
  };
  drawHand(top, $('cards-top'));
  drawHand(bottom, $('cards-bottom'));
  const side = $('side-card');
  side.hidden = false;
  side.replaceChildren(
    el('span', { class: 'hand-label', text: 'Side card' }),
    cards.side ? cardButton(cards.side, st.to_move, bottom, false, true) : '',
  );

  // The forced pass: the player chooses the card to give away.
  const passes = moves.filter((m) => m.pass);
  const pass = $('pass');
  if (passes.length && passes.length === moves.length) {
    pass.hidden = false;
    $('pass-choices').replaceChildren(...passes.map((m) => el('button', {
      type: 'button',
      class: 'primary',
      'data-testid': `pass-${m.card}`,
      'data-move': m.text,
      text: `Give away the ${m.card}`,
      onclick: () => submitMove(m.text),
    })));
  } else {
    pass.hidden = true;
    $('pass-choices').replaceChildren();
  }
}

function cardButton(card, holder, bottom, selectable, isSide = false) {
  const st = S.state;
  const offsets = (st.board.card_moves || {})[card] || [];
  const upright = holder === bottom;
  const targets = new Set(offsets.map(([dx, dy]) => (upright ? `${2 + dx},${2 - dy}` : `${2 - dx},${2 + dy}`)));
  const grid = [];
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 5; col += 1) {
      const key = `${col},${row}`;
      let cls = 'cell';
      if (col === 2 && row === 2) cls += ' centre';
      else if (targets.has(key)) cls += ' target';
      grid.push(el('span', { class: cls }));
    }
  }
  const classes = ['card'];
  if (isSide) classes.push('side');
  if (st.board.last_card === card) classes.push('last-used');
  if (S.selectedCard === card) classes.push('selected');
  if (selectable) classes.push('selectable');
  if (S.ambiguous && selectable && cardReaches(card, S.selected, S.ambiguous)) classes.push('choose');
  const labelParts = [`${card} card`, isSide ? 'the side card' : `${cap(holder)}'s`];
  if (st.board.last_card === card) labelParts.push('used last');
  if (S.selectedCard === card) labelParts.push('selected');
  return el('button', {
    type: 'button',
    class: classes.join(' '),
    'data-testid': `card-${card}`,
    'data-card': card,
    'data-holder': isSide ? 'side' : holder,
    'aria-label': labelParts.join(', '),
    'aria-pressed': S.selectedCard === card ? 'true' : 'false',
    onclick: () => clickCard(card, selectable),
  }, [
    el('span', { class: 'card-grid', 'aria-hidden': 'true' }, grid),
    el('span', { class: 'card-name', text: card }),
    st.board.last_card === card ? el('span', { class: 'card-tag', 'data-testid': 'last-card', text: 'used last' }) : null,
  ]);
}

function cardReaches(card, from, to) {
  return legal().some((m) => m === `${card}:${from}${to}`);
}

function clickCard(card, selectable) {
  if (!selectable) {
    if (canAct()) setStatus(`The ${card} is not a card you can use now.`);
    return;
  }
  if (S.ambiguous && cardReaches(card, S.selected, S.ambiguous)) {
    submitMove(`${card}:${S.selected}${S.ambiguous}`);
    return;
  }
  S.selectedCard = S.selectedCard === card ? null : card;
  S.ambiguous = null;
  if (S.selected && S.selectedCard && !legal().some((m) => m.startsWith(`${card}:${S.selected}`))) S.selected = null;
  render();
  const again = document.querySelector(`[data-testid="card-${card}"]`);
  if (again) again.focus();
}

function clickOnitama(square) {
  if (!canAct()) {
    if (!over() && S.state) setStatus(S.token ? 'It is not your turn.' : 'You are watching this game.');
    return;
  }
  const moves = legal().map((m) => ({ text: m, ...parseOnitama(m) })).filter((m) => !m.pass);
  const usable = moves.filter((m) => !S.selectedCard || m.card === S.selectedCard);
  if (S.selected) {
    const hits = usable.filter((m) => m.from === S.selected && m.to === square);
    if (hits.length === 1) {
      submitMove(hits[0].text);
      return;
    }
    if (hits.length > 1) {
      S.ambiguous = square;
      setStatus(`Both ${hits.map((m) => `the ${m.card}`).join(' and ')} reach ${square}: choose the card to use.`);
      render();
      return;
    }
  }
  S.ambiguous = null;
  if (usable.some((m) => m.from === square) && S.selected !== square) {
    S.selected = square;
  } else {
    S.selected = null;
  }
  render();
  focusSquare(square);
}

// ----------------------------------------------------------------- other games (tic-tac-toe)

function renderGeneric() {
  const board = $('board');
  board.className = 'board generic';
  $('cards-top').hidden = true;
  $('cards-bottom').hidden = true;
  $('side-card').hidden = true;
  const moves = legal();
  board.replaceChildren(el('div', { class: 'generic-moves' }, [
    el('pre', { text: S.state.position || '' }),
    ...moves.map((m) => el('button', { type: 'button', 'data-testid': `move-button-${m}`, text: m, onclick: () => submitMove(m) })),
  ]));
}

// ----------------------------------------------------------------- board helpers and keyboard

function replaceBoard(board, cells, size) {
  const focused = document.activeElement && board.contains(document.activeElement)
    ? document.activeElement.dataset.square : null;
  board.style.setProperty('--size', size);
  board.replaceChildren(...cells);
  // One tab stop for the whole board (roving tabindex); arrows move within it.
  const active = focused || S.selected || (S.state.sources || [])[0];
  let any = false;
  for (const cell of cells) {
    const mine = cell.dataset.square === active;
    cell.tabIndex = mine ? 0 : -1;
    any = any || mine;
  }
  if (!any && cells.length) cells[0].tabIndex = 0;
  if (focused) focusSquare(focused);
}

function focusSquare(square) {
  const cell = document.querySelector(`#board [data-square="${square}"]`);
  if (cell) {
    for (const other of $('board').querySelectorAll('[data-square]')) other.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
  }
}

function boardKeys(event) {
  const cell = event.target.closest('[data-square]');
  if (!cell) return;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = steps[event.key];
  if (!step) {
    if (event.key === 'Escape') {
      S.selected = null;
      S.selectedCard = null;
      S.ambiguous = null;
      render();
      focusSquare(cell.dataset.square);
    }
    return;
  }
  event.preventDefault();
  const cells = [...$('board').querySelectorAll('[data-square]')];
  const size = Number($('board').style.getPropertyValue('--size')) || Math.round(Math.sqrt(cells.length));
  const index = cells.indexOf(cell);
  const col = Math.min(size - 1, Math.max(0, (index % size) + step[0]));
  const row = Math.min(size - 1, Math.max(0, Math.floor(index / size) + step[1]));
  const target = cells[row * size + col];
  if (target) focusSquare(target.dataset.square);
}

// ----------------------------------------------------------------- actions

async function run(action, busyText) {
  if (S.busy) return;
  S.busy = true;
  document.body.classList.add('busy');
  if (busyText) setStatus(busyText);
  try {
    await action();
  } catch (err) {
    showError(err);
  } finally {
    S.busy = false;
    document.body.classList.remove('busy');
  }
}

async function submitMove(move) {
  if (S.state.format === 'coaching') {
    // Ask the coach first; "Play it" plays the candidate (playPending).
    await run(async () => {
      const answer = await api.propose(S.id, S.token, move);
      S.pending = { move, answer };
      setStatus(`The coach answered about ${move}: play it, or choose another move.`);
      render();
      $('coach-play').focus();
    });
    return;
  }
  await run(async () => {
    const count = (S.state.moves || []).length;
    const state = await api.play(S.id, S.token, move);
    S.pending = null;
    applyState(state);
    setStatus(playedWords(move, state, count));
    render();
  });
}

// "Played c1a3." and the turns the server played by itself after it.
function playedWords(move, state, count) {
  const forced = (state.moves || []).slice(count + 1).filter((m) => m.forced);
  return [`Played ${move}.`, ...forced.map((m) => forcedWords(state, m))].join(' ');
}

function playPending() {
  if (!S.pending) return;
  const { move } = S.pending;
  run(async () => {
    const count = (S.state.moves || []).length;
    const state = await api.play(S.id, S.token, move);
    S.pending = null;
    applyState(state);
    setStatus(playedWords(move, state, count));
    render();
  });
}

function cancelPending() {
  S.pending = null;
  S.selected = null;
  S.selectedCard = null;
  S.ambiguous = null;
  setStatus('Choose another move.');
  render();
}

function doUndo() {
  run(async () => {
    const state = await api.undo(S.id, S.token);
    setStatus(state.takeback ? 'Asked your opponent to take back the last turn.' : 'Took back the last turn.');
    applyState(state);
  });
}

function answerTakeback(accept) {
  run(async () => {
    const state = await api.takeback(S.id, S.token, accept);
    setStatus(accept ? 'Took back the last turn, as your opponent asked.' : 'Declined the takeback.');
    applyState(state);
  });
}

function doRedo() {
  run(async () => {
    const state = await api.redo(S.id, S.token);
    setStatus('Played the turn again.');
    applyState(state);
  });
}

let resignArmed = null;
function doResign() {
  const button = $('resign');
  if (!resignArmed) {
    button.textContent = 'Really resign?';
    button.classList.add('armed');
    resignArmed = setTimeout(() => {
      resignArmed = null;
      button.textContent = 'Resign';
      button.classList.remove('armed');
    }, 4000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  button.textContent = 'Resign';
  button.classList.remove('armed');
  const player = S.opponent === 'same_device' ? S.state.to_move : undefined;
  run(async () => {
    const state = await api.resign(S.id, S.token, player);
    setStatus('Resigned.');
    applyState(state);
  });
}

function doNext() {
  run(async () => {
    const state = await api.next(S.id, S.token);
    setStatus('The second game of the match: sides swapped.');
    applyState(state);
  });
}

function doHint() {
  run(async () => {
    const version = S.state.version;
    const hint = await api.engineMove(S.id);
    if (!S.state || S.state.version !== version) return;
    const score = formatScore(hint.score);
    const pv = Array.isArray(hint.pv) && hint.pv.length > 1 ? `; line ${hint.pv.join(' ')}` : '';
    S.hint = {
      move: hint.move,
      text: `The engine suggests ${hint.move}${score ? ` (${score}` : ''}${hint.depth ? `${score ? ', ' : ' ('}depth ${hint.depth})` : score ? ')' : ''}${pv}.`,
    };
    setStatus(S.hint.text);
    render();
  }, 'Asking the engine…');
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`${what} copied.`);
  } catch {
    // No clipboard permission (plain http on another host): select the text instead.
    const area = $('record');
    if (what === 'The record') {
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

// ----------------------------------------------------------------- saved games (this device only)

function parseStart(game, record) {
  const tokens = (record || '').trim().split(/\s+/).filter(Boolean);
  if (game === 'kamisado') return { position: tokens.slice(0, 4).join(' ') };
  if (game === 'onitama') {
    if (tokens[0] && !tokens[0].includes('/')) return { cards: tokens[0] };
    return { position: tokens.slice(0, 5).join(' ') };
  }
  return { position: tokens.slice(0, 1).join(' ') };
}

function savedGames() {
  const list = readJson(SAVED_KEY, []);
  return Array.isArray(list) ? list : [];
}

function saveGame() {
  const st = S.state;
  if (!st) return;
  const engine = (st.seats || []).find((seat) => seat.kind === 'engine');
  const entry = {
    key: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
    game: st.game,
    start: st.start ? { position: st.start } : parseStart(st.game, st.record),
    moves: (st.moves || []).map((m) => m.move),
    position: st.position,
    record: st.record,
    opponent: engine ? 'engine' : 'same_device',
    level: engine ? engine.name : null,
    side: S.side || PLAYERS[st.game]?.[0],
    result: st.result || null,
    saved_at: new Date().toISOString(),
  };
  const list = savedGames();
  list.unshift(entry);
  if (writeJson(SAVED_KEY, list.slice(0, 100))) {
    setStatus(`Saved on this device: ${entry.moves.length} move${entry.moves.length === 1 ? '' : 's'}.`);
    renderSaved();
  }
}

function renderSaved() {
  const list = savedGames();
  $('saved-empty').hidden = list.length > 0;
  $('saved-list').replaceChildren(...list.map((entry, i) => {
    const when = new Date(entry.saved_at);
    const label = `${cap(entry.game)}, ${entry.moves.length} move${entry.moves.length === 1 ? '' : 's'}${entry.result ? `, ${entry.result}` : ''} — saved ${when.toLocaleString()}`;
    return el('li', { 'data-testid': `saved-${i}`, 'data-key': entry.key }, [
      el('span', { class: 'saved-label', text: label }),
      el('button', { type: 'button', 'data-testid': `load-saved-${i}`, text: 'Load', onclick: () => loadSaved(entry) }),
      el('button', { type: 'button', 'data-testid': `delete-saved-${i}`, text: 'Delete', 'aria-label': `Delete ${label}`, onclick: () => deleteSaved(entry.key) }),
    ]);
  }));
}

function deleteSaved(key) {
  writeJson(SAVED_KEY, savedGames().filter((entry) => entry.key !== key));
  renderSaved();
  setStatus('Deleted from this device.');
}

async function loadSaved(entry) {
  const options = {
    game: entry.game,
    ...entry.start,
    moves: entry.moves.length ? entry.moves.join(' ') : null,
    opponent: entry.opponent === 'engine' ? 'engine' : 'same_device',
    side: entry.side,
    format: 'casual',
  };
  if (options.opponent === 'engine' && entry.level) options.level = entry.level;
  await createGame(options);
  if (S.state && S.state.game === entry.game) setStatus(`Loaded the saved game: ${entry.moves.length} moves replayed.`);
}

// ----------------------------------------------------------------- wiring

function init() {
  fillCardSelects();
  updateSetup();
  $('setup-form').addEventListener('change', updateSetup);
  $('setup-form').addEventListener('submit', startFromForm);
  $('new-game').addEventListener('click', leaveGame);
  $('undo').addEventListener('click', doUndo);
  $('redo').addEventListener('click', doRedo);
  $('takeback-accept').addEventListener('click', () => answerTakeback(true));
  $('takeback-decline').addEventListener('click', () => answerTakeback(false));
  $('hint').addEventListener('click', doHint);
  $('resign').addEventListener('click', doResign);
  $('next-game').addEventListener('click', doNext);
  $('save').addEventListener('click', saveGame);
  $('flip').addEventListener('click', () => {
    S.flipped = !S.flipped;
    render();
  });
  $('copy-record').addEventListener('click', () => copyText($('record').value, 'The record'));
  $('copy-link').addEventListener('click', () => copyText($('share-link').href, 'The link'));
  $('coach-play').addEventListener('click', playPending);
  $('coach-cancel').addEventListener('click', cancelPending);
  $('board').addEventListener('keydown', boardKeys);
  window.addEventListener('storage', (event) => {
    if (event.key === SAVED_KEY) renderSaved();
  });
  renderSaved();
  const id = new URLSearchParams(location.search).get('game');
  if (id) openFromLink(id);
  document.body.dataset.ready = 'true';
}

init();
