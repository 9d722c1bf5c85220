// Nodes per second of the engine, native against WebAssembly in Node and in Chromium, on the
// same positions and the same fixed-depth searches (the same trees: one thread, no time limit):
//   node crates/games-wasm/bench/nps.mjs [--runs N]
// Needs the release `games` binary (cargo build --release -p games-cli), the npm package
// (bash crates/games-wasm/build.sh) and, for Chromium, the browser tests' playwright-core
// (crates/games-server/tests/browser: npm ci) and /usr/bin/chromium. Prints a Markdown table:
// the best of N runs (default 3) of each search, for each of the three. The trees may differ by
// a few nodes: a bucket of the transposition table (a mutex around two entries) has another
// size on wasm32, so the same 16 MiB holds another number of them.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PKG = path.join(ROOT, 'target/npm/games');
const BIN = path.join(ROOT, 'target/release/games');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

const { Game, Engine } = await import(pathToFileURL(path.join(PKG, 'node.js')).href);

// The positions: starts and middle games of both games, as position texts.
const at = (options, moves) => {
  const game = new Game({ ...options, moves });
  return game.position();
};
const POSITIONS = [
  { game: 'kamisado', name: 'start', position: at({ game: 'kamisado' }), depth: 15 },
  { game: 'kamisado', name: 'after a1a2 c8b7 h1g2', position: at({ game: 'kamisado' }, 'a1a2 c8b7 h1g2'), depth: 15 },
  { game: 'onitama', name: 'set A start', position: at({ game: 'onitama' }), depth: 10 },
  { game: 'onitama', name: 'tiger,dragon,ox,boar,crab after ox:c5c4', position: at({ game: 'onitama', cards: 'tiger,dragon,ox,boar,crab' }, 'ox:c5c4'), depth: 10 },
];

function native(p) {
  const out = execFileSync(BIN, ['analyze', p.game, '--position', p.position, '--depth', String(p.depth), '--engine', 'alphabeta', '--json'], { encoding: 'utf8' });
  const r = JSON.parse(out);
  return { nodes: r.nodes, seconds: r.seconds };
}

function inNode(p) {
  const engine = new Engine(p.game, 'alphabeta', 1);
  const r = engine.search(new Game({ game: p.game, position: p.position }), { depth: p.depth });
  engine.free();
  return { nodes: r.nodes, seconds: r.seconds };
}

async function chromium() {
  const require = createRequire(path.join(ROOT, 'crates/games-server/tests/browser/package.json'));
  const { chromium: browserType } = require('playwright-core');
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><script type="module">import init, * as games from "./pkg/games.js"; await init(); window.games = games; document.title = "ready";</script>');
      return;
    }
    const file = path.join(PKG, url.pathname.replace(/^\/pkg\//, ''));
    const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    let body;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': type });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await browserType.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.title === 'ready');
  return {
    search: (p) => page.evaluate(({ game, position, depth }) => {
      const engine = new window.games.Engine(game, 'alphabeta', 1);
      const r = engine.search(new window.games.Game({ game, position }), { depth });
      engine.free();
      return { nodes: r.nodes, seconds: r.seconds };
    }, p),
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

// The best (fastest) of `runs` runs of each, the three taking turns so that a busy moment of the
// machine does not fall on one of them only.
async function bestOfEach(fs) {
  const top = fs.map(() => null);
  for (let i = 0; i < runs; i += 1) {
    for (const [k, f] of fs.entries()) {
      const r = await f();
      if (!top[k] || r.seconds < top[k].seconds) top[k] = r;
    }
  }
  return top;
}
const nps = (r) => Math.round(r.nodes / r.seconds);

const browser = await chromium();
console.log(`| game | position | depth | nodes | native nodes/s | Node nodes/s (% of native) | Chromium nodes/s (% of native) |`);
console.log('|---|---|---|---|---|---|---|');
for (const p of POSITIONS) {
  const [n, w, c] = await bestOfEach([() => native(p), () => inNode(p), () => browser.search(p)]);
  if (n.nodes !== w.nodes || n.nodes !== c.nodes) {
    console.error(`different trees for ${p.game} ${p.name}: native ${n.nodes}, Node ${w.nodes}, Chromium ${c.nodes} nodes`);
  }
  const pct = (r) => `${((100 * nps(r)) / nps(n)).toFixed(0)}%`;
  console.log(`| ${p.game} | ${p.name} | ${p.depth} | ${n.nodes} | ${nps(n)} | ${nps(w)} (${pct(w)}) | ${nps(c)} (${pct(c)}) |`);
}
await browser.close();
