// The engine of the page without a server, in a Web Worker so that the page keeps answering
// while it thinks. A message {id, game, record, spec, timeMs, seed} is answered with {id,
// result} (the library's SearchResult) or {id, error}. Engines are kept between searches, one
// per game and spec: their tables help the next move.
import init, { Engine, Game } from './pkg/games.js';

const ready = init();
const engines = new Map();

self.addEventListener('message', async (event) => {
  const { id, game, record, spec, timeMs, seed } = event.data;
  try {
    await ready;
    const key = `${game} ${spec}`;
    let engine = engines.get(key);
    if (!engine) {
      engine = new Engine(game, spec, seed);
      engines.set(key, engine);
    }
    const position = new Game({ game, record });
    try {
      self.postMessage({ id, result: engine.search(position, { timeMs }) });
    } finally {
      position.free();
    }
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
});
