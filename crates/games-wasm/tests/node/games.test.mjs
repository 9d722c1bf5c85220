// The npm package in Node: whole games of both games, Kamisado's zero-length moves and deadlock,
// Onitama's pass with the chosen card, undo of a forced turn as one turn, illegal input refused
// with the game unchanged, and the engines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { games, snapshot } from './package.mjs';

const { Game, Engine, catalog, version } = games;

/** A small seeded generator, so that the random games are the same on every run. */
function rng(seed) {
  let s = BigInt(seed);
  return (n) => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((s >> 33n) % BigInt(n));
  };
}

test('the catalog lists both games with their boards, players, cards and levels', () => {
  const cat = catalog();
  const kamisado = cat.games.find((g) => g.name === 'kamisado');
  const onitama = cat.games.find((g) => g.name === 'onitama');
  assert.deepEqual(kamisado.players, ['black', 'gold']);
  assert.deepEqual(kamisado.board, { files: 'abcdefgh', ranks: 8, top: 'gold' });
  assert.deepEqual(onitama.board, { files: 'abcde', ranks: 5, top: 'blue' });
  assert.equal(onitama.start_options[0].choices.length, 16);
  assert.equal(onitama.start_options[0].default, 'horse,elephant,ox,boar,crab');
  assert.ok(cat.levels.includes('easy') && cat.levels.includes('max') && cat.levels.includes('perfect'));
  assert.deepEqual(cat.opponents, ['engine', 'same_device']);
  assert.ok(!cat.formats.includes('clock_duel'), 'the clock duel needs the server');
  assert.match(version(), /^\d+\.\d+\.\d+/);
});

for (const [name, options] of [
  ['kamisado', { game: 'kamisado' }],
  ['onitama', { game: 'onitama', cards: 'random', seed: 11 }],
]) {
  test(`whole ${name} games of random moves end by the rules, and their records replay`, () => {
    const pick = rng(name.length);
    let finished = 0;
    for (let round = 0; round < 20; round += 1) {
      const game = new Game(options);
      let plies = 0;
      while (!game.isOver() && plies < 600) {
        const moves = game.legalMoves();
        assert.ok(moves.length > 0, 'a game that goes on has a legal move');
        const state = game.play(moves[pick(moves.length)]);
        plies = state.moves.length;
        assert.equal(state.legal_moves.length, state.legal.length);
        for (const [i, m] of state.legal.entries()) assert.equal(m.move, state.legal_moves[i]);
      }
      if (!game.isOver()) continue; // an Onitama game may wander: the cap ends the round
      const state = game.state();
      assert.ok(state.outcome.words.length > 0);
      assert.equal(state.to_move, null);
      assert.deepEqual(state.legal_moves, []);
      assert.throws(() => game.play('anything'), /game is over|move/);
      const replay = new Game({ game: name, record: state.record });
      assert.equal(replay.position(), state.position);
      assert.deepEqual(replay.outcome(), state.outcome);
      finished += 1;
    }
    assert.ok(finished >= 15, `${finished} of 20 random games ended within 600 plies`);
  });
}

test('Kamisado: a blocked tower plays its zero-length move by itself, in words', () => {
  const game = new Game({ game: 'kamisado' });
  game.play('d1d7');
  const state = game.play('g8b3');
  assert.deepEqual(state.moves.map((m) => [m.move, m.forced]), [['d1d7', false], ['g8b3', false], ['d7d7', true]]);
  const forced = state.moves[2];
  assert.equal(forced.player, 'black');
  assert.equal(forced.from, 'd7');
  assert.equal(forced.to, 'd7');
  assert.equal(forced.pass, true);
  assert.match(forced.words, /yellow tower on d7 cannot move/);
  assert.deepEqual(game.sources(), ['b3']);
  assert.equal(state.to_move, 'gold');
});

test('Kamisado: a deadlock ends the game and the player who moved last loses', () => {
  const game = new Game({ game: 'kamisado' });
  for (const move of ['c1a3', 'b8h2', 'a3e7']) game.play(move);
  const state = game.state();
  assert.equal(state.outcome.reason, 'deadlock');
  assert.equal(state.outcome.winner, 'gold');
  assert.match(state.outcome.words, /deadlock/);
  assert.equal(state.moves.filter((m) => m.forced).length, 2);
});

test('Onitama: with no move, the player passes with the card they choose', () => {
  const position = 'MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r';
  for (const card of ['boar', 'elephant']) {
    const game = new Game({ game: 'onitama', position });
    assert.deepEqual(game.legalMoves().sort(), ['boar:pass', 'elephant:pass']);
    assert.deepEqual(game.sources(), [], 'a pass moves no piece');
    const state = game.play(`${card}:pass`);
    assert.equal(state.moves[0].pass, true);
    assert.equal(state.moves[0].card, card);
    assert.equal(state.moves[0].forced, false, 'the player chose the card');
    assert.equal(game.cards().side, card);
    assert.ok(game.cards().red.includes('crab'), 'the side card goes to the passer');
  }
});

test('undo takes back a forced turn with the move before it, as one turn; redo plays both', () => {
  const game = new Game({ game: 'kamisado' });
  game.play('d1d7');
  const before = game.position();
  game.play('g8b3');
  assert.equal(game.state().moves.length, 3);
  let state = game.undo();
  assert.equal(state.moves.length, 1);
  assert.equal(game.position(), before);
  assert.equal(state.can_redo, true);
  state = game.redo();
  assert.equal(state.moves.length, 3);
  assert.equal(state.moves[2].forced, true);
});

test('illegal input is refused with a clear error and the game is unchanged', () => {
  const game = new Game({ game: 'onitama' });
  game.play('ox:c5c4');
  const before = snapshot(game);
  const cases = [
    [() => game.play('tiger:c1c3'), /tiger/],
    [() => game.play('horse:c1c1'), /horse:c1c1/],
    [() => game.play('nonsense'), /move "nonsense"/],
    [() => game.play(''), /move ""/],
    [() => game.play('x'.repeat(1000)), /too long/],
    [() => game.destinations('z9'), /not a square/],
    [() => game.hint({ timeMs: 'soon' }), /search options/],
    [() => game.hint({ level: 'grandmaster' }), /unknown engine "grandmaster"/],
    [() => game.hint({ depth: 2, colour: 'red' }), /unknown field `colour`/],
    [() => game.redo(), /nothing to redo/],
    [() => game.resign('green'), /no player "green"/],
    [() => game.nextGame(), /mirror/i],
    [() => game.propose('boar:a1a2'), /coaching/],
  ];
  for (const [action, message] of cases) {
    assert.throws(action, (err) => err instanceof Error && message.test(err.message), String(action));
    assert.equal(snapshot(game), before, `unchanged after ${action}`);
  }
  const fresh = [
    [{ game: 'chess' }, /game: unknown game "chess"/],
    [{ game: 'onitama', cards: 'horse,horse,ox,boar,crab' }, /cards/],
    [{ game: 'onitama', cards: 'random', position: 'MSSSS/5/5/5/mssss ox,boar horse,elephant crab b' }, /give one of/],
    [{ game: 'kamisado', moves: 'a1a2 a8a7' }, /move 2/],
    [{ game: 'kamisado', opponent: 'link' }, /needs the server/],
    [{ game: 'kamisado', format: 'clock_duel' }, /needs the server/],
    [{ game: 'kamisado', opponent: 'engine', level: 'alphabeta:tablebase=x' }, /reads no files/],
    [{ game: 'kamisado', opponent: 'engine', level: 'alphabeta:weights=x' }, /weights: a WebAssembly engine reads no files/],
    [{ game: 'onitama', opponent: 'engine', level: 'external:cmd=x' }, /runs no programs/],
    [{ game: 'kamisado', side: 'red' }, /no player "red"/],
    [{ game: 'kamisado', record: 'not a record' }, /record/],
  ];
  for (const [options, message] of fresh) {
    assert.throws(() => new Game(options), (err) => message.test(err.message), JSON.stringify(options));
  }
  assert.throws(() => new Engine('kamisado', 'mcts:playouts=0'), /at least 1 playout/);
  assert.throws(() => new Engine('onitama', 'external:cmd=x'), /runs no programs/);
  assert.throws(() => new Engine('kamisado', 'hard').search(game, { timeMs: 10 }), /plays kamisado, not onitama/);
});

test('an engine returns a legal move within its time limit, in both games', () => {
  for (const game of [new Game({ game: 'kamisado' }), new Game({ game: 'onitama', cards: 'random', seed: 5 })]) {
    game.play(game.legalMoves()[0]);
    // Every level of the catalog: Onitama's max and perfect build the deal's tablebase on a
    // thread where there is one, and search without it here, where there is none.
    for (const level of catalog().levels) {
      const engine = new Engine(game.game, level, 1);
      const started = performance.now();
      const result = engine.search(game, { timeMs: 200 });
      const took = performance.now() - started;
      assert.ok(game.legalMoves().includes(result.best), `${level}: ${result.best}`);
      assert.equal(result.pv[0], result.best);
      // The limit is honoured (checked every few hundred nodes): far less than a second over.
      assert.ok(took < 200 + 1000, `${level} took ${took} ms`);
      assert.ok(result.seconds <= 0.2 + 0.5, `${level} reports ${result.seconds} s`);
    }
  }
});

test('against the engine: its seat is known, playEngine plays it, undo takes back both moves', () => {
  const game = new Game({ game: 'onitama', opponent: 'engine', level: 'easy', side: 'red', seed: 1 });
  const seats = game.state().seats;
  assert.deepEqual(seats.map((s) => [s.player, s.kind]), [['red', 'person'], ['blue', 'engine']]);
  // Community set A: Blue (the engine) starts.
  assert.equal(game.engineToMove(), 'easy');
  let state = game.playEngine({ timeMs: 100 });
  assert.equal(state.moves.length, 1);
  assert.equal(game.engineToMove(), undefined);
  game.play(game.legalMoves()[0]);
  state = game.playEngine({ nodes: 2000 });
  assert.equal(state.moves.length, 3);
  state = game.undo();
  assert.equal(state.moves.length, 1, 'back to the person\'s turn: the engine\'s reply goes too');
  assert.throws(() => game.playEngine(), /no engine is to move/);
  const hint = game.hint({ timeMs: 100 });
  assert.ok(game.legalMoves().includes(hint.best));
});

test('the coaching round answers a candidate without playing it; a mirror match has two games', () => {
  const coached = new Game({ game: 'onitama', format: 'coaching' });
  const answer = coached.propose('ox:c5c4');
  assert.equal(answer.candidate, 'ox:c5c4');
  assert.match(answer.hand_over, /receive ox/);
  assert.equal(coached.state().moves.length, 0);
  coached.play('ox:c5c4');
  assert.equal(coached.state().moves.length, 1);

  const mirror = new Game({ game: 'kamisado', format: 'mirror_match' });
  for (const move of ['a1a2', 'c8b7', 'h1g2', 'a8a7', 'c1c8']) mirror.play(move);
  assert.equal(mirror.state().mirror.can_start_next, true);
  const second = mirror.nextGame();
  assert.equal(second.mirror.game_number, 2);
  assert.equal(second.moves.length, 0);
});

test('an engine asking for more than one thread or a table over 1024 MiB is refused; the game goes on', () => {
  const refused = [
    ['alphabeta:threads=2', /^level: threads: a WebAssembly engine runs on one thread$/],
    ['max:threads=4', /^level: threads: a WebAssembly engine runs on one thread$/],
    ['alphabeta:tt=1025', /^level: tt: at most 1024 MiB in WebAssembly$/],
    ['alphabeta:tt=2048', /^level: tt: at most 1024 MiB in WebAssembly$/],
    ['alphabeta:tt=4096', /^level: tt: at most 1024 MiB in WebAssembly$/],
    ['alphabeta:tt=8000', /^level: tt: at most 1024 MiB in WebAssembly$/],
    ['alphabeta:threads=x', /threads.*expected a number of threads/],
  ];
  for (const [level, message] of refused) {
    const game = new Game({ game: 'kamisado' });
    game.play('d1d7');
    const before = snapshot(game);
    const check = (err) => err instanceof Error && message.test(err.message);
    assert.throws(() => game.hint({ level, depth: 3 }), check, `hint ${level}`);
    assert.equal(snapshot(game), before, `unchanged after ${level}`);
    // The game goes on: no trap left it unusable.
    assert.match(game.record(), / d1d7$/);
    game.play('g8b3');
    assert.equal(game.state().moves.length, 3);
    const against = new Game({ game: 'onitama', opponent: 'engine', level: 'easy', side: 'red', seed: 1 });
    const start = snapshot(against);
    assert.throws(() => against.playEngine({ level, depth: 3 }), check, `playEngine ${level}`);
    assert.equal(snapshot(against), start, `unchanged after playEngine ${level}`);
    assert.equal(against.playEngine({ depth: 1 }).moves.length, 1);
    assert.throws(() => new Engine('onitama', level, 1), check, `Engine ${level}`);
    assert.throws(() => new Game({ game: 'kamisado', opponent: 'engine', level }), check, `Game ${level}`);
  }
  // One thread and a table within the bound are what an engine may have.
  const game = new Game({ game: 'onitama', opponent: 'engine', level: 'alphabeta:threads=1:tt=32', side: 'red' });
  assert.equal(new Engine('onitama', 'alphabeta:threads=1', 1).spec, 'alphabeta:threads=1');
  const state = game.playEngine({ depth: 2 });
  assert.equal(state.moves.length, 1);
  assert.equal(game.hint({ level: 'hard:tt=64', depth: 2 }).engine, 'hard:tt=64');
});

test('an argument that should be a string and is not is refused with an Error, not a trap', () => {
  const game = new Game({ game: 'kamisado', format: 'coaching' });
  game.play('d1d7');
  const before = snapshot(game);
  const cases = [
    [() => game.play(5), /^move: expected a string, found number$/],
    [() => game.play({}), /^move: expected a string, found object$/],
    [() => game.play(['d7d6']), /^move: expected a string, found array$/],
    [() => game.play(), /^move: expected a string, found undefined$/],
    [() => game.play(null), /^move: expected a string, found null$/],
    [() => game.destinations(12), /^from: expected a string, found number$/],
    [() => game.destinations(), /^from: expected a string, found undefined$/],
    [() => game.resign(3), /^player: expected a string, found number$/],
    [() => game.resign(true), /^player: expected a string, found boolean$/],
    [() => game.propose(5), /^move: expected a string, found number$/],
    [() => game.propose(1n), /^move: expected a string, found bigint$/],
  ];
  for (const [action, message] of cases) {
    assert.throws(action, (err) => err instanceof Error && message.test(err.message), String(action));
    assert.equal(snapshot(game), before, `unchanged after ${action}`);
  }
  // Still usable: the same methods with strings, and resign's player may be left out or null.
  assert.ok(game.destinations(game.sources()[0]).length > 0);
  assert.equal(game.propose('g8b3').candidate, 'g8b3');
  assert.equal(game.play('g8b3').moves.length, 3);
  assert.equal(game.resign(null).outcome.reason, 'resigned');
  assert.equal(new Game({ game: 'kamisado' }).resign().outcome.winner, 'gold');
  for (const [args, message] of [
    [[1, 2, 3], /^game: expected a string, found number$/],
    [['onitama'], /^spec: expected a string, found undefined$/],
    [['onitama', { level: 'easy' }], /^spec: expected a string, found object$/],
    [[undefined, 'easy'], /^game: expected a string, found undefined$/],
  ]) {
    assert.throws(() => new Engine(...args), (err) => err instanceof Error && message.test(err.message), JSON.stringify(args));
  }
  assert.equal(new Engine('onitama', 'easy', 1).game, 'onitama');
});

test('a seed is a whole number from 0 to 2^64 - 1, for an Engine as for a Game', () => {
  const message = (found) => new RegExp(`^seed: expected a whole number from 0 to 2\\^64 - 1, found ${found}$`);
  for (const [seed, found] of [
    [-1, '-1'], [NaN, 'NaN'], [Infinity, 'Infinity'], [1.5, '1.5'], [2 ** 64, '18446744073709552000'],
    ['x', 'string "x"'], ['7', 'string "7"'], [{}, 'object'], [true, 'boolean'],
  ]) {
    const check = (err) => err instanceof Error && message(found).test(err.message);
    assert.throws(() => new Engine('onitama', 'random', seed), check, `Engine seed ${String(seed)}`);
    assert.throws(() => new Game({ game: 'onitama', cards: 'random', seed }), check, `Game seed ${String(seed)}`);
  }
  // The same seed gives the same deal and the same engine moves; none or null is random.
  const deal = (seed) => new Game({ game: 'onitama', cards: 'random', seed }).position();
  assert.equal(deal(2 ** 53), deal(2 ** 53));
  const game = new Game({ game: 'onitama', cards: 'random', seed: 3 });
  const moves = (seed) => new Engine('onitama', 'random', seed).search(game, { nodes: 10 }).best;
  const picks = [1, 2, 3, 4, 5].map((seed) => moves(seed));
  assert.deepEqual([1, 2, 3, 4, 5].map((seed) => moves(seed)), picks);
  assert.ok(game.legalMoves().includes(moves(0)));
  assert.ok(game.legalMoves().includes(moves(null)));
  assert.ok(game.legalMoves().includes(new Engine('onitama', 'random').search(game, { nodes: 10 }).best));
  assert.equal(new Game({ game: 'onitama', seed: null }).game, 'onitama');
});

test('destinations takes a square exactly as the moves spell it', () => {
  for (const [game, square, files, ranks] of [[new Game({ game: 'kamisado' }), 'c1', 'abcdefgh', 8], [new Game({ game: 'onitama' }), 'c5', 'abcde', 5]]) {
    assert.ok(game.destinations(square).length > 0, `${game.game} ${square}`);
    const before = snapshot(game);
    const file = square[0];
    for (const text of [`${file}+${square[1]}`, `${file}0${square[1]}`, `${file}00${square[1]}`, `${file} ${square[1]}`, `${square} `, ` ${square}`,
      square.toUpperCase(), `${file}0`, `${file}${ranks + 1}`, `${String.fromCharCode(files.at(-1).charCodeAt(0) + 1)}1`, file, '']) {
      assert.throws(() => game.destinations(text), (err) => err instanceof Error
        && err.message === `from: ${JSON.stringify(text)} is not a square of the ${game.game} board`, `${game.game} ${JSON.stringify(text)}`);
      assert.equal(snapshot(game), before);
    }
    for (const f of files) for (let r = 1; r <= ranks; r += 1) assert.ok(Array.isArray(game.destinations(`${f}${r}`)));
  }
});
