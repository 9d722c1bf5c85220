// The package's entry in Node: the WebAssembly module is read from the package's folder and
// instantiated at import, so `import { Game } from '@kamisado-onitama/games'` is ready to use.
import { readFileSync } from 'node:fs';
import { initSync } from './games.js';

initSync({ module: readFileSync(new URL('./games_bg.wasm', import.meta.url)) });

export * from './games.js';
