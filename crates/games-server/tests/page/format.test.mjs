// The page's pure formatting (static/format.js), by node's test runner: no browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cap, formatClock, formatScore, moveWords, forcedWords, playedWords, hintWords, repetitionWords,
  mirrorWords, playerLabel, coachLines, boardOrder,
} from '../../static/format.js';

const move = (text, parts = {}) => ({
  move: text, from: null, to: null, card: null, pass: false, forced: false, words: null, player: 'black', ply: 1, ...parts,
});

test('clock faces: minutes and seconds, tenths under ten seconds, never negative', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(65432), '1:05');
  assert.equal(formatClock(9350), '0:09.3');
  assert.equal(formatClock(-20), '0:00.0');
});

test('scores in words', () => {
  assert.equal(formatScore({ kind: 'win', plies: 7 }), 'wins in 7 plies');
  assert.equal(formatScore({ kind: 'loss', plies: 2 }), 'loses in 2 plies');
  assert.equal(formatScore({ kind: 'draw' }), 'a draw');
  assert.equal(formatScore({ kind: 'eval', value: 35 }), 'evaluation +35');
  assert.equal(formatScore({ kind: 'eval', value: -4 }), 'evaluation -4');
  assert.equal(formatScore(null), '');
});

test('the move list reads the structured move: forced turns, passes, zero-length moves', () => {
  assert.equal(moveWords(move('c1a3', { from: 'c1', to: 'a3' })), 'c1a3');
  assert.equal(
    moveWords(move('d7d7', { from: 'd7', to: 'd7', pass: true, forced: true })),
    'd7d7 — automatic: the tower on d7 could not move (zero-length move)',
  );
  assert.equal(moveWords(move('d7d7', { from: 'd7', to: 'd7', pass: true })), 'd7d7 — zero-length move');
  assert.equal(
    moveWords(move('elephant:pass', { card: 'elephant', pass: true })),
    'elephant:pass — no move possible: passes and gives away the elephant',
  );
  assert.equal(moveWords(move('tiger:c1c3', { from: 'c1', to: 'c3', card: 'tiger' })), 'tiger:c1c3');
});

test('forced turns are announced with the library\'s words', () => {
  const forced = move('d7d7', { forced: true, words: "black's yellow tower on d7 cannot move: a zero-length move, played automatically" });
  assert.equal(forcedWords(forced), "Automatic turn: Black's yellow tower on d7 cannot move: a zero-length move, played automatically.");
  assert.equal(forcedWords(move('x', { forced: true, player: 'gold' })), 'Automatic turn: Gold played x.');
  const state = { moves: [move('d1d7'), move('g8b3'), forced] };
  assert.equal(playedWords('g8b3', state, 1), `Played g8b3. ${forcedWords(forced)}`);
  assert.equal(playedWords('d1d7', { moves: [move('d1d7')] }, 0), 'Played d1d7.');
});

test('hints, repetitions and the mirror match in words', () => {
  assert.equal(
    hintWords({ move: 'c1a3', score: { kind: 'eval', value: 12 }, depth: 5, pv: ['c1a3', 'b8b2'] }),
    'The engine suggests c1a3 (evaluation +12, depth 5); line c1a3 b8b2.',
  );
  assert.equal(hintWords({ move: 'c1a3', score: null, depth: 0, pv: ['c1a3'] }), 'The engine suggests c1a3.');
  assert.equal(repetitionWords(1), 'This position has occurred once.');
  assert.match(repetitionWords(3), /occurred 3 times/);
  assert.equal(mirrorWords({ game_number: 2, points: ['1', '0'], over: false }), 'Mirror match: game 2 of 2; points 1–0.');
  assert.match(mirrorWords({ game_number: 2, points: ['1', '1'], over: true }), /the match is over/);
});

test('players are labelled by seat and viewer', () => {
  assert.equal(playerLabel('gold', { kind: 'engine', name: 'hard', joined: true }), 'Gold (engine, hard)');
  assert.equal(playerLabel('black', { kind: 'person', name: 'Ann', joined: true }, { mine: true }), 'Black (Ann, you)');
  assert.equal(playerLabel('gold', { kind: 'person', name: 'Bo', joined: true }, { here: true }), 'Gold (Bo, on this device)');
  assert.equal(playerLabel('blue', { kind: 'person', name: '', joined: false }), 'Blue (the seat is open)');
  assert.equal(playerLabel('red', undefined), 'Red');
  assert.equal(cap(''), '');
});

test('the coach\'s answer in lines', () => {
  const lines = coachLines('ox:c5c4', {
    ends_game: null, threats: [{ reply: 'eel:c5d4', wins: true, captures: true }], hand_over: 'blue will receive ox after their move',
  });
  assert.deepEqual(lines, [
    'The coach on ox:c5c4:', 'The replies it allows:', '• eel:c5d4 wins at once captures',
    'Your opponent receives: blue will receive ox after their move.',
  ]);
  assert.deepEqual(coachLines('a1a2', { threats: [] }), ['The coach on a1a2:', 'No reply wins or captures after it.']);
});

test('the board is drawn from the viewer\'s side, from the catalog\'s geometry', () => {
  const kamisado = { files: 'abcdefgh', ranks: 8, top: 'gold' };
  const fromBlack = boardOrder(kamisado, 'black');
  assert.equal(`${fromBlack.files[0]}${fromBlack.ranks[0]}`, 'a8');
  const fromGold = boardOrder(kamisado, 'gold');
  assert.equal(`${fromGold.files[0]}${fromGold.ranks[0]}`, 'h1');
  const onitama = { files: 'abcde', ranks: 5, top: 'blue' };
  assert.deepEqual(boardOrder(onitama, 'red').ranks, [5, 4, 3, 2, 1]);
  assert.deepEqual(boardOrder(onitama, 'blue').files, ['e', 'd', 'c', 'b', 'a']);
});
