// Compiled by tests/node/types.test.mjs with tsc --strict against the built package: the calls
// the README and docs/wasm.md document type-check, and the misuses the package refuses do not.
import { Engine, Game, catalog, version } from '@kamisado-onitama/games';
import type { Catalog, CoachAnswer, GameState, SearchResult } from '@kamisado-onitama/games';

const cat: Catalog = catalog();
const v: string = version();
const game = new Game({ game: 'kamisado', opponent: 'engine', level: 'easy', side: 'black' });

// The options of a search may be left out, or null.
const hint: SearchResult = game.hint();
game.hint({ level: 'hard', timeMs: 100, nodes: 1000, depth: 3 });
game.hint(null);
let state: GameState = game.playEngine();
state = game.playEngine({ timeMs: 100 });
const engine = new Engine('kamisado', 'easy');
new Engine('onitama', 'max', 7);
const found: SearchResult = engine.search(game);
engine.search(game, { timeMs: 100, nodes: 1000, depth: 3 });
engine.search(game, null);

// The state has the takeback field, null or who asked.
const takeback: { asked_by: string } | null = state.takeback;
const legal: string[] = game.legalMoves();
const squares: string[] = game.destinations('c1');
state = game.play(legal[0]);
state = game.undo();
state = game.resign();
state = game.resign('gold');
state = game.resign(null);
const answer: CoachAnswer = new Game({ game: 'onitama', format: 'coaching' }).propose('ox:c5c4');

// @ts-expect-error: a move is a string.
game.play(5);
// @ts-expect-error: a square is a string.
game.destinations(12);
// @ts-expect-error: an Engine searches with its own spec.
engine.search(game, { level: 'max' });
// @ts-expect-error: a new game names its game.
new Game({});
// @ts-expect-error: an engine needs its game and spec.
new Engine('onitama');

export { answer, cat, found, hint, squares, takeback, v };
