// Pure formatting: the words and numbers the page shows, computed from the state's structured
// fields (no DOM, no page state). Tested by node (crates/games-server/tests/page/).

/** `black` → `Black`. */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');

export const FORMAT_NAMES = {
  casual: 'casual game',
  clock_duel: 'clock duel',
  coaching: 'coaching round',
  mirror_match: 'mirror match',
};

/** A clock face: `4:05`, and tenths under ten seconds (`0:09.3`); never negative. */
export function formatClock(ms) {
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

/** An engine's score: `wins in 7 plies`, `a draw`, `evaluation +35`. */
export function formatScore(score) {
  if (score === null || score === undefined) return '';
  if (typeof score !== 'object') return String(score);
  if (score.kind === 'win') return `wins in ${score.plies} plies`;
  if (score.kind === 'loss') return `loses in ${score.plies} plies`;
  if (score.kind === 'draw') return 'a draw';
  if (score.kind === 'eval') return `evaluation ${score.value > 0 ? '+' : ''}${score.value}`;
  return JSON.stringify(score);
}

/** A move of the move list, from its parts: a forced turn, a pass with the card given away, a
 *  zero-length move. */
export function moveWords(m) {
  if (m.forced) {
    return m.from ? `${m.move} — automatic: the tower on ${m.from} could not move (zero-length move)` : `${m.move} — automatic`;
  }
  if (m.pass && m.card) return `${m.move} — no move possible: passes and gives away the ${m.card}`;
  if (m.pass && m.from && m.from === m.to) return `${m.move} — zero-length move`;
  return m.move;
}

/** The status line's sentence about a forced turn the session played by itself. */
export function forcedWords(m) {
  const why = m.words ? `${cap(m.words)}.` : `${cap(m.player)} played ${m.move}.`;
  return `Automatic turn: ${why}`;
}

/** "Played c1a3." and the forced turns after it: the moves of `state` after the first
 *  `count + 1` (the move just played). */
export function playedWords(move, state, count) {
  const forced = (state.moves || []).slice(count + 1).filter((m) => m.forced);
  return [`Played ${move}.`, ...forced.map(forcedWords)].join(' ');
}

/** The words of a hint: `The engine suggests c1a3 (evaluation +12, depth 5); line c1a3 b8b2.` */
export function hintWords(hint) {
  const score = formatScore(hint.score);
  const details = [score, hint.depth ? `depth ${hint.depth}` : ''].filter(Boolean).join(', ');
  const line = Array.isArray(hint.pv) && hint.pv.length > 1 ? `; line ${hint.pv.join(' ')}` : '';
  return `The engine suggests ${hint.move}${details ? ` (${details})` : ''}${line}.`;
}

/** The repetition line (Onitama). */
export function repetitionWords(count) {
  return count > 1
    ? `This position has now occurred ${count} times (repetitions never end the game; agree a draw if you like).`
    : 'This position has occurred once.';
}

/** The mirror match line. */
export function mirrorWords(mirror) {
  const points = mirror.points || [0, 0];
  return `Mirror match: game ${mirror.game_number} of 2; points ${points[0]}–${points[1]}${mirror.over ? ' — the match is over' : ''}.`;
}

/** A player's label in the title: `Gold (engine, hard)`, `Black (Ann, you)`.
 *  `viewer`: `{mine, here}`: the viewer plays this seat, or it is the other seat on the
 *  viewer's device. */
export function playerLabel(player, seat, viewer = {}) {
  if (!seat) return cap(player);
  if (seat.kind === 'engine') return `${cap(player)} (engine, ${seat.name})`;
  if (!seat.joined) return `${cap(player)} (the seat is open)`;
  const name = seat.name || 'a person';
  if (viewer.mine) return `${cap(player)} (${name === 'you' ? 'you' : `${name}, you`})`;
  if (viewer.here) return `${cap(player)} (${name === 'opponent' ? 'a person on this device' : `${name}, on this device`})`;
  return `${cap(player)} (${name === 'you' ? 'the other player' : name})`;
}

/** The lines of the coach's answer about a candidate. */
export function coachLines(move, answer) {
  const lines = [`The coach on ${move}:`];
  if (!answer || typeof answer !== 'object') return [...lines, String(answer)];
  if (answer.ends_game) {
    const ends = answer.ends_game;
    lines.push(`It ends the game: ${ends.words || `${ends.winner || 'nobody'} wins (${ends.reason || ''})`}.`);
  }
  if (Array.isArray(answer.threats)) {
    if (!answer.threats.length) lines.push('No reply wins or captures after it.');
    else {
      lines.push('The replies it allows:');
      for (const t of answer.threats) lines.push(`• ${t.reply}${t.wins ? ' wins at once' : ''}${t.captures ? ' captures' : ''}`);
    }
  }
  if (answer.hand_over) lines.push(`Your opponent receives: ${answer.hand_over}.`);
  return lines;
}

/** A saved game's label in the list. */
export function savedLabel(entry, when = new Date(entry.saved_at)) {
  const n = entry.moves.length;
  return `${cap(entry.game)}, ${n} move${n === 1 ? '' : 's'}${entry.result ? `, ${entry.result}` : ''} — saved ${when.toLocaleString()}`;
}

/** The board's files and ranks as drawn, top-left first, for a viewer with `bottom` at the
 *  bottom: the unturned board has the first rank at the bottom and files from the left. */
export function boardOrder(geometry, bottom) {
  const files = geometry.files.split('');
  const ranks = Array.from({ length: geometry.ranks }, (_, i) => geometry.ranks - i);
  if (bottom === geometry.top) return { files: files.reverse(), ranks: ranks.reverse() };
  return { files, ranks };
}
